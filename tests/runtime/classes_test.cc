// Classes end to end through the runtime: TypeScript class syntax (parameter properties, modifiers,
// `implements`, abstract members, `declare` fields, `override`), which Node cannot run as the oracle,
// with the results tsc's output gives under Node.
#include <string>

#include <catch2/catch.hpp>

#include "runtime/runtime.h"

namespace {

using codemode::Result;
using codemode::Runtime;
using codemode::RuntimeOptions;

Result Run(std::string_view source) {
  RuntimeOptions options;
  auto rt = Runtime::Make(std::move(options));
  REQUIRE(rt.ok());
  return (*rt)->Execute(source);
}

std::string Value(std::string_view source) {
  Result r = Run(source);
  INFO(r.ToJson(0));
  REQUIRE(r.ok);
  return r.value_json;
}

}  // namespace

TEST_CASE("TypeScript parameter properties become fields assigned from the parameters", "[classes]") {
  // tsc (ES2022, useDefineForClassFields): `x;` declared before the class's own fields, `this.x = x`
  // first in the constructor body.
  CHECK(Value(R"ts(
    class Point {
      label = 'p';
      constructor(public x: number, private readonly y: number = 2, z?: number) {}
      sum(): number { return this.x + this.y; }
    }
    const p = new Point(1);
    return [Object.keys(p), p.sum(), p];
  )ts") == R"([["x","y","label"],3,{"x":1,"y":2,"label":"p"}])");
  // Derived classes assign them right after super() returns.
  CHECK(Value(R"ts(
    abstract class Base {
      protected abstract kind(): string;
      declare tag: string;
      constructor(protected name: string) {}
      describe(): string { return `${this.kind()} ${this.name}`; }
    }
    interface Named { name: string }
    class Dog extends Base implements Named {
      private tricks: string[] = [];
      constructor(name: string, public override readonly age: number) {
        super(name.toUpperCase());
        this.tricks.push(`age ${this.age}`);
      }
      protected override kind(): string { return 'dog'; }
      get all(): string[] { return this.tricks; }
    }
    const d = new Dog('rex', 3);
    return [d.describe(), d.all, Object.keys(d), 'tag' in d];
  )ts") == R"(["dog REX",["age 3"],["name","age","tricks"],false])");
}

TEST_CASE("TypeScript parameter properties: errors", "[classes]") {
  Result r = Run("class A { m(private x: number) {} }");
  REQUIRE_FALSE(r.ok);
  CHECK(r.error.kind == "ParseError");
  Result s = Run(
      "class B {} class A extends B { constructor(public x: number) { const f = () => super(); f(); } }");
  REQUIRE_FALSE(s.ok);
  CHECK(s.error.kind == "UnsupportedSyntax");
}

TEST_CASE("class generator methods run", "[classes]") {
  Result r = Run("class A {\n  *gen() { yield 1; yield 2; }\n  static *[Symbol.iterator]() { yield 3; }\n}\n"
                 "return [...new A().gen(), ...A];");
  REQUIRE(r.ok);
  CHECK(r.value_json == "[1,2,3]");
}


TEST_CASE("uncaught class errors report Name: message", "[classes]") {
  Result r = Run(
      "class ValidationError extends Error {\n  constructor(m) { super(m); this.name = 'ValidationError'; }\n}\n"
      "throw new ValidationError('bad input');");
  REQUIRE_FALSE(r.ok);
  CHECK(r.error.kind == "ExecutionFailure");
  CHECK(r.error.message.find("ValidationError: bad input") == 0);
  Result t = Run("class A extends Object { constructor() { this.x = 1; } }\nnew A();");
  REQUIRE_FALSE(t.ok);
  CHECK(t.error.message.find("ReferenceError: Must call super constructor in derived class before "
                             "accessing 'this' or returning from derived constructor") == 0);
}
