// lua5.4's getobjname/findsetreg (ldebug.c) over this VM's Lua bytecode (vm/lua/debug_names.h).
#include "vm/lua/debug_names.h"

#include "absl/strings/str_cat.h"
#include "vm/isa.h"

namespace codemode::vm::lua {

namespace {

using isa::Op;

constexpr int kMaxDepth = 16;  // MOVE chains followed (each step goes to a lower register)

bool IsJump(Op op) {
  isa::Format f = isa::kFormats[static_cast<int>(op)];
  if (f == isa::Format::sBx) return true;
  return f == isa::Format::AsBx && op != Op::LOADI && op != Op::LOADINT;
}

// Whether the instruction (not a jump) may change register `reg`.
bool Writes(Op op, uint32_t a, uint32_t reg) {
  switch (op) {
    case Op::LSETFIELD:
    case Op::LSETINDEX:
    case Op::LSETGLOBAL:
    case Op::LSETLIST:
    case Op::SETCELL:
    case Op::SETUPVAL:
    case Op::LRET:
    case Op::LTBC:
    case Op::LCLOSE:
    case Op::THROW:
    case Op::NOP:
      return false;
    case Op::LCALL:
    case Op::LVARARG:
      return reg >= a;  // the results (and the call's scratch) from R[A] up
    case Op::LFORPREP:
    case Op::LFORLOOP:
      return reg >= a && reg <= a + 3;
    default:
      return reg == a;
  }
}

// findsetreg: the last instruction before `lastpc` that changed `reg`, or -1 when none did or the
// change happened in code a jump may skip (lua5.4's filterpc).
int64_t FindSetReg(const bytecode::FunctionProto& p, uint32_t lastpc, uint32_t reg) {
  int64_t setreg = -1;
  uint32_t jmptarget = 0;
  const auto& code = p.code;
  for (uint32_t pc = 0; pc < lastpc && pc < code.size();) {
    isa::Instr i = code[pc];
    Op op = isa::GetOp(i);
    if (static_cast<int>(op) >= static_cast<int>(Op::kCount)) return -1;
    uint32_t words = static_cast<uint32_t>(isa::InstrWords(op));
    uint32_t a = isa::GetA(i);
    if (IsJump(op)) {
      int64_t dest = static_cast<int64_t>(pc + words) + isa::GetSBx(i);
      if (dest <= lastpc && dest > jmptarget) jmptarget = static_cast<uint32_t>(dest);
      // LFORLOOP/LFORPREP also write their control registers.
      if ((op == Op::LFORPREP || op == Op::LFORLOOP) && Writes(op, a, reg))
        setreg = pc < jmptarget ? -1 : pc;
    } else if (Writes(op, a, reg)) {
      setreg = pc < jmptarget ? -1 : static_cast<int64_t>(pc);
    }
    pc += words;
  }
  return setreg;
}

std::string StringConstant(const bytecode::FunctionProto& p, uint32_t k, bool* ok) {
  *ok = k < p.constants.size() && p.constants[k].kind == bytecode::Constant::Kind::kByteString;
  return *ok ? p.constants[k].bytes : std::string();
}

LuaObjName NameOf(const bytecode::FunctionProto& p, uint32_t lastpc, uint32_t reg, int depth);

// gxf: a field of a table called _ENV is a global.
const char* FieldKind(const bytecode::FunctionProto& p, uint32_t pc, uint32_t table_reg,
                      int depth) {
  LuaObjName t = NameOf(p, pc, table_reg, depth + 1);
  return t.name == "_ENV" && !t.kind.empty() ? "global" : "field";
}

LuaObjName NameOf(const bytecode::FunctionProto& p, uint32_t lastpc, uint32_t reg, int depth) {
  if (depth > kMaxDepth) return {};
  if (const bytecode::LocalVarInfo* l = LuaLocalAt(p, reg, lastpc)) return {"local", l->name};
  int64_t at = FindSetReg(p, lastpc, reg);
  if (at < 0) return {};
  uint32_t pc = static_cast<uint32_t>(at);
  isa::Instr i = p.code[pc];
  Op op = isa::GetOp(i);
  uint32_t a = isa::GetA(i), b = isa::GetB(i);
  uint32_t x = isa::InstrWords(op) == 2 && pc + 1 < p.code.size() ? p.code[pc + 1] : 0;
  bool ok = false;
  switch (op) {
    case Op::MOVE:
      if (b < a) return NameOf(p, pc, b, depth + 1);
      return {};
    case Op::GETCELL:  // a captured local's cell
      if (const bytecode::LocalVarInfo* l = LuaLocalAt(p, b, pc)) return {"local", l->name};
      return {};
    case Op::GETUPVAL:
      if (b < p.upvalues.size()) return {"upvalue", p.upvalues[b].name};
      return {};
    case Op::LGETENV:
      return {"upvalue", "_ENV"};
    case Op::LGETGLOBAL: {
      std::string k = StringConstant(p, x, &ok);
      if (ok) return {"global", k};
      return {};
    }
    case Op::LGETFIELD: {
      std::string k = StringConstant(p, x, &ok);
      if (!ok) return {};
      // A method call `o:m(...)` is `LGETFIELD w w+2 "m"` with the object staying in R[w+2] as
      // the first argument of `LCALL w` (a plain `o.f()` passes no such argument).
      if (b == a + 2 && lastpc < p.code.size()) {
        isa::Instr call = p.code[lastpc];
        if (isa::GetOp(call) == Op::LCALL && isa::GetA(call) == a && isa::GetB(call) != 1) {
          bool kept = true;
          for (uint32_t q = pc + 2; q < lastpc && kept;) {
            Op qo = isa::GetOp(p.code[q]);
            if (static_cast<int>(qo) >= static_cast<int>(Op::kCount)) return {};
            if (!IsJump(qo) && Writes(qo, isa::GetA(p.code[q]), b)) kept = false;
            q += static_cast<uint32_t>(isa::InstrWords(qo));
          }
          if (kept) return {"method", k};
        }
      }
      return {FieldKind(p, pc, b, depth), k};
    }
    case Op::LGETINDEX: {
      // The key register: an integer literal 0..255 is lua5.4's OP_GETI ("integer index"); other
      // keys are named only when they are string constants ('?' otherwise).
      uint32_t c = isa::GetC(i);
      int64_t kpc = FindSetReg(p, pc, c);
      std::string key = "?";
      if (kpc >= 0 && LuaLocalAt(p, c, pc) == nullptr) {
        isa::Instr ki = p.code[static_cast<size_t>(kpc)];
        Op ko = isa::GetOp(ki);
        if (ko == Op::LOADINT && isa::GetSBx(ki) >= 0 && isa::GetSBx(ki) <= 255) {
          return {"field", "integer index"};
        }
        if (ko == Op::LOADK) {
          std::string s = StringConstant(p, isa::GetBx(ki), &ok);
          if (ok) key = s;
        }
      }
      return {FieldKind(p, pc, b, depth), key};
    }
    case Op::LOADK:
    case Op::LOADKX: {
      uint32_t k = op == Op::LOADK ? isa::GetBx(i) : x;
      std::string s = StringConstant(p, k, &ok);
      if (ok) return {"constant", s};
      return {};
    }
    default:
      return {};
  }
}

}  // namespace

std::optional<uint32_t> LuaInstrStartBefore(const bytecode::FunctionProto& p, uint32_t next_pc) {
  uint32_t pc = 0;
  while (pc < next_pc && pc < p.code.size()) {
    Op op = isa::GetOp(p.code[pc]);
    if (static_cast<int>(op) >= static_cast<int>(Op::kCount)) return std::nullopt;
    uint32_t end = pc + static_cast<uint32_t>(isa::InstrWords(op));
    if (end == next_pc) return pc;
    pc = end;
  }
  return std::nullopt;
}

const bytecode::LocalVarInfo* LuaLocalAt(const bytecode::FunctionProto& p, uint32_t reg,
                                          uint32_t pc) {
  const bytecode::LocalVarInfo* found = nullptr;
  for (const auto& l : p.locals) {
    if (l.reg == reg && l.start_pc <= pc && pc < l.end_pc) found = &l;  // later = inner
  }
  return found;
}

LuaObjName LuaNameOfRegister(const bytecode::FunctionProto& p, uint32_t pc, uint32_t reg) {
  if (pc < p.code.size() && isa::GetOp(p.code[pc]) == Op::LCALL && isa::GetA(p.code[pc]) == reg) {
    // The generic for's call of its iterator (lua5.4's OP_TFORCALL, funcnamefromcode): the
    // function comes from the loop's hidden state.
    int64_t at = FindSetReg(p, pc, reg);
    if (at >= 0 && isa::GetOp(p.code[static_cast<size_t>(at)]) == Op::MOVE) {
      const bytecode::LocalVarInfo* l =
          LuaLocalAt(p, isa::GetB(p.code[static_cast<size_t>(at)]), static_cast<uint32_t>(at));
      if (l != nullptr && l->name == "(for state)") return {"for iterator", "for iterator"};
    }
  }
  return NameOf(p, pc, reg, 0);
}

std::string LuaVarInfoText(const LuaObjName& n) {
  if (n.kind.empty()) return "";
  return absl::StrCat(" (", n.kind, " '", n.name, "')");
}

}  // namespace codemode::vm::lua
