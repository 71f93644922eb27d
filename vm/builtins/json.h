// JSON (ECMA-262 §25.5): the text → value parser (simdjson fast path, exact hand-written fallback
// for what simdjson cannot represent and for V8-worded SyntaxErrors) and the value → text walker
// that JSON.stringify's native fast path is built on. Both run without program code (DESIGN §3.1):
// the walker reports values that need program code (toJSON, getters, wrapper objects) instead of
// calling them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "vm/object.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace codemode::vm {

// ---- parsing ------------------------------------------------------------------------------------

// JSON.parse without a reviver (ECMA-262 §25.5.1 steps 1-9): parses `text` into fresh heap values
// of `vm` (objects with %Object.prototype%, arrays; duplicate keys keep the first position and the
// last value; "__proto__" is an ordinary own property). Errors: a SyntaxError worded like V8
// ("Unexpected token '}', "{"a":}" is not valid JSON", "... in JSON at position N") is thrown on
// `vm` and Value::Empty() returned; nesting beyond kMaxJsonParseDepth throws RangeError "Maximum
// call stack size exceeded"; exhausting the memory or step limit terminates the run (also
// Value::Empty()).
Value ParseJson(VM& vm, String* text);

// ParseJson with the hand-written parser only (no simdjson fast path): the reference the fast path
// is tested and fuzzed against. Same results and errors as ParseJson.
Value ParseJsonExact(VM& vm, String* text);

// The same for UTF-8 text (e.g. a tool output). Invalid UTF-8 sequences become U+FFFD.
Value ParseJsonUtf8(VM& vm, std::string_view utf8);

// Like V8, nesting is limited only by memory (the parser keeps its own stack; this bound is far
// above what the memory limit allows).
inline constexpr uint32_t kMaxJsonParseDepth = 1u << 24;

// ---- serializing --------------------------------------------------------------------------------

// Output of the walker: Latin-1 bytes until a code unit >= 256 is written, UTF-16 afterwards.
class JsonText {
 public:
  void Append(char c) {
    if (wide_) {
      u16_.push_back(static_cast<unsigned char>(c));
    } else {
      latin1_.push_back(c);
    }
  }
  void Append(std::string_view ascii);
  void AppendUnit(char16_t u);
  void AppendUnits(std::u16string_view units);
  void AppendLatin1(std::string_view bytes);
  size_t size() const { return wide_ ? u16_.size() : latin1_.size(); }
  bool wide() const { return wide_; }
  // The text as a JS string value (allocated in `vm`'s heap).
  String* ToString(VM& vm);
  // The Latin-1 bytes (only while !wide()).
  const std::string& latin1() const { return latin1_; }
  // The text as UTF-8 (lone surrogates never occur in walker output: they are escaped).
  std::string ToUtf8() const;

 private:
  void Widen();
  bool wide_ = false;
  std::string latin1_;
  std::u16string u16_;
};

// QuoteJSONString (ECMA-262 §25.5.2.3), well-formed: appends `"…"` with \b \t \n \f \r \"
// \\ escapes, other code units < 0x20 and lone surrogates as \uXXXX (lowercase hex).
void QuoteJsonString(String* s, JsonText* out);

// One step of a path from the walked root, for messages ("value.items[3].name").
struct JsonPathStep {
  bool is_index = false;
  uint32_t index = 0;
  String* key = nullptr;  // when !is_index
};

// Walks a value graph iteratively (no C++ recursion) and writes JSON text with the
// JSON.stringify rules (ECMA-262 §25.5.2.2 SerializeJSONProperty, .4 SerializeJSONObject,
// .5 SerializeJSONArray) for everything that needs no program code. Subclasses may change how
// single values are treated through Visit() (the host boundary uses other normalization rules).
class JsonWalker {
 public:
  struct Options {
    // Indentation unit (the `gap`); `indent` false means compact output. V8 quirk kept: a numeric
    // space in (0, 1) indents with an empty gap (newlines, no spaces).
    bool indent = false;
    std::u16string gap;
    // The replacer array's property list (ECMA-262 §25.5.2.1 step 5), already deduplicated.
    bool has_property_list = false;
    std::vector<PropertyKey> property_list;
    // Nesting limit (objects and arrays): exceeding it stops with kTooDeep.
    uint32_t max_depth = 5000;
  };

  enum class Status {
    kOk,         // text() holds the JSON text
    kUndefined,  // the root serializes to undefined (JSON.stringify returns undefined)
    kNeedsCode,  // a value needs program code (toJSON, getter, wrapper coercion): use the slow path
    kCycle,      // an object contains itself; CircularMessage() describes it
    kTooDeep,    // nesting beyond options.max_depth
    kRejected,   // Visit() rejected a value; rejection() holds the reason
    kThrown,     // an exception is pending on the VM (e.g. BigInt, Invalid string length)
    kTerminated  // the run hit a limit (steps, memory)
  };

  JsonWalker(VM& vm, Options options);
  virtual ~JsonWalker() = default;
  JsonWalker(const JsonWalker&) = delete;
  JsonWalker& operator=(const JsonWalker&) = delete;

  // Serializes `value` as the property "" of a fresh holder object.
  Status Walk(Value value);

  JsonText& text() { return text_; }
  // The path from the root to the value the walk stopped at (kCycle, kTooDeep, kRejected).
  const std::vector<JsonPathStep>& path() const { return path_; }
  // `root` followed by .key / [index] steps, e.g. PathString("value") == "value.a[0]".
  std::string PathString(std::string_view root) const;
  // After kCycle: V8's multi-line "Converting circular structure to JSON\n    --> starting at ..."
  const std::string& CircularMessage() const { return circular_message_; }
  const std::string& rejection() const { return rejection_; }

 protected:
  enum class Action {
    kSerialize,  // serialize *v by the JSON rules (possibly replaced by Visit)
    kOmit,       // as if *v were undefined (skipped in objects, null in arrays)
    kNeedsCode,  // stop with kNeedsCode
    kReject,     // stop with kRejected (set rejection_)
    kThrow,      // stop with kThrown (an exception is pending)
  };
  // Called for every value met (after reading it from its holder), before the JSON rules. The
  // default implements JSON.stringify: toJSON found on an object/BigInt → kNeedsCode; Number/String
  // wrappers → kNeedsCode (ToNumber/ToString may run code); Boolean wrappers → their boolean;
  // BigInt → throws TypeError "Do not know how to serialize a BigInt".
  virtual Action Visit(Value* v);

  VM& vm_;
  std::string rejection_;

 private:
  struct Level {
    Object* obj = nullptr;
    PropertyKey via;  // the key this object was reached by ("" for the root)
    bool is_array = false;
    bool wrote_any = false;
    bool holes_are_undefined = false;  // arrays: no prototype supplies indexed properties
    uint32_t next = 0;    // next element index / key position
    uint32_t length = 0;  // array length or key count
    std::vector<PropertyKey> keys;
  };
  enum class Step { kContinue, kStop };
  // SerializeJSONProperty for a value read from its holder under `key`; may open a level.
  Step Emit(Value v, const PropertyKey& key, bool* wrote);
  void Newline(size_t depth);
  bool CheckLength();
  void SetPath(const PropertyKey& last);
  void BuildCircularMessage(Object* obj, const PropertyKey* closing_key);

  Options options_;
  JsonText text_;
  std::vector<Level> levels_;
  std::vector<JsonPathStep> path_;
  bool IsOpen(Object* o) const;
  bool NoIndexedOnPrototypes(Object* o);
  bool HasToJson(Object* o);
  void AppendKey(const PropertyKey& key);

  // Objects on the current path; kept in a set too once the nesting gets deep (V8 scans its stack).
  absl::flat_hash_set<Object*> open_;
  bool open_indexed_ = false;
  // Prototypes whose chain was found to have no `toJSON` during this walk (no code runs meanwhile).
  absl::flat_hash_set<Object*> no_to_json_;
  // Quoted property names (with ':'), per atom.
  absl::flat_hash_map<HeapCell*, std::string> quoted_keys_;
  Status status_ = Status::kOk;
  std::string circular_message_;
  uint64_t work_ = 0;
};

// The name V8 prints for an object's constructor in messages ("Object", "Array", "Foo"): the `name`
// of the `constructor` data property found on the prototype chain, or "Object".
std::string ConstructorNameForMessage(VM& vm, Object* obj);

}  // namespace codemode::vm
