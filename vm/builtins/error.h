// Error objects (ECMA-262 §20.5): the one place that gives every error its shape, so errors made by
// `new TypeError(...)` in a program and errors thrown by the engine (VM::NewError) look the same.
#pragma once

#include <string>
#include <string_view>

#include "vm/object.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace codemode::vm {

// Creates an error like `new <type>(message, options)` (ECMA-262 §20.5.1.1 steps 2-5 and
// InstallErrorCause §20.5.8.1) with the realm's prototype for `type` and ObjectClass::kError. Own
// properties, in V8's order, all non-enumerable (writable, configurable): `stack` ("Name: message\n
// at <program>:L:C", the location of the innermost program frame when there is one), `message`
// (only when `message` is not undefined), `cause` (only when `options` is an object with a `cause`
// data property). `message` must be undefined, a String, or another primitive except Symbol
// (converted like ToString); `options` may be anything (non-objects are ignored). Accessor `cause`
// properties are not read (callers that must honour getters go through the prelude).
Object* MakeError(VM& vm, ErrorType type, Value message, Value options = Value::Undefined());

// MakeError with an explicit prototype (subclass instances: `new.target.prototype`). `type` names
// the error in the stack header when the prototype chain has no usable `name`.
Object* MakeErrorWithProto(VM& vm, Object* proto, ErrorType type, Value message, Value options);

// Throws MakeError(vm, type, message) on `vm`; returns Value::Empty() (for `return ThrowWith(...)`
// in natives). Unlike VM::ThrowError the message is a JS string value, so it may hold any UTF-16
// units.
Value ThrowErrorValue(VM& vm, ErrorType type, Value message);

// V8's NoSideEffectsToString, for messages such as "... called on incompatible receiver X":
// primitives as ToString would print them (strings unquoted, symbols "Symbol(desc)"), errors as
// "Name: message", objects whose toString is %Object.prototype.toString% as "#<Constructor>", other
// objects as
// "[object Tag]". Runs no program code (data properties only).
std::string DescribeForMessage(VM& vm, Value v);

// V8's rendering of a value in "X is not a function" / "X is not iterable" when there is no
// call-site text: "undefined", "object null", "boolean true", "number 1.5", "string \"s\"",
// "symbol", "bigint", "object", "function".
std::string DescribeTypeForMessage(VM& vm, Value v);

// "TypeError", "RangeError", ... for an ErrorType.
std::string_view ErrorTypeName(ErrorType type);

}  // namespace codemode::vm
