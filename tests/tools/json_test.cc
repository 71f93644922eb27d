// JSON values: parsing (simdjson), errors with positions, limits, and serialization compared with
// outputs computed by Node.js v20 (`node -e 'console.log(JSON.stringify(...))'`).
#include "tools/json.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

namespace json = codemode::json;

namespace {

json::Value MustParse(std::string_view text) {
  auto v = json::Parse(text);
  INFO(text);
  REQUIRE(v.ok());
  return *v;
}

std::string ErrorOf(std::string_view text, const json::ParseOptions& options = {}) {
  auto v = json::Parse(text, options);
  INFO(text);
  REQUIRE_FALSE(v.ok());
  CHECK(v.status().code() == absl::StatusCode::kInvalidArgument);
  // Validate must agree with Parse.
  CHECK(json::Validate(text, options).message() == v.status().message());
  return std::string(v.status().message());
}

}  // namespace

TEST_CASE("Number::toString matches Node", "[json]") {
  // Expected strings from node -e 'String(n)'.
  struct Case {
    double value;
    const char* text;
  };
  const Case cases[] = {
      {0, "0"},
      {-0.0, "0"},
      {1, "1"},
      {-1, "-1"},
      {1.5, "1.5"},
      {0.1, "0.1"},
      {0.1 + 0.2, "0.30000000000000004"},
      {1e21, "1e+21"},
      {1e20, "100000000000000000000"},
      {123456789012345680000.0, "123456789012345680000"},
      {1.5e-7, "1.5e-7"},
      {1e-6, "0.000001"},
      {1e-7, "1e-7"},
      {0.000001234, "0.000001234"},
      {5e-324, "5e-324"},
      {1.7976931348623157e308, "1.7976931348623157e+308"},
      {9007199254740992.0, "9007199254740992"},
      {9007199254740994.0, "9007199254740994"},
      {-1.5e-7, "-1.5e-7"},
      {123.456, "123.456"},
      {100, "100"},
      {1e300, "1e+300"},
      {4.35, "4.35"},
      {0.5e-6, "5e-7"},
      {1.0 / 3, "0.3333333333333333"},
      {2.0 / 3 * 1e-10, "6.666666666666667e-11"},
      {1e100, "1e+100"},
      {12345678901234567890123.0, "1.2345678901234568e+22"},
      {1.0000000000000002, "1.0000000000000002"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    CHECK(json::NumberToString(c.value) == c.text);
    CHECK(json::Serialize(json::Value::Number(c.value)) == c.text);
  }
  CHECK(json::NumberToString(NAN) == "NaN");
  CHECK(json::NumberToString(INFINITY) == "Infinity");
  CHECK(json::NumberToString(-INFINITY) == "-Infinity");
  // JSON.stringify(NaN) and JSON.stringify([Infinity]).
  CHECK(json::Serialize(json::Value::Number(NAN)) == "null");
  CHECK(json::Serialize(json::Value::FromArray({json::Value::Number(-INFINITY)})) == "[null]");
}

TEST_CASE("integers and floats keep their spelling", "[json]") {
  json::Value three = MustParse("3");
  CHECK(three.is_number());
  CHECK(three.is_integer());
  CHECK(three.as_int64() == 3);
  CHECK(three.as_double() == 3.0);

  for (const char* text : {"3.0", "3e0", "3E0", "30e-1"}) {
    json::Value v = MustParse(text);
    INFO(text);
    CHECK(v.is_number());
    CHECK_FALSE(v.is_integer());
    CHECK(v.as_double() == 3.0);
    CHECK(json::Serialize(v) == "3");  // as JSON.stringify
  }

  // "-0" is integer 0 (Lua) whose double is -0 (JSON.parse("-0") is -0); it prints "0".
  json::Value minus_zero = MustParse("-0");
  CHECK(minus_zero.is_integer());
  CHECK(minus_zero.as_int64() == 0);
  CHECK(std::signbit(minus_zero.as_double()));
  CHECK(json::Serialize(minus_zero) == "0");
  CHECK(std::signbit(MustParse("-0.0").as_double()));

  json::Value max = MustParse("9223372036854775807");
  CHECK(max.is_integer());
  CHECK(max.as_int64() == INT64_MAX);
  CHECK(json::Serialize(max) == "9223372036854775807");
  json::Value min = MustParse("-9223372036854775808");
  CHECK(min.is_integer());
  CHECK(min.as_int64() == INT64_MIN);

  // Beyond int64: floats, with the value JSON.parse gives.
  json::Value beyond = MustParse("9223372036854775808");
  CHECK_FALSE(beyond.is_integer());
  CHECK(beyond.as_double() == 9223372036854775808.0);
  json::Value big = MustParse("123456789012345678901234567890");
  CHECK_FALSE(big.is_integer());
  CHECK(json::Serialize(big) == "1.2345678901234568e+29");  // node: JSON.stringify(JSON.parse(..))

  // Exact beyond 2^53 for integers (Lua integers round-trip).
  CHECK(json::Serialize(MustParse("9007199254740993")) == "9007199254740993");
  CHECK(MustParse("9007199254740993").as_double() == 9007199254740992.0);

  // Underflow rounds to zero as in JSON.parse.
  CHECK(MustParse("1e-400").as_double() == 0.0);

  // as_int64 on floats truncates and saturates.
  CHECK(json::Value::Number(2.9).as_int64() == 2);
  CHECK(json::Value::Number(-2.9).as_int64() == -2);
  CHECK(json::Value::Number(1e300).as_int64() == INT64_MAX);
  CHECK(json::Value::Number(-1e300).as_int64() == INT64_MIN);
  CHECK(json::Value::Number(NAN).as_int64() == 0);
}

TEST_CASE("round trips match JSON.stringify(JSON.parse(text))", "[json]") {
  const std::string doc =
      "{\"name\":\"Ada\",\"tags\":[\"x\",\"y\"],\"n\":[0,-0,1.0,2.5e3,1e21,1e-7,123456789,0.1],"
      "\"nested\":{\"a\":{\"b\":{\"c\":[]}},\"e\":{}},\"s\":\"line\\nbreak \\u00e9 \\ud83d\\ude00 "
      "\\u0001\",\"t\":true,\"f\":false,\"z\":null}";
  json::Value v = MustParse(doc);
  CHECK(json::Serialize(v) ==
        "{\"name\":\"Ada\",\"tags\":[\"x\",\"y\"],\"n\":[0,0,1,2500,1e+21,1e-7,123456789,0.1],"
        "\"nested\":{\"a\":{\"b\":{\"c\":[]}},\"e\":{}},\"s\":\"line\\nbreak é 😀 \\u0001\","
        "\"t\":true,\"f\":false,\"z\":null}");
  CHECK(json::SerializePretty(v) ==
        "{\n  \"name\": \"Ada\",\n  \"tags\": [\n    \"x\",\n    \"y\"\n  ],\n  \"n\": [\n    0,\n"
        "    0,\n    1,\n    2500,\n    1e+21,\n    1e-7,\n    123456789,\n    0.1\n  ],\n"
        "  \"nested\": {\n    \"a\": {\n      \"b\": {\n        \"c\": []\n      }\n    },\n"
        "    \"e\": {}\n  },\n  \"s\": \"line\\nbreak é 😀 \\u0001\",\n  \"t\": true,\n"
        "  \"f\": false,\n  \"z\": null\n}");
  // JSON.stringify([[1,[2,[]]],{"k":{}}], null, 4)
  CHECK(json::SerializePretty(MustParse("[[1,[2,[]]],{\"k\":{}}]"), 4) ==
        "[\n    [\n        1,\n        [\n            2,\n            []\n        ]\n    ],\n"
        "    {\n        \"k\": {}\n    }\n]");
  // indent 0 is the compact form; indent is clamped to 10 as in ECMA-262.
  CHECK(json::SerializePretty(MustParse("[1,{\"a\":2}]"), 0) == "[1,{\"a\":2}]");
  CHECK(json::SerializePretty(MustParse("[1]"), 20) == "[\n          1\n]");
  // Re-parsing the output gives an equal value.
  CHECK(MustParse(json::Serialize(v)) == v);
  CHECK(MustParse(json::SerializePretty(v)) == v);
}

TEST_CASE("strings are escaped as JSON.stringify does", "[json]") {
  // node: JSON.stringify("a\u0000\u001f\b\f\n\r\t\"\\/\u007f\u2028é😀")
  std::string s("a\0\x1f\b\f\n\r\t\"\\/\x7f\xE2\x80\xA8\xC3\xA9\xF0\x9F\x98\x80", 21);
  CHECK(json::Serialize(json::Value::String(s)) ==
        "\"a\\u0000\\u001f\\b\\f\\n\\r\\t\\\"\\\\/\x7f\xE2\x80\xA8\xC3\xA9\xF0\x9F\x98\x80\"");
  // Parsing the escaped form gives the string back.
  CHECK(MustParse(json::Serialize(json::Value::String(s))).as_string() == s);
  // Invalid UTF-8 in a host string becomes U+FFFD; output stays valid.
  std::string out =
      json::Serialize(json::Value::String("a\xff"
                                          "b\xC3"));
  CHECK(out ==
        "\"a\xEF\xBF\xBD"
        "b\xEF\xBF\xBD\"");
  CHECK(json::IsValidUtf8(out));
  CHECK_FALSE(json::IsValidUtf8("\xC0\x80"));          // overlong
  CHECK_FALSE(json::IsValidUtf8("\xED\xA0\x80"));      // surrogate
  CHECK_FALSE(json::IsValidUtf8("\xF4\x90\x80\x80"));  // beyond U+10FFFF
  CHECK(json::IsValidUtf8("\xF4\x8F\xBF\xBF"));
}

TEST_CASE("objects keep insertion order and duplicate keys behave as JSON.parse", "[json]") {
  // node: JSON.stringify(JSON.parse('{"a":1,"b":2,"a":3}')) === '{"a":3,"b":2}'
  json::Value v = MustParse("{\"a\":1,\"b\":2,\"a\":3}");
  CHECK(json::Serialize(v) == "{\"a\":3,\"b\":2}");
  CHECK(v.Find("a")->as_int64() == 3);
  CHECK(v.Find("missing") == nullptr);
  CHECK(json::Value::Integer(1).Find("a") == nullptr);

  // Enough members to use the index; order and replacement still hold.
  json::Object o;
  for (int i = 0; i < 20; ++i) o.Set("k" + std::to_string(19 - i), json::Value::Integer(i));
  o.Set("k5", json::Value::String("five"));
  REQUIRE(o.size() == 20);
  CHECK(o.at(0).first == "k19");
  CHECK(o.at(14).first == "k5");
  CHECK(o.Find("k5")->as_string() == "five");
  CHECK(o.Find("k0")->as_int64() == 19);
  CHECK_FALSE(o.Contains("k20"));
  json::Value wrapped = json::Value::FromObject(o);
  CHECK(wrapped.as_object().size() == 20);
  CHECK(MustParse(json::Serialize(wrapped)) == wrapped);
}

TEST_CASE("value equality and accessors", "[json]") {
  CHECK(MustParse("3") == MustParse("3.0"));
  CHECK(MustParse("0") == MustParse("-0.0"));
  CHECK(MustParse("[1,{\"a\":null}]") == MustParse(" [ 1 , { \"a\" : null } ] "));
  CHECK(MustParse("{\"a\":1,\"b\":2}") != MustParse("{\"b\":2,\"a\":1}"));
  CHECK(MustParse("1") != MustParse("\"1\""));
  CHECK(json::Value::Integer(9007199254740993) != json::Value::Number(9007199254740992.0));
  CHECK(json::Value::Integer(INT64_MAX) != json::Value::Number(9223372036854775808.0));
  // Wrong-type accessors are harmless.
  json::Value s = json::Value::String("x");
  CHECK(s.as_array().empty());
  CHECK(s.as_object().empty());
  CHECK(s.as_double() == 0);
  CHECK_FALSE(s.as_bool());
  CHECK(json::Value().as_string().empty());
  CHECK(json::Value().is_null());
  CHECK(json::TypeName(json::Type::kObject) == "object");
}

TEST_CASE("syntax errors report line, column and byte", "[json]") {
  CHECK(ErrorOf("[1,]") ==
        "invalid JSON at line 1, column 4 (byte 3): unexpected character ']', expected a value");
  CHECK(ErrorOf("{\"a\" 1}") ==
        "invalid JSON at line 1, column 6 (byte 5): unexpected character '1', expected ':' after "
        "a key");
  CHECK(ErrorOf("[1 2]") ==
        "invalid JSON at line 1, column 4 (byte 3): unexpected character '2', expected ',' or ']' "
        "after an array element");
  CHECK(ErrorOf("{\"a\":1,}") ==
        "invalid JSON at line 1, column 8 (byte 7): unexpected character '}', expected a string "
        "key");
  CHECK(ErrorOf("[1] x") ==
        "invalid JSON at line 1, column 5 (byte 4): unexpected character 'x' after the JSON value");
  CHECK(ErrorOf("") == "invalid JSON at line 1, column 1 (byte 0): no JSON value (empty input)");
  CHECK(ErrorOf(" \n ") ==
        "invalid JSON at line 2, column 2 (byte 3): no JSON value (empty input)");
  CHECK(ErrorOf("[") ==
        "invalid JSON at line 1, column 2 (byte 1): unexpected end of input, expected a value");
  CHECK(ErrorOf("\"abc") == "invalid JSON at line 1, column 1 (byte 0): unterminated string");
  CHECK(ErrorOf("\"a\\qb\"") ==
        "invalid JSON at line 1, column 3 (byte 2): invalid escape character 'q' after '\\'");
  CHECK(ErrorOf("\"\\u12G4\"") ==
        "invalid JSON at line 1, column 2 (byte 1): invalid \\u escape (expected 4 hex digits)");
  CHECK(ErrorOf("tru") ==
        "invalid JSON at line 1, column 1 (byte 0): invalid literal (expected true, false or "
        "null)");
  CHECK(ErrorOf("01") ==
        "invalid JSON at line 1, column 1 (byte 0): invalid number: leading zeros are not "
        "allowed");
  CHECK(ErrorOf("1.") ==
        "invalid JSON at line 1, column 1 (byte 0): invalid number: expected a digit after '.'");
  CHECK(ErrorOf("NaN") ==
        "invalid JSON at line 1, column 1 (byte 0): unexpected character 'N', expected a value");
  CHECK(ErrorOf("\"a\tb\"") ==
        "invalid JSON at line 1, column 3 (byte 2): control character U+0009 must be escaped in a "
        "string");
  // Multi-line input: line and column (in characters, not bytes) of the offending token.
  CHECK(ErrorOf("{\n  \"é\": [1, 2,, 3]\n}") ==
        "invalid JSON at line 2, column 14 (byte 16): unexpected character ',', expected a value");
  CHECK(ErrorOf("[\"é\" x]") ==
        "invalid JSON at line 1, column 6 (byte 6): unexpected character 'x', expected ',' or ']' "
        "after an array element");
}

TEST_CASE("Validate may accept lone surrogate escapes for JavaScript's JSON.parse", "[json]") {
  json::ParseOptions lenient;
  lenient.allow_lone_surrogates = true;
  CHECK(json::Validate("[\"\\ud800\"]", lenient).ok());
  CHECK(json::Validate("{\"a\\udc00\": \"x\\uDBFFy\\uDC00\\uD800\"}", lenient).ok());
  CHECK(json::Validate("\"\\\\ud800\"", lenient).ok());  // an escaped backslash, then "ud800"
  // Still rejected: everything else, at the same place (the mask keeps every byte offset).
  CHECK(json::Validate("[\"\\ud800\", x]", lenient).message() ==
        "invalid JSON at line 1, column 12 (byte 11): unexpected character 'x', expected a value");
  CHECK(json::Validate("[\"\\ud80\"]", lenient).message().find("invalid \\u escape") !=
        std::string::npos);
  CHECK(json::Validate("\"\\ud800", lenient).message().find("unterminated string") !=
        std::string::npos);
  // The default and Parse keep refusing them: a json::Value holds UTF-8.
  CHECK_FALSE(json::Validate("[\"\\ud800\"]").ok());
  CHECK_FALSE(json::Parse("[\"\\ud800\"]", lenient).ok());
}

TEST_CASE("Validate may accept numbers past a double for JavaScript's JSON.parse", "[json]") {
  json::ParseOptions lenient;
  lenient.allow_number_overflow = true;
  CHECK(json::Validate("[1e400]", lenient).ok());
  CHECK(json::Validate("{\"x\": [-1e999, 2E+500, 1.5e308]}", lenient).ok());
  // Malformed numbers are still errors, and the default and Parse refuse the overflow.
  CHECK_FALSE(json::Validate("[1e400x]", lenient).ok());
  CHECK_FALSE(json::Validate("[1e]", lenient).ok());
  CHECK(json::Validate("1e400").message().find("too large for a double") != std::string::npos);
  CHECK_FALSE(json::Parse("1e400", lenient).ok());
}

TEST_CASE("texts that cannot be represented are rejected clearly", "[json]") {
  CHECK(ErrorOf("[\"\\ud800\"]") ==
        "invalid JSON at line 1, column 3 (byte 2): lone surrogate \\uD800 in a string (not "
        "representable in UTF-8)");
  CHECK(ErrorOf("\"\\udc00\\ud800\"") ==
        "invalid JSON at line 1, column 2 (byte 1): lone surrogate \\uDC00 in a string (not "
        "representable in UTF-8)");
  CHECK(ErrorOf("[1e400]") ==
        "invalid JSON at line 1, column 2 (byte 1): number out of range (too large for a double)");
  CHECK(ErrorOf("[\"a\xff\"]") ==
        "invalid JSON at line 1, column 4 (byte 3): invalid UTF-8 in a string");
  CHECK(ErrorOf("\xEF\xBB\xBF{}").find("unexpected character U+FEFF") != std::string::npos);
}

TEST_CASE("depth and size limits", "[json]") {
  auto nested = [](int depth) { return std::string(depth, '[') + std::string(depth, ']'); };
  CHECK(json::Parse(nested(64)).ok());
  CHECK(ErrorOf(nested(65)) ==
        "invalid JSON at line 1, column 65 (byte 64): nesting deeper than 64 levels");
  // Objects count too, and the limit is configurable.
  json::ParseOptions three;
  three.max_depth = 3;
  CHECK(json::Parse("{\"a\":[{}]}", three).ok());
  CHECK(ErrorOf("{\"a\":[{\"b\":[]}]}", three) ==
        "invalid JSON at line 1, column 12 (byte 11): nesting deeper than 3 levels");
  // Hostile depth fails fast without exhausting the stack.
  std::string hostile(1 << 20, '[');
  CHECK(ErrorOf(hostile).find("nesting deeper than 64 levels") != std::string::npos);
  std::string hostile_objects;
  for (int i = 0; i < 100000; ++i) hostile_objects += "{\"a\":";
  CHECK(ErrorOf(hostile_objects).find("nesting deeper than 64 levels") != std::string::npos);

  json::ParseOptions small;
  small.max_bytes = 10;
  CHECK(json::Parse("[1,2,3,4]", small).ok());
  CHECK(ErrorOf("[1,2,3,4,5]", small) == "JSON text is 11 bytes, over the limit of 10 bytes");
}

TEST_CASE("accepts what JSON.parse accepts", "[json]") {
  for (const char* text :
       {"0", "-1", "1E5", "-0.0e-0", "true", "false", "null", "\"\"", "\"\\/\"", "[]", "{}",
        " \t\r\n[ ] ", "{\"\":\"\"}", "[[[]],{}]", "\"\\ud83d\\ude00\"", "\"\xF0\x9F\x98\x80\"",
        "{\"a\":{\"b\":[1,2,{\"c\":null}]}}", "1.5e+300", "\"\\u0000\""}) {
    INFO(text);
    CHECK(json::Parse(text).ok());
    CHECK(json::Validate(text).ok());
  }
  CHECK(MustParse("\"\\u0000\"").as_string() == std::string("\0", 1));
  CHECK(MustParse("\"\\ud83d\\ude00\"").as_string() == "\xF0\x9F\x98\x80");
}
