// Helpers shared by the built-ins of the primitive types (string.cc, number.cc, math.cc, symbol.cc,
// globals.cc). Private to vm/builtins.
//
// Program code never runs from C++ (DESIGN §3.1). A native whose argument needs a user-visible
// coercion (an object argument to ToString/ToNumber calls valueOf/toString/Symbol.toPrimitive) asks
// the interpreter to tail-call its *fallback* instead: a prelude function stored in the native's
// NativeFunction::data by `__intrinsics__.primSetFallback(native, fallback)`
// (vm/prelude/20-string.js). The generic fallback `recall(native, this, argsArray, spec, newTarget,
// name)` coerces `this` and the arguments in the spec's order and calls the native again with
// primitives only.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "absl/strings/string_view.h"
#include "vm/object.h"
#include "vm/realm.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace codemode::vm::prim {

// String concatenation for messages (this Abseil's StrCat does not take std::string_view).
inline void AppendPiece(std::string* out, std::string_view s) { out->append(s); }
template <typename N, typename = std::enable_if_t<std::is_arithmetic_v<N>>>
void AppendPiece(std::string* out, N n) {
  out->append(std::to_string(n));
}
template <typename... Args>
std::string Cat(const Args&... args) {
  std::string out;
  (AppendPiece(&out, args), ...);
  return out;
}
// absl::string_view (Status messages) as std::string_view.
inline std::string_view SV(absl::string_view s) { return {s.data(), s.size()}; }

// Coercion codes of a recall spec, one per position: `this` first, then each argument. A trailing
// '*' repeats the code before it for all remaining arguments; positions past the spec are '-'.
//   '-' none            's' ToString                 'S' ToString unless undefined
//   'n' ToNumber        'N' ToNumber unless undefined
//   'r' IsRegExp → TypeError "First argument to String.prototype.<name> must not be a regular
//       expression", then ToString
//   'B' ToNumeric, a BigInt becoming a Number (the Number constructor)
//   'P' ToPrimitive with hint number (BigInt, BigInt.asIntN/asUintN)
// True when some coerced position holds an object (the coercion may run program code).
bool NeedsRecall(const CallArgs& args, std::string_view spec);

// Tail-calls the native's fallback as recall(callee, this, [args], spec, new_target, name).
// Returns Value::Empty() (the interpreter performs the call), or throws an internal TypeError when
// the prelude did not register a fallback (a realm built without vm/prelude/20-string.js).
Value Recall(VM& vm, CallArgs& args, std::string_view spec, std::string_view name = {});

// Tail-calls the native's fallback with `fallback_args` (method-specific slow paths).
Value CallFallback(VM& vm, CallArgs& args, std::span<const Value> fallback_args);

// ToNumber of a primitive (ECMA-262 §7.1.4). False after throwing (Symbol, BigInt).
bool ToNumberArg(VM& vm, Value v, double* out);
// ToIntegerOrInfinity(ToNumber(v)) of a primitive (ECMA-262 §7.1.5). False after throwing.
bool ToIntegerArg(VM& vm, Value v, double* out);

// GetPrototypeFromConstructor (ECMA-262 §10.1.14) without program code: `new_target.prototype` when
// it is a data property holding an object, else `intrinsic_default`.
Object* PrototypeFromNewTarget(VM& vm, Value new_target, Object* intrinsic_default);

// The %X.prototype% a primitive's property lookups start from (GetV, ECMA-262 §7.3.3); nullptr for
// undefined/null/objects.
Object* PrimitivePrototype(VM& vm, Value v);

// GetMethod(v, key) (ECMA-262 §7.3.11) as far as it can go without program code.
enum class MethodLookup {
  kAbsent,        // undefined or null: *method is undefined
  kFound,         // *method holds the value found (the caller checks IsCallable)
  kNeedsProgram,  // a getter is in the way: use a program-code slow path
};
MethodLookup LookupMethod(VM& vm, Value v, Symbol* key, Value* method);

// Defines obj[sym] = native function named `name` ("[Symbol.iterator]") with the given attributes.
NativeFunction* DefineSymbolMethod(VM& vm, Object* obj, Symbol* sym, std::string_view name,
                                   NativeFn fn, uint32_t length, uint8_t attrs = kHiddenAttrs);

// Adds a native to the prelude-only `__intrinsics__` object (ignored when it does not exist).
void DefineIntrinsic(VM& vm, std::string_view name, NativeFn fn, uint32_t length,
                     int32_t magic = 0);

// SymbolDescriptiveString (ECMA-262 §20.4.3.3.1): "Symbol(desc)". nullptr if the result is too
// long.
String* SymbolDescriptiveString(VM& vm, Symbol* sym);

// How V8 shows a value in messages like "x is not a symbol": primitives as ToString (strings
// unquoted), symbols as Symbol(desc), functions and objects as "#<Object>" / "#<Function>".
std::string DisplayForMessage(VM& vm, Value v);

// RangeError "Invalid string length" when a string of `units` code units would exceed
// limits().max_string_length. False when refused.
bool CheckStringLength(VM& vm, uint64_t units);

// Temporary memory a native is about to use outside the heap's accounting (a buffer, a table):
// terminates the run with MemoryLimit when it alone exceeds the memory limit. False when refused.
// (The heap's own total is checked at the next safe point, after a collection.)
bool CheckTempBytes(VM& vm, uint64_t bytes);

// Both checks for a string of exactly `units` units built in a buffer of `bytes_per_unit` each.
inline bool CheckStringAlloc(VM& vm, uint64_t units, uint64_t bytes_per_unit = 2) {
  return CheckStringLength(vm, units) && CheckTempBytes(vm, units * bytes_per_unit);
}

// Bounds what one native call allocates on the heap (e.g. split building millions of strings):
// Over() is true, after terminating the run with MemoryLimit, once the allocation since
// construction plus `extra` bytes exceeds the memory limit. Everything allocated since is still
// referenced by the native, so it is live memory, not garbage.
class AllocGuard {
 public:
  explicit AllocGuard(VM& vm) : vm_(vm), start_(vm.heap().bytes()) {}
  bool Over(uint64_t extra = 0) {
    uint64_t now = vm_.heap().bytes();
    uint64_t used = (now > start_ ? now - start_ : 0) + extra;
    return !CheckTempBytes(vm_, used);
  }

 private:
  VM& vm_;
  uint64_t start_;
};

// The code units of `s` as UTF-16: a view of the string itself when it is two-byte, else of
// `*storage` (filled by widening). Valid while `s` and `*storage` live.
inline std::u16string_view U16View(String* s, std::u16string* storage) {
  s->Flatten();
  if (!s->is_one_byte()) return s->two_byte_view();
  *storage = s->ToU16();
  return *storage;
}

// Charges `units` of work at one step per 64 (ECMA-262 built-in work proportional to its input).
inline void ChargeUnits(VM& vm, uint64_t units) { vm.ChargeSteps(units / 64 + 1); }

// Installers called by InstallNumberBuiltins (number.cc).
void InstallMathBuiltins(VM& vm, Intrinsics& in);
void InstallGlobalFunctions(VM& vm, Intrinsics& in);
void InstallBooleanBuiltins(VM& vm, Intrinsics& in);

}  // namespace codemode::vm::prim
