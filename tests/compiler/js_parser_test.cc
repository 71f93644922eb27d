// Tests for the JavaScript/TypeScript front end (compiler/js): lexer, parser, AST shape, positions,
// automatic semicolon insertion, regex/division, TypeScript erasure, early errors, nesting limits,
// and that every corpus program parses.
#include <pthread.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "compiler/js/ast.h"
#include "compiler/js/parser.h"

namespace js = codemode::js;

namespace {

js::ParseResult Parse(std::string_view src, bool ts = true) {
  js::ParseOptions options;
  options.typescript = ts;
  return js::ParseProgram(src, options);
}

// The program's statements as an S-expression (without the Program wrapper), or "ERROR ...".
std::string Body(std::string_view src, bool ts = true) {
  js::ParseResult r = Parse(src, ts);
  if (r.error) {
    return "ERROR " + std::to_string(r.error->line) + ":" + std::to_string(r.error->column) + " " +
           r.error->message;
  }
  std::string d = js::DumpAst(r.program);
  REQUIRE(d.rfind("(Program", 0) == 0);
  d = d.substr(std::strlen("(Program"), d.size() - std::strlen("(Program") - 1);
  if (!d.empty() && d[0] == ' ') d.erase(0, 1);
  return d;
}

struct Golden {
  const char* src;
  const char* ast;
};

// Reviewed by hand against ECMA-262 (and Node's behaviour for ASI and precedence).
const Golden kGolden[] = {
    {R"js(a?.b.c(d))js",
     R"ast((ExpressionStatement (OptionalChain (Call (Member (Member ?. (Identifier a) (Identifier b)) (Identifier c)) (Identifier d)))))ast"},
    {R"js((a?.b).c)js",
     R"ast((ExpressionStatement (Member (OptionalChain (Member ?. (Identifier a) (Identifier b))) (Identifier c))))ast"},
    {R"js(a?.[0]?.(1))js",
     R"ast((ExpressionStatement (OptionalChain (Call ?. (Member ?. computed (Identifier a) (Number 0)) (Number 1)))))ast"},
    {R"js((a?.b)())js",
     R"ast((ExpressionStatement (Call (OptionalChain (Member ?. (Identifier a) (Identifier b))))))ast"},
    {R"js(new a.b.C(1))js",
     R"ast((ExpressionStatement (New (Member (Member (Identifier a) (Identifier b)) (Identifier C)) (Number 1))))ast"},
    {R"js(new new X()())js", R"ast((ExpressionStatement (New (New (Identifier X)))))ast"},
    {R"js(new X)js", R"ast((ExpressionStatement (New (Identifier X))))ast"},
    {R"js(new X().y)js",
     R"ast((ExpressionStatement (Member (New (Identifier X)) (Identifier y))))ast"},
    {R"js(x = a ? b : c ? d : e)js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Conditional (Identifier a) (Identifier b) (Conditional (Identifier c) (Identifier d) (Identifier e))))))ast"},
    {R"js(a ?? b)js", R"ast((ExpressionStatement (Logical ?? (Identifier a) (Identifier b))))ast"},
    {R"js((a || b) ?? c)js",
     R"ast((ExpressionStatement (Logical ?? (Logical || (Identifier a) (Identifier b)) (Identifier c))))ast"},
    {R"js(a ** b ** c)js",
     R"ast((ExpressionStatement (Binary ** (Identifier a) (Binary ** (Identifier b) (Identifier c)))))ast"},
    {R"js((-a) ** 2)js",
     R"ast((ExpressionStatement (Binary ** (Unary - (Identifier a)) (Number 2))))ast"},
    {R"js(a + b * c - d / e % f)js",
     R"ast((ExpressionStatement (Binary - (Binary + (Identifier a) (Binary * (Identifier b) (Identifier c))) (Binary % (Binary / (Identifier d) (Identifier e)) (Identifier f)))))ast"},
    {R"js(a || b && c | d ^ e & f == g < h << i + j * k ** l)js",
     R"ast((ExpressionStatement (Logical || (Identifier a) (Logical && (Identifier b) (Binary | (Identifier c) (Binary ^ (Identifier d) (Binary & (Identifier e) (Binary == (Identifier f) (Binary < (Identifier g) (Binary << (Identifier h) (Binary + (Identifier i) (Binary * (Identifier j) (Binary ** (Identifier k) (Identifier l))))))))))))))ast"},
    {R"js(x = [a, , ...b])js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Array (Identifier a) _ (Spread (Identifier b))))))ast"},
    {R"js(x = [,])js", R"ast((ExpressionStatement (Assign = (Identifier x) (Array _))))ast"},
    {R"js([a, b] = [b, a])js",
     R"ast((ExpressionStatement (Assign = (ArrayPattern (Identifier a) (Identifier b)) (Array (Identifier b) (Identifier a)))))ast"},
    {R"js(({a, b: {c = 1}, ...rest} = obj))js",
     R"ast((ExpressionStatement (Assign = (ObjectPattern (Property shorthand (Identifier a) (Identifier a)) (Property (Identifier b) (ObjectPattern (Property shorthand (Identifier c) (AssignPattern (Identifier c) (Number 1))))) (Rest (Identifier rest))) (Identifier obj))))ast"},
    {R"js([a = 1, [b], ...c] = d)js",
     R"ast((ExpressionStatement (Assign = (ArrayPattern (AssignPattern (Identifier a) (Number 1)) (ArrayPattern (Identifier b)) (Rest (Identifier c))) (Identifier d))))ast"},
    {R"js([x.y, z[0]] = w)js",
     R"ast((ExpressionStatement (Assign = (ArrayPattern (Member (Identifier x) (Identifier y)) (Member computed (Identifier z) (Number 0))) (Identifier w))))ast"},
    {R"js(for (const [k, v] of Object.entries(o)) {})js",
     R"ast((ForOf (VarDecl const (Declarator (ArrayPattern (Identifier k) (Identifier v)) _)) (Call (Member (Identifier Object) (Identifier entries)) (Identifier o)) (Block)))ast"},
    {R"js(for (x in o);)js", R"ast((ForIn (Identifier x) (Identifier o) (Empty)))ast"},
    {R"js(for ([a, b] of c);)js",
     R"ast((ForOf (ArrayPattern (Identifier a) (Identifier b)) (Identifier c) (Empty)))ast"},
    {R"js(for await (const x of y) {})js",
     R"ast((ForOf await (VarDecl const (Declarator (Identifier x) _)) (Identifier y) (Block)))ast"},
    {R"js(for (let i = 0, j = 1; i < j; i++, j--) {})js",
     R"ast((For (VarDecl let (Declarator (Identifier i) (Number 0)) (Declarator (Identifier j) (Number 1))) (Binary < (Identifier i) (Identifier j)) (Sequence (Update x++ (Identifier i)) (Update x-- (Identifier j))) (Block)))ast"},
    {R"js(for (;;) break)js", R"ast((For _ _ _ (Break)))ast"},
    {R"js(label: for (;;) { continue label; break label; })js",
     R"ast((Labeled label (For _ _ _ (Block (Continue label) (Break label)))))ast"},
    {R"js(a: b: while (1) continue a)js",
     R"ast((Labeled a (Labeled b (While (Number 1) (Continue a)))))ast"},
    {R"js(x = {a, b: 1, [c]: 2, 3: 4, 'e': 5, 6n: 7})js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Object (Property shorthand (Identifier a) (Identifier a)) (Property (Identifier b) (Number 1)) (Property computed (Identifier c) (Number 2)) (Property (Number 3) (Number 4)) (Property (String "e") (Number 5)) (Property (BigInt 6n) (Number 7))))))ast"},
    {R"js(x = {d() {}, get e() { return 1 }, set e(v) {}, async f() {}, *g() {}, async *h() {}})js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Object (Property method (Identifier d) (FunctionExpression method _ (params) (body))) (Property get (Identifier e) (FunctionExpression get _ (params) (body (Return (Number 1))))) (Property set (Identifier e) (FunctionExpression set _ (params (Identifier v)) (body))) (Property method (Identifier f) (FunctionExpression async method _ (params) (body))) (Property method (Identifier g) (FunctionExpression generator method _ (params) (body))) (Property method (Identifier h) (FunctionExpression async generator method _ (params) (body)))))))ast"},
    {R"js(x = {__proto__: null, '__proto__'() {}, ['__proto__']: 1, ...s})js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Object (Property proto (Identifier __proto__) (Null)) (Property method (String "__proto__") (FunctionExpression method _ (params) (body))) (Property computed (String "__proto__") (Number 1)) (Spread (Identifier s))))))ast"},
    {R"js(x = `a${b}c`)js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Template "a" (Identifier b) "c"))))ast"},
    {R"js(tag`a${1}b\unicode`)js",
     R"ast((ExpressionStatement (TaggedTemplate (Identifier tag) (Template "a" (Number 1) undefined/raw="b\\unicode"))))ast"},
    {R"js(x = /ab+c/gi.test(s))js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Call (Member (RegExp "ab+c" "gi") (Identifier test)) (Identifier s)))))ast"},
    {R"js(x = a / b / c)js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Binary / (Binary / (Identifier a) (Identifier b)) (Identifier c)))))ast"},
    {R"js(x = y => y * 2)js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Arrow _ (params (Identifier y)) (Binary * (Identifier y) (Number 2))))))ast"},
    {R"js(x = async y => await y)js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Arrow async _ (params (Identifier y)) (Await (Identifier y))))))ast"},
    {R"js(x = async (a, b) => a + b)js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Arrow async _ (params (Identifier a) (Identifier b)) (Binary + (Identifier a) (Identifier b))))))ast"},
    {R"js(x = (a, {b}, [c], d = 1, ...e) => 0)js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Arrow _ (params (Identifier a) (ObjectPattern (Property shorthand (Identifier b) (Identifier b))) (ArrayPattern (Identifier c)) (AssignPattern (Identifier d) (Number 1)) (Rest (Identifier e))) (Number 0)))))ast"},
    {R"js(x = () => ({}))js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Arrow _ (params) (Object)))))ast"},
    {R"js(async function f() { await 1 })js",
     R"ast((FunctionDeclaration async (Identifier f) (params) (body (ExpressionStatement (Await (Number 1))))))ast"},
    {R"js(function* g() { yield; yield 1; yield* g() })js",
     R"ast((FunctionDeclaration generator (Identifier g) (params) (body (ExpressionStatement (Yield _)) (ExpressionStatement (Yield (Number 1))) (ExpressionStatement (Yield * (Call (Identifier g)))))))ast"},
    {R"js(class A extends B { constructor() { super(); } m() { return super.m() } static s = 1; #p = 2; get #q() { return this.#p } static { this.t = 3 } has(o) { return #p in o } })js",
     R"ast((ClassDeclaration (Identifier A) (Identifier B) (ClassMember constructor (Identifier constructor) (FunctionExpression constructor _ (params) (body (ExpressionStatement (Call (Super)))))) (ClassMember method (Identifier m) (FunctionExpression method _ (params) (body (Return (Call (Member (Super) (Identifier m))))))) (ClassMember static field (Identifier s) (Number 1)) (ClassMember field (PrivateName #p) (Number 2)) (ClassMember get (PrivateName #q) (FunctionExpression get _ (params) (body (Return (Member (This) (PrivateName #p)))))) (ClassMember static static-block (FunctionExpression static-block _ (params) (body (ExpressionStatement (Assign = (Member (This) (Identifier t)) (Number 3)))))) (ClassMember method (Identifier has) (FunctionExpression method _ (params (Identifier o)) (body (Return (Binary in (PrivateName #p) (Identifier o))))))))ast"},
    {R"js(try { a } catch { b } finally { c })js",
     R"ast((Try (Block (ExpressionStatement (Identifier a))) (Catch _ (Block (ExpressionStatement (Identifier b)))) (Block (ExpressionStatement (Identifier c)))))ast"},
    {R"js(try { a } catch ({message}) { b })js",
     R"ast((Try (Block (ExpressionStatement (Identifier a))) (Catch (ObjectPattern (Property shorthand (Identifier message) (Identifier message))) (Block (ExpressionStatement (Identifier b)))) _))ast"},
    {R"js(switch (x) { case 1: a; default: b; case 2: })js",
     R"ast((Switch (Identifier x) (Case (Number 1) (ExpressionStatement (Identifier a))) (Case default (ExpressionStatement (Identifier b))) (Case (Number 2))))ast"},
    {R"js(do x++; while (x < 3) y)js",
     R"ast((DoWhile (ExpressionStatement (Update x++ (Identifier x))) (Binary < (Identifier x) (Number 3))) (ExpressionStatement (Identifier y)))ast"},
    {R"js(if (a) b; else if (c) d; else e)js",
     R"ast((If (Identifier a) (ExpressionStatement (Identifier b)) (If (Identifier c) (ExpressionStatement (Identifier d)) (ExpressionStatement (Identifier e)))))ast"},
    {R"js(x = typeof a === 'undefined', void 0, delete a.b, !a, ~a, -a, +a)js",
     R"ast((ExpressionStatement (Sequence (Assign = (Identifier x) (Binary === (Unary typeof (Identifier a)) (String "undefined"))) (Unary void (Number 0)) (Unary delete (Member (Identifier a) (Identifier b))) (Unary ! (Identifier a)) (Unary ~ (Identifier a)) (Unary - (Identifier a)) (Unary + (Identifier a)))))ast"},
    {R"js(a ||= b; a &&= c; a ??= d; a **= 2; a >>>= 1; a >>= 1; a <<= 1; a += 1; a -= 1; a *= 1; a /= 1; a %= 1; a |= 1; a &= 1; a ^= 1)js",
     R"ast((ExpressionStatement (Assign ||= (Identifier a) (Identifier b))) (ExpressionStatement (Assign &&= (Identifier a) (Identifier c))) (ExpressionStatement (Assign ??= (Identifier a) (Identifier d))) (ExpressionStatement (Assign **= (Identifier a) (Number 2))) (ExpressionStatement (Assign >>>= (Identifier a) (Number 1))) (ExpressionStatement (Assign >>= (Identifier a) (Number 1))) (ExpressionStatement (Assign <<= (Identifier a) (Number 1))) (ExpressionStatement (Assign += (Identifier a) (Number 1))) (ExpressionStatement (Assign -= (Identifier a) (Number 1))) (ExpressionStatement (Assign *= (Identifier a) (Number 1))) (ExpressionStatement (Assign /= (Identifier a) (Number 1))) (ExpressionStatement (Assign %= (Identifier a) (Number 1))) (ExpressionStatement (Assign |= (Identifier a) (Number 1))) (ExpressionStatement (Assign &= (Identifier a) (Number 1))) (ExpressionStatement (Assign ^= (Identifier a) (Number 1))))ast"},
    {R"js(x = a >>> b >> c << d > e >= f)js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Binary >= (Binary > (Binary << (Binary >> (Binary >>> (Identifier a) (Identifier b)) (Identifier c)) (Identifier d)) (Identifier e)) (Identifier f)))))ast"},
    {R"js(x = a != b !== c == d === e)js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Binary === (Binary == (Binary !== (Binary != (Identifier a) (Identifier b)) (Identifier c)) (Identifier d)) (Identifier e)))))ast"},
    {R"js(x = a instanceof B || 'k' in o)js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Logical || (Binary instanceof (Identifier a) (Identifier B)) (Binary in (String "k") (Identifier o))))))ast"},
    {R"js(var a = 1, b; let {x: [y]} = z; const c = 2)js",
     R"ast((VarDecl var (Declarator (Identifier a) (Number 1)) (Declarator (Identifier b) _)) (VarDecl let (Declarator (ObjectPattern (Property (Identifier x) (ArrayPattern (Identifier y)))) (Identifier z))) (VarDecl const (Declarator (Identifier c) (Number 2))))ast"},
    {R"js(debugger)js", R"ast((Debugger))ast"},
    {R"js(x = function() { return new.target })js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (FunctionExpression _ (params) (body (Return (NewTarget)))))))ast"},
    {R"js(x = function named() {})js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (FunctionExpression (Identifier named) (params) (body)))))ast"},
    {R"js(x = class {})js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (ClassExpression _ _))))ast"},
    {R"js(x = class Named extends (a, b) {})js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (ClassExpression (Identifier Named) (Sequence (Identifier a) (Identifier b))))))ast"},
    {R"js('use strict'; x = 1)js",
     R"ast(strict (ExpressionStatement directive (String "use strict")) (ExpressionStatement (Assign = (Identifier x) (Number 1))))ast"},
    {R"js(function f() { 'use strict'; return 1 })js",
     R"ast((FunctionDeclaration use-strict (Identifier f) (params) (body (ExpressionStatement directive (String "use strict")) (Return (Number 1)))))ast"},
    {R"js('a'; 'use strict'; 'b')js",
     R"ast(strict (ExpressionStatement directive (String "a")) (ExpressionStatement directive (String "use strict")) (ExpressionStatement directive (String "b")))ast"},
    {R"js(x = a
++b)js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Identifier a))) (ExpressionStatement (Update ++x (Identifier b))))ast"},
    {R"js(x = a
(b))js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Call (Identifier a) (Identifier b)))))ast"},
    {R"js(a
/b/g)js",
     R"ast((ExpressionStatement (Binary / (Binary / (Identifier a) (Identifier b)) (Identifier g))))ast"},
    {R"js(x = y
/b/g)js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Binary / (Binary / (Identifier y) (Identifier b)) (Identifier g)))))ast"},
    {R"js(return
x)js",
     R"ast((Return) (ExpressionStatement (Identifier x)))ast"},
    {R"js(throw x)js", R"ast((Throw (Identifier x)))ast"},
    {R"js(let x = 1
let
y = 2)js",
     R"ast((VarDecl let (Declarator (Identifier x) (Number 1))) (VarDecl let (Declarator (Identifier y) (Number 2))))ast"},
    {R"js(x = async
(a))js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Call (Identifier async) (Identifier a)))))ast"},
    {R"js(a
?.b)js",
     R"ast((ExpressionStatement (OptionalChain (Member ?. (Identifier a) (Identifier b)))))ast"},
    {R"js(var yield = 1, let = 2, async = 3, of = 4, get = 5, set = 6, static = 7)js",
     R"ast((VarDecl var (Declarator (Identifier yield) (Number 1)) (Declarator (Identifier let) (Number 2)) (Declarator (Identifier async) (Number 3)) (Declarator (Identifier of) (Number 4)) (Declarator (Identifier get) (Number 5)) (Declarator (Identifier set) (Number 6)) (Declarator (Identifier static) (Number 7))))ast"},
    {R"js(x = {get, set, async, of})js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Object (Property shorthand (Identifier get) (Identifier get)) (Property shorthand (Identifier set) (Identifier set)) (Property shorthand (Identifier async) (Identifier async)) (Property shorthand (Identifier of) (Identifier of))))))ast"},
    {R"js(class C { get; set; static; async; 'constructor'() {} })js",
     R"ast((ClassDeclaration (Identifier C) _ (ClassMember field (Identifier get) _) (ClassMember field (Identifier set) _) (ClassMember field (Identifier static) _) (ClassMember field (Identifier async) _) (ClassMember constructor (String "constructor") (FunctionExpression constructor _ (params) (body)))))ast"},
    {R"js(class C { static async *[Symbol.iterator]() {} static get [k]() {} 'a'() {} 1() {} })js",
     R"ast((ClassDeclaration (Identifier C) _ (ClassMember static method computed (Member (Identifier Symbol) (Identifier iterator)) (FunctionExpression async generator method _ (params) (body))) (ClassMember static get computed (Identifier k) (FunctionExpression get _ (params) (body))) (ClassMember method (String "a") (FunctionExpression method _ (params) (body))) (ClassMember method (Number 1) (FunctionExpression method _ (params) (body)))))ast"},
    {R"js(x = 0x1F + 0o17 + 0b101 + 1_000_000 + .5 + 5. + 1e3 + 1E-3 + 123n + 0x1fn + 010 + 089)js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Binary + (Binary + (Binary + (Binary + (Binary + (Binary + (Binary + (Binary + (Binary + (Binary + (Binary + (Number 31) (Number 15)) (Number 5)) (Number 1e+06)) (Number 0.5)) (Number 5)) (Number 1e+03)) (Number 0.001)) (BigInt 123n)) (BigInt 31n)) (Number 8)) (Number 89)))))ast"},
    {R"js(x = 'a\x41\u0042\u{1F600}\n\0')js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (String "aAB😀\n\u0000"))))ast"},
    {R"js(x = a?.b ?? c)js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Logical ?? (OptionalChain (Member ?. (Identifier a) (Identifier b))) (Identifier c)))))ast"},
    {R"js(x = (a, b))js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Sequence (Identifier a) (Identifier b)))))ast"},
    {R"js(x = ((a)))js", R"ast((ExpressionStatement (Assign = (Identifier x) (Identifier a))))ast"},
    {R"js(x = (function() {})())js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Call (FunctionExpression _ (params) (body))))))ast"},
    {R"js(x = (() => 1)())js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Call (Arrow _ (params) (Number 1))))))ast"},
    {R"js(x = a ? (b) : c)js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Conditional (Identifier a) (Identifier b) (Identifier c)))))ast"},
    {R"js(x = c ? b => 1 : d => 2)js",
     R"ast((ExpressionStatement (Assign = (Identifier x) (Conditional (Identifier c) (Arrow _ (params (Identifier b)) (Number 1)) (Arrow _ (params (Identifier d)) (Number 2))))))ast"},
};

TEST_CASE("js parser: golden ASTs (plain JavaScript)", "[js_parser]") {
  for (const Golden& g : kGolden) {
    INFO(g.src);
    CHECK(Body(g.src, /*ts=*/false) == g.ast);
    // TypeScript mode accepts the same JavaScript with the same tree.
    CHECK(Body(g.src, /*ts=*/true) == g.ast);
  }
}

struct ErrorCase {
  const char* src;
  char kind;  // 'P' parse error, 'U' unsupported syntax
  uint32_t line, column;
  const char* message;
};
constexpr char P = 'P';
constexpr char U = 'U';

// Messages follow V8/Node where it has one; positions are the offending token (1-based, UTF-16).
const ErrorCase kErrors[] = {
    {R"js('abc)js", P, 1, 1, "Invalid or unexpected token"},
    {R"js(f(1, 2)js", P, 1, 7, "missing ) after argument list"},
    {R"js(f(a b))js", P, 1, 5, "missing ) after argument list"},
    {R"js((a)
=> 1)js",
     P, 1, 1, "Unexpected token '=>'"},
    {R"js(({a=1}))js", P, 1, 3, "Invalid shorthand property initializer"},
    {R"js(let x = ({a=1}))js", P, 1, 11, "Invalid shorthand property initializer"},
    {R"js(`abc)js", P, 1, 5, "Unexpected end of input"},
    {R"js(a ?? b || c)js", P, 1, 8, "Unexpected token '||'"},
    {R"js(a || b ?? c)js", P, 1, 8, "Unexpected token '?\?'"},
    {R"js(a ?? b && c)js", P, 1, 8, "Unexpected token '&&'"},
    {R"js(-a ** 2)js", P, 1, 1,
     "Unary operator used immediately before exponentiation expression. Parenthesis must be used "
     "to disambiguate operator precedence"},
    {R"js(class A { constructor(){} constructor(){} })js", P, 1, 27,
     "A class may only have one constructor"},
    {R"js(function f(){ await x })js", P, 1, 15,
     "await is only valid in async functions and the top level bodies of modules"},
    {R"js(arr.map(x => await f(x)))js", P, 1, 14,
     "await is only valid in async functions and the top level bodies of modules"},
    {R"js('use strict'; var let = 1)js", P, 1, 19, "Unexpected strict mode reserved word"},
    {R"js('use strict'; 010)js", P, 1, 15, "Octal literals are not allowed in strict mode."},
    {R"js('use strict'; 08)js", P, 1, 15,
     "Decimals with leading zeros are not allowed in strict mode."},
    {R"js('\u{110000}')js", P, 1, 2, "Undefined Unicode code-point"},
    {R"js('\xZZ')js", P, 1, 2, "Invalid hexadecimal escape sequence"},
    {R"js(var \u0069f = 1)js", P, 1, 5, "Keyword must not contain escaped characters"},
    {R"js({{)js", P, 1, 3, "Unexpected end of input"},
    {R"js(})js", P, 1, 1, "Unexpected token '}'"},
    {R"js(x = {__proto__: 1, __proto__: 2})js", P, 1, 20,
     "Duplicate __proto__ fields are not allowed in object literals"},
    {R"js(break)js", P, 1, 1, "Illegal break statement"},
    {R"js(continue)js", P, 1, 1, "Illegal continue statement: no surrounding iteration statement"},
    {R"js(a: { continue a })js", P, 1, 15,
     "Illegal continue statement: 'a' does not denote an iteration statement"},
    {R"js(get: while(1) continue get2;)js", P, 1, 24, "Undefined label 'get2'"},
    {R"js(L: L: ;)js", P, 1, 4, "Label 'L' has already been declared"},
    {R"js(x = 1 = 2)js", P, 1, 5, "Invalid left-hand side in assignment"},
    {R"js(++a++)js", P, 1, 3, "Invalid left-hand side expression in prefix operation"},
    {R"js(1++)js", P, 1, 1, "Invalid left-hand side expression in postfix operation"},
    {R"js(a?.b = 1)js", P, 1, 1, "Invalid left-hand side in assignment"},
    {R"js(x = [a+b] = c)js", P, 1, 6, "Invalid destructuring assignment target"},
    {R"js(for (1 of x);)js", P, 1, 6, "Invalid left-hand side in for-loop"},
    {R"js([...a,] = b)js", P, 1, 2, "Rest element must be last element"},
    {R"js(new a?.b())js", P, 1, 6, "Invalid optional chain from new expression"},
    {R"js(a?.b``)js", P, 1, 5, "Invalid tagged template on optional chain"},
    {R"js(#x)js", P, 1, 1, "Private field '#x' must be declared in an enclosing class"},
    {R"js(class A { #x; m(){ this.#y } })js", P, 1, 25,
     "Private field '#y' must be declared in an enclosing class"},
    {R"js(class A { #a; #a })js", P, 1, 15, "Identifier '#a' has already been declared"},
    {R"js(throw
1)js",
     P, 1, 1, "Illegal newline after throw"},
    {R"js(try {})js", P, 1, 7, "Missing catch or finally after try"},
    {R"js(switch(1){default: default:})js", P, 1, 20,
     "More than one default clause in switch statement"},
    {R"js(x = 0b12)js", P, 1, 5, "Invalid or unexpected token"},
    {R"js(x = 1_)js", P, 1, 6, "Numeric separators are not allowed at the end of numeric literals"},
    {R"js(x = 1__0)js", P, 1, 7, "Only one underscore is allowed as numeric separator"},
    {R"js(x = 0_1)js", P, 1, 6, "Numeric separator can not be used after leading 0."},
    {R"js(x = 1.toString())js", P, 1, 5, "Invalid or unexpected token"},
    {R"js(x = 3in x)js", P, 1, 5, "Invalid or unexpected token"},
    {R"js(x = /a/gg)js", P, 1, 5, "Invalid regular expression flags"},
    {R"js(x = /a)js", P, 1, 5, "Invalid regular expression: missing /"},
    {R"js(x = /a/uv)js", P, 1, 5, "Invalid regular expression flags"},
    {R"js(x = `\01`)js", P, 1, 6, "Octal escape sequences are not allowed in template strings."},
    {R"js(x = `\u{g}`)js", P, 1, 6, "Invalid Unicode escape sequence"},
    {R"js(if (a) let b = 1)js", P, 1, 8,
     "Lexical declaration cannot appear in a single-statement context"},
    {R"js(while (0) function f(){})js", P, 1, 11,
     "In non-strict mode code, functions can only be declared at top level, inside a block, or as "
     "the body of an if statement."},
    {R"js('use strict'; if (1) function f(){})js", P, 1, 22,
     "In strict mode code, functions can only be declared at top level or inside a block."},
    {R"js(function f(a, a) {'use strict'})js", P, 1, 15,
     "Duplicate parameter name not allowed in this context"},
    {R"js(function f(a = 1) {'use strict'})js", P, 1, 1,
     "Illegal 'use strict' directive in function with non-simple parameter list"},
    {R"js(({get a(x){}}))js", P, 1, 7, "Getter must not have any formal parameters."},
    {R"js(({set a(){}}))js", P, 1, 7, "Setter must have exactly one formal parameter."},
    {R"js(class A extends B { m(){ super() } })js", P, 1, 26, "'super' keyword unexpected here"},
    {R"js(function f(){ super.x })js", P, 1, 15, "'super' keyword unexpected here"},
    {R"js(class A { x = arguments })js", P, 1, 15,
     "'arguments' is not allowed in class field initializer or static initialization block"},
    {R"js('use strict'; delete x)js", P, 1, 22,
     "Delete of an unqualified identifier in strict mode."},
    {R"js("use strict"; eval = 1)js", P, 1, 15, "Unexpected eval or arguments in strict mode"},
    {R"js(a +)js", P, 1, 4, "Unexpected end of input"},
    {R"js(var [a] ;)js", P, 1, 5, "Missing initializer in destructuring declaration"},
    {R"js(const a;)js", P, 1, 7, "Missing initializer in const declaration"},
    {R"js(for (let x = 1 of y);)js", P, 1, 6,
     "for-of loop variable declaration may not have an initializer."},
    {R"js(let let = 1)js", P, 1, 5, "let is disallowed as a lexically bound name"},
    {R"js(function* g(){ var yield })js", P, 1, 20, "Unexpected identifier 'yield'"},
    {R"js(async function f(){ var await })js", P, 1, 25, "Unexpected reserved word"},
    {R"js(class A { get constructor(){} })js", P, 1, 15,
     "Class constructor may not be an accessor"},
    {R"js(class A { constructor = 1 })js", P, 1, 11,
     "Classes may not have a field named 'constructor'"},
    {R"js(class A { static prototype(){} })js", P, 1, 18,
     "Classes may not have a static property named 'prototype'"},
    {R"js(function f(){ 'use strict'; with(a){} })js", P, 1, 29,
     "Strict mode code may not include a with statement"},
    {R"js(@)js", P, 1, 1, "Invalid or unexpected token"},
    {R"js(x = a ? b)js", P, 1, 10, "Unexpected end of input"},
    {R"js(function (){})js", P, 1, 1, "Function statements require a function name"},
    {R"js(a b)js", P, 1, 3, "Unexpected identifier 'b'"},
    {R"js(a 1)js", P, 1, 3, "Unexpected number"},
    {R"js(a 'x')js", P, 1, 3, "Unexpected string"},
    {R"js(if ()js", P, 1, 5, "Unexpected end of input"},
    {R"js(x = "a
b")js",
     P, 1, 5, "Invalid or unexpected token"},
    {R"js(/* unterminated)js", P, 1, 1, "Invalid or unexpected token"},
    {R"js(x = 1 +
  /* c */ ))js",
     P, 2, 11, "Unexpected token ')'"},
    {R"js(let é = 1; é +* 2)js", P, 1, 15, "Unexpected token '*'"},
    {R"js(x = '😀' +* 1)js", P, 1, 11, "Unexpected token '*'"},
    {R"js(function f() {}
})js",
     P, 2, 1, "Unexpected token '}'"},
    {R"js((a, a) => 1)js", P, 1, 5, "Duplicate parameter name not allowed in this context"},
    {R"js(class A { static { var await; } })js", P, 1, 24, "Unexpected reserved word"},
    {R"js(function* g() { (x = yield) => 1 })js", P, 1, 17,
     "Yield expression not allowed in formal parameter"},
    {R"js(async function f() { (x = await 1) => 1 })js", P, 1, 22,
     "Illegal await-expression in formal parameters of async function"},
    {R"js(async function f() { await => 1 })js", P, 1, 22, "Unexpected reserved word"},
    {R"js(x = async await => 1)js", P, 1, 11, "Unexpected reserved word"},
    {R"js(function* g() { function yield() {} })js", P, 1, 26, "Unexpected identifier 'yield'"},
    {R"js(function* g() { yield
* 2 })js",
     P, 2, 1, "Unexpected token '*'"},
    {R"js(function* g() { x = yield in y })js", P, 1, 27, "Unexpected token 'in'"},
    {R"js(x = () => {}
.call())js",
     P, 2, 1, "Unexpected token '.'"},
    {R"js(x = { async
foo() {} })js",
     P, 2, 1, "Unexpected identifier 'foo'"},
    {R"js(import x from 'y')js", U, 1, 1, "import declarations are not supported"},
    {R"js(export default 1)js", U, 1, 1, "export declarations are not supported"},
    {R"js(x = import('y'))js", U, 1, 5, "dynamic import() is not supported"},
    {R"js(with (a) {})js", U, 1, 1, "with statements are not supported"},
    {R"js(for (var i = 0 in {});)js", U, 1, 6,
     "for-in variable initializers (Annex B) are not supported"},
};

TEST_CASE("js parser: errors with message and position", "[js_parser]") {
  for (const ErrorCase& e : kErrors) {
    INFO(e.src);
    js::ParseResult r = Parse(e.src, /*ts=*/false);
    REQUIRE(r.error.has_value());
    CHECK(r.program == nullptr);
    CHECK(r.error->kind == (e.kind == P ? js::ParseError::Kind::kParseError
                                        : js::ParseError::Kind::kUnsupportedSyntax));
    CHECK(r.error->message == e.message);
    CHECK(r.error->line == e.line);
    CHECK(r.error->column == e.column);
  }
}

// Valid programs that must parse in both modes (constructs, ASI, keywords as names, Annex B, ...).
const char* const kValid[] = {
    "var yield = 1; yield",
    "function f() { var await = 1; return await }",
    "var let = 1; let",
    "for (let in {}) ;",
    "x = a ? (b, c) : (d) => e",
    "x = ((a, b) => a + b)(1, 2)",
    "({}).toString()",
    "x = [,,]",
    "f(...a, b, ...c)",
    "new Foo(...args)",
    "x = a?.b?.c?.d",
    "x = a?.()",
    "x = a?.[b]()",
    "delete a?.b",
    "x = a?.b\n.c",
    "x = async () => { await new Promise(r => r()) }",
    "x = async function*() { yield await 1; for await (const x of y) yield x }",
    "class A { static #x = 1; static m() { return A.#x } }",
    "class A { #x; static has(o) { return #x in o } }",
    "class A { get x() { return 1 } set x(v) {} static get y() { return 2 } }",
    "class A extends Array { constructor(...a) { super(...a); this.x = super.length } }",
    "class A { constructor() { const f = () => super.x } }",
    "class A extends B { constructor() { const f = () => super(); f() } }",
    "x = class { static x = this; y = () => this }",
    "class A { #a; m() { return this?.#a } }",
    "class O { #x; m() { class I { n(o) { return o.#x } } } }",
    "outer: for (const a of b) { inner: for (const c of d) { if (c) continue outer; else break "
    "inner } }",
    "switch (a) { case 1: let x = 1; break; default: }",
    "var x = 5\ndo x--; while (x > 0)",
    "x = 'a\\\nb'",
    "x = '\\u{1F600}'.length",
    "const 变量 = 1; 变量",
    "const $a = 1, _b = 2, \\u0061bc = 3; abc",
    "x = a++ + ++b - c-- - --d",
    "x = a+ +b, a- -b, a + + + b",
    "x = `\\`${'`'}`",
    "x = `${`${`${1}`}`}`",
    "x = `line1\nline2`",
    "String.raw`\\n${1}\\u`",
    "get = 1; set = 2; of = 3; async = 4; static = 5",
    "x = { get [a]() {}, set [b](v) {} }",
    "x = { async *[Symbol.asyncIterator]() {} }",
    "x = { __proto__ }",
    "x = { __proto__() {} , __proto__: 1 }",
    "x = { ['__proto__']: 1, __proto__: 2 }",
    "({ __proto__: a, __proto__: b } = {})",
    "var { a = 1, b: { c } = {}, ...d } = e",
    "var [a, , b = 2, ...[c, d]] = e",
    "function f({ a, b } = {}, [c] = [], ...{ length }) {}",
    "(function() { 'use strict'; return this })()",
    "x = new (foo())()",
    "x = new foo.bar().baz",
    "x = (async) => async",
    "async function f() { let x = (await y) ** 2 }",
    "x = 2 ** -1",
    "x = a ? b : c = d",
    "a = b = c = d",
    "[(a)] = b",
    "({ a: (b) } = c)",
    "({ a: b.c, d: e[f] } = g)",
    "for ({a} of b);",
    "for ({a = 1} of b);",
    "for (a.b of c);",
    "function f() { return\n}",
    "x = { a: 1, }; y = [1, 2, ]; f(a, b, ); function g(a, b,) {}",
    "x = (a, b,) => 1",
    "x = a\n? b : c",
    ";;;",
    "{}",
    "{ a: 1 }",
    "x = /[\\]/]/",
    "x = /(?<name>a)\\k<name>/u",
    "x = a.b\n`c`",
    "function f() { return arguments.length }",
    "x = { arguments }",
    "class A { m() { return arguments } }",
    "x = (a ?? b) || c",
    "x = a ?? (b || c)",
    "if (a) function f() {}",
    "L: function f() {}",
    "function* g() { yield /re/ }",
    "async function f() { await /re/ }",
    "x = 5..toString() + 0.e1 + 08.5",
    "function* g() { var f = function yield() {}; x = (a = yield) }",
    "async function f() { var g = function await() {}; x = async (a = await b) }",
    "function f() { (x = yield) => 1 }",
    "#!/usr/bin/env node\nx = 1",
    "a = b\n/c/g.exec(d)",
    "if (a) b\nelse c",
    "x = y\n\u2028z = 1",
    "x = \"\u2028\u2029\"",
    "label: { break label }",
    "x = async\nfunction f() {}",
    "x = { get\nfoo() {} }",
    "class A { static\nfoo() {} }",
    "var \\u{61}\\u{62} = 1; ab",
    "x = a\t\v\f\u00A0\uFEFF+ b",
    "return await tools.a.b({})",
    "const r = await Promise.all([1, 2].map(async (x) => x * 2)); return r",
};

TEST_CASE("js parser: valid programs parse in both modes", "[js_parser]") {
  for (const char* src : kValid) {
    INFO(src);
    js::ParseResult a = Parse(src, false);
    CHECK_FALSE(a.error.has_value());
    if (a.error) UNSCOPED_INFO(a.error->message);
    js::ParseResult b = Parse(src, true);
    CHECK_FALSE(b.error.has_value());
  }
}

// TypeScript: each TS program must parse to exactly the tree of the erased JavaScript.
const Golden kTypeScript[] = {
    {"let x: number = 1", "let x = 1"},
    {"const f = (a: number, b?: string): boolean => true", "const f = (a, b) => true"},
    {"function f<T extends object = {}>(x: T, ...rest: T[]): T | undefined { return x }",
     "function f(x, ...rest) { return x }"},
    {"interface A<T> extends B, C<T> { a: number; b?: string; readonly c: T[]; m(x: number): void; "
     "new (x: string): A<T>; (y: number): string; [k: string]: any; get g(): number; set s(v: "
     "number) }\nx",
     "x"},
    {"type X<T> = T extends string ? 'a' : T extends (infer U)[] ? U : never\nx", "x"},
    {"type M<T> = { readonly [K in keyof T as `get${Capitalize<K & string>}`]-?: () => T[K] }\nx",
     "x"},
    {"type F = new (...args: any[]) => object; type G = abstract new () => void; type H = <T>(x: "
     "T) => T\nx",
     "x"},
    {"type Tup = [a: string, b?: number, ...rest: boolean[]]; type R = readonly string[]; "
     "type U = unique symbol\nx",
     "x"},
    {"type Fn = (a: { x: number }, [b]: [string]) => void\nx", "x"},
    {"type Cond<T> = T extends [infer H, ...infer R] ? H : never\nx", "x"},
    {"type G = Array<{ a: 1 }>[number]['a']\nx", "x"},
    {"let v = x as unknown as string", "let v = x"},
    {"let v = obj!.a!.b!", "let v = obj.a.b"},
    {"f<string>(x); new Map<string, number[]>(); a?.b<T>()", "f(x); new Map(); a?.b()"},
    {"x = a < b && c > d", "x = a < b && c > d"},
    {"let z = a<b>c", "let z = a < b > c"},
    {"class A<T> extends B<T> implements I, J<T> { private x: number = 1; protected static y?: "
     "string; "
     "readonly z!: T; public m<U>(a: U): void {} declare d: number; abstract q(): void; "
     "constructor() { super() } }",
     "class A extends B { x = 1; static y; z; m(a) {} constructor() { super() } }"},
    {"abstract class A { abstract m(): void; n() {} }", "class A { n() {} }"},
    {"declare const x: number; declare function f(a: string): void; declare class C { m(): void } "
     "declare global { interface W {} } declare module 'x' { export const y: number } "
     "declare enum E { A }\ny",
     "y"},
    {"function f(x: string): void; function f(x: number): void; function f(x: any) { return x }",
     "function f(x) { return x }"},
    {"class A { m(x: string): void; m(x: any) {} }", "class A { m(x) {} }"},
    {"import type { A } from './a'; export type { B } from './b'; export type C = number\nx", "x"},
    {"let a: Array<Array<number>> = []; let b: Map<string, Set<number>>=new Map()",
     "let a = []; let b = new Map()"},
    {"x = y satisfies Z", "x = y"},
    {"function isS(x: unknown): x is string { return typeof x === 'string' }",
     "function isS(x) { return typeof x === 'string' }"},
    {"function assert(x: unknown): asserts x is string {}", "function assert(x) {}"},
    {"function f(this: Window, a: number) {}", "function f(a) {}"},
    {"const g = <T,>(x: T): T => x", "const g = (x) => x"},
    {"const g = async <T>(x: T): Promise<T> => x", "const g = async (x) => x"},
    {"x = c ? (a): number => a : b", "x = c ? (a) => a : b"},
    {"x = c ? (a) : b => d", "x = c ? a : (b) => d"},
    {"let o: { a: number, b: (x: number) => void, c: { d: string }[] } = { a: 1, b() {}, c: [] }",
     "let o = { a: 1, b() {}, c: [] }"},
    {"let t: typeof import('x').Y; let u: typeof a.b<string>; let k: keyof typeof obj; "
     "let idx: T['a']['b']; let neg: -1 | 1n | `a${string}b`",
     "let t; let u; let k; let idx; let neg"},
    {"for (const x of (y as number[])) {}", "for (const x of (y)) {}"},
    {"const { a, b }: { a: number; b: string } = obj", "const { a, b } = obj"},
    {"try {} catch (e: unknown) {}", "try {} catch (e) {}"},
    {"let fn: (() => void) | null = null", "let fn = null"},
    {"let x: A.B.C<D>[] = []", "let x = []"},
    {"const arr = [1, 2] as const", "const arr = [1, 2]"},
    {"function f<const T extends readonly unknown[]>(x: T) {}", "function f(x) {}"},
    {"let x = y! + z!", "let x = y + z"},
    {"if (a!) b!.c()", "if (a) b.c()"},
    {"x = (y as any).z", "x = (y).z"},
    {"const m = new Map<string, { count: number; items: string[] }>()", "const m = new Map()"},
    {"function f(a?: number, b: string = 'x') {}", "function f(a, b = 'x') {}"},
    {"class Q { #p?: number; static readonly K: string = 'k'; override m(): void {} }",
     "class Q { #p; static K = 'k'; m() {} }"},
    {"let u: string | undefined", "let u"},
    {"let fn2: <T>(x: T) => T = (x) => x", "let fn2 = (x) => x"},
    {"export interface I { x: number }\nx", "x"},
    {"declare let dl: number\nx", "x"},
    {"let r: Record<string, Array<{ id: number; tags?: string[] }>> = {}", "let r = {}"},
    {"const p: Promise<void>[] = []; await Promise.all(p)", "const p = []; await Promise.all(p)"},
    {"type A = | 'a' | 'b'; type B = & X & Y\nx", "x"},
    {"class S { [key: string]: unknown; readonly [i: number]: string }", "class S {}"},
    {"function f(): () => void { return () => {} }", "function f() { return () => {} }"},
    {"let x: { (a: number): string; new (): object; readonly [k: string]: any } | undefined",
     "let x"},
    {"type T = { a: string } extends infer U extends object ? U : never\nx", "x"},
    {"let q = a as any as B<C<D>>", "let q = a"},
    {"x = a as number > b", "x = a > b"},
    {"let fns: Array<(x: number) => number> = [x => x]", "let fns = [x => x]"},
    {"interface Empty {}\ntype Alias = Empty\nx", "x"},
    {"class A { handler: (e: Event) => void = () => {}; m<T>(): T { return null! } }",
     "class A { handler = () => {}; m() { return null } }"},
    {"const [s, set] = useState<string | null>(null)", "const [s, set] = useState(null)"},
    {"obj[key as keyof typeof obj]", "obj[key]"},
    {"declare module \"foo\";\nimport type A, { B } from \"x\"; y", "y"},
    {"class A { private constructor() {} static override readonly x = 1 }",
     "class A { constructor() {} static x = 1 }"},
    {"const f = (): { a: number } => ({ a: 1 })", "const f = () => ({ a: 1 })"},
    {"import { type A, type B as C } from 'm';\nexport { type A };\nx", "x"},
    // Enums and namespaces are lowered to tsc's output (without the enum's function wrapper).
    {"enum E { A, B = 'b', C = A << 2, D }",
     "var E; E || (E = {}); E[E[\"A\"] = 0] = \"A\"; E[\"B\"] = \"b\"; E[E[\"C\"] = E.A << 2] = \"C\"; "
     "E[E[\"D\"] = E.C + 1] = \"D\""},
    {"function f() { const enum E { A } }", "function f() { let E; E || (E = {}); E[E[\"A\"] = 0] = \"A\" }"},
    {"namespace N { const p = 1; export let x = p, y; export function f() { return x } }\n"
     "namespace N { export const z = x }",
     "var N; (function (N) { const p = 1; N.x = p; function f() { return N.x } N.f = f })(N || (N = {}));"
     "(function (N) { N.z = N.x })(N || (N = {}))"},
    {"namespace A.B { export enum E { K } }",
     "var A; (function (A) { let B; (function (B) { let E; E = B.E || (B.E = {}); "
     "E[E[\"K\"] = 0] = \"K\"; })(B = A.B || (A.B = {})) })(A || (A = {}))"},
    {"class C {}\nnamespace C { export class D {} }",
     "class C {}\n(function (C) { class D {} C.D = D })(C || (C = {}))"},
};

TEST_CASE("js parser: TypeScript erasure", "[js_parser][typescript]") {
  for (const Golden& g : kTypeScript) {
    INFO(g.src);
    std::string erased = Body(g.ast, /*ts=*/false);
    REQUIRE(erased.rfind("ERROR", 0) != 0);
    CHECK(Body(g.src, /*ts=*/true) == erased);
  }
}

TEST_CASE("js parser: TypeScript syntax is an error in JavaScript mode",
          "[js_parser][typescript]") {
  CHECK(Body("let x: number = 1", false) == "ERROR 1:6 Unexpected token ':'");
  CHECK(Body("interface A {}", false) == "ERROR 1:11 Unexpected identifier 'A'");
  CHECK(Body("x = y as T", false) == "ERROR 1:7 Unexpected identifier 'as'");
}

TEST_CASE("js parser: TypeScript parameter properties", "[js_parser][typescript]") {
  js::ParseResult r = Parse(
      "class P extends Q { constructor(private x: number, public readonly y = 1, z?: string) { super(); } }",
      true);
  REQUIRE(!r.error.has_value());
  const auto* c = r.program->body[0]->As<js::ClassNode>();
  REQUIRE(c->constructor != nullptr);
  const auto& props = c->constructor->function->parameter_properties;
  REQUIRE(props.size() == 2);
  CHECK(props[0]->name == "x");
  CHECK(props[1]->name == "y");
  js::ParseResult bad = Parse("class P { constructor(private { a }) {} }", true);
  REQUIRE(bad.error.has_value());
  CHECK(bad.error->message == "A parameter property may not be declared using a binding pattern.");
  js::ParseResult method = Parse("class P { m(private x) {} }", true);
  REQUIRE(method.error.has_value());
  CHECK(method.error->message ==
        "A parameter property is only allowed in a constructor implementation.");
}

TEST_CASE("js parser: TypeScript constructs that are not erasable", "[js_parser][typescript]") {
  struct Case {
    const char* src;
    uint32_t line, column;
    const char* message;
  };
  const Case cases[] = {
      {"namespace N { export import A = B.C }", 1, 15,
       "this export form in a namespace is not supported"},
      {"namespace N { export const x = 1; function f(x) {} }", 1, 46,
       "a declaration of 'x' shadowing the exported namespace member is not supported"},
      {"namespace N {\n  export const { a } = o }", 2, 16,
       "destructuring in an exported namespace variable is not supported"},
      {"import x = require('y')", 1, 1, "import declarations are not supported"},
      {"import { type a, b } from 'b'", 1, 1, "import declarations are not supported"},
      {"export = x", 1, 1, "export declarations are not supported"},
      {"import { a } from 'b'", 1, 1, "import declarations are not supported"},
      {"export const x = 1", 1, 1, "export declarations are not supported"},
      {"@dec class A {}", 1, 1, "decorators are not supported"},
      {"let v = <string>x", 1, 9, "angle-bracket type assertions are not supported; use 'as'"},
  };
  for (const Case& c : cases) {
    INFO(c.src);
    js::ParseResult r = Parse(c.src, true);
    REQUIRE(r.error.has_value());
    CHECK(r.error->kind == js::ParseError::Kind::kUnsupportedSyntax);
    CHECK(r.error->message == c.message);
    CHECK(r.error->line == c.line);
    CHECK(r.error->column == c.column);
  }
  // tsc's errors in enum declarations (syntax errors here, with the member's position).
  const Case enum_errors[] = {
      {"enum E { A = 'a', B }", 1, 19, "Enum member must have initializer."},
      {"enum E { A = f(), B }", 1, 19, "Enum member must have initializer."},
      {"enum E {\n  [k] = 1 }", 2, 3, "Computed property names are not allowed in enums."},
      {"enum E { 1 = 2 }", 1, 10, "An enum member cannot have a numeric name."},
      {"const enum E { A = f() }", 1, 16, "const enum member initializers must be constant expressions."},
  };
  for (const Case& c : enum_errors) {
    INFO(c.src);
    js::ParseResult r = Parse(c.src, true);
    REQUIRE(r.error.has_value());
    CHECK(r.error->kind == js::ParseError::Kind::kParseError);
    CHECK(r.error->message == c.message);
    CHECK(r.error->line == c.line);
    CHECK(r.error->column == c.column);
  }
  // `enum`, `namespace` and `type` stay ordinary identifiers where TypeScript would not see a
  // declaration.
  CHECK(
      Body("var namespace = 1, module = 2, type = 3; type = namespace\n+ module") ==
      "(VarDecl var (Declarator (Identifier namespace) (Number 1)) (Declarator (Identifier module) "
      "(Number 2)) (Declarator (Identifier type) (Number 3))) (ExpressionStatement (Assign = "
      "(Identifier type) (Binary + (Identifier namespace) (Identifier module))))");
}

// ---------------------------------------------------------------------------------------------
// Literals
// ---------------------------------------------------------------------------------------------

const js::Node* FirstExpression(const js::ParseResult& r) {
  REQUIRE(r.program != nullptr);
  REQUIRE(!r.program->body.empty());
  const js::Node* s = r.program->body[0];
  REQUIRE(s->kind == js::NodeKind::kExpressionStatement);
  return s->As<js::ExpressionStatement>()->expression;
}

double NumberOf(const std::string& src) {
  js::ParseResult r = Parse(src);
  INFO(src);
  REQUIRE_FALSE(r.error.has_value());
  const js::Node* e = FirstExpression(r);
  REQUIRE(e->kind == js::NodeKind::kNumberLiteral);
  return e->As<js::NumberLiteral>()->value;
}

TEST_CASE("js lexer: numeric literals", "[js_parser][lexer]") {
  CHECK(NumberOf("0") == 0);
  CHECK(NumberOf("123") == 123);
  CHECK(NumberOf("1_000_000") == 1000000);
  CHECK(NumberOf(".5") == 0.5);
  CHECK(NumberOf("5.") == 5);
  CHECK(NumberOf("1.5e3") == 1500);
  CHECK(NumberOf("1E-3") == 0.001);
  CHECK(NumberOf("0.1") == 0.1);
  CHECK(NumberOf("0x1F") == 31);
  CHECK(NumberOf("0XfF") == 255);
  CHECK(NumberOf("0o17") == 15);
  CHECK(NumberOf("0b101") == 5);
  CHECK(NumberOf("0b1_0_1") == 5);
  CHECK(NumberOf("010") == 8);   // legacy octal (sloppy)
  CHECK(NumberOf("089") == 89);  // leading-zero decimal (sloppy)
  CHECK(NumberOf("08.5") == 8.5);
  CHECK(NumberOf("9007199254740993") == 9007199254740992.0);  // correctly rounded (ties to even)
  CHECK(NumberOf("9007199254740995") == 9007199254740996.0);
  CHECK(NumberOf("0x20000000000001") == 9007199254740992.0);  // 2^53+1 rounds to even
  CHECK(NumberOf("0x20000000000003") == 9007199254740996.0);
  CHECK(NumberOf("0xFFFFFFFFFFFFFFFFF") == 295147905179352825856.0);
  CHECK(NumberOf("1.7976931348623157e308") == std::numeric_limits<double>::max());
  CHECK(std::isinf(NumberOf("1e400")));
  CHECK(NumberOf("1e-400") == 0);
  CHECK(NumberOf("5e-324") == std::numeric_limits<double>::denorm_min());
  CHECK(NumberOf("2.2250738585072011e-308") == 2.225073858507201e-308);
  CHECK(NumberOf("0.000001") == 1e-6);
}

TEST_CASE("js lexer: BigInt literals", "[js_parser][lexer]") {
  auto digits = [](const std::string& src) {
    js::ParseResult r = Parse(src);
    REQUIRE_FALSE(r.error.has_value());
    const js::Node* e = FirstExpression(r);
    REQUIRE(e->kind == js::NodeKind::kBigIntLiteral);
    return e->As<js::BigIntLiteral>()->digits;
  };
  CHECK(digits("0n") == "0");
  CHECK(digits("123n") == "123");
  CHECK(digits("1_000n") == "1000");
  CHECK(digits("0x1fn") == "31");
  CHECK(digits("0o777n") == "511");
  CHECK(digits("0b1111n") == "15");
  CHECK(digits("0xFFFFFFFFFFFFFFFFFFFFn") == "1208925819614629174706175");
  CHECK(digits("0x0n") == "0");
  CHECK(Body("x = 1.5n") == "ERROR 1:5 Invalid or unexpected token");
  CHECK(Body("x = 1e3n") == "ERROR 1:5 Invalid or unexpected token");
  CHECK(Body("x = 07n") == "ERROR 1:5 Invalid or unexpected token");
}

std::u16string StringOf(const std::string& src) {
  js::ParseResult r = Parse(src);
  INFO(src);
  REQUIRE_FALSE(r.error.has_value());
  const js::Node* e = FirstExpression(r);
  REQUIRE(e->kind == js::NodeKind::kStringLiteral);
  return e->As<js::StringLiteral>()->value;
}

TEST_CASE("js lexer: string literals and escapes", "[js_parser][lexer]") {
  CHECK(StringOf("'abc'") == u"abc");
  CHECK(StringOf("\"a'b\"") == u"a'b");
  CHECK(StringOf(R"('\n\t\r\b\f\v\0')") == std::u16string(u"\n\t\r\b\f\v") + char16_t(0));
  CHECK(StringOf(R"('\x41\u0042\u{43}')") == u"ABC");
  CHECK(StringOf(R"('\u{1F600}')") == u"\U0001F600");
  CHECK(StringOf("'\xF0\x9F\x98\x80'") == u"\U0001F600");  // UTF-8 source → surrogate pair
  CHECK(StringOf(R"('\uD83D\uDE00')") == u"\U0001F600");
  CHECK(StringOf(R"('\uD800')") == std::u16string(1, char16_t(0xD800)));  // lone surrogate kept
  CHECK(StringOf(R"('\uDC00x')") == std::u16string({char16_t(0xDC00), u'x'}));
  CHECK(StringOf("'a\\\nb'") == u"ab");    // line continuation
  CHECK(StringOf("'a\\\r\nb'") == u"ab");  // CRLF continuation
  CHECK(StringOf(R"('\101\7\08')") == std::u16string({u'A', char16_t(7), char16_t(0), u'8'}));
  CHECK(StringOf(R"('\8\9')") == u"89");
  CHECK(StringOf(R"('\q\'\"\\')") == u"q'\"\\");
  CHECK(StringOf("'\xE2\x80\xA8'") == std::u16string(1, char16_t(0x2028)));  // U+2028 allowed
  CHECK(StringOf("'caf\xC3\xA9'") == u"caf\u00e9");
}

TEST_CASE("js lexer: template literals cooked and raw", "[js_parser][lexer]") {
  std::vector<js::ParseResult> keep;  // the trees must outlive the returned pointers
  auto tmpl = [&keep](const std::string& src) -> const js::TemplateLiteral* {
    keep.push_back(Parse(src));
    const js::ParseResult& r = keep.back();
    INFO(src);
    REQUIRE_FALSE(r.error.has_value());
    const js::Node* e = FirstExpression(r);
    if (e->kind == js::NodeKind::kTaggedTemplate) return e->As<js::TaggedTemplate>()->quasi;
    REQUIRE(e->kind == js::NodeKind::kTemplateLiteral);
    return e->As<js::TemplateLiteral>();
  };
  const js::TemplateLiteral* t = tmpl("`a${1}b${2}c`");
  REQUIRE(t->quasis.size() == 3);
  REQUIRE(t->expressions.size() == 2);
  CHECK(*t->quasis[0].cooked == u"a");
  CHECK(*t->quasis[2].cooked == u"c");
  t = tmpl("`\\n${x}\\u0041`");
  CHECK(*t->quasis[0].cooked == u"\n");
  CHECK(t->quasis[0].raw == u"\\n");
  CHECK(*t->quasis[1].cooked == u"A");
  CHECK(t->quasis[1].raw == u"\\u0041");
  t = tmpl("`a\r\nb\rc`");  // CRLF and CR normalize to LF in cooked and raw
  CHECK(*t->quasis[0].cooked == u"a\nb\nc");
  CHECK(t->quasis[0].raw == u"a\nb\nc");
  t = tmpl("tag`\\unicode${1}\\xZ${2}ok\\01`");  // invalid escapes in tagged templates → undefined
  REQUIRE(t->quasis.size() == 3);
  CHECK_FALSE(t->quasis[0].cooked.has_value());
  CHECK(t->quasis[0].raw == u"\\unicode");
  CHECK_FALSE(t->quasis[1].cooked.has_value());
  CHECK_FALSE(t->quasis[2].cooked.has_value());
  CHECK(t->quasis[2].raw == u"ok\\01");
  t = tmpl("`${ {a: `${ {b: 1}.b }`}.a }`");  // braces inside substitutions
  REQUIRE(t->expressions.size() == 1);
  t = tmpl("``");
  REQUIRE(t->quasis.size() == 1);
  CHECK(t->quasis[0].cooked->empty());
  t = tmpl("`\\`\\${}$`");
  CHECK(*t->quasis[0].cooked == u"`${}$");
  CHECK(Body("x = `\\unicode`") == "ERROR 1:6 Invalid Unicode escape sequence");
  CHECK(Body("x = `${a}\\xZ`") == "ERROR 1:10 Invalid hexadecimal escape sequence");
}

TEST_CASE("js lexer: regular expression literals", "[js_parser][lexer]") {
  auto re = [](const std::string& src) {
    js::ParseResult r = Parse(src);
    INFO(src);
    REQUIRE_FALSE(r.error.has_value());
    const js::Node* e = FirstExpression(r);
    REQUIRE(e->kind == js::NodeKind::kRegExpLiteral);
    return std::make_pair(e->As<js::RegExpLiteral>()->pattern, e->As<js::RegExpLiteral>()->flags);
  };
  CHECK(re("/ab+c/") == std::make_pair(std::string("ab+c"), std::string("")));
  CHECK(re("/a/dgimsuy") == std::make_pair(std::string("a"), std::string("dgimsuy")));
  CHECK(re("/[/]\\//u") == std::make_pair(std::string("[/]\\/"), std::string("u")));
  CHECK(re("/=/g") == std::make_pair(std::string("="), std::string("g")));
  CHECK(re("/caf\xC3\xA9/u").first == "caf\xC3\xA9");
  CHECK(Body("/a/gg") == "ERROR 1:1 Invalid regular expression flags");
  CHECK(Body("/a/x") == "ERROR 1:1 Invalid regular expression flags");
  CHECK(Body("/a/uv") == "ERROR 1:1 Invalid regular expression flags");
  CHECK(Body("/a\n/") == "ERROR 1:1 Invalid regular expression: missing /");
  CHECK(Body("/[/") == "ERROR 1:1 Invalid regular expression: missing /");
  // Early errors of the pattern itself (vm/regexp/syntax.h), at the literal.
  CHECK(Body("x = /(/") == "ERROR 1:5 Invalid regular expression: /(/: Unterminated group");
  CHECK(Body("/[/]/v") ==
        "ERROR 1:1 Invalid regular expression: /[/]/v: Invalid character in character class");
  CHECK(Body("/\\p{Foo}/u") ==
        "ERROR 1:1 Invalid regular expression: /\\p{Foo}/u: Invalid property name");
}

TEST_CASE("js parser: regex versus division by context", "[js_parser]") {
  CHECK(Body("a / b / c") ==
        "(ExpressionStatement (Binary / (Binary / (Identifier a) (Identifier b)) (Identifier c)))");
  CHECK(
      Body("x = /b/ / 2") ==
      "(ExpressionStatement (Assign = (Identifier x) (Binary / (RegExp \"b\" \"\") (Number 2))))");
  CHECK(Body("(a) / 2 / (b)") ==
        "(ExpressionStatement (Binary / (Binary / (Identifier a) (Number 2)) (Identifier b)))");
  CHECK(Body("a++ / 2") ==
        "(ExpressionStatement (Binary / (Update x++ (Identifier a)) (Number 2)))");
  CHECK(Body("x = this / 2 / [1] / `t`") ==
        "(ExpressionStatement (Assign = (Identifier x) (Binary / (Binary / (Binary / (This) "
        "(Number 2)) "
        "(Array (Number 1))) (Template \"t\"))))");
  CHECK(Body("{} /foo/") == "(Block) (ExpressionStatement (RegExp \"foo\" \"\"))");
  CHECK(Body("x = {} / 2") ==
        "(ExpressionStatement (Assign = (Identifier x) (Binary / (Object) (Number 2))))");
  CHECK(Body("if (x) /re/.test(y)") ==
        "(If (Identifier x) (ExpressionStatement (Call (Member (RegExp \"re\" \"\") (Identifier "
        "test)) "
        "(Identifier y))) _)");
  CHECK(Body("x = a /= 2") ==
        "(ExpressionStatement (Assign = (Identifier x) (Assign /= (Identifier a) (Number 2))))");
  CHECK(Body("x = /=/") == "(ExpressionStatement (Assign = (Identifier x) (RegExp \"=\" \"\")))");
  CHECK(Body("function* g() { yield /x/g }") ==
        "(FunctionDeclaration generator (Identifier g) (params) (body (ExpressionStatement (Yield "
        "(RegExp \"x\" \"g\")))))");
  CHECK(Body("x = 1 /* / */ / 2 // /re/") ==
        "(ExpressionStatement (Assign = (Identifier x) (Binary / (Number 1) (Number 2))))");
  CHECK(Body("x = a\n/b/g") ==
        "(ExpressionStatement (Assign = (Identifier x) (Binary / (Binary / (Identifier a) "
        "(Identifier b)) "
        "(Identifier g))))");
  CHECK(Body("x = typeof /a/") ==
        "(ExpressionStatement (Assign = (Identifier x) (Unary typeof (RegExp \"a\" \"\"))))");
}

TEST_CASE("js lexer: comments, hashbang and HTML-like comments (Annex B.1.1)",
          "[js_parser][lexer]") {
  CHECK(Body("x = a<!--b\ny") ==
        "(ExpressionStatement (Assign = (Identifier x) (Identifier a))) (ExpressionStatement "
        "(Identifier y))");
  CHECK(Body("x = 1\n  --> comment\ny") ==
        "(ExpressionStatement (Assign = (Identifier x) (Number 1))) (ExpressionStatement "
        "(Identifier y))");
  CHECK(Body("--> first line\nx") == "(ExpressionStatement (Identifier x))");
  CHECK(Body("x = a --> 0") ==  // not at the start of a line: `a-- > 0`
        "(ExpressionStatement (Assign = (Identifier x) (Binary > (Update x-- (Identifier a)) "
        "(Number 0))))");
  CHECK(Body("#!/usr/bin/env node\nx // c\n/* d */ y") ==
        "(ExpressionStatement (Identifier x)) (ExpressionStatement (Identifier y))");
  CHECK(Body("x = 1 /* unterminated\n") == "ERROR 1:7 Invalid or unexpected token");
}

TEST_CASE("js parser: automatic semicolon insertion (ECMA-262 12.10)", "[js_parser]") {
  // Restricted productions.
  CHECK(Body("function f() { return\n1 }") ==
        "(FunctionDeclaration (Identifier f) (params) (body (Return) (ExpressionStatement (Number "
        "1))))");
  CHECK(Body("a\n++b") ==
        "(ExpressionStatement (Identifier a)) (ExpressionStatement (Update ++x (Identifier b)))");
  CHECK(Body("a\n--\nb") ==
        "(ExpressionStatement (Identifier a)) (ExpressionStatement (Update --x (Identifier b)))");
  CHECK(Body("L: while (1) { break\nL }") ==
        "(Labeled L (While (Number 1) (Block (Break) (ExpressionStatement (Identifier L)))))");
  CHECK(Body("L: while (1) { continue\nL }") ==
        "(Labeled L (While (Number 1) (Block (Continue) (ExpressionStatement (Identifier L)))))");
  CHECK(Body("throw\nx") == "ERROR 1:1 Illegal newline after throw");
  CHECK(Body("x = (a)\n=> 1") == "ERROR 1:5 Unexpected token '=>'");
  CHECK(Body("function* g() { yield\nx }") ==
        "(FunctionDeclaration generator (Identifier g) (params) (body (ExpressionStatement (Yield "
        "_)) "
        "(ExpressionStatement (Identifier x))))");
  // async line terminator rules.
  CHECK(Body("async\nfunction f() {}") ==
        "(ExpressionStatement (Identifier async)) (FunctionDeclaration (Identifier f) (params) "
        "(body))");
  CHECK(Body("x = async\nx => x") ==  // `async` then ASI: the arrow is a new statement
        "(ExpressionStatement (Assign = (Identifier x) (Identifier async))) (ExpressionStatement "
        "(Arrow _ "
        "(params (Identifier x)) (Identifier x)))");
  CHECK(Body("x = async\n(y) => y") == "ERROR 2:5 Unexpected token '=>'");
  // No ASI when the next token continues the expression.
  CHECK(Body("x = a\n(b)") ==
        "(ExpressionStatement (Assign = (Identifier x) (Call (Identifier a) (Identifier b))))");
  CHECK(Body("x = a\n[0]") ==
        "(ExpressionStatement (Assign = (Identifier x) (Member computed (Identifier a) (Number "
        "0))))");
  CHECK(Body("x = a\n`t`") ==
        "(ExpressionStatement (Assign = (Identifier x) (TaggedTemplate (Identifier a) (Template "
        "\"t\"))))");
  // do-while gets a semicolon after `)` even without a newline.
  CHECK(Body("do ; while (0) x") ==
        "(DoWhile (Empty) (Number 0)) (ExpressionStatement (Identifier x))");
  // No ASI inside a for header, and never an empty statement.
  CHECK(Body("for (a\nb;;) ;") == "ERROR 2:1 Unexpected identifier 'b'");
  CHECK(Body("if (a)\n") == "ERROR 2:1 Unexpected end of input");
  CHECK(Body("a b") == "ERROR 1:3 Unexpected identifier 'b'");
  CHECK(Body("{ 1\n2 } 3") ==
        "(Block (ExpressionStatement (Number 1)) (ExpressionStatement (Number 2))) "
        "(ExpressionStatement (Number 3))");
  CHECK(Body("var a = 1 /* multi\nline */ b = 2") ==
        "(VarDecl var (Declarator (Identifier a) (Number 1))) (ExpressionStatement (Assign = "
        "(Identifier b) (Number 2)))");
  CHECK(Body("class A { x = 1\ny\n['z'] = 2 }") ==
        "(ClassDeclaration (Identifier A) _ (ClassMember field (Identifier x) (Number 1)) "
        "(ClassMember "
        "field (Identifier y) _) (ClassMember field computed (String \"z\") (Number 2)))");
}

// ---------------------------------------------------------------------------------------------
// Positions
// ---------------------------------------------------------------------------------------------

TEST_CASE("js parser: node positions are 1-based lines and UTF-16 columns", "[js_parser]") {
  auto locs = [](const std::string& src) {
    js::ParseResult r = Parse(src);
    REQUIRE_FALSE(r.error.has_value());
    return js::DumpAst(r.program, /*with_locations=*/true);
  };
  CHECK(locs("x = a + b") ==
        "(Program@1:1 (ExpressionStatement@1:1 (Assign@1:1 = (Identifier@1:1 x) (Binary@1:5 + "
        "(Identifier@1:5 a) (Identifier@1:9 b)))))");
  // Astral characters count two UTF-16 units; other non-ASCII characters one.
  CHECK(locs("'\xF0\x9F\x98\x80'; y") ==
        "(Program@1:1 (ExpressionStatement@1:1 directive (String@1:1 \"\xF0\x9F\x98\x80\")) "
        "(ExpressionStatement@1:7 (Identifier@1:7 y)))");
  CHECK(locs("caf\xC3\xA9 = 1; z") ==
        "(Program@1:1 (ExpressionStatement@1:1 (Assign@1:1 = (Identifier@1:1 caf\xC3\xA9) "
        "(Number@1:8 1))) (ExpressionStatement@1:11 (Identifier@1:11 z)))");
  // Line terminators: LF, CR, CRLF, U+2028, U+2029; multi-line comments and templates count lines.
  CHECK(locs("a\nb\rc\r\nd\xE2\x80\xA8"
             "e\xE2\x80\xA9"
             "f") ==
        "(Program@1:1 (ExpressionStatement@1:1 (Identifier@1:1 a)) (ExpressionStatement@2:1 "
        "(Identifier@2:1 b)) (ExpressionStatement@3:1 (Identifier@3:1 c)) (ExpressionStatement@4:1 "
        "(Identifier@4:1 d)) (ExpressionStatement@5:1 (Identifier@5:1 e)) (ExpressionStatement@6:1 "
        "(Identifier@6:1 f)))");
  CHECK(locs("/* a\n b */ x; `1\n2` + y\n  z") ==
        "(Program@1:1 (ExpressionStatement@2:7 (Identifier@2:7 x)) (ExpressionStatement@2:10 "
        "(Binary@2:10 + (Template@2:10 \"1\\n2\") (Identifier@3:6 y))) (ExpressionStatement@4:3 "
        "(Identifier@4:3 z)))");
  CHECK(locs("f(a)\n  .b?.(c)") ==
        "(Program@1:1 (ExpressionStatement@1:1 (OptionalChain@1:1 (Call@1:1 ?. (Member@1:1 "
        "(Call@1:1 (Identifier@1:1 f) (Identifier@1:3 a)) (Identifier@2:4 b)) (Identifier@2:8 "
        "c)))))");
  // Error positions use the same counting.
  js::ParseResult r = Parse("x = '\xF0\x9F\x98\x80' +* 1");
  REQUIRE(r.error.has_value());
  CHECK(r.error->column == 11);
  r = Parse("\n\n   }");
  REQUIRE(r.error.has_value());
  CHECK(r.error->line == 3);
  CHECK(r.error->column == 4);
}

TEST_CASE("js parser: call and member operator positions", "[js_parser]") {
  js::ParseResult r = Parse("obj.method(x)");
  REQUIRE_FALSE(r.error.has_value());
  const auto* call = FirstExpression(r)->As<js::CallExpression>();
  CHECK(call->paren_line == 1);
  CHECK(call->paren_column == 11);
  const auto* member = call->callee->As<js::MemberExpression>();
  CHECK(member->property_column == 4);
  r = Parse("a\n  * b");
  const auto* bin = FirstExpression(r)->As<js::BinaryExpression>();
  CHECK(bin->op_line == 2);
  CHECK(bin->op_column == 3);
}

// ---------------------------------------------------------------------------------------------
// Functions, scopes and flags
// ---------------------------------------------------------------------------------------------

const js::FunctionNode* FirstFunction(const js::ParseResult& r) {
  REQUIRE(r.program != nullptr);
  const js::Node* s = r.program->body[0];
  if (s->kind == js::NodeKind::kFunctionDeclaration) return s->As<js::FunctionNode>();
  REQUIRE(s->kind == js::NodeKind::kExpressionStatement);
  const js::Node* e = s->As<js::ExpressionStatement>()->expression;
  if (e->kind == js::NodeKind::kAssignment) e = e->As<js::AssignmentExpression>()->value;
  REQUIRE(js::FunctionNode::Is(e->kind));
  return e->As<js::FunctionNode>();
}

TEST_CASE("js parser: function flags", "[js_parser]") {
  js::ParseResult r = Parse("function f(a, b) { return this.x + arguments.length }");
  const js::FunctionNode* f = FirstFunction(r);
  CHECK(f->uses_this);
  CHECK(f->uses_arguments);
  CHECK_FALSE(f->is_async);
  CHECK_FALSE(f->strict);
  CHECK(f->has_simple_parameter_list);

  r = Parse("function f() { return () => () => this }");
  f = FirstFunction(r);
  CHECK(f->uses_this);  // through nested arrows
  const auto* arrow = f->body[0]->As<js::ReturnStatement>()->argument->As<js::FunctionNode>();
  CHECK(arrow->is_arrow);
  CHECK(arrow->uses_this);

  r = Parse("function f() { return function() { return this } }");
  f = FirstFunction(r);
  CHECK_FALSE(f->uses_this);  // not through non-arrow functions

  r = Parse("x = async function*(a = 1, {b}, ...c) { 'use strict0'; yield new.target }");
  f = FirstFunction(r);
  CHECK(f->is_async);
  CHECK(f->is_generator);
  CHECK_FALSE(f->has_simple_parameter_list);
  CHECK(f->uses_new_target);
  CHECK_FALSE(f->strict);

  r = Parse("'use strict'; x = function() { return 1 }");
  f = r.program->body[1]
          ->As<js::ExpressionStatement>()
          ->expression->As<js::AssignmentExpression>()
          ->value->As<js::FunctionNode>();
  CHECK(f->strict);
  CHECK_FALSE(f->has_use_strict_directive);
  CHECK(r.program->strict);

  r = Parse(
      "class A extends B { constructor() { super(); super.x } m() { return () => super.y } }");
  REQUIRE_FALSE(r.error.has_value());
  const auto* cls = r.program->body[0]->As<js::ClassNode>();
  REQUIRE(cls->constructor != nullptr);
  const js::FunctionNode* ctor = cls->constructor->function;
  CHECK(ctor->method_kind == js::MethodKind::kConstructor);
  CHECK(ctor->is_derived_constructor);
  CHECK(ctor->uses_super_call);
  CHECK(ctor->uses_super_property);
  CHECK(ctor->strict);  // class code is strict
  CHECK(cls->members[1]->function->uses_super_property);

  r = Parse("class A { x = this.y; static { this.z = 1 } }");
  cls = r.program->body[0]->As<js::ClassNode>();
  CHECK(cls->members[0]->value_uses_this);
  CHECK(cls->members[1]->function->method_kind == js::MethodKind::kStaticBlock);
  CHECK(cls->members[1]->function->uses_this);

  r = Parse("return this");
  CHECK(r.program->uses_this);
  r = Parse("await x; return arguments");
  CHECK(r.program->has_await);
  CHECK(r.program->uses_arguments);
  r = Parse("async function f() { await x }");
  CHECK_FALSE(r.program->has_await);
}

TEST_CASE("js parser: function source ranges", "[js_parser]") {
  const std::string src =
      "x = async function named(a) { return a }; y = (b) => b * 2; z = { get q() { return 1 } }";
  js::ParseResult r = Parse(src);
  REQUIRE_FALSE(r.error.has_value());
  auto text = [&](size_t stmt) {
    const js::Node* e = r.program->body[stmt]->As<js::ExpressionStatement>()->expression;
    const js::Node* v = e->As<js::AssignmentExpression>()->value;
    if (v->kind == js::NodeKind::kObjectLiteral) {
      v = v->As<js::ObjectLiteral>()->properties[0]->As<js::Property>()->value;
    }
    const auto* f = v->As<js::FunctionNode>();
    return src.substr(f->source_start, f->source_end - f->source_start);
  };
  CHECK(text(0) == "async function named(a) { return a }");
  CHECK(text(1) == "(b) => b * 2");
  CHECK(text(2) == "get q() { return 1 }");
}

TEST_CASE("js parser: program is an async function body", "[js_parser]") {
  CHECK(Body("return 1") == "(Return (Number 1))");
  CHECK(Body("const v = await f(); return v") ==
        "(VarDecl const (Declarator (Identifier v) (Await (Call (Identifier f))))) "
        "(Return (Identifier v))");
  CHECK(Body("for await (const x of xs) {}") ==
        "(ForOf await (VarDecl const (Declarator (Identifier x) _)) (Identifier xs) (Block))");
  CHECK(Body("function f() { return await }") ==
        "(FunctionDeclaration (Identifier f) (params) (body (Return (Identifier await))))");
  CHECK(Body("class A { m() { return 1 } }; return") ==
        "(ClassDeclaration (Identifier A) _ (ClassMember method (Identifier m) (FunctionExpression "
        "method _ (params) (body (Return (Number 1)))))) (Empty) (Return)");
  CHECK(Body("class A { static { return } }") == "ERROR 1:20 Illegal return statement");
  CHECK(Body("var await = 1") == "ERROR 1:5 Unexpected reserved word");
}

TEST_CASE("js parser: empty programs and invalid UTF-8", "[js_parser]") {
  for (const char* src : {"", "   ", "\n\n", "// only a comment", "/* c */", "#!/bin/sh\n"}) {
    INFO(src);
    js::ParseResult r = Parse(src);
    REQUIRE(r.error.has_value());
    CHECK(r.error->kind == js::ParseError::Kind::kParseError);
    CHECK(r.error->message == "empty program");
    CHECK(r.error->line == 1);
    CHECK(r.error->column == 1);
  }
  CHECK(Body(";") == "(Empty)");
  js::ParseResult r = Parse("x = 1;\ny = '\xC3\x28'");
  REQUIRE(r.error.has_value());
  CHECK(r.error->message == "Invalid or unexpected token");
  CHECK(r.error->line == 2);
  CHECK(r.error->column == 6);
  r = Parse("'\xED\xA0\x80'");  // UTF-8-encoded surrogate
  REQUIRE(r.error.has_value());
  CHECK(r.error->column == 2);
  r = Parse(std::string("x\0y", 3));
  REQUIRE(r.error.has_value());
  CHECK(r.error->message == "Invalid or unexpected token");
}

TEST_CASE("js parser: unicode identifiers", "[js_parser][lexer]") {
  CHECK(Body("const \xE5\x8F\x98\xE9\x87\x8F = 1") ==
        "(VarDecl const (Declarator (Identifier \xE5\x8F\x98\xE9\x87\x8F) (Number 1)))");
  CHECK(Body("\\u0061\\u{62}c") == "(ExpressionStatement (Identifier abc))");
  CHECK(Body("x.\\u0069f") == "(ExpressionStatement (Member (Identifier x) (Identifier if)))");
  CHECK(Body("\\u0069f (x) y") == "ERROR 1:1 Keyword must not contain escaped characters");
  CHECK(Body("a\\u0020b") == "ERROR 1:2 Invalid Unicode escape sequence");
  CHECK(Body("x\xE2\x80\x8Dy = 1") ==  // ZWJ is ID_Continue
        "(ExpressionStatement (Assign = (Identifier x\xE2\x80\x8Dy) (Number 1)))");
  CHECK(Body("x = 1\xC2\xA0+\xE3\x80\x80"
             "2") ==  // NBSP and ideographic space are whitespace
        "(ExpressionStatement (Assign = (Identifier x) (Binary + (Number 1) (Number 2))))");
  CHECK(Body("x = \xE2\x86\x92") == "ERROR 1:5 Invalid or unexpected token");  // an arrow symbol
}

// ---------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------

TEST_CASE("js parser: deep nesting is an error, never a crash", "[js_parser][limits]") {
  const size_t n = 100000;
  auto rep = [](const std::string& s, size_t k) {
    std::string out;
    out.reserve(s.size() * k);
    for (size_t i = 0; i < k; ++i) out += s;
    return out;
  };
  const std::vector<std::string> deep = {
      rep("[", n) + rep("]", n),
      rep("(", n) + "a" + rep(")", n),
      rep("{", n) + rep("}", n),
      "x = " + rep("{a:", n) + "1" + rep("}", n),
      rep("!", n) + "x",
      rep("-", n) + "x",
      rep("x => ", n) + "1",
      rep("a ? b : ", n) + "c",
      rep("a ** ", n) + "1",
      rep("`${", n) + "1" + rep("}`", n),
      rep("function f(){", n) + rep("}", n),
      rep("if (a) ", n) + ";",
      rep("new ", n) + "X",
      "let x: " + rep("Array<", n) + "number" + rep(">", n),
      "let " + rep("[", n) + "a" + rep("]", n) + " = 1",
      rep("(a = ", n) + "1" + rep(")", n),
      rep("async (", n),
      "x = " + rep("class extends ", n) + "B",
      rep("f(", n) + rep(")", n),
      rep("a?.(", n) + rep(")", n),
      rep("<T>(x) => ", n) + "1",
      "let x: " + rep("{a:", n) + "number" + rep("}", n),
      rep("typeof ", n) + "x",
      rep("await ", n) + "x",
      rep("[...", n) + "a" + rep("]", n),
  };
  for (const std::string& src : deep) {
    INFO(src.substr(0, 30));
    js::ParseResult r = Parse(src);
    REQUIRE(r.error.has_value());
    CHECK(r.error->message == "too deeply nested");
    CHECK(r.error->kind == js::ParseError::Kind::kParseError);
  }
  // Flat lists are fine at any length (iterative, and flat in the tree).
  for (const std::string& src : {rep("a;", n), "x = [" + rep("1,", n) + "]"}) {
    js::ParseResult r = Parse(src);
    CHECK_FALSE(r.error.has_value());
  }
  // Left-associative operator chains and member/call chains make a tree as deep as they are long,
  // which scope analysis and code generation walk recursively: up to 10,000 links parse, longer ones
  // are "too deeply nested" (50,000 `+` terms used to overflow the compiler's stack).
  for (const std::string& src : {"a" + rep(" + a", 9999), "a" + rep(".b", 9998), "f" + rep("()", 9998),
                                 "a" + rep(" && a", 9999)}) {
    INFO(src.substr(0, 30));
    CHECK_FALSE(Parse(src).error.has_value());
  }
  for (const std::string& src : {"a" + rep(" + a", n), "a" + rep(".b", n), "f" + rep("()", n),
                                 "a" + rep(" && a", n)}) {
    INFO(src.substr(0, 30));
    js::ParseResult r = Parse(src);
    REQUIRE(r.error.has_value());
    CHECK(r.error->message == "too deeply nested");
  }
  // Moderate nesting within the limit parses.
  CHECK_FALSE(Parse(rep("[", 500) + rep("]", 500)).error.has_value());
  CHECK_FALSE(Parse(rep("(", 500) + "a" + rep(")", 500)).error.has_value());
  CHECK_FALSE(Parse(rep("{", 500) + rep("}", 500)).error.has_value());
  CHECK_FALSE(Parse(rep("x => ", 500) + "1").error.has_value());
  // The limit is configurable.
  js::ParseOptions options;
  options.max_depth = 10;
  CHECK(js::ParseProgram(rep("[", 20) + rep("]", 20), options).error.has_value());
  CHECK_FALSE(js::ParseProgram(rep("[", 5) + rep("]", 5), options).error.has_value());
}

// Parses on a thread with a small stack and no depth limit: the stack guard must stop it.
struct SmallStackJob {
  std::string src;
  std::optional<js::ParseError> error;
  bool parsed = false;
};

void* RunSmallStackJob(void* arg) {
  auto* job = static_cast<SmallStackJob*>(arg);
  js::ParseOptions options;
  options.max_depth = 1u << 30;
  js::ParseResult r = js::ParseProgram(job->src, options);
  job->parsed = r.program != nullptr;
  job->error = r.error;
  return nullptr;
}

TEST_CASE("js parser: stack guard on small thread stacks", "[js_parser][limits]") {
  for (const std::string& src :
       {std::string(100000, '(') + "a" + std::string(100000, ')'),
        std::string(100000, '[') + std::string(100000, ']'),
        "let x: " + std::string(50000, '(') + "T" + std::string(50000, ')')}) {
    SmallStackJob job{src, std::nullopt, false};
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 256 * 1024);
    pthread_t thread;
    REQUIRE(pthread_create(&thread, &attr, RunSmallStackJob, &job) == 0);
    pthread_join(thread, nullptr);
    pthread_attr_destroy(&attr);
    CHECK_FALSE(job.parsed);
    REQUIRE(job.error.has_value());
    CHECK(job.error->message == "too deeply nested");
  }
}

TEST_CASE("js parser: every corpus program parses", "[js_parser][corpus]") {
  namespace fs = std::filesystem;
  std::vector<fs::path> roots = {fs::path(CODEMODE_SOURCE_DIR) / "tests" / "corpus" / "js",
                                 fs::path(CODEMODE_SOURCE_DIR) / ".." / "shared" / "corpus" / "js"};
  size_t parsed = 0;
  for (const fs::path& root : roots) {
    std::error_code ec;
    if (!fs::is_directory(root, ec)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root, ec)) {
      const fs::path& p = entry.path();
      if (p.extension() != ".js" && p.extension() != ".ts") continue;
      if (p.parent_path().filename() != "programs") continue;
      std::ifstream in(p, std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      INFO(p.string());
      js::ParseResult r = Parse(ss.str(), /*ts=*/p.extension() == ".ts");
      if (r.error) {
        FAIL_CHECK(p.string() << ":" << r.error->line << ":" << r.error->column << " "
                              << r.error->message);
      }
      // JavaScript programs parse identically with TypeScript erasure enabled.
      if (p.extension() == ".js") {
        js::ParseResult t = Parse(ss.str(), true);
        CHECK_FALSE(t.error.has_value());
      }
      ++parsed;
    }
    break;  // the first existing root is the corpus
  }
  if (parsed == 0) {
    WARN("corpus not found under tests/corpus or ../shared/corpus: skipped");
  } else {
    CHECK(parsed >= 100);
  }
}

}  // namespace
