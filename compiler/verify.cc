#include "compiler/verify.h"

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "vm/isa.h"

namespace codemode::compiler {

namespace {

using bytecode::Constant;
using bytecode::FunctionProto;
using bytecode::Module;
using isa::Op;

// What an instruction's fields mean, for checking. Registers are checked against num_regs,
// constants against the pool, etc. A field not listed is ignored (the VM does not read it).
enum class F : uint8_t {
  kNone,
  kReg,       // a register
  kConst,     // any constant
  kName,      // a string constant of the module's language
  kMessage,   // a JS string constant
  kUpval,     // an upvalue index
  kChild,     // an index into children
  kJump,      // sBx jump offset
  kImm,       // immediate, any value
  kCellInit,  // NEWCELL B: 0 or 1
  kErrKind,   // THROWERR A: 0..3
  kPrivateKind,  // NEWPRIVATE B: 0..2
  kNumConst,       // a number constant (Lua integer or float): Lua constant-operand arithmetic
  kNumOrStrConst,  // a number or string constant: LEQK/LNEK (never a table, so never __eq)
};

struct Shape {
  F a = F::kNone, b = F::kNone, c = F::kNone, x = F::kNone;  // x: Bx/sBx or the extra word
  int a_width = 1;  // registers starting at A that must be in the frame
  int b_width = 1;  // registers starting at B
};

Shape ShapeOf(Op op) {
  Shape s;
  switch (op) {
    case Op::MOVE:
      s.a = F::kReg, s.b = F::kReg;
      break;
    case Op::LOADK:
    case Op::LOADKX:
      s.a = F::kReg, s.x = F::kConst;
      break;
    case Op::LOADI:
    case Op::LOADINT:
      s.a = F::kReg, s.x = F::kImm;
      break;
    case Op::LOADUNDEF:
    case Op::LOADNULL:
    case Op::LOADTRUE:
    case Op::LOADFALSE:
    case Op::LOADEMPTY:
    case Op::LOADCALLEE:
    case Op::LOADNEWTARGET:
    case Op::NEWOBJECT:
    case Op::APPENDHOLE:
    case Op::RET:
    case Op::THROW:
    case Op::ITERCLOSE:
    case Op::LGETENV:
      s.a = F::kReg;
      break;
    case Op::GETGLOBAL:
    case Op::GETGLOBALOPT:
    case Op::SETGLOBAL:
    case Op::CHECKTDZ:
      s.a = F::kReg, s.x = F::kName;
      break;
    case Op::NEWCELL:
      s.a = F::kReg, s.b = F::kCellInit;
      break;
    case Op::GETCELL:
    case Op::SETCELL:
      s.a = F::kReg, s.b = F::kReg;
      break;
    case Op::GETCELLCHK:
    case Op::SETCELLCHK:
      s.a = F::kReg, s.b = F::kReg, s.x = F::kName;
      break;
    case Op::GETUPVAL:
    case Op::SETUPVAL:
    case Op::GETUPCELL:
      s.a = F::kReg, s.b = F::kUpval;
      break;
    case Op::GETUPVALCHK:
    case Op::SETUPVALCHK:
      s.a = F::kReg, s.b = F::kUpval, s.x = F::kName;
      break;
    case Op::CLOSURE:
      s.a = F::kReg, s.x = F::kChild;
      break;
    case Op::ADD:
    case Op::SUB:
    case Op::MUL:
    case Op::DIV:
    case Op::MOD:
    case Op::POW:
    case Op::BAND:
    case Op::BOR:
    case Op::BXOR:
    case Op::SHL:
    case Op::SHR:
    case Op::USHR:
    case Op::EQ:
    case Op::NE:
    case Op::SEQ:
    case Op::SNE:
    case Op::LT:
    case Op::LE:
    case Op::GT:
    case Op::GE:
    case Op::INSTANCEOF:
    case Op::IN:
    case Op::GETINDEX:
    case Op::SETINDEX:
    case Op::DEFINDEX:
    case Op::DEFGETTER:
    case Op::DEFSETTER:
    case Op::DELINDEX:
    case Op::OBJREST:
    case Op::LGETINDEX:
    case Op::LSETINDEX:
    case Op::LADD:
    case Op::LSUB:
    case Op::LMUL:
    case Op::LDIV:
    case Op::LMOD:
    case Op::LIDIV:
    case Op::LPOW:
    case Op::LBAND:
    case Op::LBOR:
    case Op::LBXOR:
    case Op::LSHL:
    case Op::LSHR:
    case Op::LEQ:
    case Op::LNE:
    case Op::LLT:
    case Op::LLE:
      s.a = F::kReg, s.b = F::kReg, s.c = F::kReg;
      break;
    case Op::ADDI:
      s.a = F::kReg, s.b = F::kReg, s.c = F::kImm;
      break;
    case Op::LADDK:
    case Op::LSUBK:
    case Op::LMULK:
    case Op::LDIVK:
    case Op::LMODK:
    case Op::LIDIVK:
    case Op::LBANDK:
    case Op::LBORK:
    case Op::LBXORK:
    case Op::LSHLK:
    case Op::LSHRK:
    case Op::LLTK:
    case Op::LLEK:
    case Op::LGTK:
    case Op::LGEK:
      s.a = F::kReg, s.b = F::kReg, s.x = F::kNumConst;
      break;
    case Op::LEQK:
    case Op::LNEK:
      s.a = F::kReg, s.b = F::kReg, s.x = F::kNumOrStrConst;
      break;
    // Classes.
    case Op::CLASS:
    case Op::DEFMETHOD:
    case Op::GETSUPER:
    case Op::GETPRIVATE:
    case Op::SETPRIVATE:
    case Op::DEFPRIVATE:
      s.a = F::kReg, s.b = F::kReg, s.c = F::kReg;
      break;
    case Op::SETSUPER:
      s.a = F::kReg, s.b = F::kReg, s.b_width = 2, s.c = F::kReg;
      break;
    case Op::SUPERBASE:
    case Op::CHECKBRAND:
    case Op::SETFNNAME:
      s.a = F::kReg, s.b = F::kReg;
      break;
    case Op::SUPERNEW:
      s.a = F::kReg, s.b = F::kImm, s.x = F::kMessage;  // window checked specially
      break;
    case Op::SUPERNEWSPREAD:
      s.a = F::kReg, s.a_width = 3, s.x = F::kMessage;
      break;
    case Op::NEWPRIVATE:
      s.a = F::kReg, s.b = F::kPrivateKind, s.x = F::kMessage;
      break;
    case Op::HASPRIVATE:
      s.a = F::kReg, s.b = F::kReg, s.c = F::kReg, s.x = F::kMessage;
      break;
    case Op::NEG:
    case Op::TONUMBER:
    case Op::TONUMERIC:
    case Op::INC:
    case Op::DEC:
    case Op::BNOT:
    case Op::NOT:
    case Op::TYPEOF:
    case Op::TOSTRING:
    case Op::TOPROPKEY:
    case Op::SETPROTO:
    case Op::APPEND:
    case Op::SPREAD:
    case Op::COPYPROPS:
    case Op::FORIN:
    case Op::FORINNEXT:
    case Op::AWAIT:
    case Op::LUNM:
    case Op::LBNOT:
    case Op::LNOT:
    case Op::LLEN:
      s.a = F::kReg, s.b = F::kReg;
      break;
    case Op::CONCAT:
      s.a = F::kReg, s.b = F::kReg, s.c = F::kImm;  // window checked specially
      break;
    case Op::JMP:
      s.x = F::kJump;
      break;
    case Op::JMPT:
    case Op::JMPF:
    case Op::JMPNULLISH:
    case Op::JMPNOTNULLISH:
    case Op::JMPUNDEF:
    case Op::JMPNOTUNDEF:
    case Op::JMPEMPTY:
    case Op::JMPNOTEMPTY:
      s.a = F::kReg, s.x = F::kJump;
      break;
    case Op::NEWARRAY:
      s.a = F::kReg, s.b = F::kImm;
      break;
    case Op::GETFIELD:
    case Op::SETFIELD:
    case Op::DEFFIELD:
    case Op::DELFIELD:
      s.a = F::kReg, s.b = F::kReg, s.x = F::kName;
      break;
    case Op::CALL:
    case Op::NEW:
      s.a = F::kReg, s.b = F::kImm;  // window checked specially
      break;
    case Op::CALLSPREAD:
    case Op::NEWSPREAD:
      s.a = F::kReg, s.a_width = 3;
      break;
    case Op::RETUNDEF:
    case Op::NOP:
      break;
    case Op::THROWERR:
      s.a = F::kErrKind, s.x = F::kMessage;
      break;
    case Op::GETITER:
      s.a = F::kReg, s.a_width = 2, s.b = F::kReg;
      break;
    case Op::YIELD:
      s.a = F::kReg, s.a_width = 2, s.b = F::kReg, s.c = F::kImm;  // C checked specially
      break;
    case Op::YIELDSTAR:
      s.a = F::kReg, s.b = F::kReg, s.b_width = 2, s.c = F::kReg;  // C+1 checked specially
      break;
    case Op::ASYNCITER:
      s.a = F::kReg, s.b = F::kReg, s.c = F::kImm;  // C checked specially
      break;
    case Op::ITERNEXT:
      s.a = F::kReg, s.b = F::kReg, s.b_width = 2;
      break;
    case Op::LGETGLOBAL:
    case Op::LSETGLOBAL:
      s.a = F::kReg, s.x = F::kName;
      break;
    case Op::LGETFIELD:
    case Op::LSETFIELD:
      s.a = F::kReg, s.b = F::kReg, s.x = F::kName;
      break;
    case Op::LNEWTABLE:
      s.a = F::kReg, s.b = F::kImm, s.c = F::kImm;
      break;
    case Op::LSETLIST:
      s.a = F::kReg, s.b = F::kImm, s.x = F::kImm;  // window checked specially
      break;
    case Op::LCONCAT:
      s.a = F::kReg, s.b = F::kReg, s.c = F::kImm;  // window checked specially
      break;
    case Op::LJMPT:
    case Op::LJMPF:
      s.a = F::kReg, s.x = F::kJump;
      break;
    case Op::LFORPREP:
    case Op::LFORLOOP:
      s.a = F::kReg, s.a_width = 4, s.x = F::kJump;
      break;
    case Op::LCALL:
      s.a = F::kReg, s.a_width = 2, s.b = F::kImm, s.c = F::kImm;  // window checked specially
      break;
    case Op::LTBC:
      s.a = F::kReg, s.x = F::kName;
      break;
    case Op::LCLOSE:
      s.a = F::kReg, s.b = F::kReg, s.c = F::kImm;
      break;
    case Op::LRET:
      s.a = F::kReg, s.b = F::kImm;  // window checked specially
      break;
    case Op::LVARARG:
      s.a = F::kReg, s.b = F::kReg, s.c = F::kImm;  // window checked specially
      break;
    case Op::kCount:
      break;
  }
  return s;
}

bool IsTerminator(Op op) {
  return op == Op::RET || op == Op::RETUNDEF || op == Op::THROW || op == Op::THROWERR ||
         op == Op::JMP || op == Op::LRET;
}

class Verifier {
 public:
  explicit Verifier(const Module& m) : m_(m) {}

  absl::Status Run() {
    const size_t n = m_.protos.size();
    if (n == 0) return Error("module has no function protos");
    if (m_.main >= n) return Error(absl::StrCat("main index ", m_.main, " out of range"));
    if (m_.language != bytecode::Language::kJavaScript && m_.language != bytecode::Language::kLua) {
      return Error("unknown module language");
    }
    // Tree structure: parent of each proto through `children`.
    parent_.assign(n, kNoParent);
    for (size_t p = 0; p < n; ++p) {
      const FunctionProto& proto = m_.protos[p];
      for (size_t i = 0; i < proto.children.size(); ++i) {
        uint32_t c = proto.children[i];
        if (c >= n) return ProtoError(p, absl::StrCat("child ", i, " index ", c, " out of range"));
        if (c == m_.main) return ProtoError(p, "the main proto cannot be a child");
        if (parent_[c] != kNoParent) {
          return ProtoError(p, absl::StrCat("proto ", c, " has more than one parent"));
        }
        parent_[c] = static_cast<uint32_t>(p);
      }
    }
    // Reachability from main (iterative; a cycle not through main would leave protos unreached).
    std::vector<bool> reached(n, false);
    std::vector<uint32_t> stack{m_.main};
    reached[m_.main] = true;
    size_t count = 1;
    while (!stack.empty()) {
      uint32_t p = stack.back();
      stack.pop_back();
      for (uint32_t c : m_.protos[p].children) {
        if (!reached[c]) {
          reached[c] = true;
          ++count;
          stack.push_back(c);
        }
      }
    }
    if (count != n) return Error("some protos are not reachable from main (or form a cycle)");
    if (!m_.protos[m_.main].upvalues.empty()) return ProtoError(m_.main, "main proto has upvalues");
    for (size_t p = 0; p < n; ++p) {
      absl::Status s = VerifyProto(p);
      if (!s.ok()) return s;
    }
    return absl::OkStatus();
  }

 private:
  static constexpr uint32_t kNoParent = 0xFFFFFFFFu;

  static absl::Status Error(std::string message) {
    return absl::InvalidArgumentError(absl::StrCat("bytecode: ", message));
  }
  static absl::Status ProtoError(size_t p, const std::string& message) {
    return Error(absl::StrCat("proto ", p, ": ", message));
  }
  static absl::Status PcError(size_t p, size_t pc, const std::string& message) {
    return Error(absl::StrCat("proto ", p, " pc ", pc, ": ", message));
  }

  bool IsNameConstant(const FunctionProto& f, uint32_t k) const {
    if (k >= f.constants.size()) return false;
    Constant::Kind want = m_.language == bytecode::Language::kLua ? Constant::Kind::kByteString
                                                                  : Constant::Kind::kString;
    return f.constants[k].kind == want;
  }

  absl::Status VerifyProto(size_t p) {
    const FunctionProto& f = m_.protos[p];
    const unsigned regs = f.num_regs;
    if (regs < 1 || regs > static_cast<unsigned>(isa::kMaxRegisters)) {
      return ProtoError(p, absl::StrCat("num_regs ", regs, " out of range"));
    }
    if (1u + f.num_params > regs) return ProtoError(p, "parameters do not fit in the frame");
    if (f.length > f.num_params) {
      return ProtoError(p, "length exceeds the parameter count");
    }
    if (f.has_rest && (f.rest_reg <= f.num_params || f.rest_reg >= regs)) {
      return ProtoError(p, absl::StrCat("rest_reg ", f.rest_reg, " invalid"));
    }
    if (f.needs_arguments && (f.arguments_reg <= f.num_params || f.arguments_reg >= regs ||
                              (f.has_rest && f.arguments_reg == f.rest_reg))) {
      return ProtoError(p, absl::StrCat("arguments_reg ", f.arguments_reg, " invalid"));
    }
    if (static_cast<uint8_t>(f.kind) > static_cast<uint8_t>(bytecode::FunctionKind::kScript)) {
      return ProtoError(p, "unknown function kind");
    }
    // Constants.
    for (size_t k = 0; k < f.constants.size(); ++k) {
      const Constant& c = f.constants[k];
      if (static_cast<uint8_t>(c.kind) > static_cast<uint8_t>(Constant::Kind::kTemplate)) {
        return ProtoError(p, absl::StrCat("constant ", k, " has an unknown kind"));
      }
      if (c.kind == Constant::Kind::kTemplate &&
          (c.raws.size() != c.strings.size() || c.cooked_valid.size() != c.strings.size() ||
           c.strings.empty())) {
        return ProtoError(p, absl::StrCat("template constant ", k, " is malformed"));
      }
    }
    // Upvalues against the parent.
    if (p != m_.main) {
      const FunctionProto& parent = m_.protos[parent_[p]];
      for (size_t i = 0; i < f.upvalues.size(); ++i) {
        const bytecode::UpvalueDesc& u = f.upvalues[i];
        if (u.from_parent_register ? u.index >= parent.num_regs
                                   : u.index >= parent.upvalues.size()) {
          return ProtoError(p, absl::StrCat("upvalue ", i, " index ", u.index, " out of range"));
        }
      }
    }
    // Code: first pass marks instruction starts.
    const size_t size = f.code.size();
    if (size == 0) return ProtoError(p, "empty code");
    std::vector<bool> start(size + 1, false);
    Op last_op = Op::NOP;
    for (size_t pc = 0; pc < size;) {
      uint8_t raw = f.code[pc] & 0xFF;
      if (raw >= static_cast<uint8_t>(Op::kCount)) {
        return PcError(p, pc, absl::StrCat("unknown opcode ", raw));
      }
      Op op = static_cast<Op>(raw);
      int words = isa::InstrWords(op);
      if (pc + words > size) return PcError(p, pc, "truncated instruction");
      start[pc] = true;
      last_op = op;
      pc += words;
    }
    start[size] = true;  // one past the end: valid only as a range end
    if (!IsTerminator(last_op)) {
      return ProtoError(p, "code does not end with RET, RETUNDEF, THROW, THROWERR or JMP");
    }
    // Second pass: operands.
    for (size_t pc = 0; pc < size;) {
      isa::Instr w = f.code[pc];
      Op op = isa::GetOp(w);
      int words = isa::InstrWords(op);
      uint32_t extra = words == 2 ? f.code[pc + 1] : 0;
      absl::Status s = VerifyInstr(p, f, pc, w, extra, start);
      if (!s.ok()) return s;
      pc += words;
    }
    // Handlers.
    for (size_t i = 0; i < f.handlers.size(); ++i) {
      const bytecode::Handler& h = f.handlers[i];
      if (!(h.start < h.end) || h.end > size || !start[h.start] || !start[h.end]) {
        return ProtoError(p, absl::StrCat("handler ", i, " has an invalid range"));
      }
      if (h.handler >= size || !start[h.handler]) {
        return ProtoError(p, absl::StrCat("handler ", i, " target invalid"));
      }
      if (h.reg >= regs)
        return ProtoError(p, absl::StrCat("handler ", i, " register out of range"));
    }
    // Line table.
    for (size_t i = 0; i < f.lines.size(); ++i) {
      const bytecode::LineEntry& e = f.lines[i];
      if (e.pc >= size || !start[e.pc] || (i > 0 && e.pc <= f.lines[i - 1].pc)) {
        return ProtoError(p, absl::StrCat("line entry ", i, " invalid"));
      }
    }
    return absl::OkStatus();
  }

  absl::Status CheckField(size_t p, const FunctionProto& f, size_t pc, F kind, uint32_t v,
                          int width, const char* field) {
    switch (kind) {
      case F::kNone:
      case F::kImm:
      case F::kJump:
        return absl::OkStatus();
      case F::kReg:
        if (v + static_cast<uint32_t>(width) > f.num_regs) {
          return PcError(p, pc,
                         absl::StrCat("register ", field, "=", v,
                                      width > 1 ? absl::StrCat(" (+", width - 1, ")") : "",
                                      " out of range (num_regs ", f.num_regs, ")"));
        }
        return absl::OkStatus();
      case F::kConst:
        if (v >= f.constants.size())
          return PcError(p, pc, absl::StrCat("constant ", v, " out of range"));
        return absl::OkStatus();
      case F::kName:
        if (!IsNameConstant(f, v))
          return PcError(p, pc, absl::StrCat("constant ", v, " is not a name"));
        return absl::OkStatus();
      case F::kNumConst:
        if (v >= f.constants.size() || (f.constants[v].kind != Constant::Kind::kNumber &&
                                        f.constants[v].kind != Constant::Kind::kInteger)) {
          return PcError(p, pc, absl::StrCat("constant ", v, " is not a number"));
        }
        return absl::OkStatus();
      case F::kNumOrStrConst:
        if (v >= f.constants.size() || (f.constants[v].kind != Constant::Kind::kNumber &&
                                        f.constants[v].kind != Constant::Kind::kInteger &&
                                        f.constants[v].kind != Constant::Kind::kByteString &&
                                        f.constants[v].kind != Constant::Kind::kString)) {
          return PcError(p, pc, absl::StrCat("constant ", v, " is not a number or string"));
        }
        return absl::OkStatus();
      case F::kMessage:
        if (v >= f.constants.size() || f.constants[v].kind != Constant::Kind::kString) {
          return PcError(p, pc, absl::StrCat("constant ", v, " is not a string message"));
        }
        return absl::OkStatus();
      case F::kUpval:
        if (v >= f.upvalues.size())
          return PcError(p, pc, absl::StrCat("upvalue ", v, " out of range"));
        return absl::OkStatus();
      case F::kChild:
        if (v >= f.children.size())
          return PcError(p, pc, absl::StrCat("child ", v, " out of range"));
        return absl::OkStatus();
      case F::kCellInit:
        if (v > 1) return PcError(p, pc, "NEWCELL B must be 0 or 1");
        return absl::OkStatus();
      case F::kErrKind:
        if (v > 3) return PcError(p, pc, "THROWERR kind out of range");
        return absl::OkStatus();
      case F::kPrivateKind:
        if (v > 2) return PcError(p, pc, "NEWPRIVATE kind out of range");
        return absl::OkStatus();
    }
    return absl::OkStatus();
  }

  absl::Status VerifyInstr(size_t p, const FunctionProto& f, size_t pc, isa::Instr w,
                           uint32_t extra, const std::vector<bool>& start) {
    Op op = isa::GetOp(w);
    Shape s = ShapeOf(op);
    isa::Format fmt = isa::kFormats[static_cast<int>(op)];
    absl::Status st = CheckField(p, f, pc, s.a, isa::GetA(w), s.a_width, "A");
    if (!st.ok()) return st;
    if (fmt != isa::Format::ABx && fmt != isa::Format::AsBx && fmt != isa::Format::sBx) {
      st = CheckField(p, f, pc, s.b, isa::GetB(w), s.b_width, "B");
      if (!st.ok()) return st;
      st = CheckField(p, f, pc, s.c, isa::GetC(w), 1, "C");
      if (!st.ok()) return st;
    }
    // The wide operand: Bx for ABx/AsBx/sBx formats, the extra word for X formats.
    uint32_t x = isa::HasExtraWord(fmt) ? extra : isa::GetBx(w);
    if (s.x == F::kJump) {
      int64_t target = static_cast<int64_t>(pc) + 1 + isa::GetSBx(w);
      if (target < 0 || target >= static_cast<int64_t>(f.code.size()) ||
          !start[static_cast<size_t>(target)]) {
        return PcError(p, pc, absl::StrCat("jump target ", target, " invalid"));
      }
    } else {
      st = CheckField(p, f, pc, s.x, x, 1, "X");
      if (!st.ok()) return st;
    }
    // Register windows.
    if (op == Op::CALL || op == Op::NEW || op == Op::SUPERNEW) {
      uint32_t last = isa::GetA(w) + 1 + isa::GetB(w);
      if (last >= f.num_regs) return PcError(p, pc, "call window exceeds the frame");
    } else if (op == Op::LCALL) {
      uint32_t a = isa::GetA(w), b = isa::GetB(w), c = isa::GetC(w);
      if (b > 0 && a + 1 + (b - 1) >= f.num_regs) return PcError(p, pc, "call window exceeds the frame");
      if (c > 1 && a + (c - 1) > f.num_regs) return PcError(p, pc, "call results exceed the frame");
    } else if (op == Op::LRET) {
      uint32_t a = isa::GetA(w), b = isa::GetB(w);
      if (b > 1 && a + (b - 1) > f.num_regs) return PcError(p, pc, "LRET window exceeds the frame");
    } else if (op == Op::LVARARG) {
      uint32_t a = isa::GetA(w), c = isa::GetC(w);
      if (c > 1 && a + (c - 1) > f.num_regs) return PcError(p, pc, "LVARARG window exceeds the frame");
      if (!f.is_vararg || !f.has_rest || isa::GetB(w) != f.rest_reg)
        return PcError(p, pc, "LVARARG outside a vararg function");
    } else if (op == Op::LSETLIST) {
      uint32_t a = isa::GetA(w), b = isa::GetB(w);
      if (b > 1 && a + (b - 1) >= f.num_regs) return PcError(p, pc, "LSETLIST window exceeds the frame");
    } else if (op == Op::LCONCAT) {
      uint32_t b = isa::GetB(w), c = isa::GetC(w);
      if (c < 2) return PcError(p, pc, "LCONCAT of fewer than two operands");
      if (b + c > f.num_regs) return PcError(p, pc, "LCONCAT window exceeds the frame");
    } else if (op == Op::ASYNCITER) {
      if (!f.is_async) return PcError(p, pc, "ASYNCITER outside an async function");
      if (isa::GetC(w) > 2) return PcError(p, pc, "ASYNCITER kind out of range");
    } else if (op == Op::YIELD || op == Op::YIELDSTAR) {
      if (!f.is_generator) return PcError(p, pc, "yield outside a generator");
      if (op == Op::YIELD && isa::GetC(w) > 2) return PcError(p, pc, "YIELD kind out of range");
      if (op == Op::YIELDSTAR && isa::GetC(w) + 1 >= f.num_regs)
        return PcError(p, pc, "YIELDSTAR window exceeds the frame");
    } else if (op == Op::CONCAT) {
      uint32_t b = isa::GetB(w), c = isa::GetC(w);
      if (c == 0) return PcError(p, pc, "CONCAT of zero operands");
      if (b + c > f.num_regs) return PcError(p, pc, "CONCAT window exceeds the frame");
    }
    return absl::OkStatus();
  }

  const Module& m_;
  std::vector<uint32_t> parent_;
};

}  // namespace

absl::Status VerifyModule(const bytecode::Module& module) { return Verifier(module).Run(); }

}  // namespace codemode::compiler
