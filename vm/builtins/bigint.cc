// BigInt constructor, BigInt.asIntN/asUintN and BigInt.prototype (ECMA-262 §21.2). The arithmetic is
// vm/bigint.h; the operators are in vm/bigint_ops.cc. Arguments that are objects (ToPrimitive may run
// program code) are coerced by the prelude through prim::Recall and come back as primitives.
#include "vm/bigint.h"

#include <cmath>
#include <string>

#include "vm/builtins/primitives_internal.h"
#include "vm/support/numconv.h"
#include "vm/typed_array.h"

namespace codemode::vm {
namespace {

using prim::NeedsRecall;
using prim::Recall;

// A wrapper object made by Object(1n) / ToObject: an ordinary object whose internal slot holds the
// BigInt ([[BigIntData]]). Nothing else stores a BigInt there.
bool ThisBigIntValue(VM& vm, Value v, std::string_view method, Value* out) {
  if (v.IsBigInt()) {
    *out = v;
    return true;
  }
  if (v.IsObject()) {
    Value inner = vm.Resolve(v.AsObject())->internal();
    if (inner.IsBigInt()) {
      *out = inner;
      return true;
    }
  }
  vm.ThrowTypeError(prim::Cat("BigInt.prototype.", method, " requires that 'this' be a BigInt"));
  return false;
}

// ToBigInt (§7.1.13) of a primitive. False after throwing.
bool ToBigIntPrimitive(VM& vm, Value v, Value* out) {
  switch (v.tag()) {
    case Tag::kBigInt:
      *out = v;
      return true;
    case Tag::kBool:
      *out = Value::FromBigInt(vm.NewBigInt(bigint::Num::FromInt64(v.AsBool() ? 1 : 0)));
      return true;
    case Tag::kString: {
      String* s = v.AsString();
      bigint::Num n;
      bool too_big = false;
      if (!bigint::FromString(s->ToU16(), &n, &too_big)) {
        if (too_big) {
          vm.ThrowBigIntStatus(bigint::Status::kTooBig);
        } else {
          vm.ThrowError(ErrorType::kSyntaxError, prim::Cat("Cannot convert ", s->ToUtf8(), " to a BigInt"));
        }
        return false;
      }
      *out = Value::FromBigInt(vm.NewBigInt(std::move(n)));
      return true;
    }
    case Tag::kSymbol:
      vm.ThrowTypeError(prim::Cat("Cannot convert ", prim::DisplayForMessage(vm, v), " to a BigInt"));
      return false;
    default: {
      String* s = vm.ToStringPrimitive(v);
      vm.ThrowTypeError(prim::Cat("Cannot convert ", s ? s->ToUtf8() : "value", " to a BigInt"));
      return false;
    }
  }
}

// BigInt(value) (§21.2.1.1): not a constructor; a Number must be integral (NumberToBigInt).
Value BigIntCtor(VM& vm, CallArgs& args) {
  if (!args.new_target.IsUndefined()) return vm.ThrowTypeError("BigInt is not a constructor");
  if (NeedsRecall(args, "-P")) return Recall(vm, args, "-P");
  Value v = args[0];
  if (v.IsNumber()) {
    double d = v.AsNumber();
    if (!std::isfinite(d) || std::trunc(d) != d) {
      return vm.ThrowRangeError(prim::Cat("The number ", support::NumberToString(d),
                                          " cannot be converted to a BigInt because it is not an integer"));
    }
    return Value::FromBigInt(vm.NewBigInt(bigint::FromDouble(d)));
  }
  Value out;
  if (!ToBigIntPrimitive(vm, v, &out)) return Value::Empty();
  return out;
}

// BigInt.asIntN (magic 0) / asUintN (magic 1) (§21.2.2.1-2): ToIndex(bits), then ToBigInt(bigint).
Value BigIntAsN(VM& vm, CallArgs& args) {
  auto* self = static_cast<NativeFunction*>(args.callee);
  if (NeedsRecall(args, "-nP")) return Recall(vm, args, "-nP");
  double bits_d = 0;
  if (!args[0].IsUndefined()) {
    if (!prim::ToIntegerArg(vm, args[0], &bits_d)) return Value::Empty();
  }
  if (bits_d < 0 || bits_d > 9007199254740991.0) {
    return vm.ThrowRangeError("Invalid value: not (convertible to) a safe integer");
  }
  Value big;
  if (!ToBigIntPrimitive(vm, args[1], &big)) return Value::Empty();
  auto bits = static_cast<uint64_t>(bits_d);
  bigint::Num r;
  bigint::Status s = self->magic == 0 ? bigint::AsIntN(bits, big.AsBigInt()->num(), &r)
                                      : bigint::AsUintN(bits, big.AsBigInt()->num(), &r);
  if (s != bigint::Status::kOk) return vm.ThrowBigIntStatus(s);
  return Value::FromBigInt(vm.NewBigInt(std::move(r)));
}

// BigInt.prototype.toString(radix) (§21.2.3.3).
Value BigIntProtoToString(VM& vm, CallArgs& args) {
  Value x;
  if (!ThisBigIntValue(vm, args.this_value, "toString", &x)) return Value::Empty();
  if (NeedsRecall(args, "-N")) return Recall(vm, args, "-N");
  double radix = 10;
  if (!args[0].IsUndefined()) {
    if (!prim::ToIntegerArg(vm, args[0], &radix)) return Value::Empty();
    if (radix < 2 || radix > 36) {
      return vm.ThrowRangeError("toString() radix argument must be between 2 and 36");
    }
  }
  return Value::FromString(vm.BigIntToString(x.AsBigInt(), static_cast<int>(radix)));
}

// BigInt.prototype.valueOf (§21.2.3.4).
Value BigIntProtoValueOf(VM& vm, CallArgs& args) {
  Value x;
  if (!ThisBigIntValue(vm, args.this_value, "valueOf", &x)) return Value::Empty();
  return x;
}

}  // namespace

bool TypedToBigInt(VM& vm, Value v, Value* out) { return ToBigIntPrimitive(vm, v, out); }

void InstallBigIntBuiltins(VM& vm, Intrinsics& in) {
  Object* proto = in.bigint_prototype;
  NativeFunction* ctor = vm.NewNative("BigInt", BigIntCtor, 1, 0, /*constructor=*/true);
  vm.DefineOwnProperty(ctor, vm.KeyFromAtom(vm.atom(AtomId::prototype)), Value::FromObject(proto), 0);
  vm.DefineOwnProperty(proto, vm.KeyFromAtom(vm.atom(AtomId::constructor)), Value::FromObject(ctor),
                       kHiddenAttrs);
  vm.DefineValue(in.global, "BigInt", Value::FromObject(ctor), kHiddenAttrs);
  vm.DefineMethod(ctor, "asIntN", BigIntAsN, 2, 0);
  vm.DefineMethod(ctor, "asUintN", BigIntAsN, 2, 1);
  vm.DefineMethod(proto, "toString", BigIntProtoToString, 0);
  vm.DefineMethod(proto, "valueOf", BigIntProtoValueOf, 0);
  // toLocaleString is vm/prelude/60-intl.js's (through Intl.NumberFormat).
  vm.DefineOwnProperty(proto, PropertyKey::Sym(in.sym_to_string_tag), vm.Str("BigInt"),
                       kConfigurable);
}

}  // namespace codemode::vm
