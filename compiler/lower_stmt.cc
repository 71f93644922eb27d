// Statements, function prologues and non-local control flow (break/continue/return through for-of
// and finally).
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "compiler/lower.h"

namespace codemode::compiler {

using isa::Op;
using js::Node;
using js::NodeKind;
using ExitKind = JumpContext::ExitKind;

// -------------------------------------------------------------------------------------------
// prologue

void FunctionCompiler::Prologue(const js::FunctionNode* fn) {
  bytecode::FunctionProto& p = b_.proto();
  Scope* scope = info_->scope;
  At(fn ? static_cast<const Node*>(fn) : info_->node);

  // Frame layout (isa.h): R0 this, R1..Rn positional parameters, then rest and arguments.
  int num_params = 0;
  bool has_rest = false;
  if (fn) {
    has_rest = !fn->params.empty() && fn->params.back()->kind == NodeKind::kRestElement;
    num_params = static_cast<int>(fn->params.size()) - (has_rest ? 1 : 0);
    if (num_params > isa::kMaxRegisters - 4) {
      Fail(fn, CompileError::Kind::kUnsupportedSyntax, "function too large (too many parameters)");
      return;
    }
    int length = 0;
    for (const Node* param : fn->params) {
      if (param->kind == NodeKind::kAssignmentPattern || param->kind == NodeKind::kRestElement)
        break;
      ++length;
    }
    p.num_params = static_cast<uint8_t>(num_params);
    p.length = static_cast<uint8_t>(length);
  }
  b_.ReserveFixed(1 + num_params);
  for (int r = 0; r <= num_params; ++r) b_.SetLocal(r, true);
  if (has_rest) {
    p.has_rest = true;
    p.rest_reg = static_cast<uint8_t>(AllocLocal());
  }
  Binding* arguments = info_->is_arrow ? nullptr : info_->arguments_binding;
  if (arguments) {
    p.needs_arguments = true;
    p.arguments_reg = static_cast<uint8_t>(AllocLocal());
  }

  // Registers of the function scope's bindings.
  Binding* rest_binding = nullptr;
  if (has_rest) {
    const Node* arg = fn->params.back()->As<js::RestElement>()->argument;
    if (arg->kind == NodeKind::kIdentifier) {
      const Reference* r = RefOf(arg);
      rest_binding = r ? r->binding : nullptr;
    }
  }
  for (Binding* b : scope->bindings) {
    if (b == arguments) {
      b->in_cell = b->captured;
      b->reg = b->in_cell ? AllocLocal() : p.arguments_reg;
    } else if (b->kind == BindingKind::kParam && b->param_register > 0 && !b->captured) {
      b->reg = b->param_register;
      b->in_cell = false;
    } else if (b == rest_binding && !b->captured) {
      b->reg = p.rest_reg;
      b->in_cell = false;
    } else {
      AllocBinding(b);
    }
  }
  InitScope(scope);

  // Implicit bindings.
  if (Binding* t = info_->this_binding) {
    if (t->captured) {
      t->in_cell = true;
      t->reg = AllocLocal();
      b_.EmitAB(Op::NEWCELL, t->reg, 1);
      b_.EmitAB(Op::SETCELL, t->reg, 0);
    } else {
      t->in_cell = false;
      t->reg = 0;
    }
  }
  if (arguments) {
    bool listed = false;
    for (Binding* b : scope->bindings) listed = listed || b == arguments;
    if (!listed) {
      arguments->in_cell = arguments->captured;
      arguments->reg = arguments->in_cell ? AllocLocal() : p.arguments_reg;
      if (arguments->in_cell) b_.EmitAB(Op::NEWCELL, arguments->reg, 1);
    }
    if (arguments->in_cell) b_.EmitAB(Op::SETCELL, arguments->reg, p.arguments_reg);
  }
  auto implicit_value = [&](Binding* b, Op load) {
    if (!b) return;
    b->in_cell = b->captured;
    b->reg = AllocLocal();
    if (b->in_cell) {
      b_.EmitAB(Op::NEWCELL, b->reg, 1);
      RegScope rs(b_);
      int t = Temp();
      b_.EmitA(load, t);
      b_.EmitAB(Op::SETCELL, b->reg, t);
    } else {
      b_.EmitA(load, b->reg);
    }
  };
  if (!info_->is_arrow) implicit_value(info_->new_target_binding, Op::LOADNEWTARGET);
  implicit_value(info_->callee_binding, Op::LOADCALLEE);

  if (fn) ClassConstructorPrologue();
  // Parameters, left to right (ECMA-262 §10.2.11 IteratorBindingInitialization of the formals).
  if (fn) {
    for (size_t i = 0; i < fn->params.size() && !Failed(); ++i) {
      const Node* param = fn->params[i];
      int reg = static_cast<int>(i) + 1;
      At(param);
      switch (param->kind) {
        case NodeKind::kIdentifier: {
          const Reference* r = RefOf(param);
          Binding* b = r ? r->binding : nullptr;
          if (b && b->in_cell && b->param_register == reg) b_.EmitAB(Op::SETCELL, b->reg, reg);
          break;
        }
        case NodeKind::kAssignmentPattern: {
          auto* ap = param->As<js::AssignmentPattern>();
          Label skip = b_.NewLabel();
          b_.EmitJump(Op::JMPNOTUNDEF, reg, skip);
          std::string name;
          if (ap->target->kind == NodeKind::kIdentifier)
            name = ap->target->As<js::Identifier>()->name;
          NamedExprTo(ap->default_value, reg, name);
          b_.Bind(skip);
          if (ap->target->kind == NodeKind::kIdentifier) {
            const Reference* r = RefOf(ap->target);
            Binding* b = r ? r->binding : nullptr;
            if (b && b->param_register == reg && b->reg != reg) InitBinding(b, reg);
          } else {
            BindPattern(ap->target, reg, BindMode::kInit);
          }
          break;
        }
        case NodeKind::kRestElement: {
          const Node* arg = param->As<js::RestElement>()->argument;
          if (arg->kind == NodeKind::kIdentifier) {
            const Reference* r = RefOf(arg);
            Binding* b = r ? r->binding : nullptr;
            if (b && b->reg != p.rest_reg) InitBinding(b, p.rest_reg);
          } else {
            BindPattern(arg, p.rest_reg, BindMode::kInit);
          }
          break;
        }
        default:
          BindPattern(param, reg, BindMode::kInit);
          break;
      }
    }
  }
  HoistFunctions(scope);
}

// -------------------------------------------------------------------------------------------
// statements

void FunctionCompiler::Stmts(const std::vector<Node*>& stmts) {
  for (const Node* s : stmts) {
    if (Failed()) return;
    Stmt(s);
  }
}

void FunctionCompiler::Stmt(const Node* n) {
  if (!n || Failed()) return;
  At(n);
  switch (n->kind) {
    case NodeKind::kVariableDeclaration:
      VarDeclaration(n->As<js::VariableDeclaration>());
      return;
    case NodeKind::kFunctionDeclaration:
      return;  // instantiated when its scope was entered
    case NodeKind::kClassDeclaration:
      ClassDeclaration(n->As<js::ClassNode>());
      return;
    case NodeKind::kExpressionStatement: {
      RegScope rs(b_);
      ExprEffect(n->As<js::ExpressionStatement>()->expression);
      return;
    }
    case NodeKind::kBlockStatement:
      Block(n->As<js::BlockStatement>());
      return;
    case NodeKind::kEmptyStatement:
    case NodeKind::kDebuggerStatement:
      return;
    case NodeKind::kIfStatement:
      If(n->As<js::IfStatement>());
      return;
    case NodeKind::kForStatement:
    case NodeKind::kForInStatement:
    case NodeKind::kForOfStatement:
    case NodeKind::kWhileStatement:
    case NodeKind::kDoWhileStatement:
      Loop(n, {});
      return;
    case NodeKind::kSwitchStatement:
      Switch(n->As<js::SwitchStatement>(), {});
      return;
    case NodeKind::kLabeledStatement:
      Labeled(n->As<js::LabeledStatement>());
      return;
    case NodeKind::kBreakStatement:
      Break(n->As<js::BreakStatement>());
      return;
    case NodeKind::kContinueStatement:
      Continue(n->As<js::ContinueStatement>());
      return;
    case NodeKind::kReturnStatement:
      Return(n->As<js::ReturnStatement>());
      return;
    case NodeKind::kThrowStatement: {
      RegScope rs(b_);
      int r = ExprAny(n->As<js::ThrowStatement>()->argument);
      At(n);
      b_.EmitA(Op::THROW, r);
      return;
    }
    case NodeKind::kTryStatement:
      Try(n->As<js::TryStatement>());
      return;
    default:
      Fail(n, CompileError::Kind::kUnsupportedSyntax,
           absl::StrCat("unexpected statement ", js::NodeKindName(n->kind)));
      return;
  }
}

void FunctionCompiler::Block(const js::BlockStatement* b) {
  int mark = EnterScope(m_->scopes->ScopeFor(b));
  Stmts(b->body);
  b_.FreeTo(mark);
}

void FunctionCompiler::VarDeclaration(const js::VariableDeclaration* d) {
  bool is_var = d->kind == js::DeclarationKind::kVar;
  for (const js::VariableDeclarator* decl : d->declarations) {
    if (Failed()) return;
    At(decl);
    RegScope rs(b_);
    if (decl->target->kind == NodeKind::kIdentifier) {
      auto* id = decl->target->As<js::Identifier>();
      const Reference* r = RefOf(id);
      if (!decl->init) {
        if (is_var || !r || !r->binding) continue;  // `var x;` keeps the hoisted value
        Binding* b = r->binding;
        if (b->in_cell) {
          int t = Temp();
          b_.EmitA(Op::LOADUNDEF, t);
          InitBinding(b, t);
        } else {
          b_.EmitA(Op::LOADUNDEF, b->reg);
        }
        continue;
      }
      int direct = -1;
      if (r && r->binding && r->binding->scope->function == info_ && !r->binding->in_cell) {
        direct = r->binding->reg;  // declarations initialize without a TDZ check
      }
      if (direct >= 0) {
        NamedExprTo(decl->init, direct, id->name);
      } else {
        int t = Temp();
        NamedExprTo(decl->init, t, id->name);
        At(decl);
        StoreVar(r, id->name, t, /*init=*/true);
      }
      continue;
    }
    if (!decl->init) {
      Fail(decl, CompileError::Kind::kParseError,
           "Missing initializer in destructuring declaration");
      return;
    }
    int v = ExprAny(decl->init);
    if (b_.IsLocal(v) && PatternWritesRegister(decl->target, v)) {
      int t = Temp();
      b_.EmitMove(t, v);
      v = t;
    }
    if (decl->target->kind == NodeKind::kArrayPattern) pattern_source_ = decl->init;
    BindPattern(decl->target, v, BindMode::kInit);
    pattern_source_ = nullptr;
  }
}

void FunctionCompiler::If(const js::IfStatement* s) {
  Label else_label = b_.NewLabel();
  CondJump(s->test, false, else_label);
  Stmt(s->consequent);
  if (s->alternate) {
    Label end = b_.NewLabel();
    b_.EmitJump(end);
    b_.Bind(else_label);
    Stmt(s->alternate);
    b_.Bind(end);
  } else {
    b_.Bind(else_label);
  }
}

size_t FunctionCompiler::PushContext(JumpContext c) {
  ctx_.push_back(std::move(c));
  return ctx_.size() - 1;
}

void FunctionCompiler::PopContext() { ctx_.pop_back(); }

void FunctionCompiler::Loop(const Node* n, std::vector<std::string_view> labels) {
  switch (n->kind) {
    case NodeKind::kForStatement:
      For(n->As<js::ForStatement>(), std::move(labels));
      return;
    case NodeKind::kForInStatement:
      ForIn(n->As<js::ForInStatement>(), std::move(labels));
      return;
    case NodeKind::kForOfStatement:
      ForOf(n->As<js::ForOfStatement>(), std::move(labels));
      return;
    case NodeKind::kWhileStatement:
      While(n->As<js::WhileStatement>(), std::move(labels));
      return;
    case NodeKind::kDoWhileStatement:
      DoWhile(n->As<js::DoWhileStatement>(), std::move(labels));
      return;
    default:
      return;
  }
}

static bool IsTrueLiteral(const Node* n) {
  return n && n->kind == NodeKind::kBooleanLiteral && n->As<js::BooleanLiteral>()->value;
}

// while (test) body  →  JMP test; top: body; continue: test: CondJump(test, true, top); break:
void FunctionCompiler::While(const js::WhileStatement* s, std::vector<std::string_view> labels) {
  JumpContext c;
  c.kind = JumpContext::Kind::kLoop;
  c.labels = std::move(labels);
  c.break_label = b_.NewLabel();
  c.continue_label = b_.NewLabel();
  Label top = b_.NewLabel();
  Label brk = c.break_label, cont = c.continue_label;
  if (!IsTrueLiteral(s->test)) b_.EmitJump(cont);
  b_.Bind(top);
  PushContext(std::move(c));
  Stmt(s->body);
  PopContext();
  b_.Bind(cont);
  At(s->test);
  CondJump(s->test, true, top);
  b_.Bind(brk);
}

void FunctionCompiler::DoWhile(const js::DoWhileStatement* s,
                               std::vector<std::string_view> labels) {
  JumpContext c;
  c.kind = JumpContext::Kind::kLoop;
  c.labels = std::move(labels);
  c.break_label = b_.NewLabel();
  c.continue_label = b_.NewLabel();
  Label top = b_.NewLabel();
  Label brk = c.break_label, cont = c.continue_label;
  b_.Bind(top);
  PushContext(std::move(c));
  Stmt(s->body);
  PopContext();
  b_.Bind(cont);
  At(s->test);
  CondJump(s->test, true, top);
  b_.Bind(brk);
}

// CreatePerIterationEnvironment (ECMA-262 §14.7.4.4): captured head bindings get a fresh cell
// holding the current value, so closures of one iteration keep that iteration's value.
void FunctionCompiler::PerIterationCopy(Scope* head) {
  if (!head) return;
  for (Binding* b : head->bindings) {
    if (!b->in_cell) continue;
    RegScope rs(b_);
    int t = Temp();
    b_.EmitAB(Op::GETCELL, t, b->reg);
    b_.EmitAB(Op::NEWCELL, b->reg, 0);
    b_.EmitAB(Op::SETCELL, b->reg, t);
  }
}

// for (init; test; update) body  →
//   init; [copy]; JMP test; top: body; continue: [copy]; update; test: CondJump(test, true, top);
//   break:
void FunctionCompiler::For(const js::ForStatement* s, std::vector<std::string_view> labels) {
  RegScope rs(b_);
  Scope* head = m_->scopes->ScopeFor(s);
  EnterScope(head);
  if (s->init) {
    At(s->init);
    if (s->init->kind == NodeKind::kVariableDeclaration) {
      VarDeclaration(s->init->As<js::VariableDeclaration>());
    } else {
      RegScope inner(b_);
      ExprEffect(s->init);
    }
  }
  PerIterationCopy(head);
  JumpContext c;
  c.kind = JumpContext::Kind::kLoop;
  c.labels = std::move(labels);
  c.break_label = b_.NewLabel();
  c.continue_label = b_.NewLabel();
  Label brk = c.break_label, cont = c.continue_label;
  Label top = b_.NewLabel(), test = b_.NewLabel();
  if (s->test && !IsTrueLiteral(s->test)) b_.EmitJump(test);
  b_.Bind(top);
  PushContext(std::move(c));
  Stmt(s->body);
  PopContext();
  b_.Bind(cont);
  PerIterationCopy(head);
  if (s->update) {
    At(s->update);
    RegScope inner(b_);
    ExprEffect(s->update);
  }
  b_.Bind(test);
  if (s->test) {
    At(s->test);
    CondJump(s->test, true, top);
  } else {
    b_.EmitJump(top);
  }
  b_.Bind(brk);
}

void FunctionCompiler::BindForHead(const Node* left, Scope* head, int value) {
  if (left->kind == NodeKind::kVariableDeclaration) {
    auto* d = left->As<js::VariableDeclaration>();
    if (d->declarations.empty()) return;
    if (head) {
      // A fresh binding per iteration (§14.7.5.7 ForIn/OfBodyEvaluation step 6.g).
      for (Binding* b : head->bindings) {
        if (b->in_cell) b_.EmitAB(Op::NEWCELL, b->reg, 0);
      }
    }
    BindPattern(d->declarations[0]->target, value, BindMode::kInit);
  } else {
    BindPattern(left, value, BindMode::kAssign);
  }
}

// `for (let x of/in …)` with an uncaptured x: the loop can write each value straight into x's
// register (it dies with the loop, so the final <empty> does not matter). -1 otherwise.
static int DirectHeadRegister(const Node* left, Scope* head, const ScopeTree* scopes) {
  if (!head || left->kind != NodeKind::kVariableDeclaration) return -1;
  auto* d = left->As<js::VariableDeclaration>();
  if (d->kind == js::DeclarationKind::kVar || d->declarations.size() != 1) return -1;
  const Node* target = d->declarations[0]->target;
  if (target->kind != NodeKind::kIdentifier) return -1;
  const Reference* r = scopes->ReferenceFor(target);
  if (!r || !r->binding || r->binding->scope != head || r->binding->in_cell) return -1;
  return r->binding->reg;
}

// Sloppy `for (var x = init in o)`: the initializer runs once, before the object expression.
static const js::VariableDeclarator* VarInitInHead(const Node* left) {
  if (left->kind != NodeKind::kVariableDeclaration) return nullptr;
  auto* d = left->As<js::VariableDeclaration>();
  if (d->kind != js::DeclarationKind::kVar || d->declarations.empty() ||
      !d->declarations[0]->init) {
    return nullptr;
  }
  return d->declarations[0];
}

// for (left in right) body  →
//   FORIN e obj; loop: FORINNEXT k e; JMPEMPTY k break; <bind left>; body; JMP loop; break:
void FunctionCompiler::ForIn(const js::ForInStatement* s, std::vector<std::string_view> labels) {
  RegScope rs(b_);
  Scope* head = m_->scopes->ScopeFor(s);
  if (head) {
    for (Binding* b : head->bindings) AllocBinding(b);
    InitScope(head);
  }
  if (const js::VariableDeclarator* d = VarInitInHead(s->left)) {
    RegScope inner(b_);
    int v = ExprAny(d->init);
    BindPattern(d->target, v, BindMode::kInit);
  }
  int obj = ExprAny(s->right);
  int e = Temp();
  At(s->right);
  b_.EmitAB(Op::FORIN, e, obj);
  JumpContext c;
  c.kind = JumpContext::Kind::kLoop;
  c.labels = std::move(labels);
  c.break_label = b_.NewLabel();
  c.continue_label = b_.NewLabel();
  Label brk = c.break_label, loop = c.continue_label;
  b_.Bind(loop);
  int direct = DirectHeadRegister(s->left, head, m_->scopes);
  int k = direct >= 0 ? direct : Temp();
  b_.EmitAB(Op::FORINNEXT, k, e);
  b_.EmitJump(Op::JMPEMPTY, k, brk);
  PushContext(std::move(c));
  {
    RegScope body(b_);
    At(s->left);
    if (direct < 0) BindForHead(s->left, head, k);
    Stmt(s->body);
  }
  PopContext();
  b_.EmitJump(loop);
  b_.Bind(brk);
}

// for (left of right) body  →
//   GETITER it obj                       ; it, it+1 = iterator, next method
//   loop: ITERNEXT v it; JMPEMPTY v break
//         <bind left>; body              ; handler region H: a throw here closes the iterator
//         JMP loop
//   H:    ITERCLOSE it                   ; itself covered by a handler that swallows its error
//   L:    THROW v                        ; (the original exception wins, ECMA-262 §7.4.11 step 5)
//   break:
// break/return out of the body run ITERCLOSE it first (outside H); continue does not.
void FunctionCompiler::ForOf(const js::ForOfStatement* s, std::vector<std::string_view> labels) {
  RegScope rs(b_);
  Scope* head = m_->scopes->ScopeFor(s);
  if (head) {
    for (Binding* b : head->bindings) AllocBinding(b);
    InitScope(head);
  }
  int iterable = ExprAny(s->right);
  int it = b_.Alloc(2);
  At(s->right);
  // V8 names an optional chain's value by its type here ("number 5 is not iterable (…)").
  if (s->right->kind != NodeKind::kOptionalChain) IterableSiteTextNext(s->right, s->is_await);
  if (s->is_await) {
    b_.EmitABC(Op::ASYNCITER, it, iterable, 0);
    b_.EmitABX(Op::GETFIELD, it + 1, it, Name("next"));
  } else {
    b_.EmitAB(Op::GETITER, it, iterable);
  }
  JumpContext c;
  c.async_iterator = s->is_await;
  c.kind = JumpContext::Kind::kLoop;
  c.labels = std::move(labels);
  c.break_label = b_.NewLabel();
  c.continue_label = b_.NewLabel();
  c.iterator_reg = it;
  c.line = s->line;
  c.column = s->column;
  Label brk = c.break_label, loop = c.continue_label;
  b_.Bind(loop);
  int direct = DirectHeadRegister(s->left, head, m_->scopes);
  int v = direct >= 0 ? direct : Temp();
  At(s);
  if (s->is_await) {
    // for await: Await(Call(next, it)), TypeError unless an object, done → exit, else the value.
    RegScope step(b_);
    int w = b_.Alloc(2);
    b_.EmitMove(w, it + 1);
    b_.EmitMove(w + 1, it);
    b_.EmitAB(Op::CALL, w, 0);
    b_.EmitAB(Op::AWAIT, w, w);
    b_.EmitABC(Op::ASYNCITER, w, w, 1);
    b_.EmitABX(Op::GETFIELD, w + 1, w, Name("done"));
    b_.EmitJump(Op::JMPT, w + 1, brk);
    b_.EmitABX(Op::GETFIELD, v, w, Name("value"));
  } else {
    b_.EmitAB(Op::ITERNEXT, v, it);
    b_.EmitJump(Op::JMPEMPTY, v, brk);
  }
  c.has_region = true;
  c.region = b_.OpenRegion();
  Region region = c.region;
  PushContext(std::move(c));
  {
    RegScope body(b_);
    At(s->left);
    if (direct < 0) BindForHead(s->left, head, v);
    Stmt(s->body);
  }
  PopContext();
  Label handler = b_.NewLabel();
  b_.CloseRegion(region, handler, v);
  b_.EmitJump(loop);
  if (b_.IsUsed(handler)) {
    b_.Bind(handler);
    RegScope hs(b_);
    int swallowed = Temp();
    Label rethrow = b_.NewLabel();
    Region close = b_.OpenRegion();
    At(s);
    EmitIteratorClose(it, s->is_await);
    b_.CloseRegion(close, rethrow, swallowed);
    b_.Bind(rethrow);
    b_.EmitA(Op::THROW, v);
  }
  b_.Bind(brk);
}

// switch (d) { case t1: ... default: ... }  →
//   d; [enter scope]; for each case test: SEQ t d test; JMPT t case_i; JMP default|break;
//   case_1: body_1; case_2: body_2; ... break:
void FunctionCompiler::Switch(const js::SwitchStatement* s, std::vector<std::string_view> labels) {
  RegScope rs(b_);
  std::vector<const Node*> tests;
  for (const js::SwitchCase* c : s->cases) {
    if (c->test) tests.push_back(c->test);
  }
  int d = ExprAny(s->discriminant);
  if (b_.IsLocal(d)) {
    bool writes = false;
    for (const Node* t : tests) writes = writes || MayWriteLocals(t);
    if (writes) {
      int t = Temp();
      b_.EmitMove(t, d);
      d = t;
    }
  }
  EnterScope(m_->scopes->ScopeFor(s));
  JumpContext c;
  c.kind = JumpContext::Kind::kSwitch;
  c.labels = std::move(labels);
  c.break_label = b_.NewLabel();
  Label brk = c.break_label;
  std::vector<Label> case_labels;
  Label default_label = brk;
  for (const js::SwitchCase* sc : s->cases) {
    case_labels.push_back(b_.NewLabel());
    if (!sc->test) default_label = case_labels.back();
  }
  for (size_t i = 0; i < s->cases.size() && !Failed(); ++i) {
    const js::SwitchCase* sc = s->cases[i];
    if (!sc->test) continue;
    RegScope ts(b_);
    int t = Temp();
    ExprTo(sc->test, t);
    At(sc);
    b_.EmitABC(Op::SEQ, t, d, t);
    b_.EmitJump(Op::JMPT, t, case_labels[i]);
  }
  b_.EmitJump(default_label);
  PushContext(std::move(c));
  for (size_t i = 0; i < s->cases.size() && !Failed(); ++i) {
    b_.Bind(case_labels[i]);
    Stmts(s->cases[i]->body);
  }
  PopContext();
  b_.Bind(brk);
}

void FunctionCompiler::Labeled(const js::LabeledStatement* s) {
  std::vector<std::string_view> labels{s->label};
  const Node* body = s->body;
  while (body && body->kind == NodeKind::kLabeledStatement) {
    labels.push_back(body->As<js::LabeledStatement>()->label);
    body = body->As<js::LabeledStatement>()->body;
  }
  if (!body) return;
  At(body);
  switch (body->kind) {
    case NodeKind::kForStatement:
    case NodeKind::kForInStatement:
    case NodeKind::kForOfStatement:
    case NodeKind::kWhileStatement:
    case NodeKind::kDoWhileStatement:
      Loop(body, std::move(labels));
      return;
    case NodeKind::kSwitchStatement:
      Switch(body->As<js::SwitchStatement>(), std::move(labels));
      return;
    case NodeKind::kFunctionDeclaration:
      return;
    default: {
      JumpContext c;
      c.kind = JumpContext::Kind::kLabeled;
      c.labels = std::move(labels);
      c.break_label = b_.NewLabel();
      Label brk = c.break_label;
      PushContext(std::move(c));
      Stmt(body);
      PopContext();
      b_.Bind(brk);
      return;
    }
  }
}

static bool HasLabel(const JumpContext& c, std::string_view label) {
  for (std::string_view l : c.labels) {
    if (l == label) return true;
  }
  return false;
}

void FunctionCompiler::Break(const js::BreakStatement* s) {
  for (size_t i = ctx_.size(); i-- > 0;) {
    const JumpContext& c = ctx_[i];
    bool match = s->label.empty()
                     ? (c.kind == JumpContext::Kind::kLoop || c.kind == JumpContext::Kind::kSwitch)
                     : HasLabel(c, s->label);
    if (match) {
      RouteExit(ExitKind::kBreak, i, -1);
      return;
    }
  }
  Fail(s, CompileError::Kind::kParseError,
       s->label.empty() ? "Illegal break statement"
                        : absl::StrCat("Undefined label '", s->label, "'"));
}

void FunctionCompiler::Continue(const js::ContinueStatement* s) {
  for (size_t i = ctx_.size(); i-- > 0;) {
    const JumpContext& c = ctx_[i];
    if (c.kind != JumpContext::Kind::kLoop) continue;
    if (s->label.empty() || HasLabel(c, s->label)) {
      RouteExit(ExitKind::kContinue, i, -1);
      return;
    }
  }
  Fail(s, CompileError::Kind::kParseError,
       s->label.empty() ? "Illegal continue statement: no surrounding iteration statement"
                        : absl::StrCat("Undefined label '", s->label, "'"));
}

// for await: `ASYNCITER t it 2` (return()'s result, <empty> without one), `JMPEMPTY t done`,
// `AWAIT t t`, `ASYNCITER t t 1` (TypeError unless an object). for-of: `ITERCLOSE it`.
void FunctionCompiler::EmitIteratorClose(int it, bool async) {
  if (!async) {
    b_.EmitA(Op::ITERCLOSE, it);
    return;
  }
  RegScope rs(b_);
  int t = Temp();
  Label done = b_.NewLabel();
  b_.EmitABC(Op::ASYNCITER, t, it, 2);
  b_.EmitJump(Op::JMPEMPTY, t, done);
  b_.EmitAB(Op::AWAIT, t, t);
  b_.EmitABC(Op::ASYNCITER, t, t, 1);
  b_.Bind(done);
}

void FunctionCompiler::Return(const js::ReturnStatement* s) {
  RegScope rs(b_);
  int value = -1;
  if (s->argument) value = ExprAny(s->argument);
  if (value >= 0 && InAsyncGenerator()) {  // ECMA-262 §15.5.5 / §14.10.1: `return` awaits
    int t = Temp();
    At(s);
    b_.EmitAB(Op::AWAIT, t, value);
    value = t;
  }
  At(s);
  RouteExit(ExitKind::kReturn, 0, value);
}

void FunctionCompiler::CloseIteratorOf(size_t index) {
  // The close of an early exit is not covered by the handlers of the statements being left (a
  // throwing `return` method propagates from the loop statement itself).
  for (size_t j = index; j < ctx_.size(); ++j) {
    if (ctx_[j].has_region) b_.PauseRegion(ctx_[j].region);
  }
  At(ctx_[index].line, ctx_[index].column);
  EmitIteratorClose(ctx_[index].iterator_reg, ctx_[index].async_iterator);
  for (size_t j = index; j < ctx_.size(); ++j) {
    if (ctx_[j].has_region) b_.ResumeRegion(ctx_[j].region);
  }
}

void FunctionCompiler::RouteExit(ExitKind what, size_t target, int value) {
  size_t stop = what == ExitKind::kReturn ? 0 : target + 1;
  for (size_t i = ctx_.size(); i-- > stop;) {
    JumpContext& c = ctx_[i];
    if (c.kind == JumpContext::Kind::kFinally) {
      int code = -1;
      if (what == ExitKind::kReturn) {
        code = 2;
      } else {
        for (const JumpContext::Exit& e : c.exits) {
          if (e.what == what && e.target == target) code = e.code;
        }
      }
      bool known = false;
      for (const JumpContext::Exit& e : c.exits) known = known || e.code == code;
      if (code < 0) {
        code = 3;
        for (const JumpContext::Exit& e : c.exits) code = std::max(code, e.code + 1);
      }
      if (!known) c.exits.push_back({code, what, target});
      if (what == ExitKind::kReturn) {
        if (value >= 0) {
          b_.EmitMove(c.value_reg, value);
        } else {
          b_.EmitA(Op::LOADUNDEF, c.value_reg);
        }
      }
      b_.EmitLoadNumber(c.kind_reg, code);
      b_.EmitJump(c.finally_label);
      return;
    }
    if (c.iterator_reg >= 0) CloseIteratorOf(i);
  }
  switch (what) {
    case ExitKind::kBreak:
      if (ctx_[target].iterator_reg >= 0) CloseIteratorOf(target);
      b_.EmitJump(ctx_[target].break_label);
      return;
    case ExitKind::kContinue:
      b_.EmitJump(ctx_[target].continue_label);
      return;
    case ExitKind::kReturn:
      EmitReturn(value);
      return;
  }
}

// After a finally block: kind 0 = normal (fall out), 1 = throw (rethrow value), 2 = return value,
// >= 3 = a break/continue recorded in `exits`, each routed onward from here.
void FunctionCompiler::EmitFinallyDispatch(JumpContext& c) {
  Label done = b_.NewLabel();
  b_.EmitJump(Op::JMPF, c.kind_reg, done);
  std::vector<Label> targets;
  {
    RegScope rs(b_);
    int t = Temp();
    for (const JumpContext::Exit& e : c.exits) {
      targets.push_back(b_.NewLabel());
      if (e.code <= 127) {
        b_.EmitABC(Op::ADDI, t, c.kind_reg, static_cast<uint8_t>(static_cast<int8_t>(-e.code)));
        b_.EmitJump(Op::JMPF, t, targets.back());
      } else {
        b_.EmitLoadNumber(t, e.code);
        b_.EmitABC(Op::SEQ, t, c.kind_reg, t);
        b_.EmitJump(Op::JMPT, t, targets.back());
      }
    }
  }
  b_.EmitA(Op::THROW, c.value_reg);
  for (size_t i = 0; i < c.exits.size(); ++i) {
    b_.Bind(targets[i]);
    const JumpContext::Exit& e = c.exits[i];
    RouteExit(e.what, e.target, e.what == ExitKind::kReturn ? c.value_reg : -1);
  }
  b_.Bind(done);
}

// try { B } catch (e) { C } finally { F }  →
//   [region Hf: [region Hc: B] JMP after; Hc: C; after:]
//   LOADI k 0; JMP fin
//   Hf: LOADI k 1                 ; exception in v
//   fin: F; dispatch on k (see EmitFinallyDispatch)
// Exits (break/continue/return) inside B or C store their code in k (and a return value in v) and
// jump to fin; they continue from the dispatch once F completes normally.
void FunctionCompiler::Try(const js::TryStatement* s) {
  RegScope rs(b_);
  size_t fin_index = 0;
  if (s->finalizer) {
    JumpContext f;
    f.kind = JumpContext::Kind::kFinally;
    f.kind_reg = Temp();
    f.value_reg = Temp();
    f.finally_label = b_.NewLabel();
    f.has_region = true;
    f.region = b_.OpenRegion();
    fin_index = PushContext(std::move(f));
  }
  if (s->handler) {
    JumpContext t;
    t.kind = JumpContext::Kind::kTry;
    t.has_region = true;
    t.region = b_.OpenRegion();
    Region region = t.region;
    PushContext(std::move(t));
    Block(s->block);
    PopContext();
    Label handler = b_.NewLabel(), after = b_.NewLabel();
    {
      RegScope hs(b_);
      int e = Temp();
      b_.CloseRegion(region, handler, e);
      b_.EmitJump(after);
      if (b_.IsUsed(handler)) {
        b_.Bind(handler);
        CatchClause(s->handler, e);
      }
    }
    b_.Bind(after);
  } else {
    Block(s->block);
  }
  if (s->finalizer) {
    JumpContext f = std::move(ctx_[fin_index]);
    PopContext();
    Label handler = b_.NewLabel();
    b_.CloseRegion(f.region, handler, f.value_reg);
    At(s->finalizer);
    b_.EmitLoadNumber(f.kind_reg, 0);
    b_.EmitJump(f.finally_label);
    if (b_.IsUsed(handler)) {
      b_.Bind(handler);
      b_.EmitLoadNumber(f.kind_reg, 1);
    }
    b_.Bind(f.finally_label);
    Block(s->finalizer);
    EmitFinallyDispatch(f);
  }
}

void FunctionCompiler::CatchClause(const js::CatchClause* c, int e) {
  Scope* scope = m_->scopes->ScopeFor(c);
  int mark = b_.top();
  b_.SetLocal(e, true);
  if (scope) {
    // A plain, uncaptured catch parameter lives in the exception register itself.
    const Reference* r =
        c->param && c->param->kind == NodeKind::kIdentifier ? RefOf(c->param) : nullptr;
    for (Binding* b : scope->bindings) {
      if (r && b == r->binding && !b->captured) {
        b->reg = e;
        b->in_cell = false;
      } else {
        AllocBinding(b);
      }
    }
    InitScope(scope);
    if (c->param && !(r && r->binding && r->binding->reg == e)) {
      At(c->param);
      BindPattern(c->param, e, BindMode::kInit);
    }
  }
  Block(c->body);
  b_.FreeTo(mark);
  b_.SetLocal(e, false);
}

}  // namespace codemode::compiler
