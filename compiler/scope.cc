#include "compiler/scope.h"

#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"

namespace codemode::compiler {

using js::Node;
using js::NodeKind;

class ScopeAnalyzer {
 public:
  explicit ScopeAnalyzer(ScopeTree* tree) : t_(tree) {}

  bool Run(const js::Program& program) {
    FunctionInfo* fi = NewFunction(&program, nullptr);
    fi->is_program = true;
    fi->strict = program.strict;
    fn_ = fi;
    cur_ = fi->scope;
    for (const Node* s : program.body) HoistVars(s);
    DeclareLexical(cur_, program.body);
    Stmts(program.body);
    return !failed_;
  }

  CompileError error{CompileError::Kind::kParseError, "", 0, 0};

 private:
  enum class PatternMode { kBind, kVar, kAssign };

  // ---------------------------------------------------------------------------------- helpers

  void Fail(const Node* at, CompileError::Kind kind, std::string message) {
    if (failed_) return;
    failed_ = true;
    error.kind = kind;
    error.message = std::move(message);
    error.line = at ? at->line : 0;
    error.column = at ? at->column : 0;
  }
  void Unsupported(const Node* at, std::string_view what) {
    Fail(at, CompileError::Kind::kUnsupportedSyntax,
         absl::StrCat(std::string(what), " are not supported yet"));
  }
  void Redeclared(const Node* at, const std::string& name) {
    Fail(at, CompileError::Kind::kParseError,
         absl::StrCat("Identifier '", name, "' has already been declared"));
  }

  Scope* NewScope(ScopeKind kind, const Node* owner) {
    Scope& s = t_->scope_storage_.emplace_back();
    s.kind = kind;
    s.parent = cur_;
    s.function = fn_;
    if (owner) t_->scopes_[owner] = &s;
    return &s;
  }

  FunctionInfo* NewFunction(const Node* node, const js::FunctionNode* fn) {
    FunctionInfo& fi = t_->function_storage_.emplace_back();
    fi.node = node;
    fi.fn = fn;
    fi.parent = fn_;
    t_->functions_[node] = &fi;
    FunctionInfo* saved = fn_;
    fn_ = &fi;
    fi.scope = NewScope(ScopeKind::kFunction, node);
    fi.scope->parent = cur_;
    fn_ = saved;
    fi.scope->function = &fi;
    return &fi;
  }

  Binding* NewBinding(Scope* s, const std::string& name, BindingKind kind,
                      bool register_name = true) {
    Binding& b = t_->binding_storage_.emplace_back();
    b.name = name;
    b.kind = kind;
    b.scope = s;
    b.initialized = !(kind == BindingKind::kLet || kind == BindingKind::kConst);
    if (register_name) {
      s->bindings.push_back(&b);
      s->names[name] = &b;
    }
    return &b;
  }

  // Implicit bindings of a non-arrow function (or the program). Not resolvable by name (except
  // `arguments`), listed in FunctionInfo rather than Scope::bindings.
  Binding* ThisOf(FunctionInfo* fi) {
    if (!fi->this_binding)
      fi->this_binding = NewBinding(fi->scope, "this", BindingKind::kThis, false);
    return fi->this_binding;
  }
  Binding* NewTargetOf(FunctionInfo* fi) {
    if (!fi->new_target_binding) {
      fi->new_target_binding = NewBinding(fi->scope, "new.target", BindingKind::kNewTarget, false);
    }
    return fi->new_target_binding;
  }
  Binding* ArgumentsOf(FunctionInfo* fi) {
    if (!fi->arguments_binding) {
      fi->arguments_binding = NewBinding(fi->scope, "arguments", BindingKind::kArguments, false);
    }
    return fi->arguments_binding;
  }
  Binding* CalleeOf(FunctionInfo* fi) {
    if (!fi->callee_binding) {
      fi->callee_binding = NewBinding(fi->scope, fi->callee_name, BindingKind::kCallee, false);
    }
    return fi->callee_binding;
  }

  // Nearest function whose `this`/`new.target`/`arguments` an arrow sees.
  FunctionInfo* NonArrow() const {
    FunctionInfo* f = fn_;
    while (f->is_arrow && f->parent) f = f->parent;
    return f;
  }

  void Record(const Node* node, Binding* b, bool declaration) {
    Reference r;
    r.binding = b;
    r.is_declaration = declaration;
    if (b) {
      bool cross = b->scope->function != fn_;
      if (cross) b->captured = true;
      if (b->NeedsTdz() && !declaration) {
        r.tdz_check = cross || !b->initialized;
        if (!cross && !b->initialized) b->needs_tdz_init = true;
      }
    }
    t_->references_[node] = r;
  }

  // A use of `b` by code the compiler generates in the current function (no AST node of its own).
  void Touch(Binding* b) {
    if (b && b->scope->function != fn_) b->captured = true;
  }
  // Like Record, for a second resolution attached to `node` (ScopeTree::ExtraFor).
  void RecordExtra(const Node* node, ExtraSlot slot, Binding* b) {
    Reference r;
    r.binding = b;
    if (b) {
      bool cross = b->scope->function != fn_;
      if (cross) b->captured = true;
      if (b->NeedsTdz()) r.tdz_check = cross || !b->initialized;
    }
    t_->extra_[{node, static_cast<int>(slot)}] = r;
  }

  Binding* Lookup(const std::string& name) {
    for (Scope* s = cur_; s; s = s->parent) {
      if (Binding* b = s->Find(name)) return b;
      if (s->kind == ScopeKind::kFunction) {
        FunctionInfo* fi = s->function;
        if (!fi->is_arrow && name == "arguments") return ArgumentsOf(fi);
        if (!fi->callee_name.empty() && fi->callee_name == name) return CalleeOf(fi);
      }
    }
    return nullptr;
  }

  void Use(const js::Identifier* id) {
    Binding* b = Lookup(id->name);
    if (!b) {
      for (FunctionInfo* f = fn_; f; f = f->parent) {
        if (f->block_function_names.contains(id->name)) {
          Fail(
              id, CompileError::Kind::kUnsupportedSyntax,
              absl::StrCat("'", id->name,
                           "' is a function declared inside a block and used outside it "
                           "(sloppy-mode Annex B hoisting is not supported: declare it outside the "
                           "block or assign a function expression to a variable)"));
          return;
        }
      }
    }
    Record(id, b, false);
    if (b && b->kind == BindingKind::kArguments && !benign_arguments_.contains(id)) {
      b->scope->function->arguments_escapes = true;
    }
  }

  // A store into `target` (already resolved): records parameter assignments and writes to elements
  // of the arguments object.
  void NoteWrite(const Node* target) {
    if (!target) return;
    if (target->kind == NodeKind::kIdentifier) {
      auto it = t_->references_.find(target);
      if (it != t_->references_.end() && it->second.binding &&
          it->second.binding->kind == BindingKind::kParam) {
        it->second.binding->scope->function->param_assigned = true;
      }
    } else if (target->kind == NodeKind::kMember) {
      const Node* obj = target->As<js::MemberExpression>()->object;
      auto it = t_->references_.find(obj);
      if (obj->kind == NodeKind::kIdentifier && it != t_->references_.end() && it->second.binding &&
          it->second.binding->kind == BindingKind::kArguments) {
        it->second.binding->scope->function->arguments_written = true;
      }
    }
  }

  // A let/const/catch binding occurrence in the current scope: initializes the binding.
  void BindDeclared(const js::Identifier* id) {
    Binding* b = cur_->Find(id->name);
    if (!b) b = Lookup(id->name);  // defensive: should always be in the current scope
    Record(id, b, true);
    if (b) b->initialized = true;
  }

  // ---------------------------------------------------------------------------------- declarations

  void BoundNames(const Node* n, std::vector<const js::Identifier*>* out) {
    if (!n) return;
    switch (n->kind) {
      case NodeKind::kIdentifier:
        out->push_back(n->As<js::Identifier>());
        break;
      case NodeKind::kArrayPattern:
        for (const Node* e : n->As<js::ArrayPattern>()->elements) BoundNames(e, out);
        break;
      case NodeKind::kObjectPattern:
        for (const Node* p : n->As<js::ObjectPattern>()->properties) {
          if (p->kind == NodeKind::kProperty) {
            BoundNames(p->As<js::Property>()->value, out);
          } else {
            BoundNames(p, out);
          }
        }
        break;
      case NodeKind::kAssignmentPattern:
        BoundNames(n->As<js::AssignmentPattern>()->target, out);
        break;
      case NodeKind::kRestElement:
        BoundNames(n->As<js::RestElement>()->argument, out);
        break;
      default:
        break;
    }
  }

  void DeclareVar(const js::Identifier* id) {
    Scope* fs = fn_->scope;
    if (Binding* b = fs->Find(id->name)) {
      if (b->IsLexical()) Redeclared(id, id->name);
      return;  // var re-declaring a var/param/function: same binding
    }
    bool is_arguments = id->name == "arguments" && !fn_->is_arrow;
    Binding* b =
        NewBinding(fs, id->name, is_arguments ? BindingKind::kArguments : BindingKind::kVar);
    if (is_arguments) fn_->arguments_binding = b;
  }

  void NoteBlockFunction(const Node* s) {
    const Node* n = UnwrapLabels(s);
    if (n && n->kind == NodeKind::kFunctionDeclaration && !fn_->strict) {
      const js::FunctionNode* f = n->As<js::FunctionNode>();
      if (f->id) fn_->block_function_names.insert(f->id->name);
    }
  }

  void HoistVars(const Node* n) {
    if (!n || failed_) return;
    switch (n->kind) {
      case NodeKind::kVariableDeclaration: {
        auto* d = n->As<js::VariableDeclaration>();
        if (d->kind != js::DeclarationKind::kVar) return;
        std::vector<const js::Identifier*> names;
        for (const js::VariableDeclarator* decl : d->declarations) BoundNames(decl->target, &names);
        for (const js::Identifier* id : names) DeclareVar(id);
        return;
      }
      case NodeKind::kBlockStatement:
        for (const Node* s : n->As<js::BlockStatement>()->body) {
          NoteBlockFunction(s);
          HoistVars(s);
        }
        return;
      case NodeKind::kIfStatement: {
        auto* s = n->As<js::IfStatement>();
        HoistVars(s->consequent);
        HoistVars(s->alternate);
        return;
      }
      case NodeKind::kForStatement: {
        auto* s = n->As<js::ForStatement>();
        HoistVars(s->init);
        HoistVars(s->body);
        return;
      }
      case NodeKind::kForInStatement: {
        auto* s = n->As<js::ForInStatement>();
        HoistVars(s->left);
        HoistVars(s->body);
        return;
      }
      case NodeKind::kForOfStatement: {
        auto* s = n->As<js::ForOfStatement>();
        HoistVars(s->left);
        HoistVars(s->body);
        return;
      }
      case NodeKind::kWhileStatement:
        HoistVars(n->As<js::WhileStatement>()->body);
        return;
      case NodeKind::kDoWhileStatement:
        HoistVars(n->As<js::DoWhileStatement>()->body);
        return;
      case NodeKind::kSwitchStatement:
        for (const js::SwitchCase* c : n->As<js::SwitchStatement>()->cases) {
          for (const Node* s : c->body) {
            NoteBlockFunction(s);
            HoistVars(s);
          }
        }
        return;
      case NodeKind::kLabeledStatement:
        HoistVars(n->As<js::LabeledStatement>()->body);
        return;
      case NodeKind::kTryStatement: {
        auto* s = n->As<js::TryStatement>();
        HoistVars(s->block);
        if (s->handler) HoistVars(s->handler->body);
        HoistVars(s->finalizer);
        return;
      }
      default:
        return;
    }
  }

  static const Node* UnwrapLabels(const Node* n) {
    while (n && n->kind == NodeKind::kLabeledStatement) n = n->As<js::LabeledStatement>()->body;
    return n;
  }

  void DeclareLexical(Scope* scope, const std::vector<Node*>& stmts) {
    for (const Node* raw : stmts) {
      if (failed_) return;
      const Node* n = UnwrapLabels(raw);
      if (!n) continue;
      if (n->kind == NodeKind::kVariableDeclaration) {
        auto* d = n->As<js::VariableDeclaration>();
        if (d->kind == js::DeclarationKind::kVar) continue;
        std::vector<const js::Identifier*> names;
        for (const js::VariableDeclarator* decl : d->declarations) BoundNames(decl->target, &names);
        for (const js::Identifier* id : names) DeclareLexicalName(scope, id, d->kind);
      } else if (n->kind == NodeKind::kFunctionDeclaration) {
        DeclareFunction(scope, n->As<js::FunctionNode>());
      } else if (n->kind == NodeKind::kClassDeclaration) {
        const js::ClassNode* c = n->As<js::ClassNode>();
        if (c->id) DeclareLexicalName(scope, c->id, js::DeclarationKind::kLet);
      }
    }
  }

  bool ConflictsWithCatchParam(Scope* scope, const std::string& name) {
    // `catch (e) { let e; }` is an early error: the catch block's lexicals may not redeclare the
    // param.
    return scope->kind == ScopeKind::kBlock && scope->parent &&
           scope->parent->kind == ScopeKind::kCatch && scope->parent->Find(name) != nullptr;
  }

  void DeclareLexicalName(Scope* scope, const js::Identifier* id, js::DeclarationKind kind) {
    if (scope->Find(id->name) || ConflictsWithCatchParam(scope, id->name)) {
      Redeclared(id, id->name);
      return;
    }
    if (id->name == "let") {
      Fail(id, CompileError::Kind::kParseError, "let is disallowed as a lexically bound name");
      return;
    }
    NewBinding(scope, id->name,
               kind == js::DeclarationKind::kConst ? BindingKind::kConst : BindingKind::kLet);
  }

  void DeclareFunction(Scope* scope, const js::FunctionNode* fn) {
    if (!fn->id) return;
    const std::string& name = fn->id->name;
    Binding* b = scope->Find(name);
    if (b) {
      if (b->IsLexical() || b->kind == BindingKind::kCatchParam) {
        Redeclared(fn->id, name);
        return;
      }
      if (scope->kind != ScopeKind::kFunction && b->kind == BindingKind::kFunction && fn_->strict) {
        Redeclared(fn->id, name);
        return;
      }
      if (scope->kind != ScopeKind::kFunction && b->kind != BindingKind::kFunction) {
        Redeclared(fn->id, name);
        return;
      }
    } else {
      if (ConflictsWithCatchParam(scope, name)) {
        Redeclared(fn->id, name);
        return;
      }
      b = NewBinding(scope, name, BindingKind::kFunction);
    }
    scope->functions.emplace_back(fn, b);
    t_->references_[fn->id] = Reference{b, false, true};
  }

  // `var` names must not cross a block that declares the same name lexically (§14.3.2.1 early
  // errors).
  void CheckVarConflicts(const Node* decl_target) {
    std::vector<const js::Identifier*> names;
    BoundNames(decl_target, &names);
    for (const js::Identifier* id : names) {
      for (Scope* s = cur_; s && s != fn_->scope; s = s->parent) {
        Binding* b = s->Find(id->name);
        if (!b) continue;
        bool ok = b->kind == BindingKind::kCatchParam && s->simple_catch;
        if (!ok) {
          Redeclared(id, id->name);
          return;
        }
      }
    }
  }

  // ---------------------------------------------------------------------------------- statements

  void Stmts(const std::vector<Node*>& stmts) {
    for (const Node* s : stmts) {
      if (failed_) return;
      Stmt(s);
    }
  }

  // A statement in a single-statement position (if branch, loop body, label body).
  void SubStmt(const Node* n) {
    if (n && n->kind == NodeKind::kFunctionDeclaration) {
      // Sloppy-mode Annex B.3.3/B.3.4 syntax (`if (x) function f() {}`).
      Fail(n, CompileError::Kind::kUnsupportedSyntax,
           "a function declaration as the body of a statement is not supported (wrap it in a "
           "block)");
      return;
    }
    Stmt(n);
  }

  void VarDecl(const js::VariableDeclaration* d) {
    for (const js::VariableDeclarator* decl : d->declarations) {
      if (failed_) return;
      if (d->kind == js::DeclarationKind::kVar) CheckVarConflicts(decl->target);
      if (decl->init) Expr(decl->init);
      Pattern(decl->target,
              d->kind == js::DeclarationKind::kVar ? PatternMode::kVar : PatternMode::kBind);
    }
  }

  void Stmt(const Node* n) {
    if (!n || failed_) return;
    switch (n->kind) {
      case NodeKind::kVariableDeclaration:
        VarDecl(n->As<js::VariableDeclaration>());
        return;
      case NodeKind::kFunctionDeclaration:
        Function(n->As<js::FunctionNode>());
        return;
      case NodeKind::kClassDeclaration: {
        const js::ClassNode* c = n->As<js::ClassNode>();
        Class(c);
        if (c->id) BindDeclared(c->id);
        return;
      }
      case NodeKind::kExpressionStatement:
        Expr(n->As<js::ExpressionStatement>()->expression);
        return;
      case NodeKind::kBlockStatement: {
        auto* b = n->As<js::BlockStatement>();
        Scope* saved = cur_;
        if (HasLexicalDeclarations(b->body)) {
          cur_ = NewScope(ScopeKind::kBlock, n);
          DeclareLexical(cur_, b->body);
        }
        Stmts(b->body);
        cur_ = saved;
        return;
      }
      case NodeKind::kEmptyStatement:
      case NodeKind::kDebuggerStatement:
      case NodeKind::kBreakStatement:
      case NodeKind::kContinueStatement:
        return;
      case NodeKind::kIfStatement: {
        auto* s = n->As<js::IfStatement>();
        Expr(s->test);
        SubStmt(s->consequent);
        SubStmt(s->alternate);
        return;
      }
      case NodeKind::kForStatement: {
        auto* s = n->As<js::ForStatement>();
        Scope* saved = cur_;
        if (s->init && s->init->kind == NodeKind::kVariableDeclaration &&
            s->init->As<js::VariableDeclaration>()->kind != js::DeclarationKind::kVar) {
          cur_ = NewScope(ScopeKind::kForHead, n);
          std::vector<Node*> one{s->init};
          DeclareLexical(cur_, one);
        }
        if (s->init) {
          if (s->init->kind == NodeKind::kVariableDeclaration) {
            VarDecl(s->init->As<js::VariableDeclaration>());
          } else {
            Expr(s->init);
          }
        }
        Expr(s->test);
        SubStmt(s->body);
        Expr(s->update);
        cur_ = saved;
        return;
      }
      case NodeKind::kForInStatement: {
        auto* s = n->As<js::ForInStatement>();
        ForInOf(n, s->left, s->right, s->body);
        return;
      }
      case NodeKind::kForOfStatement: {
        auto* s = n->As<js::ForOfStatement>();
        ForInOf(n, s->left, s->right, s->body);
        return;
      }
      case NodeKind::kWhileStatement: {
        auto* s = n->As<js::WhileStatement>();
        Expr(s->test);
        SubStmt(s->body);
        return;
      }
      case NodeKind::kDoWhileStatement: {
        auto* s = n->As<js::DoWhileStatement>();
        SubStmt(s->body);
        Expr(s->test);
        return;
      }
      case NodeKind::kSwitchStatement: {
        auto* s = n->As<js::SwitchStatement>();
        Expr(s->discriminant);
        Scope* saved = cur_;
        std::vector<Node*> all;
        for (const js::SwitchCase* c : s->cases)
          all.insert(all.end(), c->body.begin(), c->body.end());
        bool scoped = HasLexicalDeclarations(all);
        if (scoped) {
          cur_ = NewScope(ScopeKind::kSwitch, n);
          DeclareLexical(cur_, all);
        }
        // Every case test runs before any case body (see compile.cc's switch lowering).
        for (const js::SwitchCase* c : s->cases) Expr(c->test);
        for (const js::SwitchCase* c : s->cases) {
          // A case may be entered directly: nothing declared in earlier cases is known initialized.
          if (scoped) {
            for (Binding* b : cur_->bindings) {
              if (b->IsLexical()) b->initialized = false;
            }
          }
          Stmts(c->body);
        }
        cur_ = saved;
        return;
      }
      case NodeKind::kLabeledStatement: {
        const Node* body = n->As<js::LabeledStatement>()->body;
        if (UnwrapLabels(body) && UnwrapLabels(body)->kind == NodeKind::kFunctionDeclaration) {
          Stmt(UnwrapLabels(body));  // declared (hoisted) by the enclosing statement list
        } else {
          SubStmt(body);
        }
        return;
      }
      case NodeKind::kReturnStatement:
        Expr(n->As<js::ReturnStatement>()->argument);
        return;
      case NodeKind::kThrowStatement:
        Expr(n->As<js::ThrowStatement>()->argument);
        return;
      case NodeKind::kTryStatement: {
        auto* s = n->As<js::TryStatement>();
        Stmt(s->block);
        if (s->handler) {
          Scope* saved = cur_;
          if (s->handler->param) {
            cur_ = NewScope(ScopeKind::kCatch, s->handler);
            cur_->simple_catch = s->handler->param->kind == NodeKind::kIdentifier;
            std::vector<const js::Identifier*> names;
            BoundNames(s->handler->param, &names);
            for (const js::Identifier* id : names) {
              if (cur_->Find(id->name)) {
                Redeclared(id, id->name);
                return;
              }
              NewBinding(cur_, id->name, BindingKind::kCatchParam);
            }
            Pattern(s->handler->param, PatternMode::kBind);
          }
          Stmt(s->handler->body);
          cur_ = saved;
        }
        Stmt(s->finalizer);
        return;
      }
      default:
        // Expression kinds never appear as statements; anything else is a parser contract
        // violation.
        Fail(n, CompileError::Kind::kUnsupportedSyntax,
             absl::StrCat("unexpected statement ", js::NodeKindName(n->kind)));
        return;
    }
  }

  static bool HasLexicalDeclarations(const std::vector<Node*>& stmts) {
    for (const Node* raw : stmts) {
      const Node* n = UnwrapLabels(raw);
      if (!n) continue;
      if (n->kind == NodeKind::kFunctionDeclaration || n->kind == NodeKind::kClassDeclaration)
        return true;
      if (n->kind == NodeKind::kVariableDeclaration &&
          n->As<js::VariableDeclaration>()->kind != js::DeclarationKind::kVar) {
        return true;
      }
    }
    return false;
  }

  void ForInOf(const Node* n, const Node* left, const Node* right, const Node* body) {
    Scope* saved = cur_;
    if (left->kind == NodeKind::kVariableDeclaration) {
      auto* d = left->As<js::VariableDeclaration>();
      if (d->kind != js::DeclarationKind::kVar) {
        cur_ = NewScope(ScopeKind::kForHead, n);
        std::vector<Node*> one{const_cast<Node*>(left)};
        DeclareLexical(cur_, one);
        Expr(right);  // in the TDZ of the head's names (§14.7.5.6 ForIn/OfHeadEvaluation)
        for (const js::VariableDeclarator* decl : d->declarations)
          Pattern(decl->target, PatternMode::kBind);
      } else {
        for (const js::VariableDeclarator* decl : d->declarations) {
          CheckVarConflicts(decl->target);
          if (decl->init) Expr(decl->init);  // sloppy `for (var x = 1 in o)`
        }
        Expr(right);
        for (const js::VariableDeclarator* decl : d->declarations)
          Pattern(decl->target, PatternMode::kVar);
      }
    } else {
      Expr(right);
      Pattern(left, PatternMode::kAssign);
    }
    SubStmt(body);
    cur_ = saved;
  }

  // ---------------------------------------------------------------------------------- patterns

  void Pattern(const Node* n, PatternMode mode) {
    if (!n || failed_) return;
    switch (n->kind) {
      case NodeKind::kIdentifier: {
        auto* id = n->As<js::Identifier>();
        if (mode == PatternMode::kBind) {
          BindDeclared(id);
        } else {
          Use(id);
          if (mode == PatternMode::kVar) t_->references_[id].is_declaration = true;
          NoteWrite(id);
        }
        return;
      }
      case NodeKind::kMember:
        Expr(n);
        NoteWrite(n);
        return;
      case NodeKind::kArrayPattern:
        for (const Node* e : n->As<js::ArrayPattern>()->elements) Pattern(e, mode);
        return;
      case NodeKind::kObjectPattern:
        for (const Node* p : n->As<js::ObjectPattern>()->properties) {
          if (p->kind == NodeKind::kProperty) {
            auto* prop = p->As<js::Property>();
            if (prop->computed) Expr(prop->key);
            Pattern(prop->value, mode);
          } else {
            Pattern(p, mode);
          }
        }
        return;
      case NodeKind::kAssignmentPattern: {
        auto* ap = n->As<js::AssignmentPattern>();
        if (ap->target->kind == NodeKind::kMember) {
          Pattern(ap->target, mode);  // the target reference is evaluated before the default
          Expr(ap->default_value);
        } else {
          Expr(ap->default_value);
          Pattern(ap->target, mode);
        }
        return;
      }
      case NodeKind::kRestElement:
        Pattern(n->As<js::RestElement>()->argument, mode);
        return;
      default:
        Fail(n, CompileError::Kind::kParseError, "Invalid destructuring assignment target");
        return;
    }
  }

  // ---------------------------------------------------------------------------------- expressions

  void Expr(const Node* n) {
    if (!n || failed_) return;
    switch (n->kind) {
      case NodeKind::kNumberLiteral:
      case NodeKind::kStringLiteral:
      case NodeKind::kBigIntLiteral:
      case NodeKind::kBooleanLiteral:
      case NodeKind::kNullLiteral:
      case NodeKind::kRegExpLiteral:
        return;
      case NodeKind::kTemplateLiteral:
        for (const Node* e : n->As<js::TemplateLiteral>()->expressions) Expr(e);
        return;
      case NodeKind::kTaggedTemplate: {
        auto* t = n->As<js::TaggedTemplate>();
        Expr(t->tag);
        Expr(t->quasi);
        return;
      }
      case NodeKind::kIdentifier:
        Use(n->As<js::Identifier>());
        return;
      case NodeKind::kPrivateName:
        UsePrivate(n);  // `#x in o`
        return;
      case NodeKind::kThis: {
        FunctionInfo* f = NonArrow();
        Record(n, ThisOf(f), false);
        return;
      }
      case NodeKind::kSuper:
        Fail(n, CompileError::Kind::kParseError, "'super' keyword unexpected here");
        return;
      case NodeKind::kNewTarget: {
        FunctionInfo* f = NonArrow();
        Record(n, NewTargetOf(f), false);
        return;
      }
      case NodeKind::kArrayLiteral:
        for (const Node* e : n->As<js::ArrayLiteral>()->elements) Expr(e);
        return;
      case NodeKind::kObjectLiteral: {
        // Methods using `super` get the literal's object as [[HomeObject]]: a hidden binding in a
        // scope of the literal (compiler/lower_expr.cc ObjectTo).
        auto is_method = [](const js::Property* prop) {
          return prop->kind != js::PropertyKind::kInit && prop->value &&
                 prop->value->kind == NodeKind::kFunctionExpression;
        };
        Binding* home = nullptr;
        Scope* saved = cur_;
        for (const Node* p : n->As<js::ObjectLiteral>()->properties) {
          if (p->kind == NodeKind::kProperty && is_method(p->As<js::Property>()) &&
              p->As<js::Property>()->value->As<js::FunctionNode>()->uses_super_property && !home) {
            cur_ = NewScope(ScopeKind::kBlock, n);
            home = NewBinding(cur_, "%home", BindingKind::kHidden);
          }
        }
        for (const Node* p : n->As<js::ObjectLiteral>()->properties) {
          if (p->kind == NodeKind::kProperty) {
            auto* prop = p->As<js::Property>();
            if (prop->computed) Expr(prop->key);
            if (home && is_method(prop)) pending_home_ = home;
            Expr(prop->value);
          } else {
            Expr(p);
          }
        }
        cur_ = saved;
        return;
      }
      case NodeKind::kFunctionExpression:
      case NodeKind::kArrowFunction:
        Function(n->As<js::FunctionNode>());
        return;
      case NodeKind::kClassExpression:
        Class(n->As<js::ClassNode>());
        return;
      case NodeKind::kUnary:
        Expr(n->As<js::UnaryExpression>()->argument);
        if (n->As<js::UnaryExpression>()->op == js::UnaryOp::kDelete) {
          NoteWrite(n->As<js::UnaryExpression>()->argument);
        }
        return;
      case NodeKind::kUpdate:
        Expr(n->As<js::UpdateExpression>()->argument);
        NoteWrite(n->As<js::UpdateExpression>()->argument);
        return;
      case NodeKind::kBinary: {
        auto* b = n->As<js::BinaryExpression>();
        Expr(b->left);
        Expr(b->right);
        return;
      }
      case NodeKind::kLogical: {
        auto* b = n->As<js::LogicalExpression>();
        Expr(b->left);
        Expr(b->right);
        return;
      }
      case NodeKind::kConditional: {
        auto* c = n->As<js::ConditionalExpression>();
        Expr(c->test);
        Expr(c->consequent);
        Expr(c->alternate);
        return;
      }
      case NodeKind::kAssignment: {
        auto* a = n->As<js::AssignmentExpression>();
        if (a->target->kind == NodeKind::kIdentifier) {
          // The binding is resolved before the value, but TDZ/const checks happen at the store,
          // after it.
          if (a->op == js::AssignOp::kAssign) {
            Expr(a->value);
            Use(a->target->As<js::Identifier>());
          } else {
            Use(a->target->As<js::Identifier>());
            Expr(a->value);
          }
          NoteWrite(a->target);
        } else if (a->target->kind == NodeKind::kMember) {
          Expr(a->target);
          Expr(a->value);
          NoteWrite(a->target);
        } else {
          Expr(a->value);
          Pattern(a->target, PatternMode::kAssign);
        }
        return;
      }
      case NodeKind::kSequence:
        for (const Node* e : n->As<js::SequenceExpression>()->expressions) Expr(e);
        return;
      case NodeKind::kCall: {
        auto* c = n->As<js::CallExpression>();
        if (c->callee->kind == NodeKind::kSuper) {
          SuperCall(c);
          return;
        }
        Expr(c->callee);
        for (const Node* a : c->arguments) Expr(a);
        return;
      }
      case NodeKind::kNew: {
        auto* c = n->As<js::NewExpression>();
        Expr(c->callee);
        for (const Node* a : c->arguments) Expr(a);
        return;
      }
      case NodeKind::kMember: {
        auto* m = n->As<js::MemberExpression>();
        if (!m->computed && m->object->kind == NodeKind::kIdentifier &&
            m->object->As<js::Identifier>()->name == "arguments" &&
            m->property->kind == NodeKind::kIdentifier &&
            m->property->As<js::Identifier>()->name == "length") {
          benign_arguments_.insert(m->object);
        }
        if (m->object->kind == NodeKind::kSuper) {
          FunctionInfo* f = NonArrow();
          if (!f->home) {
            if (f->fn && f->fn->method_kind != js::MethodKind::kNone) {
              Unsupported(m->object, "super in object literal methods");
            } else {
              Fail(m->object, CompileError::Kind::kParseError, "'super' keyword unexpected here");
            }
            return;
          }
          Record(m->object, f->home, false);
          RecordExtra(m, ExtraSlot::kThis, ThisOf(f));
        } else {
          Expr(m->object);
        }
        if (m->computed) {
          Expr(m->property);
        } else if (m->property->kind == NodeKind::kPrivateName) {
          UsePrivate(m->property);
        }
        return;
      }
      case NodeKind::kOptionalChain:
        Expr(n->As<js::OptionalChain>()->expression);
        return;
      case NodeKind::kSpread:
        Expr(n->As<js::SpreadElement>()->argument);
        return;
      case NodeKind::kYield:
        Expr(n->As<js::YieldExpression>()->argument);
        return;
      case NodeKind::kAwait:
        Expr(n->As<js::AwaitExpression>()->argument);
        return;
      case NodeKind::kArrayPattern:
      case NodeKind::kObjectPattern:
      case NodeKind::kAssignmentPattern:
      case NodeKind::kRestElement:
        Pattern(n, PatternMode::kAssign);
        return;
      default:
        Fail(n, CompileError::Kind::kUnsupportedSyntax,
             absl::StrCat("unexpected expression ", js::NodeKindName(n->kind)));
        return;
    }
  }

  // ---------------------------------------------------------------------------------- functions

  void Function(const js::FunctionNode* fn) {
    if (failed_) return;
    if (fn->method_kind == js::MethodKind::kFieldInit) {
      Unsupported(fn, "field initializer functions");
      return;
    }
    FunctionInfo* fi = NewFunction(fn, fn);
    fi->is_arrow = fn->is_arrow;
    fi->strict = fn->strict;
    if (!fn->is_arrow) {
      fi->home = pending_home_;
      if (fn->method_kind == js::MethodKind::kConstructor && pending_class_) {
        fi->ctor_class = pending_class_;
        fi->derived_ctor = pending_class_->derived;
        if (fi->derived_ctor) {
          Binding* t = ThisOf(fi);
          t->derived_this = true;
          t->initialized = false;
        }
      }
    }
    pending_home_ = nullptr;
    pending_class_ = nullptr;
    if (fn->kind == NodeKind::kFunctionExpression && fn->id) fi->callee_name = fn->id->name;

    Scope* saved_scope = cur_;
    FunctionInfo* saved_fn = fn_;
    fn_ = fi;
    cur_ = fi->scope;
    if (fi->ctor_class && !fi->derived_ctor) Touch(fi->ctor_class->init);

    // Parameters (§10.2.11 steps 21-26): plain names first, in order; duplicates (sloppy) share one
    // binding whose value is the last such argument.
    for (size_t i = 0; i < fn->params.size(); ++i) {
      const Node* p = fn->params[i];
      std::vector<const js::Identifier*> names;
      BoundNames(p, &names);
      int positional = 0;
      if (p->kind == NodeKind::kIdentifier) {
        positional = static_cast<int>(i) + 1;
      } else if (p->kind == NodeKind::kAssignmentPattern &&
                 p->As<js::AssignmentPattern>()->target->kind == NodeKind::kIdentifier) {
        positional = static_cast<int>(i) + 1;
      }
      for (const js::Identifier* id : names) {
        Binding* b = cur_->Find(id->name);
        if (!b) b = NewBinding(cur_, id->name, BindingKind::kParam);
        b->param_register = positional;
      }
    }
    for (const Node* s : fn->body) HoistVars(s);
    DeclareLexical(cur_, fn->body);
    // Parameter defaults and patterns, left to right.
    for (const Node* p : fn->params) Pattern(p, PatternMode::kBind);
    if (fn->expression_body) {
      Expr(fn->expression_body);
    } else if (fi->derived_ctor) {
      // `this` is known bound after a `super(...)` statement directly in the body.
      for (const Node* s : fn->body) {
        if (failed_) break;
        Stmt(s);
        if (s->kind == NodeKind::kExpressionStatement) {
          const Node* e = s->As<js::ExpressionStatement>()->expression;
          if (e->kind == NodeKind::kCall &&
              e->As<js::CallExpression>()->callee->kind == NodeKind::kSuper) {
            fi->this_binding->initialized = true;
          }
        }
      }
    } else {
      Stmts(fn->body);
    }
    cur_ = saved_scope;
    fn_ = saved_fn;
    // A sloppy function with simple parameters gets a mapped arguments object whose elements alias
    // the parameters. The VM's arguments object is unmapped, so refuse programs where that is
    // observable.
    Binding* args = fi->arguments_binding;
    if (!fi->strict && !fi->is_arrow && fn->has_simple_parameter_list && !fn->params.empty() &&
        args && args->kind == BindingKind::kArguments &&
        ((fi->param_assigned && fi->arguments_escapes) || fi->arguments_written)) {
      Fail(fn, CompileError::Kind::kUnsupportedSyntax,
           "parameters aliased through the arguments object of a sloppy-mode function are not "
           "supported (assign a local copy instead, or add \"use strict\")");
    }
  }

  // ---------------------------------------------------------------------------------- classes

  // `#x` (member property or the left of `#x in o`): the entry of the innermost class declaring it.
  void UsePrivate(const Node* n) {
    const std::string& name = n->As<js::PrivateName>()->name;
    for (size_t i = class_stack_.size(); i-- > 0;) {
      for (PrivateEntry* e : class_stack_[i]->privates) {
        if (e->name != "#" + name) continue;
        t_->privates_[n] = e;
        Touch(e->key);
        Touch(e->method);
        Touch(e->getter);
        Touch(e->setter);
        Touch(e->brand);
        return;
      }
    }
    Fail(n, CompileError::Kind::kParseError,
         absl::StrCat("Private field '#", name, "' must be declared in an enclosing class"));
  }

  void SuperCall(const js::CallExpression* c) {
    FunctionInfo* f = NonArrow();
    if (!f->ctor_class || !f->derived_ctor) {
      Fail(c->callee, CompileError::Kind::kParseError, "'super' keyword unexpected here");
      return;
    }
    Record(c->callee, f->ctor_class->ctor, false);
    RecordExtra(c, ExtraSlot::kNewTarget, NewTargetOf(f));
    for (const Node* a : c->arguments) Expr(a);
    // The binding is read (to reject a second super()) and written: no TDZ check on this access.
    RecordExtra(c, ExtraSlot::kThis, ThisOf(f));
    t_->extra_[{c, static_cast<int>(ExtraSlot::kThis)}].tdz_check = false;
    if (f->ctor_class->init) RecordExtra(c, ExtraSlot::kInit, f->ctor_class->init);
  }

  // A function the compiler synthesizes for a class (initializers, default constructor), in the
  // class scope.
  FunctionInfo* SyntheticFunction(const js::ClassNode* c, Binding* home) {
    FunctionInfo& fi = t_->function_storage_.emplace_back();
    fi.node = c;
    fi.parent = fn_;
    fi.strict = true;
    fi.home = home;
    Scope& s = t_->scope_storage_.emplace_back();
    s.kind = ScopeKind::kFunction;
    s.parent = cur_;
    s.function = &fi;
    fi.scope = &s;
    return &fi;
  }

  PrivateEntry* DeclarePrivate(ClassInfo* ci, const js::ClassMember* m) {
    std::string name = "#" + m->key->As<js::PrivateName>()->name;
    PrivateEntry* e = nullptr;
    for (PrivateEntry* x : ci->privates) {
      if (x->name == name) e = x;
    }
    if (!e) {
      e = &t_->private_storage_.emplace_back();
      e->name = name;
      e->is_static = m->is_static;
      ci->privates.push_back(e);
    }
    auto hidden = [&](const std::string& what) {
      return NewBinding(ci->scope, what, BindingKind::kHidden);
    };
    auto brand = [&]() {
      Binding*& b = m->is_static ? ci->static_brand : ci->brand;
      if (!b) b = hidden(m->is_static ? "%static_brand" : "%brand");
      return b;
    };
    switch (m->kind) {
      case js::ClassMemberKind::kField:
        e->kind = PrivateEntry::Kind::kField;
        e->key = hidden(name);
        break;
      case js::ClassMemberKind::kMethod:
        e->kind = PrivateEntry::Kind::kMethod;
        e->method = hidden(name + "()");
        e->brand = brand();
        break;
      case js::ClassMemberKind::kGetter:
        e->kind = PrivateEntry::Kind::kAccessor;
        e->getter = hidden("get " + name);
        e->brand = brand();
        break;
      case js::ClassMemberKind::kSetter:
        e->kind = PrivateEntry::Kind::kAccessor;
        e->setter = hidden("set " + name);
        e->brand = brand();
        break;
      default:
        break;
    }
    return e;
  }

  void Class(const js::ClassNode* c) {
    if (failed_) return;
    ClassInfo* ci = &t_->class_storage_.emplace_back();
    ci->node = c;
    ci->derived = c->super_class != nullptr;
    t_->classes_[c] = ci;
    Scope* saved = cur_;
    cur_ = NewScope(ScopeKind::kBlock, c);
    ci->scope = cur_;
    if (c->id) ci->name = NewBinding(cur_, c->id->name, BindingKind::kConst);
    ci->proto = NewBinding(cur_, "%proto", BindingKind::kHidden);
    ci->ctor = NewBinding(cur_, "%ctor", BindingKind::kHidden);
    bool instance_elements = false, static_elements = false;
    for (const js::ClassMember* m : c->members) {
      bool is_private = m->key && !m->computed && m->key->kind == NodeKind::kPrivateName;
      if (is_private) DeclarePrivate(ci, m);
      bool field = m->kind == js::ClassMemberKind::kField;
      if (!m->is_static && (field || (is_private && m->kind != js::ClassMemberKind::kConstructor)))
        instance_elements = true;
      if (m->is_static && (field || m->kind == js::ClassMemberKind::kStaticBlock))
        static_elements = true;
    }
    if (c->constructor && !c->constructor->function->parameter_properties.empty())
      instance_elements = true;  // TypeScript parameter properties are fields too
    if (instance_elements) ci->init = NewBinding(cur_, "%init", BindingKind::kHidden);
    ci->field_keys.assign(c->members.size(), nullptr);
    // The heritage sees the class scope (inner name in its TDZ) but not its private names.
    Expr(c->super_class);
    class_stack_.push_back(ci);
    for (size_t i = 0; i < c->members.size() && !failed_; ++i) {
      const js::ClassMember* m = c->members[i];
      if (m->computed) {
        Expr(m->key);
        if (m->kind == js::ClassMemberKind::kField) {
          ci->field_keys[i] = NewBinding(cur_, absl::StrCat("%key", i), BindingKind::kHidden);
        }
      }
      switch (m->kind) {
        case js::ClassMemberKind::kConstructor:
          pending_home_ = ci->proto;
          pending_class_ = ci;
          Function(m->function);
          break;
        case js::ClassMemberKind::kMethod:
        case js::ClassMemberKind::kGetter:
        case js::ClassMemberKind::kSetter:
          pending_home_ = m->is_static ? ci->ctor : ci->proto;
          Function(m->function);
          break;
        default:
          break;
      }
    }
    if (ci->name) ci->name->initialized = true;
    FunctionInfo* saved_fn = fn_;
    if (!c->constructor && !failed_) {
      ci->default_ctor = SyntheticFunction(c, ci->proto);
      ci->default_ctor->ctor_class = ci;
      ci->default_ctor->derived_ctor = ci->derived;
      fn_ = ci->default_ctor;
      Touch(ci->ctor);
      Touch(ci->init);
      fn_ = saved_fn;
    }
    // Field initializers and static blocks run later, in functions of their own.
    for (int pass = 0; pass < 2 && !failed_; ++pass) {
      bool is_static = pass == 1;
      if (is_static ? !static_elements : !instance_elements) continue;
      FunctionInfo* fi = SyntheticFunction(c, is_static ? ci->ctor : ci->proto);
      (is_static ? ci->static_fn : ci->init_fn) = fi;
      fn_ = fi;
      cur_ = fi->scope;
      ThisOf(fi);
      Touch(is_static ? ci->static_brand : ci->brand);
      for (size_t i = 0; i < c->members.size() && !failed_; ++i) {
        const js::ClassMember* m = c->members[i];
        if (m->is_static != is_static) continue;
        if (m->kind == js::ClassMemberKind::kField) {
          Touch(ci->field_keys[i]);
          if (m->key && !m->computed && m->key->kind == NodeKind::kPrivateName) UsePrivate(m->key);
          Expr(m->value);
        } else if (m->kind == js::ClassMemberKind::kStaticBlock) {
          pending_home_ = ci->ctor;
          Function(m->function);
        }
      }
      fn_ = saved_fn;
      cur_ = ci->scope;
    }
    class_stack_.pop_back();
    cur_ = saved;
  }

  ScopeTree* t_;
  std::vector<ClassInfo*> class_stack_;  // classes whose bodies enclose the current node
  Binding* pending_home_ = nullptr;      // home object binding of the next method Function() makes
  ClassInfo* pending_class_ = nullptr;   // class of the next constructor Function() makes
  absl::flat_hash_set<const Node*> benign_arguments_;  // `arguments` in `arguments.length`
  Scope* cur_ = nullptr;
  FunctionInfo* fn_ = nullptr;
  bool failed_ = false;
};

std::variant<std::unique_ptr<ScopeTree>, CompileError> AnalyzeScopes(const js::Program& program) {
  auto tree = std::make_unique<ScopeTree>();
  ScopeAnalyzer analyzer(tree.get());
  if (!analyzer.Run(program)) return analyzer.error;
  return tree;
}

}  // namespace codemode::compiler
