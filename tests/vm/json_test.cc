// JSON parser and serializer walker (vm/builtins/json.h), error shapes (error.h) and collection
// data (collections.h) through their C++ APIs, on a realm without the prelude.
#include "vm/builtins/json.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "vm/builtins/collections.h"
#include "vm/builtins/console.h"
#include "vm/builtins/error.h"
#include "vm/realm.h"
#include "vm/vm.h"

namespace codemode::vm {
namespace {

const Realm* TestRealm() {
  static std::unique_ptr<Realm> realm = [] {
    auto r = Realm::Create(nullptr);
    REQUIRE(r.ok());
    return std::move(*r);
  }();
  return realm.get();
}

std::string Stringify(VM& vm, Value v, JsonWalker::Options options = {}) {
  JsonWalker w(vm, std::move(options));
  REQUIRE(w.Walk(v) == JsonWalker::Status::kOk);
  return w.text().ToUtf8();
}

// The message of the pending exception (cleared).
std::string PendingMessage(VM& vm) {
  REQUIRE(vm.has_exception());
  Value e = vm.exception();
  vm.ClearException();
  REQUIRE(e.IsObject());
  Value name = vm.GetData(e.AsObject(), "name");
  Value msg = vm.GetData(e.AsObject(), "message");
  return (name.IsString() ? name.AsString()->ToUtf8() : "?") + ": " +
         (msg.IsString() ? msg.AsString()->ToUtf8() : "?");
}

Value Parse(VM& vm, std::string_view utf8) { return ParseJson(vm, vm.NewStringUtf8(utf8)); }

TEST_CASE("ParseJson builds values in JS property order", "[json]") {
  VM vm(TestRealm());
  Value v = Parse(vm, R"({"b":1,"a":[true,false,null,-0,1.5e3,"x\u00e9"],"2":"two","1":{},"b":2})");
  REQUIRE(v.IsObject());
  CHECK(Stringify(vm, v) == R"({"1":{},"2":"two","b":2,"a":[true,false,null,0,1500,"xé"]})");
  Value neg = Parse(vm, "-0");
  REQUIRE(neg.IsNumber());
  CHECK(std::signbit(neg.AsNumber()));
  Value big = Parse(vm, "[123456789012345678901234567890, 1e400, 18446744073709551615, 5e-324]");
  CHECK(Stringify(vm, big) == "[1.2345678901234568e+29,null,18446744073709552000,5e-324]");
}

TEST_CASE("ParseJson keeps lone surrogates as single code units", "[json]") {
  VM vm(TestRealm());
  Value escaped = Parse(vm, R"(["\ud800","\udc00x","\ud83d\ude00"])");
  REQUIRE(vm.IsArray(escaped));
  Object* a = escaped.AsObject();
  Value s0 = vm.GetData(a, PropertyKey::Index(0));
  Value s2 = vm.GetData(a, PropertyKey::Index(2));
  REQUIRE(s0.IsString());
  CHECK(s0.AsString()->length() == 1);
  CHECK(s0.AsString()->At(0) == 0xD800);
  CHECK(s2.AsString()->length() == 2);
  // A raw lone surrogate in the text itself (a JS string can hold one).
  std::u16string raw = u"[\"a";
  raw.push_back(static_cast<char16_t>(0xDBFF));
  raw += u"\"]";
  Value r = ParseJson(vm, vm.NewStringU16(raw));
  REQUIRE(vm.IsArray(r));
  Value s = vm.GetData(r.AsObject(), PropertyKey::Index(0));
  CHECK(s.AsString()->length() == 2);
  CHECK(s.AsString()->At(1) == 0xDBFF);
  CHECK(Stringify(vm, r) == R"(["a\udbff"])");
}

TEST_CASE("ParseJson reports V8's SyntaxError messages", "[json]") {
  VM vm(TestRealm());
  struct Case {
    const char* text;
    const char* message;
  };
  const Case cases[] = {
      {"", "SyntaxError: Unexpected end of JSON input"},
      {"{\"a\":}", "SyntaxError: Unexpected token '}', \"{\"a\":}\" is not valid JSON"},
      {"[1 2]", "SyntaxError: Expected ',' or ']' after array element in JSON at position 3"},
      {"{\"a\":1,}", "SyntaxError: Expected double-quoted property name in JSON at position 7"},
      {"\"abc", "SyntaxError: Unterminated string in JSON at position 4"},
      {"01", "SyntaxError: Unexpected number in JSON at position 1"},
      {"1 2", "SyntaxError: Unexpected non-whitespace character after JSON at position 2"},
      {"undefined", "SyntaxError: \"undefined\" is not valid JSON"},
      {"[x,1,2,3,4,5,6,7,8,9,10,11,12]",
       "SyntaxError: Unexpected token 'x', \"[x,1,2,3,4,\"... is not valid JSON"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    CHECK(Parse(vm, c.text).IsEmpty());
    CHECK(PendingMessage(vm) == c.message);
    CHECK(ParseJsonExact(vm, vm.NewStringUtf8(c.text)).IsEmpty());
    CHECK(PendingMessage(vm) == c.message);
  }
}

// A random JSON text exercising escapes, numbers of every shape, nesting, whitespace and duplicate
// keys.
class DocGen {
 public:
  explicit DocGen(uint32_t seed) : rng_(seed) {}
  std::string Doc() {
    std::string out;
    Value(&out, 0);
    return out;
  }

 private:
  uint32_t Pick(uint32_t n) { return std::uniform_int_distribution<uint32_t>(0, n - 1)(rng_); }
  void Ws(std::string* out) {
    static const char* kWs[] = {"", "", " ", "\n", "\t ", "\r\n  "};
    *out += kWs[Pick(6)];
  }
  void Str(std::string* out) {
    static const char* kParts[] = {
        "a", "key", "\\n", "\\\"",           "\\\\", "\\/", "\\u0041",   "\\u00e9", "\\u4e2d",
        "é", "中",  "😀",   "\\ud83d\\ude00", "\\t",  "0",   "__proto__", " ",       "\\b\\f\\r"};
    *out += '"';
    uint32_t n = Pick(5);
    for (uint32_t i = 0; i < n; ++i) *out += kParts[Pick(sizeof(kParts) / sizeof(kParts[0]))];
    *out += '"';
  }
  void Num(std::string* out) {
    static const char* kNums[] = {"0",
                                  "-0",
                                  "1",
                                  "-17",
                                  "123456789",
                                  "1.5",
                                  "-0.25",
                                  "1e10",
                                  "2E-3",
                                  "6.02e+23",
                                  "9007199254740993",
                                  "18446744073709551615",
                                  "1e308",
                                  "4.9e-324",
                                  "0.1",
                                  "100",
                                  "12345678901234567890123"};
    *out += kNums[Pick(sizeof(kNums) / sizeof(kNums[0]))];
  }
  void Value(std::string* out, int depth) {
    Ws(out);
    uint32_t kind = depth > 4 ? Pick(5) : Pick(7);
    switch (kind) {
      case 0:
        *out += "null";
        break;
      case 1:
        *out += Pick(2) ? "true" : "false";
        break;
      case 2:
      case 3:
        Num(out);
        break;
      case 4:
        Str(out);
        break;
      case 5: {
        *out += '[';
        uint32_t n = Pick(5);
        for (uint32_t i = 0; i < n; ++i) {
          if (i) *out += ',';
          Value(out, depth + 1);
        }
        Ws(out);
        *out += ']';
        break;
      }
      default: {
        *out += '{';
        uint32_t n = Pick(5);
        for (uint32_t i = 0; i < n; ++i) {
          if (i) *out += ',';
          Ws(out);
          if (Pick(3) == 0) {
            *out += "\"" + std::to_string(Pick(4)) + "\"";  // index keys, duplicates likely
          } else {
            Str(out);
          }
          Ws(out);
          *out += ':';
          Value(out, depth + 1);
        }
        Ws(out);
        *out += '}';
      }
    }
    Ws(out);
  }
  std::mt19937 rng_;
};

TEST_CASE("simdjson fast path and the exact parser agree", "[json]") {
  VM vm(TestRealm());
  for (uint32_t seed = 1; seed <= 400; ++seed) {
    std::string doc = DocGen(seed).Doc();
    INFO(doc);
    String* text = vm.NewStringUtf8(doc);
    Value fast = ParseJson(vm, text);
    Value exact = ParseJsonExact(vm, text);
    REQUIRE_FALSE(fast.IsEmpty());
    REQUIRE_FALSE(exact.IsEmpty());
    CHECK(Stringify(vm, fast) == Stringify(vm, exact));
    // Truncations are errors with the same message either way.
    std::string cut = doc.substr(0, doc.size() / 2);
    if (!cut.empty()) {
      Value a = Parse(vm, cut);
      std::string ma = a.IsEmpty() ? PendingMessage(vm) : std::string("ok");
      Value b = ParseJsonExact(vm, vm.NewStringUtf8(cut));
      std::string mb = b.IsEmpty() ? PendingMessage(vm) : std::string("ok");
      CHECK(ma == mb);
    }
  }
}

TEST_CASE("JsonWalker indents, filters keys and reports cycles and depth", "[json]") {
  VM vm(TestRealm());
  Value v = Parse(vm, R"({"a":[1,{"b":2}],"c":{},"d":[]})");
  JsonWalker::Options indent;
  indent.indent = true;
  indent.gap = u"  ";
  CHECK(Stringify(vm, v, indent) ==
        "{\n  \"a\": [\n    1,\n    {\n      \"b\": 2\n    }\n  ],\n  \"c\": {},\n  \"d\": []\n}");
  JsonWalker::Options list;
  list.has_property_list = true;
  list.property_list = {vm.KeyFromName("c"), vm.KeyFromName("a")};
  CHECK(Stringify(vm, v, list) == R"({"c":{},"a":[1,{}]})");

  Object* a = vm.NewObject();
  Object* b = vm.NewObject();
  vm.DefineOwnProperty(a, vm.KeyFromName("child"), Value::FromObject(b), kDefaultAttrs);
  vm.DefineOwnProperty(b, vm.KeyFromName("back"), Value::FromObject(a), kDefaultAttrs);
  JsonWalker cyc(vm, {});
  CHECK(cyc.Walk(Value::FromObject(a)) == JsonWalker::Status::kCycle);
  CHECK(cyc.CircularMessage() ==
        "Converting circular structure to JSON\n    --> starting at object with constructor "
        "'Object'\n"
        "    |     property 'child' -> object with constructor 'Object'\n"
        "    --- property 'back' closes the circle");
  CHECK(cyc.PathString("value") == "value.child.back");

  JsonWalker::Options shallow;
  shallow.max_depth = 2;
  JsonWalker deep(vm, shallow);
  CHECK(deep.Walk(Parse(vm, R"({"x":[[1]]})")) == JsonWalker::Status::kTooDeep);
  CHECK(deep.PathString("v") == "v.x[0]");
}

// A walker with other rules for single values, as the host boundary needs: functions are rejected
// with their path instead of being dropped.
class StrictWalker : public JsonWalker {
 public:
  using JsonWalker::JsonWalker;

 protected:
  Action Visit(Value* v) override {
    if (vm_.IsCallable(*v)) {
      rejection_ = "function";
      return Action::kReject;
    }
    return JsonWalker::Visit(v);
  }
};

TEST_CASE("JsonWalker subclasses can reject values with their path", "[json]") {
  VM vm(TestRealm());
  Value v = Parse(vm, R"({"a":[0,{"f":null}]})");
  Object* inner =
      vm.GetData(vm.GetData(v.AsObject(), "a").AsObject(), PropertyKey::Index(1)).AsObject();
  Object* json = vm.GetGlobal("JSON").AsObject();
  vm.SetProperty(inner, vm.KeyFromName("f"), vm.GetData(json, "parse"), nullptr);
  StrictWalker w(vm, {});
  CHECK(w.Walk(v) == JsonWalker::Status::kRejected);
  CHECK(w.rejection() == "function");
  CHECK(w.PathString("value") == "value.a[1].f");
}

TEST_CASE("MakeError gives engine and program errors one shape", "[error]") {
  VM vm(TestRealm());
  Object* options = vm.NewObject();
  vm.DefineOwnProperty(options, vm.KeyFromName("cause"), Value::Number(7), kDefaultAttrs);
  Object* e = MakeError(vm, ErrorType::kRangeError, vm.Str("too big"), Value::FromObject(options));
  CHECK(e->klass() == ObjectClass::kError);
  std::vector<PropertyKey> keys = vm.OwnKeys(e);
  REQUIRE(keys.size() == 3);
  CHECK(keys[0] == vm.KeyFromName("stack"));
  CHECK(keys[1] == vm.KeyFromName("message"));
  CHECK(keys[2] == vm.KeyFromName("cause"));
  CHECK(vm.OwnKeys(e, true, false, /*only_enumerable=*/true).empty());
  CHECK(vm.GetData(e, "stack").AsString()->ToUtf8() == "RangeError: too big");
  CHECK(vm.GetData(e, "name").AsString()->ToUtf8() == "RangeError");
  Object* bare = MakeError(vm, ErrorType::kError, Value::Undefined());
  CHECK(vm.OwnKeys(bare).size() == 1);
  CHECK(vm.GetData(bare, "stack").AsString()->ToUtf8() == "Error");
  CHECK(DescribeForMessage(vm, Value::FromObject(e)) == "RangeError: too big");
  CHECK(DescribeForMessage(vm, Value::FromObject(vm.NewObject())) == "#<Object>");
  CHECK(DescribeForMessage(vm, Value::FromObject(vm.NewArray())) == "[object Array]");
  CHECK(DescribeTypeForMessage(vm, vm.Str("s")) == "string \"s\"");
  CHECK(DescribeTypeForMessage(vm, Value::Null()) == "object null");
}

TEST_CASE("collection data: SameValueZero keys and iterators across compaction", "[collections]") {
  VM vm(TestRealm());
  MapObject* m = vm.NewMap(false);
  REQUIRE(MapDataSet(vm, m, Value::Number(-0.0), vm.Str("zero")));
  REQUIRE(MapDataSet(vm, m, Value::Number(std::nan("")), vm.Str("nan")));
  REQUIRE(MapDataSet(vm, m, vm.Str("key"), Value::Number(1)));
  Value* zero = MapDataFind(vm, m, Value::Number(0));
  REQUIRE(zero != nullptr);
  CHECK(zero->AsString()->ToUtf8() == "zero");
  CHECK(!std::signbit(m->entries[0].key.AsNumber()));
  CHECK(MapDataFind(vm, m, Value::Number(-std::nan(""))) != nullptr);
  // Equal content, distinct string objects (one a rope).
  String* rope = vm.Concat(vm.NewStringLatin1("k"), vm.NewStringLatin1("ey"));
  CHECK(MapDataFind(vm, m, Value::FromString(rope)) != nullptr);
  CHECK(MapDataFind(vm, m, vm.Str("KEY")) == nullptr);

  MapObject* big = vm.NewMap(true);
  for (int i = 0; i < 1000; ++i) REQUIRE(MapDataSet(vm, big, Value::Number(i), Value::Undefined()));
  IteratorObject* it = NewCollectionIterator(vm, big, IteratorObject::Kind::kSetValues);
  Value k, v;
  for (int i = 0; i < 10; ++i) REQUIRE(CollectionIteratorNext(vm, it, &k, &v));
  CHECK(k.AsNumber() == 9);
  for (int i = 0; i < 995; ++i)
    if (i % 100 != 0) MapDataDelete(vm, big, Value::Number(i));
  CHECK(big->entries.size() < 100);  // compacted
  std::vector<double> rest;
  while (CollectionIteratorNext(vm, it, &k, &v)) rest.push_back(k.AsNumber());
  CHECK(rest ==
        std::vector<double>{100, 200, 300, 400, 500, 600, 700, 800, 900, 995, 996, 997, 998, 999});
  CHECK(big->live == 15);
  // An iterator abandoned before two compactions still resumes at the right place.
  IteratorObject* early = NewCollectionIterator(vm, big, IteratorObject::Kind::kSetValues);
  REQUIRE(CollectionIteratorNext(vm, early, &k, &v));  // 0
  REQUIRE(CollectionIteratorNext(vm, early, &k, &v));  // 100
  for (int i = 2000; i < 2100; ++i)
    REQUIRE(MapDataSet(vm, big, Value::Number(i), Value::Undefined()));
  for (int i = 2000; i < 2090; ++i) MapDataDelete(vm, big, Value::Number(i));
  for (int i = 100; i < 700; i += 100) MapDataDelete(vm, big, Value::Number(i));
  for (int i = 2000; i < 2050; ++i)
    REQUIRE(MapDataSet(vm, big, Value::Number(i), Value::Undefined()));
  for (int i = 2000; i < 2050; ++i) MapDataDelete(vm, big, Value::Number(i));
  std::vector<double> after;
  while (CollectionIteratorNext(vm, early, &k, &v)) after.push_back(k.AsNumber());
  CHECK(after == std::vector<double>{700, 800, 900, 995, 996, 997, 998, 999, 2090, 2091, 2092, 2093,
                                     2094, 2095, 2096, 2097, 2098, 2099});
  MapDataClear(vm, big);
  CHECK(big->live == 0);
  CHECK(big->entries.empty());
}

TEST_CASE("InspectValue formats like util.inspect", "[console]") {
  VM vm(TestRealm());
  Value v = Parse(vm, R"({"a":1,"b":"it's","c":[1,2,3],"d":{"e":{"f":{"g":1}}}})");
  CHECK(InspectValue(vm, v) == "{ a: 1, b: \"it's\", c: [ 1, 2, 3 ], d: { e: { f: [Object] } } }");
  InspectOptions unlimited;
  unlimited.depth = kInspectUnlimited;
  CHECK(InspectValue(vm, v, unlimited) ==
        "{\n  a: 1,\n  b: \"it's\",\n  c: [ 1, 2, 3 ],\n  d: { e: { f: { g: 1 } } }\n}");
  Value args[] = {vm.Str("%s=%d%%"), vm.Str("x"), Value::Number(-0.0), v};
  CHECK(FormatLogArguments(vm, args, 3) == "x=-0%");
}

}  // namespace
}  // namespace codemode::vm
