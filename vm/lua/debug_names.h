// Names of the values in Lua error messages: "attempt to call a nil value (local 'f')", "... (global
// 'x')", "(field 'k')", "(upvalue 'u')", "(method 'm')", "(constant 's')", "(for iterator ...)". The
// symbolic execution of lua5.4's ldebug.c (getobjname/findsetreg), done over this VM's bytecode on the
// cold error path only: the running instruction is decoded, then the register's local variable (from
// the proto's locals table, bytecode::LocalVarInfo) or the last instruction that wrote it names it.
// Depends only on vm/isa.h and vm/bytecode.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "vm/bytecode.h"

namespace codemode::vm::lua {

// A value's origin as lua5.4 words it: kind "local", "global", "field", "upvalue", "method",
// "constant" or "for iterator"; an empty kind when nothing names it.
struct LuaObjName {
  std::string kind;
  std::string name;
};

// The pc of the instruction that ends at `next_pc` (a frame's saved pc points after the running
// instruction, whose width is 1 or 2 words); nullopt if no instruction boundary is there.
std::optional<uint32_t> LuaInstrStartBefore(const bytecode::FunctionProto& p, uint32_t next_pc);

// The local variable held by register `reg` at `pc` (the innermost active one), or nullptr.
const bytecode::LocalVarInfo* LuaLocalAt(const bytecode::FunctionProto& p, uint32_t reg,
                                          uint32_t pc);

// lua5.4's getobjname: what register `reg` holds when the instruction at `pc` runs (pc is an
// instruction start).
LuaObjName LuaNameOfRegister(const bytecode::FunctionProto& p, uint32_t pc, uint32_t reg);

// " (kind 'name')", or "" for an unnamed value (lua5.4's varinfo/formatvarinfo).
std::string LuaVarInfoText(const LuaObjName& n);

}  // namespace codemode::vm::lua
