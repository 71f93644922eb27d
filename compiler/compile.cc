#include "compiler/compile.h"

#include <double-conversion/double-conversion.h>

#include <memory>
#include <utility>

#include "absl/strings/str_cat.h"
#include "compiler/js/parser.h"
#include "compiler/lower.h"

namespace codemode::compiler {

using isa::Op;
using js::Node;
using js::NodeKind;

// -------------------------------------------------------------------------------------------
// helpers

std::string NumberToString(double v) {
  char buf[128];
  double_conversion::StringBuilder sb(buf, sizeof buf);
  double_conversion::DoubleToStringConverter::EcmaScriptConverter().ToShortest(v, &sb);
  return std::string(sb.Finalize());
}

std::string Utf16ToUtf8(std::u16string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    uint32_t c = s[i];
    if (c >= 0xD800 && c <= 0xDBFF && i + 1 < s.size() && s[i + 1] >= 0xDC00 &&
        s[i + 1] <= 0xDFFF) {
      c = 0x10000 + ((c - 0xD800) << 10) + (s[i + 1] - 0xDC00);
      ++i;
    } else if (c >= 0xD800 && c <= 0xDFFF) {
      c = 0xFFFD;
    }
    if (c < 0x80) {
      out.push_back(static_cast<char>(c));
    } else if (c < 0x800) {
      out.push_back(static_cast<char>(0xC0 | (c >> 6)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else if (c < 0x10000) {
      out.push_back(static_cast<char>(0xE0 | (c >> 12)));
      out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else {
      out.push_back(static_cast<char>(0xF0 | (c >> 18)));
      out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    }
  }
  return out;
}

bool IsAnonymousFunction(const Node* e) {
  if (!e) return false;
  if (e->kind == NodeKind::kArrowFunction) return true;
  if (e->kind == NodeKind::kFunctionExpression) return e->As<js::FunctionNode>()->id == nullptr;
  return false;
}

// ------------------------------------------------------------------------------------------- core

FunctionCompiler::FunctionCompiler(ModuleCompiler* m, FunctionCompiler* parent, FunctionInfo* info)
    : m_(m), parent_(parent), info_(info) {
  strict_ = info->strict;
  // Reserve this function's slot now so protos are numbered in creation order (parents first).
  proto_index_ = static_cast<uint32_t>(m_->module.protos.size());
  m_->module.protos.emplace_back();
}

void FunctionCompiler::Unsupported(const Node* at, std::string_view what) {
  Fail(at, CompileError::Kind::kUnsupportedSyntax,
       absl::StrCat(std::string(what), " are not supported yet"));
}

uint32_t FunctionCompiler::Message(std::u16string_view s) {
  uint32_t k = b_.AddString(s);
  if (k > 0xFFFF) b_.Fail("function too large (more than 65535 constants)");
  return k;
}

void FunctionCompiler::ThrowError(isa::ThrowKind kind, std::u16string_view message) {
  b_.EmitABx(Op::THROWERR, static_cast<int>(kind), Message(message));
}

int FunctionCompiler::AllocLocal() {
  int r = b_.Alloc(1);
  b_.SetLocal(r, true);
  return r;
}

void FunctionCompiler::AllocBinding(Binding* b) {
  b->in_cell = b->captured;
  b->reg = AllocLocal();
}

void FunctionCompiler::Finish(const Node* fn_node) {
  bytecode::FunctionProto proto = b_.Finish();
  if (b_.failed() && !m_->failed()) {
    std::string msg = b_.error();
    m_->Fail(fn_node, CompileError::Kind::kUnsupportedSyntax, msg);
  }
  proto.upvalues = std::move(upvalues_);
  proto.children = std::move(children_);
  m_->module.protos[proto_index_] = std::move(proto);
}

// -------------------------------------------------------------------------------------------
// bindings

FunctionCompiler::Access FunctionCompiler::AccessOf(const Binding* b) {
  if (!b) return {Access::Kind::kGlobal, 0};
  if (b->scope->function == info_) {
    return {b->in_cell ? Access::Kind::kCell : Access::Kind::kRegister, b->reg < 0 ? 0 : b->reg};
  }
  return {Access::Kind::kUpvalue, UpvalueIndex(b)};
}

int FunctionCompiler::UpvalueIndex(const Binding* b) {
  auto it = upvalue_of_.find(b);
  if (it != upvalue_of_.end()) return it->second;
  bytecode::UpvalueDesc d;
  d.name = b->name;
  if (!parent_) {
    b_.Fail("internal error: upvalue without an enclosing function");
    return 0;
  }
  if (b->scope->function == parent_->info_) {
    if (b->reg < 0 || !b->in_cell) {
      b_.Fail("internal error: captured binding has no cell");
      return 0;
    }
    d.from_parent_register = true;
    d.index = static_cast<uint16_t>(b->reg);
  } else {
    d.from_parent_register = false;
    d.index = static_cast<uint16_t>(parent_->UpvalueIndex(b));
  }
  if (upvalues_.size() >= 255) {
    b_.Fail("function too large (more than 255 captured variables)");
    return 0;
  }
  int index = static_cast<int>(upvalues_.size());
  upvalues_.push_back(std::move(d));
  upvalue_of_.emplace(b, index);
  return index;
}

int FunctionCompiler::DirectRegister(const Reference* r, bool for_write) const {
  if (!r || !r->binding) return -1;
  const Binding* b = r->binding;
  if (b->scope->function != info_ || b->in_cell || b->reg < 0 || r->tdz_check) return -1;
  if (for_write && b->IsImmutable()) return -1;
  return b->reg;
}

void FunctionCompiler::LoadVar(const Reference* r, std::string_view name, int dst) {
  const Binding* b = r ? r->binding : nullptr;
  Access a = AccessOf(b);
  bool check = r && r->tdz_check;
  switch (a.kind) {
    case Access::Kind::kGlobal:
      b_.EmitAX(Op::GETGLOBAL, dst, Name(name));
      break;
    case Access::Kind::kRegister:
      if (check) b_.EmitAX(Op::CHECKTDZ, a.index, Name(name));
      b_.EmitMove(dst, a.index);
      break;
    case Access::Kind::kCell:
      if (check) {
        b_.EmitABX(Op::GETCELLCHK, dst, a.index, Name(name));
      } else {
        b_.EmitAB(Op::GETCELL, dst, a.index);
      }
      break;
    case Access::Kind::kUpvalue:
      if (check) {
        b_.EmitABX(Op::GETUPVALCHK, dst, a.index, Name(name));
      } else {
        b_.EmitAB(Op::GETUPVAL, dst, a.index);
      }
      break;
  }
}

int FunctionCompiler::VarAny(const Reference* r, std::string_view name) {
  if (r && r->binding && r->binding->scope->function == info_ && !r->binding->in_cell &&
      r->binding->reg >= 0) {
    if (r->tdz_check) b_.EmitAX(Op::CHECKTDZ, r->binding->reg, Name(name));
    return r->binding->reg;
  }
  int t = Temp();
  LoadVar(r, name, t);
  return t;
}

void FunctionCompiler::CheckTdzOnly(const Reference* r, std::string_view name) {
  if (!r || !r->binding || !r->tdz_check) return;
  Access a = AccessOf(r->binding);
  switch (a.kind) {
    case Access::Kind::kGlobal:
      break;
    case Access::Kind::kRegister:
      b_.EmitAX(Op::CHECKTDZ, a.index, Name(name));
      break;
    case Access::Kind::kCell: {
      RegScope rs(b_);
      b_.EmitABX(Op::GETCELLCHK, Temp(), a.index, Name(name));
      break;
    }
    case Access::Kind::kUpvalue: {
      RegScope rs(b_);
      b_.EmitABX(Op::GETUPVALCHK, Temp(), a.index, Name(name));
      break;
    }
  }
}

void FunctionCompiler::StoreVar(const Reference* r, std::string_view name, int src, bool init) {
  const Binding* b = r ? r->binding : nullptr;
  if (!b) {
    b_.EmitAX(Op::SETGLOBAL, src, Name(name));
    return;
  }
  if (!init && b->IsImmutable()) {
    // PutValue on an immutable binding: TDZ first (ReferenceError), then TypeError — except a named
    // function expression's own name in sloppy code, where the assignment is silently ignored
    // (ECMA-262 §9.1.1.1.5 SetMutableBinding).
    CheckTdzOnly(r, name);
    if (b->kind == BindingKind::kConst || strict_) {
      ThrowError(isa::ThrowKind::kTypeError, u"Assignment to constant variable.");
    }
    return;
  }
  bool check = !init && r->tdz_check;
  Access a = AccessOf(b);
  switch (a.kind) {
    case Access::Kind::kGlobal:
      break;
    case Access::Kind::kRegister:
      if (check) b_.EmitAX(Op::CHECKTDZ, a.index, Name(name));
      b_.EmitMove(a.index, src);
      break;
    case Access::Kind::kCell:
      if (check) {
        b_.EmitABX(Op::SETCELLCHK, a.index, src, Name(name));
      } else {
        b_.EmitAB(Op::SETCELL, a.index, src);
      }
      break;
    case Access::Kind::kUpvalue:
      if (check) {
        b_.EmitABX(Op::SETUPVALCHK, src, a.index, Name(name));
      } else {
        b_.EmitAB(Op::SETUPVAL, src, a.index);
      }
      break;
  }
}

void FunctionCompiler::InitBinding(Binding* b, int src) {
  if (b->in_cell) {
    b_.EmitAB(Op::SETCELL, b->reg, src);
  } else {
    b_.EmitMove(b->reg, src);
  }
}

void FunctionCompiler::InitScope(Scope* s) {
  for (Binding* b : s->bindings) {
    if (b->reg < 0) continue;
    if (b->in_cell) {
      b_.EmitAB(Op::NEWCELL, b->reg, b->IsLexical() ? 0 : 1);
    } else if (b->IsLexical() && b->needs_tdz_init) {
      b_.EmitA(Op::LOADEMPTY, b->reg);
    }
  }
}

int FunctionCompiler::EnterScope(Scope* s) {
  int mark = b_.top();
  if (!s) return mark;
  for (Binding* b : s->bindings) AllocBinding(b);
  InitScope(s);
  HoistFunctions(s);
  return mark;
}

void FunctionCompiler::HoistFunctions(Scope* s) {
  for (auto& [fn, binding] : s->functions) {
    if (Failed()) return;
    At(fn);
    if (!binding->in_cell && binding->scope->function == info_) {
      FunctionTo(fn, binding->reg, fn->id ? fn->id->name : "");
    } else {
      RegScope rs(b_);
      int t = Temp();
      FunctionTo(fn, t, fn->id ? fn->id->name : "");
      InitBinding(binding, t);
    }
  }
}

// ------------------------------------------------------------------------------------------- entry

uint32_t FunctionCompiler::CompileProgram(const js::Program& program) {
  bytecode::FunctionProto& p = b_.proto();
  p.kind = bytecode::FunctionKind::kScript;
  p.is_async = true;
  p.strict = program.strict;
  p.line = program.line;
  p.column = program.column;
  b_.ReserveFixed(1);
  b_.SetLocal(0, true);
  Prologue(nullptr);
  // The value of the last top-level expression statement is the program's result (internals.md).
  const std::vector<Node*>& body = program.body;
  for (size_t i = 0; i < body.size() && !Failed(); ++i) {
    const Node* s = body[i];
    if (i + 1 == body.size() && s->kind == NodeKind::kExpressionStatement) {
      At(s);
      RegScope rs(b_);
      int r = ExprAny(s->As<js::ExpressionStatement>()->expression);
      At(s);
      b_.EmitA(Op::RET, r);
    } else {
      Stmt(s);
    }
  }
  b_.EmitA(Op::RETUNDEF, 0);
  Finish(&program);
  return proto_index_;
}

uint32_t FunctionCompiler::CompileFunction(const js::FunctionNode* fn, const std::string& name) {
  bytecode::FunctionProto& p = b_.proto();
  p.name = name;
  p.is_async = fn->is_async;
  p.is_generator = fn->is_generator;
  p.strict = fn->strict;
  p.line = fn->line;
  p.column = fn->column;
  if (fn->is_arrow) {
    p.kind = bytecode::FunctionKind::kArrow;
  } else {
    switch (fn->method_kind) {
      case js::MethodKind::kMethod:
        p.kind = bytecode::FunctionKind::kMethod;
        break;
      case js::MethodKind::kGetter:
        p.kind = bytecode::FunctionKind::kGetter;
        break;
      case js::MethodKind::kSetter:
        p.kind = bytecode::FunctionKind::kSetter;
        break;
      case js::MethodKind::kStaticBlock:
        p.kind = bytecode::FunctionKind::kMethod;
        break;
      case js::MethodKind::kConstructor:
        p.kind = fn->is_derived_constructor ? bytecode::FunctionKind::kDerivedConstructor
                                            : bytecode::FunctionKind::kClassConstructor;
        break;
      default:
        p.kind = bytecode::FunctionKind::kNormal;
        break;
    }
  }
  Prologue(fn);
  if (fn->is_generator) {
    // The start suspension: parameters are bound (ECMA-262 §10.2.11 runs before the generator object
    // exists), then the call returns the generator; the first next() continues from here.
    RegScope rs(b_);
    int t = b_.Alloc(2);
    At(fn);
    b_.EmitABC(Op::YIELD, t, t, 2);
  }
  if (!fn->parameter_properties.empty() && !info_->derived_ctor) EmitParameterProperties(fn, 0);
  if (fn->expression_body) {
    RegScope rs(b_);
    int r = ExprAny(fn->expression_body);
    At(fn->expression_body);
    b_.EmitA(Op::RET, r);
  } else {
    Stmts(fn->body);
    EmitReturn(-1);
  }
  Finish(fn);
  return proto_index_;
}

void FunctionCompiler::FunctionTo(const js::FunctionNode* fn, int dst, std::string_view name) {
  if (Failed()) return;
  FunctionInfo* fi = m_->scopes->FunctionFor(fn);
  if (!fi) {
    Fail(fn, CompileError::Kind::kUnsupportedSyntax, "internal error: function without scope info");
    return;
  }
  std::string fname = fn->id ? fn->id->name : std::string(name);
  uint32_t index;
  {
    FunctionCompiler child(m_, this, fi);
    index = child.CompileFunction(fn, fname);
  }
  if (children_.size() >= 0xFFFF) {
    b_.Fail("function too large (more than 65535 nested functions)");
    return;
  }
  children_.push_back(index);
  At(fn);
  b_.EmitABx(Op::CLOSURE, dst, static_cast<uint32_t>(children_.size() - 1));
}

// ------------------------------------------------------------------------------------------- API

std::variant<bytecode::Module, CompileError> CompileJavaScript(std::string_view utf8_source,
                                                               const CompileOptions& options) {
  js::ParseOptions parse_options;
  parse_options.typescript = options.typescript;
  js::ParseResult parsed = js::ParseProgram(utf8_source, parse_options);
  if (parsed.error) {
    const js::ParseError& e = *parsed.error;
    return CompileError{e.kind == js::ParseError::Kind::kUnsupportedSyntax
                            ? CompileError::Kind::kUnsupportedSyntax
                            : CompileError::Kind::kParseError,
                        e.message, e.line, e.column};
  }
  if (!parsed.program) {
    return CompileError{CompileError::Kind::kParseError, "no program", 1, 1};
  }
  auto analysis = AnalyzeScopes(*parsed.program);
  if (auto* err = std::get_if<CompileError>(&analysis)) return *err;
  std::unique_ptr<ScopeTree> tree = std::move(std::get<std::unique_ptr<ScopeTree>>(analysis));

  ModuleCompiler m;
  m.scopes = tree.get();
  m.module.language = bytecode::Language::kJavaScript;
  m.module.source_name = options.source_name;
  m.site_texts = options.site_texts;
  FunctionInfo* main_info = tree->FunctionFor(parsed.program);
  if (!main_info) return CompileError{CompileError::Kind::kParseError, "internal error", 1, 1};
  {
    FunctionCompiler main(&m, nullptr, main_info);
    m.module.main = main.CompileProgram(*parsed.program);
  }
  if (m.error) return *m.error;
  return std::move(m.module);
}

}  // namespace codemode::compiler
