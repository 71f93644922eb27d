// Lua 5.4 AST produced by compiler/lua/parser.h, with names already resolved.
//
// Shape:
// - Every node derives from `Node { kind, line, column }`; `line`/`column` are 1-based, the column
//   counted in bytes of the source line (Lua source is bytes; no UTF-8 decoding). Positions follow
//   lua5.4's line attribution where it matters for runtime errors: binary and unary nodes sit at
//   their operator; Call and MethodCall at the start of the whole suffixed expression (`a.b:c()` at
//   `a`, as luac does); Index at its `.` / `[`; statements at their first token.
// - Children are non-owning pointers; `AstArena` owns every Node and LocalVar of one parse and
//   outlives every use of the tree. `nullptr` means "absent" only where a field says optional.
// - Switch on `node->kind`, then `node->As<T>()` (checked in debug builds).
// - Strings (names, literals) are byte strings: they may contain NUL and invalid UTF-8.
// - Multi-value expressions (their value count is decided by the context) are exactly kCall,
//   kMethodCall and kVararg; wrapping one in kParen truncates it to one value (§3.4.12).
//
// Resolution (done while parsing, lua5.4's single-pass rules, §3.5): every kName says whether it
// is a local of the current function, an upvalue (a local of an enclosing function, reached
// through the current function's `upvalues` list) or a global (`_ENV.name`, where `_ENV` is itself
// resolved like a name: usually upvalue 0 of the main chunk, or a user-declared local `_ENV`).
// Every LocalVar knows whether an inner function captures it.
#pragma once

#include <cassert>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace codemode::lua {

enum class NodeKind : uint8_t {
  // ---- Expressions ----
  kNil,
  kTrue,
  kFalse,
  kInteger,     // IntegerExpr
  kFloat,       // FloatExpr
  kString,      // StringExpr
  kVararg,      // `...` (only inside vararg functions; checked)
  kFunction,    // Function: `function (...) ... end`, also the body of function statements
  kTable,       // TableExpr: `{ ... }`
  kBinary,      // BinaryExpr: arithmetic, bitwise, concatenation, comparison
  kLogical,     // LogicalExpr: `and` / `or` (short-circuit)
  kUnary,       // UnaryExpr
  kName,        // NameExpr: a variable reference (local, upvalue or global)
  kIndex,       // IndexExpr: `a[k]`, `a.k`
  kCall,        // CallExpr: `f(...)`, `f"s"`, `f{...}`
  kMethodCall,  // MethodCallExpr: `o:m(...)`
  kParen,       // ParenExpr: `(e)` (one value)
  // ---- Statements ----
  kBlock,          // Block
  kLocal,          // LocalStat: `local a <const>, b = ...`
  kAssign,         // AssignStat: `a, b.c, d[e] = ...`
  kCallStat,       // CallStat: a call used as a statement
  kDo,             // DoStat
  kWhile,          // WhileStat
  kRepeat,         // RepeatStat
  kIf,             // IfStat
  kNumericFor,     // NumericForStat
  kGenericFor,     // GenericForStat
  kFunctionStat,   // FunctionStat: `function a.b.c:m() end`
  kLocalFunction,  // LocalFunctionStat: `local function f() end`
  kReturn,         // ReturnStat
  kBreak,          // BreakStat
  kGoto,           // GotoStat
  kLabel,          // LabelStat: `::name::`
};

// Name of a NodeKind, e.g. "Binary".
const char* NodeKindName(NodeKind kind);

// §3.4.1 arithmetic, §3.4.2 bitwise, §3.4.4 relational, §3.4.6 concatenation.
enum class BinaryOp : uint8_t {
  kAdd,     // +
  kSub,     // -
  kMul,     // *
  kDiv,     // /  (always float)
  kIDiv,    // // (floor division)
  kMod,     // %
  kPow,     // ^  (always float)
  kConcat,  // ..
  kEq,      // ==
  kNe,      // ~=
  kLt,      // <
  kLe,      // <=
  kGt,      // >  (lua5.4 evaluates `a > b` as `b < a`: __lt with swapped operands)
  kGe,      // >= (as `b <= a`)
  kBAnd,    // &
  kBOr,     // |
  kBXor,    // ~ (binary)
  kShl,     // <<
  kShr,     // >>
};
enum class LogicalOp : uint8_t { kAnd, kOr };
enum class UnaryOp : uint8_t {
  kNeg,   // -
  kNot,   // not
  kLen,   // #
  kBNot,  // ~ (unary)
};

// Source spelling of an operator: "+", "..", "~=", "and", "not", "#", ...
const char* BinaryOpName(BinaryOp op);
const char* LogicalOpName(LogicalOp op);
const char* UnaryOpName(UnaryOp op);

// §3.3.7 attribs.
enum class LocalAttrib : uint8_t { kNone, kConst, kClose };

struct Function;

// One declared local variable (parameter, `local`, `local function`, for-loop variable).
struct LocalVar {
  std::string name;
  LocalAttrib attrib = LocalAttrib::kNone;
  uint32_t line = 0;  // declaration
  uint32_t column = 0;
  Function* function = nullptr;  // the function whose frame holds it
  // 0-based declaration order among the locals of `function` (parameters first).
  uint32_t index = 0;
  // Referenced from an inner function (it must live in a shared cell once the inner closure
  // exists; two closures capturing it share one variable).
  bool captured = false;
  // Target of an assignment (or function statement) after its declaration. Never true for
  // kConst/kClose locals (that is an error).
  bool assigned = false;
};

// Where a variable reference lands.
enum class VarScope : uint8_t {
  kLocal,    // `local` is a local of the function containing the reference
  kUpvalue,  // `upvalue` indexes the containing Function's `upvalues`
  kGlobal,   // `_ENV.name`; NameExpr::env says how `_ENV` is reached
};

struct VarRef {
  VarScope scope = VarScope::kGlobal;
  // kLocal: the variable. kUpvalue: the captured variable in some enclosing function (nullptr
  // when the upvalue chain ends at the main chunk's loader-supplied `_ENV`).
  LocalVar* local = nullptr;
  uint32_t upvalue = 0;  // kUpvalue only
};

// One upvalue of a function, in the order lua5.4 creates them (first reference).
struct Upvalue {
  std::string name;
  // true: captures `parent_local`, a local of the immediately enclosing function.
  // false: re-captures upvalue `parent_upvalue` of the enclosing function; for the main chunk
  // the single upvalue 0 is `_ENV`, supplied by the loader (the globals table).
  bool in_parent_local = false;
  LocalVar* parent_local = nullptr;
  uint32_t parent_upvalue = 0;
  LocalVar* var = nullptr;  // the captured variable itself (nullptr for the main chunk's _ENV)
};

struct Node {
  Node(NodeKind k, uint32_t l, uint32_t c) : kind(k), line(l), column(c) {}
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;
  virtual ~Node() = default;

  NodeKind kind;
  uint32_t line;    // 1-based
  uint32_t column;  // 1-based, bytes

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

// ============================== Expressions ==============================

struct NilExpr : NodeOf<NodeKind::kNil> {
  using NodeOf::NodeOf;
};
struct TrueExpr : NodeOf<NodeKind::kTrue> {
  using NodeOf::NodeOf;
};
struct FalseExpr : NodeOf<NodeKind::kFalse> {
  using NodeOf::NodeOf;
};

// §3.1: a numeral without '.', exponent or overflow; hex numerals wrap around modulo 2^64
// (0xffffffffffffffff == -1).
struct IntegerExpr : NodeOf<NodeKind::kInteger> {
  using NodeOf::NodeOf;
  int64_t value = 0;
};

// §3.1: any other numeral (decimal integers that overflow int64 are floats), correctly rounded.
struct FloatExpr : NodeOf<NodeKind::kFloat> {
  using NodeOf::NodeOf;
  double value = 0;
};

// Escapes decoded (§3.1); long brackets without their first newline.
struct StringExpr : NodeOf<NodeKind::kString> {
  using NodeOf::NodeOf;
  std::string value;
};

struct VarargExpr : NodeOf<NodeKind::kVararg> {
  using NodeOf::NodeOf;
};

struct Block;

// A function body (§3.4.11), for function expressions and the three function statement forms;
// the main chunk is a Function too (vararg, no parameters, `parent` nullptr, at 1:1).
// `params` are not listed in `body->locals`.
struct Function : NodeOf<NodeKind::kFunction> {
  using NodeOf::NodeOf;
  // Parameters in order. For methods (`function a:m()`), params[0] is the implicit `self`.
  std::vector<LocalVar*> params;
  bool is_vararg = false;
  bool is_method = false;
  Block* body = nullptr;
  std::vector<Upvalue> upvalues;
  // Every local declared in this function (params first), in declaration order
  // (LocalVar::index is the position here).
  std::vector<LocalVar*> locals;
  Function* parent = nullptr;  // enclosing function; nullptr for the main chunk
  uint32_t end_line = 0;       // line of the closing `end` (last line for the main chunk)
};

enum class FieldKind : uint8_t {
  kPositional,  // `exp`
  kNamed,       // `name = exp` (key is a kString)
  kKeyed,       // `[exp] = exp`
};

struct TableField {
  FieldKind kind = FieldKind::kPositional;
  Node* key = nullptr;  // nullptr for kPositional
  Node* value = nullptr;
  uint32_t line = 0;
  uint32_t column = 0;
};

// §3.4.9. A multi-value last positional field expands to all its values.
struct TableExpr : NodeOf<NodeKind::kTable> {
  using NodeOf::NodeOf;
  std::vector<TableField> fields;
};

struct BinaryExpr : NodeOf<NodeKind::kBinary> {
  using NodeOf::NodeOf;
  BinaryOp op = BinaryOp::kAdd;
  Node* left = nullptr;
  Node* right = nullptr;
};

struct LogicalExpr : NodeOf<NodeKind::kLogical> {
  using NodeOf::NodeOf;
  LogicalOp op = LogicalOp::kAnd;
  Node* left = nullptr;
  Node* right = nullptr;
};

struct UnaryExpr : NodeOf<NodeKind::kUnary> {
  using NodeOf::NodeOf;
  UnaryOp op = UnaryOp::kNeg;
  Node* operand = nullptr;
};

struct NameExpr : NodeOf<NodeKind::kName> {
  using NodeOf::NodeOf;
  std::string name;
  VarRef ref;
  VarRef env;  // ref.scope == kGlobal only: where `_ENV` is (kLocal or kUpvalue)
};

// `object[key]`; `object.name` has a kString key and `dotted` set (same semantics).
struct IndexExpr : NodeOf<NodeKind::kIndex> {
  using NodeOf::NodeOf;
  Node* object = nullptr;
  Node* key = nullptr;
  bool dotted = false;
};

// `callee(args)`; the sugar `f"s"`, `f[[s]]` and `f{...}` gives one argument.
struct CallExpr : NodeOf<NodeKind::kCall> {
  using NodeOf::NodeOf;
  Node* callee = nullptr;
  std::vector<Node*> args;
};

// `object:method(args)`: `object` is evaluated once and passed as the first argument.
struct MethodCallExpr : NodeOf<NodeKind::kMethodCall> {
  using NodeOf::NodeOf;
  Node* object = nullptr;
  std::string method;
  std::vector<Node*> args;
};

struct ParenExpr : NodeOf<NodeKind::kParen> {
  using NodeOf::NodeOf;
  Node* inner = nullptr;
};

// ============================== Statements ==============================

// A block (§3.3.1): a scope for locals and labels.
struct Block : NodeOf<NodeKind::kBlock> {
  using NodeOf::NodeOf;
  std::vector<Node*> stats;
  // Locals declared directly in this block, in declaration order (they go out of scope, and
  // `<close>` ones are closed in reverse order, when the block exits).
  std::vector<LocalVar*> locals;
};

// `local vars = exprs` (exprs may be empty). The vars come into scope after the statement.
// At most one var has kClose (checked).
struct LocalStat : NodeOf<NodeKind::kLocal> {
  using NodeOf::NodeOf;
  std::vector<LocalVar*> vars;
  std::vector<Node*> exprs;
};

// §3.3.3 multiple assignment. targets are kName (never a const/close local: checked) or kIndex.
struct AssignStat : NodeOf<NodeKind::kAssign> {
  using NodeOf::NodeOf;
  std::vector<Node*> targets;
  std::vector<Node*> exprs;  // non-empty
};

struct CallStat : NodeOf<NodeKind::kCallStat> {
  using NodeOf::NodeOf;
  Node* call = nullptr;  // kCall | kMethodCall
};

struct DoStat : NodeOf<NodeKind::kDo> {
  using NodeOf::NodeOf;
  Block* body = nullptr;
};

struct WhileStat : NodeOf<NodeKind::kWhile> {
  using NodeOf::NodeOf;
  Node* cond = nullptr;
  Block* body = nullptr;
};

// `repeat body until cond`: cond is inside body's scope (it may read body's locals, §3.3.4).
struct RepeatStat : NodeOf<NodeKind::kRepeat> {
  using NodeOf::NodeOf;
  Block* body = nullptr;
  Node* cond = nullptr;
};

struct IfClause {
  Node* cond = nullptr;
  Block* body = nullptr;
};

// `if c1 then b1 elseif c2 then b2 ... else eb end`.
struct IfStat : NodeOf<NodeKind::kIf> {
  using NodeOf::NodeOf;
  std::vector<IfClause> clauses;  // at least one
  Block* else_body = nullptr;     // optional
};

// §3.3.5 `for var = start, limit [, step] do body end`. `var` is declared by the loop (not listed
// in body->locals) and is a fresh variable in each iteration (closures capture per iteration).
struct NumericForStat : NodeOf<NodeKind::kNumericFor> {
  using NodeOf::NodeOf;
  LocalVar* var = nullptr;
  Node* start = nullptr;
  Node* limit = nullptr;
  Node* step = nullptr;  // optional (1)
  Block* body = nullptr;
};

// §3.3.5 `for v1, v2 in exprs do body end` (vars declared by the loop, not in body->locals;
// the four hidden control values are the lowering's business).
struct GenericForStat : NodeOf<NodeKind::kGenericFor> {
  using NodeOf::NodeOf;
  std::vector<LocalVar*> vars;
  std::vector<Node*> exprs;
  Block* body = nullptr;
};

// `function a.b.c:m() body end`: target is the kName `a` or the kIndex chain `a.b.c.m` (the
// method name becomes the last index); function->is_method says whether `self` was added.
struct FunctionStat : NodeOf<NodeKind::kFunctionStat> {
  using NodeOf::NodeOf;
  Node* target = nullptr;
  Function* function = nullptr;
};

// `local function f() end`: `var` is in scope inside the body (recursion).
struct LocalFunctionStat : NodeOf<NodeKind::kLocalFunction> {
  using NodeOf::NodeOf;
  LocalVar* var = nullptr;
  Function* function = nullptr;
};

// Always the last statement of its block. `return f(x)` (one kCall / kMethodCall, not
// parenthesized) is a tail call (§3.4.10).
struct ReturnStat : NodeOf<NodeKind::kReturn> {
  using NodeOf::NodeOf;
  std::vector<Node*> exprs;
};

// Exits the innermost enclosing loop (checked to exist in the same function).
struct BreakStat : NodeOf<NodeKind::kBreak> {
  using NodeOf::NodeOf;
};

struct LabelStat;

// `goto name`: target is the visible label it jumps to (checked: it exists, in this block or
// an enclosing one of the same function, and the jump enters no local's scope, §3.3.4).
struct GotoStat : NodeOf<NodeKind::kGoto> {
  using NodeOf::NodeOf;
  std::string label;
  LabelStat* target = nullptr;
};

struct LabelStat : NodeOf<NodeKind::kLabel> {
  using NodeOf::NodeOf;
  std::string name;
};

// ============================== Arena ==============================

// Owns every Node and LocalVar of one parse (flat lists: destroying a deep tree does not
// recurse).
class AstArena {
 public:
  AstArena() = default;
  AstArena(const AstArena&) = delete;
  AstArena& operator=(const AstArena&) = delete;

  // Creates a T (a Node subclass) at 1-based (line, column).
  template <typename T>
  T* New(uint32_t line, uint32_t column) {
    auto node = std::make_unique<T>(line, column);
    T* raw = node.get();
    nodes_.push_back(std::move(node));
    return raw;
  }

  LocalVar* NewLocal() {
    locals_.push_back(std::make_unique<LocalVar>());
    return locals_.back().get();
  }

  size_t node_count() const { return nodes_.size(); }

 private:
  std::vector<std::unique_ptr<Node>> nodes_;
  std::vector<std::unique_ptr<LocalVar>> locals_;
};

// Appends the direct children of `node` to `out` in source order (for iterative walkers): every
// Node reachable from `node` in one step, including Function bodies, If clauses and table keys.
void AppendChildren(const Node* node, std::vector<const Node*>* out);

struct DumpOptions {
  // Print each node as `(Kind@line:col ...)` / `name@line:col`.
  bool locations = false;
  // Annotate names: `x:L` (local), `x:U3` (upvalue 3), `x:G` (global); locals declared with
  // `!` when captured.
  bool resolution = false;
};

// Compact S-expression dump of a subtree for tests and debugging, e.g. `x = -a^2 .. b` dumps as
// `(Block (Assign (x) ((.. (- (^ a 2)) b))))`. Literals print as Lua would write them
// (integers `7`, floats `7.0` / `0.5` / `1e+308` / `inf`, strings double-quoted with \ddd
// escapes for bytes outside printable ASCII).
std::string DumpLuaAst(const Node* node, const DumpOptions& options = {});

}  // namespace codemode::lua
