// console formatting against Node.js: runs each snippet of tests/js/console/console_snippets.js through the
// VM and compares every console call's stream and text with tests/js/console/console_cases.json (generated
// by Node 20 with tests/js/console/gen_console_cases.js).
#include <simdjson.h>

#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "compiler/compile.h"
#include "runtime/prelude.h"
#include "vm/builtins/console.h"
#include "vm/realm.h"
#include "vm/vm.h"

namespace codemode {
namespace {

struct Captured {
  std::string stream;  // "out" (log, info, debug) or "err" (warn, error)
  std::string text;
};

class CaptureHost : public vm::Host {
 public:
  StartResult StartToolCall(const std::vector<std::string>&, std::string) override {
    StartResult r;
    r.ok = false;
    r.kind = "UnknownTool";
    r.message = "no tools in this test";
    return r;
  }
  void Log(std::string_view level, std::string line) override {
    bool err = level == "warn" || level == "error";
    lines.push_back({err ? "err" : "out", std::move(line)});
  }
  std::vector<Captured> lines;
};

std::shared_ptr<const bytecode::Module> PreludeModule() {
  static std::shared_ptr<const bytecode::Module> module = [] {
    compiler::CompileOptions options;
    options.source_name = "prelude.js";
    options.typescript = false;
    auto compiled = compiler::CompileJavaScript(PreludeSource(), options);
    REQUIRE(std::holds_alternative<bytecode::Module>(compiled));
    return std::make_shared<const bytecode::Module>(std::move(std::get<bytecode::Module>(compiled)));
  }();
  return module;
}

// A realm for one run. Until the realm installs console itself, each run gets a fresh realm and installs
// console into its run copy of the global object.
std::unique_ptr<vm::Realm> NewRealm() {
  auto r = vm::Realm::Create(PreludeModule());
  REQUIRE(r.ok());
  return std::move(*r);
}

// Runs `body` as a program; returns the console calls it made. *unsupported is set when the program uses a
// feature the engine does not have yet (UnsupportedSyntax): such cases are skipped, not failed.
std::vector<Captured> RunSnippet(const std::string& body, std::string* failure,
                                 bool* unsupported = nullptr) {
  std::unique_ptr<vm::Realm> realm = NewRealm();
  vm::VM machine(realm.get());
  CaptureHost host;
  machine.set_host(&host);
  if (!machine.GetGlobal("console").IsObject()) {
    // Realms built before the console installer was wired in: install it for this run.
    vm::InstallConsoleBuiltins(machine, const_cast<vm::Intrinsics&>(realm->intrinsics()));
  }
  compiler::CompileOptions options;
  auto compiled = compiler::CompileJavaScript(body, options);
  if (auto* err = std::get_if<compiler::CompileError>(&compiled)) {
    if (unsupported != nullptr && err->kind == compiler::CompileError::Kind::kUnsupportedSyntax) {
      *unsupported = true;
      return {};
    }
    *failure = "compile error: " + err->message;
    return {};
  }
  auto module =
      std::make_shared<const bytecode::Module>(std::move(std::get<bytecode::Module>(compiled)));
  vm::PromiseObject* top = machine.StartMain(machine.LoadModule(module));
  machine.RunJobs();
  if (unsupported != nullptr && machine.termination() == vm::Termination::kUnsupported) {
    *unsupported = true;
    return {};
  }
  if (top == nullptr || top->state == vm::PromiseObject::State::kRejected) {
    *failure = "program failed: " + (top ? machine.DescribeError(top->result) : std::string("no start"));
  } else if (machine.termination() != vm::Termination::kNone) {
    *failure = "terminated: " + machine.termination_message();
  }
  return host.lines;
}

TEST_CASE("console output matches Node.js", "[console]") {
  std::string path = std::string(CODEMODE_SOURCE_DIR) + "/tests/js/console/console_cases.json";
  simdjson::dom::parser parser;
  simdjson::dom::element cases;
  REQUIRE(parser.load(path).get(cases) == simdjson::SUCCESS);
  for (simdjson::dom::element c : cases.get_array()) {
    std::string name(c["name"].get_string().value());
    std::string source(c["source"].get_string().value());
    DYNAMIC_SECTION(name) {
      std::string failure;
      bool unsupported = false;
      std::vector<Captured> got = RunSnippet(source, &failure, &unsupported);
      INFO(source);
      if (unsupported) {
        WARN("skipped: uses a feature the engine does not support yet");
        return;
      }
      CHECK(failure == "");
      std::vector<Captured> want;
      for (simdjson::dom::element call : c["output"].get_array()) {
        simdjson::dom::array pair = call.get_array();
        want.push_back({std::string(pair.at(0).get_string().value()),
                        std::string(pair.at(1).get_string().value())});
      }
      size_t n = std::max(got.size(), want.size());
      for (size_t i = 0; i < n; ++i) {
        std::string g = i < got.size() ? got[i].stream + " | " + got[i].text : "<missing>";
        std::string w = i < want.size() ? want[i].stream + " | " + want[i].text : "<missing>";
        CHECK(g == w);
      }
    }
  }
}

TEST_CASE("inspect bounds nesting and output of hostile values", "[console]") {
  std::string failure;
  // Deep nesting with an unlimited depth stops at the nesting bound instead of exhausting the C++ stack.
  auto lines = RunSnippet(
      "let v = {}; for (let i = 0; i < 100000; i++) v = { v }; console.dir(v, { depth: null }); "
      "const big = []; for (let i = 0; i < 100000; i++) big.push(i); console.log(big);",
      &failure);
  CHECK(failure.empty());
  REQUIRE(lines.size() == 2);
  CHECK(lines[0].text.find("[Object]") != std::string::npos);
  CHECK(lines[1].text.find("... 99900 more items") != std::string::npos);
}

TEST_CASE("console timers, counters and missing labels are deterministic", "[console]") {
  std::string failure;
  auto lines = RunSnippet(
      "console.time(); console.timeLog(undefined, 'x', 1); console.timeEnd(); console.timeEnd('nope'); "
      "console.time('a'); console.time('a'); console.countReset('never'); console.trace('here %d', 1);",
      &failure);
  CHECK(failure == "");
  std::vector<std::string> want = {
      "out default: 0ms x 1",
      "out default: 0ms",
      "err Warning: No such label 'nope' for console.timeEnd()",
      "err Warning: Label 'a' already exists for console.time()",
      "err Count for 'never' does not exist",
      "err Trace: here 1\n    at <program>:1:",
  };
  REQUIRE(lines.size() == want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    std::string got = lines[i].stream + " " + lines[i].text;
    CHECK(got.substr(0, want[i].size()) == want[i]);
  }
}

}  // namespace
}  // namespace codemode

