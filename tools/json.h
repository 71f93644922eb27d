// JSON values for host-side data: tool schemas, manifests, tool inputs/outputs seen by the host.
// Parsing uses simdjson (DESIGN §3 invariant 4); serialization follows ECMA-262 JSON.stringify.
#ifndef CODEMODE_TOOLS_JSON_H_
#define CODEMODE_TOOLS_JSON_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace codemode::json {

class Value;
class Object;
using Array = std::vector<Value>;

enum class Type : uint8_t { kNull, kBool, kNumber, kString, kArray, kObject };

// Returns "null", "boolean", "number", "string", "array" or "object".
std::string_view TypeName(Type type);

// An immutable JSON value. Arrays and objects are shared between copies (copying a Value is
// cheap); build them with Array / Object, then wrap them with FromArray / FromObject.
//
// Numbers keep how they were written: a number parsed from integer syntax ("3", "-0") that fits
// in int64 is an *integer* (is_integer() is true, as_int64() is exact), everything else ("3.0",
// "3e0", integers beyond int64) is a float. as_double() is always available and equals what
// ECMA-262 JSON.parse gives (so "-0" is integer 0 but as_double() is -0.0).
class Value {
 public:
  Value() = default;  // null

  static Value Null() { return Value(); }
  static Value Bool(bool b);
  static Value Integer(int64_t i);
  // A float number. Non-finite values are allowed in memory and serialize as null (as in JS).
  static Value Number(double d);
  // `utf8` should be valid UTF-8; Serialize replaces invalid sequences with U+FFFD.
  static Value String(std::string utf8);
  static Value FromArray(Array elements);
  static Value FromObject(Object members);

  Type type() const { return static_cast<Type>(data_.index()); }
  bool is_null() const { return type() == Type::kNull; }
  bool is_bool() const { return type() == Type::kBool; }
  bool is_number() const { return type() == Type::kNumber; }
  bool is_integer() const;  // a number with integer syntax that fits in int64
  bool is_string() const { return type() == Type::kString; }
  bool is_array() const { return type() == Type::kArray; }
  bool is_object() const { return type() == Type::kObject; }

  // Accessors. Calling one on the wrong type returns false / 0 / an empty string, array or object
  // (never crashes); check the type first.
  bool as_bool() const;
  double as_double() const;
  // The exact integer for is_integer(); for a float, the value truncated toward zero and saturated
  // to the int64 range (NaN gives 0).
  int64_t as_int64() const;
  const std::string& as_string() const;
  const Array& as_array() const;
  const Object& as_object() const;

  // For an object: the member named `key`, or nullptr (also nullptr when this is not an object).
  const Value* Find(std::string_view key) const;

  // Structural equality. Numbers compare by mathematical value (3 == 3.0, 0 == -0); object members
  // compare in order (key order is part of a JS value).
  friend bool operator==(const Value& a, const Value& b);
  friend bool operator!=(const Value& a, const Value& b) { return !(a == b); }

 private:
  struct Num {
    double d = 0;
    int64_t i = 0;
    bool is_int = false;
  };
  friend class ValueParser;
  static Value MakeNum(double d, int64_t i, bool is_int);

  // Alternative index == Type.
  std::variant<std::monostate, bool, Num, std::string, std::shared_ptr<const Array>,
               std::shared_ptr<const Object>>
      data_;
};

// An object under construction, or the members of an object Value. Keys keep insertion order;
// setting an existing key replaces its value but keeps its first position (as JSON.parse does
// with duplicate keys, ECMA-262 §25.5.1).
class Object {
 public:
  using Entry = std::pair<std::string, Value>;
  using const_iterator = std::vector<Entry>::const_iterator;

  void Set(std::string key, Value value);
  const Value* Find(std::string_view key) const;
  bool Contains(std::string_view key) const { return Find(key) != nullptr; }

  size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  const Entry& at(size_t i) const { return entries_[i]; }
  const_iterator begin() const { return entries_.begin(); }
  const_iterator end() const { return entries_.end(); }

  friend bool operator==(const Object& a, const Object& b) { return a.entries_ == b.entries_; }

 private:
  // Small objects are searched linearly; the index exists once there are more members.
  static constexpr size_t kIndexThreshold = 8;
  std::vector<Entry> entries_;
  absl::flat_hash_map<std::string, size_t> index_;
};

// Limits for Parse. Texts over max_bytes or nesting deeper than max_depth arrays/objects are
// rejected (a top-level scalar is depth 0, "[]" is depth 1). max_depth is clamped to 1..1024.
struct ParseOptions {
  int max_depth = 64;
  size_t max_bytes = size_t{64} << 20;
  // Validate only: accept \u escapes of lone surrogates (JSON.parse does, and a JavaScript program's
  // strings may hold them, so a tool echoing its input gives them back). Parse still rejects them: a
  // Value holds UTF-8.
  bool allow_lone_surrogates = false;
  // Validate only: accept numbers whose magnitude overflows a double (`1e400`) inside an array or
  // object, which JSON.parse reads as ±Infinity (a whole text that is one such number is still
  // refused). Parse still rejects them (a Value would have to hold an infinity).
  bool allow_number_overflow = false;
};

// Parses one JSON text (RFC 8259; ECMA-262 §25.5.1 JSON.parse grammar) with simdjson.
// Leading/trailing whitespace is allowed; anything else after the value is an error.
// Errors (InvalidArgument) read "invalid JSON at line L, column C (byte B): <what>", with 1-based
// line and column (column counts Unicode characters) and 0-based byte offset. Rejected besides
// syntax errors: invalid UTF-8, \u escapes of lone surrogates (not representable in UTF-8),
// numbers whose magnitude overflows a double (e.g. 1e400), and the limits above.
absl::StatusOr<Value> Parse(std::string_view text, const ParseOptions& options = {});

// Checks that `text` is one valid JSON text under `options`, with the same errors as Parse,
// without building a Value (lone surrogate escapes pass with options.allow_lone_surrogates).
absl::Status Validate(std::string_view text, const ParseOptions& options = {});

// Compact JSON text, exactly as JSON.stringify(v) (ECMA-262 §25.5.2): no whitespace, members in
// order, numbers as Number::toString, non-finite numbers as null. Integers print all their digits
// (identical to Number::toString up to 2^53; exact beyond it).
// Precondition: the value nests at most a few thousand levels (parsed values are bounded by
// ParseOptions::max_depth).
std::string Serialize(const Value& value);

// Indented JSON text, exactly as JSON.stringify(v, null, indent): `indent` spaces per level
// (clamped to 0..10 as in ECMA-262; 0 gives the compact form), "key": value, empty arrays and
// objects as [] and {}.
std::string SerializePretty(const Value& value, int indent = 2);

// Appends ECMA-262 Number::toString(d) (§6.1.6.1.20): shortest round-trip digits, exponent form
// outside [1e-7, 1e21), "-0" as "0", "NaN", "Infinity", "-Infinity".
void AppendNumber(double d, std::string* out);
std::string NumberToString(double d);

// Appends `utf8` as a quoted JSON string as QuoteJSONString does (ECMA-262 §25.5.2.3): escapes
// '"', '\\', \b \f \n \r \t, other control characters as \u00xx (lowercase hex); everything else,
// including non-ASCII, is copied. Invalid UTF-8 sequences become U+FFFD.
void AppendQuoted(std::string_view utf8, std::string* out);

// True when `bytes` is well-formed UTF-8 (no overlongs, no surrogates, at most U+10FFFF).
bool IsValidUtf8(std::string_view bytes);

}  // namespace codemode::json

#endif  // CODEMODE_TOOLS_JSON_H_
