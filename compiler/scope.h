// Scope analysis for the JavaScript code generator: declarations and hoisting (var to the function,
// let/const/function to their block), resolution of every identifier reference to a Binding or the
// global object, captured-variable detection (a binding referenced from a nested function lives in
// a cell), TDZ needs (which same-function accesses may run before initialization), and the implicit
// bindings `this`, `arguments`, `new.target` and a named function expression's own name.
//
// The analysis walks the AST in evaluation order, so "the declaration has been evaluated" at a
// reference in the same function is known statically except across `switch` cases (handled by
// resetting the switch's bindings at each case) — ECMA-262 §9.1 (environment records), §10.2.11
// (FunctionDeclarationInstantiation), §14.7.4.2 (per-iteration bindings).
#pragma once

#include <deque>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "compiler/compile.h"
#include "compiler/js/ast.h"

namespace codemode::compiler {

enum class BindingKind : uint8_t {
  kVar,
  kLet,
  kConst,
  kFunction,  // function declaration (var-like in a function scope, lexical in a block)
  kParam,
  kCatchParam,
  kCallee,     // a named function expression's own name, seen from inside it (immutable)
  kThis,       // implicit: R0 of a non-arrow function (or the program)
  kArguments,  // implicit: the arguments object (also `var arguments` in a non-arrow function)
  kNewTarget,  // implicit: new.target
  kHidden,     // made by the compiler for classes (prototype, constructor, private names, …): never
               // named by program code, initialized before any read
};

struct Scope;
struct FunctionInfo;
struct ClassInfo;

struct Binding {
  std::string name;
  BindingKind kind = BindingKind::kVar;
  Scope* scope = nullptr;
  // Referenced from a function other than the declaring one: lives in a cell.
  bool captured = false;
  // Some same-function access may happen before initialization: a register binding must start as
  // <empty> and those accesses carry a TDZ check.
  bool needs_tdz_init = false;
  // kParam: the 1-based positional parameter register when the parameter is a plain identifier; 0
  // when the binding is initialized from a pattern, a default or the rest parameter.
  int param_register = 0;

  // ---- code generator state (owned by compile.cc; one code generation per analysis)
  int reg = -1;
  bool in_cell = false;

  // kThis of a derived class constructor: in its TDZ until super(...) returns (ECMA-262 §10.2.1.3).
  bool derived_this = false;

  // ---- analysis state
  bool initialized = false;

  bool IsLexical() const { return kind == BindingKind::kLet || kind == BindingKind::kConst; }
  // Reads may need a TDZ check.
  bool NeedsTdz() const { return IsLexical() || derived_this; }
  bool IsImmutable() const { return kind == BindingKind::kConst || kind == BindingKind::kCallee; }
};

enum class ScopeKind : uint8_t { kFunction, kBlock, kCatch, kForHead, kSwitch };

struct Scope {
  ScopeKind kind = ScopeKind::kBlock;
  Scope* parent = nullptr;
  FunctionInfo* function = nullptr;
  std::vector<Binding*> bindings;  // declaration order
  absl::flat_hash_map<std::string, Binding*> names;
  // Function declarations instantiated when the scope is entered, with the binding each
  // initializes.
  std::vector<std::pair<const js::FunctionNode*, Binding*>> functions;
  // kCatch: the parameter is a plain identifier (a `var` of the same name may then appear in the
  // body).
  bool simple_catch = false;

  Binding* Find(const std::string& name) const {
    auto it = names.find(name);
    return it == names.end() ? nullptr : it->second;
  }
};

struct FunctionInfo {
  const js::Node* node = nullptr;        // Program or FunctionNode
  const js::FunctionNode* fn = nullptr;  // nullptr for the program
  FunctionInfo* parent = nullptr;
  bool is_arrow = false;
  bool is_program = false;
  bool strict = false;
  Scope* scope = nullptr;   // the function scope (params, vars, top-level lexicals)
  std::string callee_name;  // named function expressions
  // Implicit bindings, created on first use (nullptr when unused). Never set on arrows.
  Binding* this_binding = nullptr;
  Binding* arguments_binding = nullptr;
  Binding* new_target_binding = nullptr;
  Binding* callee_binding = nullptr;
  // Sloppy-mode mapped-arguments aliasing detection (ECMA-262 §10.4.4.7): a parameter is assigned,
  // the arguments object is used other than `arguments.length`, an element of it is written.
  bool param_assigned = false;
  bool arguments_escapes = false;
  bool arguments_written = false;
  // Sloppy code: names of function declarations nested in blocks (Annex B.3.3 would also make them
  // vars of this function, which is not implemented: a use outside the block is reported).
  absl::flat_hash_set<std::string> block_function_names;
  // Methods, accessors, class constructors, field initializers and static blocks: the binding that
  // holds their [[HomeObject]] (`super.x` looks up from its prototype). nullptr elsewhere.
  Binding* home = nullptr;
  // A class constructor (explicit, or the default one): its class.
  const ClassInfo* ctor_class = nullptr;
  bool derived_ctor = false;
};

// A private name declared by a class body (`#x`), ECMA-262 §6.2.12.
struct PrivateEntry {
  enum class Kind : uint8_t { kField, kMethod, kAccessor };
  std::string name;  // "#x"
  Kind kind = Kind::kField;
  bool is_static = false;
  Binding* key = nullptr;     // kField: the private name (a symbol-like value made per evaluation)
  Binding* method = nullptr;  // kMethod: the function (one per class evaluation)
  Binding* getter = nullptr;  // kAccessor halves (either may be absent)
  Binding* setter = nullptr;
  Binding* brand = nullptr;   // kMethod/kAccessor: the (static) brand instances/the class carry
};

// Scope analysis of one class (ECMA-262 §15.7.14 ClassDefinitionEvaluation); the lowering is in
// compiler/lower_class.cc.
struct ClassInfo {
  const js::ClassNode* node = nullptr;
  Scope* scope = nullptr;       // the class scope: inner name and the hidden bindings below
  Binding* name = nullptr;      // the inner (const) class binding of a named class
  Binding* proto = nullptr;     // %proto: the prototype object (home of instance members)
  Binding* ctor = nullptr;      // %ctor: the constructor F (home of static members; super())
  Binding* init = nullptr;      // %init: the instance initializer (instance fields, private methods)
  Binding* brand = nullptr;     // brand of instance private methods/accessors
  Binding* static_brand = nullptr;
  FunctionInfo* init_fn = nullptr;       // instance fields + brand, run with this = the instance
  FunctionInfo* static_fn = nullptr;     // static fields, static blocks, run with this = F
  FunctionInfo* default_ctor = nullptr;  // when there is no explicit constructor
  std::vector<Binding*> field_keys;      // per member: the computed key of a field, else nullptr
  std::vector<PrivateEntry*> privates;   // declaration order
  bool derived = false;
};

// Extra resolutions the lowering needs for one node (see ScopeTree::ExtraFor).
enum class ExtraSlot : uint8_t {
  kThis,       // super.x / super(...): the `this` binding used as receiver / bound by super()
  kNewTarget,  // super(...): new.target of the constructor
  kInit,       // super(...): the class's instance initializer
};

// The resolution of one identifier reference / binding occurrence (or `this`, `new.target`).
struct Reference {
  Binding* binding = nullptr;  // nullptr: a global (property of the global object)
  // The access may run before the binding is initialized (lexical bindings only): emit a TDZ check.
  bool tdz_check = false;
  // A declaring occurrence (let/const/param/catch/function name) rather than a use.
  bool is_declaration = false;
};

class ScopeTree {
 public:
  // The scope a node opens (Program, FunctionNode, BlockStatement, For*/Switch statements with
  // their own bindings, CatchClause with a parameter), or nullptr.
  Scope* ScopeFor(const js::Node* node) const {
    auto it = scopes_.find(node);
    return it == scopes_.end() ? nullptr : it->second;
  }
  FunctionInfo* FunctionFor(const js::Node* node) const {
    auto it = functions_.find(node);
    return it == functions_.end() ? nullptr : it->second;
  }
  // For Identifier (references and binding occurrences), ThisExpression, NewTargetExpression nodes.
  const Reference* ReferenceFor(const js::Node* node) const {
    auto it = references_.find(node);
    return it == references_.end() ? nullptr : &it->second;
  }
  // Super node → its home binding (ReferenceFor); these: the class of a ClassNode, the private
  // entry a PrivateName use resolves to, and extra references of super nodes.
  const ClassInfo* ClassFor(const js::Node* node) const {
    auto it = classes_.find(node);
    return it == classes_.end() ? nullptr : it->second;
  }
  const PrivateEntry* PrivateFor(const js::Node* node) const {
    auto it = privates_.find(node);
    return it == privates_.end() ? nullptr : it->second;
  }
  const Reference* ExtraFor(const js::Node* node, ExtraSlot slot) const {
    auto it = extra_.find({node, static_cast<int>(slot)});
    return it == extra_.end() ? nullptr : &it->second;
  }

 private:
  friend class ScopeAnalyzer;
  std::deque<Binding> binding_storage_;
  std::deque<Scope> scope_storage_;
  std::deque<FunctionInfo> function_storage_;
  std::deque<ClassInfo> class_storage_;
  std::deque<PrivateEntry> private_storage_;
  absl::flat_hash_map<const js::Node*, ClassInfo*> classes_;
  absl::flat_hash_map<const js::Node*, const PrivateEntry*> privates_;
  absl::flat_hash_map<std::pair<const js::Node*, int>, Reference> extra_;
  absl::flat_hash_map<const js::Node*, Scope*> scopes_;
  absl::flat_hash_map<const js::Node*, FunctionInfo*> functions_;
  absl::flat_hash_map<const js::Node*, Reference> references_;
};

// Analyzes a parsed program. Errors: kParseError for early errors the parser leaves to scope
// analysis (duplicate lexical declarations, let/const conflicting with var/params/functions,
// ECMA-262 §14.2.1.1, §15.2.1); kUnsupportedSyntax at the node for generators and for-await.
std::variant<std::unique_ptr<ScopeTree>, CompileError> AnalyzeScopes(const js::Program& program);

}  // namespace codemode::compiler
