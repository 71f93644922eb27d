#include "vm/disasm.h"

#include <cinttypes>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <string>

#include "vm/isa.h"

namespace codemode::bytecode {

namespace {

using isa::Op;

void AppendF(std::string* out, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
void AppendF(std::string* out, const char* fmt, ...) {
  char buf[256];
  va_list ap;
  va_start(ap, fmt);
  int n = std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if (static_cast<size_t>(n) < sizeof buf) {
    out->append(buf, static_cast<size_t>(n));
    return;
  }
  std::string big(static_cast<size_t>(n) + 1, '\0');
  va_start(ap, fmt);
  std::vsnprintf(big.data(), big.size(), fmt, ap);
  va_end(ap);
  big.resize(static_cast<size_t>(n));
  out->append(big);
}

void AppendUtf8(std::string* out, uint32_t cp) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

void AppendQuotedU16(std::string* out, const std::u16string& s) {
  out->push_back('"');
  for (size_t i = 0; i < s.size(); ++i) {
    uint32_t c = s[i];
    if (c >= 0xD800 && c <= 0xDBFF && i + 1 < s.size() && s[i + 1] >= 0xDC00 &&
        s[i + 1] <= 0xDFFF) {
      uint32_t cp = 0x10000 + ((c - 0xD800) << 10) + (s[i + 1] - 0xDC00);
      AppendUtf8(out, cp);
      ++i;
      continue;
    }
    switch (c) {
      case '"':
        out->append("\\\"");
        continue;
      case '\\':
        out->append("\\\\");
        continue;
      case '\n':
        out->append("\\n");
        continue;
      case '\r':
        out->append("\\r");
        continue;
      case '\t':
        out->append("\\t");
        continue;
      default:
        break;
    }
    if (c < 0x20 || (c >= 0xD800 && c <= 0xDFFF)) {
      AppendF(out, "\\u%04X", c);
    } else {
      AppendUtf8(out, c);
    }
  }
  out->push_back('"');
}

void AppendQuotedBytes(std::string* out, const std::string& s) {
  out->push_back('"');
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out->push_back('\\');
      out->push_back(static_cast<char>(c));
    } else if (c < 0x20 || c >= 0x7F) {
      AppendF(out, "\\x%02X", c);
    } else {
      out->push_back(static_cast<char>(c));
    }
  }
  out->push_back('"');
}

const char* KindName(FunctionKind k) {
  switch (k) {
    case FunctionKind::kNormal:
      return "normal";
    case FunctionKind::kArrow:
      return "arrow";
    case FunctionKind::kMethod:
      return "method";
    case FunctionKind::kGetter:
      return "getter";
    case FunctionKind::kSetter:
      return "setter";
    case FunctionKind::kClassConstructor:
      return "class-constructor";
    case FunctionKind::kDerivedConstructor:
      return "derived-constructor";
    case FunctionKind::kScript:
      return "script";
  }
  return "?";
}

// Operand roles for printing (mirrors compiler/verify.cc's table; kept separate so vm/ needs
// nothing from compiler/).
enum class R : uint8_t { kNone, kReg, kConst, kUpval, kChild, kImm, kSImm, kJump };

struct Roles {
  R a = R::kNone, b = R::kNone, c = R::kNone, x = R::kNone;
};

// LVARARG's B names a register (the extra arguments); LCALL's and LNEWTABLE's B is a count.
R f_imm(Op op) { return op == Op::LVARARG ? R::kReg : R::kImm; }

Roles RolesOf(Op op) {
  Roles r;
  switch (op) {
    case Op::LOADK:
    case Op::LOADKX:
      r.a = R::kReg, r.x = R::kConst;
      break;
    case Op::LOADI:
    case Op::LOADINT:
      r.a = R::kReg, r.x = R::kSImm;
      break;
    case Op::GETGLOBAL:
    case Op::GETGLOBALOPT:
    case Op::SETGLOBAL:
    case Op::CHECKTDZ:
      r.a = R::kReg, r.x = R::kConst;
      break;
    case Op::NEWCELL:
    case Op::NEWARRAY:
    case Op::CALL:
    case Op::NEW:
      r.a = R::kReg, r.b = R::kImm;
      break;
    case Op::LGETGLOBAL:
    case Op::LSETGLOBAL:
      r.a = R::kReg, r.x = R::kConst;
      break;
    case Op::LNEWTABLE:
    case Op::LCALL:
    case Op::LVARARG:
      r.a = R::kReg, r.b = f_imm(op), r.c = R::kImm;
      break;
    case Op::LRET:
      r.a = R::kReg, r.b = R::kImm;
      break;
    case Op::LSETLIST:
      r.a = R::kReg, r.b = R::kImm, r.x = R::kImm;
      break;
    case Op::LCONCAT:
    case Op::LCLOSE:
      r.a = R::kReg, r.b = R::kReg, r.c = R::kImm;
      break;
    case Op::LTBC:
      r.a = R::kReg, r.x = R::kConst;
      break;
    case Op::LJMPT:
    case Op::LJMPF:
    case Op::LFORPREP:
    case Op::LFORLOOP:
      r.a = R::kReg, r.x = R::kJump;
      break;
    case Op::LGETENV:
      r.a = R::kReg;
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
    case Op::LEQK:
    case Op::LNEK:
    case Op::LLTK:
    case Op::LLEK:
    case Op::LGTK:
    case Op::LGEK:
    case Op::LGETFIELD:
    case Op::LSETFIELD:
    case Op::GETCELLCHK:
    case Op::SETCELLCHK:
    case Op::GETFIELD:
    case Op::SETFIELD:
    case Op::DEFFIELD:
    case Op::DELFIELD:
      r.a = R::kReg, r.b = R::kReg, r.x = R::kConst;
      break;
    case Op::GETUPVAL:
    case Op::SETUPVAL:
    case Op::GETUPCELL:
      r.a = R::kReg, r.b = R::kUpval;
      break;
    case Op::GETUPVALCHK:
    case Op::SETUPVALCHK:
      r.a = R::kReg, r.b = R::kUpval, r.x = R::kConst;
      break;
    case Op::CLOSURE:
      r.a = R::kReg, r.x = R::kChild;
      break;
    case Op::ADDI:
      r.a = R::kReg, r.b = R::kReg, r.c = R::kSImm;
      break;
    case Op::CONCAT:
    case Op::YIELD:
    case Op::ASYNCITER:
      r.a = R::kReg, r.b = R::kReg, r.c = R::kImm;
      break;
    case Op::JMP:
      r.x = R::kJump;
      break;
    case Op::JMPT:
    case Op::JMPF:
    case Op::JMPNULLISH:
    case Op::JMPNOTNULLISH:
    case Op::JMPUNDEF:
    case Op::JMPNOTUNDEF:
    case Op::JMPEMPTY:
    case Op::JMPNOTEMPTY:
      r.a = R::kReg, r.x = R::kJump;
      break;
    case Op::RETUNDEF:
    case Op::NOP:
      break;
    case Op::SUPERNEW:
    case Op::NEWPRIVATE:
      r.a = R::kReg, r.b = R::kImm, r.x = R::kConst;
      break;
    case Op::SUPERNEWSPREAD:
      r.a = R::kReg, r.x = R::kConst;
      break;
    case Op::HASPRIVATE:
      r.a = R::kReg, r.b = R::kReg, r.c = R::kReg, r.x = R::kConst;
      break;
    case Op::THROWERR:
      r.a = R::kImm, r.x = R::kConst;
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
    case Op::CALLSPREAD:
    case Op::NEWSPREAD:
      r.a = R::kReg;
      break;
    default: {
      // Register-only instructions, by format.
      isa::Format f = isa::kFormats[static_cast<int>(op)];
      r.a = R::kReg;
      if (f == isa::Format::AB || f == isa::Format::ABC) r.b = R::kReg;
      if (f == isa::Format::ABC) r.c = R::kReg;
      break;
    }
  }
  return r;
}

}  // namespace

std::string ConstantToString(const Constant& c) {
  std::string out;
  switch (c.kind) {
    case Constant::Kind::kNumber:
      if (std::isnan(c.number)) {
        out = "NaN";
      } else if (std::isinf(c.number)) {
        out = c.number > 0 ? "Infinity" : "-Infinity";
      } else if (c.number == 0 && std::signbit(c.number)) {
        out = "-0";
      } else {
        AppendF(&out, "%.17g", c.number);
      }
      break;
    case Constant::Kind::kInteger:
      AppendF(&out, "%" PRId64 "i", c.integer);
      break;
    case Constant::Kind::kString:
      AppendQuotedU16(&out, c.u16);
      break;
    case Constant::Kind::kByteString:
      AppendQuotedBytes(&out, c.bytes);
      break;
    case Constant::Kind::kBigInt:
      out = c.bytes + "n";
      break;
    case Constant::Kind::kTemplate:
      out = "template[";
      for (size_t i = 0; i < c.strings.size(); ++i) {
        if (i) out += ", ";
        if (i < c.cooked_valid.size() && !c.cooked_valid[i]) {
          out += "undefined";
        } else {
          AppendQuotedU16(&out, c.strings[i]);
        }
      }
      out += "] raw[";
      for (size_t i = 0; i < c.raws.size(); ++i) {
        if (i) out += ", ";
        AppendQuotedU16(&out, c.raws[i]);
      }
      out += "]";
      break;
  }
  return out;
}

std::string Disassemble(const Module& module) {
  std::string out;
  for (size_t p = 0; p < module.protos.size(); ++p) {
    const FunctionProto& f = module.protos[p];
    if (p) out.push_back('\n');
    AppendF(&out, "function %zu \"%s\" %s%s%s%s%s params=%u length=%u regs=%u", p, f.name.c_str(),
            KindName(f.kind), f.is_async ? " async" : "", f.is_generator ? " generator" : "",
            f.strict ? " strict" : "", p == module.main ? " main" : "", f.num_params, f.length,
            f.num_regs);
    if (f.has_rest) AppendF(&out, " rest=R%u", f.rest_reg);
    if (f.needs_arguments) AppendF(&out, " arguments=R%u", f.arguments_reg);
    if (f.is_vararg) out += " vararg";
    AppendF(&out, " line %u:%u\n", f.line, f.column);
    if (!f.children.empty()) {
      out += "  children:";
      for (uint32_t c : f.children) AppendF(&out, " %u", c);
      out += "\n";
    }
    size_t line_index = 0;
    for (size_t pc = 0; pc < f.code.size();) {
      isa::Instr w = f.code[pc];
      unsigned raw = w & 0xFF;
      char pos[32] = "";
      while (line_index < f.lines.size() && f.lines[line_index].pc < pc) ++line_index;
      if (line_index < f.lines.size() && f.lines[line_index].pc == pc) {
        std::snprintf(pos, sizeof pos, "%u:%u", f.lines[line_index].line,
                      f.lines[line_index].column);
      }
      if (raw >= static_cast<unsigned>(Op::kCount)) {
        AppendF(&out, "  %4zu  %-8s <bad opcode %u>\n", pc, pos, raw);
        ++pc;
        continue;
      }
      Op op = static_cast<Op>(raw);
      isa::Format fmt = isa::kFormats[raw];
      bool wide = isa::HasExtraWord(fmt);
      uint32_t extra = wide && pc + 1 < f.code.size() ? f.code[pc + 1] : 0;
      uint32_t x = wide ? extra : isa::GetBx(w);
      Roles roles = RolesOf(op);
      std::string operands, comment;
      auto field = [&](R role, int64_t v) {
        if (role == R::kNone) return;
        if (!operands.empty()) operands += " ";
        switch (role) {
          case R::kReg:
            AppendF(&operands, "R%lld", static_cast<long long>(v));
            break;
          case R::kConst:
            AppendF(&operands, "K%lld", static_cast<long long>(v));
            if (!comment.empty()) comment += " ";
            if (v >= 0 && static_cast<size_t>(v) < f.constants.size()) {
              comment += ConstantToString(f.constants[static_cast<size_t>(v)]);
            } else {
              comment += "?";
            }
            break;
          case R::kUpval:
            AppendF(&operands, "U%lld", static_cast<long long>(v));
            if (!comment.empty()) comment += " ";
            if (v >= 0 && static_cast<size_t>(v) < f.upvalues.size()) {
              comment += f.upvalues[static_cast<size_t>(v)].name;
            } else {
              comment += "?";
            }
            break;
          case R::kChild:
            AppendF(&operands, "F%lld", static_cast<long long>(v));
            if (!comment.empty()) comment += " ";
            if (v >= 0 && static_cast<size_t>(v) < f.children.size()) {
              uint32_t child = f.children[static_cast<size_t>(v)];
              AppendF(&comment, "function %u", child);
              if (child < module.protos.size() && !module.protos[child].name.empty()) {
                AppendF(&comment, " \"%s\"", module.protos[child].name.c_str());
              }
            } else {
              comment += "?";
            }
            break;
          case R::kImm:
          case R::kSImm:
            AppendF(&operands, "%lld", static_cast<long long>(v));
            break;
          case R::kJump:
            AppendF(&operands, "-> %lld", static_cast<long long>(v));
            break;
          case R::kNone:
            break;
        }
      };
      field(roles.a, isa::GetA(w));
      if (fmt != isa::Format::ABx && fmt != isa::Format::AsBx && fmt != isa::Format::sBx) {
        field(roles.b, isa::GetB(w));
        field(roles.c, roles.c == R::kSImm ? isa::GetSC(w) : static_cast<int64_t>(isa::GetC(w)));
      }
      if (roles.x == R::kJump) {
        field(R::kJump, static_cast<int64_t>(pc) + 1 + isa::GetSBx(w));
      } else if (roles.x == R::kSImm) {
        field(R::kSImm, isa::GetSBx(w));
      } else {
        field(roles.x, x);
      }
      AppendF(&out, "  %4zu  %-8s %-12s %s", pc, pos, isa::kNames[raw], operands.c_str());
      if (!comment.empty()) {
        out += "  ; ";
        out += comment;
      }
      out += "\n";
      pc += wide ? 2 : 1;
    }
    if (!f.handlers.empty()) {
      out += "  handlers:\n";
      for (const Handler& h : f.handlers) {
        AppendF(&out, "    [%u, %u) -> %u  R%u\n", h.start, h.end, h.handler, h.reg);
      }
    }
    if (!f.upvalues.empty()) {
      out += "  upvalues:\n";
      for (size_t i = 0; i < f.upvalues.size(); ++i) {
        const UpvalueDesc& u = f.upvalues[i];
        AppendF(&out, "    U%zu %s %s%u\n", i, u.name.c_str(),
                u.from_parent_register ? "parent R" : "parent U", u.index);
      }
    }
  }
  return out;
}

}  // namespace codemode::bytecode
