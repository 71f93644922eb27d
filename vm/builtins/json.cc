// JSON (ECMA-262 §25.5): JSON.parse and JSON.stringify natives, the parser and the serializer
// walker.
//
// Parsing: texts up to kSimdjsonMaxBytes go through simdjson (DESIGN §3.4) into a DOM that is then
// copied into fresh heap values; simdjson's DOM costs ~7 bytes per input byte outside the VM heap,
// so bigger texts (and texts simdjson cannot represent exactly: lone surrogates, "-0", numbers
// beyond uint64) go through the hand-written parser below, which streams straight into heap values.
// Every syntax error is reported by the hand-written parser, which words them like V8 (Node 20).
//
// Stringify: the native walker handles plain data; anything that needs program code (toJSON,
// getters, replacer functions, Number/String wrappers) falls back to the prelude's general
// algorithm (vm/prelude/30-json.js), which the prelude registers through __intrinsics__.jsonSetup.
#include "vm/builtins/json.h"

#include <double-conversion/double-conversion.h>
#include <simdjson.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "vm/builtins/error.h"
#include "vm/realm.h"
#include "vm/string.h"
#include "vm/support/numconv.h"
#include "vm/support/text.h"

namespace codemode::vm {

namespace {

// simdjson's DOM needs ~7x the input in transient memory that the VM heap does not see; above this
// size the streaming hand-written parser is used instead (same results, bounded transient memory).
constexpr size_t kSimdjsonMaxBytes = 4u << 20;
// Texts up to this size reuse a per-thread simdjson parser (its retained buffers stay small).
constexpr size_t kSimdjsonReuseBytes = 64u << 10;
// How often (in values created) the parsers compare their own allocations with the memory limit.
constexpr uint32_t kMemoryCheckEvery = 4096;
// Distinct keys remembered by the parsers (objects in arrays repeat their keys).
constexpr size_t kKeyCacheMax = 4096;

bool IsDigit(uint32_t c) { return c >= '0' && c <= '9'; }
bool IsJsonWhitespace(uint32_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
int HexValue(uint32_t c) {
  if (c >= '0' && c <= '9') return static_cast<int>(c - '0');
  if (c >= 'a' && c <= 'f') return static_cast<int>(c - 'a' + 10);
  if (c >= 'A' && c <= 'F') return static_cast<int>(c - 'A' + 10);
  return -1;
}

void AppendAscii(std::u16string* out, std::string_view s) {
  for (char c : s) out->push_back(static_cast<unsigned char>(c));
}

// Tracks what one native allocates, so a single huge JSON operation ends with the memory limit
// instead of exhausting the process before the interpreter's next safe point looks at the heap.
class AllocationBudget {
 public:
  explicit AllocationBudget(VM& vm) : vm_(vm), start_(vm.heap().bytes()) {}
  // False (and the run terminated) when this operation alone exceeds the memory limit.
  bool Check(size_t extra_bytes = 0) {
    size_t now = vm_.heap().bytes();
    size_t used = (now > start_ ? now - start_ : 0) + extra_bytes;
    if (used > vm_.limits().max_memory_bytes) {
      vm_.Terminate(
          Termination::kMemoryLimit,
          absl::StrCat("memory limit of ", vm_.limits().max_memory_bytes, " bytes exceeded"));
      return false;
    }
    return vm_.termination() == Termination::kNone;
  }

 private:
  VM& vm_;
  size_t start_;
};

// ---------------------------------------------------------------------------------------- errors

enum class JsonError {
  kExpectedPropNameOrRBrace,
  kExpectedCommaOrRBrack,
  kExpectedCommaOrRBrace,
  kExpectedColonAfterPropertyName,
  kExpectedDoubleQuotedPropertyName,
  kUnterminatedString,
  kBadControlCharacter,
  kBadUnicodeEscape,
  kBadEscapedCharacter,
  kNoNumberAfterMinusSign,
  kExponentPartMissingNumber,
  kUnterminatedFractionalNumber,
  kUnexpectedNonWhiteSpaceCharacter,
};

const char* JsonErrorText(JsonError e) {
  switch (e) {
    case JsonError::kExpectedPropNameOrRBrace:
      return "Expected property name or '}'";
    case JsonError::kExpectedCommaOrRBrack:
      return "Expected ',' or ']' after array element";
    case JsonError::kExpectedCommaOrRBrace:
      return "Expected ',' or '}' after property value";
    case JsonError::kExpectedColonAfterPropertyName:
      return "Expected ':' after property name";
    case JsonError::kExpectedDoubleQuotedPropertyName:
      return "Expected double-quoted property name";
    case JsonError::kUnterminatedString:
      return "Unterminated string";
    case JsonError::kBadControlCharacter:
      return "Bad control character in string literal";
    case JsonError::kBadUnicodeEscape:
      return "Bad Unicode escape";
    case JsonError::kBadEscapedCharacter:
      return "Bad escaped character";
    case JsonError::kNoNumberAfterMinusSign:
      return "No number after minus sign";
    case JsonError::kExponentPartMissingNumber:
      return "Exponent part is missing a number";
    case JsonError::kUnterminatedFractionalNumber:
      return "Unterminated fractional number";
    case JsonError::kUnexpectedNonWhiteSpaceCharacter:
      return "Unexpected non-whitespace character after JSON";
  }
  return "Unexpected token";
}

// ---------------------------------------------------------------------------------------- hand
// parser

// A complete JSON parser over the code units of a JS string (Latin-1 bytes or UTF-16), producing
// heap values directly with an explicit stack (any nesting depth up to kMaxJsonParseDepth without
// C++ recursion) and V8's error messages at V8's positions.
template <typename Char>
class HandParser {
 public:
  HandParser(VM& vm, String* source, const Char* data, size_t length)
      : vm_(vm), source_(source), begin_(data), cur_(data), end_(data + length), budget_(vm) {}

  Value Parse() {
    struct Frame {
      Object* container;
      bool is_array;
      PropertyKey key;
    };
    std::vector<Frame> stack;
    Value value;
    for (;;) {
      // ---- one value (containers push a frame and continue with their first member)
      SkipWhitespace();
      if (cur_ == end_) return FailToken();
      Char c = *cur_;
      if (c == '"') {
        ++cur_;
        String* s = ScanString();
        if (s == nullptr) return Value::Empty();
        value = Value::FromString(s);
      } else if (c == '[') {
        ++cur_;
        ArrayObject* a = vm_.NewArray();
        if (!Counted()) return Value::Empty();
        SkipWhitespace();
        if (cur_ != end_ && *cur_ == ']') {
          ++cur_;
          value = Value::FromObject(a);
        } else {
          if (stack.size() >= kMaxJsonParseDepth) return TooDeep();
          stack.push_back({a, true, {}});
          stack_bytes_ = stack.capacity() * sizeof(Frame);
          continue;
        }
      } else if (c == '{') {
        ++cur_;
        Object* o = vm_.NewObject();
        if (!Counted()) return Value::Empty();
        SkipWhitespace();
        if (cur_ != end_ && *cur_ == '}') {
          ++cur_;
          value = Value::FromObject(o);
        } else {
          if (cur_ == end_ || *cur_ != '"') return Fail(JsonError::kExpectedPropNameOrRBrace);
          ++cur_;
          PropertyKey key;
          if (!ScanKey(&key)) return Value::Empty();
          SkipWhitespace();
          if (cur_ == end_ || *cur_ != ':') return Fail(JsonError::kExpectedColonAfterPropertyName);
          ++cur_;
          if (stack.size() >= kMaxJsonParseDepth) return TooDeep();
          stack.push_back({o, false, key});
          stack_bytes_ = stack.capacity() * sizeof(Frame);
          continue;
        }
      } else if (c == 't') {
        if (!ScanLiteral("true")) return Value::Empty();
        value = Value::Bool(true);
      } else if (c == 'f') {
        if (!ScanLiteral("false")) return Value::Empty();
        value = Value::Bool(false);
      } else if (c == 'n') {
        if (!ScanLiteral("null")) return Value::Empty();
        value = Value::Null();
      } else if (c == '-' || IsDigit(c)) {
        if (!ScanNumber(&value)) return Value::Empty();
      } else {
        return FailToken();
      }
      if (!Counted()) return Value::Empty();

      // ---- attach the value to the open containers; closing brackets complete them in turn
      for (;;) {
        if (stack.empty()) {
          SkipWhitespace();
          if (cur_ != end_) return Fail(JsonError::kUnexpectedNonWhiteSpaceCharacter);
          vm_.ChargeSteps(static_cast<uint64_t>(end_ - begin_) / 64 + values_ / 16 + 1);
          return value;
        }
        Frame& f = stack.back();
        SkipWhitespace();
        if (f.is_array) {
          vm_.ArrayPush(static_cast<ArrayObject*>(f.container), value);
          if (cur_ != end_ && *cur_ == ',') {
            ++cur_;
            break;
          }
          if (cur_ != end_ && *cur_ == ']') {
            ++cur_;
            value = Value::FromObject(f.container);
            stack.pop_back();
            continue;
          }
          return Fail(JsonError::kExpectedCommaOrRBrack);
        }
        vm_.DefineOwnProperty(f.container, f.key, value, kDefaultAttrs);
        if (cur_ != end_ && *cur_ == ',') {
          ++cur_;
          SkipWhitespace();
          if (cur_ == end_ || *cur_ != '"')
            return Fail(JsonError::kExpectedDoubleQuotedPropertyName);
          ++cur_;
          if (!ScanKey(&f.key)) return Value::Empty();
          SkipWhitespace();
          // V8 words a missing colon after the first property only; later ones get the generic
          // message.
          if (cur_ == end_ || *cur_ != ':') return FailToken();
          ++cur_;
          break;
        }
        if (cur_ != end_ && *cur_ == '}') {
          ++cur_;
          value = Value::FromObject(f.container);
          stack.pop_back();
          continue;
        }
        return Fail(JsonError::kExpectedCommaOrRBrace);
      }
    }
  }

 private:
  size_t pos() const { return static_cast<size_t>(cur_ - begin_); }

  void SkipWhitespace() {
    while (cur_ != end_ && IsJsonWhitespace(*cur_)) ++cur_;
  }

  // Counts a created value; checks the limits now and then (the nesting stack counts as memory
  // too).
  bool Counted() {
    if (++values_ % kMemoryCheckEvery != 0) return true;
    vm_.ChargeSteps(kMemoryCheckEvery / 16);
    return budget_.Check(stack_bytes_);
  }

  Value TooDeep() {
    vm_.ThrowRangeError("Maximum call stack size exceeded");
    return Value::Empty();
  }

  // An error with an explicit V8 message at the current position.
  Value Fail(JsonError e) {
    std::u16string msg;
    AppendAscii(&msg, JsonErrorText(e));
    // "...after JSON at position N" already names JSON.
    AppendAscii(&msg, e == JsonError::kUnexpectedNonWhiteSpaceCharacter ? " at position "
                                                                        : " in JSON at position ");
    AppendAscii(&msg, absl::StrCat(pos()));
    return Throw(std::move(msg));
  }

  // V8's ReportUnexpectedToken for the code unit at the current position (ECMA-262 leaves the
  // wording to the implementation; these are Node 20's).
  Value FailToken() {
    std::u16string msg;
    if (cur_ == end_) {
      AppendAscii(&msg, "Unexpected end of JSON input");
      return Throw(std::move(msg));
    }
    char16_t c = static_cast<char16_t>(*cur_);
    if (c == '"') {
      AppendAscii(&msg, absl::StrCat("Unexpected string in JSON at position ", pos()));
      return Throw(std::move(msg));
    }
    if (c == '-' || IsDigit(c)) {
      AppendAscii(&msg, absl::StrCat("Unexpected number in JSON at position ", pos()));
      return Throw(std::move(msg));
    }
    size_t length = static_cast<size_t>(end_ - begin_);
    auto slice = [&](size_t from, size_t to) {
      to = std::min(to, length);
      for (size_t i = from; i < to; ++i) msg.push_back(static_cast<char16_t>(begin_[i]));
    };
    if (IsSpecialSource()) {
      msg.push_back('"');
      slice(0, length);
      AppendAscii(&msg, "\" is not valid JSON");
      return Throw(std::move(msg));
    }
    AppendAscii(&msg, "Unexpected token '");
    msg.push_back(c);
    AppendAscii(&msg, "', ");
    constexpr size_t kContext = 10;
    size_t p = pos();
    if (length < 2 * kContext + 1) {
      msg.push_back('"');
      slice(0, length);
      msg.push_back('"');
    } else if (p < kContext) {
      msg.push_back('"');
      slice(0, p + kContext);
      AppendAscii(&msg, "\"...");
    } else if (p < length - kContext) {
      AppendAscii(&msg, "...\"");
      slice(p - kContext, p + kContext);
      AppendAscii(&msg, "\"...");
    } else {
      AppendAscii(&msg, "...\"");
      slice(p - kContext, length);
      msg.push_back('"');
    }
    AppendAscii(&msg, " is not valid JSON");
    return Throw(std::move(msg));
  }

  // V8 names the whole text for these inputs (String(undefined), String({}), ...).
  bool IsSpecialSource() const {
    size_t length = static_cast<size_t>(end_ - begin_);
    for (std::string_view s : {"[object Object]", "undefined", "Infinity", "NaN"}) {
      if (s.size() != length) continue;
      bool eq = true;
      for (size_t i = 0; i < length && eq; ++i) eq = begin_[i] == static_cast<unsigned char>(s[i]);
      if (eq) return true;
    }
    return false;
  }

  Value Throw(std::u16string msg) {
    return ThrowErrorValue(vm_, ErrorType::kSyntaxError,
                           Value::FromString(vm_.NewStringU16(std::move(msg))));
  }

  bool ScanLiteral(std::string_view lit) {
    // The first character matched already.
    ++cur_;
    for (size_t i = 1; i < lit.size(); ++i) {
      if (cur_ == end_ || *cur_ != static_cast<unsigned char>(lit[i])) {
        FailToken();
        return false;
      }
      ++cur_;
    }
    return true;
  }

  bool ScanNumber(Value* out) {
    const Char* start = cur_;
    bool negative = false;
    if (*cur_ == '-') {
      negative = true;
      ++cur_;
    }
    bool simple = true;  // integer without fraction/exponent
    if (cur_ != end_ && *cur_ == '0') {
      ++cur_;
      if (cur_ != end_ && IsDigit(*cur_)) {
        FailToken();  // "Unexpected number": a leading zero followed by digits
        return false;
      }
    } else {
      if (cur_ == end_ || !IsDigit(*cur_)) {
        Fail(JsonError::kNoNumberAfterMinusSign);
        return false;
      }
      while (cur_ != end_ && IsDigit(*cur_)) ++cur_;
    }
    if (cur_ != end_ && *cur_ == '.') {
      simple = false;
      ++cur_;
      if (cur_ == end_ || !IsDigit(*cur_)) {
        Fail(JsonError::kUnterminatedFractionalNumber);
        return false;
      }
      while (cur_ != end_ && IsDigit(*cur_)) ++cur_;
    }
    if (cur_ != end_ && (*cur_ == 'e' || *cur_ == 'E')) {
      simple = false;
      ++cur_;
      if (cur_ != end_ && (*cur_ == '-' || *cur_ == '+')) ++cur_;
      if (cur_ == end_ || !IsDigit(*cur_)) {
        Fail(JsonError::kExponentPartMissingNumber);
        return false;
      }
      while (cur_ != end_ && IsDigit(*cur_)) ++cur_;
    }
    size_t digits = static_cast<size_t>(cur_ - start) - (negative ? 1 : 0);
    if (simple && digits <= 15) {
      int64_t v = 0;
      for (const Char* p = start + (negative ? 1 : 0); p != cur_; ++p) v = v * 10 + (*p - '0');
      double d = static_cast<double>(v);
      *out = Value::Number(negative ? -d : d);
      return true;
    }
    std::string text(static_cast<size_t>(cur_ - start), '\0');
    for (size_t i = 0; i < text.size(); ++i) text[i] = static_cast<char>(start[i]);
    static const double_conversion::StringToDoubleConverter conv(
        double_conversion::StringToDoubleConverter::NO_FLAGS, 0.0,
        std::numeric_limits<double>::quiet_NaN(), nullptr, nullptr);
    int processed = 0;
    *out =
        Value::Number(conv.StringToDouble(text.data(), static_cast<int>(text.size()), &processed));
    return true;
  }

  String* MakeString(const Char* from, const Char* to) {
    if constexpr (sizeof(Char) == 1) {
      return vm_.NewStringLatin1(
          std::string(reinterpret_cast<const char*>(from), static_cast<size_t>(to - from)));
    } else {
      return vm_.NewStringU16(std::u16string(from, to));
    }
  }

  // Scans a string body after its opening quote. nullptr after throwing.
  String* ScanString() {
    const Char* start = cur_;
    while (cur_ != end_) {
      Char c = *cur_;
      if (c == '"') {
        String* s = MakeString(start, cur_);
        ++cur_;
        return s;
      }
      if (c == '\\' || c < 0x20) break;
      ++cur_;
    }
    std::u16string buf(start, cur_);
    return ScanEscaped(std::move(buf));
  }

  String* ScanEscaped(std::u16string buf) {
    for (;;) {
      if (cur_ == end_) {
        Fail(JsonError::kUnterminatedString);
        return nullptr;
      }
      Char c = *cur_;
      if (c == '"') {
        ++cur_;
        return vm_.NewStringU16(std::move(buf));
      }
      if (c < 0x20) {
        Fail(JsonError::kBadControlCharacter);
        return nullptr;
      }
      if (c != '\\') {
        buf.push_back(static_cast<char16_t>(c));
        ++cur_;
        continue;
      }
      ++cur_;
      if (cur_ == end_) {
        FailToken();  // "Unexpected end of JSON input"
        return nullptr;
      }
      switch (*cur_) {
        case '"':
          buf.push_back('"');
          break;
        case '\\':
          buf.push_back('\\');
          break;
        case '/':
          buf.push_back('/');
          break;
        case 'b':
          buf.push_back('\b');
          break;
        case 'f':
          buf.push_back('\f');
          break;
        case 'n':
          buf.push_back('\n');
          break;
        case 'r':
          buf.push_back('\r');
          break;
        case 't':
          buf.push_back('\t');
          break;
        case 'u': {
          uint32_t v = 0;
          for (int i = 0; i < 4; ++i) {
            ++cur_;
            int h = cur_ == end_ ? -1 : HexValue(*cur_);
            if (h < 0) {
              Fail(JsonError::kBadUnicodeEscape);
              return nullptr;
            }
            v = v * 16 + static_cast<uint32_t>(h);
          }
          // A lone surrogate escape stays a lone UTF-16 unit, as in JS.
          buf.push_back(static_cast<char16_t>(v));
          break;
        }
        default:
          if (static_cast<uint32_t>(*cur_) > 0xFF) {
            FailToken();
          } else {
            Fail(JsonError::kBadEscapedCharacter);
          }
          return nullptr;
      }
      ++cur_;
    }
  }

  // Scans a property name after its opening quote into a key (interned; canonical indices as
  // indices).
  bool ScanKey(PropertyKey* key) {
    const Char* start = cur_;
    while (cur_ != end_) {
      Char c = *cur_;
      if (c == '"') {
        std::basic_string_view<Char> raw(start, static_cast<size_t>(cur_ - start));
        ++cur_;
        auto it = key_cache_.find(raw);
        if (it != key_cache_.end()) {
          *key = it->second;
          return true;
        }
        *key = vm_.KeyFromPrimitive(
            Value::FromString(MakeString(raw.data(), raw.data() + raw.size())));
        if (key_cache_.size() < kKeyCacheMax) key_cache_.emplace(raw, *key);
        return true;
      }
      if (c == '\\' || c < 0x20) break;
      ++cur_;
    }
    String* s = ScanEscaped(std::u16string(start, cur_));
    if (s == nullptr) return false;
    *key = vm_.KeyFromPrimitive(Value::FromString(s));
    return true;
  }

  VM& vm_;
  String* source_;
  const Char* begin_;
  const Char* cur_;
  const Char* end_;
  AllocationBudget budget_;
  uint64_t values_ = 0;
  size_t stack_bytes_ = 0;
  struct ViewHash {
    size_t operator()(std::basic_string_view<Char> v) const {
      return std::hash<std::string_view>()(
          std::string_view(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(Char)));
    }
  };
  absl::flat_hash_map<std::basic_string_view<Char>, PropertyKey, ViewHash> key_cache_;
};

// ---------------------------------------------------------------------------------------- simdjson

// True when simdjson's DOM cannot reproduce JSON.parse exactly for this (valid or invalid) UTF-8
// text: escapes of surrogates (simdjson rejects lone ones) and the number "-0" (simdjson makes it
// integer 0). False positives only cost the slower parser.
bool NeedsHandParser(std::string_view t) {
  for (size_t i = 0; i + 1 < t.size(); ++i) {
    char c = t[i];
    if (c == '\\' && t[i + 1] == 'u' && i + 3 < t.size() && (t[i + 2] == 'd' || t[i + 2] == 'D')) {
      char n = t[i + 3];
      if ((n >= '8' && n <= '9') || (n >= 'a' && n <= 'f') || (n >= 'A' && n <= 'F')) return true;
    } else if (c == '-' && t[i + 1] == '0') {
      char n = i + 2 < t.size() ? t[i + 2] : ' ';
      if (!IsDigit(static_cast<unsigned char>(n)) && n != '.' && n != 'e' && n != 'E') return true;
    }
  }
  return false;
}

// Copies a simdjson DOM into heap values (iteratively). Returns Value::Empty() if the run was
// terminated.
class DomConverter {
 public:
  explicit DomConverter(VM& vm) : vm_(vm), budget_(vm) {}

  Value Convert(simdjson::dom::element root) {
    Value v = Start(root);
    while (!stack_.empty()) {
      if (++values_ % kMemoryCheckEvery == 0) {
        vm_.ChargeSteps(kMemoryCheckEvery / 16);
        if (!budget_.Check()) return Value::Empty();
      }
      Frame& f = stack_.back();
      if (f.is_array) {
        if (f.ait == f.aend) {
          stack_.pop_back();
          continue;
        }
        simdjson::dom::element e = *f.ait;
        ++f.ait;
        auto* arr = static_cast<ArrayObject*>(f.container);
        Value child = Start(e);  // may grow stack_ (f is invalid afterwards)
        vm_.ArrayPush(arr, child);
      } else {
        if (f.oit == f.oend) {
          stack_.pop_back();
          continue;
        }
        std::string_view key = f.oit.key();
        simdjson::dom::element e = f.oit.value();
        ++f.oit;
        Object* obj = f.container;
        PropertyKey k = Key(key);
        Value child = Start(e);
        vm_.DefineOwnProperty(obj, k, child, kDefaultAttrs);
      }
    }
    vm_.ChargeSteps(values_ / 16 + 1);
    return v;
  }

 private:
  struct Frame {
    Object* container;
    bool is_array;
    simdjson::dom::array::iterator ait, aend;
    simdjson::dom::object::iterator oit, oend;
  };

  PropertyKey Key(std::string_view utf8) {
    auto it = keys_.find(utf8);
    if (it != keys_.end()) return it->second;
    PropertyKey k = vm_.KeyFromPrimitive(Value::FromString(vm_.NewStringUtf8(utf8)));
    if (keys_.size() < kKeyCacheMax) keys_.emplace(utf8, k);
    return k;
  }

  Value Start(simdjson::dom::element e) {
    using simdjson::dom::element_type;
    switch (e.type()) {
      case element_type::ARRAY: {
        simdjson::dom::array a = e.get_array().value_unsafe();
        ArrayObject* arr =
            vm_.NewArray(static_cast<uint32_t>(std::min<size_t>(a.size(), 1u << 16)));
        Frame f{arr, true, a.begin(), a.end(), {}, {}};
        stack_.push_back(f);
        return Value::FromObject(arr);
      }
      case element_type::OBJECT: {
        simdjson::dom::object o = e.get_object().value_unsafe();
        Object* obj = vm_.NewObject();
        Frame f{obj, false, {}, {}, o.begin(), o.end()};
        stack_.push_back(f);
        return Value::FromObject(obj);
      }
      case element_type::INT64:
        return Value::Number(static_cast<double>(e.get_int64().value_unsafe()));
      case element_type::UINT64:
        return Value::Number(static_cast<double>(e.get_uint64().value_unsafe()));
      case element_type::DOUBLE:
        return Value::Number(e.get_double().value_unsafe());
      case element_type::STRING:
        return Value::FromString(vm_.NewStringUtf8(e.get_string().value_unsafe()));
      case element_type::BOOL:
        return Value::Bool(e.get_bool().value_unsafe());
      case element_type::NULL_VALUE:
        return Value::Null();
    }
    return Value::Null();
  }

  VM& vm_;
  AllocationBudget budget_;
  std::vector<Frame> stack_;
  absl::flat_hash_map<std::string_view, PropertyKey> keys_;
  uint64_t values_ = 0;
};

// Parses padded UTF-8 with simdjson. Returns false if simdjson rejected the text (the caller then
// runs the hand-written parser, which reports the error exactly).
bool SimdjsonParse(VM& vm, const char* data, size_t length, Value* out) {
  thread_local std::unique_ptr<simdjson::dom::parser> reused;
  std::unique_ptr<simdjson::dom::parser> local;
  simdjson::dom::parser* parser;
  if (length <= kSimdjsonReuseBytes) {
    if (!reused) reused = std::make_unique<simdjson::dom::parser>();
    parser = reused.get();
  } else {
    local = std::make_unique<simdjson::dom::parser>();
    parser = local.get();
  }
  simdjson::dom::element root;
  if (parser->parse(data, length, false).get(root) != simdjson::SUCCESS) return false;
  *out = DomConverter(vm).Convert(root);
  return true;
}

// UTF-8 of `units` into a buffer with simdjson's padding. Returns false if a lone surrogate is
// present (UTF-8 cannot carry it; the hand-written parser keeps it).
template <typename Char>
bool ToPaddedUtf8(const Char* units, size_t n, std::string* out) {
  size_t bytes = 0;
  for (size_t i = 0; i < n; ++i) {
    uint32_t c = units[i];
    if (c < 0x80) {
      bytes += 1;
    } else if (c < 0x800) {
      bytes += 2;
    } else if (support::IsLeadSurrogate(c) && i + 1 < n &&
               support::IsTrailSurrogate(units[i + 1])) {
      bytes += 4;
      ++i;
    } else if (support::IsSurrogate(c)) {
      return false;
    } else {
      bytes += 3;
    }
  }
  out->resize(bytes + simdjson::SIMDJSON_PADDING);
  char* p = out->data();
  for (size_t i = 0; i < n; ++i) {
    uint32_t c = units[i];
    if (c < 0x80) {
      *p++ = static_cast<char>(c);
    } else if (c < 0x800) {
      *p++ = static_cast<char>(0xC0 | (c >> 6));
      *p++ = static_cast<char>(0x80 | (c & 0x3F));
    } else if (support::IsLeadSurrogate(c)) {
      char32_t cp = support::SurrogatePairToCodePoint(static_cast<char16_t>(c),
                                                      static_cast<char16_t>(units[i + 1]));
      ++i;
      *p++ = static_cast<char>(0xF0 | (cp >> 18));
      *p++ = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      *p++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      *p++ = static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      *p++ = static_cast<char>(0xE0 | (c >> 12));
      *p++ = static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      *p++ = static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  std::memset(p, 0, simdjson::SIMDJSON_PADDING);
  out->resize(bytes);  // the padding stays allocated behind size()
  return true;
}

template <typename Char>
Value ParseUnits(VM& vm, String* source, const Char* units, size_t n) {
  if (n <= kSimdjsonMaxBytes / 2) {
    std::string utf8;
    if (ToPaddedUtf8(units, n, &utf8) && utf8.size() <= kSimdjsonMaxBytes &&
        utf8.capacity() >= utf8.size() + simdjson::SIMDJSON_PADDING && !NeedsHandParser(utf8)) {
      Value out;
      if (SimdjsonParse(vm, utf8.data(), utf8.size(), &out)) {
        vm.ChargeSteps(n / 64 + 1);
        return out;
      }
    }
  }
  return HandParser<Char>(vm, source, units, n).Parse();
}

}  // namespace

Value ParseJson(VM& vm, String* text) {
  text->Flatten();
  if (text->is_one_byte()) {
    std::string_view v = text->one_byte_view();
    return ParseUnits(vm, text, reinterpret_cast<const uint8_t*>(v.data()), v.size());
  }
  std::u16string_view v = text->two_byte_view();
  return ParseUnits(vm, text, v.data(), v.size());
}

Value ParseJsonExact(VM& vm, String* text) {
  text->Flatten();
  if (text->is_one_byte()) {
    std::string_view v = text->one_byte_view();
    return HandParser<uint8_t>(vm, text, reinterpret_cast<const uint8_t*>(v.data()), v.size())
        .Parse();
  }
  std::u16string_view v = text->two_byte_view();
  return HandParser<char16_t>(vm, text, v.data(), v.size()).Parse();
}

Value ParseJsonUtf8(VM& vm, std::string_view utf8) {
  String* s = vm.NewStringUtf8(utf8);
  return ParseJson(vm, s);
}

// ---------------------------------------------------------------------------------------- JsonText

void JsonText::Append(std::string_view ascii) {
  if (wide_) {
    for (char c : ascii) u16_.push_back(static_cast<unsigned char>(c));
  } else {
    latin1_.append(ascii);
  }
}

void JsonText::AppendLatin1(std::string_view bytes) { Append(bytes); }

void JsonText::AppendUnit(char16_t u) {
  if (!wide_ && u >= 0x100) Widen();
  if (wide_) {
    u16_.push_back(u);
  } else {
    latin1_.push_back(static_cast<char>(u));
  }
}

void JsonText::AppendUnits(std::u16string_view units) {
  if (!wide_) {
    for (char16_t u : units)
      if (u >= 0x100) {
        Widen();
        break;
      }
  }
  if (wide_) {
    u16_.append(units);
  } else {
    for (char16_t u : units) latin1_.push_back(static_cast<char>(u));
  }
}

void JsonText::Widen() {
  u16_.reserve(latin1_.size() * 2 + 16);
  for (char c : latin1_) u16_.push_back(static_cast<unsigned char>(c));
  latin1_.clear();
  latin1_.shrink_to_fit();
  wide_ = true;
}

String* JsonText::ToString(VM& vm) {
  if (wide_) return vm.NewStringU16(std::move(u16_));
  return vm.NewStringLatin1(std::move(latin1_));
}

std::string JsonText::ToUtf8() const {
  if (wide_) return support::Utf16ToUtf8(u16_);
  std::string out;
  out.reserve(latin1_.size());
  for (char c : latin1_) {
    unsigned char u = static_cast<unsigned char>(c);
    if (u < 0x80) {
      out.push_back(c);
    } else {
      out.push_back(static_cast<char>(0xC0 | (u >> 6)));
      out.push_back(static_cast<char>(0x80 | (u & 0x3F)));
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------- quoting

namespace {
void AppendEscape(char16_t u, JsonText* out) {
  switch (u) {
    case '\b':
      out->Append("\\b");
      return;
    case '\t':
      out->Append("\\t");
      return;
    case '\n':
      out->Append("\\n");
      return;
    case '\f':
      out->Append("\\f");
      return;
    case '\r':
      out->Append("\\r");
      return;
    case '"':
      out->Append("\\\"");
      return;
    case '\\':
      out->Append("\\\\");
      return;
    default: {
      static const char kHex[] = "0123456789abcdef";
      char buf[6] = {
          '\\',         'u', kHex[(u >> 12) & 0xF], kHex[(u >> 8) & 0xF], kHex[(u >> 4) & 0xF],
          kHex[u & 0xF]};
      out->Append(std::string_view(buf, 6));
    }
  }
}
}  // namespace

void QuoteJsonString(String* s, JsonText* out) {
  out->Append('"');
  s->Flatten();
  if (s->is_one_byte()) {
    std::string_view v = s->one_byte_view();
    size_t run = 0;
    for (size_t i = 0; i < v.size(); ++i) {
      unsigned char c = static_cast<unsigned char>(v[i]);
      if (c >= 0x20 && c != '"' && c != '\\') continue;
      out->AppendLatin1(v.substr(run, i - run));
      AppendEscape(c, out);
      run = i + 1;
    }
    out->AppendLatin1(v.substr(run));
  } else {
    std::u16string_view v = s->two_byte_view();
    size_t run = 0;
    for (size_t i = 0; i < v.size(); ++i) {
      char16_t c = v[i];
      if (c >= 0x20 && c != '"' && c != '\\' && !support::IsSurrogate(c)) continue;
      if (support::IsLeadSurrogate(c) && i + 1 < v.size() && support::IsTrailSurrogate(v[i + 1])) {
        ++i;  // a well-formed pair stays as it is
        continue;
      }
      out->AppendUnits(v.substr(run, i - run));
      AppendEscape(c, out);
      run = i + 1;
    }
    out->AppendUnits(v.substr(run));
  }
  out->Append('"');
}

// ---------------------------------------------------------------------------------------- messages

std::string ConstructorNameForMessage(VM& vm, Object* obj) {
  if (vm.Resolve(obj)->klass() == ObjectClass::kArray) return "Array";
  VM::Lookup ctor = vm.FindProperty(obj, vm.KeyFromAtom(vm.atom(AtomId::constructor)));
  if (ctor.found && !ctor.is_accessor() && ctor.value.IsObject() && vm.IsCallable(ctor.value)) {
    VM::Lookup name =
        vm.GetOwnProperty(ctor.value.AsObject(), vm.KeyFromAtom(vm.atom(AtomId::name)));
    if (name.found && !name.is_accessor() && name.value.IsString() &&
        name.value.AsString()->length() > 0)
      return name.value.AsString()->ToUtf8();
  }
  return "Object";
}

namespace {

std::string KeyForCircularMessage(VM& vm, const PropertyKey& key) {
  if (key.is_index()) return absl::StrCat("index ", key.index);
  if (key.is_symbol()) return "<symbol>";
  String* s = key.atom();
  if (s->length() == 0) return "<anonymous>";
  return absl::StrCat("property '", s->ToUtf8(), "'");
}

// V8's JsonStringifier::ConstructCircularStructureErrorMessage: the object that closes the circle,
// at most two objects after it, an ellipsis, the last object, and the closing key.
std::string CircularText(VM& vm, const std::vector<Object*>& objects,
                         const std::vector<PropertyKey>& keys, size_t start,
                         const PropertyKey& closing) {
  constexpr size_t kPrefix = 2, kPostfix = 1;
  std::string msg = "Converting circular structure to JSON";
  absl::StrAppend(&msg, "\n    --> starting at object with constructor '",
                  ConstructorNameForMessage(vm, objects[start]), "'");
  size_t index = start + 1;
  size_t size = objects.size();
  auto line = [&](size_t i) {
    absl::StrAppend(&msg, "\n    |     ", KeyForCircularMessage(vm, keys[i]),
                    " -> object with constructor '", ConstructorNameForMessage(vm, objects[i]),
                    "'");
  };
  size_t prefix_end = std::min(size, index + kPrefix);
  for (; index < prefix_end; ++index) line(index);
  if (size > index + kPostfix) absl::StrAppend(&msg, "\n    |     ...");
  index = std::max(index, size - kPostfix);
  for (; index < size; ++index) line(index);
  absl::StrAppend(&msg, "\n    --- ", KeyForCircularMessage(vm, closing), " closes the circle");
  return msg;
}

}  // namespace

// ---------------------------------------------------------------------------------------- walker

JsonWalker::JsonWalker(VM& vm, Options options) : vm_(vm), options_(std::move(options)) {}

JsonWalker::Action JsonWalker::Visit(Value* v) {
  const Intrinsics& in = vm_.realm().intrinsics();
  PropertyKey to_json = vm_.KeyFromAtom(vm_.atom(AtomId::toJSON));
  if (v->IsObject()) {
    Object* o = v->AsObject();
    if (HasToJson(o)) return Action::kNeedsCode;
    Object* r = vm_.Resolve(o);
    switch (r->klass()) {
      case ObjectClass::kNumber:
      case ObjectClass::kString:
        return Action::kNeedsCode;  // ToNumber / ToString may run valueOf / toString
      case ObjectClass::kBoolean:
        *v = r->internal();
        return Action::kSerialize;
      default:
        if (r->internal().IsBigInt() && r->klass() != ObjectClass::kDate) *v = r->internal();
        break;
    }
  }
  if (v->IsBigInt()) {
    if (in.bigint_prototype != nullptr) {
      Value f, getter;
      if (!vm_.GetNoCall(*v, in.bigint_prototype, to_json, &f, &getter)) return Action::kNeedsCode;
      if (vm_.IsCallable(f)) return Action::kNeedsCode;
    }
    vm_.ThrowTypeError("Do not know how to serialize a BigInt");
    return Action::kThrow;
  }
  return Action::kSerialize;
}

// True when reading `toJSON` from o finds a getter or a callable (SerializeJSONProperty step 2
// would run code). Chains already seen without one are remembered per prototype.
bool JsonWalker::HasToJson(Object* o) {
  PropertyKey to_json = vm_.KeyFromAtom(vm_.atom(AtomId::toJSON));
  VM::Lookup own = vm_.GetOwnProperty(o, to_json);
  if (own.found) return own.is_accessor() ? true : vm_.IsCallable(own.value);
  Object* proto = vm_.Resolve(o)->proto();
  if (proto == nullptr || no_to_json_.contains(proto)) return false;
  VM::Lookup r = vm_.FindProperty(proto, to_json);
  if (!r.found) {
    no_to_json_.insert(proto);
    return false;
  }
  return r.is_accessor() ? true : vm_.IsCallable(r.value);
}

// True when no object on o's prototype chain has indexed properties, so a hole in o reads as undefined.
bool JsonWalker::NoIndexedOnPrototypes(Object* o) {
  int guard = 0;
  for (Object* p = vm_.Resolve(o)->proto(); p != nullptr; p = vm_.Resolve(p)->proto()) {
    Object* r = vm_.Resolve(p);
    if (!r->elements().empty() || r->sparse() != nullptr || ++guard > 64) return false;
    if (r->klass() == ObjectClass::kString &&
        (!r->internal().IsString() || r->internal().AsString()->length() > 0))
      return false;
  }
  return true;
}

bool JsonWalker::IsOpen(Object* o) const {
  if (open_indexed_) return open_.contains(o);
  for (const Level& l : levels_)
    if (l.obj == o) return true;
  return false;
}

// The quoted member name and ':' (V8 caches these per key as well).
void JsonWalker::AppendKey(const PropertyKey& key) {
  if (!key.is_index() && key.atom()->length() <= 64) {
    auto it = quoted_keys_.find(key.cell);
    if (it == quoted_keys_.end()) {
      JsonText t;
      QuoteJsonString(key.atom(), &t);
      t.Append(':');
      if (t.wide()) {
        QuoteJsonString(key.atom(), &text_);
        text_.Append(':');
        return;
      }
      it = quoted_keys_.emplace(key.cell, t.latin1()).first;
    }
    text_.AppendLatin1(it->second);
    return;
  }
  String* name = key.is_index() ? vm_.NumberToString(key.index) : key.atom();
  QuoteJsonString(name, &text_);
  text_.Append(':');
}

std::string JsonWalker::PathString(std::string_view root) const {
  std::string out(root);
  for (const auto& s : path_) {
    if (s.is_index) {
      absl::StrAppend(&out, "[", s.index, "]");
    } else {
      absl::StrAppend(&out, ".", s.key->ToUtf8());
    }
  }
  return out;
}

void JsonWalker::Newline(size_t depth) {
  text_.Append('\n');
  for (size_t i = 0; i < depth; ++i) text_.AppendUnits(options_.gap);
}

bool JsonWalker::CheckLength() {
  if (text_.size() > vm_.limits().max_string_length) {
    vm_.ThrowRangeError("Invalid string length");
    status_ = Status::kThrown;
    return false;
  }
  if (++work_ % 1024 == 0) {
    vm_.ChargeSteps(64);
    size_t bytes = text_.size() * (text_.wide() ? 2 : 1);
    if (bytes > vm_.limits().max_memory_bytes) {
      vm_.Terminate(
          Termination::kMemoryLimit,
          absl::StrCat("memory limit of ", vm_.limits().max_memory_bytes, " bytes exceeded"));
    }
    if (vm_.termination() != Termination::kNone) {
      status_ = Status::kTerminated;
      return false;
    }
  }
  return true;
}

JsonWalker::Status JsonWalker::Walk(Value value) {
  levels_.clear();
  path_.clear();
  open_.clear();
  open_indexed_ = false;
  no_to_json_.clear();
  status_ = Status::kOk;
  // The root: SerializeJSONProperty(state, "", holder).
  PropertyKey root_key = PropertyKey::Atom(vm_.atom(AtomId::empty));
  bool wrote = false;
  if (Emit(value, root_key, &wrote) == Step::kStop) return status_;
  if (!wrote) return Status::kUndefined;

  while (!levels_.empty()) {
    Level& level = levels_.back();
    if (level.next >= level.length) {
      bool any = level.wrote_any;
      bool is_array = level.is_array;
      if (open_indexed_) open_.erase(level.obj);
      levels_.pop_back();
      if (any && options_.indent) Newline(levels_.size());
      text_.Append(is_array ? ']' : '}');
      continue;
    }
    uint32_t i = level.next++;
    Object* obj = level.obj;
    PropertyKey key = level.is_array ? PropertyKey::Index(i) : level.keys[i];
    // Get(holder, key) without running code.
    Value v;
    Object* r = vm_.Resolve(obj);
    if (key.is_index() && r->simple_elements() && key.index < r->elements().size() &&
        !r->elements()[key.index].IsEmpty()) {
      v = r->elements()[key.index];
    } else if (level.holes_are_undefined && r->simple_elements()) {
      v = Value::Undefined();  // a hole, and no prototype has indexed properties
    } else {
      Value getter;
      if (!vm_.GetNoCall(Value::FromObject(obj), obj, key, &v, &getter)) {
        status_ = Status::kNeedsCode;
        return status_;
      }
    }
    if (level.is_array) {
      if (i > 0) text_.Append(',');
      if (options_.indent) Newline(levels_.size());
      level.wrote_any = true;
      bool wrote_value = false;
      if (Emit(v, key, &wrote_value) == Step::kStop) return status_;
      if (!wrote_value) text_.Append("null");
    } else {
      bool wrote_value = false;
      if (Emit(v, key, &wrote_value) == Step::kStop) return status_;
    }
    if (!CheckLength()) return status_;
  }
  return status_;
}

// SerializeJSONProperty for a value read from its holder under `key`. For object members the key
// and separator are written here, once the value is known not to be undefined. Sets *wrote when
// something was written (arrays write "null" otherwise).
JsonWalker::Step JsonWalker::Emit(Value v, const PropertyKey& key, bool* wrote) {
  *wrote = false;
  Action a = Visit(&v);
  switch (a) {
    case Action::kSerialize:
      break;
    case Action::kOmit:
      return Step::kContinue;
    case Action::kNeedsCode:
      status_ = Status::kNeedsCode;
      return Step::kStop;
    case Action::kReject:
      SetPath(key);
      status_ = Status::kRejected;
      return Step::kStop;
    case Action::kThrow:
      status_ = vm_.termination() != Termination::kNone ? Status::kTerminated : Status::kThrown;
      return Step::kStop;
  }
  bool in_object = !levels_.empty() && !levels_.back().is_array;
  auto member_prefix = [&]() {
    if (!in_object) return;
    Level& level = levels_.back();
    if (level.wrote_any) text_.Append(',');
    if (options_.indent) Newline(levels_.size());
    AppendKey(key);
    if (options_.indent) text_.Append(' ');
    level.wrote_any = true;
  };
  switch (v.tag()) {
    case Tag::kNull:
      member_prefix();
      text_.Append("null");
      break;
    case Tag::kBool:
      member_prefix();
      text_.Append(v.AsBool() ? "true" : "false");
      break;
    case Tag::kNumber: {
      member_prefix();
      double d = v.AsNumber();
      if (std::isfinite(d)) {
        char buf[support::kNumberToCharsBufferSize];
        size_t n = support::NumberToChars(d, buf);
        text_.Append(std::string_view(buf, n));
      } else {
        text_.Append("null");
      }
      break;
    }
    case Tag::kInt:
      member_prefix();
      text_.Append(absl::StrCat(v.AsInt()));
      break;
    case Tag::kString:
      member_prefix();
      QuoteJsonString(v.AsString(), &text_);
      break;
    case Tag::kBigInt:
      vm_.ThrowTypeError("Do not know how to serialize a BigInt");
      status_ = Status::kThrown;
      return Step::kStop;
    case Tag::kObject: {
      Object* o = v.AsObject();
      if (vm_.IsCallable(v)) return Step::kContinue;  // functions serialize to undefined
      if (IsOpen(o)) {
        BuildCircularMessage(o, &key);
        SetPath(key);
        status_ = Status::kCycle;
        return Step::kStop;
      }
      if (levels_.size() >= options_.max_depth) {
        SetPath(key);
        status_ = Status::kTooDeep;
        return Step::kStop;
      }
      member_prefix();
      Level level;
      level.obj = o;
      level.via = key;
      level.is_array = vm_.IsArray(v);
      if (level.is_array) {
        level.length = static_cast<ArrayObject*>(vm_.Resolve(o))->length;
        // Every element writes at least one character and a comma: fail early, as V8 does, when the
        // result cannot fit a string.
        if (text_.size() + 2 * static_cast<uint64_t>(level.length) + 1 >
            vm_.limits().max_string_length) {
          vm_.ThrowRangeError("Invalid string length");
          status_ = Status::kThrown;
          return Step::kStop;
        }
        level.holes_are_undefined = NoIndexedOnPrototypes(o);
        text_.Append('[');
      } else {
        if (options_.has_property_list) {
          level.keys = options_.property_list;
        } else {
          level.keys =
              vm_.OwnKeys(o, /*strings=*/true, /*symbols=*/false, /*only_enumerable=*/true);
        }
        level.length = static_cast<uint32_t>(level.keys.size());
        text_.Append('{');
      }
      levels_.push_back(std::move(level));
      if (open_indexed_) {
        open_.insert(o);
      } else if (levels_.size() > 32) {
        for (const Level& l : levels_) open_.insert(l.obj);
        open_indexed_ = true;
      }
      break;
    }
    default:  // undefined, symbols
      return Step::kContinue;
  }
  *wrote = true;
  return CheckLength() ? Step::kContinue : Step::kStop;
}

void JsonWalker::SetPath(const PropertyKey& last) {
  path_.clear();
  auto step = [&](const PropertyKey& k) {
    JsonPathStep s;
    if (k.is_index()) {
      s.is_index = true;
      s.index = k.index;
    } else {
      s.key = k.is_symbol() ? vm_.atom(AtomId::empty) : k.atom();
    }
    path_.push_back(s);
  };
  for (size_t i = 1; i < levels_.size(); ++i) step(levels_[i].via);
  if (!levels_.empty()) step(last);
}

void JsonWalker::BuildCircularMessage(Object* obj, const PropertyKey* closing_key) {
  std::vector<Object*> objects;
  std::vector<PropertyKey> keys;
  size_t start = 0;
  for (size_t i = 0; i < levels_.size(); ++i) {
    if (levels_[i].obj == obj) start = i;
    objects.push_back(levels_[i].obj);
    keys.push_back(levels_[i].via);
  }
  circular_message_ = CircularText(vm_, objects, keys, start, *closing_key);
}

// ---------------------------------------------------------------------------------------- natives

namespace {

// Slow paths registered by the prelude (vm/prelude/30-json.js) in the natives' `data`.
enum JsonSlot { kParseSlow = 0, kInternalize = 1, kSlotCount = 2 };

Value SlowPath(VM& vm, CallArgs& args, int slot) {
  auto* self = static_cast<NativeFunction*>(vm.Resolve(args.callee));
  Value data = self->data;
  if (slot < 0) return data;  // stringify: the function itself
  if (!data.IsObject()) return Value::Undefined();
  Object* arr = vm.Resolve(data.AsObject());
  if (static_cast<size_t>(slot) >= arr->elements().size()) return Value::Undefined();
  return arr->elements()[slot];
}

Value MissingPrelude(VM& vm, std::string_view what) {
  vm.Terminate(Termination::kInternal,
               absl::StrCat("engine bug: the prelude did not register the slow path of ",
                            std::string(what)));
  return Value::Empty();
}

// JSON.parse(text, reviver) (ECMA-262 §25.5.1).
Value JsonParse(VM& vm, CallArgs& args) {
  Value text = args[0];
  Value reviver = args[1];
  if (text.IsObject()) {
    // ToString(text) may run program code.
    Value slow = SlowPath(vm, args, kParseSlow);
    if (!vm.IsCallable(slow)) return MissingPrelude(vm, "JSON.parse");
    Value call_args[] = {text, reviver};
    return vm.TailCall(slow, Value::Undefined(), call_args);
  }
  String* s = text.IsString() ? text.AsString() : vm.ToStringPrimitive(text);
  if (s == nullptr) return Value::Empty();
  Value result = ParseJson(vm, s);
  if (result.IsEmpty()) return result;
  if (vm.IsCallable(reviver)) {
    Value internalize = SlowPath(vm, args, kInternalize);
    if (!vm.IsCallable(internalize)) return MissingPrelude(vm, "JSON.parse");
    Value call_args[] = {result, reviver};
    return vm.TailCall(internalize, Value::Undefined(), call_args);
  }
  return result;
}

// JSON.stringify(value, replacer, space) (ECMA-262 §25.5.2): native for plain data, prelude
// otherwise.
Value JsonStringify(VM& vm, CallArgs& args) {
  Value value = args[0], replacer = args[1], space = args[2];
  auto slow = [&]() -> Value {
    Value fn = SlowPath(vm, args, -1);
    if (!vm.IsCallable(fn)) return MissingPrelude(vm, "JSON.stringify");
    Value call_args[] = {value, replacer, space};
    return vm.TailCall(fn, Value::Undefined(), call_args);
  };
  JsonWalker::Options options;
  if (replacer.IsObject()) {
    if (vm.IsCallable(replacer)) return slow();
    if (vm.IsArray(replacer)) {
      // The property list (§25.5.2.1 step 5.b).
      Object* list = replacer.AsObject();
      uint32_t len = static_cast<ArrayObject*>(vm.Resolve(list))->length;
      options.has_property_list = true;
      vm.ChargeSteps(len / 16 + 1);
      for (uint32_t i = 0; i < len; ++i) {
        Value v, getter;
        if (!vm.GetNoCall(replacer, list, PropertyKey::Index(i), &v, &getter)) return slow();
        PropertyKey key;
        if (v.IsString()) {
          key = vm.KeyFromPrimitive(v);
        } else if (v.IsNumber() || v.IsInt()) {
          key = vm.KeyFromPrimitive(Value::FromString(vm.ToStringPrimitive(v)));
        } else if (v.IsObject()) {
          ObjectClass k = vm.Resolve(v.AsObject())->klass();
          if (k == ObjectClass::kNumber || k == ObjectClass::kString) return slow();
          continue;
        } else {
          continue;
        }
        if (std::find(options.property_list.begin(), options.property_list.end(), key) ==
            options.property_list.end())
          options.property_list.push_back(key);
      }
    }
  }
  if (space.IsObject()) {
    ObjectClass k = vm.Resolve(space.AsObject())->klass();
    if (k == ObjectClass::kNumber || k == ObjectClass::kString) return slow();
  } else if (space.IsNumber() || space.IsInt()) {
    // V8: min(space, 10) > 0 turns indentation on, even when the gap is empty (0 < space < 1).
    double d = space.IsNumber() ? space.AsNumber() : static_cast<double>(space.AsInt());
    d = std::min(d, 10.0);
    if (d > 0) {
      options.indent = true;
      options.gap.assign(static_cast<size_t>(d), u' ');
    }
  } else if (space.IsString()) {
    String* s = space.AsString();
    uint32_t n = std::min<uint32_t>(s->length(), 10);
    if (n > 0) {
      options.indent = true;
      for (uint32_t i = 0; i < n; ++i) options.gap.push_back(s->At(i));
    }
  }
  JsonWalker walker(vm, std::move(options));
  switch (walker.Walk(value)) {
    case JsonWalker::Status::kOk:
      return Value::FromString(walker.text().ToString(vm));
    case JsonWalker::Status::kUndefined:
      return Value::Undefined();
    case JsonWalker::Status::kNeedsCode:
      return slow();
    case JsonWalker::Status::kCycle:
      return vm.ThrowTypeError(walker.CircularMessage());
    case JsonWalker::Status::kTooDeep:
      return vm.ThrowRangeError("Maximum call stack size exceeded");
    case JsonWalker::Status::kRejected:
      return vm.ThrowTypeError(walker.rejection());
    case JsonWalker::Status::kThrown:
    case JsonWalker::Status::kTerminated:
      return Value::Empty();
  }
  return Value::Empty();
}

// ---- __intrinsics__ helpers for vm/prelude/30-json.js

// jsonQuote(string) → the JSON string literal.
Value IntrinsicQuote(VM& vm, CallArgs& args) {
  if (!args[0].IsString()) return vm.ThrowTypeError("jsonQuote: string expected");
  JsonText text;
  QuoteJsonString(args[0].AsString(), &text);
  if (text.size() > vm.limits().max_string_length)
    return vm.ThrowRangeError("Invalid string length");
  vm.ChargeSteps(text.size() / 64 + 1);
  return Value::FromString(text.ToString(vm));
}

// jsonWrapperKind(v) → 1 Number, 2 String, 3 Boolean, 4 BigInt wrapper object, else 0.
Value IntrinsicWrapperKind(VM& vm, CallArgs& args) {
  if (!args[0].IsObject()) return Value::Number(0);
  Object* o = vm.Resolve(args[0].AsObject());
  switch (o->klass()) {
    case ObjectClass::kNumber:
      return Value::Number(1);
    case ObjectClass::kString:
      return Value::Number(2);
    case ObjectClass::kBoolean:
      return Value::Number(3);
    default:
      if (o->klass() != ObjectClass::kDate && o->internal().IsBigInt()) return Value::Number(4);
      return Value::Number(0);
  }
}

// jsonUnwrap(wrapper) → its [[BooleanData]] / [[BigIntData]].
Value IntrinsicUnwrap(VM& vm, CallArgs& args) {
  if (!args[0].IsObject()) return args[0];
  return vm.Resolve(args[0].AsObject())->internal();
}

// jsonCircularMessage(objects, keys, closingKey): the TypeError message for a cycle found by the
// prelude's serializer. keys[i] is the key (string) objects[i] was reached by.
Value IntrinsicCircularMessage(VM& vm, CallArgs& args) {
  if (!vm.IsArray(args[0]) || !vm.IsArray(args[1]))
    return vm.ThrowTypeError("jsonCircularMessage: arrays expected");
  Object* objs = vm.Resolve(args[0].AsObject());
  Object* ks = vm.Resolve(args[1].AsObject());
  std::vector<Object*> objects;
  std::vector<PropertyKey> keys;
  size_t n = std::min(objs->elements().size(), ks->elements().size());
  auto to_key = [&](Value k, Object* holder) {
    if (k.IsString() || k.IsNumber()) {
      PropertyKey key = vm.KeyFromPrimitive(k);
      if (key.is_index() && (holder == nullptr || !vm.IsArray(Value::FromObject(holder))))
        return PropertyKey::Atom(vm.Intern(vm.KeyToString(key)));
      return key;
    }
    return PropertyKey::Atom(vm.atom(AtomId::empty));
  };
  for (size_t i = 0; i < n; ++i) {
    Value o = objs->elements()[i];
    if (!o.IsObject()) return vm.ThrowTypeError("jsonCircularMessage: objects expected");
    objects.push_back(o.AsObject());
    keys.push_back(to_key(ks->elements()[i], i > 0 ? objects[i - 1] : nullptr));
  }
  if (objects.empty()) return vm.ThrowTypeError("jsonCircularMessage: empty stack");
  // The cycle starts at the first occurrence of the object being entered again.
  Object* again = args[3].IsObject() ? args[3].AsObject() : objects.front();
  size_t start = 0;
  for (size_t i = 0; i < objects.size(); ++i)
    if (objects[i] == again) {
      start = i;
      break;
    }
  PropertyKey closing = to_key(args[2], objects.back());
  return vm.Str(CircularText(vm, objects, keys, start, closing));
}

// jsonSetup(parseSlow, internalize, stringifySlow): registers the prelude's slow paths.
Value IntrinsicSetup(VM& vm, CallArgs& args) {
  auto* self = static_cast<NativeFunction*>(args.callee);
  Object* targets = self->data.AsObject();
  auto* parse = static_cast<NativeFunction*>(targets->elements()[0].AsObject());
  auto* stringify = static_cast<NativeFunction*>(targets->elements()[1].AsObject());
  Value slots[] = {args[0], args[1]};
  parse->data = Value::FromObject(vm.NewArrayFrom(slots));
  stringify->data = args[2];
  return Value::Undefined();
}

}  // namespace

void InstallJsonBuiltins(VM& vm, Intrinsics& in) {
  Object* json = vm.NewObject();
  NativeFunction* parse = vm.DefineMethod(json, "parse", JsonParse, 2);
  NativeFunction* stringify = vm.DefineMethod(json, "stringify", JsonStringify, 3);
  if (in.sym_to_string_tag != nullptr)
    vm.DefineOwnProperty(json, PropertyKey::Sym(in.sym_to_string_tag), vm.Str("JSON"),
                         kConfigurable);
  vm.DefineValue(in.global, "JSON", Value::FromObject(json), kHiddenAttrs);

  Value intrinsics = vm.GetGlobal("__intrinsics__");
  if (!intrinsics.IsObject()) return;
  Object* I = intrinsics.AsObject();
  vm.DefineMethod(I, "jsonQuote", IntrinsicQuote, 1);
  vm.DefineMethod(I, "jsonWrapperKind", IntrinsicWrapperKind, 1);
  vm.DefineMethod(I, "jsonUnwrap", IntrinsicUnwrap, 1);
  vm.DefineMethod(I, "jsonCircularMessage", IntrinsicCircularMessage, 4);
  NativeFunction* setup = vm.DefineMethod(I, "jsonSetup", IntrinsicSetup, 3);
  Value targets[] = {Value::FromObject(parse), Value::FromObject(stringify)};
  setup->data = Value::FromObject(vm.NewArrayFrom(targets));
}

}  // namespace codemode::vm
