// Lua runs end to end through the Runtime (issue 4): values and subtypes, errors, protected calls,
// metatables, the Result rules for tables, tool calls that look synchronous, coroutines (one
// suspended and resumed in a new runtime while it waits on a tool call) and to-be-closed variables.
#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <variant>
#include <vector>

#include "runtime/runtime.h"
#include "tools/catalog.h"
#include "tools/tool.h"

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

TEST_CASE("lua: coroutines", "[lua][coroutine]") {
  CHECK(Value(R"(
    local gen = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i * 10) end end)
    local out = {}
    for v in gen do out[#out + 1] = v end
    return out)") == "[10,20,30]");
  CHECK(Value(R"(
    local co = coroutine.create(function(a) local b = coroutine.yield(a + 1) return b * 2 end)
    local s0 = coroutine.status(co)
    local _, x = coroutine.resume(co, 1)
    local s1 = coroutine.status(co)
    local _, y = coroutine.resume(co, 5)
    return {s0, x, s1, y, coroutine.status(co), coroutine.resume(co)})") ==
        R"(["suspended",2,"suspended",10,"dead",false,"cannot resume dead coroutine"])");
  CHECK(Value("return {coroutine.resume(coroutine.create(function() error('e') end))}") ==
        R"([false,"input:1: e"])");
  CHECK(Value("return {pcall(coroutine.wrap(function() table.sort({2, 1}, function(a, b) "
              "coroutine.yield() return a < b end) end))}") ==
        R"([false,"attempt to yield across a C-call boundary"])");
  CHECK(Value("return {pcall(coroutine.yield)}") ==
        R"([false,"attempt to yield from outside a coroutine"])");
  // A coroutine is not data.
  CHECK(Lua("return {co = coroutine.create(print)}").error.kind == "InvalidDataValue");
}

TEST_CASE("lua: to-be-closed variables", "[lua][close]") {
  CHECK(Value(R"(
    local log = {}
    local function mk(n)
      return setmetatable({}, {__close = function(_, e) log[#log + 1] = n .. ":" .. tostring(e) end})
    end
    do local a <close> = mk("a") local b <close> = mk("b") end
    for i = 1, 2 do local c <close> = mk("loop" .. i) if i == 1 then goto next end ::next:: end
    local function f() local r <close> = mk("ret") return "v" end
    local v = f()
    log[#log + 1] = v
    pcall(function() local e <close> = mk("err") error("boom", 0) end)
    return log)") ==
        R"(["b:nil","a:nil","loop1:nil","loop2:nil","ret:nil","v","err:boom"])");
  Result bad = Lua("local x <close> = 42");
  CHECK(bad.error.kind == "ExecutionFailure");
  CHECK(bad.error.message == "input:1: variable 'x' got a non-closable value");
}

TEST_CASE("lua: a coroutine waiting on a tool call is suspended and resumed in a new runtime",
          "[lua][coroutine]") {
  // `job` answers only when the test lets it: the run is suspended while the coroutine waits on it.
  struct Gate {
    std::mutex mu;
    std::condition_variable cv;
    bool started = false;
    bool release = false;
  };
  auto make = [](std::shared_ptr<Gate> gate) {
    codemode::tools::Namespace root;
    codemode::tools::Namespace ns;
    ns.tools.emplace_back("echo", codemode::tools::Tool::FromFunction(
                                      [](std::string_view in) -> absl::StatusOr<std::string> {
                                        return std::string(in);
                                      }));
    codemode::tools::Tool job = codemode::tools::Tool::Idempotent(
        [gate](codemode::tools::CallRequest req, codemode::tools::Completion done) {
          std::thread([gate, req = std::move(req), done = std::move(done)]() mutable {
            std::unique_lock<std::mutex> l(gate->mu);
            gate->started = true;
            gate->cv.notify_all();
            while (!gate->release && !req.stop.stop_requested())
              gate->cv.wait_for(l, std::chrono::milliseconds(5));
            bool released = gate->release;
            l.unlock();
            if (released) {
              done("{\"job\":\"" + req.key + "\",\"input\":" + req.input_json + "}");
            } else {
              done(absl::CancelledError("stopped"));
            }
          }).detach();
        });
    ns.tools.emplace_back("job", job);
    root.namespaces.emplace_back("t", std::move(ns));
    return MakeLua(std::move(root));
  };
  const char* source = R"(
    local log = {}
    local gen = coroutine.wrap(function(start)
      local guard <close> = setmetatable({}, {__close = function() log[#log + 1] = "closed" end})
      local a = tools.t.echo({ step = start })
      local more = coroutine.yield(a.step)
      local ok, r = pcall(function() return tools.t.job({ n = more }) end)
      coroutine.yield(ok and r.input.n, r.job)
      return "end"
    end)
    local first = gen(1)
    local n, key = gen(41 + first)
    local last = gen()
    return { first = first, n = n, key = key, last = last, log = log,
             status = coroutine.status(coroutine.running()) })";
  auto gate = std::make_shared<Gate>();
  auto rt = make(gate);
  auto p = rt->NewProgram(source, "", "run-co");
  codemode::Outcome out;
  std::thread runner([&] { out = p->Run(); });
  {
    std::unique_lock<std::mutex> l(gate->mu);
    REQUIRE(gate->cv.wait_for(l, std::chrono::seconds(10), [&] { return gate->started; }));
  }
  auto answer = p->Suspend();
  runner.join();
  REQUIRE(std::holds_alternative<codemode::Outcome>(answer));
  REQUIRE(out.is_suspended());
  CHECK(out.suspended->pending == std::vector<std::string>{"run-co:2"});

  auto gate2 = std::make_shared<Gate>();
  gate2->release = true;
  auto rt2 = make(gate2);
  codemode::Outcome done = rt2->Resume(out.suspended->state)->Run();
  REQUIRE_FALSE(done.is_suspended());
  INFO(done.result.ToJson(0));
  REQUIRE(done.result.ok);
  CHECK(done.result.value_json ==
        R"({"first":1,"key":"run-co:2","last":"end","log":["closed"],"n":42,"status":"running"})");
  CHECK(done.result.tool_calls == std::vector<std::string>{"t.echo", "t.job"});
}

TEST_CASE("lua: absent libraries", "[lua]") {
  CHECK(Lua("return load('x')").error.kind == "ExecutionFailure");  // absent, as in code mode
}
