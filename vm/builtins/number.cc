// Number (ECMA-262 §21.1) and Boolean (§20.3) constructors and prototypes; InstallNumberBuiltins
// also installs Math (math.cc) and the global functions (globals.cc).
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

#include "vm/builtins/primitives_internal.h"
#include "vm/support/numconv.h"

namespace codemode::vm {
namespace {

using prim::NeedsRecall;
using prim::Recall;

constexpr double kMaxSafeInteger = 9007199254740991.0;  // 2^53 - 1

// ------------------------------------------------------------------------------------ Number

// Number(value) / new Number(value) (ECMA-262 §21.1.1.1).
Value NumberCtor(VM& vm, CallArgs& args) {
  double n = 0;
  if (args.argc > 0) {
    if (NeedsRecall(args, "-B")) return Recall(vm, args, "-B");
    Value v = args[0];
    if (v.IsBigInt()) return Recall(vm, args, "-B");  // ℝ(bigint) rounded: via its decimal digits
    if (!prim::ToNumberArg(vm, v, &n)) return Value::Empty();
  }
  if (args.new_target.IsUndefined()) return Value::Number(n);
  const Intrinsics& in = vm.realm().intrinsics();
  Object* proto = prim::PrototypeFromNewTarget(vm, args.new_target, in.number_prototype);
  Object* obj = vm.NewObjectWithProto(proto, ObjectClass::kNumber);
  obj->set_internal(Value::Number(n));
  return Value::FromObject(obj);
}

// thisNumberValue (ECMA-262 §21.1.3.7.1). False after throwing "<method> requires that 'this' be a
// Number".
bool ThisNumberValue(VM& vm, Value v, std::string_view method, double* out) {
  if (v.IsNumber()) {
    *out = v.AsNumber();
    return true;
  }
  if (v.IsObject()) {
    Object* o = vm.Resolve(v.AsObject());
    if (o->klass() == ObjectClass::kNumber && o->internal().IsNumber()) {
      *out = o->internal().AsNumber();
      return true;
    }
  }
  vm.ThrowTypeError(prim::Cat("Number.prototype.", method, " requires that 'this' be a Number"));
  return false;
}

Value ThrowStatus(VM& vm, const absl::Status& status) {
  return vm.ThrowRangeError(prim::SV(status.message()));
}

// Number.prototype.toString(radix) (ECMA-262 §21.1.3.6).
Value NumberProtoToString(VM& vm, CallArgs& args) {
  double x;
  if (!ThisNumberValue(vm, args.this_value, "toString", &x)) return Value::Empty();
  if (NeedsRecall(args, "-N")) return Recall(vm, args, "-N");
  Value r = args[0];
  if (r.IsUndefined()) return Value::FromString(vm.NumberToString(x));
  double radix;
  if (!prim::ToNumberArg(vm, r, &radix)) return Value::Empty();
  if (support::ToIntegerOrInfinity(radix) == 10) return Value::FromString(vm.NumberToString(x));
  absl::StatusOr<std::string> s = support::NumberToStringRadix(x, radix);
  if (!s.ok()) return ThrowStatus(vm, s.status());
  return Value::FromString(vm.NewStringLatin1(*std::move(s)));
}

// Number.prototype.toFixed(fractionDigits) (ECMA-262 §21.1.3.3).
Value NumberProtoToFixed(VM& vm, CallArgs& args) {
  double x;
  if (!ThisNumberValue(vm, args.this_value, "toFixed", &x)) return Value::Empty();
  if (NeedsRecall(args, "-n")) return Recall(vm, args, "-n");
  double f;
  if (!prim::ToNumberArg(vm, args[0], &f)) return Value::Empty();
  absl::StatusOr<std::string> s = support::NumberToFixed(x, f);
  if (!s.ok()) return ThrowStatus(vm, s.status());
  return Value::FromString(vm.NewStringLatin1(*std::move(s)));
}

// Number.prototype.toExponential(fractionDigits) (ECMA-262 §21.1.3.2).
Value NumberProtoToExponential(VM& vm, CallArgs& args) {
  double x;
  if (!ThisNumberValue(vm, args.this_value, "toExponential", &x)) return Value::Empty();
  if (NeedsRecall(args, "-N")) return Recall(vm, args, "-N");
  std::optional<double> f;
  if (!args[0].IsUndefined()) {
    double d;
    if (!prim::ToNumberArg(vm, args[0], &d)) return Value::Empty();
    f = d;
  }
  absl::StatusOr<std::string> s = support::NumberToExponential(x, f);
  if (!s.ok()) return ThrowStatus(vm, s.status());
  return Value::FromString(vm.NewStringLatin1(*std::move(s)));
}

// Number.prototype.toPrecision(precision) (ECMA-262 §21.1.3.5).
Value NumberProtoToPrecision(VM& vm, CallArgs& args) {
  double x;
  if (!ThisNumberValue(vm, args.this_value, "toPrecision", &x)) return Value::Empty();
  if (NeedsRecall(args, "-N")) return Recall(vm, args, "-N");
  std::optional<double> p;
  if (!args[0].IsUndefined()) {
    double d;
    if (!prim::ToNumberArg(vm, args[0], &d)) return Value::Empty();
    p = d;
  }
  absl::StatusOr<std::string> s = support::NumberToPrecision(x, p);
  if (!s.ok()) return ThrowStatus(vm, s.status());
  return Value::FromString(vm.NewStringLatin1(*std::move(s)));
}

// Number.prototype.valueOf() (ECMA-262 §21.1.3.7).
Value NumberProtoValueOf(VM& vm, CallArgs& args) {
  double x;
  if (!ThisNumberValue(vm, args.this_value, "valueOf", &x)) return Value::Empty();
  return Value::Number(x);
}


// Number.isFinite / isInteger / isNaN / isSafeInteger (ECMA-262 §21.1.2.2-5): no coercion.
enum NumberPredicate : int32_t { kIsFinite, kIsInteger, kIsNaN, kIsSafeInteger };

Value NumberPredicateFn(VM& vm, CallArgs& args) {
  Value v = args[0];
  if (!v.IsNumber()) return Value::Bool(false);
  double d = v.AsNumber();
  switch (static_cast<NumberPredicate>(static_cast<NativeFunction*>(args.callee)->magic)) {
    case kIsFinite:
      return Value::Bool(std::isfinite(d));
    case kIsInteger:
      return Value::Bool(std::isfinite(d) && std::trunc(d) == d);
    case kIsNaN:
      return Value::Bool(std::isnan(d));
    case kIsSafeInteger:
      return Value::Bool(std::isfinite(d) && std::trunc(d) == d && std::fabs(d) <= kMaxSafeInteger);
  }
  return Value::Bool(false);
}

// ------------------------------------------------------------------------------------ Boolean

// Boolean(value) / new Boolean(value) (ECMA-262 §20.3.1.1).
Value BooleanCtor(VM& vm, CallArgs& args) {
  bool b = VM::ToBoolean(args[0]);
  if (args.new_target.IsUndefined()) return Value::Bool(b);
  const Intrinsics& in = vm.realm().intrinsics();
  Object* proto = prim::PrototypeFromNewTarget(vm, args.new_target, in.boolean_prototype);
  Object* obj = vm.NewObjectWithProto(proto, ObjectClass::kBoolean);
  obj->set_internal(Value::Bool(b));
  return Value::FromObject(obj);
}

// thisBooleanValue (ECMA-262 §20.3.3.3.1).
bool ThisBooleanValue(VM& vm, Value v, std::string_view method, bool* out) {
  if (v.IsBool()) {
    *out = v.AsBool();
    return true;
  }
  if (v.IsObject()) {
    Object* o = vm.Resolve(v.AsObject());
    if (o->klass() == ObjectClass::kBoolean && o->internal().IsBool()) {
      *out = o->internal().AsBool();
      return true;
    }
  }
  vm.ThrowTypeError(prim::Cat("Boolean.prototype.", method, " requires that 'this' be a Boolean"));
  return false;
}

// Boolean.prototype.toString() (§20.3.3.2).
Value BooleanProtoToString(VM& vm, CallArgs& args) {
  bool b;
  if (!ThisBooleanValue(vm, args.this_value, "toString", &b)) return Value::Empty();
  return Value::FromString(vm.atom(b ? AtomId::true_ : AtomId::false_));
}

// Boolean.prototype.valueOf() (§20.3.3.3).
Value BooleanProtoValueOf(VM& vm, CallArgs& args) {
  bool b;
  if (!ThisBooleanValue(vm, args.this_value, "valueOf", &b)) return Value::Empty();
  return Value::Bool(b);
}

// Links a constructor with its prototype and publishes it as a global (ECMA-262 §18 attributes).
void LinkConstructor(VM& vm, Intrinsics& in, NativeFunction* ctor, Object* proto,
                     std::string_view name) {
  vm.DefineOwnProperty(ctor, vm.KeyFromAtom(vm.atom(AtomId::prototype)), Value::FromObject(proto),
                       0);
  vm.DefineOwnProperty(proto, vm.KeyFromAtom(vm.atom(AtomId::constructor)), Value::FromObject(ctor),
                       kHiddenAttrs);
  vm.DefineValue(in.global, name, Value::FromObject(ctor), kHiddenAttrs);
}

}  // namespace

namespace prim {

void InstallBooleanBuiltins(VM& vm, Intrinsics& in) {
  Object* proto = in.boolean_prototype;
  // %Boolean.prototype% is itself a Boolean object whose value is false (§20.3.3).
  if (proto->internal().IsUndefined()) proto->set_internal(Value::Bool(false));
  NativeFunction* ctor = vm.NewNative("Boolean", BooleanCtor, 1, 0, /*constructor=*/true);
  LinkConstructor(vm, in, ctor, proto, "Boolean");
  vm.DefineMethod(proto, "toString", BooleanProtoToString, 0);
  vm.DefineMethod(proto, "valueOf", BooleanProtoValueOf, 0);
}

}  // namespace prim

// Installs Number, Boolean, Math and the global value properties and functions (ECMA-262 §19,
// §20.3, §21.1, §21.3).
void InstallNumberBuiltins(VM& vm, Intrinsics& in) {
  prim::InstallGlobalFunctions(vm, in);
  prim::InstallBooleanBuiltins(vm, in);
  prim::InstallMathBuiltins(vm, in);

  Object* proto = in.number_prototype;
  // %Number.prototype% is itself a Number object whose value is +0 (§21.1.3).
  if (proto->internal().IsUndefined()) proto->set_internal(Value::Number(0));
  NativeFunction* ctor = vm.NewNative("Number", NumberCtor, 1, 0, /*constructor=*/true);
  LinkConstructor(vm, in, ctor, proto, "Number");

  vm.DefineValue(ctor, "EPSILON", Value::Number(2.220446049250313e-16), 0);
  vm.DefineValue(ctor, "MAX_SAFE_INTEGER", Value::Number(kMaxSafeInteger), 0);
  vm.DefineValue(ctor, "MIN_SAFE_INTEGER", Value::Number(-kMaxSafeInteger), 0);
  vm.DefineValue(ctor, "MAX_VALUE", Value::Number(1.7976931348623157e308), 0);
  vm.DefineValue(ctor, "MIN_VALUE", Value::Number(5e-324), 0);
  vm.DefineValue(ctor, "NaN", Value::Number(NAN), 0);
  vm.DefineValue(ctor, "NEGATIVE_INFINITY", Value::Number(-INFINITY), 0);
  vm.DefineValue(ctor, "POSITIVE_INFINITY", Value::Number(INFINITY), 0);
  vm.DefineMethod(ctor, "isFinite", NumberPredicateFn, 1, kIsFinite);
  vm.DefineMethod(ctor, "isInteger", NumberPredicateFn, 1, kIsInteger);
  vm.DefineMethod(ctor, "isNaN", NumberPredicateFn, 1, kIsNaN);
  vm.DefineMethod(ctor, "isSafeInteger", NumberPredicateFn, 1, kIsSafeInteger);
  // Number.parseFloat / parseInt are the very same functions as the globals (§21.1.2.12-13).
  vm.DefineValue(ctor, "parseFloat", vm.GetData(in.global, "parseFloat"));
  vm.DefineValue(ctor, "parseInt", vm.GetData(in.global, "parseInt"));

  vm.DefineMethod(proto, "toExponential", NumberProtoToExponential, 1);
  vm.DefineMethod(proto, "toFixed", NumberProtoToFixed, 1);
  // toLocaleString: vm/prelude/60-intl.js (through Intl.NumberFormat).
  vm.DefineMethod(proto, "toPrecision", NumberProtoToPrecision, 1);
  vm.DefineMethod(proto, "toString", NumberProtoToString, 1);
  vm.DefineMethod(proto, "valueOf", NumberProtoValueOf, 0);
}

}  // namespace codemode::vm
