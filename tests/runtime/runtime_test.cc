// Runtime: the Result contract (DESIGN §1), limits, invariant 1 (no VM state on the C++ stack) and
// invariant 3 (runs cannot pollute the shared realm).
#include <pthread.h>

#include <atomic>
#include <chrono>
#include <string>

#include <catch2/catch.hpp>

#include "runtime/runtime.h"
#include "tools/tool.h"

namespace {

using codemode::Limits;
using codemode::Result;
using codemode::Runtime;
using codemode::RuntimeOptions;

std::unique_ptr<Runtime> MakeRuntime(Limits limits = {}, codemode::tools::Namespace root = {}) {
  RuntimeOptions options;
  options.limits = limits;
  auto tree = codemode::tools::ToolTree::Make(std::move(root));
  REQUIRE(tree.ok());
  options.tools = std::move(*tree);
  auto rt = Runtime::Make(std::move(options));
  REQUIRE(rt.ok());
  return std::move(*rt);
}

Result Run(std::string_view source, Limits limits = {}) { return MakeRuntime(limits)->Execute(source); }

}  // namespace

TEST_CASE("result value: explicit return, last expression statement, else null") {
  CHECK(Run("return 1 + 1").value_json == "2");
  CHECK(Run("1; 2").value_json == "2");
  CHECK(Run("if (true) { 2 }").value_json == "null");
  CHECK(Run("1; const v = 2").value_json == "null");
  CHECK(Run("let a = 5; a + 1;").value_json == "6");
  CHECK(Run("for (const x of [1]) { x }").value_json == "null");
  CHECK(Run("'a'; await Promise.resolve(7);").value_json == "7");
  CHECK(Run("function f() { return 3 } f()").ToJson(0) == R"({"ok":true,"value":3,"toolCalls":[]})");
  CHECK(Run("return [undefined, NaN, -Infinity, {a: undefined}]").value_json == "[null,null,null,{\"a\":null}]");
}

TEST_CASE("result JSON shape and key order") {
  Result r = Run("return {b: 1, a: 2, 10: 'x', 2: 'y'}");
  REQUIRE(r.ok);
  CHECK(r.value_json == R"({"2":"y","10":"x","b":1,"a":2})");
  CHECK(r.ToJson(0) == R"({"ok":true,"value":{"2":"y","10":"x","b":1,"a":2},"toolCalls":[]})");
}

TEST_CASE("uncaught errors: kind, message with location, thrown non-errors") {
  Result r = Run("const x = 1;\nnull.foo;");
  REQUIRE_FALSE(r.ok);
  CHECK(r.error.kind == "ExecutionFailure");
  CHECK(r.error.message.find("TypeError: Cannot read properties of null (reading 'foo')") == 0);
  CHECK(r.error.line == 2);
  Result t = Run("throw {code: 7}");
  CHECK(t.error.kind == "ExecutionFailure");
  CHECK(t.error.message == "Uncaught: {\"code\":7}");
}

TEST_CASE("syntax errors are ParseError with a location; empty source too") {
  Result r = Run("let = ;");
  CHECK(r.error.kind == "ParseError");
  CHECK(r.error.line == 1);
  CHECK(Run("").error.kind == "ParseError");
  CHECK(Run("   // nothing\n").error.kind == "ParseError");
  std::string deep(100000, '[');
  CHECK(Run(deep).error.kind == "ParseError");
}

TEST_CASE("values that cannot cross the boundary are InvalidDataValue naming the path") {
  Result r = Run("return {a: [1, () => 2]}");
  CHECK(r.error.kind == "InvalidDataValue");
  CHECK(r.error.message.find("value.a[1]") != std::string::npos);
  Result p = Run("return {p: Promise.resolve(1)}");
  CHECK(p.error.kind == "InvalidDataValue");
  std::string nested = "let v = 1; for (let i = 0; i < 40; i++) v = [v]; return v;";
  Result d = Run(nested);
  CHECK(d.error.kind == "InvalidDataValue");
  CHECK(d.error.message.find("depth of 32") != std::string::npos);
}

TEST_CASE("a BigInt in the Result is InvalidDataValue naming its path") {
  Result r = Run("return {a: [1, 2n ** 70n]}");
  CHECK(r.error.kind == "InvalidDataValue");
  CHECK(r.error.message.find("BigInt") != std::string::npos);
  CHECK(r.error.message.find("value.a[1]") != std::string::npos);
  Result top = Run("return 5n");
  CHECK(top.error.kind == "InvalidDataValue");
  // Converted explicitly, it crosses as a string or a number.
  Result ok = Run("const x = 2n ** 64n; return [String(x), Number(x % 1000n), typeof x]");
  CHECK(ok.ok);
}

TEST_CASE("unhandled rejections of un-awaited promises become warnings in creation order") {
  Result r = Run("Promise.reject(new Error('a')); Promise.reject(new TypeError('b')); return 1");
  REQUIRE(r.ok);
  REQUIRE(r.warnings.size() == 2);
  CHECK(r.warnings[0].message == "Unhandled rejection from an un-awaited promise: Error: a");
  CHECK(r.warnings[1].message == "Unhandled rejection from an un-awaited promise: TypeError: b");
  // In the Result JSON: after the value, before toolCalls; a non-Error reason as "Uncaught: <JSON>".
  Result one = Run("Promise.reject(42); 'last'");
  CHECK(one.ToJson(0) ==
        R"({"ok":true,"value":"last","warnings":[{"kind":"ExecutionFailure","message":)"
        R"("Unhandled rejection from an un-awaited promise: Uncaught: 42"}],"toolCalls":[]})");
  // A rejection handled later in the run is no warning.
  Result handled = Run("const p = Promise.reject(new Error('x')); await null; p.catch(() => {}); return 1");
  CHECK(handled.warnings.empty());
}

TEST_CASE("limits: steps, time, memory, output; invalid limits are rejected") {
  Limits steps;
  steps.max_steps = 10000;
  CHECK(Run("while (true) {}", steps).error.kind == "StepLimitExceeded");
  Limits time;
  time.timeout_ms = 200;
  CHECK(Run("for (;;) {}", time).error.kind == "TimeoutExceeded");
  Limits mem;
  mem.max_memory_bytes = 8 << 20;
  CHECK(Run("const a = []; for (;;) a.push({x: a.length});", mem).error.kind == "MemoryLimitExceeded");
  // Exhausting a limit cannot be caught by the program.
  CHECK(Run("try { while (true) {} } catch (e) {} return 1", steps).error.kind == "StepLimitExceeded");
  Limits out;
  out.max_output_bytes = 100;
  Result big = Run("return 'x'.repeat(1000)", out);
  REQUIRE(big.ok);
  CHECK(big.truncated);
  CHECK(big.value_json.size() < 200);
  CHECK(big.value_json.find("truncated") != std::string::npos);
  Limits bad;
  bad.timeout_ms = 0;
  RuntimeOptions options;
  options.limits = bad;
  CHECK_FALSE(Runtime::Make(std::move(options)).ok());
}

TEST_CASE("logs are captured with level prefixes") {
  Result r = Run("console.log('a', 1); console.warn('w'); console.error('e'); return 0");
  REQUIRE(r.ok);
  REQUIRE(r.logs.size() == 3);
  CHECK(r.logs[0] == "a 1");
  CHECK(r.logs[1] == "[warn] w");
  CHECK(r.logs[2] == "[error] e");
}

namespace {
struct ThreadRun {
  std::string source;
  Result result;
};
void* RunOnSmallStack(void* arg) {
  auto* tr = static_cast<ThreadRun*>(arg);
  tr->result = MakeRuntime()->Execute(tr->source);
  return nullptr;
}
}  // namespace

TEST_CASE("invariant 1: deep program recursion and recursive sort comparators do not use the C++ stack") {
  // 256 KiB of C++ stack: a recursive interpreter would overflow long before 9,000 JS frames.
  ThreadRun tr;
  tr.source = R"(
    function f(n) { return n === 0 ? 0 : 1 + f(n - 1); }
    const deep = f(9000);
    function depth(n) { return n === 0 ? 0 : 1 + depth(n - 1); }
    const arr = Array.from({ length: 64 }, (_, i) => (i * 37) % 64);
    arr.sort((a, b) => (depth(500) + a) - (depth(500) + b));
    let overflow = null;
    function g(n) { return g(n + 1) + 1; }
    try { g(0); } catch (e) { overflow = [e instanceof RangeError, e.message]; }
    // The boundary: 10,000 nested calls work, the 10,001st throws (DESIGN §3.5 call depth).
    const boundary = [];
    for (const d of [10000, 10001]) {
      try { boundary.push(f(d - 1) + 1); } catch (e) { boundary.push(e.name); }  // d frames of f
    }
    return { deep, first: arr.slice(0, 3), overflow, boundary };
  )";
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 256 * 1024);
  pthread_t thread;
  REQUIRE(pthread_create(&thread, &attr, RunOnSmallStack, &tr) == 0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
  REQUIRE(tr.result.ok);
  CHECK(tr.result.value_json ==
        R"({"deep":9000,"first":[0,1,2],"overflow":[true,"Maximum call stack size exceeded"],)"
        R"("boundary":[10000,"RangeError"]})");
}

TEST_CASE("invariant 3: a run that changes built-ins does not affect the next run") {
  auto rt = MakeRuntime();
  Result polluter = rt->Execute(R"(
    Array.prototype.first = function () { return this[0]; };
    Object.prototype.polluted = 1;
    ({}).__proto__.viaProto = 2;
    Math.max = () => 42;
    globalThis.leaked = true;
    return [[5].first(), ({}).polluted, Math.max(1, 2)];
  )");
  REQUIRE(polluter.ok);
  CHECK(polluter.value_json == "[5,1,42]");
  Result clean = rt->Execute(R"(
    return [typeof [].first, ({}).polluted, ({}).viaProto, Math.max(1, 2), typeof leaked];
  )");
  REQUIRE(clean.ok);
  CHECK(clean.value_json == R"(["undefined",null,null,2,"undefined"])");
}

TEST_CASE("no host access: eval, Function, timers, require are absent with clear errors") {
  CHECK(Run("eval('1')").error.message.find("not available in code mode") != std::string::npos);
  CHECK(Run("return constructor.constructor('return 1')()").error.kind == "ExecutionFailure");
  CHECK(Run("return Function('return 1')()").error.kind == "ExecutionFailure");
  CHECK(Run("setTimeout(() => 1, 10)").error.message.find("timers") != std::string::npos);
  CHECK(Run("require('fs')").error.message.find("require is not defined") != std::string::npos);
  CHECK(Run("return typeof process").value_json == "\"undefined\"");
}

TEST_CASE("in-process tools: arguments follow JSON.stringify, results arrive asynchronously") {
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
  auto rt = MakeRuntime({}, std::move(root));
  Result r = rt->Execute(R"(
    const order = [];
    const p = tools.t.echo({ a: undefined, b: [undefined, NaN], c: 'x' });
    Promise.resolve().then(() => order.push('microtask'));
    const v = await p;
    order.push('tool');
    const none = await tools.t.echo();
    let failed = null;
    try { await tools.t.fail({}); } catch (e) { failed = e.message; }
    return { v, order, none, failed };
  )");
  REQUIRE(r.ok);
  CHECK(r.value_json ==
        R"({"v":{"b":[null,null],"c":"x"},"order":["microtask","tool"],"none":{},"failed":"no such thing"})");
  CHECK(r.tool_calls == std::vector<std::string>{"t.echo", "t.echo", "t.fail"});
  Result uncaught = rt->Execute("await tools.t.fail({})");
  CHECK(uncaught.error.kind == "ToolFailure");
  Result unknown = rt->Execute("await tools.t.nope({})");
  CHECK(unknown.error.kind == "ExecutionFailure");  // calling undefined: TypeError
  Result two = rt->Execute("await tools.t.echo(1, 2)");
  CHECK(two.error.kind == "InvalidToolInput");
}

TEST_CASE("tool outputs with lone surrogate escapes: JavaScript reads them and Lua refuses them clearly") {
  auto tools = [] {
    codemode::tools::Namespace root;
    codemode::tools::Namespace ns;
    ns.tools.emplace_back("echo", codemode::tools::Tool::FromFunction(
                                      [](std::string_view in) -> absl::StatusOr<std::string> {
                                        return std::string(in);
                                      }));
    ns.tools.emplace_back("lone", codemode::tools::Tool::FromFunction(
                                      [](std::string_view) -> absl::StatusOr<std::string> {
                                        return std::string(R"({"s":"\ud800x"})");
                                      }));
    root.namespaces.emplace_back("t", std::move(ns));
    return root;
  };
  // The input goes out as JSON.stringify writes it ("\ud800") and comes back as JSON.parse reads it.
  Result js = MakeRuntime({}, tools())->Execute(R"(
    const r = await tools.t.echo({ s: '\ud800x', t: 'a\udc00', pair: '\ud83d\ude00' });
    return [r.s.length, r.s.charCodeAt(0), r.t.charCodeAt(1), r.pair];
  )");
  REQUIRE(js.ok);
  CHECK(js.value_json == R"([2,55296,56320,"😀"])");
  RuntimeOptions options;
  options.language = codemode::Language::kLua;
  auto tree = codemode::tools::ToolTree::Make(tools());
  REQUIRE(tree.ok());
  options.tools = std::move(*tree);
  auto lua = Runtime::Make(std::move(options));
  REQUIRE(lua.ok());
  Result refused = (*lua)->Execute(R"(
    local ok, err = pcall(tools.t.lone, {})
    return { ok = ok, err = err }
  )");
  REQUIRE(refused.ok);
  CHECK(refused.value_json ==
        R"({"err":"Invalid tool output: a string holds a \\u escape of a lone surrogate, which a Lua )"
        R"(string (UTF-8) cannot hold","ok":false})");
}

TEST_CASE("tool outputs with numbers simdjson refuses are read as JSON.parse reads them") {
  codemode::tools::Namespace root;
  codemode::tools::Namespace ns;
  ns.tools.emplace_back("big", codemode::tools::Tool::FromFunction(
                                   [](std::string_view) -> absl::StatusOr<std::string> {
                                     return std::string(
                                         R"({"big":123456789012345678901234567890,)"
                                         R"("neg":-98765432109876543210987654321,"small":1e-400,)"
                                         R"("huge":1e400,"minus":-2e999})");
                                   }));
  root.namespaces.emplace_back("t", std::move(ns));
  Result r = MakeRuntime({}, std::move(root))->Execute(R"(
    const r = await tools.t.big({});
    return [r.big === 1.2345678901234568e+29, r.neg === -9.876543210987655e+28, Object.is(r.small, 0),
            r.huge === Infinity, r.minus === -Infinity];
  )");
  REQUIRE(r.ok);
  CHECK(r.value_json == "[true,true,true,true,true]");
}

TEST_CASE("tool arguments: BigInt and wrapper objects follow JSON.stringify") {
  codemode::tools::Namespace root;
  codemode::tools::Namespace ns;
  ns.tools.emplace_back("echo", codemode::tools::Tool::FromFunction(
                                    [](std::string_view in) -> absl::StatusOr<std::string> {
                                      return std::string(in);
                                    }));
  root.namespaces.emplace_back("t", std::move(ns));
  auto rt = MakeRuntime({}, std::move(root));
  // A BigInt or BigInt wrapper rejects the call with JSON.stringify's TypeError and sends nothing;
  // String/Number/Boolean wrappers send their primitive, a Symbol wrapper an empty object.
  Result r = rt->Execute(R"(
    const out = {};
    let p;
    try { p = tools.t.echo({ n: 1n }); } catch (e) { out.sync = true; }
    try { await p; } catch (e) { out.big = [e instanceof TypeError, e.message]; }
    try { await tools.t.echo({ n: [Object(1n)] }); } catch (e) { out.wrapped = [e instanceof TypeError, e.message]; }
    out.wrappers = await tools.t.echo({ s: Object('s'), n: Object(3), b: Object(true), y: Object(Symbol('q')) });
    return out;
  )");
  REQUIRE(r.ok);
  CHECK(r.value_json ==
        R"({"big":[true,"Do not know how to serialize a BigInt"],)"
        R"("wrapped":[true,"Do not know how to serialize a BigInt"],)"
        R"("wrappers":{"s":"s","n":3,"b":true,"y":{}}})");
  CHECK(r.tool_calls == std::vector<std::string>{"t.echo"});
  Result uncaught = rt->Execute("await tools.t.echo({ n: Object(2n) })");
  CHECK(uncaught.error.kind == "ExecutionFailure");
  CHECK(uncaught.error.message.find("TypeError: Do not know how to serialize a BigInt") != std::string::npos);
}

TEST_CASE("wrapper objects in the Result: a String wrapper is its string and the others are InvalidDataValue") {
  CHECK(Run("return {s: Object('x')}").value_json == R"({"s":"x"})");
  for (const char* src : {"return {a: {w: Object(1n)}}", "return {a: {w: Object(Symbol('q'))}}",
                          "return {a: {w: Object(3)}}", "return {a: {w: Object(false)}}"}) {
    Result r = Run(src);
    CHECK(r.error.kind == "InvalidDataValue");
    CHECK(r.error.message.find("value.a.w") != std::string::npos);
  }
}

TEST_CASE("match/matchAll/search with a string pattern go through RegExpCreate") {
  Result r = Run("return ['abc'.match('b')[0], [...'abcb'.matchAll('b')].length, 'abc'.search('c')]");
  REQUIRE(r.ok);
  CHECK(r.value_json == R"(["b",2,2])");
}
