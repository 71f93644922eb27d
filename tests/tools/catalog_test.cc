// Tool tree: dotted names, lookup, listing, UnknownTool hints; in-process tools and cancellation.
#include "tools/catalog.h"

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "tests/tools/call_util.h"

namespace codemode::tools {
namespace {

using testing::CallAndWait;
using testing::Request;
using testing::Waiter;

Tool Echo(std::string description = "") {
  return Tool::FromFunction([](std::string_view input) { return std::string(input); },
                            std::move(description));
}

std::vector<std::string> Dotted(const ToolTree& tree) {
  std::vector<std::string> out;
  for (const ToolEntry& e : tree.List()) out.push_back(e.dotted);
  return out;
}

Namespace Sample() {
  Namespace root;
  Namespace orders;
  orders.description = "Customer orders";
  orders.tools.emplace_back("lookup", Echo("Fetch one order"));
  orders.tools.emplace_back("list", Echo());
  orders.tools.emplace_back("refund", Echo());
  root.namespaces.emplace_back("orders", std::move(orders));
  root.tools.emplace_back("billing.invoices.list", Echo());
  root.tools.emplace_back("get-user", Echo());  // not a JS identifier: kept as is
  Namespace billing;
  billing.description = "Billing";
  billing.tools.emplace_back("convert", Echo());
  root.namespaces.emplace_back("billing", std::move(billing));
  return root;
}

}  // namespace

TEST_CASE("dotted names create nested paths and merge with declared namespaces", "[catalog]") {
  auto tree = ToolTree::Make(Sample());
  REQUIRE(tree.ok());
  CHECK(Dotted(*tree) == std::vector<std::string>{"get-user", "orders.lookup", "orders.list",
                                                  "orders.refund", "billing.convert",
                                                  "billing.invoices.list"});
  const Namespace* billing = tree->FindNamespace(std::vector<std::string>{"billing"});
  REQUIRE(billing != nullptr);
  CHECK(billing->description == "Billing");  // the declared description wins over the implicit
  CHECK(billing->FindNamespace("invoices") != nullptr);
  CHECK(tree->Find("billing.invoices.list") != nullptr);
  CHECK(tree->Find(std::vector<std::string>{"billing", "invoices", "list"}) ==
        tree->Find("billing.invoices.list"));
  CHECK(tree->Find("get-user") != nullptr);
  CHECK(tree->Find("orders.lookup")->description == "Fetch one order");
  CHECK(tree->Find("orders") == nullptr);
  CHECK(tree->Find("") == nullptr);
  CHECK(tree->Find(std::vector<std::string>{}) == nullptr);
  CHECK(&tree->root() == tree->FindNamespace(std::vector<std::string>{}));
  const ToolEntry& last = tree->List().back();
  CHECK(last.path == std::vector<std::string>{"billing", "invoices", "list"});
  CHECK(tree->size() == 6);

  // Copies share the tree; pointers stay valid.
  ToolTree copy = *tree;
  CHECK(copy.Find("orders.list") == tree->Find("orders.list"));
  CHECK(ToolTree().List().empty());
}

TEST_CASE("tree errors", "[catalog]") {
  auto make = [](auto fill) {
    Namespace root;
    fill(root);
    return ToolTree::Make(std::move(root)).status();
  };
  absl::Status s = make([](Namespace& r) {
    r.tools.emplace_back("a.b", Echo());
    r.tools.emplace_back("a.b", Echo());
  });
  CHECK(s.message() == "tool tree: tool 'a.b' is declared twice");
  s = make([](Namespace& r) {
    r.tools.emplace_back("a", Echo());
    r.tools.emplace_back("a.b", Echo());
  });
  CHECK(s.message() == "tool tree: 'a' is both a tool and a namespace");
  s = make([](Namespace& r) {
    r.tools.emplace_back("x", Echo());
    r.namespaces.emplace_back("x", Namespace{});
  });
  CHECK(s.message() == "tool tree: 'x' is both a tool and a namespace");
  s = make([](Namespace& r) { r.tools.emplace_back("a..b", Echo()); });
  CHECK(s.message() ==
        "tool tree: name 'a..b' in the root namespace has an empty segment (dotted names are "
        "paths)");
  s = make([](Namespace& r) {
    Namespace ns;
    ns.tools.emplace_back("", Echo());
    r.namespaces.emplace_back("n", std::move(ns));
  });
  CHECK(s.message() == "tool tree: name '' in namespace 'n' is empty");
  s = make([](Namespace& r) {
    Namespace one, two;
    one.description = "one";
    two.description = "two";
    r.namespaces.emplace_back("n", one);
    r.namespaces.emplace_back("n", two);
  });
  CHECK(s.message() == "tool tree: namespace 'n' is declared twice with different descriptions");
  CHECK(s.code() == absl::StatusCode::kInvalidArgument);
}

TEST_CASE("lookup errors name the closest tools and point at search", "[catalog]") {
  auto tree = ToolTree::Make(Sample());
  REQUIRE(tree.ok());
  LookupError error;
  auto missing = tree->Lookup(std::vector<std::string>{"orders", "lokup"}, &error);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.status().code() == absl::StatusCode::kNotFound);
  CHECK(error.message ==
        "unknown tool 'orders.lokup'; did you mean orders.lookup?; use search to find tools");
  CHECK(error.suggestions == std::vector<std::string>{"orders.lookup"});
  CHECK(missing.status().message() == error.message);

  // The right name in the wrong (or no) namespace.
  tree->Lookup(std::vector<std::string>{"refund"}, &error).IgnoreError();
  CHECK(error.suggestions == std::vector<std::string>{"orders.refund"});
  tree->Lookup(std::vector<std::string>{"billing", "list"}, &error).IgnoreError();
  CHECK(error.suggestions == std::vector<std::string>{"orders.list", "billing.invoices.list"});

  // Nothing close: only the hint.
  tree->Lookup(std::vector<std::string>{"weather", "forecast"}, &error).IgnoreError();
  CHECK(error.suggestions.empty());
  CHECK(error.message == "unknown tool 'weather.forecast'; use search to find tools");

  // A namespace is not a tool.
  tree->Lookup(std::vector<std::string>{"billing"}, &error).IgnoreError();
  CHECK(error.message ==
        "'billing' is a namespace, not a tool (it contains convert, invoices.*); use search to "
        "find tools");
  CHECK(error.suggestions == std::vector<std::string>{"billing.convert"});

  auto found = tree->Lookup(std::vector<std::string>{"get-user"});
  REQUIRE(found.ok());
  CHECK(*found == tree->Find("get-user"));

  // Hostile names are bounded.
  std::string huge(100000, 'x');
  tree->Lookup(std::vector<std::string>{huge}, &error).IgnoreError();
  CHECK(error.message.size() < 400);
}

TEST_CASE("edit distance", "[catalog]") {
  CHECK(EditDistance("", "") == 0);
  CHECK(EditDistance("abc", "") == 3);
  CHECK(EditDistance("kitten", "sitting") == 3);
  CHECK(EditDistance("Lookup", "lookup") == 0);
  CHECK(EditDistance("lokup", "lookup") == 1);
}

TEST_CASE("FromFunction completes asynchronously on another thread", "[tool]") {
  Tool tool = Tool::FromFunction([](std::string_view input) -> absl::StatusOr<std::string> {
    if (input == "{\"fail\":true}") return absl::UnavailableError("backend down");
    if (input == "{\"bad\":true}") return std::string("{oops");
    return std::string("{\"echo\":") + std::string(input) + "}";
  });
  Waiter waiter;
  CallHandle handle = StartCall(tool, Request("{\"x\":1}"), waiter.MakeCompletion());
  auto outcome = waiter.Wait();
  REQUIRE(outcome.has_value());
  REQUIRE(outcome->ok());
  CHECK(**outcome == "{\"echo\":{\"x\":1}}");
  CHECK(waiter.thread() != std::this_thread::get_id());
  CHECK(waiter.calls() == 1);

  CallOutcome failed = CallAndWait(tool, "{\"fail\":true}");
  CHECK(failed.status().code() == absl::StatusCode::kUnavailable);
  CHECK(failed.status().message() == "backend down");

  CallOutcome bad = CallAndWait(tool, "{\"bad\":true}");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.status().message() ==
        "tool returned invalid JSON: invalid JSON at line 1, column 2 (byte 1): unexpected "
        "character 'o', expected a string key");
}

TEST_CASE("FromFunction: cancel completes once with kCancelled", "[tool]") {
  std::atomic<bool> release{false};
  std::atomic<int> finished{0};
  Tool slow = Tool::FromFunction([&](std::string_view) -> absl::StatusOr<std::string> {
    while (!release.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    finished.fetch_add(1);
    return std::string("1");
  });
  Waiter waiter;
  CallHandle handle = StartCall(slow, Request("{}"), waiter.MakeCompletion());
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  CHECK(waiter.calls() == 0);
  handle.Cancel();
  CHECK(handle.cancel_requested());
  auto outcome = waiter.Wait(std::chrono::seconds(5));
  REQUIRE(outcome.has_value());
  CHECK(outcome->status().code() == absl::StatusCode::kCancelled);
  release = true;
  while (finished.load() == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  CHECK(waiter.calls() == 1);  // the late result is discarded

  // Stop requested before the call starts.
  Waiter early;
  CallRequest request = Request("{}");
  std::stop_source source;
  source.request_stop();
  request.stop = source.get_token();
  slow.execute(std::move(request), early.MakeCompletion());
  auto cancelled = early.Wait(std::chrono::seconds(5));
  REQUIRE(cancelled.has_value());
  CHECK(cancelled->status().code() == absl::StatusCode::kCancelled);
}

TEST_CASE("a tool without an implementation fails cleanly", "[tool]") {
  Tool empty;
  CallOutcome outcome = CallAndWait(empty, "{}");
  CHECK(outcome.status().code() == absl::StatusCode::kFailedPrecondition);
  CHECK(empty.input_schema == json::Value::FromObject({}));
}

}  // namespace codemode::tools
