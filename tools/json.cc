#include "tools/json.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <system_error>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "double-conversion/double-to-string.h"
#include "simdjson.h"

namespace codemode::json {

std::string_view TypeName(Type type) {
  switch (type) {
    case Type::kNull:
      return "null";
    case Type::kBool:
      return "boolean";
    case Type::kNumber:
      return "number";
    case Type::kString:
      return "string";
    case Type::kArray:
      return "array";
    case Type::kObject:
      return "object";
  }
  return "unknown";
}

// ---------------------------------------------------------------------------------------------
// Value

Value Value::Bool(bool b) {
  Value v;
  v.data_.emplace<bool>(b);
  return v;
}

Value Value::MakeNum(double d, int64_t i, bool is_int) {
  Value v;
  v.data_.emplace<Num>(Num{d, i, is_int});
  return v;
}

Value Value::Integer(int64_t i) { return MakeNum(static_cast<double>(i), i, true); }

Value Value::Number(double d) { return MakeNum(d, 0, false); }

Value Value::String(std::string utf8) {
  Value v;
  v.data_.emplace<std::string>(std::move(utf8));
  return v;
}

Value Value::FromArray(Array elements) {
  Value v;
  v.data_.emplace<std::shared_ptr<const Array>>(std::make_shared<const Array>(std::move(elements)));
  return v;
}

Value Value::FromObject(Object members) {
  Value v;
  v.data_.emplace<std::shared_ptr<const Object>>(
      std::make_shared<const Object>(std::move(members)));
  return v;
}

bool Value::is_integer() const {
  const Num* n = std::get_if<Num>(&data_);
  return n != nullptr && n->is_int;
}

bool Value::as_bool() const {
  const bool* b = std::get_if<bool>(&data_);
  return b != nullptr && *b;
}

double Value::as_double() const {
  const Num* n = std::get_if<Num>(&data_);
  return n == nullptr ? 0.0 : n->d;
}

int64_t Value::as_int64() const {
  const Num* n = std::get_if<Num>(&data_);
  if (n == nullptr) return 0;
  if (n->is_int) return n->i;
  if (std::isnan(n->d)) return 0;
  // 2^63 is exactly representable; anything at or beyond it saturates.
  if (n->d >= 9223372036854775808.0) return std::numeric_limits<int64_t>::max();
  if (n->d < -9223372036854775808.0) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(n->d);
}

const std::string& Value::as_string() const {
  static const std::string kEmpty;
  const std::string* s = std::get_if<std::string>(&data_);
  return s == nullptr ? kEmpty : *s;
}

const Array& Value::as_array() const {
  static const Array kEmpty;
  const auto* a = std::get_if<std::shared_ptr<const Array>>(&data_);
  return a == nullptr ? kEmpty : **a;
}

const Object& Value::as_object() const {
  static const Object kEmpty;
  const auto* o = std::get_if<std::shared_ptr<const Object>>(&data_);
  return o == nullptr ? kEmpty : **o;
}

const Value* Value::Find(std::string_view key) const {
  const auto* o = std::get_if<std::shared_ptr<const Object>>(&data_);
  return o == nullptr ? nullptr : (*o)->Find(key);
}

namespace {

// Exact comparison of an int64 with a double (no rounding of the integer).
bool IntEqualsDouble(int64_t i, double d) {
  if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0)) return false;
  if (d != std::trunc(d)) return false;
  return static_cast<int64_t>(d) == i;
}

}  // namespace

bool operator==(const Value& a, const Value& b) {
  if (a.type() != b.type()) return false;
  switch (a.type()) {
    case Type::kNull:
      return true;
    case Type::kBool:
      return a.as_bool() == b.as_bool();
    case Type::kNumber: {
      const auto& x = std::get<Value::Num>(a.data_);
      const auto& y = std::get<Value::Num>(b.data_);
      if (x.is_int && y.is_int) return x.i == y.i;
      if (x.is_int) return IntEqualsDouble(x.i, y.d);
      if (y.is_int) return IntEqualsDouble(y.i, x.d);
      return x.d == y.d;
    }
    case Type::kString:
      return a.as_string() == b.as_string();
    case Type::kArray: {
      const auto& x = std::get<std::shared_ptr<const Array>>(a.data_);
      const auto& y = std::get<std::shared_ptr<const Array>>(b.data_);
      return x == y || *x == *y;
    }
    case Type::kObject: {
      const auto& x = std::get<std::shared_ptr<const Object>>(a.data_);
      const auto& y = std::get<std::shared_ptr<const Object>>(b.data_);
      return x == y || *x == *y;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Object

void Object::Set(std::string key, Value value) {
  if (entries_.size() < kIndexThreshold) {
    for (Entry& e : entries_) {
      if (e.first == key) {
        e.second = std::move(value);
        return;
      }
    }
    entries_.emplace_back(std::move(key), std::move(value));
    if (entries_.size() == kIndexThreshold) {
      for (size_t i = 0; i < entries_.size(); ++i) index_.emplace(entries_[i].first, i);
    }
    return;
  }
  auto [it, inserted] = index_.try_emplace(key, entries_.size());
  if (!inserted) {
    entries_[it->second].second = std::move(value);
    return;
  }
  entries_.emplace_back(std::move(key), std::move(value));
}

const Value* Object::Find(std::string_view key) const {
  if (entries_.size() < kIndexThreshold) {
    for (const Entry& e : entries_) {
      if (e.first == key) return &e.second;
    }
    return nullptr;
  }
  auto it = index_.find(absl::string_view(key.data(), key.size()));
  return it == index_.end() ? nullptr : &entries_[it->second].second;
}

// ---------------------------------------------------------------------------------------------
// UTF-8

namespace {

// Length (1..4) of the well-formed UTF-8 sequence starting at s[i] (Unicode Table 3-7), or 0.
size_t Utf8Length(std::string_view s, size_t i, uint32_t* code_point) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = byte(i);
  if (c < 0x80) {
    *code_point = c;
    return 1;
  }
  size_t len;
  uint32_t cp;
  unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
  if (c >= 0xC2 && c <= 0xDF) {
    len = 2;
    cp = c & 0x1F;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3;
    cp = c & 0x0F;
    if (c == 0xE0) lo = 0xA0;  // overlong
    if (c == 0xED) hi = 0x9F;  // surrogates
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4;
    cp = c & 0x07;
    if (c == 0xF0) lo = 0x90;  // overlong
    if (c == 0xF4) hi = 0x8F;  // beyond U+10FFFF
  } else {
    return 0;
  }
  if (i + len > s.size()) return 0;
  for (size_t k = 1; k < len; ++k) {
    unsigned char b = byte(i + k);
    if (k == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xBF)) return 0;
    cp = (cp << 6) | (b & 0x3F);
  }
  *code_point = cp;
  return len;
}

}  // namespace

bool IsValidUtf8(std::string_view bytes) {
  for (size_t i = 0; i < bytes.size();) {
    uint32_t cp;
    size_t n = Utf8Length(bytes, i, &cp);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Serialization

void AppendNumber(double d, std::string* out) {
  char buffer[64];
  double_conversion::StringBuilder builder(buffer, sizeof(buffer));
  double_conversion::DoubleToStringConverter::EcmaScriptConverter().ToShortest(d, &builder);
  out->append(buffer, builder.position());
}

std::string NumberToString(double d) {
  std::string out;
  AppendNumber(d, &out);
  return out;
}

void AppendQuoted(std::string_view utf8, std::string* out) {
  static constexpr char kHex[] = "0123456789abcdef";
  out->push_back('"');
  size_t i = 0;
  while (i < utf8.size()) {
    // Copy the longest run that needs no escaping in one go.
    size_t run = i;
    while (run < utf8.size()) {
      unsigned char c = static_cast<unsigned char>(utf8[run]);
      if (c < 0x20 || c == '"' || c == '\\' || c >= 0x80) break;
      ++run;
    }
    out->append(utf8.data() + i, run - i);
    i = run;
    if (i >= utf8.size()) break;
    unsigned char c = static_cast<unsigned char>(utf8[i]);
    if (c >= 0x80) {
      uint32_t cp;
      size_t n = Utf8Length(utf8, i, &cp);
      if (n == 0) {
        out->append("\xEF\xBF\xBD");  // U+FFFD for an invalid byte
        ++i;
      } else {
        out->append(utf8.data() + i, n);
        i += n;
      }
      continue;
    }
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
        out->append("\\u00");
        out->push_back(kHex[c >> 4]);
        out->push_back(kHex[c & 0xF]);
    }
    ++i;
  }
  out->push_back('"');
}

namespace {

class Serializer {
 public:
  Serializer(std::string* out, int indent) : out_(out), indent_(indent) {}

  void Write(const Value& v, int level) {
    switch (v.type()) {
      case Type::kNull:
        out_->append("null");
        return;
      case Type::kBool:
        out_->append(v.as_bool() ? "true" : "false");
        return;
      case Type::kNumber:
        if (v.is_integer()) {
          absl::StrAppend(out_, v.as_int64());
        } else if (std::isfinite(v.as_double())) {
          AppendNumber(v.as_double(), out_);
        } else {
          out_->append("null");  // SerializeJSONProperty: non-finite → "null"
        }
        return;
      case Type::kString:
        AppendQuoted(v.as_string(), out_);
        return;
      case Type::kArray: {
        const Array& a = v.as_array();
        if (a.empty()) {
          out_->append("[]");
          return;
        }
        out_->push_back('[');
        for (size_t i = 0; i < a.size(); ++i) {
          if (i > 0) out_->push_back(',');
          NewLine(level + 1);
          Write(a[i], level + 1);
        }
        NewLine(level);
        out_->push_back(']');
        return;
      }
      case Type::kObject: {
        const Object& o = v.as_object();
        if (o.empty()) {
          out_->append("{}");
          return;
        }
        out_->push_back('{');
        bool first = true;
        for (const auto& [key, member] : o) {
          if (!first) out_->push_back(',');
          first = false;
          NewLine(level + 1);
          AppendQuoted(key, out_);
          out_->append(indent_ > 0 ? ": " : ":");
          Write(member, level + 1);
        }
        NewLine(level);
        out_->push_back('}');
        return;
      }
    }
  }

 private:
  void NewLine(int level) {
    if (indent_ == 0) return;
    out_->push_back('\n');
    out_->append(static_cast<size_t>(level) * indent_, ' ');
  }

  std::string* out_;
  int indent_;
};

}  // namespace

std::string Serialize(const Value& value) {
  std::string out;
  Serializer(&out, 0).Write(value, 0);
  return out;
}

std::string SerializePretty(const Value& value, int indent) {
  std::string out;
  Serializer(&out, std::clamp(indent, 0, 10)).Write(value, 0);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Error location. simdjson reports what kind of error it met but not where, so when it rejects a
// text this strict RFC 8259 scanner (error path only; it builds nothing) finds the first offending
// byte and says what was expected there.

namespace {

struct SyntaxError {
  size_t offset;
  std::string what;
};

bool IsJsonSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }

std::string DescribeChar(std::string_view text, size_t pos) {
  unsigned char c = static_cast<unsigned char>(text[pos]);
  if (c >= 0x21 && c < 0x7F) return absl::StrFormat("character '%c'", c);
  if (c == ' ') return "character ' '";
  uint32_t cp;
  if (c >= 0x80 && Utf8Length(text, pos, &cp) == 0) {
    return absl::StrFormat("byte 0x%02X (invalid UTF-8)", c);
  }
  if (c < 0x80) cp = c;
  return absl::StrFormat("character U+%04X", cp);
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The 4 hex digits of a \u escape whose backslash is at `at` in `text`; -1 if malformed.
int ReadEscapeHex4(std::string_view text, size_t at) {
  if (at + 6 > text.size() || text[at + 1] != 'u') return -1;
  int v = 0;
  for (size_t k = at + 2; k < at + 6; ++k) {
    int h = HexValue(text[k]);
    if (h < 0) return -1;
    v = v * 16 + h;
  }
  return v;
}

class Locator {
 public:
  Locator(std::string_view text, int max_depth) : text_(text), max_depth_(max_depth) {}

  std::optional<SyntaxError> Run() {
    enum class State { kValue, kAfterValue, kKey };
    State state = State::kValue;
    SkipSpace();
    if (pos_ == text_.size()) return Fail(pos_, "no JSON value (empty input)");
    while (true) {
      switch (state) {
        case State::kValue: {
          SkipSpace();
          if (pos_ == text_.size()) return Fail(pos_, "unexpected end of input, expected a value");
          char c = text_[pos_];
          if (c == '{' || c == '[') {
            if (static_cast<int>(stack_.size()) >= max_depth_) {
              return Fail(pos_, absl::StrCat("nesting deeper than ", max_depth_, " levels"));
            }
            stack_.push_back(c);
            ++pos_;
            SkipSpace();
            char close = c == '{' ? '}' : ']';
            if (pos_ < text_.size() && text_[pos_] == close) {
              ++pos_;
              stack_.pop_back();
              state = State::kAfterValue;
            } else {
              state = c == '{' ? State::kKey : State::kValue;
            }
            break;
          }
          if (c == '"') {
            if (auto e = ScanString()) return e;
          } else if (c == '-' || IsDigit(c)) {
            if (auto e = ScanNumber()) return e;
          } else if (c == 't' || c == 'f' || c == 'n') {
            if (auto e = ScanLiteral()) return e;
          } else {
            return Fail(
                pos_, absl::StrCat("unexpected ", DescribeChar(text_, pos_), ", expected a value"));
          }
          state = State::kAfterValue;
          break;
        }
        case State::kAfterValue: {
          SkipSpace();
          if (stack_.empty()) {
            if (pos_ != text_.size()) {
              return Fail(pos_, absl::StrCat("unexpected ", DescribeChar(text_, pos_),
                                             " after the JSON value"));
            }
            return std::nullopt;
          }
          bool in_array = stack_.back() == '[';
          if (pos_ == text_.size()) {
            return Fail(pos_, in_array ? "unexpected end of input, expected ',' or ']'"
                                       : "unexpected end of input, expected ',' or '}'");
          }
          char c = text_[pos_];
          if (c == ',') {
            ++pos_;
            state = in_array ? State::kValue : State::kKey;
          } else if (c == (in_array ? ']' : '}')) {
            ++pos_;
            stack_.pop_back();
          } else {
            return Fail(pos_, absl::StrCat("unexpected ", DescribeChar(text_, pos_),
                                           in_array ? ", expected ',' or ']' after an array element"
                                                    : ", expected ',' or '}' after a member"));
          }
          break;
        }
        case State::kKey: {
          SkipSpace();
          if (pos_ == text_.size()) {
            return Fail(pos_, "unexpected end of input, expected a string key");
          }
          if (text_[pos_] != '"') {
            return Fail(pos_, absl::StrCat("unexpected ", DescribeChar(text_, pos_),
                                           ", expected a string key"));
          }
          if (auto e = ScanString()) return e;
          SkipSpace();
          if (pos_ == text_.size()) return Fail(pos_, "unexpected end of input, expected ':'");
          if (text_[pos_] != ':') {
            return Fail(pos_, absl::StrCat("unexpected ", DescribeChar(text_, pos_),
                                           ", expected ':' after a key"));
          }
          ++pos_;
          state = State::kValue;
          break;
        }
      }
    }
  }

 private:
  static std::optional<SyntaxError> Fail(size_t offset, std::string what) {
    return SyntaxError{offset, std::move(what)};
  }

  void SkipSpace() {
    while (pos_ < text_.size() && IsJsonSpace(text_[pos_])) ++pos_;
  }

  int ReadHex4(size_t at) const { return ReadEscapeHex4(text_, at); }

  std::optional<SyntaxError> ScanString() {
    size_t open = pos_++;
    while (true) {
      if (pos_ >= text_.size()) return Fail(open, "unterminated string");
      unsigned char c = static_cast<unsigned char>(text_[pos_]);
      if (c == '"') {
        ++pos_;
        return std::nullopt;
      }
      if (c < 0x20) {
        return Fail(pos_,
                    absl::StrFormat("control character U+%04X must be escaped in a string", c));
      }
      if (c >= 0x80) {
        uint32_t cp;
        size_t n = Utf8Length(text_, pos_, &cp);
        if (n == 0) return Fail(pos_, "invalid UTF-8 in a string");
        pos_ += n;
        continue;
      }
      if (c != '\\') {
        ++pos_;
        continue;
      }
      if (pos_ + 1 >= text_.size()) return Fail(open, "unterminated string");
      char e = text_[pos_ + 1];
      if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r' ||
          e == 't') {
        pos_ += 2;
        continue;
      }
      if (e != 'u') {
        return Fail(pos_,
                    absl::StrCat("invalid escape ", DescribeChar(text_, pos_ + 1), " after '\\'"));
      }
      int unit = ReadHex4(pos_);
      if (unit < 0) return Fail(pos_, "invalid \\u escape (expected 4 hex digits)");
      if (unit >= 0xD800 && unit <= 0xDBFF) {
        int low = ReadHex4(pos_ + 6);
        if (low >= 0xDC00 && low <= 0xDFFF) {
          pos_ += 12;
          continue;
        }
      }
      if (unit >= 0xD800 && unit <= 0xDFFF) {
        return Fail(
            pos_, absl::StrFormat("lone surrogate \\u%04X in a string (not representable in UTF-8)",
                                  unit));
      }
      pos_ += 6;
    }
  }

  std::optional<SyntaxError> ScanNumber() {
    size_t start = pos_;
    if (text_[pos_] == '-') ++pos_;
    if (pos_ >= text_.size() || !IsDigit(text_[pos_])) {
      return Fail(pos_ >= text_.size() ? start : pos_, "invalid number: expected a digit");
    }
    int int_digits = 0;  // significant digits before the point
    int frac_zeros = 0;  // leading zeros after the point when the integer part is 0
    if (text_[pos_] == '0') {
      ++pos_;
      if (pos_ < text_.size() && IsDigit(text_[pos_])) {
        return Fail(start, "invalid number: leading zeros are not allowed");
      }
    } else {
      while (pos_ < text_.size() && IsDigit(text_[pos_])) {
        ++pos_;
        ++int_digits;
      }
    }
    if (pos_ < text_.size() && text_[pos_] == '.') {
      ++pos_;
      if (pos_ >= text_.size() || !IsDigit(text_[pos_])) {
        return Fail(pos_ >= text_.size() ? start : pos_,
                    "invalid number: expected a digit after '.'");
      }
      bool leading = int_digits == 0;
      while (pos_ < text_.size() && IsDigit(text_[pos_])) {
        if (leading && text_[pos_] == '0') {
          ++frac_zeros;
        } else {
          leading = false;
        }
        ++pos_;
      }
    }
    int64_t exponent = 0;
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      ++pos_;
      bool negative = false;
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) {
        negative = text_[pos_] == '-';
        ++pos_;
      }
      if (pos_ >= text_.size() || !IsDigit(text_[pos_])) {
        return Fail(pos_ >= text_.size() ? start : pos_,
                    "invalid number: expected a digit in the exponent");
      }
      while (pos_ < text_.size() && IsDigit(text_[pos_])) {
        exponent = std::min<int64_t>(exponent * 10 + (text_[pos_] - '0'), 1000000);
        ++pos_;
      }
      if (negative) exponent = -exponent;
    }
    double d;
    auto [ptr, ec] = std::from_chars(text_.data() + start, text_.data() + pos_, d);
    if (ec == std::errc::result_out_of_range) {
      // Underflow rounds to zero as JSON.parse does; only overflow is an error.
      int64_t magnitude = int_digits > 0 ? int_digits + exponent : exponent - frac_zeros;
      if (magnitude > 0) return Fail(start, "number out of range (too large for a double)");
    }
    return std::nullopt;
  }

  std::optional<SyntaxError> ScanLiteral() {
    for (std::string_view word : {"true", "false", "null"}) {
      if (text_.substr(pos_, word.size()) == word) {
        pos_ += word.size();
        return std::nullopt;
      }
    }
    return Fail(pos_, "invalid literal (expected true, false or null)");
  }

  std::string_view text_;
  int max_depth_;
  size_t pos_ = 0;
  std::vector<char> stack_;
};

absl::Status LocatedError(std::string_view text, const SyntaxError& e) {
  int line = 1, column = 1;
  for (size_t i = 0; i < e.offset && i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      ++line;
      column = 1;
    } else if ((c & 0xC0) != 0x80) {  // count characters, not continuation bytes
      ++column;
    }
  }
  return absl::InvalidArgumentError(absl::StrFormat(
      "invalid JSON at line %d, column %d (byte %d): %s", line, column, e.offset, e.what));
}

// ---------------------------------------------------------------------------------------------
// Parsing with simdjson On Demand. The whole document is visited, so every byte is validated.

namespace ondemand = simdjson::ondemand;

// Nesting beyond ParseOptions::max_depth; the locator then reports where.
constexpr simdjson::error_code kTooDeep = simdjson::DEPTH_ERROR;

std::string_view TrimRight(std::string_view s) {
  while (!s.empty() && IsJsonSpace(s.back())) s.remove_suffix(1);
  return s;
}

std::string_view RawToken(ondemand::value& v) { return v.raw_json_token(); }
std::string_view RawToken(ondemand::document& d) {
  std::string_view raw;
  if (d.raw_json_token().get(raw)) return {};
  return raw;
}

}  // namespace

// Builds Values from simdjson's On Demand API; `out == nullptr` only validates.
class ValueParser {
 public:
  ValueParser(int max_depth, bool allow_overflow)
      : max_depth_(max_depth), allow_overflow_(allow_overflow) {}

  template <typename V>
  simdjson::error_code Convert(V& v, int depth, Value* out) {
    ondemand::json_type type;
    if (auto err = v.type().get(type)) return err;
    switch (type) {
      case ondemand::json_type::array: {
        if (depth + 1 > max_depth_) return kTooDeep;
        ondemand::array array;
        if (auto err = v.get_array().get(array)) return err;
        Array elements;
        for (auto element : array) {
          ondemand::value child;
          if (auto err = element.get(child)) return err;
          Value converted;
          if (auto err = Convert(child, depth + 1, out ? &converted : nullptr)) return err;
          if (out) elements.push_back(std::move(converted));
        }
        if (out) *out = Value::FromArray(std::move(elements));
        return simdjson::SUCCESS;
      }
      case ondemand::json_type::object: {
        if (depth + 1 > max_depth_) return kTooDeep;
        ondemand::object object;
        if (auto err = v.get_object().get(object)) return err;
        Object members;
        for (auto field : object) {
          if (auto err = field.error()) return err;
          ondemand::field f = std::move(field).value_unsafe();
          std::string_view key;
          if (auto err = f.unescaped_key().get(key)) return err;
          std::string key_copy(key);
          ondemand::value child = f.value();
          Value converted;
          if (auto err = Convert(child, depth + 1, out ? &converted : nullptr)) return err;
          if (out) members.Set(std::move(key_copy), std::move(converted));
        }
        if (out) *out = Value::FromObject(std::move(members));
        return simdjson::SUCCESS;
      }
      case ondemand::json_type::number:
        return ConvertNumber(v, out);
      case ondemand::json_type::string: {
        std::string_view s;
        if (auto err = v.get_string().get(s)) return err;
        if (out) *out = Value::String(std::string(s));
        return simdjson::SUCCESS;
      }
      case ondemand::json_type::boolean: {
        bool b;
        if (auto err = v.get_bool().get(b)) return err;
        if (out) *out = Value::Bool(b);
        return simdjson::SUCCESS;
      }
      case ondemand::json_type::null: {
        bool is_null;
        if (auto err = v.is_null().get(is_null)) return err;
        if (!is_null) return simdjson::N_ATOM_ERROR;
        if (out) *out = Value::Null();
        return simdjson::SUCCESS;
      }
    }
    return simdjson::TAPE_ERROR;
  }

 private:
  template <typename V>
  simdjson::error_code ConvertNumber(V& v, Value* out) {
    // The token's spelling decides integer vs float ("3" vs "3.0"/"3e0"), as Lua needs.
    std::string_view token = TrimRight(RawToken(v));
    bool integer_syntax = !token.empty() && token.find_first_of(".eE") == std::string_view::npos;
    if (integer_syntax) {
      int64_t i;
      if (v.get_int64().get(i) == simdjson::SUCCESS) {
        // "-0" is integer 0 for Lua but -0 for JavaScript (JSON.parse("-0") is -0).
        double d = (i == 0 && token[0] == '-') ? -0.0 : static_cast<double>(i);
        if (out) *out = Value::MakeNum(d, i, true);
        return simdjson::SUCCESS;
      }
      // Beyond int64: a float, like Lua's tonumber and JSON.parse.
    }
    double d;
    if (auto err = v.get_double().get(d)) {
      // A well-formed number too large for a double (JSON.parse: ±Infinity), when allowed.
      if (!allow_overflow_ || out != nullptr) return err;
      auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), d);
      if (ec != std::errc::result_out_of_range || ptr != token.data() + token.size()) return err;
    }
    if (out) *out = Value::Number(d);
    return simdjson::SUCCESS;
  }

  int max_depth_;
  bool allow_overflow_;
};

namespace {

absl::Status ErrorFor(std::string_view text, int max_depth, simdjson::error_code err) {
  if (auto located = Locator(text, max_depth).Run()) return LocatedError(text, *located);
  // The scanner found nothing wrong: report simdjson's own words rather than inventing a place.
  return absl::InvalidArgumentError(absl::StrCat("invalid JSON: ", simdjson::error_message(err)));
}

absl::Status ParseInto(std::string_view text, const ParseOptions& options, Value* out) {
  int max_depth = std::clamp(options.max_depth, 1, 1024);
  if (text.size() > options.max_bytes) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "JSON text is %d bytes, over the limit of %d bytes", text.size(), options.max_bytes));
  }
  simdjson::padded_string padded(text);
  ondemand::parser parser;
  ondemand::document doc;
  simdjson::error_code err = parser.iterate(padded).get(doc);
  if (!err) err = ValueParser(max_depth, options.allow_number_overflow).Convert(doc, 0, out);
  if (!err) {
    // After the whole value was read, a readable location means there is more text.
    const char* rest;
    if (doc.current_location().get(rest) == simdjson::SUCCESS) err = simdjson::TRAILING_CONTENT;
  }
  if (err) return ErrorFor(text, max_depth, err);
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Value> Parse(std::string_view text, const ParseOptions& options) {
  Value value;
  if (absl::Status s = ParseInto(text, options, &value); !s.ok()) return s;
  return value;
}

namespace {

// `text` with every \u escape of a lone surrogate turned into \uFFFD (same length, so error positions
// stay true), or nullopt when it has none.
std::optional<std::string> MaskLoneSurrogates(std::string_view text) {
  auto hex4 = [&](size_t at) {
    return at < text.size() && text[at] == '\\' ? ReadEscapeHex4(text, at) : -1;
  };
  std::optional<std::string> masked;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (!in_string) {
      in_string = c == '"';
      continue;
    }
    if (c == '"') {
      in_string = false;
    } else if (c == '\\') {
      int unit = hex4(i);
      if (unit >= 0xD800 && unit <= 0xDBFF) {
        int low = hex4(i + 6);
        if (low >= 0xDC00 && low <= 0xDFFF) {
          i += 11;
          continue;
        }
      }
      if (unit >= 0xD800 && unit <= 0xDFFF) {
        if (!masked) masked.emplace(text);
        masked->replace(i + 2, 4, "FFFD");
      }
      ++i;  // the escaped character (or the 'u' of an escape whose digits are plain characters)
    }
  }
  return masked;
}

}  // namespace

absl::Status Validate(std::string_view text, const ParseOptions& options) {
  if (options.allow_lone_surrogates) {
    if (std::optional<std::string> masked = MaskLoneSurrogates(text))
      return ParseInto(*masked, options, nullptr);
  }
  return ParseInto(text, options, nullptr);
}

}  // namespace codemode::json
