// The Lua realm (DESIGN §3.3, issue 4 item 3): the globals table with the base functions and the
// string, table, math, utf8 and json libraries, built once per process into the shared realm heap.
// String work goes through the cores in vm/lua/ (patterns charged to the step budget). Functions
// that call program code (table.sort with a comparator, gsub with a function, tostring through
// __tostring in print and format) hand that part to the Lua prelude (runtime/prelude.lua) or to a
// tail call, so no program code runs on the C++ stack (invariant 1).
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "vm/lua/coroutine.h"
#include "vm/lua/lua_arg.h"
#include "vm/lua/lua_format.h"
#include "vm/lua/lua_number.h"
#include "vm/lua/lua_os.h"
#include "vm/lua/lua_pack.h"
#include "vm/lua/lua_pattern.h"
#include "vm/lua/lua_status.h"
#include "vm/lua/lua_utf8.h"
#include "vm/lua/table.h"
#include "vm/realm.h"
#include "vm/vm.h"

namespace codemode::vm {

namespace {

using lua::LuaArg;

String* LA(VM& vm, LuaAtom id) { return vm.lua_atom(static_cast<int>(id)); }

bool IsTable(Value v) { return v.IsObject() && v.AsObject()->klass() == ObjectClass::kLuaTable; }
LuaTable* AsTable(VM& vm, Value v) { return static_cast<LuaTable*>(vm.Resolve(v.AsObject())); }
Value Str(VM& vm, std::string s) { return Value::FromString(vm.NewStringBytes(std::move(s))); }
bool Falsy(Value v) { return v.IsUndefined() || (v.IsBool() && !v.AsBool()); }

// One pattern-matching call may spend at most this many steps even when the run has no step limit
// (or more left): beyond it the run ends with "PatternMatchLimit" rather than running for hours.
constexpr uint64_t kMaxPatternSteps = 2000000000ull;
constexpr int kMaxTagLoop = 2000;  // lua5.4 MAXTAGLOOP: the longest __index chain followed
// Whether the last Budget() was bounded by kMaxPatternSteps rather than by the run's own steps left
// (read by Fail right after the core returned on this thread).
thread_local bool t_pattern_budget_capped = false;

// Lua errors from the cores: InvalidArgument carries lua5.4's text; ResourceExhausted is the step
// budget (the run ends with the step limit, never catchable).
Value Fail(VM& vm, const absl::Status& st) {
  if (lua::IsStepBudgetExhausted(st)) {
    // Already terminated when the poll saw an interruption (timeout); otherwise the steps ran out:
    // the run's (StepLimitExceeded) or the per-call cap (an ExecutionFailure naming it).
    if (vm.termination() == Termination::kNone) {
      if (t_pattern_budget_capped) {
        vm.Terminate(Termination::kInterrupted,
                     absl::StrCat("PatternMatchLimit: a Lua pattern match needed more than ",
                                  kMaxPatternSteps,
                                  " steps for one call (catastrophic backtracking: several "
                                  "optional repetitions such as a*a*a*… on a long non-matching "
                                  "subject)"));
      } else {
        vm.Terminate(Termination::kStepLimit, "step limit exceeded (pattern matching)");
      }
    }
    return Value::Empty();
  }
  return vm.LuaError(std::string(st.message()));
}

LuaArg ToArg(VM& vm, Value v) {
  switch (v.tag()) {
    case Tag::kUndefined:
    case Tag::kNull:
      return LuaArg::Nil();
    case Tag::kBool:
      return LuaArg::Boolean(v.AsBool());
    case Tag::kInt:
      return LuaArg::Integer(v.AsInt());
    case Tag::kNumber:
      return LuaArg::Float(v.AsNumber());
    case Tag::kString:
      return LuaArg::String(v.AsString()->bytes());
    default:
      return LuaArg::Other(vm.LuaTypeName(v), vm.LuaToStringBasic(v)->bytes());
  }
}

// The rest of a native's work in the Lua prelude (runtime/lua_prelude.cc, whose functions may call
// program code: DESIGN §3.1): tail-calls the prelude function `name` ("__sort") with `args`.
Value TailCallPrelude(VM& vm, const char* name, std::initializer_list<Value> args) {
  Value fn = vm.lua_globals()->GetStr(vm.Intern(name));
  return vm.TailCall(fn, Value::Undefined(), std::span<const Value>(args.begin(), args.size()));
}

Value ArgError(VM& vm, int n, std::string_view fname, std::string_view msg) {
  return vm.LuaError(
      absl::StrCat("bad argument #", n, " to '", std::string(fname), "' (", std::string(msg), ")"));
}

// The name argument errors give a native: its own (`fname`) when a Lua function called it, and
// when another native did (pcall(string.rep)) the name it has in the global libraries, as lua5.4's
// luaL_argerror finds it there ("string.rep", "print").
std::string FName(VM& vm, const CallArgs& args, const char* fname) {
  if (!vm.lua_native_from_native() || args.callee == nullptr) return fname;
  auto* g = static_cast<LuaTable*>(vm.realm().intrinsics().lua_globals);
  for (const auto& e : g->entries) {
    if (e.value.IsObject() && e.value.AsObject() == args.callee && e.key.IsString())
      return std::string(e.key.AsString()->bytes());
  }
  for (const auto& e : g->entries) {
    if (!IsTable(e.value) || !e.key.IsString() || e.key.AsString()->bytes() == "_G") continue;
    for (const auto& f : static_cast<LuaTable*>(e.value.AsObject())->entries)
      if (f.value.IsObject() && f.value.AsObject() == args.callee && f.key.IsString())
        return absl::StrCat(std::string(e.key.AsString()->bytes()), ".",
                            std::string(f.key.AsString()->bytes()));
  }
  return fname;
}

Value ArgError(VM& vm, const CallArgs& args, int n, const char* fname, std::string_view msg) {
  return ArgError(vm, n, FName(vm, args, fname), msg);
}

// luaL_check* for argument `i` (0-based) of a native.
bool CheckInt(VM& vm, CallArgs& args, uint32_t i, const char* fname, int64_t* out) {
  auto r = lua::LuaCheckInteger(ToArg(vm, args[i]), static_cast<int>(i) + 1, fname);
  if (!r.ok()) {
    std::string name = FName(vm, args, fname);
    r = lua::LuaCheckInteger(ToArg(vm, args[i]), static_cast<int>(i) + 1, name.c_str());
    fname = name.c_str();
    if (i >= args.argc) {
      ArgError(vm, static_cast<int>(i) + 1, fname, "number expected, got no value");
    } else {
      vm.LuaError(std::string(r.status().message()));
    }
    return false;
  }
  *out = *r;
  return true;
}
bool OptInt(VM& vm, CallArgs& args, uint32_t i, const char* fname, int64_t def, int64_t* out) {
  if (args[i].IsUndefined()) {
    *out = def;
    return true;
  }
  return CheckInt(vm, args, i, fname, out);
}
bool CheckNum(VM& vm, CallArgs& args, uint32_t i, const char* fname, lua::LuaNumber* out) {
  auto r = lua::LuaCheckNumber(ToArg(vm, args[i]), static_cast<int>(i) + 1, fname);
  if (!r.ok()) {
    std::string name = FName(vm, args, fname);
    r = lua::LuaCheckNumber(ToArg(vm, args[i]), static_cast<int>(i) + 1, name.c_str());
    fname = name.c_str();
    if (i >= args.argc) {
      ArgError(vm, static_cast<int>(i) + 1, fname, "number expected, got no value");
    } else {
      vm.LuaError(std::string(r.status().message()));
    }
    return false;
  }
  *out = *r;
  return true;
}
double NumD(const lua::LuaNumber& n) {
  if (auto* i = std::get_if<int64_t>(&n)) return static_cast<double>(*i);
  return std::get<double>(n);
}
bool CheckFloat(VM& vm, CallArgs& args, uint32_t i, const char* fname, double* out) {
  lua::LuaNumber n;
  if (!CheckNum(vm, args, i, fname, &n)) return false;
  *out = NumD(n);
  return true;
}
// Strings and numbers (converted); *out views the string's bytes (kept alive by *holder).
bool CheckStr(VM& vm, CallArgs& args, uint32_t i, const char* fname, std::string_view* out) {
  Value v = args[i];
  if (v.IsString()) {
    *out = v.AsString()->bytes();
    return true;
  }
  if (v.IsInt() || v.IsNumber()) {
    String* s = vm.LuaToStringBasic(v);
    args.argv[i] = Value::FromString(s);  // keeps it reachable for the native's duration
    *out = s->bytes();
    return true;
  }
  ArgError(vm, args, static_cast<int>(i) + 1, fname,
           absl::StrCat("string expected, got ", i >= args.argc ? "no value" : vm.LuaTypeName(v)));
  return false;
}
bool CheckTable(VM& vm, CallArgs& args, uint32_t i, const char* fname, LuaTable** out) {
  Value v = args[i];
  if (!IsTable(v)) {
    ArgError(vm, args, static_cast<int>(i) + 1, fname,
             absl::StrCat("table expected, got ", i >= args.argc ? "no value" : vm.LuaTypeName(v)));
    return false;
  }
  *out = AsTable(vm, v);
  return true;
}
LuaTable* WritableTable(VM& vm, Value v) {
  return static_cast<LuaTable*>(vm.Writable(v.AsObject()));
}

lua::StepBudget Budget(VM& vm) {
  lua::StepBudget b;
  uint64_t max = vm.limits().max_steps;
  uint64_t left = max > vm.steps() ? max - vm.steps() : 0;
  b.remaining = std::min<uint64_t>(left, kMaxPatternSteps);  // a single match cannot run unbounded
  t_pattern_budget_capped = left > kMaxPatternSteps;
  // The clock and Interrupt() are honoured during a long match (hostile patterns end on time).
  b.poll = [](void* ctx) { return static_cast<VM*>(ctx)->PollInterrupt(); };
  b.poll_ctx = &vm;
  return b;
}
void Charge(VM& vm, const lua::StepBudget& b) { vm.ChargeSteps(b.used / 8); }

// ------------------------------------------------------------------------------------------ base

Value LType(VM& vm, CallArgs& args) {
  if (args.argc == 0) return ArgError(vm, 1, "type", "value expected");
  return Value::FromString(vm.Intern(vm.LuaTypeName(args[0])));
}

Value LToString(VM& vm, CallArgs& args) {
  if (args.argc == 0) return ArgError(vm, 1, "tostring", "value expected");
  Value v = args[0];
  if (LuaTable* mt = vm.LuaMetatable(v); mt != nullptr && !v.IsString()) {
    Value h = mt->GetStr(LA(vm, LuaAtom::tostring));
    if (!h.IsUndefined()) {
      // The prelude calls h: no yield across it, and its result is checked (luaL_tolstring).
      Value meta = vm.lua_globals()->GetStr(vm.Intern("__tostring_meta"));
      Value a[3] = {h, v, Value::Int(vm.lua_native_from_native() ? 0 : 2)};
      return vm.TailCall(meta, Value::Undefined(), a);
    }
    Value name = mt->GetStr(LA(vm, LuaAtom::name));
    if (name.IsString()) {
      std::string basic(vm.LuaToStringBasic(v)->bytes());
      size_t colon = basic.find(':');
      return Str(vm, std::string(name.AsString()->bytes()) + basic.substr(colon));
    }
  }
  return Value::FromString(vm.LuaToStringBasic(v));
}

bool NeedsMetaToString(VM& vm, Value v) {
  if (!IsTable(v)) return false;
  LuaTable* mt = vm.LuaMetatable(v);
  return mt != nullptr && (!mt->GetStr(LA(vm, LuaAtom::tostring)).IsUndefined() ||
                           !mt->GetStr(LA(vm, LuaAtom::name)).IsUndefined());
}

// print: tostring of each argument, tab-separated, one log line. Arguments with __tostring go
// through the prelude (program code).
Value LPrint(VM& vm, CallArgs& args) {
  for (uint32_t i = 0; i < args.argc; ++i) {
    if (NeedsMetaToString(vm, args[i])) {
      Value slow = vm.lua_globals()->GetStr(vm.Intern("__print_slow"));
      if (vm.IsCallable(slow))
        return vm.TailCall(slow, Value::Undefined(), std::span<const Value>(args.argv, args.argc));
    }
  }
  std::string line;
  for (uint32_t i = 0; i < args.argc; ++i) {
    if (i > 0) line.push_back('\t');
    line.append(vm.LuaToStringBasic(args[i])->bytes());
  }
  if (vm.host() != nullptr) vm.host()->Log("log", std::move(line));
  return vm.LuaReturn({});
}

// The prelude's print after tostring: one line.
Value LLogLine(VM& vm, CallArgs& args) {
  if (args[0].IsString() && vm.host() != nullptr)
    vm.host()->Log("log", std::string(args[0].AsString()->bytes()));
  return vm.LuaReturn({});
}

Value LToNumber(VM& vm, CallArgs& args) {
  if (args[1].IsUndefined()) {
    Value v = args[0];
    if (v.IsInt() || v.IsNumber()) return v;
    if (v.IsString()) {
      auto n = lua::LuaStringToNumber(v.AsString()->bytes());
      if (!n) return Value::Undefined();
      if (auto* i = std::get_if<int64_t>(&*n)) return Value::Int(*i);
      return Value::Number(std::get<double>(*n));
    }
    if (args.argc == 0) return ArgError(vm, 1, "tonumber", "value expected");
    return Value::Undefined();
  }
  int64_t base;
  if (!CheckInt(vm, args, 1, "tonumber", &base)) return Value::Empty();
  if (!args[0].IsString())
    return ArgError(vm, 1, "tonumber",
                    absl::StrCat("string expected, got ", vm.LuaTypeName(args[0])));
  if (base < 2 || base > 36) return ArgError(vm, 2, "tonumber", "base out of range");
  auto r = lua::LuaStringToIntegerBase(args[0].AsString()->bytes(), static_cast<int>(base));
  return r ? Value::Int(*r) : Value::Undefined();
}

Value LNext(VM& vm, CallArgs& args) {
  LuaTable* t;
  if (!CheckTable(vm, args, 0, "next", &t)) return Value::Empty();
  Value k, v;
  bool done;
  if (!t->Next(LuaTable::NormalizeKey(args[1]), &k, &v, &done))
    return vm.LuaError("invalid key to 'next'", 0);  // luaG_runerror in C: no position
  if (done) return Value::Undefined();
  return vm.LuaReturn({k, v});
}

Value LPairs(VM& vm, CallArgs& args) {
  if (args.argc == 0) return ArgError(vm, 1, "pairs", "table expected, got no value");
  Value t = args[0];
  Value h = vm.LuaMetamethod(t, LA(vm, LuaAtom::pairs));
  if (!h.IsUndefined()) {
    Value a[1] = {t};
    return vm.TailCall(h, Value::Undefined(), a);
  }
  if (!IsTable(t))
    return ArgError(vm, 1, "pairs", absl::StrCat("table expected, got ", vm.LuaTypeName(t)));
  return vm.LuaReturn({Value::FromObject(vm.realm().intrinsics().lua_next), t, Value::Undefined()});
}

// The ipairs iterator (lua5.4 ipairsaux): i + 1 and t[i + 1] with the __index metamethods, or
// nothing when that value is nil. __index tables are followed here (up to lua5.4's MAXTAGLOOP); an
// __index function is program code, so the rest of the step is the prelude's __ipairs_meta (DESIGN
// §3.1).
Value LIpairsIter(VM& vm, CallArgs& args) {
  int64_t i;
  if (!CheckInt(vm, args, 1, "for iterator", &i)) return Value::Empty();
  i = static_cast<int64_t>(static_cast<uint64_t>(i) + 1);  // lua5.4 wraps (luaL_intop)
  Value v;
  Value obj = args[0];
  for (int loop = 0;; ++loop) {
    // Raised in the iterator (a C function in lua5.4): no position.
    if (loop == kMaxTagLoop) return vm.LuaError("'__index' chain too long; possible loop", 0);
    if (!IsTable(obj)) {
      Value h = vm.LuaMetamethod(obj, LA(vm, LuaAtom::index));
      if (h.IsUndefined())
        return vm.LuaError(absl::StrCat("attempt to index a ", vm.LuaTypeName(obj), " value"), 0);
      if (vm.IsCallable(h)) break;
      obj = h;
      continue;
    }
    LuaTable* t = AsTable(vm, obj);
    v = t->GetInt(i);
    if (!v.IsUndefined() || t->metatable == nullptr) {
      if (v.IsUndefined()) return Value::Undefined();
      return vm.LuaReturn({Value::Int(i), v});
    }
    Value h = vm.LuaMetamethod(obj, LA(vm, LuaAtom::index));
    if (h.IsUndefined()) return Value::Undefined();
    if (vm.IsCallable(h)) break;
    obj = h;
  }
  // `obj`'s __index is a function (or some value whose __index is): index the original value again
  // in Lua, which runs the whole chain with the interpreter's metamethod calls.
  return TailCallPrelude(vm, "__ipairs_meta", {args[0], Value::Int(i)});
}

Value LIpairs(VM& vm, CallArgs& args) {
  if (args.argc == 0) return ArgError(vm, 1, "ipairs", "value expected");
  return vm.LuaReturn(
      {Value::FromObject(vm.realm().intrinsics().lua_ipairs_iter), args[0], Value::Int(0)});
}

Value LSelect(VM& vm, CallArgs& args) {
  Value n = args[0];
  int64_t count = args.argc > 0 ? static_cast<int64_t>(args.argc) - 1 : 0;
  if (n.IsString() && n.AsString()->bytes() == "#") return Value::Int(count);
  int64_t i;
  if (!CheckInt(vm, args, 0, "select", &i)) return Value::Empty();
  if (i < 0) {
    i = count + i;
    if (i < 0) return ArgError(vm, 1, "select", "index out of range");
  } else if (i == 0) {
    return ArgError(vm, 1, "select", "index out of range");
  } else {
    --i;
  }
  if (i >= count) return vm.LuaReturn({});
  return vm.LuaReturn(std::span<const Value>(args.argv + 1 + i, static_cast<size_t>(count - i)));
}

Value LError(VM& vm, CallArgs& args) {
  Value v = args[0];
  int64_t level = 1;
  if (!args[1].IsUndefined() && !CheckInt(vm, args, 1, "error", &level)) return Value::Empty();
  if (v.IsString() && level > 0) {
    std::string msg = vm.LuaWhere(static_cast<int>(level)) + std::string(v.AsString()->bytes());
    return vm.Throw(Str(vm, std::move(msg)));
  }
  return vm.Throw(v);
}

Value LAssert(VM& vm, CallArgs& args) {
  if (args.argc == 0) return ArgError(vm, 1, "assert", "value expected");
  if (!Falsy(args[0])) return vm.LuaReturn(std::span<const Value>(args.argv, args.argc));
  if (args.argc >= 2) return vm.Throw(args[1]);
  return vm.LuaError("assertion failed!");
}

bool ResolveCallable(VM& vm, Value* fn, std::vector<Value>* args) {
  if (vm.IsCallable(*fn)) return true;
  Value h = vm.LuaMetamethod(*fn, LA(vm, LuaAtom::call));
  if (!vm.IsCallable(h)) return false;
  args->insert(args->begin(), *fn);
  *fn = h;
  return true;
}

Value LPcall(VM& vm, CallArgs& args) {
  if (args.argc == 0) return ArgError(vm, 1, "pcall", "value expected");
  Value fn = args[0];
  std::vector<Value> rest(args.argv + 1, args.argv + args.argc);
  if (!ResolveCallable(vm, &fn, &rest)) {
    return vm.LuaReturn({Value::Bool(false), Str(vm, absl::StrCat("attempt to call a ",
                                                                  vm.LuaTypeName(fn), " value"))});
  }
  return vm.LuaProtectedCall(fn, rest, Value::Undefined());
}

Value LXpcall(VM& vm, CallArgs& args) {
  if (args.argc < 2) return ArgError(vm, 2, "xpcall", "value expected");
  Value fn = args[0];
  std::vector<Value> rest(args.argv + 2, args.argv + args.argc);
  if (!ResolveCallable(vm, &fn, &rest)) {
    Value msg = Str(vm, absl::StrCat("attempt to call a ", vm.LuaTypeName(fn), " value"));
    // The handler sees the error, as in lua5.4.
    return vm.LuaProtectedCall(args[1], std::span<const Value>(&msg, 1), Value::Undefined());
  }
  return vm.LuaProtectedCall(fn, rest, args[1]);
}

Value LRawGet(VM& vm, CallArgs& args) {
  LuaTable* t;
  if (!CheckTable(vm, args, 0, "rawget", &t)) return Value::Empty();
  return t->Get(LuaTable::NormalizeKey(args[1]));
}

Value LRawSet(VM& vm, CallArgs& args) {
  LuaTable* t;
  if (!CheckTable(vm, args, 0, "rawset", &t)) return Value::Empty();
  Value k = LuaTable::NormalizeKey(args[1]);
  // Raised by the table code under a C function: no position (luaG_runerror).
  if (k.IsUndefined()) return vm.LuaError("table index is nil", 0);
  if (k.IsNumber() && std::isnan(k.AsNumber())) return vm.LuaError("table index is NaN", 0);
  if (t->flags & LuaTable::kReadOnly) return vm.LuaError("attempt to modify json.null");
  WritableTable(vm, args[0])->Set(vm.heap(), k, args[2]);
  return args[0];
}

bool RawEqual(Value a, Value b) {
  if (a.IsString() && b.IsString()) return String::Equals(a.AsString(), b.AsString());
  if (a.IsInt() && b.IsNumber()) return lua::LuaEqual(a.AsInt(), b.AsNumber());
  if (a.IsNumber() && b.IsInt()) return lua::LuaEqual(b.AsInt(), a.AsNumber());
  if (a.IsNumber() && b.IsNumber()) return a.AsNumber() == b.AsNumber();
  return a.RawEquals(b);
}

Value LRawEqual(VM& vm, CallArgs& args) {
  if (args.argc < 2) return ArgError(vm, 2, "rawequal", "value expected");
  return Value::Bool(RawEqual(args[0], args[1]));
}

Value LRawLen(VM& vm, CallArgs& args) {
  if (args[0].IsString()) return Value::Int(args[0].AsString()->length());
  if (IsTable(args[0])) return Value::Int(AsTable(vm, args[0])->Length());
  return ArgError(vm, 1, "rawlen", "table or string expected");
}

Value LSetMetatable(VM& vm, CallArgs& args) {
  LuaTable* t;
  if (!CheckTable(vm, args, 0, "setmetatable", &t)) return Value::Empty();
  Value mt = args[1];
  if (!mt.IsUndefined() && !IsTable(mt))
    return ArgError(vm, 2, "setmetatable",
                    absl::StrCat("nil or table expected, got ", vm.LuaTypeName(args[1])));
  if (t->metatable != nullptr && !static_cast<LuaTable*>(vm.Resolve(t->metatable))
                                      ->GetStr(LA(vm, LuaAtom::metatable))
                                      .IsUndefined())
    return vm.LuaError("cannot change a protected metatable");
  if (t->flags & LuaTable::kReadOnly) return vm.LuaError("cannot change a protected metatable");
  WritableTable(vm, args[0])->metatable =
      mt.IsUndefined() ? nullptr : static_cast<LuaTable*>(mt.AsObject());
  return args[0];
}

Value LGetMetatable(VM& vm, CallArgs& args) {
  if (args.argc == 0) return ArgError(vm, args, 1, "getmetatable", "value expected");
  LuaTable* mt = vm.LuaMetatable(args[0]);
  if (mt == nullptr) return Value::Undefined();
  Value protected_mt = mt->GetStr(LA(vm, LuaAtom::metatable));
  if (!protected_mt.IsUndefined()) return protected_mt;
  return Value::FromObject(mt);
}

Value LCollectGarbage(VM& vm, CallArgs& args) {
  std::string opt = args[0].IsString() ? std::string(args[0].AsString()->bytes()) : "collect";
  if (opt == "count") return Value::Number(static_cast<double>(vm.heap().bytes()) / 1024.0);
  if (opt == "collect" || opt == "step" || opt == "incremental" || opt == "generational")
    return Value::Int(0);
  if (opt == "isrunning") return Value::Bool(true);
  return ArgError(vm, 1, "collectgarbage", absl::StrCat("invalid option '", opt, "'"));
}

// Features a later stage implements: reaching one stops the run (UnsupportedSyntax), never a wrong
// answer.
Value LUnsupported(VM& vm, CallArgs& args) {
  auto* self = static_cast<NativeFunction*>(args.callee);
  std::string name = self->data.IsString() ? std::string(self->data.AsString()->bytes()) : "this";
  vm.Terminate(Termination::kUnsupported, absl::StrCat(name, " is not supported yet"));
  return Value::Undefined();
}

// ------------------------------------------------------------------------------------------ string

int64_t PosRelat(int64_t pos, size_t len) {
  if (pos >= 0) return pos;
  if (static_cast<size_t>(-pos) > len) return 0;
  return static_cast<int64_t>(len) + pos + 1;
}

Value SLen(VM& vm, CallArgs& args) {
  std::string_view s;
  if (!CheckStr(vm, args, 0, "len", &s)) return Value::Empty();
  return Value::Int(static_cast<int64_t>(s.size()));
}

Value SSub(VM& vm, CallArgs& args) {
  std::string_view s;
  int64_t i, j;
  if (!CheckStr(vm, args, 0, "sub", &s) || !CheckInt(vm, args, 1, "sub", &i) ||
      !OptInt(vm, args, 2, "sub", -1, &j))
    return Value::Empty();
  size_t l = s.size();
  if (i < 0)
    i = std::max<int64_t>(static_cast<int64_t>(l) + i + 1, 1);
  else if (i == 0)
    i = 1;
  if (j < 0)
    j = static_cast<int64_t>(l) + j + 1;
  else if (j > static_cast<int64_t>(l))
    j = static_cast<int64_t>(l);
  if (i > j) return Value::FromString(vm.empty_string());
  return Str(vm, std::string(s.substr(static_cast<size_t>(i - 1), static_cast<size_t>(j - i + 1))));
}

Value SUpperLower(VM& vm, CallArgs& args) {
  auto* self = static_cast<NativeFunction*>(args.callee);
  bool upper = self->magic == 1;
  std::string_view s;
  if (!CheckStr(vm, args, 0, upper ? "upper" : "lower", &s)) return Value::Empty();
  std::string r(s);
  for (char& c : r) {
    if (upper && c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
    if (!upper && c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
  }
  vm.ChargeSteps(r.size() / 64);
  return Str(vm, std::move(r));
}

Value SReverse(VM& vm, CallArgs& args) {
  std::string_view s;
  if (!CheckStr(vm, args, 0, "reverse", &s)) return Value::Empty();
  std::string r(s.rbegin(), s.rend());
  return Str(vm, std::move(r));
}

Value SRep(VM& vm, CallArgs& args) {
  std::string_view s, sep;
  int64_t n;
  if (!CheckStr(vm, args, 0, "rep", &s) || !CheckInt(vm, args, 1, "rep", &n)) return Value::Empty();
  if (!args[2].IsUndefined() && !CheckStr(vm, args, 2, "rep", &sep)) return Value::Empty();
  if (n <= 0) return Value::FromString(vm.empty_string());
  uint64_t unit = s.size() + sep.size();
  if (unit != 0 && static_cast<uint64_t>(n) > vm.limits().max_string_length / unit)
    return vm.LuaError("resulting string too large");
  uint64_t total = unit * static_cast<uint64_t>(n) - sep.size();
  // The heap's byte count includes garbage: collect before refusing (only live data counts).
  // `s` and `sep` stay valid: the arguments are on the VM stack, which is a root.
  if (total <= vm.limits().max_memory_bytes &&
      vm.heap().bytes() + total > vm.limits().max_memory_bytes)
    vm.CollectGarbage();
  if (vm.heap().bytes() + total > vm.limits().max_memory_bytes) {
    vm.Terminate(Termination::kMemoryLimit, "out of memory");
    return Value::Empty();
  }
  vm.ChargeSteps(total / 16);
  if (vm.termination() != Termination::kNone) return Value::Empty();
  std::string r;
  r.reserve(total);
  for (int64_t k = 0; k < n; ++k) {
    if (k > 0) r.append(sep);
    r.append(s);
  }
  return Str(vm, std::move(r));
}

Value SByte(VM& vm, CallArgs& args) {
  std::string_view s;
  int64_t i, j;
  if (!CheckStr(vm, args, 0, "byte", &s) || !OptInt(vm, args, 1, "byte", 1, &i))
    return Value::Empty();
  if (!OptInt(vm, args, 2, "byte", i, &j)) return Value::Empty();
  size_t l = s.size();
  i = PosRelat(i, l);
  j = PosRelat(j, l);
  if (i < 1) i = 1;
  if (j > static_cast<int64_t>(l)) j = static_cast<int64_t>(l);
  if (i > j) return vm.LuaReturn({});
  std::vector<Value> out;
  for (int64_t k = i; k <= j; ++k) out.push_back(Value::Int(static_cast<unsigned char>(s[k - 1])));
  return vm.LuaReturn(out);
}

Value SChar(VM& vm, CallArgs& args) {
  std::string r;
  for (uint32_t k = 0; k < args.argc; ++k) {
    int64_t c;
    if (!CheckInt(vm, args, k, "char", &c)) return Value::Empty();
    if (c < 0 || c > 255)
      return ArgError(vm, static_cast<int>(k) + 1, "char", "value out of range");
    r.push_back(static_cast<char>(c));
  }
  return Str(vm, std::move(r));
}

std::vector<Value> CaptureValues(VM& vm, const std::vector<lua::LuaCaptureValue>& caps) {
  std::vector<Value> out;
  for (const auto& c : caps)
    out.push_back(c.is_position ? Value::Int(c.position) : Str(vm, std::string(c.text)));
  return out;
}

Value SFind(VM& vm, CallArgs& args) {
  auto* self = static_cast<NativeFunction*>(args.callee);
  bool find = self->magic == 0;
  const char* fname = find ? "find" : "match";
  std::string_view s, p;
  int64_t init;
  if (!CheckStr(vm, args, 0, fname, &s) || !CheckStr(vm, args, 1, fname, &p) ||
      !OptInt(vm, args, 2, fname, 1, &init))
    return Value::Empty();
  lua::StepBudget budget = Budget(vm);
  if (find) {
    auto r = lua::LuaStringFind(s, p, init, !Falsy(args[3]), &budget);
    Charge(vm, budget);
    if (!r.ok()) return Fail(vm, r.status());
    if (!r->found) return Value::Undefined();
    std::vector<Value> out{Value::Int(r->start), Value::Int(r->end)};
    for (Value v : CaptureValues(vm, r->captures)) out.push_back(v);
    return vm.LuaReturn(out);
  }
  auto r = lua::LuaStringMatch(s, p, init, &budget);
  Charge(vm, budget);
  if (!r.ok()) return Fail(vm, r.status());
  if (!r->has_value()) return Value::Undefined();
  return vm.LuaReturn(CaptureValues(vm, **r));
}

// gmatch: the iterator keeps its state in a table (subject, pattern, position, last match).
Value SGmatchIter(VM& vm, CallArgs& args) {
  auto* self = static_cast<NativeFunction*>(args.callee);
  LuaTable* st = static_cast<LuaTable*>(self->data.AsObject());
  Value sv = st->GetInt(1), pv = st->GetInt(2);
  if (!sv.IsString() || !pv.IsString()) return Value::Undefined();
  lua::LuaGmatchState gs;
  gs.src = static_cast<size_t>(st->GetInt(3).AsInt());
  gs.lastmatch = st->GetInt(4).AsInt();
  std::string_view s = sv.AsString()->bytes(), p = pv.AsString()->bytes();
  lua::StepBudget budget = Budget(vm);
  auto m = lua::LuaGmatchNext(s, p, &gs, &budget);
  Charge(vm, budget);
  if (!m.ok()) return Fail(vm, m.status());
  st->SetInt(vm.heap(), 3, Value::Int(static_cast<int64_t>(gs.src)));
  st->SetInt(vm.heap(), 4, Value::Int(gs.lastmatch));
  if (!m->found) return Value::Undefined();
  auto caps = lua::LuaMatchCaptures(*m, s, true);
  if (!caps.ok()) return Fail(vm, caps.status());
  return vm.LuaReturn(CaptureValues(vm, *caps));
}

Value SGmatch(VM& vm, CallArgs& args) {
  std::string_view s, p;
  int64_t init;
  if (!CheckStr(vm, args, 0, "gmatch", &s) || !CheckStr(vm, args, 1, "gmatch", &p) ||
      !OptInt(vm, args, 2, "gmatch", 1, &init))
    return Value::Empty();
  lua::LuaGmatchState gs = lua::LuaGmatchStart(s, init);
  LuaTable* st = vm.NewLuaTable(4, 0);
  st->SetInt(vm.heap(), 1, Str(vm, std::string(s)));
  st->SetInt(vm.heap(), 2, Str(vm, std::string(p)));
  st->SetInt(vm.heap(), 3, Value::Int(static_cast<int64_t>(gs.src)));
  st->SetInt(vm.heap(), 4, Value::Int(gs.lastmatch));
  NativeFunction* it = vm.NewNative("gmatch_iterator", SGmatchIter, 0);
  it->data = Value::FromObject(st);
  return Value::FromObject(it);
}

// gsub with a string or table replacement (a function replacement runs in the prelude, which drives
// SGsubStep).
Value SGsub(VM& vm, CallArgs& args) {
  std::string_view s, p;
  if (!CheckStr(vm, args, 0, "gsub", &s) || !CheckStr(vm, args, 1, "gsub", &p))
    return Value::Empty();
  Value repl = args[2];
  int64_t max_n;
  if (!OptInt(vm, args, 3, "gsub", static_cast<int64_t>(s.size()) + 1, &max_n))
    return Value::Empty();
  bool is_str = repl.IsString() || repl.IsInt() || repl.IsNumber();
  if (!is_str && !IsTable(repl)) {
    if (vm.IsCallable(repl)) {
      Value slow = vm.lua_globals()->GetStr(vm.Intern("__gsub_fn"));
      return vm.TailCall(slow, Value::Undefined(), std::span<const Value>(args.argv, args.argc));
    }
    return ArgError(vm, 3, "gsub",
                    absl::StrCat("string/function/table expected, got ",
                                 args.argc < 3 ? "no value" : vm.LuaTypeName(repl)));
  }
  std::string_view rs;
  if (is_str && !CheckStr(vm, args, 2, "gsub", &rs)) return Value::Empty();
  lua::LuaGsubState gs;
  std::string out;
  lua::StepBudget budget = Budget(vm);
  for (;;) {
    auto step = lua::LuaGsubNext(s, p, max_n, &gs, &budget);
    if (!step.ok()) {
      Charge(vm, budget);
      return Fail(vm, step.status());
    }
    out.append(s.substr(step->copy_begin, step->copy_end - step->copy_begin));
    if (!step->match.found) break;
    const lua::LuaMatch& m = step->match;
    if (is_str) {
      absl::Status st = lua::LuaGsubAppendReplacement(s, m, rs, &out);
      if (!st.ok()) {
        Charge(vm, budget);
        return Fail(vm, st);
      }
    } else {
      auto key = lua::LuaGetCapture(m, s, 0);
      if (!key.ok()) return Fail(vm, key.status());
      Value k = key->is_position ? Value::Int(key->position) : Str(vm, std::string(key->text));
      Value v = AsTable(vm, repl)->Get(LuaTable::NormalizeKey(k));
      if (Falsy(v)) {
        out.append(s.substr(m.start, m.end - m.start));
      } else if (v.IsString() || v.IsInt() || v.IsNumber()) {
        out.append(vm.LuaToStringBasic(v)->bytes());
      } else {
        return vm.LuaError(absl::StrCat("invalid replacement value (a ", vm.LuaTypeName(v), ")"));
      }
    }
    if (out.size() > vm.limits().max_string_length)
      return vm.LuaError("resulting string too large");
  }
  Charge(vm, budget);
  vm.ChargeSteps(out.size() / 64);
  return vm.LuaReturn({Str(vm, std::move(out)), Value::Int(gs.count)});
}

// __gsub_step(state): state = {s, p, max_n, src, lastmatch, count, done}; returns the text to copy,
// then (when a match was found) the whole match and its captures (the whole match when none).
Value SGsubStep(VM& vm, CallArgs& args) {
  if (!IsTable(args[0])) return vm.LuaError("gsub state expected");
  LuaTable* st = WritableTable(vm, args[0]);
  Value sv = st->GetInt(1), pv = st->GetInt(2);
  if (!sv.IsString() || !pv.IsString()) return vm.LuaError("gsub state expected");
  std::string_view s = sv.AsString()->bytes(), p = pv.AsString()->bytes();
  lua::LuaGsubState gs;
  gs.src = static_cast<size_t>(st->GetInt(4).AsInt());
  gs.lastmatch = st->GetInt(5).AsInt();
  gs.count = st->GetInt(6).AsInt();
  gs.done = !Falsy(st->GetInt(7));
  lua::StepBudget budget = Budget(vm);
  auto step = lua::LuaGsubNext(s, p, st->GetInt(3).AsInt(), &gs, &budget);
  Charge(vm, budget);
  if (!step.ok()) return Fail(vm, step.status());
  st->SetInt(vm.heap(), 4, Value::Int(static_cast<int64_t>(gs.src)));
  st->SetInt(vm.heap(), 5, Value::Int(gs.lastmatch));
  st->SetInt(vm.heap(), 6, Value::Int(gs.count));
  st->SetInt(vm.heap(), 7, Value::Bool(gs.done));
  std::vector<Value> out{
      Str(vm, std::string(s.substr(step->copy_begin, step->copy_end - step->copy_begin)))};
  if (step->match.found) {
    const lua::LuaMatch& m = step->match;
    out.push_back(Str(vm, std::string(s.substr(m.start, m.end - m.start))));
    auto caps = lua::LuaMatchCaptures(m, s, true);
    if (!caps.ok()) return Fail(vm, caps.status());
    for (Value v : CaptureValues(vm, *caps)) out.push_back(v);
  }
  return vm.LuaReturn(out);
}

Value SGsubBegin(VM& vm, CallArgs& args) {
  std::string_view s, p;
  if (!CheckStr(vm, args, 0, "gsub", &s) || !CheckStr(vm, args, 1, "gsub", &p))
    return Value::Empty();
  int64_t max_n;
  if (!OptInt(vm, args, 3, "gsub", static_cast<int64_t>(s.size()) + 1, &max_n))
    return Value::Empty();
  LuaTable* st = vm.NewLuaTable(7, 0);
  st->SetInt(vm.heap(), 1, Str(vm, std::string(s)));
  st->SetInt(vm.heap(), 2, Str(vm, std::string(p)));
  st->SetInt(vm.heap(), 3, Value::Int(max_n));
  st->SetInt(vm.heap(), 4, Value::Int(0));
  st->SetInt(vm.heap(), 5, Value::Int(-1));
  st->SetInt(vm.heap(), 6, Value::Int(0));
  st->SetInt(vm.heap(), 7, Value::Bool(false));
  return Value::FromObject(st);
}

Value SFormat(VM& vm, CallArgs& args) {
  std::string_view fmt;
  if (!CheckStr(vm, args, 0, "format", &fmt)) return Value::Empty();
  std::vector<LuaArg> fargs;
  std::vector<size_t> uses = lua::LuaFormatArgUsesTostring(fmt);
  for (size_t u : uses) {
    if (u + 1 < args.argc && NeedsMetaToString(vm, args[static_cast<uint32_t>(u + 1)])) {
      Value slow = vm.realm().intrinsics().lua_format_slow;
      if (!vm.IsCallable(slow)) slow = vm.lua_globals()->GetStr(vm.Intern("__format_slow"));
      return vm.TailCall(slow, Value::Undefined(), std::span<const Value>(args.argv, args.argc));
    }
  }
  for (uint32_t k = 1; k < args.argc; ++k) fargs.push_back(ToArg(vm, args[k]));
  auto r = lua::LuaFormat(fmt, fargs, 2);
  if (!r.ok()) return Fail(vm, r.status());
  if (r->size() > vm.limits().max_string_length) return vm.LuaError("resulting string too large");
  return Str(vm, std::move(*r));
}

Value SPack(VM& vm, CallArgs& args) {
  std::string_view fmt;
  if (!CheckStr(vm, args, 0, "pack", &fmt)) return Value::Empty();
  std::vector<LuaArg> vals;
  for (uint32_t k = 1; k < args.argc; ++k) vals.push_back(ToArg(vm, args[k]));
  auto r = lua::LuaPack(fmt, vals);
  if (!r.ok()) return Fail(vm, r.status());
  return Str(vm, std::move(*r));
}

Value SPackSize(VM& vm, CallArgs& args) {
  std::string_view fmt;
  if (!CheckStr(vm, args, 0, "packsize", &fmt)) return Value::Empty();
  auto r = lua::LuaPackSize(fmt);
  if (!r.ok()) return Fail(vm, r.status());
  return Value::Int(*r);
}

Value SUnpack(VM& vm, CallArgs& args) {
  std::string_view fmt, data;
  int64_t pos;
  if (!CheckStr(vm, args, 0, "unpack", &fmt) || !CheckStr(vm, args, 1, "unpack", &data) ||
      !OptInt(vm, args, 2, "unpack", 1, &pos))
    return Value::Empty();
  auto r = lua::LuaUnpack(fmt, data, pos);
  if (!r.ok()) return Fail(vm, r.status());
  std::vector<Value> out;
  for (auto& v : r->values) {
    if (auto* i = std::get_if<int64_t>(&v))
      out.push_back(Value::Int(*i));
    else if (auto* d = std::get_if<double>(&v))
      out.push_back(Value::Number(*d));
    else
      out.push_back(Str(vm, std::get<std::string>(v)));
  }
  out.push_back(Value::Int(r->next_position));
  return vm.LuaReturn(out);
}

// ------------------------------------------------------------------------------------------ table

// A table library function on a table with a metatable goes to the prelude's Lua version
// (__tinsert…), so element reads and writes and the length go through the metamethods as in
// lua5.4's ltablib. Its errors are placed at table.X's Lua caller (level 2), or nowhere when a
// native called it.
Value ErrorLevel(VM& vm) { return Value::Int(vm.lua_native_from_native() ? 0 : 2); }

Value TInsert(VM& vm, CallArgs& args) {
  LuaTable* t;
  if (!CheckTable(vm, args, 0, "insert", &t)) return Value::Empty();
  if (t->metatable != nullptr) {
    if (args.argc != 2 && args.argc != 3)
      return vm.LuaError("wrong number of arguments to 'insert'");
    int64_t pos = 0;
    if (args.argc == 3 && !CheckInt(vm, args, 1, "insert", &pos)) return Value::Empty();
    return TailCallPrelude(
        vm, "__tinsert",
        {args[0], Value::Int(args.argc), args.argc == 3 ? Value::Int(pos) : args[1], args[2],
         ErrorLevel(vm), vm.Str(FName(vm, args, "insert"))});
  }
  LuaTable* w = WritableTable(vm, args[0]);
  int64_t e = w->Length() + 1;
  if (args.argc == 2) {
    w->SetInt(vm.heap(), e, args[1]);
    return vm.LuaReturn({});
  }
  if (args.argc != 3) return vm.LuaError("wrong number of arguments to 'insert'");
  int64_t pos;
  if (!CheckInt(vm, args, 1, "insert", &pos)) return Value::Empty();
  if (static_cast<uint64_t>(pos) - 1u >= static_cast<uint64_t>(e))
    return ArgError(vm, 2, "insert", "position out of bounds");
  vm.ChargeSteps(static_cast<uint64_t>(e - pos) / 16);
  for (int64_t k = e; k > pos; --k) w->SetInt(vm.heap(), k, w->GetInt(k - 1));
  w->SetInt(vm.heap(), pos, args[2]);
  return vm.LuaReturn({});
}

Value TRemove(VM& vm, CallArgs& args) {
  LuaTable* t;
  if (!CheckTable(vm, args, 0, "remove", &t)) return Value::Empty();
  if (t->metatable != nullptr) {
    int64_t pos = 0;
    const bool has_pos = !args[1].IsUndefined();
    if (has_pos && !CheckInt(vm, args, 1, "remove", &pos)) return Value::Empty();
    return TailCallPrelude(vm, "__tremove",
                           {args[0], Value::Bool(has_pos), Value::Int(pos), ErrorLevel(vm),
                            vm.Str(FName(vm, args, "remove"))});
  }
  LuaTable* w = WritableTable(vm, args[0]);
  int64_t size = w->Length();
  int64_t pos;
  if (!OptInt(vm, args, 1, "remove", size, &pos)) return Value::Empty();
  // lua5.4.4 tremove: a position other than the size must be in [1, size + 1] (so `remove(t, #t)`
  // and `remove(t, 0)` of an empty list are fine), and names argument #1.
  if (pos != size && static_cast<uint64_t>(pos) - 1u > static_cast<uint64_t>(size))
    return ArgError(vm, args, 1, "remove", "position out of bounds");
  Value v = w->GetInt(pos);
  vm.ChargeSteps(static_cast<uint64_t>(std::max<int64_t>(0, size - pos)) / 16);
  for (; pos < size; ++pos) w->SetInt(vm.heap(), pos, w->GetInt(pos + 1));
  w->SetInt(vm.heap(), pos, Value::Undefined());
  return v;
}

Value TConcat(VM& vm, CallArgs& args) {
  LuaTable* t;
  if (!CheckTable(vm, args, 0, "concat", &t)) return Value::Empty();
  std::string_view sep;
  if (!args[1].IsUndefined() && !CheckStr(vm, args, 1, "concat", &sep)) return Value::Empty();
  int64_t i, j;
  if (!OptInt(vm, args, 2, "concat", 1, &i) || !OptInt(vm, args, 3, "concat", t->Length(), &j))
    return Value::Empty();
  if (t->metatable != nullptr)
    return TailCallPrelude(
        vm, "__tconcat",
        {args[0], args[1].IsUndefined() ? Value::FromString(vm.empty_string()) : args[1],
         Value::Int(i), args[3].IsUndefined() ? Value::Undefined() : Value::Int(j),
         ErrorLevel(vm)});
  std::string out;
  for (int64_t k = i; k <= j; ++k) {
    Value v = t->GetInt(k);
    if (v.IsString()) {
      out.append(v.AsString()->bytes());
    } else if (v.IsInt() || v.IsNumber()) {
      out.append(vm.LuaToStringBasic(v)->bytes());
    } else {
      return vm.LuaError(absl::StrCat("invalid value (", vm.LuaTypeName(v), ") at index ", k,
                                      " in table for 'concat'"));
    }
    if (k < j) out.append(sep);
    if (out.size() > vm.limits().max_string_length)
      return vm.LuaError("resulting string too large");
  }
  vm.ChargeSteps(out.size() / 64 + static_cast<uint64_t>(std::max<int64_t>(0, j - i)) / 16);
  return Str(vm, std::move(out));
}

Value TUnpack(VM& vm, CallArgs& args) {
  LuaTable* t = nullptr;
  if (IsTable(args[0])) t = AsTable(vm, args[0]);
  int64_t i, j;
  if (!OptInt(vm, args, 1, "unpack", 1, &i)) return Value::Empty();
  if (!OptInt(vm, args, 2, "unpack", t ? t->Length() : 0, &j)) return Value::Empty();
  if (t == nullptr)
    return ArgError(vm, 1, "unpack", absl::StrCat("table expected, got ", vm.LuaTypeName(args[0])));
  if (t->metatable != nullptr)
    return TailCallPrelude(
        vm, "__tunpack",
        {args[0], Value::Int(i), args[2].IsUndefined() ? Value::Undefined() : Value::Int(j),
         ErrorLevel(vm)});
  if (i > j) return vm.LuaReturn({});
  if (static_cast<uint64_t>(j) - static_cast<uint64_t>(i) >= 1000000u)
    return vm.LuaError("too many results to unpack");
  std::vector<Value> out;
  out.reserve(static_cast<size_t>(j - i + 1));
  for (int64_t k = i; k <= j; ++k) out.push_back(t->GetInt(k));
  vm.ChargeSteps(out.size() / 16);
  return vm.LuaReturn(out);
}

Value TPack(VM& vm, CallArgs& args) {
  LuaTable* t = vm.NewLuaTable(args.argc, 1);
  for (uint32_t k = 0; k < args.argc; ++k) t->SetListItem(vm.heap(), k + 1, args.argv[k]);
  t->TrimArray();
  t->Set(vm.heap(), Value::FromString(LA(vm, LuaAtom::n)), Value::Int(args.argc));
  return Value::FromObject(t);
}

// lua5.4's table.sort algorithm (manual §6.6; ltablib.c's median-of-three quicksort with a middle
// pivot and the partition loops that detect an inconsistent order), written over `a` (a[k - 1] is
// element k): equal keys end in lua5.4's order, a failed sort leaves lua5.4's partial order, and
// "invalid order function for sorting" comes exactly where lua5.4 raises it. lua5.4 re-draws the
// pivot from the clock after a badly unbalanced partition; here that choice is derived from the
// bounds (deterministic). runtime/lua_prelude.cc __sort is the same algorithm for comparators.
// Returns false after an invalid order (error) or when `less` asks to stop (limits).
class LuaQuickSort {
 public:
  // less(x, y, ctx): 1 when x < y, 0 when not, -1 to stop the sort (the run hit a limit).
  using Less = int (*)(Value, Value, void*);
  LuaQuickSort(std::vector<Value>& a, Less less, void* ctx) : a_(a), less_(less), ctx_(ctx) {}
  bool invalid = false;
  bool stopped = false;

  void Sort(int64_t lo, int64_t up, uint32_t rnd) {
    while (lo < up && !Done()) {
      if (Lt(At(up), At(lo))) Swap(lo, up);
      if (up - lo == 1 || Done()) return;
      int64_t p;
      if (up - lo < 100 || rnd == 0) {
        p = (lo + up) / 2;
      } else {
        int64_t r4 = (up - lo) / 4;
        p = static_cast<int64_t>(rnd % static_cast<uint64_t>(r4 * 2)) + lo + r4;
      }
      if (Lt(At(p), At(lo))) {
        Swap(p, lo);
      } else if (!Done() && Lt(At(up), At(p))) {
        Swap(p, up);
      }
      if (up - lo == 2 || Done()) return;
      Swap(p, up - 1);
      p = Partition(lo, up);
      if (Done()) return;
      int64_t n;
      if (p - lo < up - p) {
        Sort(lo, p - 1, rnd);
        n = p - lo;
        lo = p + 1;
      } else {
        Sort(p + 1, up, rnd);
        n = up - p;
        up = p - 1;
      }
      if (up - lo > 128 * n + 127) {
        rnd = static_cast<uint32_t>(static_cast<uint64_t>(lo) * 2654435761u ^
                                    static_cast<uint64_t>(up) * 40503u) | 1u;
      }
    }
  }

 private:
  Value& At(int64_t k) { return a_[static_cast<size_t>(k - 1)]; }
  void Swap(int64_t i, int64_t j) { std::swap(At(i), At(j)); }
  bool Done() const { return invalid || stopped; }
  bool Lt(Value x, Value y) {
    int r = less_(x, y, ctx_);
    if (r < 0) stopped = true;
    return r > 0;
  }
  // a[up - 1] is the pivot P; returns its final index.
  int64_t Partition(int64_t lo, int64_t up) {
    int64_t i = lo, j = up - 1;
    Value pivot = At(up - 1);
    for (;;) {
      while (Lt(At(++i), pivot)) {
        if (i == up - 1) {
          invalid = true;
          return i;
        }
      }
      if (stopped) return i;
      while (Lt(pivot, At(--j))) {
        if (j < i) {
          invalid = true;
          return i;
        }
      }
      if (stopped) return i;
      if (j < i) {
        Swap(up - 1, i);
        return i;
      }
      Swap(i, j);
    }
  }

  std::vector<Value>& a_;
  Less less_;
  void* ctx_;
};

struct NativeSortCtx {
  VM* vm;
  uint64_t compares = 0;
  bool numbers;
};

int NativeLess(Value x, Value y, void* p) {
  auto* c = static_cast<NativeSortCtx*>(p);
  if ((++c->compares & 1023) == 0) {
    // Limits (steps, the clock) end a quadratic sort of a hostile array too.
    c->vm->ChargeSteps(256);
    if ((c->compares & 0xFFFF) == 0) c->vm->PollInterrupt();
    if (c->vm->termination() != Termination::kNone) return -1;
  }
  if (!c->numbers) return x.AsString()->bytes() < y.AsString()->bytes();
  if (x.IsInt() && y.IsInt()) return x.AsInt() < y.AsInt();
  if (x.IsInt()) return lua::LuaLessThan(x.AsInt(), y.AsNumber());
  if (y.IsInt()) return lua::LuaLessThan(x.AsNumber(), y.AsInt());
  return x.AsNumber() < y.AsNumber();
}

// sort: numbers or strings with the default order here; a comparator (or values that need __lt) in
// the prelude (__sort).
Value TSort(VM& vm, CallArgs& args) {
  LuaTable* t;
  if (!CheckTable(vm, args, 0, "sort", &t)) return Value::Empty();
  int64_t n = t->Length();
  bool native = args[1].IsUndefined() && t->metatable == nullptr;
  bool all_num = true, all_str = true;
  if (native) {
    for (int64_t k = 1; k <= n; ++k) {
      Value v = t->GetInt(k);
      if (!(v.IsInt() || v.IsNumber())) all_num = false;
      if (!v.IsString()) all_str = false;
    }
  }
  if (!native || (!all_num && !all_str)) {
    if (!args[1].IsUndefined() && !vm.IsCallable(args[1]))
      return ArgError(vm, 2, "sort",
                      absl::StrCat("function expected, got ", vm.LuaTypeName(args[1])));
    // The error level of "invalid order function": table.sort's Lua caller, none from a native.
    return TailCallPrelude(vm, "__sort", {args[0], args[1], ErrorLevel(vm)});
  }
  if (n < 2) return vm.LuaReturn({});
  LuaTable* w = WritableTable(vm, args[0]);
  std::vector<Value> items(w->arr.begin(), w->arr.begin() + n);
  vm.ChargeSteps(static_cast<uint64_t>(n) * (64 - __builtin_clzll(static_cast<uint64_t>(n) | 1)) /
                 4);
  NativeSortCtx ctx{&vm, 0, all_num};
  LuaQuickSort qs(items, NativeLess, &ctx);
  qs.Sort(1, n, 0);
  if (vm.termination() != Termination::kNone) return Value::Empty();
  for (int64_t k = 0; k < n; ++k) w->arr[static_cast<size_t>(k)] = items[static_cast<size_t>(k)];
  if (qs.invalid) return vm.LuaError("invalid order function for sorting");
  return vm.LuaReturn({});
}

Value TMove(VM& vm, CallArgs& args) {
  LuaTable* a1;
  int64_t f, e, t;
  if (!CheckTable(vm, args, 0, "move", &a1) || !CheckInt(vm, args, 1, "move", &f) ||
      !CheckInt(vm, args, 2, "move", &e) || !CheckInt(vm, args, 3, "move", &t))
    return Value::Empty();
  Value dest = args[4].IsUndefined() ? args[0] : args[4];
  if (!IsTable(dest)) return ArgError(vm, 5, "move", "table expected");
  if (e >= f) {
    // lua5.4 tmove's argument checks.
    if (!(f > 0 || e < INT64_MAX + f))
      return ArgError(vm, args, 3, "move", "too many elements to move");
    if (t > INT64_MAX - (e - f)) return ArgError(vm, args, 4, "move", "destination wrap around");
  }
  if (a1->metatable != nullptr || AsTable(vm, dest)->metatable != nullptr)
    return TailCallPrelude(vm, "__tmove",
                           {args[0], Value::Int(f), Value::Int(e), Value::Int(t), dest});
  LuaTable* w = WritableTable(vm, dest);
  if (e >= f) {
    vm.ChargeSteps(static_cast<uint64_t>(e - f) / 16);
    if (t > e || t <= f || dest.raw_bits() != args[0].raw_bits()) {
      for (int64_t k = 0; k <= e - f; ++k) w->SetInt(vm.heap(), t + k, a1->GetInt(f + k));
    } else {
      for (int64_t k = e - f; k >= 0; --k) w->SetInt(vm.heap(), t + k, a1->GetInt(f + k));
    }
  }
  return dest;
}

// ------------------------------------------------------------------------------------------ math

Value MFloorCeil(VM& vm, CallArgs& args) {
  auto* self = static_cast<NativeFunction*>(args.callee);
  bool floor = self->magic == 0;
  lua::LuaNumber n;
  if (!CheckNum(vm, args, 0, floor ? "floor" : "ceil", &n)) return Value::Empty();
  if (auto* i = std::get_if<int64_t>(&n)) return Value::Int(*i);
  double d = std::get<double>(n);
  auto r = floor ? lua::LuaFloatToIntegerFloor(d) : lua::LuaFloatToIntegerCeil(d);
  if (r) return Value::Int(*r);
  return Value::Number(floor ? std::floor(d) : std::ceil(d));
}

Value MAbs(VM& vm, CallArgs& args) {
  lua::LuaNumber n;
  if (!CheckNum(vm, args, 0, "abs", &n)) return Value::Empty();
  if (auto* i = std::get_if<int64_t>(&n)) return Value::Int(*i < 0 ? lua::LuaIntNeg(*i) : *i);
  return Value::Number(std::fabs(std::get<double>(n)));
}

Value MMinMax(VM& vm, CallArgs& args) {
  auto* self = static_cast<NativeFunction*>(args.callee);
  bool is_max = self->magic == 1;
  const char* fname = is_max ? "max" : "min";
  if (args.argc == 0) return ArgError(vm, args, 1, fname, "value expected");
  lua::LuaNumber best;
  if (!CheckNum(vm, args, 0, fname, &best)) return Value::Empty();
  uint32_t best_i = 0;
  for (uint32_t k = 1; k < args.argc; ++k) {
    lua::LuaNumber x;
    if (!CheckNum(vm, args, k, fname, &x)) return Value::Empty();
    bool less;  // x < best
    const int64_t *xi = std::get_if<int64_t>(&x), *bi = std::get_if<int64_t>(&best);
    if (xi && bi)
      less = *xi < *bi;
    else if (xi)
      less = lua::LuaLessThan(*xi, std::get<double>(best));
    else if (bi)
      less = lua::LuaLessThan(std::get<double>(x), *bi);
    else
      less = std::get<double>(x) < std::get<double>(best);
    bool greater;
    if (xi && bi)
      greater = *bi < *xi;
    else if (xi)
      greater = lua::LuaLessThan(std::get<double>(best), *xi);
    else if (bi)
      greater = lua::LuaLessThan(*bi, std::get<double>(x));
    else
      greater = std::get<double>(best) < std::get<double>(x);
    if (is_max ? greater : less) {
      best = x;
      best_i = k;
    }
  }
  (void)best_i;
  if (auto* i = std::get_if<int64_t>(&best)) return Value::Int(*i);
  return Value::Number(std::get<double>(best));
}

Value MUnary(VM& vm, CallArgs& args) {
  auto* self = static_cast<NativeFunction*>(args.callee);
  static const char* kNames[] = {"sqrt", "sin", "cos", "tan", "asin", "acos", "exp"};
  double d;
  if (!CheckFloat(vm, args, 0, kNames[self->magic], &d)) return Value::Empty();
  switch (self->magic) {
    case 0:
      return Value::Number(std::sqrt(d));
    case 1:
      return Value::Number(std::sin(d));
    case 2:
      return Value::Number(std::cos(d));
    case 3:
      return Value::Number(std::tan(d));
    case 4:
      return Value::Number(std::asin(d));
    case 5:
      return Value::Number(std::acos(d));
    default:
      return Value::Number(std::exp(d));
  }
}

Value MAtan(VM& vm, CallArgs& args) {
  double y, x = 1;
  if (!CheckFloat(vm, args, 0, "atan", &y)) return Value::Empty();
  if (!args[1].IsUndefined() && !CheckFloat(vm, args, 1, "atan", &x)) return Value::Empty();
  return Value::Number(std::atan2(y, x));
}

Value MLog(VM& vm, CallArgs& args) {
  double x;
  if (!CheckFloat(vm, args, 0, "log", &x)) return Value::Empty();
  if (args[1].IsUndefined()) return Value::Number(std::log(x));
  double b;
  if (!CheckFloat(vm, args, 1, "log", &b)) return Value::Empty();
  if (b == 2.0) return Value::Number(std::log2(x));
  if (b == 10.0) return Value::Number(std::log10(x));
  return Value::Number(std::log(x) / std::log(b));
}

Value MFmod(VM& vm, CallArgs& args) {
  lua::LuaNumber a, b;
  if (!CheckNum(vm, args, 0, "fmod", &a) || !CheckNum(vm, args, 1, "fmod", &b))
    return Value::Empty();
  const int64_t *ai = std::get_if<int64_t>(&a), *bi = std::get_if<int64_t>(&b);
  if (ai && bi) {
    if (*bi == 0) return ArgError(vm, 2, "fmod", "zero");
    if (*bi == -1) return Value::Int(0);
    return Value::Int(*ai % *bi);
  }
  return Value::Number(std::fmod(NumD(a), NumD(b)));
}

Value MModf(VM& vm, CallArgs& args) {
  double d;
  if (!CheckFloat(vm, args, 0, "modf", &d)) return Value::Empty();
  double ip = std::isinf(d) ? d : (d >= 0 ? std::floor(d) : std::ceil(d));
  double fp = std::isinf(d) ? 0.0 : d - ip;
  Value ipv = Value::Number(ip);
  if (auto i = lua::LuaFloatToInteger(ip); i) ipv = Value::Int(*i);
  return vm.LuaReturn({ipv, Value::Number(fp)});
}

Value MToInteger(VM& vm, CallArgs& args) {
  Value v = args[0];
  if (v.IsInt()) return v;
  if (v.IsNumber()) {
    auto r = lua::LuaFloatToInteger(v.AsNumber());
    return r ? Value::Int(*r) : Value::Undefined();
  }
  if (args.argc == 0) return ArgError(vm, 1, "tointeger", "value expected");
  return Value::Undefined();
}

Value MType(VM& vm, CallArgs& args) {
  if (args.argc == 0) return ArgError(vm, 1, "type", "value expected");
  if (args[0].IsInt()) return Value::FromString(vm.Intern("integer"));
  if (args[0].IsNumber()) return Value::FromString(vm.Intern("float"));
  return Value::Undefined();
}

Value MUlt(VM& vm, CallArgs& args) {
  int64_t a, b;
  if (!CheckInt(vm, args, 0, "ult", &a) || !CheckInt(vm, args, 1, "ult", &b)) return Value::Empty();
  return Value::Bool(static_cast<uint64_t>(a) < static_cast<uint64_t>(b));
}

// math.random([m [, n]]) (Lua 5.4 manual §6.7, lmathlib.c math_random): one output of the run's
// generator (VM::random, xoshiro256** as in lua5.4, saved in snapshots). No argument: a float in
// [0, 1); (m): an integer in [1, m]; (m, n): in [m, n]; (0): all 64 bits as an integer. Arguments
// must have integer representations; an empty interval is an error.
Value MRandom(VM& vm, CallArgs& args) {
  support::Xoshiro256& g = vm.random();
  uint64_t rv = g.Next();
  int64_t low, up;
  switch (args.argc) {
    case 0:
      return Value::Number(static_cast<double>(rv >> 11) * 0x1.0p-53);
    case 1:
      low = 1;
      if (!CheckInt(vm, args, 0, "random", &up)) return Value::Empty();
      if (up == 0) return Value::Int(static_cast<int64_t>(rv));
      break;
    case 2:
      if (!CheckInt(vm, args, 0, "random", &low) || !CheckInt(vm, args, 1, "random", &up))
        return Value::Empty();
      break;
    default:
      return vm.LuaError("wrong number of arguments");
  }
  if (low > up) return ArgError(vm, args, 1, "random", "interval is empty");
  uint64_t p = g.Project(rv, static_cast<uint64_t>(up) - static_cast<uint64_t>(low));
  return Value::Int(static_cast<int64_t>(p + static_cast<uint64_t>(low)));
}

// math.randomseed([x [, y]]) (§6.7): with arguments the generator restarts from (x, y) exactly as
// lua5.4's does, so a seeded sequence equals lua5.4's; without, it reseeds from two outputs of the
// run's generator (lua5.4 uses the clock and an address; a run stays reproducible from its run id).
// Returns the two seed components, as lua5.4 does.
Value MRandomSeed(VM& vm, CallArgs& args) {
  support::Xoshiro256& g = vm.random();
  uint64_t n1, n2;
  if (args.argc == 0) {
    n1 = g.Next();
    n2 = g.Next();
  } else {
    int64_t a, b;
    if (!CheckInt(vm, args, 0, "randomseed", &a) || !OptInt(vm, args, 1, "randomseed", 0, &b))
      return Value::Empty();
    n1 = static_cast<uint64_t>(a);
    n2 = static_cast<uint64_t>(b);
  }
  g.Seed(n1, n2);
  return vm.LuaReturn({Value::Int(static_cast<int64_t>(n1)), Value::Int(static_cast<int64_t>(n2))});
}

// ------------------------------------------------------------------------------------------ utf8

Value UChar(VM& vm, CallArgs& args) {
  std::vector<LuaArg> codes;
  for (uint32_t k = 0; k < args.argc; ++k) codes.push_back(ToArg(vm, args[k]));
  auto r = lua::LuaUtf8Char(codes);
  if (!r.ok()) return Fail(vm, r.status());
  return Str(vm, std::move(*r));
}

Value UCodesIter(VM& vm, CallArgs& args) {
  auto* self = static_cast<NativeFunction*>(args.callee);
  std::string_view s;
  if (!CheckStr(vm, args, 0, "codes", &s)) return Value::Empty();
  int64_t i = args[1].IsInt() ? args[1].AsInt() : 0;
  auto r = lua::LuaUtf8CodesStep(s, i, self->magic == 1);
  if (!r.ok()) return Fail(vm, r.status());
  if (!r->has_value()) return Value::Undefined();
  return vm.LuaReturn({Value::Int((*r)->first), Value::Int((*r)->second)});
}

Value UCodes(VM& vm, CallArgs& args) {
  std::string_view s;
  if (!CheckStr(vm, args, 0, "codes", &s)) return Value::Empty();
  bool lax = !Falsy(args[1]);
  Value it = vm.lua_globals()->GetStr(vm.Intern(lax ? "__utf8_codes_lax" : "__utf8_codes"));
  return vm.LuaReturn({it, args[0], Value::Int(0)});
}

Value UCodepoint(VM& vm, CallArgs& args) {
  std::string_view s;
  int64_t i, j;
  if (!CheckStr(vm, args, 0, "codepoint", &s) || !OptInt(vm, args, 1, "codepoint", 1, &i) ||
      !OptInt(vm, args, 2, "codepoint", i, &j))
    return Value::Empty();
  auto r = lua::LuaUtf8Codepoint(s, i, j, !Falsy(args[3]));
  if (!r.ok()) return Fail(vm, r.status());
  std::vector<Value> out;
  for (int64_t c : *r) out.push_back(Value::Int(c));
  return vm.LuaReturn(out);
}

Value ULen(VM& vm, CallArgs& args) {
  std::string_view s;
  int64_t i, j;
  if (!CheckStr(vm, args, 0, "len", &s) || !OptInt(vm, args, 1, "len", 1, &i) ||
      !OptInt(vm, args, 2, "len", -1, &j))
    return Value::Empty();
  auto r = lua::LuaUtf8Len(s, i, j, !Falsy(args[3]));
  if (!r.ok()) return Fail(vm, r.status());
  if (!r->valid) return vm.LuaReturn({Value::Undefined(), Value::Int(r->value)});
  return Value::Int(r->value);
}

Value UOffset(VM& vm, CallArgs& args) {
  std::string_view s;
  int64_t n;
  if (!CheckStr(vm, args, 0, "offset", &s) || !CheckInt(vm, args, 1, "offset", &n))
    return Value::Empty();
  std::optional<int64_t> i;
  if (!args[2].IsUndefined()) {
    int64_t v;
    if (!CheckInt(vm, args, 2, "offset", &v)) return Value::Empty();
    i = v;
  }
  auto r = lua::LuaUtf8Offset(s, n, i);
  if (!r.ok()) return Fail(vm, r.status());
  if (!r->has_value()) return Value::Undefined();
  return Value::Int(**r);
}

// ------------------------------------------------------------------------------------------ json

Value JArray(VM& vm, CallArgs& args) {
  LuaTable* t = vm.NewLuaTable();
  t->flags |= LuaTable::kJsonArray;
  return Value::FromObject(t);
}

// ------------------------------------------------------------------------------------------ os

// The run's clock in whole seconds since the Unix epoch (Host::WallClockMs: a fixed clock in tests).
int64_t NowSeconds(VM& vm) {
  int64_t ms = vm.WallClockMs();
  return ms / 1000 - (ms % 1000 < 0 ? 1 : 0);
}

// loslib.c getfield: field `key` of a date table as a C tm field (value - delta), `d` when absent
// (d < 0: required). Integers, integral floats and numeric strings are accepted.
bool DateField(VM& vm, LuaTable* t, const char* key, int64_t d, int64_t delta, int64_t* out) {
  Value v = t->GetStr(vm.Intern(key));
  std::optional<int64_t> i;
  if (v.IsInt()) {
    i = v.AsInt();
  } else if (v.IsNumber()) {
    i = lua::LuaFloatToInteger(v.AsNumber());
  } else if (v.IsString()) {
    if (auto n = lua::LuaStringToNumber(v.AsString()->bytes()); n) {
      if (auto* k = std::get_if<int64_t>(&*n)) i = *k;
      else i = lua::LuaFloatToInteger(std::get<double>(*n));
    }
  }
  if (!i) {
    if (!v.IsUndefined()) {
      vm.LuaError(absl::StrCat("field '", key, "' is not an integer"));
      return false;
    }
    if (d < 0) {
      vm.LuaError(absl::StrCat("field '", key, "' missing in date table"));
      return false;
    }
    *out = d;
    return true;
  }
  int64_t res = *i;
  if (!(res >= 0 ? res - delta <= INT_MAX : INT_MIN + delta <= res)) {
    vm.LuaError(absl::StrCat("field '", key, "' is out-of-bound"));
    return false;
  }
  *out = res - delta;
  return true;
}

// loslib.c setallfields: year, month, day, hour, min, sec, yday, wday, isdst (in that order).
void SetDateFields(VM& vm, LuaTable* t, const lua::LuaTm& tm) {
  auto set = [&](const char* k, Value v) { t->Set(vm.heap(), Value::FromString(vm.Intern(k)), v); };
  set("year", Value::Int(tm.year));
  set("month", Value::Int(tm.month));
  set("day", Value::Int(tm.day));
  set("hour", Value::Int(tm.hour));
  set("min", Value::Int(tm.min));
  set("sec", Value::Int(tm.sec));
  set("yday", Value::Int(tm.yday));
  set("wday", Value::Int(tm.wday + 1));
  set("isdst", Value::Bool(tm.isdst));
}

// os.time([table]) (manual §6.9): now from the run's clock, or the time of a date table's fields in
// the run's time zone (RuntimeOptions::time_zone, UTC by default), normalized like C's mktime; the
// table's fields are then updated with the normalized values, as lua5.4 does.
Value OTime(VM& vm, CallArgs& args) {
  if (args[0].IsUndefined()) return Value::Int(NowSeconds(vm));
  LuaTable* t;
  if (!CheckTable(vm, args, 0, "time", &t)) return Value::Empty();
  if (t->metatable != nullptr && !vm.LuaMetamethod(args[0], LA(vm, LuaAtom::index)).IsUndefined()) {
    // lua5.4 reads the fields through __index (program code); natives cannot run it.
    vm.Terminate(Termination::kUnsupported, "os.time of a table with an __index metamethod");
    return Value::Empty();
  }
  int64_t year, month, day, hour, min, sec;
  if (!DateField(vm, t, "year", -1, 1900, &year) || !DateField(vm, t, "month", -1, 1, &month) ||
      !DateField(vm, t, "day", -1, 0, &day) || !DateField(vm, t, "hour", 12, 0, &hour) ||
      !DateField(vm, t, "min", 0, 0, &min) || !DateField(vm, t, "sec", 0, 0, &sec))
    return Value::Empty();
  Value dst = t->GetStr(vm.Intern("isdst"));
  int isdst = dst.IsUndefined() ? -1 : (Falsy(dst) ? 0 : 1);
  lua::LuaTm tm;
  auto r = lua::LuaMakeTime(year + 1900, month + 1, day, hour, min, sec, isdst, vm.time_zone(), &tm);
  if (!r) return vm.LuaError("time result cannot be represented in this installation");
  if (t->flags & LuaTable::kReadOnly) return vm.LuaError("attempt to modify json.null");
  SetDateFields(vm, WritableTable(vm, args[0]), tm);
  return Value::Int(*r);
}

// os.clock() (§6.9): the run's active time in seconds (running or waiting, over every leg of a
// resumed run; Host::ActiveMs), not the process's CPU time.
Value OClock(VM& vm, CallArgs& args) {
  int64_t ms = vm.host() != nullptr ? vm.host()->ActiveMs() : 0;
  return Value::Number(static_cast<double>(ms) / 1000.0);
}

// os.date([format [, time]]) (§6.9): `time` (default now) in the run's time zone, or in UTC when
// the format starts with "!"; "*t" gives a table, anything else C99 strftime in the C locale with
// lua5.4's set of conversions (vm/lua/lua_os.h).
Value ODate(VM& vm, CallArgs& args) {
  std::string_view fmt = "%c";
  if (!args[0].IsUndefined() && !CheckStr(vm, args, 0, "date", &fmt)) return Value::Empty();
  int64_t t;
  if (args[1].IsUndefined()) {
    t = NowSeconds(vm);
  } else if (!CheckInt(vm, args, 1, "date", &t)) {
    return Value::Empty();
  }
  bool utc = !fmt.empty() && fmt[0] == '!';
  if (utc) fmt.remove_prefix(1);
  auto tm = lua::LuaBreakTime(t, vm.time_zone(), utc);
  if (!tm) return vm.LuaError("date result cannot be represented in this installation");
  if (fmt == "*t") {
    LuaTable* r = vm.NewLuaTable(0, 9);
    SetDateFields(vm, r, *tm);
    return Value::FromObject(r);
  }
  auto s = lua::LuaStrftime(fmt, *tm);
  if (!s.ok()) return ArgError(vm, args, 1, "date", std::string(s.status().message()));
  return Str(vm, std::move(*s));
}

// os.difftime(t2, t1) (§6.9): t2 - t1 in seconds, as a float.
Value ODifftime(VM& vm, CallArgs& args) {
  int64_t t2, t1;
  if (!CheckInt(vm, args, 0, "difftime", &t2) || !CheckInt(vm, args, 1, "difftime", &t1))
    return Value::Empty();
  return Value::Number(static_cast<double>(t2) - static_cast<double>(t1));
}

// ------------------------------------------------------------------------------------------
// install

struct Lib {
  VM& vm;
  LuaTable* t;
  void Fn(const char* name, NativeFn fn, int32_t magic = 0) {
    NativeFunction* f = vm.NewNative(name, fn, 0, magic);
    t->Set(vm.heap(), Value::FromString(vm.Intern(name)), Value::FromObject(f));
  }
  void Val(const char* name, Value v) { t->Set(vm.heap(), Value::FromString(vm.Intern(name)), v); }
  NativeFunction* Unsupported(const char* name, const char* full) {
    NativeFunction* f = vm.NewNative(name, LUnsupported, 0);
    f->data = Value::FromString(vm.Intern(full));
    t->Set(vm.heap(), Value::FromString(vm.Intern(name)), Value::FromObject(f));
    return f;
  }
};

}  // namespace

// Natives created while a run executes (they need stable snapshot ids, registered by runtime/).
std::vector<std::pair<NativeFn, const char*>> LuaRunTimeNatives() {
  std::vector<std::pair<NativeFn, const char*>> out = {{SGmatchIter, "lua gmatch iterator"}};
  for (const auto& n : LuaCoroutineRunTimeNatives()) out.push_back(n);
  return out;
}

void InstallLuaBuiltins(VM& vm, Intrinsics& in) {
#define CODEMODE_LUA_ATOM_INIT(id, str) in.lua_atoms.push_back(vm.Intern(str));
  CODEMODE_LUA_ATOMS(CODEMODE_LUA_ATOM_INIT)
#undef CODEMODE_LUA_ATOM_INIT
  LuaTable* g = vm.NewLuaTable();
  in.lua_globals = g;
  Lib base{vm, g};
  base.Val("_G", Value::FromObject(g));
  base.Val("_VERSION", Value::FromString(vm.Intern("Lua 5.4")));
  base.Fn("type", LType);
  base.Fn("tostring", LToString);
  base.Fn("tonumber", LToNumber);
  base.Fn("print", LPrint);
  base.Fn("__log_line", LLogLine);
  base.Fn("next", LNext);
  in.lua_next = g->GetStr(vm.Intern("next")).AsObject();
  base.Fn("pairs", LPairs);
  base.Fn("ipairs", LIpairs);
  in.lua_ipairs_iter = vm.NewNative("ipairs_iterator", LIpairsIter, 0);
  base.Fn("select", LSelect);
  base.Fn("error", LError);
  base.Fn("assert", LAssert);
  base.Fn("pcall", LPcall);
  base.Fn("xpcall", LXpcall);
  base.Fn("rawget", LRawGet);
  base.Fn("rawset", LRawSet);
  base.Fn("rawequal", LRawEqual);
  base.Fn("rawlen", LRawLen);
  base.Fn("setmetatable", LSetMetatable);
  base.Fn("getmetatable", LGetMetatable);
  base.Fn("collectgarbage", LCollectGarbage);
  base.Fn("__gsub_begin", SGsubBegin);
  base.Fn("__gsub_step", SGsubStep);
  base.Fn("__utf8_codes", UCodesIter, 0);
  base.Fn("__utf8_codes_lax", UCodesIter, 1);

  LuaTable* s = vm.NewLuaTable();
  in.lua_string_lib = s;
  base.Val("string", Value::FromObject(s));
  Lib str{vm, s};
  str.Fn("len", SLen);
  str.Fn("sub", SSub);
  str.Fn("upper", SUpperLower, 1);
  str.Fn("lower", SUpperLower, 0);
  str.Fn("rep", SRep);
  str.Fn("reverse", SReverse);
  str.Fn("byte", SByte);
  str.Fn("char", SChar);
  str.Fn("find", SFind, 0);
  str.Fn("match", SFind, 1);
  str.Fn("gmatch", SGmatch);
  str.Fn("gsub", SGsub);
  str.Fn("format", SFormat);
  str.Fn("pack", SPack);
  str.Fn("packsize", SPackSize);
  str.Fn("unpack", SUnpack);
  LuaTable* smeta = vm.NewLuaTable();
  smeta->Set(vm.heap(), Value::FromString(LA(vm, LuaAtom::index)), Value::FromObject(s));
  in.lua_string_meta = smeta;

  LuaTable* tb = vm.NewLuaTable();
  base.Val("table", Value::FromObject(tb));
  Lib tab{vm, tb};
  tab.Fn("insert", TInsert);
  tab.Fn("remove", TRemove);
  tab.Fn("concat", TConcat);
  tab.Fn("unpack", TUnpack);
  tab.Fn("pack", TPack);
  tab.Fn("sort", TSort);
  tab.Fn("move", TMove);

  LuaTable* m = vm.NewLuaTable();
  base.Val("math", Value::FromObject(m));
  Lib math{vm, m};
  math.Fn("floor", MFloorCeil, 0);
  math.Fn("ceil", MFloorCeil, 1);
  math.Fn("abs", MAbs);
  math.Fn("min", MMinMax, 0);
  math.Fn("max", MMinMax, 1);
  math.Fn("sqrt", MUnary, 0);
  math.Fn("sin", MUnary, 1);
  math.Fn("cos", MUnary, 2);
  math.Fn("tan", MUnary, 3);
  math.Fn("asin", MUnary, 4);
  math.Fn("acos", MUnary, 5);
  math.Fn("exp", MUnary, 6);
  math.Fn("atan", MAtan);
  math.Fn("log", MLog);
  math.Fn("fmod", MFmod);
  math.Fn("modf", MModf);
  math.Fn("tointeger", MToInteger);
  math.Fn("type", MType);
  math.Fn("ult", MUlt);
  math.Val("pi", Value::Number(M_PI));
  math.Val("huge", Value::Number(HUGE_VAL));
  math.Val("maxinteger", Value::Int(INT64_MAX));
  math.Val("mininteger", Value::Int(INT64_MIN));
  math.Fn("random", MRandom);
  math.Fn("randomseed", MRandomSeed);

  LuaTable* u = vm.NewLuaTable();
  base.Val("utf8", Value::FromObject(u));
  Lib utf{vm, u};
  utf.Fn("char", UChar);
  utf.Fn("codes", UCodes);
  utf.Fn("codepoint", UCodepoint);
  utf.Fn("len", ULen);
  utf.Fn("offset", UOffset);
  utf.Val("charpattern", Value::FromString(vm.Intern(std::string(lua::kLuaUtf8CharPattern))));

  LuaTable* j = vm.NewLuaTable();
  base.Val("json", Value::FromObject(j));
  Lib json{vm, j};
  json.Fn("array", JArray);
  LuaTable* null = vm.NewLuaTable();
  null->flags |= LuaTable::kReadOnly;
  LuaTable* null_meta = vm.NewLuaTable();
  null_meta->Set(vm.heap(), Value::FromString(LA(vm, LuaAtom::name)),
                 Value::FromString(vm.Intern("json.null")));
  null_meta->Set(vm.heap(), Value::FromString(LA(vm, LuaAtom::metatable)), Value::Bool(false));
  null->metatable = null_meta;
  in.lua_json_null = null;
  json.Val("null", Value::FromObject(null));

  LuaTable* co = vm.NewLuaTable();
  base.Val("coroutine", Value::FromObject(co));
  InstallLuaCoroutineLib(vm, co);  // vm/lua/coroutine_lib.cc
  LuaTable* os = vm.NewLuaTable();
  base.Val("os", Value::FromObject(os));
  Lib osl{vm, os};
  osl.Fn("time", OTime);
  osl.Fn("clock", OClock);
  osl.Fn("date", ODate);
  osl.Fn("difftime", ODifftime);
}

}  // namespace codemode::vm
