// Error, the NativeError constructors and AggregateError (ECMA-262 §20.5), plus V8's
// Error.captureStackTrace / Error.stackTraceLimit. Construction is native for primitive messages
// and data `cause` options; object messages (ToString runs code), accessor causes and `errors`
// iterables other than plain arrays go through the prelude (vm/prelude/30-error.js), registered
// with __intrinsics__.errorSetup.
#include "vm/builtins/error.h"

#include <array>
#include <string>

#include "absl/strings/str_cat.h"
#include "vm/realm.h"
#include "vm/string.h"

namespace codemode::vm {

namespace {

constexpr std::array<std::string_view, static_cast<int>(ErrorType::kCount)> kErrorNames = {
    "Error",       "TypeError", "RangeError", "ReferenceError",
    "SyntaxError", "EvalError", "URIError",   "AggregateError"};

// Data-only property read (accessors count as absent: no program code runs here).
Value DataProp(VM& vm, Object* obj, AtomId id) {
  VM::Lookup r = vm.FindProperty(obj, vm.KeyFromAtom(vm.atom(id)));
  if (!r.found || r.is_accessor()) return Value::Undefined();
  return r.value;
}

// The header of `stack`: Error.prototype.toString's result computed from data properties
// (V8's ErrorUtils::ToString; accessors and non-string values fall back to the defaults).
String* StackHeader(VM& vm, Object* err, ErrorType type) {
  Value name = DataProp(vm, err, AtomId::name);
  Value msg = DataProp(vm, err, AtomId::message);
  String* n = nullptr;
  if (name.IsUndefined()) {
    n = vm.Intern(ErrorTypeName(type));
  } else if (name.IsString()) {
    n = name.AsString();
  } else if (!name.IsObject() && !name.IsSymbol()) {
    n = vm.ToStringPrimitive(name);
  }
  if (n == nullptr) n = vm.Intern(ErrorTypeName(type));
  String* m = nullptr;
  if (msg.IsString()) {
    m = msg.AsString();
  } else if (!msg.IsUndefined() && !msg.IsObject() && !msg.IsSymbol()) {
    m = vm.ToStringPrimitive(msg);
  }
  if (m == nullptr || m->length() == 0) return n;
  if (n->length() == 0) return m;
  String* s = vm.Concat(n, vm.Intern(": "));
  return s == nullptr ? n : vm.Concat(s, m);
}

// "\n    at <program>:L:C" for the innermost program frame, or "" outside program code.
std::string LocationSuffix(VM& vm) {
  uint32_t line = 0, col = 0;
  vm.CurrentLocation(&line, &col);
  if (line == 0) return "";
  return absl::StrCat("\n    at <program>:", line, ":", col);
}

void SetStack(VM& vm, Object* err, String* header, std::string_view suffix) {
  String* stack = header;
  if (!suffix.empty()) {
    String* s = vm.Concat(header, vm.NewStringLatin1(std::string(suffix)));
    if (s != nullptr) stack = s;
  }
  vm.DefineOwnProperty(err, vm.KeyFromAtom(vm.atom(AtomId::stack)), Value::FromString(stack),
                       kHiddenAttrs);
}

ErrorType TypeOfProto(VM& vm, Object* proto) {
  const Intrinsics& in = vm.realm().intrinsics();
  for (Object* p = proto; p != nullptr; p = vm.Resolve(p)->proto()) {
    for (int i = 0; i < static_cast<int>(ErrorType::kCount); ++i)
      if (in.error_prototypes[i] == p) return static_cast<ErrorType>(i);
  }
  return ErrorType::kError;
}

}  // namespace

std::string_view ErrorTypeName(ErrorType type) {
  int i = static_cast<int>(type);
  return i >= 0 && i < static_cast<int>(ErrorType::kCount) ? kErrorNames[i] : "Error";
}

Object* MakeErrorWithProto(VM& vm, Object* proto, ErrorType type, Value message, Value options) {
  Object* err = vm.NewObjectWithProto(proto, ObjectClass::kError);
  // `stack` first (V8's own-property order is stack, message, cause), filled in once message is
  // known.
  PropertyKey stack_key = vm.KeyFromAtom(vm.atom(AtomId::stack));
  vm.DefineOwnProperty(err, stack_key, Value::FromString(vm.empty_string()), kHiddenAttrs);
  if (!message.IsUndefined()) {
    String* m = message.IsString() ? message.AsString() : nullptr;
    if (m == nullptr && !message.IsObject() && !message.IsSymbol() && !message.IsEmpty())
      m = vm.ToStringPrimitive(message);
    if (m == nullptr) m = vm.empty_string();
    vm.DefineOwnProperty(err, vm.KeyFromAtom(vm.atom(AtomId::message)), Value::FromString(m),
                         kHiddenAttrs);
  }
  if (options.IsObject()) {
    VM::Lookup cause = vm.FindProperty(options.AsObject(), vm.KeyFromAtom(vm.atom(AtomId::cause)));
    if (cause.found && !cause.is_accessor())
      vm.DefineOwnProperty(err, vm.KeyFromAtom(vm.atom(AtomId::cause)), cause.value, kHiddenAttrs);
  }
  SetStack(vm, err, StackHeader(vm, err, type), LocationSuffix(vm));
  return err;
}

Object* MakeError(VM& vm, ErrorType type, Value message, Value options) {
  return MakeErrorWithProto(vm, vm.realm().intrinsics().error_prototypes[static_cast<int>(type)],
                            type, message, options);
}

Value ThrowErrorValue(VM& vm, ErrorType type, Value message) {
  return vm.Throw(Value::FromObject(MakeError(vm, type, message)));
}

namespace {

// The realm's original value of a built-in data property (not the run's copy-on-write version).
Value OriginalSlot(VM& vm, Object* shared, AtomId id) {
  if (shared == nullptr) return Value::Undefined();
  int i = shared->shape()->Find(vm.atom(id));
  if (i < 0 || static_cast<size_t>(i) >= shared->slots().size()) return Value::Undefined();
  return shared->slots()[i];
}

std::string SymbolText(Symbol* sym) {
  Value d = sym->description();
  return absl::StrCat("Symbol(", d.IsString() ? d.AsString()->ToUtf8() : std::string(), ")");
}

std::string_view ClassTag(ObjectClass k) {
  switch (k) {
    case ObjectClass::kArray:
      return "Array";
    case ObjectClass::kFunction:
      return "Function";
    case ObjectClass::kError:
      return "Error";
    case ObjectClass::kBoolean:
      return "Boolean";
    case ObjectClass::kNumber:
      return "Number";
    case ObjectClass::kString:
      return "String";
    case ObjectClass::kDate:
      return "Date";
    case ObjectClass::kRegExp:
      return "RegExp";
    case ObjectClass::kArguments:
      return "Arguments";
    default:
      return "Object";
  }
}

}  // namespace

std::string DescribeForMessage(VM& vm, Value v) {
  switch (v.tag()) {
    case Tag::kString:
      return v.AsString()->ToUtf8();
    case Tag::kSymbol:
      return SymbolText(v.AsSymbol());
    case Tag::kObject:
      break;
    case Tag::kEmpty:
    case Tag::kInternal:
      return "<internal>";
    default: {
      String* s = vm.ToStringPrimitive(v);
      return s == nullptr ? std::string() : s->ToUtf8();
    }
  }
  Object* o = v.AsObject();
  Object* r = vm.Resolve(o);
  const Intrinsics& in = vm.realm().intrinsics();
  if (r->klass() == ObjectClass::kError) {
    String* header = StackHeader(vm, o, ErrorType::kError);
    return header->ToUtf8();
  }
  if (r->klass() == ObjectClass::kFunction) {
    Value name = DataProp(vm, o, AtomId::name);
    return absl::StrCat("function ", name.IsString() ? name.AsString()->ToUtf8() : std::string(),
                        "() { [native code] }");
  }
  Value to_string = DataProp(vm, o, AtomId::toString);
  Value original = OriginalSlot(vm, in.object_prototype, AtomId::toString);
  if (to_string.IsObject() && original.IsObject() && to_string.AsObject() == original.AsObject()) {
    Value ctor = DataProp(vm, o, AtomId::constructor);
    if (ctor.IsObject() && vm.IsCallable(ctor)) {
      Value name = DataProp(vm, ctor.AsObject(), AtomId::name);
      if (name.IsString() && name.AsString()->length() > 0)
        return absl::StrCat("#<", name.AsString()->ToUtf8(), ">");
    }
  }
  std::string tag(ClassTag(r->klass()));
  if (in.sym_to_string_tag != nullptr) {
    VM::Lookup t = vm.FindProperty(o, PropertyKey::Sym(in.sym_to_string_tag));
    if (t.found && !t.is_accessor() && t.value.IsString()) tag = t.value.AsString()->ToUtf8();
  }
  return absl::StrCat("[object ", tag, "]");
}

std::string DescribeTypeForMessage(VM& vm, Value v) {
  switch (v.tag()) {
    case Tag::kUndefined:
      return "undefined";
    case Tag::kNull:
      return "object null";
    case Tag::kBool:
      return v.AsBool() ? "boolean true" : "boolean false";
    case Tag::kNumber:
    case Tag::kInt:
      return absl::StrCat("number ", DescribeForMessage(vm, v));
    case Tag::kString:
      return absl::StrCat("string \"", v.AsString()->ToUtf8(), "\"");
    case Tag::kSymbol:
      return "symbol";
    case Tag::kBigInt:
      return "bigint";
    case Tag::kObject:
      return vm.IsCallable(v) ? "function" : "object";
    default:
      return "undefined";
  }
}

namespace {

// Slow paths registered by the prelude: [errorInit, errorToString].
enum ErrorSlot { kInit = 0, kToString = 1 };

Value Slow(VM& vm, Object* callee, int slot) {
  auto* self = static_cast<NativeFunction*>(vm.Resolve(callee));
  if (!self->data.IsObject()) return Value::Undefined();
  Object* arr = vm.Resolve(self->data.AsObject());
  if (static_cast<size_t>(slot) >= arr->elements().size()) return Value::Undefined();
  return arr->elements()[slot];
}

Value MissingPrelude(VM& vm) {
  vm.Terminate(Termination::kInternal,
               "engine bug: the prelude did not register the Error slow paths");
  return Value::Empty();
}

// True when iterating `v` with for-of would visit exactly its elements without running program
// code: an Array whose @@iterator is the original %Array.prototype.values% and whose iterator
// `next` is intact.
bool IsPlainArrayIteration(VM& vm, Value v) {
  if (!vm.IsArray(v)) return false;
  const Intrinsics& in = vm.realm().intrinsics();
  if (in.sym_iterator == nullptr || in.array_values == nullptr) return false;
  VM::Lookup it = vm.FindProperty(v.AsObject(), PropertyKey::Sym(in.sym_iterator));
  if (!it.found || it.is_accessor() || !it.value.IsObject() ||
      it.value.AsObject() != in.array_values)
    return false;
  if (in.array_iterator_prototype != nullptr && in.array_iterator_next != nullptr) {
    VM::Lookup next =
        vm.FindProperty(in.array_iterator_prototype, vm.KeyFromAtom(vm.atom(AtomId::next)));
    if (!next.found || next.is_accessor() || !next.value.IsObject() ||
        next.value.AsObject() != in.array_iterator_next)
      return false;
  }
  return true;
}

// The prototype for a constructor call: new.target.prototype when it is an object, else the
// intrinsic (ECMA-262 §10.1.14 GetPrototypeFromConstructor).
Object* ProtoFromNewTarget(VM& vm, Value new_target, Object* fallback) {
  if (!new_target.IsObject()) return fallback;
  Value p = vm.GetData(new_target.AsObject(), vm.KeyFromAtom(vm.atom(AtomId::prototype)));
  return p.IsObject() ? p.AsObject() : fallback;
}

// Error / NativeError / AggregateError (ECMA-262 §20.5.1.1, §20.5.6.1.1, §20.5.7.1.1); magic =
// ErrorType.
Value ErrorConstruct(VM& vm, CallArgs& args) {
  auto type = static_cast<ErrorType>(static_cast<NativeFunction*>(args.callee)->magic);
  const Intrinsics& in = vm.realm().intrinsics();
  Object* proto =
      ProtoFromNewTarget(vm, args.new_target, in.error_prototypes[static_cast<int>(type)]);
  bool aggregate = type == ErrorType::kAggregateError;
  Value errors = aggregate ? args[0] : Value::Undefined();
  Value message = aggregate ? args[1] : args[0];
  Value options = aggregate ? args[2] : args[1];
  bool slow = message.IsObject();
  if (!slow && options.IsObject()) {
    VM::Lookup cause = vm.FindProperty(options.AsObject(), vm.KeyFromAtom(vm.atom(AtomId::cause)));
    slow = cause.found && cause.is_accessor();
  }
  if (aggregate && !IsPlainArrayIteration(vm, errors)) slow = true;
  if (message.IsSymbol()) return vm.ThrowTypeError("Cannot convert a Symbol value to a string");
  if (slow) {
    Value init = Slow(vm, args.callee, kInit);
    if (!vm.IsCallable(init)) return MissingPrelude(vm);
    Object* err = MakeErrorWithProto(vm, proto, type, Value::Undefined(), Value::Undefined());
    Value call_args[] = {Value::FromObject(err), message, options, errors, Value::Bool(aggregate)};
    return vm.TailCall(init, Value::Undefined(), call_args);
  }
  Object* err = MakeErrorWithProto(vm, proto, type, message, options);
  if (aggregate) {
    // CreateArrayFromList(IterableToList(errors)) over a plain array: its elements, holes read
    // through the prototype chain as undefined (Array.prototype has no indexed properties it could
    // supply without an accessor, which IsPlainArrayIteration does not rule out: read them
    // data-only).
    Object* src = errors.AsObject();
    uint32_t len = static_cast<ArrayObject*>(vm.Resolve(src))->length;
    if (len > vm.limits().max_array_length) return vm.ThrowRangeError("Invalid array length");
    vm.ChargeSteps(len / 16 + 1);
    ArrayObject* list = vm.NewArray(len);
    for (uint32_t i = 0; i < len; ++i) {
      Value v, getter;
      if (!vm.GetNoCall(errors, src, PropertyKey::Index(i), &v, &getter)) {
        Value init = Slow(vm, args.callee, kInit);
        if (!vm.IsCallable(init)) return MissingPrelude(vm);
        Object* fresh = MakeErrorWithProto(vm, proto, type, Value::Undefined(), Value::Undefined());
        Value call_args[] = {Value::FromObject(fresh), message, options, errors, Value::Bool(true)};
        return vm.TailCall(init, Value::Undefined(), call_args);
      }
      vm.ArrayPush(list, v);
    }
    vm.DefineOwnProperty(err, vm.KeyFromAtom(vm.atom(AtomId::errors)), Value::FromObject(list),
                         kHiddenAttrs);
  }
  return Value::FromObject(err);
}

// Error.prototype.toString (ECMA-262 §20.5.3.4).
Value ErrorToString(VM& vm, CallArgs& args) {
  Value self = args.this_value;
  if (!self.IsObject()) {
    return vm.ThrowTypeError(
        absl::StrCat("Method Error.prototype.toString called on incompatible receiver ",
                     DescribeForMessage(vm, self)));
  }
  Object* o = self.AsObject();
  auto slow = [&]() -> Value {
    Value fn = Slow(vm, args.callee, kToString);
    if (!vm.IsCallable(fn)) return MissingPrelude(vm);
    Value call_args[] = {self};
    return vm.TailCall(fn, Value::Undefined(), call_args);
  };
  Value name, msg, getter;
  if (!vm.GetNoCall(self, o, vm.KeyFromAtom(vm.atom(AtomId::name)), &name, &getter)) return slow();
  if (!vm.GetNoCall(self, o, vm.KeyFromAtom(vm.atom(AtomId::message)), &msg, &getter))
    return slow();
  if (name.IsObject() || msg.IsObject()) return slow();
  String* n = name.IsUndefined() ? vm.Intern("Error") : vm.ToStringPrimitive(name);
  if (n == nullptr) return Value::Empty();
  String* m = msg.IsUndefined() ? vm.empty_string() : vm.ToStringPrimitive(msg);
  if (m == nullptr) return Value::Empty();
  if (n->length() == 0) return Value::FromString(m);
  if (m->length() == 0) return Value::FromString(n);
  String* s = vm.Concat(n, vm.Intern(": "));
  if (s == nullptr) return Value::Empty();
  s = vm.Concat(s, m);
  if (s == nullptr) return Value::Empty();
  return Value::FromString(s);
}

// Error.captureStackTrace(object[, constructorOpt]) (V8): defines `stack` on object from its
// current name/message (data properties) and the current location.
Value CaptureStackTrace(VM& vm, CallArgs& args) {
  if (!args[0].IsObject()) return vm.ThrowTypeError("Invalid argument");
  Object* o = args[0].AsObject();
  SetStack(vm, o, StackHeader(vm, o, TypeOfProto(vm, vm.Resolve(o)->proto())), LocationSuffix(vm));
  return Value::Undefined();
}

// __intrinsics__.errorRestack(err): recomputes the header of err.stack from its own name/message,
// keeping the location lines (used by the prelude after it sets a message that needed ToString).
Value IntrinsicRestack(VM& vm, CallArgs& args) {
  if (!args[0].IsObject()) return Value::Undefined();
  Object* o = args[0].AsObject();
  Value old = DataProp(vm, o, AtomId::stack);
  std::string suffix;
  if (old.IsString()) {
    std::string s = old.AsString()->ToUtf8();
    size_t at = s.find("\n    at ");
    if (at != std::string::npos) suffix = s.substr(at);
  }
  SetStack(vm, o, StackHeader(vm, o, TypeOfProto(vm, vm.Resolve(o)->proto())), suffix);
  return Value::Undefined();
}

// __intrinsics__.errDescribe(v) / errDescribeType(v): DescribeForMessage / DescribeTypeForMessage.
Value IntrinsicDescribe(VM& vm, CallArgs& args) { return vm.Str(DescribeForMessage(vm, args[0])); }
Value IntrinsicDescribeType(VM& vm, CallArgs& args) {
  return vm.Str(DescribeTypeForMessage(vm, args[0]));
}
// %ThrowTypeError% (ECMA-262 §10.2.4.1): the `callee` accessor of strict arguments objects.
Value ThrowTypeErrorIntrinsic(VM& vm, CallArgs&) {
  return vm.ThrowTypeError(
      "'caller', 'callee', and 'arguments' properties may not be accessed on strict mode functions or "
      "the arguments objects for calls to them");
}

// __intrinsics__.errNotAsyncIterable(v): VM::NotAsyncIterableMessage (the caller is the prelude's
// GetAsyncIterator helper).
Value IntrinsicNotAsyncIterable(VM& vm, CallArgs& args) {
  return vm.Str(vm.NotAsyncIterableMessage(args[0]));
}

// __intrinsics__.errorSetup(init, toString): registers the prelude's slow paths.
Value IntrinsicSetup(VM& vm, CallArgs& args) {
  auto* self = static_cast<NativeFunction*>(args.callee);
  Value slots[] = {args[0], args[1]};
  Value data = Value::FromObject(vm.NewArrayFrom(slots));
  Object* targets = self->data.AsObject();
  for (Value t : targets->elements()) static_cast<NativeFunction*>(t.AsObject())->data = data;
  return Value::Undefined();
}

}  // namespace

void InstallErrorBuiltins(VM& vm, Intrinsics& in) {
  std::vector<Value> natives;
  Object* base_ctor = nullptr;
  for (int i = 0; i < static_cast<int>(ErrorType::kCount); ++i) {
    auto type = static_cast<ErrorType>(i);
    std::string_view name = ErrorTypeName(type);
    Object* proto = in.error_prototypes[i];
    if (proto == nullptr) {
      proto = vm.NewObject();
      in.error_prototypes[i] = proto;
    }
    if (i > 0 && proto->proto() != in.error_prototypes[0]) proto->set_proto(in.error_prototypes[0]);
    uint32_t length = type == ErrorType::kAggregateError ? 2 : 1;
    NativeFunction* ctor = vm.NewNative(name, ErrorConstruct, length, i, /*constructor=*/true);
    if (base_ctor != nullptr) ctor->set_proto(base_ctor);
    vm.DefineOwnProperty(ctor, vm.KeyFromAtom(vm.atom(AtomId::prototype)), Value::FromObject(proto),
                         0);
    vm.DefineValue(proto, "constructor", Value::FromObject(ctor));
    vm.DefineValue(proto, "name", vm.Str(name));
    vm.DefineValue(proto, "message", Value::FromString(vm.empty_string()));
    if (i == 0) {
      base_ctor = ctor;
      NativeFunction* ts = vm.DefineMethod(proto, "toString", ErrorToString, 0);
      natives.push_back(Value::FromObject(ts));
      vm.DefineMethod(ctor, "captureStackTrace", CaptureStackTrace, 2);
      vm.DefineValue(ctor, "stackTraceLimit", Value::Number(10), kDefaultAttrs);
    }
    in.error_ctors[i] = ctor;
    natives.push_back(Value::FromObject(ctor));
    vm.DefineValue(in.global, name, Value::FromObject(ctor), kHiddenAttrs);
  }

  // %ThrowTypeError%: nameless, length 0, not extensible (§10.2.4.1).
  NativeFunction* thrower = vm.NewNative("", ThrowTypeErrorIntrinsic, 0, 0, /*constructor=*/false);
  thrower->set_extensible(false);
  in.throw_type_error = thrower;

  Value intrinsics = vm.GetGlobal("__intrinsics__");
  if (!intrinsics.IsObject()) return;
  Object* I = intrinsics.AsObject();
  vm.DefineMethod(I, "errorRestack", IntrinsicRestack, 1);
  vm.DefineMethod(I, "errDescribe", IntrinsicDescribe, 1);
  vm.DefineMethod(I, "errDescribeType", IntrinsicDescribeType, 1);
  vm.DefineMethod(I, "errNotAsyncIterable", IntrinsicNotAsyncIterable, 1);
  NativeFunction* setup = vm.DefineMethod(I, "errorSetup", IntrinsicSetup, 2);
  setup->data = Value::FromObject(vm.NewArrayFrom(natives));
}

}  // namespace codemode::vm
