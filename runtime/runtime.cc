// Runtime: compiles a program, builds its VM over the shared realm, drives the event loop over host
// calls (tool completions arrive on other threads into the inbox), enforces the run's limits and turns
// the outcome into a Result (DESIGN §1).
#include "runtime/runtime.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <random>
#include <span>
#include <variant>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "compiler/compile.h"
#include "runtime/prelude.h"
#include "tools/json.h"
#include "vm/realm.h"
#include "vm/vm.h"

namespace codemode {

namespace {

using Clock = std::chrono::steady_clock;

// The process-wide realm (DESIGN §3.3), built on first use.
absl::StatusOr<const vm::Realm*> SharedRealm() {
  static std::once_flag once;
  static std::unique_ptr<vm::Realm> realm;
  static absl::Status status;
  std::call_once(once, [] {
    compiler::CompileOptions options;
    options.source_name = "prelude.js";
    options.typescript = false;
    auto compiled = compiler::CompileJavaScript(PreludeSource(), options);
    if (auto* err = std::get_if<compiler::CompileError>(&compiled)) {
      status = absl::InternalError(absl::StrCat("prelude does not compile: ", err->message, " at ",
                                                err->line, ":", err->column));
      return;
    }
    auto module = std::make_shared<const bytecode::Module>(
        std::move(std::get<bytecode::Module>(compiled)));
    auto r = vm::Realm::Create(module);
    if (!r.ok()) {
      status = r.status();
      return;
    }
    realm = std::move(*r);
  });
  if (!status.ok()) return status;
  return realm.get();
}

std::string NewUuid() {
  std::random_device rd;
  std::mt19937_64 gen((static_cast<uint64_t>(rd()) << 32) ^ rd());
  uint64_t a = gen(), b = gen();
  a = (a & 0xFFFFFFFFFFFF0FFFull) | 0x0000000000004000ull;
  b = (b & 0x3FFFFFFFFFFFFFFFull) | 0x8000000000000000ull;
  return absl::StrFormat("%08x-%04x-%04x-%04x-%012x", a >> 32, (a >> 16) & 0xFFFF, a & 0xFFFF,
                         b >> 48, b & 0xFFFFFFFFFFFFull);
}

// Completions of host calls, filled from tool threads, drained by the run's thread.
struct Inbox {
  struct Item {
    uint64_t call_id;
    bool ok;
    std::string text;
  };
  std::mutex mu;
  std::condition_variable cv;
  std::deque<Item> items;

  void Push(Item item) {
    {
      std::lock_guard<std::mutex> lock(mu);
      items.push_back(std::move(item));
    }
    cv.notify_one();
  }
};

class RunHost;

// The `tools` tree: leaf natives carry their path in `data` (an array of strings).
vm::Value ToolCallNative(vm::VM& vm, vm::CallArgs& args);

class RunHost : public vm::Host {
 public:
  RunHost(const RuntimeOptions& options, std::string run_id)
      : options_(options), run_id_(std::move(run_id)), inbox_(std::make_shared<Inbox>()) {}

  ~RunHost() override { CancelAll(); }

  StartResult StartToolCall(const std::vector<std::string>& path, std::string input_json) override {
    StartResult r;
    tools::LookupError lookup_error;
    auto tool = options_.tools.Lookup(path, &lookup_error);
    if (!tool.ok()) {
      r.ok = false;
      r.kind = "UnknownTool";
      r.message = lookup_error.message.empty() ? std::string(tool.status().message())
                                               : lookup_error.message;
      suggestions_ = lookup_error.suggestions;
      return r;
    }
    if (static_cast<int64_t>(tool_calls_.size()) >= options_.limits.max_tool_calls) {
      r.ok = false;
      r.kind = "ToolCallLimitExceeded";
      r.message = absl::StrCat("The program made more than ", options_.limits.max_tool_calls,
                               " tool calls (maxToolCalls)");
      r.terminate = true;
      return r;
    }
    uint64_t id = ++next_call_id_;
    tool_calls_.push_back(tools::JoinPath(path));
    tools::CallRequest req;
    req.key = absl::StrCat(run_id_, ":", id);
    req.path = path;
    req.input_json = std::move(input_json);
    std::weak_ptr<Inbox> weak = inbox_;
    handles_.push_back(tools::StartCall(**tool, std::move(req), [weak, id](tools::CallOutcome out) {
      if (auto inbox = weak.lock()) {
        if (out.ok()) {
          inbox->Push({id, true, std::move(*out)});
        } else {
          inbox->Push({id, false, std::string(out.status().message())});
        }
      }
    }));
    ++in_flight_;
    r.call_id = id;
    return r;
  }

  void Log(std::string_view level, std::string line) override {
    std::string prefix;
    if (level == "warn") prefix = "[warn] ";
    if (level == "error") prefix = "[error] ";
    logs_.push_back(prefix + line);
  }

  void CancelAll() {
    for (auto& h : handles_) h.Cancel();
  }

  Inbox& inbox() { return *inbox_; }
  int64_t& in_flight() { return in_flight_; }
  const std::vector<std::string>& tool_calls() const { return tool_calls_; }
  std::vector<std::string>& logs() { return logs_; }
  const std::vector<std::string>& suggestions() const { return suggestions_; }

 private:
  const RuntimeOptions& options_;
  std::string run_id_;
  std::shared_ptr<Inbox> inbox_;
  std::vector<tools::CallHandle> handles_;
  std::vector<std::string> tool_calls_;
  std::vector<std::string> logs_;
  std::vector<std::string> suggestions_;
  uint64_t next_call_id_ = 0;
  int64_t in_flight_ = 0;
};

vm::Value ToolCallNative(vm::VM& vm, vm::CallArgs& args) {
  auto* self = static_cast<vm::NativeFunction*>(args.callee);
  std::vector<std::string> path;
  for (auto& v : self->data.AsObject()->elements()) path.push_back(v.AsString()->ToUtf8());
  std::string dotted = tools::JoinPath(path);
  auto fail = [&](const char* kind, const std::string& message) {
    vm::Object* e = vm.NewError(vm::ErrorType::kError, message);
    vm.MarkErrorKind(e, kind);
    vm::PromiseObject* p = vm.NewPromise();
    vm.RejectPromise(p, vm::Value::FromObject(e));
    return vm::Value::FromObject(p);
  };
  if (args.argc > 1)
    return fail("InvalidToolInput", absl::StrCat("tools.", dotted, " takes one argument (an object), got ",
                                                 args.argc));
  std::string input = "{}";
  if (args.argc == 1 && !args.argv[0].IsUndefined()) {
    vm::VM::ExportStatus st = vm.SerializeForHost(args.argv[0], false, &input);
    if (!st.ok && st.needs_code) {
      // toJSON or getters: JSON.stringify in the prelude, then this native again with plain data.
      vm::Value helper = vm.realm().intrinsics().helpers[static_cast<int>(vm::HelperId::kToolCallSlow)];
      vm::Value targs[2] = {vm::Value::FromObject(self), args.argv[0]};
      return vm.TailCall(helper, vm::Value::Undefined(), targs);
    }
    if (!st.ok)
      return fail("InvalidToolInput",
                  absl::StrCat("tools.", dotted, ": the argument cannot be sent as JSON: ", st.error,
                               st.path.size() > 5 ? absl::StrCat(" (at input", st.path.substr(5), ")") : ""));
  }
  vm::Host::StartResult r = vm.host()->StartToolCall(path, std::move(input));
  if (!r.ok) {
    if (r.terminate) {
      vm.Terminate(vm::Termination::kInterrupted, absl::StrCat(r.kind, ": ", r.message));
      return vm::Value::Undefined();
    }
    return fail(r.kind.c_str(), r.message);
  }
  return vm::Value::FromObject(vm.RegisterHostCall(r.call_id));
}

// Builds `tools` from the tree: namespaces are frozen objects, tools are natives.
vm::Value BuildToolsObject(vm::VM& vm, const tools::Namespace& ns, std::vector<std::string>& path) {
  vm::Object* o = vm.NewObject();
  for (const auto& [name, sub] : ns.namespaces) {
    path.push_back(name);
    vm.DefineOwnProperty(o, vm.KeyFromPrimitive(vm.Str(name)), BuildToolsObject(vm, sub, path),
                         vm::kEnumerable);
    path.pop_back();
  }
  for (const auto& [name, tool] : ns.tools) {
    path.push_back(name);
    vm::NativeFunction* f = vm.NewNative(name, ToolCallNative, 1);
    std::vector<vm::Value> parts;
    for (auto& p : path) parts.push_back(vm.Str(p));
    f->data = vm::Value::FromObject(vm.NewArrayFrom(parts));
    vm.DefineOwnProperty(o, vm.KeyFromPrimitive(vm.Str(name)), vm::Value::FromObject(f),
                         vm::kEnumerable);
    path.pop_back();
  }
  vm.SetIntegrityLevel(o, true);
  return vm::Value::FromObject(o);
}

// Output budget (DESIGN §1): the value becomes a string with an in-band marker when too long.
std::string TruncateValue(const std::string& json, int64_t limit, bool* truncated) {
  if (static_cast<int64_t>(json.size()) <= limit) return json;
  *truncated = true;
  int64_t over = static_cast<int64_t>(json.size()) - limit;
  std::string marker = absl::StrCat("…[truncated: ", over, " bytes over the ", limit, "-byte limit]");
  size_t keep = static_cast<size_t>(std::max<int64_t>(0, limit - static_cast<int64_t>(marker.size())));
  // Cut at a UTF-8 boundary.
  while (keep > 0 && (static_cast<unsigned char>(json[keep]) & 0xC0) == 0x80) --keep;
  codemode::json::Value s = codemode::json::Value::String(json.substr(0, keep) + marker);
  return codemode::json::Serialize(s);
}

void LimitLines(std::vector<std::string>& lines, int64_t limit, bool* truncated) {
  int64_t used = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    used += static_cast<int64_t>(lines[i].size()) + 1;
    if (used > limit) {
      size_t dropped = lines.size() - i;
      lines.resize(i);
      lines.push_back(absl::StrCat("…[", dropped, " more log line(s) truncated: output limit of ", limit,
                                   " bytes]"));
      *truncated = true;
      return;
    }
  }
}

void ExtractLocation(vm::VM& vm, vm::Value error, uint32_t* line, uint32_t* column) {
  if (!error.IsObject()) return;
  vm::Value stack = vm.GetData(error.AsObject(), vm.KeyFromAtom(vm.atom(vm::AtomId::stack)));
  if (!stack.IsString()) return;
  std::string s = stack.AsString()->ToUtf8();
  size_t at = s.find("<program>:");
  if (at == std::string::npos) return;
  unsigned l = 0, c = 0;
  if (sscanf(s.c_str() + at + 10, "%u:%u", &l, &c) == 2) {
    *line = l;
    *column = c;
  }
}

std::string DescribeReason(vm::VM& vm, vm::Value reason) {
  std::string d = vm.DescribeError(reason);
  if (!d.empty()) return d;
  std::string json;
  vm::VM::ExportStatus st = vm.SerializeForHost(reason, false, &json);
  if (st.ok) return absl::StrCat("Uncaught: ", json);
  if (reason.IsString()) return absl::StrCat("Uncaught: ", reason.AsString()->ToUtf8());
  return "Uncaught: (a value that cannot be shown as JSON)";
}

}  // namespace

absl::Status ValidateLimits(const Limits& l) {
  if (l.timeout_ms <= 0) return absl::InvalidArgumentError("timeoutMs must be a positive number of ms");
  if (l.max_tool_calls < 0) return absl::InvalidArgumentError("maxToolCalls must be >= 0");
  if (l.max_output_bytes <= 0) return absl::InvalidArgumentError("maxOutputBytes must be positive");
  if (l.max_steps < 0) return absl::InvalidArgumentError("maxSteps must be >= 0 (0 = unlimited)");
  if (l.max_memory_bytes < (1 << 20))
    return absl::InvalidArgumentError("maxMemoryBytes must be at least 1048576 bytes");
  return absl::OkStatus();
}

absl::StatusOr<std::unique_ptr<Runtime>> Runtime::Make(RuntimeOptions options) {
  if (auto st = ValidateLimits(options.limits); !st.ok()) return st;
  auto realm = SharedRealm();
  if (!realm.ok()) return realm.status();
  return std::unique_ptr<Runtime>(new Runtime(std::move(options)));
}

Runtime::~Runtime() = default;

Result Runtime::Execute(std::string_view source, std::string run_id) {
  Result result;
  const Limits& limits = options_.limits;
  auto fail = [&](std::string kind, std::string message, uint32_t line = 0, uint32_t col = 0) {
    result.ok = false;
    result.error = Diagnostic{std::move(kind), std::move(message), line, col, {}};
    return result;
  };
  if (source.size() > kMaxSourceBytes)
    return fail("ParseError", absl::StrCat("The program is ", source.size(), " bytes; the limit is ",
                                           kMaxSourceBytes, " bytes"));
  auto realm_or = SharedRealm();
  if (!realm_or.ok()) return fail("ExecutionFailure", std::string(realm_or.status().message()));
  const vm::Realm* realm = *realm_or;

  compiler::CompileOptions copts;
  auto compiled = compiler::CompileJavaScript(source, copts);
  if (auto* err = std::get_if<compiler::CompileError>(&compiled)) {
    return fail(err->kind == compiler::CompileError::Kind::kParseError ? "ParseError" : "UnsupportedSyntax",
                err->message, err->line, err->column);
  }
  auto module = std::make_shared<const bytecode::Module>(std::move(std::get<bytecode::Module>(compiled)));

  auto start = Clock::now();
  auto deadline = start + std::chrono::milliseconds(limits.timeout_ms);
  vm::VmLimits vl;
  vl.max_steps = limits.max_steps > 0 ? static_cast<uint64_t>(limits.max_steps) : UINT64_MAX;
  vl.max_memory_bytes = static_cast<uint64_t>(limits.max_memory_bytes);
  vm::VM vm(realm, vl);
  RunHost host(options_, run_id.empty() ? NewUuid() : std::move(run_id));
  vm.set_host(&host);
  vm.on_check = [deadline](vm::VM& v) {
    if (Clock::now() >= deadline) v.Interrupt(vm::Termination::kTimeout);
  };
  {
    std::vector<std::string> path;
    vm.SetGlobal("tools", BuildToolsObject(vm, options_.tools.root(), path));
  }

  vm::Closure* main = vm.LoadModule(module);
  vm.PushMain(main);
  vm::PromiseObject* top = nullptr;
  while (vm.termination() == vm::Termination::kNone) {
    vm::VM::RunStatus status = vm.Run();
    if (status == vm::VM::RunStatus::kTerminated) break;
    if (status == vm::VM::RunStatus::kYielded) continue;
    if (top == nullptr && vm.main_returned()) {
      vm::Value mv = vm.main_value();
      if (mv.IsObject() && mv.AsObject()->klass() == vm::ObjectClass::kPromise)
        top = static_cast<vm::PromiseObject*>(mv.AsObject());
    }
    if (top == nullptr || top->state != vm::PromiseObject::State::kPending) break;
    if (vm.pending_host_calls() == 0) break;
    // Wait for a completion (or the deadline) and settle it.
    std::unique_lock<std::mutex> lock(host.inbox().mu);
    if (!host.inbox().cv.wait_until(lock, deadline, [&] { return !host.inbox().items.empty(); })) {
      vm.Terminate(vm::Termination::kTimeout, "time limit exceeded");
      break;
    }
    std::deque<Inbox::Item> items;
    items.swap(host.inbox().items);
    lock.unlock();
    for (auto& item : items) vm.SettleHostCall(item.call_id, item.ok, item.text);
  }
  host.CancelAll();

  result.tool_calls = host.tool_calls();
  result.logs = std::move(host.logs());
  bool truncated = false;
  LimitLines(result.logs, limits.max_output_bytes, &truncated);

  auto report_termination = [&] {
  switch (vm.termination()) {
      case vm::Termination::kNone:
        break;
      case vm::Termination::kTimeout:
        fail("TimeoutExceeded", absl::StrCat("The program ran longer than ", limits.timeout_ms,
                                             " ms (timeoutMs)"));
        break;
      case vm::Termination::kStepLimit:
        fail("StepLimitExceeded", absl::StrCat("The program ran more than ", limits.max_steps,
                                               " steps (maxSteps)"));
        break;
      case vm::Termination::kMemoryLimit:
        fail("MemoryLimitExceeded", absl::StrCat("The program used more than ", limits.max_memory_bytes,
                                                 " bytes of memory (maxMemoryBytes)"));
        break;
      case vm::Termination::kInterrupted: {
        std::string m = vm.termination_message();
        size_t colon = m.find(": ");
        if (colon != std::string::npos && m.compare(0, colon, "ToolCallLimitExceeded") == 0) {
          fail("ToolCallLimitExceeded", m.substr(colon + 2));
        } else {
          fail("ExecutionFailure", m);
        }
        break;
      }
      case vm::Termination::kUnsupported:
        fail("UnsupportedSyntax", vm.termination_message(), vm.termination_line(), vm.termination_column());
        break;
      case vm::Termination::kInternal:
        fail("ExecutionFailure", absl::StrCat("internal error: ", vm.termination_message()));
        break;
    }
  };
  report_termination();
  if (vm.termination() == vm::Termination::kNone) {
    if (top == nullptr) {
      fail("ExecutionFailure", "the program did not start");
    } else if (vm.has_uncaught_job_error()) {
      vm::Value e = vm.uncaught_job_error();
      uint32_t line = 0, col = 0;
      ExtractLocation(vm, e, &line, &col);
      fail("ExecutionFailure", DescribeReason(vm, e), line, col);
    } else if (top->state == vm::PromiseObject::State::kFulfilled) {
      std::string json;
      vm::VM::ExportStatus st = vm.SerializeForHost(top->result, true, &json);
      if (!st.ok && st.needs_code) {
        // Getters in the value: copy it to plain data with program code, then serialize the copy.
        vm::Value helper = realm->intrinsics().helpers[static_cast<int>(vm::HelperId::kExportSlow)];
        vm::Value arg = top->result;
        vm::VM::Completion c = vm.CallToCompletion(helper, vm::Value::Undefined(), std::span(&arg, 1));
        if (vm.termination() != vm::Termination::kNone) {
          report_termination();  // a limit hit by a getter while exporting is that limit
          st.ok = true;
          json.clear();
        } else if (!c.ok) {
          st = {false, false, absl::StrCat("a getter threw: ", DescribeReason(vm, c.value)), "value"};
        } else {
          st = vm.SerializeForHost(c.value, true, &json);
        }
      }
      if (vm.termination() != vm::Termination::kNone) {
        // Reported above.
      } else if (!st.ok) {
        fail("InvalidDataValue", absl::StrCat("The result cannot be returned: ", st.error, " at ", st.path));
      } else {
        result.ok = true;
        result.value_json = TruncateValue(json, limits.max_output_bytes, &truncated);
      }
    } else if (top->state == vm::PromiseObject::State::kRejected) {
      vm::Value reason = top->result;
      std::string kind = vm.ErrorKindOf(reason);
      if (kind.empty()) kind = "ExecutionFailure";
      uint32_t line = 0, col = 0;
      ExtractLocation(vm, reason, &line, &col);
      std::string message = DescribeReason(vm, reason);
      if (kind == "ExecutionFailure" && line > 0) absl::StrAppend(&message, " (line ", line, ", col ", col, ")");
      fail(kind, message, line, col);
      if (kind == "UnknownTool") result.error.suggestions = host.suggestions();
    } else {
      fail("ExecutionFailure", "The program's result never settled: it awaited a promise that nothing resolves");
    }
  }
  // Unhandled rejections of un-awaited promises, in creation order.
  {
    auto rejected = vm.UnhandledRejections();
    std::sort(rejected.begin(), rejected.end(),
              [](vm::PromiseObject* a, vm::PromiseObject* b) { return a->serial < b->serial; });
    int64_t used = 0;
    for (auto* p : rejected) {
      if (p == top) continue;
      std::string msg = absl::StrCat("Unhandled rejection from an un-awaited promise: ",
                                     DescribeReason(vm, p->result));
      used += static_cast<int64_t>(msg.size());
      if (used > limits.max_output_bytes) {
        result.warnings.push_back({"Truncated", "Further warnings were truncated (output limit)", 0, 0, {}});
        truncated = true;
        break;
      }
      result.warnings.push_back({"ExecutionFailure", std::move(msg), 0, 0, {}});
    }
  }
  result.truncated = truncated;
  return result;
}

namespace {
namespace json = codemode::json;

json::Value DiagnosticJson(const Diagnostic& d) {
  json::Object o;
  o.Set("kind", json::Value::String(d.kind));
  o.Set("message", json::Value::String(d.message));
  if (d.line > 0) {
    json::Object loc;
    loc.Set("line", json::Value::Integer(d.line));
    loc.Set("column", json::Value::Integer(d.column));
    o.Set("location", json::Value::FromObject(std::move(loc)));
  }
  if (!d.suggestions.empty()) {
    json::Array s;
    for (auto& x : d.suggestions) s.push_back(json::Value::String(x));
    o.Set("suggestions", json::Value::FromArray(std::move(s)));
  }
  return json::Value::FromObject(std::move(o));
}
}  // namespace

std::string Result::ToJson(int indent) const {
  json::Object o;
  o.Set("ok", json::Value::Bool(ok));
  // A value holding a lone surrogate (escaped as \udXXX, which UTF-8 JSON values cannot hold) is spliced
  // in as text instead, so it is never turned into a different value.
  std::optional<std::string> raw_value;
  if (ok) {
    json::ParseOptions popts;
    popts.max_depth = 1024;
    auto v = json::Parse(value_json, popts);
    if (v.ok()) {
      o.Set("value", std::move(*v));
    } else {
      raw_value = value_json;
      o.Set("value", json::Value::Null());
    }
  } else {
    o.Set("error", DiagnosticJson(error));
  }
  if (!warnings.empty()) {
    json::Array w;
    for (auto& d : warnings) w.push_back(DiagnosticJson(d));
    o.Set("warnings", json::Value::FromArray(std::move(w)));
  }
  if (!logs.empty()) {
    json::Array l;
    for (auto& s : logs) l.push_back(json::Value::String(s));
    o.Set("logs", json::Value::FromArray(std::move(l)));
  }
  if (truncated) o.Set("truncated", json::Value::Bool(true));
  json::Array calls;
  for (auto& c : tool_calls) calls.push_back(json::Value::String(c));
  o.Set("toolCalls", json::Value::FromArray(std::move(calls)));
  json::Value root = json::Value::FromObject(std::move(o));
  if (raw_value) {
    std::string text = json::Serialize(root);
    const std::string placeholder = "\"value\":null";
    size_t at = text.find(placeholder);
    if (at != std::string::npos) text.replace(at, placeholder.size(), "\"value\":" + *raw_value);
    return text;
  }
  return indent > 0 ? json::SerializePretty(root, indent) : json::Serialize(root);
}

}  // namespace codemode
