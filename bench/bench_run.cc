// codemode_bench_run: runs one program file like `codemode run` and prints its Result as JSON, with
// `tools.noop.ping` as an in-process tool that completes with its input (bench/noop_tool.h), so
// bench/compare.sh measures the engine, not process spawning, on tool-calling programs.
//
//   codemode_bench_run PROGRAM.js|PROGRAM.lua [--max-tool-calls N] [--noop sync|thread]
//
// The language follows the file's extension (.lua: Lua, anything else: JavaScript), as `codemode run`.
// --noop sync (default): `done(input)` inside the tool's execute; thread: Tool::FromFunction (one
// worker thread per call). Exit status: 0 ok, 1 the program failed, 2 usage error.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>

#include "absl/strings/numbers.h"
#include "bench/noop_tool.h"
#include "runtime/runtime.h"

namespace {

int Usage(std::string_view message) {
  std::cerr << "codemode_bench_run: " << message
            << "\nusage: codemode_bench_run PROGRAM.js [--max-tool-calls N] [--noop sync|thread]\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string file;
  codemode::Limits limits;
  codemode::bench::NoopMode mode = codemode::bench::NoopMode::kSync;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--max-tool-calls" && i + 1 < argc) {
      if (!absl::SimpleAtoi(argv[++i], &limits.max_tool_calls))
        return Usage("--max-tool-calls needs an integer");
    } else if (arg == "--noop" && i + 1 < argc) {
      std::string_view m = argv[++i];
      if (m == "sync") {
        mode = codemode::bench::NoopMode::kSync;
      } else if (m == "thread") {
        mode = codemode::bench::NoopMode::kThread;
      } else {
        return Usage("--noop takes sync or thread");
      }
    } else if (!arg.empty() && arg[0] == '-') {
      return Usage("unknown option " + std::string(arg));
    } else if (file.empty()) {
      file = arg;
    } else {
      return Usage("one program file only");
    }
  }
  if (file.empty()) return Usage("missing PROGRAM");
  std::ifstream in(file, std::ios::binary);
  if (!in) return Usage("cannot read " + file);
  std::ostringstream source;
  source << in.rdbuf();

  auto tree = codemode::bench::NoopTree(mode);
  if (!tree.ok()) return Usage(std::string(tree.status().message()));
  codemode::RuntimeOptions options;
  options.tools = std::move(*tree);
  options.limits = limits;
  if (file.size() > 4 && file.compare(file.size() - 4, 4, ".lua") == 0)
    options.language = codemode::Language::kLua;
  auto runtime = codemode::Runtime::Make(std::move(options));
  if (!runtime.ok()) return Usage(std::string(runtime.status().message()));
  codemode::Result result = (*runtime)->Execute(source.str());
  std::cout << result.ToJson(2) << "\n";
  return result.ok ? 0 : 1;
}
