// Structural bytecode verifier. Depends only on vm/isa.h and vm/bytecode.h so the VM can run it on
// bytecode from an untrusted source (snapshots) before executing it.
#pragma once

#include "absl/status/status.h"
#include "vm/bytecode.h"

namespace codemode::compiler {

// Checks everything about `module` that the interpreter relies on without re-checking at run time:
//  - `main` names a proto; protos form a tree rooted at `main` through `children` (each other proto
//  has
//    exactly one parent, the main proto none, no proto unreachable); main has no upvalues;
//  - per proto: 1 <= num_regs <= isa::kMaxRegisters; R0 and the num_params parameter registers,
//  rest_reg
//    (when has_rest) and arguments_reg (when needs_arguments) lie inside the frame, past the
//    parameters;
//  - code is non-empty, every opcode is known, a two-word instruction is not truncated, and the
//  last
//    instruction is an unconditional transfer (RET, RETUNDEF, THROW, THROWERR, JMP) so control
//    cannot run off the end;
//  - every register operand — including whole windows such as CALL's R[A..A+1+B], CONCAT's
//  R[B..B+C-1],
//    GETITER's R[A..A+1], ITERNEXT's R[B..B+1], CALLSPREAD's R[A..A+2] — is < num_regs;
//  - constant operands index `constants` and have the kind the opcode needs (property, global and
//  TDZ
//    names: a string of the module's language; THROWERR message: string; THROWERR kind <= 3);
//    upvalue operands index `upvalues`; CLOSURE's Bx indexes `children`; NEWCELL's B is 0 or 1;
//  - every jump lands on an instruction boundary inside the code;
//  - handlers: start < end <= code size, start/end/handler on instruction boundaries, handler <
//  code size,
//    reg < num_regs;
//  - line entries: pcs strictly increasing, each < code size and on an instruction boundary;
//  - upvalue descriptors: from_parent_register → index < parent's num_regs, else index < the
//  parent's
//    upvalue count;
//  - template constants: strings, raws and cooked_valid of equal length.
// What it cannot check statically (left to the VM's dynamic checks): that a register read as a cell
// holds a cell, and that the value kinds of operands match at run time.
// Returns OkStatus or InvalidArgumentError("proto P pc N: <what is wrong>").
absl::Status VerifyModule(const bytecode::Module& module);

}  // namespace codemode::compiler
