// The global value properties and functions (ECMA-262 §19.1, §19.2; Annex B.2.1 escape/unescape)
// and the helpers shared by the primitive-type built-ins (primitives_internal.h).
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "vm/builtins/primitives_internal.h"
#include "vm/support/numconv.h"
#include "vm/support/text.h"
#include "vm/support/uri.h"

namespace codemode::vm {
namespace prim {

bool NeedsRecall(const CallArgs& args, std::string_view spec) {
  if (spec.empty()) return false;
  if (spec[0] != '-' && args.this_value.IsObject()) return true;
  bool star = spec.size() >= 2 && spec.back() == '*';
  size_t fixed = star ? spec.size() - 1 : spec.size();
  for (uint32_t i = 0; i < args.argc; ++i) {
    size_t p = static_cast<size_t>(i) + 1;
    char c = p < fixed ? spec[p] : (star ? spec[fixed - 1] : '-');
    if (c != '-' && args.argv[i].IsObject()) return true;
  }
  return false;
}

namespace {
Value FallbackOf(VM& vm, CallArgs& args) {
  Object* callee = args.callee;
  if (callee == nullptr || callee->klass() != ObjectClass::kFunction ||
      static_cast<FunctionObject*>(callee)->type != FunctionType::kNative)
    return Value::Undefined();
  return static_cast<NativeFunction*>(callee)->data;
}

Value MissingFallback(VM& vm) {
  // Only a realm built without vm/prelude/20-string.js gets here: an engine configuration bug.
  return vm.ThrowTypeError(
      "internal error: this built-in needs its prelude fallback (20-string.js)");
}
}  // namespace

Value Recall(VM& vm, CallArgs& args, std::string_view spec, std::string_view name) {
  Value fallback = FallbackOf(vm, args);
  if (!vm.IsCallable(fallback)) return MissingFallback(vm);
  ArrayObject* list = vm.NewArrayFrom(std::span<const Value>(args.argv, args.argc));
  Value call_args[] = {
      Value::FromObject(args.callee),     args.this_value, Value::FromObject(list),
      Value::FromString(vm.Intern(spec)), args.new_target, Value::FromString(vm.Intern(name))};
  return vm.TailCall(fallback, Value::Undefined(), call_args);
}

Value CallFallback(VM& vm, CallArgs& args, std::span<const Value> fallback_args) {
  Value fallback = FallbackOf(vm, args);
  if (!vm.IsCallable(fallback)) return MissingFallback(vm);
  return vm.TailCall(fallback, Value::Undefined(), fallback_args);
}

bool ToNumberArg(VM& vm, Value v, double* out) {
  if (v.IsNumber()) {
    *out = v.AsNumber();
    return true;
  }
  if (v.IsSymbol()) {
    vm.ThrowTypeError("Cannot convert a Symbol value to a number");
    return false;
  }
  if (v.IsBigInt()) {
    vm.ThrowTypeError("Cannot convert a BigInt value to a number");
    return false;
  }
  *out = vm.ToNumberPrimitive(v);
  return true;
}

bool ToIntegerArg(VM& vm, Value v, double* out) {
  double d;
  if (!ToNumberArg(vm, v, &d)) return false;
  *out = support::ToIntegerOrInfinity(d);
  return true;
}

Object* PrototypeFromNewTarget(VM& vm, Value new_target, Object* intrinsic_default) {
  if (!new_target.IsObject()) return intrinsic_default;
  bool had_accessor = false;
  Value p =
      vm.GetData(new_target.AsObject(), vm.KeyFromAtom(vm.atom(AtomId::prototype)), &had_accessor);
  return p.IsObject() ? p.AsObject() : intrinsic_default;
}

Object* PrimitivePrototype(VM& vm, Value v) {
  const Intrinsics& in = vm.realm().intrinsics();
  switch (v.tag()) {
    case Tag::kString:
      return in.string_prototype;
    case Tag::kNumber:
    case Tag::kInt:
      return in.number_prototype;
    case Tag::kBool:
      return in.boolean_prototype;
    case Tag::kSymbol:
      return in.symbol_prototype;
    case Tag::kBigInt:
      return in.bigint_prototype;
    default:
      return nullptr;
  }
}

MethodLookup LookupMethod(VM& vm, Value v, Symbol* key, Value* method) {
  *method = Value::Undefined();
  Object* start = v.IsObject() ? v.AsObject() : PrimitivePrototype(vm, v);
  if (start == nullptr) return MethodLookup::kAbsent;
  Value getter;
  if (!vm.GetNoCall(v, start, PropertyKey::Sym(key), method, &getter)) {
    *method = Value::Undefined();
    return MethodLookup::kNeedsProgram;
  }
  if (method->IsNullish()) return MethodLookup::kAbsent;
  return MethodLookup::kFound;
}

NativeFunction* DefineSymbolMethod(VM& vm, Object* obj, Symbol* sym, std::string_view name,
                                   NativeFn fn, uint32_t length, uint8_t attrs) {
  NativeFunction* f = vm.NewNative(name, fn, length);
  vm.DefineOwnProperty(obj, PropertyKey::Sym(sym), Value::FromObject(f), attrs);
  return f;
}

void DefineIntrinsic(VM& vm, std::string_view name, NativeFn fn, uint32_t length, int32_t magic) {
  Value intrinsics = vm.GetGlobal("__intrinsics__");
  if (!intrinsics.IsObject()) return;
  vm.DefineMethod(intrinsics.AsObject(), name, fn, length, magic);
}

String* SymbolDescriptiveString(VM& vm, Symbol* sym) {
  Value d = sym->description();
  String* desc = d.IsString() ? d.AsString() : vm.empty_string();
  String* r = vm.Concat(vm.Intern("Symbol("), desc);
  if (r == nullptr) return nullptr;
  return vm.Concat(r, vm.Intern(")"));
}

std::string DisplayForMessage(VM& vm, Value v) {
  if (v.IsSymbol()) {
    Value d = v.AsSymbol()->description();
    return prim::Cat("Symbol(", d.IsString() ? d.AsString()->ToUtf8() : "", ")");
  }
  if (v.IsObject()) return vm.IsCallable(v) ? "#<Function>" : "#<Object>";
  if (v.IsBigInt()) return "BigInt";
  String* s = vm.ToStringPrimitive(v);
  return s == nullptr ? "" : s->ToUtf8();
}

bool CheckStringLength(VM& vm, uint64_t units) {
  if (units <= vm.limits().max_string_length) return true;
  vm.ThrowRangeError("Invalid string length");
  return false;
}

bool CheckTempBytes(VM& vm, uint64_t bytes) {
  if (bytes <= vm.limits().max_memory_bytes) return true;
  vm.Terminate(Termination::kMemoryLimit,
               prim::Cat("memory limit of ", vm.limits().max_memory_bytes, " bytes exceeded"));
  return false;
}

}  // namespace prim

namespace {

using prim::NeedsRecall;
using prim::Recall;

// isNaN(number) (ECMA-262 §19.2.3) and isFinite(number) (§19.2.2); magic 0 isNaN, 1 isFinite.
Value GlobalIsNaNOrFinite(VM& vm, CallArgs& args) {
  if (NeedsRecall(args, "-n")) return Recall(vm, args, "-n");
  double d;
  if (!prim::ToNumberArg(vm, args[0], &d)) return Value::Empty();
  auto* self = static_cast<NativeFunction*>(args.callee);
  return Value::Bool(self->magic == 0 ? std::isnan(d) : std::isfinite(d));
}

// parseInt(string, radix) (ECMA-262 §19.2.5).
Value GlobalParseInt(VM& vm, CallArgs& args) {
  if (NeedsRecall(args, "-sn")) return Recall(vm, args, "-sn");
  String* s = vm.ToStringPrimitive(args[0]);
  if (s == nullptr) return Value::Empty();
  double radix;
  if (!prim::ToNumberArg(vm, args[1], &radix)) return Value::Empty();
  std::u16string storage;
  return Value::Number(support::ParseInt(prim::U16View(s, &storage), radix));
}

// parseFloat(string) (ECMA-262 §19.2.4).
Value GlobalParseFloat(VM& vm, CallArgs& args) {
  if (NeedsRecall(args, "-s")) return Recall(vm, args, "-s");
  String* s = vm.ToStringPrimitive(args[0]);
  if (s == nullptr) return Value::Empty();
  std::u16string storage;
  return Value::Number(support::ParseFloat(prim::U16View(s, &storage)));
}

enum UriOp : int32_t { kEncodeURI, kEncodeURIComponent, kDecodeURI, kDecodeURIComponent };

// encodeURI / encodeURIComponent / decodeURI / decodeURIComponent (ECMA-262 §19.2.6).
Value GlobalUri(VM& vm, CallArgs& args) {
  if (NeedsRecall(args, "-s")) return Recall(vm, args, "-s");
  String* s = vm.ToStringPrimitive(args[0]);
  if (s == nullptr) return Value::Empty();
  std::u16string storage;
  std::u16string_view units = prim::U16View(s, &storage);
  prim::ChargeUnits(vm, units.size());
  auto op = static_cast<UriOp>(static_cast<NativeFunction*>(args.callee)->magic);
  if (op == kEncodeURI || op == kEncodeURIComponent) {
    // The encoded length, at most: 3 units per UTF-8 byte of each escaped code point.
    uint64_t out_len = 0;
    for (size_t i = 0; i < units.size(); ++i) {
      char16_t c = units[i];
      if (c < 0x80) {
        out_len += 3;
      } else if (c < 0x800) {
        out_len += 6;
      } else if (support::IsLeadSurrogate(c) && i + 1 < units.size() &&
                 support::IsTrailSurrogate(units[i + 1])) {
        out_len += 12;
        ++i;
      } else {
        out_len += 9;
      }
    }
    if (!prim::CheckTempBytes(vm, out_len * 2)) return Value::Empty();
  } else if (!prim::CheckTempBytes(vm, static_cast<uint64_t>(units.size()) * 4)) {
    return Value::Empty();
  }
  absl::StatusOr<std::u16string> r;
  switch (op) {
    case kEncodeURI:
      r = support::EncodeURI(units);
      break;
    case kEncodeURIComponent:
      r = support::EncodeURIComponent(units);
      break;
    case kDecodeURI:
      r = support::DecodeURI(units);
      break;
    case kDecodeURIComponent:
      r = support::DecodeURIComponent(units);
      break;
  }
  if (!r.ok()) return vm.ThrowError(ErrorType::kURIError, prim::SV(r.status().message()));
  if (r->size() > vm.limits().max_string_length) return vm.ThrowRangeError("Invalid string length");
  return Value::FromString(vm.NewStringU16(*std::move(r)));
}

constexpr char kHexUpper[] = "0123456789ABCDEF";

// escape(string) (ECMA-262 Annex B.2.1.1).
Value GlobalEscape(VM& vm, CallArgs& args) {
  if (NeedsRecall(args, "-s")) return Recall(vm, args, "-s");
  String* s = vm.ToStringPrimitive(args[0]);
  if (s == nullptr) return Value::Empty();
  uint32_t len = s->length();
  prim::ChargeUnits(vm, len);
  if (!prim::CheckTempBytes(vm, static_cast<uint64_t>(len) * 6)) return Value::Empty();
  std::string out;
  out.reserve(len);
  for (uint32_t i = 0; i < len; ++i) {
    char16_t c = s->At(i);
    bool keep = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                c == '@' || c == '*' || c == '_' || c == '+' || c == '-' || c == '.' || c == '/';
    if (keep) {
      out.push_back(static_cast<char>(c));
    } else if (c < 256) {
      out.push_back('%');
      out.push_back(kHexUpper[c >> 4]);
      out.push_back(kHexUpper[c & 15]);
    } else {
      out += "%u";
      for (int shift = 12; shift >= 0; shift -= 4) out.push_back(kHexUpper[(c >> shift) & 15]);
    }
  }
  if (out.size() > vm.limits().max_string_length)
    return vm.ThrowRangeError("Invalid string length");
  return Value::FromString(vm.NewStringLatin1(std::move(out)));
}

int HexValue(char16_t c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// unescape(string) (ECMA-262 Annex B.2.1.2).
Value GlobalUnescape(VM& vm, CallArgs& args) {
  if (NeedsRecall(args, "-s")) return Recall(vm, args, "-s");
  String* s = vm.ToStringPrimitive(args[0]);
  if (s == nullptr) return Value::Empty();
  uint32_t len = s->length();
  prim::ChargeUnits(vm, len);
  std::u16string out;
  out.reserve(len);
  for (uint32_t k = 0; k < len; ++k) {
    char16_t c = s->At(k);
    if (c == '%') {
      if (k + 6 <= len && s->At(k + 1) == 'u') {
        int v = 0;
        bool ok = true;
        for (uint32_t j = 2; j < 6; ++j) {
          int h = HexValue(s->At(k + j));
          if (h < 0) ok = false;
          v = v * 16 + (h < 0 ? 0 : h);
        }
        if (ok) {
          out.push_back(static_cast<char16_t>(v));
          k += 5;
          continue;
        }
      }
      if (k + 3 <= len) {
        int h1 = HexValue(s->At(k + 1)), h2 = HexValue(s->At(k + 2));
        if (h1 >= 0 && h2 >= 0) {
          out.push_back(static_cast<char16_t>(h1 * 16 + h2));
          k += 2;
          continue;
        }
      }
    }
    out.push_back(c);
  }
  return Value::FromString(vm.NewStringU16(std::move(out)));
}

// ---- prelude wiring (vm/prelude/20-string.js) ----

// The global functions defined here; their natives get the generic recall fallback.
constexpr std::string_view kGlobalFunctionNames[] = {
    "isNaN",     "isFinite",           "parseInt", "parseFloat", "encodeURI", "encodeURIComponent",
    "decodeURI", "decodeURIComponent", "escape",   "unescape"};

bool IsNative(Value v) {
  return v.IsObject() && v.AsObject()->klass() == ObjectClass::kFunction &&
         static_cast<FunctionObject*>(v.AsObject())->type == FunctionType::kNative;
}

// __intrinsics__.primSetFallback(native, fallback): the native's program-code slow path.
Value PrimSetFallback(VM& vm, CallArgs& args) {
  if (!IsNative(args[0]) || !vm.IsCallable(args[1]))
    return vm.ThrowTypeError("primSetFallback: wants a native and a function");
  static_cast<NativeFunction*>(vm.Writable(args[0].AsObject()))->data = args[1];
  return Value::Undefined();
}

// __intrinsics__.primSetRecall(recall): gives every native of String, Number, Boolean, Symbol, Math
// (constructors, their own methods, their prototypes' methods) and of the global functions above
// that has no data yet the generic recall fallback.
Value PrimSetRecall(VM& vm, CallArgs& args) {
  Value recall = args[0];
  if (!vm.IsCallable(recall)) return vm.ThrowTypeError("primSetRecall: wants a function");
  auto set = [&](Value v) {
    if (!IsNative(v)) return;
    auto* f = static_cast<NativeFunction*>(vm.Writable(v.AsObject()));
    if (f->data.IsUndefined()) f->data = recall;
  };
  auto fill = [&](Value holder) {
    if (!holder.IsObject()) return;
    Object* o = holder.AsObject();
    set(holder);
    for (const PropertyKey& k : vm.OwnKeys(o, true, true)) {
      VM::Lookup l = vm.GetOwnProperty(o, k);
      if (!l.found) continue;
      if (l.is_accessor()) {
        set(static_cast<Accessor*>(l.value.AsHeap())->getter);
      } else {
        set(l.value);
      }
    }
  };
  Object* g = vm.realm().intrinsics().global;
  for (std::string_view name : {"String", "Number", "Boolean", "Symbol", "Math", "BigInt"}) {
    Value c = vm.GetData(g, name);
    fill(c);
    if (c.IsObject()) fill(vm.GetData(c.AsObject(), vm.KeyFromAtom(vm.atom(AtomId::prototype))));
  }
  for (std::string_view name : kGlobalFunctionNames) set(vm.GetData(g, name));
  return Value::Undefined();
}

// __intrinsics__.primConstruct(native, argsArray, newTarget): [[Construct]] of one of these natives
// with primitive arguments (the recall of `new String(obj)`, `new Number(obj)`). Natives never call
// program code, so calling the C++ function directly is safe.
Value PrimConstruct(VM& vm, CallArgs& args) {
  if (!IsNative(args[0]) || !vm.IsArray(args[1]))
    return vm.ThrowTypeError("primConstruct: wants a native and an array");
  auto* f = static_cast<NativeFunction*>(vm.Resolve(args[0].AsObject()));
  auto* list = static_cast<ArrayObject*>(vm.Resolve(args[1].AsObject()));
  std::vector<Value> argv;
  for (uint32_t i = 0; i < list->length; ++i)
    argv.push_back(vm.GetData(list, PropertyKey::Index(i)));
  CallArgs inner{Value::Undefined(), argv.data(), static_cast<uint32_t>(argv.size()), args[2], f};
  return f->fn(vm, inner);
}

}  // namespace

namespace prim {

void InstallGlobalFunctions(VM& vm, Intrinsics& in) {
  Object* g = in.global;
  // Value properties of the global object (ECMA-262 §19.1): not writable, enumerable or
  // configurable.
  vm.DefineValue(g, "globalThis", Value::FromObject(g), kWritable | kConfigurable);
  vm.DefineValue(g, "Infinity", Value::Number(INFINITY), 0);
  vm.DefineValue(g, "NaN", Value::Number(NAN), 0);
  vm.DefineValue(g, "undefined", Value::Undefined(), 0);

  vm.DefineMethod(g, "isNaN", GlobalIsNaNOrFinite, 1, 0);
  vm.DefineMethod(g, "isFinite", GlobalIsNaNOrFinite, 1, 1);
  vm.DefineMethod(g, "parseInt", GlobalParseInt, 2);
  vm.DefineMethod(g, "parseFloat", GlobalParseFloat, 1);
  vm.DefineMethod(g, "encodeURI", GlobalUri, 1, kEncodeURI);
  vm.DefineMethod(g, "encodeURIComponent", GlobalUri, 1, kEncodeURIComponent);
  vm.DefineMethod(g, "decodeURI", GlobalUri, 1, kDecodeURI);
  vm.DefineMethod(g, "decodeURIComponent", GlobalUri, 1, kDecodeURIComponent);
  vm.DefineMethod(g, "escape", GlobalEscape, 1);
  vm.DefineMethod(g, "unescape", GlobalUnescape, 1);

  DefineIntrinsic(vm, "primSetFallback", PrimSetFallback, 2);
  DefineIntrinsic(vm, "primSetRecall", PrimSetRecall, 1);
  DefineIntrinsic(vm, "primConstruct", PrimConstruct, 3);
}

}  // namespace prim
}  // namespace codemode::vm
