// The in-program `search(...)` (DESIGN §1, §6; issue 4 item 4): JavaScript gets the result directly
// and can also await it or chain then/catch/finally; Lua gets a table. Search is a host call: it
// counts toward maxToolCalls, is listed in toolCalls as "search" and passes the hooks. What it
// finds comes from tools/search.h (ranking and signatures are tested in tests/tools/).
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "runtime/runtime.h"
#include "tools/catalog.h"
#include "tools/json.h"
#include "tools/tool.h"

namespace {

using codemode::Language;
using codemode::Result;
using codemode::Runtime;
using codemode::RuntimeOptions;
namespace tools = codemode::tools;
namespace json = codemode::json;

tools::Tool Echo(std::string description, std::string_view input_schema = "{}") {
  tools::Tool t;
  t.description = std::move(description);
  auto schema = json::Parse(input_schema);
  REQUIRE(schema.ok());
  t.input_schema = *schema;
  t.execute = [](tools::CallRequest req, tools::Completion done) { done(req.input_json); };
  return t;
}

// orders (namespace "Order management"): lookup, lookup-by-id, list; billing: invoices.create;
// ping.
tools::Namespace Tree() {
  tools::Namespace root;
  tools::Namespace orders;
  orders.description = "Order management";
  orders.tools.emplace_back(
      "lookup",
      Echo("Find one order",
           R"({"type":"object","properties":{"id":{"type":"string"}},"required":["id"]})"));
  orders.tools.emplace_back("lookup-by-id", Echo("Find an order by its numeric id"));
  orders.tools.emplace_back("list", Echo("List recent orders"));
  root.namespaces.emplace_back("orders", orders);
  tools::Namespace billing;
  billing.tools.emplace_back("invoices.create", Echo("Create an invoice for a customer"));
  root.namespaces.emplace_back("billing", billing);
  root.tools.emplace_back("ping", Echo("Health check"));
  return root;
}

std::unique_ptr<Runtime> Make(Language language, int64_t max_tool_calls = 1000,
                              codemode::Hooks hooks = {}) {
  RuntimeOptions options;
  options.language = language;
  auto tree = tools::ToolTree::Make(Tree());
  REQUIRE(tree.ok());
  options.tools = std::move(*tree);
  options.limits.max_tool_calls = max_tool_calls;
  options.hooks = std::move(hooks);
  auto rt = Runtime::Make(std::move(options));
  REQUIRE(rt.ok());
  return std::move(*rt);
}

std::string Ok(Runtime& rt, std::string_view source) {
  Result r = rt.Execute(source);
  INFO(source << " -> " << r.error.kind << ": " << r.error.message);
  REQUIRE(r.ok);
  return r.value_json;
}

}  // namespace

TEST_CASE("search: JavaScript gets the result directly, awaited or chained", "[search]") {
  auto rt = Make(Language::kJavaScript);
  // Directly: plain data with items/total/nextOffset (own keys; then/catch/finally are inherited).
  CHECK(
      Ok(*rt, "const r = search('invoice'); return [Object.keys(r), r.total, r.items[0].dotted]") ==
      R"([["items","total","nextOffset"],1,"billing.invoices.create"])");
  CHECK(Ok(*rt, "return search({ query: 'invoice' }).items[0].path") ==
        R"("tools.billing.invoices.create")");
  // A name that is not an identifier comes back in bracket form, and the path calls the tool.
  CHECK(Ok(*rt, "return search({ path: 'orders.lookup-by-id' }).items.map(i => i.path)") ==
        R"(["tools.orders[\"lookup-by-id\"]"])");
  CHECK(Ok(*rt, "return await tools.orders['lookup-by-id']({ id: 7 })") == R"({"id":7})");
  // Awaited and chained.
  CHECK(Ok(*rt, "const r = await search('invoice'); return [r.total, typeof r.then]") ==
        R"([1,"undefined"])");
  CHECK(Ok(*rt, "return await search('invoice').then(r => r.items.length)") == "1");
  CHECK(
      Ok(*rt, "let seen = 0; await search('invoice').finally(() => { seen = 1; }); return seen") ==
      "1");
  CHECK(Ok(*rt, "return await search('invoice').catch(() => 'no')") ==
        Ok(*rt, "return JSON.parse(JSON.stringify(search('invoice')))"));
  // The result itself is the Result value as plain data.
  CHECK(Ok(*rt, "return search({ path: 'ping' })") ==
        Ok(*rt, "return JSON.parse(JSON.stringify(search({ path: 'ping' })))"));
  // Browsing: an empty query lists every tool in catalog order; pagination.
  CHECK(
      Ok(*rt, "const r = search(); return [r.total, r.items.map(i => i.dotted)]") ==
      R"([5,["ping","orders.lookup","orders.lookup-by-id","orders.list","billing.invoices.create"]])");
  CHECK(
      Ok(*rt, "const r = search({ limit: 2, offset: 2 }); return [r.items.length, r.nextOffset]") ==
      "[2,4]");
  CHECK(Ok(*rt, "return search({ limit: 2, offset: 4 }).nextOffset") == "null");
  // Namespace descriptions match their tools; a namespace path scopes the search.
  CHECK(Ok(*rt, "return search('management').items.map(i => i.dotted)") ==
        R"(["orders.lookup","orders.lookup-by-id","orders.list"])");
  CHECK(Ok(*rt, "return search({ query: 'order', path: 'billing' }).total") == "0");
  // Signatures are TypeScript in JavaScript runs.
  CHECK(Ok(*rt,
           "return search({ path: 'orders.lookup' }).items[0].signature.includes('id: string')") ==
        "true");
}

TEST_CASE("search: bad arguments are catchable InvalidToolInput errors", "[search]") {
  auto rt = Make(Language::kJavaScript);
  CHECK(Ok(*rt,
           "try { search({ limit: 0 }); return 'no' } catch (e) { return e instanceof Error }") ==
        "true");
  Result r = rt->Execute("search({ path: 'nowhere.at.all' })");
  CHECK_FALSE(r.ok);
  CHECK(r.error.kind == "InvalidToolInput");
  CHECK(r.error.message.find("search: ") != std::string::npos);
  CHECK(r.error.message.find("search: search:") == std::string::npos);
  // Bounded work: a huge query is refused at once.
  Result huge = rt->Execute("search('x '.repeat(100000))");
  CHECK(huge.error.kind == "InvalidToolInput");
  CHECK(huge.error.message.find("at most 1024") != std::string::npos);
  Result bad = rt->Execute("search({ query: 'x', colour: 'red' })");
  CHECK(bad.error.kind == "InvalidToolInput");
  CHECK(bad.error.message.find("colour") != std::string::npos);
  Result two = rt->Execute("search('a', 'b')");
  CHECK(two.error.kind == "InvalidToolInput");
  for (const char* bad : {"search(() => 1)", "search(Symbol('q'))", "search(42)"}) {
    Result r2 = rt->Execute(bad);
    INFO(bad);
    CHECK(r2.error.kind == "InvalidToolInput");
  }
  Result big = rt->Execute("search({ query: 1n })");
  CHECK(big.error.kind == "InvalidToolInput");
}

TEST_CASE("search: a host call that counts toward maxToolCalls and passes the hooks", "[search]") {
  std::vector<std::string> seen;
  codemode::Hooks hooks;
  hooks.before = [&seen](const codemode::HostCallInfo& info) {
    seen.push_back("before " + info.path + " " + info.input_json);
    if (info.input_json.find("secret") != std::string::npos)
      return absl::PermissionDeniedError("no secrets");
    return absl::OkStatus();
  };
  hooks.after = [&seen](const codemode::HostCallInfo& info, const codemode::CallEnding& e) {
    seen.push_back("after " + info.path +
                   (e.kind == codemode::CallEnding::Kind::kSuccess ? " ok" : " failed"));
  };
  auto rt = Make(Language::kJavaScript, 2, hooks);
  Result r = rt->Execute("search('a'); await tools.ping({}); search('b'); return 1");
  CHECK_FALSE(r.ok);
  CHECK(r.error.kind == "ToolCallLimitExceeded");
  CHECK(r.tool_calls == std::vector<std::string>{"search", "ping"});
  seen.clear();
  Result denied = rt->Execute("try { search('secret') } catch (e) { return e.message }");
  REQUIRE(denied.ok);
  CHECK(denied.value_json == R"("no secrets")");
  CHECK(seen == std::vector<std::string>{"before search \"secret\""});
  seen.clear();
  CHECK(Ok(*rt, "return search('ping').total") == "1");
  CHECK(seen == std::vector<std::string>{"before search \"ping\"", "after search ok"});
}

TEST_CASE("search: Lua gets a table directly, with Lua signatures", "[search][lua]") {
  auto rt = Make(Language::kLua);
  CHECK(Ok(*rt, "local r = search({ query = 'invoice' }) return { r.total, r.items[1].dotted }") ==
        R"([1,"billing.invoices.create"])");
  CHECK(Ok(*rt, "return search('invoice').items[1].path") == R"("tools.billing.invoices.create")");
  CHECK(Ok(*rt, "return search({ path = 'orders.lookup-by-id' }).items[1].path") ==
        R"("tools.orders[\"lookup-by-id\"]")");
  CHECK(Ok(*rt, "return #search().items") == "5");
  CHECK(Ok(*rt, "return search({ limit = 2 }).nextOffset") == "2");
  CHECK(Ok(*rt, "return search({ limit = 5 }).nextOffset == nil") == "true");
  // The usual paging loop ends.
  CHECK(Ok(*rt,
           "local seen, offset = {}, 0 "
           "while offset do local r = search({ limit = 2, offset = offset }) "
           "for _, it in ipairs(r.items) do seen[#seen + 1] = it.dotted end "
           "offset = r.nextOffset end return #seen") == "5");
  // pcall recovers from a refused search and sees the message.
  CHECK(Ok(*rt, "local ok, e = pcall(search, { limit = 0 }) return { ok, type(e) }") ==
        R"([false,"string"])");
  CHECK(Ok(*rt,
           "local ok, e = pcall(search, 42) return e:find(\"bad argument #1 to 'search' "
           "(table or string expected, got number)\", 1, true) ~= nil") == "true");
  // The signature is the Lua form (not TypeScript's `Promise<…>`).
  CHECK(Ok(*rt,
           "return search({ path = 'orders.lookup' }).items[1].signature:find('Promise', 1, true) "
           "== nil") == "true");
  auto limited = Make(Language::kLua, 1);
  Result r = limited->Execute("search('a') search('b') return 1");
  CHECK(r.error.kind == "ToolCallLimitExceeded");
}

TEST_CASE("search: calling a tool the catalog lacks names the closest tools", "[search]") {
  auto rt = Make(Language::kJavaScript);
  Result typo = rt->Execute("return await tools.orders.lokup({ id: 1 })");
  CHECK_FALSE(typo.ok);
  // ExecutionFailure as in Node.js (acceptance corpus js/core 150), with the catalog's hint.
  CHECK(typo.error.kind == "ExecutionFailure");
  CHECK(typo.error.message.find("TypeError: tools.orders.lokup is not a function") == 0);
  CHECK(typo.error.message.find("did you mean orders.lookup?") != std::string::npos);
  CHECK(typo.error.suggestions == std::vector<std::string>{"orders.lookup"});
  // A dotted string used as one key names a real tool: the message says how to call it.
  Result dotted = rt->Execute("return await tools['orders.lookup']({ id: 1 })");
  CHECK(dotted.error.kind == "ExecutionFailure");
  CHECK(dotted.error.message.find("call it as tools.orders.lookup(") != std::string::npos);
  // What the program catches stays Node.js's TypeError; other calls of non-functions are untouched.
  CHECK(Ok(*rt, "try { await tools.orders.lokup({}) } catch (e) { return [e.name, e.message] }") ==
        R"(["TypeError","tools.orders.lokup is not a function"])");
  Result other = rt->Execute("const o = {}; return o.x()");
  CHECK(other.error.kind == "ExecutionFailure");
  CHECK(other.error.suggestions.empty());
}
