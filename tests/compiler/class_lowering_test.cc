// Class lowering (compiler/lower_class.cc): every class form compiles to verified bytecode, the
// synthesized functions exist only when needed, derived constructors check `this` only where it can
// be unbound, private names use their opcodes.
#include <string>
#include <variant>

#include <catch2/catch.hpp>

#include "compiler/compile.h"
#include "compiler/verify.h"
#include "vm/disasm.h"
#include "vm/isa.h"

namespace {

using codemode::bytecode::FunctionKind;
using codemode::bytecode::FunctionProto;
using codemode::bytecode::Module;
using codemode::compiler::CompileError;
using codemode::compiler::CompileJavaScript;
using codemode::compiler::VerifyModule;
using codemode::isa::Op;
namespace isa = codemode::isa;

Module Compile(const std::string& src) {
  auto result = CompileJavaScript(src, {});
  if (auto* e = std::get_if<CompileError>(&result)) {
    FAIL_CHECK("compile error: " << e->message << " at " << e->line << ":" << e->column << "\n"
                                 << src);
    return Module{};
  }
  Module m = std::move(std::get<Module>(result));
  auto status = VerifyModule(m);
  if (!status.ok()) FAIL_CHECK(status.ToString() << "\n" << codemode::bytecode::Disassemble(m));
  return m;
}

const FunctionProto* Proto(const Module& m, const std::string& name) {
  for (const FunctionProto& p : m.protos) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

int Count(const FunctionProto& p, Op op) {
  int n = 0;
  for (size_t pc = 0; pc < p.code.size(); pc += isa::InstrWords(isa::GetOp(p.code[pc]))) {
    if (isa::GetOp(p.code[pc]) == op) ++n;
  }
  return n;
}

}  // namespace

TEST_CASE("class forms compile to verified bytecode", "[codegen][classes]") {
  const char* sources[] = {
      "class A {}",
      "const B = class {}; const C = class Named extends B {};",
      "class A { constructor(a, b = 1, ...c) {} m() {} get g() { return 1 } set g(v) {} static s() {} }",
      "const k = 'x'; class A { [k]() {} static [k + 1] = 2; [k + 2] = () => 1; 'q' = 1; 42 = 2; }",
      "class A { #a = 1; #m() {} get #g() { return 1 } set #g(v) {} static #s = 2; static #sm() {}\n"
      "  f(o) { o.#a++; o.#a += 2; o.#a ?\?= 3; [o.#a] = [1]; ({ x: o.#a } = { x: 2 });\n"
      "    return [#a in o, #m in o, #sm in A, o.#m(), o.#g, o?.#a, A.#sm(), A.#s]; } }",
      "class B {} class A extends B { constructor(x) { super(x); this.y = super.m?.(); } }",
      "class B {} class A extends B { constructor(...xs) { const f = () => super(...xs); f(); } }",
      "class B {} class A extends B { m() { super.x = 1; super[0] += 1; super.y++; return delete super.z; } }",
      "class A { static { this.x = 1; } static y = this.x; static { var z = 2; } }",
      "class A extends null {} class C extends (class {}) { #p = 1; }",
      "const o = { m() { return super.m(); }, get x() { return super.x; }, ['k']() { return () => super.k; } };",
      "class A { constructor() { return new.target; } static f() { return new.target; } x = new.target; }",
  };
  for (const char* src : sources) {
    INFO(src);
    Compile(src);
  }
}

TEST_CASE("class lowering: function kinds and synthesized functions", "[codegen][classes]") {
  Module m = Compile(
      "class Base { x = 1; constructor() {} m() {} get g() { return 1; } set g(v) {} }\n"
      "class Derived extends Base {}\n"
      "class Plain { static s = 1; static { } }");
  REQUIRE(Proto(m, "Base") != nullptr);
  CHECK(Proto(m, "Base")->kind == FunctionKind::kClassConstructor);
  REQUIRE(Proto(m, "Derived") != nullptr);
  CHECK(Proto(m, "Derived")->kind == FunctionKind::kDerivedConstructor);
  CHECK(Proto(m, "Derived")->has_rest);  // the default constructor forwards its arguments
  CHECK(Count(*Proto(m, "Derived"), Op::SUPERNEWSPREAD) == 1);
  CHECK(Proto(m, "m")->kind == FunctionKind::kMethod);
  CHECK(Proto(m, "get g")->kind == FunctionKind::kGetter);
  CHECK(Proto(m, "set g")->kind == FunctionKind::kSetter);
  // Base has an instance field: one instance initializer, called by its constructor.
  int initializers = 0, statics = 0;
  for (const FunctionProto& p : m.protos) {
    initializers += p.name == "<instance_members_initializer>";
    statics += p.name == "<static_initializer>";
  }
  CHECK(initializers == 1);
  CHECK(statics == 1);
  CHECK(Count(*Proto(m, "Base"), Op::CALL) == 1);
  const FunctionProto& main = m.protos[m.main];
  CHECK(Count(main, Op::CLASS) == 3);
  CHECK(Count(main, Op::DEFMETHOD) == 3);
}

TEST_CASE("derived constructors check `this` only where it may be unbound", "[codegen][classes]") {
  // After a super() statement in the body, reads are unchecked; the return still checks.
  Module after = Compile("class B {} class A extends B { constructor() { super(); this.x = this.y; } }");
  CHECK(Count(*Proto(after, "A"), Op::CHECKTDZ) == 1);
  Module before =
      Compile("class B {} class A extends B { constructor() { this.x = 1; super(); this.y = 2; } }");
  CHECK(Count(*Proto(before, "A"), Op::CHECKTDZ) == 2);
  Module conditional =
      Compile("class B {} class A extends B { constructor(f) { if (f) super(); this.y = 2; } }");
  CHECK(Count(*Proto(conditional, "A"), Op::CHECKTDZ) == 2);
}

TEST_CASE("private names lower to their opcodes", "[codegen][classes]") {
  Module m = Compile(
      "class A { #f = 1; #m() {} get #g() { return 1; }\n"
      "  t(o) { return [o.#f, o.#m(), o.#g, #f in o, #m in o]; } w(o) { o.#f = 2; } }");
  const FunctionProto* t = Proto(m, "t");
  REQUIRE(t != nullptr);
  CHECK(Count(*t, Op::GETPRIVATE) == 1);
  CHECK(Count(*t, Op::CHECKBRAND) == 2);
  CHECK(Count(*t, Op::HASPRIVATE) == 2);
  CHECK(Count(*Proto(m, "w"), Op::SETPRIVATE) == 1);
  const FunctionProto& main = m.protos[m.main];
  CHECK(Count(main, Op::NEWPRIVATE) == 2);  // #f and the brand of #m/#g
  const FunctionProto* init = Proto(m, "<instance_members_initializer>");
  REQUIRE(init != nullptr);
  CHECK(Count(*init, Op::DEFPRIVATE) == 2);  // the brand, then #f
}

TEST_CASE("class generator and async generator methods compile", "[codegen][classes]") {
  for (const char* src : {"class A {\n  *g() { yield 1; }\n}", "class A { static async *g() {} }",
                          "class A { *[Symbol.iterator]() { yield* [1]; } }"}) {
    INFO(src);
    CHECK(std::holds_alternative<Module>(CompileJavaScript(src, {})));
  }
}
