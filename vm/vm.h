// The virtual machine: one instance per run (plus one that bootstraps the shared Realm). Non-recursive
// interpreter (DESIGN §3.1): a JS call pushes a Frame; natives never call program code, they ask for a
// tail call instead. Host calls leave the VM as JSON text (§3.4). Limits are charged here (§3.5).
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "vm/bigint.h"
#include "vm/bytecode.h"
#include "vm/heap.h"
#include "vm/object.h"
#include "vm/string.h"
#include "vm/support/random.h"
#include "vm/value.h"

namespace codemode::snapshot {
class Codec;  // snapshot/: reads and writes the whole state of a run (DESIGN §5)
}  // namespace codemode::snapshot

namespace codemode::vm {

class Realm;
class LuaTable;
class LuaCoroutine;
enum class AtomId : int;

enum class ErrorType : uint8_t {
  kError,
  kTypeError,
  kRangeError,
  kReferenceError,
  kSyntaxError,
  kEvalError,
  kURIError,
  kAggregateError,
  kCount
};

// The native behind VM::CreateResolvingFunctions: runs create it and the realm need not hold it, so
// snapshot/ gives it a stable id through this accessor.
NativeFn ResolvingFunctionNative();

// The Lua natives a run creates while it executes (string.gmatch iterators): snapshot/ needs a stable
// id for each (runtime/ registers them with snapshot::RegisterNative).
std::vector<std::pair<NativeFn, const char*>> LuaRunTimeNatives();

// Why a run was stopped for good (uncatchable by the program, DESIGN §3.5).
enum class Termination : uint8_t {
  kNone,
  kStepLimit,
  kTimeout,
  kMemoryLimit,
  kInterrupted,
  kInternal,  // engine invariant broken: reported, never crashes
  kUnsupported,  // the program reached a feature this engine does not implement yet
};

struct VmLimits {
  uint64_t max_steps = UINT64_MAX;
  uint64_t max_memory_bytes = 256ull << 20;
  uint32_t max_call_depth = 10000;  // nested calls below the top-level frame (Node-like: 10,000 work)
  uint32_t max_string_length = (1u << 29) - 24;  // V8's limit: longer is RangeError "Invalid string length"
  uint32_t max_array_length = 1u << 27;          // dense elements; beyond, MemoryLimit before allocation
};

// The host side of tool calls and logs, implemented by runtime/.
class Host {
 public:
  virtual ~Host() = default;
  struct StartResult {
    bool ok = true;
    uint64_t call_id = 0;
    // When !ok: the diagnostic kind (UnknownTool, InvalidToolInput, ToolCallLimitExceeded) and message.
    // The VM rejects the call's promise with an Error carrying the message; a limit is a termination.
    std::string kind;
    std::string message;
    bool terminate = false;
  };
  // `path` like {"orders", "lookup"}; `input_json` the argument as JSON text (JSON.stringify semantics).
  virtual StartResult StartToolCall(const std::vector<std::string>& path, std::string input_json) = 0;
  // The in-program `search(...)` (DESIGN §1, §6): answered at once, from the catalog of the run's
  // tools. `input_json` is the program's argument as JSON text. `ok`: `output_json` is the result
  // as JSON text; else `kind`/`message` as for StartToolCall (a limit terminates the run). This
  // default has no catalog: every search fails.
  struct SearchResult {
    bool ok = true;
    std::string output_json;
    std::string kind;
    std::string message;
    bool terminate = false;
  };
  virtual SearchResult Search(std::string input_json);
  // console.* output. `level` is "log", "info", "debug", "warn" or "error".
  virtual void Log(std::string_view level, std::string line) = 0;
  // The run's wall clock in ms since the Unix epoch (UTC), read by Date.now()/new Date() and Lua
  // os.time(). runtime/ returns RuntimeOptions::wall_clock_ms() when set (tests fix it), else the system
  // clock; this default is the system clock.
  virtual int64_t WallClockMs();
  // The run's active time so far in ms (running or waiting on tools, summed over every leg of a
  // resumed run), read by Lua os.clock(). runtime/ measures it with its run clock; this default is 0.
  virtual int64_t ActiveMs() { return 0; }
};

// Where a call's completion goes (DESIGN §3.1: this is data, not C++ stack).
struct CallSite {
  enum class Kind : uint8_t {
    kCall,       // result → the caller frame's R[ret_reg] (255: discard); a throw propagates to it
    kConstruct,  // like kCall, but a non-object result from a closure is replaced by `this`
    kJob,        // a job from the queue: completion handled per job_kind; a throw is consumed
    kBoundary,   // returns to the C++ driver (CallToCompletion)
    kResume,     // a resumed async activation: its completion settles its own promise only
    kMain,       // the program's top-level call (PushMain): its completion is kept as main_value()
    kCoroutine,  // the bottom frame of a running Lua coroutine (aux: its LuaCoroutine; coroutine.h)
  };
  Kind kind = Kind::kCall;
  uint8_t ret_reg = 255;
  uint8_t ret_transform = 0;  // 1: the iteration-done marker becomes <empty>
  uint8_t job_kind = 0;       // see VM::RunJob
  Value aux;                  // kJob: the derived promise (or undefined); Lua xpcall: the handler
  Value aux2;                 // kJob: the reject function of a thenable job
  // Lua call sites (LCALL, pcall; vm/lua_vm.cc): how many results the caller wants (-1: all of them,
  // the caller frame's `top` then marks their end) and how they are delivered (LuaSiteFlags).
  // JavaScript sites keep the defaults: one result into ret_reg.
  int16_t want = 1;
  uint8_t lua_flags = 0;
};

// CallSite::lua_flags.
enum LuaSiteFlags : uint8_t {
  kLuaProtected = 1,     // pcall/xpcall: results get `true` in front; an error is caught there
  kLuaXpcall = 2,        // with kLuaProtected: an error calls the handler in `aux` first
  kLuaPrependFalse = 4,  // the xpcall handler's call: its result gets `false` in front
  // Bits 3-7: outer protected layers of the same call (pcall(pcall, f), at most 31). The innermost
  // layer catches every error, so each outer one only puts a `true` in front of what it delivers,
  // before the kLuaPrependFalse `false` and the innermost layer's true/false.
  kLuaOuterTrueUnit = 8,
  kLuaOuterTrueMask = 0xF8,
};
inline constexpr int kLuaOuterTrueShift = 3;

struct Frame {
  // User-provided so that frames_.emplace_back() runs only the member initializers (value-initializing
  // would zero the whole frame first: a measurable cost on every call).
  Frame() {}
  Closure* closure = nullptr;
  Proto* proto = nullptr;
  const isa::Instr* pc = nullptr;
  uint32_t base = 0;  // index of R0 in the stack; the callee value sits at base-1
  uint32_t argc = 0;
  bool initial_async = false;  // async body that has not yet handed its promise to the call site
  CallSite site;
  ActivationObject* activation = nullptr;  // async bodies
  Value new_target;
  // Lua: the end (absolute stack index) of the values the last multi-result instruction of this frame
  // left from some register on (LCALL/LVARARG with C=0); read by the next instruction (B=0 forms).
  uint32_t top = 0;
};

// Appends `utf8` as a JSON string literal (quotes, escapes for '"', '\\' and control characters; other
// bytes as they are). Used for host-side JSON text (vm/json_bridge.cc, snapshot inspect).
void QuoteJson(std::string_view utf8, std::string* out);

class VM {
 public:
  // A run over `realm`.
  explicit VM(const Realm* realm, VmLimits limits = {});
  ~VM();
  VM(const VM&) = delete;
  VM& operator=(const VM&) = delete;

  const Realm& realm() const { return *realm_; }
  Heap& heap() { return *heap_; }
  const VmLimits& limits() const { return limits_; }
  void set_host(Host* host) { host_ = host; }
  Host* host() const { return host_; }

  // ---- the run's clock and time zone (Date, Lua os.time/os.date) ------------------------------------
  // ms since the Unix epoch from the host's clock (the system clock when there is no host).
  int64_t WallClockMs();
  // The zone local time is computed in (IANA rules through absl/cctz from the system's tzdata), and its
  // IANA name ("UTC" by default). runtime/ sets it from RuntimeOptions::time_zone and from the snapshot
  // on resume; it is not VM heap state.
  void set_time_zone(absl::TimeZone zone, std::string name) {
    time_zone_ = zone;
    time_zone_name_ = std::move(name);
  }
  const absl::TimeZone& time_zone() const { return time_zone_; }
  const std::string& time_zone_name() const { return time_zone_name_; }

  // ---- the run's random generator (JS Math.random, Lua math.random; vm/support/random.h) ----------
  // Held here, not in a heap object, and saved in snapshots: a run's sequence continues exactly
  // across suspend/resume. SeedRandom seeds it from the run id (Lua's randomseed with the two halves
  // of XXH3-128 of the id): the same run id gives the same sequence, different ids differ. An
  // unseeded VM starts from Xoshiro256's default seed.
  void SeedRandom(std::string_view run_id);
  support::Xoshiro256& random() { return random_; }

  // ---- loading and running ------------------------------------------------------------------------
  // Loads a compiled module; the VM keeps it alive. Returns the main closure.
  Closure* LoadModule(std::shared_ptr<const bytecode::Module> module);
  // Calls `fn` as the program's async top level; returns its result promise. Runs until the first await.
  PromiseObject* StartMain(Closure* fn);

  // ---- the suspendable run driver (runtime/; DESIGN §3.1, §5) ----------------------------------------
  // Pushes `fn` as the program's top-level call. Nothing runs until Run().
  void PushMain(Closure* fn);
  enum class RunStatus : uint8_t {
    kIdle,        // no frame and no job left: the run waits for host calls, or is finished
    kYielded,     // a yield was requested: stopped at a step boundary with all state in the VM
    kTerminated,  // see termination()
  };
  // Runs the frames on the stack, then queued jobs, until one of RunStatus. Re-entering after kYielded
  // (in this VM, or in one restored from its snapshot) continues exactly where it stopped.
  RunStatus Run();
  // True once the top-level call returned; main_value() is its result (the async body's promise).
  bool main_returned() const { return main_returned_; }
  Value main_value() const { return main_value_; }
  // Asks Run() to return kYielded at the next step boundary; safe from any thread.
  void RequestYield() { yield_requested_.store(true, std::memory_order_relaxed); }
  // Asks Run() to yield once steps() reaches `step` (roundtrip testing); 0 disables.
  void YieldAtStep(uint64_t step);
  // Runs queued promise jobs until the queue is empty or the run is terminated.
  void RunJobs();
  bool HasJobs() const { return !jobs_.empty(); }
  // Calls a function to completion from C++ (realm bootstrap, prelude, exports). Throws are returned as
  // the error value with ok=false. Only for code that cannot await.
  struct Completion {
    bool ok;
    Value value;
  };
  Completion CallToCompletion(Value fn, Value this_value, std::span<const Value> args);

  // Settles a host call started through Host::StartToolCall.
  void SettleHostCall(uint64_t call_id, bool ok, std::string_view output_json_or_message);
  size_t pending_host_calls() const { return host_calls_.size() + (lua_wait_active_ ? 1 : 0); }

  // Stops the run at the next step boundary (any thread).
  void Interrupt(Termination why) { interrupt_.store(static_cast<int>(why)); }
  Termination termination() const { return termination_; }
  const std::string& termination_message() const { return termination_message_; }
  // Source position of the program frame when the run was terminated (0 if none).
  uint32_t termination_line() const { return termination_line_; }
  uint32_t termination_column() const { return termination_column_; }
  void Terminate(Termination why, std::string message);
  uint64_t steps() const { return steps_; }
  // Charges built-in work (e.g. elements copied); may terminate the run.
  void ChargeSteps(uint64_t n);
  // For long-running native work (a Lua pattern match): runs the runtime's clock check and, when the
  // run was interrupted (deadline, Interrupt()), terminates it. Returns false when the run must stop.
  bool PollInterrupt();
  // Called by the interpreter every few thousand steps and on waits; the runtime checks its clock here.
  std::function<void(VM&)> on_check;
  // Native resources the run keeps for its whole life, keyed by address: the compiled RegExp
  // patterns it used (vm/builtins/regexp.cc), whose bytes are charged to the memory limit
  // (Heap::AccountExternal) when first held and stay charged while held.
  absl::flat_hash_map<const void*, std::shared_ptr<const void>> run_holds;

  // ---- values ---------------------------------------------------------------------------------------
  Value Str(std::string_view utf8) { return Value::FromString(NewStringUtf8(utf8)); }
  String* NewStringUtf8(std::string_view utf8);     // decodes UTF-8 to UTF-16 semantics
  String* NewStringLatin1(std::string latin1);      // each byte is one code unit
  String* NewStringU16(std::u16string units);       // canonicalizes to one byte when possible
  // A Lua string (bytes). Strings of up to kLuaShortString bytes are interned per run, as lua5.4
  // interns its short strings (lstring.c): equal short strings made at run time (concatenation, the
  // string library, tool outputs) are one cell, so table lookups and `==` compare pointers and a
  // grouping key built per record takes no memory per record. Nothing depends on it for meaning:
  // String::Equals compares contents, and a resumed run starts with an empty table.
  String* NewStringBytes(std::string_view bytes);
  static constexpr size_t kLuaShortString = 40;
  // `a .. b` of two Lua strings: a short result is interned (NewStringBytes), a long one is
  // Concat's.
  String* LuaConcatStrings(String* a, String* b);
  // Concatenation (ropes for long results). Returns nullptr after throwing RangeError on overflow.
  String* Concat(String* a, String* b);
  String* Substring(String* s, uint32_t from, uint32_t to);
  String* Intern(std::string_view ascii);
  String* Intern(String* s);
  String* empty_string() const;
  Symbol* NewSymbol(Value description);

  Object* NewObject();  // {} with %Object.prototype%
  Object* NewObjectWithProto(Object* proto, ObjectClass klass = ObjectClass::kOrdinary);
  ArrayObject* NewArray(uint32_t capacity = 0);
  ArrayObject* NewArrayFrom(std::span<const Value> values);
  NativeFunction* NewNative(std::string_view name, NativeFn fn, uint32_t length, int32_t magic = 0,
                            bool constructor = false);
  Closure* NewClosure(Proto* proto, Closure* parent, Value* parent_regs);
  PromiseObject* NewPromise();
  Object* NewError(ErrorType type, std::string_view message);
  MapObject* NewMap(bool is_set);
  IteratorObject* NewIterator(IteratorObject::Kind kind, Value target);
  Cell* NewCell(Value v);

  // ---- properties (no program code runs: accessors are reported, not called) ------------------------
  PropertyKey KeyFromAtom(String* atom) { return PropertyKey::Atom(atom); }
  PropertyKey KeyFromName(std::string_view ascii) { return PropertyKey::Atom(Intern(ascii)); }
  // ToPropertyKey for primitives (numbers become indices or canonical strings).
  PropertyKey KeyFromPrimitive(Value v);
  Value KeyToValue(const PropertyKey& k);

  struct Lookup {
    bool found = false;
    Value value;       // data value, or the Accessor cell (Value::Internal) when accessor
    uint8_t attrs = 0;
    Object* holder = nullptr;
    bool is_accessor() const { return (attrs & kAccessorProp) != 0; }
  };
  // Own property (after copy-on-write resolution).
  Lookup GetOwnProperty(Object* obj, const PropertyKey& key);
  // Walks the prototype chain.
  Lookup FindProperty(Object* obj, const PropertyKey& key);
  // [[Get]] without calling program code: returns false and sets *getter if an accessor with a getter is
  // hit (the caller must call it with `receiver`), true with *out otherwise (undefined if absent).
  bool GetNoCall(Value receiver, Object* start, const PropertyKey& key, Value* out, Value* getter);
  // Convenience for natives: data-property get; an accessor yields undefined and sets *had_accessor.
  Value GetData(Object* obj, const PropertyKey& key, bool* had_accessor = nullptr);
  Value GetData(Object* obj, std::string_view name) { return GetData(obj, KeyFromName(name)); }

  enum class SetStatus { kOk, kFailed, kCallSetter, kThrew };
  // [[Set]] with receiver == obj. kFailed: not writable / not extensible (caller throws in strict code).
  // kThrew: an exception is pending (e.g. RangeError for an invalid array length).
  SetStatus SetProperty(Object* obj, const PropertyKey& key, Value v, Value* setter);
  // CreateDataProperty / DefinePropertyOrThrow with a data or accessor descriptor. Returns false if not
  // allowed (non-configurable, non-extensible).
  bool DefineOwnProperty(Object* obj, const PropertyKey& key, Value v, uint8_t attrs);
  bool DefineAccessor(Object* obj, const PropertyKey& key, Value getter, Value setter, uint8_t attrs);
  bool DeleteProperty(Object* obj, const PropertyKey& key);
  // ECMA-262 OrdinaryOwnPropertyKeys order; filters: strings (incl. indices) and/or symbols.
  std::vector<PropertyKey> OwnKeys(Object* obj, bool strings = true, bool symbols = false,
                                   bool only_enumerable = false);
  // Built-in definition helpers (non-enumerable methods, like the spec's built-ins).
  NativeFunction* DefineMethod(Object* obj, std::string_view name, NativeFn fn, uint32_t length,
                               int32_t magic = 0);
  void DefineValue(Object* obj, std::string_view name, Value v, uint8_t attrs = kHiddenAttrs);
  void DefineGetter(Object* obj, std::string_view name, NativeFn fn, int32_t magic = 0);

  // Object.freeze / Object.seal (ECMA-262 §7.3.15 SetIntegrityLevel) and the matching tests (§7.3.16).
  void SetIntegrityLevel(Object* obj, bool frozen);
  bool TestIntegrityLevel(Object* obj, bool frozen);
  // The key as a string value (indices print as decimal).
  String* KeyToString(const PropertyKey& k);

  // Array helpers (fast paths for dense arrays).
  bool SetArrayLength(ArrayObject* a, uint32_t new_length);  // false: frozen / non-writable
  void ArrayPush(ArrayObject* a, Value v);

  // Copy-on-write resolution for shared realm objects (DESIGN §3.3): reads use Resolve, writes Writable.
  Object* Resolve(Object* o) {
    if (!o->is_shared() || cow_.empty()) return o;
    return ResolveSlow(o);
  }
  Object* Writable(Object* o) { return o->is_shared() && !bootstrapping_ ? CopyOnWrite(o) : o; }

  // ---- conversions for primitives (objects need program code: callers handle them first) ----------
  static bool ToBoolean(Value v);
  double ToNumberPrimitive(Value v);  // v must not be an object
  String* ToStringPrimitive(Value v);  // v must not be an object; Symbol → throws, returns nullptr
  String* NumberToString(double d);
  bool IsCallable(Value v) const;
  bool IsConstructor(Value v) const;
  bool IsArray(Value v) const { return v.IsObject() && v.AsObject()->klass() == ObjectClass::kArray; }
  // typeof
  String* TypeOf(Value v);
  bool StrictEquals(Value a, Value b);
  bool SameValueZero(Value a, Value b);
  bool SameValue(Value a, Value b);

  // ---- BigInt (vm/bigint_ops.cc; arithmetic in vm/bigint.h) ----------------------------------------
  // A new immutable BigInt cell; its limbs are charged to the memory limit and as steps.
  BigInt* NewBigInt(bigint::Num n);
  // BigInt::toString (ECMA-262 §6.1.6.2.23); radix 2..36.
  String* BigIntToString(BigInt* b, int radix);
  // The binary operators ADD..USHR on two primitives of which at least one is a BigInt (ECMA-262
  // §13.15.3 ApplyStringOrNumericBinaryOperator after ToPrimitive): `+` with a string concatenates;
  // otherwise both must be BigInts (TypeError "Cannot mix BigInt and other types, ...") and the result
  // is a BigInt (RangeError for /0, negative exponent and results over bigint::kMaxBits).
  // Returns Value::Empty() with an exception pending on error.
  Value BigIntBinary(isa::Op op, Value x, Value y);
  // NEG, BNOT, INC, DEC, TONUMERIC on a BigInt (TONUMBER throws "Cannot convert a BigInt value to a
  // number"). Empty() after a throw.
  Value BigIntUnary(isa::Op op, Value x);
  // IsLessThan (§7.2.13) of two primitives, one a BigInt: 0 false, 1 true, 2 undefined (NaN or a string
  // that is not a BigInt literal). Throws (returns 2 with an exception pending) for a Symbol.
  int BigIntLessThan(Value x, Value y);
  // IsLooselyEqual (§7.2.14) of a BigInt with a non-object primitive.
  bool BigIntLooseEquals(Value big, Value other);
  // Throws the RangeError of a failed bigint operation; returns Value::Empty().
  Value ThrowBigIntStatus(bigint::Status s);

  // ---- errors and control from natives -------------------------------------------------------------
  // Each returns Value::Empty() for `return vm.ThrowTypeError(...)` in natives.
  Value Throw(Value exception);
  Value ThrowError(ErrorType type, std::string_view message);
  Value ThrowTypeError(std::string_view message) { return ThrowError(ErrorType::kTypeError, message); }
  Value ThrowRangeError(std::string_view message) {
    return ThrowError(ErrorType::kRangeError, message);
  }
  // Asks the interpreter to call fn(this, args...) in place of the native's result.
  Value TailCall(Value fn, Value this_value, std::span<const Value> args);
  // Asks the interpreter to run fn.[[Construct]](args, new_target) in place of the native's result
  // (ECMA-262 §7.3.15 Construct with an explicit newTarget, as Reflect.construct needs). Both must be
  // constructors (the caller checks). Only for natives called from a plain call site (kCall).
  Value TailConstruct(Value fn, Value new_target, std::span<const Value> args);
  // Generators (ECMA-262 §27.5.3.3 GeneratorResume / §27.5.3.4 GeneratorResumeAbrupt): asks the
  // interpreter, once the native returns, to resume the suspended generator `gen` (an
  // ActivationObject of class kGenerator, not running, not finished, past its start suspension) in
  // place of the native's result: mode 0 next(v), 1 return(v), 2 throw(v). The generator's frame
  // takes the native's call site, so its next yield, return or throw completes that call.
  void ResumeGenerator(ActivationObject* gen, uint8_t mode, Value v) {
    gen_resume_ = gen;
    gen_resume_mode_ = mode;
    gen_resume_value_ = v;
  }
  // A fresh iterator result object {value, done} (ECMA-262 §7.4.14 CreateIteratorResultObject).
  Value MakeIterResult(Value value, bool done);
  // Calls fn after the native returns and discards its result (e.g. queue). Not for results.
  bool has_exception() const { return has_exception_; }
  Value exception() const { return exception_; }
  void ClearException() { has_exception_ = false; }

  // ---- promises and jobs (ECMA-262 §27.2) ---------------------------------------------------------
  // The resolve function's steps (ECMA-262 §27.2.1.3.2). A `then` accessor is program code the VM
  // does not run on the C++ stack: its getter runs from a job queued at the front (next, before
  // every other job). Natives use ResolvePromiseNow, which runs it before they return.
  void ResolvePromise(PromiseObject* p, Value resolution);
  // For a native (a resolve function, the prelude's settle): as ResolvePromise, but a `then` getter
  // runs as part of the native's call, as the spec orders it (a tail call to the ResolveThenSlow
  // helper), so `resolve(thenable)` and Promise.resolve(thenable) read `then` synchronously.
  void ResolvePromiseNow(PromiseObject* p, Value resolution);
  // Steps 12-15 once `then` is known: fulfil with `resolution` unless `then` is callable, else queue
  // NewPromiseResolveThenableJob (ECMA-262 §27.2.2.2).
  void ResolveWithThen(PromiseObject* p, Value resolution, Value then);
  // The resolve steps up to the `then` lookup, done once: false when `p` is now settled, resolving
  // through a callable `then` (a queued job) or not pending; true when `then` is an accessor, whose
  // getter is left in *getter for the caller to run (ResolvePromise queues it, ResolvePromiseNow
  // tail-calls the ResolveThenSlow helper, the interpreter's async return and await use
  // PushThenGetter so it runs before the interrupted code goes on, as in the spec).
  bool ResolveUnlessThenGetter(PromiseObject* p, Value resolution, Value* getter);
  // Pushes a call of `getter` on `resolution` whose completion continues resolving `p`
  // (ResolveWithThen; a throw rejects `p`). The interpreter must reload its frame afterwards.
  void PushThenGetter(PromiseObject* p, Value resolution, Value getter);
  void FulfillPromise(PromiseObject* p, Value v);
  void RejectPromise(PromiseObject* p, Value reason);
  // PerformPromiseThen with `derived` (may be null) as the result capability.
  void PromiseThen(PromiseObject* p, Value on_fulfilled, Value on_rejected, PromiseObject* derived);
  // Creates the resolve/reject function pair for p.
  std::pair<Value, Value> CreateResolvingFunctions(PromiseObject* p);
  // Promise rejections that were never handled, in creation order (warnings at the end of a run).
  std::vector<PromiseObject*> UnhandledRejections();
  void EnqueueJob(Value fn, Value this_value, std::vector<Value> args, PromiseObject* derived);
  void AddReactions(PromiseObject* p, const PromiseReaction& on_fulfilled,
                    const PromiseReaction& on_rejected);
  // Creates a tool call's promise; the runtime settles it through SettleHostCall.
  PromiseObject* RegisterHostCall(uint64_t call_id);
  // The diagnostic kind recorded for an error object the host boundary created (a failed tool call's
  // error is "ToolFailure"; "UnknownTool", "InvalidToolInput", …), or "" for any other value.
  void MarkErrorKind(Object* error, std::string kind);
  std::string ErrorKindOf(Value v) const;
  bool has_uncaught_job_error() const { return has_uncaught_job_error_; }
  Value uncaught_job_error() const { return uncaught_job_error_; }

  // ---- JSON at the boundary (DESIGN §3.4; vm/json_bridge.cc) ----------------------------------------
  // Parses JSON text (simdjson) into fresh heap values. Depth ≤ 64. Returns false with *error set.
  bool ParseJsonForHost(std::string_view text, Value* out, std::string* error);
  // Serializes a value for the host with JSON.stringify semantics (tool inputs: `result_rules` false)
  // or the code-mode Result rules (`result_rules` true: undefined/NaN → null, Date → ISO, Map/Set → {},
  // Error → {name, message}). Depth ≤ 32. Returns false with *error / *path set when the value cannot
  // cross (BigInt, Symbol, function, cycle, depth) or needs program code (*needs_code: getters, toJSON).
  struct ExportStatus {
    bool ok = true;
    bool needs_code = false;
    std::string error;
    std::string path;
  };
  ExportStatus SerializeForHost(Value v, bool result_rules, std::string* out);

  // ---- realm access ----------------------------------------------------------------------------------
  Object* global() const;
  String* atom(AtomId id) const;

  // For runtime/: the tool tree object installed as the `tools` global of this run.
  void SetGlobal(std::string_view name, Value v);
  Value GetGlobal(std::string_view name);

  // Formats a thrown value as the runtime reports it: "Name: message (line L, col C)" or "Uncaught: <json>".
  std::string DescribeError(Value error);
  // The location of the innermost frame (for errors created right now).
  void CurrentLocation(uint32_t* line, uint32_t* column) const;
  // The compiler's SiteText for the instruction the innermost frame is executing (program code
  // only; nullptr for prelude code, Lua, or an instruction without one). vm/bytecode.h.
  const bytecode::SiteText* CurrentSiteText() const;
  // The SiteText of the instruction frame `f` is executing (as CurrentSiteText).
  const bytecode::SiteText* SiteTextOf(const Frame& f) const;
  // V8's message for a value that is not iterable at the current instruction: "rows is not
  // iterable", "f is not a function or its return value is not iterable", … with the site's text,
  // else "number 5 is not iterable (cannot read property Symbol(Symbol.iterator))".
  std::string NotIterableMessage(Value v);
  // V8's message when `for await` / async `yield*` (ASYNCITER 0, through the prelude's
  // GetAsyncIterator helper) finds no async or sync iterator on `v`: "o.items is not async
  // iterable", "Cannot read properties of null (reading 'Symbol(Symbol.asyncIterator)')", "undefined
  // is not a function" (no text: identifiers' yield*, optional chains), …; from other callers
  // "<value> is not async iterable".
  std::string NotAsyncIterableMessage(Value v);
  // The SiteText of the program's CALL/NEW/CALLSPREAD/NEWSPREAD the innermost frame is executing,
  // when its callee register holds exactly `fn` (so a built-in calling a callback it was given never
  // borrows its caller's text); "" otherwise.
  std::string CurrentCalleeText(Value fn) const;

  // GC roots beyond the stack (runtime-held values).
  std::vector<Value>& extra_roots() { return extra_roots_; }
  void MaybeCollect();
  void CollectGarbage();
  // Host calls in flight: call id → the promise the program holds (snapshot/, runtime/).
  const absl::flat_hash_map<uint64_t, PromiseObject*>& host_calls() const { return host_calls_; }

  // The interpreter. Runs until the frame stack is back to `stop_depth`.
  void Execute(size_t stop_depth);
  // Execute's fast loop over the common case of the hot opcodes (interpreter.cc).
  bool ExecuteFast(size_t stop_depth);
  // ExecuteFast's step of a generic `for` over ipairs/pairs without a native call (interpreter.cc).
  bool LuaIteratorStep(Object* fn, Value* window, unsigned b, unsigned c);

  // ---- Lua (vm/lua_vm.cc, vm/lua_lib.cc; DESIGN §3.2) -------------------------------------------------
  // The run's globals table (_ENV): the realm's, copied on the first write.
  LuaTable* lua_globals();
  // Natives: return several values (`return vm.LuaReturn(...)`); the call site takes what it wants.
  Value LuaReturn(std::span<const Value> values);
  Value LuaReturn(std::initializer_list<Value> values) {
    return LuaReturn(std::span<const Value>(values.begin(), values.size()));
  }
  // Raises a Lua error whose value is the string `message`, prefixed with "input:LINE: " of the Lua
  // frame `level` (1: the running function, or the Lua caller of a native; 0: no prefix). Returns
  // Value::Empty() for `return vm.LuaError(...)` in natives.
  Value LuaError(std::string_view message, int level = 1);
  // "input:LINE:" of the frame at `level` (see LuaError), or "" when there is none.
  std::string LuaWhere(int level);
  // Natives: call `fn` with `args` in place of the native (like TailCall) as a protected call
  // (pcall/xpcall: `handler` undefined for pcall). The results reach the native's call site with
  // `true` in front; an error gives (false, error) or (false, handler(error)).
  Value LuaProtectedCall(Value fn, std::span<const Value> args, Value handler);
  // Natives: the result is not ready; the calling Lua frames wait until SettleHostCall(call_id)
  // delivers it (tool calls look synchronous in Lua, DESIGN §4). Returns Value::Empty().
  Value LuaWaitHostCall(uint64_t call_id);
  // True while the Lua stack waits for a host call (Run() returns kIdle with frames on the stack).
  bool lua_waiting() const { return lua_wait_active_; }
  uint64_t lua_wait_call_id() const { return lua_wait_call_id_; }
  // tostring() without metamethods: numbers as Lua prints them, "table: 0x…" style identities.
  String* LuaToStringBasic(Value v);
  // ---- Lua coroutines (vm/lua/coroutine.cc; manual §2.6) ----
  // A new coroutine (status "suspended") with body `fn`.
  LuaCoroutine* NewLuaCoroutine(Value fn);
  // Natives: switch coroutines once the native returns (no program code runs on the C++ stack).
  // kResume/kWrap resume `co` with `args` (the values its yield or return gives back reach the
  // native's call site: true + values / false + error for kResume; values / a raised error for
  // kWrap); kYield suspends the running coroutine with `args`; kClose closes `co` (running its
  // pending to-be-closed variables). Returns Value::Empty().
  enum class LuaCoOp : uint8_t { kNone, kResume, kWrap, kYield, kClose };
  Value LuaCoroutineOp(LuaCoOp op, LuaCoroutine* co, std::span<const Value> args);
  // The running coroutine as seen by the running native (nullptr: the main thread), and whether it
  // could yield now (not the main thread, no C-call boundary: prelude functions, xpcall handlers,
  // a coroutine being closed).
  LuaCoroutine* LuaRunningCoroutine(bool* yieldable = nullptr);
  // True while the running native was called by another native (pcall(f)): lua5.4 then names it by
  // its global name in argument errors ('coroutine.resume') and adds no position.
  bool lua_native_from_native() const { return lua_native_from_native_; }
  // The Lua type name ("nil", "number", "string", "boolean", "table", "function", "thread", "userdata").
  const char* LuaTypeName(Value v) const;
  // The metatable of any value (tables: their own; strings: the string metatable), or nullptr.
  LuaTable* LuaMetatable(Value v);
  // The metamethod `name` (an interned "__index", ...) of v, or nil.
  Value LuaMetamethod(Value v, String* name);
  // Sets a global of the run's Lua globals table (copying the realm's on first write).
  void LuaSetGlobal(std::string_view name, Value v);
  // A new table of this run.
  LuaTable* NewLuaTable(uint32_t narr = 0, uint32_t nhash = 0);
  // Interned metamethod names and other strings the Lua paths use.
  String* lua_atom(int id) const;
  // Strings a failed tool call raised in this run (an uncaught error equal to one is a ToolFailure).
  std::vector<std::string>& lua_tool_errors() { return lua_tool_errors_; }
  // Converts JSON text from a tool to Lua values (integers stay integers, null is json.null, arrays are
  // marked tables). Returns false with *error set.
  bool ParseJsonForLua(std::string_view text, Value* out, std::string* error);
  // Serializes a Lua value with the code-mode rules for Lua (tables with keys 1..n are arrays,
  // string-keyed tables objects, json.null is null; strings must be valid UTF-8). `path` in the status
  // names the offending place ("$.a[2]").
  ExportStatus SerializeLua(Value v, std::string* out);

  // Internal state used by built-ins (vm/builtins) — treat as private outside vm/.
  struct Job {
    Value fn;
    Value this_value;
    std::vector<Value> args;
    PromiseObject* derived;  // may be null
    uint8_t special;        // 0 normal call; others see VM::RunJob
    Value aux;
  };
  std::deque<Job> jobs_;
  bool bootstrapping_ = false;

 private:
  friend class Realm;
  friend class snapshot::Codec;
  VM(Realm* realm, bool bootstrap);

  Object* ResolveSlow(Object* o);
  Object* CopyOnWrite(Object* o);
  Shape* EmptyShape();
  Shape* AddToShape(Object* obj, HeapCell* key, uint8_t attrs);
  // The child of a transition-tree shape `s` (not shared, or bootstrapping) for one more entry.
  Shape* Transition(Shape* s, HeapCell* key, uint8_t attrs);
  void MakeDictionary(Object* obj);
  bool DefineIndexed(Object* obj, uint32_t index, Value v, uint8_t attrs);
  void TraceRoots(Tracer& t);
  void CheckLimits();
  enum class CallResult { kPushed, kDone, kThrew };
  // Calls fn with args already at stack[args_at..): closures push a frame, natives run now. kThrew: an
  // exception is pending and belongs to the current top frame (only for kCall/kConstruct sites).
  CallResult PushCall(Value fn, Value this_value, uint32_t args_at, uint32_t argc, const CallSite& site,
                      Value new_target);
  // Delivers a completion to its call site.
  void CompleteCall(const CallSite& site, Value v, bool threw, uint32_t callee_base);
  // Calls a prelude helper from an opcode slow path of the top frame; its result goes to R[ret_reg].
  CallResult CallHelper(int helper, uint8_t ret_reg, std::initializer_list<Value> args,
                        uint8_t ret_transform = 0);
  CallResult CallValue(Value fn, Value this_value, uint8_t ret_reg, std::initializer_list<Value> args);
  uint32_t StackTop() const;
  void EnsureStack(size_t n);
  Value ToObjectForThis(Value v);
  bool boundary_done_ = false;
  bool boundary_threw_ = false;
  Value boundary_value_;
  bool has_uncaught_job_error_ = false;
  Value uncaught_job_error_;
  void Unwind();  // handles has_exception_ by walking handlers / frames
  // Lua call plumbing (vm/lua_vm.cc).
  void LuaDeliver(const CallSite& site, const Value* values, uint32_t n);
  void LuaDeliverError(const CallSite& site, Value error);
  CallResult LuaCall(uint32_t window, uint32_t argc, int want);
  enum class LuaStep : uint8_t { kNext, kThrow, kReload };
  LuaStep LuaArith(int op, uint8_t a, Value x, Value y);
  LuaStep LuaCompare(int op, uint8_t a, Value x, Value y);
  LuaStep LuaIndex(uint8_t a, Value obj, Value key, int obj_reg = -1);
  LuaStep LuaNewIndex(Value obj, Value key, Value v);
  LuaStep LuaLen(uint8_t a, Value v);
  LuaStep LuaConcat(uint8_t a, uint32_t first, uint32_t n);
  bool LuaForPrep(Value* ra, bool* skip);
  std::string LuaVarInfo(uint32_t reg);
  LuaStep LuaCallMeta(Value fn, uint8_t ret_reg, std::initializer_list<Value> args, uint8_t transform = 0);
  // Coroutines (vm/lua/coroutine.cc). Performs the pending LuaCoroutineOp of the native just called
  // at `site`; false: an exception is pending for `site`.
  bool LuaCoroutineSwitch(const CallSite& site, bool from_native);
  // A kCoroutine site completed: the coroutine returned `vals` or failed with vals[0] (`threw`).
  void LuaCoroutineFinish(const CallSite& site, const Value* vals, uint32_t n, bool threw);
  // Unwind's first look: an error about to kill a coroutine resumed by coroutine.resume while
  // to-be-closed variables are pending keeps its frames for coroutine.close (lua5.4 closes them
  // then, not during the error). True when it did (the error went to the resumer).
  bool LuaParkCoroutineError();
  // `site`'s coroutine (its bottom frame index in *bottom) or nullptr; *boundary when a C-call
  // boundary lies between.
  LuaCoroutine* LuaCoroutineAt(const CallSite* site, size_t* bottom, bool* boundary);
  void LuaDeliverTo(const CallSite& site, int prepend, const Value* vals, uint32_t n);
  void LuaRaiseAt(const CallSite& site, Value error);
  void LuaSaveFrames(LuaCoroutine* co, size_t bottom);
  void LuaRestoreFrames(LuaCoroutine* co);
  void RunJob(Job& job);
  void ResumeActivation(ActivationObject* act, bool is_throw, Value v);
  // Pushes the generator frame requested by ResumeGenerator at the native's call site (callee slot
  // args_at - 2); kPushed when its frame is on the stack to run, kDone when a throw() left it.
  CallResult PushGeneratorResume(const CallSite& site, uint32_t args_at, size_t depth);
  // An async generator's frame stopped at a yield (kind 0), return (1) or throw (2): calls the
  // prelude's AsyncGenStep(gen, kind, v) on top of the stack (its result discarded) to settle the
  // request and resume with the next queued one (ECMA-262 §27.6.3).
  void PushAsyncGenStep(ActivationObject* gen, int kind, Value v);
  // Classes (vm/class_ops.cc). Each returns false (or kThrew) after throwing / terminating.
  // CLASS: checks the heritage (<empty>: none), makes the prototype object and links it with `ctor`.
  bool DefineClass(Value ctor, Value heritage, Value* proto_out);
  // DEFMETHOD: a non-enumerable method or accessor (by the closure's kind), named after the key.
  bool DefineMethod(Value target, Value key, Value fn);
  // super.x = v: OrdinarySet from `base` with `receiver` (kCallSetter: call *setter with receiver).
  SetStatus SuperSet(Value receiver, Value base, Value key, Value v, Value* setter);
  // PrivateFieldAdd / brand add (TypeError when already present).
  bool AddPrivate(Value target, Value name, Value v);
  // The slot of private name `name` on `target`, or nullptr.
  Value* FindPrivate(Value target, Value name, bool for_write);
  std::string PrivateDescription(Value name);
  // SetFunctionName (ECMA-262 §10.2.9) from a property key, with an optional "get "/"set " prefix.
  bool SetFunctionNameFromKey(Value fn, Value key, const char* prefix);

  const Realm* realm_;
  Realm* bootstrap_realm_ = nullptr;
  std::unique_ptr<Heap> own_heap_;
  Heap* heap_;
  VmLimits limits_;
  Host* host_ = nullptr;
  absl::TimeZone time_zone_ = absl::UTCTimeZone();
  std::string time_zone_name_ = "UTC";
  support::Xoshiro256 random_;

  std::vector<Value> stack_;
  std::vector<Frame> frames_;
  uint32_t call_depth_ = 0;

  bool has_exception_ = false;
  Value exception_;
  // Pending tail call requested by a native.
  bool has_tail_call_ = false;
  Value tail_fn_, tail_this_;
  std::vector<Value> tail_args_;
  // TailConstruct: the pending tail call is a [[Construct]] with this new.target.
  bool tail_construct_ = false;
  Value tail_new_target_;
  // Pending generator resumption requested by a native (ResumeGenerator); consumed right after it.
  ActivationObject* gen_resume_ = nullptr;
  uint8_t gen_resume_mode_ = 0;
  Value gen_resume_value_;

  absl::flat_hash_map<Object*, Object*> cow_;
  absl::flat_hash_map<std::string, String*> atoms_;  // run-local atoms (shared ones are in the realm)
  Shape* empty_shape_ = nullptr;
  Shape* function_shape_ = nullptr;
  Shape* array_shape_ = nullptr;
  std::vector<std::shared_ptr<const bytecode::Module>> modules_;
  absl::flat_hash_map<uint64_t, PromiseObject*> host_calls_;
  std::vector<PromiseObject*> rejected_unhandled_;
  uint64_t promise_serial_ = 0;
  std::vector<Value> extra_roots_;
  std::vector<Value> loaded_protos_;
  std::vector<std::pair<Object*, std::string>> error_kinds_;

  // Lua state (vm/lua_vm.cc).
  // The run's interned short Lua strings (NewStringBytes); weak: a collection drops those it frees.
  struct LuaStringHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return String::HashOf(s); }
    size_t operator()(String* s) const { return s->Hash(); }
  };
  struct LuaStringEq {
    using is_transparent = void;
    static std::string_view View(std::string_view s) { return s; }
    static std::string_view View(String* s) { return s->one_byte_view(); }
    template <typename A, typename B>
    bool operator()(const A& a, const B& b) const {
      return View(a) == View(b);
    }
  };
  absl::flat_hash_set<String*, LuaStringHash, LuaStringEq> lua_strings_;
  size_t lua_strings_bytes_ = 0;  // charged to the heap (Heap::AccountExternal)
  std::vector<Value> lua_ret_;  // values of the last LuaReturn (transient: read right after the native)
  bool lua_multi_ = false;
  bool lua_protect_pending_ = false;  // set by LuaProtectedCall, read with the tail call
  Value lua_protect_handler_;
  bool lua_wait_pending_ = false;     // set by LuaWaitHostCall, read right after the native
  bool lua_wait_active_ = false;      // the Lua stack waits for host call lua_wait_call_id_
  uint64_t lua_wait_call_id_ = 0;
  CallSite lua_wait_site_;            // where its result goes
  std::vector<std::string> lua_tool_errors_;
  uint64_t lua_next_id_ = 0;
  LuaTable* lua_g_ = nullptr;  // cache of lua_globals() once it is the run's own copy  // identities printed by tostring (deterministic per run)
  bool lua_run_ = false;                 // a Lua module was loaded: error paths shared with JS speak Lua
  bool lua_native_from_native_ = false;  // the running native was called by a native (pcall)
  const CallSite* lua_native_site_ = nullptr;  // the running native's call site (coroutine.running)
  LuaCoOp lua_co_op_ = LuaCoOp::kNone;         // set by LuaCoroutineOp, read right after the native
  LuaCoroutine* lua_co_target_ = nullptr;
  std::vector<Value> lua_co_args_;

  uint64_t steps_ = 0;
  int64_t steps_until_check_ = 4096;
  std::atomic<int> interrupt_{0};
  // The run driver (Run/PushMain): yields happen only while Run() drives and no C++ boundary call
  // (CallToCompletion) is active, so no VM state is on the C++ stack at a yield (invariant 1).
  std::atomic<bool> yield_requested_{false};
  uint64_t yield_at_step_ = 0;
  bool in_run_ = false;
  uint32_t boundary_calls_ = 0;
  bool yield_pending_ = false;
  bool main_returned_ = false;
  Value main_value_;
  Termination termination_ = Termination::kNone;
  std::string termination_message_;
  uint32_t termination_line_ = 0;
  uint32_t termination_column_ = 0;
};

}  // namespace codemode::vm
