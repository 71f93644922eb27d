// Lua runs end to end through the Runtime (issue 4): values and subtypes, errors, protected calls,
// metatables, the Result rules for tables, and tool calls that look synchronous.
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/runtime.h"
#include "tools/catalog.h"

namespace {

using codemode::Language;
using codemode::Result;
using codemode::Runtime;
using codemode::RuntimeOptions;

std::unique_ptr<Runtime> MakeLua(codemode::tools::Namespace root = {}) {
  RuntimeOptions options;
  options.language = Language::kLua;
  auto tree = codemode::tools::ToolTree::Make(std::move(root));
  REQUIRE(tree.ok());
  options.tools = std::move(*tree);
  auto rt = Runtime::Make(std::move(options));
  REQUIRE(rt.ok());
  return std::move(*rt);
}

Result Lua(std::string_view source) { return MakeLua()->Execute(source); }

std::string Value(std::string_view source) {
  Result r = Lua(source);
  INFO(source << " -> " << r.error.kind << ": " << r.error.message);
  REQUIRE(r.ok);
  return r.value_json;
}

}  // namespace

TEST_CASE("lua: integer and float subtypes, wraparound, division and coercion", "[lua]") {
  CHECK(Value("return {1 + 2, 7 // 2, 7 / 2, 2^2, 7 % -3, -7 // 2}") == "[3,3,3.5,4.0,-2,-4]");
  CHECK(Value("return math.maxinteger + 1 == math.mininteger") == "true");
  CHECK(Value("return {math.type(1), math.type(1.0), math.type('1')}") == R"(["integer","float"])");
  CHECK(Value("return {'10' + 5, '1.5' * 2, 10 .. 20}") == R"([15,3.0,"1020"])");
  CHECK(Value("return 1 == 1.0") == "true");
  CHECK(Value("return {3 & 5, 1 << 63 < 0, 5.0 // 0}") == "[1,true,null]");
  Result div0 = Lua("return 1 // 0");
  CHECK(div0.error.kind == "ExecutionFailure");
  CHECK(div0.error.message == "input:1: attempt to divide by zero");
  CHECK(Lua("return 1 % 0").error.message == "input:1: attempt to perform 'n%0'");
}

TEST_CASE("lua: varargs, select and multiple returns", "[lua]") {
  CHECK(
      Value(
          "local function f(...) return select('#', ...) end return {f(), f(nil), f(1, nil, 3)}") ==
      "[0,1,3]");
  CHECK(Value("local function m() return 1, 2, 3 end local t = {m(), m()} return t") ==
        "[1,1,2,3]");
  CHECK(Value("local function m() return 1, 2 end return {(m())}") == "[1]");
  CHECK(Value("local function p(...) return ... end return {p(p(4, 5), 6)}") == "[4,6]");
  CHECK(Value("return select(-1, 'a', 'b')") == R"("b")");
  // Only the first value of the chunk's return is the Result.
  CHECK(Value("return 1, 2, 3") == "1");
  CHECK(Value("local x = 1") == "null");
}

TEST_CASE("lua: closures share upvalues; loops make fresh variables", "[lua]") {
  CHECK(Value(R"(
    local function counter() local n = 0 return function() n = n + 1 return n end, function() return n end end
    local inc, get = counter() inc() inc()
    local fs = {} for i = 1, 3 do fs[i] = function() return i end end
    return {get(), fs[1](), fs[3]()})") == "[2,1,3]");
}

TEST_CASE("lua: goto continue", "[lua]") {
  CHECK(Value(R"(
    local out = {}
    for i = 1, 6 do
      if i % 2 == 0 then goto continue end
      out[#out + 1] = i
      ::continue::
    end
    return out)") == "[1,3,5]");
}

TEST_CASE("lua: error values and levels, pcall and xpcall", "[lua]") {
  CHECK(Value("return {pcall(error, {code = 7})}") == R"([false,{"code":7}])");
  CHECK(Value("return {pcall(function() error('x') end)}") == R"([false,"input:1: x"])");
  CHECK(Value("return {pcall(function() error('x', 0) end)}") == R"([false,"x"])");
  CHECK(Value(R"(local function inner() error('deep', 2) end
local function outer() inner() end
return select(2, pcall(outer)))") == R"("input:2: deep")");
  CHECK(Value("return {xpcall(function() error('e', 0) end, function(m) return 'h:' .. m end)}") ==
        R"([false,"h:e"])");
  CHECK(Value("return {pcall(function() return undefined_fn() end)}") ==
        R"x([false,"input:1: attempt to call a nil value (global 'undefined_fn')"])x");
  CHECK(Value("local ok, e = pcall(function() local function r() return 1 + r() end return r() "
              "end) return e")
            .find("stack overflow") != std::string::npos);
  Result r = Lua("local t = nil\nreturn t.x");
  CHECK(r.error.kind == "ExecutionFailure");
  CHECK(r.error.line == 2);
}

TEST_CASE("lua: metatables", "[lua]") {
  CHECK(Value(R"(
    local V = {}
    V.__index = V
    V.__add = function(a, b) return setmetatable({x = a.x + b.x}, V) end
    V.__eq = function(a, b) return a.x == b.x end
    V.__lt = function(a, b) return a.x < b.x end
    V.__len = function(v) return v.x end
    V.__tostring = function(v) return 'V' .. v.x end
    function V.new(x) return setmetatable({x = x}, V) end
    function V:twice() return self.x * 2 end
    local a, b = V.new(1), V.new(2)
    return {(a + b).x, a == V.new(1), a < b, b > a, #b, tostring(a), a:twice()})") ==
        R"([3,true,true,true,2,"V1",2])");
  CHECK(Value("local t = setmetatable({}, {__index = function(t, k) return k .. '!' end}) return "
              "t.hi") == R"("hi!")");
  CHECK(Value("return ('abc'):upper()") == R"("ABC")");
}

TEST_CASE("lua: Result rules for tables", "[lua]") {
  CHECK(Value("return {}") == "{}");
  CHECK(Value("return json.array()") == "[]");
  CHECK(Value("return {a = json.null, b = nil}") == R"({"a":null})");
  CHECK(Lua("return {1, nil, 3}").error.kind == "InvalidDataValue");
  CHECK(Lua("return {1, x = 2}").error.kind == "InvalidDataValue");
  CHECK(Lua("local t = {} t.self = t return t").error.kind == "InvalidDataValue");
  CHECK(Lua("return {f = print}").error.kind == "InvalidDataValue");
  CHECK(Lua("return '\\xff'").error.kind == "InvalidDataValue");
  CHECK(Value("return 2.0") == "2.0");
}

TEST_CASE("lua: tool calls look synchronous; failures are catchable messages", "[lua]") {
  codemode::tools::Namespace root;
  codemode::tools::Namespace ns;
  ns.tools.emplace_back("echo", codemode::tools::Tool::FromFunction(
                                    [](std::string_view in) -> absl::StatusOr<std::string> {
                                      return std::string(in);
                                    }));
  ns.tools.emplace_back("fail", codemode::tools::Tool::FromFunction(
                                    [](std::string_view) -> absl::StatusOr<std::string> {
                                      return absl::NotFoundError("no such thing");
                                    }));
  root.namespaces.emplace_back("t", std::move(ns));
  auto rt = MakeLua(std::move(root));
  Result r = rt->Execute(R"(
    local v = tools.t.echo({ n = 1, f = 1.5, list = {1, 2}, empty = json.array() })
    local ok, msg = pcall(tools.t.fail, { id = "x" })
    return { n = v.n, ntype = math.type(v.n), f = v.f, len = #v.list, empty = v.empty, ok = ok, msg = msg,
             none = tools.t.echo() })");
  INFO(r.error.message);
  REQUIRE(r.ok);
  CHECK(
      r.value_json ==
      R"({"empty":[],"f":1.5,"len":2,"msg":"no such thing","n":1,"none":{},"ntype":"integer","ok":false})");
  CHECK(r.tool_calls == std::vector<std::string>{"t.echo", "t.fail", "t.echo"});
  CHECK(rt->Execute("return tools.t.fail({})").error.kind == "ToolFailure");
  CHECK(rt->Execute("local ok, e = pcall(tools.t.fail, {}) error(e .. '!', 0)").error.kind ==
        "ExecutionFailure");
}

TEST_CASE("lua: features not implemented yet stop the run as UnsupportedSyntax", "[lua]") {
  CHECK(Lua("return coroutine.create(function() end)").error.kind == "UnsupportedSyntax");
  CHECK(Lua("local x <close> = nil").error.kind == "UnsupportedSyntax");
  CHECK(Lua("return load('x')").error.kind == "ExecutionFailure");  // absent, as in code mode
}
