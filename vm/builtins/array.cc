// Array built-ins (ECMA-262 2024 §23.1): the constructor, Array.isArray, get Array[@@species], the
// iterator-returning methods and native fast paths of the hot Array.prototype methods.
//
// A fast path only handles a "plain" array: an Array whose indexed properties are all default data
// properties in the dense element vector (elements().size() <= length; indices past the vector are
// holes), whose prototype chain has no indexed properties (so a hole reads as undefined and an
// index write meets no setter), and, for methods that create arrays, whose constructor is %Array%
// (no species). Arguments that would need program code (objects to coerce) or would throw make the
// native tail-call its slow path in vm/prelude/10-array.js — the full spec algorithm, registered on
// the native's `data` by __intrinsics__.setNativeFallback. Callback methods are prelude-only.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "vm/realm.h"
#include "vm/support/numconv.h"
#include "vm/vm.h"

namespace codemode::vm {
namespace objlib {
// Defined in object.cc.
Value ToObjectValue(VM& vm, Value v, std::string_view what);
bool IsNativeFn(Value v, NativeFn fn);
Value SlowPath(VM& vm, CallArgs& args);
NativeFunction* InstallIntrinsic(VM& vm, std::string_view name, NativeFn fn, uint32_t length);
}  // namespace objlib

namespace {

using objlib::IsNativeFn;
using objlib::SlowPath;

Value ArrayConstructor(VM& vm, CallArgs& args);
Value ArraySpecies(VM& vm, CallArgs& args);
Value ArrayJoin(VM& vm, CallArgs& args);

constexpr double kMaxArrayIndexLength = 4294967295.0;

// ---- helpers
// -------------------------------------------------------------------------------------

// The array behind `v` if it is an Array with only default data elements in the dense vector (not
// sparse, not frozen). Read through copy-on-write; call vm.Writable before mutating.
ArrayObject* PlainArray(VM& vm, Value v) {
  if (!v.IsObject()) return nullptr;
  Object* o = vm.Resolve(v.AsObject());
  if (o->klass() != ObjectClass::kArray || !o->simple_elements()) return nullptr;
  return static_cast<ArrayObject*>(o);
}

// True when no object on the prototype chain of `o` has indexed properties: a hole then reads as
// undefined, HasProperty of a hole is false, and writing an index never meets a setter.
bool CleanProtoChain(VM& vm, Object* o) {
  int depth = 0;
  for (Object* p = o->proto(); p != nullptr; p = p->proto()) {
    p = vm.Resolve(p);
    if (p->klass() == ObjectClass::kString || !p->elements().empty()) return false;
    if (p->sparse() != nullptr && !p->sparse()->empty()) return false;
    if (++depth > 64) return false;
  }
  return true;
}

// A plain array with a clean prototype chain (reads).
ArrayObject* ReadableArray(VM& vm, Value v) {
  ArrayObject* a = PlainArray(vm, v);
  return a != nullptr && CleanProtoChain(vm, a) ? a : nullptr;
}

// Also extensible (neither sealed nor preventExtensions'd) with a writable length (writes).
ArrayObject* MutableArray(VM& vm, Value v) {
  ArrayObject* a = ReadableArray(vm, v);
  return a != nullptr && a->extensible() && a->length_writable ? a : nullptr;
}

// ArraySpeciesCreate (ECMA-262 §10.4.2.3) would create a plain Array: `a.constructor` is %Array%
// and %Array%[@@species] is still the original getter.
bool DefaultSpecies(VM& vm, Object* a) {
  VM::Lookup c = vm.FindProperty(a, vm.KeyFromAtom(vm.atom(AtomId::constructor)));
  if (!c.found || c.is_accessor() || !IsNativeFn(c.value, ArrayConstructor)) return false;
  VM::Lookup s =
      vm.FindProperty(c.value.AsObject(), PropertyKey::Sym(vm.realm().intrinsics().sym_species));
  return s.found && s.is_accessor() &&
         IsNativeFn(static_cast<Accessor*>(s.value.AsHeap())->getter, ArraySpecies);
}

// ToIntegerOrInfinity (ECMA-262 §7.1.5) of a primitive that converts without throwing; false for
// objects (valueOf is program code), symbols and BigInts (they throw): the caller's slow path.
bool IntegerArg(VM& vm, Value v, double* out) {
  switch (v.tag()) {
    case Tag::kNumber:
      *out = support::ToIntegerOrInfinity(v.AsNumber());
      return true;
    case Tag::kInt:
      *out = static_cast<double>(v.AsInt());
      return true;
    case Tag::kUndefined:
    case Tag::kNull:
      *out = 0;
      return true;
    case Tag::kBool:
    case Tag::kString:
      *out = support::ToIntegerOrInfinity(vm.ToNumberPrimitive(v));
      return !vm.has_exception();
    default:
      return false;
  }
}

// The relative-index clamp of slice/splice/fill/copyWithin: negative counts from the end.
uint64_t Clamp(double rel, uint64_t len) {
  if (rel < 0) {
    double r = static_cast<double>(len) + rel;
    return r <= 0 ? 0 : static_cast<uint64_t>(r);
  }
  return rel >= static_cast<double>(len) ? len : static_cast<uint64_t>(rel);
}

void AccountGrowth(VM& vm, const std::vector<Value>& el, size_t old_capacity) {
  if (el.capacity() != old_capacity)
    vm.heap().Account((static_cast<int64_t>(el.capacity()) - static_cast<int64_t>(old_capacity)) *
                      static_cast<int64_t>(sizeof(Value)));
}

// Whether a dense vector of n elements may be allocated now (the array limit and the memory left);
// when not, the slow path does the work element by element and the VM's own checks apply.
bool CanHold(VM& vm, uint64_t n, size_t current) {
  if (n > vm.limits().max_array_length) return false;
  if (n <= current) return true;
  uint64_t extra = (n - current) * sizeof(Value);
  uint64_t used = vm.heap().bytes();
  return used + extra <= vm.limits().max_memory_bytes;
}

// Makes the element vector of a writable array cover [0, n) (new slots are holes).
bool EnsureDense(VM& vm, ArrayObject* w, uint64_t n) {
  auto& el = w->elements();
  if (el.size() >= n) return true;
  if (!CanHold(vm, n, el.size())) return false;
  size_t cap = el.capacity();
  vm.ChargeSteps((n - el.size()) / 16);
  el.resize(n, Value::Empty());
  AccountGrowth(vm, el, cap);
  return true;
}

ArrayObject* NewArrayWith(VM& vm, std::vector<Value> elements, uint64_t length) {
  ArrayObject* r = vm.NewArray();
  r->elements() = std::move(elements);
  r->length = static_cast<uint32_t>(length);
  vm.heap().Account(static_cast<int64_t>(r->elements().capacity() * sizeof(Value)));
  return r;
}

Value At(ArrayObject* a, uint64_t i) {
  const auto& el = a->elements();
  return i < el.size() ? el[i] : Value::Empty();
}

// ---- Array
// ---------------------------------------------------------------------------------------

// Array(...args) / new Array(...args) (ECMA-262 §23.1.1.1).
Value ArrayConstructor(VM& vm, CallArgs& args) {
  const Intrinsics& in = vm.realm().intrinsics();
  Object* proto = in.array_prototype;
  if (args.new_target.IsObject() && !IsNativeFn(args.new_target, ArrayConstructor)) {
    // GetPrototypeFromConstructor: subclasses (class X extends Array).
    Value p = vm.GetData(args.new_target.AsObject(), vm.KeyFromAtom(vm.atom(AtomId::prototype)));
    if (p.IsObject()) proto = p.AsObject();
  }
  ArrayObject* a;
  if (args.argc == 1) {
    Value len = args[0];
    if (len.IsNumber() || len.IsInt()) {
      double d = len.IsNumber() ? len.AsNumber() : static_cast<double>(len.AsInt());
      if (!(d >= 0 && d <= kMaxArrayIndexLength && d == std::trunc(d)))
        return vm.ThrowRangeError("Invalid array length");
      a = vm.NewArray();
      a->length = static_cast<uint32_t>(d);  // all holes: nothing allocated
    } else {
      a = vm.NewArrayFrom(std::span<const Value>(args.argv, 1));
    }
  } else {
    a = vm.NewArrayFrom(std::span<const Value>(args.argv, args.argc));
  }
  if (proto != in.array_prototype) a->set_proto(proto);
  return Value::FromObject(a);
}

// Array.isArray (ECMA-262 §23.1.2.2).
Value ArrayIsArray(VM& vm, CallArgs& args) { return Value::Bool(vm.IsArray(args[0])); }

// get Array[@@species] (ECMA-262 §23.1.2.5).
Value ArraySpecies(VM& vm, CallArgs& args) { return args.this_value; }

// ---- Array.prototype fast paths
// -------------------------------------------------------------------

// push (ECMA-262 §23.1.3.23).
Value ArrayPush(VM& vm, CallArgs& args) {
  ArrayObject* a = MutableArray(vm, args.this_value);
  if (a != nullptr && a->elements().size() == a->length) {
    uint64_t new_len = static_cast<uint64_t>(a->length) + args.argc;
    if (CanHold(vm, new_len, a->elements().size())) {
      auto* w = static_cast<ArrayObject*>(vm.Writable(a));
      auto& el = w->elements();
      size_t cap = el.capacity();
      el.insert(el.end(), args.argv, args.argv + args.argc);
      AccountGrowth(vm, el, cap);
      w->length = static_cast<uint32_t>(new_len);
      return Value::Number(static_cast<double>(new_len));
    }
  }
  return SlowPath(vm, args);
}

// pop (ECMA-262 §23.1.3.22).
Value ArrayPop(VM& vm, CallArgs& args) {
  ArrayObject* a = MutableArray(vm, args.this_value);
  if (a == nullptr) return SlowPath(vm, args);
  if (a->length == 0) return Value::Undefined();
  uint32_t idx = a->length - 1;
  auto* w = static_cast<ArrayObject*>(vm.Writable(a));
  auto& el = w->elements();
  Value v = At(w, idx);
  if (el.size() > idx) el.resize(idx);
  w->length = idx;
  return v.IsEmpty() ? Value::Undefined() : v;
}

// shift (ECMA-262 §23.1.3.27). Holes move down with the elements.
Value ArrayShift(VM& vm, CallArgs& args) {
  ArrayObject* a = MutableArray(vm, args.this_value);
  if (a == nullptr) return SlowPath(vm, args);
  if (a->length == 0) return Value::Undefined();
  auto* w = static_cast<ArrayObject*>(vm.Writable(a));
  auto& el = w->elements();
  Value first = At(w, 0);
  if (!el.empty()) el.erase(el.begin());
  w->length--;
  vm.ChargeSteps(el.size() / 16);
  return first.IsEmpty() ? Value::Undefined() : first;
}

// unshift (ECMA-262 §23.1.3.35).
Value ArrayUnshift(VM& vm, CallArgs& args) {
  ArrayObject* a = MutableArray(vm, args.this_value);
  if (a != nullptr) {
    uint64_t new_len = static_cast<uint64_t>(a->length) + args.argc;
    if (new_len <= kMaxArrayIndexLength &&
        CanHold(vm, a->elements().size() + args.argc, a->elements().size())) {
      if (args.argc > 0) {
        auto* w = static_cast<ArrayObject*>(vm.Writable(a));
        auto& el = w->elements();
        size_t cap = el.capacity();
        el.insert(el.begin(), args.argv, args.argv + args.argc);
        AccountGrowth(vm, el, cap);
        w->length = static_cast<uint32_t>(new_len);
        vm.ChargeSteps(el.size() / 16);
      }
      return Value::Number(static_cast<double>(new_len));
    }
  }
  return SlowPath(vm, args);
}

// slice (ECMA-262 §23.1.3.28). Holes stay holes in the result.
Value ArraySlice(VM& vm, CallArgs& args) {
  ArrayObject* a = ReadableArray(vm, args.this_value);
  double start, end = 0;
  if (a == nullptr || !DefaultSpecies(vm, a) || !IntegerArg(vm, args[0], &start) ||
      (!args[1].IsUndefined() && !IntegerArg(vm, args[1], &end)))
    return SlowPath(vm, args);
  uint64_t len = a->length;
  uint64_t k = Clamp(start, len);
  uint64_t fin = args[1].IsUndefined() ? len : Clamp(end, len);
  uint64_t count = fin > k ? fin - k : 0;
  auto& el = a->elements();
  std::vector<Value> out;
  if (count > 0 && k < el.size()) {
    uint64_t stop = std::min<uint64_t>(fin, el.size());
    out.assign(el.begin() + static_cast<ptrdiff_t>(k), el.begin() + static_cast<ptrdiff_t>(stop));
  }
  vm.ChargeSteps(out.size() / 16);
  return Value::FromObject(NewArrayWith(vm, std::move(out), count));
}

// splice (ECMA-262 §23.1.3.31).
Value ArraySplice(VM& vm, CallArgs& args) {
  ArrayObject* a = MutableArray(vm, args.this_value);
  double start = 0, dc_arg = 0;
  if (a == nullptr || !DefaultSpecies(vm, a) || !IntegerArg(vm, args[0], &start) ||
      (args.argc >= 2 && !IntegerArg(vm, args[1], &dc_arg)))
    return SlowPath(vm, args);
  uint64_t len = a->length;
  uint64_t actual_start = Clamp(start, len);
  uint64_t dc = 0;
  if (args.argc == 1) {
    dc = len - actual_start;
  } else if (args.argc >= 2) {
    dc = dc_arg <= 0 ? 0 : std::min<double>(dc_arg, static_cast<double>(len - actual_start));
  }
  uint32_t item_count = args.argc > 2 ? args.argc - 2 : 0;
  uint64_t new_len = len - dc + item_count;
  if (new_len > kMaxArrayIndexLength) return SlowPath(vm, args);
  size_t size = a->elements().size();
  uint64_t need = actual_start + dc;  // the vector must reach the deleted range
  if (!CanHold(vm, std::max<uint64_t>(need, size) + item_count, size)) return SlowPath(vm, args);
  auto* w = static_cast<ArrayObject*>(vm.Writable(a));
  if (!EnsureDense(vm, w, need)) return SlowPath(vm, args);
  auto& el = w->elements();
  auto first = el.begin() + static_cast<ptrdiff_t>(actual_start);
  std::vector<Value> removed(first, first + static_cast<ptrdiff_t>(dc));
  size_t cap = el.capacity();
  el.erase(first, first + static_cast<ptrdiff_t>(dc));
  if (item_count > 0)
    el.insert(el.begin() + static_cast<ptrdiff_t>(actual_start), args.argv + 2,
              args.argv + 2 + item_count);
  AccountGrowth(vm, el, cap);
  w->length = static_cast<uint32_t>(new_len);
  vm.ChargeSteps((el.size() + removed.size()) / 16);
  return Value::FromObject(NewArrayWith(vm, std::move(removed), dc));
}

// indexOf (ECMA-262 §23.1.3.17) and lastIndexOf (§23.1.3.20); magic 1 = lastIndexOf. Holes are
// skipped (HasProperty is false for them on a clean chain).
Value ArrayIndexOf(VM& vm, CallArgs& args) {
  ArrayObject* a = ReadableArray(vm, args.this_value);
  bool last = static_cast<NativeFunction*>(args.callee)->magic == 1;
  double n = 0;
  bool has_from = args.argc > 1;
  if (a == nullptr || (has_from && !IntegerArg(vm, args[1], &n))) return SlowPath(vm, args);
  int64_t len = a->length;
  if (len == 0) return Value::Number(-1);
  const auto& el = a->elements();
  Value search = args[0];
  int64_t size = static_cast<int64_t>(el.size());
  if (!last) {
    if (n == INFINITY) return Value::Number(-1);
    double kd = n >= 0 ? std::min<double>(n, static_cast<double>(len))
                       : std::max<double>(static_cast<double>(len) + n, 0.0);
    int64_t k = static_cast<int64_t>(kd);
    for (int64_t i = k; i < size && i < len; ++i) {
      if (!el[i].IsEmpty() && vm.StrictEquals(el[i], search)) {
        vm.ChargeSteps(static_cast<uint64_t>(i - k) / 16);
        return Value::Number(static_cast<double>(i));
      }
    }
    vm.ChargeSteps(static_cast<uint64_t>(std::max<int64_t>(0, size - k)) / 16);
    return Value::Number(-1);
  }
  if (!has_from) n = static_cast<double>(len - 1);
  if (n == -INFINITY) return Value::Number(-1);
  double kd = n >= 0 ? std::min<double>(n, static_cast<double>(len - 1)) : len + n;
  if (kd < 0) return Value::Number(-1);
  int64_t k = static_cast<int64_t>(kd);
  for (int64_t i = std::min<int64_t>(k, size - 1); i >= 0; --i) {
    if (!el[i].IsEmpty() && vm.StrictEquals(el[i], search)) {
      vm.ChargeSteps(static_cast<uint64_t>(k - i) / 16);
      return Value::Number(static_cast<double>(i));
    }
  }
  vm.ChargeSteps(static_cast<uint64_t>(std::min<int64_t>(k + 1, size)) / 16);
  return Value::Number(-1);
}

// includes (ECMA-262 §23.1.3.16): SameValueZero, holes read as undefined.
Value ArrayIncludes(VM& vm, CallArgs& args) {
  ArrayObject* a = ReadableArray(vm, args.this_value);
  double n = 0;
  if (a == nullptr || !IntegerArg(vm, args[1], &n)) return SlowPath(vm, args);
  double len = a->length;
  if (len == 0 || n == INFINITY) return Value::Bool(false);
  uint64_t k = n >= 0 ? static_cast<uint64_t>(std::min(n, len))
                      : static_cast<uint64_t>(std::max(len + n, 0.0));
  const auto& el = a->elements();
  Value search = args[0];
  for (uint64_t i = k; i < el.size(); ++i) {
    Value v = el[i].IsEmpty() ? Value::Undefined() : el[i];
    if (vm.SameValueZero(v, search)) {
      vm.ChargeSteps((i - k) / 16);
      return Value::Bool(true);
    }
  }
  vm.ChargeSteps(el.size() > k ? (el.size() - k) / 16 : 0);
  // Indices past the vector are holes, i.e. undefined.
  return Value::Bool(search.IsUndefined() && std::max<uint64_t>(k, el.size()) < a->length);
}

// Accumulates a string of UTF-16 code units, one byte per unit while every unit fits (DESIGN §4).
class TextBuilder {
 public:
  void Append(String* s) {
    s->Flatten();
    if (s->is_one_byte()) {
      std::string_view v = s->one_byte_view();
      if (two_) {
        for (unsigned char c : v) u16_.push_back(c);
      } else {
        one_.append(v);
      }
    } else {
      Upgrade();
      u16_.append(s->two_byte_view());
    }
  }
  void AppendAscii(std::string_view v) {
    if (two_) {
      for (char c : v) u16_.push_back(static_cast<unsigned char>(c));
    } else {
      one_.append(v);
    }
  }
  size_t size() const { return two_ ? u16_.size() : one_.size(); }
  size_t bytes() const { return two_ ? u16_.size() * 2 : one_.size(); }
  String* Finish(VM& vm) {
    return two_ ? vm.NewStringU16(std::move(u16_)) : vm.NewStringLatin1(std::move(one_));
  }

 private:
  void Upgrade() {
    if (two_) return;
    two_ = true;
    u16_.reserve(one_.size() * 2 + 16);
    for (unsigned char c : one_) u16_.push_back(c);
    one_.clear();
    one_.shrink_to_fit();
  }
  bool two_ = false;
  std::string one_;
  std::u16string u16_;
};

// False (after throwing RangeError or terminating) when the string grows past the limits.
bool CheckText(VM& vm, const TextBuilder& b) {
  if (b.size() > vm.limits().max_string_length) {
    vm.ThrowRangeError("Invalid string length");
    return false;
  }
  if (vm.heap().bytes() + b.bytes() > vm.limits().max_memory_bytes) {
    vm.Terminate(Termination::kMemoryLimit, "memory limit exceeded while joining an array");
    return false;
  }
  return true;
}

// Appends ToString of a primitive (not a symbol); holes, undefined and null are "" (join's rule).
void AppendPrimitive(VM& vm, TextBuilder& b, Value v) {
  char buf[support::kNumberToCharsBufferSize];
  switch (v.tag()) {
    case Tag::kString:
      b.Append(v.AsString());
      break;
    case Tag::kNumber:
      b.AppendAscii(std::string_view(buf, support::NumberToChars(v.AsNumber(), buf)));
      break;
    case Tag::kInt:
      b.AppendAscii(std::to_string(v.AsInt()));
      break;
    case Tag::kBool:
      b.AppendAscii(v.AsBool() ? "true" : "false");
      break;
    default:
      break;
  }
}

bool JoinablePrimitive(Value v) {
  switch (v.tag()) {
    case Tag::kUndefined:
    case Tag::kNull:
    case Tag::kBool:
    case Tag::kNumber:
    case Tag::kInt:
    case Tag::kString:
    case Tag::kEmpty:
      return true;
    default:
      return false;
  }
}

// join (ECMA-262 §23.1.3.18) when the separator and every element are primitives that convert
// without program code (strings, numbers, booleans, null, undefined, holes).
Value ArrayJoin(VM& vm, CallArgs& args) {
  ArrayObject* a = ReadableArray(vm, args.this_value);
  Value sep_arg = args[0];
  if (a == nullptr || !(sep_arg.IsUndefined() || JoinablePrimitive(sep_arg)))
    return SlowPath(vm, args);
  const auto& el = a->elements();
  for (const Value& v : el)
    if (!JoinablePrimitive(v)) return SlowPath(vm, args);
  vm.ChargeSteps(el.size() / 16);
  String* sep = sep_arg.IsUndefined() ? vm.Intern(",") : vm.ToStringPrimitive(sep_arg);
  if (sep == nullptr) return Value::Empty();
  uint32_t len = a->length;
  if (len == 0) return Value::FromString(vm.empty_string());
  if (len == 1 && !el.empty() && el[0].IsString()) return el[0];
  // The separators alone may exceed the string limit (new Array(1e9).join()).
  if (static_cast<uint64_t>(len - 1) * sep->length() > vm.limits().max_string_length)
    return vm.ThrowRangeError("Invalid string length");
  TextBuilder b;
  size_t since_check = 0;
  for (uint32_t i = 0; i < len; ++i) {
    if (i > 0) b.Append(sep);
    if (i < el.size()) AppendPrimitive(vm, b, el[i]);
    if (++since_check >= 256 || b.size() > (1u << 20)) {
      since_check = 0;
      if (!CheckText(vm, b)) return Value::Empty();
      vm.ChargeSteps(4);
    }
  }
  if (!CheckText(vm, b)) return Value::Empty();
  vm.ChargeSteps(b.size() / 64);
  return Value::FromString(b.Finish(vm));
}

// concat (ECMA-262 §23.1.3.2) of plain arrays and values; anything with @@isConcatSpreadable, a
// non-plain array or a species constructor goes to the prelude.
Value ArrayConcat(VM& vm, CallArgs& args) {
  ArrayObject* a = ReadableArray(vm, args.this_value);
  if (a == nullptr || !DefaultSpecies(vm, a)) return SlowPath(vm, args);
  Symbol* spreadable = vm.realm().intrinsics().sym_is_concat_spreadable;
  uint64_t total = 0;
  for (uint32_t i = 0; i <= args.argc; ++i) {
    Value e = i == 0 ? args.this_value : args.argv[i - 1];
    if (!e.IsObject()) {
      ++total;
      continue;
    }
    if (vm.FindProperty(e.AsObject(), PropertyKey::Sym(spreadable)).found)
      return SlowPath(vm, args);
    if (vm.IsArray(e)) {
      ArrayObject* part = ReadableArray(vm, e);
      if (part == nullptr) return SlowPath(vm, args);
      total += part->length;
    } else {
      ++total;
    }
  }
  if (total > kMaxArrayIndexLength || !CanHold(vm, total, 0)) return SlowPath(vm, args);
  std::vector<Value> out;
  out.reserve(total);
  for (uint32_t i = 0; i <= args.argc; ++i) {
    Value e = i == 0 ? args.this_value : args.argv[i - 1];
    if (e.IsObject() && vm.IsArray(e)) {
      ArrayObject* part = static_cast<ArrayObject*>(vm.Resolve(e.AsObject()));
      const auto& el = part->elements();
      out.insert(out.end(), el.begin(), el.end());
      out.resize(out.size() + (part->length - el.size()), Value::Empty());
    } else {
      out.push_back(e);
    }
  }
  vm.ChargeSteps(out.size() / 16);
  return Value::FromObject(NewArrayWith(vm, std::move(out), total));
}

// reverse (ECMA-262 §23.1.3.26): holes trade places with values as in the spec's loop.
Value ArrayReverse(VM& vm, CallArgs& args) {
  ArrayObject* a = MutableArray(vm, args.this_value);
  if (a == nullptr) return SlowPath(vm, args);
  if (a->length <= 1) return args.this_value;
  if (!CanHold(vm, a->length, a->elements().size())) return SlowPath(vm, args);
  auto* w = static_cast<ArrayObject*>(vm.Writable(a));
  if (!EnsureDense(vm, w, w->length)) return SlowPath(vm, args);
  std::reverse(w->elements().begin(), w->elements().end());
  vm.ChargeSteps(w->length / 16);
  return args.this_value;
}

// fill (ECMA-262 §23.1.3.7).
Value ArrayFill(VM& vm, CallArgs& args) {
  ArrayObject* a = MutableArray(vm, args.this_value);
  double start, end = 0;
  if (a == nullptr || !IntegerArg(vm, args[1], &start) ||
      (!args[2].IsUndefined() && !IntegerArg(vm, args[2], &end)))
    return SlowPath(vm, args);
  uint64_t len = a->length;
  uint64_t k = Clamp(start, len);
  uint64_t fin = args[2].IsUndefined() ? len : Clamp(end, len);
  if (k >= fin) return args.this_value;
  if (!CanHold(vm, fin, a->elements().size())) return SlowPath(vm, args);
  auto* w = static_cast<ArrayObject*>(vm.Writable(a));
  if (!EnsureDense(vm, w, fin)) return SlowPath(vm, args);
  std::fill(w->elements().begin() + static_cast<ptrdiff_t>(k),
            w->elements().begin() + static_cast<ptrdiff_t>(fin), args[0]);
  vm.ChargeSteps((fin - k) / 16);
  return args.this_value;
}

// at (ECMA-262 §23.1.3.1).
Value ArrayAt(VM& vm, CallArgs& args) {
  ArrayObject* a = ReadableArray(vm, args.this_value);
  double rel;
  if (a == nullptr || !IntegerArg(vm, args[0], &rel)) return SlowPath(vm, args);
  double k = rel >= 0 ? rel : a->length + rel;
  if (k < 0 || k >= a->length) return Value::Undefined();
  Value v = At(a, static_cast<uint64_t>(k));
  return v.IsEmpty() ? Value::Undefined() : v;
}

// sort (ECMA-262 §23.1.3.30) with the default comparator on primitives: a stable sort by the
// elements' strings compared as UTF-16 code units, undefineds after them, holes last. A comparator
// or an element whose ToString is program code (objects) or throws (symbols) goes to the prelude.
Value ArraySort(VM& vm, CallArgs& args) {
  Value cmp = args[0];
  if (!cmp.IsUndefined()) {
    if (!vm.IsCallable(cmp))
      return vm.ThrowTypeError("The comparison function must be either a function or undefined");
    return SlowPath(vm, args);
  }
  ArrayObject* a = MutableArray(vm, args.this_value);
  if (a == nullptr) return SlowPath(vm, args);
  if (a->length < 2) return args.this_value;
  const auto& el = a->elements();
  struct Item {
    String* key;
    Value value;
  };
  std::vector<Item> items;
  items.reserve(el.size());
  size_t undefs = 0;
  for (const Value& v : el) {
    if (v.IsEmpty()) continue;
    if (v.IsUndefined()) {
      ++undefs;
      continue;
    }
    if (v.IsString()) {
      items.push_back({v.AsString(), v});
    } else if (JoinablePrimitive(v) || v.IsBigInt()) {
      String* s = vm.ToStringPrimitive(v);
      if (s == nullptr) return Value::Empty();
      items.push_back({s, v});
    } else {
      return SlowPath(vm, args);
    }
  }
  double n = static_cast<double>(items.size());
  vm.ChargeSteps(static_cast<uint64_t>(n * std::log2(n + 2) / 8));
  std::stable_sort(items.begin(), items.end(),
                   [](const Item& x, const Item& y) { return String::Compare(x.key, y.key) < 0; });
  auto* w = static_cast<ArrayObject*>(vm.Writable(a));
  auto& out = w->elements();
  size_t i = 0;
  for (; i < items.size(); ++i) out[i] = items[i].value;
  for (size_t j = 0; j < undefs; ++j, ++i) out[i] = Value::Undefined();
  out.resize(i);  // the holes move past the values (the spec deletes the rest)
  return args.this_value;
}

// keys / values / entries (ECMA-262 §23.1.3.19, .36, .5): magic is the IteratorObject::Kind.
Value ArrayIterator(VM& vm, CallArgs& args) {
  Value o = objlib::ToObjectValue(vm, args.this_value, "");
  if (o.IsEmpty()) return o;
  auto kind = static_cast<IteratorObject::Kind>(static_cast<NativeFunction*>(args.callee)->magic);
  return Value::FromObject(vm.NewIterator(kind, o));
}

// toString (ECMA-262 §23.1.3.34): this.join() if callable, else %Object.prototype.toString%
// (prelude).
Value ArrayToString(VM& vm, CallArgs& args) {
  Value o = objlib::ToObjectValue(vm, args.this_value, "");
  if (o.IsEmpty()) return o;
  Value join, getter;
  if (!vm.GetNoCall(o, o.AsObject(), vm.KeyFromAtom(vm.atom(AtomId::join)), &join, &getter))
    return SlowPath(vm, args);
  if (IsNativeFn(join, ArrayJoin)) {
    CallArgs inner{o, nullptr, 0, Value::Undefined(), join.AsObject()};
    return ArrayJoin(vm, inner);
  }
  if (vm.IsCallable(join)) return vm.TailCall(join, o, {});
  return SlowPath(vm, args);
}

// __intrinsics__.plainIndexKeys(O, len): the indices below len that O has, ascending, when reading
// and deleting them runs no program code (every own indexed property is a data property and the
// prototype chain has no indexed properties) and most indices are holes; otherwise undefined. Lets
// the sort slow path skip the holes of a sparse array instead of probing every index up to its
// length.
Value IPlainIndexKeys(VM& vm, CallArgs& args) {
  if (!args[0].IsObject() || !args[1].IsNumber()) return Value::Undefined();
  Object* o = vm.Resolve(args[0].AsObject());
  if (o->klass() == ObjectClass::kString || !CleanProtoChain(vm, o)) return Value::Undefined();
  double len = args[1].AsNumber();
  // Worth it only when most indices below len are holes.
  size_t have = o->elements().size() + (o->sparse() != nullptr ? o->sparse()->size() : 0);
  if (static_cast<double>(have) * 2 >= len) return Value::Undefined();
  std::vector<Value> out;
  for (const PropertyKey& k : vm.OwnKeys(o, true, false, false)) {
    if (!k.is_index()) continue;
    if (k.index >= len) break;
    VM::Lookup l = vm.GetOwnProperty(o, k);
    if (l.is_accessor()) return Value::Undefined();
    out.push_back(Value::Number(k.index));
  }
  vm.ChargeSteps(out.size() / 16);
  return Value::FromObject(vm.NewArrayFrom(out));
}

}  // namespace

// Installs Array, Array.isArray, Array[@@species], Array.prototype's native methods, @@iterator and
// @@unscopables. Array.from/of and the callback methods come from the prelude (10-array.js).
void InstallArrayBuiltins(VM& vm, Intrinsics& in) {
  Object* proto = in.array_prototype;
  NativeFunction* ctor = vm.NewNative("Array", ArrayConstructor, 1, 0, true);
  vm.DefineValue(ctor, "prototype", Value::FromObject(proto), 0);
  vm.DefineValue(proto, "constructor", Value::FromObject(ctor));
  vm.DefineValue(in.global, "Array", Value::FromObject(ctor));
  vm.DefineMethod(ctor, "isArray", ArrayIsArray, 1);
  NativeFunction* species = vm.NewNative("get [Symbol.species]", ArraySpecies, 0);
  vm.DefineAccessor(ctor, PropertyKey::Sym(in.sym_species), Value::FromObject(species),
                    Value::Undefined(), kConfigurable);

  vm.DefineMethod(proto, "at", ArrayAt, 1);
  vm.DefineMethod(proto, "concat", ArrayConcat, 1);
  vm.DefineMethod(proto, "fill", ArrayFill, 1);
  vm.DefineMethod(proto, "includes", ArrayIncludes, 1);
  vm.DefineMethod(proto, "indexOf", ArrayIndexOf, 1, 0);
  vm.DefineMethod(proto, "join", ArrayJoin, 1);
  vm.DefineMethod(proto, "lastIndexOf", ArrayIndexOf, 1, 1);
  vm.DefineMethod(proto, "pop", ArrayPop, 0);
  vm.DefineMethod(proto, "push", ArrayPush, 1);
  vm.DefineMethod(proto, "reverse", ArrayReverse, 0);
  vm.DefineMethod(proto, "shift", ArrayShift, 0);
  vm.DefineMethod(proto, "slice", ArraySlice, 2);
  vm.DefineMethod(proto, "sort", ArraySort, 1);
  vm.DefineMethod(proto, "splice", ArraySplice, 2);
  vm.DefineMethod(proto, "toString", ArrayToString, 0);
  vm.DefineMethod(proto, "unshift", ArrayUnshift, 1);
  vm.DefineMethod(proto, "entries", ArrayIterator, 0,
                  static_cast<int32_t>(IteratorObject::Kind::kArrayEntries));
  vm.DefineMethod(proto, "keys", ArrayIterator, 0,
                  static_cast<int32_t>(IteratorObject::Kind::kArrayKeys));
  NativeFunction* values = vm.DefineMethod(
      proto, "values", ArrayIterator, 0, static_cast<int32_t>(IteratorObject::Kind::kArrayValues));
  vm.DefineOwnProperty(proto, PropertyKey::Sym(in.sym_iterator), Value::FromObject(values),
                       kHiddenAttrs);
  in.array_values = values;

  // Array.prototype[@@unscopables] (ECMA-262 §23.1.3.38): a null-prototype object of `true`s.
  Object* unscopables = vm.NewObjectWithProto(nullptr);
  for (const char* name :
       {"at", "copyWithin", "entries", "fill", "find", "findIndex", "findLast", "findLastIndex",
        "flat", "flatMap", "includes", "keys", "values", "toReversed", "toSorted", "toSpliced"})
    vm.DefineValue(unscopables, name, Value::Bool(true), kDefaultAttrs);
  vm.DefineOwnProperty(proto, PropertyKey::Sym(in.sym_unscopables), Value::FromObject(unscopables),
                       kConfigurable);
  objlib::InstallIntrinsic(vm, "plainIndexKeys", IPlainIndexKeys, 2);
}

}  // namespace codemode::vm
