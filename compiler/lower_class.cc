// Classes (ECMA-262 §15.7): class definitions, the functions the compiler synthesizes for them
// (instance/static initializers, default constructors), derived-constructor `this`/return rules,
// `super(...)`, `super.x` and private names. The conventions are in compiler/README.md ("Classes").
#include "absl/strings/str_cat.h"
#include "compiler/lower.h"

namespace codemode::compiler {

using isa::Op;
using js::Node;
using js::NodeKind;

namespace {

const PrivateEntry* EntryNamed(const ClassInfo* ci, const Node* key) {
  std::string name = "#" + key->As<js::PrivateName>()->name;
  for (const PrivateEntry* e : ci->privates) {
    if (e->name == name) return e;
  }
  return nullptr;
}

bool IsPrivateKey(const js::ClassMember* m) {
  return m->key && !m->computed && m->key->kind == NodeKind::kPrivateName;
}

}  // namespace

bool IsAnonymousClass(const Node* e) {
  return e && e->kind == NodeKind::kClassExpression && e->As<js::ClassNode>()->id == nullptr;
}

// -------------------------------------------------------------------------------------------
// helpers

void FunctionCompiler::LoadHidden(const Binding* b, int dst) {
  Reference r;
  r.binding = const_cast<Binding*>(b);
  LoadVar(&r, b->name, dst);
}

void FunctionCompiler::StoreHidden(const Binding* b, int src) {
  Reference r;
  r.binding = const_cast<Binding*>(b);
  StoreVar(&r, b->name, src, /*init=*/true);
}

void FunctionCompiler::SyntheticClosureTo(uint32_t proto_index, int dst) {
  if (children_.size() >= 0xFFFF) {
    b_.Fail("function too large (more than 65535 nested functions)");
    return;
  }
  children_.push_back(proto_index);
  b_.EmitABx(Op::CLOSURE, dst, static_cast<uint32_t>(children_.size() - 1));
}

// -------------------------------------------------------------------------------------------
// class definitions (ECMA-262 §15.7.14)

void FunctionCompiler::ClassDeclaration(const js::ClassNode* c) {
  RegScope rs(b_);
  int t = Temp();
  ClassTo(c, t, c->id ? c->id->name : "");
  if (c->id) {
    At(c);
    StoreVar(RefOf(c->id), c->id->name, t, /*init=*/true);
  }
}

void FunctionCompiler::ClassTo(const js::ClassNode* c, int dst, std::string_view name) {
  if (Failed()) return;
  const ClassInfo* ci = m_->scopes->ClassFor(c);
  if (!ci) {
    Fail(c, CompileError::Kind::kUnsupportedSyntax, "internal error: class without scope info");
    return;
  }
  At(c);
  RegScope rs(b_);
  EnterScope(ci->scope);
  std::string cname = c->id ? c->id->name : std::string(name);
  // Messages of brand checks name the class by its own binding (V8).
  std::string label = c->id ? c->id->name : "anonymous";

  // New private names and brands for this evaluation of the class.
  for (const PrivateEntry* e : ci->privates) {
    if (!e->key) continue;
    RegScope r2(b_);
    int t = Temp();
    b_.EmitABX(Op::NEWPRIVATE, t, 0, Name(e->name));
    StoreHidden(e->key, t);
  }
  for (int kind = 1; kind <= 2; ++kind) {
    const Binding* brand = kind == 1 ? ci->brand : ci->static_brand;
    if (!brand) continue;
    RegScope r2(b_);
    int t = Temp();
    b_.EmitABX(Op::NEWPRIVATE, t, kind, Name(label));
    StoreHidden(brand, t);
  }

  // Heritage, constructor, prototype.
  int heritage = Temp();
  if (c->super_class) {
    ExprTo(c->super_class, heritage);
  } else {
    b_.EmitA(Op::LOADEMPTY, heritage);
  }
  int ctor = Temp();
  if (c->constructor) {
    FunctionTo(c->constructor->function, ctor, cname);
  } else {
    uint32_t index;
    {
      FunctionCompiler child(m_, this, ci->default_ctor);
      index = child.CompileDefaultConstructor(c, ci, cname);
    }
    At(c);
    SyntheticClosureTo(index, ctor);
  }
  int proto = Temp();
  At(c);
  b_.EmitABC(Op::CLASS, ctor, heritage, proto);
  StoreHidden(ci->proto, proto);
  StoreHidden(ci->ctor, ctor);

  // Elements in order: methods and accessors are defined now, computed field keys evaluated.
  for (size_t i = 0; i < c->members.size() && !Failed(); ++i) {
    const js::ClassMember* m = c->members[i];
    RegScope r2(b_);
    At(m);
    switch (m->kind) {
      case js::ClassMemberKind::kConstructor:
      case js::ClassMemberKind::kStaticBlock:
        break;
      case js::ClassMemberKind::kField:
        if (m->computed) {
          int k = Temp();
          ExprTo(m->key, k);
          At(m->key);
          b_.EmitAB(Op::TOPROPKEY, k, k);
          StoreHidden(ci->field_keys[i], k);
        }
        break;
      case js::ClassMemberKind::kMethod:
      case js::ClassMemberKind::kGetter:
      case js::ClassMemberKind::kSetter: {
        const char* prefix = m->kind == js::ClassMemberKind::kGetter   ? "get "
                             : m->kind == js::ClassMemberKind::kSetter ? "set "
                                                                        : "";
        if (IsPrivateKey(m)) {
          const PrivateEntry* e = EntryNamed(ci, m->key);
          if (!e) {
            Fail(m, CompileError::Kind::kUnsupportedSyntax, "internal error: private name");
            return;
          }
          int f = Temp();
          FunctionTo(m->function, f, absl::StrCat(prefix, e->name));
          StoreHidden(m->kind == js::ClassMemberKind::kMethod   ? e->method
                      : m->kind == js::ClassMemberKind::kGetter ? e->getter
                                                                : e->setter,
                      f);
          break;
        }
        int k = Temp();
        std::string fname;
        if (m->computed) {
          ExprTo(m->key, k);
          At(m->key);
          b_.EmitAB(Op::TOPROPKEY, k, k);
        } else {
          b_.EmitLoadConstant(k, StaticKey(m->key));
          fname = absl::StrCat(prefix, StaticKeyUtf8(m->key));
        }
        int f = Temp();
        FunctionTo(m->function, f, fname);
        At(m);
        b_.EmitABC(Op::DEFMETHOD, m->is_static ? ctor : proto, k, f);
        break;
      }
    }
  }
  if (Failed()) return;
  if (ci->init) {
    RegScope r2(b_);
    uint32_t index;
    {
      FunctionCompiler child(m_, this, ci->init_fn);
      index = child.CompileClassInitializer(c, ci, false);
    }
    int t = Temp();
    At(c);
    SyntheticClosureTo(index, t);
    StoreHidden(ci->init, t);
  }
  if (ci->name) StoreHidden(ci->name, ctor);
  if (ci->static_brand) {
    RegScope r2(b_);
    int t = Temp();
    LoadHidden(ci->static_brand, t);
    int u = Temp();
    b_.EmitA(Op::LOADUNDEF, u);
    At(c);
    b_.EmitABC(Op::DEFPRIVATE, ctor, t, u);
  }
  if (ci->static_fn) {
    RegScope r2(b_);
    uint32_t index;
    {
      FunctionCompiler child(m_, this, ci->static_fn);
      index = child.CompileClassInitializer(c, ci, true);
    }
    int w = Temp();
    At(c);
    SyntheticClosureTo(index, w);
    int self = Temp();
    b_.EmitMove(self, ctor);
    b_.EmitAB(Op::CALL, w, 0);
  }
  b_.EmitMove(dst, ctor);
}

uint32_t FunctionCompiler::CompileClassInitializer(const js::ClassNode* c, const ClassInfo* ci,
                                                   bool is_static) {
  bytecode::FunctionProto& p = b_.proto();
  p.name = is_static ? "<static_initializer>" : "<instance_members_initializer>";
  p.kind = bytecode::FunctionKind::kMethod;
  p.strict = true;
  p.line = c->line;
  p.column = c->column;
  Prologue(nullptr);
  if (!is_static && ci->brand) {
    // PrivateMethodOrAccessorAdd for every instance private method: one brand (§7.3.32).
    RegScope rs(b_);
    int t = Temp();
    LoadHidden(ci->brand, t);
    int u = Temp();
    b_.EmitA(Op::LOADUNDEF, u);
    At(c);
    b_.EmitABC(Op::DEFPRIVATE, 0, t, u);
  }
  if (!is_static && c->constructor) {
    // TypeScript parameter properties: fields declared ahead of the class's own (tsc's emit).
    for (const js::Identifier* id : c->constructor->function->parameter_properties) {
      RegScope rs(b_);
      int u = Temp();
      b_.EmitA(Op::LOADUNDEF, u);
      At(id);
      b_.EmitABX(Op::DEFFIELD, 0, u, Name(id->name));
    }
  }
  for (size_t i = 0; i < c->members.size() && !Failed(); ++i) {
    const js::ClassMember* m = c->members[i];
    if (m->is_static != is_static) continue;
    RegScope rs(b_);
    if (m->kind == js::ClassMemberKind::kStaticBlock) {
      int w = Temp();
      FunctionTo(m->function, w, "");
      int self = Temp();
      b_.EmitMove(self, 0);
      At(m);
      b_.EmitAB(Op::CALL, w, 0);
      continue;
    }
    if (m->kind != js::ClassMemberKind::kField) continue;
    // DefineField (§7.3.33): the initializer runs with this = the object, then the definition.
    int k = -1;
    std::string fname;
    const PrivateEntry* e = nullptr;
    if (IsPrivateKey(m)) {
      e = EntryNamed(ci, m->key);
      if (!e) {
        Fail(m, CompileError::Kind::kUnsupportedSyntax, "internal error: private name");
        return proto_index_;
      }
      fname = e->name;
    } else if (m->computed) {
      k = Temp();
      LoadHidden(ci->field_keys[i], k);
    } else {
      fname = StaticKeyUtf8(m->key);
    }
    int v = Temp();
    if (m->value) {
      NamedExprTo(m->value, v, fname);
      if (k >= 0 && (IsAnonymousFunction(m->value) || IsAnonymousClass(m->value))) {
        b_.EmitAB(Op::SETFNNAME, v, k);  // NamedEvaluation with a computed key
      }
    } else {
      b_.EmitA(Op::LOADUNDEF, v);
    }
    At(m);
    if (e) {
      int t = Temp();
      LoadHidden(e->key, t);
      At(m);
      b_.EmitABC(Op::DEFPRIVATE, 0, t, v);
    } else if (k >= 0) {
      if (is_static) {
        int t = Temp();
        Label ok = b_.NewLabel();
        b_.EmitLoadConstant(t, Name("prototype"));
        b_.EmitABC(Op::SEQ, t, k, t);
        b_.EmitJump(Op::JMPF, t, ok);
        ThrowError(isa::ThrowKind::kTypeError,
                   u"Classes may not have a static property named 'prototype'");
        b_.Bind(ok);
      }
      b_.EmitABC(Op::DEFINDEX, 0, k, v);
    } else {
      b_.EmitABX(Op::DEFFIELD, 0, v, StaticKey(m->key));
    }
  }
  b_.EmitA(Op::RETUNDEF, 0);
  Finish(c);
  return proto_index_;
}

uint32_t FunctionCompiler::CompileDefaultConstructor(const js::ClassNode* c, const ClassInfo* ci,
                                                     const std::string& name) {
  bytecode::FunctionProto& p = b_.proto();
  p.name = name;
  p.kind = ci->derived ? bytecode::FunctionKind::kDerivedConstructor
                       : bytecode::FunctionKind::kClassConstructor;
  p.strict = true;
  p.line = c->line;
  p.column = c->column;
  Prologue(nullptr);
  if (!ci->derived) {
    ClassConstructorPrologue();
    b_.EmitA(Op::RETUNDEF, 0);
    Finish(c);
    return proto_index_;
  }
  // constructor(...args) { super(...args); } without iterating args (ECMA-262 §15.7.14 step 14.a).
  p.has_rest = true;
  p.rest_reg = static_cast<uint8_t>(AllocLocal());
  {
    RegScope rs(b_);
    int w = Temp();
    int nt = Temp();
    int args = Temp();
    LoadHidden(ci->ctor, w);
    b_.EmitAB(Op::SUPERBASE, w, w);
    b_.EmitA(Op::LOADNEWTARGET, nt);
    b_.EmitMove(args, p.rest_reg);
    At(c);
    b_.EmitAX(Op::SUPERNEWSPREAD, w, Name(name.empty() ? "anonymous class" : name));
    b_.EmitMove(0, w);
    if (ci->init) {
      int f = Temp();
      LoadHidden(ci->init, f);
      int self = Temp();
      b_.EmitMove(self, 0);
      b_.EmitAB(Op::CALL, f, 0);
    }
  }
  b_.EmitA(Op::RET, 0);
  Finish(c);
  return proto_index_;
}

void FunctionCompiler::ClassConstructorPrologue() {
  const ClassInfo* ci = info_->ctor_class;
  if (!ci || info_->derived_ctor || !ci->init) return;
  // InitializeInstanceElements before the body (ECMA-262 §10.2.2 step 6.b).
  RegScope rs(b_);
  int f = Temp();
  LoadHidden(ci->init, f);
  int self = Temp();
  b_.EmitMove(self, 0);
  b_.EmitAB(Op::CALL, f, 0);
}

void FunctionCompiler::EmitParameterProperties(const js::FunctionNode* fn, int self) {
  for (const js::Identifier* id : fn->parameter_properties) {
    RegScope rs(b_);
    int v = VarAny(RefOf(id), id->name);
    At(id);
    b_.EmitABX(Op::SETFIELD, self, v, Name(id->name));
  }
}

void FunctionCompiler::EmitReturn(int value) {
  if (!info_->derived_ctor) {
    if (value >= 0) {
      b_.EmitA(Op::RET, value);
    } else {
      b_.EmitA(Op::RETUNDEF, 0);
    }
    return;
  }
  // [[Construct]] of a derived constructor (ECMA-262 §10.2.2 steps 10-12).
  RegScope rs(b_);
  Reference self;
  self.binding = info_->this_binding;
  self.tdz_check = true;
  Label use_this = b_.NewLabel();
  if (value >= 0) {
    Label fail = b_.NewLabel(), ok = b_.NewLabel();
    b_.EmitJump(Op::JMPUNDEF, value, use_this);
    b_.EmitJump(Op::JMPNULLISH, value, fail);
    int t = Temp(), s = Temp();
    b_.EmitAB(Op::TYPEOF, t, value);
    b_.EmitLoadConstant(s, Name("object"));
    b_.EmitABC(Op::SEQ, s, t, s);
    b_.EmitJump(Op::JMPT, s, ok);
    b_.EmitLoadConstant(s, Name("function"));
    b_.EmitABC(Op::SEQ, s, t, s);
    b_.EmitJump(Op::JMPT, s, ok);
    b_.Bind(fail);
    ThrowError(isa::ThrowKind::kTypeError, u"Derived constructors may only return object or undefined");
    b_.Bind(ok);
    b_.EmitA(Op::RET, value);
  }
  b_.Bind(use_this);
  int t = Temp();
  LoadVar(&self, "this", t);
  b_.EmitA(Op::RET, t);
}

// -------------------------------------------------------------------------------------------
// super(...) (ECMA-262 §13.3.7.1 SuperCall)

void FunctionCompiler::SuperCallTo(const js::CallExpression* c, int dst) {
  const Reference* ctor = RefOf(c->callee);
  const Reference* new_target = m_->scopes->ExtraFor(c, ExtraSlot::kNewTarget);
  const Reference* self = m_->scopes->ExtraFor(c, ExtraSlot::kThis);
  const Reference* init = m_->scopes->ExtraFor(c, ExtraSlot::kInit);
  if (!ctor || !new_target || !self || !self->binding) {
    Fail(c, CompileError::Kind::kUnsupportedSyntax, "internal error: super call without scope info");
    return;
  }
  const ClassInfo* ci = self->binding->scope->function->ctor_class;
  std::string label = ci && ci->node->id ? ci->node->id->name : "anonymous class";
  RegScope rs(b_);
  int base = WindowBase(dst);
  int nt = Temp();
  if (nt != base + 1) b_.Fail("internal error: call window not contiguous");
  At(c->callee);
  LoadVar(ctor, "%ctor", base);
  b_.EmitAB(Op::SUPERBASE, base, base);  // GetSuperConstructor: F.[[GetPrototypeOf]]()
  LoadVar(new_target, "new.target", nt);
  int n = Arguments(c->arguments, base);
  At(c);
  if (n >= 0) {
    b_.EmitABX(Op::SUPERNEW, base, n, Name(label));
  } else {
    b_.EmitAX(Op::SUPERNEWSPREAD, base, Name(label));
  }
  {
    // BindThisValue: a second super() throws (after constructing, as in V8).
    RegScope r2(b_);
    Access a = AccessOf(self->binding);
    Label ok = b_.NewLabel();
    int cur = a.kind == Access::Kind::kRegister ? a.index : Temp();
    if (a.kind == Access::Kind::kCell) b_.EmitAB(Op::GETCELL, cur, a.index);
    if (a.kind == Access::Kind::kUpvalue) b_.EmitAB(Op::GETUPVAL, cur, a.index);
    b_.EmitJump(Op::JMPEMPTY, cur, ok);
    ThrowError(isa::ThrowKind::kReferenceError, u"Super constructor may only be called once");
    b_.Bind(ok);
    switch (a.kind) {
      case Access::Kind::kRegister:
        b_.EmitMove(a.index, base);
        break;
      case Access::Kind::kCell:
        b_.EmitAB(Op::SETCELL, a.index, base);
        break;
      case Access::Kind::kUpvalue:
        b_.EmitAB(Op::SETUPVAL, base, a.index);
        break;
      case Access::Kind::kGlobal:
        break;
    }
  }
  if (init && init->binding) {
    RegScope r2(b_);
    int f = Temp();
    LoadVar(init, "%init", f);
    int t = Temp();
    b_.EmitMove(t, base);
    At(c);
    b_.EmitAB(Op::CALL, f, 0);
  }
  if (ci && ci->node->constructor) {
    const js::FunctionNode* ctor_fn = ci->node->constructor->function;
    if (!ctor_fn->parameter_properties.empty()) {
      if (info_->fn != ctor_fn) {
        Fail(c, CompileError::Kind::kUnsupportedSyntax,
             "super() inside an arrow function of a constructor with TypeScript parameter "
             "properties is not supported");
        return;
      }
      EmitParameterProperties(ctor_fn, base);
    }
  }
  b_.EmitMove(dst, base);
}

// -------------------------------------------------------------------------------------------
// super.x and o.#x

bool FunctionCompiler::IsSpecialMember(const Node* n) {
  if (!n || n->kind != NodeKind::kMember) return false;
  auto* m = n->As<js::MemberExpression>();
  return m->object->kind == NodeKind::kSuper ||
         (!m->computed && m->property->kind == NodeKind::kPrivateName);
}

SpecialRef FunctionCompiler::PrepareSpecial(const js::MemberExpression* m) {
  SpecialRef r;
  r.member = m;
  if (m->object->kind == NodeKind::kSuper) {
    // `this` (TDZ checked first), the key, then the super base (MakeSuperPropertyReference).
    r.kind = SpecialRef::Kind::kSuper;
    const Reference* home = RefOf(m->object);
    const Reference* self = m_->scopes->ExtraFor(m, ExtraSlot::kThis);
    if (!home || !self) {
      Fail(m, CompileError::Kind::kUnsupportedSyntax, "internal error: super without scope info");
      return r;
    }
    r.object = Temp();
    At(m->object);
    LoadVar(self, "this", r.object);
    r.base = Temp();
    int key = Temp();
    if (m->computed) {
      ExprTo(m->property, key);
      AtProperty(m);
      b_.EmitAB(Op::TOPROPKEY, key, key);
    } else {
      b_.EmitLoadConstant(key, StaticKey(m->property));
    }
    LoadVar(home, "%home", r.base);
    b_.EmitAB(Op::SUPERBASE, r.base, r.base);
    return r;
  }
  r.kind = SpecialRef::Kind::kPrivate;
  r.entry = m_->scopes->PrivateFor(m->property);
  if (!r.entry) {
    Fail(m->property, CompileError::Kind::kUnsupportedSyntax, "internal error: private name");
    return r;
  }
  r.object = Temp();
  ExprTo(m->object, r.object);
  if (m->optional) b_.EmitJump(Op::JMPNULLISH, r.object, ChainNil());
  return r;
}

void FunctionCompiler::SpecialGet(const SpecialRef& r, int dst) {
  if (Failed() || r.kind == SpecialRef::Kind::kNone) return;
  const js::MemberExpression* m = r.member;
  if (r.kind == SpecialRef::Kind::kSuper) {
    b_.EmitMove(dst, r.object);
    AtProperty(m);
    b_.EmitABC(Op::GETSUPER, dst, r.base, r.base + 1);
    return;
  }
  RegScope rs(b_);
  const PrivateEntry* e = r.entry;
  int t = Temp();
  if (e->kind == PrivateEntry::Kind::kField) {
    LoadHidden(e->key, t);
    AtProperty(m);
    b_.EmitABC(Op::GETPRIVATE, dst, r.object, t);
    return;
  }
  LoadHidden(e->brand, t);
  AtProperty(m);
  b_.EmitAB(Op::CHECKBRAND, r.object, t);
  if (e->kind == PrivateEntry::Kind::kMethod) {
    LoadHidden(e->method, dst);
    return;
  }
  if (!e->getter) {
    ThrowError(isa::ThrowKind::kTypeError, Utf8ToUtf16(absl::StrCat("'", e->name, "' was defined without a getter")));
    return;
  }
  int f = Temp();
  LoadHidden(e->getter, f);
  int self = Temp();
  b_.EmitMove(self, r.object);
  b_.EmitAB(Op::CALL, f, 0);
  b_.EmitMove(dst, f);
}

void FunctionCompiler::SpecialSet(const SpecialRef& r, int value) {
  if (Failed() || r.kind == SpecialRef::Kind::kNone) return;
  const js::MemberExpression* m = r.member;
  if (r.kind == SpecialRef::Kind::kSuper) {
    AtProperty(m);
    b_.EmitABC(Op::SETSUPER, r.object, r.base, value);
    return;
  }
  RegScope rs(b_);
  const PrivateEntry* e = r.entry;
  int t = Temp();
  if (e->kind == PrivateEntry::Kind::kField) {
    LoadHidden(e->key, t);
    AtProperty(m);
    b_.EmitABC(Op::SETPRIVATE, r.object, t, value);
    return;
  }
  LoadHidden(e->brand, t);
  AtProperty(m);
  b_.EmitAB(Op::CHECKBRAND, r.object, t);
  if (e->kind == PrivateEntry::Kind::kMethod) {
    ThrowError(isa::ThrowKind::kTypeError,
               Utf8ToUtf16(absl::StrCat("Private method '", e->name, "' is not writable")));
    return;
  }
  if (!e->setter) {
    ThrowError(isa::ThrowKind::kTypeError,
               Utf8ToUtf16(absl::StrCat("'", e->name, "' was defined without a setter")));
    return;
  }
  int f = Temp();
  LoadHidden(e->setter, f);
  int self = Temp();
  b_.EmitMove(self, r.object);
  int arg = Temp();
  b_.EmitMove(arg, value);
  b_.EmitAB(Op::CALL, f, 1);
}

void FunctionCompiler::SpecialMemberTo(const js::MemberExpression* m, int dst) {
  RegScope rs(b_);
  SpecialRef r = PrepareSpecial(m);
  SpecialGet(r, dst);
}

void FunctionCompiler::SpecialCalleeAndThis(const js::MemberExpression* m, int base) {
  int receiver = Temp();
  RegScope rs(b_);
  if (m->object->kind == NodeKind::kSuper) {
    SpecialRef r = PrepareSpecial(m);
    if (r.object < 0) return;
    b_.EmitMove(receiver, r.object);
    SpecialGet(r, base);
    return;
  }
  SpecialRef r;
  r.kind = SpecialRef::Kind::kPrivate;
  r.member = m;
  r.entry = m_->scopes->PrivateFor(m->property);
  if (!r.entry) {
    Fail(m->property, CompileError::Kind::kUnsupportedSyntax, "internal error: private name");
    return;
  }
  ExprTo(m->object, receiver);
  if (m->optional) b_.EmitJump(Op::JMPNULLISH, receiver, ChainNil());
  r.object = receiver;
  SpecialGet(r, base);
}

void FunctionCompiler::SpecialAssignTo(const js::AssignmentExpression* a, int dst) {
  RegScope rs(b_);
  SpecialRef r = PrepareSpecial(a->target->As<js::MemberExpression>());
  if (a->op == js::AssignOp::kAssign) {
    int v = Temp();
    ExprTo(a->value, v);
    At(a);
    SpecialSet(r, v);
    if (dst >= 0) b_.EmitMove(dst, v);
    return;
  }
  int t = Temp();
  SpecialGet(r, t);
  if (a->op == js::AssignOp::kAnd || a->op == js::AssignOp::kOr ||
      a->op == js::AssignOp::kNullish) {
    Label end = b_.NewLabel();
    Op jump = a->op == js::AssignOp::kAnd  ? Op::JMPF
              : a->op == js::AssignOp::kOr ? Op::JMPT
                                           : Op::JMPNOTNULLISH;
    b_.EmitJump(jump, t, end);
    ExprTo(a->value, t);
    At(a);
    SpecialSet(r, t);
    b_.Bind(end);
  } else {
    int v = ExprAny(a->value);
    At(a);
    b_.EmitABC(BinaryOpcode(js::CompoundAssignBinaryOp(a->op)), t, t, v);
    SpecialSet(r, t);
  }
  if (dst >= 0) b_.EmitMove(dst, t);
}

void FunctionCompiler::SpecialUpdateTo(const js::UpdateExpression* u, int dst) {
  RegScope rs(b_);
  SpecialRef r = PrepareSpecial(u->argument->As<js::MemberExpression>());
  Op op = u->is_increment ? Op::INC : Op::DEC;
  int t = Temp();
  SpecialGet(r, t);
  At(u);
  if (dst >= 0 && !u->prefix) {
    int old = Temp();
    b_.EmitAB(Op::TONUMERIC, old, t);
    b_.EmitAB(op, t, old);
    SpecialSet(r, t);
    b_.EmitMove(dst, old);
    return;
  }
  b_.EmitAB(op, t, t);
  SpecialSet(r, t);
  if (dst >= 0) b_.EmitMove(dst, t);
}

void FunctionCompiler::PrivateInTo(const js::BinaryExpression* b, int dst) {
  const PrivateEntry* e = m_->scopes->PrivateFor(b->left);
  if (!e) {
    Fail(b->left, CompileError::Kind::kUnsupportedSyntax, "internal error: private name");
    return;
  }
  RegScope rs(b_);
  int obj = ExprAny(b->right);
  int k = Temp();
  LoadHidden(e->key ? e->key : e->brand, k);
  At(b->op_line, b->op_column);
  b_.EmitABCX(Op::HASPRIVATE, dst, k, obj, Name(e->name));
}

}  // namespace codemode::compiler
