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
      return 8;
    default:
      return 1;
  }
}

// "Uint8Array" etc. ("DataView" for kDataView).
const char* TypedKindName(TypedKind k);

// RawBytesToNumeric (§25.1.3.16) for `count` = element size bytes at `p` (platform order).
double TypedDecode(TypedKind k, const uint8_t* p);
// NumericToRawBytes (§25.1.3.18): ToInt8/ToUint8/ToUint8Clamp/…/Float32 rounding of `v`, written at `p`.
void TypedEncode(TypedKind k, double v, uint8_t* p);

// Element `index` (< ta->length) of a typed array.
inline Value TypedGet(TypedArrayObject* ta, uint32_t index) {
  const uint32_t size = TypedElementSize(ta->kind);
  return Value::Number(
      TypedDecode(ta->kind, ta->buffer()->data.data() + ta->byte_offset + size_t{index} * size));
}
// Sets element `index` (< ta->length) to the already converted number `v`.
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
