// V8's rendering of an expression's source in TypeErrors such as "o.items.map is not a function" or
// "rows is not iterable" (V8's CallPrinter, src/ast/prettyprinter.cc), so the messages a program
// sees match Node.js's: names, `this`, member chains (`o.a?.b`, `o[0]`, `o[k]`, a string key as
// `.key`), calls as `f(...)`, literals as written (strings in double quotes), operators in
// parentheses
// (`(a + b)`, `(typeof x)`, `(0 , f)`), and "(intermediate value)" for what V8 does not print
// (functions, classes, conditionals, object literal members, await, yield).
#ifndef CODEMODE_COMPILER_CALL_PRINTER_H_
#define CODEMODE_COMPILER_CALL_PRINTER_H_

#include <string>

#include "compiler/js/ast.h"

namespace codemode::compiler {

// The text of `expr` (UTF-8). `iterator_error`: the expression is the callee of a call whose result
// is being iterated ("f is not a function or its return value is not iterable"); V8 then prints no
// "(...)" after the calls inside it. Never empty: an expression V8 does not print is
// "(intermediate value)".
std::string CallSiteText(const js::Node* expr, bool iterator_error = false);

}  // namespace codemode::compiler

#endif  // CODEMODE_COMPILER_CALL_PRINTER_H_
