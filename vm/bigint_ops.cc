// BigInt in the VM: allocation, string conversion and the operators' slow paths (the interpreter's
// Number fast paths never come here). Messages follow V8's.
#include <cmath>

#include "vm/bigint.h"
#include "vm/vm.h"

namespace codemode::vm {

using isa::Op;

BigInt* VM::NewBigInt(bigint::Num n) {
  // One step per limb: the arithmetic that made the value was at least linear in its size.
  if (n.mag.size() > 8) ChargeSteps(n.mag.size());
  return heap_->Alloc<BigInt>(std::move(n));
}

String* VM::BigIntToString(BigInt* b, int radix) {
  if (b->num().mag.size() > 8) ChargeSteps(b->num().mag.size() * 4);
  return NewStringLatin1(bigint::ToString(b->num(), radix));
}

Value VM::ThrowBigIntStatus(bigint::Status s) {
  switch (s) {
    case bigint::Status::kDivideByZero:
      return ThrowRangeError("Division by zero");
    case bigint::Status::kNegativeExp:
      // Node 20's V8 (11.3) words it so (its template's first argument is missing); matched verbatim.
      return ThrowRangeError("undefined must be positive");
    default:
      return ThrowRangeError("Maximum BigInt size exceeded");
  }
}

Value VM::BigIntBinary(Op op, Value x, Value y) {
  if (op == Op::ADD && (x.IsString() || y.IsString())) {
    String* sx = ToStringPrimitive(x);
    if (sx == nullptr) return Value::Empty();
    String* sy = ToStringPrimitive(y);
    if (sy == nullptr) return Value::Empty();
    String* r = Concat(sx, sy);
    return r == nullptr ? Value::Empty() : Value::FromString(r);
  }
  if (!x.IsBigInt() || !y.IsBigInt()) {
    // ToNumeric of the other operand comes first (a Symbol's TypeError wins).
    if (x.IsSymbol() || y.IsSymbol()) {
      ToNumberPrimitive(x.IsSymbol() ? x : y);
      return Value::Empty();
    }
    return ThrowTypeError("Cannot mix BigInt and other types, use explicit conversions");
  }
  const bigint::Num& a = x.AsBigInt()->num();
  const bigint::Num& b = y.AsBigInt()->num();
  bigint::Num r;
  bigint::Status s;
  switch (op) {
    case Op::ADD:
      s = bigint::Add(a, b, &r);
      break;
    case Op::SUB:
      s = bigint::Sub(a, b, &r);
      break;
    case Op::MUL:
      // Charged before the work: schoolbook-sized products are the expensive case.
      if (a.mag.size() > 8 && b.mag.size() > 8) ChargeSteps(std::min(a.mag.size(), b.mag.size()));
      s = bigint::Mul(a, b, &r);
      break;
    case Op::DIV:
      s = bigint::Div(a, b, &r);
      break;
    case Op::MOD:
      s = bigint::Rem(a, b, &r);
      break;
    case Op::POW:
      s = bigint::Pow(a, b, &r);
      break;
    case Op::BAND:
      s = bigint::BitAnd(a, b, &r);
      break;
    case Op::BOR:
      s = bigint::BitOr(a, b, &r);
      break;
    case Op::BXOR:
      s = bigint::BitXor(a, b, &r);
      break;
    case Op::SHL:
      s = bigint::ShiftLeft(a, b, &r);
      break;
    case Op::SHR:
      s = bigint::ShiftRight(a, b, &r);
      break;
    case Op::USHR:
      return ThrowTypeError("BigInts have no unsigned right shift, use >> instead");
    default:
      return ThrowTypeError("internal error: not a BigInt operator");
  }
  if (s != bigint::Status::kOk) return ThrowBigIntStatus(s);
  return Value::FromBigInt(NewBigInt(std::move(r)));
}

Value VM::BigIntUnary(Op op, Value x) {
  const bigint::Num& a = x.AsBigInt()->num();
  bigint::Num r;
  bigint::Status s;
  switch (op) {
    case Op::TONUMERIC:
      return x;
    case Op::NEG:
      s = bigint::Neg(a, &r);
      break;
    case Op::BNOT:
      s = bigint::BitNot(a, &r);
      break;
    case Op::INC:
      s = bigint::Add(a, bigint::Num::FromInt64(1), &r);
      break;
    case Op::DEC:
      s = bigint::Sub(a, bigint::Num::FromInt64(1), &r);
      break;
    default:  // TONUMBER
      return ThrowTypeError("Cannot convert a BigInt value to a number");
  }
  if (s != bigint::Status::kOk) return ThrowBigIntStatus(s);
  return Value::FromBigInt(NewBigInt(std::move(r)));
}

namespace {
// StringToBigInt of a string operand; false when it is not a StringIntegerLiteral.
bool ParseOperand(String* s, bigint::Num* out) {
  bool too_big = false;
  return bigint::FromString(s->ToU16(), out, &too_big);
}
}  // namespace

int VM::BigIntLessThan(Value x, Value y) {
  if (x.IsSymbol() || y.IsSymbol()) {
    ToNumberPrimitive(x.IsSymbol() ? x : y);  // throws
    return 2;
  }
  if (x.IsBigInt() && y.IsBigInt()) return bigint::Compare(x.AsBigInt()->num(), y.AsBigInt()->num()) < 0;
  if (x.IsBigInt() && y.IsString()) {
    bigint::Num n;
    if (!ParseOperand(y.AsString(), &n)) return 2;
    return bigint::Compare(x.AsBigInt()->num(), n) < 0;
  }
  if (x.IsString() && y.IsBigInt()) {
    bigint::Num n;
    if (!ParseOperand(x.AsString(), &n)) return 2;
    return bigint::Compare(n, y.AsBigInt()->num()) < 0;
  }
  if (x.IsBigInt()) {
    double d = ToNumberPrimitive(y);
    int c = bigint::CompareToDouble(x.AsBigInt()->num(), d);
    return c == 2 ? 2 : c < 0;
  }
  double d = ToNumberPrimitive(x);
  int c = bigint::CompareToDouble(y.AsBigInt()->num(), d);
  return c == 2 ? 2 : c > 0;
}

bool VM::BigIntLooseEquals(Value big, Value other) {
  const bigint::Num& a = big.AsBigInt()->num();
  switch (other.tag()) {
    case Tag::kBigInt:
      return bigint::Compare(a, other.AsBigInt()->num()) == 0;
    case Tag::kString: {
      bigint::Num n;
      return ParseOperand(other.AsString(), &n) && bigint::Compare(a, n) == 0;
    }
    case Tag::kNumber:
      return bigint::CompareToDouble(a, other.AsNumber()) == 0;
    case Tag::kBool:
      return bigint::CompareToDouble(a, other.AsBool() ? 1 : 0) == 0;
    default:
      return false;
  }
}

}  // namespace codemode::vm
