// Natives behind ArrayBuffer (ECMA-262 §25.1), the typed arrays (§23.2), DataView (§25.3), TextEncoder/
// TextDecoder (WHATWG Encoding) and crypto.getRandomValues. The constructors and every method that may
// call program code (callbacks, iterables, valueOf) are self-hosted in vm/prelude/47-typed.js; these
// natives only move bytes and numbers (DESIGN §3 invariant 1). Each is installed on the prelude's
// intrinsics object `I`; arguments are validated by the prelude, and re-checked here where a wrong value
// could touch memory out of bounds.

#include "vm/typed_array.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "vm/bigint.h"
#include "vm/realm.h"
#include "vm/support/numconv.h"
#include "vm/support/text.h"
#include "vm/vm.h"

namespace codemode::vm {

const char* TypedKindName(TypedKind k) {
  switch (k) {
    case TypedKind::kInt8: return "Int8Array";
    case TypedKind::kUint8: return "Uint8Array";
    case TypedKind::kUint8Clamped: return "Uint8ClampedArray";
    case TypedKind::kInt16: return "Int16Array";
    case TypedKind::kUint16: return "Uint16Array";
    case TypedKind::kInt32: return "Int32Array";
    case TypedKind::kUint32: return "Uint32Array";
    case TypedKind::kFloat32: return "Float32Array";
    case TypedKind::kFloat64: return "Float64Array";
    case TypedKind::kDataView: return "DataView";
    case TypedKind::kBigInt64:
      return "BigInt64Array";
    case TypedKind::kBigUint64:
      return "BigUint64Array";
  }
  return "TypedArray";
}

Value TypedDecodeBig(VM& vm, TypedKind k, const uint8_t* p) {
  uint64_t bits;
  std::memcpy(&bits, p, 8);
  return Value::FromBigInt(vm.NewBigInt(k == TypedKind::kBigInt64
                                            ? bigint::Num::FromInt64(static_cast<int64_t>(bits))
                                            : bigint::Num::FromUint64(bits)));
}

uint64_t BigIntLow64(const BigInt* b) {
  const bigint::Num& n = b->num();
  uint64_t low = n.mag.empty() ? 0 : n.mag[0];
  return n.neg ? ~low + 1 : low;  // -|n| mod 2^64
}

double TypedDecode(TypedKind k, const uint8_t* p) {
  switch (k) {
    case TypedKind::kInt8: return static_cast<int8_t>(p[0]);
    case TypedKind::kUint8:
    case TypedKind::kUint8Clamped:
    case TypedKind::kDataView: return p[0];
    case TypedKind::kInt16: { int16_t v; std::memcpy(&v, p, 2); return v; }
    case TypedKind::kUint16: { uint16_t v; std::memcpy(&v, p, 2); return v; }
    case TypedKind::kInt32: { int32_t v; std::memcpy(&v, p, 4); return v; }
    case TypedKind::kUint32: { uint32_t v; std::memcpy(&v, p, 4); return v; }
    case TypedKind::kFloat32: {
      float v;
      std::memcpy(&v, p, 4);
      return std::isnan(v) ? std::nan("") : static_cast<double>(v);
    }
    case TypedKind::kFloat64: {
      double v;
      std::memcpy(&v, p, 8);
      return std::isnan(v) ? std::nan("") : v;
    }
    case TypedKind::kBigInt64:
    case TypedKind::kBigUint64:
      break;  // callers use TypedDecodeBig (the prelude keeps the content types apart)
  }
  return 0;
}

void TypedEncode(TypedKind k, double v, uint8_t* p) {
  switch (k) {
    case TypedKind::kInt8:
    case TypedKind::kUint8:
    case TypedKind::kDataView: p[0] = static_cast<uint8_t>(support::ToInt32(v)); return;
    case TypedKind::kUint8Clamped: {
      // ToUint8Clamp (§7.1.12): NaN → 0, clamp, then round half to even.
      double c = std::isnan(v) ? 0 : v <= 0 ? 0 : v >= 255 ? 255 : std::nearbyint(v);
      p[0] = static_cast<uint8_t>(c);
      return;
    }
    case TypedKind::kInt16:
    case TypedKind::kUint16: {
      uint16_t x = static_cast<uint16_t>(support::ToInt32(v));
      std::memcpy(p, &x, 2);
      return;
    }
    case TypedKind::kInt32:
    case TypedKind::kUint32: {
      uint32_t x = static_cast<uint32_t>(support::ToInt32(v));
      std::memcpy(p, &x, 4);
      return;
    }
    case TypedKind::kFloat32: {
      float x = static_cast<float>(v);  // roundTiesToEven (IEEE 754), as §7.1.? Float32 conversion
      std::memcpy(p, &x, 4);
      return;
    }
    case TypedKind::kFloat64: std::memcpy(p, &v, 8); return;
    case TypedKind::kBigInt64:
    case TypedKind::kBigUint64:
      return;  // stores of BigInts go through TypedSetBig
  }
}

bool IsCanonicalNumericString(VM& vm, String* s) {
  if (s->length() == 0) return false;
  char16_t c = s->At(0);
  if (!((c >= '0' && c <= '9') || c == '-' || c == 'I' || c == 'N')) return false;
  if (s->length() == 2 && c == '-' && s->At(1) == '0') return true;  // "-0"
  double d = vm.ToNumberPrimitive(Value::FromString(s));
  String* back = vm.NumberToString(d);
  if (back->length() != s->length()) return false;
  for (uint32_t i = 0; i < s->length(); ++i)
    if (back->At(i) != s->At(i)) return false;
  return true;
}

namespace {

// Largest byte length a buffer may have here: lengths are kept as uint32 (V8's limit on 64-bit hosts is
// larger, but a run's memory limit is far below both).
constexpr double kMaxBufferBytes = 4294967295.0;

ArrayBufferObject* AsBuffer(Value v) {
  if (!v.IsObject() || v.AsObject()->klass() != ObjectClass::kArrayBuffer) return nullptr;
  return static_cast<ArrayBufferObject*>(v.AsObject());
}
TypedArrayObject* AsView(Value v) {
  if (!v.IsObject()) return nullptr;
  ObjectClass k = v.AsObject()->klass();
  if (k != ObjectClass::kTypedArray && k != ObjectClass::kDataView) return nullptr;
  return static_cast<TypedArrayObject*>(v.AsObject());
}
TypedArrayObject* AsTyped(Value v) {
  TypedArrayObject* t = AsView(v);
  return t != nullptr && t->klass() == ObjectClass::kTypedArray ? t : nullptr;
}
double Num(Value v) { return v.IsNumber() ? v.AsNumber() : v.IsInt() ? static_cast<double>(v.AsInt()) : 0; }
// An integer argument the prelude already clamped to [0, limit]; anything else becomes 0 or limit.
uint64_t Clamp(Value v, uint64_t limit) {
  double d = Num(v);
  if (!(d > 0)) return 0;
  if (d >= static_cast<double>(limit)) return limit;
  return static_cast<uint64_t>(d);
}
Value Internal(VM& vm, const char* what) {
  vm.Terminate(Termination::kInternal, absl::StrCat("typed array intrinsic misused: ", what));
  return Value::Empty();
}

// Allocates an ArrayBuffer of `n` zero bytes whose prototype is `proto`, charging the bytes to the memory
// limit first: nullptr after a RangeError (over the length limit) or a memory-limit termination.
ArrayBufferObject* NewBuffer(VM& vm, Object* proto, double n) {
  if (!(n >= 0) || n > kMaxBufferBytes) {
    vm.ThrowRangeError("Array buffer allocation failed");
    return nullptr;
  }
  const uint64_t max = vm.limits().max_memory_bytes;
  if (vm.heap().bytes() + static_cast<uint64_t>(n) > max) {
    vm.CollectGarbage();
    if (vm.heap().bytes() + static_cast<uint64_t>(n) > max) {
      vm.Terminate(Termination::kMemoryLimit,
                   absl::StrCat("memory limit of ", max, " bytes exceeded (ArrayBuffer of ",
                                static_cast<uint64_t>(n), " bytes)"));
      return nullptr;
    }
  }
  auto* b = vm.heap().Alloc<ArrayBufferObject>(vm.realm().empty_shape(), proto);
  b->data.assign(static_cast<size_t>(n), 0);
  vm.heap().Account(static_cast<int64_t>(b->data.capacity()));
  return b;
}

uint8_t* ViewBytes(TypedArrayObject* t) { return t->buffer()->data.data() + t->byte_offset; }

// ---- ArrayBuffer ------------------------------------------------------------------------------------

// bufferNew(proto, byteLength): a zeroed buffer (byteLength already ToIndex'd by the prelude).
Value IBufferNew(VM& vm, CallArgs& args) {
  if (!args[0].IsObject()) return Internal(vm, "bufferNew");
  ArrayBufferObject* b = NewBuffer(vm, args[0].AsObject(), Num(args[1]));
  return b == nullptr ? Value::Empty() : Value::FromObject(b);
}

// bufferByteLength(x): the byte length, or -1 when x is not an ArrayBuffer.
Value IBufferByteLength(VM& vm, CallArgs& args) {
  ArrayBufferObject* b = AsBuffer(args[0]);
  return Value::Number(b == nullptr ? -1 : static_cast<double>(b->data.size()));
}

// bufferSlice(buf, proto, first, final): a new buffer with the bytes [first, final) (§25.1.6.7).
Value IBufferSlice(VM& vm, CallArgs& args) {
  ArrayBufferObject* b = AsBuffer(args[0]);
  if (b == nullptr || !args[1].IsObject()) return Internal(vm, "bufferSlice");
  uint64_t first = Clamp(args[2], b->data.size()), final = Clamp(args[3], b->data.size());
  uint64_t n = final > first ? final - first : 0;
  ArrayBufferObject* out = NewBuffer(vm, args[1].AsObject(), static_cast<double>(n));
  if (out == nullptr) return Value::Empty();
  if (n > 0) std::memcpy(out->data.data(), b->data.data() + first, n);
  return Value::FromObject(out);
}

// ---- views ------------------------------------------------------------------------------------------

// typedNew(proto, kind, buffer, byteOffset, length): a view (kind 0-8 and 10-11 typed array, 9
// DataView); the prelude checked the ranges (§23.2.5.1.3 InitializeTypedArrayFromArrayBuffer,
// §25.3.2.1); re-checked.
Value ITypedNew(VM& vm, CallArgs& args) {
  ArrayBufferObject* b = AsBuffer(args[2]);
  double kind = Num(args[1]);
  if (!args[0].IsObject() || b == nullptr || !(kind >= 0 && kind <= 11) || kind != std::floor(kind))
    return Internal(vm, "typedNew");
  auto k = static_cast<TypedKind>(static_cast<int>(kind));
  double offset = Num(args[3]), length = Num(args[4]);
  const double size = TypedElementSize(k);
  if (!(offset >= 0 && length >= 0) || offset + length * size > static_cast<double>(b->data.size()))
    return Internal(vm, "typedNew range");
  auto* t = vm.heap().Alloc<TypedArrayObject>(
      k == TypedKind::kDataView ? ObjectClass::kDataView : ObjectClass::kTypedArray, vm.realm().empty_shape(),
      args[0].AsObject(), k);
  t->set_internal(Value::FromObject(b));
  t->byte_offset = static_cast<uint32_t>(offset);
  t->length = static_cast<uint32_t>(length);
  return Value::FromObject(t);
}

// typedKind(x): 0-8 and 10-11 (BigInt64/BigUint64) for a typed array, 9 for a DataView, -1
// otherwise.
Value ITypedKind(VM& vm, CallArgs& args) {
  TypedArrayObject* t = AsView(args[0]);
  return Value::Number(t == nullptr ? -1 : static_cast<int>(t->kind));
}
// typedLength(x): elements (bytes for a DataView); typedByteOffset(x); typedBuffer(x).
Value ITypedLength(VM& vm, CallArgs& args) {
  TypedArrayObject* t = AsView(args[0]);
  return t == nullptr ? Internal(vm, "typedLength") : Value::Number(t->length);
}
Value ITypedByteOffset(VM& vm, CallArgs& args) {
  TypedArrayObject* t = AsView(args[0]);
  return t == nullptr ? Internal(vm, "typedByteOffset") : Value::Number(t->byte_offset);
}
Value ITypedBuffer(VM& vm, CallArgs& args) {
  TypedArrayObject* t = AsView(args[0]);
  return t == nullptr ? Internal(vm, "typedBuffer") : t->internal();
}

// isTypedNumericKey(o, key): o is a typed array and key a numeric key (§10.4.5): the SETINDEX helper
// converts the value with ToNumber for such keys.
Value IIsTypedNumericKey(VM& vm, CallArgs& args) {
  if (AsTyped(args[0]) == nullptr) return Value::Bool(false);
  Value k = args[1];
  if (k.IsSymbol()) return Value::Bool(false);
  PropertyKey key = vm.KeyFromPrimitive(k);
  return Value::Bool(key.is_index() || (key.kind == PropertyKey::Kind::kAtom &&
                                        IsCanonicalNumericString(vm, key.atom())));
}

// typedCopyWithin(ta, to, from, count): memmove of elements (§23.2.3.6 step 17).
Value ITypedCopyWithin(VM& vm, CallArgs& args) {
  TypedArrayObject* t = AsTyped(args[0]);
  if (t == nullptr) return Internal(vm, "typedCopyWithin");
  uint64_t to = Clamp(args[1], t->length), from = Clamp(args[2], t->length);
  uint64_t count = Clamp(args[3], t->length);
  count = std::min({count, t->length - to, t->length - from});
  const uint32_t size = TypedElementSize(t->kind);
  if (count > 0)
    std::memmove(ViewBytes(t) + to * size, ViewBytes(t) + from * size, count * size);
  vm.ChargeSteps(count / 8);
  return Value::Undefined();
}

// typedSetTyped(target, offset, source, srcStart, count): target[offset + i] = source[srcStart + i]
// for i < count, converting between element types; overlapping buffers read the source first
// (§23.2.3.26.1 SetTypedArrayFromTypedArray). The prelude checked the ranges.
Value ITypedSetTyped(VM& vm, CallArgs& args) {
  TypedArrayObject* dst = AsTyped(args[0]);
  TypedArrayObject* src = AsTyped(args[2]);
  if (dst == nullptr || src == nullptr) return Internal(vm, "typedSetTyped");
  uint64_t offset = Clamp(args[1], dst->length), start = Clamp(args[3], src->length);
  uint64_t count = Clamp(args[4], src->length);
  if (offset + count > dst->length || start + count > src->length)
    return Internal(vm, "typedSetTyped range");
  const uint32_t ss = TypedElementSize(src->kind), ds = TypedElementSize(dst->kind);
  const uint8_t* from = ViewBytes(src) + start * ss;
  uint8_t* to = ViewBytes(dst) + offset * ds;
  vm.ChargeSteps(count / 8);
  if (IsBigIntKind(src->kind) != IsBigIntKind(dst->kind))  // the prelude's content-type TypeError
    return Internal(vm, "typedSetTyped content type");
  if (src->kind == dst->kind || IsBigIntKind(src->kind) ||  // BigInt64 <-> BigUint64: same bits
      (ss == 1 && ds == 1 && dst->kind != TypedKind::kUint8Clamped) ||
      (ss == 1 && src->kind != TypedKind::kInt8 && dst->kind == TypedKind::kUint8Clamped)) {
    // Same bit pattern (§23.2.3.26.1 step 21 for equal types; the 1-byte integer types share ToInt8/
    // ToUint8 modulo arithmetic; unsigned bytes need no clamping).
    if (count > 0) std::memmove(to, from, count * ss);  // an empty buffer's bytes may be null
    return Value::Undefined();
  }
  std::vector<uint8_t> copy;
  if (src->buffer() == dst->buffer()) {
    copy.assign(from, from + count * ss);
    from = copy.data();
  }
  for (uint64_t i = 0; i < count; ++i)
    TypedEncode(dst->kind, TypedDecode(src->kind, from + i * ss), to + i * ds);
  return Value::Undefined();
}

// typedFill(ta, value, start, end) (§23.2.3.9 after the conversions: a Number, or a BigInt for the
// BigInt element types).
Value ITypedFill(VM& vm, CallArgs& args) {
  TypedArrayObject* t = AsTyped(args[0]);
  if (t == nullptr) return Internal(vm, "typedFill");
  uint64_t start = Clamp(args[2], t->length), end = Clamp(args[3], t->length);
  const uint32_t size = TypedElementSize(t->kind);
  uint8_t one[8];
  if (IsBigIntKind(t->kind)) {
    if (!args[1].IsBigInt()) return Internal(vm, "typedFill BigInt");
    uint64_t bits = BigIntLow64(args[1].AsBigInt());
    std::memcpy(one, &bits, 8);
  } else {
    TypedEncode(t->kind, Num(args[1]), one);
  }
  uint8_t* p = ViewBytes(t);
  for (uint64_t i = start; i < end; ++i) std::memcpy(p + i * size, one, size);
  vm.ChargeSteps((end > start ? end - start : 0) / 8);
  return Value::Undefined();
}

// typedSort(ta): the default numeric order (§23.2.3.29 with comparefn undefined: -0 before +0, NaN
// last), stable.
Value ITypedSort(VM& vm, CallArgs& args) {
  TypedArrayObject* t = AsTyped(args[0]);
  if (t == nullptr) return Internal(vm, "typedSort");
  const uint32_t size = TypedElementSize(t->kind);
  uint8_t* p = ViewBytes(t);
  if (IsBigIntKind(t->kind)) {  // numeric order of the BigInt values
    std::vector<uint64_t> v(t->length);
    if (t->length > 0) std::memcpy(v.data(), p, size_t{t->length} * 8);
    if (t->kind == TypedKind::kBigInt64) {
      std::sort(v.begin(), v.end(), [](uint64_t x, uint64_t y) {
        return static_cast<int64_t>(x) < static_cast<int64_t>(y);
      });
    } else {
      std::sort(v.begin(), v.end());
    }
    if (t->length > 0) std::memcpy(p, v.data(), size_t{t->length} * 8);
    vm.ChargeSteps(t->length / 4);
    return args[0];
  }
  std::vector<double> v(t->length);
  for (uint32_t i = 0; i < t->length; ++i) v[i] = TypedDecode(t->kind, p + size_t{i} * size);
  std::stable_sort(v.begin(), v.end(), [](double x, double y) {
    if (std::isnan(y)) return !std::isnan(x);
    if (std::isnan(x)) return false;
    if (x == 0 && y == 0) return std::signbit(x) && !std::signbit(y);
    return x < y;
  });
  for (uint32_t i = 0; i < t->length; ++i) TypedEncode(t->kind, v[i], p + size_t{i} * size);
  vm.ChargeSteps(t->length / 4);
  return args[0];
}

// typedReverse(ta) (§23.2.3.25).
Value ITypedReverse(VM& vm, CallArgs& args) {
  TypedArrayObject* t = AsTyped(args[0]);
  if (t == nullptr) return Internal(vm, "typedReverse");
  const uint32_t size = TypedElementSize(t->kind);
  uint8_t* p = ViewBytes(t);
  uint8_t tmp[8];
  for (uint32_t lo = 0, hi = t->length; lo + 1 < hi; ++lo, --hi) {
    std::memcpy(tmp, p + size_t{lo} * size, size);
    std::memcpy(p + size_t{lo} * size, p + size_t{hi - 1} * size, size);
    std::memcpy(p + size_t{hi - 1} * size, tmp, size);
  }
  vm.ChargeSteps(t->length / 8);
  return args[0];
}

// typedIndexOf(ta, value, from, mode): mode 0 indexOf (strict equality from `from` upwards), 1
// lastIndexOf (downwards from `from`), 2 includes (SameValueZero: finds NaN). -1 / false when absent.
Value ITypedIndexOf(VM& vm, CallArgs& args) {
  TypedArrayObject* t = AsTyped(args[0]);
  if (t == nullptr) return Internal(vm, "typedIndexOf");
  int mode = static_cast<int>(Num(args[3]));
  Value target = args[1];
  const bool big = IsBigIntKind(t->kind);
  if (big ? !target.IsBigInt() : (!target.IsNumber() && !target.IsInt()))
    return mode == 2 ? Value::Bool(false) : Value::Number(-1);
  double x = big ? 0 : Num(target);
  uint64_t bits = 0;
  if (big) {
    // Only a BigInt inside the element type's range can equal an element.
    const bigint::Num& n = target.AsBigInt()->num();
    const uint64_t low = n.mag.empty() ? 0 : n.mag[0];
    const bool fits =
        n.mag.size() <= 1 && (t->kind == TypedKind::kBigInt64
                                  ? (n.neg ? low <= (uint64_t{1} << 63) : low < (uint64_t{1} << 63))
                                  : !n.neg);
    if (!fits) return mode == 2 ? Value::Bool(false) : Value::Number(-1);
    bits = BigIntLow64(target.AsBigInt());
  }
  const uint32_t size = TypedElementSize(t->kind);
  uint8_t* p = ViewBytes(t);
  double from = Num(args[2]);
  auto match = [&](uint32_t i) {
    if (big) {
      uint64_t e;
      std::memcpy(&e, p + size_t{i} * 8, 8);
      return e == bits;
    }
    double e = TypedDecode(t->kind, p + size_t{i} * size);
    return e == x || (mode == 2 && std::isnan(e) && std::isnan(x));
  };
  if (mode == 1) {
    for (double i = std::min(from, static_cast<double>(t->length) - 1); i >= 0; --i)
      if (match(static_cast<uint32_t>(i))) return Value::Number(i);
    return Value::Number(-1);
  }
  for (double i = std::max(from, 0.0); i < t->length; ++i)
    if (match(static_cast<uint32_t>(i))) return mode == 2 ? Value::Bool(true) : Value::Number(i);
  return mode == 2 ? Value::Bool(false) : Value::Number(-1);
}

// typedJoin(ta, separator): elements as Number::toString joined by the separator string (§23.2.3.17;
// elements are numbers, so no program code runs).
Value ITypedJoin(VM& vm, CallArgs& args) {
  TypedArrayObject* t = AsTyped(args[0]);
  if (t == nullptr || !args[1].IsString()) return Internal(vm, "typedJoin");
  std::u16string sep = args[1].AsString()->ToU16();
  std::u16string out;
  const uint32_t size = TypedElementSize(t->kind);
  for (uint32_t i = 0; i < t->length; ++i) {
    if (i > 0) out += sep;
    const uint8_t* p = ViewBytes(t) + size_t{i} * size;
    if (IsBigIntKind(t->kind)) {
      uint64_t bits;
      std::memcpy(&bits, p, 8);
      std::string digits = t->kind == TypedKind::kBigInt64
                               ? std::to_string(static_cast<int64_t>(bits))
                               : std::to_string(bits);
      out.append(digits.begin(), digits.end());
    } else {
      out += vm.NumberToString(TypedDecode(t->kind, p))->ToU16();
    }
    if (out.size() > vm.limits().max_memory_bytes / 2) {
      vm.Terminate(Termination::kMemoryLimit, "string exceeds the memory limit");
      return Value::Empty();
    }
  }
  vm.ChargeSteps(t->length / 4);
  return Value::FromString(vm.NewStringU16(std::move(out)));
}

// %TypedArray%.prototype.values / keys / entries (§23.2.3.33, .19, .7): an Array Iterator over a typed
// array (magic = IteratorObject::Kind).
Value TypedIterator(VM& vm, CallArgs& args) {
  if (AsTyped(args.this_value) == nullptr) return vm.ThrowTypeError("this is not a typed array.");
  auto kind = static_cast<IteratorObject::Kind>(static_cast<NativeFunction*>(args.callee)->magic);
  return Value::FromObject(vm.NewIterator(kind, args.this_value));
}

// ---- DataView ---------------------------------------------------------------------------------------

// dataViewGet(view, kind, byteIndex, littleEndian) / dataViewSet(view, kind, byteIndex, number (a
// BigInt for kinds 10-11), littleEndian) (§25.3.1.5 GetViewValue / §25.3.1.6 SetViewValue after the
// conversions; the prelude checked byteIndex + size <= byteLength).
Value IDataViewGet(VM& vm, CallArgs& args) {
  TypedArrayObject* t = AsView(args[0]);
  double kind = Num(args[1]), index = Num(args[2]);
  if (t == nullptr || t->kind != TypedKind::kDataView ||
      !((kind >= 0 && kind <= 8) || kind == 10 || kind == 11) || kind != std::floor(kind))
    return Internal(vm, "dataViewGet");
  auto k = static_cast<TypedKind>(static_cast<int>(kind));
  const uint32_t size = TypedElementSize(k);
  if (!(index >= 0) || index + size > t->length) return Internal(vm, "dataViewGet range");
  uint8_t raw[8];
  std::memcpy(raw, ViewBytes(t) + static_cast<size_t>(index), size);
  if (!VM::ToBoolean(args[3])) std::reverse(raw, raw + size);  // big-endian request on a LE host
  if (IsBigIntKind(k)) return TypedDecodeBig(vm, k, raw);
  return Value::Number(TypedDecode(k, raw));
}
Value IDataViewSet(VM& vm, CallArgs& args) {
  TypedArrayObject* t = AsView(args[0]);
  double kind = Num(args[1]), index = Num(args[2]);
  if (t == nullptr || t->kind != TypedKind::kDataView ||
      !((kind >= 0 && kind <= 8) || kind == 10 || kind == 11) || kind != std::floor(kind))
    return Internal(vm, "dataViewSet");
  auto k = static_cast<TypedKind>(static_cast<int>(kind));
  const uint32_t size = TypedElementSize(k);
  if (!(index >= 0) || index + size > t->length) return Internal(vm, "dataViewSet range");
  uint8_t raw[8];
  if (IsBigIntKind(k)) {
    if (!args[3].IsBigInt()) return Internal(vm, "dataViewSet BigInt");
    uint64_t bits = BigIntLow64(args[3].AsBigInt());
    std::memcpy(raw, &bits, 8);
  } else {
    TypedEncode(k, Num(args[3]), raw);
  }
  if (!VM::ToBoolean(args[4])) std::reverse(raw, raw + size);
  std::memcpy(ViewBytes(t) + static_cast<size_t>(index), raw, size);
  return Value::Undefined();
}

// ---- TextEncoder / TextDecoder ----------------------------------------------------------------------

// The bytes of a view or buffer argument (the prelude checked the type).
std::string_view BytesOf(Value v) {
  if (ArrayBufferObject* b = AsBuffer(v))
    return std::string_view(reinterpret_cast<const char*>(b->data.data()), b->data.size());
  if (TypedArrayObject* t = AsView(v))
    return std::string_view(reinterpret_cast<const char*>(ViewBytes(t)),
                            size_t{t->length} * TypedElementSize(t->kind));
  return {};
}

// utf8Encode(string, u8Proto, bufferProto): a Uint8Array of the UTF-8 encoding; lone surrogates
// become U+FFFD (WHATWG Encoding "UTF-8 encode" of the USVString).
Value IUtf8Encode(VM& vm, CallArgs& args) {
  if (!args[0].IsString() || !args[1].IsObject() || !args[2].IsObject())
    return Internal(vm, "utf8Encode");
  std::string bytes = support::Utf16ToUtf8(args[0].AsString()->ToU16());
  ArrayBufferObject* b = NewBuffer(vm, args[2].AsObject(), static_cast<double>(bytes.size()));
  if (b == nullptr) return Value::Empty();
  if (!bytes.empty()) std::memcpy(b->data.data(), bytes.data(), bytes.size());
  auto* t = vm.heap().Alloc<TypedArrayObject>(ObjectClass::kTypedArray, vm.realm().empty_shape(),
                                              args[1].AsObject(), TypedKind::kUint8);
  t->set_internal(Value::FromObject(b));
  t->length = static_cast<uint32_t>(bytes.size());
  return Value::FromObject(t);
}

// utf8EncodeInto(string, u8) → [read, written] (§ TextEncoder.encodeInto): whole code points only.
Value IUtf8EncodeInto(VM& vm, CallArgs& args) {
  TypedArrayObject* t = AsTyped(args[1]);
  if (!args[0].IsString() || t == nullptr) return Internal(vm, "utf8EncodeInto");
  std::u16string s = args[0].AsString()->ToU16();
  uint8_t* out = ViewBytes(t);
  const size_t cap = t->length;
  size_t read = 0, written = 0;
  while (read < s.size()) {
    char32_t cp = s[read];
    size_t units = 1;
    if (support::IsLeadSurrogate(cp) && read + 1 < s.size() && support::IsTrailSurrogate(s[read + 1])) {
      cp = support::SurrogatePairToCodePoint(s[read], s[read + 1]);
      units = 2;
    } else if (support::IsSurrogate(cp)) {
      cp = 0xFFFD;
    }
    size_t n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (written + n > cap) break;
    uint8_t* p = out + written;
    if (n == 1) {
      p[0] = static_cast<uint8_t>(cp);
    } else if (n == 2) {
      p[0] = static_cast<uint8_t>(0xC0 | (cp >> 6));
      p[1] = static_cast<uint8_t>(0x80 | (cp & 63));
    } else if (n == 3) {
      p[0] = static_cast<uint8_t>(0xE0 | (cp >> 12));
      p[1] = static_cast<uint8_t>(0x80 | ((cp >> 6) & 63));
      p[2] = static_cast<uint8_t>(0x80 | (cp & 63));
    } else {
      p[0] = static_cast<uint8_t>(0xF0 | (cp >> 18));
      p[1] = static_cast<uint8_t>(0x80 | ((cp >> 12) & 63));
      p[2] = static_cast<uint8_t>(0x80 | ((cp >> 6) & 63));
      p[3] = static_cast<uint8_t>(0x80 | (cp & 63));
    }
    written += n;
    read += units;
  }
  Value pair[2] = {Value::Number(static_cast<double>(read)), Value::Number(static_cast<double>(written))};
  return Value::FromObject(vm.NewArrayFrom(pair));
}

// utf8IncompleteTail(bytes): how many final bytes (0-3) are a valid but unfinished UTF-8 sequence
// (kept back by a streaming decode).
Value IUtf8IncompleteTail(VM& vm, CallArgs& args) {
  std::string_view s = BytesOf(args[0]);
  const size_t n = s.size();
  for (size_t back = 1; back <= 3 && back <= n; ++back) {
    auto lead = static_cast<uint8_t>(s[n - back]);
    if (lead >= 0x80 && lead < 0xC0) continue;  // a continuation byte: look further back
    size_t need = lead >= 0xF0 && lead <= 0xF4   ? 4
                  : lead >= 0xE0 && lead <= 0xEF ? 3
                  : lead >= 0xC2 && lead <= 0xDF ? 2
                                                 : 0;
    if (need <= back) return Value::Number(0);
    // The bytes after the lead must fit the lead's second-byte range (Unicode Table 3-7).
    if (back >= 2) {
      auto second = static_cast<uint8_t>(s[n - back + 1]);
      uint8_t lo = 0x80, hi = 0xBF;
      if (lead == 0xE0) lo = 0xA0;
      if (lead == 0xED) hi = 0x9F;
      if (lead == 0xF0) lo = 0x90;
      if (lead == 0xF4) hi = 0x8F;
      if (second < lo || second > hi) return Value::Number(0);
    }
    return Value::Number(static_cast<double>(back));
  }
  return Value::Number(0);
}

// windows-1252 bytes 0x80-0x9F (WHATWG Encoding index-windows-1252); the other bytes are Latin-1.
constexpr char16_t kWindows1252High[32] = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};

// textDecode(bytes, encoding, fatal): encoding 0 UTF-8, 1 UTF-16LE, 2 ISO-8859-1 (each byte one code
// unit: Node.js 20's fast path for the windows-1252 labels), 3 windows-1252 (the standard's table, which
// Node.js uses once a decoder has streamed). Malformed input becomes U+FFFD, or undefined when `fatal`.
Value ITextDecode(VM& vm, CallArgs& args) {
  std::string_view s = BytesOf(args[0]);
  int enc = static_cast<int>(Num(args[1]));
  bool fatal = VM::ToBoolean(args[2]);
  vm.ChargeSteps(s.size() / 16);
  if (enc == 0) {
    if (fatal) {
      auto r = support::Utf8ToUtf16Strict(s);
      if (!r.ok()) return Value::Undefined();
      return Value::FromString(vm.NewStringU16(std::move(*r)));
    }
    return Value::FromString(vm.NewStringU16(support::Utf8ToUtf16(s)));
  }
  if (enc == 1) {
    std::u16string out;
    out.reserve(s.size() / 2 + 1);
    size_t i = 0;
    for (; i + 1 < s.size(); i += 2) {
      char16_t u = static_cast<char16_t>(static_cast<uint8_t>(s[i]) | (static_cast<uint8_t>(s[i + 1]) << 8));
      out.push_back(u);
    }
    bool odd = i < s.size();
    // Unpaired surrogates are errors (WHATWG Encoding §14.2.1 shared UTF-16 decoder).
    for (size_t k = 0; k < out.size(); ++k) {
      char16_t u = out[k];
      if (support::IsLeadSurrogate(u) && k + 1 < out.size() && support::IsTrailSurrogate(out[k + 1])) {
        ++k;
        continue;
      }
      if (support::IsSurrogate(u)) {
        if (fatal) return Value::Undefined();
        out[k] = 0xFFFD;
      }
    }
    if (odd) {
      if (fatal) return Value::Undefined();
      // A final unpaired lead surrogate and the odd byte after it are one error (WHATWG Encoding
      // §14.2.1 step 1: end of queue with a lead byte or lead surrogate set).
      bool lone_lead_last = !out.empty() && out.back() == 0xFFFD && s.size() >= 3 &&
                            support::IsLeadSurrogate(static_cast<char16_t>(
                                static_cast<uint8_t>(s[s.size() - 3]) |
                                (static_cast<uint8_t>(s[s.size() - 2]) << 8)));
      if (!lone_lead_last) out.push_back(0xFFFD);
    }
    return Value::FromString(vm.NewStringU16(std::move(out)));
  }
  if (enc == 2) return Value::FromString(vm.NewStringLatin1(std::string(s)));
  if (enc == 3) {
    std::u16string out(s.size(), u'\0');
    for (size_t i = 0; i < s.size(); ++i) {
      auto b = static_cast<uint8_t>(s[i]);
      out[i] = b >= 0x80 && b <= 0x9F ? kWindows1252High[b - 0x80] : b;
    }
    return Value::FromString(vm.NewStringU16(std::move(out)));
  }
  return Internal(vm, "textDecode encoding");
}

}  // namespace

void InstallTypedArrayIntrinsics(VM& vm, Object* intr, const Intrinsics& in) {
  auto fn = [&](const char* name, NativeFn f, uint32_t length, int32_t magic = 0) {
    vm.DefineValue(intr, name, Value::FromObject(vm.NewNative(name, f, length, magic)));
  };
  fn("bufferNew", IBufferNew, 2);
  fn("bufferByteLength", IBufferByteLength, 1);
  fn("bufferSlice", IBufferSlice, 4);
  fn("typedNew", ITypedNew, 5);
  fn("typedKind", ITypedKind, 1);
  fn("typedLength", ITypedLength, 1);
  fn("typedByteOffset", ITypedByteOffset, 1);
  fn("typedBuffer", ITypedBuffer, 1);
  fn("isTypedNumericKey", IIsTypedNumericKey, 2);
  fn("typedCopyWithin", ITypedCopyWithin, 4);
  fn("typedSetTyped", ITypedSetTyped, 5);
  fn("typedFill", ITypedFill, 4);
  fn("typedSort", ITypedSort, 1);
  fn("typedReverse", ITypedReverse, 1);
  fn("typedIndexOf", ITypedIndexOf, 4);
  fn("typedJoin", ITypedJoin, 2);
  fn("typedValues", TypedIterator, 0, static_cast<int32_t>(IteratorObject::Kind::kArrayValues));
  fn("typedKeys", TypedIterator, 0, static_cast<int32_t>(IteratorObject::Kind::kArrayKeys));
  fn("typedEntries", TypedIterator, 0, static_cast<int32_t>(IteratorObject::Kind::kArrayEntries));
  fn("dataViewGet", IDataViewGet, 4);
  fn("dataViewSet", IDataViewSet, 5);
  fn("utf8Encode", IUtf8Encode, 3);
  fn("utf8EncodeInto", IUtf8EncodeInto, 2);
  fn("utf8IncompleteTail", IUtf8IncompleteTail, 1);
  fn("textDecode", ITextDecode, 3);
  (void)in;
}

}  // namespace codemode::vm
