// Class support for the interpreter (ECMA-262 §15.7 ClassDefinitionEvaluation, §10.2.5 home objects and
// `super`, §7.3.31 private elements). The opcodes live in interpreter.cc; the parts that need no call
// into program code are here. Private names are Symbols with a private kind (vm/string.h): they key
// ordinary shape slots, which OwnKeys, integrity levels and the boundary never expose.
#include "absl/strings/str_cat.h"
#include "vm/realm.h"
#include "vm/vm.h"

namespace codemode::vm {

namespace {

// How V8 prints the value of a failed `extends` clause ("Class extends value X is not ...").
std::string DescribeHeritage(VM& vm, Value v) {
  if (v.IsObject()) {
    if (vm.IsCallable(v)) {
      Value n = vm.GetData(v.AsObject(), vm.KeyFromAtom(vm.atom(AtomId::name)));
      return absl::StrCat("function ", n.IsString() ? n.AsString()->ToUtf8() : "", "() { [native code] }");
    }
    return vm.IsArray(v) ? "[object Array]" : "#<Object>";
  }
  if (v.IsSymbol()) {
    Value d = v.AsSymbol()->description();
    return absl::StrCat("Symbol(", d.IsString() ? d.AsString()->ToUtf8() : "", ")");
  }
  String* s = vm.ToStringPrimitive(v);
  return s ? s->ToUtf8() : "value";
}

}  // namespace

bool VM::DefineClass(Value ctor, Value heritage, Value* proto_out) {
  const auto& in = realm_->intrinsics();
  Object* proto_parent = in.object_prototype;
  Object* ctor_parent = in.function_prototype;
  if (!heritage.IsEmpty()) {
    if (heritage.IsNull()) {
      proto_parent = nullptr;
    } else if (!IsConstructor(heritage)) {
      ThrowTypeError(absl::StrCat("Class extends value ", DescribeHeritage(*this, heritage),
                                  " is not a constructor or null"));
      return false;
    } else {
      // A getter for `prototype` would be program code; constructors made by programs and the
      // built-ins have a data property (bound functions have none: undefined, as V8 reports).
      Value pp = GetData(heritage.AsObject(), KeyFromAtom(atom(AtomId::prototype)));
      if (!pp.IsObject() && !pp.IsNull()) {
        ThrowTypeError(absl::StrCat("Class extends value does not have valid prototype property ",
                                    DescribeHeritage(*this, pp)));
        return false;
      }
      proto_parent = pp.IsNull() ? nullptr : pp.AsObject();
      ctor_parent = heritage.AsObject();
    }
  }
  if (!ctor.IsObject() || ctor.AsObject()->klass() != ObjectClass::kFunction) {
    Terminate(Termination::kInternal, "corrupted run state (class constructor is not a function)");
    return false;
  }
  auto* f = static_cast<FunctionObject*>(ctor.AsObject());
  Object* proto = NewObjectWithProto(proto_parent);
  f->set_proto(ctor_parent);
  f->prototype_pending = false;
  DefineOwnProperty(f, KeyFromAtom(atom(AtomId::prototype)), Value::FromObject(proto), 0);
  DefineOwnProperty(proto, KeyFromAtom(atom(AtomId::constructor)), ctor, kHiddenAttrs);
  *proto_out = Value::FromObject(proto);
  return true;
}

bool VM::DefineMethod(Value target, Value key_value, Value fn) {
  if (!target.IsObject() || !fn.IsObject() || fn.AsObject()->klass() != ObjectClass::kFunction ||
      key_value.IsObject()) {
    Terminate(Termination::kInternal, "corrupted run state (DEFMETHOD operands)");
    return false;
  }
  Object* obj = target.AsObject();
  PropertyKey key = KeyFromPrimitive(key_value);
  auto* f = static_cast<FunctionObject*>(fn.AsObject());
  bytecode::FunctionKind kind = bytecode::FunctionKind::kMethod;
  if (f->type == FunctionType::kClosure) kind = static_cast<Closure*>(f)->proto_fn->bc->kind;
  if (obj->klass() == ObjectClass::kFunction && !key.is_index() && !key.is_symbol() &&
      key.cell == atom(AtomId::prototype)) {
    ThrowTypeError("Classes may not have a static property named 'prototype'");
    return false;
  }
  if (!SetFunctionNameFromKey(fn, key_value,
                              kind == bytecode::FunctionKind::kGetter   ? "get "
                              : kind == bytecode::FunctionKind::kSetter ? "set "
                                                                        : nullptr)) {
    return false;
  }
  bool ok;
  if (kind == bytecode::FunctionKind::kGetter) {
    ok = DefineAccessor(obj, key, fn, Value::Empty(), kConfigurable);
  } else if (kind == bytecode::FunctionKind::kSetter) {
    ok = DefineAccessor(obj, key, Value::Empty(), fn, kConfigurable);
  } else {
    ok = DefineOwnProperty(obj, key, fn, kHiddenAttrs);
  }
  if (!ok) {
    ThrowTypeError(absl::StrCat("Cannot redefine property: ", key.is_symbol() ? "Symbol()" : KeyToString(key)->ToUtf8()));
    return false;
  }
  return true;
}

bool VM::SetFunctionNameFromKey(Value fn, Value key_value, const char* prefix) {
  PropertyKey key = KeyFromPrimitive(key_value);
  String* name;
  if (key.is_symbol()) {
    Value d = static_cast<Symbol*>(key.cell)->description();
    name = d.IsString() ? Concat(Concat(Intern("["), d.AsString()), Intern("]")) : empty_string();
  } else {
    name = KeyToString(key);
  }
  if (name != nullptr && prefix != nullptr) name = Concat(Intern(prefix), name);
  if (name == nullptr) return false;  // RangeError already thrown
  DefineOwnProperty(fn.AsObject(), KeyFromAtom(atom(AtomId::name)), Value::FromString(name),
                    kConfigurable);
  return true;
}

VM::SetStatus VM::SuperSet(Value receiver, Value base, Value key_value, Value v, Value* setter) {
  PropertyKey key = KeyFromPrimitive(key_value.IsObject() ? Value::Undefined() : key_value);
  auto key_name = [&]() {
    return key.is_symbol() ? std::string("Symbol()") : KeyToString(key)->ToUtf8();
  };
  if (!base.IsObject()) {
    ThrowTypeError(absl::StrCat("Cannot set properties of ", base.IsNull() ? "null" : "undefined",
                                " (setting '", key_name(), "')"));
    return SetStatus::kThrew;
  }
  // OrdinarySet (ECMA-262 §10.1.9.2) starting at the super base with `this` as the receiver.
  Lookup l = FindProperty(base.AsObject(), key);
  if (l.found && l.is_accessor()) {
    Value s = static_cast<Accessor*>(l.value.AsHeap())->setter;
    if (!IsCallable(s)) return SetStatus::kFailed;
    *setter = s;
    return SetStatus::kCallSetter;
  }
  if (l.found && !(l.attrs & kWritable)) return SetStatus::kFailed;
  if (!receiver.IsObject()) return SetStatus::kFailed;
  Object* r = receiver.AsObject();
  Lookup own = GetOwnProperty(r, key);
  if (own.found) {
    if (own.is_accessor() || !(own.attrs & kWritable)) return SetStatus::kFailed;
    return DefineOwnProperty(r, key, v, own.attrs) ? SetStatus::kOk : SetStatus::kFailed;
  }
  return DefineOwnProperty(r, key, v, kDefaultAttrs) ? SetStatus::kOk : SetStatus::kFailed;
}

bool VM::AddPrivate(Value target, Value name, Value v) {
  if (!name.IsSymbol() || !name.AsSymbol()->is_private()) {
    Terminate(Termination::kInternal, "corrupted run state (private name expected)");
    return false;
  }
  Symbol* s = name.AsSymbol();
  if (!target.IsObject()) {
    ThrowTypeError("Cannot define private member on a non-object");
    return false;
  }
  // PrivateFieldAdd / PrivateMethodOrAccessorAdd (§7.3.31-32): no extensibility check.
  Object* o = Writable(target.AsObject());
  if (o->shape_->Find(s) >= 0) {
    Value d = s->description();
    std::string desc = d.IsString() ? d.AsString()->ToUtf8() : "";
    if (s->private_kind == Symbol::kPrivateName) {
      ThrowTypeError(absl::StrCat("Cannot initialize ", desc, " twice on the same object"));
    } else {
      ThrowTypeError(absl::StrCat("Cannot initialize private methods of class ", desc,
                                  " twice on the same object"));
    }
    return false;
  }
  AddToShape(o, s, kWritable);
  size_t before_bytes = o->slots_.HeapBytes();
  o->slots_.push_back(v);
  if (o->slots_.HeapBytes() != before_bytes)
    heap_->Account(static_cast<int64_t>(o->slots_.HeapBytes() - before_bytes));
  return true;
}

Value* VM::FindPrivate(Value target, Value name, bool for_write) {
  if (!target.IsObject() || !name.IsSymbol()) return nullptr;
  Object* o = for_write ? Writable(target.AsObject()) : Resolve(target.AsObject());
  int slot = o->shape_->Find(name.AsHeap());
  return slot < 0 ? nullptr : &o->slots_[static_cast<size_t>(slot)];
}

std::string VM::PrivateDescription(Value name) {
  if (!name.IsSymbol()) return "";
  Value d = name.AsSymbol()->description();
  return d.IsString() ? d.AsString()->ToUtf8() : "";
}

}  // namespace codemode::vm
