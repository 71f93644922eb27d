// JSON at the host boundary (DESIGN §3.4): tool outputs parsed with simdjson into fresh heap values, and
// values serialized for tool inputs (JSON.stringify semantics) and for the Result (code-mode rules).
#include <simdjson.h>

#include <cmath>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "vm/builtins/date.h"
#include "vm/builtins/json.h"
#include "vm/realm.h"
#include "vm/support/numconv.h"
#include "vm/vm.h"

namespace codemode::vm {

void QuoteJson(std::string_view utf8, std::string* out) {
  out->push_back('"');
  for (unsigned char c : utf8) {
    switch (c) {
      case '"':
        out->append("\\\"");
        break;
      case '\\':
        out->append("\\\\");
        break;
      case '\b':
        out->append("\\b");
        break;
      case '\f':
        out->append("\\f");
        break;
      case '\n':
        out->append("\\n");
        break;
      case '\r':
        out->append("\\r");
        break;
      case '\t':
        out->append("\\t");
        break;
      default:
        if (c < 0x20) {
          char buf[8];
          snprintf(buf, sizeof buf, "\\u%04x", c);
          out->append(buf);
        } else {
          out->push_back(static_cast<char>(c));
        }
    }
  }
  out->push_back('"');
}

namespace {
constexpr int kMaxParseDepth = 64;
constexpr int kMaxExportDepth = 32;

bool Convert(VM& vm, simdjson::dom::element e, int depth, Value* out, std::string* error) {
  if (depth > kMaxParseDepth) {
    *error = absl::StrCat("JSON nesting exceeds ", kMaxParseDepth, " levels");
    return false;
  }
  switch (e.type()) {
    case simdjson::dom::element_type::ARRAY: {
      ArrayObject* a = vm.NewArray();
      for (auto child : e.get_array()) {
        Value v;
        if (!Convert(vm, child, depth + 1, &v, error)) return false;
        vm.ArrayPush(a, v);
      }
      *out = Value::FromObject(a);
      return true;
    }
    case simdjson::dom::element_type::OBJECT: {
      Object* o = vm.NewObject();
      for (auto field : e.get_object()) {
        Value v;
        if (!Convert(vm, field.value, depth + 1, &v, error)) return false;
        String* k = vm.NewStringUtf8(field.key);
        vm.DefineOwnProperty(o, vm.KeyFromPrimitive(Value::FromString(k)), v, kDefaultAttrs);
      }
      *out = Value::FromObject(o);
      return true;
    }
    case simdjson::dom::element_type::INT64:
      *out = Value::Number(static_cast<double>(int64_t(e)));
      return true;
    case simdjson::dom::element_type::UINT64:
      *out = Value::Number(static_cast<double>(uint64_t(e)));
      return true;
    case simdjson::dom::element_type::DOUBLE:
      *out = Value::Number(double(e));
      return true;
    case simdjson::dom::element_type::STRING:
      *out = Value::FromString(vm.NewStringUtf8(std::string_view(e)));
      return true;
    case simdjson::dom::element_type::BOOL:
      *out = Value::Bool(bool(e));
      return true;
    case simdjson::dom::element_type::NULL_VALUE:
      *out = Value::Null();
      return true;
  }
  *error = "unexpected JSON element";
  return false;
}

void QuoteJsString(String* s, std::string* out) {
  // Lone surrogates are escaped (well-formed JSON.stringify), everything else as UTF-8.
  s->Flatten();
  if (s->is_one_byte()) {
    QuoteJson(s->ToUtf8(), out);
    return;
  }
  auto v = s->two_byte_view();
  std::u16string piece;
  out->push_back('"');
  std::string tmp;
  for (size_t i = 0; i < v.size(); ++i) {
    char16_t c = v[i];
    bool high = c >= 0xD800 && c <= 0xDBFF, low = c >= 0xDC00 && c <= 0xDFFF;
    if (high && i + 1 < v.size() && v[i + 1] >= 0xDC00 && v[i + 1] <= 0xDFFF) {
      uint32_t cp = 0x10000 + ((c - 0xD800) << 10) + (v[i + 1] - 0xDC00);
      out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
      ++i;
    } else if (high || low) {
      char buf[8];
      snprintf(buf, sizeof buf, "\\u%04x", c);
      out->append(buf);
    } else if (c < 0x80) {
      tmp.clear();
      QuoteJson(std::string_view(reinterpret_cast<const char*>(&c), 1), &tmp);
      out->append(tmp.substr(1, tmp.size() - 2));
    } else if (c < 0x800) {
      out->push_back(static_cast<char>(0xC0 | (c >> 6)));
      out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else {
      out->push_back(static_cast<char>(0xE0 | (c >> 12)));
      out->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
    }
  }
  out->push_back('"');
}

struct Exporter {
  VM& vm;
  bool result_rules;
  std::vector<Object*> stack;
  VM::ExportStatus status;

  std::string PathOf(const std::vector<std::string>& path) {
    std::string p = "value";
    for (auto& s : path) p += s;
    return p;
  }

  bool Fail(const std::string& msg, const std::vector<std::string>& path, bool needs_code = false) {
    status.ok = false;
    status.needs_code = needs_code;
    status.error = msg;
    status.path = PathOf(path);
    return false;
  }

  // Returns false on failure; *skip set when the value is omitted (undefined/function in an object).
  bool Write(Value v, std::vector<std::string>& path, std::string* out, bool in_object, bool* skip) {
    *skip = false;
    switch (v.tag()) {
      case Tag::kUndefined:
      case Tag::kEmpty:
        if (in_object && !result_rules) {
          *skip = true;
          return true;
        }
        out->append("null");
        return true;
      case Tag::kNull:
        out->append("null");
        return true;
      case Tag::kBool:
        out->append(v.AsBool() ? "true" : "false");
        return true;
      case Tag::kNumber: {
        double d = v.AsNumber();
        if (!std::isfinite(d)) {
          out->append("null");
        } else {
          out->append(support::NumberToString(d == 0 ? 0.0 : d));
        }
        return true;
      }
      case Tag::kInt:
        out->append(std::to_string(v.AsInt()));
        return true;
      case Tag::kString:
        QuoteJsString(v.AsString(), out);
        return true;
      case Tag::kSymbol:
        if (!result_rules && in_object) {
          *skip = true;
          return true;
        }
        if (!result_rules) {
          out->append("null");
          return true;
        }
        return Fail("a Symbol cannot cross the data boundary", path);
      case Tag::kBigInt:
        // Tool arguments: JSON.stringify's TypeError, thrown by the prelude's slow path.
        if (!result_rules) return Fail("needs program code", path, true);
        return Fail("a BigInt cannot cross the data boundary", path);
      case Tag::kObject:
        break;
      default:
        out->append("null");
        return true;
    }
    Object* o = vm.Resolve(v.AsObject());
    if (vm.IsCallable(v)) {
      if (!result_rules) {
        if (in_object) {
          *skip = true;
        } else {
          out->append("null");
        }
        return true;
      }
      return Fail("a function cannot cross the data boundary", path);
    }
    if (o->klass() == ObjectClass::kPromise)
      return Fail("a Promise cannot cross the data boundary (did you forget await?)", path);
    if (static_cast<int>(path.size()) >= kMaxExportDepth)
      return Fail(absl::StrCat("the value exceeds the maximum value depth of ", kMaxExportDepth), path);
    for (Object* s : stack)
      if (s == o) return Fail("the value contains a cycle", path);
    const auto& in = vm.realm().intrinsics();
    // toJSON anywhere means program code (JSON.stringify semantics only; the Result rules ignore it).
    if (!result_rules) {
      Value tj, getter;
      if (!vm.GetNoCall(v, o, vm.KeyFromAtom(vm.atom(AtomId::toJSON)), &tj, &getter) ||
          vm.IsCallable(tj))
        return Fail("needs program code", path, true);
    }
    switch (o->klass()) {
      case ObjectClass::kBoolean:
      case ObjectClass::kNumber:
      case ObjectClass::kString:
        if (result_rules && o->klass() != ObjectClass::kString)
          return Fail("a wrapper object cannot cross the data boundary", path);
        return Write(o->internal(), path, out, in_object, skip);
      case ObjectClass::kSymbol:
        // JSON.stringify sees an object without own properties; the Result refuses it like the
        // other non-string wrappers (features-js.md: a Symbol never crosses).
        if (result_rules) return Fail("a wrapper object cannot cross the data boundary", path);
        break;
      case ObjectClass::kMap:
      case ObjectClass::kSet:
      case ObjectClass::kRegExp:
      case ObjectClass::kWeakMap:
      case ObjectClass::kWeakSet:
        out->append("{}");
        return true;
      case ObjectClass::kDate:
        if (result_rules) {
          // features-js.md "Result normalization": a Date is its ISO string, an invalid one null.
          Value tv = o->internal();
          double t = tv.IsNumber() ? tv.AsNumber() : std::nan("");
          if (std::isnan(t)) {
            out->append("null");
          } else {
            out->push_back('"');
            out->append(date::ToIsoString(t));
            out->push_back('"');
          }
          return true;
        }
        break;
      case ObjectClass::kError:
        if (result_rules) {
          Value name = vm.GetData(o, vm.KeyFromAtom(vm.atom(AtomId::name)));
          Value message = vm.GetData(o, vm.KeyFromAtom(vm.atom(AtomId::message)));
          out->append("{\"name\":");
          QuoteJsString(name.IsString() ? name.AsString() : vm.Intern("Error"), out);
          out->append(",\"message\":");
          QuoteJsString(message.IsString() ? message.AsString() : vm.empty_string(), out);
          out->push_back('}');
          return true;
        }
        break;
      case ObjectClass::kOrdinary:
        // A BigInt wrapper (Object(1n)): JSON.stringify throws on it as on the BigInt (§25.5.2.2
        // SerializeJSONProperty step 4.d), so tool arguments take the prelude's slow path.
        if (o->internal().IsBigInt()) {
          if (!result_rules) return Fail("needs program code", path, true);
          return Fail("a BigInt cannot cross the data boundary", path);
        }
        // A URL is its href (features-js.md Result normalization): the prelude's exportSlow reads it.
        if (result_rules && in.url_prototype != nullptr) {
          for (Object* p = o->proto(); p != nullptr; p = vm.Resolve(p)->proto())
            if (vm.Resolve(p) == vm.Resolve(in.url_prototype)) return Fail("needs program code", path, true);
        }
        break;
      default:
        break;
    }
    stack.push_back(o);
    if (o->klass() == ObjectClass::kArray) {
      auto* a = static_cast<ArrayObject*>(o);
      out->push_back('[');
      for (uint32_t i = 0; i < a->length; ++i) {
        if (i > 0) out->push_back(',');
        VM::Lookup l = vm.GetOwnProperty(a, PropertyKey::Index(i));
        if (l.found && l.is_accessor()) return Fail("needs program code", path, true);
        path.push_back(absl::StrCat("[", i, "]"));
        bool s;
        if (!Write(l.found ? l.value : Value::Undefined(), path, out, false, &s)) return false;
        path.pop_back();
      }
      out->push_back(']');
    } else {
      out->push_back('{');
      bool first = true;
      for (auto& key : vm.OwnKeys(o, true, false, true)) {
        VM::Lookup l = vm.GetOwnProperty(o, key);
        if (l.is_accessor()) return Fail("needs program code", path, true);
        std::string name = vm.KeyToString(key)->ToUtf8();
        path.push_back("." + name);
        std::string piece;
        bool s;
        if (!Write(l.value, path, &piece, true, &s)) return false;
        path.pop_back();
        if (s) continue;
        if (!first) out->push_back(',');
        first = false;
        QuoteJsString(vm.KeyToString(key), out);
        out->push_back(':');
        out->append(piece);
      }
      out->push_back('}');
    }
    stack.pop_back();
    return true;
  }
};
}  // namespace

namespace {
// simdjson reads the number token `-0` as the integer 0, losing the sign JSON.parse keeps. Such a token
// (a `-0` after `[`, `,`, `:` or at the start, not followed by more of a number) is rare in tool output,
// so texts that may contain one go through the exact parser instead; a false alarm (the characters inside
// a string) only costs speed.
bool MayHaveNegativeZero(std::string_view text) {
  for (size_t at = text.find("-0"); at != std::string_view::npos; at = text.find("-0", at + 1)) {
    size_t next = at + 2;
    if (next < text.size() && std::strchr("0123456789.eE", text[next]) != nullptr) continue;
    size_t prev = at;
    while (prev > 0 && std::strchr(" \t\r\n", text[prev - 1]) != nullptr) --prev;
    if (prev == 0 || std::strchr("[,:", text[prev - 1]) != nullptr) return true;
  }
  return false;
}
}  // namespace

bool VM::ParseJsonForHost(std::string_view text, Value* out, std::string* error) {
  simdjson::dom::parser parser;
  simdjson::padded_string padded(text);
  simdjson::dom::element root;
  simdjson::error_code err = simdjson::SUCCESS;
  // Our JSON.parse reads what simdjson cannot give exactly: `-0`, \u escapes of lone surrogates (a
  // JavaScript string may hold them; simdjson's strings are UTF-8), and numbers simdjson refuses
  // (integers past 2^64, underflow such as 1e-400) that JSON.parse reads as the nearest double.
  if (MayHaveNegativeZero(text) ||
      ((err = parser.parse(padded).get(root)) == simdjson::STRING_ERROR ||
       err == simdjson::NUMBER_ERROR)) {
    Value v = ParseJsonUtf8(*this, text);
    if (v.IsEmpty()) {
      if (has_exception()) {
        *error = DescribeError(exception());
        ClearException();
      } else {
        *error = "the run was stopped while parsing";
      }
      return false;
    }
    *out = v;
    return true;
  }
  if (err) {
    *error = simdjson::error_message(err);
    return false;
  }
  return Convert(*this, root, 0, out, error);
}

VM::ExportStatus VM::SerializeForHost(Value v, bool result_rules, std::string* out) {
  Exporter ex{*this, result_rules, {}, {}};
  std::vector<std::string> path;
  bool skip;
  out->clear();
  if (!ex.Write(v, path, out, false, &skip)) return ex.status;
  if (skip) *out = "null";
  return ex.status;
}

}  // namespace codemode::vm
