#include "compiler/lua/parser.h"

#include <pthread.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "compiler/lua/lexer.h"

namespace codemode::lua {
namespace {

// lua5.4's per-function limits (lparser.c MAXVARS, lfunc.h MAXUPVAL).
constexpr size_t kMaxLocals = 200;
constexpr size_t kMaxUpvalues = 255;
// lua5.4 keeps active labels and pending gotos in arrays of at most SHRT_MAX entries.
constexpr size_t kMaxLabelsOrGotos = 32767;

// Lowest stack address the parser may use on this thread: it stops ("too many syntax levels")
// before less than a quarter of the stack (at least 64 KiB, at most half) remains, so a caller
// on a small thread stack still gets a ParseError instead of a crash.
uintptr_t ComputeStackLimit() {
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return 0;
  void* addr = nullptr;
  size_t size = 0;
  const int rc = pthread_attr_getstack(&attr, &addr, &size);
  pthread_attr_destroy(&attr);
  if (rc != 0 || addr == nullptr) return 0;
  const size_t reserve = std::min(std::max(size / 4, size_t{64} << 10), size / 2);
  return reinterpret_cast<uintptr_t>(addr) + reserve;
}

// pthread_getattr_np reads /proc/self/maps for the main thread: once per thread.
uintptr_t StackLimit() {
  thread_local const uintptr_t limit = ComputeStackLimit();
  return limit;
}

// §3.4.8 precedence: (left, right) binding powers as in lua5.4's lparser.c `priority`.
struct BinOpInfo {
  bool logical = false;
  BinaryOp op = BinaryOp::kAdd;
  LogicalOp lop = LogicalOp::kAnd;
  int left = 0;
  int right = 0;
};
constexpr int kUnaryPriority = 12;

bool GetBinaryOp(Tok t, BinOpInfo* info) {
  const auto set = [&](BinaryOp op, int left, int right) {
    info->logical = false;
    info->op = op;
    info->left = left;
    info->right = right;
    return true;
  };
  switch (t) {
    case Tok::kPlus:
      return set(BinaryOp::kAdd, 10, 10);
    case Tok::kMinus:
      return set(BinaryOp::kSub, 10, 10);
    case Tok::kStar:
      return set(BinaryOp::kMul, 11, 11);
    case Tok::kPercent:
      return set(BinaryOp::kMod, 11, 11);
    case Tok::kCaret:
      return set(BinaryOp::kPow, 14, 13);  // right associative
    case Tok::kSlash:
      return set(BinaryOp::kDiv, 11, 11);
    case Tok::kIDiv:
      return set(BinaryOp::kIDiv, 11, 11);
    case Tok::kAmp:
      return set(BinaryOp::kBAnd, 6, 6);
    case Tok::kPipe:
      return set(BinaryOp::kBOr, 4, 4);
    case Tok::kTilde:
      return set(BinaryOp::kBXor, 5, 5);
    case Tok::kShl:
      return set(BinaryOp::kShl, 7, 7);
    case Tok::kShr:
      return set(BinaryOp::kShr, 7, 7);
    case Tok::kConcat:
      return set(BinaryOp::kConcat, 9, 8);  // right associative
    case Tok::kEq:
      return set(BinaryOp::kEq, 3, 3);
    case Tok::kNe:
      return set(BinaryOp::kNe, 3, 3);
    case Tok::kLt:
      return set(BinaryOp::kLt, 3, 3);
    case Tok::kLe:
      return set(BinaryOp::kLe, 3, 3);
    case Tok::kGt:
      return set(BinaryOp::kGt, 3, 3);
    case Tok::kGe:
      return set(BinaryOp::kGe, 3, 3);
    case Tok::kAnd:
    case Tok::kOr:
      info->logical = true;
      info->lop = t == Tok::kAnd ? LogicalOp::kAnd : LogicalOp::kOr;
      info->left = info->right = t == Tok::kAnd ? 2 : 1;
      return true;
    default:
      return false;
  }
}

bool GetUnaryOp(Tok t, UnaryOp* op) {
  switch (t) {
    case Tok::kNot:
      *op = UnaryOp::kNot;
      return true;
    case Tok::kMinus:
      *op = UnaryOp::kNeg;
      return true;
    case Tok::kTilde:
      *op = UnaryOp::kBNot;
      return true;
    case Tok::kHash:
      *op = UnaryOp::kLen;
      return true;
    default:
      return false;
  }
}

class Parser {
 public:
  Parser(std::string_view source, const ParseOptions& options)
      : lexer_(source, options.skip_shebang),
        max_depth_(options.max_depth),
        max_ast_height_(options.max_ast_height),
        arena_(std::make_unique<AstArena>()),
        stack_limit_(StackLimit()) {}

  ParseResult Run() {
    ParseResult result;
    Function* chunk = MainFunction();
    if (!error_) CheckHeight(chunk);
    if (error_) {
      result.error = std::move(error_);
    } else {
      result.chunk = chunk;
    }
    result.arena = std::move(arena_);
    return result;
  }

 private:
  // Iterative depth-first walk: reports the first node deeper than max_ast_height_.
  void CheckHeight(const Node* root) {
    std::vector<std::pair<const Node*, uint32_t>> stack = {{root, 1}};
    std::vector<const Node*> children;
    while (!stack.empty()) {
      const auto [node, depth] = stack.back();
      stack.pop_back();
      if (depth > max_ast_height_) {
        Error("chunk has too many syntax levels", node->line, node->column);
        return;
      }
      children.clear();
      AppendChildren(node, &children);
      for (size_t i = children.size(); i-- > 0;) stack.emplace_back(children[i], depth + 1);
    }
  }

  // ---- Scopes (lua5.4's FuncState / BlockCnt / Dyndata, reduced to what resolution and the
  // compile-time checks need). ----
  // Pending gotos [start, end) that left a child block entered with `nactvar` active locals.
  struct ClosedRange {
    size_t start = 0;
    size_t end = 0;
    size_t nactvar = 0;
  };
  struct BlockScope {
    BlockScope* prev = nullptr;
    size_t nactvar = 0;      // active locals of the function at entry
    size_t first_label = 0;  // index into labels_
    size_t first_goto = 0;   // index into pending_
    bool is_loop = false;
    Block* node = nullptr;  // where declared locals are listed (nullptr: for-loop variable scope)
    std::vector<ClosedRange> closed;  // pending-goto ranges of closed child blocks, by start
  };
  struct FuncState {
    FuncState* prev = nullptr;
    Function* fn = nullptr;
    BlockScope* block = nullptr;
    // Active locals, innermost last; nullptr stands for a hidden for-loop control slot (lua5.4
    // counts those against the 200-locals limit).
    std::vector<LocalVar*> actvar;
    size_t declared = 0;  // declared, not yet active (counted by the locals limit)
    size_t first_label = 0;
  };
  struct LabelDesc {
    std::string name;
    uint32_t line = 0;
    size_t nactvar = 0;
    LabelStat* node = nullptr;
  };
  struct GotoDesc {
    std::string name;
    uint32_t line = 0;
    uint32_t column = 0;
    size_t nactvar = 0;
    GotoStat* node = nullptr;  // nullptr: a `break` outside any loop
    bool resolved = false;
  };

  // Counts one syntax level for its lifetime; reports the error when too deep.
  class Level {
   public:
    explicit Level(Parser* p) : p_(p) {
      ++p_->depth_;
      if (p_->depth_ > p_->max_depth_ ||
          reinterpret_cast<uintptr_t>(__builtin_frame_address(0)) < p_->stack_limit_) {
        p_->Error("chunk has too many syntax levels", p_->tok_.line, p_->tok_.column);
      }
    }
    ~Level() { --p_->depth_; }
    Level(const Level&) = delete;
    Level& operator=(const Level&) = delete;

   private:
    Parser* p_;
  };

  // ---- Errors ----
  bool failed() const { return error_.has_value(); }

  // Records the first error and makes the rest of the parse unwind (every loop stops at <eof>).
  void Error(std::string message, uint32_t line, uint32_t column) {
    if (!error_) {
      error_ = ParseError{ParseError::Kind::kParseError, std::move(message), line, column};
    }
    tok_.kind = Tok::kEos;
    has_ahead_ = false;
  }
  void SyntaxError(const std::string& message) {
    if (failed()) return;
    Error(message + " near " + lexer_.Near(tok_), tok_.line, tok_.column);
  }
  void ErrorExpected(Tok kind) { SyntaxError(TokenKindText(kind) + " expected"); }
  void ErrorLimit(size_t limit, const char* what) {
    const Function* fn = fs_->fn;
    const std::string where =
        fn->parent == nullptr ? "main function" : "function at line " + std::to_string(fn->line);
    SyntaxError("too many " + std::string(what) + " (limit is " + std::to_string(limit) + ") in " +
                where);
  }

  // ---- Tokens ----
  void Advance() {
    if (failed()) {
      tok_.kind = Tok::kEos;
      return;
    }
    if (has_ahead_) {
      tok_ = std::move(ahead_);
      has_ahead_ = false;
      return;
    }
    if (!lexer_.Next(&tok_)) LexFailed();
  }
  Tok PeekKind() {
    if (failed()) return Tok::kEos;
    if (!has_ahead_) {
      if (!lexer_.Next(&ahead_)) {
        LexFailed();
        return Tok::kEos;
      }
      has_ahead_ = true;
    }
    return ahead_.kind;
  }
  void LexFailed() {
    const LexError& e = *lexer_.error();
    Error(e.message, e.line, e.column);
  }
  bool Check(Tok kind) const { return tok_.kind == kind; }
  bool TestNext(Tok kind) {
    if (tok_.kind != kind) return false;
    Advance();
    return true;
  }
  void CheckNext(Tok kind) {
    if (tok_.kind != kind) {
      ErrorExpected(kind);
      return;
    }
    Advance();
  }
  void CheckMatch(Tok what, Tok who, uint32_t line) {
    if (TestNext(what)) return;
    if (line == tok_.line) {
      ErrorExpected(what);
    } else {
      SyntaxError(TokenKindText(what) + " expected (to close " + TokenKindText(who) + " at line " +
                  std::to_string(line) + ")");
    }
  }
  std::string CheckName() {
    if (tok_.kind != Tok::kName) {
      ErrorExpected(Tok::kName);
      return std::string();
    }
    std::string name = std::move(tok_.text);
    Advance();
    return name;
  }
  bool BlockFollow(bool with_until) const {
    switch (tok_.kind) {
      case Tok::kElse:
      case Tok::kElseif:
      case Tok::kEnd:
      case Tok::kEos:
        return true;
      case Tok::kUntil:
        return with_until;
      default:
        return false;
    }
  }

  template <typename T>
  T* New(uint32_t line, uint32_t column) {
    return arena_->New<T>(line, column);
  }
  template <typename T>
  T* NewAtTok() {
    return arena_->New<T>(tok_.line, tok_.column);
  }
  Node* ErrorNode() { return NewAtTok<NilExpr>(); }

  // ---- Locals and resolution ----
  LocalVar* DeclareLocal(std::string name, uint32_t line, uint32_t column) {
    if (fs_->actvar.size() + fs_->declared + 1 > kMaxLocals)
      ErrorLimit(kMaxLocals, "local variables");
    fs_->declared++;
    LocalVar* v = arena_->NewLocal();
    v->name = std::move(name);
    v->line = line;
    v->column = column;
    v->function = fs_->fn;
    v->index = static_cast<uint32_t>(fs_->fn->locals.size());
    fs_->fn->locals.push_back(v);
    return v;
  }
  void DeclareHidden(size_t n) {
    for (size_t i = 0; i < n; i++) {
      if (fs_->actvar.size() + fs_->declared + 1 > kMaxLocals) {
        ErrorLimit(kMaxLocals, "local variables");
      }
      fs_->declared++;
    }
  }
  void ActivateHidden(size_t n) {
    for (size_t i = 0; i < n; i++) {
      fs_->actvar.push_back(nullptr);
      if (fs_->declared > 0) fs_->declared--;
    }
  }
  // Parameters are active in the function's outermost scope but not listed in body->locals.
  void ActivateParams(Function* fn, size_t from) {
    for (size_t i = from; i < fn->params.size(); i++) {
      fs_->actvar.push_back(fn->params[i]);
      if (fs_->declared > 0) fs_->declared--;
    }
  }
  void Activate(LocalVar* v) {
    fs_->actvar.push_back(v);
    if (fs_->declared > 0) fs_->declared--;
    if (fs_->block->node) fs_->block->node->locals.push_back(v);
  }

  // lua5.4's singlevaraux: a local of `fs`, an existing or new upvalue, or global.
  VarRef ResolveIn(FuncState* fs, const std::string& name, bool base) {
    VarRef ref;
    if (fs == nullptr) return ref;  // global
    for (size_t i = fs->actvar.size(); i-- > 0;) {
      LocalVar* v = fs->actvar[i];
      if (v != nullptr && v->name == name) {
        if (!base) v->captured = true;
        ref.scope = VarScope::kLocal;
        ref.local = v;
        return ref;
      }
    }
    std::vector<Upvalue>& ups = fs->fn->upvalues;
    for (size_t i = 0; i < ups.size(); i++) {
      if (ups[i].name == name) {
        ref.scope = VarScope::kUpvalue;
        ref.local = ups[i].var;
        ref.upvalue = static_cast<uint32_t>(i);
        return ref;
      }
    }
    const VarRef outer = ResolveIn(fs->prev, name, false);
    if (outer.scope == VarScope::kGlobal) return outer;
    if (ups.size() + 1 > kMaxUpvalues) {
      FuncState* saved = fs_;
      fs_ = fs;  // the limit is reported for the function that needs the upvalue
      ErrorLimit(kMaxUpvalues, "upvalues");
      fs_ = saved;
    }
    Upvalue up;
    up.name = name;
    up.in_parent_local = outer.scope == VarScope::kLocal;
    up.parent_local = up.in_parent_local ? outer.local : nullptr;
    up.parent_upvalue = up.in_parent_local ? 0 : outer.upvalue;
    up.var = outer.local;
    ups.push_back(std::move(up));
    ref.scope = VarScope::kUpvalue;
    ref.local = outer.local;
    ref.upvalue = static_cast<uint32_t>(ups.size() - 1);
    return ref;
  }

  NameExpr* SingleVar(std::string name, uint32_t line, uint32_t column) {
    auto* e = New<NameExpr>(line, column);
    e->ref = ResolveIn(fs_, name, true);
    if (e->ref.scope == VarScope::kGlobal) e->env = ResolveIn(fs_, "_ENV", true);
    e->name = std::move(name);
    return e;
  }

  // lua5.4's check_readonly, for assignment targets and function statement names.
  void CheckAssignable(Node* target) {
    if (target->kind != NodeKind::kName) return;
    auto* e = target->As<NameExpr>();
    LocalVar* v = e->ref.scope == VarScope::kGlobal ? nullptr : e->ref.local;
    if (v == nullptr) return;
    if (v->attrib != LocalAttrib::kNone) {
      if (!failed()) {
        Error("attempt to assign to const variable '" + v->name + "'", target->line,
              target->column);
      }
      return;
    }
    v->assigned = true;
  }

  // ---- Blocks, labels, gotos ----
  void EnterBlock(BlockScope* bl, bool is_loop, Block* node) {
    bl->prev = fs_->block;
    bl->nactvar = fs_->actvar.size();
    bl->first_label = labels_.size();
    bl->first_goto = pending_.size();
    bl->is_loop = is_loop;
    bl->node = node;
    fs_->block = bl;
  }

  void LeaveBlock() {
    BlockScope* bl = fs_->block;
    fs_->actvar.resize(bl->nactvar);
    for (size_t i = labels_.size(); i-- > bl->first_label;) {
      labels_by_name_[labels_[i].name].pop_back();
    }
    labels_.resize(bl->first_label);
    if (bl->prev != nullptr) {
      // Pending gotos of this block now stand at the enclosing block's level (lua5.4's
      // movegotosout), recorded as one range instead of rewriting every entry.
      if (bl->first_goto < pending_.size()) {
        bl->prev->closed.push_back(ClosedRange{bl->first_goto, pending_.size(), bl->nactvar});
      }
    } else {
      for (size_t i = bl->first_goto; i < pending_.size(); i++) {
        const GotoDesc& g = pending_[i];
        if (g.resolved) continue;
        if (!failed()) {
          Error(g.node == nullptr ? "break outside loop at line " + std::to_string(g.line)
                                  : "no visible label '" + g.name + "' for <goto> at line " +
                                        std::to_string(g.line),
                g.line, g.column);
        }
        break;
      }
      pending_.resize(bl->first_goto);
    }
    fs_->block = bl->prev;
  }

  // The visible label of the current function named `name` (at most one: duplicates are errors).
  const LabelDesc* FindLabel(const std::string& name) const {
    const auto it = labels_by_name_.find(name);
    if (it == labels_by_name_.end() || it->second.empty()) return nullptr;
    const size_t i = it->second.back();
    return i >= fs_->first_label ? &labels_[i] : nullptr;
  }

  // The active-local count a pending goto has at the current block: its own, or that of the
  // closed child block it was in.
  size_t GotoLevel(size_t index) const {
    const std::vector<ClosedRange>& closed = fs_->block->closed;
    auto it = std::upper_bound(closed.begin(), closed.end(), index,
                               [](size_t i, const ClosedRange& r) { return i < r.start; });
    size_t level = pending_[index].nactvar;
    if (it != closed.begin() && index < std::prev(it)->end) {
      level = std::min(level, std::prev(it)->nactvar);
    }
    return level;
  }

  // lua5.4's createlabel + solvegotos. `last`: the label is the last non-void statement of its
  // block, so the block's locals are already out of scope there.
  void CreateLabel(LabelStat* node, bool last) {
    LabelDesc label;
    label.name = node->name;
    label.line = node->line;
    label.nactvar = last ? fs_->block->nactvar : fs_->actvar.size();
    label.node = node;
    const auto pending = pending_by_name_.find(label.name);
    if (pending != pending_by_name_.end()) {
      // Pending gotos of this name in this block (or its closed children): a suffix of the list.
      std::vector<size_t>& indices = pending->second;
      size_t first = indices.size();
      while (first > 0 && indices[first - 1] >= fs_->block->first_goto) first--;
      for (size_t k = first; k < indices.size(); k++) {
        GotoDesc& g = pending_[indices[k]];
        const size_t level = GotoLevel(indices[k]);
        if (level < label.nactvar) {
          const LocalVar* v = level < fs_->actvar.size() ? fs_->actvar[level] : nullptr;
          Error("<goto " + g.name + "> at line " + std::to_string(g.line) +
                    " jumps into the scope of local '" + (v ? v->name : "(for state)") + "'",
                g.line, g.column);
          return;
        }
        g.node->target = node;
        g.resolved = true;
        unresolved_gotos_--;
      }
      indices.resize(first);
    }
    labels_by_name_[label.name].push_back(labels_.size());
    labels_.push_back(std::move(label));
  }

  // ---- Functions ----
  Function* MainFunction() {
    auto* fn = New<Function>(1, 1);
    fn->is_vararg = true;
    Upvalue env;
    env.name = "_ENV";
    fn->upvalues.push_back(std::move(env));
    FuncState fs;
    fs.fn = fn;
    fs.first_label = labels_.size();
    fs_ = &fs;
    Advance();
    fn->body = NewAtTok<Block>();
    BlockScope bl;
    EnterBlock(&bl, false, fn->body);
    StatList(fn->body);
    if (!Check(Tok::kEos)) ErrorExpected(Tok::kEos);
    fn->end_line = tok_.line;
    LeaveBlock();
    fs_ = nullptr;
    return fn;
  }

  // `( parlist ) block end`, with `function` (at `line`:`column`) already consumed.
  Function* Body(bool is_method, uint32_t line, uint32_t column) {
    auto* fn = New<Function>(line, column);
    fn->is_method = is_method;
    fn->parent = fs_->fn;
    FuncState fs;
    fs.prev = fs_;
    fs.fn = fn;
    fs.first_label = labels_.size();
    fs_ = &fs;
    fn->body = New<Block>(line, column);
    BlockScope bl;
    EnterBlock(&bl, false, fn->body);
    CheckNext(Tok::kLParen);
    if (is_method) {
      fn->params.push_back(DeclareLocal("self", line, column));
      ActivateParams(fn, 0);
    }
    const size_t first_declared = fn->params.size();
    if (!Check(Tok::kRParen)) {
      do {
        if (Check(Tok::kName)) {
          const uint32_t pl = tok_.line, pc = tok_.column;
          fn->params.push_back(DeclareLocal(CheckName(), pl, pc));
        } else if (Check(Tok::kDots)) {
          Advance();
          fn->is_vararg = true;
        } else {
          SyntaxError("<name> or '...' expected");
        }
      } while (!fn->is_vararg && TestNext(Tok::kComma));
    }
    ActivateParams(fn, first_declared);
    CheckNext(Tok::kRParen);
    fn->body->line = tok_.line;
    fn->body->column = tok_.column;
    StatList(fn->body);
    fn->end_line = tok_.line;
    CheckMatch(Tok::kEnd, Tok::kFunction, line);
    LeaveBlock();
    fs_ = fs.prev;
    return fn;
  }

  // ---- Statements ----
  void StatList(Block* block) {
    while (!BlockFollow(true)) {
      if (Check(Tok::kReturn)) {
        Statement(block);
        return;  // 'return' must be the last statement
      }
      Statement(block);
    }
  }

  // A nested block (lua5.4's block()): its own scope.
  Block* ParseBlock() {
    auto* block = NewAtTok<Block>();
    BlockScope bl;
    EnterBlock(&bl, false, block);
    StatList(block);
    LeaveBlock();
    return block;
  }

  void Statement(Block* into) {
    Level level(this);
    if (failed()) return;
    const uint32_t line = tok_.line, column = tok_.column;
    switch (tok_.kind) {
      case Tok::kSemi:
        Advance();
        return;
      case Tok::kIf:
        into->stats.push_back(IfStatement(line, column));
        return;
      case Tok::kWhile: {
        Advance();
        auto* s = New<WhileStat>(line, column);
        s->cond = Expr();
        BlockScope loop;
        EnterBlock(&loop, true, nullptr);
        CheckNext(Tok::kDo);
        s->body = ParseBlock();
        CheckMatch(Tok::kEnd, Tok::kWhile, line);
        LeaveBlock();
        into->stats.push_back(s);
        return;
      }
      case Tok::kDo: {
        Advance();
        auto* s = New<DoStat>(line, column);
        s->body = ParseBlock();
        CheckMatch(Tok::kEnd, Tok::kDo, line);
        into->stats.push_back(s);
        return;
      }
      case Tok::kFor:
        into->stats.push_back(ForStatement(line, column));
        return;
      case Tok::kRepeat: {
        Advance();
        auto* s = New<RepeatStat>(line, column);
        BlockScope loop;
        EnterBlock(&loop, true, nullptr);
        s->body = NewAtTok<Block>();
        BlockScope scope;
        EnterBlock(&scope, false, s->body);
        StatList(s->body);
        CheckMatch(Tok::kUntil, Tok::kRepeat, line);
        s->cond = Expr();  // inside the body's scope
        LeaveBlock();
        LeaveBlock();
        into->stats.push_back(s);
        return;
      }
      case Tok::kFunction:
        into->stats.push_back(FunctionStatement(line, column));
        return;
      case Tok::kLocal:
        Advance();
        if (TestNext(Tok::kFunction)) {
          into->stats.push_back(LocalFunction(line, column));
        } else {
          into->stats.push_back(LocalStatement(line, column));
        }
        return;
      case Tok::kDbColon: {
        Advance();
        auto* s = New<LabelStat>(line, column);
        s->name = CheckName();
        CheckNext(Tok::kDbColon);
        into->stats.push_back(s);
        // Void statements after a label decide whether it ends its block (lua5.4 order).
        while (Check(Tok::kSemi) || Check(Tok::kDbColon)) Statement(into);
        if (failed()) return;
        if (const LabelDesc* previous = FindLabel(s->name)) {
          Error("label '" + s->name + "' already defined on line " + std::to_string(previous->line),
                line, column);
          return;
        }
        if (labels_.size() >= kMaxLabelsOrGotos) {
          Error("too many labels/gotos (limit is 32767)", line, column);
          return;
        }
        CreateLabel(s, BlockFollow(false));
        return;
      }
      case Tok::kReturn: {
        Advance();
        auto* s = New<ReturnStat>(line, column);
        if (!BlockFollow(true) && !Check(Tok::kSemi)) ExprList(&s->exprs);
        TestNext(Tok::kSemi);
        into->stats.push_back(s);
        return;
      }
      case Tok::kBreak: {
        Advance();
        auto* s = New<BreakStat>(line, column);
        bool in_loop = false;
        for (const BlockScope* bl = fs_->block; bl != nullptr; bl = bl->prev) {
          if (bl->is_loop) {
            in_loop = true;
            break;
          }
        }
        // Outside a loop: reported when the function ends, like lua5.4 (an earlier error in the
        // rest of the function wins). "break" cannot be a label name, so nothing resolves it.
        if (!in_loop)
          pending_.push_back(GotoDesc{"break", line, column, fs_->actvar.size(), nullptr, false});
        into->stats.push_back(s);
        return;
      }
      case Tok::kGoto: {
        Advance();
        auto* s = New<GotoStat>(line, column);
        s->label = CheckName();
        if (failed()) return;
        if (const LabelDesc* label = FindLabel(s->label)) {
          s->target = label->node;  // backward jump
        } else {
          if (unresolved_gotos_ >= kMaxLabelsOrGotos) {
            Error("too many labels/gotos (limit is 32767)", line, column);
            return;
          }
          unresolved_gotos_++;
          pending_by_name_[s->label].push_back(pending_.size());
          pending_.push_back(GotoDesc{s->label, line, column, fs_->actvar.size(), s, false});
        }
        into->stats.push_back(s);
        return;
      }
      default:
        ExprStatement(into, line, column);
        return;
    }
  }

  Node* IfStatement(uint32_t line, uint32_t column) {
    auto* s = New<IfStat>(line, column);
    do {  // IF / ELSEIF cond THEN block
      Advance();
      IfClause clause;
      clause.cond = Expr();
      CheckNext(Tok::kThen);
      clause.body = ParseBlock();
      s->clauses.push_back(clause);
    } while (Check(Tok::kElseif));
    if (TestNext(Tok::kElse)) s->else_body = ParseBlock();
    CheckMatch(Tok::kEnd, Tok::kIf, line);
    return s;
  }

  Node* ForStatement(uint32_t line, uint32_t column) {
    Advance();
    BlockScope loop;
    EnterBlock(&loop, true, nullptr);
    const uint32_t vl = tok_.line, vc = tok_.column;
    std::string first = CheckName();
    Node* result = nullptr;
    if (Check(Tok::kAssign)) {
      auto* s = New<NumericForStat>(line, column);
      DeclareHidden(3);
      s->var = DeclareLocal(std::move(first), vl, vc);
      Advance();
      s->start = Expr();
      CheckNext(Tok::kComma);
      s->limit = Expr();
      if (TestNext(Tok::kComma)) s->step = Expr();
      ActivateHidden(3);
      CheckNext(Tok::kDo);
      BlockScope vars;
      EnterBlock(&vars, false, nullptr);
      Activate(s->var);
      s->body = ParseBlock();
      LeaveBlock();
      result = s;
    } else if (Check(Tok::kComma) || Check(Tok::kIn)) {
      auto* s = New<GenericForStat>(line, column);
      DeclareHidden(4);
      s->vars.push_back(DeclareLocal(std::move(first), vl, vc));
      while (TestNext(Tok::kComma)) {
        const uint32_t l = tok_.line, c = tok_.column;
        s->vars.push_back(DeclareLocal(CheckName(), l, c));
      }
      CheckNext(Tok::kIn);
      ExprList(&s->exprs);
      ActivateHidden(4);
      CheckNext(Tok::kDo);
      BlockScope vars;
      EnterBlock(&vars, false, nullptr);
      for (LocalVar* v : s->vars) Activate(v);
      s->body = ParseBlock();
      LeaveBlock();
      result = s;
    } else {
      SyntaxError("'=' or 'in' expected");
      result = ErrorNode();
    }
    CheckMatch(Tok::kEnd, Tok::kFor, line);
    LeaveBlock();
    return result;
  }

  Node* FunctionStatement(uint32_t line, uint32_t column) {
    Advance();
    auto* s = New<FunctionStat>(line, column);
    const uint32_t nl = tok_.line, nc = tok_.column;
    Node* target = SingleVar(CheckName(), nl, nc);
    bool is_method = false;
    while (Check(Tok::kDot) || Check(Tok::kColon)) {
      is_method = Check(Tok::kColon);
      auto* index = NewAtTok<IndexExpr>();
      Advance();
      auto* key = NewAtTok<StringExpr>();
      key->value = CheckName();
      index->object = target;
      index->key = key;
      index->dotted = true;
      target = index;
      if (is_method) break;
    }
    s->target = target;
    s->function = Body(is_method, line, column);
    if (!failed()) CheckAssignable(target);
    return s;
  }

  Node* LocalFunction(uint32_t line, uint32_t column) {
    auto* s = New<LocalFunctionStat>(line, column);
    const uint32_t nl = tok_.line, nc = tok_.column;
    s->var = DeclareLocal(CheckName(), nl, nc);
    Activate(s->var);  // visible in its own body
    const uint32_t fl = tok_.line, fc = tok_.column;
    s->function = Body(false, fl, fc);
    return s;
  }

  Node* LocalStatement(uint32_t line, uint32_t column) {
    auto* s = New<LocalStat>(line, column);
    bool has_close = false;
    do {
      const uint32_t vl = tok_.line, vc = tok_.column;
      LocalVar* v = DeclareLocal(CheckName(), vl, vc);
      if (TestNext(Tok::kLt)) {
        const std::string attrib = CheckName();
        CheckNext(Tok::kGt);
        if (failed()) return s;
        if (attrib == "const") {
          v->attrib = LocalAttrib::kConst;
        } else if (attrib == "close") {
          v->attrib = LocalAttrib::kClose;
        } else {
          Error("unknown attribute '" + attrib + "'", vl, vc);
          return s;
        }
      }
      if (v->attrib == LocalAttrib::kClose) {
        if (has_close) {
          Error("multiple to-be-closed variables in local list", vl, vc);
          return s;
        }
        has_close = true;
      }
      s->vars.push_back(v);
    } while (TestNext(Tok::kComma) && !failed());
    if (TestNext(Tok::kAssign)) ExprList(&s->exprs);
    for (LocalVar* v : s->vars) Activate(v);
    return s;
  }

  static bool IsVar(const Node* e) {
    return e->kind == NodeKind::kName || e->kind == NodeKind::kIndex;
  }

  void ExprStatement(Block* into, uint32_t line, uint32_t column) {
    Node* e = SuffixedExpr();
    if (failed()) return;
    if (Check(Tok::kAssign) || Check(Tok::kComma)) {
      auto* s = New<AssignStat>(line, column);
      if (!IsVar(e)) {
        SyntaxError("syntax error");
        return;
      }
      CheckAssignable(e);
      s->targets.push_back(e);
      // lua5.4 parses each further target one syntax level deeper (restassign recursion).
      std::vector<std::unique_ptr<Level>> levels;
      while (!failed() && TestNext(Tok::kComma)) {
        Node* t = SuffixedExpr();
        levels.push_back(std::make_unique<Level>(this));
        if (failed()) return;
        if (!IsVar(t)) {
          SyntaxError("syntax error");
          return;
        }
        CheckAssignable(t);
        s->targets.push_back(t);
      }
      CheckNext(Tok::kAssign);
      ExprList(&s->exprs);
      into->stats.push_back(s);
      return;
    }
    if (e->kind != NodeKind::kCall && e->kind != NodeKind::kMethodCall) {
      SyntaxError("syntax error");
      return;
    }
    auto* s = New<CallStat>(line, column);
    s->call = e;
    into->stats.push_back(s);
  }

  // ---- Expressions ----
  void ExprList(std::vector<Node*>* out) {
    out->push_back(Expr());
    while (!failed() && TestNext(Tok::kComma)) out->push_back(Expr());
  }

  Node* Expr() { return SubExpr(0); }

  // lua5.4's subexpr: operators binding tighter than `limit`.
  Node* SubExpr(int limit) {
    Level level(this);
    if (failed()) return ErrorNode();
    Node* e;
    UnaryOp uop;
    if (GetUnaryOp(tok_.kind, &uop)) {
      auto* u = NewAtTok<UnaryExpr>();
      u->op = uop;
      Advance();
      u->operand = SubExpr(kUnaryPriority);
      e = u;
    } else {
      e = SimpleExpr();
    }
    BinOpInfo op;
    while (!failed() && GetBinaryOp(tok_.kind, &op) && op.left > limit) {
      const uint32_t ol = tok_.line, oc = tok_.column;
      Advance();
      Node* right = SubExpr(op.right);
      if (op.logical) {
        auto* b = New<LogicalExpr>(ol, oc);
        b->op = op.lop;
        b->left = e;
        b->right = right;
        e = b;
      } else {
        auto* b = New<BinaryExpr>(ol, oc);
        b->op = op.op;
        b->left = e;
        b->right = right;
        e = b;
      }
    }
    return e;
  }

  Node* SimpleExpr() {
    switch (tok_.kind) {
      case Tok::kFloat: {
        auto* e = NewAtTok<FloatExpr>();
        e->value = tok_.float_value;
        Advance();
        return e;
      }
      case Tok::kInt: {
        auto* e = NewAtTok<IntegerExpr>();
        e->value = tok_.int_value;
        Advance();
        return e;
      }
      case Tok::kString: {
        auto* e = NewAtTok<StringExpr>();
        e->value = std::move(tok_.text);
        Advance();
        return e;
      }
      case Tok::kNil: {
        Node* e = NewAtTok<NilExpr>();
        Advance();
        return e;
      }
      case Tok::kTrue: {
        Node* e = NewAtTok<TrueExpr>();
        Advance();
        return e;
      }
      case Tok::kFalse: {
        Node* e = NewAtTok<FalseExpr>();
        Advance();
        return e;
      }
      case Tok::kDots: {
        if (!fs_->fn->is_vararg) {
          SyntaxError("cannot use '...' outside a vararg function");
          return ErrorNode();
        }
        Node* e = NewAtTok<VarargExpr>();
        Advance();
        return e;
      }
      case Tok::kLBrace:
        return Constructor();
      case Tok::kFunction: {
        const uint32_t line = tok_.line, column = tok_.column;
        Advance();
        return Body(false, line, column);
      }
      default:
        return SuffixedExpr();
    }
  }

  Node* PrimaryExpr() {
    switch (tok_.kind) {
      case Tok::kName: {
        const uint32_t line = tok_.line, column = tok_.column;
        std::string name = std::move(tok_.text);
        Advance();
        return SingleVar(std::move(name), line, column);
      }
      case Tok::kLParen: {
        const uint32_t line = tok_.line, column = tok_.column;
        Advance();
        auto* p = New<ParenExpr>(line, column);
        p->inner = Expr();
        CheckMatch(Tok::kRParen, Tok::kLParen, line);
        return p;
      }
      default:
        SyntaxError("unexpected symbol");
        return ErrorNode();
    }
  }

  Node* SuffixedExpr() {
    const uint32_t line = tok_.line, column = tok_.column;
    Node* e = PrimaryExpr();
    for (;;) {
      if (failed()) return e;
      switch (tok_.kind) {
        case Tok::kDot: {
          auto* index = NewAtTok<IndexExpr>();
          Advance();
          auto* key = NewAtTok<StringExpr>();
          key->value = CheckName();
          index->object = e;
          index->key = key;
          index->dotted = true;
          e = index;
          break;
        }
        case Tok::kLBracket: {
          auto* index = NewAtTok<IndexExpr>();
          Advance();
          index->object = e;
          index->key = Expr();
          CheckNext(Tok::kRBracket);
          e = index;
          break;
        }
        case Tok::kColon: {
          Advance();
          auto* call = New<MethodCallExpr>(line, column);
          call->object = e;
          call->method = CheckName();
          FuncArgs(&call->args, line);
          e = call;
          break;
        }
        case Tok::kLParen:
        case Tok::kString:
        case Tok::kLBrace: {
          auto* call = New<CallExpr>(line, column);
          call->callee = e;
          FuncArgs(&call->args, line);
          e = call;
          break;
        }
        default:
          return e;
      }
    }
  }

  void FuncArgs(std::vector<Node*>* args, uint32_t line) {
    switch (tok_.kind) {
      case Tok::kLParen:
        Advance();
        if (!Check(Tok::kRParen)) ExprList(args);
        CheckMatch(Tok::kRParen, Tok::kLParen, line);
        return;
      case Tok::kLBrace:
        args->push_back(Constructor());
        return;
      case Tok::kString: {
        auto* e = NewAtTok<StringExpr>();
        e->value = std::move(tok_.text);
        Advance();
        args->push_back(e);
        return;
      }
      default:
        SyntaxError("function arguments expected");
        return;
    }
  }

  Node* Constructor() {
    const uint32_t line = tok_.line, column = tok_.column;
    auto* t = New<TableExpr>(line, column);
    CheckNext(Tok::kLBrace);
    do {
      if (failed() || Check(Tok::kRBrace)) break;
      TableField field;
      field.line = tok_.line;
      field.column = tok_.column;
      if (Check(Tok::kName) && PeekKind() == Tok::kAssign) {
        field.kind = FieldKind::kNamed;
        auto* key = NewAtTok<StringExpr>();
        key->value = CheckName();
        field.key = key;
        CheckNext(Tok::kAssign);
        field.value = Expr();
      } else if (Check(Tok::kLBracket)) {
        field.kind = FieldKind::kKeyed;
        Advance();
        field.key = Expr();
        CheckNext(Tok::kRBracket);
        CheckNext(Tok::kAssign);
        field.value = Expr();
      } else {
        field.kind = FieldKind::kPositional;
        field.value = Expr();
      }
      t->fields.push_back(field);
    } while (TestNext(Tok::kComma) || TestNext(Tok::kSemi));
    CheckMatch(Tok::kRBrace, Tok::kLBrace, line);
    return t;
  }

  Lexer lexer_;
  Token tok_;
  Token ahead_;
  bool has_ahead_ = false;
  uint32_t max_depth_;
  uint32_t max_ast_height_;
  uint32_t depth_ = 0;
  std::unique_ptr<AstArena> arena_;
  uintptr_t stack_limit_;
  std::optional<ParseError> error_;
  FuncState* fs_ = nullptr;
  std::vector<LabelDesc> labels_;  // visible labels of all open blocks of all open functions
  std::vector<GotoDesc> pending_;  // forward gotos (and breaks outside loops) of open functions
  // Indices into labels_ / pending_ (unresolved gotos only) by name, in increasing order.
  std::unordered_map<std::string, std::vector<size_t>> labels_by_name_;
  std::unordered_map<std::string, std::vector<size_t>> pending_by_name_;
  size_t unresolved_gotos_ = 0;
};

}  // namespace

ParseResult ParseChunk(std::string_view source, const ParseOptions& options) {
  if (source.size() >= std::numeric_limits<uint32_t>::max()) {
    ParseResult result;
    result.arena = std::make_unique<AstArena>();
    result.error = ParseError{ParseError::Kind::kParseError, "source too large", 1, 1};
    return result;
  }
  Parser parser(source, options);
  return parser.Run();
}

}  // namespace codemode::lua
