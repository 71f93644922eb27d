// Symbol (ECMA-262 §20.4): the constructor, Symbol.for/keyFor, the well-known symbols and
// Symbol.prototype.
#include <string>

#include "vm/builtins/primitives_internal.h"

namespace codemode::vm {
namespace {

using prim::NeedsRecall;
using prim::Recall;

// Symbol([description]) (§20.4.1.1). Constructible in the spec's sense (`class X extends Symbol` is
// allowed) but `new` throws.
Value SymbolCtor(VM& vm, CallArgs& args) {
  if (!args.new_target.IsUndefined()) return vm.ThrowTypeError("Symbol is not a constructor");
  if (NeedsRecall(args, "-S")) return Recall(vm, args, "-S");
  Value desc = args[0];
  if (desc.IsUndefined()) return Value::FromSymbol(vm.NewSymbol(Value::Undefined()));
  String* s = vm.ToStringPrimitive(desc);
  if (s == nullptr) return Value::Empty();
  return Value::FromSymbol(vm.NewSymbol(Value::FromString(s)));
}

// The GlobalSymbolRegistry (§20.4.2.2) of this run: a null-prototype object mapping keys to
// symbols. The realm is shared, so the registry cannot live in it; until the VM has a per-run
// field, it is kept in the internal slot of the run's copy-on-write copy of %Symbol.prototype% (an
// ordinary object whose slot is otherwise unused).
Object* RunSymbolRegistry(VM& vm, bool create) {
  Object* proto = vm.realm().intrinsics().symbol_prototype;
  Value reg = vm.Resolve(proto)->internal();
  if (reg.IsObject()) return reg.AsObject();
  if (!create) return nullptr;
  Object* registry = vm.NewObjectWithProto(nullptr, ObjectClass::kInternal);
  vm.Writable(proto)->set_internal(Value::FromObject(registry));
  return registry;
}

// Symbol.for(key) (§20.4.2.2).
Value SymbolFor(VM& vm, CallArgs& args) {
  if (NeedsRecall(args, "-s")) return Recall(vm, args, "-s");
  String* key = vm.ToStringPrimitive(args[0]);
  if (key == nullptr) return Value::Empty();
  Object* registry = RunSymbolRegistry(vm, /*create=*/true);
  PropertyKey k = vm.KeyFromPrimitive(Value::FromString(key));
  Value existing = vm.GetData(registry, k);
  if (existing.IsSymbol()) return existing;
  Symbol* sym = vm.NewSymbol(Value::FromString(key));
  sym->registered = true;
  vm.DefineOwnProperty(registry, k, Value::FromSymbol(sym), kDefaultAttrs);
  return Value::FromSymbol(sym);
}

// Symbol.keyFor(sym) (§20.4.2.6).
Value SymbolKeyFor(VM& vm, CallArgs& args) {
  Value v = args[0];
  if (!v.IsSymbol())
    return vm.ThrowTypeError(prim::Cat(prim::DisplayForMessage(vm, v), " is not a symbol"));
  Symbol* sym = v.AsSymbol();
  return sym->registered ? sym->description() : Value::Undefined();
}

// thisSymbolValue (§20.4.3.4.1); `what` names the method in V8's message.
Symbol* ThisSymbolValue(VM& vm, Value v, std::string_view what) {
  if (v.IsSymbol()) return v.AsSymbol();
  if (v.IsObject()) {
    Object* o = vm.Resolve(v.AsObject());
    if (o->klass() == ObjectClass::kSymbol && o->internal().IsSymbol())
      return o->internal().AsSymbol();
  }
  vm.ThrowTypeError(prim::Cat(what, " requires that 'this' be a Symbol"));
  return nullptr;
}

// Symbol.prototype.toString() (§20.4.3.3).
Value SymbolProtoToString(VM& vm, CallArgs& args) {
  Symbol* s = ThisSymbolValue(vm, args.this_value, "Symbol.prototype.toString");
  if (s == nullptr) return Value::Empty();
  String* r = prim::SymbolDescriptiveString(vm, s);
  return r == nullptr ? Value::Empty() : Value::FromString(r);
}

// Symbol.prototype.valueOf() (§20.4.3.4).
Value SymbolProtoValueOf(VM& vm, CallArgs& args) {
  Symbol* s = ThisSymbolValue(vm, args.this_value, "Symbol.prototype.valueOf");
  return s == nullptr ? Value::Empty() : Value::FromSymbol(s);
}

// Symbol.prototype [ @@toPrimitive ] (hint) (§20.4.3.5).
Value SymbolProtoToPrimitive(VM& vm, CallArgs& args) {
  Symbol* s = ThisSymbolValue(vm, args.this_value, "Symbol.prototype [ @@toPrimitive ]");
  return s == nullptr ? Value::Empty() : Value::FromSymbol(s);
}

// get Symbol.prototype.description (§20.4.3.2).
Value SymbolProtoDescription(VM& vm, CallArgs& args) {
  Symbol* s = ThisSymbolValue(vm, args.this_value, "Symbol.prototype.description");
  return s == nullptr ? Value::Empty() : s->description();
}

}  // namespace

// Installs Symbol (ECMA-262 §20.4). The realm has created %Symbol.prototype% and the well-known
// symbols.
void InstallSymbolBuiltins(VM& vm, Intrinsics& in) {
  Object* proto = in.symbol_prototype;
  NativeFunction* ctor = vm.NewNative("Symbol", SymbolCtor, 0, 0, /*constructor=*/true);
  vm.DefineOwnProperty(ctor, vm.KeyFromAtom(vm.atom(AtomId::prototype)), Value::FromObject(proto),
                       0);
  vm.DefineOwnProperty(proto, vm.KeyFromAtom(vm.atom(AtomId::constructor)), Value::FromObject(ctor),
                       kHiddenAttrs);
  vm.DefineValue(in.global, "Symbol", Value::FromObject(ctor), kHiddenAttrs);

  vm.DefineMethod(ctor, "for", SymbolFor, 1);
  vm.DefineMethod(ctor, "keyFor", SymbolKeyFor, 1);

  // Well-known symbols (§20.4.2): not writable, enumerable or configurable.
  struct WellKnown {
    const char* name;
    Symbol* sym;
  };
  const WellKnown well_known[] = {
      {"asyncIterator", in.sym_async_iterator},
      {"hasInstance", in.sym_has_instance},
      {"isConcatSpreadable", in.sym_is_concat_spreadable},
      {"iterator", in.sym_iterator},
      {"match", in.sym_match},
      {"matchAll", in.sym_match_all},
      {"replace", in.sym_replace},
      {"search", in.sym_search},
      {"species", in.sym_species},
      {"split", in.sym_split},
      {"toPrimitive", in.sym_to_primitive},
      {"toStringTag", in.sym_to_string_tag},
      {"unscopables", in.sym_unscopables},
  };
  for (const WellKnown& w : well_known)
    if (w.sym != nullptr) vm.DefineValue(ctor, w.name, Value::FromSymbol(w.sym), 0);

  vm.DefineMethod(proto, "toString", SymbolProtoToString, 0);
  vm.DefineMethod(proto, "valueOf", SymbolProtoValueOf, 0);
  vm.DefineGetter(proto, "description", SymbolProtoDescription);
  // [Symbol.toPrimitive]: { [[Writable]]: false, [[Configurable]]: true } (§20.4.3.5).
  prim::DefineSymbolMethod(vm, proto, in.sym_to_primitive, "[Symbol.toPrimitive]",
                           SymbolProtoToPrimitive, 1, kConfigurable);
  vm.DefineOwnProperty(proto, PropertyKey::Sym(in.sym_to_string_tag), vm.Str("Symbol"),
                       kConfigurable);
}

}  // namespace codemode::vm
