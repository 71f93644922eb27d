#include "compiler/codegen.h"

#include <cmath>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"

namespace codemode::compiler {

using isa::Op;

namespace {

// Key prefix per constant kind, so equal payloads of different kinds never merge.
std::string ConstantKey(char kind, std::string_view payload) {
  std::string key;
  key.reserve(payload.size() + 1);
  key.push_back(kind);
  key.append(payload);
  return key;
}

}  // namespace

bool OpCanThrow(Op op) {
  switch (op) {
    case Op::MOVE:
    case Op::LOADK:
    case Op::LOADKX:
    case Op::LOADI:
    case Op::LOADINT:
    case Op::LOADUNDEF:
    case Op::LOADNULL:
    case Op::LOADTRUE:
    case Op::LOADFALSE:
    case Op::LOADEMPTY:
    case Op::LOADCALLEE:
    case Op::LOADNEWTARGET:
    case Op::NEWCELL:
    case Op::GETCELL:
    case Op::SETCELL:
    case Op::GETUPVAL:
    case Op::SETUPVAL:
    case Op::GETUPCELL:
    case Op::JMP:
    case Op::JMPT:
    case Op::JMPF:
    case Op::JMPNULLISH:
    case Op::JMPNOTNULLISH:
    case Op::JMPUNDEF:
    case Op::JMPNOTUNDEF:
    case Op::JMPEMPTY:
    case Op::JMPNOTEMPTY:
    case Op::NOT:
    case Op::TYPEOF:
    case Op::SEQ:
    case Op::SNE:
    case Op::RETUNDEF:
    case Op::NOP:
      return false;
    default:
      return true;
  }
}

std::u16string Utf8ToUtf16(std::string_view s) {
  std::u16string out;
  out.reserve(s.size());
  size_t i = 0;
  while (i < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    uint32_t cp;
    size_t len;
    if (c < 0x80) {
      cp = c;
      len = 1;
    } else if ((c & 0xE0) == 0xC0) {
      cp = c & 0x1F;
      len = 2;
    } else if ((c & 0xF0) == 0xE0) {
      cp = c & 0x0F;
      len = 3;
    } else if ((c & 0xF8) == 0xF0) {
      cp = c & 0x07;
      len = 4;
    } else {
      out.push_back(0xFFFD);
      ++i;
      continue;
    }
    if (i + len > s.size()) {
      out.push_back(0xFFFD);
      break;
    }
    bool ok = true;
    for (size_t k = 1; k < len; ++k) {
      unsigned char cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xC0) != 0x80) {
        ok = false;
        break;
      }
      cp = (cp << 6) | (cc & 0x3F);
    }
    if (!ok || cp > 0x10FFFF) {
      out.push_back(0xFFFD);
      ++i;
      continue;
    }
    i += len;
    if (cp >= 0x10000) {
      cp -= 0x10000;
      out.push_back(static_cast<char16_t>(0xD800 + (cp >> 10)));
      out.push_back(static_cast<char16_t>(0xDC00 + (cp & 0x3FF)));
    } else {
      // Surrogate code points encoded in UTF-8 (WTF-8) pass through as lone surrogates.
      out.push_back(static_cast<char16_t>(cp));
    }
  }
  return out;
}

FunctionBuilder::FunctionBuilder() = default;

void FunctionBuilder::Fail(std::string message) {
  if (failed_) return;
  failed_ = true;
  error_ = std::move(message);
}

// ----------------------------------------------------------------------------------------
// registers

int FunctionBuilder::Alloc(int n) {
  int base = top_;
  if (top_ + n > isa::kMaxRegisters) {
    Fail("function too large (more than 255 registers needed)");
    // Hand out a register that is always valid so the caller's emission stays in range; the output
    // is discarded anyway.
    return 0;
  }
  top_ += n;
  if (top_ > max_top_) max_top_ = top_;
  return base;
}

void FunctionBuilder::FreeTo(int mark) {
  if (mark < top_) {
    for (int r = mark; r < top_ && r < 256; ++r) is_local_[r] = false;
    top_ = mark;
  }
}

void FunctionBuilder::ReserveFixed(int n) {
  if (n > isa::kMaxRegisters) {
    Fail("function too large (more than 255 registers needed)");
    n = isa::kMaxRegisters;
  }
  if (top_ < n) top_ = n;
  if (max_top_ < n) max_top_ = n;
}

void FunctionBuilder::SetLocal(int reg, bool is_local) {
  if (reg >= 0 && reg < 256) is_local_[reg] = is_local;
}

int FunctionBuilder::CheckReg(int r) {
  if (r < 0 || r >= isa::kMaxRegisters) {
    Fail("function too large (register out of range)");
    return 0;
  }
  return r;
}

// ----------------------------------------------------------------------------------------
// constants

uint32_t FunctionBuilder::AddConstant(bytecode::Constant c, std::string key) {
  auto it = constant_index_.find(key);
  if (it != constant_index_.end()) return it->second;
  uint32_t index = static_cast<uint32_t>(proto_.constants.size());
  proto_.constants.push_back(std::move(c));
  constant_index_.emplace(std::move(key), index);
  return index;
}

uint32_t FunctionBuilder::AddNumber(double v) {
  if (std::isnan(v)) v = std::nan("");  // one NaN constant whatever the payload
  char bits[sizeof(double)];
  std::memcpy(bits, &v, sizeof v);
  bytecode::Constant c;
  c.kind = bytecode::Constant::Kind::kNumber;
  c.number = v;
  return AddConstant(std::move(c), ConstantKey('n', std::string_view(bits, sizeof bits)));
}

uint32_t FunctionBuilder::AddString(std::u16string_view s) {
  bytecode::Constant c;
  c.kind = bytecode::Constant::Kind::kString;
  c.u16 = std::u16string(s);
  std::string_view bytes(reinterpret_cast<const char*>(s.data()), s.size() * sizeof(char16_t));
  return AddConstant(std::move(c), ConstantKey('s', bytes));
}

uint32_t FunctionBuilder::AddStringUtf8(std::string_view utf8) {
  return AddString(Utf8ToUtf16(utf8));
}

uint32_t FunctionBuilder::AddInteger(int64_t v) {
  bytecode::Constant c;
  c.kind = bytecode::Constant::Kind::kInteger;
  c.integer = v;
  char bits[sizeof v];
  std::memcpy(bits, &v, sizeof v);
  return AddConstant(std::move(c), ConstantKey('i', std::string_view(bits, sizeof bits)));
}

uint32_t FunctionBuilder::AddByteString(std::string_view bytes) {
  bytecode::Constant c;
  c.kind = bytecode::Constant::Kind::kByteString;
  c.bytes = std::string(bytes);
  return AddConstant(std::move(c), ConstantKey('y', bytes));
}

uint32_t FunctionBuilder::AddBigInt(std::string_view digits) {
  bytecode::Constant c;
  c.kind = bytecode::Constant::Kind::kBigInt;
  c.bytes = std::string(digits);
  return AddConstant(std::move(c), ConstantKey('b', digits));
}

uint32_t FunctionBuilder::AddTemplate(std::vector<std::u16string> cooked,
                                      std::vector<bool> cooked_valid,
                                      std::vector<std::u16string> raws) {
  bytecode::Constant c;
  c.kind = bytecode::Constant::Kind::kTemplate;
  c.strings = std::move(cooked);
  c.cooked_valid = std::move(cooked_valid);
  c.raws = std::move(raws);
  uint32_t index = static_cast<uint32_t>(proto_.constants.size());
  proto_.constants.push_back(std::move(c));
  return index;
}

// ---------------------------------------------------------------------------------------- emission

uint32_t FunctionBuilder::Emit(isa::Instr word, Op op) {
  uint32_t at = pc();
  if (failed_) return at;
  if (proto_.code.size() + 2 > kMaxCodeWords) {
    Fail("function too large (code size limit)");
    return at;
  }
  if (OpCanThrow(op) && line_ != 0 &&
      (!have_line_entry_ || line_ != last_line_entry_line_ || column_ != last_line_entry_column_)) {
    proto_.lines.push_back({at, line_, column_});
    have_line_entry_ = true;
    last_line_entry_line_ = line_;
    last_line_entry_column_ = column_;
  }
  proto_.code.push_back(word);
  return at;
}

void FunctionBuilder::EmitExtra(uint32_t x) {
  if (failed_) return;
  proto_.code.push_back(x);
}

uint32_t FunctionBuilder::EmitA(Op op, int a) {
  return Emit(isa::EncodeABC(op, CheckReg(a), 0, 0), op);
}

uint32_t FunctionBuilder::EmitAB(Op op, int a, int b) {
  return Emit(isa::EncodeABC(op, CheckReg(a), b & 0xFF, 0), op);
}

uint32_t FunctionBuilder::EmitABC(Op op, int a, int b, int c) {
  return Emit(isa::EncodeABC(op, CheckReg(a), b & 0xFF, c & 0xFF), op);
}

uint32_t FunctionBuilder::EmitABx(Op op, int a, uint32_t bx) {
  if (bx > 0xFFFF) {
    Fail("function too large (operand exceeds 16 bits)");
    bx = 0;
  }
  return Emit(isa::EncodeABx(op, CheckReg(a), bx), op);
}

uint32_t FunctionBuilder::EmitAsBx(Op op, int a, int sbx) {
  if (sbx < isa::kMinSBx || sbx > isa::kMaxSBx) {
    Fail("function too large (immediate out of range)");
    sbx = 0;
  }
  return Emit(isa::EncodeAsBx(op, CheckReg(a), sbx), op);
}

uint32_t FunctionBuilder::EmitABX(Op op, int a, int b, uint32_t x) {
  uint32_t at = Emit(isa::EncodeABC(op, CheckReg(a), b & 0xFF, 0), op);
  EmitExtra(x);
  return at;
}

uint32_t FunctionBuilder::EmitABCX(Op op, int a, int b, int c, uint32_t x) {
  uint32_t at = Emit(isa::EncodeABC(op, CheckReg(a), b & 0xFF, c & 0xFF), op);
  EmitExtra(x);
  return at;
}

uint32_t FunctionBuilder::EmitAX(Op op, int a, uint32_t x) {
  uint32_t at = Emit(isa::EncodeABC(op, CheckReg(a), 0, 0), op);
  EmitExtra(x);
  return at;
}

void FunctionBuilder::EmitLoadConstant(int a, uint32_t k) {
  if (k <= 0xFFFF) {
    EmitABx(Op::LOADK, a, k);
  } else {
    EmitAX(Op::LOADKX, a, k);
  }
}

void FunctionBuilder::EmitLoadNumber(int a, double v) {
  if (v == std::floor(v) && v >= isa::kMinSBx && v <= isa::kMaxSBx &&
      !(v == 0 && std::signbit(v))) {
    EmitAsBx(Op::LOADI, a, static_cast<int>(v));
  } else {
    EmitLoadConstant(a, AddNumber(v));
  }
}

void FunctionBuilder::EmitMove(int a, int b) {
  if (a != b) EmitAB(Op::MOVE, a, b);
}

// ---------------------------------------------------------------------------------------- labels

Label FunctionBuilder::NewLabel() {
  labels_.emplace_back();
  return Label{static_cast<int>(labels_.size() - 1)};
}

void FunctionBuilder::PatchJump(uint32_t at, int64_t target) {
  if (failed_ || at >= proto_.code.size()) return;
  int64_t offset = target - (static_cast<int64_t>(at) + 1);
  if (offset < isa::kMinSBx || offset > isa::kMaxSBx) {
    Fail("function too large (jump out of range)");
    return;
  }
  isa::Instr w = proto_.code[at];
  proto_.code[at] = isa::EncodeAsBx(isa::GetOp(w), isa::GetA(w), static_cast<int>(offset));
}

void FunctionBuilder::Bind(Label l) {
  LabelInfo& info = labels_[l.id];
  info.pc = pc();
  for (uint32_t at : info.patches) PatchJump(at, info.pc);
  info.patches.clear();
}

void FunctionBuilder::EmitJump(Op op, int a, Label target) {
  LabelInfo& info = labels_[target.id];
  info.used = true;
  uint32_t at = EmitAsBx(op, a, 0);
  if (failed_) return;
  if (info.pc >= 0) {
    PatchJump(at, info.pc);
  } else {
    info.patches.push_back(at);
  }
}

// ---------------------------------------------------------------------------------------- regions

Region FunctionBuilder::OpenRegion() {
  RegionInfo r;
  r.open = true;
  r.segment_start = pc();
  regions_.push_back(std::move(r));
  return Region{static_cast<int>(regions_.size() - 1)};
}

void FunctionBuilder::PauseRegion(Region r) {
  RegionInfo& info = regions_[r.id];
  if (!info.open || info.paused) return;
  if (pc() > info.segment_start) info.segments.emplace_back(info.segment_start, pc());
  info.paused = true;
}

void FunctionBuilder::ResumeRegion(Region r) {
  RegionInfo& info = regions_[r.id];
  if (!info.open || !info.paused) return;
  info.paused = false;
  info.segment_start = pc();
}

bool FunctionBuilder::RegionCoversCode(Region r) const {
  const RegionInfo& info = regions_[r.id];
  if (!info.segments.empty()) return true;
  return info.open && !info.paused && pc() > info.segment_start;
}

void FunctionBuilder::CloseRegion(Region r, Label handler, int reg) {
  PauseRegion(r);
  RegionInfo& info = regions_[r.id];
  info.open = false;
  for (auto [start, end] : info.segments) {
    handlers_.push_back({start, end, handler.id, reg});
    labels_[handler.id].used = true;
  }
}

// ---------------------------------------------------------------------------------------- output

bytecode::FunctionProto FunctionBuilder::Finish() {
  for (size_t i = 0; i < labels_.size() && !failed_; ++i) {
    if (!labels_[i].patches.empty()) Fail("internal error: jump to an unbound label");
  }
  for (const PendingHandler& h : handlers_) {
    int64_t target = labels_[h.label].pc;
    if (target < 0) {
      Fail("internal error: handler label never bound");
      break;
    }
    bytecode::Handler out;
    out.start = h.start;
    out.end = h.end;
    out.handler = static_cast<uint32_t>(target);
    out.reg = static_cast<uint8_t>(h.reg);
    proto_.handlers.push_back(out);
  }
  proto_.num_regs = static_cast<uint8_t>(max_top_ < 1 ? 1 : max_top_);
  return std::move(proto_);
}

}  // namespace codemode::compiler
