// Realm bootstrap: bare intrinsic objects, the C++ built-ins, the prelude's `__intrinsics__`, the core
// iterators and Promise natives, then the prelude itself; finally the heap is frozen (DESIGN §3.3).
#include "vm/realm.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "vm/builtins/date_format.h"
#include "vm/builtins/intl.h"

namespace codemode::vm {

Realm::Realm() : heap_(std::make_unique<Heap>()) {}
Realm::~Realm() = default;

String* Realm::FindAtom(std::string_view key) const {
  auto it = atom_table_.find(absl::string_view(key.data(), key.size()));
  return it == atom_table_.end() ? nullptr : it->second;
}

namespace {

Intrinsics& MutableIntrinsics(VM& vm) { return const_cast<Intrinsics&>(vm.realm().intrinsics()); }

PropertyKey KeyArg(VM& vm, Value v) { return vm.KeyFromPrimitive(v.IsObject() ? Value::Undefined() : v); }

// ---- iterators (ECMA-262 §23.1.5, §22.1.5) -------------------------------------------------------

Value MakeIterResult(VM& vm, Value value, bool done) { return vm.MakeIterResult(value, done); }

Value ArrayIteratorNext(VM& vm, CallArgs& args) {
  Value t = args.this_value;
  if (!t.IsObject() || vm.Resolve(t.AsObject())->klass() != ObjectClass::kIterator)
    return vm.ThrowTypeError("next method called on an incompatible receiver");
  auto* it = static_cast<IteratorObject*>(vm.Resolve(t.AsObject()));
  if (it->done) return MakeIterResult(vm, Value::Undefined(), true);
  switch (it->kind) {
    case IteratorObject::Kind::kArrayValues:
    case IteratorObject::Kind::kArrayKeys:
    case IteratorObject::Kind::kArrayEntries: {
      Object* o = vm.Resolve(it->target.AsObject());
      uint64_t len = 0;
      if (o->klass() == ObjectClass::kArray) {
        len = static_cast<ArrayObject*>(o)->length;
      } else if (o->klass() == ObjectClass::kTypedArray) {
        len = static_cast<TypedArrayObject*>(o)->length;  // %TypedArray%.prototype.length is a getter
      } else {
        Value l = vm.GetData(o, vm.KeyFromAtom(vm.atom(AtomId::length)));
        double d = l.IsNumber() ? l.AsNumber() : 0;
        len = d > 0 ? static_cast<uint64_t>(std::min(d, 9007199254740991.0)) : 0;
      }
      if (it->pos >= len) {
        it->done = true;
        return MakeIterResult(vm, Value::Undefined(), true);
      }
      uint32_t i = static_cast<uint32_t>(it->pos++);
      if (it->kind == IteratorObject::Kind::kArrayKeys)
        return MakeIterResult(vm, Value::Number(i), false);
      Value v = vm.GetData(o, PropertyKey::Index(i));
      if (it->kind == IteratorObject::Kind::kArrayValues) return MakeIterResult(vm, v, false);
      Value pair[2] = {Value::Number(i), v};
      return MakeIterResult(vm, Value::FromObject(vm.NewArrayFrom(pair)), false);
    }
    case IteratorObject::Kind::kStringValues: {
      String* s = it->target.AsString();
      uint32_t n = s->length();
      if (it->pos >= n) {
        it->done = true;
        return MakeIterResult(vm, Value::Undefined(), true);
      }
      uint32_t j = static_cast<uint32_t>(it->pos);
      char16_t c = s->At(j);
      uint32_t len =
          (c >= 0xD800 && c <= 0xDBFF && j + 1 < n && s->At(j + 1) >= 0xDC00 && s->At(j + 1) <= 0xDFFF)
              ? 2
              : 1;
      it->pos += len;
      return MakeIterResult(vm, Value::FromString(vm.Substring(s, j, j + len)), false);
    }
    default:
      return vm.ThrowTypeError("next method called on an incompatible receiver");
  }
}

Value ReturnThis(VM& vm, CallArgs& args) { return args.this_value; }
Value ReturnUndefined(VM& vm, CallArgs& args) { return Value::Undefined(); }

// ---- __intrinsics__ for the prelude ---------------------------------------------------------------

uint8_t ParseAttrs(VM& vm, Value v) {
  if (!v.IsString()) return kHiddenAttrs;
  uint8_t a = 0;
  for (char c : v.AsString()->ToUtf8()) {
    if (c == 'w') a |= kWritable;
    if (c == 'e') a |= kEnumerable;
    if (c == 'c') a |= kConfigurable;
  }
  return a;
}

void SetFunctionNameLength(VM& vm, Value fn, Value key, Value length) {
  if (!vm.IsCallable(fn)) return;
  Object* f = fn.AsObject();
  Value name;
  if (key.IsSymbol()) {
    Value d = key.AsSymbol()->description();
    name = Value::FromString(d.IsString() ? vm.Concat(vm.Concat(vm.Intern("["), d.AsString()), vm.Intern("]"))
                                          : vm.empty_string());
  } else {
    name = key;
  }
  vm.DefineOwnProperty(f, vm.KeyFromAtom(vm.atom(AtomId::name)), name, kConfigurable);
  if (length.IsNumber())
    vm.DefineOwnProperty(f, vm.KeyFromAtom(vm.atom(AtomId::length)), length, kConfigurable);
}

Value IDefineMethod(VM& vm, CallArgs& args) {
  if (!args[0].IsObject()) return vm.ThrowTypeError("defineMethod: not an object");
  SetFunctionNameLength(vm, args[2], args[1], args[3]);
  if (vm.IsCallable(args[2])) static_cast<FunctionObject*>(args[2].AsObject())->is_constructor = false;
  if (args[2].IsObject()) static_cast<FunctionObject*>(args[2].AsObject())->prototype_pending = false;
  vm.DefineOwnProperty(args[0].AsObject(), KeyArg(vm, args[1]), args[2], kHiddenAttrs);
  return Value::Undefined();
}

Value IDefineGetter(VM& vm, CallArgs& args) {
  if (!args[0].IsObject()) return vm.ThrowTypeError("defineGetter: not an object");
  Value key = args[1];
  if (vm.IsCallable(args[2])) {
    Value name = key.IsString() ? Value::FromString(vm.Concat(vm.Intern("get "), key.AsString())) : key;
    SetFunctionNameLength(vm, args[2], name, Value::Number(0));
    static_cast<FunctionObject*>(args[2].AsObject())->is_constructor = false;
    static_cast<FunctionObject*>(args[2].AsObject())->prototype_pending = false;
  }
  Value setter = vm.IsCallable(args[3]) ? args[3] : Value::Undefined();
  vm.DefineAccessor(args[0].AsObject(), KeyArg(vm, key), args[2], setter, kConfigurable);
  return Value::Undefined();
}

Value IDefineValue(VM& vm, CallArgs& args) {
  if (!args[0].IsObject()) return vm.ThrowTypeError("defineValue: not an object");
  vm.DefineOwnProperty(args[0].AsObject(), KeyArg(vm, args[1]), args[2], ParseAttrs(vm, args[3]));
  return Value::Undefined();
}

Value ISetHelper(VM& vm, CallArgs& args) {
  static const char* kNames[] = {
#define CODEMODE_HELPER_NAME(n) #n,
      CODEMODE_HELPERS(CODEMODE_HELPER_NAME)
#undef CODEMODE_HELPER_NAME
  };
  if (!args[0].IsString()) return vm.ThrowTypeError("setHelper: name");
  std::string name = args[0].AsString()->ToUtf8();
  for (int i = 0; i < static_cast<int>(HelperId::kCount); ++i) {
    if (name == kNames[i]) {
      MutableIntrinsics(vm).helpers[i] = args[1];
      return Value::Undefined();
    }
  }
  return vm.ThrowTypeError(absl::StrCat("setHelper: unknown helper ", name));
}

Value ISetIntrinsic(VM& vm, CallArgs& args) {
  if (!args[0].IsString() || !args[1].IsObject()) return vm.ThrowTypeError("setIntrinsic");
  std::string name = args[0].AsString()->ToUtf8();
  auto& in = MutableIntrinsics(vm);
  if (name == "Promise") {
    in.promise_ctor = args[1].AsObject();
  } else if (name == "ArrayValues") {
    in.array_values = args[1].AsObject();
  } else if (name == "URLPrototype") {
    in.url_prototype = args[1].AsObject();
  } else {
    return vm.ThrowTypeError(absl::StrCat("setIntrinsic: unknown ", name));
  }
  return Value::Undefined();
}

Value IToObject(VM& vm, CallArgs& args) {
  Value v = args[0];
  if (v.IsNullish()) return vm.ThrowTypeError("Cannot convert undefined or null to object");
  if (v.IsObject()) return v;
  // Wrapper objects for primitives (ECMA-262 §7.1.18).
  const auto& in = vm.realm().intrinsics();
  Object* proto = v.IsString() ? in.string_prototype
                  : v.IsBool() ? in.boolean_prototype
                  : v.IsSymbol() ? in.symbol_prototype
                  : v.IsBigInt() ? in.bigint_prototype
                                 : in.number_prototype;
  ObjectClass k = v.IsString() ? ObjectClass::kString
                  : v.IsBool() ? ObjectClass::kBoolean
                  : v.IsSymbol() ? ObjectClass::kSymbol
                  : v.IsBigInt() ? ObjectClass::kOrdinary  // [[BigIntData]] is the internal slot
                                 : ObjectClass::kNumber;
  Object* o = vm.NewObjectWithProto(proto, k);
  o->set_internal(v);
  return Value::FromObject(o);
}

double ToIntegerOrInfinity(double d) {
  if (std::isnan(d)) return 0;
  if (std::isinf(d)) return d;
  return std::trunc(d) + 0.0;
}

Value IToIntegerOrInfinity(VM& vm, CallArgs& args) {
  if (args[0].IsObject()) return vm.ThrowTypeError("toIntegerOrInfinity: object");
  double d = vm.ToNumberPrimitive(args[0]);
  if (vm.has_exception()) return Value::Empty();
  return Value::Number(ToIntegerOrInfinity(d));
}

Value IToLength(VM& vm, CallArgs& args) {
  if (args[0].IsObject()) return vm.ThrowTypeError("toLength: object");
  double d = vm.ToNumberPrimitive(args[0]);
  if (vm.has_exception()) return Value::Empty();
  d = ToIntegerOrInfinity(d);
  if (d <= 0) return Value::Number(0);
  return Value::Number(std::min(d, 9007199254740991.0));
}

Value IIsCallable(VM& vm, CallArgs& args) { return Value::Bool(vm.IsCallable(args[0])); }
Value IIsConstructor(VM& vm, CallArgs& args) { return Value::Bool(vm.IsConstructor(args[0])); }

Value ICreateDataProperty(VM& vm, CallArgs& args) {
  if (!args[0].IsObject()) return vm.ThrowTypeError("createDataProperty: not an object");
  if (args[1].IsObject()) return vm.ThrowTypeError("createDataProperty: key must be primitive");
  // Fast path for the prelude's array building (map, filter, from, ...): a run's own extensible array
  // with dense default elements, written at an existing element or appended at the end.
  Object* o = args[0].AsObject();
  if (args[1].IsNumber() && o->klass() == ObjectClass::kArray && !o->is_shared() &&
      o->simple_elements() && o->extensible()) {
    double d = args[1].AsNumber();
    auto* a = static_cast<ArrayObject*>(o);
    auto& el = a->elements();
    if (d >= 0 && d < el.size() + 1.0 && d == static_cast<double>(static_cast<uint32_t>(d))) {
      auto idx = static_cast<uint32_t>(d);
      if (idx < el.size()) {
        el[idx] = args[2];
        return Value::Bool(true);
      }
      if ((idx < a->length || a->length_writable) && idx < vm.limits().max_array_length) {
        size_t cap = el.capacity();
        el.push_back(args[2]);
        if (el.capacity() != cap)
          vm.heap().Account(static_cast<int64_t>((el.capacity() - cap) * sizeof(Value)));
        if (idx >= a->length) a->length = idx + 1;
        return Value::Bool(true);
      }
    }
  }
  bool ok = vm.DefineOwnProperty(args[0].AsObject(), vm.KeyFromPrimitive(args[1]), args[2], kDefaultAttrs);
  if (!ok) return vm.ThrowTypeError("Cannot add property, object is not extensible");
  return Value::Bool(true);
}

Value ICall(VM& vm, CallArgs& args) {
  std::vector<Value> rest;
  for (uint32_t i = 2; i < args.argc; ++i) rest.push_back(args.argv[i]);
  return vm.TailCall(args[0], args[1], rest);
}

Value IApply(VM& vm, CallArgs& args) {
  std::vector<Value> list;
  if (args[2].IsObject()) {
    Object* a = vm.Resolve(args[2].AsObject());
    uint32_t n = a->klass() == ObjectClass::kArray ? static_cast<ArrayObject*>(a)->length : 0;
    for (uint32_t i = 0; i < n; ++i) list.push_back(vm.GetData(a, PropertyKey::Index(i)));
  }
  return vm.TailCall(args[0], args[1], list);
}

// I.construct(target, argsArray, newTarget): Construct(target, args, newTarget) (ECMA-262 §7.3.15) for
// Reflect.construct; the prelude has checked that both are constructors and built the dense array.
Value IConstruct(VM& vm, CallArgs& args) {
  if (!vm.IsConstructor(args[0]) || !vm.IsConstructor(args[2]))
    return vm.ThrowTypeError("construct: not a constructor");
  std::vector<Value> list;
  if (args[1].IsObject()) {
    Object* a = vm.Resolve(args[1].AsObject());
    uint32_t n = a->klass() == ObjectClass::kArray ? static_cast<ArrayObject*>(a)->length : 0;
    for (uint32_t i = 0; i < n; ++i) list.push_back(vm.GetData(a, PropertyKey::Index(i)));
  }
  return vm.TailConstruct(args[0], args[2], list);
}

Value IIsPromise(VM& vm, CallArgs& args) {
  return Value::Bool(args[0].IsObject() &&
                     vm.Resolve(args[0].AsObject())->klass() == ObjectClass::kPromise);
}

Value INewPromise(VM& vm, CallArgs& args) {
  PromiseObject* p = vm.NewPromise();
  if (args[0].IsObject()) p->set_proto(args[0].AsObject());
  return Value::FromObject(p);
}

Value IResolvingFunctions(VM& vm, CallArgs& args) {
  if (!args[0].IsObject() || args[0].AsObject()->klass() != ObjectClass::kPromise)
    return vm.ThrowTypeError("resolvingFunctions: not a promise");
  auto [res, rej] = vm.CreateResolvingFunctions(static_cast<PromiseObject*>(args[0].AsObject()));
  Value pair[2] = {res, rej};
  return Value::FromObject(vm.NewArrayFrom(pair));
}

// then(promise, onFulfilled, onRejected, derivedPromiseOrUndefined)
Value IPromiseThen(VM& vm, CallArgs& args) {
  if (!args[0].IsObject() || args[0].AsObject()->klass() != ObjectClass::kPromise)
    return vm.ThrowTypeError("promiseThen: not a promise");
  PromiseObject* derived = args[3].IsObject() && args[3].AsObject()->klass() == ObjectClass::kPromise
                               ? static_cast<PromiseObject*>(args[3].AsObject())
                               : nullptr;
  vm.PromiseThen(static_cast<PromiseObject*>(args[0].AsObject()), args[1], args[2], derived);
  return Value::Undefined();
}

Value IPromiseResolve(VM& vm, CallArgs& args) {  // settle(promise, value, isReject)
  if (!args[0].IsObject() || args[0].AsObject()->klass() != ObjectClass::kPromise)
    return vm.ThrowTypeError("settle: not a promise");
  auto* p = static_cast<PromiseObject*>(args[0].AsObject());
  if (VM::ToBoolean(args[2])) {
    vm.RejectPromise(p, args[1]);
  } else {
    vm.ResolvePromiseNow(p, args[1]);
  }
  return Value::Undefined();
}

// resolveWithThen(promise, resolution, then): ResolveThenSlow's last steps (VM::ResolveWithThen).
Value IResolveWithThen(VM& vm, CallArgs& args) {
  if (!args[0].IsObject() || args[0].AsObject()->klass() != ObjectClass::kPromise)
    return vm.ThrowTypeError("resolveWithThen: not a promise");
  vm.ResolveWithThen(static_cast<PromiseObject*>(args[0].AsObject()), args[1], args[2]);
  return Value::Undefined();
}

Value IEnqueue(VM& vm, CallArgs& args) {  // enqueue(fn) — queueMicrotask
  vm.EnqueueJob(args[0], Value::Undefined(), {}, nullptr);
  return Value::Undefined();
}

Value IOwnKeys(VM& vm, CallArgs& args) {  // ownKeys(obj, strings, symbols, onlyEnumerable)
  if (!args[0].IsObject()) return vm.ThrowTypeError("ownKeys: not an object");
  auto keys = vm.OwnKeys(args[0].AsObject(), VM::ToBoolean(args[1]), VM::ToBoolean(args[2]),
                         VM::ToBoolean(args[3]));
  ArrayObject* a = vm.NewArray(static_cast<uint32_t>(keys.size()));
  for (auto& k : keys) vm.ArrayPush(a, vm.KeyToValue(k));
  return Value::FromObject(a);
}

// getOwnProperty(obj, key) → undefined | {value, writable, enumerable, configurable} | {get, set, …}
Value IGetOwnProperty(VM& vm, CallArgs& args) {
  if (!args[0].IsObject()) return vm.ThrowTypeError("getOwnProperty: not an object");
  VM::Lookup l = vm.GetOwnProperty(args[0].AsObject(), KeyArg(vm, args[1]));
  if (!l.found) return Value::Undefined();
  Object* d = vm.NewObject();
  if (l.is_accessor()) {
    auto* acc = static_cast<Accessor*>(l.value.AsHeap());
    vm.DefineOwnProperty(d, vm.KeyFromAtom(vm.atom(AtomId::get)), acc->getter, kDefaultAttrs);
    vm.DefineOwnProperty(d, vm.KeyFromAtom(vm.atom(AtomId::set)), acc->setter, kDefaultAttrs);
  } else {
    vm.DefineOwnProperty(d, vm.KeyFromAtom(vm.atom(AtomId::value)), l.value, kDefaultAttrs);
    vm.DefineOwnProperty(d, vm.KeyFromAtom(vm.atom(AtomId::writable)),
                         Value::Bool(l.attrs & kWritable), kDefaultAttrs);
  }
  vm.DefineOwnProperty(d, vm.KeyFromAtom(vm.atom(AtomId::enumerable)),
                       Value::Bool(l.attrs & kEnumerable), kDefaultAttrs);
  vm.DefineOwnProperty(d, vm.KeyFromAtom(vm.atom(AtomId::configurable)),
                       Value::Bool(l.attrs & kConfigurable), kDefaultAttrs);
  return Value::FromObject(d);
}

Value IIteratorState(VM& vm, CallArgs& args) {  // isBuiltinIterator(v)
  return Value::Bool(args[0].IsObject() &&
                     vm.Resolve(args[0].AsObject())->klass() == ObjectClass::kIterator);
}

Value ITypeError(VM& vm, CallArgs& args) {
  String* m = args[0].IsString() ? args[0].AsString() : vm.empty_string();
  return Value::FromObject(vm.NewError(ErrorType::kTypeError, m->ToUtf8()));
}
Value IIsDate(VM& vm, CallArgs& args) {
  return Value::Bool(args[0].IsObject() && vm.Resolve(args[0].AsObject())->klass() == ObjectClass::kDate);
}
Value IIsEmpty(VM& vm, CallArgs& args) { return Value::Bool(args.argc > 0 && args.argv[0].IsEmpty()); }
Value IBoundTarget(VM& vm, CallArgs& args) {
  if (vm.IsCallable(args[0]) &&
      static_cast<FunctionObject*>(args[0].AsObject())->type == FunctionType::kBound)
    return static_cast<BoundFunction*>(vm.Resolve(args[0].AsObject()))->target;
  return Value::Undefined();
}
Value IGetPrototypeOf(VM& vm, CallArgs& args) {
  if (!args[0].IsObject()) return Value::Null();
  Object* p = vm.Resolve(args[0].AsObject())->proto();
  return p ? Value::FromObject(p) : Value::Null();
}

Value IIsSpecialForExport(VM& vm, CallArgs& args) {
  if (!args[0].IsObject()) return Value::Bool(false);
  Object* o = vm.Resolve(args[0].AsObject());
  switch (o->klass()) {
    case ObjectClass::kOrdinary:  // a BigInt wrapper is for the native exporter to refuse
      return Value::Bool(o->internal().IsBigInt());
    case ObjectClass::kArray:
    case ObjectClass::kArguments:
      return Value::Bool(false);
    default:
      return Value::Bool(true);
  }
}

// objectClass(v): the internal class of an object as a name ("Map", "Set", "Promise", "Error", …; "Object"
// for ordinary objects and anything without a name below, "" for primitives) — the brand checks of
// self-hosted built-ins such as structuredClone (HTML §2.7.3).
Value IObjectClass(VM& vm, CallArgs& args) {
  if (!args[0].IsObject()) return vm.Str("");
  const char* name = "Object";
  switch (vm.Resolve(args[0].AsObject())->klass()) {
    case ObjectClass::kArray: name = "Array"; break;
    case ObjectClass::kFunction: name = "Function"; break;
    case ObjectClass::kError: name = "Error"; break;
    case ObjectClass::kBoolean: name = "Boolean"; break;
    case ObjectClass::kNumber: name = "Number"; break;
    case ObjectClass::kString: name = "String"; break;
    case ObjectClass::kSymbol: name = "Symbol"; break;
    case ObjectClass::kDate: name = "Date"; break;
    case ObjectClass::kRegExp: name = "RegExp"; break;
    case ObjectClass::kMap: name = "Map"; break;
    case ObjectClass::kSet: name = "Set"; break;
    case ObjectClass::kWeakMap: name = "WeakMap"; break;
    case ObjectClass::kWeakSet: name = "WeakSet"; break;
    case ObjectClass::kPromise: name = "Promise"; break;
    case ObjectClass::kArguments: name = "Arguments"; break;
    case ObjectClass::kArrayBuffer: name = "ArrayBuffer"; break;
    case ObjectClass::kTypedArray: name = "TypedArray"; break;
    case ObjectClass::kDataView: name = "DataView"; break;
    case ObjectClass::kOrdinary:  // a BigInt wrapper is an ordinary object with [[BigIntData]]
      name = vm.Resolve(args[0].AsObject())->internal().IsBigInt() ? "BigInt" : "Object";
      break;
    default: name = "Internal"; break;
  }
  return vm.Str(name);
}

// chargeSteps(n): charges n steps of work done by a self-hosted loop over a large input (a non-negative
// integer; anything else is ignored), so limits see work the step counter would not.
Value IChargeSteps(VM& vm, CallArgs& args) {
  if (args[0].IsNumber()) {
    double n = args[0].AsNumber();
    if (n > 0 && n < 1e15) vm.ChargeSteps(static_cast<uint64_t>(n));
  }
  return Value::Undefined();
}

// unsupported(what): stops the run with UnsupportedSyntax "<what> is not supported yet" (uncatchable):
// for self-hosted built-ins that meet an input they cannot handle exactly (DESIGN: never a wrong answer).
Value IUnsupported(VM& vm, CallArgs& args) {
  std::string what = args[0].IsString() ? args[0].AsString()->ToUtf8() : "this feature";
  vm.Terminate(Termination::kUnsupported, absl::StrCat(what, " is not supported yet"));
  return Value::Undefined();
}

// Globals a later issue implements: reaching one stops the run with UnsupportedSyntax (uncatchable, so a
// program can never continue on a wrong path), naming the feature.
const char* const kPlannedGlobals[] = {"Date",  "Intl", "Proxy", "WeakRef", "FinalizationRegistry",
                                       "crypto"};

Value PlannedFeature(VM& vm, CallArgs& args) {
  auto* self = static_cast<NativeFunction*>(args.callee);
  std::string name = self->data.IsString() ? self->data.AsString()->ToUtf8() : "this feature";
  vm.Terminate(Termination::kUnsupported, absl::StrCat(name, " is not supported yet"));
  return Value::Undefined();
}

// Absent by design (features-js.md): a clear, catchable error saying why.
Value AbsentFeature(VM& vm, CallArgs& args) {
  auto* self = static_cast<NativeFunction*>(args.callee);
  std::string name = self->data.IsString() ? self->data.AsString()->ToUtf8() : "this";
  if (name == "eval")
    return vm.ThrowError(ErrorType::kEvalError,
                         "eval is not available in code mode: programs cannot generate code from strings");
  if (absl::StartsWith(name, "SharedArrayBuffer") || absl::StartsWith(name, "Atomics"))
    return vm.ThrowTypeError(absl::StrCat(
        name,
        " is not available in code mode: there is no shared memory (a run is one thread and is "
        "snapshotted between host calls)"));
  return vm.ThrowTypeError(absl::StrCat(
      name, " is not available in code mode: timers would make runs nondeterministic; await tool calls or "
            "promises instead"));
}

void InstallPlannedAndAbsent(VM& vm, Intrinsics& in) {
  for (const char* name : kPlannedGlobals) {
    if (vm.GetOwnProperty(in.global, vm.KeyFromName(name)).found) continue;
    NativeFunction* f = vm.NewNative(name, PlannedFeature, 0, 0, true);
    f->data = vm.Str(name);
    // Static members read before any call (Date.now, RegExp.escape, Intl.NumberFormat, …) stop too.
    for (const char* member : {"now", "UTC", "parse", "escape", "NumberFormat", "DateTimeFormat",
                               "Collator", "PluralRules", "RelativeTimeFormat", "ListFormat", "asIntN",
                               "asUintN", "randomUUID", "getRandomValues", "from", "of", "apply",
                               "construct", "get", "set", "has", "ownKeys", "defineProperty",
                               "getPrototypeOf", "setPrototypeOf", "getOwnPropertyDescriptor",
                               "deleteProperty", "prototype"}) {
      NativeFunction* g = vm.NewNative(absl::StrCat(name, ".", member), PlannedFeature, 0);
      g->data = vm.Str(absl::StrCat(name, ".", member));
      vm.DefineAccessor(f, vm.KeyFromName(member), Value::FromObject(g), Value::Undefined(),
                        kConfigurable);
    }
    vm.DefineValue(in.global, name, Value::FromObject(f), kWritable | kConfigurable);
  }
  for (const char* name : {"setTimeout", "setInterval", "setImmediate", "clearTimeout",
                           "clearInterval", "clearImmediate", "eval"}) {
    NativeFunction* f = vm.NewNative(name, AbsentFeature, 1);
    f->data = vm.Str(name);
    vm.DefineValue(in.global, name, Value::FromObject(f), kWritable | kConfigurable);
  }
  // Shared memory is absent by design (features-js.md). `typeof` answers as in Node.js ("function"
  // and "object"), and every use — construction, a call, reading SharedArrayBuffer.prototype or any
  // Atomics member — throws the TypeError above instead of a generic "undefined is not a function".
  NativeFunction* sab = vm.NewNative("SharedArrayBuffer", AbsentFeature, 1, 0, true);
  sab->data = vm.Str("SharedArrayBuffer");
  NativeFunction* sab_proto = vm.NewNative("SharedArrayBuffer.prototype", AbsentFeature, 0);
  sab_proto->data = vm.Str("SharedArrayBuffer.prototype");
  vm.DefineAccessor(sab, vm.KeyFromName("prototype"), Value::FromObject(sab_proto),
                    Value::Undefined(), kConfigurable);
  vm.DefineValue(in.global, "SharedArrayBuffer", Value::FromObject(sab), kWritable | kConfigurable);
  Object* atomics = vm.NewObject();
  for (const char* member : {"add", "and", "compareExchange", "exchange", "isLockFree", "load",
                             "notify", "or", "store", "sub", "wait", "waitAsync", "xor"}) {
    NativeFunction* g = vm.NewNative(absl::StrCat("Atomics.", member), AbsentFeature, 0);
    g->data = vm.Str(absl::StrCat("Atomics.", member));
    vm.DefineAccessor(atomics, vm.KeyFromName(member), Value::FromObject(g), Value::Undefined(),
                      kConfigurable);
  }
  vm.DefineValue(in.global, "Atomics", Value::FromObject(atomics), kWritable | kConfigurable);
}

NativeFunction* Intrinsic(VM& vm, Object* holder, const char* name, NativeFn fn, uint32_t length) {
  return vm.DefineMethod(holder, name, fn, length);
}

Value FunctionPrototypeCall(VM& vm, CallArgs& args) { return Value::Undefined(); }

}  // namespace

absl::StatusOr<std::unique_ptr<Realm>> Realm::Create(std::shared_ptr<const bytecode::Module> prelude,
                                                     std::shared_ptr<const bytecode::Module> lua_prelude) {
  std::unique_ptr<Realm> realm(new Realm());
  VM vm(realm.get(), true);
  Heap& heap = *realm->heap_;
  // Atoms first: shapes and every later step use them.
#define CODEMODE_ATOM_INIT(id, str) realm->atoms_[static_cast<int>(AtomId::id)] = vm.Intern(str);
  CODEMODE_ATOMS(CODEMODE_ATOM_INIT)
#undef CODEMODE_ATOM_INIT
  realm->empty_shape_ = heap.Alloc<Shape>();
  realm->function_shape_ = heap.Alloc<Shape>();
  realm->function_shape_->entries_ = {{realm->atom(AtomId::length), kConfigurable},
                                      {realm->atom(AtomId::name), kConfigurable}};
  realm->array_shape_ = realm->empty_shape_;
  vm.empty_shape_ = realm->empty_shape_;
  vm.function_shape_ = realm->function_shape_;
  vm.array_shape_ = realm->array_shape_;

  Intrinsics& in = realm->intrinsics_;
  auto obj = [&](Object* proto, ObjectClass k = ObjectClass::kOrdinary) {
    return heap.Alloc<Object>(k, realm->empty_shape_, proto);
  };
  in.object_prototype = obj(nullptr);
  auto* fp = heap.Alloc<NativeFunction>(realm->function_shape_, in.object_prototype, ReturnUndefined, 0);
  fp->slots() = {Value::Number(0), Value::FromString(realm->atom(AtomId::empty))};
  in.function_prototype = fp;
  in.array_prototype = heap.Alloc<ArrayObject>(realm->empty_shape_, in.object_prototype);
  in.string_prototype = obj(in.object_prototype, ObjectClass::kString);
  in.string_prototype->set_internal(Value::FromString(realm->atom(AtomId::empty)));
  in.number_prototype = obj(in.object_prototype, ObjectClass::kNumber);
  in.number_prototype->set_internal(Value::Number(0));
  in.boolean_prototype = obj(in.object_prototype, ObjectClass::kBoolean);
  in.boolean_prototype->set_internal(Value::Bool(false));
  in.symbol_prototype = obj(in.object_prototype);
  in.bigint_prototype = obj(in.object_prototype);
  in.promise_prototype = obj(in.object_prototype);
  in.map_prototype = obj(in.object_prototype);
  in.set_prototype = obj(in.object_prototype);
  in.weakmap_prototype = obj(in.object_prototype);
  in.weakset_prototype = obj(in.object_prototype);
  in.iterator_prototype = obj(in.object_prototype);
  in.array_iterator_prototype = obj(in.iterator_prototype);
  in.string_iterator_prototype = obj(in.iterator_prototype);
  in.map_iterator_prototype = obj(in.iterator_prototype);
  in.set_iterator_prototype = obj(in.iterator_prototype);
  in.forin_iterator_prototype = obj(in.iterator_prototype);
  in.date_prototype = obj(in.object_prototype);
  in.regexp_prototype = obj(in.object_prototype);
  in.async_function_prototype = obj(in.function_prototype);
  in.done_marker = obj(nullptr);
  in.global = obj(in.object_prototype);
  for (int t = 0; t < static_cast<int>(ErrorType::kCount); ++t)
    in.error_prototypes[t] = obj(t == 0 ? in.object_prototype : in.error_prototypes[0]);

  auto sym = [&](const char* desc) {
    return vm.NewSymbol(Value::FromString(vm.Intern(desc)));
  };
  in.sym_iterator = sym("Symbol.iterator");
  in.sym_async_iterator = sym("Symbol.asyncIterator");
  in.sym_has_instance = sym("Symbol.hasInstance");
  in.sym_to_primitive = sym("Symbol.toPrimitive");
  in.sym_to_string_tag = sym("Symbol.toStringTag");
  in.sym_species = sym("Symbol.species");
  in.sym_is_concat_spreadable = sym("Symbol.isConcatSpreadable");
  in.sym_match = sym("Symbol.match");
  in.sym_match_all = sym("Symbol.matchAll");
  in.sym_replace = sym("Symbol.replace");
  in.sym_search = sym("Symbol.search");
  in.sym_split = sym("Symbol.split");
  in.sym_unscopables = sym("Symbol.unscopables");

  vm.DefineValue(in.global, "globalThis", Value::FromObject(in.global), kWritable | kConfigurable);

  // Core iterators.
  in.array_iterator_next = vm.DefineMethod(in.array_iterator_prototype, "next", ArrayIteratorNext, 0);
  vm.DefineMethod(in.string_iterator_prototype, "next", ArrayIteratorNext, 0);
  {
    NativeFunction* it = vm.NewNative("[Symbol.iterator]", ReturnThis, 0);
    vm.DefineOwnProperty(in.iterator_prototype, PropertyKey::Sym(in.sym_iterator), Value::FromObject(it),
                         kHiddenAttrs);
    auto tag = [&](Object* o, const char* t) {
      vm.DefineOwnProperty(o, PropertyKey::Sym(in.sym_to_string_tag), vm.Str(t), kConfigurable);
    };
    tag(in.array_iterator_prototype, "Array Iterator");
    tag(in.string_iterator_prototype, "String Iterator");
    tag(in.promise_prototype, "Promise");
  }

  // The prelude's private natives.
  Object* intr = vm.NewObject();
  Intrinsic(vm, intr, "defineMethod", IDefineMethod, 4);
  Intrinsic(vm, intr, "defineGetter", IDefineGetter, 3);
  Intrinsic(vm, intr, "defineValue", IDefineValue, 4);
  Intrinsic(vm, intr, "setHelper", ISetHelper, 2);
  Intrinsic(vm, intr, "setIntrinsic", ISetIntrinsic, 2);
  Intrinsic(vm, intr, "toObject", IToObject, 1);
  Intrinsic(vm, intr, "toLength", IToLength, 1);
  Intrinsic(vm, intr, "toIntegerOrInfinity", IToIntegerOrInfinity, 1);
  Intrinsic(vm, intr, "isCallable", IIsCallable, 1);
  Intrinsic(vm, intr, "isConstructor", IIsConstructor, 1);
  Intrinsic(vm, intr, "createDataProperty", ICreateDataProperty, 3);
  Intrinsic(vm, intr, "call", ICall, 2);
  Intrinsic(vm, intr, "apply", IApply, 3);
  Intrinsic(vm, intr, "construct", IConstruct, 3);
  Intrinsic(vm, intr, "isPromise", IIsPromise, 1);
  Intrinsic(vm, intr, "newPromise", INewPromise, 1);
  Intrinsic(vm, intr, "resolvingFunctions", IResolvingFunctions, 1);
  Intrinsic(vm, intr, "promiseThen", IPromiseThen, 4);
  Intrinsic(vm, intr, "settle", IPromiseResolve, 3);
  Intrinsic(vm, intr, "resolveWithThen", IResolveWithThen, 3);
  Intrinsic(vm, intr, "enqueue", IEnqueue, 1);
  Intrinsic(vm, intr, "ownKeys", IOwnKeys, 4);
  Intrinsic(vm, intr, "getOwnProperty", IGetOwnProperty, 2);
  Intrinsic(vm, intr, "isBuiltinIterator", IIteratorState, 1);
  Intrinsic(vm, intr, "typeError", ITypeError, 1);
  Intrinsic(vm, intr, "isSpecialForExport", IIsSpecialForExport, 1);
  Intrinsic(vm, intr, "isDate", IIsDate, 1);
  Intrinsic(vm, intr, "isEmpty", IIsEmpty, 1);
  Intrinsic(vm, intr, "boundTarget", IBoundTarget, 1);
  Intrinsic(vm, intr, "getPrototypeOf", IGetPrototypeOf, 1);
  Intrinsic(vm, intr, "objectClass", IObjectClass, 1);
  Intrinsic(vm, intr, "chargeSteps", IChargeSteps, 1);
  Intrinsic(vm, intr, "unsupported", IUnsupported, 1);
  vm.DefineValue(intr, "symIterator", Value::FromSymbol(in.sym_iterator));
  vm.DefineValue(intr, "symAsyncIterator", Value::FromSymbol(in.sym_async_iterator));
  vm.DefineValue(intr, "symToPrimitive", Value::FromSymbol(in.sym_to_primitive));
  vm.DefineValue(intr, "symHasInstance", Value::FromSymbol(in.sym_has_instance));
  vm.DefineValue(intr, "symSpecies", Value::FromSymbol(in.sym_species));
  vm.DefineValue(intr, "symToStringTag", Value::FromSymbol(in.sym_to_string_tag));
  vm.DefineValue(intr, "DONE", Value::FromObject(in.done_marker));
  vm.DefineValue(intr, "promisePrototype", Value::FromObject(in.promise_prototype));
  vm.DefineValue(intr, "iteratorPrototype", Value::FromObject(in.iterator_prototype));
  vm.DefineValue(intr, "arrayIteratorPrototype", Value::FromObject(in.array_iterator_prototype));
  vm.DefineValue(intr, "asyncFunctionPrototype", Value::FromObject(in.async_function_prototype));
  vm.DefineValue(in.global, "__intrinsics__", Value::FromObject(intr), kWritable | kConfigurable);
  (void)FunctionPrototypeCall;

  // C++ built-ins (vm/builtins/*.cc).
  for (auto* install : {InstallSymbolBuiltins, InstallObjectBuiltins, InstallFunctionBuiltins,
                        InstallArrayBuiltins, InstallStringBuiltins, InstallNumberBuiltins,
                        InstallErrorBuiltins, InstallCollectionBuiltins, InstallJsonBuiltins,
                        InstallConsoleBuiltins, InstallRegExpBuiltins, InstallDateBuiltins,
                        InstallGeneratorBuiltins, InstallBigIntBuiltins, InstallLuaBuiltins}) {
    install(vm, in);
  }
  InstallGeneratorIntrinsics(vm, intr, in);  // needs the prototypes InstallGeneratorBuiltins made
  InstallTypedArrayIntrinsics(vm, intr, in);
  InstallIntlIntrinsics(vm, intr);           // ICU natives of vm/prelude/60-intl.js
  InstallIdnaIntrinsics(vm, intr);           // UTS #46 for vm/prelude/55-url.js
  InstallEncodingIntrinsics(vm, intr);       // ICU converters for TextDecoder (47-typed.js)
  InstallDateIntrinsics(vm, intr);           // Intl.DateTimeFormat (date_format.h)

  InstallPlannedAndAbsent(vm, in);

  // The prelude.
  if (prelude != nullptr) {
    Closure* main = vm.LoadModule(prelude);
    VM::Completion c = vm.CallToCompletion(Value::FromObject(main), Value::Undefined(), {});
    vm.RunJobs();
    if (!c.ok) return absl::InternalError("prelude threw");
    if (c.value.IsObject() && c.value.AsObject()->klass() == ObjectClass::kPromise) {
      auto* p = static_cast<PromiseObject*>(c.value.AsObject());
      if (p->state == PromiseObject::State::kRejected)
        return absl::InternalError(absl::StrCat("prelude failed: ", vm.DescribeError(p->result)));
    }
    if (vm.termination() != Termination::kNone)
      return absl::InternalError(absl::StrCat("prelude stopped: ", vm.termination_message()));
  }
  if (lua_prelude != nullptr) {
    Closure* main = vm.LoadModule(lua_prelude);
    VM::Completion c = vm.CallToCompletion(Value::FromObject(main), Value::Undefined(), {});
    if (vm.termination() != Termination::kNone)
      return absl::InternalError(absl::StrCat("Lua prelude stopped: ", vm.termination_message()));
    if (!c.ok) {
      std::string why = c.value.IsString() ? std::string(c.value.AsString()->bytes()) : "an error";
      return absl::InternalError(absl::StrCat("Lua prelude failed: ", why));
    }
  }
  vm.DeleteProperty(in.global, vm.KeyFromName("__intrinsics__"));
  vm.jobs_.clear();
  heap.Freeze();
  return realm;
}

}  // namespace codemode::vm
