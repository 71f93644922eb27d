// The Lua lowering (compiler/lua_lower.cc): modules verify, the right opcodes are chosen for the
// constructs where Lua differs from JavaScript, and limits/unsupported features are reported.
#include <catch2/catch.hpp>
#include <string>
#include <variant>

#include "compiler/compile.h"
#include "compiler/verify.h"
#include "vm/disasm.h"

namespace {

std::string Listing(const char* source) {
  auto r = codemode::compiler::CompileLua(source, {});
  if (auto* e = std::get_if<codemode::compiler::CompileError>(&r)) return "error: " + e->message;
  const auto& m = std::get<codemode::bytecode::Module>(r);
  REQUIRE(codemode::compiler::VerifyModule(m).ok());
  CHECK(m.language == codemode::bytecode::Language::kLua);
  return codemode::bytecode::Disassemble(m);
}

bool Has(const std::string& listing, const char* op) {
  return listing.find(op) != std::string::npos;
}

}  // namespace

TEST_CASE("lua lowering: Lua opcodes where the languages differ", "[lua_lower]") {
  std::string l =
      Listing("local a, b = 1, 2.5 local c = a + b .. 'x' if a < b then c = #c end return c");
  CHECK(Has(l, "LOADINT"));
  CHECK(Has(l, "LADD"));
  CHECK(Has(l, "LCONCAT"));
  CHECK(Has(l, "LLT"));
  CHECK(Has(l, "LJMPF"));
  CHECK(Has(l, "LLEN"));
  CHECK(Has(l, "LRET"));
  CHECK_FALSE(Has(l, " ADD "));
  CHECK_FALSE(Has(l, " JMPF "));
}

TEST_CASE("lua lowering: calls, varargs, tables, loops, globals", "[lua_lower]") {
  std::string l = Listing(
      "local function f(...) return ... end local t = {f(1, 2)} for i = 1, 3 do t[i] = i end "
      "for k, v in pairs(t) do print(k, v) end x = t.y");
  CHECK(Has(l, "LVARARG"));
  CHECK(Has(l, "LCALL"));
  CHECK(Has(l, "LNEWTABLE"));
  CHECK(Has(l, "LSETLIST"));
  CHECK(Has(l, "LFORPREP"));
  CHECK(Has(l, "LFORLOOP"));
  CHECK(Has(l, "LGETGLOBAL"));
  CHECK(Has(l, "LSETGLOBAL"));
  CHECK(Has(l, "LGETFIELD"));
  CHECK(Has(l, "LSETINDEX"));
  CHECK(Has(l, "JMPUNDEF"));
}

TEST_CASE("lua lowering: captured locals live in cells, one per declaration", "[lua_lower]") {
  std::string l =
      Listing("local fs = {} for i = 1, 3 do local j = i fs[i] = function() return j end end");
  CHECK(Has(l, "NEWCELL"));
  CHECK(Has(l, "SETCELL"));
  CHECK(Has(l, "GETUPVAL"));
  CHECK(Has(l, "CLOSURE"));
}

TEST_CASE("lua lowering: errors", "[lua_lower]") {
  CHECK(Listing("x = = 1").rfind("error: ", 0) == 0);
}

TEST_CASE("lua lowering: to-be-closed variables", "[lua_lower]") {
  // Checked at the declaration, closed at the end of the block and, through a handler, on errors.
  std::string l = Listing("do local x <close> = f() g() end");
  CHECK(Has(l, "LTBC"));
  CHECK(Has(l, "LCLOSE"));
  CHECK(Has(l, "THROW"));
  // break, goto and return close what they leave inline.
  std::string b = Listing("for i = 1, 2 do local x <close> = f() if i then break end end");
  size_t closes = 0;
  for (size_t at = b.find("LCLOSE"); at != std::string::npos; at = b.find("LCLOSE", at + 1)) ++closes;
  CHECK(closes == 3);  // the break, the end of the body, the error path
  // The generic for's fourth value is one; three plain values need nothing.
  CHECK(Has(Listing("for k in next, t, nil, c do end"), "LTBC"));
  CHECK_FALSE(Has(Listing("for k in next, t do end"), "LTBC"));
}
