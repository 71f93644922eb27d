// V8's CallPrinter, over our AST (see call_printer.h). V8 prints only inside the expression an
// error is about; there, a child visited with print=false, or one whose visit printed nothing,
// becomes
// "(intermediate value)".
#include "compiler/call_printer.h"

#include "compiler/lower.h"

namespace codemode::compiler {
namespace {

using js::Node;
using js::NodeKind;

const char* BinaryOpToken(js::BinaryOp op) {
  switch (op) {
    case js::BinaryOp::kAdd:
      return "+";
    case js::BinaryOp::kSub:
      return "-";
    case js::BinaryOp::kMul:
      return "*";
    case js::BinaryOp::kDiv:
      return "/";
    case js::BinaryOp::kMod:
      return "%";
    case js::BinaryOp::kExp:
      return "**";
    case js::BinaryOp::kShl:
      return "<<";
    case js::BinaryOp::kSar:
      return ">>";
    case js::BinaryOp::kShr:
      return ">>>";
    case js::BinaryOp::kBitAnd:
      return "&";
    case js::BinaryOp::kBitOr:
      return "|";
    case js::BinaryOp::kBitXor:
      return "^";
    case js::BinaryOp::kEq:
      return "==";
    case js::BinaryOp::kNe:
      return "!=";
    case js::BinaryOp::kStrictEq:
      return "===";
    case js::BinaryOp::kStrictNe:
      return "!==";
    case js::BinaryOp::kLt:
      return "<";
    case js::BinaryOp::kGt:
      return ">";
    case js::BinaryOp::kLe:
      return "<=";
    case js::BinaryOp::kGe:
      return ">=";
    case js::BinaryOp::kIn:
      return "in";
    case js::BinaryOp::kInstanceof:
      return "instanceof";
  }
  return "?";
}

const char* LogicalOpToken(js::LogicalOp op) {
  switch (op) {
    case js::LogicalOp::kAnd:
      return "&&";
    case js::LogicalOp::kOr:
      return "||";
    case js::LogicalOp::kNullish:
      return "??";
  }
  return "?";
}

const char* UnaryOpToken(js::UnaryOp op) {
  switch (op) {
    case js::UnaryOp::kMinus:
      return "-";
    case js::UnaryOp::kPlus:
      return "+";
    case js::UnaryOp::kNot:
      return "!";
    case js::UnaryOp::kBitNot:
      return "~";
    case js::UnaryOp::kTypeof:
      return "typeof ";
    case js::UnaryOp::kVoid:
      return "void ";
    case js::UnaryOp::kDelete:
      return "delete ";
  }
  return "?";
}

class Printer {
 public:
  explicit Printer(bool iterator_error) : iterator_error_(iterator_error) {}

  std::string Take() { return std::move(out_); }

  // V8's Find(node, print) inside the found expression. Past kMaxDepth nesting levels or kMaxBytes
  // of text the rest is not printed (V8 prints it all): each call site of a chain of N calls prints
  // the chain before it, so unbounded printing would cost O(N²) for a long `a.b().c()…` chain.
  void Find(const Node* n, bool print) {
    if (Full()) return;
    if (depth_ >= kMaxDepth) {  // what lies deeper is not printed, as V8 does not print values
      out_ += "(intermediate value)";
      return;
    }
    if (print && n) {
      ++depth_;
      size_t before = out_.size();
      Visit(n);
      --depth_;
      if (out_.size() != before) return;
    }
    out_ += "(intermediate value)";
  }

  bool truncated() const { return truncated_; }

  // True (and the text marked truncated) once the text has reached kMaxBytes.
  bool Full() {
    if (out_.size() < kMaxBytes) return false;
    truncated_ = true;
    return true;
  }

 private:
  void Visit(const Node* n) {
    switch (n->kind) {
      case NodeKind::kIdentifier:
        out_ += n->As<js::Identifier>()->name;
        return;
      case NodeKind::kPrivateName:
        out_ += "#" + n->As<js::PrivateName>()->name;
        return;
      case NodeKind::kThis:
        out_ += "this";
        return;
      case NodeKind::kNewTarget:
        out_ += "new.target";
        return;
      case NodeKind::kNumberLiteral:
        out_ += NumberToString(n->As<js::NumberLiteral>()->value);
        return;
      case NodeKind::kStringLiteral:
        out_ += "\"" + Utf16ToUtf8(n->As<js::StringLiteral>()->value) + "\"";
        return;
      case NodeKind::kBigIntLiteral:  // V8 prints no BigInt literal
        return;
      case NodeKind::kBooleanLiteral:
        out_ += n->As<js::BooleanLiteral>()->value ? "true" : "false";
        return;
      case NodeKind::kNullLiteral:
        out_ += "null";
        return;
      case NodeKind::kRegExpLiteral: {
        auto* r = n->As<js::RegExpLiteral>();
        out_ += "/" + r->pattern + "/" + r->flags;
        return;
      }
      case NodeKind::kTemplateLiteral: {
        // V8 parses a template without substitutions as a string literal; otherwise it prints
        // the substitutions only.
        auto* t = n->As<js::TemplateLiteral>();
        if (t->expressions.empty()) {
          out_ += "\"" + Utf16ToUtf8(t->quasis[0].cooked.value_or(t->quasis[0].raw)) + "\"";
          return;
        }
        for (size_t i = 0; i < t->expressions.size() && !Full(); ++i) Find(t->expressions[i], true);
        return;
      }
      case NodeKind::kTaggedTemplate:  // a call in V8
        Find(n->As<js::TaggedTemplate>()->tag, true);
        if (!iterator_error_) out_ += "(...)";
        return;
      case NodeKind::kArrayLiteral: {
        auto* a = n->As<js::ArrayLiteral>();
        out_ += "[";
        for (size_t i = 0; i < a->elements.size() && !Full(); ++i) {
          if (i > 0) out_ += ",";
          Find(a->elements[i], true);
        }
        out_ += "]";
        return;
      }
      case NodeKind::kObjectLiteral: {
        auto* o = n->As<js::ObjectLiteral>();
        out_ += "{";
        for (size_t i = 0; i < o->properties.size() && !Full(); ++i) Find(nullptr, false);
        out_ += "}";
        return;
      }
      case NodeKind::kMember: {
        auto* m = n->As<js::MemberExpression>();
        if (m->object->kind != NodeKind::kSuper)
          Find(m->object, true);
        else
          Find(nullptr, false);
        const Node* key = m->property;
        if (!m->computed || key->kind == NodeKind::kStringLiteral) {
          out_ += m->optional ? "?." : ".";
          if (key->kind == NodeKind::kStringLiteral) {
            out_ += Utf16ToUtf8(key->As<js::StringLiteral>()->value);
          } else {
            Visit(key);
          }
        } else {
          out_ += m->optional ? "?.[" : "[";
          Find(key, true);
          out_ += "]";
        }
        return;
      }
      case NodeKind::kCall: {
        auto* c = n->As<js::CallExpression>();
        if (c->callee->kind == NodeKind::kSuper) {
          out_ += "super";
        } else {
          Find(c->callee, true);
        }
        if (!iterator_error_) out_ += "(...)";
        return;
      }
      case NodeKind::kNew:
        Find(n->As<js::NewExpression>()->callee, true);
        return;
      case NodeKind::kUnary: {
        auto* u = n->As<js::UnaryExpression>();
        out_ += "(";
        out_ += UnaryOpToken(u->op);
        Find(u->argument, true);
        out_ += ")";
        return;
      }
      case NodeKind::kUpdate: {
        auto* u = n->As<js::UpdateExpression>();
        const char* op = u->is_increment ? "++" : "--";
        out_ += "(";
        if (u->prefix) out_ += op;
        Find(u->argument, true);
        if (!u->prefix) out_ += op;
        out_ += ")";
        return;
      }
      case NodeKind::kBinary: {
        // V8 keeps `a + b + c` as one n-ary operation: "(a + b + c)".
        auto* b = n->As<js::BinaryExpression>();
        out_ += "(";
        BinaryChain(b, b->op);
        out_ += ")";
        return;
      }
      case NodeKind::kLogical: {
        auto* l = n->As<js::LogicalExpression>();
        out_ += "(";
        LogicalChain(l, l->op);
        out_ += ")";
        return;
      }
      case NodeKind::kSequence: {
        auto* s = n->As<js::SequenceExpression>();
        out_ += "(";
        for (size_t i = 0; i < s->expressions.size() && !Full(); ++i) {
          if (i > 0) out_ += " , ";
          Find(s->expressions[i], true);
        }
        out_ += ")";
        return;
      }
      case NodeKind::kConditional: {
        out_ += "(intermediate value)(intermediate value)(intermediate value)";
        return;
      }
      case NodeKind::kAssignment:
        Find(n->As<js::AssignmentExpression>()->target, true);
        return;
      case NodeKind::kSpread:
        out_ += "(...";
        Find(n->As<js::SpreadElement>()->argument, true);
        out_ += ")";
        return;
      case NodeKind::kOptionalChain:
        // V8 visits the chain's expression without printing it.
        Find(nullptr, false);
        return;
      default:
        // functions, classes, await, yield, super: nothing printed.
        return;
    }
  }

  void BinaryChain(const js::BinaryExpression* b, js::BinaryOp op) {
    const Node* left = b->left;
    if (left->kind == NodeKind::kBinary && !left->parenthesized &&
        left->As<js::BinaryExpression>()->op == op) {
      BinaryChain(left->As<js::BinaryExpression>(), op);
    } else {
      Find(left, true);
    }
    out_ += " ";
    out_ += BinaryOpToken(op);
    out_ += " ";
    Find(b->right, true);
  }

  void LogicalChain(const js::LogicalExpression* l, js::LogicalOp op) {
    const Node* left = l->left;
    if (left->kind == NodeKind::kLogical && !left->parenthesized &&
        left->As<js::LogicalExpression>()->op == op) {
      LogicalChain(left->As<js::LogicalExpression>(), op);
    } else {
      Find(left, true);
    }
    out_ += " ";
    out_ += LogicalOpToken(op);
    out_ += " ";
    Find(l->right, true);
  }

  static constexpr int kMaxDepth = 32;
  static constexpr size_t kMaxBytes = 200;
  bool iterator_error_;
  int depth_ = 0;
  bool truncated_ = false;
  std::string out_;
};

}  // namespace

std::string CallSiteText(const js::Node* expr, bool iterator_error) {
  Printer p(iterator_error);
  p.Find(expr, true);
  bool truncated = p.truncated();
  std::string text = p.Take();
  if (text.size() > 240) {  // a long literal
    size_t cut = 200;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    text.resize(cut);
    truncated = true;
  }
  if (truncated) text += "...";
  return text;
}

}  // namespace codemode::compiler
