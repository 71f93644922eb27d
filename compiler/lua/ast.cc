#include "compiler/lua/ast.h"

#include <charconv>
#include <cmath>
#include <string>
#include <vector>

namespace codemode::lua {

const char* NodeKindName(NodeKind kind) {
  switch (kind) {
    case NodeKind::kNil:
      return "Nil";
    case NodeKind::kTrue:
      return "True";
    case NodeKind::kFalse:
      return "False";
    case NodeKind::kInteger:
      return "Integer";
    case NodeKind::kFloat:
      return "Float";
    case NodeKind::kString:
      return "String";
    case NodeKind::kVararg:
      return "Vararg";
    case NodeKind::kFunction:
      return "Function";
    case NodeKind::kTable:
      return "Table";
    case NodeKind::kBinary:
      return "Binary";
    case NodeKind::kLogical:
      return "Logical";
    case NodeKind::kUnary:
      return "Unary";
    case NodeKind::kName:
      return "Name";
    case NodeKind::kIndex:
      return "Index";
    case NodeKind::kCall:
      return "Call";
    case NodeKind::kMethodCall:
      return "MethodCall";
    case NodeKind::kParen:
      return "Paren";
    case NodeKind::kBlock:
      return "Block";
    case NodeKind::kLocal:
      return "Local";
    case NodeKind::kAssign:
      return "Assign";
    case NodeKind::kCallStat:
      return "CallStat";
    case NodeKind::kDo:
      return "Do";
    case NodeKind::kWhile:
      return "While";
    case NodeKind::kRepeat:
      return "Repeat";
    case NodeKind::kIf:
      return "If";
    case NodeKind::kNumericFor:
      return "For";
    case NodeKind::kGenericFor:
      return "ForIn";
    case NodeKind::kFunctionStat:
      return "FunctionStat";
    case NodeKind::kLocalFunction:
      return "LocalFunction";
    case NodeKind::kReturn:
      return "Return";
    case NodeKind::kBreak:
      return "Break";
    case NodeKind::kGoto:
      return "Goto";
    case NodeKind::kLabel:
      return "Label";
  }
  return "?";
}

const char* BinaryOpName(BinaryOp op) {
  static constexpr const char* kNames[] = {"+", "-",  "*", "/",  "//", "%", "^", "..", "==", "~=",
                                           "<", "<=", ">", ">=", "&",  "|", "~", "<<", ">>"};
  return kNames[static_cast<int>(op)];
}

const char* LogicalOpName(LogicalOp op) { return op == LogicalOp::kAnd ? "and" : "or"; }

const char* UnaryOpName(UnaryOp op) {
  static constexpr const char* kNames[] = {"-", "not", "#", "~"};
  return kNames[static_cast<int>(op)];
}

void AppendChildren(const Node* node, std::vector<const Node*>* out) {
  const auto add = [out](const Node* child) {
    if (child != nullptr) out->push_back(child);
  };
  const auto add_all = [&](const std::vector<Node*>& children) {
    for (const Node* child : children) add(child);
  };
  switch (node->kind) {
    case NodeKind::kNil:
    case NodeKind::kTrue:
    case NodeKind::kFalse:
    case NodeKind::kInteger:
    case NodeKind::kFloat:
    case NodeKind::kString:
    case NodeKind::kVararg:
    case NodeKind::kName:
    case NodeKind::kBreak:
    case NodeKind::kGoto:
    case NodeKind::kLabel:
      return;
    case NodeKind::kFunction:
      add(node->As<Function>()->body);
      return;
    case NodeKind::kTable:
      for (const TableField& field : node->As<TableExpr>()->fields) {
        add(field.key);
        add(field.value);
      }
      return;
    case NodeKind::kBinary:
      add(node->As<BinaryExpr>()->left);
      add(node->As<BinaryExpr>()->right);
      return;
    case NodeKind::kLogical:
      add(node->As<LogicalExpr>()->left);
      add(node->As<LogicalExpr>()->right);
      return;
    case NodeKind::kUnary:
      add(node->As<UnaryExpr>()->operand);
      return;
    case NodeKind::kIndex:
      add(node->As<IndexExpr>()->object);
      add(node->As<IndexExpr>()->key);
      return;
    case NodeKind::kCall:
      add(node->As<CallExpr>()->callee);
      add_all(node->As<CallExpr>()->args);
      return;
    case NodeKind::kMethodCall:
      add(node->As<MethodCallExpr>()->object);
      add_all(node->As<MethodCallExpr>()->args);
      return;
    case NodeKind::kParen:
      add(node->As<ParenExpr>()->inner);
      return;
    case NodeKind::kBlock:
      add_all(node->As<Block>()->stats);
      return;
    case NodeKind::kLocal:
      add_all(node->As<LocalStat>()->exprs);
      return;
    case NodeKind::kAssign:
      add_all(node->As<AssignStat>()->targets);
      add_all(node->As<AssignStat>()->exprs);
      return;
    case NodeKind::kCallStat:
      add(node->As<CallStat>()->call);
      return;
    case NodeKind::kDo:
      add(node->As<DoStat>()->body);
      return;
    case NodeKind::kWhile:
      add(node->As<WhileStat>()->cond);
      add(node->As<WhileStat>()->body);
      return;
    case NodeKind::kRepeat:
      add(node->As<RepeatStat>()->body);
      add(node->As<RepeatStat>()->cond);
      return;
    case NodeKind::kIf: {
      const auto* s = node->As<IfStat>();
      for (const IfClause& clause : s->clauses) {
        add(clause.cond);
        add(clause.body);
      }
      add(s->else_body);
      return;
    }
    case NodeKind::kNumericFor: {
      const auto* s = node->As<NumericForStat>();
      add(s->start);
      add(s->limit);
      add(s->step);
      add(s->body);
      return;
    }
    case NodeKind::kGenericFor:
      add_all(node->As<GenericForStat>()->exprs);
      add(node->As<GenericForStat>()->body);
      return;
    case NodeKind::kFunctionStat:
      add(node->As<FunctionStat>()->target);
      add(node->As<FunctionStat>()->function);
      return;
    case NodeKind::kLocalFunction:
      add(node->As<LocalFunctionStat>()->function);
      return;
    case NodeKind::kReturn:
      add_all(node->As<ReturnStat>()->exprs);
      return;
  }
}

namespace {

void AppendQuoted(std::string* out, const std::string& s) {
  out->push_back('"');
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out->push_back('\\');
      out->push_back(static_cast<char>(c));
    } else if (c == '\n') {
      out->append("\\n");
    } else if (c >= 0x20 && c < 0x7f) {
      out->push_back(static_cast<char>(c));
    } else {
      out->push_back('\\');
      out->append(std::to_string(c));
    }
  }
  out->push_back('"');
}

void AppendFloat(std::string* out, double d) {
  if (std::isnan(d)) {
    out->append(std::signbit(d) ? "-nan" : "nan");
    return;
  }
  if (std::isinf(d)) {
    out->append(d < 0 ? "-inf" : "inf");
    return;
  }
  char buf[64];
  const auto res = std::to_chars(buf, buf + sizeof(buf), d);
  const std::string text(buf, res.ptr);
  out->append(text);
  if (text.find_first_not_of("-0123456789") == std::string::npos) out->append(".0");
}

class Dumper {
 public:
  explicit Dumper(const DumpOptions& options) : options_(options) {}

  std::string Take() { return std::move(out_); }

  void Node(const lua::Node* n) {
    if (n == nullptr) {
      out_.append("<null>");
      return;
    }
    switch (n->kind) {
      case NodeKind::kNil:
        Atom(n, "nil");
        return;
      case NodeKind::kTrue:
        Atom(n, "true");
        return;
      case NodeKind::kFalse:
        Atom(n, "false");
        return;
      case NodeKind::kVararg:
        Atom(n, "...");
        return;
      case NodeKind::kInteger:
        out_.append(std::to_string(n->As<IntegerExpr>()->value));
        Loc(n);
        return;
      case NodeKind::kFloat:
        AppendFloat(&out_, n->As<FloatExpr>()->value);
        Loc(n);
        return;
      case NodeKind::kString:
        AppendQuoted(&out_, n->As<StringExpr>()->value);
        Loc(n);
        return;
      case NodeKind::kName: {
        const auto* e = n->As<NameExpr>();
        out_.append(e->name);
        if (options_.resolution) Ref(e->ref);
        Loc(n);
        return;
      }
      case NodeKind::kFunction: {
        const auto* f = n->As<Function>();
        Open(n, "Function");
        out_.append(" (params");
        for (const LocalVar* p : f->params) {
          out_.push_back(' ');
          Var(p);
        }
        if (f->is_vararg) out_.append(" ...");
        out_.push_back(')');
        Child(f->body);
        out_.push_back(')');
        return;
      }
      case NodeKind::kTable: {
        Open(n, "Table");
        for (const TableField& field : n->As<TableExpr>()->fields) {
          out_.push_back(' ');
          switch (field.kind) {
            case FieldKind::kPositional:
              Node(field.value);
              break;
            case FieldKind::kNamed:
              out_.append("(");
              out_.append(field.key->As<StringExpr>()->value);
              out_.append(" = ");
              Node(field.value);
              out_.append(")");
              break;
            case FieldKind::kKeyed:
              out_.append("([");
              Node(field.key);
              out_.append("] = ");
              Node(field.value);
              out_.append(")");
              break;
          }
        }
        out_.push_back(')');
        return;
      }
      case NodeKind::kBinary: {
        const auto* e = n->As<BinaryExpr>();
        Open(n, BinaryOpName(e->op));
        Child(e->left);
        Child(e->right);
        out_.push_back(')');
        return;
      }
      case NodeKind::kLogical: {
        const auto* e = n->As<LogicalExpr>();
        Open(n, LogicalOpName(e->op));
        Child(e->left);
        Child(e->right);
        out_.push_back(')');
        return;
      }
      case NodeKind::kUnary: {
        const auto* e = n->As<UnaryExpr>();
        Open(n, UnaryOpName(e->op));
        Child(e->operand);
        out_.push_back(')');
        return;
      }
      case NodeKind::kIndex: {
        const auto* e = n->As<IndexExpr>();
        if (e->dotted) {
          Open(n, ".");
          Child(e->object);
          out_.push_back(' ');
          out_.append(e->key->As<StringExpr>()->value);
        } else {
          Open(n, "index");
          Child(e->object);
          Child(e->key);
        }
        out_.push_back(')');
        return;
      }
      case NodeKind::kCall: {
        const auto* e = n->As<CallExpr>();
        Open(n, "call");
        Child(e->callee);
        for (const lua::Node* a : e->args) Child(a);
        out_.push_back(')');
        return;
      }
      case NodeKind::kMethodCall: {
        const auto* e = n->As<MethodCallExpr>();
        Open(n, "method");
        Child(e->object);
        out_.push_back(' ');
        out_.append(e->method);
        for (const lua::Node* a : e->args) Child(a);
        out_.push_back(')');
        return;
      }
      case NodeKind::kParen:
        Open(n, "paren");
        Child(n->As<ParenExpr>()->inner);
        out_.push_back(')');
        return;
      case NodeKind::kBlock:
        Open(n, "Block");
        for (const lua::Node* s : n->As<Block>()->stats) Child(s);
        out_.push_back(')');
        return;
      case NodeKind::kLocal: {
        const auto* s = n->As<LocalStat>();
        Open(n, "Local");
        Vars(s->vars);
        List(s->exprs);
        out_.push_back(')');
        return;
      }
      case NodeKind::kAssign: {
        const auto* s = n->As<AssignStat>();
        Open(n, "Assign");
        List(s->targets);
        List(s->exprs);
        out_.push_back(')');
        return;
      }
      case NodeKind::kCallStat:
        Open(n, "CallStat");
        Child(n->As<CallStat>()->call);
        out_.push_back(')');
        return;
      case NodeKind::kDo:
        Open(n, "Do");
        Child(n->As<DoStat>()->body);
        out_.push_back(')');
        return;
      case NodeKind::kWhile: {
        const auto* s = n->As<WhileStat>();
        Open(n, "While");
        Child(s->cond);
        Child(s->body);
        out_.push_back(')');
        return;
      }
      case NodeKind::kRepeat: {
        const auto* s = n->As<RepeatStat>();
        Open(n, "Repeat");
        Child(s->body);
        Child(s->cond);
        out_.push_back(')');
        return;
      }
      case NodeKind::kIf: {
        const auto* s = n->As<IfStat>();
        Open(n, "If");
        for (size_t i = 0; i < s->clauses.size(); i++) {
          if (i > 0) out_.append(" (elseif");
          Child(s->clauses[i].cond);
          Child(s->clauses[i].body);
          if (i > 0) out_.push_back(')');
        }
        if (s->else_body) {
          out_.append(" (else");
          Child(s->else_body);
          out_.push_back(')');
        }
        out_.push_back(')');
        return;
      }
      case NodeKind::kNumericFor: {
        const auto* s = n->As<NumericForStat>();
        Open(n, "For");
        out_.push_back(' ');
        Var(s->var);
        Child(s->start);
        Child(s->limit);
        if (s->step) Child(s->step);
        Child(s->body);
        out_.push_back(')');
        return;
      }
      case NodeKind::kGenericFor: {
        const auto* s = n->As<GenericForStat>();
        Open(n, "ForIn");
        Vars(s->vars);
        List(s->exprs);
        Child(s->body);
        out_.push_back(')');
        return;
      }
      case NodeKind::kFunctionStat: {
        const auto* s = n->As<FunctionStat>();
        Open(n, "FunctionStat");
        Child(s->target);
        Child(s->function);
        out_.push_back(')');
        return;
      }
      case NodeKind::kLocalFunction: {
        const auto* s = n->As<LocalFunctionStat>();
        Open(n, "LocalFunction");
        out_.push_back(' ');
        Var(s->var);
        Child(s->function);
        out_.push_back(')');
        return;
      }
      case NodeKind::kReturn:
        Open(n, "Return");
        for (const lua::Node* e : n->As<ReturnStat>()->exprs) Child(e);
        out_.push_back(')');
        return;
      case NodeKind::kBreak:
        Open(n, "Break");
        out_.push_back(')');
        return;
      case NodeKind::kGoto:
        Open(n, "Goto");
        out_.push_back(' ');
        out_.append(n->As<GotoStat>()->label);
        out_.push_back(')');
        return;
      case NodeKind::kLabel:
        Open(n, "Label");
        out_.push_back(' ');
        out_.append(n->As<LabelStat>()->name);
        out_.push_back(')');
        return;
    }
    out_.append("<?>");
  }

 private:
  void Loc(const lua::Node* n) {
    if (!options_.locations) return;
    out_.append("@" + std::to_string(n->line) + ":" + std::to_string(n->column));
  }
  void Atom(const lua::Node* n, const char* text) {
    out_.append(text);
    Loc(n);
  }
  void Open(const lua::Node* n, const char* head) {
    out_.push_back('(');
    out_.append(head);
    Loc(n);
  }
  void Child(const lua::Node* n) {
    out_.push_back(' ');
    Node(n);
  }
  void List(const std::vector<lua::Node*>& nodes) {
    out_.append(" (");
    for (size_t i = 0; i < nodes.size(); i++) {
      if (i > 0) out_.push_back(' ');
      Node(nodes[i]);
    }
    out_.push_back(')');
  }
  void Var(const LocalVar* v) {
    out_.append(v->name);
    if (v->attrib == LocalAttrib::kConst) out_.append("<const>");
    if (v->attrib == LocalAttrib::kClose) out_.append("<close>");
    if (options_.resolution && v->captured) out_.push_back('!');
  }
  void Vars(const std::vector<LocalVar*>& vars) {
    out_.append(" (");
    for (size_t i = 0; i < vars.size(); i++) {
      if (i > 0) out_.push_back(' ');
      Var(vars[i]);
    }
    out_.push_back(')');
  }
  void Ref(const VarRef& ref) {
    switch (ref.scope) {
      case VarScope::kLocal:
        out_.append(":L");
        return;
      case VarScope::kUpvalue:
        out_.append(":U" + std::to_string(ref.upvalue));
        return;
      case VarScope::kGlobal:
        out_.append(":G");
        return;
    }
  }

  const DumpOptions& options_;
  std::string out_;
};

}  // namespace

std::string DumpLuaAst(const Node* node, const DumpOptions& options) {
  Dumper dumper(options);
  dumper.Node(node);
  return dumper.Take();
}

}  // namespace codemode::lua
