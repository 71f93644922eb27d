// The `codemode` CLI (DESIGN §6): run, disasm. Prints the Result as JSON; exit 0 ok, 1 program failed,
// 2 usage error.
#include <CLI/CLI.hpp>

#include <fstream>
#include <iostream>
#include <sstream>
#include <variant>

#include "compiler/compile.h"
#include "runtime/runtime.h"
#include "tools/manifest.h"
#include "vm/disasm.h"

namespace {

bool ReadFile(const std::string& path, std::string* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  *out = ss.str();
  return true;
}

int Usage(const std::string& message) {
  std::cerr << "codemode: " << message << "\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"codemode: run model-written JavaScript/TypeScript programs over host tools"};
  app.require_subcommand(1);

  std::string file, manifest, lang, run_id;
  codemode::Limits limits;
  CLI::App* run = app.add_subcommand("run", "Run a program and print its Result as JSON");
  run->add_option("file", file, "Program file (.js or .ts)")->required();
  run->add_option("--tools", manifest, "Tool manifest (JSON); omitted: no tools");
  run->add_option("--lang", lang, "Language: js (default; Lua arrives with a later issue)");
  run->add_option("--timeout-ms", limits.timeout_ms, "Wall-time limit in ms (default 120000)");
  run->add_option("--max-tool-calls", limits.max_tool_calls, "Tool-call limit (default 128)");
  run->add_option("--max-output-bytes", limits.max_output_bytes, "Output limit in bytes (default 65536)");
  run->add_option("--max-steps", limits.max_steps, "Step limit (default 0 = unlimited)");
  run->add_option("--max-memory-bytes", limits.max_memory_bytes, "Heap limit in bytes (default 256 MiB)");
  run->add_option("--run-id", run_id, "Run id used in call keys (default: a random UUID)");

  std::string disasm_file;
  CLI::App* disasm = app.add_subcommand("disasm", "Compile a program and print its bytecode");
  disasm->add_option("file", disasm_file, "Program file")->required();

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }

  if (*disasm) {
    std::string source;
    if (!ReadFile(disasm_file, &source)) return Usage("cannot read " + disasm_file);
    auto compiled = codemode::compiler::CompileJavaScript(source, {});
    if (auto* err = std::get_if<codemode::compiler::CompileError>(&compiled)) {
      std::cerr << disasm_file << ":" << err->line << ":" << err->column << ": " << err->message << "\n";
      return 1;
    }
    std::cout << codemode::bytecode::Disassemble(std::get<codemode::bytecode::Module>(compiled));
    return 0;
  }

  if (!lang.empty() && lang != "js" && lang != "ts")
    return Usage("--lang " + lang + " is not supported yet (js only)");
  std::string source;
  if (!ReadFile(file, &source)) return Usage("cannot read " + file);
  codemode::RuntimeOptions options;
  options.limits = limits;
  if (!manifest.empty()) {
    auto tree = codemode::tools::LoadManifest(manifest);
    if (!tree.ok()) return Usage(std::string(tree.status().message()));
    options.tools = std::move(*tree);
  }
  auto runtime = codemode::Runtime::Make(std::move(options));
  if (!runtime.ok()) return Usage(std::string(runtime.status().message()));
  codemode::Result result = (*runtime)->Execute(source, run_id);
  std::cout << result.ToJson(2) << "\n";
  return result.ok ? 0 : 1;
}
