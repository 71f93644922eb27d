// Runtime and Program: compile a program, build its VM over the shared realm (or restore one from a
// snapshot), drive the event loop over host calls (completions arrive on tool threads into the inbox),
// keep the call table, suspend at step boundaries, enforce the run's limits and turn the outcome into a
// Result (DESIGN §1, §5, §6).
#include "runtime/runtime.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <span>
#include <variant>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/time/time.h"
#include "compiler/compile.h"
#include "runtime/module_image.h"
#include "runtime/prelude.h"
#include "snapshot/snapshot.h"
#include "tools/json.h"
#include "tools/search.h"
#include "tools/signature.h"
#include "vm/lua/table.h"
#include "vm/realm.h"
#include "vm/vm.h"

namespace codemode {

namespace {

vm::Value ToolCallNative(vm::VM& vm, vm::CallArgs& args);
vm::Value LuaToolCallNative(vm::VM& vm, vm::CallArgs& args);
vm::Value SearchNative(vm::VM& vm, vm::CallArgs& args);
vm::Value SearchThenNative(vm::VM& vm, vm::CallArgs& args);
vm::Value LuaSearchNative(vm::VM& vm, vm::CallArgs& args);
int64_t SystemClockMs();

// Loads an IANA zone after ValidateTimeZone's checks (absl/cctz caches loaded zones process-wide).
absl::StatusOr<absl::TimeZone> LoadZone(std::string_view name) {
  if (auto st = ValidateTimeZone(name); !st.ok()) return st;
  absl::TimeZone tz;
  if (!absl::LoadTimeZone(std::string(name), &tz))
    return absl::InvalidArgumentError(absl::StrCat("unknown time zone \"", std::string(name), "\""));
  return tz;
}

using Clock = std::chrono::steady_clock;

// The process-wide realm (DESIGN §3.3), built on first use.
absl::StatusOr<const vm::Realm*> SharedRealm() {
  static std::once_flag once;
  // Never destroyed: freeing the realm's heap at process exit cost ~0.4 ms of every process and
  // frees nothing the exit would not (the pointer stays reachable, so leak checkers do not report it).
  static vm::Realm* realm = nullptr;
  static absl::Status status;
  std::call_once(once, [] {
    // The preludes were compiled when the engine was built (runtime/prelude_image_main.cc); decoding
    // them costs well under a millisecond where compiling the JS prelude cost ~20 ms of every process.
    auto decoded = DecodeModuleImage(PreludeImage());
    if (!decoded.ok()) {
      status = absl::InternalError(absl::StrCat("prelude image: ", decoded.status().message()));
      return;
    }
    auto module = std::make_shared<const bytecode::Module>(std::move(*decoded));
    auto lua_decoded = DecodeModuleImage(LuaPreludeImage());
    if (!lua_decoded.ok()) {
      status = absl::InternalError(
          absl::StrCat("Lua prelude image: ", lua_decoded.status().message()));
      return;
    }
    auto lua_module = std::make_shared<const bytecode::Module>(std::move(*lua_decoded));
    auto r = vm::Realm::Create(module, lua_module);
    if (!r.ok()) {
      status = r.status();
      return;
    }
    realm = r->release();
    snapshot::RegisterNative(ToolCallNative, "tools call");  // run-created natives need stable ids
    snapshot::RegisterNative(LuaToolCallNative, "lua tools call");
    snapshot::RegisterNative(SearchNative, "search");
    snapshot::RegisterNative(SearchThenNative, "search result then");
    snapshot::RegisterNative(LuaSearchNative, "lua search");
    for (const auto& [fn, name] : vm::LuaRunTimeNatives()) snapshot::RegisterNative(fn, name);
  });
  if (!status.ok()) return status;
  return realm;
}

std::string NewUuid() {
  // One generator per thread, seeded once: a std::random_device per run costs ~9 µs (bench/).
  thread_local std::mt19937_64 gen = [] {
    std::random_device rd;
    std::seed_seq seq{rd(), rd(), rd(), rd()};
    return std::mt19937_64(seq);
  }();
  uint64_t a = gen(), b = gen();
  a = (a & 0xFFFFFFFFFFFF0FFFull) | 0x0000000000004000ull;
  b = (b & 0x3FFFFFFFFFFFFFFFull) | 0x8000000000000000ull;
  return absl::StrFormat("%08x-%04x-%04x-%04x-%012x", a >> 32, (a >> 16) & 0xFFFF, a & 0xFFFF,
                         b >> 48, b & 0xFFFFFFFFFFFFull);
}

// Completions of host calls, filled from tool threads, drained by the run's thread.
struct Inbox {
  struct Item {
    enum class Kind : uint8_t { kSettled, kDurableStarted };
    uint64_t call_id;
    Kind kind;
    bool ok;
    std::string text;  // output JSON / failure message; for kDurableStarted the data JSON
  };
  std::mutex mu;
  std::condition_variable cv;
  std::deque<Item> items;
  bool wake = false;  // set (under mu) to wake the run thread without an item (a suspend request)

  void Push(Item item) {
    {
      std::lock_guard<std::mutex> lock(mu);
      items.push_back(std::move(item));
    }
    cv.notify_all();
  }
  void Wake() {
    {
      std::lock_guard<std::mutex> lock(mu);
      wake = true;
    }
    cv.notify_all();
  }
};

using CallState = snapshot::CallEntry::State;

// One admitted host call (the call table of DESIGN §1).
struct CallRecord {
  uint64_t id = 0;
  std::string key;
  std::vector<std::string> path;
  const tools::Tool* tool = nullptr;
  CallState state = CallState::kQueued;
  bool durable_starting = false;  // a durable call whose `start` has not completed (blocks suspend)
  std::string input_json;
  std::string data_json;
  tools::CallHandle handle;
};


class RunHost : public vm::Host {
 public:
  RunHost(const RuntimeOptions& options, std::string run_id, Limits limits, Language language)
      : options_(options),
        limits_(limits),
        run_id_(std::move(run_id)),
        language_(language),
        inbox_(std::make_shared<Inbox>()) {}

  ~RunHost() override { CancelAll(); }

  void set_vm(vm::VM* vm) { vm_ = vm; }

  // Admits a host call (DESIGN §1): the maxToolCalls check, then a call id (its key is
  // "<runId>:<id>"), `listed` in the Result's toolCalls, roundtrip mode's snapshot right after it,
  // and the before hook with `path` (admitted calls count even when the hook denies them). Returns
  // the id, or 0 with `refused` filled (ToolCallLimitExceeded terminates; ApprovalDenied).
  uint64_t Admit(std::string listed, const std::string& path, const std::string& input_json,
                 tools::ToolKind kind, StartResult* refused) {
    refused->ok = false;
    if (static_cast<int64_t>(tool_calls_.size()) >= limits_.max_tool_calls) {
      refused->kind = "ToolCallLimitExceeded";
      refused->message = absl::StrCat("The program made more than ", limits_.max_tool_calls,
                                      " tool calls (maxToolCalls)");
      refused->terminate = true;
      return 0;
    }
    uint64_t id = ++next_call_id_;
    tool_calls_.push_back(std::move(listed));
    if (options_.roundtrip && vm_ != nullptr) {
      roundtrip_due_ = true;
      vm_->YieldAtStep(vm_->steps() + 1);  // roundtrip right after this host call
    }
    if (options_.hooks.before) {
      // Admitted (it has its key and counts toward maxToolCalls), but not yet sent to the tool.
      HostCallInfo info{path, input_json, absl::StrCat(run_id_, ":", id), kind};
      absl::Status approval = options_.hooks.before(info);
      if (!approval.ok()) {
        refused->kind = "ApprovalDenied";
        refused->message =
            approval.message().empty()
                ? absl::StrCat(info.path, " (", info.key, ") was denied by a before hook")
                : std::string(approval.message());
        denials_.push_back(refused->message);
        return 0;
      }
    }
    refused->ok = true;
    return id;
  }

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
    uint64_t id = Admit(tools::JoinPath(path), "tools." + tools::JoinPath(path), input_json,
                        (*tool)->kind, &r);
    if (id == 0) return r;
    CallRecord& rec = calls_[id];
    rec.id = id;
    rec.key = absl::StrCat(run_id_, ":", id);
    rec.path = path;
    rec.tool = *tool;
    rec.input_json = std::move(input_json);
    Launch(rec);
    r.call_id = id;
    return r;
  }

  // `search(...)`: a host call answered at once from the catalog (tools/search.h), in the run's
  // language. It is admitted like a tool call — it counts toward maxToolCalls, is listed in the
  // Result's toolCalls as "search", has a key and passes the before/after hooks with path "search"
  // — but never waits, so it is never in flight at a suspend.
  SearchResult Search(std::string input_json) override {
    SearchResult r;
    StartResult admission;
    uint64_t id = Admit("search", "search", input_json, tools::ToolKind::kPlain, &admission);
    if (id == 0) {
      r.ok = false;
      r.kind = std::move(admission.kind);
      r.message = std::move(admission.message);
      r.terminate = admission.terminate;
      return r;
    }
    HostCallInfo info{"search", input_json, absl::StrCat(run_id_, ":", id),
                      tools::ToolKind::kPlain};
    CallEnding ending;
    auto request = tools::ParseSearchRequest(input_json);
    absl::StatusOr<tools::SearchResult> found =
        request.ok()
            ? tools::Search(options_.tools, *request,
                            language_ == Language::kLua ? tools::SignatureLanguage::kLua
                                                        : tools::SignatureLanguage::kTypeScript)
            : absl::StatusOr<tools::SearchResult>(request.status());
    if (found.ok()) {
      r.output_json = tools::SearchResultToJson(*found);
      ending.value_json = r.output_json;
    } else {
      r.ok = false;
      r.kind = "InvalidToolInput";
      r.message = std::string(found.status().message());  // "search: …" (tools/search.h)
      ending.kind = CallEnding::Kind::kFailure;
      ending.message = r.message;
    }
    if (options_.hooks.after) options_.hooks.after(info, ending);
    return r;
  }

  int64_t WallClockMs() override {
    return options_.wall_clock_ms ? options_.wall_clock_ms() : SystemClockMs();
  }

  // Lua os.clock(): the run's active time (Program::State::ActiveMs, set with set_active_ms).
  int64_t ActiveMs() override { return active_ms_ ? active_ms_() : 0; }
  void set_active_ms(std::function<int64_t()> f) { active_ms_ = std::move(f); }

  void Log(std::string_view level, std::string line) override {
    std::string prefix;
    if (level == "warn") prefix = "[warn] ";
    if (level == "error") prefix = "[error] ";
    logs_.push_back(prefix + line);
  }

  // Starts (or, after a resume, restarts) the work of a call by its tool's kind.
  void Launch(CallRecord& rec) {
    tools::CallRequest req;
    req.key = rec.key;
    req.path = rec.path;
    req.input_json = rec.input_json;
    std::weak_ptr<Inbox> weak = inbox_;
    uint64_t id = rec.id;
    switch (rec.tool->kind) {
      case tools::ToolKind::kPlain:
      case tools::ToolKind::kIdempotent:
        rec.state = rec.tool->kind == tools::ToolKind::kPlain ? CallState::kRunning
                                                              : CallState::kIdempotentRunning;
        rec.handle = tools::StartCall(*rec.tool, std::move(req), [weak, id](tools::CallOutcome out) {
          if (auto inbox = weak.lock()) inbox->Push(ToItem(id, Inbox::Item::Kind::kSettled, out));
        });
        break;
      case tools::ToolKind::kDurable:
        rec.state = CallState::kRunning;
        rec.durable_starting = true;
        rec.handle = tools::StartCall(*rec.tool, std::move(req), [weak, id](tools::CallOutcome out) {
          if (auto inbox = weak.lock())
            inbox->Push(ToItem(id, Inbox::Item::Kind::kDurableStarted, out));
        });
        break;
    }
  }

  // durable-started: wait(data) reconnects to the job (also after every resume).
  void StartWait(CallRecord& rec) {
    rec.state = CallState::kDurableStarted;
    rec.durable_starting = false;
    tools::DurableRequest req;
    req.key = rec.key;
    req.path = rec.path;
    req.data_json = rec.data_json;
    std::weak_ptr<Inbox> weak = inbox_;
    uint64_t id = rec.id;
    rec.handle = tools::StartDurableWait(*rec.tool, std::move(req), [weak, id](tools::CallOutcome out) {
      if (auto inbox = weak.lock()) inbox->Push(ToItem(id, Inbox::Item::Kind::kSettled, out));
    });
  }

  static Inbox::Item ToItem(uint64_t id, Inbox::Item::Kind kind, tools::CallOutcome& out) {
    if (out.ok()) return {id, kind, true, std::move(*out)};
    return {id, kind, false, std::string(out.status().message())};
  }

  // The after hook for `rec` (run thread only).
  void After(const CallRecord& rec, CallEnding::Kind kind, const std::string& text) {
    if (!options_.hooks.after) return;
    HostCallInfo info{"tools." + tools::JoinPath(rec.path), rec.input_json, rec.key, rec.tool->kind};
    CallEnding ending;
    ending.kind = kind;
    (kind == CallEnding::Kind::kSuccess ? ending.value_json : ending.message) = text;
    options_.hooks.after(info, ending);
  }

  // Applies one completion on the run thread (after hook first, then the program sees it).
  void Apply(vm::VM& vm, Inbox::Item& item) {
    auto it = calls_.find(item.call_id);
    if (it == calls_.end()) return;  // e.g. a late completion of a call the run no longer tracks
    CallRecord& rec = it->second;
    if (item.kind == Inbox::Item::Kind::kDurableStarted) {
      if (!item.ok) {
        After(rec, CallEnding::Kind::kFailure, item.text);
        vm.SettleHostCall(rec.id, false, item.text);
        calls_.erase(it);
        return;
      }
      rec.data_json = std::move(item.text);
      StartWait(rec);
      return;
    }
    After(rec, item.ok ? CallEnding::Kind::kSuccess : CallEnding::Kind::kFailure, item.text);
    vm.SettleHostCall(rec.id, item.ok, item.text);
    calls_.erase(it);
  }

  // Calls that prevent a suspend: plain tools running, durable tools still in `start`.
  std::vector<std::pair<std::string, std::string>> Blocking(const std::deque<Inbox::Item>& inbox) const {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& [id, rec] : calls_) {
      if (rec.state != CallState::kRunning) continue;
      bool done = false;  // its completion already waits in the inbox
      for (const auto& item : inbox)
        if (item.call_id == id) done = true;
      if (!done) out.emplace_back(rec.key, "tools." + tools::JoinPath(rec.path));
    }
    return out;
  }

  // The call table as saved in a snapshot. Unapplied inbox items become settled-in-inbox (or
  // durable-started, for a `start` that finished); idempotent calls running are saved as queued.
  std::vector<snapshot::CallEntry> Table(const std::deque<Inbox::Item>& inbox) const {
    std::vector<snapshot::CallEntry> out;
    for (const auto& [id, rec] : calls_) {
      snapshot::CallEntry e;
      e.call_id = id;
      e.key = rec.key;
      e.path = rec.path;
      e.state = rec.state == CallState::kIdempotentRunning ? CallState::kQueued : rec.state;
      e.input_json = rec.input_json;
      e.durable_data_json = rec.data_json;
      for (const auto& item : inbox) {
        if (item.call_id != id) continue;
        if (item.kind == Inbox::Item::Kind::kDurableStarted && item.ok) {
          e.state = CallState::kDurableStarted;
          e.durable_data_json = item.text;
        } else {
          e.state = CallState::kSettledInInbox;
          e.settled_ok = item.ok;
          e.settled_text = item.text;
        }
      }
      out.push_back(std::move(e));
    }
    return out;
  }

  // After a resume: rebuild the table and restart what must run again.
  void RestoreTable(const std::vector<snapshot::CallEntry>& entries, std::string* error) {
    for (const auto& e : entries) {
      const tools::Tool* tool = options_.tools.Find(e.path);
      if (tool == nullptr) {
        *error = absl::StrCat("the snapshot has a call of tools.", tools::JoinPath(e.path),
                              ", which this runtime's tools do not have");
        return;
      }
      CallRecord& rec = calls_[e.call_id];
      rec.id = e.call_id;
      rec.key = e.key;
      rec.path = e.path;
      rec.tool = tool;
      rec.input_json = e.input_json;
      rec.data_json = e.durable_data_json;
      rec.state = e.state;
    }
    for (auto& [id, rec] : calls_) {
      switch (rec.state) {
        case CallState::kQueued:
          Launch(rec);  // the same key; not counted again against maxToolCalls
          break;
        case CallState::kDurableStarted:
          if (rec.tool->kind != tools::ToolKind::kDurable) {
            *error = absl::StrCat("tools.", tools::JoinPath(rec.path), " is no longer a durable tool");
            return;
          }
          StartWait(rec);
          break;
        case CallState::kSettledInInbox:
          break;  // pushed by the caller from the entries
        default:
          *error = absl::StrCat("the snapshot has call ", rec.key, " in a state that cannot be resumed");
          return;
      }
    }
    for (const auto& e : entries)
      if (e.state == CallState::kSettledInInbox)
        inbox_->Push({e.call_id, Inbox::Item::Kind::kSettled, e.settled_ok, e.settled_text});
  }

  // Suspend: stop idempotent calls and durable waits (never `cancel`), forget the table.
  void Detach() {
    for (auto& [id, rec] : calls_) rec.handle.Cancel();
    calls_.clear();
  }

  // The run really ended: durable jobs still unsettled are cancelled (bounded wait for the cancels);
  // every call the program did not see settle gets its after hook with kInterrupted and `reason`.
  void CancelForReal(std::string_view reason) {
    // A `start` that finished but was not applied yet still left a job behind: learn its data first.
    {
      std::lock_guard<std::mutex> lock(inbox_->mu);
      for (auto& item : inbox_->items) {
        auto it = calls_.find(item.call_id);
        if (it == calls_.end() || item.kind != Inbox::Item::Kind::kDurableStarted || !item.ok) continue;
        it->second.data_json = item.text;
        it->second.state = CallState::kDurableStarted;
        it->second.durable_starting = false;
      }
      inbox_->items.clear();
    }
    auto done = std::make_shared<Inbox>();
    int pending = 0;
    for (auto& [id, rec] : calls_) {
      rec.handle.Cancel();
      After(rec, CallEnding::Kind::kInterrupted, std::string(reason));
      if (rec.tool->kind != tools::ToolKind::kDurable || rec.state != CallState::kDurableStarted) continue;
      tools::DurableRequest req;
      req.key = rec.key;
      req.path = rec.path;
      req.data_json = rec.data_json;
      ++pending;
      uint64_t cid = id;
      std::weak_ptr<Inbox> weak = done;
      cancels_.push_back(
          tools::StartDurableCancel(*rec.tool, std::move(req), [weak, cid](tools::CallOutcome out) {
            if (auto inbox = weak.lock()) inbox->Push(ToItem(cid, Inbox::Item::Kind::kSettled, out));
          }));
    }
    calls_.clear();
    if (pending == 0) return;
    std::unique_lock<std::mutex> lock(done->mu);
    done->cv.wait_for(lock, std::chrono::seconds(10),
                      [&] { return static_cast<int>(done->items.size()) >= pending; });
  }

  void CancelAll() {
    for (auto& [id, rec] : calls_) rec.handle.Cancel();
  }

  Inbox& inbox() { return *inbox_; }
  std::shared_ptr<Inbox> inbox_shared() { return inbox_; }
  std::map<uint64_t, CallRecord>& calls() { return calls_; }
  std::vector<std::string>& tool_calls() { return tool_calls_; }
  std::vector<std::string>& logs() { return logs_; }
  std::vector<std::string>& suggestions() { return suggestions_; }
  // Messages of calls denied by the before hook (Lua: an uncaught one is reported as ApprovalDenied).
  std::vector<std::string>& denials() { return denials_; }
  uint64_t& next_call_id() { return next_call_id_; }
  const std::string& run_id() const { return run_id_; }
  bool TakeRoundtripDue() {
    bool d = roundtrip_due_;
    roundtrip_due_ = false;
    return d;
  }

 private:
  const RuntimeOptions& options_;
  Limits limits_;
  std::string run_id_;
  Language language_;
  std::shared_ptr<Inbox> inbox_;
  vm::VM* vm_ = nullptr;
  std::map<uint64_t, CallRecord> calls_;
  std::vector<tools::CallHandle> cancels_;
  std::vector<std::string> tool_calls_;
  std::vector<std::string> logs_;
  std::vector<std::string> suggestions_;
  std::vector<std::string> denials_;
  uint64_t next_call_id_ = 0;
  bool roundtrip_due_ = false;
  std::function<int64_t()> active_ms_;
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

// Lua: `tools.ns.name(args)` looks synchronous (DESIGN §4): the native starts the host call and the
// calling Lua frames wait for its settlement (VM::LuaWaitHostCall); a failure is a Lua error carrying
// the tool's message.
vm::Value LuaToolCallNative(vm::VM& vm, vm::CallArgs& args) {
  auto* self = static_cast<vm::NativeFunction*>(args.callee);
  std::vector<std::string> path;
  for (auto& v : self->data.AsObject()->elements()) path.push_back(v.AsString()->ToUtf8());
  std::string dotted = tools::JoinPath(path);
  if (args.argc > 1)
    return vm.LuaError(absl::StrCat("tools.", dotted, " takes one argument (a table), got ", args.argc));
  std::string input = "{}";
  if (args.argc == 1 && !args.argv[0].IsUndefined()) {
    vm::Value a = args.argv[0];
    bool table = a.IsObject() && a.AsObject()->klass() == vm::ObjectClass::kLuaTable &&
                 a.AsObject() != vm.realm().intrinsics().lua_json_null;
    if (!table) return vm.LuaError(absl::StrCat("tools.", dotted, " expects a table argument"));
    vm::VM::ExportStatus st = vm.SerializeLua(a, &input);
    if (!st.ok)
      return vm.LuaError(absl::StrCat("tools.", dotted, ": the argument cannot be sent as JSON: ",
                                      st.error, " at ", st.path));
    if (input == "[]" || input[0] == '[')
      return vm.LuaError(absl::StrCat("tools.", dotted, " expects a table with named fields"));
  }
  vm::Host::StartResult r = vm.host()->StartToolCall(path, std::move(input));
  if (!r.ok) {
    if (r.terminate) {
      vm.Terminate(vm::Termination::kInterrupted, absl::StrCat(r.kind, ": ", r.message));
      return vm::Value::Undefined();
    }
    return vm.LuaError(r.message, 0);
  }
  return vm.LuaWaitHostCall(r.call_id);
}

// `then`/`catch`/`finally` of a search result (magic 0/1/2): the result is data the program can use
// at once, and also a thenable, so `await search(…)` and `search(…).then(…)` work as the seeds
// promise. They go through a promise resolved with a plain copy of the result's own enumerable
// properties (not thenable itself, so the resolution ends there).
vm::Value SearchThenNative(vm::VM& vm, vm::CallArgs& args) {
  if (!args.this_value.IsObject())
    return vm.ThrowTypeError("search result method called on a non-object");
  vm::Object* self = args.this_value.AsObject();
  vm::Object* plain = vm.NewObject();
  for (const vm::PropertyKey& key : vm.OwnKeys(self, true, false, true))
    vm.DefineOwnProperty(plain, key, vm.GetData(self, key), vm::kDefaultAttrs);
  vm::PromiseObject* p = vm.NewPromise();
  vm.ResolvePromiseNow(p, vm::Value::FromObject(plain));
  vm::Object* proto = vm.realm().intrinsics().promise_prototype;
  const auto magic = static_cast<vm::NativeFunction*>(args.callee)->magic;
  vm::Value fn = vm.GetData(proto, magic == 2 ? "finally" : "then");
  vm::Value a[2] = {args[0], args[1]};
  if (magic == 1) {
    a[0] = vm::Value::Undefined();
    a[1] = args[0];
  }
  return vm.TailCall(fn, vm::Value::FromObject(p),
                     std::span<const vm::Value>(a, magic == 2 ? 1 : 2));
}

// JavaScript's `search(query)` (DESIGN §1, §6): the host answers at once from the catalog
// (RunHost::Search); the result is returned directly — plain data whose prototype adds then/catch/
// finally (SearchThenNative). The argument: nothing, a string (the query) or an object {query,
// path, limit, offset} sent as JSON. A refused search throws an Error of the refusal's kind.
vm::Value SearchNative(vm::VM& vm, vm::CallArgs& args) {
  auto fail = [&](std::string kind, const std::string& message) {
    vm::Object* e = vm.NewError(vm::ErrorType::kError, message);
    vm.MarkErrorKind(e, std::move(kind));
    return vm.Throw(vm::Value::FromObject(e));
  };
  if (args.argc > 1)
    return fail("InvalidToolInput", absl::StrCat("search takes one argument (a query string or an "
                                                 "object), got ",
                                                 args.argc));
  std::string input = "{}";
  if (args.argc == 1 && !args.argv[0].IsNullish()) {
    // JSON.stringify would drop a function or a symbol and so browse everything: refuse them.
    if (args.argv[0].IsSymbol() || vm.IsCallable(args.argv[0]))
      return fail("InvalidToolInput",
                  "search: expected a query string or an object {query?, path?, limit?, offset?}");
    vm::VM::ExportStatus st = vm.SerializeForHost(args.argv[0], false, &input);
    if (!st.ok)
      return fail("InvalidToolInput",
                  st.needs_code
                      ? std::string("search: the argument must be plain data (no getters or "
                                    "toJSON)")
                      : absl::StrCat("search: the argument cannot be sent as JSON: ", st.error));
  }
  vm::Host::SearchResult r = vm.host()->Search(std::move(input));
  if (!r.ok) {
    if (r.terminate) {
      vm.Terminate(vm::Termination::kInterrupted, absl::StrCat(r.kind, ": ", r.message));
      return vm::Value::Undefined();
    }
    return fail(r.kind, r.message);
  }
  vm::Value v;
  std::string error;
  if (!vm.ParseJsonForHost(r.output_json, &v, &error) || !v.IsObject())
    return fail("InvalidToolOutput", absl::StrCat("search: ", error));
  vm::Object* proto = vm.NewObject();
  vm.DefineMethod(proto, "then", SearchThenNative, 2, 0);
  vm.DefineMethod(proto, "catch", SearchThenNative, 1, 1);
  vm.DefineMethod(proto, "finally", SearchThenNative, 1, 2);
  v.AsObject()->set_proto(proto);
  return v;
}

// Lua's `search(query)`: the same host call; the result is a table, returned directly. The
// argument: nothing, a string (the query) or a table {query = …, path = …, limit = …, offset = …};
// a refused search is a Lua error with the message.
vm::Value LuaSearchNative(vm::VM& vm, vm::CallArgs& args) {
  std::string input = "{}";
  if (args.argc >= 1 && !args.argv[0].IsUndefined()) {
    vm::Value a = args.argv[0];
    bool table = a.IsObject() && a.AsObject()->klass() == vm::ObjectClass::kLuaTable &&
                 a.AsObject() != vm.realm().intrinsics().lua_json_null;
    if (!table && !a.IsString())
      return vm.LuaError(absl::StrCat("bad argument #1 to 'search' (table or string expected, got ",
                                      vm.LuaTypeName(a), ")"));
    vm::VM::ExportStatus st = vm.SerializeLua(a, &input);
    if (!st.ok)
      return vm.LuaError(absl::StrCat("search: the argument cannot be sent as JSON: ", st.error,
                                      st.path.empty() ? "" : " at ", st.path));
  }
  vm::Host::SearchResult r = vm.host()->Search(std::move(input));
  if (!r.ok) {
    if (r.terminate) {
      vm.Terminate(vm::Termination::kInterrupted, absl::StrCat(r.kind, ": ", r.message));
      return vm::Value::Undefined();
    }
    return vm.LuaError(r.message, 0);
  }
  vm::Value v;
  std::string error;
  if (!vm.ParseJsonForLua(r.output_json, &v, &error)) return vm.LuaError("search: " + error, 0);
  // The last page's nextOffset is nil, not json.null (a table, so truthy): `while offset do …
  // offset = r.nextOffset end` ends.
  auto* t = static_cast<vm::LuaTable*>(v.AsObject());
  vm::Value next = vm::Value::FromString(vm.NewStringBytes("nextOffset"));
  if (t->Get(next).IsObject()) t->Set(vm.heap(), next, vm::Value::Undefined());
  return v;
}

// Lua's `tools`: a table per namespace, a native per tool (the same tree as the JavaScript one).
vm::Value BuildLuaToolsTable(vm::VM& vm, const tools::Namespace& ns, std::vector<std::string>& path) {
  vm::LuaTable* t = vm.NewLuaTable();
  for (const auto& [name, sub] : ns.namespaces) {
    path.push_back(name);
    t->Set(vm.heap(), vm::Value::FromString(vm.Intern(vm.NewStringBytes(name))),
           BuildLuaToolsTable(vm, sub, path));
    path.pop_back();
  }
  for (const auto& [name, tool] : ns.tools) {
    path.push_back(name);
    vm::NativeFunction* f = vm.NewNative(name, LuaToolCallNative, 1);
    std::vector<vm::Value> parts;
    for (auto& p : path) parts.push_back(vm.Str(p));
    f->data = vm::Value::FromObject(vm.NewArrayFrom(parts));
    t->Set(vm.heap(), vm::Value::FromString(vm.Intern(vm.NewStringBytes(name))), vm::Value::FromObject(f));
    path.pop_back();
  }
  return vm::Value::FromObject(t);
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

// An uncaught "TypeError: tools.x.y is not a function" (a call of a tool the catalog does not have,
// so `tools.x.y` read undefined): what the tree says of the path, and the closest tool names (the
// error the program could catch stays Node.js's TypeError). False when the message is anything
// else.
bool DescribeUnknownTool(const tools::ToolTree& tree, std::string_view message, std::string* out,
                         std::vector<std::string>* suggestions) {
  constexpr std::string_view kError = "TypeError: ", kSuffix = " is not a function";
  if (!message.starts_with("TypeError: tools.") || !message.ends_with(kSuffix)) return false;
  // "tools.x.y" (std::string: Debian's Abseil has its own string_view for StrCat/StrSplit).
  const std::string dotted(
      message.substr(kError.size(), message.size() - kError.size() - kSuffix.size()));
  const std::string rest = dotted.substr(6);  // after "tools."
  if (rest.empty() || rest.find_first_of("[]()\"' ") != std::string::npos) return false;
  std::vector<std::string> path = absl::StrSplit(rest, '.');
  tools::LookupError error;
  if (tree.Lookup(path, &error).ok()) {
    // The path names a tool, so the expression was not that path: e.g. tools["orders.lookup"].
    *out = absl::StrCat(dotted, " is a tool, but the expression called was not ",
                        "that path (a dotted string is not a key of tools); call it as ",
                        tools::ToolExpression(path, tools::SignatureLanguage::kTypeScript), "(…)");
    *suggestions = {rest};
    return true;
  }
  *out = error.message;
  *suggestions = error.suggestions;
  return true;
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


int64_t SystemClockMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

vm::VmLimits ToVmLimits(const Limits& limits, Language language = Language::kJavaScript) {
  vm::VmLimits vl;
  // Lua: deep recursion is ordinary (lua5.4 allows about 200,000 Lua calls); frames are small.
  if (language == Language::kLua) vl.max_call_depth = 200000;
  vl.max_steps = limits.max_steps > 0 ? static_cast<uint64_t>(limits.max_steps) : UINT64_MAX;
  vl.max_memory_bytes = static_cast<uint64_t>(limits.max_memory_bytes);
  return vl;
}

// Compiles a program; on failure fills `result` with the ParseError/UnsupportedSyntax.
std::shared_ptr<const bytecode::Module> CompileProgram(std::string_view source, Result* result,
                                                       Language language = Language::kJavaScript) {
  if (source.size() > kMaxSourceBytes) {
    result->error = {"ParseError",
                     absl::StrCat("The program is ", source.size(), " bytes; the limit is ",
                                  kMaxSourceBytes, " bytes"),
                     0, 0, {}};
    return nullptr;
  }
  compiler::CompileOptions copts;
  if (language == Language::kLua) copts.source_name = "input";
  auto compiled = language == Language::kLua ? compiler::CompileLua(source, copts)
                                             : compiler::CompileJavaScript(source, copts);
  if (auto* err = std::get_if<compiler::CompileError>(&compiled)) {
    result->error = {err->kind == compiler::CompileError::Kind::kParseError ? "ParseError"
                                                                             : "UnsupportedSyntax",
                     err->message, err->line, err->column, {}};
    return nullptr;
  }
  return std::make_shared<const bytecode::Module>(std::move(std::get<bytecode::Module>(compiled)));
}

// Why calls still in flight at the end of a run were interrupted (CallEnding::message).
std::string InterruptReason(vm::Termination t) {
  switch (t) {
    case vm::Termination::kNone:
      return "the run ended before the call settled";
    case vm::Termination::kTimeout:
      return "the run was stopped: TimeoutExceeded";
    case vm::Termination::kStepLimit:
      return "the run was stopped: StepLimitExceeded";
    case vm::Termination::kMemoryLimit:
      return "the run was stopped: MemoryLimitExceeded";
    default:
      return "the run was stopped";
  }
}

Result ErrorResult(std::string kind, std::string message) {
  Result r;
  r.ok = false;
  r.error = {std::move(kind), std::move(message), 0, 0, {}};
  return r;
}

}  // namespace

// ------------------------------------------------------------------------------------------ Program

struct Program::State {
  const RuntimeOptions* options = nullptr;
  const vm::Realm* realm = nullptr;
  Limits limits;
  std::string run_id;
  std::string source;
  std::string bindings_json;
  std::shared_ptr<const bytecode::Module> module;
  Language language = Language::kJavaScript;
  std::unique_ptr<vm::VM> vm;
  std::unique_ptr<RunHost> host;
  std::optional<Result> early;  // compile / snapshot errors, reported by Run()
  std::string resume_bytes;     // Resume(): restored when Run() starts
  bool resumed = false;
  int64_t active_ms_before = 0;  // active time of earlier legs of the run (resume)
  int64_t created_at_ms = 0;
  Clock::time_point leg_start;
  std::string time_zone = "UTC";  // RuntimeOptions::time_zone, or the snapshot's on resume
  absl::TimeZone zone = absl::UTCTimeZone();

  // Suspend handshake (Suspend() on another thread, answered by the run thread at a boundary).
  std::mutex mu;
  std::condition_variable cv;
  enum class Phase { kNew, kRunning, kEnded } phase = Phase::kNew;
  bool suspend_requested = false;
  SuspendOptions suspend_options;
  std::optional<std::variant<Outcome, SuspendError>> answer;
  std::optional<Outcome> final_outcome;
  vm::VM* live_vm = nullptr;  // guarded by mu (roundtrips swap the VM)
  std::shared_ptr<Inbox> live_inbox;  // guarded by mu
  bool park_when_waiting = false;
  uint32_t park_grace_ms = 0;  // RuntimeOptions::park_grace_ms
  // Why the run could not park by itself (the snapshot would pass SuspendOptions::max_bytes): it then
  // runs on in this process and its Result carries a SuspendError warning saying so.
  std::string park_failure;

  // Active time of the run so far, through the runtime's clock (an injected clock makes it
  // deterministic, hence byte-identical snapshots in tests).
  int64_t ClockMs() const {
    if (options->wall_clock_ms) return options->wall_clock_ms();
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now().time_since_epoch()).count();
  }
  int64_t leg_start_ms = 0;
  int64_t ActiveMs() const { return active_ms_before + std::max<int64_t>(0, ClockMs() - leg_start_ms); }

  // The run-level half of the snapshot.
  snapshot::RunInfo Info(const std::deque<Inbox::Item>& inbox) const {
    snapshot::RunInfo info;
    info.run_id = run_id;
    info.language = language == Language::kLua ? "lua" : "js";
    info.source = source;
    info.module_hash = snapshot::ModuleHash(*module);
    info.created_at_ms = created_at_ms;
    info.active_ms = ActiveMs();
    info.admitted_calls = static_cast<int64_t>(host->tool_calls().size());
    info.next_call_id = host->next_call_id();
    info.timeout_ms = limits.timeout_ms;
    info.max_tool_calls = limits.max_tool_calls;
    info.max_output_bytes = limits.max_output_bytes;
    info.max_steps = limits.max_steps;
    info.max_memory_bytes = limits.max_memory_bytes;
    info.calls = host->Table(inbox);
    info.tool_calls = host->tool_calls();
    info.logs = host->logs();
    info.suggestions = host->suggestions();
    info.denials = host->denials();
    info.time_zone = time_zone;
    for (const auto& l : info.logs) info.output_bytes += static_cast<int64_t>(l.size()) + 1;
    return info;
  }

  void SetDeadline(Clock::time_point deadline) {
    vm->on_check = [deadline](vm::VM& v) {
      if (Clock::now() >= deadline) v.Interrupt(vm::Termination::kTimeout);
    };
  }

  void SetVm(std::unique_ptr<vm::VM> next, Clock::time_point deadline) {
    vm = std::move(next);
    vm->set_host(host.get());
    vm->set_time_zone(zone, time_zone);
    host->set_vm(vm.get());
    SetDeadline(deadline);
    std::lock_guard<std::mutex> lock(mu);
    live_vm = vm.get();
    live_inbox = host->inbox_shared();
    if (suspend_requested && !answer) vm->RequestYield();
  }

  std::optional<Outcome> Start(Clock::time_point* deadline);
  std::optional<Outcome> ServeSuspend(bool self_initiated);
  std::optional<std::string> Roundtrip(Clock::time_point deadline);
  Result Finish();
  template <typename FailFn>
  void FinishLua(Result& result, bool& truncated, FailFn& fail);
  Outcome End(Outcome out) {
    std::lock_guard<std::mutex> lock(mu);
    phase = Phase::kEnded;
    final_outcome = out;
    if (suspend_requested && !answer) answer = out;
    live_vm = nullptr;
    live_inbox.reset();
    cv.notify_all();
    return out;
  }
};

Program::Program(std::unique_ptr<State> state) : s_(std::move(state)) {}
Program::~Program() = default;
const std::string& Program::run_id() const { return s_->run_id; }

// Builds (or restores) the VM. Returns an Outcome when the run cannot start.
std::optional<Outcome> Program::State::Start(Clock::time_point* deadline) {
  leg_start = Clock::now();
  leg_start_ms = ClockMs();
  if (early) return Outcome{std::nullopt, *early};
  if (resumed) {
    auto info = snapshot::ReadInfo(resume_bytes, *realm);
    if (!info.ok()) return Outcome{std::nullopt, ErrorResult("SnapshotError", std::string(info.status().message()))};
    run_id = info->run_id;
    source = info->source;
    created_at_ms = info->created_at_ms;
    active_ms_before = info->active_ms;
    limits = {info->timeout_ms, info->max_tool_calls, info->max_output_bytes, info->max_steps,
              info->max_memory_bytes};
    if (!ValidateLimits(limits).ok())
      return Outcome{std::nullopt, ErrorResult("SnapshotError", "snapshot: invalid limits")};
    Result compile_error;
    language = info->language == "lua" ? Language::kLua : Language::kJavaScript;
    // Snapshots from before the zone was recorded ran in UTC.
    time_zone = info->time_zone.empty() ? "UTC" : info->time_zone;
    auto tz = LoadZone(time_zone);
    if (!tz.ok())
      return Outcome{std::nullopt, ErrorResult("SnapshotError",
                                               absl::StrCat("snapshot: ", tz.status().message()))};
    zone = *tz;
    module = CompileProgram(source, &compile_error, language);
    if (module == nullptr || snapshot::ModuleHash(*module) != info->module_hash)
      return Outcome{std::nullopt,
                     ErrorResult("SnapshotError",
                                 "snapshot: the program does not compile to the same bytecode in this engine")};
    auto restored = snapshot::Restore(resume_bytes, *realm, module, ToVmLimits(limits, language));
    if (!restored.ok() && absl::IsResourceExhausted(restored.status()))
      return Outcome{std::nullopt,
                     ErrorResult("MemoryLimitExceeded",
                                 absl::StrCat("The program used more than ", limits.max_memory_bytes,
                                              " bytes of memory (maxMemoryBytes)")) };
    if (!restored.ok())
      return Outcome{std::nullopt, ErrorResult("SnapshotError", std::string(restored.status().message()))};
    resume_bytes.clear();
    host = std::make_unique<RunHost>(*options, run_id, limits, language);
    host->set_active_ms([this] { return ActiveMs(); });
    host->tool_calls() = info->tool_calls;
    host->logs() = info->logs;
    host->suggestions() = info->suggestions;
    host->denials() = info->denials;
    host->next_call_id() = info->next_call_id;
    int64_t remaining = std::max<int64_t>(0, limits.timeout_ms - active_ms_before);
    *deadline = leg_start + std::chrono::milliseconds(remaining);
    SetVm(std::move(*restored), *deadline);
    std::string error;
    host->RestoreTable(info->calls, &error);
    if (!error.empty()) return Outcome{std::nullopt, ErrorResult("SnapshotError", "snapshot: " + error)};
    return std::nullopt;
  }
  created_at_ms = options->wall_clock_ms ? options->wall_clock_ms() : SystemClockMs();
  *deadline = leg_start + std::chrono::milliseconds(limits.timeout_ms);
  host = std::make_unique<RunHost>(*options, run_id, limits, language);
  host->set_active_ms([this] { return ActiveMs(); });
  SetVm(std::make_unique<vm::VM>(realm, ToVmLimits(limits, language)), *deadline);
  vm->SeedRandom(run_id);  // Math.random / math.random: per run, reproducible from the run id
  if (language == Language::kLua) {
    std::vector<std::string> path;
    vm->LuaSetGlobal("tools", BuildLuaToolsTable(*vm, options->tools.root(), path));
    vm->LuaSetGlobal("search", vm::Value::FromObject(vm->NewNative("search", LuaSearchNative, 1)));
    if (!bindings_json.empty()) {
      vm::Value b;
      std::string error;
      bool object = vm->ParseJsonForLua(bindings_json, &b, &error) && b.IsObject() &&
                    !(static_cast<vm::LuaTable*>(b.AsObject())->flags & vm::LuaTable::kJsonArray);
      if (!object)
        return Outcome{std::nullopt,
                       ErrorResult("InvalidDataValue", absl::StrCat("bindings must be a JSON object",
                                                                    error.empty() ? "" : ": ", error))};
      for (const auto& e : static_cast<vm::LuaTable*>(b.AsObject())->entries)
        vm->LuaSetGlobal(e.key.AsString()->bytes(), e.value);
    }
    vm->PushMain(vm->LoadModule(module));
    return std::nullopt;
  }
  {
    std::vector<std::string> path;
    vm->SetGlobal("tools", BuildToolsObject(*vm, options->tools.root(), path));
    vm->SetGlobal("search", vm::Value::FromObject(vm->NewNative("search", SearchNative, 1)));
  }
  if (!bindings_json.empty()) {
    vm::Value b;
    std::string error;
    if (!vm->ParseJsonForHost(bindings_json, &b, &error) || !b.IsObject() ||
        vm->IsArray(b))
      return Outcome{std::nullopt,
                     ErrorResult("InvalidDataValue",
                                 absl::StrCat("bindings must be a JSON object", error.empty() ? "" : ": ", error))};
    for (const auto& key : vm->OwnKeys(b.AsObject())) {
      vm->DefineOwnProperty(vm->global(), key, vm->GetData(b.AsObject(), key), vm::kEnumerable);
    }
  }
  vm->PushMain(vm->LoadModule(module));
  return std::nullopt;
}

// Answers a pending suspend request (or parks the run when `self_initiated`). Returns the Outcome when
// the run is now suspended; nullopt when it goes on (no request, or a SuspendError was answered).
std::optional<Outcome> Program::State::ServeSuspend(bool self_initiated) {
  SuspendOptions opts;
  {
    std::lock_guard<std::mutex> lock(mu);
    if (!self_initiated && (!suspend_requested || answer)) return std::nullopt;
    if (suspend_requested) opts = suspend_options;
  }
  auto reply = [&](std::variant<Outcome, SuspendError> a) {
    std::lock_guard<std::mutex> lock(mu);
    if (suspend_requested && !answer) answer = std::move(a);
    cv.notify_all();
  };
  std::deque<Inbox::Item> inbox_copy;
  {
    std::lock_guard<std::mutex> lock(host->inbox().mu);
    inbox_copy = host->inbox().items;
    host->inbox().wake = false;
  }
  auto blocking = host->Blocking(inbox_copy);
  if (!blocking.empty()) {
    std::vector<std::string> names;
    for (auto& [key, path] : blocking) names.push_back(absl::StrCat(key, " (", path, ")"));
    reply(SuspendError{absl::StrCat("cannot suspend while these calls run: ", absl::StrJoin(names, ", ")),
                       blocking});
    return std::nullopt;
  }
  snapshot::RunInfo info = Info(inbox_copy);
  snapshot::EncodeOptions eopts;
  eopts.max_bytes = opts.max_bytes;
  auto bytes = snapshot::Encode(*vm, info, eopts);
  if (!bytes.ok()) {
    if (self_initiated) park_failure = std::string(bytes.status().message());
    reply(SuspendError{absl::StrCat("cannot suspend: ", bytes.status().message()), {}});
    return std::nullopt;
  }
  // Saved: only now does anything about the run change.
  Suspended s;
  s.run_id = run_id;
  s.state = std::move(*bytes);
  for (const auto& c : info.calls) s.pending.push_back(c.key);
  host->Detach();
  Outcome out{std::move(s), Result{}};
  reply(out);
  return out;
}

// Roundtrip testing: the VM goes through bytes into a brand-new VM. Returns an error message on failure.
std::optional<std::string> Program::State::Roundtrip(Clock::time_point deadline) {
  std::deque<Inbox::Item> inbox_copy;
  {
    std::lock_guard<std::mutex> lock(host->inbox().mu);
    inbox_copy = host->inbox().items;
  }
  snapshot::RunInfo info = Info(inbox_copy);
  auto bytes = snapshot::Encode(*vm, info);
  if (!bytes.ok()) return absl::StrCat("roundtrip: encode: ", bytes.status().message());
  auto info2 = snapshot::ReadInfo(*bytes, *realm);
  if (!info2.ok()) return absl::StrCat("roundtrip: read: ", info2.status().message());
  if (info2->module_hash != info.module_hash || info2->source != source ||
      info2->tool_calls != info.tool_calls || info2->logs != info.logs ||
      info2->next_call_id != info.next_call_id || info2->calls.size() != info.calls.size())
    return std::string("roundtrip: the run information did not survive the snapshot");
  auto restored = snapshot::Restore(*bytes, *realm, module, ToVmLimits(limits, language));
  if (!restored.ok() && absl::IsResourceExhausted(restored.status())) {
    // The heap is over the memory limit; the next limit check of this VM would say so too.
    vm->Terminate(vm::Termination::kMemoryLimit, std::string(restored.status().message()));
    return std::nullopt;
  }
  if (!restored.ok()) return absl::StrCat("roundtrip: restore: ", restored.status().message());
  if ((*restored)->steps() != vm->steps()) return std::string("roundtrip: step counter differs");
  SetVm(std::move(*restored), deadline);
  return std::nullopt;
}

Outcome Program::Run() {
  State& s = *s_;
  {
    std::lock_guard<std::mutex> lock(s.mu);
    if (s.phase != State::Phase::kNew)
      return Outcome{std::nullopt,
                     ErrorResult("ExecutionFailure", "usage: Program::Run() was already called")};
    s.phase = State::Phase::kRunning;
  }
  Clock::time_point deadline;
  if (auto early = s.Start(&deadline)) return s.End(*early);
  const bool roundtrip = s.options->roundtrip;
  // Roundtrip mode: every `base` steps, backing off geometrically while one roundtrip costs more than
  // the execution since the previous one (a big heap in a long loop would otherwise make the mode
  // quadratic), and at every host call. Time spent in roundtrips extends the deadline, so limits see
  // the run's own time only.
  const uint64_t base = std::max<uint64_t>(1, s.options->roundtrip_steps);
  uint64_t every = base;
  Clock::time_point last_roundtrip = Clock::now();
  auto do_roundtrip = [&]() -> std::optional<std::string> {
    Clock::time_point t0 = Clock::now();
    auto err = s.Roundtrip(deadline);
    Clock::time_point t1 = Clock::now();
    deadline += t1 - t0;
    s.SetDeadline(deadline);
    double cost = std::chrono::duration<double>(t1 - t0).count();
    double ran = std::max(1e-6, std::chrono::duration<double>(t0 - last_roundtrip).count());
    if (cost > ran) {
      // Scale the interval so the next stretch of execution takes about as long as a roundtrip.
      double factor = std::min(2.0 * cost / ran, 65536.0);
      every = static_cast<uint64_t>(std::min(static_cast<double>(every) * factor, 1e12));
    } else if (cost * 4 < ran && every > base) {
      every = std::max(base, every / 2);
    }
    last_roundtrip = t1;
    return err;
  };
  if (roundtrip) s.vm->YieldAtStep(s.vm->steps() + every);
  if (auto suspended = s.ServeSuspend(false)) return s.End(*suspended);

  std::optional<Clock::time_point> park_at;  // when the run parks if it still only waits then
  while (s.vm->termination() == vm::Termination::kNone) {
    vm::VM::RunStatus status = s.vm->Run();
    if (status == vm::VM::RunStatus::kTerminated) break;
    if (status == vm::VM::RunStatus::kYielded) {
      if (auto suspended = s.ServeSuspend(false)) return s.End(*suspended);
      if (roundtrip) {
        s.host->TakeRoundtripDue();
        if (auto err = do_roundtrip()) {
          Result r = ErrorResult("ExecutionFailure", "internal error: " + *err);
          r.tool_calls = s.host->tool_calls();
          s.host->CancelForReal("the run stopped on an internal error");
          return s.End(Outcome{std::nullopt, std::move(r)});
        }
        s.vm->YieldAtStep(s.vm->steps() + every);
      }
      continue;
    }
    // Read afresh each time: a roundtrip replaces the VM (and every heap pointer).
    vm::PromiseObject* top = nullptr;
    if (s.vm->main_returned()) {
      vm::Value mv = s.vm->main_value();
      if (mv.IsObject() && mv.AsObject()->klass() == vm::ObjectClass::kPromise)
        top = static_cast<vm::PromiseObject*>(mv.AsObject());
    }
    if (!s.vm->lua_waiting()) {  // a Lua stack waiting for a host call has no promise to look at
      if (top == nullptr || top->state != vm::PromiseObject::State::kPending) break;
      if (s.vm->pending_host_calls() == 0) break;
    }
    // The wait below ends at the deadline, or at park_at when parking is due then.
    Clock::time_point wait_until = deadline;
    if (s.park_when_waiting) {
      // Park: only suspendable calls in flight (none blocking) → suspend by itself, once they have had
      // park_grace_ms to deliver (so jobs that are already done finish the run instead).
      std::deque<Inbox::Item> inbox_copy;
      {
        std::lock_guard<std::mutex> lock(s.host->inbox().mu);
        inbox_copy = s.host->inbox().items;
      }
      if (inbox_copy.empty() && s.host->Blocking(inbox_copy).empty()) {
        Clock::time_point now = Clock::now();
        if (!park_at) park_at = now + std::chrono::milliseconds(s.park_grace_ms);
        if (now >= *park_at) {
          if (auto suspended = s.ServeSuspend(true)) return s.End(*suspended);
          // It cannot be saved (too large): run on here rather than encode again at every wake-up.
          if (!s.park_failure.empty()) s.park_when_waiting = false;
        } else if (*park_at < wait_until) {
          wait_until = *park_at;
        }
      } else {
        park_at.reset();
      }
    }
    // Wait for a completion, a suspend request, the deadline or the time to park.
    std::deque<Inbox::Item> items;
    {
      std::unique_lock<std::mutex> lock(s.host->inbox().mu);
      if (!s.host->inbox().cv.wait_until(lock, wait_until, [&] {
            return !s.host->inbox().items.empty() || s.host->inbox().wake;
          })) {
        if (wait_until != deadline) continue;  // time to park: the loop parks now
        s.vm->Terminate(vm::Termination::kTimeout, "time limit exceeded");
        break;
      }
      bool woke = s.host->inbox().wake;
      s.host->inbox().wake = false;
      if (woke) {
        lock.unlock();
        if (auto suspended = s.ServeSuspend(false)) return s.End(*suspended);
        lock.lock();
      }
      items.swap(s.host->inbox().items);
    }
    bool had_items = !items.empty();
    if (had_items) park_at.reset();  // progress: the calls still in flight get a fresh grace
    for (auto& item : items) s.host->Apply(*s.vm, item);
    if (roundtrip && had_items) {
      if (auto err = do_roundtrip()) {
        Result r = ErrorResult("ExecutionFailure", "internal error: " + *err);
        r.tool_calls = s.host->tool_calls();
        s.host->CancelForReal("the run stopped on an internal error");
        return s.End(Outcome{std::nullopt, std::move(r)});
      }
    }
  }
  Result r = s.Finish();
  return s.End(Outcome{std::nullopt, std::move(r)});
}

std::variant<Outcome, SuspendError> Program::Suspend(SuspendOptions options) {
  State& s = *s_;
  std::unique_lock<std::mutex> lock(s.mu);
  s.cv.wait(lock, [&] { return !s.suspend_requested; });  // one suspend at a time
  if (s.phase == State::Phase::kEnded) return *s.final_outcome;
  s.suspend_requested = true;
  s.suspend_options = options;
  s.answer.reset();
  while (!s.answer) {
    // Poke the run thread (busy VM or waiting for host calls) until it answers at a boundary.
    if (s.live_vm != nullptr) s.live_vm->RequestYield();
    if (s.live_inbox != nullptr) s.live_inbox->Wake();
    s.cv.wait_for(lock, std::chrono::milliseconds(20));
  }
  auto a = std::move(*s.answer);
  s.answer.reset();
  s.suspend_requested = false;
  s.cv.notify_all();
  return a;
}

// The Result of an ended Lua run: the first value the chunk returned (issue 4 item 4), or the error
// that ended it (ToolFailure when it is the very message a failed tool call raised).
template <typename FailFn>
void Program::State::FinishLua(Result& result, bool& truncated, FailFn& fail) {
  vm::VM& v = *vm;
  if (!v.main_returned()) {
    fail("ExecutionFailure", "the program did not finish");
    return;
  }
  vm::Value mv = v.main_value();
  if (mv.IsObject() && mv.AsObject()->klass() == vm::ObjectClass::kPromise) {
    vm::Value reason = static_cast<vm::PromiseObject*>(mv.AsObject())->result;
    std::string message;
    uint32_t line = 0;
    if (reason.IsString()) {
      message = std::string(reason.AsString()->bytes());
      unsigned l = 0;
      if (sscanf(message.c_str(), "input:%u:", &l) == 1) line = l;
      for (const auto& m : host->denials()) {
        if (m == message) {
          fail("ApprovalDenied", message);
          return;
        }
      }
      for (const auto& m : v.lua_tool_errors()) {
        if (m == message) {
          fail("ToolFailure", message);
          return;
        }
      }
    } else {
      std::string json;
      vm::VM::ExportStatus st = v.SerializeLua(reason, &json);
      message = st.ok ? absl::StrCat("Uncaught: ", json)
                      : absl::StrCat("(error object is a ", v.LuaTypeName(reason), " value)");
    }
    fail("ExecutionFailure", message, line, 0);
    return;
  }
  std::string json;
  vm::VM::ExportStatus st = v.SerializeLua(mv, &json);
  if (v.termination() != vm::Termination::kNone) return;
  if (!st.ok) {
    fail("InvalidDataValue", absl::StrCat("The result cannot be returned: ", st.error, " at ", st.path));
    return;
  }
  result.ok = true;
  result.value_json = TruncateValue(json, limits.max_output_bytes, &truncated);
}

// The Result of an ended run (DESIGN §1).
Result Program::State::Finish() {
  vm::VM& v = *vm;
  Result result;
  auto fail = [&](std::string kind, std::string message, uint32_t line = 0, uint32_t col = 0) {
    result.ok = false;
    result.error = Diagnostic{std::move(kind), std::move(message), line, col, {}};
  };
  host->CancelForReal(InterruptReason(v.termination()));
  vm::PromiseObject* top = nullptr;
  if (v.main_returned() && v.main_value().IsObject() &&
      v.main_value().AsObject()->klass() == vm::ObjectClass::kPromise)
    top = static_cast<vm::PromiseObject*>(v.main_value().AsObject());

  result.tool_calls = host->tool_calls();
  result.logs = std::move(host->logs());
  bool truncated = false;
  LimitLines(result.logs, limits.max_output_bytes, &truncated);

  auto report_termination = [&] {
    switch (v.termination()) {
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
        std::string m = v.termination_message();
        size_t colon = m.find(": ");
        if (colon != std::string::npos && m.compare(0, colon, "ToolCallLimitExceeded") == 0) {
          fail("ToolCallLimitExceeded", m.substr(colon + 2));
        } else {
          fail("ExecutionFailure", m);
        }
        break;
      }
      case vm::Termination::kUnsupported:
        fail("UnsupportedSyntax", v.termination_message(), v.termination_line(), v.termination_column());
        break;
      case vm::Termination::kInternal:
        fail("ExecutionFailure", absl::StrCat("internal error: ", v.termination_message()));
        break;
    }
  };
  report_termination();
  if (v.termination() == vm::Termination::kNone && language == Language::kLua) {
    FinishLua(result, truncated, fail);
  } else if (v.termination() == vm::Termination::kNone) {
    if (top == nullptr) {
      fail("ExecutionFailure", "the program did not start");
    } else if (v.has_uncaught_job_error()) {
      vm::Value e = v.uncaught_job_error();
      uint32_t line = 0, col = 0;
      ExtractLocation(v, e, &line, &col);
      fail("ExecutionFailure", DescribeReason(v, e), line, col);
    } else if (top->state == vm::PromiseObject::State::kFulfilled) {
      std::string json;
      vm::VM::ExportStatus st = v.SerializeForHost(top->result, true, &json);
      if (!st.ok && st.needs_code) {
        // Getters in the value: copy it to plain data with program code, then serialize the copy.
        vm::Value helper = realm->intrinsics().helpers[static_cast<int>(vm::HelperId::kExportSlow)];
        vm::Value arg = top->result;
        vm::VM::Completion c = v.CallToCompletion(helper, vm::Value::Undefined(), std::span(&arg, 1));
        if (v.termination() != vm::Termination::kNone) {
          report_termination();  // a limit hit by a getter while exporting is that limit
          st.ok = true;
          json.clear();
        } else if (!c.ok) {
          st = {false, false, absl::StrCat("a getter threw: ", DescribeReason(v, c.value)), "value"};
        } else {
          st = v.SerializeForHost(c.value, true, &json);
        }
      }
      if (v.termination() != vm::Termination::kNone) {
        // Reported above.
      } else if (!st.ok) {
        fail("InvalidDataValue", absl::StrCat("The result cannot be returned: ", st.error, " at ", st.path));
      } else {
        result.ok = true;
        result.value_json = TruncateValue(json, limits.max_output_bytes, &truncated);
      }
    } else if (top->state == vm::PromiseObject::State::kRejected) {
      vm::Value reason = top->result;
      std::string kind = v.ErrorKindOf(reason);
      if (kind.empty()) kind = "ExecutionFailure";
      uint32_t line = 0, col = 0;
      ExtractLocation(v, reason, &line, &col);
      std::string message = DescribeReason(v, reason);
      // A call of a missing tool stays ExecutionFailure, as calling undefined is in Node.js (the
      // acceptance corpus, js/core 150); the message and suggestions carry what the catalog knows.
      std::string hint;
      std::vector<std::string> suggestions;
      const bool missing_tool = kind == "ExecutionFailure" && language == Language::kJavaScript &&
                                DescribeUnknownTool(options->tools, message, &hint, &suggestions);
      if (missing_tool) absl::StrAppend(&message, ": ", hint);
      if (kind == "ExecutionFailure" && line > 0)
        absl::StrAppend(&message, " (line ", line, ", col ", col, ")");
      fail(kind, message, line, col);
      if (kind == "UnknownTool") suggestions = host->suggestions();
      result.error.suggestions = std::move(suggestions);
    } else {
      fail("ExecutionFailure",
           "The program's result never settled: it awaited a promise that nothing resolves");
    }
  }
  if (!park_failure.empty()) {
    result.warnings.push_back({"SuspendError",
                               absl::StrCat("The run could not park while it waited (", park_failure,
                                            "): it went on in this process"),
                               0, 0, {}});
  }
  // Unhandled rejections of un-awaited promises, in creation order.
  {
    auto rejected = v.UnhandledRejections();
    std::sort(rejected.begin(), rejected.end(),
              [](vm::PromiseObject* a, vm::PromiseObject* b) { return a->serial < b->serial; });
    int64_t used = 0;
    for (auto* p : rejected) {
      if (p == top) continue;
      std::string msg = absl::StrCat("Unhandled rejection from an un-awaited promise: ",
                                     DescribeReason(v, p->result));
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

// ------------------------------------------------------------------------------------------ Runtime

absl::StatusOr<std::unique_ptr<Runtime>> Runtime::Make(RuntimeOptions options) {
  if (auto st = ValidateLimits(options.limits); !st.ok()) return st;
  if (auto tz = LoadZone(options.time_zone); !tz.ok()) return tz.status();
  auto realm = SharedRealm();
  if (!realm.ok()) return realm.status();
  if (const char* rt = std::getenv("CODEMODE_ROUNDTRIP"); rt != nullptr && std::string_view(rt) == "1") {
    options.roundtrip = true;
    uint64_t steps = 0;
    const char* k = std::getenv("CODEMODE_ROUNDTRIP_STEPS");
    if (k != nullptr && absl::SimpleAtoi(k, &steps) && steps > 0) options.roundtrip_steps = steps;
  }
  return std::unique_ptr<Runtime>(new Runtime(std::move(options)));
}

Runtime::~Runtime() = default;

std::unique_ptr<Program> Runtime::NewProgram(std::string_view source, std::string_view bindings_json,
                                             std::string run_id) {
  auto s = std::make_unique<Program::State>();
  s->options = &options_;
  s->limits = options_.limits;
  s->run_id = run_id.empty() ? NewUuid() : std::move(run_id);
  s->source = std::string(source);
  s->bindings_json = std::string(bindings_json);
  s->park_when_waiting = options_.park_when_waiting;
  s->park_grace_ms = options_.park_grace_ms;
  s->language = options_.language;
  s->time_zone = options_.time_zone;
  if (auto tz = LoadZone(s->time_zone); tz.ok()) {
    s->zone = *tz;
  } else {
    s->early = ErrorResult("ExecutionFailure", std::string(tz.status().message()));
    return std::unique_ptr<Program>(new Program(std::move(s)));
  }
  auto realm = SharedRealm();
  if (!realm.ok()) {
    s->early = ErrorResult("ExecutionFailure", std::string(realm.status().message()));
    return std::unique_ptr<Program>(new Program(std::move(s)));
  }
  s->realm = *realm;
  Result compile_error;
  s->module = CompileProgram(source, &compile_error, s->language);
  if (s->module == nullptr) s->early = compile_error;
  return std::unique_ptr<Program>(new Program(std::move(s)));
}

std::unique_ptr<Program> Runtime::Resume(std::string_view state) {
  auto s = std::make_unique<Program::State>();
  s->options = &options_;
  s->limits = options_.limits;
  s->resumed = true;
  s->resume_bytes = std::string(state);
  s->park_when_waiting = options_.park_when_waiting;
  s->park_grace_ms = options_.park_grace_ms;
  auto realm = SharedRealm();
  if (!realm.ok()) {
    s->early = ErrorResult("ExecutionFailure", std::string(realm.status().message()));
  } else {
    s->realm = *realm;
  }
  return std::unique_ptr<Program>(new Program(std::move(s)));
}

Result Runtime::Execute(std::string_view source, std::string run_id, std::string_view bindings_json) {
  auto program = NewProgram(source, bindings_json, std::move(run_id));
  program->s_->park_when_waiting = false;
  Outcome out = program->Run();
  if (out.is_suspended())  // only a park could do this; Execute never parks
    return ErrorResult("ExecutionFailure", "internal error: the run suspended under Execute");
  return std::move(out.result);
}

absl::StatusOr<std::string> InspectSnapshot(std::string_view state) {
  auto realm = SharedRealm();
  if (!realm.ok()) return realm.status();
  return snapshot::InspectJson(state, **realm);
}

absl::Status ValidateTimeZone(std::string_view name) {
  auto bad = [&](std::string_view why) {
    return absl::InvalidArgumentError(
        absl::StrCat("unknown time zone \"", std::string(name), "\" (", std::string(why),
                     "; expected an IANA name such as \"UTC\" or \"America/New_York\")"));
  };
  if (name.empty() || name.size() > 64) return bad("empty or too long");
  if (name == "localtime") return bad("the machine's zone would make runs depend on the host");
  if (name.front() == '/' || name.find("..") != std::string_view::npos) return bad("not a zone name");
  for (char c : name) {
    bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '/' ||
              c == '_' || c == '-' || c == '+';
    if (!ok) return bad("not a zone name");
  }
  absl::TimeZone tz;
  if (!absl::LoadTimeZone(std::string(name), &tz)) return bad("not in the tz database");
  return absl::OkStatus();
}

absl::Status ValidateLimits(const Limits& l) {
  if (l.timeout_ms <= 0) return absl::InvalidArgumentError("timeoutMs must be a positive number of ms");
  if (l.max_tool_calls < 0) return absl::InvalidArgumentError("maxToolCalls must be >= 0");
  if (l.max_output_bytes <= 0) return absl::InvalidArgumentError("maxOutputBytes must be positive");
  if (l.max_steps < 0) return absl::InvalidArgumentError("maxSteps must be >= 0 (0 = unlimited)");
  if (l.max_memory_bytes < (1 << 20))
    return absl::InvalidArgumentError("maxMemoryBytes must be at least 1048576 bytes");
  return absl::OkStatus();
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
