// Lua 5.4 front end (compiler/lua/): lexer, parser, resolution and compile-time checks.
// Expected values were taken from lua5.4 (the oracle); the differential test re-asks it live.

#include <pthread.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/lua/ast.h"
#include "compiler/lua/lexer.h"
#include "compiler/lua/parser.h"

namespace lua = codemode::lua;

namespace {

lua::ParseResult Parse(std::string_view src) {
  lua::ParseOptions options;
  options.skip_shebang = false;  // as load()
  return lua::ParseChunk(src, options);
}

// Dump of the main block, or "ERROR line:col: message".
std::string Dump(std::string_view src, bool resolution = false, bool locations = false) {
  const lua::ParseResult r = Parse(src);
  if (r.error) {
    return "ERROR " + std::to_string(r.error->line) + ":" + std::to_string(r.error->column) + ": " +
           r.error->message;
  }
  REQUIRE(r.chunk != nullptr);
  lua::DumpOptions options;
  options.resolution = resolution;
  options.locations = locations;
  return lua::DumpLuaAst(r.chunk->body, options);
}

// Dump of the expression `e` (parsed as `return e`).
std::string DumpExpr(const std::string& e) {
  const std::string d = Dump("return " + e);
  const std::string prefix = "(Block (Return ";
  if (d.rfind(prefix, 0) != 0) return d;
  return d.substr(prefix.size(), d.size() - prefix.size() - 2);
}

std::string Err(std::string_view src) {
  const lua::ParseResult r = Parse(src);
  if (!r.error) return "OK";
  return std::to_string(r.error->line) + ":" + std::to_string(r.error->column) + ": " +
         r.error->message;
}

// The single returned expression of `return <e>`.
const lua::Node* ReturnedExpr(const lua::ParseResult& r) {
  REQUIRE_FALSE(r.error);
  const auto* block = r.chunk->body;
  REQUIRE(block->stats.size() == 1);
  const auto* ret = block->stats[0]->As<lua::ReturnStat>();
  REQUIRE(ret->exprs.size() == 1);
  return ret->exprs[0];
}

int64_t IntLit(const std::string& text) {
  const lua::ParseResult r = Parse("return " + text);
  const lua::Node* e = ReturnedExpr(r);
  REQUIRE(e->kind == lua::NodeKind::kInteger);
  return e->As<lua::IntegerExpr>()->value;
}

double FloatLit(const std::string& text) {
  const lua::ParseResult r = Parse("return " + text);
  const lua::Node* e = ReturnedExpr(r);
  REQUIRE(e->kind == lua::NodeKind::kFloat);
  return e->As<lua::FloatExpr>()->value;
}

std::string StrLit(std::string_view src) {
  const lua::ParseResult r = Parse(src);
  const lua::Node* e = ReturnedExpr(r);
  REQUIRE(e->kind == lua::NodeKind::kString);
  return e->As<lua::StringExpr>()->value;
}

}  // namespace

TEST_CASE("lua corpus programs all parse", "[lua]") {
  const std::filesystem::path dir =
      std::filesystem::path(CODEMODE_SOURCE_DIR) / "tests/corpus/lua/programs";
  REQUIRE(std::filesystem::is_directory(dir));
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".lua") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    const lua::ParseResult r = lua::ParseChunk(ss.str());
    INFO(entry.path().string());
    if (r.error) {
      INFO(std::to_string(r.error->line) + ":" + std::to_string(r.error->column) + " " +
           r.error->message);
      CHECK(false);
    } else {
      CHECK(r.chunk != nullptr);
    }
    count++;
  }
  CHECK(count >= 80);
}

TEST_CASE("lua precedence and associativity (manual 3.4.8)", "[lua]") {
  CHECK(DumpExpr("-x^2") == "(- (^ x 2))");
  CHECK(DumpExpr("2^-3") == "(^ 2 (- 3))");
  CHECK(DumpExpr("2^3^2") == "(^ 2 (^ 3 2))");
  CHECK(DumpExpr("-2^-3^2") == "(- (^ 2 (- (^ 3 2))))");
  CHECK(DumpExpr("a..b..c") == "(.. a (.. b c))");
  CHECK(DumpExpr("a+b..c+d") == "(.. (+ a b) (+ c d))");
  CHECK(DumpExpr("a-b-c") == "(- (- a b) c)");
  CHECK(DumpExpr("a/b*c//d%e") == "(% (// (* (/ a b) c) d) e)");
  CHECK(DumpExpr("a+b*c") == "(+ a (* b c))");
  CHECK(DumpExpr("a or b and c") == "(or a (and b c))");
  CHECK(DumpExpr("a and b or c and d") == "(or (and a b) (and c d))");
  CHECK(DumpExpr("a or b or c") == "(or (or a b) c)");
  CHECK(DumpExpr("a < b == c") == "(== (< a b) c)");
  CHECK(DumpExpr("a == b and c ~= d") == "(and (== a b) (~= c d))");
  CHECK(DumpExpr("a | b ~ c & d << e .. f") == "(| a (~ b (& c (<< d (.. e f)))))");
  CHECK(DumpExpr("a << b >> c") == "(>> (<< a b) c)");
  CHECK(DumpExpr("a | b < c") == "(< (| a b) c)");
  CHECK(DumpExpr("not a == b") == "(== (not a) b)");
  CHECK(DumpExpr("not not a") == "(not (not a))");
  CHECK(DumpExpr("#t + 1") == "(+ (# t) 1)");
  CHECK(DumpExpr("~a ~ b") == "(~ (~ a) b)");
  CHECK(DumpExpr("- - a") == "(- (- a))");
  CHECK(DumpExpr("-a .. b") == "(.. (- a) b)");
  CHECK(DumpExpr("a.b.c") == "(. (. a b) c)");
  CHECK(DumpExpr("a[b][c]") == "(index (index a b) c)");
  CHECK(DumpExpr("(f())") == "(paren (call f))");
  CHECK(DumpExpr("#a.b ^ 2") == "(# (^ (. a b) 2))");
  CHECK(DumpExpr("1//0") == "(// 1 0)");
  CHECK(DumpExpr("1 .. 2") == "(.. 1 2)");
  CHECK(DumpExpr("a >= b") == "(>= a b)");
  CHECK(DumpExpr("a > b") == "(> a b)");
  CHECK(DumpExpr("a <= b") == "(<= a b)");
}

TEST_CASE("lua statements dump", "[lua]") {
  CHECK(Dump("local a <const>, b <close> = 1") == "(Block (Local (a<const> b<close>) (1)))");
  CHECK(Dump("local a") == "(Block (Local (a) ()))");
  CHECK(Dump("a, b.c, d[1] = 1, 2") == "(Block (Assign (a (. b c) (index d 1)) (1 2)))");
  CHECK(Dump("f(1)(2):m(3)") == "(Block (CallStat (method (call (call f 1) 2) m 3)))");
  CHECK(Dump("f\"s\" f[[l]] f{1, x = 2, [3] = 4; 5,}") ==
        "(Block (CallStat (call f \"s\")) (CallStat (call f \"l\")) "
        "(CallStat (call f (Table 1 (x = 2) ([3] = 4) 5))))");
  CHECK(Dump("do end while a do end repeat until b") ==
        "(Block (Do (Block)) (While a (Block)) (Repeat (Block) b))");
  CHECK(Dump("if a then x() elseif b then y() else z() end") ==
        "(Block (If a (Block (CallStat (call x))) (elseif b (Block (CallStat (call y)))) "
        "(else (Block (CallStat (call z))))))");
  CHECK(Dump("for i = 1, 10 do end for i = 10, 1, -1 do end") ==
        "(Block (For i 1 10 (Block)) (For i 10 1 (- 1) (Block)))");
  CHECK(Dump("for k, v in pairs(t), 2 do end") ==
        "(Block (ForIn (k v) ((call pairs t) 2) (Block)))");
  CHECK(Dump("function a.b.c:m(x, ...) return self end") ==
        "(Block (FunctionStat (. (. (. a b) c) m) (Function (params self x ...) (Block (Return "
        "self)))))");
  CHECK(Dump("function f() end") == "(Block (FunctionStat f (Function (params) (Block))))");
  CHECK(Dump("local function f(a) return f end") ==
        "(Block (LocalFunction f (Function (params a) (Block (Return f)))))");
  CHECK(Dump("::top:: goto top") == "(Block (Label top) (Goto top))");
  CHECK(Dump("while 1 do break end") == "(Block (While 1 (Block (Break))))");
  CHECK(Dump("return") == "(Block (Return))");
  CHECK(Dump("return 1, ...;") == "(Block (Return 1 ...))");
  CHECK(Dump(";;; x = 1 ;") == "(Block (Assign (x) (1)))");
  CHECK(Dump("x = function(...) return ... end") ==
        "(Block (Assign (x) ((Function (params ...) (Block (Return ...))))))");
  CHECK(Dump("") == "(Block)");
  CHECK(Dump("-- only a comment\n--[==[ long\n comment ]==]") == "(Block)");
}

TEST_CASE("lua locations", "[lua]") {
  CHECK(Dump("x = a +\n  b", false, true) ==
        "(Block@1:1 (Assign@1:1 (x@1:1) ((+@1:7 a@1:5 b@2:3))))");
  // Calls sit at the start of the suffixed expression (as luac attributes them).
  CHECK(Dump("obj\n  :m()\n  .f(1)", false, true) ==
        "(Block@1:1 (CallStat@1:1 (call@1:1 (.@3:3 (method@1:1 obj@1:1 m) f) 1@3:6)))");
  CHECK(Dump("if x then\n\treturn 'y'\nend", false, true) ==
        "(Block@1:1 (If@1:1 x@1:4 (Block@2:2 (Return@2:2 \"y\"@2:9))))");
  // Lines count \n, \r, \r\n and \n\r each once.
  CHECK(Dump("a=1\r\nb=2\n\rc=3\rd=4\n\ne=5", false, true) ==
        "(Block@1:1 (Assign@1:1 (a@1:1) (1@1:3)) (Assign@2:1 (b@2:1) (2@2:3)) "
        "(Assign@3:1 (c@3:1) (3@3:3)) (Assign@4:1 (d@4:1) (4@4:3)) (Assign@6:1 (e@6:1) (5@6:3)))");
}

TEST_CASE("lua name resolution", "[lua]") {
  CHECK(Dump("local a; function f() local b; return function() return a, b, c end end", true) ==
        "(Block (Local (a!) ()) (FunctionStat f:G (Function (params) (Block (Local (b!) ()) "
        "(Return (Function (params) (Block (Return a:U0 b:U1 c:G))))))))");
  // `local x = x` reads the outer x; the until condition sees the body's locals.
  CHECK(Dump("local x = x repeat local y until y", true) ==
        "(Block (Local (x) (x:G)) (Repeat (Block (Local (y) ())) y:L))");
  // `local function` sees itself; `local f = function` does not.
  CHECK(Dump("local function f() return f end local g = function() return g end", true) ==
        "(Block (LocalFunction f! (Function (params) (Block (Return f:U0)))) (Local (g) "
        "((Function (params) (Block (Return g:G))))))");
  // The for variable is scoped to the body.
  CHECK(Dump("for i = 1, 2 do local _ = i end return i", true) ==
        "(Block (For i 1 2 (Block (Local (_) (i:L)))) (Return i:G))");

  const lua::ParseResult r = Parse(
      "local x = 1\n"
      "local function f() return function() x = x + 1; return y end end\n"
      "local _ENV = {}\n"
      "z = 1\n");
  REQUIRE_FALSE(r.error);
  const lua::Function* chunk = r.chunk;
  REQUIRE(chunk->upvalues.size() == 1);
  CHECK(chunk->upvalues[0].name == "_ENV");
  CHECK(chunk->upvalues[0].var == nullptr);
  REQUIRE(chunk->locals.size() == 3);
  CHECK(chunk->locals[0]->name == "x");
  CHECK(chunk->locals[0]->captured);
  CHECK(chunk->locals[0]->assigned);
  CHECK(chunk->locals[1]->name == "f");
  CHECK_FALSE(chunk->locals[1]->captured);
  const auto* lf = chunk->body->stats[1]->As<lua::LocalFunctionStat>();
  const lua::Function* f = lf->function;
  CHECK(f->parent == chunk);
  // f captures x (its parent's local) and _ENV (re-captured from the chunk's upvalue 0), in
  // order of first reference from the inner function.
  REQUIRE(f->upvalues.size() == 2);
  CHECK(f->upvalues[0].name == "x");
  CHECK(f->upvalues[0].in_parent_local);
  CHECK(f->upvalues[0].parent_local == chunk->locals[0]);
  CHECK(f->upvalues[1].name == "_ENV");
  CHECK_FALSE(f->upvalues[1].in_parent_local);
  CHECK(f->upvalues[1].parent_upvalue == 0);
  const auto* inner = f->body->stats[0]->As<lua::ReturnStat>()->exprs[0]->As<lua::Function>();
  REQUIRE(inner->upvalues.size() == 2);
  CHECK_FALSE(inner->upvalues[0].in_parent_local);
  CHECK(inner->upvalues[0].parent_upvalue == 0);
  CHECK(inner->upvalues[0].var == chunk->locals[0]);
  const auto* ret = inner->body->stats[1]->As<lua::ReturnStat>();
  const auto* y = ret->exprs[0]->As<lua::NameExpr>();
  CHECK(y->ref.scope == lua::VarScope::kGlobal);
  CHECK(y->env.scope == lua::VarScope::kUpvalue);
  CHECK(y->env.upvalue == 1);
  // After `local _ENV`, globals go through that local.
  const auto* assign = chunk->body->stats[3]->As<lua::AssignStat>();
  const auto* z = assign->targets[0]->As<lua::NameExpr>();
  CHECK(z->ref.scope == lua::VarScope::kGlobal);
  CHECK(z->env.scope == lua::VarScope::kLocal);
  CHECK(z->env.local == chunk->locals[2]);
  CHECK(chunk->body->locals.size() == 3);

  // goto targets are resolved, forwards and backwards.
  const lua::ParseResult g = Parse("::a:: goto b; goto a; ::b::");
  REQUIRE_FALSE(g.error);
  const auto& stats = g.chunk->body->stats;
  CHECK(stats[1]->As<lua::GotoStat>()->target == stats[3]);
  CHECK(stats[2]->As<lua::GotoStat>()->target == stats[0]);

  // Methods get `self` as parameter 0; parameters are not block locals.
  const lua::ParseResult m = Parse("function o:m(a) local b end");
  REQUIRE_FALSE(m.error);
  const auto* mf = m.chunk->body->stats[0]->As<lua::FunctionStat>()->function;
  CHECK(mf->is_method);
  REQUIRE(mf->params.size() == 2);
  CHECK(mf->params[0]->name == "self");
  CHECK(mf->locals.size() == 3);
  CHECK(mf->body->locals.size() == 1);
}

TEST_CASE("lua numeric literals (values from lua5.4)", "[lua]") {
  CHECK(IntLit("0x7fffffffffffffff") == INT64_MAX);
  CHECK(IntLit("0xffffffffffffffff") == -1);
  CHECK(IntLit("0xffffffffffffffffff") == -1);  // wraps modulo 2^64
  CHECK(IntLit("0x10000000000000000") == 0);
  CHECK(IntLit("9223372036854775807") == INT64_MAX);
  CHECK(IntLit("007") == 7);
  CHECK(IntLit("0xe") == 14);
  CHECK(IntLit("0XA") == 10);
  CHECK(FloatLit("9223372036854775808") == 9223372036854775808.0);
  CHECK(FloatLit("123456789012345678901234567890") == 1.2345678901234568e+29);
  CHECK(FloatLit("1e308") == 1e308);
  CHECK(std::isinf(FloatLit("1e309")));
  CHECK(FloatLit("0x1p4") == 16.0);
  CHECK(FloatLit("0x.8") == 0.5);
  CHECK(FloatLit("0x.1") == 0.0625);
  CHECK(FloatLit("0xA.8p1") == 21.0);
  CHECK(FloatLit("0xep1") == 28.0);
  CHECK(FloatLit("0x1P-1074") == 4.9406564584124654e-324);
  CHECK(FloatLit("0x1p-1075") == 0.0);
  CHECK(FloatLit("2e-400") == 0.0);
  CHECK(FloatLit("3.") == 3.0);
  CHECK(FloatLit(".5") == 0.5);
  CHECK(FloatLit("1E2") == 100.0);
  CHECK(FloatLit("1e+5") == 100000.0);
  CHECK(FloatLit("0.1") == 0.1);
  CHECK(FloatLit("1.7976931348623157e308") == 1.7976931348623157e308);
  // A minus sign is an operator, not part of the literal.
  CHECK(DumpExpr("-9223372036854775808") == "(- 9223372036854775808.0)");
  CHECK(DumpExpr("-0x8000000000000000") == "(- -9223372036854775808)");
  // Malformed numerals (lua5.4's read_numeral).
  CHECK(Err("x = 3..2") == "1:9: malformed number near '3..2'");
  CHECK(Err("x = 0x") == "1:7: malformed number near '0x'");
  CHECK(Err("x = 1e") == "1:7: malformed number near '1e'");
  CHECK(Err("x = 1e+") == "1:8: malformed number near '1e+'");
  CHECK(Err("x = 12abc") == "1:10: malformed number near '12abc'");  // hex digits are read
  CHECK(Err("x = 12xyz") == "1:8: malformed number near '12x'");
  CHECK(Err("x = 1.2.3") == "1:10: malformed number near '1.2.3'");
  CHECK(Err("x = 0x1p") == "1:9: malformed number near '0x1p'");
  CHECK(Err("x = 1 ..2") == "OK");
}

TEST_CASE("lua numeral conversion helper", "[lua]") {
  bool is_int = false;
  int64_t i = 0;
  double d = 0;
  CHECK(lua::ConvertNumeral("10", &is_int, &i, &d));
  CHECK((is_int && i == 10));
  CHECK(lua::ConvertNumeral("1e1", &is_int, &i, &d));
  CHECK((!is_int && d == 10.0));
  CHECK_FALSE(lua::ConvertNumeral("inf", &is_int, &i, &d));
  CHECK_FALSE(lua::ConvertNumeral("nan", &is_int, &i, &d));
  CHECK_FALSE(lua::ConvertNumeral("", &is_int, &i, &d));
  CHECK_FALSE(lua::ConvertNumeral("0x", &is_int, &i, &d));
}

TEST_CASE("lua string literals and escapes", "[lua]") {
  CHECK(StrLit(R"(return "\a\b\f\n\r\t\v\\\"\'")") == "\a\b\f\n\r\t\v\\\"'");
  CHECK(StrLit(R"(return '\65\066\0677\x41\x7a\xFF')") == std::string("AB"
                                                                      "C7"
                                                                      "Az\xff"));
  CHECK(StrLit(R"(return "a\0b")") == std::string("a\0b", 3));
  CHECK(StrLit(R"(return "\255\0\00\000")") == std::string("\xff\0\0\0", 4));
  CHECK(StrLit("return \"a\\\nb\\\r\nc\"") == "a\nb\nc");
  CHECK(StrLit("return \"a\\z  \n\t  b\\z\"") == "ab");
  CHECK(StrLit(R"(return "\u{48}\u{e9}\u{20AC}\u{10FFFF}")") ==
        "H\xc3\xa9\xe2\x82\xac\xf4\x8f\xbf\xbf");
  // lua5.4 encodes up to 2^31 - 1 in its extended 6-byte UTF-8.
  CHECK(StrLit(R"(return "\u{7FFFFFFF}")") == "\xfd\xbf\xbf\xbf\xbf\xbf");
  CHECK(StrLit(R"(return "\u{0000000041}")") == "A");
  // Raw bytes (NUL, invalid UTF-8) pass through unchanged.
  CHECK(StrLit(std::string("return '\xff\xfe\0'", 12)) == std::string("\xff\xfe\0", 3));

  CHECK(Err(R"(x = "\q")") == "1:7: invalid escape sequence near '\"\\q'");
  CHECK(Err(R"(x = "a\tb\400")") == "1:14: decimal escape too large near '\"a\tb\\400\"'");
  CHECK(Err(R"(x = "\256")") == "1:10: decimal escape too large near '\"\\256\"'");
  CHECK(Err(R"(x = "\xg")") == "1:8: hexadecimal digit expected near '\"\\xg'");
  CHECK(Err(R"(x = "\x5")") == "1:9: hexadecimal digit expected near '\"\\x5\"'");
  CHECK(Err(R"(x = "\u12")") == "1:8: missing '{' near '\"\\u1'");
  CHECK(Err(R"(x = "\u{12")") == "1:11: missing '}' near '\"\\u{12\"'");
  CHECK(Err(R"(x = "\u{}")") == "1:9: hexadecimal digit expected near '\"\\u{}'");
  CHECK(Err(R"(x = "\u{80000000}")") == "1:16: UTF-8 value too large near '\"\\u{80000000'");
  CHECK(Err("x = \"abc") == "1:9: unfinished string near <eof>");
  CHECK(Err("x = \"abc\ny\"") == "1:9: unfinished string near '\"abc'");
  CHECK(Err("x = 'abc\\") == "1:10: unfinished string near <eof>");
}

TEST_CASE("lua long brackets", "[lua]") {
  CHECK(StrLit("return [[abc]]") == "abc");
  CHECK(StrLit("return [[\nabc]]") == "abc");          // first newline skipped
  CHECK(StrLit("return [[\r\nabc\r\n]]") == "abc\n");  // newlines normalized
  CHECK(StrLit("return [==[a]]b]=]c]===]d]==]") == "a]]b]=]c]===]d");
  CHECK(StrLit("return [=[\\n\"]=]") == "\\n\"");  // no escapes
  CHECK(StrLit(std::string("return [[a\0b]]", 14)) == std::string("a\0b", 3));
  CHECK(Dump("--[==[ comment ]] ]==] x = 1") == "(Block (Assign (x) (1)))");
  CHECK(Dump("--[= not long\nx = 1") == "(Block (Assign (x) (1)))");
  CHECK(Dump("--[\nx = 1") == "(Block (Assign (x) (1)))");
  CHECK(Dump("x = 1 --") == "(Block (Assign (x) (1)))");
  CHECK(Err("x = [==[ abc\n\n") == "3:1: unfinished long string (starting at line 1) near <eof>");
  CHECK(Err("--[==[ abc ]=]") == "1:15: unfinished long comment (starting at line 1) near <eof>");
  CHECK(Err("x = [=x") == "1:7: invalid long string delimiter near '[='");
  CHECK(Err("x = [==[ long ]==] + 1") == "OK");
  CHECK(Err("x = [==[ long ]==] ]==]") == "1:20: unexpected symbol near ']'");
}

TEST_CASE("lua syntax errors", "[lua]") {
  CHECK(Err("x = @") == "1:5: unexpected symbol near '@'");
  CHECK(Err(std::string("x = \0", 5)) == "1:5: unexpected symbol near '<\\0>'");
  CHECK(Err("x = \xc3\xa9") == "1:5: unexpected symbol near '<\\195>'");
  CHECK(Err("x =") == "1:4: unexpected symbol near <eof>");
  CHECK(Err("return 1 x") == "1:10: <eof> expected near 'x'");
  CHECK(Err("return return") == "1:8: unexpected symbol near 'return'");
  CHECK(Err("f() = 1") == "1:5: syntax error near '='");
  CHECK(Err("(a) = 1") == "1:5: syntax error near '='");
  CHECK(Err("a, f() = 1") == "1:8: syntax error near '='");
  CHECK(Err("x") == "1:2: syntax error near <eof>");
  CHECK(Err("function f()") == "1:13: 'end' expected near <eof>");
  CHECK(Err("function f()\n\nx = 1") ==
        "3:6: 'end' expected (to close 'function' at line 1) near <eof>");
  CHECK(Err("if x then\nelse\nelseif y then end") ==
        "3:1: 'end' expected (to close 'if' at line 1) near 'elseif'");
  CHECK(Err("x = (1") == "1:7: ')' expected near <eof>");
  CHECK(Err("x = {1 2}") == "1:8: '}' expected near '2'");
  CHECK(Err("x = {,}") == "1:6: unexpected symbol near ','");
  CHECK(Err("x = a.1") == "1:6: unexpected symbol near '.1'");
  CHECK(Err("x = a:b") == "1:8: function arguments expected near <eof>");
  CHECK(Err("function f(a,) end") == "1:14: <name> or '...' expected near ')'");
  CHECK(Err("function f(..., a) end") == "1:15: ')' expected near ','");
  CHECK(Err("for a do end") == "1:7: '=' or 'in' expected near 'do'");
  CHECK(Err("for a = 1 do end") == "1:11: ',' expected near 'do'");
  CHECK(Err("local x <const") == "1:15: '>' expected near <eof>");
  CHECK(Err("local 1") == "1:7: <name> expected near '1'");
  CHECK(Err("goto = 1") == "1:6: <name> expected near '='");
  CHECK(Err("x = 'a' 'b'") == "1:9: unexpected symbol near ''b''");
  CHECK(Err("x = [[s]] 1") == "1:11: unexpected symbol near '1'");
  CHECK(Err("x = 1 + + 2") == "1:9: unexpected symbol near '+'");
  CHECK(Err("function f() return ... end") ==
        "1:21: cannot use '...' outside a vararg function near '...'");
  CHECK(Err("function f(...) return function() return ... end end") ==
        "1:42: cannot use '...' outside a vararg function near '...'");
  CHECK(Err("return ...") == "OK");  // the main chunk is vararg
}

TEST_CASE("lua compile-time checks: goto, labels, break, const", "[lua]") {
  // goto into the scope of a local.
  CHECK(Err("goto a; local x; ::a:: print(x)") ==
        "1:1: <goto a> at line 1 jumps into the scope of local 'x'");
  CHECK(Err("local y\ndo\n  goto a\nend\nlocal x\n::a:: print(x)") ==
        "3:3: <goto a> at line 3 jumps into the scope of local 'x'");
  // ... except a label at the end of its block (followed only by void statements).
  CHECK(Err("do goto a; local x; ::a:: end") == "OK");
  CHECK(Err("goto a; local x; ::a:: ; ::b:: ;") == "OK");
  CHECK(Err("for i = 1, 2 do goto continue; local x; ::continue:: end") == "OK");
  // `until` does not end the block: its condition sees the body's locals.
  CHECK(Err("repeat goto c; local x; ::c:: until x") ==
        "1:8: <goto c> at line 1 jumps into the scope of local 'x'");
  // Labels are visible in nested blocks, not in enclosing ones, not across functions.
  CHECK(Err("::a:: do goto a end") == "OK");
  CHECK(Err("do goto a end ::a::") == "OK");
  CHECK(Err("goto a; do ::a:: end") == "1:1: no visible label 'a' for <goto> at line 1");
  CHECK(Err("::a:: function f() goto a end") == "1:20: no visible label 'a' for <goto> at line 1");
  CHECK(Err("x = 1\ngoto nowhere") == "2:1: no visible label 'nowhere' for <goto> at line 2");
  // Duplicate labels in the same function (same or enclosing block).
  CHECK(Err("::a::\n::a::") == "1:1: label 'a' already defined on line 2");
  CHECK(Err("::a::\ndo ::a:: end") == "2:4: label 'a' already defined on line 1");
  CHECK(Err("do ::a:: end ::a::") == "OK");
  CHECK(Err("::a:: function f() ::a:: end") == "OK");
  // break.
  CHECK(Err("x = 1\nbreak") == "2:1: break outside loop at line 2");
  CHECK(Err("if x then break end") == "1:11: break outside loop at line 1");
  CHECK(Err("while x do function f() break end end") == "1:25: break outside loop at line 1");
  CHECK(Err("while x do if y then break end end") == "OK");
  CHECK(Err("repeat do break end until x") == "OK");
  CHECK(Err("for k in x do break end") == "OK");
  // const / close variables are read-only, also from inner functions.
  CHECK(Err("local x <const> = 1; x = 2") == "1:22: attempt to assign to const variable 'x'");
  CHECK(Err("local x <close> = nil; x = 2") == "1:24: attempt to assign to const variable 'x'");
  CHECK(Err("local x <const> = 1\nfunction f() x = 2 end") ==
        "2:14: attempt to assign to const variable 'x'");
  CHECK(Err("local x <const> = 1; a, x = 1, 2") == "1:25: attempt to assign to const variable 'x'");
  CHECK(Err("local x <const> = 1; function x() end") ==
        "1:31: attempt to assign to const variable 'x'");
  CHECK(Err("local x <const> = {}; x.y = 1; function x.f() end") == "OK");
  CHECK(Err("local x <const> = 1; local x = 2; x = 3") == "OK");
  CHECK(Err("local x <const>; return x") == "OK");
  // Attributes.
  CHECK(Err("local x <foo> = 1") == "1:7: unknown attribute 'foo'");
  CHECK(Err("local a <close>, b <close> = 1") ==
        "1:18: multiple to-be-closed variables in local list");
  CHECK(Err("local a <close>, b <const> = 1") == "OK");
}

TEST_CASE("lua per-function limits", "[lua]") {
  std::string locals = "local a0";
  for (int i = 1; i < 200; i++) locals += ", a" + std::to_string(i);
  CHECK(Err(locals) == "OK");
  CHECK(Err(locals + ", extra") ==
        "1:1102: too many local variables (limit is 200) in main function near <eof>");
  // Hidden for-loop control slots count, as in lua5.4 (3 for a numeric for).
  std::string body = "local a; for i = 1, 2 do local b0";
  for (int i = 1; i < 195; i++) body += ", b" + std::to_string(i);
  CHECK(Err(body + " end") == "OK");
  CHECK(Err(body + ", b195 end").find("too many local variables") != std::string::npos);

  std::string ups;
  for (int i = 0; i < 256; i++) ups += "local u" + std::to_string(i) + "\n";
  ups += "function f() return ";
  for (int i = 0; i < 254; i++) ups += "u" + std::to_string(i) + ", ";
  CHECK(Err(ups + "x end").find("too many local variables") != std::string::npos);
  // Upvalues through a table of locals spread across two scopes of 128.
  std::string many;
  for (int i = 0; i < 150; i++) many += "local u" + std::to_string(i) + "\n";
  many += "function f()\n";
  for (int i = 150; i < 300; i++) many += "local v" + std::to_string(i) + "\n";
  many += "return function() return ";
  for (int i = 0; i < 150; i++) many += "u" + std::to_string(i) + ", ";
  std::string ok = many;
  for (int i = 150; i < 254; i++) ok += "v" + std::to_string(i) + ", ";
  CHECK(Err(ok + "x end end") == "OK");  // 254 + _ENV = 255 upvalues
  std::string too_many = many;
  for (int i = 150; i < 255; i++) too_many += "v" + std::to_string(i) + ", ";
  CHECK(Err(too_many + "x end end").find("too many upvalues (limit is 255) in function at line") !=
        std::string::npos);
}

TEST_CASE("lua labels/gotos limit (lua5.4: 32767)", "[lua]") {
  std::string gotos;
  for (int i = 0; i < 32767; i++) gotos += "goto a ";
  CHECK(Err(gotos + "::a::") == "OK");
  CHECK(Err(gotos + "goto a ::a::") == "1:229370: too many labels/gotos (limit is 32767)");
  std::string labels;
  for (int i = 0; i < 32768; i++) labels += "::l" + std::to_string(i) + ":: x = 1 ";
  CHECK(Err(labels).find("too many labels/gotos (limit is 32767)") != std::string::npos);
  // Resolved gotos and labels of closed blocks do not count.
  std::string blocks;
  for (int i = 0; i < 40000; i++) blocks += "do goto a; ::a:: end ";
  CHECK(Err(blocks) == "OK");
}

TEST_CASE("lua nesting depth is bounded", "[lua]") {
  const auto nested = [](const std::string& open, const std::string& mid, const std::string& close,
                         int n) {
    std::string s = "x = ";
    for (int i = 0; i < n; i++) s += open;
    s += mid;
    for (int i = 0; i < n; i++) s += close;
    return s;
  };
  // lua5.4's load() accepts 195 nested parentheses and tables and rejects 196.
  CHECK(Err(nested("(", "1", ")", 195)) == "OK");
  CHECK(Err(nested("(", "1", ")", 196)).find("chunk has too many syntax levels") !=
        std::string::npos);
  CHECK(Err(nested("{", "1", "}", 195)) == "OK");
  CHECK(Err(nested("{", "1", "}", 196)).find("too many syntax levels") != std::string::npos);
  for (const char* open :
       {"(", "{", "- ", "not ", "~", "#", "f(", "function() return ", "a[", "{x="}) {
    INFO(open);
    const std::string bomb = nested(open, "1", "", 100000);
    const std::string err = Err(bomb);
    CHECK(err.find("chunk has too many syntax levels") != std::string::npos);
  }
  std::string blocks;
  for (int i = 0; i < 100000; i++) blocks += "do ";
  CHECK(Err(blocks).find("too many syntax levels") != std::string::npos);
  std::string ifs;
  for (int i = 0; i < 100000; i++) ifs += "if x then ";
  CHECK(Err(ifs).find("too many syntax levels") != std::string::npos);
  std::string labels;
  for (int i = 0; i < 100000; i++) labels += "::l" + std::to_string(i) + "::";
  CHECK(Err(labels).find("too many syntax levels") != std::string::npos);
  std::string targets = "a0";
  for (int i = 1; i < 100000; i++) targets += ",a";
  CHECK(Err(targets + "=1").find("too many syntax levels") != std::string::npos);
  std::string concat = "x = 1";
  for (int i = 0; i < 100000; i++) concat += " .. 1";
  CHECK(Err(concat).find("too many syntax levels") != std::string::npos);
  // Left-associative chains are loops in the grammar, but they make tall trees: the AST height
  // is bounded separately (default 1000) so that recursive consumers can walk any tree.
  const auto chain = [](const std::string& head, const std::string& link, int n) {
    std::string s = head;
    for (int i = 0; i < n; i++) s += link;
    return s;
  };
  CHECK(Err(chain("x = a", ".b", 900)) == "OK");
  CHECK(Err(chain("x = 1", "+1", 900)) == "OK");
  CHECK(Err(chain("f", "()", 900)) == "OK");
  CHECK(Err(chain("x = a", ".b", 100000)) == "1:198010: chunk has too many syntax levels");
  CHECK(Err(chain("x = 1", "+1", 100000)).find("chunk has too many syntax levels") !=
        std::string::npos);
  CHECK(Err(chain("x = 1", " or 1", 100000)).find("too many syntax levels") != std::string::npos);
  CHECK(Err(chain("f", "()", 100000)).find("too many syntax levels") != std::string::npos);
  CHECK(Err(chain("o", ":m()", 100000)).find("too many syntax levels") != std::string::npos);
  CHECK(Err(chain("function a", ".b", 100000) + "() end").find("too many syntax levels") !=
        std::string::npos);
  // Long flat lists are not nesting.
  CHECK(Err("x = {" + chain("", "1,", 100000) + "}") == "OK");
  CHECK(Err(chain("x = 1", "; x = 1", 100000)) == "OK");
  CHECK(Err("f(" + chain("1", ", 1", 100000) + ")") == "OK");
  // A smaller configured limit.
  lua::ParseOptions options;
  options.skip_shebang = false;
  options.max_depth = 10;
  CHECK(lua::ParseChunk(nested("(", "1", ")", 5), options).error == std::nullopt);
  CHECK(lua::ParseChunk(nested("(", "1", ")", 20), options).error.has_value());
}

namespace {

struct SmallStackJob {
  std::string source;
  bool has_error = false;
  std::string message;
};

void* ParseOnThread(void* arg) {
  auto* job = static_cast<SmallStackJob*>(arg);
  const lua::ParseResult r = Parse(job->source);
  job->has_error = r.error.has_value();
  if (r.error) job->message = r.error->message;
  return nullptr;
}

}  // namespace

TEST_CASE("lua parser stops before a small thread stack runs out", "[lua]") {
  // 195 nested parentheses are within max_depth; on a 192 KiB stack the stack guard must turn
  // them into a ParseError (or succeed) rather than overflow.
  SmallStackJob job;
  job.source = "x = " + std::string(195, '(') + "1" + std::string(195, ')');
  pthread_attr_t attr;
  REQUIRE(pthread_attr_init(&attr) == 0);
  REQUIRE(pthread_attr_setstacksize(&attr, 192 << 10) == 0);
  pthread_t thread;
  REQUIRE(pthread_create(&thread, &attr, ParseOnThread, &job) == 0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
  if (job.has_error) CHECK(job.message == "chunk has too many syntax levels");
}

TEST_CASE("lua shebang and BOM", "[lua]") {
  const lua::ParseResult r = lua::ParseChunk("#!/usr/bin/lua5.4\nreturn 1");
  REQUIRE_FALSE(r.error);
  CHECK(r.chunk->body->stats[0]->line == 2);
  CHECK(lua::ParseChunk("\xEF\xBB\xBF# comment\nreturn 1").error == std::nullopt);
  CHECK(lua::ParseChunk("\xEF\xBB\xBFreturn 1").error == std::nullopt);
  // load() semantics when disabled.
  CHECK(Err("#!/usr/bin/lua5.4\nreturn 1") == "1:1: unexpected symbol near '#'");
}

TEST_CASE("lua parser never crashes on arbitrary bytes", "[lua]") {
  // Every prefix of a program exercising most of the grammar, and byte mutations of it.
  const std::string program =
      "#!shebang\nlocal a <const>, b <close> = 0x1p4, [==[long\n]==]\n"
      "local function f(x, ...) return x and ... or {1, [2]=3; k='\\u{48}\\z \\65'} end\n"
      "for i = 1, 10, 2 do goto c; ::c:: end repeat local z until z\n"
      "function a.b:c() return -x^2 .. \"s\\n\" // 3 end --[[ c ]] -- d\n"
      "while true do if x then break elseif y then else end end ::e::";
  REQUIRE(lua::ParseChunk(program).error == std::nullopt);
  for (size_t n = 0; n <= program.size(); n++) {
    (void)lua::ParseChunk(program.substr(0, n));
  }
  uint32_t seed = 12345;
  for (int round = 0; round < 3000; round++) {
    std::string s = program;
    for (int k = 0; k < 3; k++) {
      seed = seed * 1103515245u + 12345u;
      const size_t pos = (seed >> 8) % s.size();
      seed = seed * 1103515245u + 12345u;
      s[pos] = static_cast<char>(seed >> 16);
    }
    const lua::ParseResult r = lua::ParseChunk(s);
    CHECK((r.error.has_value() != (r.chunk != nullptr)));
  }
}

namespace {

// lua5.4's verdict: does load() accept `src`? Empty optional when lua5.4 is not installed.
std::optional<bool> LuaAccepts(const std::string& src) {
  char path[] = "/tmp/codemode-lua-diff-XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) return std::nullopt;
  const ssize_t written = write(fd, src.data(), src.size());
  close(fd);
  if (written != static_cast<ssize_t>(src.size())) {
    unlink(path);
    return std::nullopt;
  }
  const std::string cmd =
      std::string("lua5.4 -e 'io.write(tostring(load(io.read(\"a\")) ~= nil))' < ") + path;
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  if (p != nullptr) {
    char buf[64];
    size_t n;
    while ((n = fread(buf, 1, sizeof(buf), p)) > 0) out.append(buf, n);
    pclose(p);
  }
  unlink(path);
  if (out == "true") return true;
  if (out == "false") return false;
  return std::nullopt;
}

}  // namespace

TEST_CASE("lua accept/reject matches lua5.4 load()", "[lua][lua_diff]") {
  if (access("/usr/bin/lua5.4", X_OK) != 0) {
    WARN("lua5.4 not installed: differential check skipped");
    return;
  }
  const std::vector<std::string> snippets = {
      "x = 1 y = 2",
      "local a <const> = 1",
      "local a <close> = nil",
      "local a <foo> = 1",
      "local a <const>, b <close>, c <close> = 1",
      "a, b = 1",
      "a, b() = 1",
      "(a) = 1",
      "(a).b = 1",
      "a.b.c[d]:e\"x\"",
      "f{}.x = 1",
      "f",
      "function f() return ... end",
      "function f(...) return function() return ... end end",
      "function f(..., a) end",
      "function f(a,) end",
      "function a.b.c:d() end",
      "function a:b.c() end",
      "local function a.b() end",
      "goto l; ::l::",
      "::l:: ::l::",
      "::l:: do ::l:: end",
      "do ::l:: end ::l::",
      "goto l; local x; ::l:: ;;",
      "goto l; local x; ::l:: print(x)",
      "repeat goto l; local x; ::l:: until x",
      "while true do goto l; local x; ::l:: end",
      "break",
      "while true do function f() break end end",
      "repeat break until true",
      "return;",
      "return 1; x = 1",
      "do return end x = 1",
      "local x <const> = 1; local function f() x = 2 end",
      "local x <const> = 1; function x.y() end",
      "for i = 1, 2, 3, 4 do end",
      "for a.b = 1, 2 do end",
      "if a then else elseif b then end",
      "x = 2^-3",
      "x = - - - a",
      "x = ~ ~ a",
      "x = 1..2",
      "x = 0xfp1",
      "x = .5 + 5. + 0x.1",
      "x = 'abc\\'",
      "x = \"\\300\"",
      "x = \"\\u{7fffffff}\"",
      "x = \"\\u{80000000}\"",
      "x = \"\\z  \n  \"",
      "x = [==[ ]] ]=] ]==]",
      "x = [==[ ]] ]=]",
      "--[==[ unfinished",
      "x = {1, 2; 3;}",
      "x = {[1] 2}",
      "x = {a.b = 1}",
      "x = a == b == c",
      "x = a >> b << c",
      "x = function(a, b, ...) end ()",
      "f \"str\" \"x\"",
      "a:b",
      "x = $",
      "for i = 1, 2 do if i then goto continue end; local x = 1; ::continue:: end",
      "local _ENV = {}; x = 1",
      "x = (...)",
      "local x <> = 1",
      "x = a[1]]",
      "::1::",
      "x = 1.2.3",
      "x = 1ee2",
      "return return",
      "x = not not not a",
      "local function f() end f()",
      "x = 3 ..2",
      "a.b:c():d().e = 1",
      "a.b:c():d() = 1",
      "x = #{...}",
      std::string("x = '\0'", 7),
      std::string("x = \0", 5),
      "x = '\xff\xfe'",
      "x = \xff",
      "goto continue",
  };
  for (const std::string& s : snippets) {
    const std::optional<bool> lua_ok = LuaAccepts(s);
    REQUIRE(lua_ok.has_value());
    const lua::ParseResult r = Parse(s);
    INFO("snippet: " << s);
    INFO("ours: " << (r.error ? r.error->message : "accepted"));
    CHECK(*lua_ok == !r.error.has_value());
  }
  // Nesting limits at their boundaries.
  for (int n : {195, 196}) {
    std::string parens = "x = " + std::string(n, '(') + "1" + std::string(n, ')');
    CHECK(*LuaAccepts(parens) == !Parse(parens).error.has_value());
  }
  for (int n : {196, 197}) {
    std::string targets = "a0";
    for (int i = 1; i < n; i++) targets += ",a" + std::to_string(i);
    targets += " = 1";
    CHECK(*LuaAccepts(targets) == !Parse(targets).error.has_value());
  }
  for (int n : {197, 198}) {
    std::string blocks;
    for (int i = 0; i < n; i++) blocks += "do ";
    for (int i = 0; i < n; i++) blocks += "end ";
    CHECK(*LuaAccepts(blocks) == !Parse(blocks).error.has_value());
  }
}

namespace {

// Random programs from a small Lua grammar (mostly valid, some with a token dropped or repeated),
// to compare accept/reject and messages with lua5.4 in bulk.
class ProgramGenerator {
 public:
  explicit ProgramGenerator(uint32_t seed) : state_(seed) {}

  std::string Program() {
    std::string s = Block(0);
    if (Chance(30)) {
      std::vector<std::string> parts;
      size_t start = 0;
      for (size_t i = 0; i <= s.size(); i++) {
        if (i == s.size() || s[i] == ' ') {
          parts.push_back(s.substr(start, i - start));
          start = i + 1;
        }
      }
      const size_t j = Below(parts.size());
      if (Chance(50)) {
        parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(j));
      } else {
        parts.insert(parts.begin() + static_cast<std::ptrdiff_t>(j), parts[Below(parts.size())]);
      }
      s.clear();
      for (size_t i = 0; i < parts.size(); i++) s += (i ? " " : "") + parts[i];
    }
    return s;
  }

 private:
  uint32_t Next() {
    state_ = state_ * 1664525u + 1013904223u;
    return state_ >> 8;
  }
  size_t Below(size_t n) { return n == 0 ? 0 : Next() % n; }
  bool Chance(uint32_t percent) { return Next() % 100 < percent; }
  template <size_t N>
  const char* Pick(const char* const (&options)[N]) {
    return options[Below(N)];
  }

  std::string Expr(int d) {
    static const char* const kAtoms[] = {"1",    "0x1p4", "x",    "y",  "...", "'s\\n'", "nil",
                                         "true", "[[l]]", "t[1]", "3.", "t.k", "2^-1"};
    static const char* const kOps[] = {
        "+",  "-", "*",  "/",   "//", "%", "^", "..", "==", "~=", "<",
        "<=", ">", ">=", "and", "or", "&", "|", "~",  "<<", ">>"};
    static const char* const kUnops[] = {"-", "not ", "#", "~"};
    static const char* const kKeys[] = {"", "k = ", "[1] = "};
    static const char* const kParams[] = {"", "a", "a, ...", "..."};
    if (d > 3) return Pick(kAtoms);
    const uint32_t r = Next() % 100;
    if (r < 30) return Pick(kAtoms);
    if (r < 55) return Expr(d + 1) + " " + Pick(kOps) + " " + Expr(d + 1);
    if (r < 65) return std::string(Pick(kUnops)) + Expr(d + 1);
    if (r < 72) return "(" + Expr(d + 1) + ")";
    if (r < 80) {
      std::string args;
      for (size_t i = 0, n = Below(3); i < n; i++) args += (i ? ", " : "") + Expr(d + 1);
      return "f(" + args + ")";
    }
    if (r < 85) return "t:m(" + Expr(d + 1) + ")";
    if (r < 90) {
      std::string fields;
      for (size_t i = 0, n = Below(4); i < n; i++) {
        fields += (i ? ", " : "") + std::string(Pick(kKeys)) + Expr(d + 1);
      }
      return "{" + fields + "}";
    }
    return std::string("function(") + Pick(kParams) + ") " + Block(d + 1) + " end";
  }

  std::string Stat(int d) {
    static const char* const kNames[] = {"x", "y", "z", "f", "t", "self", "_ENV", "i", "k", "v"};
    static const char* const kAttribs[] = {"", " <const>", " <close>", ""};
    static const char* const kLabels[] = {"l", "m", "continue"};
    static const char* const kParams[] = {"", "...", "a, b"};
    const uint32_t r = Next() % 100;
    if (d > 3 || r < 20) return std::string(Pick(kNames)) + " = " + Expr(d + 1);
    if (r < 30) return std::string("local ") + Pick(kNames) + Pick(kAttribs) + " = " + Expr(d + 1);
    if (r < 35)
      return std::string("local ") + Pick(kNames) + " <close>, " + Pick(kNames) + " <close> = 1";
    if (r < 42) {
      return "if " + Expr(d + 1) + " then " + Block(d + 1) + " elseif " + Expr(d + 1) + " then " +
             Block(d + 1) + " else " + Block(d + 1) + " end";
    }
    if (r < 50) return "while " + Expr(d + 1) + " do " + Block(d + 1) + " end";
    if (r < 56) return "repeat " + Block(d + 1) + " until " + Expr(d + 1);
    if (r < 62) return "for i = 1, " + Expr(d + 1) + " do " + Block(d + 1) + " end";
    if (r < 67) return "for k, v in pairs(t) do " + Block(d + 1) + " end";
    if (r < 72) return "do " + Block(d + 1) + " end";
    if (r < 76) return std::string("goto ") + Pick(kLabels);
    if (r < 81) return std::string("::") + Pick(kLabels) + "::";
    if (r < 85) return "break";
    if (r < 90)
      return std::string("local function g(") + Pick(kParams) + ") " + Block(d + 1) + " end";
    if (r < 95)
      return std::string("function t.a:") + (Chance(50) ? "m" : "n") + "() " + Block(d + 1) +
             " end";
    return "f(" + Expr(d + 1) + ")";
  }

  std::string Block(int d) {
    std::string s;
    for (size_t i = 0, n = Below(4); i < n; i++) s += (i ? " " : "") + Stat(d);
    if (Chance(20)) s += " return " + Expr(d + 1);
    return s;
  }

  uint32_t state_;
};

// Runs lua5.4's load() over each program; returns "OK" or the message without "x:N: ", one per
// program, or an empty vector when lua5.4 cannot be run.
std::vector<std::string> LuaVerdicts(const std::vector<std::string>& programs) {
  static const char kScript[] =
      "local d = io.read('a') local i = 1\n"
      "while i <= #d do\n"
      "  local nl = d:find('\\n', i, true) local n = tonumber(d:sub(i, nl - 1))\n"
      "  local s = d:sub(nl + 1, nl + n) i = nl + n + 1\n"
      "  local f, e = load(s, '=x')\n"
      "  io.write(f and 'OK' or (e:gsub('^x:%d+: ', ''):gsub('\\n', '\\\\n')), '\\n')\n"
      "end\n";
  char data_path[] = "/tmp/codemode-lua-bulk-XXXXXX";
  char script_path[] = "/tmp/codemode-lua-script-XXXXXX";
  const int data_fd = mkstemp(data_path);
  const int script_fd = mkstemp(script_path);
  std::vector<std::string> out;
  if (data_fd >= 0 && script_fd >= 0) {
    std::string data;
    for (const std::string& p : programs) data += std::to_string(p.size()) + "\n" + p;
    const bool ok =
        write(data_fd, data.data(), data.size()) == static_cast<ssize_t>(data.size()) &&
        write(script_fd, kScript, sizeof(kScript) - 1) == static_cast<ssize_t>(sizeof(kScript) - 1);
    close(data_fd);
    close(script_fd);
    FILE* p = ok ? popen(("lua5.4 " + std::string(script_path) + " < " + data_path).c_str(), "r")
                 : nullptr;
    if (p != nullptr) {
      std::string text;
      char buf[4096];
      size_t n;
      while ((n = fread(buf, 1, sizeof(buf), p)) > 0) text.append(buf, n);
      pclose(p);
      size_t start = 0;
      for (size_t i = 0; i < text.size(); i++) {
        if (text[i] == '\n') {
          out.push_back(text.substr(start, i - start));
          start = i + 1;
        }
      }
    }
  }
  if (data_fd >= 0) unlink(data_path);
  if (script_fd >= 0) unlink(script_path);
  if (out.size() != programs.size()) out.clear();
  return out;
}

}  // namespace

TEST_CASE("lua random programs: verdicts and messages match lua5.4", "[lua][lua_diff]") {
  if (access("/usr/bin/lua5.4", X_OK) != 0) {
    WARN("lua5.4 not installed: differential check skipped");
    return;
  }
  ProgramGenerator gen(20240601);
  std::vector<std::string> programs;
  for (int i = 0; i < 3000; i++) programs.push_back(gen.Program());
  const std::vector<std::string> verdicts = LuaVerdicts(programs);
  REQUIRE(verdicts.size() == programs.size());
  int accepted = 0;
  for (size_t i = 0; i < programs.size(); i++) {
    const lua::ParseResult r = Parse(programs[i]);
    std::string ours = "OK";
    if (r.error) {
      ours.clear();
      for (const char c : r.error->message)
        ours += c == '\n' ? std::string("\\n") : std::string(1, c);
    }
    INFO("program: " << programs[i]);
    CHECK(ours == verdicts[i]);
    accepted += r.error ? 0 : 1;
  }
  // The generator must exercise both outcomes.
  CHECK(accepted > 1000);
  CHECK(accepted < 2500);
}
