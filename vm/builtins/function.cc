// Function built-ins (ECMA-262 2024 §20.2): Function.prototype.call/apply/bind/toString and
// [@@hasInstance], and the `Function` constructor, which exists (instanceof, .prototype,
// (function(){}).constructor) but refuses to run: code mode has no code generation from strings
// (features-js.md "Absent with a clear error").
//
// call/apply are tail calls (the interpreter calls the target in place of the native). apply reads
// an array-like natively unless a getter is on the way; bind reads the target's length/name
// natively unless they are accessors; the slow paths are in vm/prelude/10-object.js.
#include <cmath>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "vm/realm.h"
#include "vm/support/numconv.h"
#include "vm/vm.h"

namespace codemode::vm {
namespace objlib {
// Defined in object.cc.
std::string Describe(VM& vm, Value v);
Value SlowPath(VM& vm, CallArgs& args);
NativeFunction* InstallIntrinsic(VM& vm, std::string_view name, NativeFn fn, uint32_t length);
}  // namespace objlib

namespace {

using objlib::Describe;
using objlib::SlowPath;

// Arguments a call may receive from apply (the same bound as CALLSPREAD in the interpreter).
constexpr uint32_t kMaxApplyArguments = 65535;

PropertyKey AtomKey(VM& vm, AtomId id) { return vm.KeyFromAtom(vm.atom(id)); }

Value NotAFunction(VM& vm, Value v) {
  return vm.ThrowTypeError(absl::StrCat(Describe(vm, v), " is not a function"));
}

// Function(...) / new Function(...): code generation from strings is not available in code mode.
Value FunctionConstructor(VM& vm, CallArgs& args) {
  return vm.ThrowError(ErrorType::kEvalError,
                       "Code generation from strings is not allowed in code mode");
}

// Function.prototype.call (ECMA-262 §20.2.3.3).
Value FunctionCall(VM& vm, CallArgs& args) {
  if (!vm.IsCallable(args.this_value)) return NotAFunction(vm, args.this_value);
  std::span<const Value> rest;
  if (args.argc > 1) rest = std::span<const Value>(args.argv + 1, args.argc - 1);
  return vm.TailCall(args.this_value, args[0], rest);
}

// Function.prototype.apply (ECMA-262 §20.2.3.1) with CreateListFromArrayLike (§7.3.18).
Value FunctionApply(VM& vm, CallArgs& args) {
  Value f = args.this_value;
  if (!vm.IsCallable(f)) return NotAFunction(vm, f);
  Value list = args[1];
  if (list.IsNullish()) return vm.TailCall(f, args[0], {});
  if (!list.IsObject()) return vm.ThrowTypeError("CreateListFromArrayLike called on non-object");
  Object* o = vm.Resolve(list.AsObject());
  double len;
  if (o->klass() == ObjectClass::kArray) {
    len = static_cast<ArrayObject*>(o)->length;
  } else {
    Value lv, getter;
    if (!vm.GetNoCall(list, o, AtomKey(vm, AtomId::length), &lv, &getter))
      return SlowPath(vm, args);
    if (lv.IsObject()) return SlowPath(vm, args);  // ToNumber would run valueOf
    double d = vm.ToNumberPrimitive(lv);
    if (vm.has_exception()) return Value::Empty();
    d = support::ToLength(d);
    len = d;
  }
  if (len > kMaxApplyArguments) return vm.ThrowRangeError("Maximum call stack size exceeded");
  uint32_t n = static_cast<uint32_t>(len);
  std::vector<Value> out(n);
  const auto& el = o->elements();
  bool plain = o->simple_elements();
  for (uint32_t i = 0; i < n; ++i) {
    if (plain && i < el.size() && !el[i].IsEmpty()) {
      out[i] = el[i];
      continue;
    }
    Value v, getter;
    if (!vm.GetNoCall(list, o, PropertyKey::Index(i), &v, &getter)) return SlowPath(vm, args);
    out[i] = v;
  }
  vm.ChargeSteps(n / 16);
  return vm.TailCall(f, args[0], out);
}

// BoundFunctionCreate (ECMA-262 §10.4.1.3) with the name and length already computed (bind steps
// 4-9).
Value MakeBound(VM& vm, Value target, Value bound_this, std::span<const Value> bound_args,
                String* name, double length) {
  Object* t = vm.Resolve(target.AsObject());
  auto* b = vm.heap().Alloc<BoundFunction>(vm.realm().function_shape(), t->proto());
  b->slots() = {Value::Number(length), Value::FromString(name)};
  b->target = target;
  b->bound_this = bound_this;
  b->bound_args.assign(bound_args.begin(), bound_args.end());
  b->is_constructor = static_cast<FunctionObject*>(t)->is_constructor;
  vm.heap().Account(
      static_cast<int64_t>(b->bound_args.capacity() * sizeof(Value) + b->slots().HeapBytes()));
  return Value::FromObject(b);
}

// Function.prototype.bind (ECMA-262 §20.2.3.2).
Value FunctionBind(VM& vm, CallArgs& args) {
  Value target = args.this_value;
  if (!vm.IsCallable(target)) return vm.ThrowTypeError("Bind must be called on a function");
  Object* t = target.AsObject();
  uint32_t nargs = args.argc > 1 ? args.argc - 1 : 0;
  double length = 0;
  VM::Lookup ll = vm.GetOwnProperty(t, AtomKey(vm, AtomId::length));
  if (ll.found) {
    if (ll.is_accessor()) return SlowPath(vm, args);
    if (ll.value.IsNumber()) {
      double tl = ll.value.AsNumber();
      if (tl == INFINITY) {
        length = INFINITY;
      } else if (tl != -INFINITY) {
        tl = support::ToIntegerOrInfinity(tl);
        length = std::max(0.0, tl - nargs);
      }
    }
  }
  Value nv, getter;
  if (!vm.GetNoCall(target, t, AtomKey(vm, AtomId::name), &nv, &getter)) return SlowPath(vm, args);
  String* name = vm.Concat(vm.Intern("bound "), nv.IsString() ? nv.AsString() : vm.empty_string());
  if (name == nullptr) return Value::Empty();
  std::span<const Value> bound;
  if (nargs > 0) bound = std::span<const Value>(args.argv + 1, nargs);
  return MakeBound(vm, target, args[0], bound, name, length);
}

// The function's own `name` if it is a string, else `fallback`.
std::string OwnName(VM& vm, Object* f, std::string fallback) {
  VM::Lookup l = vm.GetOwnProperty(f, AtomKey(vm, AtomId::name));
  if (l.found && !l.is_accessor() && l.value.IsString()) return l.value.AsString()->ToUtf8();
  return fallback;
}

// Function.prototype.toString (ECMA-262 §20.2.3.5). Natives and prelude built-ins print as
// NativeFunction text; the source text of program closures is not kept, so they print a placeholder
// body of the right syntactic form.
Value FunctionToString(VM& vm, CallArgs& args) {
  Value f = args.this_value;
  if (!vm.IsCallable(f))
    return vm.ThrowTypeError("Function.prototype.toString requires that 'this' be a Function");
  auto* fo = static_cast<FunctionObject*>(vm.Resolve(f.AsObject()));
  switch (fo->type) {
    case FunctionType::kNative:
      return vm.Str(absl::StrCat("function ", OwnName(vm, fo, ""), "() { [native code] }"));
    case FunctionType::kBound:
      return vm.Str("function () { [native code] }");
    case FunctionType::kClosure:
      break;
  }
  auto* c = static_cast<Closure*>(fo);
  // Built-ins written in the prelude are native code to the program.
  if (c->proto_fn->is_shared())
    return vm.Str(absl::StrCat("function ", OwnName(vm, fo, ""), "() { [native code] }"));
  const bytecode::FunctionProto* bc = c->proto_fn->bc;
  std::string name =
      OwnName(vm, fo, c->proto_fn->name != nullptr ? c->proto_fn->name->ToUtf8() : "");
  std::string async = bc->is_async ? "async " : "";
  std::string star = bc->is_generator ? "*" : "";
  switch (bc->kind) {
    case bytecode::FunctionKind::kArrow:
      return vm.Str(absl::StrCat(async, "() => { [code] }"));
    case bytecode::FunctionKind::kClassConstructor:
    case bytecode::FunctionKind::kDerivedConstructor:
      return vm.Str(absl::StrCat("class ", name, " { [code] }"));
    case bytecode::FunctionKind::kMethod:
    case bytecode::FunctionKind::kGetter:
    case bytecode::FunctionKind::kSetter:
      return vm.Str(absl::StrCat(async, star, name, "() { [code] }"));
    default:
      return vm.Str(absl::StrCat(async, "function", star, " ", name, "() { [code] }"));
  }
}

// Function.prototype[@@hasInstance] (ECMA-262 §20.2.3.6): OrdinaryHasInstance (§7.3.21).
Value FunctionHasInstance(VM& vm, CallArgs& args) {
  Value f = args.this_value, v = args[0];
  if (!vm.IsCallable(f)) return Value::Bool(false);
  auto* fo = static_cast<FunctionObject*>(vm.Resolve(f.AsObject()));
  if (fo->type == FunctionType::kBound) {
    // InstanceofOperator(V, BC.[[BoundTargetFunction]]) may run @@hasInstance: the prelude helper.
    Value helper = vm.realm().intrinsics().helpers[static_cast<int>(HelperId::kInstanceOfSlow)];
    if (!vm.IsCallable(helper)) return SlowPath(vm, args);
    Value list[2] = {v, static_cast<BoundFunction*>(fo)->target};
    return vm.TailCall(helper, Value::Undefined(), list);
  }
  if (!v.IsObject()) return Value::Bool(false);
  Value p, getter;
  if (!vm.GetNoCall(f, fo, AtomKey(vm, AtomId::prototype), &p, &getter)) return SlowPath(vm, args);
  if (!p.IsObject())
    return vm.ThrowTypeError(absl::StrCat("Function has non-object prototype '", Describe(vm, p),
                                          "' in instanceof check"));
  Object* target = vm.Resolve(p.AsObject());
  int depth = 0;
  for (Object* o = vm.Resolve(v.AsObject())->proto(); o != nullptr; o = vm.Resolve(o)->proto()) {
    if (vm.Resolve(o) == target) return Value::Bool(true);
    if (++depth > 100000) break;
  }
  return Value::Bool(false);
}

// __intrinsics__.makeBound(target, thisArg, argsArray, name, length): bind's last steps for the
// prelude slow path (which computed name and length through getters).
Value IMakeBound(VM& vm, CallArgs& args) {
  if (!vm.IsCallable(args[0]) || !vm.IsArray(args[2]) || !args[3].IsString() || !args[4].IsNumber())
    return vm.ThrowTypeError("makeBound(target, thisArg, args, name, length)");
  auto* a = static_cast<ArrayObject*>(vm.Resolve(args[2].AsObject()));
  std::vector<Value> list(a->length, Value::Undefined());
  for (uint32_t i = 0; i < a->length && i < a->elements().size(); ++i)
    if (!a->elements()[i].IsEmpty()) list[i] = a->elements()[i];
  return MakeBound(vm, args[0], args[1], list, args[3].AsString(), args[4].AsNumber());
}

}  // namespace

// Installs Function (refusing constructor), Function.prototype's methods, and the %AsyncFunction%
// constructor link of async functions' prototype (refusing too).
void InstallFunctionBuiltins(VM& vm, Intrinsics& in) {
  Object* proto = in.function_prototype;
  NativeFunction* ctor = vm.NewNative("Function", FunctionConstructor, 1, 0, true);
  vm.DefineValue(ctor, "prototype", Value::FromObject(proto), 0);
  vm.DefineValue(proto, "constructor", Value::FromObject(ctor));
  vm.DefineValue(in.global, "Function", Value::FromObject(ctor));

  vm.DefineMethod(proto, "apply", FunctionApply, 2);
  vm.DefineMethod(proto, "bind", FunctionBind, 1);
  vm.DefineMethod(proto, "call", FunctionCall, 1);
  vm.DefineMethod(proto, "toString", FunctionToString, 0);
  NativeFunction* has_instance = vm.NewNative("[Symbol.hasInstance]", FunctionHasInstance, 1);
  vm.DefineOwnProperty(proto, PropertyKey::Sym(in.sym_has_instance),
                       Value::FromObject(has_instance), 0);

  if (in.async_function_prototype != nullptr &&
      !vm.GetOwnProperty(in.async_function_prototype, AtomKey(vm, AtomId::constructor)).found) {
    NativeFunction* async_ctor = vm.NewNative("AsyncFunction", FunctionConstructor, 1, 0, true);
    async_ctor->set_proto(ctor);
    vm.DefineValue(async_ctor, "prototype", Value::FromObject(in.async_function_prototype), 0);
    vm.DefineValue(in.async_function_prototype, "constructor", Value::FromObject(async_ctor),
                   kConfigurable);
    vm.DefineOwnProperty(in.async_function_prototype, PropertyKey::Sym(in.sym_to_string_tag),
                         vm.Str("AsyncFunction"), kConfigurable);
  }

  objlib::InstallIntrinsic(vm, "makeBound", IMakeBound, 5);
}

}  // namespace codemode::vm
