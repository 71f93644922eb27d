// Lua runtime error messages that name the culprit as lua5.4 does (vm/lua/debug_names.h: locals from
// the compiler's locals table, otherwise the instruction that last wrote the register), table.sort's
// "invalid order function for sorting", and the tostring/xpcall yield corners. Every expected text
// was taken from lua5.4 (5.4.4) running the same program as chunk "=input".
#include <catch2/catch.hpp>
#include <string>
#include <string_view>

#include "runtime/runtime.h"

namespace {

using codemode::Language;
using codemode::Result;
using codemode::Runtime;
using codemode::RuntimeOptions;

// The error message of `body` run inside pcall (the program returns it).
std::string ErrorOf(std::string_view body) {
  RuntimeOptions options;
  options.language = Language::kLua;
  auto rt = Runtime::Make(std::move(options));
  REQUIRE(rt.ok());
  std::string src = "local up\nlocal ok, e = pcall(function(...)\n";
  src += body;
  src += "\nend)\nreturn tostring(e)";
  Result r = (*rt)->Execute(src);
  INFO(r.error.kind << ": " << r.error.message);
  REQUIRE(r.ok);
  REQUIRE(r.value_json.size() >= 2);
  return r.value_json.substr(1, r.value_json.size() - 2);  // the JSON string's text (no escapes here)
}

}  // namespace

TEST_CASE("lua errors name locals, globals, fields, upvalues, methods and constants", "[lua]") {
  CHECK(ErrorOf("undefined_fn()") == "input:3: attempt to call a nil value (global 'undefined_fn')");
  CHECK(ErrorOf("local x; x()") == "input:3: attempt to call a nil value (local 'x')");
  CHECK(ErrorOf("up()") == "input:3: attempt to call a nil value (upvalue 'up')");
  CHECK(ErrorOf("local t = {} t.f()") == "input:3: attempt to call a nil value (field 'f')");
  CHECK(ErrorOf("local t = {} t:m()") == "input:3: attempt to call a nil value (method 'm')");
  CHECK(ErrorOf("local t = {} t.a.b()") == "input:3: attempt to index a nil value (field 'a')");
  CHECK(ErrorOf("local t = {} t[1]()") ==
        "input:3: attempt to call a nil value (field 'integer index')");
  CHECK(ErrorOf("local t = {} local k = 'z' t[k]()") ==
        "input:3: attempt to call a nil value (field '?')");
  CHECK(ErrorOf("return ('abc')()") == "input:3: attempt to call a string value (constant 'abc')");
  CHECK(ErrorOf("local x = 1 local function g() x() end g()") ==
        "input:3: attempt to call a number value (upvalue 'x')");
  // A captured local is still a local in its own function (it lives in a cell here).
  CHECK(ErrorOf("local x; local function g() return x end x()") ==
        "input:3: attempt to call a nil value (local 'x')");
  CHECK(ErrorOf("local t; t.x = 1") == "input:3: attempt to index a nil value (local 't')");
  CHECK(ErrorOf("gg.x = 1") == "input:3: attempt to index a nil value (global 'gg')");
  CHECK(ErrorOf("return up.x") == "input:3: attempt to index a nil value (upvalue 'up')");
  CHECK(ErrorOf("for k in nil do end") ==
        "input:3: attempt to call a nil value (for iterator 'for iterator')");
}

TEST_CASE("lua operator errors name their operand", "[lua]") {
  CHECK(ErrorOf("local x; return x + 1") ==
        "input:3: attempt to perform arithmetic on a nil value (local 'x')");
  CHECK(ErrorOf("local x; return 1 + x") ==
        "input:3: attempt to perform arithmetic on a nil value (local 'x')");
  CHECK(ErrorOf("local t = {} return t.a * t.b") ==
        "input:3: attempt to perform arithmetic on a nil value (field 'a')");
  CHECK(ErrorOf("return 1 + nil") == "input:3: attempt to perform arithmetic on a nil value");
  CHECK(ErrorOf("local x = 1.5 return x | 1") ==
        "input:3: number (local 'x') has no integer representation");
  CHECK(ErrorOf("return 1 << 2.5") == "input:3: number has no integer representation");
  CHECK(ErrorOf("local x = '1.5' return x | 1") ==
        "input:3: attempt to perform bitwise operation on a string value (local 'x')");
  CHECK(ErrorOf("local t = {} return 'a' .. t") ==
        "input:3: attempt to concatenate a table value (local 't')");
  CHECK(ErrorOf("local a, b = 1, {} return a .. b") ==
        "input:3: attempt to concatenate a table value (local 'b')");
  CHECK(ErrorOf("return #gg") == "input:3: attempt to get length of a nil value (global 'gg')");
  CHECK(ErrorOf("return 1 < nil") == "input:3: attempt to compare number with nil");
  CHECK(ErrorOf("for i = 1, 'x' do end") ==
        "input:3: bad 'for' limit (number expected, got string)");
}

TEST_CASE("lua table.sort: invalid order function and lua5.4's order", "[lua]") {
  CHECK(ErrorOf("table.sort({5, 3, 8, 1, 9, 2, 7}, function(a, b) return true end)") ==
        "input:3: invalid order function for sorting");
  CHECK(ErrorOf("local t = {5, 3, 8, 1, 9, 2, 7} pcall(table.sort, t, function() return true end) "
                "error(table.concat(t, ' '), 0)") == "1 3 8 2 9 7 5");
}

TEST_CASE("lua yields across tostring and xpcall handlers are refused", "[lua]") {
  CHECK(ErrorOf("local mt = {__tostring = function() coroutine.yield() return 'x' end} "
                "error(select(2, coroutine.resume(coroutine.create(function() "
                "return tostring(setmetatable({}, mt)) end))), 0)") ==
        "attempt to yield across a C-call boundary");
  CHECK(ErrorOf("return tostring(setmetatable({}, {__tostring = function() return {} end}))") ==
        "input:3: '__tostring' must return a string");
  // The handler's own error (here the refused yield) runs it again, up to lua5.4's limit.
  CHECK(ErrorOf("local co = coroutine.create(function() return xpcall(error, function(m) "
                "coroutine.yield() end) end) local ok, a, b = coroutine.resume(co) "
                "error(tostring(ok) .. ' ' .. tostring(a) .. ' ' .. b, 0)") ==
        "true false error in error handling");
  CHECK(ErrorOf("local n = 0 local ok, e = xpcall(error, function(m) n = n + 1 "
                "if n < 3 then error('again' .. n, 0) end return m end, 'a') error(e, 0)") ==
        "again2");
}
