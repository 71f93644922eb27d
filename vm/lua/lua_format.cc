#include "vm/lua/lua_format.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>

#include "absl/strings/str_cat.h"
#include "vm/lua/lua_number.h"
#include "vm/lua/lua_status.h"

namespace codemode::vm::lua {
namespace {

// Characters lstrlib's getformat spans after '%': flags, digits and '.'.
constexpr char kSpanChars[] = "-+ #0123456789.";
// MAX_FORMAT (32) - 10: a span plus conversion this long is "invalid format (too long)".
constexpr size_t kMaxSpec = 22;

constexpr char kFlagsC[] = "-";
constexpr char kFlagsI[] = "-+0 ";
constexpr char kFlagsU[] = "-0";
constexpr char kFlagsX[] = "-#0";
constexpr char kFlagsF[] = "-+ #0";

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// snprintf into a std::string of the exact size (floats with %99.99f can be ~410 bytes).
template <typename... Args>
void AppendPrintf(std::string* out, const std::string& form, Args... args) {
  char small[128];
  const int n = std::snprintf(small, sizeof small, form.c_str(), args...);
  if (n < 0) return;  // cannot happen for the validated forms
  if (static_cast<size_t>(n) < sizeof small) {
    out->append(small, static_cast<size_t>(n));
    return;
  }
  const size_t old = out->size();
  out->resize(old + static_cast<size_t>(n) + 1);
  std::snprintf(out->data() + old, static_cast<size_t>(n) + 1, form.c_str(), args...);
  out->resize(old + static_cast<size_t>(n));
}

// lstrlib's checkformat: flags from `flags`, then (unless the width starts with '0') up to two
// width digits and, if allowed, '.' and up to two precision digits, then the conversion letter.
absl::Status CheckFormat(const std::string& form, const char* flags, bool precision) {
  size_t spec = 1;
  while (spec < form.size() && std::strchr(flags, form[spec]) != nullptr) ++spec;
  auto at = [&](size_t i) { return i < form.size() ? form[i] : '\0'; };
  auto skip2 = [&](size_t i) {
    if (IsDigit(at(i))) {
      ++i;
      if (IsDigit(at(i))) ++i;
    }
    return i;
  };
  if (at(spec) != '0') {
    spec = skip2(spec);
    if (at(spec) == '.' && precision) spec = skip2(spec + 1);
  }
  if (!IsAlpha(at(spec))) {
    return LuaError(absl::StrCat("invalid conversion specification: '", form, "'"));
  }
  return absl::OkStatus();
}

// The format spec starting at fmt[i] (just after '%'): its span length and conversion character.
struct Spec {
  size_t span = 0;
  char conv = '\0';
};
Spec ScanSpec(std::string_view fmt, size_t i) {
  Spec s;
  while (i + s.span < fmt.size() && std::strchr(kSpanChars, fmt[i + s.span]) != nullptr &&
         fmt[i + s.span] != '\0') {
    ++s.span;
  }
  s.conv = i + s.span < fmt.size() ? fmt[i + s.span] : '\0';
  return s;
}

}  // namespace

std::string LuaQuoteString(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 2);
  out.push_back('"');
  for (size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == '"' || c == '\\' || c == '\n') {
      out.push_back('\\');
      out.push_back(static_cast<char>(c));
    } else if (c < 32 || c == 127) {
      char buf[8];
      const bool digit_follows = i + 1 < s.size() && IsDigit(s[i + 1]);
      const int n = std::snprintf(buf, sizeof buf, digit_follows ? "\\%03d" : "\\%d", c);
      out.append(buf, static_cast<size_t>(n));
    } else {
      out.push_back(static_cast<char>(c));
    }
  }
  out.push_back('"');
  return out;
}

std::string LuaQuoteFloat(double value) {
  if (value == HUGE_VAL) return "1e9999";
  if (value == -HUGE_VAL) return "-1e9999";
  if (value != value) return "(0/0)";
  std::string out;
  AppendPrintf(&out, "%a", value);
  return out;
}

std::string LuaQuoteInteger(int64_t value) {
  if (value == INT64_MIN) return "0x8000000000000000";
  return LuaIntegerToString(value);
}

std::vector<size_t> LuaFormatArgUsesTostring(std::string_view fmt) {
  std::vector<size_t> uses;
  size_t arg = 0;
  for (size_t i = 0; i < fmt.size();) {
    if (fmt[i] != '%') {
      ++i;
      continue;
    }
    if (i + 1 < fmt.size() && fmt[i + 1] == '%') {
      i += 2;
      continue;
    }
    const Spec spec = ScanSpec(fmt, i + 1);
    if (spec.span + 1 >= kMaxSpec || std::strchr("cdiuoxXaAeEfgGspq", spec.conv) == nullptr ||
        spec.conv == '\0') {
      break;
    }
    if (spec.conv == 's') uses.push_back(arg);
    ++arg;
    i += 1 + spec.span + 1;
  }
  return uses;
}

absl::StatusOr<std::string> LuaFormat(std::string_view fmt, std::span<const LuaFormatArg> args,
                                      int first_arg) {
  std::string out;
  size_t argi = 0;  // index of the next argument
  size_t i = 0;
  while (i < fmt.size()) {
    if (fmt[i] != '%') {
      const size_t next = fmt.find('%', i);
      const size_t end = next == std::string_view::npos ? fmt.size() : next;
      out.append(fmt.substr(i, end - i));
      i = end;
      continue;
    }
    if (i + 1 < fmt.size() && fmt[i + 1] == '%') {
      out.push_back('%');
      i += 2;
      continue;
    }
    const int argnum = first_arg + static_cast<int>(argi);
    if (argi >= args.size()) return LuaArgError(argnum, "format", "no value");
    const LuaFormatArg& a = args[argi++];
    const Spec spec = ScanSpec(fmt, i + 1);
    if (spec.span + 1 >= kMaxSpec) return LuaError("invalid format (too long)");
    std::string form = "%";
    form.append(fmt.substr(i + 1, spec.span));
    if (spec.conv != '\0') form.push_back(spec.conv);
    i += 1 + spec.span + 1;
    auto int_form = [&form]() {
      std::string f = form;
      f.insert(f.size() - 1, "ll");
      return f;
    };
    switch (spec.conv) {
      case 'c': {
        if (absl::Status st = CheckFormat(form, kFlagsC, false); !st.ok()) return st;
        absl::StatusOr<int64_t> n = LuaCheckInteger(a, argnum, "format");
        if (!n.ok()) return n.status();
        AppendPrintf(&out, form, static_cast<int>(*n));
        break;
      }
      case 'd':
      case 'i':
      case 'u':
      case 'o':
      case 'x':
      case 'X': {
        absl::StatusOr<int64_t> n = LuaCheckInteger(a, argnum, "format");
        if (!n.ok()) return n.status();
        const char* flags = (spec.conv == 'd' || spec.conv == 'i') ? kFlagsI
                            : spec.conv == 'u'                     ? kFlagsU
                                                                   : kFlagsX;
        if (absl::Status st = CheckFormat(form, flags, true); !st.ok()) return st;
        AppendPrintf(&out, int_form(), static_cast<long long>(*n));
        break;
      }
      case 'a':
      case 'A':
      case 'e':
      case 'E':
      case 'f':
      case 'g':
      case 'G': {
        absl::StatusOr<double> d = LuaCheckFloat(a, argnum, "format");
        if (!d.ok()) return d.status();
        if (absl::Status st = CheckFormat(form, kFlagsF, true); !st.ok()) return st;
        AppendPrintf(&out, form, *d);
        break;
      }
      case 'p': {
        if (absl::Status st = CheckFormat(form, kFlagsC, false); !st.ok()) return st;
        if (a.identity == 0) {
          form.back() = 's';
          AppendPrintf(&out, form, "(null)");
        } else {
          AppendPrintf(&out, form, reinterpret_cast<void*>(static_cast<uintptr_t>(a.identity)));
        }
        break;
      }
      case 'q': {
        if (form.size() > 2) return LuaError("specifier '%q' cannot have modifiers");
        switch (a.kind) {
          case LuaFormatArg::Kind::kString:
            out += LuaQuoteString(a.bytes);
            break;
          case LuaFormatArg::Kind::kInteger:
            out += LuaQuoteInteger(a.integer);
            break;
          case LuaFormatArg::Kind::kFloat:
            out += LuaQuoteFloat(a.number);
            break;
          case LuaFormatArg::Kind::kNil:
          case LuaFormatArg::Kind::kBoolean:
            out += LuaArgToString(a);
            break;
          case LuaFormatArg::Kind::kOther:
            return LuaArgError(argnum, "format", "value has no literal form");
        }
        break;
      }
      case 's': {
        const std::string s = LuaArgToString(a);
        if (form.size() == 2) {  // no modifiers: the whole string, zeros included
          out += s;
          break;
        }
        if (s.find('\0') != std::string::npos) {
          return LuaArgError(argnum, "format", "string contains zeros");
        }
        if (absl::Status st = CheckFormat(form, kFlagsC, true); !st.ok()) return st;
        if (form.find('.') == std::string::npos && s.size() >= 100) {
          out += s;  // no precision: long strings are kept whole (lua5.4 does not format them)
        } else {
          AppendPrintf(&out, form, s.c_str());
        }
        break;
      }
      default:
        return LuaError(absl::StrCat("invalid conversion '", form, "' to 'format'"));
    }
  }
  return out;
}

}  // namespace codemode::vm::lua
