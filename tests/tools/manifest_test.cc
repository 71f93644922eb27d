// Manifest loading: valid shapes, every error path, command working directory, corpus fixture.
#include "tools/manifest.h"

#include <stdlib.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/tools/call_util.h"

namespace codemode::tools {
namespace {

using testing::CallAndWait;

// The acceptance corpus copied into the repository (tests/corpus/fixtures).
const std::string kFixtureDir = std::string(CODEMODE_SOURCE_DIR) + "/tests/corpus/fixtures";

std::vector<std::string> Dotted(const ToolTree& tree) {
  std::vector<std::string> out;
  for (const ToolEntry& e : tree.List()) out.push_back(e.dotted);
  return out;
}

std::string ErrorOf(std::string_view manifest) {
  auto tree = ParseManifest(manifest, "/tmp");
  INFO(manifest);
  REQUIRE_FALSE(tree.ok());
  CHECK(tree.status().code() == absl::StatusCode::kInvalidArgument);
  return std::string(tree.status().message());
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class TempDir {
 public:
  TempDir() {
    char pattern[] = "/tmp/codemode-manifest-XXXXXX";
    char* made = mkdtemp(pattern);
    REQUIRE(made != nullptr);
    path_ = std::filesystem::canonical(made).string();
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace

TEST_CASE("manifest: empty, nested and dotted", "[manifest]") {
  auto empty = ParseManifest("{}", "/tmp");
  REQUIRE(empty.ok());
  CHECK(empty->List().empty());
  CHECK(ParseManifest(" { } \n", "").ok());

  auto tree = ParseManifest(R"({
    "orders": {
      "description": "Orders",
      "tools": {
        "lookup": {"description": "Find one", "input": {"type": "object"}, "output": true,
                   "command": ["cat"]},
        "archive": {"tools": {"list": {"command": ["cat"]}}}
      }
    },
    "util.text.upper": {"command": ["tr", "a-z", "A-Z"]},
    "get-user": {"command": ["cat"]},
    "util": {"description": "Utilities", "tools": {"echo": {"command": ["cat"]}}}
  })",
                            "/tmp");
  REQUIRE(tree.ok());
  CHECK(Dotted(*tree) == std::vector<std::string>{"get-user", "orders.lookup",
                                                  "orders.archive.list", "util.echo",
                                                  "util.text.upper"});
  const Tool* lookup = tree->Find("orders.lookup");
  REQUIRE(lookup != nullptr);
  CHECK(lookup->description == "Find one");
  CHECK(json::Serialize(lookup->input_schema) == "{\"type\":\"object\"}");
  CHECK(lookup->output_schema == json::Value::Bool(true));
  CHECK(tree->Find("get-user")->input_schema == json::Value::FromObject({}));
  CHECK(tree->FindNamespace(std::vector<std::string>{"util"})->description == "Utilities");
  CHECK(tree->FindNamespace(std::vector<std::string>{"orders"})->description == "Orders");

  // The tools run.
  CallOutcome upper = CallAndWait(*tree->Find("util.text.upper"), "\"abc\"");
  REQUIRE(upper.ok());
  CHECK(*upper == "\"ABC\"");
}

TEST_CASE("manifest: errors name the JSON path", "[manifest]") {
  CHECK(ErrorOf("[]") == "manifest: tools: expected an object of tools and namespaces, got array");
  CHECK(ErrorOf(R"({"a": 1})") ==
        "manifest: tools.a: expected an object (a tool with \"command\" or \"durable\", or a "
        "namespace with \"tools\"), got number");
  CHECK(ErrorOf(R"({"a": {"description": "x"}})") ==
        "manifest: tools.a: a tool needs a backend: \"command\": [argv...] or \"durable\": "
        "{\"start\", \"wait\", \"cancel\"} (or use \"tools\" for a namespace)");
  CHECK(ErrorOf(R"({"orders": {"tools": {"lookup": {"command": "node lookup.js"}}}})") ==
        "manifest: tools.orders.tools.lookup.command: expected a non-empty array of strings");
  CHECK(ErrorOf(R"({"orders": {"tools": {"lookup": {"command": []}}}})") ==
        "manifest: tools.orders.tools.lookup.command: expected a non-empty array of strings");
  CHECK(ErrorOf(R"({"a": {"command": ["node", 1]}})") ==
        "manifest: tools.a.command[1]: expected a string, got number");
  CHECK(ErrorOf(R"({"a": {"command": [""]}})") ==
        "manifest: tools.a.command[0]: the program name is empty");
  CHECK(ErrorOf(R"({"a": {"command": ["x", "a\u0000b"]}})") ==
        "manifest: tools.a.command[1]: contains a NUL character");
  CHECK(ErrorOf(R"({"get-user": {"openapi": {"spec": "x.yaml"}}})") ==
        "manifest: tools[\"get-user\"].openapi: the \"openapi\" backend is not supported yet (use "
        "\"command\" or \"durable\")");
  CHECK(ErrorOf(R"({"n": {"tools": {"m": {"mcp": {}, "command": ["x"]}}}})") ==
        "manifest: tools.n.tools.m.mcp: the \"mcp\" backend is not supported yet (use "
        "\"command\" or \"durable\")");
  CHECK(ErrorOf(R"({"a": {"command": ["x"], "comand": 1}})") ==
        "manifest: tools.a.comand: unknown key in a tool (allowed: \"description\", \"input\", "
        "\"output\", \"command\", \"idempotent\", \"durable\")");
  CHECK(ErrorOf(R"({"n": {"tools": {}, "command": ["x"]}})") ==
        "manifest: tools.n.command: unknown key in a namespace (allowed: \"description\", "
        "\"tools\")");
  CHECK(ErrorOf(R"({"n": {"tools": []}})") ==
        "manifest: tools.n.tools: expected an object of tools and namespaces, got array");
  CHECK(ErrorOf(R"({"n": {"description": 5, "tools": {}}})") ==
        "manifest: tools.n.description: expected a string");
  CHECK(ErrorOf(R"({"a": {"command": ["x"], "description": null}})") ==
        "manifest: tools.a.description: expected a string");
  CHECK(ErrorOf(R"({"a": {"command": ["x"], "input": 3}})") ==
        "manifest: tools.a.input: expected a JSON Schema (an object or a boolean)");
  CHECK(ErrorOf(R"({"a": {"command": ["x"], "output": "string"}})") ==
        "manifest: tools.a.output: expected a JSON Schema (an object or a boolean)");
  CHECK(ErrorOf(R"({"": {"command": ["x"]}})") == "manifest: tools[\"\"]: a name cannot be empty");
  CHECK(ErrorOf(R"({"a..b": {"command": ["x"]}})") ==
        "manifest: tools[\"a..b\"]: a dotted name cannot have an empty segment");
  CHECK(ErrorOf(R"({"a.": {"command": ["x"]}})") ==
        "manifest: tools[\"a.\"]: a dotted name cannot have an empty segment");
  CHECK(ErrorOf(R"({"a.b": {"command": ["x"]}, "a": {"tools": {"b": {"command": ["y"]}}}})") ==
        "manifest: tool tree: tool 'a.b' is declared twice");
  CHECK(ErrorOf(R"({"a": {"command": ["x"]}, "a.b": {"command": ["y"]}})") ==
        "manifest: tool tree: 'a' is both a tool and a namespace");
  CHECK(ErrorOf("{\n  \"a\": {\"command\": [\"x\"],}\n}") ==
        "manifest: invalid JSON at line 2, column 26 (byte 27): unexpected character '}', "
        "expected a string key");
  // Deeply nested schemas are bounded.
  std::string deep = "{\"a\": {\"command\": [\"x\"], \"input\": " + std::string(200, '[') +
                     std::string(200, ']') + "}}";
  CHECK(ErrorOf(deep).find("nesting deeper than 128 levels") != std::string::npos);
}

TEST_CASE("manifest: idempotent and durable tools", "[manifest][kinds]") {
  auto tree = ParseManifest(R"({
    "plain": {"command": ["cat"]},
    "plain2": {"command": ["cat"], "idempotent": false},
    "lookup": {"command": ["cat"], "idempotent": true, "description": "Looks up"},
    "jobs": {"tools": {
      "run": {"description": "Runs a job", "input": {"type": "object"},
              "durable": {"start": ["node", "start.js"], "wait": ["node", "wait.js"],
                          "cancel": ["node", "cancel.js", "--now"]}},
      "quick": {"durable": {"wait": ["w"], "start": ["s"]}}
    }}
  })",
                            "/tmp");
  REQUIRE(tree.ok());
  CHECK(tree->Find("plain")->kind == ToolKind::kPlain);
  CHECK(tree->Find("plain2")->kind == ToolKind::kPlain);
  const Tool* lookup = tree->Find("lookup");
  CHECK(lookup->kind == ToolKind::kIdempotent);
  CHECK(lookup->description == "Looks up");
  REQUIRE(lookup->execute);
  CallOutcome echoed = CallAndWait(*lookup, "{\"a\":1}");
  REQUIRE(echoed.ok());
  CHECK(*echoed == "{\"a\":1}");

  const Tool* run = tree->Find("jobs.run");
  REQUIRE(run != nullptr);
  CHECK(run->kind == ToolKind::kDurable);
  CHECK(run->description == "Runs a job");
  CHECK(json::Serialize(run->input_schema) == "{\"type\":\"object\"}");
  CHECK_FALSE(run->execute);
  CHECK(run->durable.start);
  CHECK(run->durable.wait);
  CHECK(run->durable.cancel);
  const Tool* quick = tree->Find("jobs.quick");
  CHECK(quick->kind == ToolKind::kDurable);
  CHECK(quick->durable.start);
  CHECK(quick->durable.wait);
  CHECK_FALSE(quick->durable.cancel);
}

TEST_CASE("manifest: idempotent and durable errors", "[manifest][kinds]") {
  CHECK(ErrorOf(R"({"a": {"command": ["x"], "idempotent": "yes"}})") ==
        "manifest: tools.a.idempotent: expected true or false, got string");
  CHECK(ErrorOf(R"({"a": {"command": ["x"], "idempotent": 1}})") ==
        "manifest: tools.a.idempotent: expected true or false, got number");
  CHECK(ErrorOf(R"({"a": {"command": ["x"], "idempotent": null}})") ==
        "manifest: tools.a.idempotent: expected true or false, got null");
  CHECK(ErrorOf(R"({"a": {"idempotent": true}})") ==
        "manifest: tools.a: a tool needs a backend: \"command\": [argv...] or \"durable\": "
        "{\"start\", \"wait\", \"cancel\"} (or use \"tools\" for a namespace)");
  CHECK(ErrorOf(R"({"a": {"command": ["x"], "durable": {"start": ["s"], "wait": ["w"]}}})") ==
        "manifest: tools.a.durable: a tool has either \"command\" or \"durable\", not both");
  CHECK(ErrorOf(R"({"a": {"idempotent": true, "durable": {"start": ["s"], "wait": ["w"]}}})") ==
        "manifest: tools.a.idempotent: only a \"command\" tool can be idempotent (a durable tool "
        "resumes by its \"wait\" command)");
  CHECK(ErrorOf(R"({"a": {"idempotent": false, "durable": {"start": ["s"], "wait": ["w"]}}})") ==
        "manifest: tools.a.idempotent: only a \"command\" tool can be idempotent (a durable tool "
        "resumes by its \"wait\" command)");
  CHECK(ErrorOf(R"({"a": {"durable": ["s"]}})") ==
        "manifest: tools.a.durable: expected an object {\"start\": [argv...], \"wait\": "
        "[argv...], \"cancel\": [argv...]}, got array");
  CHECK(ErrorOf(R"({"a": {"durable": null}})") ==
        "manifest: tools.a.durable: expected an object {\"start\": [argv...], \"wait\": "
        "[argv...], \"cancel\": [argv...]}, got null");
  CHECK(ErrorOf(R"({"a": {"durable": {}}})") ==
        "manifest: tools.a.durable: missing \"start\": [argv...]");
  CHECK(
      ErrorOf(R"({"jobs": {"tools": {"run": {"durable": {"start": ["s"], "cancel": ["c"]}}}}})") ==
      "manifest: tools.jobs.tools.run.durable: missing \"wait\": [argv...]");
  CHECK(ErrorOf(R"({"a": {"durable": {"start": ["s"], "wait": ["w"], "stop": ["x"]}}})") ==
        "manifest: tools.a.durable.stop: unknown key in a durable backend (allowed: \"start\", "
        "\"wait\", \"cancel\")");
  // Every command of a durable backend is checked like "command".
  CHECK(ErrorOf(R"({"a": {"durable": {"start": "node start.js", "wait": ["w"]}}})") ==
        "manifest: tools.a.durable.start: expected a non-empty array of strings");
  CHECK(ErrorOf(R"({"a": {"durable": {"start": ["s"], "wait": []}}})") ==
        "manifest: tools.a.durable.wait: expected a non-empty array of strings");
  CHECK(ErrorOf(R"({"a": {"durable": {"start": ["s"], "wait": ["w"], "cancel": {}}}})") ==
        "manifest: tools.a.durable.cancel: expected a non-empty array of strings");
  CHECK(ErrorOf(R"({"a": {"durable": {"start": ["s"], "wait": ["w"], "cancel": null}}})") ==
        "manifest: tools.a.durable.cancel: expected a non-empty array of strings");
  CHECK(ErrorOf(R"({"a": {"durable": {"start": ["s", 2], "wait": ["w"]}}})") ==
        "manifest: tools.a.durable.start[1]: expected a string, got number");
  CHECK(ErrorOf(R"({"a": {"durable": {"start": ["s"], "wait": [""]}}})") ==
        "manifest: tools.a.durable.wait[0]: the program name is empty");
  CHECK(ErrorOf(
            R"({"a": {"durable": {"start": ["s"], "wait": ["w"], "cancel": ["c", "\u0000"]}}})") ==
        "manifest: tools.a.durable.cancel[1]: contains a NUL character");
  CHECK(ErrorOf(R"({"a-b": {"durable": {"start": ["s"], "wait": ["w"], "cancel": [true]}}})") ==
        "manifest: tools[\"a-b\"].durable.cancel[0]: expected a string, got boolean");
}

TEST_CASE("manifest: files and working directories", "[manifest]") {
  auto missing = LoadManifest("/nonexistent/manifest.json");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.status().message() ==
        "manifest: cannot read '/nonexistent/manifest.json': No such file or directory");

  TempDir dir;
  std::filesystem::create_directory(dir.path() + "/tools");
  {
    std::ofstream script(dir.path() + "/tools/where.sh");
    script << "#!/bin/sh\nprintf '\"%s\"' \"$(pwd -P)\"\n";
  }
  std::filesystem::permissions(dir.path() + "/tools/where.sh", std::filesystem::perms::owner_all);
  std::ofstream(dir.path() + "/manifest.json")
      << R"({"where": {"command": ["./tools/where.sh"]}, "sh": {"command": ["sh", "tools/where.sh"]}})";

  // Load through a relative path, then move away: commands still run in the manifest's folder.
  std::string old_cwd = std::filesystem::current_path().string();
  std::filesystem::current_path("/tmp");
  auto tree =
      LoadManifest(std::filesystem::path(dir.path()).filename().string() + "/manifest.json");
  std::filesystem::current_path("/");
  REQUIRE(tree.ok());
  for (const char* name : {"where", "sh"}) {
    CallOutcome where = CallAndWait(*tree->Find(name), "{}");
    INFO(name);
    REQUIRE(where.ok());
    CHECK(*where == "\"" + dir.path() + "\"");
  }
  std::filesystem::current_path(old_cwd);

  ManifestOptions small;
  small.max_bytes = 10;
  auto too_big = LoadManifest(dir.path() + "/manifest.json", small);
  REQUIRE_FALSE(too_big.ok());
  CHECK(too_big.status().message() ==
        "manifest: '" + dir.path() + "/manifest.json' is larger than the limit of 10 bytes");
}

TEST_CASE("manifest: the corpus fixture loads and its tools run", "[manifest][fixture]") {
  auto tree = LoadManifest(kFixtureDir + "/manifest.json");
  REQUIRE(tree.ok());
  std::vector<std::string> names = Dotted(*tree);
  CHECK(names.size() > 30);
  CHECK(std::find(names.begin(), names.end(), "billing.invoices.list") != names.end());
  CHECK(std::find(names.begin(), names.end(), "util.echo") != names.end());
  const Tool* lookup = tree->Find("orders.lookup");
  REQUIRE(lookup != nullptr);
  CHECK(json::Serialize(*lookup->input_schema.Find("required")) == "[\"id\"]");
  CHECK(lookup->output_schema.Find("properties")->Find("items") != nullptr);

  // orders.lookup returns the order as stored in the fixture data.
  CallOutcome order = CallAndWait(*lookup, "{\"id\":\"o_1015\"}", "run1:1");
  REQUIRE(order.ok());
  auto got = json::Parse(*order);
  REQUIRE(got.ok());
  auto data = json::Parse(ReadFile(kFixtureDir + "/data/orders.json"));
  REQUIRE(data.ok());
  const json::Value* expected = nullptr;
  const json::Array& orders =
      data->is_array() ? data->as_array() : data->Find("orders")->as_array();
  for (const json::Value& o : orders) {
    if (o.Find("id")->as_string() == "o_1015") expected = &o;
  }
  REQUIRE(expected != nullptr);
  CHECK(*got == *expected);
  CHECK(got->Find("customerId")->as_string() == "c_001");
  CHECK(got->Find("total")->as_double() == 555.5);

  // A failing fixture tool reports its stderr message.
  CallOutcome nope = CallAndWait(*lookup, "{\"id\":\"nope\"}");
  REQUIRE_FALSE(nope.ok());
  CHECK(nope.status().message() == "Order nope not found");

  // A namespace nested in a namespace.
  CallOutcome invoices = CallAndWait(*tree->Find("billing.invoices.list"), "{}");
  REQUIRE(invoices.ok());
  CHECK(json::Parse(*invoices).ok());
}

}  // namespace codemode::tools
