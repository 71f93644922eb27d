// compiler/call_printer: V8's CallPrinter text of an expression (the "o.a.b" of "o.a.b is not a
// function"). End-to-end messages are compared with Node.js by tests/js/syntax/callee_messages.js;
// these cases pin the printer's own rules and its bounds on long and deep expressions.
#include "compiler/call_printer.h"

#include <catch2/catch.hpp>
#include <string>

#include "compiler/js/parser.h"

namespace js = codemode::js;

namespace {

// The text of the expression statement `src` (a single expression; parenthesized as a statement
// when it starts with `{`).
std::string Text(const std::string& src, bool iterator_error = false) {
  js::ParseOptions options;
  js::ParseResult r = js::ParseProgram(src, options);
  REQUIRE_FALSE(r.error.has_value());
  REQUIRE(r.program->body.size() == 1);
  const js::Node* stmt = r.program->body[0];
  REQUIRE(stmt->kind == js::NodeKind::kExpressionStatement);
  return codemode::compiler::CallSiteText(stmt->As<js::ExpressionStatement>()->expression,
                                          iterator_error);
}

}  // namespace

TEST_CASE("call printer: names, members, calls and literals as V8 prints them", "[call_printer]") {
  CHECK(Text("x") == "x");
  CHECK(Text("this.a.b") == "this.a.b");
  CHECK(Text("o['a b']") == "o.a b");
  CHECK(Text("o[0]") == "o[0]");
  CHECK(Text("o[1.5e21]") == "o[1.5e+21]");
  CHECK(Text("o[k]") == "o[k]");
  // A whole optional chain is not printed (V8 visits it without printing); its links are, when they
  // are a callee: `o?.a?.[k]()` fails as "o?.a?.[k] is not a function" (tests/js/syntax).
  CHECK(Text("o?.a?.[k]") == "(intermediate value)");
  CHECK(Text("f()") == "f(...)");
  CHECK(Text("f()", /*iterator_error=*/true) == "f");
  CHECK(Text("a.b().c") == "a.b(...).c");
  CHECK(Text("'s'") == "\"s\"");
  CHECK(Text("`t`") == "\"t\"");
  CHECK(Text("`a${x}b${y.z}`") == "xy.z");
  CHECK(Text("[1, 'a', , x]") == "[1,\"a\",(intermediate value),x]");
  CHECK(Text("({a: 1, b})") == "{(intermediate value)(intermediate value)}");
  CHECK(Text("/a+/g") == "/a+/g");
  CHECK(Text("10n") == "(intermediate value)");
  CHECK(Text("null") == "null");
}

TEST_CASE("call printer: operators in parentheses and what V8 leaves unprinted", "[call_printer]") {
  CHECK(Text("a + b * c") == "(a + (b * c))");
  CHECK(Text("a + b + c") == "(a + b + c)");
  CHECK(Text("(a + b) + c") == "((a + b) + c)");
  CHECK(Text("a && b || c") == "((a && b) || c)");
  CHECK(Text("(0, o.p)") == "(0 , o.p)");
  CHECK(Text("typeof o") == "(typeof o)");
  CHECK(Text("-x") == "(-x)");
  CHECK(Text("x++") == "(x++)");
  CHECK(Text("a ? b : c") == "(intermediate value)(intermediate value)(intermediate value)");
  CHECK(Text("z = 5") == "z");
  CHECK(Text("(function () {})") == "(intermediate value)");
  CHECK(Text("(() => 1)") == "(intermediate value)");
  CHECK(Text("(class {})") == "(intermediate value)");
}

TEST_CASE("call printer: long and deep expressions are cut", "[call_printer]") {
  std::string chain = "o";
  for (int i = 0; i < 2000; ++i) chain += ".f()";
  std::string text = Text(chain);
  CHECK(text.size() <= 203);
  CHECK(text.rfind("(intermediate value)", 0) == 0);  // the deep end is not printed
  std::string big = "'" + std::string(10000, 'x') + "'";
  text = Text(big);
  CHECK(text.size() == 203);
  CHECK(text.substr(200) == "...");
  std::string arr = "[";
  for (int i = 0; i < 1000; ++i) arr += std::to_string(i) + ",";
  text = Text(arr + "]");
  CHECK(text.substr(text.size() - 3) == "...");
  CHECK(text.size() < 260);
}
