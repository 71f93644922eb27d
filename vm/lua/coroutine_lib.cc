// The coroutine library (Lua 5.4 manual §6.2): create, resume, yield, status, wrap, isyieldable,
// running, close. The natives only check arguments and ask the VM for the switch
// (VM::LuaCoroutineOp), which happens after they return (vm/lua/coroutine.cc).
#include <string>

#include "absl/strings/str_cat.h"
#include "vm/lua/coroutine.h"
#include "vm/lua/table.h"
#include "vm/realm.h"
#include "vm/vm.h"

namespace codemode::vm {

namespace {

// luaL_argerror's wording: a direct call names the function by its field ('resume'), a call from
// another native (pcall) by its global name ('coroutine.resume').
Value CoArgError(VM& vm, int n, const char* fname, std::string_view msg) {
  std::string name = vm.lua_native_from_native() ? absl::StrCat("coroutine.", fname) : fname;
  return vm.LuaError(
      absl::StrCat("bad argument #", n, " to '", name, "' (", std::string(msg), ")"));
}

std::string Got(VM& vm, CallArgs& args, uint32_t i) {
  return i >= args.argc ? "no value" : vm.LuaTypeName(args[i]);
}

LuaCoroutine* CheckThread(VM& vm, CallArgs& args, uint32_t i, const char* fname) {
  Value v = args[i];
  if (i < args.argc && v.IsObject() && v.AsObject()->klass() == ObjectClass::kLuaThread)
    return static_cast<LuaCoroutine*>(v.AsObject());
  CoArgError(vm, static_cast<int>(i) + 1, fname,
             absl::StrCat("thread expected, got ", Got(vm, args, i)));
  return nullptr;
}

bool CheckFunction(VM& vm, CallArgs& args, const char* fname) {
  if (args.argc > 0 && vm.IsCallable(args[0]) &&
      args[0].AsObject()->klass() == ObjectClass::kFunction)
    return true;
  CoArgError(vm, 1, fname, absl::StrCat("function expected, got ", Got(vm, args, 0)));
  return false;
}

Value CoCreate(VM& vm, CallArgs& args) {
  if (!CheckFunction(vm, args, "create")) return Value::Empty();
  return Value::FromObject(vm.NewLuaCoroutine(args[0]));
}

Value CoResume(VM& vm, CallArgs& args) {
  LuaCoroutine* co = CheckThread(vm, args, 0, "resume");
  if (co == nullptr) return Value::Empty();
  return vm.LuaCoroutineOp(VM::LuaCoOp::kResume, co,
                           std::span<const Value>(args.argv + 1, args.argc - 1));
}

Value CoYield(VM& vm, CallArgs& args) {
  return vm.LuaCoroutineOp(VM::LuaCoOp::kYield, nullptr,
                           std::span<const Value>(args.argv, args.argc));
}

// The function coroutine.wrap returns: resumes its coroutine (NativeFunction::data).
Value CoWrapCall(VM& vm, CallArgs& args) {
  auto* self = static_cast<NativeFunction*>(args.callee);
  if (!self->data.IsObject() || self->data.AsObject()->klass() != ObjectClass::kLuaThread) {
    vm.Terminate(Termination::kInternal, "corrupted run state (a wrap function without coroutine)");
    return Value::Empty();
  }
  return vm.LuaCoroutineOp(VM::LuaCoOp::kWrap, static_cast<LuaCoroutine*>(self->data.AsObject()),
                           std::span<const Value>(args.argv, args.argc));
}

Value CoWrap(VM& vm, CallArgs& args) {
  if (!CheckFunction(vm, args, "wrap")) return Value::Empty();
  LuaCoroutine* co = vm.NewLuaCoroutine(args[0]);
  NativeFunction* f = vm.NewNative("wrap", CoWrapCall, 0);
  f->data = Value::FromObject(co);
  return Value::FromObject(f);
}

Value CoStatus(VM& vm, CallArgs& args) {
  LuaCoroutine* co = CheckThread(vm, args, 0, "status");
  if (co == nullptr) return Value::Empty();
  LuaCoroutine* running = vm.LuaRunningCoroutine();
  const char* s;
  if (co->is_main) {
    s = running == nullptr ? "running" : "normal";
  } else {
    switch (co->state) {
      case LuaCoroutine::State::kActive:
        s = co == running ? "running" : "normal";
        break;
      case LuaCoroutine::State::kDead:
        s = "dead";
        break;
      default:
        s = "suspended";
        break;
    }
  }
  return Value::FromString(vm.Intern(s));
}

Value CoIsYieldable(VM& vm, CallArgs& args) {
  bool yieldable = false;
  LuaCoroutine* running = vm.LuaRunningCoroutine(&yieldable);
  if (args.argc == 0) return Value::Bool(yieldable);
  LuaCoroutine* co = CheckThread(vm, args, 0, "isyieldable");
  if (co == nullptr) return Value::Empty();
  if (co == running) return Value::Bool(yieldable);
  return Value::Bool(!co->is_main);  // not running: only the main thread can never yield
}

Value CoRunning(VM& vm, CallArgs& args) {
  LuaCoroutine* running = vm.LuaRunningCoroutine();
  if (running != nullptr) return vm.LuaReturn({Value::FromObject(running), Value::Bool(false)});
  auto* self = static_cast<NativeFunction*>(args.callee);
  return vm.LuaReturn({self->data, Value::Bool(true)});  // the main thread
}

Value CoClose(VM& vm, CallArgs& args) {
  LuaCoroutine* co = CheckThread(vm, args, 0, "close");
  if (co == nullptr) return Value::Empty();
  return vm.LuaCoroutineOp(VM::LuaCoOp::kClose, co, {});
}

}  // namespace

std::vector<std::pair<NativeFn, const char*>> LuaCoroutineRunTimeNatives() {
  return {{CoWrapCall, "lua coroutine.wrap function"}};
}

void InstallLuaCoroutineLib(VM& vm, LuaTable* lib) {
  auto fn = [&](const char* name, NativeFn f) {
    NativeFunction* n = vm.NewNative(name, f, 0);
    lib->Set(vm.heap(), Value::FromString(vm.Intern(name)), Value::FromObject(n));
    return n;
  };
  fn("create", CoCreate);
  fn("resume", CoResume);
  fn("yield", CoYield);
  fn("status", CoStatus);
  fn("wrap", CoWrap);
  fn("isyieldable", CoIsYieldable);
  fn("close", CoClose);
  // The main thread: a realm object (shared by every run, never written: its tostring identity is
  // fixed here), always active.
  LuaCoroutine* main = vm.NewLuaCoroutine(Value::Undefined());
  main->is_main = true;
  main->state = LuaCoroutine::State::kActive;
  main->set_internal(Value::Int(0x10000));
  fn("running", CoRunning)->data = Value::FromObject(main);
}

}  // namespace codemode::vm
