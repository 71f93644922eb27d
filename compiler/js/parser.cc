// Recursive-descent parser for ES2023 scripts (treated as async function bodies) with TypeScript
// erasure.
//
// Error handling: the first error is recorded in `error_` and every parse function then returns
// nullptr (or false), unwinding to the top. Speculative parses (arrow functions, TypeScript type
// arguments) save the parser state, and on failure restore it and clear the error.
#include "compiler/js/parser.h"

#include <pthread.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "compiler/js/lexer.h"
#include "vm/regexp/syntax.h"

namespace codemode::js {
namespace {

struct Pos {
  uint32_t line = 1, column = 1;
};

// Longest left-associative operator chain or member/call chain (see Parser::ParseBinary).
constexpr uint32_t kMaxChainLinks = 10000;

// Lowest stack address the parser may use on this thread: the parser stops ("too deeply nested")
// before the remaining stack drops below a quarter of the thread's stack (at least 128 KiB), so
// deep input never overflows whatever the build mode (debug and sanitizer frames are several times
// larger).
uintptr_t ComputeStackLimitUncached() {
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return 0;
  void* addr = nullptr;
  size_t size = 0;
  int rc = pthread_attr_getstack(&attr, &addr, &size);
  pthread_attr_destroy(&attr);
  if (rc != 0 || addr == nullptr) return 0;
  size_t margin = std::max<size_t>(size / 4, 128 * 1024);
  if (margin >= size) return 0;
  return reinterpret_cast<uintptr_t>(addr) + margin;
}

// pthread_getattr_np reads /proc/self/maps for the main thread: computed once per thread.
uintptr_t ComputeStackLimit() {
  thread_local const uintptr_t limit = ComputeStackLimitUncached();
  return limit;
}

bool IsStrictReserved(std::string_view s) {
  if (s.size() < 3 || s.size() > 10) return false;
  return s == "implements" || s == "interface" || s == "let" || s == "package" || s == "private" ||
         s == "protected" || s == "public" || s == "static" || s == "yield";
}

bool IsReservedKeywordName(std::string_view s) { return KeywordTok(s) != Tok::kIdentifier; }

// Function-level parsing context (one per function, arrow, class field initializer, static block
// and the program).
struct Scope {
  Scope* parent = nullptr;
  FunctionNode* fn = nullptr;  // the function being parsed (nullptr: program or field initializer)
  Program* program = nullptr;  // set for the program scope
  ClassMember* field = nullptr;  // set for a class field initializer scope
  bool is_async = false;
  bool is_generator = false;
  bool is_arrow = false;
  bool strict = false;
  bool in_params = false;  // parsing the formal parameters: no yield/await expressions
  // Parsing a speculative arrow parameter list: yield/await expressions (which use the enclosing
  // function's [Yield]/[Await]) are counted and rejected once `=>` confirms the arrow.
  bool arrow_params = false;
  bool in_field_init = false;    // field initializer or static block: `arguments` is an error
  bool in_static_block = false;  // `await` is reserved
  bool allow_return = false;
  bool allow_super_property = false;
  bool allow_super_call = false;
  // Statement context (reset at function boundaries).
  struct Label {
    std::string name;
    bool loop;
  };
  std::vector<Label> labels;
  int loop_depth = 0;
  int breakable_depth = 0;    // loops + switches
  int await_yield_count = 0;  // await/yield expressions parsed directly in this scope (for params)
  bool ts_namespace = false;  // the function lowered from a TypeScript namespace body
};

// Private-name environment of one class body.
struct ClassScope {
  ClassScope* parent = nullptr;
  struct Declared {
    std::string name;
    ClassMemberKind kind;
    bool is_static;
  };
  std::vector<Declared> declared;
  std::vector<PrivateName*> refs;
};

class Parser {
 public:
  Parser(std::string_view src, const ParseOptions& options, AstArena* arena)
      : lex_(src),
        src_(src),
        ts_(options.typescript),
        max_depth_(options.max_depth),
        arena_(arena),
        stack_limit_(ComputeStackLimit()) {}

  Program* Run();
  std::optional<ParseError>& error() { return error_; }

 private:
  // ---------------- tokens ----------------
  const Token& tok() const { return lex_.token(); }
  Tok t() const { return lex_.token().type; }
  bool Is(Tok x) const { return t() == x; }
  // A contextual keyword written without escapes.
  bool IsName(std::string_view name) const {
    return t() == Tok::kIdentifier && !tok().escaped && tok().text == name;
  }
  Pos Here() const { return Pos{tok().line, tok().column}; }
  void Next() {
    prev_end_ = tok().end;
    lex_.Next();
    if (t() == Tok::kError) LexFail();
  }
  bool Eat(Tok x) {
    if (!Is(x)) return false;
    Next();
    return !failed();
  }
  bool Expect(Tok x) {
    if (!Is(x)) {
      Unexpected();
      return false;
    }
    Next();
    return !failed();
  }
  // Next token's type/newline/text without consuming (costs a lexer state copy).
  struct Peeked {
    Tok type;
    bool newline_before;
    bool escaped;
    std::string text;
  };
  [[gnu::noinline]] Peeked Peek() {
    Lexer::State s = lex_.Save();
    lex_.Next();
    Peeked p{lex_.token().type, lex_.token().newline_before, lex_.token().escaped,
             lex_.token().type == Tok::kIdentifier ? lex_.token().text : std::string()};
    lex_.Restore(s);
    return p;
  }

  // ---------------- errors ----------------
  bool failed() const { return error_.has_value(); }
  [[gnu::noinline, gnu::cold]] std::nullptr_t FailAt(
      Pos p, std::string message, ParseError::Kind kind = ParseError::Kind::kParseError) {
    if (!error_) error_ = ParseError{kind, std::move(message), p.line, p.column};
    return nullptr;
  }
  [[gnu::noinline, gnu::cold]] std::nullptr_t Fail(std::string message) {
    return FailAt(Here(), std::move(message));
  }
  std::nullptr_t Unsupported(Pos p, std::string message) {
    return FailAt(p, std::move(message), ParseError::Kind::kUnsupportedSyntax);
  }
  std::nullptr_t LexFail() {
    const LexError& e = lex_.error();
    return FailAt(Pos{e.line, e.column}, e.message);
  }
  [[gnu::noinline, gnu::cold]] std::nullptr_t Unexpected();
  std::nullptr_t TooDeep() { return Fail("too deeply nested"); }

  struct DepthGuard {
    explicit DepthGuard(Parser* p) : p(p) { ++p->depth_; }
    ~DepthGuard() { --p->depth_; }
    Parser* p;
  };
  // True when nesting exceeds max_depth or the thread's stack is nearly used up.
  bool TooDeepNow() const {
    return depth_ > max_depth_ ||
           reinterpret_cast<uintptr_t>(__builtin_frame_address(0)) < stack_limit_;
  }

  // ---------------- speculation ----------------
  struct Snapshot {
    Lexer::State lex;
    uint32_t prev_end;
    size_t cover_errors;
    size_t private_refs;
    int await_yield_count;
  };
  Snapshot Save() {
    return Snapshot{lex_.Save(), prev_end_, cover_errors_.size(),
                    class_scope_ ? class_scope_->refs.size() : 0, scope_->await_yield_count};
  }
  void Restore(const Snapshot& s) {
    lex_.Restore(s.lex);
    prev_end_ = s.prev_end;
    cover_errors_.resize(s.cover_errors);
    if (class_scope_) class_scope_->refs.resize(s.private_refs);
    scope_->await_yield_count = s.await_yield_count;
    error_.reset();
  }

  // ---------------- node construction ----------------
  template <typename T>
  T* Make(Pos p) {
    return arena_->New<T>(p.line, p.column);
  }
  template <typename T>
  T* MakeK(NodeKind k, Pos p) {
    return arena_->New<T>(k, p.line, p.column);
  }

  // ---------------- statements ----------------
  bool ParseBody(std::vector<Node*>& body, Tok end, bool* has_use_strict);
  Node* ParseStatementListItem();
  [[gnu::noinline]] Node* ParseDeclarationRare();
  [[gnu::noinline]] Node* CheckSingleStatementIdentifier();
  Node* ParseStatement(bool allow_function_decl = false);
  [[gnu::noinline]] Node* ParseBlock();
  [[gnu::noinline]] Node* ParseVariableStatement(DeclarationKind kind);
  VariableDeclaration* ParseVarDeclList(Pos kw, DeclarationKind kind, bool no_in);
  bool CheckDeclaratorInits(VariableDeclaration* decl);
  [[gnu::noinline]] Node* ParseIf();
  [[gnu::noinline]] Node* ParseFor();
  [[gnu::noinline]] Node* ParseWhile();
  [[gnu::noinline]] Node* ParseDoWhile();
  [[gnu::noinline]] Node* ParseContinueBreak(bool is_break);
  [[gnu::noinline]] Node* ParseReturn();
  [[gnu::noinline]] Node* ParseThrow();
  [[gnu::noinline]] Node* ParseTry();
  [[gnu::noinline]] Node* ParseSwitch();
  [[gnu::noinline]] Node* ParseLabeledOrExpressionStatement();
  [[gnu::noinline]] Node* ParseLabeledBody(Pos start, std::string label);
  bool ConsumeSemicolon();
  Node* LoopBody();
  bool LetStartsDeclaration(bool in_single_statement);

  // ---------------- functions and classes ----------------
  [[gnu::noinline]] Node* ParseFunction(NodeKind kind, Pos start, uint32_t source_start,
                                        bool is_async);
  bool ParseFunctionRest(FunctionNode* fn, Scope* scope, bool allow_no_body, bool* has_body);
  // Parses `(params)`; validates names unless `validate` is false (arrows validate after seeing
  // `=>`).
  bool ParseFormalParams(FunctionNode* fn, bool is_constructor, bool validate = true);
  bool ParseFunctionBody(FunctionNode* fn, Scope* scope);
  bool ValidateParams(FunctionNode* fn, bool strict, bool force_unique);
  Node* ParseArrowBody(FunctionNode* fn, Scope* scope, bool no_in);
  Node* TryParseParenArrow(Pos start, uint32_t source_start, bool is_async, bool no_in,
                           bool* is_arrow);
  Node* ParseIdentifierArrow(Pos start, uint32_t source_start, bool is_async, bool no_in);
  FunctionNode* ParseMethod(Pos start, MethodKind kind, bool is_async, bool is_generator,
                            bool is_derived_ctor, bool allow_no_body, bool* has_body);
  [[gnu::noinline]] Node* ParseClass(NodeKind kind, Pos start, bool is_abstract);
  bool ParseClassMember(ClassNode* cls, bool is_abstract_class);
  Node* ParseStaticBlock(Pos start, ClassNode* cls);
  bool ResolvePrivateNames(ClassScope* cs);

  // ---------------- expressions ----------------
  Node* ParseExpression(bool no_in);
  Node* ParseAssignment(bool no_in, bool allow_cover = false);
  [[gnu::noinline]] Node* ParseYield(bool no_in);
  Node* ParseConditional(bool no_in);
  Node* ParseBinary(int min_prec, bool no_in);
  Node* ParseUnary();
  Node* ParseLeftHandSide();
  [[gnu::noinline]] Node* ParseNew();
  [[gnu::noinline]] Node* ParseSuper();
  Node* ParseCallTail(Node* expr, Pos start, bool no_call);
  [[gnu::noinline]] bool ParseArguments(std::vector<Node*>& out);
  Node* ParsePrimary();
  [[gnu::noinline]] Node* ParsePrimaryRare();  // async function, #x in, import, errors
  // Arrow functions at the start of an AssignmentExpression; *handled is false if there is none.
  [[gnu::noinline]] Node* TryArrowAtAssignmentStart(Pos start, bool no_in, bool in_consequent,
                                                    bool* handled);
  [[gnu::noinline]] Node* ParseIdentifierReference();
  [[gnu::noinline]] Node* ParseParenthesized();
  [[gnu::noinline]] Node* ParseArrayLiteral();
  [[gnu::noinline]] Node* ParseObjectLiteral();
  Node* ParsePropertyDefinition(bool* saw_proto);
  Node* ParsePropertyName(bool* computed, bool allow_private, bool* is_plain_identifier);
  [[gnu::noinline]] Node* ParseTemplate(bool tagged);
  [[gnu::noinline]] Node* ParseNumberLike();
  [[gnu::noinline]] Node* ParseStringLiteral();
  [[gnu::noinline]] PrivateName* MakePrivateRef();

  // ---------------- patterns ----------------
  Node* ParseBindingTarget();
  Node* ParseBindingElement();
  Identifier* ParseBindingIdentifier();
  Node* ToAssignTarget(Node* n, const char* top_message, bool nested);
  bool IsSimpleTarget(const Node* n) const;
  bool CheckSimpleTarget(Node* n, const char* message);
  void CollectBoundNames(Node* target, std::vector<Identifier*>& out);

  // ---------------- identifiers ----------------
  // Validates the current identifier token as a reference (binding=false) or binding name.
  bool CheckIdentifierToken(bool binding, bool lexical);
  [[gnu::noinline]] bool CheckIdentifierName(const std::string& name, Pos p, bool binding,
                                             bool lexical, bool strict);
  bool IsIdentifierToken() const;  // kIdentifier usable as an identifier here (not a keyword)

  // ---------------- scope flags ----------------
  void MarkThis();
  bool MarkArguments(Pos p);
  void MarkNewTarget();
  bool MarkSuper(Pos p, bool is_call);

  // ---------------- TypeScript ----------------
  bool SkipTypeAnnotation();  // at ':' → consumes ': Type'
  bool SkipReturnType();      // at ':' → consumes ': Type' including type predicates
  bool SkipType(bool no_conditional = false);
  bool SkipUnionType(bool no_conditional);
  bool SkipIntersectionType(bool no_conditional);
  bool SkipTypeOperator(bool no_conditional);
  bool SkipPostfixType(bool no_conditional);
  bool SkipPrimaryType();
  bool SkipObjectType();
  bool SkipMappedType();
  bool SkipTupleType();
  bool SkipTemplateType();
  bool SkipTypeParams();
  bool SkipTypeArgs();
  bool SkipSignature(bool require_arrow);
  bool SkipEntityName();
  bool IsStartOfFunctionType();
  [[gnu::noinline]] bool TryTypeArgsInExpression();
  [[gnu::noinline]] Node* SkipTsDeclaration(bool* handled);
  bool SkipInterface();
  bool SkipTypeAlias();
  bool SkipBalanced(Tok open, Tok close);
  bool SkipImportExportType();
  bool SkipTypeOnlySpecifiers();
  bool IsTsModifier(std::string_view s) const;

  Lexer lex_;
  std::string_view src_;
  bool ts_;
  uint32_t max_depth_;
  AstArena* arena_;
  std::optional<ParseError> error_;
  uint32_t prev_end_ = 0;
  uint32_t depth_ = 0;
  uintptr_t stack_limit_ = 0;
  Scope* scope_ = nullptr;
  ClassScope* class_scope_ = nullptr;
  bool in_conditional_consequent_ = false;
  // Returned by statement parsers for erased TypeScript declarations; never stored in the AST.
  EmptyStatement erased_{0, 0};

  // Errors that only apply if an object/array literal is NOT converted to a pattern: `{a = 1}` and
  // duplicate `__proto__`.
  struct CoverError {
    Pos pos;
    const char* message;
  };
  std::vector<CoverError> cover_errors_;
  // Array literals whose spread element is followed by a comma (cannot become a rest element).
  std::unordered_set<const Node*> spread_trailing_comma_;
  // Offsets of `(`/`<` where an arrow-function parse was tried and failed (avoids exponential
  // retries).
  std::unordered_set<uint32_t> failed_arrow_starts_;
  // Offsets of `<` where type arguments were tried and rejected.
  std::unordered_set<uint32_t> failed_type_args_starts_;

  // ---------------- TypeScript enum/namespace lowering (tsc's emit, see ParseEnum) ----------------
  // Identifier references rewritten to `object.name`: enum members inside member initializers and a
  // namespace's exported variables inside its body (tsc does the same).
  struct TsRewrite {
    std::string object;
    std::vector<std::string> names;
    bool is_namespace;
  };
  std::vector<TsRewrite> ts_rewrites_;
  // Statements that follow the one just returned by ParseStatementListItem (a lowered declaration
  // is several statements).
  std::vector<Node*> pending_;
  // Names declared by function/class/enum/namespace declarations in each open statement list: a
  // merged enum/namespace declares no second variable.
  std::vector<std::vector<std::string>> ts_declared_;
  // Enum member kinds across merged declarations, by enum name: 0 numeric constant, 1 string
  // constant, 2 computed.
  std::unordered_map<std::string, std::unordered_map<std::string, int>> enum_members_;
  // Exported names of each namespace (qualified "A.B"), across merged declarations.
  std::unordered_map<std::string, std::vector<std::string>> ns_exports_;
  std::vector<std::string> ns_path_;  // the namespaces being parsed, outermost first
  bool ts_export_binding_ = false;    // parsing the name of `export const x` in a namespace

  Node* AppendItem(std::vector<Node*>& body, Node* s);
  Node* TsRewritten(Pos p, const std::string& name);
  Identifier* MakeIdent(Pos p, std::string name);
  Node* MakeMemberOf(Pos p, Node* object, const std::string& name);
  Node* MakeAssign(Pos p, Node* target, Node* value);
  Node* MakeExprStatement(Pos p, Node* e);
  Node* MakeTsDeclaration(Pos p, const std::string& name);
  Node* MakeMergeArg(Pos p, const std::string& name, const std::string* into);
  Node* ParseEnum(Pos start, bool is_const, const std::string* into);
  int EnumConstKind(const std::string& enum_name, const Node* e);
  Node* ParseNamespace(Pos start, const std::string* into);
  Node* BuildNamespace(Pos start, const std::vector<std::string>& names, size_t i,
                       const std::string* into, uint32_t source_start);
  bool ParseNamespaceExport(Pos start, const std::string& ns);
  void PrescanNamespaceExports(std::vector<std::string>& out);
};

#define ENTER()                  \
  DepthGuard depth_guard_(this); \
  if (TooDeepNow()) return TooDeep()

#define ENTER_BOOL()             \
  DepthGuard depth_guard_(this); \
  if (TooDeepNow()) {            \
    TooDeep();                   \
    return false;                \
  }

// Depth is counted once per syntactic nesting level (assignment expression, statement, pattern,
// type, function body, class) and at direct self-recursions (unary operands, binary right operands,
// `new new`).
#define NESTED(var, call)               \
  do {                                  \
    DepthGuard nested_guard_(this);     \
    if (TooDeepNow()) return TooDeep(); \
    var = (call);                       \
  } while (0)

std::nullptr_t Parser::Unexpected() {
  const Token& k = tok();
  Pos p = Here();
  switch (k.type) {
    case Tok::kError:
      return LexFail();
    case Tok::kEof:
      return FailAt(p, "Unexpected end of input");
    case Tok::kNumber:
    case Tok::kBigInt:
      return FailAt(p, "Unexpected number");
    case Tok::kString:
      return FailAt(p, "Unexpected string");
    case Tok::kTemplate:
      return FailAt(p, "Unexpected template string");
    case Tok::kRegExp:
      return FailAt(p, "Unexpected regular expression");
    case Tok::kPrivateName:
      return FailAt(p, "Unexpected identifier '#" + k.text + "'");
    case Tok::kIdentifier:
      if (k.escaped && IsReservedKeywordName(k.text)) {
        return FailAt(p, "Keyword must not contain escaped characters");
      }
      if (scope_ && scope_->strict && IsStrictReserved(k.text) && k.text != "yield") {
        return FailAt(p, "Unexpected strict mode reserved word");
      }
      return FailAt(p, "Unexpected identifier '" + k.text + "'");
    case Tok::kEnum:
      return FailAt(p, "Unexpected reserved word");
    case Tok::kAt:
      if (ts_) return Unsupported(p, "decorators are not supported");
      return FailAt(p, "Invalid or unexpected token");
    default:
      return FailAt(p, std::string("Unexpected token '") + TokText(k.type) + "'");
  }
}

// ======================================================================================
// Program and statements
// ======================================================================================

Program* Parser::Run() {
  if (auto bad = Lexer::ValidateUtf8(src_)) {
    // Position of the invalid byte: count lines and UTF-16 columns of the valid prefix.
    uint32_t line = 1, col = 1;
    for (uint32_t i = 0; i < *bad; ++i) {
      unsigned char c = static_cast<unsigned char>(src_[i]);
      if (c == '\n' || (c == '\r' && !(i + 1 < *bad && src_[i + 1] == '\n'))) {
        ++line;
        col = 1;
      } else if (c == 0xE2 && i + 2 < *bad && static_cast<unsigned char>(src_[i + 1]) == 0x80 &&
                 (static_cast<unsigned char>(src_[i + 2]) & 0xFE) == 0xA8) {
        ++line;
        col = 1;
        i += 2;
      } else if ((c & 0xC0) != 0x80 && c != '\r') {
        col += c >= 0xF0 ? 2 : 1;
      }
    }
    FailAt(Pos{line, col}, "Invalid or unexpected token");
    return nullptr;
  }
  Program* program = Make<Program>(Pos{1, 1});
  Scope scope;
  scope.program = program;
  scope.is_async = true;  // the program is the body of an async function
  scope.allow_return = true;
  scope_ = &scope;
  lex_.Next();
  if (t() == Tok::kError) {
    LexFail();
    return nullptr;
  }
  if (Is(Tok::kEof)) {
    FailAt(Pos{1, 1}, "empty program");
    return nullptr;
  }
  bool use_strict = false;
  if (!ParseBody(program->body, Tok::kEof, &use_strict)) return nullptr;
  program->strict = scope.strict;
  scope_ = nullptr;
  return program;
}

// Parses statements up to `end` (not consumed), handling the directive prologue (§11.2.1).
bool Parser::ParseBody(std::vector<Node*>& body, Tok end, bool* has_use_strict) {
  ts_declared_.emplace_back();
  struct Pop {
    ~Pop() { v.pop_back(); }
    std::vector<std::vector<std::string>>& v;
  } pop{ts_declared_};
  bool in_prologue = true;
  Pos octal_directive{0, 0};
  while (!Is(end)) {
    if (Is(Tok::kEof)) {
      Unexpected();
      return false;
    }
    if (in_prologue) {
      if (Is(Tok::kString)) {
        uint32_t start = tok().start, len = tok().end - tok().start;
        bool octal = tok().legacy_octal;
        Pos p = Here();
        Node* s = ParseStatementListItem();
        if (!s) return false;
        auto* es =
            s->kind == NodeKind::kExpressionStatement ? s->As<ExpressionStatement>() : nullptr;
        if (es && es->expression->kind == NodeKind::kStringLiteral &&
            !es->expression->parenthesized && es->expression->line == p.line &&
            es->expression->column == p.column) {
          es->is_directive = true;
          if (octal && octal_directive.line == 0) octal_directive = p;
          std::string_view raw = src_.substr(start, len);
          if (raw == "'use strict'" || raw == "\"use strict\"") {
            *has_use_strict = true;
            scope_->strict = true;
            if (octal_directive.line != 0) {
              FailAt(octal_directive, "Octal escape sequences are not allowed in strict mode.");
              return false;
            }
          }
        } else {
          in_prologue = false;
        }
        body.push_back(s);
        continue;
      }
      in_prologue = false;
    }
    Node* s = ParseStatementListItem();
    if (!s || !AppendItem(body, s)) return false;
  }
  return true;
}

bool Parser::ConsumeSemicolon() {
  if (Is(Tok::kSemicolon)) {
    Next();
    return !failed();
  }
  if (Is(Tok::kRBrace) || Is(Tok::kEof) || tok().newline_before) return true;
  Unexpected();
  return false;
}

bool Parser::IsTsModifier(std::string_view s) const {
  return s == "public" || s == "private" || s == "protected" || s == "readonly" ||
         s == "override" || s == "abstract" || s == "declare" || s == "accessor";
}

// `let` at the start of a statement begins a lexical declaration when followed by `[`, `{` or an
// identifier (§14.3.1, §14.7 lookahead restrictions).
bool Parser::LetStartsDeclaration(bool in_single_statement) {
  if (!IsName("let")) return false;
  Peeked p = Peek();
  if (p.type == Tok::kLBracket) return true;
  if (in_single_statement && p.newline_before) return false;
  if (p.type == Tok::kLBrace) return true;
  if (p.type == Tok::kIdentifier) {
    // `let in`/`let instanceof` are keywords (not identifiers) so never get here.
    return true;
  }
  // Keywords that may not be binding names still start a (bad) declaration: `let yield`, `let
  // await` are kIdentifier; others like `let if` are errors either way.
  return false;
}

Node* Parser::ParseStatementListItem() {
  switch (t()) {
    case Tok::kFunction:
      return ParseFunction(NodeKind::kFunctionDeclaration, Here(), tok().start, false);
    case Tok::kClass:
      return ParseClass(NodeKind::kClassDeclaration, Here(), false);
    case Tok::kConst:
    case Tok::kEnum:
    case Tok::kImport:
    case Tok::kExport:
      return ParseDeclarationRare();
    case Tok::kIdentifier:
      if (!tok().escaped) return ParseDeclarationRare();
      break;
    default:
      break;
  }
  return ParseStatement();
}

// Declarations that need lookahead (kept out of ParseStatementListItem to keep its frame small).
Node* Parser::ParseDeclarationRare() {
  Pos start = Here();
  switch (t()) {
    case Tok::kFunction:
      return ParseFunction(NodeKind::kFunctionDeclaration, start, tok().start, false);
    case Tok::kClass:
      return ParseClass(NodeKind::kClassDeclaration, start, false);
    case Tok::kConst: {
      if (ts_) {
        Peeked p = Peek();
        if (p.type == Tok::kEnum) {
          Next();  // const
          return ParseEnum(start, true, nullptr);
        }
      }
      return ParseVariableStatement(DeclarationKind::kConst);
    }
    case Tok::kEnum:
      if (ts_) return ParseEnum(start, false, nullptr);
      return Unexpected();
    case Tok::kImport: {
      Peeked p = Peek();
      if (p.type == Tok::kLParen || p.type == Tok::kDot) return ParseStatement();
      if (ts_ && p.type == Tok::kIdentifier && p.text == "type" && !p.escaped) {
        if (!SkipImportExportType()) return nullptr;
        return &erased_;
      }
      if (ts_ && p.type == Tok::kLBrace && SkipTypeOnlySpecifiers()) return &erased_;
      return Unsupported(start, "import declarations are not supported");
    }
    case Tok::kExport: {
      if (ts_ && !ns_path_.empty() && scope_->ts_namespace) {
        const std::string ns = ns_path_.back();  // a copy: nested namespaces grow ns_path_
        if (!ParseNamespaceExport(start, ns)) return nullptr;
        return &erased_;
      }
      if (ts_) {
        Peeked p = Peek();
        if (p.type == Tok::kLBrace && SkipTypeOnlySpecifiers()) return &erased_;
        if (p.type == Tok::kIdentifier && !p.escaped &&
            (p.text == "type" || p.text == "interface" || p.text == "declare")) {
          if (p.text == "type") {
            // `export type { A }` / `export type A = ...`
            Snapshot s = Save();
            Next();  // export
            Next();  // type
            bool braces = Is(Tok::kLBrace) || Is(Tok::kStar);
            Restore(s);
            if (braces) {
              if (!SkipImportExportType()) return nullptr;
              return &erased_;
            }
          }
          Next();  // export
          bool handled = false;
          Node* r = SkipTsDeclaration(&handled);
          if (handled) return r;
          return Unsupported(start, "export declarations are not supported");
        }
      }
      return Unsupported(start, "export declarations are not supported");
    }
    case Tok::kIdentifier: {
      if (tok().escaped) break;
      const std::string& name = tok().text;
      if (name == "let") {
        if (LetStartsDeclaration(false)) return ParseVariableStatement(DeclarationKind::kLet);
        break;
      }
      if (name == "async") {
        Peeked p = Peek();
        if (p.type == Tok::kFunction && !p.newline_before) {
          uint32_t src_start = tok().start;
          Next();
          return ParseFunction(NodeKind::kFunctionDeclaration, start, src_start, true);
        }
        break;
      }
      if (ts_) {
        bool handled = false;
        Node* r = SkipTsDeclaration(&handled);
        if (handled) return r;
      }
      break;
    }
    default:
      break;
  }
  return ParseStatement();
}

Node* Parser::ParseStatement(bool allow_function_decl) {
  ENTER();
  Pos start = Here();
  switch (t()) {
    case Tok::kLBrace:
      return ParseBlock();
    case Tok::kVar:
      return ParseVariableStatement(DeclarationKind::kVar);
    case Tok::kSemicolon:
      Next();
      return Make<EmptyStatement>(start);
    case Tok::kIf:
      return ParseIf();
    case Tok::kFor:
      return ParseFor();
    case Tok::kWhile:
      return ParseWhile();
    case Tok::kDo:
      return ParseDoWhile();
    case Tok::kContinue:
      return ParseContinueBreak(false);
    case Tok::kBreak:
      return ParseContinueBreak(true);
    case Tok::kReturn:
      return ParseReturn();
    case Tok::kThrow:
      return ParseThrow();
    case Tok::kTry:
      return ParseTry();
    case Tok::kSwitch:
      return ParseSwitch();
    case Tok::kDebugger:
      Next();
      if (failed() || !ConsumeSemicolon()) return nullptr;
      return Make<DebuggerStatement>(start);
    case Tok::kWith:
      if (scope_->strict) return Fail("Strict mode code may not include a with statement");
      return Unsupported(start, "with statements are not supported");
    case Tok::kFunction: {
      if (scope_->strict) {
        return Fail(
            "In strict mode code, functions can only be declared at top level or inside a block.");
      }
      if (!allow_function_decl) {
        return Fail(
            "In non-strict mode code, functions can only be declared at top level, inside a block, "
            "or as the body of an if statement.");
      }
      Node* f = ParseFunction(NodeKind::kFunctionDeclaration, start, tok().start, false);
      if (f && (f->As<FunctionNode>()->is_generator || f->As<FunctionNode>()->is_async)) {
        return FailAt(start, "Generators can only be declared at the top level or inside a block.");
      }
      return f;
    }
    case Tok::kClass:
    case Tok::kConst:
      if (Is(Tok::kConst))
        return Fail("Lexical declaration cannot appear in a single-statement context");
      return Unexpected();
    case Tok::kIdentifier:
      if ((IsName("let") || IsName("async")) && CheckSingleStatementIdentifier() == nullptr &&
          failed()) {
        return nullptr;
      }
      break;
    default:
      break;
  }
  return ParseLabeledOrExpressionStatement();
}

// `let` declarations and async functions are not allowed as the body of if/loops/labels. Returns
// nullptr (with an error set) when the statement is one of them.
Node* Parser::CheckSingleStatementIdentifier() {
  if (IsName("let") && LetStartsDeclaration(true)) {
    return Fail("Lexical declaration cannot appear in a single-statement context");
  }
  if (IsName("async")) {
    Peeked p = Peek();
    if (p.type == Tok::kFunction && !p.newline_before) {
      return Fail("Async functions can only be declared at the top level or inside a block.");
    }
  }
  return nullptr;
}

Node* Parser::ParseBlock() {
  Pos start = Here();
  if (!Expect(Tok::kLBrace)) return nullptr;
  auto* block = Make<BlockStatement>(start);
  ts_declared_.emplace_back();
  while (!Is(Tok::kRBrace)) {
    if (Is(Tok::kEof)) return Unexpected();
    Node* s = ParseStatementListItem();
    if (!s || !AppendItem(block->body, s)) {
      ts_declared_.pop_back();
      return nullptr;
    }
  }
  ts_declared_.pop_back();
  Next();
  if (failed()) return nullptr;
  return block;
}

Node* Parser::ParseVariableStatement(DeclarationKind kind) {
  Pos kw = Here();
  Next();  // var / let / const
  if (failed()) return nullptr;
  VariableDeclaration* decl = ParseVarDeclList(kw, kind, false);
  if (!decl || !CheckDeclaratorInits(decl) || !ConsumeSemicolon()) return nullptr;
  return decl;
}

// Parses `a = 1, [b] = c, ...` after the var/let/const keyword at `kw`. Initializers are not
// required here (the caller checks them: for-in/of heads have none).
VariableDeclaration* Parser::ParseVarDeclList(Pos kw, DeclarationKind kind, bool no_in) {
  auto* decl = Make<VariableDeclaration>(kw);
  decl->kind = kind;
  bool lexical = kind != DeclarationKind::kVar;
  while (true) {
    Pos p = Here();
    Node* target;
    if (Is(Tok::kLBracket) || Is(Tok::kLBrace)) {
      target = ParseBindingTarget();
    } else {
      if (!IsIdentifierToken()) return Unexpected();
      if (!CheckIdentifierToken(true, lexical)) return nullptr;
      auto* id = Make<Identifier>(p);
      id->name = tok().text;
      Next();
      target = id;
    }
    if (!target || failed()) return nullptr;
    if (ts_) {
      if (Is(Tok::kBang) && !tok().newline_before) Next();  // definite assignment `let x!: T`
      if (Is(Tok::kColon) && !SkipTypeAnnotation()) return nullptr;
    }
    auto* d = Make<VariableDeclarator>(p);
    d->target = target;
    if (Is(Tok::kAssign)) {
      Next();
      if (failed()) return nullptr;
      d->init = ParseAssignment(no_in);
      if (!d->init) return nullptr;
    }
    decl->declarations.push_back(d);
    if (!Is(Tok::kComma)) break;
    Next();
    if (failed()) return nullptr;
  }
  return decl;
}

bool Parser::CheckDeclaratorInits(VariableDeclaration* decl) {
  for (VariableDeclarator* d : decl->declarations) {
    if (d->init) continue;
    if (d->target->kind != NodeKind::kIdentifier) {
      FailAt(Pos{d->line, d->column}, "Missing initializer in destructuring declaration");
      return false;
    }
    if (decl->kind == DeclarationKind::kConst) {
      FailAt(Pos{d->line, d->column}, "Missing initializer in const declaration");
      return false;
    }
  }
  return true;
}

Node* Parser::ParseIf() {
  Pos start = Here();
  Next();
  if (failed() || !Expect(Tok::kLParen)) return nullptr;
  auto* s = Make<IfStatement>(start);
  s->test = ParseExpression(false);
  if (!s->test || !Expect(Tok::kRParen)) return nullptr;
  s->consequent = ParseStatement(/*allow_function_decl=*/true);
  if (!s->consequent) return nullptr;
  if (Is(Tok::kElse)) {
    Next();
    if (failed()) return nullptr;
    s->alternate = ParseStatement(true);
    if (!s->alternate) return nullptr;
  }
  return s;
}

Node* Parser::LoopBody() {
  ++scope_->loop_depth;
  ++scope_->breakable_depth;
  Node* body = ParseStatement();
  --scope_->loop_depth;
  --scope_->breakable_depth;
  return body;
}

Node* Parser::ParseFor() {
  Pos start = Here();
  Next();
  if (failed()) return nullptr;
  bool is_await = false;
  if (IsName("await")) {
    if (!scope_->is_async || scope_->in_params) return Fail("Unexpected reserved word");
    is_await = true;
    if (scope_->program) scope_->program->has_await = true;
    Next();
    if (failed()) return nullptr;
  }
  if (!Expect(Tok::kLParen)) return nullptr;
  Node* init = nullptr;
  Pos init_pos = Here();
  bool is_decl = false;
  if (Is(Tok::kSemicolon)) {
    // no init
  } else if (Is(Tok::kVar) || Is(Tok::kConst) || LetStartsDeclaration(false)) {
    DeclarationKind kind = Is(Tok::kVar)     ? DeclarationKind::kVar
                           : Is(Tok::kConst) ? DeclarationKind::kConst
                                             : DeclarationKind::kLet;
    Next();
    if (failed()) return nullptr;
    VariableDeclaration* decl = ParseVarDeclList(init_pos, kind, true);
    if (!decl) return nullptr;
    init = decl;
    is_decl = true;
  } else {
    bool starts_with_let = IsName("let");
    bool starts_with_async = IsName("async");
    size_t covers = cover_errors_.size();
    Node* lhs = ParseAssignment(/*no_in=*/true, /*allow_cover=*/true);
    if (!lhs) return nullptr;
    bool is_of = IsName("of");
    if (Is(Tok::kIn) || is_of) {
      if (is_of && starts_with_let && lhs->kind == NodeKind::kIdentifier) {
        return FailAt(init_pos, "The left-hand side of a for-of loop may not be 'let'.");
      }
      if (is_of && !is_await && starts_with_async && lhs->kind == NodeKind::kIdentifier &&
          !lhs->parenthesized) {
        return FailAt(init_pos, "The left-hand side of a for-of loop may not be 'async'.");
      }
      init = ToAssignTarget(lhs, "Invalid left-hand side in for-loop", false);
      if (!init) return nullptr;
      cover_errors_.resize(covers);
    } else {
      if (cover_errors_.size() > covers) {
        return FailAt(cover_errors_[covers].pos, cover_errors_[covers].message);
      }
      if (Is(Tok::kComma)) {
        auto* seq = Make<SequenceExpression>(init_pos);
        seq->expressions.push_back(lhs);
        while (Is(Tok::kComma)) {
          Next();
          if (failed()) return nullptr;
          Node* e = ParseAssignment(true);
          if (!e) return nullptr;
          seq->expressions.push_back(e);
        }
        lhs = seq;
      }
      init = lhs;
    }
  }
  // for-in / for-of
  if (init && (Is(Tok::kIn) || IsName("of"))) {
    bool is_of = !Is(Tok::kIn);
    if (is_decl) {
      auto* decl = init->As<VariableDeclaration>();
      if (decl->declarations.size() != 1) {
        return FailAt(init_pos,
                      is_of ? "Invalid left-hand side in for-of loop: Must have a single binding."
                            : "Invalid left-hand side in for-in loop: Must have a single binding.");
      }
      if (decl->declarations[0]->init) {
        if (!is_of && !scope_->strict && decl->kind == DeclarationKind::kVar &&
            decl->declarations[0]->target->kind == NodeKind::kIdentifier) {
          return Unsupported(init_pos, "for-in variable initializers (Annex B) are not supported");
        }
        return FailAt(init_pos,
                      is_of ? "for-of loop variable declaration may not have an initializer."
                            : "for-in loop variable declaration may not have an initializer.");
      }
    }
    if (is_await && !is_of) return Unexpected();
    Next();
    if (failed()) return nullptr;
    Node* right = is_of ? ParseAssignment(false) : ParseExpression(false);
    if (!right || !Expect(Tok::kRParen)) return nullptr;
    Node* body = LoopBody();
    if (!body) return nullptr;
    if (is_of) {
      auto* s = Make<ForOfStatement>(start);
      s->left = init;
      s->right = right;
      s->body = body;
      s->is_await = is_await;
      return s;
    }
    auto* s = Make<ForInStatement>(start);
    s->left = init;
    s->right = right;
    s->body = body;
    return s;
  }
  if (is_await) return Unexpected();
  if (is_decl && !CheckDeclaratorInits(init->As<VariableDeclaration>())) return nullptr;
  auto* s = Make<ForStatement>(start);
  s->init = init;
  if (!Expect(Tok::kSemicolon)) return nullptr;
  if (!Is(Tok::kSemicolon)) {
    s->test = ParseExpression(false);
    if (!s->test) return nullptr;
  }
  if (!Expect(Tok::kSemicolon)) return nullptr;
  if (!Is(Tok::kRParen)) {
    s->update = ParseExpression(false);
    if (!s->update) return nullptr;
  }
  if (!Expect(Tok::kRParen)) return nullptr;
  s->body = LoopBody();
  if (!s->body) return nullptr;
  return s;
}

Node* Parser::ParseWhile() {
  Pos start = Here();
  Next();
  if (failed() || !Expect(Tok::kLParen)) return nullptr;
  auto* s = Make<WhileStatement>(start);
  s->test = ParseExpression(false);
  if (!s->test || !Expect(Tok::kRParen)) return nullptr;
  s->body = LoopBody();
  if (!s->body) return nullptr;
  return s;
}

Node* Parser::ParseDoWhile() {
  Pos start = Here();
  Next();
  if (failed()) return nullptr;
  auto* s = Make<DoWhileStatement>(start);
  s->body = LoopBody();
  if (!s->body) return nullptr;
  if (!Expect(Tok::kWhile) || !Expect(Tok::kLParen)) return nullptr;
  s->test = ParseExpression(false);
  if (!s->test || !Expect(Tok::kRParen)) return nullptr;
  // §12.10.1: a semicolon is inserted after do-while's `)` if missing, even without a newline.
  if (Is(Tok::kSemicolon)) {
    Next();
    if (failed()) return nullptr;
  }
  return s;
}

Node* Parser::ParseContinueBreak(bool is_break) {
  Pos start = Here();
  Next();
  if (failed()) return nullptr;
  std::string label;
  if (Is(Tok::kIdentifier) && !tok().newline_before) {
    label = tok().text;
    const Scope::Label* found = nullptr;
    for (auto it = scope_->labels.rbegin(); it != scope_->labels.rend(); ++it) {
      if (it->name == label) {
        found = &*it;
        break;
      }
    }
    if (!found) return Fail("Undefined label '" + label + "'");
    if (!is_break && !found->loop) {
      return Fail("Illegal continue statement: '" + label +
                  "' does not denote an iteration statement");
    }
    Next();
    if (failed()) return nullptr;
  } else if (is_break) {
    if (scope_->breakable_depth == 0) return FailAt(start, "Illegal break statement");
  } else if (scope_->loop_depth == 0) {
    return FailAt(start, "Illegal continue statement: no surrounding iteration statement");
  }
  if (!ConsumeSemicolon()) return nullptr;
  if (is_break) {
    auto* s = Make<BreakStatement>(start);
    s->label = std::move(label);
    return s;
  }
  auto* s = Make<ContinueStatement>(start);
  s->label = std::move(label);
  return s;
}

Node* Parser::ParseReturn() {
  Pos start = Here();
  if (!scope_->allow_return) return Fail("Illegal return statement");
  Next();
  if (failed()) return nullptr;
  auto* s = Make<ReturnStatement>(start);
  if (!Is(Tok::kSemicolon) && !Is(Tok::kRBrace) && !Is(Tok::kEof) && !tok().newline_before) {
    s->argument = ParseExpression(false);
    if (!s->argument) return nullptr;
  }
  if (!ConsumeSemicolon()) return nullptr;
  return s;
}

Node* Parser::ParseThrow() {
  Pos start = Here();
  Next();
  if (failed()) return nullptr;
  if (tok().newline_before) return FailAt(start, "Illegal newline after throw");
  auto* s = Make<ThrowStatement>(start);
  s->argument = ParseExpression(false);
  if (!s->argument || !ConsumeSemicolon()) return nullptr;
  return s;
}

Node* Parser::ParseTry() {
  Pos start = Here();
  Next();
  if (failed()) return nullptr;
  auto* s = Make<TryStatement>(start);
  if (!Is(Tok::kLBrace)) return Unexpected();
  Node* block = ParseBlock();
  if (!block) return nullptr;
  s->block = block->As<BlockStatement>();
  if (Is(Tok::kCatch)) {
    auto* c = Make<CatchClause>(Here());
    Next();
    if (failed()) return nullptr;
    if (Is(Tok::kLParen)) {
      Next();
      if (failed()) return nullptr;
      c->param = ParseBindingTarget();
      if (!c->param) return nullptr;
      if (ts_ && Is(Tok::kColon) && !SkipTypeAnnotation()) return nullptr;
      if (!Expect(Tok::kRParen)) return nullptr;
    }
    if (!Is(Tok::kLBrace)) return Unexpected();
    Node* body = ParseBlock();
    if (!body) return nullptr;
    c->body = body->As<BlockStatement>();
    s->handler = c;
  }
  if (Is(Tok::kFinally)) {
    Next();
    if (failed()) return nullptr;
    if (!Is(Tok::kLBrace)) return Unexpected();
    Node* fin = ParseBlock();
    if (!fin) return nullptr;
    s->finalizer = fin->As<BlockStatement>();
  }
  if (!s->handler && !s->finalizer) return Fail("Missing catch or finally after try");
  return s;
}

Node* Parser::ParseSwitch() {
  Pos start = Here();
  Next();
  if (failed() || !Expect(Tok::kLParen)) return nullptr;
  auto* s = Make<SwitchStatement>(start);
  s->discriminant = ParseExpression(false);
  if (!s->discriminant || !Expect(Tok::kRParen) || !Expect(Tok::kLBrace)) return nullptr;
  ++scope_->breakable_depth;
  bool has_default = false;
  while (!Is(Tok::kRBrace)) {
    auto* c = Make<SwitchCase>(Here());
    if (Is(Tok::kCase)) {
      Next();
      if (failed()) return nullptr;
      c->test = ParseExpression(false);
      if (!c->test) return nullptr;
    } else if (Is(Tok::kDefault)) {
      if (has_default) return Fail("More than one default clause in switch statement");
      has_default = true;
      Next();
      if (failed()) return nullptr;
    } else {
      return Unexpected();
    }
    if (!Expect(Tok::kColon)) return nullptr;
    while (!Is(Tok::kCase) && !Is(Tok::kDefault) && !Is(Tok::kRBrace)) {
      if (Is(Tok::kEof)) return Unexpected();
      Node* st = ParseStatementListItem();
      if (!st || !AppendItem(c->body, st)) return nullptr;
    }
    s->cases.push_back(c);
  }
  --scope_->breakable_depth;
  Next();
  if (failed()) return nullptr;
  return s;
}

Node* Parser::ParseLabeledOrExpressionStatement() {
  Pos start = Here();
  bool maybe_label = Is(Tok::kIdentifier);
  Node* expr = ParseExpression(false);
  if (!expr) return nullptr;
  if (maybe_label && Is(Tok::kColon) && expr->kind == NodeKind::kIdentifier &&
      !expr->parenthesized) {
    std::string name = expr->As<Identifier>()->name;
    Next();
    if (failed()) return nullptr;
    return ParseLabeledBody(start, std::move(name));
  }
  if (!ConsumeSemicolon()) return nullptr;
  auto* s = Make<ExpressionStatement>(start);
  s->expression = expr;
  return s;
}

Node* Parser::ParseLabeledBody(Pos start, std::string label) {
  for (const Scope::Label& l : scope_->labels) {
    if (l.name == label) return FailAt(start, "Label '" + label + "' has already been declared");
  }
  // Labels directly in front of a loop (possibly through other labels) can be `continue` targets.
  size_t first = scope_->labels.size();
  scope_->labels.push_back({label, false});
  auto* s = Make<LabeledStatement>(start);
  s->label = label;
  // Gather a chain `a: b: c: stmt`.
  std::vector<std::pair<Pos, std::string>> chain;
  while (Is(Tok::kIdentifier)) {
    Snapshot snap = Save();
    Pos p = Here();
    std::string name = tok().text;
    bool ok_ident = IsIdentifierToken();
    Next();
    if (!failed() && ok_ident && Is(Tok::kColon)) {
      if (!CheckIdentifierName(name, p, false, false, scope_->strict)) return nullptr;
      for (const Scope::Label& l : scope_->labels) {
        if (l.name == name) return FailAt(p, "Label '" + name + "' has already been declared");
      }
      Next();
      if (failed()) return nullptr;
      scope_->labels.push_back({name, false});
      chain.emplace_back(p, name);
      continue;
    }
    Restore(snap);
    break;
  }
  if (Is(Tok::kFor) || Is(Tok::kWhile) || Is(Tok::kDo)) {
    for (size_t i = first; i < scope_->labels.size(); ++i) scope_->labels[i].loop = true;
  }
  Node* body = ParseStatement(/*allow_function_decl=*/true);
  if (body && body->kind == NodeKind::kFunctionDeclaration &&
      (scope_->strict || body->As<FunctionNode>()->is_generator ||
       body->As<FunctionNode>()->is_async)) {
    return FailAt(
        Pos{body->line, body->column},
        "In strict mode code, functions can only be declared at top level or inside a block.");
  }
  scope_->labels.resize(first);
  if (!body) return nullptr;
  // Build the nested LabeledStatements from the inside out.
  for (size_t i = chain.size(); i-- > 0;) {
    auto* inner = Make<LabeledStatement>(chain[i].first);
    inner->label = chain[i].second;
    inner->body = body;
    body = inner;
  }
  s->body = body;
  return s;
}

// ======================================================================================
// Identifiers and scope flags
// ======================================================================================

bool Parser::IsIdentifierToken() const { return t() == Tok::kIdentifier; }

bool Parser::CheckIdentifierName(const std::string& name, Pos p, bool binding, bool lexical,
                                 bool strict) {
  if (IsReservedKeywordName(name)) {
    FailAt(p, "Keyword must not contain escaped characters");
    return false;
  }
  if (name == "yield") {
    if (scope_->is_generator || (scope_->in_params && scope_->fn && scope_->fn->is_generator)) {
      FailAt(p, "Unexpected identifier 'yield'");
      return false;
    }
    if (strict) {
      FailAt(p, "Unexpected strict mode reserved word");
      return false;
    }
  } else if (name == "await") {
    if (scope_->is_async || scope_->in_static_block) {
      FailAt(p, "Unexpected reserved word");
      return false;
    }
  } else if (strict && IsStrictReserved(name)) {
    FailAt(p, "Unexpected strict mode reserved word");
    return false;
  }
  if (binding && !ts_rewrites_.empty() && !ts_export_binding_) {
    for (const TsRewrite& r : ts_rewrites_) {
      if (!r.is_namespace) continue;
      for (const std::string& n : r.names) {
        if (n == name) {
          Unsupported(p, "a declaration of '" + name +
                             "' shadowing the exported namespace member is not supported");
          return false;
        }
      }
    }
  }
  if (binding) {
    if (strict && (name == "eval" || name == "arguments")) {
      FailAt(p, "Unexpected eval or arguments in strict mode");
      return false;
    }
    if (lexical && name == "let") {
      FailAt(p, "let is disallowed as a lexically bound name");
      return false;
    }
  }
  return true;
}

bool Parser::CheckIdentifierToken(bool binding, bool lexical) {
  return CheckIdentifierName(tok().text, Here(), binding, lexical, scope_->strict);
}

void Parser::MarkThis() {
  for (Scope* s = scope_; s; s = s->parent) {
    if (s->fn) s->fn->uses_this = true;
    if (s->program) s->program->uses_this = true;
    if (s->field) s->field->value_uses_this = true;
    if (!s->is_arrow) break;
  }
}

bool Parser::MarkArguments(Pos p) {
  for (Scope* s = scope_; s; s = s->parent) {
    if (s->in_field_init) {
      FailAt(
          p,
          "'arguments' is not allowed in class field initializer or static initialization block");
      return false;
    }
    if (s->fn) s->fn->uses_arguments = true;
    if (s->program) s->program->uses_arguments = true;
    if (!s->is_arrow) break;
  }
  return true;
}

void Parser::MarkNewTarget() {
  for (Scope* s = scope_; s; s = s->parent) {
    if (s->fn) s->fn->uses_new_target = true;
    if (!s->is_arrow) break;
  }
}

bool Parser::MarkSuper(Pos p, bool is_call) {
  if (is_call ? !scope_->allow_super_call : !scope_->allow_super_property) {
    FailAt(p, "'super' keyword unexpected here");
    return false;
  }
  for (Scope* s = scope_; s; s = s->parent) {
    if (s->fn) {
      if (is_call) {
        s->fn->uses_super_call = true;
      } else {
        s->fn->uses_super_property = true;
      }
    }
    if (s->field && !is_call) s->field->value_uses_super_property = true;
    if (!s->is_arrow) break;
  }
  return true;
}

// ======================================================================================
// Functions
// ======================================================================================

// `function` [*] name? (params) { body } — at `function` (after `async` when is_async).
Node* Parser::ParseFunction(NodeKind kind, Pos start, uint32_t source_start, bool is_async) {
  Next();  // function
  if (failed()) return nullptr;
  auto* fn = MakeK<FunctionNode>(kind, start);
  fn->is_async = is_async;
  fn->source_start = source_start;
  if (Is(Tok::kStar)) {
    fn->is_generator = true;
    Next();
    if (failed()) return nullptr;
  }
  if (IsIdentifierToken()) {
    Pos p = Here();
    bool ok;
    if (kind == NodeKind::kFunctionExpression && (tok().text == "yield" || tok().text == "await") &&
        !tok().escaped) {
      // The name of a function expression is bound inside it: checked with its own async/generator
      // flags, not the enclosing function's (§15.2.1).
      ok = true;
      if ((fn->is_generator && tok().text == "yield") || (fn->is_async && tok().text == "await")) {
        FailAt(p, "Unexpected reserved word");
        ok = false;
      } else if (tok().text == "yield" && scope_->strict) {
        FailAt(p, "Unexpected strict mode reserved word");
        ok = false;
      }
    } else if (kind == NodeKind::kFunctionExpression) {
      ok = CheckIdentifierName(tok().text, p, true, false, scope_->strict);
    } else {
      ok = CheckIdentifierToken(true, false);
    }
    if (!ok) return nullptr;
    fn->id = Make<Identifier>(p);
    fn->id->name = tok().text;
    Next();
    if (failed()) return nullptr;
  } else if (kind == NodeKind::kFunctionDeclaration) {
    if (Is(Tok::kLParen)) return FailAt(start, "Function statements require a function name");
    return Unexpected();
  }
  Scope scope;
  scope.parent = scope_;
  scope.fn = fn;
  scope.is_async = is_async;
  scope.is_generator = fn->is_generator;
  scope.strict = scope_->strict;
  scope.allow_return = true;
  bool has_body = true;
  if (!ParseFunctionRest(
          fn, &scope, /*allow_no_body=*/ts_ && kind == NodeKind::kFunctionDeclaration, &has_body)) {
    return nullptr;
  }
  if (!has_body) {
    // TypeScript overload signature `function f(x: T): R;`: erased.
    if (!ConsumeSemicolon()) return nullptr;
    return &erased_;
  }
  if (fn->strict && !scope_->strict && fn->id &&
      !CheckIdentifierName(fn->id->name, Pos{fn->id->line, fn->id->column}, true, false, true)) {
    return nullptr;
  }
  return fn;
}

// Parses [<T>] (params) [: R] { body } into fn using `scope` (already set up, not yet entered).
bool Parser::ParseFunctionRest(FunctionNode* fn, Scope* scope, bool allow_no_body, bool* has_body) {
  Scope* outer = scope_;
  scope_ = scope;
  bool ok = [&] {
    if (ts_ && Is(Tok::kLt) && !SkipTypeParams()) return false;
    if (!Is(Tok::kLParen)) {
      Unexpected();
      return false;
    }
    if (!ParseFormalParams(fn, fn->method_kind == MethodKind::kConstructor)) return false;
    if (ts_ && Is(Tok::kColon) && !SkipReturnType()) return false;
    if (allow_no_body && !Is(Tok::kLBrace)) {
      *has_body = false;
      return true;
    }
    if (!Is(Tok::kLBrace)) {
      Unexpected();
      return false;
    }
    return ParseFunctionBody(fn, scope);
  }();
  scope_ = outer;
  return ok && !failed();
}

bool Parser::ParseFormalParams(FunctionNode* fn, bool is_constructor, bool validate) {
  // At '('.
  Next();
  if (failed()) return false;
  bool saved_in_params = scope_->in_params;
  scope_->in_params = true;
  int await_yield_before = scope_->await_yield_count;
  while (!Is(Tok::kRParen)) {
    Pos p = Here();
    if (ts_ && Is(Tok::kThis)) {
      // TypeScript `this` parameter: `function f(this: Foo, ...)`.
      Next();
      if (failed()) return false;
      if (Is(Tok::kColon) && !SkipTypeAnnotation()) return false;
      if (!Is(Tok::kRParen) && !Expect(Tok::kComma)) return false;
      continue;
    }
    bool parameter_property = false;
    while (ts_ && Is(Tok::kIdentifier) && !tok().escaped && IsTsModifier(tok().text)) {
      Peeked nx = Peek();
      if (nx.newline_before ||
          !(nx.type == Tok::kIdentifier || nx.type == Tok::kLBrace || nx.type == Tok::kLBracket)) {
        break;
      }
      if (!is_constructor) {
        Fail("A parameter property is only allowed in a constructor implementation.");
        return false;
      }
      // TypeScript `constructor(private x: T)`: a parameter assigned to this.x (lowered by the
      // compiler, compiler/lower_class.cc).
      parameter_property = true;
      Next();
      if (failed()) return false;
    }
    if (parameter_property && !Is(Tok::kIdentifier)) {
      Fail("A parameter property may not be declared using a binding pattern.");
      return false;
    }
    if (Is(Tok::kAt)) {
      Unsupported(p, "decorators are not supported");
      return false;
    }
    if (Is(Tok::kEllipsis)) {
      Next();
      if (failed()) return false;
      Node* target = ParseBindingTarget();
      if (!target) return false;
      if (ts_ && Is(Tok::kQuestion)) Next();
      if (ts_ && Is(Tok::kColon) && !SkipTypeAnnotation()) return false;
      if (Is(Tok::kAssign)) {
        Fail("Rest parameter may not have a default initializer");
        return false;
      }
      auto* rest = Make<RestElement>(p);
      rest->argument = target;
      fn->params.push_back(rest);
      fn->has_simple_parameter_list = false;
      if (!Is(Tok::kRParen)) {
        if (Is(Tok::kComma)) {
          Fail("Rest parameter must be last formal parameter");
        } else {
          Unexpected();
        }
        return false;
      }
      break;
    }
    Node* target = ParseBindingTarget();
    if (!target) return false;
    if (parameter_property && target->kind == NodeKind::kIdentifier)
      fn->parameter_properties.push_back(target->As<Identifier>());
    if (target->kind != NodeKind::kIdentifier) fn->has_simple_parameter_list = false;
    if (ts_ && Is(Tok::kQuestion)) {
      Next();  // optional parameter
      if (failed()) return false;
    }
    if (ts_ && Is(Tok::kColon) && !SkipTypeAnnotation()) return false;
    if (Is(Tok::kAssign)) {
      Next();
      if (failed()) return false;
      auto* ap = Make<AssignmentPattern>(p);
      ap->target = target;
      ap->default_value = ParseAssignment(false);
      if (!ap->default_value) return false;
      fn->has_simple_parameter_list = false;
      target = ap;
    }
    fn->params.push_back(target);
    if (!Is(Tok::kRParen)) {
      if (!Is(Tok::kComma)) {
        Unexpected();
        return false;
      }
      Next();
      if (failed()) return false;
    }
  }
  if (scope_->await_yield_count != await_yield_before && !scope_->arrow_params) {
    // The precise position is that of the expression; the parameter list start is close enough.
    Fail(fn->is_async ? "Illegal await-expression in formal parameters of async function"
                      : "Yield expression not allowed in formal parameter");
    return false;
  }
  scope_->in_params = saved_in_params;
  Next();  // ')'
  if (failed()) return false;
  if (!validate) return true;
  bool unique =
      fn->is_arrow || fn->method_kind != MethodKind::kNone || !fn->has_simple_parameter_list;
  return ValidateParams(fn, scope_->strict, unique);
}

void Parser::CollectBoundNames(Node* target, std::vector<Identifier*>& out) {
  if (!target) return;
  switch (target->kind) {
    case NodeKind::kIdentifier:
      out.push_back(target->As<Identifier>());
      break;
    case NodeKind::kAssignmentPattern:
      CollectBoundNames(target->As<AssignmentPattern>()->target, out);
      break;
    case NodeKind::kRestElement:
      CollectBoundNames(target->As<RestElement>()->argument, out);
      break;
    case NodeKind::kArrayPattern:
      for (Node* e : target->As<ArrayPattern>()->elements) CollectBoundNames(e, out);
      break;
    case NodeKind::kObjectPattern:
      for (Node* p : target->As<ObjectPattern>()->properties) {
        if (p->kind == NodeKind::kProperty) {
          CollectBoundNames(p->As<Property>()->value, out);
        } else {
          CollectBoundNames(p, out);
        }
      }
      break;
    default:
      break;
  }
}

// Early errors on formal parameters (§15.2.1, §15.1.1): strict-mode names and duplicates.
bool Parser::ValidateParams(FunctionNode* fn, bool strict, bool force_unique) {
  std::vector<Identifier*> names;
  for (Node* p : fn->params) CollectBoundNames(p, names);
  for (size_t i = 0; i < names.size(); ++i) {
    Identifier* id = names[i];
    Pos p{id->line, id->column};
    if (strict) {
      if (id->name == "eval" || id->name == "arguments") {
        FailAt(p, "Unexpected eval or arguments in strict mode");
        return false;
      }
      if (IsStrictReserved(id->name)) {
        FailAt(p, "Unexpected strict mode reserved word");
        return false;
      }
    }
    if (strict || force_unique) {
      for (size_t j = 0; j < i; ++j) {
        if (names[j]->name == id->name) {
          FailAt(p, "Duplicate parameter name not allowed in this context");
          return false;
        }
      }
    }
  }
  return true;
}

bool Parser::ParseFunctionBody(FunctionNode* fn, Scope* scope) {
  ENTER_BOOL();
  // At '{'.
  Next();
  if (failed()) return false;
  bool was_strict = scope->strict;
  bool use_strict = false;
  if (!ParseBody(fn->body, Tok::kRBrace, &use_strict)) return false;
  fn->source_end = tok().end;
  Next();  // '}'
  if (failed()) return false;
  fn->has_use_strict_directive = use_strict;
  fn->strict = scope->strict;
  if (use_strict && !fn->has_simple_parameter_list) {
    FailAt(Pos{fn->line, fn->column},
           "Illegal 'use strict' directive in function with non-simple parameter list");
    return false;
  }
  if (scope->strict && !was_strict) {
    bool unique =
        fn->is_arrow || fn->method_kind != MethodKind::kNone || !fn->has_simple_parameter_list;
    if (!ValidateParams(fn, true, unique)) return false;
  }
  return true;
}

// Parses the body after `=>` of an arrow whose params are parsed (scope is the arrow's scope).
Node* Parser::ParseArrowBody(FunctionNode* fn, Scope* scope, bool no_in) {
  // At '=>'.
  if (tok().newline_before) return Unexpected();
  Next();
  if (failed()) return nullptr;
  Scope* outer = scope_;
  scope_ = scope;
  bool ok;
  if (Is(Tok::kLBrace)) {
    ok = ParseFunctionBody(fn, scope);
  } else {
    fn->expression_body = ParseAssignment(no_in);
    ok = fn->expression_body != nullptr;
    fn->source_end = prev_end_;
    fn->strict = scope->strict;
  }
  scope_ = outer;
  if (!ok) return nullptr;
  return fn;
}

// `x => body` / `async x => body`, at the identifier.
Node* Parser::ParseIdentifierArrow(Pos start, uint32_t source_start, bool is_async, bool no_in) {
  auto* fn = MakeK<FunctionNode>(NodeKind::kArrowFunction, start);
  fn->is_arrow = true;
  fn->is_async = is_async;
  fn->source_start = source_start;
  Scope scope;
  scope.parent = scope_;
  scope.is_arrow = true;
  scope.is_async = is_async;
  scope.strict = scope_->strict;
  scope.allow_return = true;
  scope.allow_super_property = scope_->allow_super_property;
  scope.allow_super_call = scope_->allow_super_call;
  scope.in_field_init = scope_->in_field_init;
  scope.fn = fn;
  Scope* outer = scope_;
  Pos p = Here();
  // ArrowParameters[?Yield, ?Await]: the enclosing function's reserved words apply too.
  if (!CheckIdentifierToken(true, false)) return nullptr;
  scope_ = &scope;
  bool ok = CheckIdentifierToken(true, false);
  if (ok && is_async && tok().text == "await") {
    FailAt(p, "Unexpected reserved word");
    ok = false;
  }
  scope_ = outer;
  if (!ok) return nullptr;
  auto* id = Make<Identifier>(p);
  id->name = tok().text;
  fn->params.push_back(id);
  Next();
  if (failed()) return nullptr;
  if (!Is(Tok::kArrow)) return Unexpected();
  return ParseArrowBody(fn, &scope, no_in);
}

// Tries `[async] [<T>](params)[: R] =>` at `(` or `<`. On success parses the body and returns the
// arrow; otherwise restores the state and sets *is_arrow = false.
Node* Parser::TryParseParenArrow(Pos start, uint32_t source_start, bool is_async, bool no_in,
                                 bool* is_arrow) {
  *is_arrow = false;
  uint32_t key = tok().start * 2 + (is_async ? 1 : 0);
  if (failed_arrow_starts_.count(key)) return nullptr;
  Snapshot snap = Save();
  auto* fn = MakeK<FunctionNode>(NodeKind::kArrowFunction, start);
  fn->is_arrow = true;
  fn->is_async = is_async;
  fn->source_start = source_start;
  Scope scope;
  scope.parent = scope_;
  scope.is_arrow = true;
  scope.is_async = is_async;
  scope.strict = scope_->strict;
  scope.allow_return = true;
  scope.allow_super_property = scope_->allow_super_property;
  scope.allow_super_call = scope_->allow_super_call;
  scope.in_field_init = scope_->in_field_init;
  scope.fn = fn;
  // ArrowParameters[?Yield, ?Await]: yield/await in the parameters follow the enclosing function.
  scope.is_generator = scope_->is_generator;
  scope.is_async = is_async || scope_->is_async;
  scope.arrow_params = true;
  Scope* outer = scope_;
  scope_ = &scope;
  bool in_consequent = in_conditional_consequent_;
  in_conditional_consequent_ = false;
  bool ok = true;
  bool has_return_type = false;
  if (ts_ && Is(Tok::kLt)) ok = SkipTypeParams();
  if (ok && !Is(Tok::kLParen)) ok = false;
  if (ok) ok = ParseFormalParams(fn, false, /*validate=*/false);
  if (ok && ts_ && Is(Tok::kColon)) {
    has_return_type = true;
    ok = SkipReturnType();
  }
  if (ok && (!Is(Tok::kArrow) || tok().newline_before)) ok = false;
  scope_ = outer;
  scope.is_generator = false;
  scope.is_async = is_async;
  scope.arrow_params = false;
  if (ok && !failed() && !ValidateParams(fn, scope.strict, true))
    return nullptr;  // after `=>`: final
  if (ok && !failed() && scope.await_yield_count > 0) {
    *is_arrow = true;
    return FailAt(start, outer->is_generator
                             ? "Yield expression not allowed in formal parameter"
                             : "Illegal await-expression in formal parameters of async function");
  }
  if (ok && !failed() && has_return_type && in_consequent) {
    // `c ? (x): T => y : z` vs `c ? (x) : y => z` (TypeScript's rule): the arrow with a return type
    // is kept only if the whole arrow is followed by the conditional's ':'.
    Node* arrow = ParseArrowBody(fn, &scope, no_in);
    if (arrow && Is(Tok::kColon)) {
      *is_arrow = true;
      return arrow;
    }
    if (error_ && error_->message == "too deeply nested") return nullptr;
    Restore(snap);
    failed_arrow_starts_.insert(key);
    return nullptr;
  }
  if (!ok || failed()) {
    // Keep hard errors that cannot be fixed by reparsing as an expression (resource limits).
    if (error_ && error_->message == "too deeply nested") return nullptr;
    Restore(snap);
    failed_arrow_starts_.insert(key);
    return nullptr;
  }
  *is_arrow = true;
  if (scope.await_yield_count > 0) {
    return FailAt(start, outer->is_generator
                             ? "Yield expression not allowed in formal parameter"
                             : "Illegal await-expression in formal parameters of async function");
  }
  return ParseArrowBody(fn, &scope, no_in);
}

// A method (object literal or class), at the token after the name: [<T>](params)[: R] { body }.
FunctionNode* Parser::ParseMethod(Pos start, MethodKind kind, bool is_async, bool is_generator,
                                  bool is_derived_ctor, bool allow_no_body, bool* has_body) {
  auto* fn = MakeK<FunctionNode>(NodeKind::kFunctionExpression, start);
  fn->method_kind = kind;
  fn->is_async = is_async;
  fn->is_generator = is_generator;
  fn->is_derived_constructor = is_derived_ctor;
  fn->source_start = tok().start;
  Scope scope;
  scope.parent = scope_;
  scope.fn = fn;
  scope.is_async = is_async;
  scope.is_generator = is_generator;
  scope.strict = scope_->strict;
  scope.allow_return = true;
  scope.allow_super_property = true;
  scope.allow_super_call = is_derived_ctor;
  *has_body = true;
  if (!ParseFunctionRest(fn, &scope, allow_no_body, has_body)) return nullptr;
  if (kind == MethodKind::kGetter && !fn->params.empty()) {
    FailAt(start, "Getter must not have any formal parameters.");
    return nullptr;
  }
  if (kind == MethodKind::kSetter) {
    if (fn->params.size() != 1) {
      FailAt(start, "Setter must have exactly one formal parameter.");
      return nullptr;
    }
    if (fn->params[0]->kind == NodeKind::kRestElement) {
      FailAt(start, "Setter function argument must not be a rest parameter");
      return nullptr;
    }
  }
  return fn;
}

// ======================================================================================
// Classes
// ======================================================================================

Node* Parser::ParseClass(NodeKind kind, Pos start, bool is_abstract) {
  ENTER();
  Next();  // class
  if (failed()) return nullptr;
  auto* cls = MakeK<ClassNode>(kind, start);
  // Class code (heritage and body) is strict.
  bool saved_strict = scope_->strict;
  scope_->strict = true;
  auto restore = [&](Node* r) {
    scope_->strict = saved_strict;
    return r;
  };
  if (IsIdentifierToken() && !(ts_ && IsName("implements"))) {
    if (!CheckIdentifierToken(true, true)) return restore(nullptr);
    cls->id = Make<Identifier>(Here());
    cls->id->name = tok().text;
    Next();
    if (failed()) return restore(nullptr);
  } else if (kind == NodeKind::kClassDeclaration) {
    return restore(Unexpected());
  }
  if (ts_ && Is(Tok::kLt) && !SkipTypeParams()) return restore(nullptr);
  if (Is(Tok::kExtends)) {
    Next();
    if (failed()) return restore(nullptr);
    cls->super_class = ParseLeftHandSide();
    if (!cls->super_class) return restore(nullptr);
    if (ts_ && Is(Tok::kLt) && !SkipTypeArgs()) return restore(nullptr);
  }
  if (ts_ && IsName("implements")) {
    Next();
    while (!failed()) {
      if (!SkipType()) return restore(nullptr);
      if (!Is(Tok::kComma)) break;
      Next();
    }
    if (failed()) return restore(nullptr);
  }
  if (!Expect(Tok::kLBrace)) return restore(nullptr);
  ClassScope cs;
  cs.parent = class_scope_;
  class_scope_ = &cs;
  bool ok = true;
  while (!Is(Tok::kRBrace)) {
    if (Is(Tok::kEof)) {
      Unexpected();
      ok = false;
      break;
    }
    if (!ParseClassMember(cls, is_abstract)) {
      ok = false;
      break;
    }
  }
  class_scope_ = cs.parent;
  if (!ok) return restore(nullptr);
  if (!ResolvePrivateNames(&cs)) return restore(nullptr);
  Next();  // '}'
  if (failed()) return restore(nullptr);
  return restore(cls);
}

bool Parser::ResolvePrivateNames(ClassScope* cs) {
  for (PrivateName* ref : cs->refs) {
    bool found = false;
    for (const auto& d : cs->declared) {
      if (d.name == ref->name) {
        found = true;
        break;
      }
    }
    if (found) continue;
    if (cs->parent) {
      cs->parent->refs.push_back(ref);
    } else {
      FailAt(Pos{ref->line, ref->column},
             "Private field '#" + ref->name + "' must be declared in an enclosing class");
      return false;
    }
  }
  return true;
}

PrivateName* Parser::MakePrivateRef() {
  auto* pn = Make<PrivateName>(Here());
  pn->name = tok().text;
  if (!class_scope_) {
    Fail("Private field '#" + pn->name + "' must be declared in an enclosing class");
    return nullptr;
  }
  class_scope_->refs.push_back(pn);
  return pn;
}

Node* Parser::ParseStaticBlock(Pos start, ClassNode* cls) {
  // At '{' after `static`.
  auto* fn = MakeK<FunctionNode>(NodeKind::kFunctionExpression, start);
  fn->method_kind = MethodKind::kStaticBlock;
  fn->source_start = tok().start;
  Scope scope;
  scope.parent = scope_;
  scope.fn = fn;
  scope.strict = true;
  scope.in_field_init = true;
  scope.in_static_block = true;
  scope.allow_super_property = true;
  Scope* outer = scope_;
  scope_ = &scope;
  bool ok = ParseFunctionBody(fn, &scope);
  scope_ = outer;
  if (!ok) return nullptr;
  auto* m = Make<ClassMember>(start);
  m->kind = ClassMemberKind::kStaticBlock;
  m->is_static = true;
  m->function = fn;
  cls->members.push_back(m);
  return m;
}

bool Parser::ParseClassMember(ClassNode* cls, bool is_abstract_class) {
  if (Is(Tok::kSemicolon)) {
    Next();
    return !failed();
  }
  if (Is(Tok::kAt)) {
    Unsupported(Here(), "decorators are not supported");
    return false;
  }
  Pos start = Here();
  uint32_t member_source_start = tok().start;
  bool is_static = false, is_async = false, is_generator = false;
  bool ts_erase = false;  // `declare` field or `abstract` member: no runtime effect
  MethodKind accessor = MethodKind::kNone;
  // A contextual modifier word is a modifier only if a member name can follow it.
  auto can_follow_modifier = [&](bool same_line) {
    Peeked p = Peek();
    if (same_line && p.newline_before) return false;
    switch (p.type) {
      case Tok::kLParen:
      case Tok::kAssign:
      case Tok::kSemicolon:
      case Tok::kRBrace:
      case Tok::kEof:
      case Tok::kColon:
      case Tok::kQuestion:
      case Tok::kBang:
      case Tok::kLt:
      case Tok::kComma:
        return false;
      default:
        return true;
    }
  };
  // TypeScript modifiers and `static`, in any order.
  while (Is(Tok::kIdentifier) && !tok().escaped) {
    const std::string& w = tok().text;
    if (w == "static" && !is_static) {
      Peeked p = Peek();
      if (p.type == Tok::kLBrace) {
        Next();
        if (failed()) return false;
        return ParseStaticBlock(start, cls) != nullptr;
      }
      if (!can_follow_modifier(false)) break;
      is_static = true;
      Next();
      if (failed()) return false;
      continue;
    }
    if (ts_ && IsTsModifier(w) && can_follow_modifier(true)) {
      if (w == "declare" || w == "abstract") ts_erase = true;
      if (w == "accessor") {
        Unsupported(Here(), "auto-accessors are not supported");
        return false;
      }
      Next();
      if (failed()) return false;
      continue;
    }
    break;
  }
  // TypeScript index signature `[key: string]: T;`.
  if (ts_ && Is(Tok::kLBracket)) {
    Snapshot s = Save();
    Next();
    bool is_index = !failed() && Is(Tok::kIdentifier);
    if (is_index) {
      Next();
      is_index = !failed() && Is(Tok::kColon);
    }
    Restore(s);
    if (is_index) {
      if (!SkipBalanced(Tok::kLBracket, Tok::kRBracket)) return false;
      if (Is(Tok::kColon) && !SkipTypeAnnotation()) return false;
      return ConsumeSemicolon();
    }
  }
  if (IsName("async") && !tok().escaped) {
    Peeked p = Peek();
    if (!p.newline_before && p.type != Tok::kLParen && p.type != Tok::kAssign &&
        p.type != Tok::kSemicolon && p.type != Tok::kRBrace && p.type != Tok::kColon &&
        p.type != Tok::kQuestion && p.type != Tok::kBang && p.type != Tok::kLt &&
        p.type != Tok::kEof) {
      is_async = true;
      Next();
      if (failed()) return false;
    }
  }
  if (Is(Tok::kStar)) {
    is_generator = true;
    Next();
    if (failed()) return false;
  }
  if (!is_async && !is_generator && (IsName("get") || IsName("set")) &&
      can_follow_modifier(false)) {
    accessor = IsName("get") ? MethodKind::kGetter : MethodKind::kSetter;
    Next();
    if (failed()) return false;
  }
  Pos key_pos = Here();
  bool computed = false, plain_ident = false;
  bool key_is_string = Is(Tok::kString);
  Node* key = ParsePropertyName(&computed, /*allow_private=*/true, &plain_ident);
  if (!key) return false;
  bool is_private = key->kind == NodeKind::kPrivateName;
  std::string key_name;  // non-computed string key (for constructor/prototype checks)
  if (!computed) {
    if (key->kind == NodeKind::kIdentifier) key_name = key->As<Identifier>()->name;
    if (key->kind == NodeKind::kStringLiteral) {
      const std::u16string& v = key->As<StringLiteral>()->value;
      key_name.assign(v.begin(), v.end());
      if (v.size() > 20) key_name.clear();
    }
  }
  (void)key_is_string;
  if (is_private && key->As<PrivateName>()->name == "constructor") {
    FailAt(key_pos, "Class constructor may not be a private method");
    return false;
  }
  if (ts_ && (Is(Tok::kQuestion) || Is(Tok::kBang))) {
    Next();  // optional member `x?` / definite assignment `x!`
    if (failed()) return false;
  }
  auto declare_private = [&](ClassMemberKind kind) {
    if (!is_private) return true;
    const std::string& name = key->As<PrivateName>()->name;
    for (const auto& d : class_scope_->declared) {
      if (d.name != name) continue;
      bool pair = ((d.kind == ClassMemberKind::kGetter && kind == ClassMemberKind::kSetter) ||
                   (d.kind == ClassMemberKind::kSetter && kind == ClassMemberKind::kGetter)) &&
                  d.is_static == is_static;
      if (!pair) {
        FailAt(key_pos, "Identifier '#" + name + "' has already been declared");
        return false;
      }
    }
    class_scope_->declared.push_back({name, kind, is_static});
    return true;
  };
  if (Is(Tok::kLParen) || (ts_ && Is(Tok::kLt))) {
    // Method, accessor or constructor.
    ClassMemberKind mk = ClassMemberKind::kMethod;
    MethodKind fk = MethodKind::kMethod;
    if (accessor == MethodKind::kGetter) {
      mk = ClassMemberKind::kGetter;
      fk = MethodKind::kGetter;
    } else if (accessor == MethodKind::kSetter) {
      mk = ClassMemberKind::kSetter;
      fk = MethodKind::kSetter;
    }
    bool is_ctor = !is_static && !computed && !is_private && key_name == "constructor";
    if (is_ctor) {
      if (accessor != MethodKind::kNone) {
        FailAt(key_pos, "Class constructor may not be an accessor");
        return false;
      }
      if (is_generator) {
        FailAt(key_pos, "Class constructor may not be a generator");
        return false;
      }
      if (is_async) {
        FailAt(key_pos, "Class constructor may not be an async method");
        return false;
      }
      mk = ClassMemberKind::kConstructor;
      fk = MethodKind::kConstructor;
    }
    if (is_static && !computed && key_name == "prototype") {
      FailAt(key_pos, "Classes may not have a static property named 'prototype'");
      return false;
    }
    bool has_body = true;
    FunctionNode* fn =
        ParseMethod(key_pos, fk, is_async, is_generator, is_ctor && cls->super_class != nullptr,
                    /*allow_no_body=*/ts_, &has_body);
    if (!fn) return false;
    fn->source_start = member_source_start;
    if (!has_body || ts_erase) {
      // TypeScript overload signature or abstract member: erased.
      (void)is_abstract_class;
      return ConsumeSemicolon();
    }
    if (is_ctor) {
      if (cls->constructor) {
        FailAt(key_pos, "A class may only have one constructor");
        return false;
      }
    }
    if (!declare_private(mk)) return false;
    auto* m = Make<ClassMember>(start);
    m->kind = mk;
    m->is_static = is_static;
    m->computed = computed;
    m->key = key;
    m->function = fn;
    cls->members.push_back(m);
    if (is_ctor) cls->constructor = m;
    return true;
  }
  // Field.
  if (is_async || is_generator || accessor != MethodKind::kNone) return Unexpected() != nullptr;
  if (!computed && !is_private && key_name == "constructor") {
    FailAt(key_pos, "Classes may not have a field named 'constructor'");
    return false;
  }
  if (is_static && !computed && key_name == "prototype") {
    FailAt(key_pos, "Classes may not have a static property named 'prototype'");
    return false;
  }
  if (ts_ && Is(Tok::kColon) && !SkipTypeAnnotation()) return false;
  auto* m = Make<ClassMember>(start);
  m->kind = ClassMemberKind::kField;
  m->is_static = is_static;
  m->computed = computed;
  m->key = key;
  if (Is(Tok::kAssign)) {
    Next();
    if (failed()) return false;
    Scope scope;
    scope.parent = scope_;
    scope.field = m;
    scope.strict = true;
    scope.in_field_init = true;
    scope.allow_super_property = true;
    Scope* outer = scope_;
    scope_ = &scope;
    m->value = ParseAssignment(false);
    scope_ = outer;
    if (!m->value) return false;
  }
  if (!ConsumeSemicolon()) return false;
  if (ts_erase) return true;
  if (!declare_private(ClassMemberKind::kField)) return false;
  cls->members.push_back(m);
  return true;
}

// ======================================================================================
// Expressions
// ======================================================================================

Node* Parser::ParseExpression(bool no_in) {
  Pos start = Here();
  Node* first = ParseAssignment(no_in);
  if (!first || !Is(Tok::kComma)) return first;
  auto* seq = Make<SequenceExpression>(start);
  seq->expressions.push_back(first);
  while (Is(Tok::kComma)) {
    Next();
    if (failed()) return nullptr;
    Node* e = ParseAssignment(no_in);
    if (!e) return nullptr;
    seq->expressions.push_back(e);
  }
  return seq;
}

namespace {

bool AssignOpFor(Tok t, AssignOp* op) {
  switch (t) {
    case Tok::kAssign:
      *op = AssignOp::kAssign;
      return true;
    case Tok::kPlusAssign:
      *op = AssignOp::kAdd;
      return true;
    case Tok::kMinusAssign:
      *op = AssignOp::kSub;
      return true;
    case Tok::kStarAssign:
      *op = AssignOp::kMul;
      return true;
    case Tok::kSlashAssign:
      *op = AssignOp::kDiv;
      return true;
    case Tok::kPercentAssign:
      *op = AssignOp::kMod;
      return true;
    case Tok::kStarStarAssign:
      *op = AssignOp::kExp;
      return true;
    case Tok::kShlAssign:
      *op = AssignOp::kShl;
      return true;
    case Tok::kSarAssign:
      *op = AssignOp::kSar;
      return true;
    case Tok::kShrAssign:
      *op = AssignOp::kShr;
      return true;
    case Tok::kAmpAssign:
      *op = AssignOp::kBitAnd;
      return true;
    case Tok::kPipeAssign:
      *op = AssignOp::kBitOr;
      return true;
    case Tok::kCaretAssign:
      *op = AssignOp::kBitXor;
      return true;
    case Tok::kAndAndAssign:
      *op = AssignOp::kAnd;
      return true;
    case Tok::kOrOrAssign:
      *op = AssignOp::kOr;
      return true;
    case Tok::kNullishAssign:
      *op = AssignOp::kNullish;
      return true;
    default:
      return false;
  }
}

}  // namespace

Node* Parser::TryArrowAtAssignmentStart(Pos start, bool no_in, bool in_consequent, bool* handled) {
  *handled = false;
  // Arrow functions.
  if (Is(Tok::kIdentifier)) {
    if (IsName("async")) {
      Peeked p = Peek();
      if (!p.newline_before) {
        if (p.type == Tok::kIdentifier) {
          // async x => ...
          uint32_t src_start = tok().start;
          Snapshot s = Save();
          Next();
          if (failed()) return nullptr;
          Peeked q = Peek();
          if (q.type == Tok::kArrow) {
            *handled = true;
            return ParseIdentifierArrow(start, src_start, true, no_in);
          }
          Restore(s);
        } else if (p.type == Tok::kLParen || (ts_ && p.type == Tok::kLt)) {
          uint32_t src_start = tok().start;
          Snapshot s = Save();
          Next();
          if (failed()) return nullptr;
          bool is_arrow = false;
          Node* arrow = TryParseParenArrow(start, src_start, true, no_in, &is_arrow);
          if (is_arrow || failed()) {
            *handled = true;
            return arrow;
          }
          Restore(s);
        }
      }
    }
    if (lex_.PeekArrow()) {
      *handled = true;
      return ParseIdentifierArrow(start, tok().start, false, no_in);
    }
  } else if (Is(Tok::kLParen) || (ts_ && Is(Tok::kLt))) {
    bool is_arrow = false;
    in_conditional_consequent_ = in_consequent;
    Node* arrow = TryParseParenArrow(start, tok().start, false, no_in, &is_arrow);
    in_conditional_consequent_ = false;
    if (is_arrow || failed()) {
      *handled = true;
      return arrow;
    }
  }
  return nullptr;
}

// AssignmentExpression (§13.15), including arrow functions, async arrows and yield.
Node* Parser::ParseAssignment(bool no_in, bool allow_cover) {
  ENTER();
  Pos start = Here();
  // Only the direct consequent of `?:` sees the flag (see TryParseParenArrow).
  bool in_consequent = in_conditional_consequent_;
  in_conditional_consequent_ = false;
  // yield
  if (IsName("yield") && scope_->is_generator) return ParseYield(no_in);
  if (Is(Tok::kIdentifier) || Is(Tok::kLParen) || (ts_ && Is(Tok::kLt))) {
    bool handled = false;
    Node* arrow = TryArrowAtAssignmentStart(start, no_in, in_consequent, &handled);
    if (handled || failed()) return arrow;
  }
  size_t covers = cover_errors_.size();
  Node* lhs = ParseConditional(no_in);
  if (!lhs) return nullptr;
  AssignOp op;
  if (AssignOpFor(t(), &op)) {
    Node* target;
    if (op == AssignOp::kAssign) {
      target = ToAssignTarget(lhs, "Invalid left-hand side in assignment", false);
      if (!target) return nullptr;
      cover_errors_.resize(covers);
    } else {
      if (!CheckSimpleTarget(lhs, "Invalid left-hand side in assignment")) return nullptr;
      target = lhs;
    }
    Next();
    if (failed()) return nullptr;
    auto* a = Make<AssignmentExpression>(start);
    a->op = op;
    a->target = target;
    a->value = ParseAssignment(no_in);
    if (!a->value) return nullptr;
    return a;
  }
  if (!allow_cover && cover_errors_.size() > covers) {
    return FailAt(cover_errors_[covers].pos, cover_errors_[covers].message);
  }
  return lhs;
}

Node* Parser::ParseYield(bool no_in) {
  Pos start = Here();
  if (scope_->in_params && !scope_->arrow_params) {
    return Fail("Yield expression not allowed in formal parameter");
  }
  ++scope_->await_yield_count;
  Next();
  if (failed()) return nullptr;
  auto* y = Make<YieldExpression>(start);
  if (tok().newline_before) return y;
  if (Is(Tok::kStar)) {
    y->delegate = true;
    Next();
    if (failed()) return nullptr;
    y->argument = ParseAssignment(no_in);
    if (!y->argument) return nullptr;
    return y;
  }
  switch (t()) {
    case Tok::kRParen:
    case Tok::kRBracket:
    case Tok::kRBrace:
    case Tok::kComma:
    case Tok::kSemicolon:
    case Tok::kColon:
    case Tok::kEof:
    case Tok::kQuestion:
      return y;
    case Tok::kIn:
      if (no_in) return y;
      break;
    default:
      if (IsName("of")) return y;  // ... hardly useful, but `yield of` in for-of heads
      break;
  }
  y->argument = ParseAssignment(no_in);
  if (!y->argument) return nullptr;
  return y;
}

Node* Parser::ParseConditional(bool no_in) {
  Pos start = Here();
  Node* test = ParseBinary(0, no_in);
  if (!test) return nullptr;
  if (test->kind == NodeKind::kPrivateName) {
    return FailAt(start, "Unexpected identifier '#" + test->As<PrivateName>()->name + "'");
  }
  if (!Is(Tok::kQuestion)) return test;
  Next();
  if (failed()) return nullptr;
  auto* c = Make<ConditionalExpression>(start);
  c->test = test;
  bool saved = in_conditional_consequent_;
  in_conditional_consequent_ = true;
  c->consequent = ParseAssignment(false);
  in_conditional_consequent_ = saved;
  if (!c->consequent || !Expect(Tok::kColon)) return nullptr;
  c->alternate = ParseAssignment(no_in);
  if (!c->alternate) return nullptr;
  return c;
}

namespace {

// Binary operator precedence (higher binds tighter); 0 = not a binary operator.
int BinaryPrecedence(Tok t, bool no_in) {
  switch (t) {
    case Tok::kNullish:
      return 1;
    case Tok::kOrOr:
      return 2;
    case Tok::kAndAnd:
      return 3;
    case Tok::kPipe:
      return 4;
    case Tok::kCaret:
      return 5;
    case Tok::kAmp:
      return 6;
    case Tok::kEq:
    case Tok::kNe:
    case Tok::kStrictEq:
    case Tok::kStrictNe:
      return 7;
    case Tok::kLt:
    case Tok::kGt:
    case Tok::kLe:
    case Tok::kGe:
    case Tok::kInstanceof:
      return 8;
    case Tok::kIn:
      return no_in ? 0 : 8;
    case Tok::kShl:
    case Tok::kSar:
    case Tok::kShr:
      return 9;
    case Tok::kPlus:
    case Tok::kMinus:
      return 10;
    case Tok::kStar:
    case Tok::kSlash:
    case Tok::kPercent:
      return 11;
    case Tok::kStarStar:
      return 12;
    default:
      return 0;
  }
}

BinaryOp BinaryOpFor(Tok t) {
  switch (t) {
    case Tok::kPlus:
      return BinaryOp::kAdd;
    case Tok::kMinus:
      return BinaryOp::kSub;
    case Tok::kStar:
      return BinaryOp::kMul;
    case Tok::kSlash:
      return BinaryOp::kDiv;
    case Tok::kPercent:
      return BinaryOp::kMod;
    case Tok::kStarStar:
      return BinaryOp::kExp;
    case Tok::kShl:
      return BinaryOp::kShl;
    case Tok::kSar:
      return BinaryOp::kSar;
    case Tok::kShr:
      return BinaryOp::kShr;
    case Tok::kAmp:
      return BinaryOp::kBitAnd;
    case Tok::kPipe:
      return BinaryOp::kBitOr;
    case Tok::kCaret:
      return BinaryOp::kBitXor;
    case Tok::kEq:
      return BinaryOp::kEq;
    case Tok::kNe:
      return BinaryOp::kNe;
    case Tok::kStrictEq:
      return BinaryOp::kStrictEq;
    case Tok::kStrictNe:
      return BinaryOp::kStrictNe;
    case Tok::kLt:
      return BinaryOp::kLt;
    case Tok::kGt:
      return BinaryOp::kGt;
    case Tok::kLe:
      return BinaryOp::kLe;
    case Tok::kGe:
      return BinaryOp::kGe;
    case Tok::kIn:
      return BinaryOp::kIn;
    default:
      return BinaryOp::kInstanceof;
  }
}

bool IsLogicalOf(const Node* n, LogicalOp a, LogicalOp b) {
  if (n->kind != NodeKind::kLogical || n->parenthesized) return false;
  LogicalOp op = n->As<LogicalExpression>()->op;
  return op == a || op == b;
}

}  // namespace

// Binary and logical operators by precedence climbing (iterative for left-associative chains).
Node* Parser::ParseBinary(int min_prec, bool no_in) {
  Pos start = Here();
  Node* left = ParseUnary();
  if (!left) return nullptr;
  // Each operator of a left-associative chain (`a + b + c …`) adds one level to the tree the later
  // passes (scope analysis, code generation) walk recursively, so chains are bounded too; 10,000 links
  // keep those passes well inside a default 8 MiB thread stack (50,000 overflowed it).
  uint32_t links = 0;
  while (true) {
    if (Is(Tok::kGt)) lex_.RescanGreater();
    // TypeScript `x as T` / `x satisfies T` (precedence of relational operators).
    if (ts_ && Is(Tok::kIdentifier) && !tok().escaped && !tok().newline_before &&
        (tok().text == "as" || tok().text == "satisfies") && min_prec < 8) {
      Next();
      if (failed()) return nullptr;
      if (IsName("const")) {
        Next();
      } else if (Is(Tok::kConst)) {
        Next();
      } else if (!SkipType()) {
        return nullptr;
      }
      if (failed()) return nullptr;
      continue;
    }
    int prec = BinaryPrecedence(t(), no_in);
    if (prec == 0) break;
    bool right_assoc = Is(Tok::kStarStar);
    if (right_assoc ? prec < min_prec : prec <= min_prec) break;
    Tok op_tok = t();
    Pos op_pos = Here();
    if (left->kind == NodeKind::kPrivateName && op_tok != Tok::kIn) return Unexpected();
    if (op_tok == Tok::kStarStar && !left->parenthesized &&
        (left->kind == NodeKind::kUnary || left->kind == NodeKind::kAwait)) {
      return FailAt(Pos{left->line, left->column},
                    "Unary operator used immediately before exponentiation expression. Parenthesis "
                    "must be used to disambiguate operator precedence");
    }
    if (op_tok == Tok::kNullish && IsLogicalOf(left, LogicalOp::kAnd, LogicalOp::kOr)) {
      return Unexpected();
    }
    if ((op_tok == Tok::kAndAnd || op_tok == Tok::kOrOr) &&
        IsLogicalOf(left, LogicalOp::kNullish, LogicalOp::kNullish)) {
      return Unexpected();
    }
    Next();
    if (failed()) return nullptr;
    // `??` cannot be mixed with && / || without parentheses: parse its right side above &&.
    int right_min = right_assoc ? prec : (op_tok == Tok::kNullish ? 3 : prec);
    Node* right;
    NESTED(right, ParseBinary(right_min, no_in));
    if (!right) return nullptr;
    if (right->kind == NodeKind::kPrivateName) {
      return FailAt(Pos{right->line, right->column},
                    "Unexpected identifier '#" + right->As<PrivateName>()->name + "'");
    }
    if (op_tok == Tok::kNullish || op_tok == Tok::kAndAnd || op_tok == Tok::kOrOr) {
      auto* l = Make<LogicalExpression>(start);
      l->op = op_tok == Tok::kNullish  ? LogicalOp::kNullish
              : op_tok == Tok::kAndAnd ? LogicalOp::kAnd
                                       : LogicalOp::kOr;
      l->left = left;
      l->right = right;
      left = l;
    } else {
      auto* b = Make<BinaryExpression>(start);
      b->op = BinaryOpFor(op_tok);
      b->left = left;
      b->right = right;
      b->op_line = op_pos.line;
      b->op_column = op_pos.column;
      left = b;
    }
    if (++links > kMaxChainLinks) return TooDeep();
  }
  return left;
}

bool Parser::IsSimpleTarget(const Node* n) const {
  return n->kind == NodeKind::kIdentifier || n->kind == NodeKind::kMember;
}

bool Parser::CheckSimpleTarget(Node* n, const char* message) {
  if (!IsSimpleTarget(n)) {
    FailAt(Pos{n->line, n->column}, message);
    return false;
  }
  if (n->kind == NodeKind::kIdentifier && scope_->strict) {
    const std::string& name = n->As<Identifier>()->name;
    if (name == "eval" || name == "arguments") {
      FailAt(Pos{n->line, n->column}, "Unexpected eval or arguments in strict mode");
      return false;
    }
  }
  return true;
}

Node* Parser::ParseUnary() {
  Pos start = Here();
  UnaryOp op;
  bool is_unary = true;
  switch (t()) {
    case Tok::kDelete:
      op = UnaryOp::kDelete;
      break;
    case Tok::kVoid:
      op = UnaryOp::kVoid;
      break;
    case Tok::kTypeof:
      op = UnaryOp::kTypeof;
      break;
    case Tok::kPlus:
      op = UnaryOp::kPlus;
      break;
    case Tok::kMinus:
      op = UnaryOp::kMinus;
      break;
    case Tok::kBang:
      op = UnaryOp::kNot;
      break;
    case Tok::kTilde:
      op = UnaryOp::kBitNot;
      break;
    default:
      is_unary = false;
      op = UnaryOp::kPlus;
      break;
  }
  if (is_unary) {
    Next();
    if (failed()) return nullptr;
    Node* arg;
    NESTED(arg, ParseUnary());
    if (!arg) return nullptr;
    if (op == UnaryOp::kDelete) {
      if (arg->kind == NodeKind::kIdentifier && scope_->strict) {
        return FailAt(Pos{arg->line, arg->column},
                      "Delete of an unqualified identifier in strict mode.");
      }
      const Node* inner = arg;
      if (inner->kind == NodeKind::kOptionalChain) inner = inner->As<OptionalChain>()->expression;
      if (inner->kind == NodeKind::kMember &&
          inner->As<MemberExpression>()->property->kind == NodeKind::kPrivateName) {
        return FailAt(start, "Private fields can not be deleted");
      }
    }
    auto* u = Make<UnaryExpression>(start);
    u->op = op;
    u->argument = arg;
    return u;
  }
  if (Is(Tok::kInc) || Is(Tok::kDec)) {
    bool inc = Is(Tok::kInc);
    Next();
    if (failed()) return nullptr;
    Node* arg;
    NESTED(arg, ParseUnary());
    if (!arg) return nullptr;
    if (!CheckSimpleTarget(arg, "Invalid left-hand side expression in prefix operation")) {
      return nullptr;
    }
    auto* u = Make<UpdateExpression>(start);
    u->is_increment = inc;
    u->prefix = true;
    u->argument = arg;
    return u;
  }
  if (IsName("await") && scope_->is_async && !scope_->in_static_block) {
    if (scope_->in_params && !scope_->arrow_params) {
      return Fail("Illegal await-expression in formal parameters of async function");
    }
    ++scope_->await_yield_count;
    if (scope_->program) scope_->program->has_await = true;
    Next();
    if (failed()) return nullptr;
    auto* a = Make<AwaitExpression>(start);
    NESTED(a->argument, ParseUnary());
    if (!a->argument) return nullptr;
    return a;
  }
  Node* expr = ParseLeftHandSide();
  if (!expr) return nullptr;
  if ((Is(Tok::kInc) || Is(Tok::kDec)) && !tok().newline_before) {
    if (!CheckSimpleTarget(expr, "Invalid left-hand side expression in postfix operation")) {
      return nullptr;
    }
    auto* u = Make<UpdateExpression>(start);
    u->is_increment = Is(Tok::kInc);
    u->prefix = false;
    u->argument = expr;
    Next();
    if (failed()) return nullptr;
    return u;
  }
  return expr;
}

Node* Parser::ParseLeftHandSide() {
  Pos start = Here();
  Node* expr;
  if (Is(Tok::kNew)) {
    expr = ParseNew();
  } else if (Is(Tok::kSuper)) {
    expr = ParseSuper();
  } else {
    expr = ParsePrimary();
  }
  if (!expr) return nullptr;
  return ParseCallTail(expr, start, false);
}

Node* Parser::ParseSuper() {
  Pos start = Here();
  Next();
  if (failed()) return nullptr;
  if (Is(Tok::kLParen)) {
    if (!MarkSuper(start, true)) return nullptr;
  } else if (Is(Tok::kDot) || Is(Tok::kLBracket)) {
    if (!MarkSuper(start, false)) return nullptr;
  } else {
    return FailAt(start, "'super' keyword unexpected here");
  }
  return Make<SuperExpression>(start);
}

Node* Parser::ParseNew() {
  Pos start = Here();
  Next();  // new
  if (failed()) return nullptr;
  if (Is(Tok::kDot)) {
    Next();
    if (failed()) return nullptr;
    if (!IsName("target")) return Unexpected();
    Next();
    if (failed()) return nullptr;
    MarkNewTarget();
    return Make<NewTargetExpression>(start);
  }
  Pos callee_start = Here();
  Node* callee;
  if (Is(Tok::kNew)) {
    NESTED(callee, ParseNew());
  } else if (Is(Tok::kSuper)) {
    callee = ParseSuper();
  } else if (Is(Tok::kImport)) {
    return Fail("Cannot use new with import");
  } else {
    callee = ParsePrimary();
  }
  if (!callee) return nullptr;
  callee = ParseCallTail(callee, callee_start, /*no_call=*/true);
  if (!callee) return nullptr;
  auto* n = Make<NewExpression>(start);
  n->callee = callee;
  if (Is(Tok::kLParen) && !ParseArguments(n->arguments)) return nullptr;
  return n;
}

// Member accesses, calls, optional chains, tagged templates and TypeScript postfix syntax after
// `expr`. With no_call (a `new` callee) stops before an argument list.
Node* Parser::ParseCallTail(Node* expr, Pos start, bool no_call) {
  bool chain = false;
  uint32_t links = 0;  // member/call chains nest like binary chains (see ParseBinary)
  while (true) {
    if (++links > kMaxChainLinks) return TooDeep();
    switch (t()) {
      case Tok::kDot: {
        Pos dot = Here();
        Next();
        if (failed()) return nullptr;
        auto* m = Make<MemberExpression>(start);
        m->object = expr;
        m->property_line = dot.line;
        m->property_column = dot.column;
        if (Is(Tok::kPrivateName)) {
          m->property = MakePrivateRef();
          if (!m->property) return nullptr;
        } else if (Is(Tok::kIdentifier) || IsKeywordTok(t())) {
          auto* id = Make<Identifier>(Here());
          id->name = tok().text;
          m->property = id;
        } else {
          return Unexpected();
        }
        Next();
        if (failed()) return nullptr;
        expr = m;
        continue;
      }
      case Tok::kQuestionDot: {
        if (no_call) return Fail("Invalid optional chain from new expression");
        Pos q = Here();
        chain = true;
        Next();
        if (failed()) return nullptr;
        if (Is(Tok::kLParen)) {
          auto* c = Make<CallExpression>(start);
          c->callee = expr;
          c->optional = true;
          c->paren_line = tok().line;
          c->paren_column = tok().column;
          if (!ParseArguments(c->arguments)) return nullptr;
          expr = c;
          continue;
        }
        auto* m = Make<MemberExpression>(start);
        m->object = expr;
        m->optional = true;
        m->property_line = q.line;
        m->property_column = q.column;
        if (Is(Tok::kLBracket)) {
          Next();
          if (failed()) return nullptr;
          m->computed = true;
          m->property = ParseExpression(false);
          if (!m->property || !Expect(Tok::kRBracket)) return nullptr;
          expr = m;
          continue;
        }
        if (Is(Tok::kPrivateName)) {
          m->property = MakePrivateRef();
          if (!m->property) return nullptr;
        } else if (Is(Tok::kIdentifier) || IsKeywordTok(t())) {
          auto* id = Make<Identifier>(Here());
          id->name = tok().text;
          m->property = id;
        } else if (Is(Tok::kTemplate)) {
          return Fail("Invalid tagged template on optional chain");
        } else {
          return Unexpected();
        }
        Next();
        if (failed()) return nullptr;
        expr = m;
        continue;
      }
      case Tok::kLBracket: {
        Pos br = Here();
        Next();
        if (failed()) return nullptr;
        auto* m = Make<MemberExpression>(start);
        m->object = expr;
        m->computed = true;
        m->property_line = br.line;
        m->property_column = br.column;
        m->property = ParseExpression(false);
        if (!m->property || !Expect(Tok::kRBracket)) return nullptr;
        expr = m;
        continue;
      }
      case Tok::kTemplate: {
        if (chain) return Fail("Invalid tagged template on optional chain");
        auto* tt = Make<TaggedTemplate>(start);
        tt->tag = expr;
        Node* q = ParseTemplate(true);
        if (!q) return nullptr;
        tt->quasi = q->As<TemplateLiteral>();
        expr = tt;
        continue;
      }
      case Tok::kLParen: {
        if (no_call) break;
        auto* c = Make<CallExpression>(start);
        c->callee = expr;
        c->paren_line = tok().line;
        c->paren_column = tok().column;
        if (!ParseArguments(c->arguments)) return nullptr;
        expr = c;
        continue;
      }
      case Tok::kBang:
        if (ts_ && !tok().newline_before) {  // TypeScript non-null assertion `x!`
          Next();
          if (failed()) return nullptr;
          continue;
        }
        break;
      case Tok::kLt:
      case Tok::kShl:
        if (ts_ && Is(Tok::kLt) && TryTypeArgsInExpression()) continue;
        if (failed()) return nullptr;
        break;
      default:
        break;
    }
    break;
  }
  if (chain) {
    auto* oc = Make<OptionalChain>(start);
    oc->expression = expr;
    return oc;
  }
  return expr;
}

bool Parser::ParseArguments(std::vector<Node*>& out) {
  // At '('.
  Next();
  if (failed()) return false;
  while (!Is(Tok::kRParen)) {
    Pos p = Here();
    Node* arg;
    if (Is(Tok::kEllipsis)) {
      Next();
      if (failed()) return false;
      auto* s = Make<SpreadElement>(p);
      s->argument = ParseAssignment(false);
      if (!s->argument) return false;
      arg = s;
    } else {
      arg = ParseAssignment(false);
      if (!arg) return false;
    }
    out.push_back(arg);
    if (Is(Tok::kRParen)) break;
    if (!Is(Tok::kComma)) {
      if (Is(Tok::kEof)) {
        Fail("missing ) after argument list");
      } else if (Is(Tok::kError)) {
        LexFail();
      } else {
        Fail("missing ) after argument list");
      }
      return false;
    }
    Next();
    if (failed()) return false;
  }
  Next();  // ')'
  return !failed();
}

Node* Parser::ParseIdentifierReference() {
  Pos p = Here();
  const std::string& name = tok().text;
  if (!CheckIdentifierToken(false, false)) return nullptr;
  if (name == "await" && !tok().escaped) {
    // `await x` outside an async function: V8's message rather than "Unexpected identifier".
    Peeked nx = Peek();
    if (!nx.newline_before &&
        (nx.type == Tok::kIdentifier || nx.type == Tok::kNumber || nx.type == Tok::kString ||
         nx.type == Tok::kThis || nx.type == Tok::kNew || nx.type == Tok::kTemplate ||
         nx.type == Tok::kNull || nx.type == Tok::kTrue || nx.type == Tok::kFalse ||
         nx.type == Tok::kFunction || nx.type == Tok::kBigInt)) {
      return Fail("await is only valid in async functions and the top level bodies of modules");
    }
  }
  if (name == "arguments" && !MarkArguments(p)) return nullptr;
  if (!ts_rewrites_.empty()) {
    if (Node* m = TsRewritten(p, name)) {
      Next();
      if (failed()) return nullptr;
      return m;
    }
  }
  auto* id = Make<Identifier>(p);
  id->name = name;
  Next();
  if (failed()) return nullptr;
  return id;
}

Node* Parser::ParsePrimary() {
  Pos start = Here();
  switch (t()) {
    case Tok::kThis:
      Next();
      if (failed()) return nullptr;
      MarkThis();
      return Make<ThisExpression>(start);
    case Tok::kIdentifier:
      if (IsName("async")) return ParsePrimaryRare();
      return ParseIdentifierReference();
    case Tok::kNumber:
    case Tok::kBigInt:
      return ParseNumberLike();
    case Tok::kString:
      return ParseStringLiteral();
    case Tok::kTrue:
    case Tok::kFalse: {
      auto* b = Make<BooleanLiteral>(start);
      b->value = Is(Tok::kTrue);
      Next();
      if (failed()) return nullptr;
      return b;
    }
    case Tok::kNull:
      Next();
      if (failed()) return nullptr;
      return Make<NullLiteral>(start);
    case Tok::kSlash:
    case Tok::kSlashAssign: {
      lex_.RescanAsRegExp();
      if (t() == Tok::kError) return LexFail();
      auto* r = Make<RegExpLiteral>(start);
      r->pattern = tok().text;
      r->flags = tok().flags;
      // An invalid pattern is an early SyntaxError (ECMA-262 §13.2.7.2); patterns the engine cannot run
      // are reported when the literal is evaluated.
      if (std::string why = regexp::LiteralSyntaxError(r->pattern, r->flags); !why.empty())
        return FailAt(start, std::move(why));
      Next();
      if (failed()) return nullptr;
      return r;
    }
    case Tok::kTemplate:
      return ParseTemplate(false);
    case Tok::kLBracket:
      return ParseArrayLiteral();
    case Tok::kLBrace:
      return ParseObjectLiteral();
    case Tok::kFunction:
      return ParseFunction(NodeKind::kFunctionExpression, start, tok().start, false);
    case Tok::kClass:
      return ParseClass(NodeKind::kClassExpression, start, false);
    case Tok::kLParen:
      return ParseParenthesized();
    case Tok::kPrivateName:
    case Tok::kImport:
      return ParsePrimaryRare();
    case Tok::kLt:
      if (ts_)
        return Unsupported(start, "angle-bracket type assertions are not supported; use 'as'");
      return Unexpected();
    default:
      return Unexpected();
  }
}

Node* Parser::ParsePrimaryRare() {
  Pos start = Here();
  switch (t()) {
    case Tok::kIdentifier: {  // async
      Peeked p = Peek();
      if (p.type == Tok::kFunction && !p.newline_before) {
        uint32_t src_start = tok().start;
        Next();
        return ParseFunction(NodeKind::kFunctionExpression, start, src_start, true);
      }
      return ParseIdentifierReference();
    }
    case Tok::kPrivateName: {
      // `#x in obj` (§13.10.1); the binary parser checks that `in` follows.
      Peeked p = Peek();
      if (p.type != Tok::kIn) {
        if (!class_scope_) {
          return Fail("Private field '#" + tok().text + "' must be declared in an enclosing class");
        }
        return Unexpected();
      }
      PrivateName* pn = MakePrivateRef();
      if (!pn) return nullptr;
      Next();
      if (failed()) return nullptr;
      return pn;
    }
    case Tok::kImport: {
      Peeked p = Peek();
      if (p.type == Tok::kLParen) return Unsupported(start, "dynamic import() is not supported");
      if (p.type == Tok::kDot) return Unsupported(start, "import.meta is not supported");
      return Unexpected();
    }
    default:
      return Unexpected();
  }
}

Node* Parser::ParseNumberLike() {
  Pos start = Here();
  if (tok().legacy_octal && scope_->strict) {
    // 08/09-style decimals vs 0777 octals.
    std::string_view text = src_.substr(tok().start, tok().end - tok().start);
    bool decimal = text.find_first_of("89.eE") != std::string_view::npos;
    return Fail(decimal ? "Decimals with leading zeros are not allowed in strict mode."
                        : "Octal literals are not allowed in strict mode.");
  }
  Node* n;
  if (Is(Tok::kBigInt)) {
    auto* b = Make<BigIntLiteral>(start);
    b->digits = tok().text;
    n = b;
  } else {
    auto* num = Make<NumberLiteral>(start);
    num->value = tok().number;
    n = num;
  }
  Next();
  if (failed()) return nullptr;
  return n;
}

Node* Parser::ParseStringLiteral() {
  Pos start = Here();
  if (tok().legacy_octal && scope_->strict) {
    std::string_view text = src_.substr(tok().start, tok().end - tok().start);
    bool eight_nine =
        text.find("\\8") != std::string_view::npos || text.find("\\9") != std::string_view::npos;
    return Fail(eight_nine ? "\\8 and \\9 are not allowed in strict mode."
                           : "Octal escape sequences are not allowed in strict mode.");
  }
  auto* s = Make<StringLiteral>(start);
  s->value = tok().str;
  Next();
  if (failed()) return nullptr;
  return s;
}

Node* Parser::ParseTemplate(bool tagged) {
  Pos start = Here();
  auto* tl = Make<TemplateLiteral>(start);
  while (true) {
    const Token& k = tok();
    if (!tagged && !k.cooked_error.empty()) {
      return FailAt(Pos{k.cooked_error_line, k.cooked_error_column}, k.cooked_error);
    }
    TemplateElement el;
    if (k.cooked_error.empty()) el.cooked = k.str;
    el.raw = k.raw;
    tl->quasis.push_back(std::move(el));
    if (k.template_tail) break;
    Next();
    if (failed()) return nullptr;
    Node* e = ParseExpression(false);
    if (!e) return nullptr;
    tl->expressions.push_back(e);
    if (!Is(Tok::kRBrace)) return Unexpected();
    lex_.RescanTemplateContinuation();
    if (t() == Tok::kError) return LexFail();
  }
  Next();
  if (failed()) return nullptr;
  return tl;
}

Node* Parser::ParseParenthesized() {
  Pos start = Here();
  Next();  // (
  if (failed()) return nullptr;
  if (Is(Tok::kRParen)) return Unexpected();
  Node* e = ParseExpression(false);
  if (!e) return nullptr;
  if (!Is(Tok::kRParen)) return Unexpected();
  Next();
  if (failed()) return nullptr;
  if (Is(Tok::kArrow)) {
    return FailAt(start, tok().newline_before ? "Unexpected token '=>'"
                                              : "Malformed arrow function parameter list");
  }
  e->parenthesized = true;
  return e;
}

Node* Parser::ParseArrayLiteral() {
  Pos start = Here();
  Next();  // [
  if (failed()) return nullptr;
  auto* a = Make<ArrayLiteral>(start);
  while (!Is(Tok::kRBracket)) {
    if (Is(Tok::kComma)) {
      a->elements.push_back(nullptr);
      Next();
      if (failed()) return nullptr;
      continue;
    }
    Pos p = Here();
    Node* el;
    bool spread = false;
    if (Is(Tok::kEllipsis)) {
      Next();
      if (failed()) return nullptr;
      auto* s = Make<SpreadElement>(p);
      s->argument = ParseAssignment(false, /*allow_cover=*/true);
      if (!s->argument) return nullptr;
      el = s;
      spread = true;
    } else {
      el = ParseAssignment(false, /*allow_cover=*/true);
      if (!el) return nullptr;
    }
    a->elements.push_back(el);
    if (Is(Tok::kRBracket)) break;
    if (!Is(Tok::kComma)) return Unexpected();
    if (spread) spread_trailing_comma_.insert(el);
    Next();
    if (failed()) return nullptr;
  }
  Next();  // ]
  if (failed()) return nullptr;
  return a;
}

Node* Parser::ParseObjectLiteral() {
  Pos start = Here();
  Next();  // {
  if (failed()) return nullptr;
  auto* o = Make<ObjectLiteral>(start);
  bool saw_proto = false;
  while (!Is(Tok::kRBrace)) {
    Node* p = ParsePropertyDefinition(&saw_proto);
    if (!p) return nullptr;
    o->properties.push_back(p);
    if (Is(Tok::kRBrace)) break;
    if (!Is(Tok::kComma)) return Unexpected();
    Next();
    if (failed()) return nullptr;
  }
  Next();  // }
  if (failed()) return nullptr;
  return o;
}

Node* Parser::ParsePropertyName(bool* computed, bool allow_private, bool* is_plain_identifier) {
  Pos p = Here();
  *computed = false;
  *is_plain_identifier = false;
  Node* key = nullptr;
  switch (t()) {
    case Tok::kString:
      return ParseStringLiteral();
    case Tok::kNumber:
    case Tok::kBigInt:
      return ParseNumberLike();
    case Tok::kLBracket: {
      Next();
      if (failed()) return nullptr;
      *computed = true;
      key = ParseAssignment(false);
      if (!key || !Expect(Tok::kRBracket)) return nullptr;
      return key;
    }
    case Tok::kPrivateName: {
      if (!allow_private) return Unexpected();
      auto* pn = Make<PrivateName>(p);
      pn->name = tok().text;
      Next();
      if (failed()) return nullptr;
      return pn;
    }
    default:
      if (Is(Tok::kIdentifier) || IsKeywordTok(t())) {
        *is_plain_identifier = Is(Tok::kIdentifier);
        auto* id = Make<Identifier>(p);
        id->name = tok().text;
        Next();
        if (failed()) return nullptr;
        return id;
      }
      return Unexpected();
  }
}

Node* Parser::ParsePropertyDefinition(bool* saw_proto) {
  Pos start = Here();
  uint32_t prop_source_start = tok().start;
  if (Is(Tok::kEllipsis)) {
    Next();
    if (failed()) return nullptr;
    auto* s = Make<SpreadElement>(start);
    s->argument = ParseAssignment(false, /*allow_cover=*/true);
    if (!s->argument) return nullptr;
    return s;
  }
  bool is_async = false, is_generator = false;
  PropertyKind kind = PropertyKind::kInit;
  auto modifier_applies = [&](bool same_line) {
    Peeked p = Peek();
    if (same_line && p.newline_before) return false;
    switch (p.type) {
      case Tok::kLParen:
      case Tok::kColon:
      case Tok::kComma:
      case Tok::kRBrace:
      case Tok::kAssign:
      case Tok::kLt:
      case Tok::kEof:
        return false;
      default:
        return true;
    }
  };
  if (IsName("async") && modifier_applies(true)) {
    is_async = true;
    Next();
    if (failed()) return nullptr;
  }
  if (Is(Tok::kStar)) {
    is_generator = true;
    Next();
    if (failed()) return nullptr;
  }
  if (!is_async && !is_generator && (IsName("get") || IsName("set")) && modifier_applies(false)) {
    kind = IsName("get") ? PropertyKind::kGetter : PropertyKind::kSetter;
    Next();
    if (failed()) return nullptr;
  }
  Pos key_pos = Here();
  bool ident_token_is_valid_ref = IsIdentifierToken();
  std::string ident_text = Is(Tok::kIdentifier) ? tok().text : std::string();
  bool ident_escaped = tok().escaped;
  bool computed = false, plain_ident = false;
  Node* key = ParsePropertyName(&computed, false, &plain_ident);
  if (!key) return nullptr;
  auto* prop = Make<Property>(start);
  prop->key = key;
  prop->computed = computed;
  if (is_async || is_generator || kind != PropertyKind::kInit || Is(Tok::kLParen) ||
      (ts_ && Is(Tok::kLt))) {
    MethodKind mk = kind == PropertyKind::kGetter   ? MethodKind::kGetter
                    : kind == PropertyKind::kSetter ? MethodKind::kSetter
                                                    : MethodKind::kMethod;
    if (!Is(Tok::kLParen) && !(ts_ && Is(Tok::kLt))) return Unexpected();
    bool has_body = true;
    FunctionNode* fn = ParseMethod(key_pos, mk, is_async, is_generator, false, false, &has_body);
    if (!fn) return nullptr;
    fn->source_start = prop_source_start;
    prop->kind = kind == PropertyKind::kInit ? PropertyKind::kMethod : kind;
    prop->value = fn;
    return prop;
  }
  if (Is(Tok::kColon)) {
    Next();
    if (failed()) return nullptr;
    prop->value = ParseAssignment(false, /*allow_cover=*/true);
    if (!prop->value) return nullptr;
    if (!computed) {
      bool is_proto = false;
      if (key->kind == NodeKind::kIdentifier) is_proto = key->As<Identifier>()->name == "__proto__";
      if (key->kind == NodeKind::kStringLiteral)
        is_proto = key->As<StringLiteral>()->value == u"__proto__";
      if (is_proto) {
        prop->is_proto_setter = true;
        if (*saw_proto) {
          cover_errors_.push_back(
              {key_pos, "Duplicate __proto__ fields are not allowed in object literals"});
        }
        *saw_proto = true;
      }
    }
    return prop;
  }
  if (plain_ident && (Is(Tok::kComma) || Is(Tok::kRBrace) || Is(Tok::kAssign))) {
    // Shorthand `{a}` or cover-initialized `{a = 1}` (only valid as a pattern).
    if (!ident_token_is_valid_ref) return FailAt(key_pos, "Unexpected token");
    if (!CheckIdentifierName(ident_text, key_pos, false, false, scope_->strict)) return nullptr;
    (void)ident_escaped;
    if (ident_text == "arguments" && !MarkArguments(key_pos)) return nullptr;
    if (ident_text == "await" && scope_->is_async)
      return FailAt(key_pos, "Unexpected reserved word");
    auto* id = Make<Identifier>(key_pos);
    id->name = ident_text;
    prop->shorthand = true;
    prop->value = id;
    if (!ts_rewrites_.empty() && !Is(Tok::kAssign)) {
      if (Node* m = TsRewritten(key_pos, ident_text)) {
        prop->shorthand = false;
        prop->value = m;
        return prop;
      }
    }
    if (Is(Tok::kAssign)) {
      Pos eq = Here();
      Next();
      if (failed()) return nullptr;
      auto* ap = Make<AssignmentPattern>(key_pos);
      ap->target = id;
      ap->default_value = ParseAssignment(false);
      if (!ap->default_value) return nullptr;
      prop->value = ap;
      (void)eq;
      cover_errors_.push_back({key_pos, "Invalid shorthand property initializer"});
    }
    return prop;
  }
  return Unexpected();
}

// ======================================================================================
// Patterns
// ======================================================================================

Identifier* Parser::ParseBindingIdentifier() {
  if (!IsIdentifierToken()) {
    Unexpected();
    return nullptr;
  }
  if (!CheckIdentifierToken(true, false)) return nullptr;
  auto* id = Make<Identifier>(Here());
  id->name = tok().text;
  Next();
  if (failed()) return nullptr;
  return id;
}

// BindingIdentifier | ArrayBindingPattern | ObjectBindingPattern (§14.3.3).
Node* Parser::ParseBindingTarget() {
  ENTER();
  Pos start = Here();
  if (Is(Tok::kLBracket)) {
    Next();
    if (failed()) return nullptr;
    auto* ap = Make<ArrayPattern>(start);
    while (!Is(Tok::kRBracket)) {
      if (Is(Tok::kComma)) {
        ap->elements.push_back(nullptr);
        Next();
        if (failed()) return nullptr;
        continue;
      }
      if (Is(Tok::kEllipsis)) {
        Pos p = Here();
        Next();
        if (failed()) return nullptr;
        auto* rest = Make<RestElement>(p);
        rest->argument = ParseBindingTarget();
        if (!rest->argument) return nullptr;
        ap->elements.push_back(rest);
        if (!Is(Tok::kRBracket)) {
          return Is(Tok::kComma) ? Fail("Rest element must be last element") : Unexpected();
        }
        break;
      }
      Node* el = ParseBindingElement();
      if (!el) return nullptr;
      ap->elements.push_back(el);
      if (Is(Tok::kRBracket)) break;
      if (!Expect(Tok::kComma)) return nullptr;
    }
    Next();  // ]
    if (failed()) return nullptr;
    return ap;
  }
  if (Is(Tok::kLBrace)) {
    Next();
    if (failed()) return nullptr;
    auto* op = Make<ObjectPattern>(start);
    while (!Is(Tok::kRBrace)) {
      Pos p = Here();
      if (Is(Tok::kEllipsis)) {
        Next();
        if (failed()) return nullptr;
        auto* rest = Make<RestElement>(p);
        rest->argument = ParseBindingIdentifier();
        if (!rest->argument) return nullptr;
        op->properties.push_back(rest);
        if (!Is(Tok::kRBrace)) {
          return Is(Tok::kComma) ? Fail("Rest element must be last element") : Unexpected();
        }
        break;
      }
      bool ident_ok = IsIdentifierToken();
      std::string ident_text = Is(Tok::kIdentifier) ? tok().text : std::string();
      bool computed = false, plain_ident = false;
      Node* key = ParsePropertyName(&computed, false, &plain_ident);
      if (!key) return nullptr;
      auto* prop = Make<Property>(p);
      prop->key = key;
      prop->computed = computed;
      if (Is(Tok::kColon)) {
        Next();
        if (failed()) return nullptr;
        prop->value = ParseBindingElement();
        if (!prop->value) return nullptr;
      } else {
        if (!plain_ident || !ident_ok) return Unexpected();
        if (!CheckIdentifierName(ident_text, p, true, false, scope_->strict)) return nullptr;
        auto* id = Make<Identifier>(p);
        id->name = ident_text;
        prop->shorthand = true;
        prop->value = id;
        if (Is(Tok::kAssign)) {
          Next();
          if (failed()) return nullptr;
          auto* ap = Make<AssignmentPattern>(p);
          ap->target = id;
          ap->default_value = ParseAssignment(false);
          if (!ap->default_value) return nullptr;
          prop->value = ap;
        }
      }
      op->properties.push_back(prop);
      if (Is(Tok::kRBrace)) break;
      if (!Expect(Tok::kComma)) return nullptr;
    }
    Next();  // }
    if (failed()) return nullptr;
    return op;
  }
  return ParseBindingIdentifier();
}

// BindingElement: target [= default].
Node* Parser::ParseBindingElement() {
  Pos start = Here();
  Node* target = ParseBindingTarget();
  if (!target) return nullptr;
  if (!Is(Tok::kAssign)) return target;
  Next();
  if (failed()) return nullptr;
  auto* ap = Make<AssignmentPattern>(start);
  ap->target = target;
  ap->default_value = ParseAssignment(false);
  if (!ap->default_value) return nullptr;
  return ap;
}

// Converts an expression to an assignment target (§13.15.5.1 AssignmentTargetType and the
// destructuring assignment refinement).
Node* Parser::ToAssignTarget(Node* n, const char* top_message, bool nested) {
  ENTER();
  Pos p{n->line, n->column};
  const char* bad = nested ? "Invalid destructuring assignment target" : top_message;
  switch (n->kind) {
    case NodeKind::kIdentifier:
    case NodeKind::kMember:
      if (!CheckSimpleTarget(n, bad)) return nullptr;
      return n;
    case NodeKind::kArrayLiteral: {
      if (n->parenthesized) return FailAt(p, bad);
      auto* a = n->As<ArrayLiteral>();
      auto* ap = Make<ArrayPattern>(p);
      for (size_t i = 0; i < a->elements.size(); ++i) {
        Node* el = a->elements[i];
        if (el == nullptr) {
          ap->elements.push_back(nullptr);
          continue;
        }
        if (el->kind == NodeKind::kSpread) {
          if (i + 1 != a->elements.size() || spread_trailing_comma_.count(el)) {
            return FailAt(Pos{el->line, el->column}, "Rest element must be last element");
          }
          Node* arg = el->As<SpreadElement>()->argument;
          if (arg->kind == NodeKind::kAssignment) {
            return FailAt(Pos{arg->line, arg->column}, "Invalid destructuring assignment target");
          }
          auto* rest = Make<RestElement>(Pos{el->line, el->column});
          rest->argument = ToAssignTarget(arg, top_message, true);
          if (!rest->argument) return nullptr;
          ap->elements.push_back(rest);
          continue;
        }
        Node* t = ToAssignTarget(el, top_message, true);
        if (!t) return nullptr;
        ap->elements.push_back(t);
      }
      return ap;
    }
    case NodeKind::kObjectLiteral: {
      if (n->parenthesized) return FailAt(p, bad);
      auto* o = n->As<ObjectLiteral>();
      auto* op = Make<ObjectPattern>(p);
      for (size_t i = 0; i < o->properties.size(); ++i) {
        Node* prop = o->properties[i];
        if (prop->kind == NodeKind::kSpread) {
          Node* arg = prop->As<SpreadElement>()->argument;
          if (i + 1 != o->properties.size()) {
            return FailAt(Pos{prop->line, prop->column}, "Rest element must be last element");
          }
          if (!IsSimpleTarget(arg)) {
            return FailAt(
                Pos{arg->line, arg->column},
                "`...` must be followed by an assignable reference in assignment contexts");
          }
          if (!CheckSimpleTarget(arg, bad)) return nullptr;
          auto* rest = Make<RestElement>(Pos{prop->line, prop->column});
          rest->argument = arg;
          op->properties.push_back(rest);
          continue;
        }
        auto* pr = prop->As<Property>();
        if (pr->kind != PropertyKind::kInit) {
          return FailAt(Pos{pr->line, pr->column}, "Invalid destructuring assignment target");
        }
        pr->is_proto_setter = false;
        if (pr->shorthand) {
          Node* v = pr->value;
          Node* target =
              v->kind == NodeKind::kAssignmentPattern ? v->As<AssignmentPattern>()->target : v;
          if (!CheckSimpleTarget(target, bad)) return nullptr;
          op->properties.push_back(pr);
          continue;
        }
        Node* t = ToAssignTarget(pr->value, top_message, true);
        if (!t) return nullptr;
        pr->value = t;
        op->properties.push_back(pr);
      }
      return op;
    }
    case NodeKind::kAssignment: {
      auto* a = n->As<AssignmentExpression>();
      if (!nested || a->op != AssignOp::kAssign || n->parenthesized) return FailAt(p, bad);
      auto* ap = Make<AssignmentPattern>(p);
      ap->target = a->target;
      ap->default_value = a->value;
      return ap;
    }
    case NodeKind::kAssignmentPattern:
      if (nested) return n;
      return FailAt(p, bad);
    default:
      return FailAt(p, bad);
  }
}

// ======================================================================================
// TypeScript (parsed and erased)
// ======================================================================================

bool Parser::SkipTypeAnnotation() {
  // At ':'.
  Next();
  if (failed()) return false;
  return SkipType();
}

bool Parser::SkipReturnType() {
  // At ':'. Handles `asserts x`, `asserts x is T`, `x is T`, `this is T`.
  Next();
  if (failed()) return false;
  if (IsName("asserts")) {
    Peeked p = Peek();
    if ((p.type == Tok::kIdentifier || p.type == Tok::kThis) && !p.newline_before) {
      Next();  // asserts
      Next();  // x
      if (failed()) return false;
      if (IsName("is") && !tok().newline_before) {
        Next();
        if (failed()) return false;
        return SkipType();
      }
      return true;
    }
  }
  if (Is(Tok::kIdentifier) || Is(Tok::kThis)) {
    Peeked p = Peek();
    if (p.type == Tok::kIdentifier && p.text == "is" && !p.newline_before) {
      Next();
      Next();
      if (failed()) return false;
      return SkipType();
    }
  }
  return SkipType();
}

bool Parser::IsStartOfFunctionType() {
  if (Is(Tok::kLt)) return true;
  if (Is(Tok::kNew)) return true;
  if (IsName("abstract")) {
    Peeked p = Peek();
    return p.type == Tok::kNew;
  }
  if (!Is(Tok::kLParen)) return false;
  Snapshot s = Save();
  bool result = false;
  Next();
  if (!failed()) {
    if (Is(Tok::kRParen) || Is(Tok::kEllipsis)) {
      result = true;
    } else if (Is(Tok::kIdentifier) || Is(Tok::kThis)) {
      Next();
      if (!failed()) {
        if (Is(Tok::kColon) || Is(Tok::kComma) || Is(Tok::kQuestion) || Is(Tok::kAssign)) {
          result = true;
        } else if (Is(Tok::kRParen)) {
          Next();
          result = !failed() && Is(Tok::kArrow);
        }
      }
    } else if (Is(Tok::kLBracket) || Is(Tok::kLBrace)) {
      // A destructuring parameter: skip it, then look for `:`, `,`, `?`, `=` or `) =>`.
      Tok open = t();
      if (SkipBalanced(open, open == Tok::kLBracket ? Tok::kRBracket : Tok::kRBrace)) {
        if (Is(Tok::kColon) || Is(Tok::kComma) || Is(Tok::kQuestion) || Is(Tok::kAssign)) {
          result = true;
        } else if (Is(Tok::kRParen)) {
          Next();
          result = !failed() && Is(Tok::kArrow);
        }
      }
    }
  }
  Restore(s);
  return result;
}

// Signature `[<T>](params)[: R]`; with require_arrow `[<T>](params) => R` (function types).
bool Parser::SkipSignature(bool require_arrow) {
  if (Is(Tok::kLt) && !SkipTypeParams()) return false;
  if (!Is(Tok::kLParen)) {
    Unexpected();
    return false;
  }
  // Parameters are parsed like a function's (patterns, optional markers, annotations) and dropped.
  auto* fn = MakeK<FunctionNode>(NodeKind::kFunctionExpression, Here());
  Scope scope;
  scope.parent = scope_;
  scope.strict = scope_->strict;
  scope.is_arrow = true;
  Scope* outer = scope_;
  scope_ = &scope;
  bool ok = ParseFormalParams(fn, false);
  scope_ = outer;
  if (!ok) return false;
  if (require_arrow) {
    if (!Expect(Tok::kArrow)) return false;
    Pos p = Here();
    (void)p;
    // Return type of a function type may be a type predicate.
    if ((Is(Tok::kIdentifier) || Is(Tok::kThis))) {
      Peeked nx = Peek();
      if (nx.type == Tok::kIdentifier && nx.text == "is" && !nx.newline_before) {
        Next();
        Next();
        if (failed()) return false;
      } else if (IsName("asserts") && (nx.type == Tok::kIdentifier || nx.type == Tok::kThis)) {
        Next();
        Next();
        if (failed()) return false;
        if (!IsName("is")) return true;
        Next();
        if (failed()) return false;
      }
    }
    return SkipType();
  }
  if (Is(Tok::kColon)) return SkipReturnType();
  return true;
}

bool Parser::SkipType(bool no_conditional) {
  ENTER_BOOL();
  if (IsStartOfFunctionType()) {
    if (IsName("abstract")) Next();
    if (Is(Tok::kNew)) Next();
    if (failed()) return false;
    return SkipSignature(true);
  }
  if (!SkipUnionType(no_conditional)) return false;
  if (!no_conditional && Is(Tok::kExtends) && !tok().newline_before) {
    Next();
    if (failed() || !SkipType(true)) return false;
    if (!Expect(Tok::kQuestion)) return false;
    if (!SkipType()) return false;
    if (!Expect(Tok::kColon)) return false;
    return SkipType();
  }
  return true;
}

bool Parser::SkipUnionType(bool no_conditional) {
  if (Is(Tok::kPipe)) Next();
  if (failed() || !SkipIntersectionType(no_conditional)) return false;
  while (Is(Tok::kPipe)) {
    Next();
    if (failed() || !SkipIntersectionType(no_conditional)) return false;
  }
  return true;
}

bool Parser::SkipIntersectionType(bool no_conditional) {
  if (Is(Tok::kAmp)) Next();
  if (failed() || !SkipTypeOperator(no_conditional)) return false;
  while (Is(Tok::kAmp)) {
    Next();
    if (failed() || !SkipTypeOperator(no_conditional)) return false;
  }
  return true;
}

bool Parser::SkipTypeOperator(bool no_conditional) {
  ENTER_BOOL();
  if (IsName("keyof") || IsName("unique") || IsName("readonly")) {
    Peeked p = Peek();
    // `keyof` alone could be a type name; treat it as an operator when a type follows.
    if (p.type != Tok::kComma && p.type != Tok::kRParen && p.type != Tok::kRBracket &&
        p.type != Tok::kGt && p.type != Tok::kSemicolon && p.type != Tok::kAssign &&
        p.type != Tok::kEof && p.type != Tok::kPipe && p.type != Tok::kAmp) {
      Next();
      if (failed()) return false;
      return SkipTypeOperator(no_conditional);
    }
  }
  if (IsName("infer")) {
    Next();
    if (failed()) return false;
    if (!Is(Tok::kIdentifier)) {
      Unexpected();
      return false;
    }
    Next();
    if (failed()) return false;
    if (Is(Tok::kExtends)) {
      // `infer U extends C` constraint, unless this `extends` starts a conditional type.
      // As TypeScript: outside a conditional's extends clause, a constraint followed by `?` is
      // instead the conditional type's own extends.
      Snapshot s = Save();
      Next();
      bool constraint = !failed() && SkipType(true) && (no_conditional || !Is(Tok::kQuestion));
      if (!constraint) Restore(s);
    }
    return true;
  }
  return SkipPostfixType(no_conditional);
}

bool Parser::SkipPostfixType(bool no_conditional) {
  if (!SkipPrimaryType()) return false;
  while (Is(Tok::kLBracket) && !tok().newline_before) {
    Next();
    if (failed()) return false;
    if (Is(Tok::kRBracket)) {
      Next();
      if (failed()) return false;
      continue;
    }
    if (!SkipType() || !Expect(Tok::kRBracket)) return false;
  }
  return true;
}

bool Parser::SkipEntityName() {
  // identifier(.identifier)*
  if (!Is(Tok::kIdentifier) && !IsKeywordTok(t())) {
    Unexpected();
    return false;
  }
  Next();
  while (!failed() && Is(Tok::kDot)) {
    Next();
    if (failed()) return false;
    if (!Is(Tok::kIdentifier) && !IsKeywordTok(t()) && !Is(Tok::kPrivateName)) {
      Unexpected();
      return false;
    }
    Next();
  }
  return !failed();
}

bool Parser::SkipPrimaryType() {
  switch (t()) {
    case Tok::kIdentifier:
      if (!SkipEntityName()) return false;
      if (Is(Tok::kLt) && !tok().newline_before) return SkipTypeArgs();
      return true;
    case Tok::kVoid:
    case Tok::kNull:
    case Tok::kThis:
    case Tok::kTrue:
    case Tok::kFalse:
    case Tok::kString:
    case Tok::kNumber:
    case Tok::kBigInt:
      Next();
      return !failed();
    case Tok::kMinus:
      Next();
      if (failed()) return false;
      if (!Is(Tok::kNumber) && !Is(Tok::kBigInt)) {
        Unexpected();
        return false;
      }
      Next();
      return !failed();
    case Tok::kTypeof:
      Next();
      if (failed()) return false;
      if (Is(Tok::kImport)) return SkipPrimaryType();
      if (!SkipEntityName()) return false;
      if (Is(Tok::kLt) && !tok().newline_before) return SkipTypeArgs();
      return true;
    case Tok::kImport:
      // import("module").Name<T>
      Next();
      if (failed() || !Expect(Tok::kLParen)) return false;
      if (!Is(Tok::kString)) {
        Unexpected();
        return false;
      }
      Next();
      if (failed() || !Expect(Tok::kRParen)) return false;
      while (Is(Tok::kDot)) {
        Next();
        if (failed()) return false;
        Next();
        if (failed()) return false;
      }
      if (Is(Tok::kLt)) return SkipTypeArgs();
      return true;
    case Tok::kTemplate:
      return SkipTemplateType();
    case Tok::kLBrace: {
      // Mapped type `{ [K in T]: U }` or object type literal.
      Snapshot s = Save();
      Next();
      if (!failed() && (IsName("readonly") || Is(Tok::kPlus) || Is(Tok::kMinus))) Next();
      if (!failed() && IsName("readonly")) Next();
      bool mapped = false;
      if (!failed() && Is(Tok::kLBracket)) {
        Next();
        if (!failed() && Is(Tok::kIdentifier)) {
          Next();
          mapped = !failed() && Is(Tok::kIn);
        }
      }
      Restore(s);
      return mapped ? SkipMappedType() : SkipObjectType();
    }
    case Tok::kLBracket:
      return SkipTupleType();
    case Tok::kLParen:
      Next();
      if (failed() || !SkipType() || !Expect(Tok::kRParen)) return false;
      return true;
    default:
      if (IsKeywordTok(t())) {  // e.g. `undefined` is an identifier, but keywords like `never`? no
        Unexpected();
        return false;
      }
      Unexpected();
      return false;
  }
}

bool Parser::SkipTemplateType() {
  while (true) {
    if (tok().template_tail) {
      Next();
      return !failed();
    }
    Next();
    if (failed() || !SkipType()) return false;
    if (!Is(Tok::kRBrace)) {
      Unexpected();
      return false;
    }
    lex_.RescanTemplateContinuation();
    if (t() == Tok::kError) {
      LexFail();
      return false;
    }
  }
}

bool Parser::SkipTupleType() {
  Next();  // [
  if (failed()) return false;
  while (!Is(Tok::kRBracket)) {
    if (Is(Tok::kEllipsis)) {
      Next();
      if (failed()) return false;
    }
    // Named member `name: T` / `name?: T`.
    if (Is(Tok::kIdentifier) || IsKeywordTok(t())) {
      Peeked p = Peek();
      if (p.type == Tok::kColon || (p.type == Tok::kQuestion)) {
        Snapshot s = Save();
        Next();
        if (!failed() && Is(Tok::kQuestion)) Next();
        if (!failed() && Is(Tok::kColon)) {
          Next();
        } else {
          Restore(s);
        }
      }
    }
    if (failed() || !SkipType()) return false;
    if (Is(Tok::kQuestion)) {
      Next();
      if (failed()) return false;
    }
    if (Is(Tok::kRBracket)) break;
    if (!Expect(Tok::kComma)) return false;
  }
  Next();
  return !failed();
}

bool Parser::SkipMappedType() {
  Next();  // {
  if (failed()) return false;
  if (Is(Tok::kPlus) || Is(Tok::kMinus)) Next();
  if (!failed() && IsName("readonly")) Next();
  if (failed() || !Expect(Tok::kLBracket)) return false;
  Next();  // K
  if (failed() || !Expect(Tok::kIn) || !SkipType()) return false;
  if (IsName("as")) {
    Next();
    if (failed() || !SkipType()) return false;
  }
  if (!Expect(Tok::kRBracket)) return false;
  if (Is(Tok::kPlus) || Is(Tok::kMinus)) Next();
  if (!failed() && Is(Tok::kQuestion)) Next();
  if (failed()) return false;
  if (Is(Tok::kColon) && !SkipTypeAnnotation()) return false;
  if (Is(Tok::kSemicolon) || Is(Tok::kComma)) Next();
  if (failed()) return false;
  return Expect(Tok::kRBrace);
}

bool Parser::SkipObjectType() {
  Next();  // {
  if (failed()) return false;
  while (!Is(Tok::kRBrace)) {
    if (Is(Tok::kEof)) {
      Unexpected();
      return false;
    }
    // Modifiers.
    while ((IsName("readonly") || IsName("get") || IsName("set")) && !failed()) {
      Peeked p = Peek();
      if (p.type == Tok::kColon || p.type == Tok::kQuestion || p.type == Tok::kLParen ||
          p.type == Tok::kComma || p.type == Tok::kSemicolon || p.type == Tok::kRBrace ||
          p.type == Tok::kLt || p.newline_before) {
        break;
      }
      Next();
    }
    if (failed()) return false;
    if (Is(Tok::kLParen) || Is(Tok::kLt)) {
      if (!SkipSignature(false)) return false;  // call signature
    } else if (Is(Tok::kNew) && (Peek().type == Tok::kLParen || Peek().type == Tok::kLt)) {
      Next();
      if (failed() || !SkipSignature(false)) return false;  // construct signature
    } else if (Is(Tok::kLBracket)) {
      // Index signature `[k: T]: U` or computed name `[Symbol.iterator]`.
      Snapshot s = Save();
      Next();
      bool index = !failed() && Is(Tok::kIdentifier);
      if (index) {
        Next();
        index = !failed() && Is(Tok::kColon);
      }
      Restore(s);
      Next();
      if (failed()) return false;
      if (index) {
        Next();  // name
        if (failed() || !SkipTypeAnnotation()) return false;
      } else {
        Node* e = ParseAssignment(false);
        if (!e) return false;
      }
      if (!Expect(Tok::kRBracket)) return false;
      if (Is(Tok::kQuestion)) Next();
      if (failed()) return false;
      if (Is(Tok::kLParen) || Is(Tok::kLt)) {
        if (!SkipSignature(false)) return false;
      } else if (Is(Tok::kColon) && !SkipTypeAnnotation()) {
        return false;
      }
    } else {
      // Property or method signature.
      if (Is(Tok::kIdentifier) || IsKeywordTok(t()) || Is(Tok::kString) || Is(Tok::kNumber) ||
          Is(Tok::kBigInt)) {
        Next();
      } else {
        Unexpected();
        return false;
      }
      if (failed()) return false;
      if (Is(Tok::kQuestion)) Next();
      if (failed()) return false;
      if (Is(Tok::kLParen) || Is(Tok::kLt)) {
        if (!SkipSignature(false)) return false;
      } else if (Is(Tok::kColon) && !SkipTypeAnnotation()) {
        return false;
      }
    }
    if (Is(Tok::kSemicolon) || Is(Tok::kComma)) {
      Next();
      if (failed()) return false;
    } else if (!Is(Tok::kRBrace) && !tok().newline_before) {
      Unexpected();
      return false;
    }
  }
  Next();  // }
  return !failed();
}

bool Parser::SkipTypeParams() {
  // <T extends C = D, const U, in out V>
  Next();  // <
  if (failed()) return false;
  while (!Is(Tok::kGt)) {
    while ((IsName("in") || Is(Tok::kIn) || IsName("out") || Is(Tok::kConst)) && !failed()) {
      Peeked p = Peek();
      if (p.type != Tok::kIdentifier) break;
      Next();
    }
    if (failed()) return false;
    if (!Is(Tok::kIdentifier)) {
      Unexpected();
      return false;
    }
    Next();
    if (failed()) return false;
    if (Is(Tok::kExtends)) {
      Next();
      if (failed() || !SkipType()) return false;
    }
    if (Is(Tok::kAssign)) {
      Next();
      if (failed() || !SkipType()) return false;
    }
    if (Is(Tok::kGt)) break;
    if (!Expect(Tok::kComma)) return false;
  }
  Next();  // >
  return !failed();
}

bool Parser::SkipTypeArgs() {
  Next();  // <
  if (failed()) return false;
  while (!Is(Tok::kGt)) {
    if (!SkipType()) return false;
    if (Is(Tok::kGt)) break;
    if (!Expect(Tok::kComma)) return false;
  }
  Next();  // >
  return !failed();
}

// `f<T>(x)`, `new C<T>()`, tagged `f<T>\`\``: type arguments are accepted only when followed by `(`
// or a template (as TypeScript does); otherwise `<` is the less-than operator.
bool Parser::TryTypeArgsInExpression() {
  uint32_t key = tok().start;
  if (failed_type_args_starts_.count(key)) return false;
  Snapshot s = Save();
  bool ok = SkipTypeArgs() && (Is(Tok::kLParen) || Is(Tok::kTemplate));
  if (!ok) {
    if (error_ && error_->message == "too deeply nested") return false;
    Restore(s);
    failed_type_args_starts_.insert(key);
    return false;
  }
  return true;
}

bool Parser::SkipBalanced(Tok open, Tok close) {
  // At `open`: skips tokens to the matching `close` (inclusive).
  int depth = 0;
  do {
    if (Is(Tok::kEof)) {
      Unexpected();
      return false;
    }
    if (Is(open)) ++depth;
    if (Is(close)) --depth;
    Next();
    if (failed()) return false;
  } while (depth > 0);
  return true;
}

bool Parser::SkipInterface() {
  // interface Name<T> extends A, B { ... }
  Next();  // interface
  if (failed()) return false;
  if (!Is(Tok::kIdentifier)) {
    Unexpected();
    return false;
  }
  Next();
  if (failed()) return false;
  if (Is(Tok::kLt) && !SkipTypeParams()) return false;
  if (Is(Tok::kExtends)) {
    Next();
    while (!failed()) {
      if (!SkipType()) return false;
      if (!Is(Tok::kComma)) break;
      Next();
    }
    if (failed()) return false;
  }
  if (!Is(Tok::kLBrace)) {
    Unexpected();
    return false;
  }
  return SkipObjectType();
}

bool Parser::SkipTypeAlias() {
  // type Name<T> = Type;
  Next();  // type
  if (failed()) return false;
  if (!Is(Tok::kIdentifier)) {
    Unexpected();
    return false;
  }
  Next();
  if (failed()) return false;
  if (Is(Tok::kLt) && !SkipTypeParams()) return false;
  if (!Expect(Tok::kAssign)) return false;
  if (!SkipType()) return false;
  return ConsumeSemicolon();
}

// `import { type A, type B as C } from "m";` / `export { type A };`, at import/export: when every
// specifier is type-only, skips the declaration (tsc elides it) and returns true; otherwise leaves
// the tokens in place and returns false.
bool Parser::SkipTypeOnlySpecifiers() {
  Snapshot s = Save();
  bool is_import = Is(Tok::kImport);
  auto ok = [&] {
    Next();  // import / export
    if (failed() || !Is(Tok::kLBrace)) return false;
    Next();
    int count = 0;
    while (!Is(Tok::kRBrace)) {
      if (!IsName("type") || failed()) return false;
      Next();  // type
      if (!Is(Tok::kIdentifier) && !IsKeywordTok(t()) && !Is(Tok::kString)) return false;
      Next();
      if (IsName("as")) {
        Next();
        if (!Is(Tok::kIdentifier) && !IsKeywordTok(t()) && !Is(Tok::kString)) return false;
        Next();
      }
      if (failed()) return false;
      ++count;
      if (!Is(Tok::kComma)) break;
      Next();
    }
    if (!Is(Tok::kRBrace) || count == 0) return false;
    Next();
    if (IsName("from")) {
      Next();
      if (!Is(Tok::kString)) return false;
      Next();
    } else if (is_import) {
      return false;
    }
    return !failed() && ConsumeSemicolon();
  }();
  if (!ok) Restore(s);
  return ok;
}

bool Parser::SkipImportExportType() {
  // `import type ... from "x";` / `export type { ... } [from "x"];` / `export type * from "x";`
  Next();  // import / export
  if (failed()) return false;
  Next();  // type
  if (failed()) return false;
  while (!Is(Tok::kSemicolon) && !Is(Tok::kEof)) {
    if (Is(Tok::kString)) {
      Next();
      if (failed()) return false;
      break;
    }
    if (Is(Tok::kLBrace)) {
      if (!SkipBalanced(Tok::kLBrace, Tok::kRBrace)) return false;
      if (!IsName("from")) break;
      continue;
    }
    Next();
    if (failed()) return false;
  }
  return ConsumeSemicolon();
}

// TypeScript declarations at statement-list level: interface, type, declare, abstract class,
// namespace, module. Sets *handled when the current tokens were one of them. Returns &erased_ or
// the class node (abstract class), or nullptr on error.
Node* Parser::SkipTsDeclaration(bool* handled) {
  *handled = false;
  if (!Is(Tok::kIdentifier) || tok().escaped) return nullptr;
  Pos start = Here();
  std::string w = tok().text;
  if (w != "interface" && w != "type" && w != "declare" && w != "abstract" && w != "namespace" &&
      w != "module" && w != "global") {
    return nullptr;
  }
  Peeked p = Peek();
  if (p.newline_before) return nullptr;
  if (w == "interface" && p.type == Tok::kIdentifier) {
    *handled = true;
    return SkipInterface() ? &erased_ : nullptr;
  }
  if (w == "type" && p.type == Tok::kIdentifier) {
    *handled = true;
    return SkipTypeAlias() ? &erased_ : nullptr;
  }
  if (w == "abstract" && p.type == Tok::kClass) {
    *handled = true;
    Next();
    if (failed()) return nullptr;
    return ParseClass(NodeKind::kClassDeclaration, start, true);
  }
  if ((w == "namespace" || w == "module") &&
      (p.type == Tok::kIdentifier || p.type == Tok::kString)) {
    *handled = true;
    return ParseNamespace(start, nullptr);
  }
  if (w == "declare") {
    // Ambient declarations have no runtime effect: parse and drop.
    bool is_decl_start =
        p.type == Tok::kVar || p.type == Tok::kConst || p.type == Tok::kFunction ||
        p.type == Tok::kClass || p.type == Tok::kEnum ||
        (p.type == Tok::kIdentifier &&
         (p.text == "let" || p.text == "namespace" || p.text == "module" || p.text == "global" ||
          p.text == "type" || p.text == "interface" || p.text == "abstract" || p.text == "async"));
    if (!is_decl_start) return nullptr;
    *handled = true;
    Next();  // declare
    if (failed()) return nullptr;
    if (Is(Tok::kVar) || Is(Tok::kConst) || IsName("let")) {
      if (Is(Tok::kConst) && Peek().type == Tok::kEnum) {
        Next();
      } else {
        DeclarationKind kind = Is(Tok::kVar)     ? DeclarationKind::kVar
                               : Is(Tok::kConst) ? DeclarationKind::kConst
                                                 : DeclarationKind::kLet;
        Pos kw = Here();
        Next();
        if (failed()) return nullptr;
        if (!ParseVarDeclList(kw, kind, false) || !ConsumeSemicolon()) return nullptr;
        return &erased_;
      }
    }
    if (Is(Tok::kEnum)) {
      Next();
      if (failed()) return nullptr;
      Next();  // name
      if (failed() || !Is(Tok::kLBrace)) return Unexpected();
      if (!SkipBalanced(Tok::kLBrace, Tok::kRBrace)) return nullptr;
      return &erased_;
    }
    if (IsName("async")) Next();
    if (Is(Tok::kFunction)) {
      Node* f = ParseFunction(NodeKind::kFunctionDeclaration, Here(), tok().start, false);
      if (!f) return nullptr;
      return &erased_;
    }
    if (IsName("abstract")) Next();
    if (Is(Tok::kClass)) {
      if (!ParseClass(NodeKind::kClassDeclaration, Here(), true)) return nullptr;
      return &erased_;
    }
    if (IsName("namespace") || IsName("module") || IsName("global")) {
      Next();
      if (failed()) return nullptr;
      while (!Is(Tok::kLBrace) && !Is(Tok::kEof) && !Is(Tok::kSemicolon)) {
        Next();
        if (failed()) return nullptr;
      }
      if (Is(Tok::kLBrace) && !SkipBalanced(Tok::kLBrace, Tok::kRBrace)) return nullptr;
      if (Is(Tok::kSemicolon)) Next();
      return failed() ? nullptr : &erased_;
    }
    bool h = false;
    Node* r = SkipTsDeclaration(&h);
    if (!h) return Unexpected();
    return r;
  }
  return nullptr;
}


// ======================================================================================
// TypeScript enums and namespaces, lowered while parsing to the JavaScript tsc emits
// (TypeScript handbook "Enums" / "Namespaces"; tsc's `transformers/ts.ts`):
//   enum E { A, B = "b" }   →  var E; E || (E = {}); E[E.A = 0] = "A"; E.B = "b";
//   namespace N { export const x = 1; export function f() {} }
//                           →  var N; (function (N) { N.x = 1; function f() {} N.f = f; })(N || (N = {}));
// tsc wraps an enum's member assignments in a function too; without one the statements behave the
// same (the initializers are evaluated in the same scope, member references rewritten to E.X).
// Differences from tsc: values are computed when the statements run rather than folded by the
// compiler (the same values: constant expressions have no side effects), and a declaration that
// shadows a namespace's exported variable inside the namespace stops with UnsupportedSyntax.
// ======================================================================================

// Appends a parsed statement-list item and the statements its lowering produced; records the
// names it declares (for merging).
Node* Parser::AppendItem(std::vector<Node*>& body, Node* s) {
  if (s != &erased_) {
    body.push_back(s);
    if ((s->kind == NodeKind::kFunctionDeclaration || s->kind == NodeKind::kClassDeclaration) &&
        !ts_declared_.empty()) {
      Identifier* id = s->kind == NodeKind::kFunctionDeclaration ? s->As<FunctionNode>()->id
                                                                 : s->As<ClassNode>()->id;
      if (id) ts_declared_.back().push_back(id->name);
    }
  }
  for (Node* n : pending_) body.push_back(n);
  pending_.clear();
  return s;
}

// `name` as `object.name` when an enclosing enum initializer or namespace body rewrites it.
Node* Parser::TsRewritten(Pos p, const std::string& name) {
  for (size_t i = ts_rewrites_.size(); i-- > 0;) {
    const TsRewrite& r = ts_rewrites_[i];
    for (const std::string& n : r.names) {
      if (n == name) return MakeMemberOf(p, MakeIdent(p, r.object), name);
    }
  }
  return nullptr;
}

Identifier* Parser::MakeIdent(Pos p, std::string name) {
  auto* id = Make<Identifier>(p);
  id->name = std::move(name);
  return id;
}

Node* Parser::MakeMemberOf(Pos p, Node* object, const std::string& name) {
  auto* m = Make<MemberExpression>(p);
  m->object = object;
  m->property = MakeIdent(p, name);
  m->property_line = p.line;
  m->property_column = p.column;
  return m;
}

Node* Parser::MakeAssign(Pos p, Node* target, Node* value) {
  auto* a = Make<AssignmentExpression>(p);
  a->op = AssignOp::kAssign;
  a->target = target;
  a->value = value;
  return a;
}

Node* Parser::MakeExprStatement(Pos p, Node* e) {
  auto* s = Make<ExpressionStatement>(p);
  s->expression = e;
  return s;
}

// `var name;` at the program's top level, `let name;` elsewhere (as tsc), or nothing when a
// function, class, enum or namespace of that name was declared before in the same statement list.
Node* Parser::MakeTsDeclaration(Pos p, const std::string& name) {
  if (!ts_declared_.empty()) {
    for (const std::string& n : ts_declared_.back()) {
      if (n == name) return nullptr;
    }
    ts_declared_.back().push_back(name);
  }
  bool top = scope_->program != nullptr && ts_declared_.size() == 1;
  auto* decl = Make<VariableDeclaration>(p);
  decl->kind = top ? DeclarationKind::kVar : DeclarationKind::kLet;
  auto* d = Make<VariableDeclarator>(p);
  d->target = MakeIdent(p, name);
  decl->declarations.push_back(d);
  return decl;
}

// `name || (name = {})`, or `name = into.name || (into.name = {})` for an exported member.
Node* Parser::MakeMergeArg(Pos p, const std::string& name, const std::string* into) {
  auto* orr = Make<LogicalExpression>(p);
  orr->op = LogicalOp::kOr;
  orr->left = into ? MakeMemberOf(p, MakeIdent(p, *into), name) : MakeIdent(p, name);
  Node* target = into ? MakeMemberOf(p, MakeIdent(p, *into), name) : MakeIdent(p, name);
  Node* init = MakeAssign(p, target, Make<ObjectLiteral>(p));
  init->parenthesized = true;
  orr->right = init;
  if (!into) return orr;
  return MakeAssign(p, MakeIdent(p, name), orr);
}

namespace {
std::u16string Utf8ToUtf16(const std::string& s) {
  std::u16string out;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    char32_t cp;
    int n;
    if (c < 0x80) {
      cp = c;
      n = 1;
    } else if ((c & 0xE0) == 0xC0) {
      cp = c & 0x1F;
      n = 2;
    } else if ((c & 0xF0) == 0xE0) {
      cp = c & 0x0F;
      n = 3;
    } else {
      cp = c & 0x07;
      n = 4;
    }
    for (int k = 1; k < n && i + k < s.size(); ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    i += n;
    AppendUtf16(out, cp);
  }
  return out;
}
}  // namespace

// tsc's classification of an enum member initializer (checker.ts computeConstantValue): 1 for a
// constant string expression (no reverse mapping), 0 for a constant number, 2 otherwise.
int Parser::EnumConstKind(const std::string& enum_name, const Node* e) {
  switch (e->kind) {
    case NodeKind::kNumberLiteral:
      return 0;
    case NodeKind::kStringLiteral:
      return 1;
    case NodeKind::kTemplateLiteral: {
      // TS 5: a template whose substitutions are all constant is a constant string.
      for (const Node* x : e->As<TemplateLiteral>()->expressions) {
        if (EnumConstKind(enum_name, x) == 2) return 2;
      }
      return 1;
    }
    case NodeKind::kUnary: {
      auto* u = e->As<UnaryExpression>();
      if (u->op != UnaryOp::kMinus && u->op != UnaryOp::kPlus && u->op != UnaryOp::kBitNot) return 2;
      return EnumConstKind(enum_name, u->argument) == 0 ? 0 : 2;
    }
    case NodeKind::kBinary: {
      auto* b = e->As<BinaryExpression>();
      int l = EnumConstKind(enum_name, b->left), r = EnumConstKind(enum_name, b->right);
      if (l == 2 || r == 2) return 2;
      if (b->op == BinaryOp::kAdd) return (l == 1 || r == 1) ? 1 : 0;
      switch (b->op) {
        case BinaryOp::kSub:
        case BinaryOp::kMul:
        case BinaryOp::kDiv:
        case BinaryOp::kMod:
        case BinaryOp::kExp:
        case BinaryOp::kShl:
        case BinaryOp::kSar:
        case BinaryOp::kShr:
        case BinaryOp::kBitAnd:
        case BinaryOp::kBitOr:
        case BinaryOp::kBitXor:
              return (l == 0 && r == 0) ? 0 : 2;
        default:
          return 2;
      }
    }
    case NodeKind::kMember: {
      // E.X / E["X"] of this enum (member references in initializers are rewritten to E.X).
      auto* m = e->As<MemberExpression>();
      if (m->object->kind != NodeKind::kIdentifier ||
          m->object->As<Identifier>()->name != enum_name) {
        return 2;
      }
      std::string key;
      if (!m->computed && m->property->kind == NodeKind::kIdentifier) {
        key = m->property->As<Identifier>()->name;
      } else if (m->computed && m->property->kind == NodeKind::kStringLiteral) {
        const std::u16string& v = m->property->As<StringLiteral>()->value;
        for (char16_t c : v) AppendUtf8(key, c);
      } else {
        return 2;
      }
      auto it = enum_members_[enum_name].find(key);
      return it == enum_members_[enum_name].end() ? 2 : it->second;
    }
    default:
      return 2;
  }
}

// `[const] enum Name { Member [= init], ... }`, at `enum`. `into`: the namespace exporting it.
Node* Parser::ParseEnum(Pos start, bool is_const, const std::string* into) {
  Next();  // enum
  if (failed()) return nullptr;
  if (!IsIdentifierToken()) return Unexpected();
  Pos name_pos = Here();
  if (!CheckIdentifierToken(true, true)) return nullptr;
  std::string name = tok().text;
  Next();
  if (failed()) return nullptr;
  if (!Expect(Tok::kLBrace)) return nullptr;
  Node* decl = MakeTsDeclaration(name_pos, name);
  std::vector<Node*> out;
  out.push_back(MakeExprStatement(start, MakeMergeArg(name_pos, name, into)));
  auto& kinds = enum_members_[name];
  // Member names usable in initializers (all members of merged declarations, as tsc resolves them).
  TsRewrite frame{name, {}, false};
  for (const auto& [k, v] : kinds) frame.names.push_back(k);
  int prev_kind = -1;  // -1: no member yet
  std::string prev_name;
  while (!Is(Tok::kRBrace)) {
    Pos mp = Here();
    std::u16string key16;
    std::string key;
    bool ident_key = false;
    if (Is(Tok::kString)) {
      key16 = tok().str;
      for (char16_t c : key16) AppendUtf8(key, c);
    } else if (Is(Tok::kIdentifier) || IsKeywordTok(t())) {
      key = Is(Tok::kIdentifier) ? tok().text : std::string(TokText(t()));
      key16 = Utf8ToUtf16(key);
      ident_key = true;
    } else if (Is(Tok::kNumber)) {
      return Fail("An enum member cannot have a numeric name.");
    } else if (Is(Tok::kLBracket)) {
      // TS 5 accepts a string literal or a no-substitution template as a computed member name: the
      // member is named by its value (tsc emits E[E["a"] = 1] = "a"). Anything else stays an error.
      Next();
      if (failed()) return nullptr;
      if (Is(Tok::kNumber)) return Fail("An enum member cannot have a numeric name.");
      if (!Is(Tok::kString) &&
          !(Is(Tok::kTemplate) && tok().template_tail && tok().cooked_error.empty())) {
        return FailAt(mp, "Computed property names are not allowed in enums.");
      }
      key16 = tok().str;
      for (char16_t c : key16) AppendUtf8(key, c);
      Next();
      if (failed()) return nullptr;
      if (!Is(Tok::kRBracket)) return FailAt(mp, "Computed property names are not allowed in enums.");
      // The shared Next() below steps over the `]`.
    } else {
      return Unexpected();
    }
    (void)ident_key;
    Next();
    if (failed()) return nullptr;
    Node* value = nullptr;
    int kind;
    if (Is(Tok::kAssign)) {
      Next();
      if (failed()) return nullptr;
      ts_rewrites_.push_back(frame);
      value = ParseAssignment(false);
      ts_rewrites_.pop_back();
      if (!value) return nullptr;
      kind = EnumConstKind(name, value);
      if (is_const && kind == 2) {
        return FailAt(mp, "const enum member initializers must be constant expressions.");
      }
    } else if (prev_kind == -1) {
      auto* zero = Make<NumberLiteral>(mp);
      zero->value = 0;
      value = zero;
      kind = 0;
    } else if (prev_kind == 0) {
      auto* plus = Make<BinaryExpression>(mp);
      plus->op = BinaryOp::kAdd;
      plus->left = MakeMemberOf(mp, MakeIdent(mp, name), prev_name);
      plus->op_line = mp.line;
      plus->op_column = mp.column;
      auto* one = Make<NumberLiteral>(mp);
      one->value = 1;
      plus->right = one;
      value = plus;
      kind = 0;
    } else {
      return FailAt(mp, "Enum member must have initializer.");
    }
    // E[E["K"] = v] = "K" (numbers and computed values: reverse mapping), E["K"] = v (strings).
    auto* keylit = Make<StringLiteral>(mp);
    keylit->value = key16;
    auto* target = Make<MemberExpression>(mp);
    target->object = MakeIdent(mp, name);
    target->property = keylit;
    target->computed = true;
    target->property_line = mp.line;
    target->property_column = mp.column;
    Node* assign = MakeAssign(mp, target, value);
    if (kind != 1) {
      auto* rev = Make<MemberExpression>(mp);
      rev->object = MakeIdent(mp, name);
      rev->property = assign;
      rev->computed = true;
      rev->property_line = mp.line;
      rev->property_column = mp.column;
      auto* keylit2 = Make<StringLiteral>(mp);
      keylit2->value = key16;
      assign = MakeAssign(mp, rev, keylit2);
    }
    out.push_back(MakeExprStatement(mp, assign));
    kinds[key] = kind;
    frame.names.push_back(key);
    prev_kind = kind;
    prev_name = key;
    if (!Is(Tok::kComma)) break;
    Next();
    if (failed()) return nullptr;
  }
  if (!Expect(Tok::kRBrace)) return nullptr;
  for (Node* n : out) pending_.push_back(n);
  if (decl) return decl;
  Node* first = pending_.front();
  pending_.erase(pending_.begin());
  return first;
}

// Collects the names of `export const|let|var a [= …], b …` directly in the namespace body ahead
// (at its `{`), so references before the declaration are rewritten too. Leaves the lexer in place.
void Parser::PrescanNamespaceExports(std::vector<std::string>& out) {
  Snapshot s = Save();
  int depth = 0;
  bool in_decl = false;  // inside the declarator list of an exported variable statement
  bool want_name = false;
  std::vector<int> template_depths;  // depth at each open `${` of a template literal
  Tok prev = Tok::kLBrace;
  while (!Is(Tok::kEof) && !failed() && !Is(Tok::kError)) {
    Tok k = t();
    if ((k == Tok::kSlash || k == Tok::kSlashAssign) &&
        !(prev == Tok::kIdentifier || prev == Tok::kNumber || prev == Tok::kString ||
          prev == Tok::kRParen || prev == Tok::kRBracket || prev == Tok::kRBrace ||
          prev == Tok::kTemplate || prev == Tok::kThis || prev == Tok::kTrue ||
          prev == Tok::kFalse || prev == Tok::kNull)) {
      lex_.RescanAsRegExp();  // a regular expression literal, as the expression parser would see it
      k = t();
      if (k == Tok::kError) break;
    }
    bool continued = false;
    if (k == Tok::kRBrace && !template_depths.empty() && depth == template_depths.back()) {
      lex_.RescanTemplateContinuation();
      k = t();
      if (k == Tok::kError) break;
      continued = true;
    }
    if (k == Tok::kTemplate) {
      if (continued) template_depths.pop_back();
      if (!tok().template_tail) template_depths.push_back(depth);
    }
    prev = k;
    if (k == Tok::kLBrace || k == Tok::kLParen || k == Tok::kLBracket) {
      ++depth;
    } else if (k == Tok::kRBrace || k == Tok::kRParen || k == Tok::kRBracket) {
      if (--depth == 0) break;
    } else if (depth == 1) {
      if (want_name) {
        if (k == Tok::kIdentifier) out.push_back(tok().text);
        want_name = false;
      } else if (k == Tok::kExport) {
        Peeked p = Peek();
        if (p.type == Tok::kVar || p.type == Tok::kConst ||
            (p.type == Tok::kIdentifier && p.text == "let")) {
          Next();
          if (failed()) break;
          in_decl = true;
          want_name = true;
        }
      } else if (k == Tok::kSemicolon) {
        in_decl = false;
      } else if (k == Tok::kComma && in_decl) {
        want_name = true;
      }
    }
    Next();
  }
  Restore(s);
}

// `namespace A.B.C { … }` / `module A { … }`, at `namespace`/`module`. `into`: the namespace
// exporting it.
Node* Parser::ParseNamespace(Pos start, const std::string* into) {
  uint32_t source_start = tok().start;
  Next();  // namespace / module
  if (failed()) return nullptr;
  if (Is(Tok::kString)) return Unsupported(start, "ambient module declarations are not supported");
  std::vector<std::string> names;
  for (;;) {
    if (!IsIdentifierToken()) return Unexpected();
    if (!CheckIdentifierToken(true, true)) return nullptr;
    names.push_back(tok().text);
    Next();
    if (failed()) return nullptr;
    if (!Is(Tok::kDot)) break;
    Next();
    if (failed()) return nullptr;
  }
  if (!Is(Tok::kLBrace)) return Unexpected();
  Node* decl = MakeTsDeclaration(start, names[0]);
  Node* stmt = BuildNamespace(start, names, 0, into, source_start);
  if (!stmt) return nullptr;
  if (!decl) return stmt;
  pending_.insert(pending_.begin(), stmt);
  return decl;
}

// One level of a (dotted) namespace: `(function (X) { body })(merge argument);`.
Node* Parser::BuildNamespace(Pos start, const std::vector<std::string>& names, size_t i,
                             const std::string* into, uint32_t source_start) {
  ENTER();
  const std::string& name = names[i];
  std::string path;
  for (const std::string& n : ns_path_) path += n + ".";
  path += name;
  auto* fn = MakeK<FunctionNode>(NodeKind::kFunctionExpression, start);
  fn->source_start = source_start;
  fn->params.push_back(MakeIdent(start, name));
  Scope scope;
  scope.parent = scope_;
  scope.fn = fn;
  scope.strict = scope_->strict;
  scope.ts_namespace = true;
  Scope* outer = scope_;
  scope_ = &scope;
  ns_path_.push_back(name);
  TsRewrite frame{name, ns_exports_[path], true};
  bool ok;
  if (i + 1 < names.size()) {
    // The inner levels of `A.B.C` are exported members of the outer ones.
    ts_rewrites_.push_back(frame);
    ts_declared_.emplace_back();
    Node* decl = MakeTsDeclaration(start, names[i + 1]);
    Node* inner = BuildNamespace(start, names, i + 1, &name, source_start);
    ts_declared_.pop_back();
    ts_rewrites_.pop_back();
    ok = inner != nullptr;
    if (ok) {
      if (decl) fn->body.push_back(decl);
      fn->body.push_back(inner);
      ns_exports_[path].push_back(names[i + 1]);
    }
    fn->source_end = prev_end_;
  } else {
    PrescanNamespaceExports(frame.names);
    for (const std::string& n : frame.names) ns_exports_[path].push_back(n);
    ts_rewrites_.push_back(frame);
    Next();  // {
    ok = !failed();
    bool use_strict = false;
    if (ok) ok = ParseBody(fn->body, Tok::kRBrace, &use_strict);
    if (ok) {
      fn->source_end = tok().end;
      Next();  // }
      ok = !failed();
    }
    fn->strict = scope.strict;
    ts_rewrites_.pop_back();
  }
  fn->strict = scope.strict;
  ns_path_.pop_back();
  scope_ = outer;
  if (!ok) return nullptr;
  fn->parenthesized = true;
  auto* call = Make<CallExpression>(start);
  call->callee = fn;
  call->paren_line = start.line;
  call->paren_column = start.column;
  call->arguments.push_back(MakeMergeArg(start, name, into));
  return MakeExprStatement(start, call);
}

// `export …` directly in a namespace body `ns` (at `export`): the declaration plus `ns.x = x`.
bool Parser::ParseNamespaceExport(Pos start, const std::string& ns) {
  Next();  // export
  if (failed()) return false;
  auto export_binding = [&](Node* s, Identifier* id) {
    pending_.push_back(s);
    if (!id) return;
    if (!ts_declared_.empty()) ts_declared_.back().push_back(id->name);
    pending_.push_back(MakeExprStatement(
        start, MakeAssign(start, MakeMemberOf(start, MakeIdent(start, ns), id->name),
                          MakeIdent(start, id->name))));
  };
  std::string path;
  for (const std::string& n : ns_path_) path += (path.empty() ? "" : ".") + n;
  if (Is(Tok::kFunction) || (IsName("async") && Peek().type == Tok::kFunction)) {
    bool is_async = IsName("async");
    uint32_t src = tok().start;
    if (is_async) Next();
    Node* f = ParseFunction(NodeKind::kFunctionDeclaration, Here(), src, is_async);
    if (!f) return false;
    if (f == &erased_) return true;  // overload signature
    export_binding(f, f->As<FunctionNode>()->id);
    ns_exports_[path].push_back(f->As<FunctionNode>()->id->name);
    return true;
  }
  if (Is(Tok::kClass) || (IsName("abstract") && Peek().type == Tok::kClass)) {
    bool is_abstract = IsName("abstract");
    Pos p = Here();
    if (is_abstract) Next();
    Node* c = ParseClass(NodeKind::kClassDeclaration, p, is_abstract);
    if (!c) return false;
    export_binding(c, c->As<ClassNode>()->id);
    ns_exports_[path].push_back(c->As<ClassNode>()->id->name);
    return true;
  }
  if (Is(Tok::kEnum) || (Is(Tok::kConst) && Peek().type == Tok::kEnum)) {
    Pos p = Here();
    bool is_const = Is(Tok::kConst);
    if (is_const) Next();
    Peeked nm = Peek();
    Node* first = ParseEnum(p, is_const, &ns);
    if (!first) return false;
    pending_.insert(pending_.begin(), first);
    ns_exports_[path].push_back(nm.text);
    return true;
  }
  if (IsName("namespace") || IsName("module")) {
    Pos p = Here();
    Peeked nm = Peek();
    Node* first = ParseNamespace(p, &ns);
    if (!first) return false;
    pending_.insert(pending_.begin(), first);
    ns_exports_[path].push_back(nm.text);
    return true;
  }
  if (Is(Tok::kVar) || Is(Tok::kConst) || IsName("let")) {
    bool is_const = Is(Tok::kConst);
    Next();
    if (failed()) return false;
    std::vector<Node*> assigns;
    for (;;) {
      if (!IsIdentifierToken()) {
        return Unsupported(Here(), "destructuring in an exported namespace variable is not supported"),
               false;
      }
      Pos np = Here();
      bool known = false;
      for (const TsRewrite& r : ts_rewrites_) {
        if (r.is_namespace && r.object == ns) {
          for (const std::string& n : r.names) known = known || n == tok().text;
        }
      }
      if (!known) {
        // The look-ahead could not see this declaration (e.g. past unusual tokens): references to
        // it would not be rewritten, so stop rather than risk resolving them elsewhere.
        return Unsupported(np, "exported namespace variable '" + tok().text +
                                   "' could not be resolved ahead of its declaration"),
               false;
      }
      ts_export_binding_ = true;
      bool ok = CheckIdentifierToken(true, true);
      ts_export_binding_ = false;
      if (!ok) return false;
      std::string n = tok().text;
      Next();
      if (failed()) return false;
      if (Is(Tok::kColon) && !SkipTypeAnnotation()) return false;
      if (Is(Tok::kAssign)) {
        Next();
        if (failed()) return false;
        Node* init = ParseAssignment(false);
        if (!init) return false;
        assigns.push_back(MakeAssign(np, MakeMemberOf(np, MakeIdent(np, ns), n), init));
      } else if (is_const) {
        return FailAt(np, "Missing initializer in const declaration"), false;
      }
      if (!Is(Tok::kComma)) break;
      Next();
      if (failed()) return false;
    }
    if (!ConsumeSemicolon()) return false;
    if (assigns.size() == 1) {
      pending_.push_back(MakeExprStatement(start, assigns[0]));
    } else if (!assigns.empty()) {
      auto* seq = Make<SequenceExpression>(start);
      seq->expressions = std::move(assigns);
      pending_.push_back(MakeExprStatement(start, seq));
    }
    return true;
  }
  // export declare … / export type … / export interface …: erased.
  bool handled = false;
  Node* r = SkipTsDeclaration(&handled);
  if (handled) return r != nullptr;
  return Unsupported(start, "this export form in a namespace is not supported"), false;
}

}  // namespace

ParseResult ParseProgram(std::string_view utf8_source, const ParseOptions& options) {
  ParseResult result;
  result.arena = std::make_unique<AstArena>();
  Parser parser(utf8_source, options, result.arena.get());
  Program* program = parser.Run();
  if (parser.error()) {
    result.error = std::move(parser.error());
  } else {
    result.program = program;
  }
  return result;
}

}  // namespace codemode::js
