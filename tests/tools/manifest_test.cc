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
        "manifest: tools.a: expected an object (a tool with \"command\" or a namespace with "
        "\"tools\"), got number");
  CHECK(ErrorOf(R"({"a": {"description": "x"}})") ==
        "manifest: tools.a: a tool needs a backend: \"command\": [argv...] (or use \"tools\" for "
        "a namespace)");
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
        "\"command\")");
  CHECK(ErrorOf(R"({"n": {"tools": {"m": {"mcp": {}, "command": ["x"]}}}})") ==
        "manifest: tools.n.tools.m.mcp: the \"mcp\" backend is not supported yet (use "
        "\"command\")");
  CHECK(ErrorOf(R"({"a": {"command": ["x"], "comand": 1}})") ==
        "manifest: tools.a.comand: unknown key in a tool (allowed: \"description\", \"input\", "
        "\"output\", \"command\")");
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
