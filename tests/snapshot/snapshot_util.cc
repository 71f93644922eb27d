#include "tests/snapshot/snapshot_util.h"

#include <xxhash.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <variant>

#include "compiler/compile.h"

namespace codemode::snapshot::testing {

namespace {
std::string ReadFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// vm/prelude/*.js in name order, each wrapped in a block (runtime/embed_prelude.cmake).
std::string PreludeText() {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(CODEMODE_SOURCE_DIR) /
                                                           "vm" / "prelude"))
    if (e.path().extension() == ".js") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::string text;
  for (const auto& f : files)
    text += "// ---- " + f.filename().string() + "\n{\n" + ReadFile(f) + "\n}\n";
  return text;
}
}  // namespace

const vm::Realm& TestRealm() {
  static std::unique_ptr<vm::Realm> realm = [] {
    compiler::CompileOptions options;
    options.source_name = "prelude.js";
    options.typescript = false;
    auto compiled = compiler::CompileJavaScript(PreludeText(), options);
    if (auto* err = std::get_if<compiler::CompileError>(&compiled)) FAIL("prelude: " << err->message);
    auto module =
        std::make_shared<const bytecode::Module>(std::move(std::get<bytecode::Module>(compiled)));
    auto r = vm::Realm::Create(module);
    if (!r.ok()) FAIL("realm: " << r.status());
    return std::move(*r);
  }();
  return *realm;
}

std::shared_ptr<const bytecode::Module> CompileProgram(std::string_view source) {
  compiler::CompileOptions options;
  auto compiled = compiler::CompileJavaScript(source, options);
  if (auto* err = std::get_if<compiler::CompileError>(&compiled))
    FAIL("compile: " << err->message << " at " << err->line << ":" << err->column);
  return std::make_shared<const bytecode::Module>(std::move(std::get<bytecode::Module>(compiled)));
}

std::string ExportResult(vm::VM& vm) {
  if (vm.termination() != vm::Termination::kNone)
    return "terminated: " + vm.termination_message();
  if (!vm.main_returned()) return "main did not return";
  vm::Value mv = vm.main_value();
  if (!mv.IsObject() || mv.AsObject()->klass() != vm::ObjectClass::kPromise) return "no main promise";
  auto* p = static_cast<vm::PromiseObject*>(mv.AsObject());
  if (p->state == vm::PromiseObject::State::kPending) return "pending";
  if (p->state == vm::PromiseObject::State::kRejected)
    return "rejected: " + vm.DescribeError(p->result);
  std::string out;
  vm::VM::ExportStatus st = vm.SerializeForHost(p->result, true, &out);
  if (!st.ok) return "export failed: " + st.error;
  return out;
}

RunInfo InfoFor(std::string_view source, const bytecode::Module& module) {
  RunInfo info;
  info.run_id = "run-1";
  info.source = std::string(source);
  info.module_hash = ModuleHash(module);
  info.created_at_ms = 1700000000000;
  info.extension_set_hash = 0x1234;
  info.active_ms = 5;
  info.admitted_calls = 1;
  info.next_call_id = 2;
  info.timeout_ms = 120000;
  info.max_tool_calls = 128;
  CallEntry call;
  call.call_id = 1;
  call.key = "run-1:1";
  call.path = {"jobs", "run"};
  call.state = CallEntry::State::kDurableStarted;
  call.input_json = R"({"n":1})";
  call.durable_data_json = R"({"pid":7})";
  info.calls.push_back(call);
  info.tool_calls = {"jobs.run"};
  info.logs = {"hello"};
  return info;
}

RunOutcome RunPlain(std::string_view source) {
  auto module = CompileProgram(source);
  vm::VM vm(&TestRealm());
  vm.PushMain(vm.LoadModule(module));
  while (vm.Run() == vm::VM::RunStatus::kYielded) {
  }
  return {ExportResult(vm), vm.steps(), 0, {}};
}

RunOutcome RunWithRoundTrips(std::string_view source, uint64_t first, uint64_t stride,
                             bool keep_snapshots) {
  const vm::Realm& realm = TestRealm();
  auto module = CompileProgram(source);
  RunInfo info = InfoFor(source, *module);
  auto vm = std::make_unique<vm::VM>(&realm);
  vm->PushMain(vm->LoadModule(module));
  vm->YieldAtStep(vm->steps() + first);  // PushMain already counted its call
  RunOutcome out;
  while (vm->Run() == vm::VM::RunStatus::kYielded) {
    auto bytes = Encode(*vm, info);
    if (!bytes.ok()) FAIL("encode at step " << vm->steps() << ": " << bytes.status());
    if (keep_snapshots) out.snapshots.push_back(*bytes);
    auto read = ReadInfo(*bytes, realm);
    REQUIRE(read.ok());
    REQUIRE(*read == info);
    auto restored = Restore(*bytes, realm, module, vm->limits());
    if (!restored.ok()) FAIL("restore at step " << vm->steps() << ": " << restored.status());
    auto again = Encode(**restored, info);
    REQUIRE(again.ok());
    if (*again != *bytes) FAIL("re-encoding the restored VM differs at step " << vm->steps());
    vm = std::move(*restored);
    ++out.roundtrips;
    if (stride != 0) vm->YieldAtStep(vm->steps() + stride);
  }
  out.result = ExportResult(*vm);
  out.steps = vm->steps();
  return out;
}

std::string Reseal(std::string bytes, uint32_t version) {
  REQUIRE(bytes.size() >= 12);
  std::string body = bytes.substr(0, bytes.size() - 12);
  for (int i = 0; i < 4; ++i) body.push_back(static_cast<char>(version >> (8 * i)));
  uint64_t sum = XXH3_64bits(body.data(), body.size());
  for (int i = 0; i < 8; ++i) body.push_back(static_cast<char>(sum >> (8 * i)));
  return body;
}

}  // namespace codemode::snapshot::testing
