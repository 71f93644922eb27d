// Object built-ins (ECMA-262 2024 §20.1): the Object constructor, its static functions and
// Object.prototype, plus the helpers the Array and Function built-ins share (objlib namespace).
//
// Natives never run program code (DESIGN §3.1). Where the spec may run some — a getter read by
// Object.values/entries/assign, a setter hit by Object.assign, an object used as a property key, a
// descriptor with getters, Symbol.toStringTag behind a getter — the native tail-calls its slow path
// in vm/prelude/10-object.js (registered on the native's `data` by
// __intrinsics__.setNativeFallback).
#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "vm/realm.h"
#include "vm/vm.h"

namespace codemode::vm {
namespace objlib {

// ---- shared helpers (declared again in array.cc and function.cc)
// ---------------------------------

// The prototype a primitive's wrapper object would have (ECMA-262 §7.1.18 ToObject).
Object* PrimitivePrototype(VM& vm, Value v) {
  const Intrinsics& in = vm.realm().intrinsics();
  switch (v.tag()) {
    case Tag::kString:
      return in.string_prototype;
    case Tag::kBool:
      return in.boolean_prototype;
    case Tag::kSymbol:
      return in.symbol_prototype;
    case Tag::kBigInt:
      return in.bigint_prototype;
    default:
      return in.number_prototype;
  }
}

// ToObject (ECMA-262 §7.1.18). Returns the object, or Value::Empty() after throwing a TypeError for
// undefined/null: "<what> called on null or undefined" when `what` is given, else V8's generic
// "Cannot convert undefined or null to object".
Value ToObjectValue(VM& vm, Value v, std::string_view what) {
  if (v.IsObject()) return v;
  if (v.IsNullish() || v.IsEmpty()) {
    if (what.empty()) return vm.ThrowTypeError("Cannot convert undefined or null to object");
    return vm.ThrowTypeError(absl::StrCat(std::string(what), " called on null or undefined"));
  }
  ObjectClass k = v.IsString() ? ObjectClass::kString
                  : v.IsBool() ? ObjectClass::kBoolean
                  : v.IsSymbol() ? ObjectClass::kSymbol
                  : v.IsBigInt() ? ObjectClass::kOrdinary  // [[BigIntData]] is the internal slot
                                 : ObjectClass::kNumber;
  Object* o = vm.NewObjectWithProto(PrimitivePrototype(vm, v), k);
  o->set_internal(v);
  return Value::FromObject(o);
}

bool IsNativeFn(Value v, NativeFn fn) {
  if (!v.IsObject() || v.AsObject()->klass() != ObjectClass::kFunction) return false;
  auto* f = static_cast<FunctionObject*>(v.AsObject());
  return f->type == FunctionType::kNative && static_cast<NativeFunction*>(f)->fn == fn;
}

// Same object, seen through copy-on-write (a run may hold the realm original or its copy).
bool SameObject(VM& vm, Object* a, Object* b) {
  if (a == b) return true;
  if (a == nullptr || b == nullptr) return false;
  return vm.Resolve(a) == vm.Resolve(b);
}

// The name a function was created with, as V8 prints it in messages ("" if none).
std::string FunctionName(VM& vm, Object* f) {
  VM::Lookup l = vm.GetOwnProperty(f, vm.KeyFromAtom(vm.atom(AtomId::name)));
  if (l.found && !l.is_accessor() && l.value.IsString()) return l.value.AsString()->ToUtf8();
  return "";
}

// A value as V8 shows it inside error messages ("1", "abc", "Symbol(x)", "#<Foo>", "[object
// Array]"). Never runs program code: constructor names are read from data properties only.
std::string Describe(VM& vm, Value v) {
  switch (v.tag()) {
    case Tag::kSymbol: {
      Value d = v.AsSymbol()->description();
      return absl::StrCat("Symbol(", d.IsString() ? d.AsString()->ToUtf8() : "", ")");
    }
    case Tag::kObject: {
      Object* o = vm.Resolve(v.AsObject());
      if (o->klass() == ObjectClass::kArray) return "[object Array]";
      if (o->klass() == ObjectClass::kFunction) {
        std::string name = FunctionName(vm, o);
        return absl::StrCat("function ", name, "() { [native code] }");
      }
      Value ctor = vm.GetData(o, vm.KeyFromAtom(vm.atom(AtomId::constructor)));
      std::string name;
      if (ctor.IsObject() && ctor.AsObject()->klass() == ObjectClass::kFunction)
        name = FunctionName(vm, ctor.AsObject());
      return absl::StrCat("#<", name.empty() ? "Object" : name, ">");
    }
    case Tag::kEmpty:
    case Tag::kInternal:
      return "undefined";
    default: {
      String* s = vm.ToStringPrimitive(v);
      if (s == nullptr) {
        vm.ClearException();
        return "";
      }
      return s->ToUtf8();
    }
  }
}

// A property key as V8 prints it in messages ("x", "0", "Symbol(foo)").
std::string KeyText(VM& vm, const PropertyKey& k) {
  if (k.is_symbol()) return Describe(vm, Value::FromSymbol(static_cast<Symbol*>(k.cell)));
  return vm.KeyToString(k)->ToUtf8();
}

// Tail-calls the prelude slow path registered on the running native (its `data`) with the same
// `this` and arguments.
Value SlowPath(VM& vm, CallArgs& args) {
  Object* callee = args.callee;
  if (callee != nullptr && callee->klass() == ObjectClass::kFunction &&
      static_cast<FunctionObject*>(callee)->type == FunctionType::kNative) {
    Value fallback = static_cast<NativeFunction*>(vm.Resolve(callee))->data;
    if (vm.IsCallable(fallback))
      return vm.TailCall(fallback, args.this_value, std::span<const Value>(args.argv, args.argc));
  }
  return vm.ThrowError(ErrorType::kError, "internal error: built-in has no slow path");
}

// Same, with explicit arguments (slow paths that resume a native's work).
Value SlowPathWith(VM& vm, CallArgs& args, Value this_value, std::span<const Value> list) {
  Object* callee = args.callee;
  if (callee != nullptr && callee->klass() == ObjectClass::kFunction &&
      static_cast<FunctionObject*>(callee)->type == FunctionType::kNative) {
    Value fallback = static_cast<NativeFunction*>(vm.Resolve(callee))->data;
    if (vm.IsCallable(fallback)) return vm.TailCall(fallback, this_value, list);
  }
  return vm.ThrowError(ErrorType::kError, "internal error: built-in has no slow path");
}

// The message V8 gives when [[Set]] fails in strict code.
std::string SetFailureMessage(VM& vm, Object* obj, const PropertyKey& key) {
  VM::Lookup l = vm.FindProperty(obj, key);
  if (l.found) {
    Object* o = vm.Resolve(obj);
    std::string what =
        o->klass() == ObjectClass::kArray ? "[object Array]" : Describe(vm, Value::FromObject(obj));
    return absl::StrCat("Cannot assign to read only property '", KeyText(vm, key), "' of object '",
                        what, "'");
  }
  return absl::StrCat("Cannot add property ", KeyText(vm, key), ", object is not extensible");
}

NativeFunction* InstallIntrinsic(VM& vm, std::string_view name, NativeFn fn, uint32_t length) {
  Value intr = vm.GetGlobal("__intrinsics__");
  if (!intr.IsObject()) return nullptr;
  return vm.DefineMethod(intr.AsObject(), name, fn, length);
}

}  // namespace objlib

namespace {

using objlib::Describe;
using objlib::IsNativeFn;
using objlib::KeyText;
using objlib::SameObject;
using objlib::SlowPath;
using objlib::ToObjectValue;

PropertyKey AtomKey(VM& vm, AtomId id) { return vm.KeyFromAtom(vm.atom(id)); }

Value ObjectConstructor(VM& vm, CallArgs& args);

// ---- property descriptors (ECMA-262 §6.2.6)
// -------------------------------------------------------

struct Descriptor {
  bool has_value = false, has_writable = false, has_get = false, has_set = false;
  bool has_enumerable = false, has_configurable = false;
  Value value, get, set;
  bool writable = false, enumerable = false, configurable = false;
  bool is_accessor() const { return has_get || has_set; }
  bool is_data() const { return has_value || has_writable; }
};

enum class Outcome { kOk, kSlow, kThrew };

// ToPropertyDescriptor (ECMA-262 §6.2.6.5) when every field is a data property; kSlow when a field
// is behind a getter (the prelude reads it).
Outcome ReadDescriptor(VM& vm, Value attributes, Descriptor* d) {
  if (!attributes.IsObject()) {
    vm.ThrowTypeError(
        absl::StrCat("Property description must be an object: ", Describe(vm, attributes)));
    return Outcome::kThrew;
  }
  Object* o = attributes.AsObject();
  bool slow = false;
  auto field = [&](AtomId id, bool* has, Value* out) {
    VM::Lookup l = vm.FindProperty(o, AtomKey(vm, id));
    if (!l.found) return;
    if (l.is_accessor()) {
      slow = true;
      return;
    }
    *has = true;
    *out = l.value;
  };
  Value enumerable, configurable, writable;
  field(AtomId::enumerable, &d->has_enumerable, &enumerable);
  field(AtomId::configurable, &d->has_configurable, &configurable);
  field(AtomId::value, &d->has_value, &d->value);
  field(AtomId::writable, &d->has_writable, &writable);
  field(AtomId::get, &d->has_get, &d->get);
  field(AtomId::set, &d->has_set, &d->set);
  if (slow) return Outcome::kSlow;
  d->enumerable = VM::ToBoolean(enumerable);
  d->configurable = VM::ToBoolean(configurable);
  d->writable = VM::ToBoolean(writable);
  if (d->has_get && !d->get.IsUndefined() && !vm.IsCallable(d->get)) {
    vm.ThrowTypeError(absl::StrCat("Getter must be a function: ", Describe(vm, d->get)));
    return Outcome::kThrew;
  }
  if (d->has_set && !d->set.IsUndefined() && !vm.IsCallable(d->set)) {
    vm.ThrowTypeError(absl::StrCat("Setter must be a function: ", Describe(vm, d->set)));
    return Outcome::kThrew;
  }
  if (d->is_accessor() && d->is_data()) {
    vm.ThrowTypeError(absl::StrCat(
        "Invalid property descriptor. Cannot both specify accessors and a value or writable "
        "attribute, ",
        Describe(vm, attributes)));
    return Outcome::kThrew;
  }
  return Outcome::kOk;
}

Value Redefine(VM& vm, const PropertyKey& key) {
  return vm.ThrowTypeError(absl::StrCat("Cannot redefine property: ", KeyText(vm, key)));
}

// ArraySetLength (ECMA-262 §10.4.2.4) with a numeric (already converted) value.
Outcome DefineArrayLength(VM& vm, ArrayObject* a, const Descriptor& d) {
  PropertyKey key = AtomKey(vm, AtomId::length);
  if ((d.has_configurable && d.configurable) || (d.has_enumerable && d.enumerable) ||
      d.is_accessor()) {
    Redefine(vm, key);
    return Outcome::kThrew;
  }
  uint32_t new_len = a->length;
  if (d.has_value) {
    double num = d.value.IsNumber() ? d.value.AsNumber() : vm.ToNumberPrimitive(d.value);
    if (vm.has_exception()) return Outcome::kThrew;
    if (!(num >= 0 && num < 4294967296.0 &&
          num == static_cast<double>(static_cast<uint32_t>(num)))) {
      vm.ThrowRangeError("Invalid array length");
      return Outcome::kThrew;
    }
    new_len = static_cast<uint32_t>(num);
  }
  if (!a->length_writable) {
    if ((d.has_writable && d.writable) || new_len != a->length) {
      Redefine(vm, key);
      return Outcome::kThrew;
    }
    return Outcome::kOk;
  }
  auto* w = static_cast<ArrayObject*>(vm.Writable(a));
  bool ok = vm.SetArrayLength(w, new_len);
  if (d.has_writable && !d.writable) w->length_writable = false;
  if (!ok) {
    // An element could not be deleted; V8 reports the first index it stopped at.
    vm.ThrowTypeError(
        absl::StrCat("Cannot delete property '", w->length - 1, "' of [object Array]"));
    return Outcome::kThrew;
  }
  return Outcome::kOk;
}

// ValidateAndApplyPropertyDescriptor (ECMA-262 §10.1.6.3) for ordinary objects, arrays (§10.4.2.1)
// and string wrappers. Throws V8's TypeError on failure (DefinePropertyOrThrow).
Outcome ApplyDescriptor(VM& vm, Object* obj, const PropertyKey& key, const Descriptor& d) {
  Object* o = vm.Resolve(obj);
  if (o->klass() == ObjectClass::kArray && key.kind == PropertyKey::Kind::kAtom &&
      key.cell == vm.atom(AtomId::length))
    return DefineArrayLength(vm, static_cast<ArrayObject*>(o), d);
  VM::Lookup cur = vm.GetOwnProperty(obj, key);
  o = vm.Resolve(obj);
  uint8_t base = static_cast<uint8_t>((d.enumerable && d.has_enumerable ? kEnumerable : 0) |
                                      (d.configurable && d.has_configurable ? kConfigurable : 0));
  if (!cur.found) {
    bool blocked = !o->extensible();
    if (key.is_index() && o->klass() == ObjectClass::kArray) {
      auto* a = static_cast<ArrayObject*>(o);
      if (key.index >= a->length && !a->length_writable) blocked = true;
    }
    if (blocked) {
      vm.ThrowTypeError(
          absl::StrCat("Cannot define property ", KeyText(vm, key), ", object is not extensible"));
      return Outcome::kThrew;
    }
    bool ok;
    if (d.is_accessor()) {
      ok = vm.DefineAccessor(obj, key, d.has_get ? d.get : Value::Undefined(),
                             d.has_set ? d.set : Value::Undefined(), base);
    } else {
      uint8_t attrs = static_cast<uint8_t>(base | (d.writable ? kWritable : 0));
      ok = vm.DefineOwnProperty(obj, key, d.has_value ? d.value : Value::Undefined(), attrs);
    }
    if (vm.termination() != Termination::kNone || vm.has_exception()) return Outcome::kThrew;
    if (!ok) {
      vm.ThrowTypeError(
          absl::StrCat("Cannot define property ", KeyText(vm, key), ", object is not extensible"));
      return Outcome::kThrew;
    }
    return Outcome::kOk;
  }
  bool cur_accessor = cur.is_accessor();
  auto* acc = cur_accessor ? static_cast<Accessor*>(cur.value.AsHeap()) : nullptr;
  bool cur_enumerable = (cur.attrs & kEnumerable) != 0;
  bool cur_configurable = (cur.attrs & kConfigurable) != 0;
  bool cur_writable = (cur.attrs & kWritable) != 0;
  if (!cur_configurable) {
    bool fail = (d.has_configurable && d.configurable) ||
                (d.has_enumerable && d.enumerable != cur_enumerable);
    bool generic = !d.is_accessor() && !d.is_data();
    if (!generic && d.is_accessor() != cur_accessor) fail = true;
    if (!fail && cur_accessor) {
      if (d.has_get && !vm.SameValue(d.get, acc->getter)) fail = true;
      if (d.has_set && !vm.SameValue(d.set, acc->setter)) fail = true;
    } else if (!fail && !cur_writable) {
      if (d.has_writable && d.writable) fail = true;
      if (d.has_value && !vm.SameValue(d.value, cur.value)) fail = true;
    }
    if (fail) {
      Redefine(vm, key);
      return Outcome::kThrew;
    }
    // What may still change: a writable data property's value, and writable → false.
    if (cur_accessor || !cur_writable) return Outcome::kOk;
  }
  uint8_t attrs = static_cast<uint8_t>(
      ((d.has_enumerable ? d.enumerable : cur_enumerable) ? kEnumerable : 0) |
      ((d.has_configurable ? d.configurable : cur_configurable) ? kConfigurable : 0));
  bool ok;
  if (d.is_accessor() || (!d.is_data() && cur_accessor)) {
    Value g = d.has_get ? d.get : (cur_accessor ? acc->getter : Value::Undefined());
    Value s = d.has_set ? d.set : (cur_accessor ? acc->setter : Value::Undefined());
    ok = vm.DefineAccessor(obj, key, g, s, attrs);
  } else {
    Value v = d.has_value ? d.value : (cur_accessor ? Value::Undefined() : cur.value);
    bool w = d.has_writable ? d.writable : (!cur_accessor && cur_writable);
    ok = vm.DefineOwnProperty(obj, key, v, static_cast<uint8_t>(attrs | (w ? kWritable : 0)));
  }
  // A typed array element refuses a Symbol or BigInt with ToNumber's TypeError (already thrown).
  if (vm.termination() != Termination::kNone || vm.has_exception()) return Outcome::kThrew;
  if (!ok) {
    Redefine(vm, key);
    return Outcome::kThrew;
  }
  return Outcome::kOk;
}

// FromPropertyDescriptor (ECMA-262 §6.2.6.4).
Value DescriptorObject(VM& vm, const VM::Lookup& l) {
  Object* d = vm.NewObject();
  if (l.is_accessor()) {
    auto* acc = static_cast<Accessor*>(l.value.AsHeap());
    vm.DefineOwnProperty(d, AtomKey(vm, AtomId::get), acc->getter, kDefaultAttrs);
    vm.DefineOwnProperty(d, AtomKey(vm, AtomId::set), acc->setter, kDefaultAttrs);
  } else {
    vm.DefineOwnProperty(d, AtomKey(vm, AtomId::value), l.value, kDefaultAttrs);
    vm.DefineOwnProperty(d, AtomKey(vm, AtomId::writable), Value::Bool(l.attrs & kWritable),
                         kDefaultAttrs);
  }
  vm.DefineOwnProperty(d, AtomKey(vm, AtomId::enumerable), Value::Bool(l.attrs & kEnumerable),
                       kDefaultAttrs);
  vm.DefineOwnProperty(d, AtomKey(vm, AtomId::configurable), Value::Bool(l.attrs & kConfigurable),
                       kDefaultAttrs);
  return Value::FromObject(d);
}

// ---- prototypes (ECMA-262 §10.1.2 OrdinarySetPrototypeOf)
// ----------------------------------------

enum class ProtoResult { kOk, kNotExtensible, kCycle, kImmutable };

ProtoResult SetProto(VM& vm, Object* obj, Object* proto) {
  Object* o = vm.Resolve(obj);
  if (SameObject(vm, o->proto(), proto)) return ProtoResult::kOk;
  // %Object.prototype% is an immutable prototype exotic object (§10.4.7).
  if (SameObject(vm, obj, vm.realm().intrinsics().object_prototype)) return ProtoResult::kImmutable;
  if (!o->extensible()) return ProtoResult::kNotExtensible;
  int depth = 0;
  for (Object* p = proto; p != nullptr; p = vm.Resolve(p)->proto()) {
    if (SameObject(vm, p, obj)) return ProtoResult::kCycle;
    if (++depth > 100000) return ProtoResult::kCycle;
  }
  vm.Writable(obj)->set_proto(proto);
  return ProtoResult::kOk;
}

Value ThrowProtoResult(VM& vm, ProtoResult r, Value obj) {
  switch (r) {
    case ProtoResult::kNotExtensible:
      return vm.ThrowTypeError(absl::StrCat(Describe(vm, obj), " is not extensible"));
    case ProtoResult::kCycle:
      return vm.ThrowTypeError("Cyclic __proto__ value");
    case ProtoResult::kImmutable:
      return vm.ThrowTypeError(
          "Immutable prototype object 'Object.prototype' cannot have their prototype set");
    default:
      return Value::Undefined();
  }
}

// [[GetPrototypeOf]] of ToObject(v) without allocating a wrapper for primitives.
Value ProtoOf(VM& vm, Value v) {
  if (!v.IsObject()) return Value::FromObject(objlib::PrimitivePrototype(vm, v));
  Object* p = vm.Resolve(v.AsObject())->proto();
  return p == nullptr ? Value::Null() : Value::FromObject(p);
}

ArrayObject* KeysArray(VM& vm, const std::vector<PropertyKey>& keys) {
  std::vector<Value> values;
  values.reserve(keys.size());
  for (const auto& k : keys) values.push_back(vm.KeyToValue(k));
  vm.ChargeSteps(keys.size() / 16);
  return vm.NewArrayFrom(values);
}

// ---- Object -------------------------------------------------------------------------------------

// Object(value) / new Object(value) (ECMA-262 §20.1.1.1).
Value ObjectConstructor(VM& vm, CallArgs& args) {
  if (args.new_target.IsObject() && !IsNativeFn(args.new_target, ObjectConstructor)) {
    // Subclass construction: OrdinaryCreateFromConstructor(NewTarget, "%Object.prototype%").
    Value p = vm.GetData(args.new_target.AsObject(), AtomKey(vm, AtomId::prototype));
    Object* proto = p.IsObject() ? p.AsObject() : vm.realm().intrinsics().object_prototype;
    return Value::FromObject(vm.NewObjectWithProto(proto));
  }
  Value v = args[0];
  if (v.IsNullish()) return Value::FromObject(vm.NewObject());
  return ToObjectValue(vm, v, "");
}

// Object.keys / values / entries (ECMA-262 §20.1.2.18, .23, .5; EnumerableOwnProperties §7.3.23).
// magic: 0 keys, 1 values, 2 entries. A getter on the way sends values/entries to the prelude.
Value ObjectKeysValuesEntries(VM& vm, CallArgs& args) {
  Value ov = ToObjectValue(vm, args[0], "");
  if (ov.IsEmpty()) return ov;
  Object* o = ov.AsObject();
  std::vector<PropertyKey> keys = vm.OwnKeys(o, true, false, true);
  int magic = static_cast<NativeFunction*>(args.callee)->magic;
  if (magic == 0) return Value::FromObject(KeysArray(vm, keys));
  ArrayObject* r = vm.NewArray(static_cast<uint32_t>(keys.size()));
  for (const auto& k : keys) {
    VM::Lookup l = vm.GetOwnProperty(o, k);
    if (!l.found) continue;
    if (l.is_accessor()) return SlowPath(vm, args);
    if (magic == 1) {
      vm.ArrayPush(r, l.value);
    } else {
      Value pair[2] = {vm.KeyToValue(k), l.value};
      vm.ArrayPush(r, Value::FromObject(vm.NewArrayFrom(pair)));
    }
  }
  vm.ChargeSteps(keys.size() / 8);
  return Value::FromObject(r);
}

// Object.assign (ECMA-262 §20.1.2.1). Copies plain data natively; at the first getter or setter it
// hands the rest of the work to the prelude: assignResume(to, sources, sourceIndex, keyIndex)
// re-lists the same source's keys (nothing ran in between, so they are the same) and continues at
// keyIndex.
Value ObjectAssign(VM& vm, CallArgs& args) {
  Value tv = ToObjectValue(vm, args[0], "");
  if (tv.IsEmpty()) return tv;
  Object* to = tv.AsObject();
  for (uint32_t si = 1; si < args.argc; ++si) {
    Value src = args.argv[si];
    if (src.IsNullish()) continue;
    Value fv = ToObjectValue(vm, src, "");
    if (fv.IsEmpty()) return fv;
    Object* from = fv.AsObject();
    std::vector<PropertyKey> keys = vm.OwnKeys(from, true, true, false);
    vm.ChargeSteps(keys.size() / 8);
    for (size_t ki = 0; ki < keys.size(); ++ki) {
      VM::Lookup l = vm.GetOwnProperty(from, keys[ki]);
      if (!l.found || !(l.attrs & kEnumerable)) continue;
      bool resume = l.is_accessor();
      if (!resume) {
        Value setter;
        switch (vm.SetProperty(to, keys[ki], l.value, &setter)) {
          case VM::SetStatus::kOk:
            break;
          case VM::SetStatus::kCallSetter:
            resume = true;
            break;
          case VM::SetStatus::kFailed:
            return vm.ThrowTypeError(objlib::SetFailureMessage(vm, to, keys[ki]));
          case VM::SetStatus::kThrew:
            return Value::Empty();
        }
      }
      if (resume) {
        std::vector<Value> sources(args.argv + 1, args.argv + args.argc);
        Value list[4] = {tv, Value::FromObject(vm.NewArrayFrom(sources)), Value::Number(si - 1),
                         Value::Number(static_cast<double>(ki))};
        return objlib::SlowPathWith(vm, args, Value::Undefined(), list);
      }
    }
  }
  return tv;
}

// Object.is (ECMA-262 §20.1.2.14).
Value ObjectIs(VM& vm, CallArgs& args) { return Value::Bool(vm.SameValue(args[0], args[1])); }

// Object.hasOwn (ECMA-262 §20.1.2.13). An object key needs ToPrimitive: prelude.
Value ObjectHasOwn(VM& vm, CallArgs& args) {
  Value ov = ToObjectValue(vm, args[0], "");
  if (ov.IsEmpty()) return ov;
  if (args[1].IsObject()) return SlowPath(vm, args);
  PropertyKey key = vm.KeyFromPrimitive(args[1]);
  if (vm.has_exception()) return Value::Empty();
  return Value::Bool(vm.GetOwnProperty(ov.AsObject(), key).found);
}

// Object.freeze / seal / preventExtensions (ECMA-262 §20.1.2.6, .22, .20). magic: 0 freeze, 1 seal,
// 2 preventExtensions.
Value ObjectFreezeSeal(VM& vm, CallArgs& args) {
  Value v = args[0];
  if (!v.IsObject()) return v;
  int magic = static_cast<NativeFunction*>(args.callee)->magic;
  if (magic == 2) {
    vm.Writable(v.AsObject())->set_extensible(false);
  } else {
    // Typed array elements stay writable (§10.4.5: [[DefineOwnProperty]] refuses); V8 lets seal pass.
    Object* o = vm.Resolve(v.AsObject());
    if (magic == 0 && o->klass() == ObjectClass::kTypedArray &&
        static_cast<TypedArrayObject*>(o)->length > 0)
      return vm.ThrowTypeError("Cannot freeze array buffer views with elements");
    vm.SetIntegrityLevel(v.AsObject(), magic == 0);
  }
  return v;
}

// Object.isFrozen / isSealed / isExtensible (ECMA-262 §20.1.2.16, .17, .15). magic as above.
Value ObjectIsFrozenSealed(VM& vm, CallArgs& args) {
  Value v = args[0];
  int magic = static_cast<NativeFunction*>(args.callee)->magic;
  if (!v.IsObject()) return Value::Bool(magic != 2);
  if (magic == 2) return Value::Bool(vm.Resolve(v.AsObject())->extensible());
  return Value::Bool(vm.TestIntegrityLevel(v.AsObject(), magic == 0));
}

// Object.create (ECMA-262 §20.1.2.2); with properties the prelude adds them.
Value ObjectCreate(VM& vm, CallArgs& args) {
  Value p = args[0];
  if (!p.IsObject() && !p.IsNull())
    return vm.ThrowTypeError(
        absl::StrCat("Object prototype may only be an Object or null: ", Describe(vm, p)));
  if (!args[1].IsUndefined()) return SlowPath(vm, args);
  return Value::FromObject(vm.NewObjectWithProto(p.IsObject() ? p.AsObject() : nullptr));
}

// Object.defineProperty (ECMA-262 §20.1.2.4).
Value ObjectDefineProperty(VM& vm, CallArgs& args) {
  Value o = args[0];
  if (!o.IsObject()) return vm.ThrowTypeError("Object.defineProperty called on non-object");
  if (args[1].IsObject()) return SlowPath(vm, args);
  PropertyKey key = vm.KeyFromPrimitive(args[1]);
  if (vm.has_exception()) return Value::Empty();
  Descriptor d;
  switch (ReadDescriptor(vm, args[2], &d)) {
    case Outcome::kSlow:
      return SlowPath(vm, args);
    case Outcome::kThrew:
      return Value::Empty();
    case Outcome::kOk:
      break;
  }
  // An array's length with an object value needs ToNumber (valueOf): the prelude converts it first.
  if (d.has_value && d.value.IsObject() && vm.IsArray(o) && key.kind == PropertyKey::Kind::kAtom &&
      key.cell == vm.atom(AtomId::length))
    return SlowPath(vm, args);
  if (ApplyDescriptor(vm, o.AsObject(), key, d) != Outcome::kOk) return Value::Empty();
  return o;
}

// Object.getOwnPropertyNames / getOwnPropertySymbols (ECMA-262 §20.1.2.10, .11). magic: 0 names,
// 1 symbols.
Value ObjectOwnKeys(VM& vm, CallArgs& args) {
  Value ov = ToObjectValue(vm, args[0], "");
  if (ov.IsEmpty()) return ov;
  bool symbols = static_cast<NativeFunction*>(args.callee)->magic == 1;
  return Value::FromObject(KeysArray(vm, vm.OwnKeys(ov.AsObject(), !symbols, symbols, false)));
}

// Object.getOwnPropertyDescriptor (ECMA-262 §20.1.2.8).
Value ObjectGetOwnPropertyDescriptor(VM& vm, CallArgs& args) {
  Value ov = ToObjectValue(vm, args[0], "");
  if (ov.IsEmpty()) return ov;
  if (args[1].IsObject()) return SlowPath(vm, args);
  PropertyKey key = vm.KeyFromPrimitive(args[1]);
  if (vm.has_exception()) return Value::Empty();
  VM::Lookup l = vm.GetOwnProperty(ov.AsObject(), key);
  if (!l.found) return Value::Undefined();
  return DescriptorObject(vm, l);
}

// Object.getOwnPropertyDescriptors (ECMA-262 §20.1.2.9).
Value ObjectGetOwnPropertyDescriptors(VM& vm, CallArgs& args) {
  Value ov = ToObjectValue(vm, args[0], "");
  if (ov.IsEmpty()) return ov;
  Object* o = ov.AsObject();
  Object* r = vm.NewObject();
  std::vector<PropertyKey> keys = vm.OwnKeys(o, true, true, false);
  for (const auto& k : keys) {
    VM::Lookup l = vm.GetOwnProperty(o, k);
    if (l.found) vm.DefineOwnProperty(r, k, DescriptorObject(vm, l), kDefaultAttrs);
  }
  vm.ChargeSteps(keys.size() / 4);
  return Value::FromObject(r);
}

// Object.getPrototypeOf (ECMA-262 §20.1.2.12).
Value ObjectGetPrototypeOf(VM& vm, CallArgs& args) {
  if (args[0].IsNullish()) return vm.ThrowTypeError("Cannot convert undefined or null to object");
  return ProtoOf(vm, args[0]);
}

// Object.setPrototypeOf (ECMA-262 §20.1.2.23).
Value ObjectSetPrototypeOf(VM& vm, CallArgs& args) {
  Value o = args[0], p = args[1];
  if (o.IsNullish()) return vm.ThrowTypeError("Object.setPrototypeOf called on null or undefined");
  if (!p.IsObject() && !p.IsNull())
    return vm.ThrowTypeError(
        absl::StrCat("Object prototype may only be an Object or null: ", Describe(vm, p)));
  if (!o.IsObject()) return o;
  ProtoResult r = SetProto(vm, o.AsObject(), p.IsObject() ? p.AsObject() : nullptr);
  if (r != ProtoResult::kOk) return ThrowProtoResult(vm, r, o);
  return o;
}

// ---- Object.prototype ---------------------------------------------------------------------------

// Object.prototype.hasOwnProperty (ECMA-262 §20.1.3.2): ToPropertyKey first, then ToObject(this).
Value ProtoHasOwnProperty(VM& vm, CallArgs& args) {
  if (args[0].IsObject()) return SlowPath(vm, args);
  PropertyKey key = vm.KeyFromPrimitive(args[0]);
  if (vm.has_exception()) return Value::Empty();
  Value ov = ToObjectValue(vm, args.this_value, "");
  if (ov.IsEmpty()) return ov;
  return Value::Bool(vm.GetOwnProperty(ov.AsObject(), key).found);
}

// Object.prototype.isPrototypeOf (ECMA-262 §20.1.3.3).
Value ProtoIsPrototypeOf(VM& vm, CallArgs& args) {
  Value v = args[0];
  if (!v.IsObject()) return Value::Bool(false);
  Value ov = ToObjectValue(vm, args.this_value, "");
  if (ov.IsEmpty()) return ov;
  int depth = 0;
  for (Object* p = vm.Resolve(v.AsObject())->proto(); p != nullptr; p = vm.Resolve(p)->proto()) {
    if (SameObject(vm, p, ov.AsObject())) return Value::Bool(true);
    if (++depth > 100000) break;
  }
  return Value::Bool(false);
}

// Object.prototype.propertyIsEnumerable (ECMA-262 §20.1.3.4).
Value ProtoPropertyIsEnumerable(VM& vm, CallArgs& args) {
  if (args[0].IsObject()) return SlowPath(vm, args);
  PropertyKey key = vm.KeyFromPrimitive(args[0]);
  if (vm.has_exception()) return Value::Empty();
  Value ov = ToObjectValue(vm, args.this_value, "");
  if (ov.IsEmpty()) return ov;
  VM::Lookup l = vm.GetOwnProperty(ov.AsObject(), key);
  return Value::Bool(l.found && (l.attrs & kEnumerable));
}

// The builtinTag of Object.prototype.toString (ECMA-262 §20.1.3.6 steps 4-14) for an object.
const char* BuiltinTag(VM& vm, Object* obj) {
  Object* o = vm.Resolve(obj);
  switch (o->klass()) {
    case ObjectClass::kArray:
      return "Array";
    case ObjectClass::kArguments:
      return "Arguments";
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
    default:
      return "Object";
  }
}

const char* PrimitiveTag(Value v) {
  switch (v.tag()) {
    case Tag::kString:
      return "String";
    case Tag::kBool:
      return "Boolean";
    case Tag::kSymbol:
    case Tag::kBigInt:
      return "Object";  // their prototypes carry a @@toStringTag
    default:
      return "Number";
  }
}

// Object.prototype.toString (ECMA-262 §20.1.3.6). A @@toStringTag getter sends it to the prelude.
Value ProtoToString(VM& vm, CallArgs& args) {
  Value t = args.this_value;
  if (t.IsUndefined()) return vm.Str("[object Undefined]");
  if (t.IsNull()) return vm.Str("[object Null]");
  Object* start;
  const char* builtin;
  if (t.IsObject()) {
    start = t.AsObject();
    builtin = BuiltinTag(vm, start);
  } else {
    start = objlib::PrimitivePrototype(vm, t);
    builtin = PrimitiveTag(t);
  }
  Value tag, getter;
  if (!vm.GetNoCall(t, start, PropertyKey::Sym(vm.realm().intrinsics().sym_to_string_tag), &tag,
                    &getter))
    return SlowPath(vm, args);
  if (tag.IsString()) {
    String* s = vm.Concat(vm.Concat(vm.Intern("[object "), tag.AsString()), vm.Intern("]"));
    if (s == nullptr) return Value::Empty();
    return Value::FromString(s);
  }
  return vm.Str(absl::StrCat("[object ", builtin, "]"));
}

// Object.prototype.valueOf (ECMA-262 §20.1.3.7).
Value ProtoValueOf(VM& vm, CallArgs& args) { return ToObjectValue(vm, args.this_value, ""); }

// get Object.prototype.__proto__ (ECMA-262 §20.1.3.8.1).
Value ProtoGetProto(VM& vm, CallArgs& args) {
  if (args.this_value.IsNullish())
    return vm.ThrowTypeError("Cannot convert undefined or null to object");
  return ProtoOf(vm, args.this_value);
}

// set Object.prototype.__proto__ (ECMA-262 §20.1.3.8.2).
Value ProtoSetProto(VM& vm, CallArgs& args) {
  Value t = args.this_value, p = args[0];
  if (t.IsNullish())
    return vm.ThrowTypeError("set Object.prototype.__proto__ called on null or undefined");
  if ((!p.IsObject() && !p.IsNull()) || !t.IsObject()) return Value::Undefined();
  ProtoResult r = SetProto(vm, t.AsObject(), p.IsObject() ? p.AsObject() : nullptr);
  if (r != ProtoResult::kOk) return ThrowProtoResult(vm, r, t);
  return Value::Undefined();
}

// Object.prototype.__defineGetter__ / __defineSetter__ / __lookupGetter__ / __lookupSetter__
// (ECMA-262 Annex B.2.2.2-5). magic: 0 defineGetter, 1 defineSetter, 2 lookupGetter, 3
// lookupSetter.
Value ProtoLegacyAccessor(VM& vm, CallArgs& args) {
  int magic = static_cast<NativeFunction*>(args.callee)->magic;
  bool define = magic < 2;
  bool getter = magic % 2 == 0;
  Value ov = ToObjectValue(vm, args.this_value, "");
  if (ov.IsEmpty()) return ov;
  if (define && !vm.IsCallable(args[1]))
    return vm.ThrowTypeError(absl::StrCat("Object.prototype.",
                                          getter ? "__defineGetter__" : "__defineSetter__",
                                          ": Expecting function"));
  if (args[0].IsObject()) return SlowPath(vm, args);
  PropertyKey key = vm.KeyFromPrimitive(args[0]);
  if (vm.has_exception()) return Value::Empty();
  if (define) {
    Descriptor d;
    (getter ? d.has_get : d.has_set) = true;
    (getter ? d.get : d.set) = args[1];
    d.has_enumerable = d.enumerable = true;
    d.has_configurable = d.configurable = true;
    if (ApplyDescriptor(vm, ov.AsObject(), key, d) != Outcome::kOk) return Value::Empty();
    return Value::Undefined();
  }
  int depth = 0;
  for (Object* o = ov.AsObject(); o != nullptr; o = vm.Resolve(o)->proto()) {
    VM::Lookup l = vm.GetOwnProperty(o, key);
    if (l.found) {
      if (!l.is_accessor()) return Value::Undefined();
      auto* acc = static_cast<Accessor*>(l.value.AsHeap());
      return getter ? acc->getter : acc->setter;
    }
    if (++depth > 100000) break;
  }
  return Value::Undefined();
}

// ---- __intrinsics__ for the prelude -------------------------------------------------------------

// setNativeFallback(native, fn): the slow path a native tail-calls (stored in its `data`).
Value ISetNativeFallback(VM& vm, CallArgs& args) {
  Value n = args[0];
  if (!n.IsObject() || n.AsObject()->klass() != ObjectClass::kFunction ||
      static_cast<FunctionObject*>(n.AsObject())->type != FunctionType::kNative ||
      !vm.IsCallable(args[1]))
    return vm.ThrowTypeError("setNativeFallback(native, function)");
  static_cast<NativeFunction*>(vm.Writable(n.AsObject()))->data = args[1];
  return Value::Undefined();
}

// isNativeFunction(v): v is a built-in implemented in C++ (may take a slow path).
Value IIsNativeFunction(VM& vm, CallArgs& args) {
  Value v = args[0];
  return Value::Bool(v.IsObject() && v.AsObject()->klass() == ObjectClass::kFunction &&
                     static_cast<FunctionObject*>(v.AsObject())->type == FunctionType::kNative);
}

// describe(v): a value as V8 shows it in error messages.
Value IDescribe(VM& vm, CallArgs& args) { return vm.Str(Describe(vm, args[0])); }

// builtinTag(v): the builtinTag of Object.prototype.toString for ToObject(v).
Value IBuiltinTag(VM& vm, CallArgs& args) {
  Value v = args[0];
  return vm.Str(v.IsObject() ? BuiltinTag(vm, v.AsObject()) : PrimitiveTag(v));
}

// isEnumerableOwn(obj, key): obj has an own enumerable property `key` (a primitive key).
Value IIsEnumerableOwn(VM& vm, CallArgs& args) {
  if (!args[0].IsObject() || args[1].IsObject())
    return vm.ThrowTypeError("isEnumerableOwn(object, key)");
  PropertyKey key = vm.KeyFromPrimitive(args[1]);
  if (vm.has_exception()) return Value::Empty();
  VM::Lookup l = vm.GetOwnProperty(args[0].AsObject(), key);
  return Value::Bool(l.found && (l.attrs & kEnumerable));
}

}  // namespace

// Installs Object, its static functions, Object.prototype's methods and the `__proto__` accessor.
void InstallObjectBuiltins(VM& vm, Intrinsics& in) {
  Object* proto = in.object_prototype;
  NativeFunction* ctor = vm.NewNative("Object", ObjectConstructor, 1, 0, true);
  vm.DefineValue(ctor, "prototype", Value::FromObject(proto), 0);
  vm.DefineValue(proto, "constructor", Value::FromObject(ctor));
  vm.DefineValue(in.global, "Object", Value::FromObject(ctor));

  vm.DefineMethod(ctor, "assign", ObjectAssign, 2);
  vm.DefineMethod(ctor, "create", ObjectCreate, 2);
  vm.DefineMethod(ctor, "defineProperty", ObjectDefineProperty, 3);
  vm.DefineMethod(ctor, "entries", ObjectKeysValuesEntries, 1, 2);
  vm.DefineMethod(ctor, "freeze", ObjectFreezeSeal, 1, 0);
  vm.DefineMethod(ctor, "getOwnPropertyDescriptor", ObjectGetOwnPropertyDescriptor, 2);
  vm.DefineMethod(ctor, "getOwnPropertyDescriptors", ObjectGetOwnPropertyDescriptors, 1);
  vm.DefineMethod(ctor, "getOwnPropertyNames", ObjectOwnKeys, 1, 0);
  vm.DefineMethod(ctor, "getOwnPropertySymbols", ObjectOwnKeys, 1, 1);
  vm.DefineMethod(ctor, "getPrototypeOf", ObjectGetPrototypeOf, 1);
  vm.DefineMethod(ctor, "hasOwn", ObjectHasOwn, 2);
  vm.DefineMethod(ctor, "is", ObjectIs, 2);
  vm.DefineMethod(ctor, "isExtensible", ObjectIsFrozenSealed, 1, 2);
  vm.DefineMethod(ctor, "isFrozen", ObjectIsFrozenSealed, 1, 0);
  vm.DefineMethod(ctor, "isSealed", ObjectIsFrozenSealed, 1, 1);
  vm.DefineMethod(ctor, "keys", ObjectKeysValuesEntries, 1, 0);
  vm.DefineMethod(ctor, "preventExtensions", ObjectFreezeSeal, 1, 2);
  vm.DefineMethod(ctor, "seal", ObjectFreezeSeal, 1, 1);
  vm.DefineMethod(ctor, "setPrototypeOf", ObjectSetPrototypeOf, 2);
  vm.DefineMethod(ctor, "values", ObjectKeysValuesEntries, 1, 1);
  // defineProperties, fromEntries and groupBy are in the prelude (10-object.js).

  vm.DefineMethod(proto, "hasOwnProperty", ProtoHasOwnProperty, 1);
  vm.DefineMethod(proto, "isPrototypeOf", ProtoIsPrototypeOf, 1);
  vm.DefineMethod(proto, "propertyIsEnumerable", ProtoPropertyIsEnumerable, 1);
  vm.DefineMethod(proto, "toString", ProtoToString, 0);
  vm.DefineMethod(proto, "valueOf", ProtoValueOf, 0);
  vm.DefineMethod(proto, "__defineGetter__", ProtoLegacyAccessor, 2, 0);
  vm.DefineMethod(proto, "__defineSetter__", ProtoLegacyAccessor, 2, 1);
  vm.DefineMethod(proto, "__lookupGetter__", ProtoLegacyAccessor, 1, 2);
  vm.DefineMethod(proto, "__lookupSetter__", ProtoLegacyAccessor, 1, 3);
  NativeFunction* get_proto = vm.NewNative("get __proto__", ProtoGetProto, 0);
  NativeFunction* set_proto = vm.NewNative("set __proto__", ProtoSetProto, 1);
  vm.DefineAccessor(proto, AtomKey(vm, AtomId::__proto__), Value::FromObject(get_proto),
                    Value::FromObject(set_proto), kConfigurable);

  objlib::InstallIntrinsic(vm, "setNativeFallback", ISetNativeFallback, 2);
  objlib::InstallIntrinsic(vm, "isNativeFunction", IIsNativeFunction, 1);
  objlib::InstallIntrinsic(vm, "describe", IDescribe, 1);
  objlib::InstallIntrinsic(vm, "builtinTag", IBuiltinTag, 1);
  objlib::InstallIntrinsic(vm, "isEnumerableOwn", IIsEnumerableOwn, 2);
}

}  // namespace codemode::vm
