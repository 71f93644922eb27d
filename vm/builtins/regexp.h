// RegExp objects (ECMA-262 §22.2) for other built-ins: how a RegExp keeps its pattern and flags.
//
// A RegExp is an Object of ObjectClass::kRegExp whose internal value is the String "FLAGS/PATTERN"
// (FLAGS in "dgimsuvy" order, PATTERN the original source text). That is all a snapshot saves: the
// compiled PCRE2 code lives in a process-wide cache keyed by the same text and is rebuilt on
// demand. `lastIndex` is an ordinary own data property.
#pragma once

#include <string>

#include "vm/object.h"
#include "vm/vm.h"

namespace codemode::vm {

// The pattern text (not escaped) and flags of a RegExp object; false if `o` is not one.
bool RegExpParts(VM& vm, Object* o, std::u16string* pattern, std::string* flags);

// What console/inspection shows: "/SOURCE/FLAGS" with SOURCE escaped like the `source` accessor.
std::u16string RegExpDisplay(VM& vm, Object* o);

}  // namespace codemode::vm
