// FunctionBuilder: the emission layer shared by the front ends. It owns one bytecode::FunctionProto
// while it is being built: instruction encoding (vm/isa.h), a stack-like register allocator, the
// constant pool (deduplicated, except tagged-template objects which have per-site identity),
// forward/backward labels with jump patching, exception-handler regions and the pc →
// source-position line table.
//
// Errors never abort emission midway: the first limit that is exceeded (registers, constants, jump
// range, code size) sets `failed()` with a message, and every later emission becomes a no-op, so
// callers can unwind at their own pace and report "function too large".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "vm/bytecode.h"
#include "vm/isa.h"

namespace codemode::compiler {

// Index of a label inside one FunctionBuilder.
struct Label {
  int id = -1;
  bool valid() const { return id >= 0; }
};

// Index of an exception-handler region inside one FunctionBuilder.
struct Region {
  int id = -1;
};

class FunctionBuilder {
 public:
  // Upper bound on the words of one function's code: far beyond any real program, it bounds the
  // work a hostile input can cause (and sBx jumps cannot span more than 32767 words anyway).
  static constexpr size_t kMaxCodeWords = 1u << 20;

  FunctionBuilder();

  // ---- errors
  bool failed() const { return failed_; }
  const std::string& error() const { return error_; }
  // Records the first failure; later emissions are ignored.
  void Fail(std::string message);

  // ---- registers: a stack. Registers below `top()` are allocated; Alloc returns the base of n
  // fresh consecutive registers (at least reg 1 when R0 is reserved for `this`). Exceeding
  // isa::kMaxRegisters fails the builder and returns a valid dummy register.
  int top() const { return top_; }
  int Alloc(int n = 1);
  // Frees every register >= mark.
  void FreeTo(int mark);
  // Marks [0, n) as allocated (R0 and the parameter registers) before any other allocation.
  void ReserveFixed(int n);
  // Registers holding bindings (locals): expressions never use them as scratch destinations.
  void SetLocal(int reg, bool is_local);
  bool IsLocal(int reg) const { return reg >= 0 && reg < 256 && is_local_[reg]; }
  int max_regs() const { return max_top_; }

  // ---- constants (kString constants hold UTF-16 code units)
  uint32_t AddNumber(double v);
  uint32_t AddString(std::u16string_view s);
  uint32_t AddStringUtf8(std::string_view utf8);
  uint32_t AddBigInt(std::string_view decimal_digits);
  // Lua constants: an integer (kInteger) and a byte string (kByteString).
  uint32_t AddInteger(int64_t v);
  uint32_t AddByteString(std::string_view bytes);
  // Never deduplicated: each tagged-template call site needs its own template object (ECMA-262
  // §13.2.8.4).
  uint32_t AddTemplate(std::vector<std::u16string> cooked, std::vector<bool> cooked_valid,
                       std::vector<std::u16string> raws);
  const std::vector<bytecode::Constant>& constants() const { return proto_.constants; }

  // ---- source positions: the position attached to the next emitted instructions that can
  // throw/call.
  void SetPosition(uint32_t line, uint32_t column) {
    line_ = line;
    column_ = column;
  }
  uint32_t line() const { return line_; }
  uint32_t column() const { return column_; }

  // Records how V8 names the callee of the call instruction at `pc` (bytecode::CalleeText).
  void AddCalleeText(uint32_t pc, std::string text) {
    proto_.callee_texts.push_back({pc, std::move(text)});
  }

  // ---- emission. All return the pc of the emitted instruction.
  uint32_t pc() const { return static_cast<uint32_t>(proto_.code.size()); }
  uint32_t EmitA(isa::Op op, int a);
  uint32_t EmitAB(isa::Op op, int a, int b);
  uint32_t EmitABC(isa::Op op, int a, int b, int c);
  uint32_t EmitABx(isa::Op op, int a, uint32_t bx);
  uint32_t EmitAsBx(isa::Op op, int a, int sbx);
  uint32_t EmitABX(isa::Op op, int a, int b, uint32_t x);
  uint32_t EmitAX(isa::Op op, int a, uint32_t x);
  uint32_t EmitABCX(isa::Op op, int a, int b, int c, uint32_t x);
  // R[a] = K[k] (LOADK, or LOADKX beyond 16 bits).
  void EmitLoadConstant(int a, uint32_t k);
  // R[a] = v, as LOADI when v is an integer in the sBx range (and not -0), else LOADK.
  void EmitLoadNumber(int a, double v);
  // MOVE a b unless a == b.
  void EmitMove(int a, int b);

  // ---- labels and jumps
  Label NewLabel();
  // Binds the label to the current pc and patches pending jumps to it.
  void Bind(Label l);
  bool IsBound(Label l) const { return labels_[l.id].pc >= 0; }
  bool IsUsed(Label l) const { return labels_[l.id].used; }
  // JMP (a ignored) or a conditional jump testing R[a].
  void EmitJump(isa::Op op, int a, Label target);
  void EmitJump(Label target) { EmitJump(isa::Op::JMP, 0, target); }

  // ---- exception handler regions. A region covers the pcs emitted between Open and Close, except
  // while paused. Close records one bytecode::Handler per covered segment, in order, with handler
  // target `handler` (bound later at the latest by Finish) storing the exception in R[reg]. Regions
  // must be closed innermost first, which lists inner ranges before outer ones as the VM requires.
  Region OpenRegion();
  void PauseRegion(Region r);
  void ResumeRegion(Region r);
  bool IsRegionOpen(Region r) const { return regions_[r.id].open; }
  void CloseRegion(Region r, Label handler, int reg);
  // True when the region covered at least one instruction (else Close adds no handler).
  bool RegionCoversCode(Region r) const;

  // ---- output
  bytecode::FunctionProto& proto() { return proto_; }
  // Resolves handler labels, sets num_regs, and returns the finished proto. The builder must not be
  // used afterwards. Fails (and returns a partial proto) when a label is used but never bound.
  bytecode::FunctionProto Finish();

 private:
  struct LabelInfo {
    int64_t pc = -1;
    bool used = false;
    std::vector<uint32_t> patches;  // pcs of jump instructions waiting for this label
  };
  struct RegionInfo {
    bool open = false;
    bool paused = false;
    uint32_t segment_start = 0;
    std::vector<std::pair<uint32_t, uint32_t>> segments;
  };
  struct PendingHandler {
    uint32_t start, end;
    int label;
    int reg;
  };

  uint32_t Emit(isa::Instr word, isa::Op op);
  void EmitExtra(uint32_t x);
  void PatchJump(uint32_t at, int64_t target);
  uint32_t AddConstant(bytecode::Constant c, std::string key);
  int CheckReg(int r);

  bytecode::FunctionProto proto_;
  bool failed_ = false;
  std::string error_;
  int top_ = 0;
  int max_top_ = 1;
  bool is_local_[256] = {};
  uint32_t line_ = 0, column_ = 0;
  uint32_t last_line_entry_line_ = 0, last_line_entry_column_ = 0;
  bool have_line_entry_ = false;
  absl::flat_hash_map<std::string, uint32_t> constant_index_;
  std::vector<LabelInfo> labels_;
  std::vector<RegionInfo> regions_;
  std::vector<PendingHandler> handlers_;
};

// Whether an instruction with this opcode can throw or call program code (those get line entries).
bool OpCanThrow(isa::Op op);

// UTF-8 (well-formed; as produced by the lexer) → UTF-16 code units. Invalid bytes become U+FFFD.
std::u16string Utf8ToUtf16(std::string_view utf8);

}  // namespace codemode::compiler
