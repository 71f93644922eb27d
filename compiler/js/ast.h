// AST-READY
//
// JavaScript AST produced by compiler/js/parser.h (ES2023 + erased TypeScript).
//
// CHANGES: (append here when a published declaration changes; additive changes need no note)
// - (additive) Node::parenthesized.
//
// Sloppy-mode Annex B forms the code generator should expect: a FunctionDeclaration directly as the
// consequent/alternate of an IfStatement or as the body of a LabeledStatement (treat it as if
// wrapped in a block).
//
// Shape:
// - Every node derives from `Node { kind, line, column }`; `line`/`column` are 1-based, the column
//   counted in UTF-16 code units of the original source (equal to bytes on ASCII lines), pointing
//   at the first character of the construct (for binary/assignment/call/member nodes: the start of
//   the left-most operand, except where noted).
// - Children are non-owning `Node*` (or typed pointers); all nodes are owned by an `AstArena` that
//   outlives every use of the tree. `nullptr` means "absent" wherever a field is documented as
//   optional.
// - Switch on `node->kind`, then `node->As<T>()` (checked in debug builds). The comment on each
//   field lists the node kinds it may hold.
// - TypeScript-only syntax never appears: it is erased while parsing.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace codemode::js {

enum class NodeKind : uint8_t {
  // ---- Program ----
  kProgram,
  // ---- Expressions ----
  kNumberLiteral,
  kStringLiteral,
  kBigIntLiteral,
  kBooleanLiteral,
  kNullLiteral,
  kRegExpLiteral,
  kTemplateLiteral,
  kTaggedTemplate,
  kIdentifier,   // identifier reference, binding identifier, or non-computed property name
  kPrivateName,  // `#x`: member property, class member key, or left operand of `#x in o`
  kThis,
  kSuper,      // only as CallExpression::callee (super(...)) or MemberExpression::object
  kNewTarget,  // `new.target`
  kArrayLiteral,
  kObjectLiteral,
  kProperty,            // member of ObjectLiteral / ObjectPattern
  kFunctionExpression,  // FunctionNode
  kArrowFunction,       // FunctionNode
  kClassExpression,     // ClassNode
  kUnary,
  kUpdate,
  kBinary,
  kLogical,
  kConditional,
  kAssignment,
  kSequence,
  kCall,
  kNew,
  kMember,
  kOptionalChain,  // boundary of an optional-chain short circuit
  kSpread,         // `...x` in array literals, call/new arguments, object literals
  kYield,
  kAwait,
  // ---- Patterns (binding and assignment targets) ----
  kArrayPattern,
  kObjectPattern,
  kAssignmentPattern,  // target = default
  kRestElement,        // ...target (last element of Array/ObjectPattern, or last parameter)
  // ---- Statements and declarations ----
  kVariableDeclaration,
  kVariableDeclarator,
  kFunctionDeclaration,  // FunctionNode
  kClassDeclaration,     // ClassNode
  kClassMember,
  kExpressionStatement,
  kBlockStatement,
  kEmptyStatement,
  kDebuggerStatement,
  kIfStatement,
  kForStatement,
  kForInStatement,
  kForOfStatement,
  kWhileStatement,
  kDoWhileStatement,
  kSwitchStatement,
  kSwitchCase,
  kBreakStatement,
  kContinueStatement,
  kLabeledStatement,
  kReturnStatement,
  kThrowStatement,
  kTryStatement,
  kCatchClause,
};

// Name of a NodeKind, e.g. "Binary" (for dumps and diagnostics).
const char* NodeKindName(NodeKind kind);

struct Node {
  Node(NodeKind k, uint32_t l, uint32_t c) : kind(k), line(l), column(c) {}
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  NodeKind kind;
  // Written inside parentheses `(e)` (matters for assignment targets, `(a?.b).c`, `(a ?? b) || c`,
  // and the directive prologue). Set by the parser on expressions only.
  bool parenthesized = false;
  uint32_t line;    // 1-based
  uint32_t column;  // 1-based, UTF-16 code units

  // Checked downcast: `T::Is(kind)` must hold.
  template <typename T>
  T* As() {
    assert(T::Is(kind));
    return static_cast<T*>(this);
  }
  template <typename T>
  const T* As() const {
    assert(T::Is(kind));
    return static_cast<const T*>(this);
  }
};

// Helper base for structs with exactly one NodeKind.
template <NodeKind K>
struct NodeOf : Node {
  static constexpr NodeKind kKind = K;
  static bool Is(NodeKind k) { return k == K; }
  NodeOf(uint32_t l, uint32_t c) : Node(K, l, c) {}
};

struct FunctionNode;
struct ClassNode;
struct BlockStatement;

// ============================== Program ==============================

// The whole source: the body of an async function (top-level `await` and `return` are allowed).
struct Program : NodeOf<NodeKind::kProgram> {
  using NodeOf::NodeOf;
  std::vector<Node*> body;  // statements/declarations
  bool strict = false;      // "use strict" directive prologue
  // Direct uses at top level or inside top-level arrows (transitively through arrows only).
  bool uses_this = false;
  bool uses_arguments = false;  // identifier reference named `arguments`
  bool has_await = false;       // top-level `await` or `for await` (not inside nested functions)
};

// ============================== Expressions ==============================

struct NumberLiteral : NodeOf<NodeKind::kNumberLiteral> {
  using NodeOf::NodeOf;
  double value = 0;  // correctly rounded
};

struct StringLiteral : NodeOf<NodeKind::kStringLiteral> {
  using NodeOf::NodeOf;
  std::u16string value;  // UTF-16 code units after escape processing (may hold lone surrogates)
};

struct BigIntLiteral : NodeOf<NodeKind::kBigIntLiteral> {
  using NodeOf::NodeOf;
  std::string
      digits;  // decimal digits, no sign, no leading zeros ("0" for zero); hex/oct/bin converted
};

struct BooleanLiteral : NodeOf<NodeKind::kBooleanLiteral> {
  using NodeOf::NodeOf;
  bool value = false;
};

struct NullLiteral : NodeOf<NodeKind::kNullLiteral> {
  using NodeOf::NodeOf;
};

struct RegExpLiteral : NodeOf<NodeKind::kRegExpLiteral> {
  using NodeOf::NodeOf;
  std::string pattern;  // body text between the slashes, exactly as written (UTF-8, escapes kept)
  std::string flags;    // validated: subset of "dgimsuvy", no duplicates, not both u and v
};

// One string piece of a template literal.
struct TemplateElement {
  std::optional<std::u16string>
      cooked;          // nullopt: invalid escape in a tagged template (→ undefined)
  std::u16string raw;  // raw text (CR and CRLF normalized to LF, per §13.2.8.6)
};

// `a${x}b${y}c`: quasis.size() == expressions.size() + 1.
struct TemplateLiteral : NodeOf<NodeKind::kTemplateLiteral> {
  using NodeOf::NodeOf;
  std::vector<TemplateElement> quasis;
  std::vector<Node*> expressions;
};

// tag`...`. Location: the tag's start.
struct TaggedTemplate : NodeOf<NodeKind::kTaggedTemplate> {
  using NodeOf::NodeOf;
  Node* tag = nullptr;  // any expression (MemberExpression keeps its `this`)
  TemplateLiteral* quasi = nullptr;
};

struct Identifier : NodeOf<NodeKind::kIdentifier> {
  using NodeOf::NodeOf;
  std::string name;  // UTF-8, \u escapes decoded
};

struct PrivateName : NodeOf<NodeKind::kPrivateName> {
  using NodeOf::NodeOf;
  std::string name;  // without the '#'; the parser checked it is declared in an enclosing class
};

struct ThisExpression : NodeOf<NodeKind::kThis> {
  using NodeOf::NodeOf;
};

struct SuperExpression : NodeOf<NodeKind::kSuper> {
  using NodeOf::NodeOf;
};

struct NewTargetExpression : NodeOf<NodeKind::kNewTarget> {
  using NodeOf::NodeOf;
};

struct ArrayLiteral : NodeOf<NodeKind::kArrayLiteral> {
  using NodeOf::NodeOf;
  std::vector<Node*> elements;  // expression | Spread | nullptr (hole)
};

enum class PropertyKind : uint8_t {
  kInit,    // key: value (also shorthand `{a}`, and every ObjectPattern property)
  kMethod,  // key() {} (value is a FunctionExpression with method_kind kMethod)
  kGetter,  // get key() {}
  kSetter,  // set key(v) {}
};

// A property of an ObjectLiteral or ObjectPattern.
// Keys: when !computed, `key` is Identifier (a name, keywords allowed), StringLiteral,
// NumberLiteral or BigIntLiteral: the property key is ToPropertyKey of that literal (Identifier →
// its name). When computed, `key` is any expression.
struct Property : NodeOf<NodeKind::kProperty> {
  using NodeOf::NodeOf;
  PropertyKind kind = PropertyKind::kInit;
  Node* key = nullptr;
  // ObjectLiteral: expression, or FunctionExpression for methods/accessors.
  // ObjectPattern: target (Identifier | MemberExpression (assignment only) | ArrayPattern |
  //   ObjectPattern | AssignmentPattern for a default).
  Node* value = nullptr;
  bool computed = false;
  bool shorthand = false;  // `{a}` / `{a = 1}` (value is the Identifier / AssignmentPattern)
  // `__proto__: v` (non-computed, non-shorthand, kInit, in an ObjectLiteral): sets [[Prototype]] if
  // v is an object or null, and defines no property (ECMA-262 §13.2.5.5). At most one per literal
  // (checked).
  bool is_proto_setter = false;
};

struct ObjectLiteral : NodeOf<NodeKind::kObjectLiteral> {
  using NodeOf::NodeOf;
  std::vector<Node*> properties;  // Property | Spread
};

enum class MethodKind : uint8_t {
  kNone,    // ordinary function / arrow
  kMethod,  // object-literal or class method (not constructible, has [[HomeObject]])
  kGetter,
  kSetter,
  kConstructor,  // class constructor (FunctionNode::is_derived_constructor tells `extends`)
  kStaticBlock,  // class static { ... } (no params; `this` is the class)
  kFieldInit,    // never produced today; reserved
};

// Function declarations, expressions, arrows, methods, accessors, class constructors and static
// blocks. NodeKind is kFunctionDeclaration, kFunctionExpression (also every
// method/accessor/constructor/static block) or kArrowFunction.
struct FunctionNode : Node {
  static bool Is(NodeKind k) {
    return k == NodeKind::kFunctionDeclaration || k == NodeKind::kFunctionExpression ||
           k == NodeKind::kArrowFunction;
  }
  using Node::Node;

  Identifier* id = nullptr;  // binding name (declarations, named expressions); nullptr otherwise
  // Identifier | ArrayPattern | ObjectPattern | AssignmentPattern (default) | RestElement (last
  // only).
  std::vector<Node*> params;
  std::vector<Node*> body;          // statements (empty for expression-bodied arrows)
  Node* expression_body = nullptr;  // expression-bodied arrow `x => expr`: the expression
  MethodKind method_kind = MethodKind::kNone;
  bool is_async = false;
  bool is_generator = false;
  bool is_arrow = false;
  bool strict = false;  // strict code (inherited, own "use strict", or class body)
  bool has_use_strict_directive = false;  // own directive prologue has "use strict"
  bool has_simple_parameter_list = true;  // only plain identifiers, no defaults/patterns/rest
  bool is_derived_constructor = false;    // kConstructor of a class with `extends`
  // Direct uses in this function's own code or its nested arrows (transitively through arrows only;
  // not through nested non-arrow functions). Cheap hints; scope analysis belongs to the code
  // generator.
  bool uses_this = false;
  bool uses_arguments = false;  // identifier reference named `arguments`
  bool uses_new_target = false;
  bool uses_super_property = false;
  bool uses_super_call = false;
  // TypeScript parameter properties of a class constructor (`constructor(private x: number)`): each
  // parameter is also an instance field, declared before the class's own fields and assigned from the
  // parameter when the constructor starts (after super() in a derived class), as tsc emits.
  std::vector<Identifier*> parameter_properties;
  // Byte offsets [source_start, source_end) of the function's source text (for Function.prototype.
  // toString): from `async`/`function`/the method name/first parameter to the closing
  // `}`/expression end.
  uint32_t source_start = 0;
  uint32_t source_end = 0;
};

enum class ClassMemberKind : uint8_t {
  kConstructor,  // function: method_kind kConstructor
  kMethod,       // function: method_kind kMethod
  kGetter,       // function: method_kind kGetter
  kSetter,       // function: method_kind kSetter
  kField,        // value: initializer or nullptr
  kStaticBlock,  // function: method_kind kStaticBlock (is_static is true)
};

// One member of a class body. Keys as Property::key, plus PrivateName for `#x` members.
// Field initializers and static blocks are separate "function" contexts: `arguments` in them is a
// syntax error (checked); `this` is the instance (or the class for static ones).
struct ClassMember : NodeOf<NodeKind::kClassMember> {
  using NodeOf::NodeOf;
  ClassMemberKind kind = ClassMemberKind::kMethod;
  bool is_static = false;
  bool computed = false;
  Node* key = nullptr;               // nullptr for kStaticBlock
  FunctionNode* function = nullptr;  // methods, accessors, constructor, static block
  Node* value = nullptr;             // kField initializer (optional)
  // Field initializer uses `this`/`super.x` (directly or through arrows); hints like
  // FunctionNode's.
  bool value_uses_this = false;
  bool value_uses_super_property = false;
};

// class declarations and expressions. NodeKind is kClassDeclaration or kClassExpression. Class code
// is always strict.
struct ClassNode : Node {
  static bool Is(NodeKind k) {
    return k == NodeKind::kClassDeclaration || k == NodeKind::kClassExpression;
  }
  using Node::Node;
  Identifier* id = nullptr;            // required for declarations, optional for expressions
  Node* super_class = nullptr;         // `extends` expression (LeftHandSideExpression), or nullptr
  std::vector<ClassMember*> members;   // in source order (constructor included when present)
  ClassMember* constructor = nullptr;  // the explicit constructor member, or nullptr
};

enum class UnaryOp : uint8_t { kMinus, kPlus, kNot, kBitNot, kTypeof, kVoid, kDelete };

struct UnaryExpression : NodeOf<NodeKind::kUnary> {
  using NodeOf::NodeOf;
  UnaryOp op = UnaryOp::kMinus;
  Node* argument = nullptr;  // delete of an unqualified identifier in strict mode is rejected
};

// ++x / x++ / --x / x--. Argument is Identifier or MemberExpression (validated).
struct UpdateExpression : NodeOf<NodeKind::kUpdate> {
  using NodeOf::NodeOf;
  bool is_increment = true;
  bool prefix = true;
  Node* argument = nullptr;
};

enum class BinaryOp : uint8_t {
  kAdd,
  kSub,
  kMul,
  kDiv,
  kMod,
  kExp,
  kShl,
  kSar,
  kShr,  // << >> >>>
  kBitAnd,
  kBitOr,
  kBitXor,
  kEq,
  kNe,
  kStrictEq,
  kStrictNe,
  kLt,
  kGt,
  kLe,
  kGe,
  kIn,
  kInstanceof,
};

// Location: the operator's left operand start. For `#x in o`, left is a PrivateName.
struct BinaryExpression : NodeOf<NodeKind::kBinary> {
  using NodeOf::NodeOf;
  BinaryOp op = BinaryOp::kAdd;
  Node* left = nullptr;
  Node* right = nullptr;
  uint32_t op_line = 0, op_column = 0;  // position of the operator token
};

enum class LogicalOp : uint8_t { kAnd, kOr, kNullish };

struct LogicalExpression : NodeOf<NodeKind::kLogical> {
  using NodeOf::NodeOf;
  LogicalOp op = LogicalOp::kAnd;
  Node* left = nullptr;
  Node* right = nullptr;
};

struct ConditionalExpression : NodeOf<NodeKind::kConditional> {
  using NodeOf::NodeOf;
  Node* test = nullptr;
  Node* consequent = nullptr;
  Node* alternate = nullptr;
};

enum class AssignOp : uint8_t {
  kAssign,  // =
  // compound: target op= value ≡ target = target op value (target evaluated once)
  kAdd,
  kSub,
  kMul,
  kDiv,
  kMod,
  kExp,
  kShl,
  kSar,
  kShr,
  kBitAnd,
  kBitOr,
  kBitXor,
  // logical (short-circuit: assign only when needed)
  kAnd,
  kOr,
  kNullish,
};

// For compound ops kAdd..kBitXor: the corresponding BinaryOp.
BinaryOp CompoundAssignBinaryOp(AssignOp op);
// For kAnd/kOr/kNullish: the corresponding LogicalOp.
LogicalOp LogicalAssignOp(AssignOp op);

// target op= value. For kAssign the target is Identifier | MemberExpression | ArrayPattern |
// ObjectPattern (converted from a literal, validated). For the other ops it is Identifier or
// MemberExpression. Location: the target's start.
struct AssignmentExpression : NodeOf<NodeKind::kAssignment> {
  using NodeOf::NodeOf;
  AssignOp op = AssignOp::kAssign;
  Node* target = nullptr;
  Node* value = nullptr;
};

struct SequenceExpression : NodeOf<NodeKind::kSequence> {
  using NodeOf::NodeOf;
  std::vector<Node*> expressions;  // at least 2
};

// callee(args). `optional` is true for `callee?.(args)`: if callee is null/undefined, the innermost
// enclosing OptionalChain evaluates to undefined. callee may be Super (super(...) call).
// Location: the callee's start.
struct CallExpression : NodeOf<NodeKind::kCall> {
  using NodeOf::NodeOf;
  Node* callee = nullptr;
  std::vector<Node*> arguments;  // expression | Spread
  bool optional = false;
  uint32_t paren_line = 0,
           paren_column = 0;  // position of '(' (where V8 reports "x is not a function")
};

// new callee(args) / new callee (no argument list: arguments empty). Location: the `new` keyword.
struct NewExpression : NodeOf<NodeKind::kNew> {
  using NodeOf::NodeOf;
  Node* callee = nullptr;
  std::vector<Node*> arguments;  // expression | Spread
};

// object.property / object[property] / object?.property / object?.[property] / object.#priv.
// When !computed, property is Identifier (name, keywords allowed) or PrivateName.
// object may be Super (super.x / super[x]). Location: the object's start.
struct MemberExpression : NodeOf<NodeKind::kMember> {
  using NodeOf::NodeOf;
  Node* object = nullptr;
  Node* property = nullptr;
  bool computed = false;
  bool optional = false;  // `?.` link: short-circuits the innermost enclosing OptionalChain
  uint32_t property_line = 0, property_column = 0;  // position of the '.'/'?.'/'[' token
};

// The extent of one optional chain: `a?.b.c()` is OptionalChain(Call(Member(Member(a, b, optional),
// c))). Evaluating `expression` may short-circuit at any link marked optional; the whole chain is
// then undefined. `(a?.b).c` is Member(OptionalChain(Member(a, b, optional)), c): the parenthesis
// ends it. Never an assignment target.
struct OptionalChain : NodeOf<NodeKind::kOptionalChain> {
  using NodeOf::NodeOf;
  Node* expression = nullptr;  // CallExpression | MemberExpression
};

struct SpreadElement : NodeOf<NodeKind::kSpread> {
  using NodeOf::NodeOf;
  Node* argument = nullptr;
};

struct YieldExpression : NodeOf<NodeKind::kYield> {
  using NodeOf::NodeOf;
  Node* argument = nullptr;  // optional
  bool delegate = false;     // yield*
};

struct AwaitExpression : NodeOf<NodeKind::kAwait> {
  using NodeOf::NodeOf;
  Node* argument = nullptr;
};

// ============================== Patterns ==============================
// Binding patterns (declarations, parameters, catch) hold Identifier leaves; assignment patterns
// (from `[a, b] = ...`, for-in/of heads without declaration) may also hold MemberExpression leaves.

struct ArrayPattern : NodeOf<NodeKind::kArrayPattern> {
  using NodeOf::NodeOf;
  std::vector<Node*>
      elements;  // target | AssignmentPattern | RestElement (last) | nullptr (elision)
};

struct ObjectPattern : NodeOf<NodeKind::kObjectPattern> {
  using NodeOf::NodeOf;
  std::vector<Node*>
      properties;  // Property (kind kInit) | RestElement (last; argument is a simple target)
};

// target = default_value (element/property/parameter default).
struct AssignmentPattern : NodeOf<NodeKind::kAssignmentPattern> {
  using NodeOf::NodeOf;
  Node* target = nullptr;  // Identifier | MemberExpression | ArrayPattern | ObjectPattern
  Node* default_value = nullptr;
};

struct RestElement : NodeOf<NodeKind::kRestElement> {
  using NodeOf::NodeOf;
  Node* argument = nullptr;  // Identifier | MemberExpression | ArrayPattern | ObjectPattern
};

// ============================== Statements ==============================

enum class DeclarationKind : uint8_t { kVar, kLet, kConst };

struct VariableDeclarator : NodeOf<NodeKind::kVariableDeclarator> {
  using NodeOf::NodeOf;
  Node* target = nullptr;  // Identifier | ArrayPattern | ObjectPattern
  Node* init = nullptr;    // optional (required for const and patterns, except in for-in/of heads)
};

struct VariableDeclaration : NodeOf<NodeKind::kVariableDeclaration> {
  using NodeOf::NodeOf;
  DeclarationKind kind = DeclarationKind::kVar;
  std::vector<VariableDeclarator*> declarations;  // at least 1 (exactly 1 in for-in/of heads)
};

struct ExpressionStatement : NodeOf<NodeKind::kExpressionStatement> {
  using NodeOf::NodeOf;
  Node* expression = nullptr;
  bool is_directive = false;  // part of a directive prologue ("use strict" etc.)
};

struct BlockStatement : NodeOf<NodeKind::kBlockStatement> {
  using NodeOf::NodeOf;
  std::vector<Node*> body;
};

struct EmptyStatement : NodeOf<NodeKind::kEmptyStatement> {
  using NodeOf::NodeOf;
};

struct DebuggerStatement : NodeOf<NodeKind::kDebuggerStatement> {
  using NodeOf::NodeOf;
};

struct IfStatement : NodeOf<NodeKind::kIfStatement> {
  using NodeOf::NodeOf;
  Node* test = nullptr;
  Node* consequent = nullptr;
  Node* alternate = nullptr;  // optional
};

// for (init; test; update) body
struct ForStatement : NodeOf<NodeKind::kForStatement> {
  using NodeOf::NodeOf;
  Node* init = nullptr;    // optional: VariableDeclaration | expression
  Node* test = nullptr;    // optional
  Node* update = nullptr;  // optional
  Node* body = nullptr;
};

// for (left in right) body
struct ForInStatement : NodeOf<NodeKind::kForInStatement> {
  using NodeOf::NodeOf;
  // VariableDeclaration (one declarator, no init) | Identifier | MemberExpression | ArrayPattern |
  // ObjectPattern
  Node* left = nullptr;
  Node* right = nullptr;
  Node* body = nullptr;
};

// for (left of right) body / for await (left of right) body
struct ForOfStatement : NodeOf<NodeKind::kForOfStatement> {
  using NodeOf::NodeOf;
  Node* left = nullptr;  // as ForInStatement::left
  Node* right = nullptr;
  Node* body = nullptr;
  bool is_await = false;
};

struct WhileStatement : NodeOf<NodeKind::kWhileStatement> {
  using NodeOf::NodeOf;
  Node* test = nullptr;
  Node* body = nullptr;
};

struct DoWhileStatement : NodeOf<NodeKind::kDoWhileStatement> {
  using NodeOf::NodeOf;
  Node* body = nullptr;
  Node* test = nullptr;
};

struct SwitchCase : NodeOf<NodeKind::kSwitchCase> {
  using NodeOf::NodeOf;
  Node* test = nullptr;  // nullptr for `default:` (at most one per switch, checked)
  std::vector<Node*> body;
};

struct SwitchStatement : NodeOf<NodeKind::kSwitchStatement> {
  using NodeOf::NodeOf;
  Node* discriminant = nullptr;
  std::vector<SwitchCase*> cases;
};

// break / break label. Labels were validated against enclosing statements.
struct BreakStatement : NodeOf<NodeKind::kBreakStatement> {
  using NodeOf::NodeOf;
  std::string label;  // empty: unlabeled
};

struct ContinueStatement : NodeOf<NodeKind::kContinueStatement> {
  using NodeOf::NodeOf;
  std::string label;  // empty: unlabeled (labels always name an enclosing loop, checked)
};

struct LabeledStatement : NodeOf<NodeKind::kLabeledStatement> {
  using NodeOf::NodeOf;
  std::string label;
  Node* body = nullptr;
};

struct ReturnStatement : NodeOf<NodeKind::kReturnStatement> {
  using NodeOf::NodeOf;
  Node* argument = nullptr;  // optional
};

struct ThrowStatement : NodeOf<NodeKind::kThrowStatement> {
  using NodeOf::NodeOf;
  Node* argument = nullptr;
};

struct CatchClause : NodeOf<NodeKind::kCatchClause> {
  using NodeOf::NodeOf;
  Node* param = nullptr;  // optional: Identifier | ArrayPattern | ObjectPattern
  BlockStatement* body = nullptr;
};

struct TryStatement : NodeOf<NodeKind::kTryStatement> {
  using NodeOf::NodeOf;
  BlockStatement* block = nullptr;
  CatchClause* handler = nullptr;       // optional
  BlockStatement* finalizer = nullptr;  // optional (at least one of handler/finalizer is present)
};

// ============================== Arena ==============================

// Owns every node of one parse. Bump-allocates in blocks; runs each node's destructor on
// destruction.
class AstArena {
 public:
  AstArena() = default;
  AstArena(const AstArena&) = delete;
  AstArena& operator=(const AstArena&) = delete;
  ~AstArena();

  // Creates a T (a Node subclass) at 1-based (line, column). For FunctionNode/ClassNode pass the
  // kind first: New<FunctionNode>(NodeKind::kArrowFunction, line, column).
  template <typename T, typename... Args>
  T* New(Args&&... args) {
    void* mem = Allocate(sizeof(T), alignof(T));
    T* node = ::new (mem) T(std::forward<Args>(args)...);
    if constexpr (!std::is_trivially_destructible_v<T>) {
      destructors_.push_back({node, [](void* p) { static_cast<T*>(p)->~T(); }});
    }
    return node;
  }

  size_t bytes_allocated() const { return total_bytes_; }

 private:
  void* Allocate(size_t size, size_t align);

  struct Dtor {
    void* object;
    void (*destroy)(void*);
  };
  std::vector<std::unique_ptr<std::byte[]>> blocks_;
  std::byte* cursor_ = nullptr;
  std::byte* limit_ = nullptr;
  size_t total_bytes_ = 0;
  std::vector<Dtor> destructors_;
};

// S-expression dump of a subtree, for tests and debugging, e.g.
// `(Program (ExpressionStatement (Binary + (Identifier a) (Number 1))))`. Locations are omitted
// unless with_locations (then each node prints as `(Kind@line:col ...)`). Strings print as
// JSON-like quoted UTF-8 (lone surrogates as \uXXXX).
std::string DumpAst(const Node* node, bool with_locations = false);

}  // namespace codemode::js
