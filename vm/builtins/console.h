// console (WHATWG Console Standard as Node.js v20 implements it) and the value formatter behind it,
// a native port of Node's util.format / util.inspect that never runs program code: getters print as
// [Getter], objects with a custom toString print through inspect, Symbol.toStringTag accessors are
// ignored.
#pragma once

#include <string>

#include "vm/value.h"
#include "vm/vm.h"

namespace codemode::vm {

// util.inspect options (the subset console uses). Defaults are Node's inspect defaults.
struct InspectOptions {
  int depth = 2;               // kInspectUnlimited: no limit (still bounded by kMaxInspectNesting)
  bool show_hidden = false;    // also non-enumerable own properties (%o, console.dir showHidden)
  int max_array_length = 100;  // elements of arrays, sets, maps shown before "... N more items"
  int max_string_length = 10000;  // characters of a string shown before "... N more characters"
  double break_length = 80;       // line width that decides between one line and one entry per line
};

inline constexpr int kInspectUnlimited = 1 << 30;

// Nesting beyond which inspect prints "[Object]" whatever the depth option (bounds C++ recursion).
inline constexpr int kMaxInspectNesting = 500;

// util.inspect(value, options) as UTF-8 (lone surrogates inside quoted strings are escaped as
// \uXXXX; elsewhere they become U+FFFD).
std::string InspectValue(VM& vm, Value v, const InspectOptions& options = {});

// util.format(...args): printf-like substitutions (%s %d %i %f %j %o %O %c %%) in a string first
// argument, then the remaining arguments inspected (strings raw), separated by spaces.
std::string FormatLogArguments(VM& vm, const Value* args, uint32_t argc);

}  // namespace codemode::vm
