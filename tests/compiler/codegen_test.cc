// Structural tests of the JavaScript code generator: every program compiles to bytecode that passes
// the verifier (jump targets, register/constant/child/upvalue operands, handlers, line table),
// golden disassembly of small programs pins the lowering conventions, errors carry locations, and
// the verifier rejects malformed modules.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <variant>

#include "compiler/compile.h"
#include "compiler/verify.h"
#include "vm/disasm.h"
#include "vm/isa.h"

namespace {

using codemode::bytecode::Constant;
using codemode::bytecode::FunctionKind;
using codemode::bytecode::FunctionProto;
using codemode::bytecode::Module;
using codemode::compiler::CompileError;
using codemode::compiler::CompileJavaScript;
using codemode::compiler::VerifyModule;
using codemode::isa::Op;
namespace isa = codemode::isa;

Module MustCompile(const std::string& src) {
  auto result = CompileJavaScript(src, {});
  if (auto* e = std::get_if<CompileError>(&result)) {
    FAIL_CHECK("compile error: " << e->message << " at " << e->line << ":" << e->column << "\n"
                                 << src);
    return Module{};
  }
  Module m = std::move(std::get<Module>(result));
  auto status = VerifyModule(m);
  if (!status.ok()) {
    FAIL_CHECK(status.ToString() << "\n" << src << "\n" << codemode::bytecode::Disassemble(m));
  }
  return m;
}

CompileError MustFail(const std::string& src) {
  auto result = CompileJavaScript(src, {});
  if (auto* e = std::get_if<CompileError>(&result)) return *e;
  FAIL_CHECK("expected a compile error for:\n" << src);
  return CompileError{CompileError::Kind::kParseError, "", 0, 0};
}

std::string Listing(const std::string& src) {
  return codemode::bytecode::Disassemble(MustCompile(src));
}

const FunctionProto* FindProto(const Module& m, const std::string& name) {
  for (const FunctionProto& p : m.protos) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

bool Uses(const FunctionProto& p, Op op) {
  for (size_t pc = 0; pc < p.code.size(); pc += isa::InstrWords(isa::GetOp(p.code[pc]))) {
    if (isa::GetOp(p.code[pc]) == op) return true;
  }
  return false;
}

std::string ReadFile(const std::filesystem::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("every core corpus program compiles to verified bytecode", "[codegen][corpus]") {
  std::filesystem::path dir =
      std::filesystem::path(CODEMODE_SOURCE_DIR "/tests/corpus") / "js" / "core" / "programs";
  REQUIRE(std::filesystem::is_directory(dir));
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".js") continue;
    INFO(entry.path().filename().string());
    Module m = MustCompile(ReadFile(entry.path()));
    CHECK(m.protos[m.main].kind == FunctionKind::kScript);
    CHECK(m.protos[m.main].is_async);
    ++count;
  }
  CHECK(count >= 50);
}

TEST_CASE("advanced corpus programs compile or report unsupported syntax", "[codegen][corpus]") {
  std::filesystem::path dir =
      std::filesystem::path(CODEMODE_SOURCE_DIR "/tests/corpus") / "js" / "advanced" / "programs";
  REQUIRE(std::filesystem::is_directory(dir));
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".js") continue;
    INFO(entry.path().filename().string());
    auto result = CompileJavaScript(ReadFile(entry.path()), {});
    if (auto* e = std::get_if<CompileError>(&result)) {
      CHECK(e->kind == CompileError::Kind::kUnsupportedSyntax);
      CHECK(e->line > 0);
    } else {
      CHECK(VerifyModule(std::get<Module>(result)).ok());
    }
  }
}

// One snippet per language feature of the issue; each must compile and verify.
TEST_CASE("language features compile to verified bytecode", "[codegen]") {
  const char* programs[] = {
      // bindings, hoisting, TDZ
      "let a = 1; const b = 2; var c = 3; a + b + c",
      "f(); function f() { return g; } var g = 1;",
      "{ let x = 1; { let x = 2; x } x }",
      "let x = x + 1;",
      "function f() { return y; } let y = 1; f()",
      "switch (k) { case 0: let a = 1; case 1: a = 2; break; default: a; }",
      "switch (k) { case 1: function h() { return 1; } default: h(); }",
      "var v; var v = 2; v",
      "try { throw 1 } catch (e) { var e = 2; } ",
      // functions
      "function f(a, b = a + 1, ...rest) { return [a, b, rest]; } f(1)",
      "function f({a, b: [c] = []} = {}, [d, ...e] = []) { return a + c + d + e.length; }",
      "const f = function fact(n) { return n <= 1 ? 1 : n * fact(n - 1); }; f(5)",
      "const g = function named() { named = 1; return named; };",
      "'use strict'; const g = function named() { named = 1; };",
      "const add = (a, b) => a + b; const inc = x => x + 1; add(inc(1), 2)",
      "const mk = () => ({ a: 1 }); mk().a",
      "function outer() { let n = 0; return () => () => ++n; } outer()()()",
      "function f() { return arguments.length + arguments[0]; } f(1, 2)",
      "function f() { const g = () => arguments[0]; return g(); } f(3)",
      "function f() { var arguments = 1; return arguments; }",
      "function f(arguments) { return arguments; }",
      "function F() { this.x = 1; const g = () => this.x; return g(); } new F()",
      "function F() { return new.target === F; } F(); new F()",
      "function F() { return () => new.target; }",
      "async function f() { return await 1; } await f()",
      "const f = async () => { await null; return 2; }; await f()",
      "const f = async x => await x;",
      "(function () { 'use strict'; return this; })()",
      // closures and per-iteration bindings
      "const fs = []; for (let i = 0; i < 3; i++) { fs.push(() => i); } fs.map(f => f())",
      "const fs = []; for (const x of [1, 2]) fs.push(() => x); fs",
      "const fs = []; for (const k in {a: 1}) fs.push(() => k); fs",
      "let i = 0; while (i < 3) { let j = i; setTimeout(() => j); i++; }",
      "for (let i = 0, f = () => i; i < 2; i++) f();",
      // destructuring everywhere
      "const {a, b: {c}, d = 1, ...r} = o; const [x, , y = 2, ...z] = arr;",
      "let a, b; [a, b] = [b, a]; ({a, b = 3} = {a: 1});",
      "const o = {}; [o.x, o['y'], ...o.rest] = [1, 2, 3]; ({p: o.q} = {p: 1});",
      "for (const [k, v] of Object.entries(o)) {} for (const {a, b = 1} of list) {}",
      "let k; for ([k] of [[1]]) {} for ({k} of []) {} for (o.p of [1]) {} for (k in o) {}",
      "try { f(); } catch ({message, stack: [first] = []}) { message; }",
      "const {[key]: v, [`${a}b`]: w = 2} = obj;",
      "const [[a, [b]], {c: [d]}] = nested;",
      "const {} = x; const [] = y;",
      "function f(...[a, b]) { return a + b; }",
      // spread and literals
      "f(...a, 1, ...b); new C(...args); [...a, , 1, ...b]; ({...o, a: 1, ...p})",
      "const o = {a, b: 2, 'c d': 3, 4: 5, [k]: 6, m() { return 1; }, get x() { return 1; }, set "
      "x(v) {}, "
      "__proto__: null, async am() { await 1; }, 1.5: 0, 10n: 1};",
      "const o = { f: function () {}, g: () => 1, ['h']: function () {} };",
      "`a${1}b${'c'}d`; `${x}`; ``; `plain`;",
      "tag`a${x}b`; o.tag`x`; String.raw`\\n${1}`; tag`\\unicode`",
      "/ab+c/gi.test('abbc'); /x/;",
      "[1, 2, 3].length; ({}).toString(); 1e21; -0; 0.1; 12345678901234567890; 10n; -5n;",
      // operators
      "a + b - c * d / e % f ** g; a << b >> c >>> d; a & b | c ^ d; ~a; -a; +a; !a;",
      "a == b; a != b; a === b; a !== b; a < b; a <= b; a > b; a >= b; a in b; a instanceof b;",
      "(a && b || c) ?? d; (a ?? b) || c; x = a && b;",
      "let x = 1; x += 2; x -= 1; x *= 3; x /= 2; x %= 5; x **= 2; x <<= 1; x >>= 1; x >>>= 1; "
      "x &= 7; x |= 8; x ^= 1;",
      "o.p += 1; o[k] -= 2; o.q ||= 3; o[k] &&= 4; o.r ?\?= 5; x ||= 1; y &&= 2; z ?\?= 3;",
      "let i = 0; i++; ++i; i--; --i; const j = i++ + ++i; o.p++; --o[k]; o.q--;",
      "typeof undeclared; typeof x; delete o.p; delete o[k]; delete x; delete 1; void 0; void f();",
      "a, b, c; (a, b) ? c : d;",
      "x = y = z = 1; o.a = o.b = 2;",
      // optional chaining
      "a?.b; a?.[b]; a?.b(); a.b?.(); a?.b.c.d; a?.b?.c; (a?.b).c; a?.(); delete a?.b; (a?.b)();",
      // statements
      "if (a) b(); else if (c) d(); else e();",
      "for (;;) { break; } for (let i = 0; i < 2; i++) continue; while (false) {} do {} while (0);",
      "outer: for (const a of x) { inner: for (const b of y) { if (b) continue outer; break inner; "
      "} }",
      "lbl: { if (a) break lbl; b(); } l2: l3: for (;;) { break l2; }",
      "switch (x) { default: a(); case 1: b(); break; case 2: { c(); } }",
      "switch (x) {} switch (x) { case 1: }",
      "try { a(); } catch (e) { b(e); } finally { c(); }",
      "try { a(); } catch { b(); }",
      "function f() { try { return 1; } finally { g(); } }",
      "function f() { try { return 1; } finally { return 2; } }",
      "function f() { for (const x of y) { try { if (x) return x; continue; } finally { if (x) "
      "break; } } }",
      "function f() { for (const x of y) { for (const z of w) { try { break; } catch (e) {} } } }",
      "function f() { a: try { break a; } finally { b(); } }",
      "function f() { for (;;) { try { try { break; } finally { g(); } } finally { h(); } } }",
      "throw new Error('x');",
      "debugger; ;",
      // program result
      "1; 2",
      "if (true) { 2 }",
      "1; const v = 2",
      "return 5;",
      "await Promise.resolve(1)",
  };
  for (const char* src : programs) {
    INFO(src);
    MustCompile(src);
  }
}

TEST_CASE("the main proto follows the program conventions", "[codegen]") {
  Module m = MustCompile("'use strict'; const x = 1; x");
  const FunctionProto& main = m.protos[m.main];
  CHECK(main.kind == FunctionKind::kScript);
  CHECK(main.is_async);
  CHECK(main.strict);
  CHECK(main.num_params == 0);
  Module sloppy = MustCompile("1");
  CHECK_FALSE(sloppy.protos[sloppy.main].strict);
  Module args = MustCompile("arguments.length");
  CHECK(args.protos[args.main].needs_arguments);
}

TEST_CASE("function protos carry names, kinds, flags and parameter layout", "[codegen]") {
  Module m = MustCompile(
      "const f = () => {};\n"
      "const o = { g: function () {}, h() {}, get p() { return 1; }, set p(v) {}, 'q r': () => 1 "
      "};\n"
      "function decl(a, b = 1, ...rest) { return arguments; }\n"
      "let assigned; assigned = function () {};\n"
      "const named = function inner() {};\n"
      "const { dflt = () => 1 } = {};\n"
      "async function af() {}\n");
  const FunctionProto* f = FindProto(m, "f");
  REQUIRE(f);
  CHECK(f->kind == FunctionKind::kArrow);
  REQUIRE(FindProto(m, "g"));
  CHECK(FindProto(m, "g")->kind == FunctionKind::kNormal);
  REQUIRE(FindProto(m, "h"));
  CHECK(FindProto(m, "h")->kind == FunctionKind::kMethod);
  REQUIRE(FindProto(m, "get p"));
  CHECK(FindProto(m, "get p")->kind == FunctionKind::kGetter);
  REQUIRE(FindProto(m, "set p"));
  CHECK(FindProto(m, "set p")->kind == FunctionKind::kSetter);
  CHECK(FindProto(m, "q r"));
  const FunctionProto* decl = FindProto(m, "decl");
  REQUIRE(decl);
  CHECK(decl->num_params == 2);
  CHECK(decl->length == 1);
  CHECK(decl->has_rest);
  CHECK(decl->rest_reg == 3);
  CHECK(decl->needs_arguments);
  CHECK(decl->arguments_reg == 4);
  CHECK_FALSE(decl->strict);
  CHECK(FindProto(m, "assigned"));
  CHECK(FindProto(m, "inner"));
  CHECK_FALSE(FindProto(m, "named"));
  CHECK(FindProto(m, "dflt"));
  REQUIRE(FindProto(m, "af"));
  CHECK(FindProto(m, "af")->is_async);
}

TEST_CASE("strictness is inherited by nested functions", "[codegen]") {
  Module m =
      MustCompile("function a() { 'use strict'; function b() {} return b; } function c() {}");
  REQUIRE(FindProto(m, "b"));
  CHECK(FindProto(m, "b")->strict);
  CHECK_FALSE(FindProto(m, "c")->strict);
}

TEST_CASE("hot patterns avoid needless moves", "[codegen]") {
  SECTION("x = a + b targets the local directly") {
    CHECK(Listing("let a = 1, b = 2, x; x = a + b;").find("ADD          R3 R1 R2") !=
          std::string::npos);
  }
  SECTION("i++ in a for update is a single INC") {
    std::string l = Listing("for (let i = 0; i < 10; i++) {}");
    CHECK(l.find("INC          R1 R1") != std::string::npos);
    CHECK(l.find("TONUMERIC") == std::string::npos);
  }
  SECTION("x + small literal uses ADDI") {
    CHECK(Listing("let x = 1; x = x + 5;").find("ADDI         R1 R1 5") != std::string::npos);
  }
  SECTION("compare and branch") {
    std::string l = Listing("let a = 1, b = 2; if (a < b) a = 3;");
    CHECK(l.find("LT           R3 R1 R2") != std::string::npos);
    CHECK(l.find("JMPF         R3") != std::string::npos);
  }
  SECTION("x == null is one jump") {
    std::string l = Listing("let a; if (a == null) a = 1;");
    CHECK(l.find("JMPNOTNULLISH R1") != std::string::npos);
    CHECK(l.find(" EQ ") == std::string::npos);
  }
}

TEST_CASE("long expressions use a bounded number of registers", "[codegen]") {
  std::string sum = "let a = 1; const s = a";
  for (int i = 0; i < 2000; ++i) sum += " + a";
  sum += "; const t = ''";
  for (int i = 0; i < 500; ++i) sum += " + 'x' + a";
  sum += "; const o = {};";
  sum += "const c = o";
  for (int i = 0; i < 500; ++i) sum += ".p";
  sum += "; const m = o";
  for (int i = 0; i < 200; ++i) sum += ".f()";
  sum += "; const tpl = `";
  for (int i = 0; i < 300; ++i) sum += "${a}-";
  sum += "`;";
  Module m = MustCompile(sum);
  CHECK(m.protos[m.main].num_regs < 32);  // independent of the 2000-term length
}

TEST_CASE("deeply nested input compiles without exhausting the stack", "[codegen]") {
  std::string nested;
  for (int i = 0; i < 300; ++i) nested += "(";
  nested += "1";
  for (int i = 0; i < 300; ++i) nested += ")";
  MustCompile(nested);
  std::string blocks;
  for (int i = 0; i < 150; ++i)
    blocks += "{ let x" + std::to_string(i) + " = " + std::to_string(i) + "; ";
  for (int i = 0; i < 150; ++i) blocks += "}";
  MustCompile(blocks);
  std::string fns = "let f = ";
  for (int i = 0; i < 120; ++i) fns += "() => ";
  fns += "1;";
  MustCompile(fns);
  std::string finallies;
  for (int i = 0; i < 40; ++i) finallies += "try { ";
  finallies += "f();";
  for (int i = 0; i < 40; ++i) finallies += " } finally { g(); }";
  Module m = MustCompile("function h() { for (;;) { " + finallies + " break; } }");
  // A single copy of each finally block: code grows linearly with nesting.
  CHECK(FindProto(m, "h")->code.size() < 4000);
}

TEST_CASE("functions exceeding the ISA limits fail cleanly", "[codegen][limits]") {
  std::string many = "function big() {";
  for (int i = 0; i < 300; ++i)
    many += " let v" + std::to_string(i) + " = " + std::to_string(i) + ";";
  many += " }";
  CompileError e = MustFail(many);
  CHECK(e.kind == CompileError::Kind::kUnsupportedSyntax);
  CHECK(e.message.find("function too large") != std::string::npos);
  CHECK(e.line == 1);

  std::string args = "f(";
  for (int i = 0; i < 300; ++i) args += (i ? ", " : "") + std::to_string(i);
  args += ")";
  MustCompile(args);  // more than 253 arguments: collected into an array (CALLSPREAD)
}

TEST_CASE("unsupported syntax is reported at the node", "[codegen][errors]") {
  struct Case {
    const char* src;
    uint32_t line, column;
  } cases[] = {
      {"if (true) function f() {}", 1, 11},
      {"let x;\n  if (x) function g() {}", 2, 10},
  };
  for (const Case& c : cases) {
    INFO(c.src);
    CompileError e = MustFail(c.src);
    CHECK(e.kind == CompileError::Kind::kUnsupportedSyntax);
    CHECK(e.line == c.line);
    CHECK(e.column == c.column);
  }
}

TEST_CASE("observable sloppy-mode arguments aliasing is refused", "[codegen][errors]") {
  const char* aliased[] = {
      "function f(a) { arguments[0] = 2; return a; }",
      "function f(a) { a = 2; return arguments[0]; }",
      "function f(a) { const g = () => { a++; }; g(); return [...arguments]; }",
      "function f(a) { [a] = [1]; return Array.from(arguments); }",
  };
  for (const char* src : aliased) {
    INFO(src);
    CompileError e = MustFail(src);
    CHECK(e.kind == CompileError::Kind::kUnsupportedSyntax);
    CHECK(e.message.find("arguments") != std::string::npos);
  }
  const char* fine[] = {
      "function f(a) { a = 2; return arguments.length; }",
      "function f(a) { 'use strict'; a = 2; return arguments[0]; }",
      "function f(a = 1) { a = 2; return arguments[0]; }",
      "function f(a) { return arguments[0] + a; }",
      "function f() { arguments[0] = 1; return arguments; }",
      "const f = (a) => { a = 1; return a; };",
  };
  for (const char* src : fine) {
    INFO(src);
    MustCompile(src);
  }
}

TEST_CASE("sloppy block functions used outside their block are reported", "[codegen][errors]") {
  CompileError e = MustFail("if (x) {\n  function f() { return 1; }\n}\nf();");
  CHECK(e.kind == CompileError::Kind::kUnsupportedSyntax);
  CHECK(e.line == 4);
  CHECK(e.column == 1);
  CHECK(MustFail("switch (1) { case 1: function q() {} } q();").kind ==
        CompileError::Kind::kUnsupportedSyntax);
  MustCompile("if (x) { function f() { return 1; } f(); }");
  MustCompile("'use strict'; if (x) { function f() {} } f();");  // strict: a global reference
  MustCompile("let g = 1; { function g() {} } g;");
}

TEST_CASE("early errors of declarations", "[codegen][errors]") {
  const char* bad[] = {
      "let a; let a;",
      "const a = 1; var a;",
      "let a; { var a; }",
      "function f(x) { let x; }",
      "try {} catch (e) { let e; }",
      "let f; function f() {}",
      "for (let i of x) { var i; }",
  };
  for (const char* src : bad) {
    INFO(src);
    CompileError e = MustFail(src);
    CHECK(e.kind == CompileError::Kind::kParseError);
    CHECK(e.message.find("already been declared") != std::string::npos);
  }
  const char* good[] = {
      "var a; var a;",          "function f(x) { var x; }", "try {} catch (e) { var e; }",
      "var f; function f() {}", "{ let a; } { let a; }",    "function f(a, a) {}",
  };
  for (const char* src : good) {
    INFO(src);
    MustCompile(src);
  }
}

TEST_CASE("parse errors carry positions", "[codegen][errors]") {
  CompileError e = MustFail("let x = ;");
  CHECK(e.kind == CompileError::Kind::kParseError);
  CHECK(e.line == 1);
  CHECK(e.column > 0);
}

TEST_CASE("captured variables live in cells and are reached through upvalues", "[codegen]") {
  Module m = MustCompile(
      "function outer() { let x = 1; return function mid() { return function leaf() { return x; }; "
      "}; }");
  const FunctionProto* outer = FindProto(m, "outer");
  const FunctionProto* mid = FindProto(m, "mid");
  const FunctionProto* leaf = FindProto(m, "leaf");
  REQUIRE((outer && mid && leaf));
  CHECK(Uses(*outer, Op::NEWCELL));
  REQUIRE(mid->upvalues.size() == 1);
  CHECK(mid->upvalues[0].from_parent_register);
  REQUIRE(leaf->upvalues.size() == 1);
  CHECK_FALSE(leaf->upvalues[0].from_parent_register);
  CHECK(leaf->upvalues[0].index == 0);
  CHECK(Uses(*leaf, Op::GETUPVALCHK));  // a let read from a closure may run in its TDZ
}

TEST_CASE("typeof an undeclared global does not throw", "[codegen]") {
  Module m = MustCompile("typeof notDeclared");
  CHECK(Uses(m.protos[m.main], Op::GETGLOBALOPT));
  CHECK_FALSE(Uses(m.protos[m.main], Op::GETGLOBAL));
}

TEST_CASE("tagged templates get one template constant per site", "[codegen]") {
  Module m = MustCompile("tag`a${1}b`; tag`a${1}b`;");
  int templates = 0;
  for (const Constant& c : m.protos[m.main].constants) {
    if (c.kind == Constant::Kind::kTemplate) {
      ++templates;
      CHECK(c.strings.size() == 2);
      CHECK(c.raws.size() == 2);
    }
  }
  CHECK(templates == 2);
  Module bad = MustCompile("tag`\\unicode`");
  for (const Constant& c : bad.protos[bad.main].constants) {
    if (c.kind == Constant::Kind::kTemplate) {
      REQUIRE(c.cooked_valid.size() == 1);
      CHECK_FALSE(c.cooked_valid[0]);
      CHECK(c.raws[0] == u"\\unicode");
    }
  }
}

TEST_CASE("constants are deduplicated", "[codegen]") {
  Module m = MustCompile("const a = 'x' + 'x' + 'x'; const b = 1.5 + 1.5; o.x; o.x;");
  int strings = 0, numbers = 0;
  for (const Constant& c : m.protos[m.main].constants) {
    if (c.kind == Constant::Kind::kString && c.u16 == u"x") ++strings;
    if (c.kind == Constant::Kind::kNumber && c.number == 1.5) ++numbers;
  }
  CHECK(strings == 1);
  CHECK(numbers == 1);
}

TEST_CASE("line table points at the failing expression", "[codegen]") {
  Module m = MustCompile("const a = 1;\nconst b = a.x.y;\nb()");
  const FunctionProto& main = m.protos[m.main];
  bool line2 = false, line3 = false;
  for (const auto& e : main.lines) {
    if (e.line == 2 && e.column == 15) line2 = true;  // `y` of `.y`
    if (e.line == 3 && e.column == 1) line3 = true;   // the callee
  }
  CHECK(line2);
  CHECK(line3);
}

// -------------------------------------------------------------------------------------------
// golden

TEST_CASE("golden: arithmetic and the result value", "[codegen][golden]") {
  CHECK(Listing("let x = 1;\nx = x * 2 + 1;\nx") ==
        R"(function 0 "" script async main params=0 length=0 regs=4 line 1:1
     0           LOADI        R1 1
     1           LOADI        R3 2
     2  2:7      MUL          R2 R1 R3
     3  2:11     ADDI         R1 R2 1
     4  3:1      RET          R1
     5           RETUNDEF     
)");
}

TEST_CASE("golden: closures, cells and per-iteration bindings", "[codegen][golden]") {
  CHECK(Listing("const fs = [];\nfor (let i = 0; i < 2; i++) fs.push(() => i);") ==
        R"(function 0 "" script async main params=0 length=0 regs=6 line 1:1
  children: 1
     0  1:12     NEWARRAY     R2 0
     1           MOVE         R1 R2
     2           NEWCELL      R2 0
     3           LOADI        R3 0
     4           SETCELL      R2 R3
     5           GETCELL      R3 R2
     6           NEWCELL      R2 0
     7           SETCELL      R2 R3
     8           JMP          -> 20
     9           MOVE         R4 R1
    10  2:32     GETFIELD     R3 R4 K0  ; "push"
    12  2:37     CLOSURE      R5 F0  ; function 1
    13  2:32     CALL         R3 1
    14           GETCELL      R3 R2
    15           NEWCELL      R2 0
    16           SETCELL      R2 R3
    17           GETCELL      R3 R2
    18  2:24     INC          R3 R3
    19           SETCELL      R2 R3
    20           GETCELL      R4 R2
    21           LOADI        R5 2
    22  2:19     LT           R3 R4 R5
    23           JMPT         R3 -> 9
    24           RETUNDEF     

function 1 "" arrow params=0 length=0 regs=2 line 2:37
     0  2:43     GETUPVALCHK  R1 U0 K0  ; i "i"
     2           RET          R1
  upvalues:
    U0 i parent R2
)");
}

TEST_CASE("golden: for-of with break closes the iterator outside the throw handler",
          "[codegen][golden]") {
  CHECK(Listing("for (const x of xs) {\n  if (x) break;\n  f(x);\n}") ==
        R"(function 0 "" script async main params=0 length=0 regs=8 line 1:1
     0  1:17     GETGLOBAL    R2 K0  ; "xs"
     2           GETITER      R3 R2
     3  1:1      ITERNEXT     R1 R3
     4           JMPEMPTY     R1 -> 16
     5           JMPF         R1 -> 8
     6           ITERCLOSE    R3
     7           JMP          -> 16
     8  3:3      GETGLOBAL    R5 K1  ; "f"
    10           LOADUNDEF    R6
    11           MOVE         R7 R1
    12           CALL         R5 1
    13           JMP          -> 3
    14  1:1      ITERCLOSE    R3
    15           THROW        R1
    16           RETUNDEF     
  handlers:
    [5, 6) -> 14  R1
    [7, 13) -> 14  R1
    [14, 15) -> 15  R5
)");
}

TEST_CASE("golden: try/finally routes return and break through one finally copy",
          "[codegen][golden]") {
  CHECK(Listing("function f(a) {\n  for (;;) {\n    try {\n      if (a) return 1;\n      break;\n"
                "    } finally {\n      g();\n    }\n  }\n}") ==
        R"(function 0 "" script async main params=0 length=0 regs=2 line 1:1
  children: 1
     0  1:1      CLOSURE      R1 F0  ; function 1 "f"
     1           RETUNDEF     

function 1 "f" normal params=1 length=1 regs=6 line 1:1
     0           JMPF         R1 -> 5
     1           LOADI        R4 1
     2           MOVE         R3 R4
     3           LOADI        R2 2
     4           JMP          -> 10
     5           LOADI        R2 3
     6           JMP          -> 10
     7           LOADI        R2 0
     8           JMP          -> 10
     9           LOADI        R2 1
    10  7:7      GETGLOBAL    R4 K0  ; "g"
    12           LOADUNDEF    R5
    13           CALL         R4 0
    14           JMPF         R2 -> 22
    15           ADDI         R4 R2 -2
    16           JMPF         R4 -> 20
    17           ADDI         R4 R2 -3
    18           JMPF         R4 -> 21
    19           THROW        R3
    20           RET          R3
    21           JMP          -> 23
    22           JMP          -> 0
    23           RETUNDEF     
  handlers:
    [0, 7) -> 9  R3
)");
}

TEST_CASE("golden: destructuring declarations", "[codegen][golden]") {
  CHECK(Listing("const {a, b = 2} = o;\nconst [c, d] = a;") ==
        R"(function 0 "" script async main params=0 length=0 regs=8 line 1:1
     0  1:20     GETGLOBAL    R5 K0  ; "o"
     2           JMPNOTNULLISH R5 -> 6
     3           JMPUNDEF     R5 -> 5
     4  1:7      THROWERR     0 K1  ; "Cannot destructure 'null' as it is null."
     5           THROWERR     0 K2  ; "Cannot destructure 'undefined' as it is undefined."
     6  1:8      GETFIELD     R1 R5 K3  ; "a"
     8  1:11     GETFIELD     R2 R5 K4  ; "b"
    10           JMPNOTUNDEF  R2 -> 12
    11           LOADI        R2 2
    12  2:7      GETITER      R5 R1
    13           LOADFALSE    R7
    14  2:8      ITERNEXT     R3 R5
    15           JMPNOTEMPTY  R3 -> 18
    16           LOADTRUE     R7
    17           LOADUNDEF    R3
    18           JMPT         R7 -> 22
    19  2:11     ITERNEXT     R4 R5
    20           JMPNOTEMPTY  R4 -> 23
    21           LOADTRUE     R7
    22           LOADUNDEF    R4
    23           JMPT         R7 -> 25
    24  2:7      ITERCLOSE    R5
    25           RETUNDEF     
)");
}

TEST_CASE("golden: optional chains and logical assignment", "[codegen][golden]") {
  CHECK(Listing("const r = a?.b.c?.();\no.p ?\?= 1;") ==
        R"(function 0 "" script async main params=0 length=0 regs=5 line 1:1
     0  1:11     GETGLOBAL    R4 K0  ; "a"
     2           JMPNULLISH   R4 -> 10
     3  1:14     GETFIELD     R3 R4 K1  ; "b"
     5  1:16     GETFIELD     R2 R3 K2  ; "c"
     7           JMPNULLISH   R2 -> 10
     8           CALL         R2 0
     9           JMP          -> 11
    10           LOADUNDEF    R2
    11           MOVE         R1 R2
    12  2:1      GETGLOBAL    R3 K3  ; "o"
    14  2:3      GETFIELD     R2 R3 K4  ; "p"
    16           JMPNOTNULLISH R2 -> 20
    17           LOADI        R2 1
    18  2:1      SETFIELD     R3 R2 K4  ; "p"
    20           RET          R2
    21           RETUNDEF     
)");
}

// -------------------------------------------------------------------------------------------
// verifier

namespace {

Module TinyModule() {
  Module m;
  FunctionProto p;
  p.kind = FunctionKind::kScript;
  p.num_regs = 3;
  p.code = {isa::EncodeAsBx(Op::LOADI, 1, 5), isa::EncodeABC(Op::RET, 1, 0, 0)};
  m.protos.push_back(p);
  return m;
}

}  // namespace

TEST_CASE("verifier accepts a minimal module and rejects malformed ones", "[verify]") {
  REQUIRE(VerifyModule(TinyModule()).ok());

  auto expect_bad = [](Module m, const std::string& what) {
    absl::Status s = VerifyModule(m);
    INFO(what);
    CHECK_FALSE(s.ok());
  };
  {
    Module m;
    expect_bad(m, "no protos");
  }
  {
    Module m = TinyModule();
    m.main = 3;
    expect_bad(m, "main out of range");
  }
  {
    Module m = TinyModule();
    m.protos[0].code.pop_back();
    expect_bad(m, "falls off the end");
  }
  {
    Module m = TinyModule();
    m.protos[0].code.clear();
    expect_bad(m, "empty code");
  }
  {
    Module m = TinyModule();
    m.protos[0].code[0] = isa::EncodeAsBx(Op::LOADI, 3, 5);
    expect_bad(m, "register out of range");
  }
  {
    Module m = TinyModule();
    m.protos[0].code[0] = 0xFE;
    expect_bad(m, "unknown opcode");
  }
  {
    Module m = TinyModule();
    m.protos[0].code[0] = isa::EncodeABx(Op::LOADK, 1, 0);
    expect_bad(m, "constant out of range");
  }
  {
    Module m = TinyModule();
    m.protos[0].code.insert(m.protos[0].code.begin(), isa::EncodeAsBx(Op::JMP, 0, 5));
    expect_bad(m, "jump past the end");
  }
  {
    Module m = TinyModule();
    // GETGLOBAL R1 K0 (two words), then a jump into its extra word.
    Constant k;
    k.kind = Constant::Kind::kString;
    k.u16 = u"x";
    m.protos[0].constants.push_back(k);
    m.protos[0].code = {isa::EncodeABC(Op::GETGLOBAL, 1, 0, 0), 0, isa::EncodeAsBx(Op::JMP, 0, -2),
                        isa::EncodeABC(Op::RET, 1, 0, 0)};
    REQUIRE(VerifyModule(m).ok() == false);  // -2 from pc 3 lands on 1: the X word
    m.protos[0].code[2] = isa::EncodeAsBx(Op::JMP, 0, -3);
    CHECK(VerifyModule(m).ok());
  }
  {
    Module m = TinyModule();
    m.protos[0].code = {isa::EncodeABC(Op::GETGLOBAL, 1, 0, 0)};
    expect_bad(m, "truncated two-word instruction");
  }
  {
    Module m = TinyModule();
    Constant num;
    num.kind = Constant::Kind::kNumber;
    m.protos[0].constants.push_back(num);
    m.protos[0].code = {isa::EncodeABC(Op::GETGLOBAL, 1, 0, 0), 0,
                        isa::EncodeABC(Op::RET, 1, 0, 0)};
    expect_bad(m, "global name is not a string");
  }
  {
    Module m = TinyModule();
    m.protos[0].code[0] = isa::EncodeABC(Op::CALL, 1, 2, 0);  // window R1..R4 > 3 registers
    expect_bad(m, "call window");
  }
  {
    Module m = TinyModule();
    m.protos[0].code[0] = isa::EncodeABC(Op::CONCAT, 0, 1, 3);
    expect_bad(m, "concat window");
  }
  {
    Module m = TinyModule();
    m.protos[0].code[0] = isa::EncodeABC(Op::GETUPVAL, 1, 0, 0);
    expect_bad(m, "upvalue out of range");
  }
  {
    Module m = TinyModule();
    m.protos[0].code[0] = isa::EncodeABx(Op::CLOSURE, 1, 0);
    expect_bad(m, "child out of range");
  }
  {
    Module m = TinyModule();
    m.protos[0].code[0] = isa::EncodeABC(Op::NEWCELL, 1, 2, 0);
    expect_bad(m, "NEWCELL flag");
  }
  {
    Module m = TinyModule();
    m.protos[0].handlers.push_back({0, 3, 0, 1});
    expect_bad(m, "handler end past code");
    m.protos[0].handlers[0] = {1, 1, 0, 1};
    expect_bad(m, "empty handler range");
    m.protos[0].handlers[0] = {0, 1, 1, 7};
    expect_bad(m, "handler register");
    m.protos[0].handlers[0] = {0, 1, 1, 2};
    CHECK(VerifyModule(m).ok());
  }
  {
    Module m = TinyModule();
    m.protos[0].lines = {{1, 1, 1}, {1, 2, 1}};
    expect_bad(m, "line pcs not increasing");
  }
  {
    Module m = TinyModule();
    m.protos[0].num_regs = 0;
    expect_bad(m, "num_regs 0");
    m.protos[0].num_regs = 3;
    m.protos[0].num_params = 3;
    expect_bad(m, "params exceed frame");
    m.protos[0].num_params = 0;
    m.protos[0].has_rest = true;
    m.protos[0].rest_reg = 0;
    expect_bad(m, "rest in R0");
  }
  {
    // Tree shape: a child listed twice, a child that is main, unreachable protos.
    Module m = TinyModule();
    m.protos.push_back(m.protos[0]);
    expect_bad(m, "unreachable proto");
    m.protos[0].children = {1, 1};
    expect_bad(m, "two parents");
    m.protos[0].children = {1};
    CHECK(VerifyModule(m).ok());
    m.protos[1].children = {0};
    expect_bad(m, "main as child");
    m.protos[1].children = {};
    m.protos[1].upvalues.push_back({true, 3, "x"});
    expect_bad(m, "upvalue register outside the parent frame");
    m.protos[1].upvalues[0] = {false, 0, "x"};
    expect_bad(m, "upvalue of an upvalue the parent lacks");
    m.protos[1].upvalues[0] = {true, 2, "x"};
    CHECK(VerifyModule(m).ok());
  }
  {
    Module m = TinyModule();
    Constant t;
    t.kind = Constant::Kind::kTemplate;
    t.strings = {u"a"};
    t.raws = {u"a", u"b"};
    t.cooked_valid = {true};
    m.protos[0].constants.push_back(t);
    expect_bad(m, "malformed template");
  }
}

TEST_CASE("every compiled snippet's jumps and handlers stay inside its code", "[verify][codegen]") {
  // The verifier is total: spot-check that it also holds for code with many handlers and jumps.
  Module m = MustCompile(
      "async function f(xs) {\n"
      "  let n = 0;\n"
      "  outer: for (const [a, b = n] of xs) {\n"
      "    try {\n"
      "      for (const k in a) { if (k) continue outer; n += await b; }\n"
      "    } catch ({ message }) { n--; } finally { if (n > 3) break outer; }\n"
      "  }\n"
      "  switch (n) { case 1: return 'one'; default: return `${n}`; }\n"
      "}\n"
      "await f([[{}, 1]]);\n");
  for (const FunctionProto& p : m.protos) {
    for (const auto& h : p.handlers) {
      CHECK(h.start < h.end);
      CHECK(h.end <= p.code.size());
      CHECK(h.handler < p.code.size());
      CHECK(h.reg < p.num_regs);
    }
  }
}
