#include "vm/lua/lua_pack.h"

#include <climits>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "vm/lua/lua_pattern.h"
#include "vm/lua/lua_status.h"

namespace codemode::vm::lua {
namespace {

constexpr int kMaxIntSize = 16;        // MAXINTSIZE: i16 / I16 at most
constexpr int kIntSize = 8;            // SZINT: sizeof(lua_Integer)
constexpr int kNativeMaxAlign = 8;     // offsetof(struct { char c; union { double; void*; long } })
constexpr int64_t kMaxSize = INT_MAX;  // MAXSIZE of lstrlib on LP64

enum class Opt {
  kInt,
  kUint,
  kFloat,
  kNumber,
  kDouble,
  kChar,
  kString,
  kZstr,
  kPadding,
  kPaddAlign,
  kNop
};

// The state of a format walk (lstrlib's Header plus the format cursor).
class Format {
 public:
  explicit Format(std::string_view fmt, std::string_view fname)
      : fmt_(fmt.substr(0, fmt.find('\0'))), fname_(fname) {}

  bool done() const { return pos_ >= fmt_.size(); }
  bool little() const { return little_; }

  // The next option and its size; its alignment padding given the bytes so far (`total`).
  absl::Status Next(int64_t total, Opt* opt, int* size, int* ntoalign) {
    absl::Status st = Option(opt, size);
    if (!st.ok()) return st;
    int align = *size;
    if (*opt == Opt::kPaddAlign) {
      Opt next;
      if (done()) return LuaArgError(1, fname_, "invalid next option for option 'X'");
      st = Option(&next, &align);
      if (!st.ok()) return st;
      if (next == Opt::kChar || align == 0) {
        return LuaArgError(1, fname_, "invalid next option for option 'X'");
      }
    }
    if (align <= 1 || *opt == Opt::kChar) {
      *ntoalign = 0;
    } else {
      if (align > max_align_) align = max_align_;
      if ((align & (align - 1)) != 0) {
        return LuaArgError(1, fname_, "format asks for alignment not power of 2");
      }
      *ntoalign = (align - static_cast<int>(total & (align - 1))) & (align - 1);
    }
    return absl::OkStatus();
  }

 private:
  bool Digit() const { return !done() && fmt_[pos_] >= '0' && fmt_[pos_] <= '9'; }

  // getnum: digits, stopping before the value could pass MAXSIZE.
  int Num(int df) {
    if (!Digit()) return df;
    int a = 0;
    do {
      a = a * 10 + (fmt_[pos_++] - '0');
    } while (Digit() && a <= (static_cast<int>(kMaxSize) - 9) / 10);
    return a;
  }

  absl::Status NumLimit(int df, int* out) {
    const int sz = Num(df);
    if (sz > kMaxIntSize || sz <= 0) {
      return LuaError(absl::StrCat("integral size (", sz, ") out of limits [1,", kMaxIntSize, "]"));
    }
    *out = sz;
    return absl::OkStatus();
  }

  absl::Status Option(Opt* opt, int* size) {
    const char c = fmt_[pos_++];
    *size = 0;
    switch (c) {
      case 'b':
        *size = 1;
        *opt = Opt::kInt;
        return absl::OkStatus();
      case 'B':
        *size = 1;
        *opt = Opt::kUint;
        return absl::OkStatus();
      case 'h':
        *size = 2;
        *opt = Opt::kInt;
        return absl::OkStatus();
      case 'H':
        *size = 2;
        *opt = Opt::kUint;
        return absl::OkStatus();
      case 'l':
      case 'j':
        *size = 8;
        *opt = Opt::kInt;
        return absl::OkStatus();
      case 'L':
      case 'J':
      case 'T':
        *size = 8;
        *opt = Opt::kUint;
        return absl::OkStatus();
      case 'f':
        *size = 4;
        *opt = Opt::kFloat;
        return absl::OkStatus();
      case 'n':
        *size = 8;
        *opt = Opt::kNumber;
        return absl::OkStatus();
      case 'd':
        *size = 8;
        *opt = Opt::kDouble;
        return absl::OkStatus();
      case 'i':
        *opt = Opt::kInt;
        return NumLimit(4, size);
      case 'I':
        *opt = Opt::kUint;
        return NumLimit(4, size);
      case 's':
        *opt = Opt::kString;
        return NumLimit(8, size);
      case 'c':
        *size = Num(-1);
        if (*size == -1) return LuaError("missing size for format option 'c'");
        *opt = Opt::kChar;
        return absl::OkStatus();
      case 'z':
        *opt = Opt::kZstr;
        return absl::OkStatus();
      case 'x':
        *size = 1;
        *opt = Opt::kPadding;
        return absl::OkStatus();
      case 'X':
        *opt = Opt::kPaddAlign;
        return absl::OkStatus();
      case ' ':
        *opt = Opt::kNop;
        return absl::OkStatus();
      case '<':
      case '=':
        little_ = true;
        *opt = Opt::kNop;
        return absl::OkStatus();
      case '>':
        little_ = false;
        *opt = Opt::kNop;
        return absl::OkStatus();
      case '!':
        *opt = Opt::kNop;
        return NumLimit(kNativeMaxAlign, &max_align_);
      default:
        return LuaError(absl::StrCat("invalid format option '", std::string(1, c), "'"));
    }
  }

  std::string_view fmt_;
  std::string_view fname_;
  size_t pos_ = 0;
  bool little_ = true;
  int max_align_ = 1;
};

// The low `size` bytes of `v` in the given byte order; beyond 8 bytes, sign extension.
void PackInt(std::string* out, uint64_t v, bool little, int size, bool neg) {
  char buf[kMaxIntSize];
  for (int i = 0; i < size; ++i) {
    const unsigned char byte =
        i < kIntSize ? static_cast<unsigned char>(v >> (8 * i)) : (neg ? 0xff : 0);
    buf[little ? i : size - 1 - i] = static_cast<char>(byte);
  }
  out->append(buf, static_cast<size_t>(size));
}

template <typename T>
void PackFloat(std::string* out, T v, bool little) {
  char buf[sizeof(T)];
  std::memcpy(buf, &v, sizeof(T));
  if (!little) {  // this platform is little-endian
    for (size_t i = 0; i < sizeof(T) / 2; ++i) std::swap(buf[i], buf[sizeof(T) - 1 - i]);
  }
  out->append(buf, sizeof(T));
}

template <typename T>
T UnpackFloat(const char* p, bool little) {
  char buf[sizeof(T)];
  std::memcpy(buf, p, sizeof(T));
  if (!little) {
    for (size_t i = 0; i < sizeof(T) / 2; ++i) std::swap(buf[i], buf[sizeof(T) - 1 - i]);
  }
  T v;
  std::memcpy(&v, buf, sizeof(T));
  return v;
}

absl::StatusOr<int64_t> UnpackInt(const char* p, bool little, int size, bool is_signed) {
  auto byte = [&](int i) { return static_cast<unsigned char>(p[little ? i : size - 1 - i]); };
  uint64_t res = 0;
  const int limit = size <= kIntSize ? size : kIntSize;
  for (int i = limit - 1; i >= 0; --i) res = (res << 8) | byte(i);
  if (size < kIntSize) {
    if (is_signed) {
      const uint64_t mask = uint64_t{1} << (size * 8 - 1);
      res = (res ^ mask) - mask;  // sign extension
    }
  } else if (size > kIntSize) {
    const unsigned char mask = (!is_signed || static_cast<int64_t>(res) >= 0) ? 0 : 0xff;
    for (int i = limit; i < size; ++i) {
      if (byte(i) != mask) {
        return LuaError(absl::StrCat(size, "-byte integer does not fit into Lua Integer"));
      }
    }
  }
  return static_cast<int64_t>(res);
}

}  // namespace

absl::StatusOr<std::string> LuaPack(std::string_view fmt, std::span<const LuaArg> values) {
  Format f(fmt, "pack");
  std::string out;
  int64_t total = 0;
  int arg = 1;
  const LuaArg nil;  // lua5.4 sees the nil it pushes after the arguments, then "no value"
  auto value = [&](int argnum) -> const LuaArg& {
    const size_t k = static_cast<size_t>(argnum - 2);
    return k < values.size() ? values[k] : nil;
  };
  while (!f.done()) {
    Opt opt;
    int size, ntoalign;
    if (absl::Status st = f.Next(total, &opt, &size, &ntoalign); !st.ok()) return st;
    total += ntoalign + size;
    out.append(static_cast<size_t>(ntoalign), '\0');
    ++arg;
    switch (opt) {
      case Opt::kInt: {
        absl::StatusOr<int64_t> n = LuaCheckInteger(value(arg), arg, "pack");
        if (!n.ok()) return n.status();
        if (size < kIntSize) {
          const int64_t lim = int64_t{1} << (size * 8 - 1);
          if (!(-lim <= *n && *n < lim)) return LuaArgError(arg, "pack", "integer overflow");
        }
        PackInt(&out, static_cast<uint64_t>(*n), f.little(), size, *n < 0);
        break;
      }
      case Opt::kUint: {
        absl::StatusOr<int64_t> n = LuaCheckInteger(value(arg), arg, "pack");
        if (!n.ok()) return n.status();
        if (size < kIntSize && static_cast<uint64_t>(*n) >= (uint64_t{1} << (size * 8))) {
          return LuaArgError(arg, "pack", "unsigned overflow");
        }
        PackInt(&out, static_cast<uint64_t>(*n), f.little(), size, false);
        break;
      }
      case Opt::kFloat:
      case Opt::kNumber:
      case Opt::kDouble: {
        absl::StatusOr<double> d = LuaCheckFloat(value(arg), arg, "pack");
        if (!d.ok()) return d.status();
        if (opt == Opt::kFloat) {
          PackFloat(&out, static_cast<float>(*d), f.little());
        } else {
          PackFloat(&out, *d, f.little());
        }
        break;
      }
      case Opt::kChar: {
        absl::StatusOr<std::string> s = LuaCheckString(value(arg), arg, "pack");
        if (!s.ok()) return s.status();
        if (s->size() > static_cast<size_t>(size)) {
          return LuaArgError(arg, "pack", "string longer than given size");
        }
        out += *s;
        out.append(static_cast<size_t>(size) - s->size(), '\0');
        break;
      }
      case Opt::kString: {
        absl::StatusOr<std::string> s = LuaCheckString(value(arg), arg, "pack");
        if (!s.ok()) return s.status();
        if (!(size >= 8 || s->size() < (size_t{1} << (size * 8)))) {
          return LuaArgError(arg, "pack", "string length does not fit in given size");
        }
        PackInt(&out, s->size(), f.little(), size, false);
        out += *s;
        total += static_cast<int64_t>(s->size());
        break;
      }
      case Opt::kZstr: {
        absl::StatusOr<std::string> s = LuaCheckString(value(arg), arg, "pack");
        if (!s.ok()) return s.status();
        if (s->find('\0') != std::string::npos) {
          return LuaArgError(arg, "pack", "string contains zeros");
        }
        out += *s;
        out.push_back('\0');
        total += static_cast<int64_t>(s->size()) + 1;
        break;
      }
      case Opt::kPadding:
        out.push_back('\0');
        --arg;
        break;
      case Opt::kPaddAlign:
      case Opt::kNop:
        --arg;
        break;
    }
  }
  return out;
}

absl::StatusOr<int64_t> LuaPackSize(std::string_view fmt) {
  Format f(fmt, "packsize");
  int64_t total = 0;
  while (!f.done()) {
    Opt opt;
    int size, ntoalign;
    if (absl::Status st = f.Next(total, &opt, &size, &ntoalign); !st.ok()) return st;
    if (opt == Opt::kString || opt == Opt::kZstr) {
      return LuaArgError(1, "packsize", "variable-length format");
    }
    const int64_t sz = static_cast<int64_t>(size) + ntoalign;
    if (total > kMaxSize - sz) return LuaArgError(1, "packsize", "format result too large");
    total += sz;
  }
  return total;
}

absl::StatusOr<LuaUnpackResult> LuaUnpack(std::string_view fmt, std::string_view data,
                                          int64_t pos_arg) {
  Format f(fmt, "unpack");
  const size_t ld = data.size();
  const int64_t rel = LuaRelativeInit(pos_arg, ld) - 1;
  if (rel > static_cast<int64_t>(ld)) {
    return LuaArgError(3, "unpack", "initial position out of string");
  }
  size_t pos = static_cast<size_t>(rel);
  LuaUnpackResult r;
  while (!f.done()) {
    Opt opt;
    int size, ntoalign;
    if (absl::Status st = f.Next(static_cast<int64_t>(pos), &opt, &size, &ntoalign); !st.ok()) {
      return st;
    }
    if (static_cast<size_t>(ntoalign) + static_cast<size_t>(size) > ld - pos) {
      return LuaArgError(2, "unpack", "data string too short");
    }
    pos += static_cast<size_t>(ntoalign);
    const char* p = data.data() + pos;
    switch (opt) {
      case Opt::kInt:
      case Opt::kUint: {
        absl::StatusOr<int64_t> v = UnpackInt(p, f.little(), size, opt == Opt::kInt);
        if (!v.ok()) return v.status();
        r.values.emplace_back(*v);
        break;
      }
      case Opt::kFloat:
        r.values.emplace_back(static_cast<double>(UnpackFloat<float>(p, f.little())));
        break;
      case Opt::kNumber:
      case Opt::kDouble:
        r.values.emplace_back(UnpackFloat<double>(p, f.little()));
        break;
      case Opt::kChar:
        r.values.emplace_back(std::string(p, static_cast<size_t>(size)));
        break;
      case Opt::kString: {
        absl::StatusOr<int64_t> len = UnpackInt(p, f.little(), size, false);
        if (!len.ok()) return len.status();
        const uint64_t n = static_cast<uint64_t>(*len);
        if (n > ld - pos - static_cast<size_t>(size)) {
          return LuaArgError(2, "unpack", "data string too short");
        }
        r.values.emplace_back(std::string(p + size, static_cast<size_t>(n)));
        pos += static_cast<size_t>(n);
        break;
      }
      case Opt::kZstr: {
        // strlen over the NUL-terminated Lua string: stops at the end of the data at the latest.
        const size_t nul = data.find('\0', pos);
        const size_t len = (nul == std::string_view::npos ? ld : nul) - pos;
        if (pos + len >= ld) return LuaArgError(2, "unpack", "unfinished string for format 'z'");
        r.values.emplace_back(std::string(p, len));
        pos += len + 1;
        break;
      }
      case Opt::kPaddAlign:
      case Opt::kPadding:
      case Opt::kNop:
        break;
    }
    pos += static_cast<size_t>(size);
  }
  r.next_position = static_cast<int64_t>(pos) + 1;
  return r;
}

}  // namespace codemode::vm::lua
