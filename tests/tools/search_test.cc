// Catalog and search over a tool tree (tools/search.h): ranking, namespace descriptions, path
// scoping, pagination, errors, request parsing and the JSON forms.
#include "tools/search.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

namespace codemode::tools {
namespace {

Tool Described(std::string description) {
  Tool tool;
  tool.description = std::move(description);
  return tool;
}

// get-user, orders.{lookup, lookup-by-email, list, delete}, billing.convert,
// billing.invoices.{get, list}, weather.current — in List() order.
ToolTree Sample() {
  Namespace root;
  root.description = "Acme back office";
  root.tools.emplace_back("get-user", Described("Fetch one user profile"));
  root.tools.emplace_back("weather.current", Described("Current conditions"));
  Namespace orders;
  orders.description = "Customer orders and shipments";
  orders.tools.emplace_back("lookup", Described("Fetch one order by id"));
  orders.tools.emplace_back("lookup-by-email",
                            Described("Find orders placed with an email address"));
  orders.tools.emplace_back("list", Described("Recent orders, newest first"));
  orders.tools.emplace_back("delete", Described("Remove an order"));
  root.namespaces.emplace_back("orders", std::move(orders));
  Namespace billing;
  billing.description = "Money matters";
  billing.tools.emplace_back("convert", Described("Convert an amount; lists supported currencies"));
  Namespace invoices;
  invoices.description = "Invoices issued to customers";
  invoices.tools.emplace_back("get", Described("Fetch one invoice"));
  invoices.tools.emplace_back("list", Described("Invoices of a period"));
  billing.namespaces.emplace_back("invoices", std::move(invoices));
  root.namespaces.emplace_back("billing", std::move(billing));
  auto tree = ToolTree::Make(std::move(root));
  REQUIRE(tree.ok());
  return *tree;
}

SearchResult Find(const ToolTree& tree, SearchRequest req,
                  SignatureLanguage lang = SignatureLanguage::kTypeScript) {
  auto r = Search(tree, req, lang);
  REQUIRE(r.ok());
  return *r;
}

std::vector<std::string> Dotted(const SearchResult& r) {
  std::vector<std::string> out;
  for (const CatalogEntry& e : r.items) out.push_back(e.dotted);
  return out;
}

using Names = std::vector<std::string>;

}  // namespace

TEST_CASE("catalog lists every tool with its expression and signature", "[search]") {
  ToolTree tree = Sample();
  std::vector<CatalogEntry> ts = Catalog(tree, SignatureLanguage::kTypeScript);
  REQUIRE(ts.size() == 9);
  CHECK(ts[0].path == "tools[\"get-user\"]");
  CHECK(ts[0].dotted == "get-user");
  CHECK(ts[0].description == "Fetch one user profile");
  CHECK(ts[0].signature == "tools[\"get-user\"](input?: unknown): Promise<unknown>");
  CHECK(ts[4].dotted == "orders.delete");
  CHECK(ts[4].path == "tools.orders[\"delete\"]");
  CHECK(ts[8].dotted == "weather.current");
  std::vector<CatalogEntry> lua = Catalog(tree, SignatureLanguage::kLua);
  CHECK(lua[4].path == "tools.orders.delete");
  CHECK(lua[4].signature == "tools.orders.delete(input?: any): any");
  CHECK(Catalog(ToolTree(), SignatureLanguage::kTypeScript).empty());
  CHECK(CatalogToJson({}) == "[]");
}

TEST_CASE("search ranks name over namespace name over description over namespace description",
          "[search]") {
  ToolTree tree = Sample();
  SearchResult r = Find(tree, {.query = "lookup"});
  CHECK(Dotted(r) == Names{"orders.lookup", "orders.lookup-by-email"});
  CHECK(r.total == 2);
  CHECK_FALSE(r.next_offset.has_value());
  // Case-insensitive.
  CHECK(Dotted(Find(tree, {.query = "LookUp"})) == Dotted(r));
  // Own name (8) before a description word starting with the query word (2).
  CHECK(Dotted(Find(tree, {.query = "list"})) ==
        Names{"orders.list", "billing.invoices.list", "billing.convert"});
  // A namespace name on the path (6) before a description (2).
  CHECK(Dotted(Find(tree, {.query = "invoice"})) ==
        Names{"billing.invoices.get", "billing.invoices.list"});
  CHECK(Dotted(Find(tree, {.query = "fetch"})) ==
        Names{"get-user", "orders.lookup", "billing.invoices.get"});
  // Descriptions of enclosing namespaces, nested ones and the root's too.
  CHECK(Dotted(Find(tree, {.query = "money"})) ==
        Names{"billing.convert", "billing.invoices.get", "billing.invoices.list"});
  // Word forms: "customers" is "customer" in "Customer orders…" and "…issued to customers".
  CHECK(Dotted(Find(tree, {.query = "customers"})) ==
        Names{"orders.lookup", "orders.lookup-by-email", "orders.list", "orders.delete",
              "billing.invoices.get", "billing.invoices.list"});
  CHECK(Find(tree, {.query = "acme"}).total == 9);
  // The score first, then more words matched, then List() order.
  CHECK(Dotted(Find(tree, {.query = "email, order!"})) ==
        Names{"orders.lookup-by-email", "orders.lookup", "orders.list", "orders.delete"});
  CHECK(Dotted(Find(tree, {.query = "orders.lookup"})) ==
        Names{"orders.lookup", "orders.lookup-by-email", "orders.list", "orders.delete"});
  SearchResult none = Find(tree, {.query = "zebra"});
  CHECK(none.items.empty());
  CHECK(none.total == 0);
  CHECK_FALSE(none.next_offset.has_value());
}

TEST_CASE("empty query browses in List order with pagination", "[search]") {
  ToolTree tree = Sample();
  SearchResult all = Find(tree, {});
  CHECK(all.total == 9);
  CHECK(all.items.size() == 9);
  CHECK(all.items[0].dotted == "get-user");
  CHECK_FALSE(all.next_offset.has_value());
  SearchResult first = Find(tree, {.limit = 4});
  CHECK(Dotted(first) ==
        Names{"get-user", "orders.lookup", "orders.lookup-by-email", "orders.list"});
  CHECK(first.next_offset == 4u);
  SearchResult second = Find(tree, {.limit = 4, .offset = 4});
  CHECK(Dotted(second) ==
        Names{"orders.delete", "billing.convert", "billing.invoices.get", "billing.invoices.list"});
  CHECK(second.next_offset == 8u);
  SearchResult last = Find(tree, {.limit = 4, .offset = 8});
  CHECK(Dotted(last) == Names{"weather.current"});
  CHECK_FALSE(last.next_offset.has_value());
  SearchResult past = Find(tree, {.limit = 4, .offset = 100});
  CHECK(past.items.empty());
  CHECK(past.total == 9);
  CHECK_FALSE(past.next_offset.has_value());
  SearchResult page = Find(tree, {.query = "order", .limit = 1, .offset = 1});
  CHECK(Dotted(page) == Names{"orders.lookup-by-email"});
  CHECK(page.total == 4);
  CHECK(page.next_offset == 2u);
}

TEST_CASE("path finds exactly one tool or scopes to a namespace", "[search]") {
  ToolTree tree = Sample();
  CHECK(Dotted(Find(tree, {.query = "zebra", .path = "orders.lookup"})) == Names{"orders.lookup"});
  CHECK(Dotted(Find(tree, {.path = "tools.orders.lookup"})) == Names{"orders.lookup"});
  CHECK(Dotted(Find(tree, {.path = "tools.orders[\"delete\"]"})) == Names{"orders.delete"});
  CHECK(Dotted(Find(tree, {.path = "tools['get-user']"})) == Names{"get-user"});
  CHECK(Dotted(Find(tree, {.path = "get-user"})) == Names{"get-user"});
  SearchResult one = Find(tree, {.path = "tools.billing[\"invoices\"].get"});
  CHECK(Dotted(one) == Names{"billing.invoices.get"});
  CHECK(one.total == 1);
  CHECK(Dotted(Find(tree, {.query = "list", .path = "billing"})) ==
        Names{"billing.invoices.list", "billing.convert"});
  CHECK(Dotted(Find(tree, {.path = "tools.billing.invoices"})) ==
        Names{"billing.invoices.get", "billing.invoices.list"});
  CHECK(Find(tree, {.path = "tools"}).total == 9);
  CHECK(Dotted(Find(tree, {.path = "weather"})) == Names{"weather.current"});
  // The items' paths are in the requested language.
  CHECK(Find(tree, {.path = "orders.delete"}, SignatureLanguage::kLua).items[0].path ==
        "tools.orders.delete");
}

TEST_CASE("search errors", "[search]") {
  ToolTree tree = Sample();
  auto r = Search(tree, {.path = "nope"}, SignatureLanguage::kTypeScript);
  CHECK(r.status().code() == absl::StatusCode::kInvalidArgument);
  CHECK(r.status().message() == "search: no tool or namespace at path 'nope'");
  r = Search(tree, {.path = "orders.lokup"}, SignatureLanguage::kTypeScript);
  CHECK(r.status().message() ==
        "search: no tool or namespace at path 'orders.lokup' (closest: orders.lookup)");
  r = Search(tree, {.path = "tools.orders[\"lookup"}, SignatureLanguage::kTypeScript);
  CHECK(r.status().code() == absl::StatusCode::kInvalidArgument);
  r = Search(tree, {.path = "orders..lookup"}, SignatureLanguage::kTypeScript);
  CHECK(r.status().code() == absl::StatusCode::kInvalidArgument);
  r = Search(tree, {.limit = 0}, SignatureLanguage::kTypeScript);
  CHECK(r.status().message() == "search: limit must be between 1 and 50, got 0");
  r = Search(tree, {.limit = 51}, SignatureLanguage::kTypeScript);
  CHECK(r.status().message() == "search: limit must be between 1 and 50, got 51");
  CHECK(Search(tree, {.limit = 50}, SignatureLanguage::kTypeScript).ok());
}

TEST_CASE("search requests from a program's argument", "[search]") {
  auto parse = [](std::string_view text) { return ParseSearchRequest(text); };
  auto message = [&](std::string_view text) {
    auto r = parse(text);
    REQUIRE_FALSE(r.ok());
    CHECK(r.status().code() == absl::StatusCode::kInvalidArgument);
    return std::string(r.status().message());
  };
  for (std::string_view browse : {"null", "{}", "\"\"", " { } "}) {
    auto r = parse(browse);
    REQUIRE(r.ok());
    CHECK(r->query.empty());
    CHECK(r->path.empty());
    CHECK(r->limit == 10);
    CHECK(r->offset == 0);
  }
  CHECK(parse("\"order lookup\"")->query == "order lookup");
  auto full = parse(R"({"query":"x","path":"tools.a.b","limit":5,"offset":10})");
  REQUIRE(full.ok());
  CHECK(full->query == "x");
  CHECK(full->path == "tools.a.b");
  CHECK(full->limit == 5);
  CHECK(full->offset == 10);
  CHECK(parse(R"({"limit":5.0,"query":null})")->limit == 5);
  CHECK(message(R"({"limit":2.5})") == "search: limit must be a non-negative integer, got 2.5");
  CHECK(message(R"({"offset":-1})") == "search: offset must be a non-negative integer, got -1");
  CHECK(message(R"({"offset":1e10})") ==
        "search: offset must be a non-negative integer, got 10000000000");
  CHECK(message(R"({"limit":"5"})") == "search: limit must be a non-negative integer, got string");
  CHECK(message(R"({"query":3})") == "search: query must be a string, got number");
  CHECK(message(R"({"path":["a"]})") == "search: path must be a string, got array");
  CHECK(message(R"({"q":"x","query":"y","max":3})") ==
        "search: unknown keys q, max (expected query, path, limit, offset)");
  CHECK(message(R"({"q":"x"})") == "search: unknown key q (expected query, path, limit, offset)");
  CHECK(message("[1]") ==
        "search: expected a query string or an object {query?, path?, limit?, offset?}, got "
        "array");
  CHECK(message("true") ==
        "search: expected a query string or an object {query?, path?, limit?, offset?}, got "
        "boolean");
  CHECK(message(R"({"limit":0})") == "search: limit must be between 1 and 50, got 0");
  CHECK(message(R"({"limit":51})") == "search: limit must be between 1 and 50, got 51");
  CHECK(message("{").starts_with("search: invalid JSON at line 1"));
}

TEST_CASE("search results and catalogs as JSON", "[search]") {
  CatalogEntry entry{"tools.a[\"b-c\"]", "a.b-c", "Does \"b\"",
                     "tools.a[\"b-c\"](input?: unknown): Promise<unknown>"};
  SearchResult r{{entry}, 3, 1};
  CHECK(SearchResultToJson(r) ==
        R"({"items":[{"path":"tools.a[\"b-c\"]","dotted":"a.b-c","description":"Does \"b\"",)"
        R"("signature":"tools.a[\"b-c\"](input?: unknown): Promise<unknown>"}],"total":3,)"
        R"("nextOffset":1})");
  CHECK(SearchResultToJson(SearchResult{}) == R"({"items":[],"total":0,"nextOffset":null})");
  CHECK(CatalogToJson({entry, entry}).starts_with(R"([{"path":"tools.a[\"b-c\"]",)"));
}

}  // namespace codemode::tools
