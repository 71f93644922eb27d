// Tool expressions and signatures generated from JSON Schemas (tools/signature.h): each schema
// feature as an exact string in TypeScript and Lua, and hostile schemas staying bounded.
#include "tools/signature.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "tools/json.h"

namespace codemode::tools {
namespace {

json::Value Schema(std::string_view text) {
  auto v = json::Parse(text);
  REQUIRE(v.ok());
  return *v;
}

std::string Ts(std::string_view schema) {
  return SchemaType(Schema(schema), SignatureLanguage::kTypeScript);
}
std::string Lua(std::string_view schema) {
  return SchemaType(Schema(schema), SignatureLanguage::kLua);
}

}  // namespace

TEST_CASE("tool expressions bracket names that are not identifiers or are reserved",
          "[signature]") {
  using V = std::vector<std::string>;
  const auto ts = SignatureLanguage::kTypeScript;
  const auto lua = SignatureLanguage::kLua;
  CHECK(ToolExpression(V{"orders", "lookup"}, ts) == "tools.orders.lookup");
  CHECK(ToolExpression(V{"orders", "lookup-by-id"}, ts) == "tools.orders[\"lookup-by-id\"]");
  CHECK(ToolExpression(V{"orders", "lookup-by-id"}, lua) == "tools.orders[\"lookup-by-id\"]");
  CHECK(ToolExpression(V{"$get"}, ts) == "tools.$get");
  CHECK(ToolExpression(V{"$get"}, lua) == "tools[\"$get\"]");
  CHECK(ToolExpression(V{"delete"}, ts) == "tools[\"delete\"]");
  CHECK(ToolExpression(V{"delete"}, lua) == "tools.delete");
  CHECK(ToolExpression(V{"end"}, ts) == "tools.end");
  CHECK(ToolExpression(V{"end"}, lua) == "tools[\"end\"]");
  CHECK(ToolExpression(V{"2fa"}, ts) == "tools[\"2fa\"]");
  CHECK(ToolExpression(V{"caf\xC3\xA9"}, ts) == "tools[\"caf\xC3\xA9\"]");
  CHECK(ToolExpression(V{"a\"b\\c\nd"}, ts) == "tools[\"a\\\"b\\\\c\\nd\"]");
  CHECK(ToolExpression(V{"a\"b\\c\nd\x01"
                         "9"},
                       lua) == "tools[\"a\\\"b\\\\c\\nd\\0019\"]");
  CHECK(ToolExpression(V{}, ts) == "tools");
  CHECK(IsPlainName("lookup", ts));
  CHECK_FALSE(IsPlainName("", ts));
  CHECK_FALSE(IsPlainName("yield", ts));
  CHECK_FALSE(IsPlainName("goto", lua));
}

TEST_CASE("scalar types enums consts and unions", "[signature]") {
  CHECK(Ts(R"({"type":"string"})") == "string");
  CHECK(Ts(R"({"type":"integer"})") == "number");
  CHECK(Lua(R"({"type":"integer"})") == "integer");
  CHECK(Ts(R"({"type":"number"})") == "number");
  CHECK(Ts(R"({"type":"boolean"})") == "boolean");
  CHECK(Ts(R"({"type":"null"})") == "null");
  CHECK(Lua(R"({"type":"null"})") == "json.null");
  CHECK(Ts(R"({"enum":["open","done",3,null,true]})") == R"("open" | "done" | 3 | null | true)");
  CHECK(Lua(R"({"enum":["open","done",3,null,true]})") ==
        R"("open" | "done" | 3 | json.null | true)");
  CHECK(Ts(R"({"const":"x"})") == R"("x")");
  CHECK(Ts(R"({"const":{"a":[1]}})") == R"({"a":[1]})");
  CHECK(Lua(R"({"const":{"a":[1]}})") == "table");
  CHECK(Ts(R"({"type":["string","null"]})") == "string | null");
  CHECK(Lua(R"({"type":["string","integer"]})") == "string | integer");
  CHECK(Ts(R"({"type":"string","nullable":true})") == "string | null");
  CHECK(Lua(R"({"type":"string","nullable":true})") == "string | json.null");
  CHECK(Ts(R"({"anyOf":[{"type":"string"},{"type":"number"}]})") == "string | number");
  CHECK(Ts(R"({"oneOf":[{"type":"string"},{"type":"string"}]})") == "string");
  CHECK(Ts(R"({"anyOf":[{"type":"string"},{}]})") == "unknown");
  CHECK(Ts(R"({"enum":[]})") == "never");
  CHECK(Ts("false") == "never");
}

TEST_CASE("unknown schemas", "[signature]") {
  CHECK(Ts("{}") == "unknown");
  CHECK(Ts("true") == "unknown");
  CHECK(Lua("{}") == "any");
  CHECK(Ts(R"({"description":"anything"})") == "unknown");
  CHECK(Ts(R"({"type":"widget"})") == "unknown");
  CHECK(Ts(R"({"type":42})") == "unknown");
  CHECK(Ts("[1,2]") == "unknown");
  CHECK(Ts("\"string\"") == "unknown");
  CHECK(Ts("null") == "unknown");
  CHECK(Ts("7") == "unknown");
}

TEST_CASE("objects with required optional quoted and additional properties", "[signature]") {
  const char* lookup =
      R"({"type":"object","properties":{"id":{"type":"string"},"verbose":{"type":"boolean"}},)"
      R"("required":["id"]})";
  CHECK(Ts(lookup) == "{ id: string; verbose?: boolean }");
  CHECK(Lua(lookup) == "{ id: string, verbose?: boolean }");
  const char* quoted =
      R"({"type":"object","properties":{"first-name":{"type":"string"},"default":{},"end":{}}})";
  CHECK(Ts(quoted) == R"({ "first-name"?: string; default?: unknown; end?: unknown })");
  CHECK(Lua(quoted) == R"({ ["first-name"]?: string, default?: any, ["end"]?: any })");
  CHECK(Ts(R"({"type":"object","additionalProperties":{"type":"number"}})") ==
        "Record<string, number>");
  CHECK(Lua(R"({"type":"object","additionalProperties":{"type":"number"}})") ==
        "table<string, number>");
  CHECK(Ts(R"({"type":"object"})") == "Record<string, unknown>");
  CHECK(Ts(R"({"type":"object","additionalProperties":false})") == "{}");
  CHECK(Ts(R"({"type":"object","properties":{"a":{"type":"string"}},"required":["a"],)"
           R"("additionalProperties":{"type":"string"}})") ==
        "{ a: string; [key: string]: unknown }");
  CHECK(Lua(R"({"type":"object","properties":{"a":{"type":"string"}},"required":["a"],)"
            R"("additionalProperties":{"type":"string"}})") == "{ a: string, [string]: string }");
  // Object keywords without "type".
  CHECK(Ts(R"({"properties":{"n":{"type":"integer"}},"required":["n"]})") == "{ n: number }");
}

TEST_CASE("arrays and tuples", "[signature]") {
  CHECK(Ts(R"({"type":"array","items":{"type":"string"}})") == "string[]");
  CHECK(Lua(R"({"type":"array","items":{"type":"integer"}})") == "integer[]");
  CHECK(Ts(R"({"type":"array"})") == "unknown[]");
  CHECK(Ts(R"({"type":"array","items":{"type":["string","null"]}})") == "(string | null)[]");
  CHECK(Ts(R"({"type":"array","prefixItems":[{"type":"number"},{"type":"number"}],)"
           R"("items":false})") == "[number, number]");
  CHECK(Ts(R"({"type":"array","prefixItems":[{"type":"string"}],"items":{"type":"number"}})") ==
        "[string, ...number[]]");
  CHECK(Ts(R"({"type":"array","prefixItems":[{"type":"string"}]})") == "[string, ...unknown[]]");
  // Draft-07 tuples: items as an array, additionalItems as the rest.
  CHECK(Ts(R"({"type":"array","items":[{"type":"string"}],"additionalItems":false})") ==
        "[string]");
  CHECK(Ts(R"({"items":{"type":"boolean"}})") == "boolean[]");
}

TEST_CASE("allOf intersections and combinators beside a type", "[signature]") {
  CHECK(Ts(R"({"allOf":[{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]},)"
           R"({"type":"object","properties":{"b":{"type":"number"}}}]})") ==
        "{ a: string } & { b?: number }");
  CHECK(Ts(R"({"allOf":[{"anyOf":[{"type":"string"},{"type":"number"}]},{"const":1}]})") ==
        "(string | number) & 1");
  // A type with anyOf members that only add constraints keeps the type.
  CHECK(Ts(R"({"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},)"
           R"("anyOf":[{"required":["a"]},{"required":["b"]}]})") == "{ a?: string; b?: string }");
}

TEST_CASE("local references inline and recursive ones end in unknown", "[signature]") {
  CHECK(Ts(R"({"$defs":{"Id":{"type":"string"}},"type":"object",)"
           R"("properties":{"id":{"$ref":"#/$defs/Id"}},"required":["id"]})") == "{ id: string }");
  CHECK(Ts(R"({"definitions":{"N":{"type":"integer"}},"type":"array",)"
           R"("items":{"$ref":"#/definitions/N"}})") == "number[]");
  CHECK(Ts(R"({"$defs":{"a/b":{"type":"boolean"}},"$ref":"#/$defs/a~1b"})") == "boolean");
  const char* tree =
      R"({"$ref":"#/$defs/Node","$defs":{"Node":{"type":"object","properties":{)"
      R"("value":{"type":"number"},"children":{"type":"array","items":{"$ref":"#/$defs/Node"}}},)"
      R"("required":["value"]}}})";
  CHECK(Ts(tree) == "{ value: number; children?: unknown[] }");
  CHECK(Lua(tree) == "{ value: number, children?: any[] }");
  CHECK(Ts(R"({"type":"object","properties":{"self":{"$ref":"#"}}})") ==
        "{ self?: { self?: unknown } }");
  CHECK(Ts(R"({"$ref":"#/$defs/Missing"})") == "unknown");
  CHECK(Ts(R"({"$ref":"https://example.com/schema.json"})") == "unknown");
  CHECK(Ts(R"({"$defs":{"A":{"$ref":"#/$defs/A"}},"$ref":"#/$defs/A"})") == "unknown");
  CHECK(Ts(R"({"$ref":"#/$defs/Id","nullable":true,"$defs":{"Id":{"type":"string"}}})") ==
        "string | null");
}

TEST_CASE("tool signatures", "[signature]") {
  Tool tool;
  tool.input_schema = Schema(
      R"({"type":"object","properties":{"id":{"type":"string"},"verbose":{"type":"boolean"}},)"
      R"("required":["id"]})");
  tool.output_schema = Schema(R"({"type":"object","properties":{"id":{"type":"string"},)"
                              R"("status":{"enum":["open","done"]}},"required":["id","status"]})");
  ToolEntry entry{{"orders", "lookup"}, "orders.lookup", &tool};
  CHECK(ToolSignature(entry, SignatureLanguage::kTypeScript) ==
        "tools.orders.lookup(input: { id: string; verbose?: boolean }): "
        "Promise<{ id: string; status: \"open\" | \"done\" }>");
  CHECK(ToolSignature(entry, SignatureLanguage::kLua) ==
        "tools.orders.lookup(input: { id: string, verbose?: boolean }): "
        "{ id: string, status: \"open\" | \"done\" }");
  // An argument that `{}` satisfies may be left out (a call without one sends `{}`).
  Tool optional;
  optional.input_schema = Schema(
      R"({"type":"object","properties":{"limit":{"type":"integer"}},"additionalProperties":false})");
  ToolEntry list{{"orders", "list"}, "orders.list", &optional};
  CHECK(ToolSignature(list, SignatureLanguage::kTypeScript) ==
        "tools.orders.list(input?: { limit?: number }): Promise<unknown>");
  CHECK(ToolSignature(list, SignatureLanguage::kLua) ==
        "tools.orders.list(input?: { limit?: integer }): any");
  optional.input_schema = Schema(R"({"type":"object","properties":{},"required":[]})");
  CHECK(ToolSignature(list, SignatureLanguage::kTypeScript) ==
        "tools.orders.list(input?: Record<string, unknown>): Promise<unknown>");
  for (const char* required :
       {R"({"type":"object","properties":{"a":{}},"minProperties":1})",
        R"({"type":"object","properties":{"a":{}},"anyOf":[{"required":["a"]}]})",
        R"({"type":"string"})", R"({"$ref":"#/$defs/A","$defs":{"A":{"type":"object"}}})"}) {
    optional.input_schema = Schema(required);
    CHECK(ToolSignature(list, SignatureLanguage::kTypeScript)
              .starts_with("tools.orders.list(input: "));
  }
  Tool bare;
  ToolEntry any{{"util", "get-thing"}, "util.get-thing", &bare};
  CHECK(ToolSignature(any, SignatureLanguage::kTypeScript) ==
        "tools.util[\"get-thing\"](input?: unknown): Promise<unknown>");
  CHECK(ToolSignature(any, SignatureLanguage::kLua) ==
        "tools.util[\"get-thing\"](input?: any): any");
}

TEST_CASE("hostile schemas stay bounded and never crash", "[signature][hostile]") {
  const size_t bound = 2 * kMaxSignatureBytes + 256;
  SECTION("10000 properties") {
    json::Object props;
    for (int i = 0; i < 10000; ++i) {
      json::Object string_type;
      string_type.Set("type", json::Value::String("string"));
      props.Set("property" + std::to_string(i), json::Value::FromObject(std::move(string_type)));
    }
    json::Object schema;
    schema.Set("type", json::Value::String("object"));
    schema.Set("properties", json::Value::FromObject(std::move(props)));
    std::string ts = SchemaType(json::Value::FromObject(schema), SignatureLanguage::kTypeScript);
    CHECK(ts.size() < bound);
    CHECK(ts.starts_with("{ property0?: string; property1?: string; "));
    CHECK(ts.ends_with("/* truncated */ }"));
    std::string lua = SchemaType(json::Value::FromObject(schema), SignatureLanguage::kLua);
    CHECK(lua.size() < bound);
    CHECK(lua.ends_with("--[[truncated]] }"));
  }
  SECTION("deep nesting") {
    // 5000 levels of {"type":"array","items":...}, built in memory (deeper than Parse allows).
    json::Value v = json::Value::FromObject({});
    for (int i = 0; i < 5000; ++i) {
      json::Object o;
      o.Set("type", json::Value::String("array"));
      o.Set("items", v);
      v = json::Value::FromObject(std::move(o));
    }
    std::string ts = SchemaType(v, SignatureLanguage::kTypeScript);
    CHECK(ts.starts_with("unknown[][]"));
    CHECK(ts.size() < 100);
  }
  SECTION("references doubling at every level") {
    // D0 = D1 | D1 ... with distinct objects per level: 2^40 expansions if not bounded.
    std::string defs;
    for (int i = 0; i < 40; ++i) {
      std::string next = "#/$defs/D" + std::to_string(i + 1);
      defs += "\"D" + std::to_string(i) +
              "\":{\"type\":\"object\",\"properties\":{\"a\":{\"$ref\":\"" + next +
              "\"},\"b\":{\"$ref\":\"" + next + "\"}}},";
    }
    defs += "\"D40\":{\"type\":\"string\"}";
    std::string text = "{\"$defs\":{" + defs + "},\"$ref\":\"#/$defs/D0\"}";
    std::string ts = Ts(text);
    CHECK(ts.size() < bound);
    CHECK(ts.find("/* truncated */") != std::string::npos);
  }
  SECTION("huge enums unions and consts") {
    json::Array values;
    for (int i = 0; i < 20000; ++i)
      values.push_back(json::Value::String("value" + std::to_string(i)));
    json::Object e;
    e.Set("enum", json::Value::FromArray(values));
    CHECK(SchemaType(json::Value::FromObject(e), SignatureLanguage::kTypeScript).size() < bound);
    json::Object c;
    c.Set("const", json::Value::FromArray(values));
    CHECK(SchemaType(json::Value::FromObject(c), SignatureLanguage::kTypeScript) ==
          "/* truncated */");
  }
  SECTION("keywords of the wrong types") {
    CHECK(Ts(R"({"type":"object","properties":[1,2],"required":"id"})") ==
          "Record<string, unknown>");
    CHECK(Ts(R"({"type":"object","properties":{"a":5},"required":[1,"a"]})") == "{ a: unknown }");
    CHECK(Ts(R"({"type":"array","items":5})") == "unknown[]");
    CHECK(Ts(R"({"type":"array","prefixItems":{}})") == "unknown[]");
    CHECK(Ts(R"({"enum":"x"})") == "unknown");
    CHECK(Ts(R"({"anyOf":{},"allOf":7,"$ref":3})") == "unknown");
    CHECK(Ts(R"({"type":["string",7]})") == "unknown");
    CHECK(Ts(R"({"$ref":"#/$defs/0/1","$defs":[[1]]})") == "unknown");
  }
}

TEST_CASE("a truncated union stays a valid TypeScript type", "[signature]") {
  // 600 enum strings overflow the signature budget: the union ends in a type, not a bare comment
  // (tsc rejects `"a" | /* truncated */`).
  std::string schema = R"({"enum":[)";
  for (int i = 0; i < 600; ++i) schema += (i ? ",\"" : "\"") + std::string(20, 'a' + i % 26) + "\"";
  schema += "]}";
  std::string ts = Ts(schema);
  CHECK(ts.size() < kMaxSignatureBytes * 2);
  CHECK(ts.ends_with("| unknown /* truncated */"));
  CHECK(ts.find("| /* truncated */") == std::string::npos);
  std::string lua = Lua(schema);
  CHECK(lua.ends_with("--[[truncated]]"));
}

}  // namespace codemode::tools
