// Internal to compiler/: the JavaScript AST → bytecode lowering (one FunctionCompiler per function,
// sharing one ModuleCompiler). Split over lower_stmt.cc, lower_expr.cc, lower_pattern.cc and
// compile.cc. The conventions it follows are docs/internals.md's plus the ones listed in
// compiler/README.md ("Lowering conventions").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "compiler/call_printer.h"
#include "compiler/codegen.h"
#include "compiler/compile.h"
#include "compiler/js/ast.h"
#include "compiler/scope.h"
#include "vm/bytecode.h"
#include "vm/isa.h"

namespace codemode::compiler {

// Shared state of one compilation: the module being built, the scope analysis, the first error.
struct ModuleCompiler {
  const ScopeTree* scopes = nullptr;
  bytecode::Module module;
  std::optional<CompileError> error;
  bool site_texts = true;  // CompileOptions::site_texts

  bool failed() const { return error.has_value(); }
  void Fail(const js::Node* at, CompileError::Kind kind, std::string message) {
    if (error) return;
    error = CompileError{kind, std::move(message), at ? at->line : 0, at ? at->column : 0};
  }
};

// A statement that break/continue/return must know about on the way out (innermost last).
struct JumpContext {
  enum class Kind : uint8_t {
    kLoop,     // break/continue target; a for-of loop also has an iterator to close
    kSwitch,   // break target
    kLabeled,  // labeled non-loop statement: `break label` target
    kTry,      // try block with a catch: only its handler region matters (paused around ITERCLOSE)
    kFinally,  // try block (and catch) protected by a finally: exits are routed through it
  };
  enum class ExitKind : uint8_t { kBreak, kContinue, kReturn };
  struct Exit {
    int code;  // value stored in kind_reg (>= 2)
    ExitKind what;
    size_t target;  // index in the context stack (break/continue)
  };

  Kind kind = Kind::kLoop;
  std::vector<std::string_view> labels;
  Label break_label, continue_label;
  int iterator_reg = -1;          // for-of: close on break/return/throw out of the body
  bool async_iterator = false;    // for await: the close awaits return()'s result
  uint32_t line = 0, column = 0;  // for-of: source position reported by ITERCLOSE
  bool has_region = false;
  Region region;  // handler region owned by this statement
  // kFinally
  int kind_reg = -1, value_reg = -1;
  Label finally_label;
  std::vector<Exit> exits;
};

// A `super.x` / `super[k]` or `o.#x` reference evaluated ahead of a read or a store
// (compiler/lower_class.cc).
struct SpecialRef {
  enum class Kind : uint8_t { kNone, kSuper, kPrivate } kind = Kind::kNone;
  const js::MemberExpression* member = nullptr;
  int object = -1;  // kPrivate: the object; kSuper: the receiver (`this`)
  int base = -1;    // kSuper: the super base (home object's prototype); its key in base + 1
  const PrivateEntry* entry = nullptr;  // kPrivate
};

class FunctionCompiler {
 public:
  FunctionCompiler(ModuleCompiler* m, FunctionCompiler* parent, FunctionInfo* info);

  // Compiles the whole program as the main proto; returns its index in module.protos.
  uint32_t CompileProgram(const js::Program& program);
  // Compiles one function; returns its index in module.protos.
  uint32_t CompileFunction(const js::FunctionNode* fn, const std::string& name);
  // Class functions the compiler synthesizes (lower_class.cc): the instance or static initializer
  // of `c` and its default constructor.
  uint32_t CompileClassInitializer(const js::ClassNode* c, const ClassInfo* ci, bool is_static);
  uint32_t CompileDefaultConstructor(const js::ClassNode* c, const ClassInfo* ci,
                                     const std::string& name);

 private:
  friend class RegScope;

  // ---------------------------------------------------------------- state and errors
  bool Failed() const { return m_->failed() || b_.failed(); }
  void Fail(const js::Node* at, CompileError::Kind kind, std::string message) {
    m_->Fail(at, kind, std::move(message));
  }
  void Unsupported(const js::Node* at, std::string_view what);
  void At(const js::Node* n) {
    if (n) b_.SetPosition(n->line, n->column);
  }
  void At(uint32_t line, uint32_t column) {
    if (line) b_.SetPosition(line, column);
  }
  // The innermost optional chain's short-circuit label (an optional link outside a chain is a
  // parser contract violation: reported, never undefined behavior).
  Label ChainNil() {
    if (chain_nil_.empty()) {
      b_.Fail("internal error: optional link outside an optional chain");
      chain_nil_.push_back(b_.NewLabel());
      b_.Bind(chain_nil_.back());
    }
    return chain_nil_.back();
  }
  // Where V8 reports a failed property access: the property name (`.name`) or the `[` of a computed
  // key.
  void AtProperty(const js::MemberExpression* m) {
    if (!m->computed && m->property) {
      At(m->property);
    } else {
      At(m->property_line, m->property_column);
    }
  }
  // Records the error-message text of `expr` for the instruction emitted next (bytecode::SiteText).
  void SiteTextNext(bytecode::SiteTextKind kind, const js::Node* expr, bool iterator_error = false) {
    if (m_->site_texts && expr)
      b_.proto().site_texts.push_back({b_.pc(), kind, CallSiteText(expr, iterator_error)});
  }
  // The SiteText of GETITER/SPREAD (ASYNCITER when `async`) over `iterable` as V8 words it: a
  // call's result names the callee.
  void IterableSiteTextNext(const js::Node* iterable, bool async = false);
  uint32_t Name(std::string_view utf8) { return b_.AddStringUtf8(utf8); }
  uint32_t Message(std::u16string_view s);
  void ThrowError(isa::ThrowKind kind, std::u16string_view message);
  void Finish(const js::Node* fn_node);

  // ---------------------------------------------------------------- registers
  int Temp() { return b_.Alloc(1); }
  int AllocLocal();
  void AllocBinding(Binding* b);

  // ---------------------------------------------------------------- bindings
  struct Access {
    enum class Kind : uint8_t { kGlobal, kRegister, kCell, kUpvalue } kind;
    int index = 0;  // register or upvalue index
  };
  const Reference* RefOf(const js::Node* n) const { return m_->scopes->ReferenceFor(n); }
  Access AccessOf(const Binding* b);
  int UpvalueIndex(const Binding* b);
  // Register-resident binding of this function that can be read/written directly (no cell, no
  // check).
  int DirectRegister(const Reference* r, bool for_write) const;
  void LoadVar(const Reference* r, std::string_view name, int dst);
  // A register holding the variable's value (its own register when possible).
  int VarAny(const Reference* r, std::string_view name);
  // Stores R[src]. `init`: initialization of a declaration (no TDZ check, const allowed).
  void StoreVar(const Reference* r, std::string_view name, int src, bool init);
  void CheckTdzOnly(const Reference* r, std::string_view name);
  void InitBinding(Binding* b, int src);
  // Emits NEWCELL / LOADEMPTY for the bindings of a scope just allocated, then hoisted functions.
  void InitScope(Scope* s);
  int EnterScope(Scope* s);  // returns the register mark to free on exit
  void HoistFunctions(Scope* s);

  // ---------------------------------------------------------------- statements (lower_stmt.cc)
  void Prologue(const js::FunctionNode* fn);
  void Stmt(const js::Node* n);
  void Stmts(const std::vector<js::Node*>& stmts);
  void Block(const js::BlockStatement* b);
  void VarDeclaration(const js::VariableDeclaration* d);
  void If(const js::IfStatement* s);
  void Loop(const js::Node* n, std::vector<std::string_view> labels);
  void For(const js::ForStatement* s, std::vector<std::string_view> labels);
  void ForIn(const js::ForInStatement* s, std::vector<std::string_view> labels);
  void ForOf(const js::ForOfStatement* s, std::vector<std::string_view> labels);
  void BindForHead(const js::Node* left, Scope* head, int value);
  void While(const js::WhileStatement* s, std::vector<std::string_view> labels);
  void DoWhile(const js::DoWhileStatement* s, std::vector<std::string_view> labels);
  void Switch(const js::SwitchStatement* s, std::vector<std::string_view> labels);
  void Labeled(const js::LabeledStatement* s);
  void Break(const js::BreakStatement* s);
  void Continue(const js::ContinueStatement* s);
  void Return(const js::ReturnStatement* s);
  void Try(const js::TryStatement* s);
  void CatchClause(const js::CatchClause* c, int exception_reg);
  // Routes an exit (break/continue to ctx_[target], or return of R[value] / undefined when value <
  // 0) through the contexts above it: closes for-of iterators, diverts into finally blocks.
  void RouteExit(JumpContext::ExitKind what, size_t target, int value);
  void CloseIteratorOf(size_t index);
  // IteratorClose / AsyncIteratorClose of R[it] (normal completion: errors propagate).
  void EmitIteratorClose(int it, bool async);
  bool InAsyncGenerator() { return b_.proto().is_async && b_.proto().is_generator; }
  void EmitFinallyDispatch(JumpContext& c);
  size_t PushContext(JumpContext c);
  void PopContext();
  void PerIterationCopy(Scope* head);

  // ---------------------------------------------------------------- expressions (lower_expr.cc)
  // Evaluates into R[dst]. When dst is a local's register, dst is written only after everything the
  // expression reads (so `x = x + 1`, `x = [x]` are right).
  void ExprTo(const js::Node* e, int dst);
  void ExprToImpl(const js::Node* e, int dst);
  // `yield v` / `yield* it` in a generator (lower_expr.cc; conventions in compiler/README.md).
  void YieldTo(const js::YieldExpression* y, int dst);
  // ExprTo with function-name inference (ECMA-262 NamedEvaluation) for anonymous functions.
  void NamedExprTo(const js::Node* e, int dst, std::string_view name);
  // A register holding the value (a local's own register when possible; else a fresh temp).
  int ExprAny(const js::Node* e);
  // As ExprAny, but copies a local's register to a temp when `later` may assign locals (so the
  // value read now is the one used).
  int ExprAnyStable(const js::Node* e, std::initializer_list<const js::Node*> later);
  // The single operand of an instruction that writes `dst`: evaluated into dst itself when dst is
  // scratch (keeps nested unary chains like !!!x in a constant number of registers), else ExprAny.
  int OperandInto(const js::Node* e, int dst);
  void ExprEffect(const js::Node* e);
  void CondJump(const js::Node* e, bool jump_if, Label target);
  bool WritesDstLast(const js::Node* e) const;
  bool MayWriteLocals(const js::Node* e) const;

  void FunctionTo(const js::FunctionNode* fn, int dst, std::string_view name);
  void IdentifierTo(const js::Identifier* id, int dst);
  void TemplateTo(const js::TemplateLiteral* t, int dst);
  void TaggedTemplateTo(const js::TaggedTemplate* t, int dst);
  void ArrayTo(const js::ArrayLiteral* a, int dst);
  void ObjectTo(const js::ObjectLiteral* o, int dst);
  void UnaryTo(const js::UnaryExpression* u, int dst);
  void DeleteTo(const js::Node* arg, int dst);
  void UpdateTo(const js::UpdateExpression* u, int dst);  // dst < 0: value unused
  void BinaryTo(const js::BinaryExpression* b, int dst);
  void LogicalTo(const js::LogicalExpression* l, int dst);
  void ConditionalTo(const js::ConditionalExpression* c, int dst);
  void AssignTo(const js::AssignmentExpression* a, int dst);  // dst < 0: value unused
  void CallTo(const js::CallExpression* c, int dst);
  void NewTo(const js::NewExpression* n, int dst);
  void MemberTo(const js::MemberExpression* m, int dst);
  void OptionalChainTo(const js::OptionalChain* c, int dst);
  void RegExpTo(const js::RegExpLiteral* r, int dst);
  // Call windows: evaluates the callee into R[base] and `this` into R[base+1].
  void CalleeAndThis(const js::Node* callee, int base);
  // Arguments into R[base+2...]; returns the argument count, or -1 when they were collected into an
  // array in R[base+2] (spread form).
  int Arguments(const std::vector<js::Node*>& args, int base);
  int WindowBase(int dst);
  // The property key of a non-computed Property/MemberExpression key, as a string constant.
  uint32_t StaticKey(const js::Node* key);
  std::string StaticKeyUtf8(const js::Node* key);
  isa::Op BinaryOpcode(js::BinaryOp op) const;

  // ---------------------------------------------------------------- classes (lower_class.cc)
  void ClassTo(const js::ClassNode* c, int dst, std::string_view name);
  void ClassDeclaration(const js::ClassNode* c);
  // A synthesized child function (initializer / default constructor) as CLOSURE into dst.
  void SyntheticClosureTo(uint32_t proto_index, int dst);
  // Base class constructor prologue: runs the instance initializer on `this`.
  void ClassConstructorPrologue();
  // `return` of R[value] (value < 0: undefined); derived constructors check the value and `this`.
  void EmitReturn(int value);
  // TypeScript parameter properties: this.x = x for each (R[self] is `this`).
  void EmitParameterProperties(const js::FunctionNode* fn, int self);
  void LoadHidden(const Binding* b, int dst);
  void StoreHidden(const Binding* b, int src);
  static bool IsSpecialMember(const js::Node* n);
  SpecialRef PrepareSpecial(const js::MemberExpression* m);
  void SpecialGet(const SpecialRef& r, int dst);
  void SpecialSet(const SpecialRef& r, int value);
  void SpecialMemberTo(const js::MemberExpression* m, int dst);
  void SpecialCalleeAndThis(const js::MemberExpression* m, int base);
  void SpecialAssignTo(const js::AssignmentExpression* a, int dst);
  void SpecialUpdateTo(const js::UpdateExpression* u, int dst);
  void SuperCallTo(const js::CallExpression* c, int dst);
  void PrivateInTo(const js::BinaryExpression* b, int dst);

  // ---------------------------------------------------------------- patterns (lower_pattern.cc)
  enum class BindMode : uint8_t { kInit, kAssign };
  // A member assignment target evaluated ahead of the value (ECMA-262 order).
  struct PreparedTarget {
    const js::Node* node = nullptr;
    int object = -1;
    int key = -1;       // computed key register, or -1
    uint32_t name = 0;  // constant for a static key
    SpecialRef special;  // super / private member targets
  };
  PreparedTarget PrepareTarget(const js::Node* target);
  void StoreTarget(const PreparedTarget& t, int value, BindMode mode);
  void BindPattern(const js::Node* target, int value, BindMode mode);
  void DestructureObject(const js::ObjectPattern* p, int value, BindMode mode);
  void DestructureArray(const js::ArrayPattern* p, int value, BindMode mode);
  bool TargetCanThrow(const js::Node* target, BindMode mode) const;
  bool PatternWritesRegister(const js::Node* target, int reg) const;
  // For a target that is a plain identifier stored in a register of this function without checks:
  // that register (values can be fetched straight into it), else -1.
  int DirectTargetRegister(const js::Node* target, BindMode mode, bool has_default) const;

  ModuleCompiler* m_;
  FunctionCompiler* parent_;
  FunctionInfo* info_;
  FunctionBuilder b_;
  uint32_t proto_index_ = 0;
  std::vector<JumpContext> ctx_;
  absl::flat_hash_map<const Binding*, int> upvalue_of_;
  std::vector<bytecode::UpvalueDesc> upvalues_;
  std::vector<uint32_t> children_;
  std::vector<Label> chain_nil_;  // optional-chain short-circuit targets, innermost last
  // The initializer of the declaration whose array pattern is bound next: V8 names an identifier,
  // literal or call there in "x is not iterable", and words every other source its runtime way.
  const js::Node* pattern_source_ = nullptr;
  bool strict_ = false;
};

// Anonymous class expressions get a name from their context like anonymous functions.
bool IsAnonymousClass(const js::Node* e);

// Frees every register allocated after construction when it goes out of scope.
class RegScope {
 public:
  explicit RegScope(FunctionBuilder& b) : b_(b), mark_(b.top()) {}
  ~RegScope() { b_.FreeTo(mark_); }
  RegScope(const RegScope&) = delete;
  RegScope& operator=(const RegScope&) = delete;
  int mark() const { return mark_; }

 private:
  FunctionBuilder& b_;
  int mark_;
};

// ECMA-262 Number::toString (shortest round-trip), used for numeric property keys.
std::string NumberToString(double v);
// UTF-16 → UTF-8 (lone surrogates become U+FFFD), for FunctionProto::name.
std::string Utf16ToUtf8(std::u16string_view s);
// `x => ...`, `function () {}` without a name: gets a name from its context (§8.4.3
// IsAnonymousFunctionDefinition).
bool IsAnonymousFunction(const js::Node* e);

}  // namespace codemode::compiler
