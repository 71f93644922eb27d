#include "compiler/js/ast.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace codemode::js {

const char* NodeKindName(NodeKind kind) {
  switch (kind) {
    case NodeKind::kProgram:
      return "Program";
    case NodeKind::kNumberLiteral:
      return "Number";
    case NodeKind::kStringLiteral:
      return "String";
    case NodeKind::kBigIntLiteral:
      return "BigInt";
    case NodeKind::kBooleanLiteral:
      return "Boolean";
    case NodeKind::kNullLiteral:
      return "Null";
    case NodeKind::kRegExpLiteral:
      return "RegExp";
    case NodeKind::kTemplateLiteral:
      return "Template";
    case NodeKind::kTaggedTemplate:
      return "TaggedTemplate";
    case NodeKind::kIdentifier:
      return "Identifier";
    case NodeKind::kPrivateName:
      return "PrivateName";
    case NodeKind::kThis:
      return "This";
    case NodeKind::kSuper:
      return "Super";
    case NodeKind::kNewTarget:
      return "NewTarget";
    case NodeKind::kArrayLiteral:
      return "Array";
    case NodeKind::kObjectLiteral:
      return "Object";
    case NodeKind::kProperty:
      return "Property";
    case NodeKind::kFunctionExpression:
      return "FunctionExpression";
    case NodeKind::kArrowFunction:
      return "Arrow";
    case NodeKind::kClassExpression:
      return "ClassExpression";
    case NodeKind::kUnary:
      return "Unary";
    case NodeKind::kUpdate:
      return "Update";
    case NodeKind::kBinary:
      return "Binary";
    case NodeKind::kLogical:
      return "Logical";
    case NodeKind::kConditional:
      return "Conditional";
    case NodeKind::kAssignment:
      return "Assign";
    case NodeKind::kSequence:
      return "Sequence";
    case NodeKind::kCall:
      return "Call";
    case NodeKind::kNew:
      return "New";
    case NodeKind::kMember:
      return "Member";
    case NodeKind::kOptionalChain:
      return "OptionalChain";
    case NodeKind::kSpread:
      return "Spread";
    case NodeKind::kYield:
      return "Yield";
    case NodeKind::kAwait:
      return "Await";
    case NodeKind::kArrayPattern:
      return "ArrayPattern";
    case NodeKind::kObjectPattern:
      return "ObjectPattern";
    case NodeKind::kAssignmentPattern:
      return "AssignPattern";
    case NodeKind::kRestElement:
      return "Rest";
    case NodeKind::kVariableDeclaration:
      return "VarDecl";
    case NodeKind::kVariableDeclarator:
      return "Declarator";
    case NodeKind::kFunctionDeclaration:
      return "FunctionDeclaration";
    case NodeKind::kClassDeclaration:
      return "ClassDeclaration";
    case NodeKind::kClassMember:
      return "ClassMember";
    case NodeKind::kExpressionStatement:
      return "ExpressionStatement";
    case NodeKind::kBlockStatement:
      return "Block";
    case NodeKind::kEmptyStatement:
      return "Empty";
    case NodeKind::kDebuggerStatement:
      return "Debugger";
    case NodeKind::kIfStatement:
      return "If";
    case NodeKind::kForStatement:
      return "For";
    case NodeKind::kForInStatement:
      return "ForIn";
    case NodeKind::kForOfStatement:
      return "ForOf";
    case NodeKind::kWhileStatement:
      return "While";
    case NodeKind::kDoWhileStatement:
      return "DoWhile";
    case NodeKind::kSwitchStatement:
      return "Switch";
    case NodeKind::kSwitchCase:
      return "Case";
    case NodeKind::kBreakStatement:
      return "Break";
    case NodeKind::kContinueStatement:
      return "Continue";
    case NodeKind::kLabeledStatement:
      return "Labeled";
    case NodeKind::kReturnStatement:
      return "Return";
    case NodeKind::kThrowStatement:
      return "Throw";
    case NodeKind::kTryStatement:
      return "Try";
    case NodeKind::kCatchClause:
      return "Catch";
  }
  return "?";
}

BinaryOp CompoundAssignBinaryOp(AssignOp op) {
  switch (op) {
    case AssignOp::kAdd:
      return BinaryOp::kAdd;
    case AssignOp::kSub:
      return BinaryOp::kSub;
    case AssignOp::kMul:
      return BinaryOp::kMul;
    case AssignOp::kDiv:
      return BinaryOp::kDiv;
    case AssignOp::kMod:
      return BinaryOp::kMod;
    case AssignOp::kExp:
      return BinaryOp::kExp;
    case AssignOp::kShl:
      return BinaryOp::kShl;
    case AssignOp::kSar:
      return BinaryOp::kSar;
    case AssignOp::kShr:
      return BinaryOp::kShr;
    case AssignOp::kBitAnd:
      return BinaryOp::kBitAnd;
    case AssignOp::kBitOr:
      return BinaryOp::kBitOr;
    case AssignOp::kBitXor:
      return BinaryOp::kBitXor;
    default:
      break;
  }
  assert(false && "not a compound arithmetic assignment");
  return BinaryOp::kAdd;
}

LogicalOp LogicalAssignOp(AssignOp op) {
  switch (op) {
    case AssignOp::kAnd:
      return LogicalOp::kAnd;
    case AssignOp::kOr:
      return LogicalOp::kOr;
    case AssignOp::kNullish:
      return LogicalOp::kNullish;
    default:
      break;
  }
  assert(false && "not a logical assignment");
  return LogicalOp::kAnd;
}

// ------------------------------ Arena ------------------------------

namespace {
constexpr size_t kBlockSize = 16 * 1024;
}  // namespace

AstArena::~AstArena() {
  // Destroy in reverse creation order; memory blocks are released afterwards by blocks_.
  for (auto it = destructors_.rbegin(); it != destructors_.rend(); ++it) it->destroy(it->object);
}

void* AstArena::Allocate(size_t size, size_t align) {
  auto aligned = [&](std::byte* p) {
    uintptr_t v = reinterpret_cast<uintptr_t>(p);
    return reinterpret_cast<std::byte*>((v + align - 1) & ~(uintptr_t{align} - 1));
  };
  std::byte* p = cursor_ ? aligned(cursor_) : nullptr;
  if (p == nullptr || p + size > limit_) {
    size_t block = std::max(kBlockSize, size + align);
    blocks_.push_back(std::make_unique<std::byte[]>(block));
    cursor_ = blocks_.back().get();
    limit_ = cursor_ + block;
    p = aligned(cursor_);
  }
  cursor_ = p + size;
  total_bytes_ += size;
  return p;
}

// ------------------------------ Dump ------------------------------

namespace {

void AppendUtf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

void QuoteAscii(std::string& out, char32_t c) {
  switch (c) {
    case '"':
      out += "\\\"";
      return;
    case '\\':
      out += "\\\\";
      return;
    case '\n':
      out += "\\n";
      return;
    case '\r':
      out += "\\r";
      return;
    case '\t':
      out += "\\t";
      return;
    default:
      break;
  }
  if (c < 0x20 || c == 0x7F) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\u%04X", static_cast<unsigned>(c));
    out += buf;
    return;
  }
  AppendUtf8(out, c);
}

void Quote16(std::string& out, const std::u16string& s) {
  out += '"';
  for (size_t i = 0; i < s.size(); ++i) {
    char16_t c = s[i];
    if (c >= 0xD800 && c <= 0xDBFF && i + 1 < s.size() && s[i + 1] >= 0xDC00 &&
        s[i + 1] <= 0xDFFF) {
      char32_t cp = 0x10000 + ((c - 0xD800) << 10) + (s[i + 1] - 0xDC00);
      AppendUtf8(out, cp);
      ++i;
    } else if (c >= 0xD800 && c <= 0xDFFF) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04X", static_cast<unsigned>(c));
      out += buf;
    } else {
      QuoteAscii(out, c);
    }
  }
  out += '"';
}

void Quote8(std::string& out, const std::string& s) {
  out += '"';
  for (char ch : s) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (c >= 0x80) {
      out += ch;  // already UTF-8
    } else {
      QuoteAscii(out, c);
    }
  }
  out += '"';
}

const char* BinaryOpText(BinaryOp op) {
  switch (op) {
    case BinaryOp::kAdd:
      return "+";
    case BinaryOp::kSub:
      return "-";
    case BinaryOp::kMul:
      return "*";
    case BinaryOp::kDiv:
      return "/";
    case BinaryOp::kMod:
      return "%";
    case BinaryOp::kExp:
      return "**";
    case BinaryOp::kShl:
      return "<<";
    case BinaryOp::kSar:
      return ">>";
    case BinaryOp::kShr:
      return ">>>";
    case BinaryOp::kBitAnd:
      return "&";
    case BinaryOp::kBitOr:
      return "|";
    case BinaryOp::kBitXor:
      return "^";
    case BinaryOp::kEq:
      return "==";
    case BinaryOp::kNe:
      return "!=";
    case BinaryOp::kStrictEq:
      return "===";
    case BinaryOp::kStrictNe:
      return "!==";
    case BinaryOp::kLt:
      return "<";
    case BinaryOp::kGt:
      return ">";
    case BinaryOp::kLe:
      return "<=";
    case BinaryOp::kGe:
      return ">=";
    case BinaryOp::kIn:
      return "in";
    case BinaryOp::kInstanceof:
      return "instanceof";
  }
  return "?";
}

const char* LogicalOpText(LogicalOp op) {
  switch (op) {
    case LogicalOp::kAnd:
      return "&&";
    case LogicalOp::kOr:
      return "||";
    case LogicalOp::kNullish:
      return "??";
  }
  return "?";
}

const char* AssignOpText(AssignOp op) {
  switch (op) {
    case AssignOp::kAssign:
      return "=";
    case AssignOp::kAnd:
      return "&&=";
    case AssignOp::kOr:
      return "||=";
    case AssignOp::kNullish:
      return "?\?=";
    default:
      break;
  }
  static thread_local std::string buf;
  buf = std::string(BinaryOpText(CompoundAssignBinaryOp(op))) + "=";
  return buf.c_str();
}

const char* UnaryOpText(UnaryOp op) {
  switch (op) {
    case UnaryOp::kMinus:
      return "-";
    case UnaryOp::kPlus:
      return "+";
    case UnaryOp::kNot:
      return "!";
    case UnaryOp::kBitNot:
      return "~";
    case UnaryOp::kTypeof:
      return "typeof";
    case UnaryOp::kVoid:
      return "void";
    case UnaryOp::kDelete:
      return "delete";
  }
  return "?";
}

const char* MethodKindText(MethodKind k) {
  switch (k) {
    case MethodKind::kNone:
      return "";
    case MethodKind::kMethod:
      return "method";
    case MethodKind::kGetter:
      return "get";
    case MethodKind::kSetter:
      return "set";
    case MethodKind::kConstructor:
      return "constructor";
    case MethodKind::kStaticBlock:
      return "static-block";
    case MethodKind::kFieldInit:
      return "field-init";
  }
  return "?";
}

std::string FormatNumber(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  // Prefer the shortest representation that round-trips.
  for (int prec = 1; prec <= 17; ++prec) {
    char tmp[40];
    std::snprintf(tmp, sizeof tmp, "%.*g", prec, v);
    if (std::strtod(tmp, nullptr) == v) return tmp;
  }
  return buf;
}

class Dumper {
 public:
  explicit Dumper(bool locs) : locs_(locs) {}
  std::string out;

  void Dump(const Node* n) {
    if (n == nullptr) {
      out += "_";
      return;
    }
    out += '(';
    out += NodeKindName(n->kind);
    if (locs_) {
      out += '@' + std::to_string(n->line) + ':' + std::to_string(n->column);
    }
    Body(n);
    out += ')';
  }

 private:
  void Sp() { out += ' '; }
  void Child(const Node* n) {
    Sp();
    Dump(n);
  }
  void List(const std::vector<Node*>& v) {
    for (const Node* n : v) Child(n);
  }
  void Flag(bool b, const char* name) {
    if (b) {
      Sp();
      out += name;
    }
  }
  void Word(const char* w) {
    Sp();
    out += w;
  }
  void Function(const FunctionNode* f) {
    Flag(f->is_async, "async");
    Flag(f->is_generator, "generator");
    Flag(f->strict && f->has_use_strict_directive, "use-strict");
    if (f->method_kind != MethodKind::kNone) Word(MethodKindText(f->method_kind));
    Child(f->id);
    Sp();
    out += "(params";
    List(f->params);
    out += ')';
    if (f->expression_body) {
      Child(f->expression_body);
    } else {
      Sp();
      out += "(body";
      List(f->body);
      out += ')';
    }
  }

  void Body(const Node* n) {
    switch (n->kind) {
      case NodeKind::kProgram: {
        auto* p = n->As<Program>();
        Flag(p->strict, "strict");
        List(p->body);
        break;
      }
      case NodeKind::kNumberLiteral:
        Sp();
        out += FormatNumber(n->As<NumberLiteral>()->value);
        break;
      case NodeKind::kStringLiteral:
        Sp();
        Quote16(out, n->As<StringLiteral>()->value);
        break;
      case NodeKind::kBigIntLiteral:
        Sp();
        out += n->As<BigIntLiteral>()->digits + "n";
        break;
      case NodeKind::kBooleanLiteral:
        Word(n->As<BooleanLiteral>()->value ? "true" : "false");
        break;
      case NodeKind::kNullLiteral:
      case NodeKind::kThis:
      case NodeKind::kSuper:
      case NodeKind::kNewTarget:
      case NodeKind::kEmptyStatement:
      case NodeKind::kDebuggerStatement:
        break;
      case NodeKind::kRegExpLiteral: {
        auto* r = n->As<RegExpLiteral>();
        Sp();
        Quote8(out, r->pattern);
        Sp();
        Quote8(out, r->flags);
        break;
      }
      case NodeKind::kTemplateLiteral: {
        auto* t = n->As<TemplateLiteral>();
        for (size_t i = 0; i < t->quasis.size(); ++i) {
          Sp();
          if (t->quasis[i].cooked) {
            Quote16(out, *t->quasis[i].cooked);
          } else {
            out += "undefined";
          }
          if (t->quasis[i].cooked != t->quasis[i].raw) {
            out += "/raw=";
            Quote16(out, t->quasis[i].raw);
          }
          if (i < t->expressions.size()) Child(t->expressions[i]);
        }
        break;
      }
      case NodeKind::kTaggedTemplate: {
        auto* t = n->As<TaggedTemplate>();
        Child(t->tag);
        Child(t->quasi);
        break;
      }
      case NodeKind::kIdentifier:
        Sp();
        out += n->As<Identifier>()->name;
        break;
      case NodeKind::kPrivateName:
        Sp();
        out += '#' + n->As<PrivateName>()->name;
        break;
      case NodeKind::kArrayLiteral:
        List(n->As<ArrayLiteral>()->elements);
        break;
      case NodeKind::kObjectLiteral:
        List(n->As<ObjectLiteral>()->properties);
        break;
      case NodeKind::kProperty: {
        auto* p = n->As<Property>();
        switch (p->kind) {
          case PropertyKind::kInit:
            break;
          case PropertyKind::kMethod:
            Word("method");
            break;
          case PropertyKind::kGetter:
            Word("get");
            break;
          case PropertyKind::kSetter:
            Word("set");
            break;
        }
        Flag(p->computed, "computed");
        Flag(p->shorthand, "shorthand");
        Flag(p->is_proto_setter, "proto");
        Child(p->key);
        Child(p->value);
        break;
      }
      case NodeKind::kFunctionExpression:
      case NodeKind::kArrowFunction:
      case NodeKind::kFunctionDeclaration:
        Function(n->As<FunctionNode>());
        break;
      case NodeKind::kClassExpression:
      case NodeKind::kClassDeclaration: {
        auto* c = n->As<ClassNode>();
        Child(c->id);
        Child(c->super_class);
        for (const ClassMember* m : c->members) Child(m);
        break;
      }
      case NodeKind::kClassMember: {
        auto* m = n->As<ClassMember>();
        Flag(m->is_static, "static");
        switch (m->kind) {
          case ClassMemberKind::kConstructor:
            Word("constructor");
            break;
          case ClassMemberKind::kMethod:
            Word("method");
            break;
          case ClassMemberKind::kGetter:
            Word("get");
            break;
          case ClassMemberKind::kSetter:
            Word("set");
            break;
          case ClassMemberKind::kField:
            Word("field");
            break;
          case ClassMemberKind::kStaticBlock:
            Word("static-block");
            break;
        }
        Flag(m->computed, "computed");
        if (m->kind != ClassMemberKind::kStaticBlock) Child(m->key);
        if (m->kind == ClassMemberKind::kField) {
          Child(m->value);
        } else {
          Child(m->function);
        }
        break;
      }
      case NodeKind::kUnary: {
        auto* u = n->As<UnaryExpression>();
        Word(UnaryOpText(u->op));
        Child(u->argument);
        break;
      }
      case NodeKind::kUpdate: {
        auto* u = n->As<UpdateExpression>();
        Word(u->prefix ? (u->is_increment ? "++x" : "--x") : (u->is_increment ? "x++" : "x--"));
        Child(u->argument);
        break;
      }
      case NodeKind::kBinary: {
        auto* b = n->As<BinaryExpression>();
        Word(BinaryOpText(b->op));
        Child(b->left);
        Child(b->right);
        break;
      }
      case NodeKind::kLogical: {
        auto* b = n->As<LogicalExpression>();
        Word(LogicalOpText(b->op));
        Child(b->left);
        Child(b->right);
        break;
      }
      case NodeKind::kConditional: {
        auto* c = n->As<ConditionalExpression>();
        Child(c->test);
        Child(c->consequent);
        Child(c->alternate);
        break;
      }
      case NodeKind::kAssignment: {
        auto* a = n->As<AssignmentExpression>();
        Word(AssignOpText(a->op));
        Child(a->target);
        Child(a->value);
        break;
      }
      case NodeKind::kSequence:
        List(n->As<SequenceExpression>()->expressions);
        break;
      case NodeKind::kCall: {
        auto* c = n->As<CallExpression>();
        Flag(c->optional, "?.");
        Child(c->callee);
        List(c->arguments);
        break;
      }
      case NodeKind::kNew: {
        auto* c = n->As<NewExpression>();
        Child(c->callee);
        List(c->arguments);
        break;
      }
      case NodeKind::kMember: {
        auto* m = n->As<MemberExpression>();
        Flag(m->optional, "?.");
        Flag(m->computed, "computed");
        Child(m->object);
        Child(m->property);
        break;
      }
      case NodeKind::kOptionalChain:
        Child(n->As<OptionalChain>()->expression);
        break;
      case NodeKind::kSpread:
        Child(n->As<SpreadElement>()->argument);
        break;
      case NodeKind::kYield: {
        auto* y = n->As<YieldExpression>();
        Flag(y->delegate, "*");
        Child(y->argument);
        break;
      }
      case NodeKind::kAwait:
        Child(n->As<AwaitExpression>()->argument);
        break;
      case NodeKind::kArrayPattern:
        List(n->As<ArrayPattern>()->elements);
        break;
      case NodeKind::kObjectPattern:
        List(n->As<ObjectPattern>()->properties);
        break;
      case NodeKind::kAssignmentPattern: {
        auto* a = n->As<AssignmentPattern>();
        Child(a->target);
        Child(a->default_value);
        break;
      }
      case NodeKind::kRestElement:
        Child(n->As<RestElement>()->argument);
        break;
      case NodeKind::kVariableDeclaration: {
        auto* d = n->As<VariableDeclaration>();
        Word(d->kind == DeclarationKind::kVar   ? "var"
             : d->kind == DeclarationKind::kLet ? "let"
                                                : "const");
        for (const VariableDeclarator* v : d->declarations) Child(v);
        break;
      }
      case NodeKind::kVariableDeclarator: {
        auto* d = n->As<VariableDeclarator>();
        Child(d->target);
        Child(d->init);
        break;
      }
      case NodeKind::kExpressionStatement: {
        auto* e = n->As<ExpressionStatement>();
        Flag(e->is_directive, "directive");
        Child(e->expression);
        break;
      }
      case NodeKind::kBlockStatement:
        List(n->As<BlockStatement>()->body);
        break;
      case NodeKind::kIfStatement: {
        auto* s = n->As<IfStatement>();
        Child(s->test);
        Child(s->consequent);
        Child(s->alternate);
        break;
      }
      case NodeKind::kForStatement: {
        auto* s = n->As<ForStatement>();
        Child(s->init);
        Child(s->test);
        Child(s->update);
        Child(s->body);
        break;
      }
      case NodeKind::kForInStatement: {
        auto* s = n->As<ForInStatement>();
        Child(s->left);
        Child(s->right);
        Child(s->body);
        break;
      }
      case NodeKind::kForOfStatement: {
        auto* s = n->As<ForOfStatement>();
        Flag(s->is_await, "await");
        Child(s->left);
        Child(s->right);
        Child(s->body);
        break;
      }
      case NodeKind::kWhileStatement: {
        auto* s = n->As<WhileStatement>();
        Child(s->test);
        Child(s->body);
        break;
      }
      case NodeKind::kDoWhileStatement: {
        auto* s = n->As<DoWhileStatement>();
        Child(s->body);
        Child(s->test);
        break;
      }
      case NodeKind::kSwitchStatement: {
        auto* s = n->As<SwitchStatement>();
        Child(s->discriminant);
        for (const SwitchCase* c : s->cases) Child(c);
        break;
      }
      case NodeKind::kSwitchCase: {
        auto* c = n->As<SwitchCase>();
        if (c->test) {
          Child(c->test);
        } else {
          Word("default");
        }
        List(c->body);
        break;
      }
      case NodeKind::kBreakStatement:
        if (!n->As<BreakStatement>()->label.empty()) Word(n->As<BreakStatement>()->label.c_str());
        break;
      case NodeKind::kContinueStatement:
        if (!n->As<ContinueStatement>()->label.empty()) {
          Word(n->As<ContinueStatement>()->label.c_str());
        }
        break;
      case NodeKind::kLabeledStatement:
        Word(n->As<LabeledStatement>()->label.c_str());
        Child(n->As<LabeledStatement>()->body);
        break;
      case NodeKind::kReturnStatement:
        if (n->As<ReturnStatement>()->argument) Child(n->As<ReturnStatement>()->argument);
        break;
      case NodeKind::kThrowStatement:
        Child(n->As<ThrowStatement>()->argument);
        break;
      case NodeKind::kTryStatement: {
        auto* t = n->As<TryStatement>();
        Child(t->block);
        Child(t->handler);
        Child(t->finalizer);
        break;
      }
      case NodeKind::kCatchClause: {
        auto* c = n->As<CatchClause>();
        Child(c->param);
        Child(c->body);
        break;
      }
    }
  }

  bool locs_;
};

}  // namespace

std::string DumpAst(const Node* node, bool with_locations) {
  Dumper d(with_locations);
  d.Dump(node);
  return std::move(d.out);
}

}  // namespace codemode::js
