// Typed-array element access shared by the object model (vm/objects.cc: integer-indexed exotic
// objects, ECMA-262 §10.4.5), the interpreter's GETINDEX/SETINDEX fast paths and the natives of
// vm/builtins/typed_array.cc. Elements are stored in the platform's byte order (little-endian on every
// supported target, as in Node.js); DataView picks the order per call.
#pragma once

#include <cstdint>
#include <cstring>

#include "vm/object.h"
#include "vm/value.h"

namespace codemode::vm {

class VM;
class BigInt;

// Bytes per element (ECMA-262 Table 71); 1 for kDataView.
inline uint32_t TypedElementSize(TypedKind k) {
  switch (k) {
    case TypedKind::kInt16:
    case TypedKind::kUint16:
      return 2;
    case TypedKind::kInt32:
    case TypedKind::kUint32:
    case TypedKind::kFloat32:
      return 4;
    case TypedKind::kFloat64:
    case TypedKind::kBigInt64:
    case TypedKind::kBigUint64:
      return 8;
    default:
      return 1;
  }
}

// BigInt64Array / BigUint64Array: elements are BigInts (content type BigInt, ECMA-262 §23.2).
inline bool IsBigIntKind(TypedKind k) {
  return k == TypedKind::kBigInt64 || k == TypedKind::kBigUint64;
}

// "Uint8Array" etc. ("DataView" for kDataView).
const char* TypedKindName(TypedKind k);

// RawBytesToNumeric (§25.1.3.16) for `count` = element size bytes at `p` (platform order); Number
// element types only (see TypedDecodeBig).
double TypedDecode(TypedKind k, const uint8_t* p);
// NumericToRawBytes (§25.1.3.18): ToInt8/ToUint8/ToUint8Clamp/…/Float32 rounding of `v`, written at `p`.
void TypedEncode(TypedKind k, double v, uint8_t* p);

// RawBytesToNumeric for the BigInt element types: a new BigInt from the 8 bytes at `p` (platform
// order), signed for kBigInt64.
Value TypedDecodeBig(VM& vm, TypedKind k, const uint8_t* p);
// The low 64 bits (two's complement) of a BigInt: NumericToRawBytes for BigInt64/BigUint64
// (ToBigInt64 / ToBigUint64 share the bit pattern).
uint64_t BigIntLow64(const BigInt* b);
// ToBigInt (§7.1.13) of a primitive for a BigInt element store: true with *out set, false after a
// TypeError/SyntaxError ("Cannot convert 1 to a BigInt", V8's messages).
bool TypedToBigInt(VM& vm, Value v, Value* out);

// Element `index` (< ta->length) of a typed array (a new BigInt for the BigInt element types).
inline Value TypedGet(VM& vm, TypedArrayObject* ta, uint32_t index) {
  const uint32_t size = TypedElementSize(ta->kind);
  const uint8_t* p = ta->buffer()->data.data() + ta->byte_offset + size_t{index} * size;
  if (IsBigIntKind(ta->kind)) [[unlikely]]
    return TypedDecodeBig(vm, ta->kind, p);
  return Value::Number(TypedDecode(ta->kind, p));
}
// Sets element `index` (< ta->length) of a BigInt-typed array to the BigInt `b`.
inline void TypedSetBig(TypedArrayObject* ta, uint32_t index, const BigInt* b) {
  uint64_t bits = BigIntLow64(b);
  std::memcpy(ta->buffer()->data.data() + ta->byte_offset + size_t{index} * 8, &bits, 8);
}
// Sets element `index` (< ta->length) of a Number-typed array to the already converted number `v`.
inline void TypedSet(TypedArrayObject* ta, uint32_t index, double v) {
  const uint32_t size = TypedElementSize(ta->kind);
  TypedEncode(ta->kind, v, ta->buffer()->data.data() + ta->byte_offset + size_t{index} * size);
}

// CanonicalNumericIndexString (§7.1.21) is not undefined for the atom `s`: "-0", or a string that
// round-trips through ToNumber/ToString ("1.5", "-1", "NaN", "Infinity", "4294967295"). Such keys
// never reach the prototype chain of a typed array (§10.4.5).
bool IsCanonicalNumericString(VM& vm, String* s);

// True for a typed array (not a DataView) object.
inline bool IsTypedArray(const Object* o) { return o->klass() == ObjectClass::kTypedArray; }

}  // namespace codemode::vm
