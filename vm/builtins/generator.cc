// Generator objects (ECMA-262 §27.5): %GeneratorFunction.prototype% and %GeneratorPrototype% with
// next/return/throw. A generator object is the ActivationObject (class kGenerator) made when the
// generator function is called (vm/interpreter.cc PushCall); its frame lives in the object while
// suspended. next/return/throw never run program code here: they ask the interpreter to resume the
// frame in their place (VM::ResumeGenerator), so the generator runs on the interpreter loop.

#include <string>
#include <string_view>

#include "absl/strings/str_cat.h"
#include "vm/builtins/error.h"
#include "vm/realm.h"
#include "vm/vm.h"

namespace codemode::vm {

namespace {

constexpr std::string_view kMethodNames[] = {"next", "return", "throw"};

// True when the generator has not started (its pc is right after the start suspension, YIELD C=2).
bool AtStart(const ActivationObject* g) {
  const auto* bc = static_cast<const Closure*>(g->closure.AsObject())->proto_fn->bc;
  if (g->pc == 0 || g->pc > bc->code.size()) return false;
  isa::Instr w = bc->code[g->pc - 1];
  return isa::GetOp(w) == isa::Op::YIELD && isa::GetC(w) == 2;
}

Value ReturnThisNative(VM& vm, CallArgs& args) { return args.this_value; }

// %GeneratorPrototype%.next / return / throw (ECMA-262 §27.5.1.2-4); the native's magic is the
// resumption mode (0 next, 1 return, 2 throw).
Value GeneratorResume(VM& vm, CallArgs& args) {
  int mode = static_cast<NativeFunction*>(args.callee)->magic;
  Value self = args.this_value;
  if (!self.IsObject() || self.AsObject()->klass() != ObjectClass::kGenerator) {
    return vm.ThrowTypeError(absl::StrCat("Method [Generator].prototype.", std::string(kMethodNames[mode]),
                                          " called on incompatible receiver ",
                                          DescribeForMessage(vm, self)));
  }
  auto* g = static_cast<ActivationObject*>(self.AsObject());
  Value v = args[0];
  if (g->running) return vm.ThrowTypeError("Generator is already running");
  if (!g->finished && AtStart(g) && mode != 0) {
    // return/throw before the first next: completed without running (§27.5.3.4 step 2).
    g->finished = true;
    g->registers.clear();
  }
  if (g->finished) {
    if (mode == 2) return vm.Throw(v);
    return vm.MakeIterResult(mode == 1 ? v : Value::Undefined(), true);
  }
  vm.ResumeGenerator(g, static_cast<uint8_t>(mode), v);
  return Value::Undefined();
}

// The async generator object `v`, or nullptr (an async generator's activation has an async closure).
ActivationObject* AsyncGen(Value v) {
  if (!v.IsObject() || v.AsObject()->klass() != ObjectClass::kGenerator) return nullptr;
  auto* g = static_cast<ActivationObject*>(v.AsObject());
  return static_cast<Closure*>(g->closure.AsObject())->proto_fn->bc->is_async ? g : nullptr;
}

// Prelude natives of the AsyncGenerator machinery (vm/prelude/35-generator.js). The request queue
// lives in a prelude object kept in the activation's `promise` slot (undefined until first used).
Value IAsyncGenState(VM& vm, CallArgs& args) {  // (gen) → state object, undefined, or null
  ActivationObject* g = AsyncGen(args[0]);
  return g == nullptr ? Value::Null() : g->promise;
}
Value ISetAsyncGenState(VM& vm, CallArgs& args) {  // (gen, state)
  ActivationObject* g = AsyncGen(args[0]);
  if (g != nullptr && args[1].IsObject()) g->promise = args[1];
  return Value::Undefined();
}
Value IGenStatus(VM& vm, CallArgs& args) {  // (gen) → 0 start, 1 suspended at a yield, 2 running, 3 done
  ActivationObject* g = AsyncGen(args[0]);
  if (g == nullptr) return vm.ThrowTypeError("genStatus: not an async generator");
  return Value::Number(g->finished ? 3 : g->running ? 2 : AtStart(g) ? 0 : 1);
}
Value IGenFinish(VM& vm, CallArgs& args) {  // (gen): completed without running (return/throw at start)
  ActivationObject* g = AsyncGen(args[0]);
  if (g == nullptr || g->running) return vm.ThrowTypeError("genFinish: not a suspended async generator");
  g->finished = true;
  g->registers.clear();
  return Value::Undefined();
}
Value IGenResume(VM& vm, CallArgs& args) {  // (gen, mode, value): runs it until await/yield/return
  ActivationObject* g = AsyncGen(args[0]);
  if (g == nullptr || g->running || g->finished || !args[1].IsNumber())
    return vm.ThrowTypeError("genResume: not a suspended async generator");
  int mode = static_cast<int>(args[1].AsNumber());
  if (mode < 0 || mode > 2) return vm.ThrowTypeError("genResume: bad mode");
  vm.ResumeGenerator(g, static_cast<uint8_t>(mode), args[2]);
  return Value::Undefined();
}

}  // namespace

void InstallGeneratorIntrinsics(VM& vm, Object* intr, const Intrinsics& in) {
  auto fn = [&](const char* name, NativeFn f, uint32_t length) {
    vm.DefineValue(intr, name, Value::FromObject(vm.NewNative(name, f, length)));
  };
  fn("asyncGenState", IAsyncGenState, 1);
  fn("setAsyncGenState", ISetAsyncGenState, 2);
  fn("genStatus", IGenStatus, 1);
  fn("genFinish", IGenFinish, 1);
  fn("genResume", IGenResume, 3);
  vm.DefineValue(intr, "asyncGeneratorPrototype", Value::FromObject(in.async_generator_prototype));
  vm.DefineValue(intr, "asyncIteratorPrototype", Value::FromObject(in.async_iterator_prototype));
}

void InstallGeneratorBuiltins(VM& vm, Intrinsics& in) {
  Object* gfp = vm.NewObjectWithProto(in.function_prototype);
  Object* gp = vm.NewObjectWithProto(in.iterator_prototype);
  in.generator_function_prototype = gfp;
  in.generator_prototype = gp;
  vm.DefineOwnProperty(gfp, vm.KeyFromAtom(vm.atom(AtomId::prototype)), Value::FromObject(gp),
                       kConfigurable);
  vm.DefineOwnProperty(gp, vm.KeyFromAtom(vm.atom(AtomId::constructor)), Value::FromObject(gfp),
                       kConfigurable);
  for (int mode = 0; mode < 3; ++mode)
    vm.DefineMethod(gp, kMethodNames[mode], GeneratorResume, 1, mode);
  vm.DefineOwnProperty(gp, PropertyKey::Sym(in.sym_to_string_tag), vm.Str("Generator"),
                       kConfigurable);
  vm.DefineOwnProperty(gfp, PropertyKey::Sym(in.sym_to_string_tag), vm.Str("GeneratorFunction"),
                       kConfigurable);

  // Async generators (ECMA-262 §27.4, §27.6): next/return/throw are prelude functions
  // (vm/prelude/35-generator.js) since settling a request may call program code (thenables).
  Object* aip = vm.NewObjectWithProto(in.object_prototype);
  Object* agfp = vm.NewObjectWithProto(in.function_prototype);
  Object* agp = vm.NewObjectWithProto(aip);
  in.async_iterator_prototype = aip;
  in.async_generator_function_prototype = agfp;
  in.async_generator_prototype = agp;
  vm.DefineOwnProperty(aip, PropertyKey::Sym(in.sym_async_iterator),
                       Value::FromObject(vm.NewNative("[Symbol.asyncIterator]", ReturnThisNative, 0)),
                       kHiddenAttrs);
  vm.DefineOwnProperty(agfp, vm.KeyFromAtom(vm.atom(AtomId::prototype)), Value::FromObject(agp),
                       kConfigurable);
  vm.DefineOwnProperty(agp, vm.KeyFromAtom(vm.atom(AtomId::constructor)), Value::FromObject(agfp),
                       kConfigurable);
  vm.DefineOwnProperty(agp, PropertyKey::Sym(in.sym_to_string_tag), vm.Str("AsyncGenerator"),
                       kConfigurable);
  vm.DefineOwnProperty(agfp, PropertyKey::Sym(in.sym_to_string_tag),
                       vm.Str("AsyncGeneratorFunction"), kConfigurable);
}

}  // namespace codemode::vm
