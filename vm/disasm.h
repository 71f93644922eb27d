// Human-readable listing of a bytecode::Module (`codemode disasm FILE`). Depends only on vm/isa.h
// and vm/bytecode.h.
#pragma once

#include <string>

#include "vm/bytecode.h"

namespace codemode::bytecode {

// One block per proto, in index order:
//   function <index> "<name>" <kind>[ async][ generator][ strict] params=<n> length=<n> regs=<n>
//       [rest=R<r>] [arguments=R<r>] line <l>:<c>
//   children: <indices>                      (when any)
//   <pc>  <line:col or blanks>  <OPNAME> <operands>   ; <resolved constant / target / upvalue name>
//   handlers:  [start, end) -> handler  R<reg>        (when any)
//   upvalues:  <i> <name> <parent R<n> | upvalue <n>> (when any)
// The line:col column is printed on the instructions where a new line-table entry starts. Operands
// are printed by format: registers as R<n>, constants as K<n>, upvalues as U<n>, children as F<n>,
// jumps as
// "-> <target pc>", immediates as plain numbers. Never fails: out-of-range operands print as "?".
std::string Disassemble(const Module& module);

// Quoted JSON-like rendering of a constant (strings UTF-8 with \uXXXX for control characters and
// lone surrogates), as used in the listing comments.
std::string ConstantToString(const Constant& c);

}  // namespace codemode::bytecode
