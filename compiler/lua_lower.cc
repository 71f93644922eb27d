// Lua 5.4 AST (compiler/lua/ast.h) → register bytecode with the Lua opcodes of vm/isa.h
// (docs/internals.md "Lua on the shared VM").
//
// Registers: R0 is the unused `this` slot of the shared calling convention, R1..Rn the parameters,
// then (vararg functions) the register holding the extra arguments, then locals and temporaries as
// a stack. A local captured by an inner function lives in a cell created when its declaration runs
// (`NEWCELL r 1`), so every execution of a declaration — every loop iteration — makes a fresh
// variable and closures capturing the same declaration share it. Globals go through
// LGETGLOBAL/LSETGLOBAL (the run's _ENV), unless the program declares its own `_ENV`.
//
// Multi-value expressions (calls, `...`) are compiled "at" the top of the register stack with a
// wanted count (-1: all of them; the VM's frame `top` then marks their end for the next B=0/C=0
// instruction).
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "compiler/codegen.h"
#include "compiler/compile.h"
#include "compiler/lua/parser.h"
#include "compiler/verify.h"

namespace codemode::compiler {

namespace {

using isa::Op;
using lua::NodeKind;

constexpr int kSetListBatch = 50;

struct LuaModule {
  bytecode::Module module;
  std::optional<CompileError> error;
};

class LuaFn {
 public:
  LuaFn(LuaModule* m, LuaFn* parent, const lua::Function* fn) : m_(m), parent_(parent), fn_(fn) {
    index_ = static_cast<uint32_t>(m_->module.protos.size());
    m_->module.protos.emplace_back();
  }

  // Compiles the function; the proto lands at module.protos[index()].
  uint32_t Compile(std::string name) {
    auto& p = b_.proto();
    p.name = std::move(name);
    p.kind = parent_ == nullptr ? bytecode::FunctionKind::kScript : bytecode::FunctionKind::kNormal;
    p.strict = true;  // no `this` coercion: R0 stays undefined
    p.is_vararg = fn_->is_vararg;
    p.line = fn_->line;
    p.column = fn_->column;
    // Upvalues: the chain to the loader's _ENV is not an upvalue here (globals are LGETGLOBAL).
    for (const lua::Upvalue& u : fn_->upvalues) {
      if (u.var == nullptr || parent_ == nullptr) {
        upmap_.push_back(-1);
        continue;
      }
      bytecode::UpvalueDesc d;
      d.name = u.name;
      if (u.in_parent_local) {
        d.from_parent_register = true;
        auto it = parent_->reg_of_.find(u.parent_local);
        if (it == parent_->reg_of_.end()) {
          Fail(fn_, CompileError::Kind::kParseError, "internal error: upvalue of an unknown local");
          return index_;
        }
        d.index = static_cast<uint16_t>(it->second);
      } else {
        int pu = u.parent_upvalue < parent_->upmap_.size() ? parent_->upmap_[u.parent_upvalue] : -1;
        if (pu < 0) {
          upmap_.push_back(-1);
          continue;
        }
        d.from_parent_register = false;
        d.index = static_cast<uint16_t>(pu);
      }
      upmap_.push_back(static_cast<int>(p.upvalues.size()));
      p.upvalues.push_back(std::move(d));
    }
    if (p.upvalues.size() > 255) {
      Fail(fn_, CompileError::Kind::kUnsupportedSyntax,
           "function too large (more than 255 upvalues)");
      return index_;
    }
    size_t nparams = fn_->params.size();
    if (nparams > 250) {
      Fail(fn_, CompileError::Kind::kUnsupportedSyntax, "function too large (too many parameters)");
      return index_;
    }
    p.num_params = static_cast<uint8_t>(nparams);
    p.length = static_cast<uint8_t>(nparams);
    b_.ReserveFixed(1 + static_cast<int>(nparams));
    if (fn_->is_vararg) {
      rest_reg_ = b_.Alloc(1);
      p.has_rest = true;
      p.rest_reg = static_cast<uint8_t>(rest_reg_);
    }
    b_.SetPosition(fn_->line, fn_->column);
    for (size_t i = 0; i < nparams; ++i) {
      const lua::LocalVar* v = fn_->params[i];
      int r = 1 + static_cast<int>(i);
      if (v->captured) {
        int c = b_.Alloc(1);
        b_.EmitAB(Op::NEWCELL, c, 1);
        b_.EmitAB(Op::SETCELL, c, r);
        reg_of_[v] = c;
        cell_[v] = true;
      } else {
        reg_of_[v] = r;
      }
      b_.SetLocal(reg_of_[v], true);
      NoteLocal(v->name, reg_of_[v]);
    }
    Block(fn_->body);
    b_.SetPosition(fn_->end_line, 1);
    b_.EmitAB(Op::LRET, 0, 1);
    EndLocals(0);
    if (b_.failed() && !m_->error) {
      m_->error =
          CompileError{CompileError::Kind::kUnsupportedSyntax, b_.error(), fn_->line, fn_->column};
    }
    m_->module.protos[index_] = b_.Finish();
    return index_;
  }

  uint32_t index() const { return index_; }

 private:
  // ------------------------------------------------------------------------------------ errors
  void Fail(const lua::Node* at, CompileError::Kind kind, std::string message) {
    if (!m_->error) m_->error = CompileError{kind, std::move(message), at->line, at->column};
    b_.Fail("error");
  }
  bool failed() const { return m_->error.has_value() || b_.failed(); }
  void At(const lua::Node* n) { b_.SetPosition(n->line, n->column); }

  // ------------------------------------------------------------------------------------ statements
  void Block(const lua::Block* block) {
    int mark = b_.top();
    size_t tbc_mark = tbc_.size();
    ScanLabels(block->stats, false);
    for (const lua::Node* s : block->stats) {
      if (failed()) return;
      Stat(s);
    }
    CloseTbc(tbc_mark);
    for (const lua::Node* s : block->stats) {
      if (s->kind != NodeKind::kLabel) continue;
      auto* l = s->As<lua::LabelStat>();
      if (deferred_labels_.erase(l) > 0) b_.Bind(LabelFor(l));
    }
    EndLocals(mark);
    b_.FreeTo(mark);
  }

  // ------------------------------------------------------------------------------------
  // debug info: the locals table (bytecode::LocalVarInfo) for error messages naming variables

  void NoteLocal(std::string_view name, int reg) {
    auto& l = b_.proto().locals.emplace_back();
    l.name = std::string(name);
    l.reg = static_cast<uint8_t>(reg);
    l.start_pc = b_.pc();
    l.end_pc = UINT32_MAX;
    open_locals_.push_back(b_.proto().locals.size() - 1);
  }
  // The scope of the variables in registers >= mark ends here.
  void EndLocals(int mark) {
    auto& locals = b_.proto().locals;
    for (size_t j = open_locals_.size(); j-- > 0;) {
      auto& l = locals[open_locals_[j]];
      if (l.reg < mark) continue;
      l.end_pc = b_.pc();
      open_locals_.erase(open_locals_.begin() + static_cast<std::ptrdiff_t>(j));
    }
  }

  // ------------------------------------------------------------------------------------
  // to-be-closed variables (manual §3.3.8)
  //
  // Each `<close>` variable gets an exception-handler region from its declaration to the end of its
  // block: leaving the block normally runs `LCLOSE v` (its __close(v, nil)); an error runs the
  // handler, `LCLOSE v err` then rethrows, so outer variables close next with that error (or with
  // the one a closing method raised). break, goto and return close the variables they leave inline,
  // with the regions of those variables paused so that a failing close is not closed twice.

  struct Tbc {
    int reg;  // the variable's register (its cell when captured)
    int err;  // the handler's register for the error
    Region region;
    Label handler;
    uint32_t line, column;
  };

  // Label depths: the number of to-be-closed variables in scope at each label of `stats` (a label
  // followed only by labels up to the end of a block, not a repeat body, is outside the scope of
  // the block's locals, §3.3.4/lparser.c; when the block has such variables it is bound after the
  // block's closing code).
  void ScanLabels(const std::vector<lua::Node*>& stats, bool repeat_body) {
    size_t depth = tbc_.size(), entry = depth;
    bool block_has_tbc = false;
    for (const lua::Node* st : stats)
      if (st->kind == NodeKind::kLocal)
        for (const lua::LocalVar* v : st->As<lua::LocalStat>()->vars)
          if (v->attrib == lua::LocalAttrib::kClose) block_has_tbc = true;
    for (size_t i = 0; i < stats.size(); ++i) {
      const lua::Node* st = stats[i];
      if (st->kind == NodeKind::kLocal) {
        for (const lua::LocalVar* v : st->As<lua::LocalStat>()->vars)
          if (v->attrib == lua::LocalAttrib::kClose) ++depth;
        continue;
      }
      if (st->kind != NodeKind::kLabel) continue;
      bool last = !repeat_body;
      for (size_t j = i + 1; j < stats.size() && last; ++j)
        if (stats[j]->kind != NodeKind::kLabel) last = false;
      auto* l = st->As<lua::LabelStat>();
      label_tbc_[l] = last ? entry : depth;
      if (last && block_has_tbc) deferred_labels_.insert(l);
    }
  }

  // Register r (just declared) holds a `<close>` variable.
  void OpenTbc(const lua::LocalVar* v, int r, std::string_view name) {
    b_.SetPosition(v->line, v->column);
    b_.EmitABx(Op::LTBC, r, b_.AddByteString(name));
    Tbc t;
    t.reg = r;
    t.err = b_.Alloc(1);
    t.line = v->line;
    t.column = v->column;
    t.handler = b_.NewLabel();
    t.region = b_.OpenRegion();
    tbc_.push_back(t);
  }

  // The end of the scope of the variables tbc_[mark..]: innermost first, the normal close, then the
  // error path.
  void CloseTbc(size_t mark) {
    while (tbc_.size() > mark) {
      Tbc t = tbc_.back();
      tbc_.pop_back();
      bool covers = b_.RegionCoversCode(t.region);
      b_.CloseRegion(t.region, t.handler, t.err);
      b_.SetPosition(t.line, t.column);
      b_.EmitABC(Op::LCLOSE, t.reg, 0, 0);
      if (!covers) continue;
      Label done = b_.NewLabel();
      b_.EmitJump(done);
      b_.Bind(t.handler);
      b_.EmitABC(Op::LCLOSE, t.reg, t.err, 1);
      b_.EmitA(Op::THROW, t.err);
      b_.Bind(done);
    }
  }

  // An exit (break, goto, return) leaving the variables tbc_[target..]: close them inline. The
  // caller emits the jump or return, then ResumeTbc(target).
  void ExitTbc(size_t target) {
    for (size_t j = tbc_.size(); j-- > target;) {
      b_.PauseRegion(tbc_[j].region);
      b_.SetPosition(tbc_[j].line, tbc_[j].column);
      b_.EmitABC(Op::LCLOSE, tbc_[j].reg, 0, 0);
    }
  }
  void ResumeTbc(size_t target) {
    for (size_t j = target; j < tbc_.size(); ++j) b_.ResumeRegion(tbc_[j].region);
  }

  void Stat(const lua::Node* s) {
    At(s);
    switch (s->kind) {
      case NodeKind::kLocal:
        return LocalStat(s->As<lua::LocalStat>());
      case NodeKind::kAssign:
        return Assign(s->As<lua::AssignStat>());
      case NodeKind::kCallStat: {
        int base = b_.top();
        CallAt(s->As<lua::CallStat>()->call, 0);
        b_.FreeTo(base);
        return;
      }
      case NodeKind::kDo:
        return Block(s->As<lua::DoStat>()->body);
      case NodeKind::kWhile: {
        auto* w = s->As<lua::WhileStat>();
        Label loop = b_.NewLabel(), exit = b_.NewLabel();
        b_.Bind(loop);
        CondJumpIfFalse(w->cond, exit);
        breaks_.push_back({exit, tbc_.size()});
        Block(w->body);
        breaks_.pop_back();
        b_.EmitJump(loop);
        b_.Bind(exit);
        return;
      }
      case NodeKind::kRepeat: {
        auto* r = s->As<lua::RepeatStat>();
        Label loop = b_.NewLabel(), exit = b_.NewLabel();
        b_.Bind(loop);
        breaks_.push_back({exit, tbc_.size()});
        int mark = b_.top();
        size_t tbc_mark = tbc_.size();
        ScanLabels(r->body->stats, true);
        for (const lua::Node* st : r->body->stats) {
          if (failed()) return;
          Stat(st);
        }
        // The condition sees the body's locals (§3.3.4); they are closed after it.
        int c = AnyReg(r->cond);
        CloseTbc(tbc_mark);
        b_.EmitJump(Op::LJMPF, c, loop);
        EndLocals(mark);
        b_.FreeTo(mark);
        breaks_.pop_back();
        b_.Bind(exit);
        return;
      }
      case NodeKind::kIf: {
        auto* f = s->As<lua::IfStat>();
        Label end = b_.NewLabel();
        for (size_t i = 0; i < f->clauses.size(); ++i) {
          Label next = b_.NewLabel();
          CondJumpIfFalse(f->clauses[i].cond, next);
          Block(f->clauses[i].body);
          bool last = i + 1 == f->clauses.size() && f->else_body == nullptr;
          if (!last) b_.EmitJump(end);
          b_.Bind(next);
        }
        if (f->else_body) Block(f->else_body);
        b_.Bind(end);
        return;
      }
      case NodeKind::kNumericFor:
        return NumericFor(s->As<lua::NumericForStat>());
      case NodeKind::kGenericFor:
        return GenericFor(s->As<lua::GenericForStat>());
      case NodeKind::kFunctionStat: {
        auto* f = s->As<lua::FunctionStat>();
        std::string name = TargetName(f->target);
        if (f->target->kind == NodeKind::kName) {
          int t = b_.Alloc(1);
          Closure(f->function, t, name);
          StoreName(f->target->As<lua::NameExpr>(), t);
          b_.FreeTo(t);
        } else {
          auto* ix = f->target->As<lua::IndexExpr>();
          int mark = b_.top();
          int obj = AnyReg(ix->object);
          int t = b_.Alloc(1);
          Closure(f->function, t, name);
          At(ix);
          StoreIndex(obj, ix->key, t);
          b_.FreeTo(mark);
        }
        return;
      }
      case NodeKind::kLocalFunction: {
        auto* f = s->As<lua::LocalFunctionStat>();
        int r = b_.Alloc(1);
        reg_of_[f->var] = r;
        b_.SetLocal(r, true);
        NoteLocal(f->var->name, r);
        if (f->var->captured) {
          cell_[f->var] = true;
          b_.EmitAB(Op::NEWCELL, r, 1);
          int t = b_.Alloc(1);
          Closure(f->function, t, f->var->name);
          b_.EmitAB(Op::SETCELL, r, t);
          b_.FreeTo(t);
        } else {
          Closure(f->function, r, f->var->name);
        }
        return;
      }
      case NodeKind::kReturn:
        return Return(s->As<lua::ReturnStat>());
      case NodeKind::kBreak:
        if (breaks_.empty()) return Fail(s, CompileError::Kind::kParseError, "break outside loop");
        ExitTbc(breaks_.back().tbc);
        b_.EmitJump(breaks_.back().label);
        ResumeTbc(breaks_.back().tbc);
        return;
      case NodeKind::kGoto: {
        const lua::LabelStat* target = s->As<lua::GotoStat>()->target;
        auto it = label_tbc_.find(target);
        size_t depth = it == label_tbc_.end() ? tbc_.size() : std::min(it->second, tbc_.size());
        ExitTbc(depth);
        b_.EmitJump(LabelFor(target));
        ResumeTbc(depth);
        return;
      }
      case NodeKind::kLabel: {
        auto* l = s->As<lua::LabelStat>();
        if (!deferred_labels_.contains(l)) b_.Bind(LabelFor(l));
        return;
      }
      default:
        return Fail(s, CompileError::Kind::kUnsupportedSyntax,
                    "this statement is not supported yet");
    }
  }

  Label LabelFor(const lua::LabelStat* l) {
    auto it = labels_.find(l);
    if (it != labels_.end()) return it->second;
    Label lab = b_.NewLabel();
    labels_[l] = lab;
    return lab;
  }

  std::string TargetName(const lua::Node* t) {
    if (t->kind == NodeKind::kName) return t->As<lua::NameExpr>()->name;
    if (t->kind == NodeKind::kIndex) {
      auto* ix = t->As<lua::IndexExpr>();
      std::string base = TargetName(ix->object);
      if (ix->key->kind == NodeKind::kString)
        return absl::StrCat(base, ".", ix->key->As<lua::StringExpr>()->value);
      return base;
    }
    return "";
  }

  // Makes the registers base..base+n-1 (just evaluated) the new locals `vars`.
  void DeclareLocals(const std::vector<lua::LocalVar*>& vars, int base) {
    for (size_t i = 0; i < vars.size(); ++i) {
      const lua::LocalVar* v = vars[i];
      int r = base + static_cast<int>(i);
      if (v->captured) {
        int t = b_.Alloc(1);
        b_.EmitMove(t, r);
        b_.EmitAB(Op::NEWCELL, r, 1);
        b_.EmitAB(Op::SETCELL, r, t);
        b_.FreeTo(t);
        cell_[v] = true;
      }
      reg_of_[v] = r;
      b_.SetLocal(r, true);
      if (!compile_consts_.contains(v)) NoteLocal(v->name, r);
    }
    for (size_t i = 0; i < vars.size(); ++i)
      if (vars[i]->attrib == lua::LocalAttrib::kClose)
        OpenTbc(vars[i], base + static_cast<int>(i), vars[i]->name);
  }

  void LocalStat(const lua::LocalStat* s) {
    // lua5.4 folds `local x <const> = <literal>` into a compile-time constant: no local to name.
    for (size_t i = 0; i < s->vars.size() && i < s->exprs.size(); ++i) {
      const lua::Node* e = s->exprs[i];
      bool neg = e->kind == NodeKind::kUnary && e->As<lua::UnaryExpr>()->op == lua::UnaryOp::kNeg;
      if (neg) e = e->As<lua::UnaryExpr>()->operand;
      bool number = e->kind == NodeKind::kInteger || e->kind == NodeKind::kFloat;
      if (s->vars[i]->attrib == lua::LocalAttrib::kConst &&
          (number || (!neg && (e->kind == NodeKind::kNil || e->kind == NodeKind::kTrue ||
                               e->kind == NodeKind::kFalse || e->kind == NodeKind::kString))))
        compile_consts_.insert(s->vars[i]);
    }
    int base = b_.top();
    int n = static_cast<int>(s->vars.size());
    ExprList(s->exprs, n);
    b_.FreeTo(base + n);
    DeclareLocals(s->vars, base);
  }

  void Assign(const lua::AssignStat* s) {
    if (s->targets.size() == 1 && s->exprs.size() == 1) {
      const lua::Node* t = s->targets[0];
      const lua::Node* e = s->exprs[0];
      if (t->kind == NodeKind::kName) {
        auto* n = t->As<lua::NameExpr>();
        if (n->ref.scope == lua::VarScope::kLocal && !cell_[n->ref.local]) {
          ExprTo(e, reg_of_[n->ref.local]);
          return;
        }
        int mark = b_.top();
        int r = AnyReg(e);
        StoreName(n, r);
        b_.FreeTo(mark);
        return;
      }
      auto* ix = t->As<lua::IndexExpr>();
      int mark = b_.top();
      int obj = AnyReg(ix->object);
      int key = -1;
      bool const_key = ix->key->kind == NodeKind::kString;
      if (!const_key) key = AnyReg(ix->key);
      int v = AnyReg(e);
      At(ix);
      if (const_key) {
        b_.EmitABX(Op::LSETFIELD, obj, v, b_.AddByteString(ix->key->As<lua::StringExpr>()->value));
      } else {
        b_.EmitABC(Op::LSETINDEX, obj, key, v);
      }
      b_.FreeTo(mark);
      return;
    }
    // General case: target prefixes left to right, then the values, then the stores.
    int mark = b_.top();
    struct Target {
      const lua::Node* node;
      int obj = -1, key = -1;
    };
    std::vector<Target> targets;
    for (const lua::Node* t : s->targets) {
      Target tg{t};
      if (t->kind == NodeKind::kIndex) {
        auto* ix = t->As<lua::IndexExpr>();
        tg.obj = TempCopy(ix->object);
        if (ix->key->kind != NodeKind::kString) tg.key = TempCopy(ix->key);
      }
      targets.push_back(tg);
    }
    int base = b_.top();
    ExprList(s->exprs, static_cast<int>(targets.size()));
    b_.FreeTo(base + static_cast<int>(targets.size()));
    for (size_t i = targets.size(); i-- > 0;) {
      const Target& tg = targets[i];
      int v = base + static_cast<int>(i);
      At(tg.node);
      if (tg.node->kind == NodeKind::kName) {
        StoreName(tg.node->As<lua::NameExpr>(), v);
      } else {
        auto* ix = tg.node->As<lua::IndexExpr>();
        if (tg.key < 0) {
          b_.EmitABX(Op::LSETFIELD, tg.obj, v,
                     b_.AddByteString(ix->key->As<lua::StringExpr>()->value));
        } else {
          b_.EmitABC(Op::LSETINDEX, tg.obj, tg.key, v);
        }
      }
    }
    b_.FreeTo(mark);
  }

  // Evaluates into a fresh temporary (never a local's register: later evaluation could change it).
  int TempCopy(const lua::Node* e) {
    int t = b_.Alloc(1);
    ExprTo(e, t);
    return t;
  }

  void StoreName(const lua::NameExpr* n, int r) {
    switch (n->ref.scope) {
      case lua::VarScope::kLocal: {
        int reg = reg_of_[n->ref.local];
        if (cell_[n->ref.local]) {
          b_.EmitAB(Op::SETCELL, reg, r);
        } else {
          b_.EmitMove(reg, r);
        }
        return;
      }
      case lua::VarScope::kUpvalue: {
        int u = UpIndex(n->ref.upvalue);
        if (u < 0) {
          Fail(n, CompileError::Kind::kUnsupportedSyntax, "assigning to _ENV is not supported");
          return;
        }
        b_.EmitAB(Op::SETUPVAL, r, u);
        return;
      }
      case lua::VarScope::kGlobal: {
        uint32_t k = b_.AddByteString(n->name);
        int env = EnvReg(n);
        if (env == -1) {
          b_.EmitAX(Op::LSETGLOBAL, r, k);
        } else {
          b_.EmitABX(Op::LSETFIELD, env, r, k);
        }
        return;
      }
    }
  }

  int UpIndex(uint32_t ast_index) const {
    return ast_index < upmap_.size() ? upmap_[ast_index] : -1;
  }

  // Where `_ENV` of a global reference is: -1 for the run's globals (LGETGLOBAL); else a register
  // holding the user's _ENV table (loaded into a temporary when it is an upvalue or a cell).
  int EnvReg(const lua::NameExpr* n) {
    const lua::VarRef& e = n->env;
    if (e.scope == lua::VarScope::kUpvalue && UpIndex(e.upvalue) < 0) return -1;
    if (e.scope == lua::VarScope::kGlobal) return -1;
    int t = b_.Alloc(1);
    if (e.scope == lua::VarScope::kLocal) {
      if (cell_[e.local]) {
        b_.EmitAB(Op::GETCELL, t, reg_of_[e.local]);
      } else {
        b_.EmitMove(t, reg_of_[e.local]);
      }
    } else {
      b_.EmitAB(Op::GETUPVAL, t, UpIndex(e.upvalue));
    }
    return t;
  }

  void StoreIndex(int obj, const lua::Node* key, int v) {
    if (key->kind == NodeKind::kString) {
      b_.EmitABX(Op::LSETFIELD, obj, v, b_.AddByteString(key->As<lua::StringExpr>()->value));
    } else {
      int mark = b_.top();
      int k = AnyReg(key);
      b_.EmitABC(Op::LSETINDEX, obj, k, v);
      b_.FreeTo(mark);
    }
  }

  void NumericFor(const lua::NumericForStat* s) {
    int mark = b_.top();
    int a = b_.Alloc(4);
    ExprTo(s->start, a);
    ExprTo(s->limit, a + 1);
    if (s->step) {
      ExprTo(s->step, a + 2);
    } else {
      b_.EmitAsBx(Op::LOADINT, a + 2, 1);
    }
    At(s);
    Label exit = b_.NewLabel(), body = b_.NewLabel();
    b_.EmitJump(Op::LFORPREP, a, exit);
    b_.Bind(body);
    int inner = b_.top();
    if (s->var->captured) {
      int c = b_.Alloc(1);
      b_.EmitAB(Op::NEWCELL, c, 1);
      b_.EmitAB(Op::SETCELL, c, a + 3);
      reg_of_[s->var] = c;
      cell_[s->var] = true;
      b_.SetLocal(c, true);
    } else {
      reg_of_[s->var] = a + 3;
      b_.SetLocal(a + 3, true);
    }
    NoteLocal(s->var->name, reg_of_[s->var]);
    breaks_.push_back({exit, tbc_.size()});
    Block(s->body);
    breaks_.pop_back();
    EndLocals(a);
    b_.FreeTo(inner);
    At(s);
    b_.EmitJump(Op::LFORLOOP, a, body);
    b_.Bind(exit);
    b_.FreeTo(mark);
  }

  void GenericFor(const lua::GenericForStat* s) {
    int mark = b_.top();
    int a = b_.top();
    // A fourth value is the loop's closing value (§3.3.5), a to-be-closed variable.
    bool closing = s->exprs.size() >= 4 || IsMulti(s->exprs.back());
    ExprList(s->exprs, closing ? 4 : 3);
    b_.FreeTo(a + (closing ? 4 : 3));
    for (int j = 0; j < (closing ? 4 : 3); ++j) NoteLocal("(for state)", a + j);
    size_t tbc_mark = tbc_.size();
    if (closing) {
      lua::LocalVar state;
      state.line = s->line;
      state.column = s->column;
      OpenTbc(&state, a + 3, "(for state)");
    }
    int nvars = static_cast<int>(s->vars.size());
    int w = b_.Alloc(std::max(4, nvars));  // a + 3: the call window, then the variables
    Label loop = b_.NewLabel(), exit = b_.NewLabel();
    b_.Bind(loop);
    b_.EmitMove(w, a);
    b_.EmitMove(w + 2, a + 1);
    b_.EmitMove(w + 3, a + 2);
    At(s);
    b_.EmitABC(Op::LCALL, w, 3, nvars + 1);
    b_.EmitJump(Op::JMPUNDEF, w, exit);
    b_.EmitMove(a + 2, w);
    int inner = b_.top();
    for (int i = 0; i < nvars; ++i) {
      const lua::LocalVar* v = s->vars[static_cast<size_t>(i)];
      if (v->captured) {
        int c = b_.Alloc(1);
        b_.EmitAB(Op::NEWCELL, c, 1);
        b_.EmitAB(Op::SETCELL, c, w + i);
        reg_of_[v] = c;
        cell_[v] = true;
        b_.SetLocal(c, true);
      } else {
        reg_of_[v] = w + i;
        b_.SetLocal(w + i, true);
      }
      NoteLocal(v->name, reg_of_[v]);
    }
    breaks_.push_back({exit, tbc_.size()});
    Block(s->body);
    breaks_.pop_back();
    EndLocals(w);
    b_.FreeTo(inner);
    b_.EmitJump(loop);
    b_.Bind(exit);
    CloseTbc(tbc_mark);
    EndLocals(mark);
    b_.FreeTo(mark);
  }

  // The values are computed, then the function's to-be-closed variables closed, then returned.
  void Return(const lua::ReturnStat* s) {
    int base = b_.top();
    if (s->exprs.empty()) {
      ExitTbc(0);
      b_.EmitAB(Op::LRET, 0, 1);
      ResumeTbc(0);
      return;
    }
    if (s->exprs.size() == 1 && !IsMulti(s->exprs[0])) {
      int r = AnyReg(s->exprs[0]);
      ExitTbc(0);
      b_.EmitAB(Op::LRET, r, 2);
      ResumeTbc(0);
      b_.FreeTo(base);
      return;
    }
    bool multi = ExprList(s->exprs, -1);
    ExitTbc(0);
    At(s);
    b_.EmitAB(Op::LRET, base, multi ? 0 : static_cast<int>(s->exprs.size()) + 1);
    ResumeTbc(0);
    b_.FreeTo(base);
  }

  // ------------------------------------------------------------------------------------
  // expressions
  static bool IsMulti(const lua::Node* e) {
    return e->kind == NodeKind::kCall || e->kind == NodeKind::kMethodCall ||
           e->kind == NodeKind::kVararg;
  }

  // Evaluates `exprs` into fresh consecutive registers from the current top, adjusted to `want`
  // values (-1: all, the last multi-value expression expanding; returns true when it did and the
  // VM's top marks the end). The registers stay allocated for exactly `want` values (want >= 0) or
  // for the fixed ones (want == -1).
  bool ExprList(const std::vector<lua::Node*>& exprs, int want) {
    int base = b_.top();
    int n = static_cast<int>(exprs.size());
    for (int i = 0; i < n; ++i) {
      const lua::Node* e = exprs[static_cast<size_t>(i)];
      bool last = i == n - 1;
      if (last && IsMulti(e)) {
        int need = want < 0 ? -1 : std::max(0, want - i);
        MultiAt(e, need);
        if (need < 0) return true;
        b_.FreeTo(base + i);
        b_.Alloc(need);
        if (want >= 0) b_.FreeTo(base + want);
        return false;
      }
      int r = b_.Alloc(1);
      ExprTo(e, r);
      if (want >= 0 && i >= want) b_.FreeTo(base + want);  // evaluated for effects only
    }
    if (want > n) {
      for (int i = n; i < want; ++i) b_.EmitA(Op::LOADUNDEF, b_.Alloc(1));
    }
    if (want >= 0) b_.FreeTo(base + want);
    return false;
  }

  // A call or `...` at the current top with `want` results (-1: all).
  void MultiAt(const lua::Node* e, int want) {
    if (e->kind == NodeKind::kVararg) {
      int a = b_.Alloc(std::max(want, 1));  // the frame has at least register a
      At(e);
      b_.EmitABC(Op::LVARARG, a, rest_reg_, want < 0 ? 0 : want + 1);
      b_.FreeTo(a);
      return;
    }
    CallAt(e, want);
  }

  // Compiles a call with its window at the current top; results from that register. Leaves the
  // register stack at the window (the caller allocates what it keeps).
  void CallAt(const lua::Node* e, int want) {
    int w = b_.top();
    b_.Alloc(2);
    const std::vector<lua::Node*>* args;
    int nfixed = 0;
    if (e->kind == NodeKind::kMethodCall) {
      auto* mc = e->As<lua::MethodCallExpr>();
      int self = b_.Alloc(1);  // w + 2: the object, also the first argument
      ExprTo(mc->object, self);
      At(e);
      b_.EmitABX(Op::LGETFIELD, w, self, b_.AddByteString(mc->method));
      args = &mc->args;
      nfixed = 1;
    } else {
      auto* c = e->As<lua::CallExpr>();
      ExprTo(c->callee, w);
      args = &c->args;
    }
    bool multi = ExprList(*args, -1);
    int argc = nfixed + static_cast<int>(args->size());
    At(e);
    b_.EmitABC(Op::LCALL, w, multi ? 0 : argc + 1, want < 0 ? 0 : want + 1);
    b_.FreeTo(w);
    if (want > 0) {
      // Calls never return more registers than the window's: make sure the frame has them.
      b_.Alloc(std::max(want, 1));
      b_.FreeTo(w);
    }
  }

  // Any register holding e's value: a plain local's own register, else a fresh temporary.
  int AnyReg(const lua::Node* e) {
    if (e->kind == NodeKind::kName) {
      auto* n = e->As<lua::NameExpr>();
      if (n->ref.scope == lua::VarScope::kLocal && !cell_[n->ref.local])
        return reg_of_[n->ref.local];
    }
    if (e->kind == NodeKind::kParen) return AnyReg(e->As<lua::ParenExpr>()->inner);
    int t = b_.Alloc(1);
    ExprTo(e, t);
    return t;
  }

  void Closure(const lua::Function* f, int dst, std::string name) {
    LuaFn child(m_, this, f);
    uint32_t idx = child.Compile(std::move(name));
    auto& children = b_.proto().children;
    if (children.size() >= 65535) {
      Fail(f, CompileError::Kind::kUnsupportedSyntax, "function too large (too many functions)");
      return;
    }
    children.push_back(idx);
    At(f);
    b_.EmitABx(Op::CLOSURE, dst, static_cast<uint32_t>(children.size() - 1));
  }

  void LoadInteger(int dst, int64_t v) {
    if (v >= isa::kMinSBx && v <= isa::kMaxSBx) {
      b_.EmitAsBx(Op::LOADINT, dst, static_cast<int>(v));
    } else {
      b_.EmitLoadConstant(dst, b_.AddInteger(v));
    }
  }

  // Evaluates e (one value) into dst. A local's register is written only by the last instruction
  // (expressions that would write it earlier go through a temporary).
  void ExprTo(const lua::Node* e, int dst) {
    if (failed()) return;
    switch (e->kind) {
      case NodeKind::kNil:
        b_.EmitA(Op::LOADUNDEF, dst);
        return;
      case NodeKind::kTrue:
        b_.EmitA(Op::LOADTRUE, dst);
        return;
      case NodeKind::kFalse:
        b_.EmitA(Op::LOADFALSE, dst);
        return;
      case NodeKind::kInteger:
        LoadInteger(dst, e->As<lua::IntegerExpr>()->value);
        return;
      case NodeKind::kFloat: {
        double d = e->As<lua::FloatExpr>()->value;
        if (d >= isa::kMinSBx && d <= isa::kMaxSBx && d == std::trunc(d) &&
            !(d == 0 && std::signbit(d))) {
          b_.EmitAsBx(Op::LOADI, dst, static_cast<int>(d));
        } else {
          b_.EmitLoadConstant(dst, b_.AddNumber(d));
        }
        return;
      }
      case NodeKind::kString:
        b_.EmitLoadConstant(dst, b_.AddByteString(e->As<lua::StringExpr>()->value));
        return;
      case NodeKind::kVararg:
        At(e);
        b_.EmitABC(Op::LVARARG, dst, rest_reg_, 2);
        return;
      case NodeKind::kFunction:
        Closure(e->As<lua::Function>(), dst, "");
        return;
      case NodeKind::kTable:
        if (b_.IsLocal(dst)) {
          int mark = b_.top();
          int t = b_.Alloc(1);
          Table(e->As<lua::TableExpr>(), t);
          b_.EmitMove(dst, t);
          b_.FreeTo(mark);
        } else {
          Table(e->As<lua::TableExpr>(), dst);
        }
        return;
      case NodeKind::kBinary:
        return Binary(e->As<lua::BinaryExpr>(), dst);
      case NodeKind::kLogical: {
        auto* l = e->As<lua::LogicalExpr>();
        int mark = b_.top();
        int t = b_.IsLocal(dst) ? b_.Alloc(1) : dst;
        Label end = b_.NewLabel();
        ExprTo(l->left, t);
        b_.EmitJump(l->op == lua::LogicalOp::kAnd ? Op::LJMPF : Op::LJMPT, t, end);
        ExprTo(l->right, t);
        b_.Bind(end);
        b_.EmitMove(dst, t);
        b_.FreeTo(mark);
        return;
      }
      case NodeKind::kUnary: {
        auto* u = e->As<lua::UnaryExpr>();
        if (u->op == lua::UnaryOp::kNeg && u->operand->kind == NodeKind::kInteger) {
          int64_t v = u->operand->As<lua::IntegerExpr>()->value;
          LoadInteger(dst, static_cast<int64_t>(0 - static_cast<uint64_t>(v)));
          return;
        }
        if (u->op == lua::UnaryOp::kNeg && u->operand->kind == NodeKind::kFloat) {
          b_.EmitLoadConstant(dst, b_.AddNumber(-u->operand->As<lua::FloatExpr>()->value));
          return;
        }
        int mark = b_.top();
        int r = AnyReg(u->operand);
        At(u);
        Op op = u->op == lua::UnaryOp::kNeg   ? Op::LUNM
                : u->op == lua::UnaryOp::kNot ? Op::LNOT
                : u->op == lua::UnaryOp::kLen ? Op::LLEN
                                              : Op::LBNOT;
        b_.EmitAB(op, dst, r);
        b_.FreeTo(mark);
        return;
      }
      case NodeKind::kName:
        return LoadName(e->As<lua::NameExpr>(), dst);
      case NodeKind::kIndex: {
        auto* ix = e->As<lua::IndexExpr>();
        int mark = b_.top();
        int obj = AnyReg(ix->object);
        if (ix->key->kind == NodeKind::kString) {
          At(ix);
          b_.EmitABX(Op::LGETFIELD, dst, obj,
                     b_.AddByteString(ix->key->As<lua::StringExpr>()->value));
        } else {
          int k = AnyReg(ix->key);
          At(ix);
          b_.EmitABC(Op::LGETINDEX, dst, obj, k);
        }
        b_.FreeTo(mark);
        return;
      }
      case NodeKind::kCall:
      case NodeKind::kMethodCall: {
        int w = b_.top();
        if (dst == w - 1 && !b_.IsLocal(dst)) {
          // dst is the topmost temporary: the call window starts there, so the result lands in
          // place (no MOVE; `f(a) + f(b)` as lua5.4 compiles it).
          b_.FreeTo(dst);
          CallAt(e, 1);
          b_.Alloc(1);
          return;
        }
        CallAt(e, 1);
        b_.EmitMove(dst, w);
        b_.FreeTo(w);
        return;
      }
      case NodeKind::kParen:
        return ExprTo(e->As<lua::ParenExpr>()->inner, dst);
      default:
        Fail(e, CompileError::Kind::kUnsupportedSyntax, "this expression is not supported yet");
        return;
    }
  }

  void LoadName(const lua::NameExpr* n, int dst) {
    switch (n->ref.scope) {
      case lua::VarScope::kLocal: {
        int reg = reg_of_[n->ref.local];
        if (cell_[n->ref.local]) {
          b_.EmitAB(Op::GETCELL, dst, reg);
        } else {
          b_.EmitMove(dst, reg);
        }
        return;
      }
      case lua::VarScope::kUpvalue: {
        int u = UpIndex(n->ref.upvalue);
        if (u < 0) {
          b_.EmitA(Op::LGETENV, dst);  // `_ENV` itself
        } else {
          b_.EmitAB(Op::GETUPVAL, dst, u);
        }
        return;
      }
      case lua::VarScope::kGlobal: {
        uint32_t k = b_.AddByteString(n->name);
        int mark = b_.top();
        int env = EnvReg(n);
        At(n);
        if (env == -1) {
          b_.EmitAX(Op::LGETGLOBAL, dst, k);
        } else {
          b_.EmitABX(Op::LGETFIELD, dst, env, k);
        }
        b_.FreeTo(mark);
        return;
      }
    }
  }

  void Table(const lua::TableExpr* t, int dst) {
    int narr = 0, nhash = 0;
    for (const auto& f : t->fields) (f.kind == lua::FieldKind::kPositional ? narr : nhash)++;
    At(t);
    b_.EmitABC(Op::LNEWTABLE, dst, std::min(narr, 255), std::min(nhash, 255));
    int pending = 0;
    int64_t next_index = 1;
    // Positional items are buffered right above the table's register and stored in batches.
    int mark = b_.top();
    int list_base = -1;
    auto flush = [&](bool multi) {
      if (pending == 0 && !multi) return;
      b_.EmitABX(Op::LSETLIST, list_base - 1, multi ? 0 : pending + 1,
                 static_cast<uint32_t>(next_index));
      next_index += pending;
      pending = 0;
      b_.FreeTo(list_base);
    };
    // LSETLIST needs the table in the register right below the items.
    int table_reg = dst;
    if (dst != b_.top() - 1) {
      table_reg = b_.Alloc(1);
      b_.EmitMove(table_reg, dst);
    }
    list_base = table_reg + 1;
    for (size_t i = 0; i < t->fields.size(); ++i) {
      const lua::TableField& f = t->fields[i];
      if (failed()) return;
      b_.SetPosition(f.line, f.column);
      if (f.kind == lua::FieldKind::kPositional) {
        bool last = i + 1 == t->fields.size();
        if (last && IsMulti(f.value)) {
          MultiAt(f.value, -1);
          b_.SetPosition(f.line, f.column);
          flush(true);
          continue;
        }
        int r = b_.Alloc(1);
        ExprTo(f.value, r);
        ++pending;
        if (pending == kSetListBatch) flush(false);
        continue;
      }
      int m2 = b_.top();
      int v;
      if (f.kind == lua::FieldKind::kNamed) {
        v = AnyReg(f.value);
        b_.SetPosition(f.line, f.column);
        b_.EmitABX(Op::LSETFIELD, table_reg, v,
                   b_.AddByteString(f.key->As<lua::StringExpr>()->value));
      } else {
        int k = AnyReg(f.key);
        v = AnyReg(f.value);
        b_.SetPosition(f.line, f.column);
        b_.EmitABC(Op::LSETINDEX, table_reg, k, v);
      }
      b_.FreeTo(m2);
    }
    flush(false);
    b_.FreeTo(mark);
  }

  static bool IsConcat(const lua::Node* e) {
    return e->kind == NodeKind::kBinary && e->As<lua::BinaryExpr>()->op == lua::BinaryOp::kConcat;
  }

  void Binary(const lua::BinaryExpr* e, int dst) {
    if (e->op == lua::BinaryOp::kConcat) {
      // a .. (b .. (c .. d)) → one LCONCAT over consecutive registers.
      std::vector<const lua::Node*> parts;
      const lua::Node* cur = e;
      while (IsConcat(cur) && parts.size() < 200) {
        auto* be = cur->As<lua::BinaryExpr>();
        parts.push_back(be->left);
        cur = be->right;
      }
      parts.push_back(cur);
      int mark = b_.top();
      int base = b_.Alloc(static_cast<int>(parts.size()));
      for (size_t i = 0; i < parts.size(); ++i) ExprTo(parts[i], base + static_cast<int>(i));
      At(e);
      b_.EmitABC(Op::LCONCAT, dst, base, static_cast<int>(parts.size()));
      b_.FreeTo(mark);
      return;
    }
    if (BinaryK(e, dst)) return;
    int mark = b_.top();
    int l = AnyReg(e->left);
    int r = AnyReg(e->right);
    At(e);
    Op op;
    bool swap = false;
    switch (e->op) {
      case lua::BinaryOp::kAdd:
        op = Op::LADD;
        break;
      case lua::BinaryOp::kSub:
        op = Op::LSUB;
        break;
      case lua::BinaryOp::kMul:
        op = Op::LMUL;
        break;
      case lua::BinaryOp::kDiv:
        op = Op::LDIV;
        break;
      case lua::BinaryOp::kIDiv:
        op = Op::LIDIV;
        break;
      case lua::BinaryOp::kMod:
        op = Op::LMOD;
        break;
      case lua::BinaryOp::kPow:
        op = Op::LPOW;
        break;
      case lua::BinaryOp::kEq:
        op = Op::LEQ;
        break;
      case lua::BinaryOp::kNe:
        op = Op::LNE;
        break;
      case lua::BinaryOp::kLt:
        op = Op::LLT;
        break;
      case lua::BinaryOp::kLe:
        op = Op::LLE;
        break;
      case lua::BinaryOp::kGt:
        op = Op::LLT, swap = true;
        break;
      case lua::BinaryOp::kGe:
        op = Op::LLE, swap = true;
        break;
      case lua::BinaryOp::kBAnd:
        op = Op::LBAND;
        break;
      case lua::BinaryOp::kBOr:
        op = Op::LBOR;
        break;
      case lua::BinaryOp::kBXor:
        op = Op::LBXOR;
        break;
      case lua::BinaryOp::kShl:
        op = Op::LSHL;
        break;
      case lua::BinaryOp::kShr:
        op = Op::LSHR;
        break;
      default:
        op = Op::LCONCAT;
        break;
    }
    if (swap) std::swap(l, r);
    b_.EmitABC(op, dst, l, r);
    b_.FreeTo(mark);
  }

  // The constant's pool index when e is a number literal (ints only: integer literals), else -1.
  int NumberLiteral(const lua::Node* e, bool ints_only) {
    if (e->kind == NodeKind::kInteger) return static_cast<int>(b_.AddInteger(e->As<lua::IntegerExpr>()->value));
    if (e->kind == NodeKind::kFloat && !ints_only)
      return static_cast<int>(b_.AddNumber(e->As<lua::FloatExpr>()->value));
    return -1;
  }

  // `x op k` with k a number literal (a string literal too for == and ~=; for comparisons and
  // equality also `k op x`) as one instruction reading K[k] (LADDK … LGEK), like lua5.4's OP_ADDK,
  // OP_EQK, OP_LTI: no load of the literal into a temporary. Arithmetic keeps the literal on the
  // right only, so the metamethod order and the culprit named in errors are those of the
  // register form. False when e has no such shape (nothing emitted).
  bool BinaryK(const lua::BinaryExpr* e, int dst) {
    const lua::Node* x = e->left;
    const lua::Node* k = e->right;
    bool lit_left = false;  // the literal is e->left (comparisons only)
    auto is_lit = [](const lua::Node* n) {
      return n->kind == NodeKind::kInteger || n->kind == NodeKind::kFloat;
    };
    Op op;
    switch (e->op) {
      case lua::BinaryOp::kAdd:
        op = Op::LADDK;
        break;
      case lua::BinaryOp::kSub:
        op = Op::LSUBK;
        break;
      case lua::BinaryOp::kMul:
        op = Op::LMULK;
        break;
      case lua::BinaryOp::kDiv:
        op = Op::LDIVK;
        break;
      case lua::BinaryOp::kIDiv:
        op = Op::LIDIVK;
        break;
      case lua::BinaryOp::kMod:
        op = Op::LMODK;
        break;
      case lua::BinaryOp::kBAnd:
        op = Op::LBANDK;
        break;
      case lua::BinaryOp::kBOr:
        op = Op::LBORK;
        break;
      case lua::BinaryOp::kBXor:
        op = Op::LBXORK;
        break;
      case lua::BinaryOp::kShl:
        op = Op::LSHLK;
        break;
      case lua::BinaryOp::kShr:
        op = Op::LSHRK;
        break;
      case lua::BinaryOp::kEq:
      case lua::BinaryOp::kNe:
      case lua::BinaryOp::kLt:
      case lua::BinaryOp::kLe:
      case lua::BinaryOp::kGt:
      case lua::BinaryOp::kGe: {
        bool eq = e->op == lua::BinaryOp::kEq || e->op == lua::BinaryOp::kNe;
        auto fits = [&](const lua::Node* n) { return is_lit(n) || (eq && n->kind == NodeKind::kString); };
        if (fits(e->right)) {
        } else if (fits(e->left)) {
          lit_left = true;
          x = e->right, k = e->left;
        } else {
          return false;
        }
        // `k < x` is `x > k`, etc.
        switch (e->op) {
          case lua::BinaryOp::kEq:
            op = Op::LEQK;
            break;
          case lua::BinaryOp::kNe:
            op = Op::LNEK;
            break;
          case lua::BinaryOp::kLt:
            op = lit_left ? Op::LGTK : Op::LLTK;
            break;
          case lua::BinaryOp::kLe:
            op = lit_left ? Op::LGEK : Op::LLEK;
            break;
          case lua::BinaryOp::kGt:
            op = lit_left ? Op::LLTK : Op::LGTK;
            break;
          default:
            op = lit_left ? Op::LLEK : Op::LGEK;
            break;
        }
        break;
      }
      default:
        return false;
    }
    int kidx;
    if (k->kind == NodeKind::kString) {
      if (op != Op::LEQK && op != Op::LNEK) return false;  // `x + "10"`: string coercion, register form
      kidx = static_cast<int>(b_.AddByteString(k->As<lua::StringExpr>()->value));
    } else {
      bool bitwise = op == Op::LBANDK || op == Op::LBORK || op == Op::LBXORK || op == Op::LSHLK ||
                     op == Op::LSHRK;
      kidx = NumberLiteral(k, bitwise);
    }
    if (kidx < 0) return false;
    int mark = b_.top();
    int l = AnyReg(x);
    At(e);
    b_.EmitABX(op, dst, l, static_cast<uint32_t>(kidx));
    b_.FreeTo(mark);
    return true;
  }

  void CondJumpIfFalse(const lua::Node* cond, Label target) {
    int mark = b_.top();
    if (cond->kind == NodeKind::kTrue) return;
    int r = AnyReg(cond);
    b_.EmitJump(Op::LJMPF, r, target);
    b_.FreeTo(mark);
  }

  LuaModule* m_;
  LuaFn* parent_;
  const lua::Function* fn_;
  uint32_t index_;
  FunctionBuilder b_;
  absl::flat_hash_map<const lua::LocalVar*, int> reg_of_;
  absl::flat_hash_map<const lua::LocalVar*, bool> cell_;
  std::vector<int> upmap_;
  std::vector<size_t> open_locals_;  // indices into proto().locals still in scope
  absl::flat_hash_set<const lua::LocalVar*> compile_consts_;  // lua5.4's constants: not named
  int rest_reg_ = 0;
  struct Break {
    Label label;
    size_t tbc;  // to-be-closed variables in scope at the loop (a break closes those above)
  };
  std::vector<Break> breaks_;
  absl::flat_hash_map<const lua::LabelStat*, Label> labels_;
  std::vector<Tbc> tbc_;  // to-be-closed variables in scope, innermost last
  absl::flat_hash_map<const lua::LabelStat*, size_t> label_tbc_;
  absl::flat_hash_set<const lua::LabelStat*> deferred_labels_;
};

}  // namespace

std::variant<bytecode::Module, CompileError> CompileLua(std::string_view source,
                                                        const CompileOptions& options) {
  lua::ParseResult parsed = lua::ParseChunk(source);
  if (parsed.error) {
    const lua::ParseError& e = *parsed.error;
    return CompileError{e.kind == lua::ParseError::Kind::kUnsupportedSyntax
                            ? CompileError::Kind::kUnsupportedSyntax
                            : CompileError::Kind::kParseError,
                        e.message, e.line, e.column};
  }
  LuaModule m;
  m.module.language = bytecode::Language::kLua;
  m.module.source_name = options.source_name;
  {
    LuaFn main(&m, nullptr, parsed.chunk);
    m.module.main = main.Compile("main chunk");
  }
  if (m.error) return *m.error;
  absl::Status st = VerifyModule(m.module);
  if (!st.ok()) {
    return CompileError{CompileError::Kind::kUnsupportedSyntax,
                        absl::StrCat("internal error: ", st.message()), 1, 1};
  }
  return std::move(m.module);
}

}  // namespace codemode::compiler
