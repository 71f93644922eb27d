// Destructuring (binding and assignment patterns) — ECMA-262 §8.6.2 BindingInitialization,
// §13.15.5 DestructuringAssignmentEvaluation, §8.6.3 IteratorBindingInitialization.
#include <utility>

#include "absl/strings/str_cat.h"
#include "compiler/lower.h"

namespace codemode::compiler {

using isa::Op;
using js::Node;
using js::NodeKind;

namespace {

// Splits `target = default` into its parts.
const Node* Unwrap(const Node* n, const Node** default_value) {
  *default_value = nullptr;
  if (n && n->kind == NodeKind::kAssignmentPattern) {
    auto* ap = n->As<js::AssignmentPattern>();
    *default_value = ap->default_value;
    return ap->target;
  }
  return n;
}

std::string_view TargetName(const Node* target) {
  if (target && target->kind == NodeKind::kIdentifier) return target->As<js::Identifier>()->name;
  return {};
}

}  // namespace

int FunctionCompiler::DirectTargetRegister(const Node* target, BindMode mode,
                                           bool has_default) const {
  if (!target || target->kind != NodeKind::kIdentifier) return -1;
  const Reference* r = RefOf(target);
  if (!r || !r->binding) return -1;
  const Binding* b = r->binding;
  if (b->scope->function != info_ || b->in_cell || b->reg < 0) return -1;
  if (mode == BindMode::kInit && r->is_declaration) {
    // A default value that reads the binding must still see it uninitialized.
    if (has_default && b->needs_tdz_init) return -1;
    return b->reg;
  }
  if (r->tdz_check || b->IsImmutable()) return -1;
  return b->reg;
}

bool FunctionCompiler::TargetCanThrow(const Node* target, BindMode mode) const {
  if (!target) return false;
  switch (target->kind) {
    case NodeKind::kIdentifier: {
      const Reference* r = RefOf(target);
      if (mode == BindMode::kInit && r && r->is_declaration) return false;
      if (!r || !r->binding) return true;  // global store (strict: ReferenceError; setters)
      return r->tdz_check || r->binding->IsImmutable();
    }
    case NodeKind::kRestElement:
      return TargetCanThrow(target->As<js::RestElement>()->argument, mode);
    default:
      return true;  // member stores, nested patterns, defaults
  }
}

bool FunctionCompiler::PatternWritesRegister(const Node* target, int reg) const {
  if (!target) return false;
  switch (target->kind) {
    case NodeKind::kIdentifier: {
      const Reference* r = RefOf(target);
      return r && r->binding && r->binding->scope->function == info_ && !r->binding->in_cell &&
             r->binding->reg == reg;
    }
    case NodeKind::kArrayPattern:
      for (const Node* e : target->As<js::ArrayPattern>()->elements) {
        if (PatternWritesRegister(e, reg)) return true;
      }
      return false;
    case NodeKind::kObjectPattern:
      for (const Node* p : target->As<js::ObjectPattern>()->properties) {
        if (p->kind == NodeKind::kProperty) {
          auto* prop = p->As<js::Property>();
          if ((prop->computed && MayWriteLocals(prop->key)) ||
              PatternWritesRegister(prop->value, reg)) {
            return true;
          }
        } else if (PatternWritesRegister(p, reg)) {
          return true;
        }
      }
      return false;
    case NodeKind::kAssignmentPattern: {
      auto* ap = target->As<js::AssignmentPattern>();
      return PatternWritesRegister(ap->target, reg) || MayWriteLocals(ap->default_value);
    }
    case NodeKind::kRestElement:
      return PatternWritesRegister(target->As<js::RestElement>()->argument, reg);
    case NodeKind::kMember:
      return MayWriteLocals(target);
    default:
      return true;
  }
}

FunctionCompiler::PreparedTarget FunctionCompiler::PrepareTarget(const Node* target) {
  PreparedTarget t;
  t.node = target;
  if (!target || target->kind != NodeKind::kMember) return t;
  auto* m = target->As<js::MemberExpression>();
  if (IsSpecialMember(m)) {
    t.special = PrepareSpecial(m);
    return t;
  }
  // Copies: defaults evaluated between now and the store must not change what is stored into.
  t.object = Temp();
  ExprTo(m->object, t.object);
  if (!m->computed || m->property->kind == NodeKind::kStringLiteral) {
    t.name = StaticKey(m->property);
  } else {
    t.key = Temp();
    ExprTo(m->property, t.key);
  }
  return t;
}

void FunctionCompiler::StoreTarget(const PreparedTarget& t, int value, BindMode mode) {
  if (t.special.kind != SpecialRef::Kind::kNone) {
    SpecialSet(t.special, value);
    return;
  }
  if (t.node && t.node->kind == NodeKind::kMember) {
    if (t.object < 0) return;  // preparation failed (reported)
    auto* m = t.node->As<js::MemberExpression>();
    AtProperty(m);
    if (t.key < 0) {
      b_.EmitABX(Op::SETFIELD, t.object, value, t.name);
    } else {
      b_.EmitABC(Op::SETINDEX, t.object, t.key, value);
    }
    return;
  }
  BindPattern(t.node, value, mode);
}

void FunctionCompiler::BindPattern(const Node* target, int value, BindMode mode) {
  if (!target || Failed()) return;
  switch (target->kind) {
    case NodeKind::kIdentifier: {
      auto* id = target->As<js::Identifier>();
      const Reference* r = RefOf(id);
      At(id);
      StoreVar(r, id->name, value, mode == BindMode::kInit && r && r->is_declaration);
      return;
    }
    case NodeKind::kMember: {
      RegScope rs(b_);
      StoreTarget(PrepareTarget(target), value, mode);
      return;
    }
    case NodeKind::kObjectPattern:
      DestructureObject(target->As<js::ObjectPattern>(), value, mode);
      return;
    case NodeKind::kArrayPattern:
      DestructureArray(target->As<js::ArrayPattern>(), value, mode);
      return;
    case NodeKind::kAssignmentPattern: {
      auto* ap = target->As<js::AssignmentPattern>();
      RegScope rs(b_);
      int t = Temp();
      b_.EmitMove(t, value);
      Label skip = b_.NewLabel();
      b_.EmitJump(Op::JMPNOTUNDEF, t, skip);
      NamedExprTo(ap->default_value, t, TargetName(ap->target));
      b_.Bind(skip);
      BindPattern(ap->target, t, mode);
      return;
    }
    default:
      Fail(target, CompileError::Kind::kParseError, "Invalid destructuring assignment target");
      return;
  }
}

// {a, b: {c}, [k]: d = 1, ...rest} from R[v]:
//   JMPNOTNULLISH v ok; THROWERR TypeError "Cannot destructure ..."; ok:
//   [NEWARRAY ex]                       ; only with a rest element: the keys already taken
//   per property: key (computed: ToPropertyKey, before the value is read) → [APPEND ex key] →
//     GETFIELD/GETINDEX t v key → [JMPNOTUNDEF t skip; t = default; skip:] → store t into the
//     target
//   [OBJREST r v ex; store r]
void FunctionCompiler::DestructureObject(const js::ObjectPattern* p, int v, BindMode mode) {
  RegScope rs(b_);
  At(p);
  Label ok = b_.NewLabel(), is_undefined = b_.NewLabel();
  b_.EmitJump(Op::JMPNOTNULLISH, v, ok);
  b_.EmitJump(Op::JMPUNDEF, v, is_undefined);
  ThrowError(isa::ThrowKind::kTypeError, u"Cannot destructure 'null' as it is null.");
  b_.Bind(is_undefined);
  ThrowError(isa::ThrowKind::kTypeError, u"Cannot destructure 'undefined' as it is undefined.");
  b_.Bind(ok);
  const js::RestElement* rest = nullptr;
  if (!p->properties.empty() && p->properties.back()->kind == NodeKind::kRestElement) {
    rest = p->properties.back()->As<js::RestElement>();
  }
  int excluded = -1;
  if (rest) {
    excluded = Temp();
    size_t n = p->properties.size() - 1;
    b_.EmitAB(Op::NEWARRAY, excluded, n > 255 ? 255 : static_cast<int>(n));
  }
  for (const Node* raw : p->properties) {
    if (Failed()) return;
    if (raw->kind != NodeKind::kProperty) continue;
    auto* prop = raw->As<js::Property>();
    RegScope ps(b_);
    const Node* default_value;
    const Node* target = Unwrap(prop->value, &default_value);
    uint32_t k = 0;
    int key_reg = -1;
    if (!prop->computed || prop->key->kind == NodeKind::kStringLiteral) {
      k = StaticKey(prop->key);
      if (rest) {
        int t = Temp();
        b_.EmitLoadConstant(t, k);
        b_.EmitAB(Op::APPEND, excluded, t);
      }
    } else {
      key_reg = Temp();
      ExprTo(prop->key, key_reg);
      At(prop->key);
      b_.EmitAB(Op::TOPROPKEY, key_reg, key_reg);
      if (rest) b_.EmitAB(Op::APPEND, excluded, key_reg);
    }
    PreparedTarget prepared;
    if (target->kind == NodeKind::kMember) prepared = PrepareTarget(target);
    int direct = DirectTargetRegister(target, mode, default_value != nullptr);
    int val = direct >= 0 ? direct : Temp();
    At(prop);
    if (key_reg < 0) {
      b_.EmitABX(Op::GETFIELD, val, v, k);
    } else {
      b_.EmitABC(Op::GETINDEX, val, v, key_reg);
    }
    if (default_value) {
      Label skip = b_.NewLabel();
      b_.EmitJump(Op::JMPNOTUNDEF, val, skip);
      NamedExprTo(default_value, val, TargetName(target));
      b_.Bind(skip);
    }
    if (direct >= 0) continue;
    if (target->kind == NodeKind::kMember) {
      StoreTarget(prepared, val, mode);
    } else {
      BindPattern(target, val, mode);
    }
  }
  if (rest) {
    RegScope ps(b_);
    PreparedTarget prepared;
    if (rest->argument->kind == NodeKind::kMember) prepared = PrepareTarget(rest->argument);
    int r = Temp();
    At(rest);
    b_.EmitABC(Op::OBJREST, r, v, excluded);
    if (rest->argument->kind == NodeKind::kMember) {
      StoreTarget(prepared, r, mode);
    } else {
      BindPattern(rest->argument, r, mode);
    }
  }
}

// [a, , b = 1, ...r] from R[v]:
//   GETITER it v; LOADFALSE done            ; it, it+1 iterator and next method; done: exhausted
//   element:  [JMPT done D;] ITERNEXT t it; JMPNOTEMPTY t G; LOADTRUE done; D: LOADUNDEF t; G:
//             [default]; store t
//   hole:     [JMPT done S;] ITERNEXT t it; JMPNOTEMPTY t S; LOADTRUE done; S:
//   rest:     NEWARRAY a; [JMPT done E;] L: ITERNEXT t it; JMPEMPTY t X; APPEND a t; JMP L;
//             X: LOADTRUE done; E: store a
//   end:      JMPT done after; ITERCLOSE it; after:      (iterator not exhausted: close it)
// When an element's default or store can throw, those parts (not the ITERNEXTs) are covered by a
// handler that closes the iterator unless it is done (errors of the close are swallowed) and
// rethrows.
void FunctionCompiler::DestructureArray(const js::ArrayPattern* p, int v, BindMode mode) {
  RegScope rs(b_);
  At(p);
  int it = b_.Alloc(2);
  int done = Temp();
  if (const js::Node* src = std::exchange(pattern_source_, nullptr)) {
    switch (src->kind) {
      case NodeKind::kIdentifier:
      case NodeKind::kNumberLiteral:
      case NodeKind::kStringLiteral:
      case NodeKind::kBooleanLiteral:
      case NodeKind::kNullLiteral:
      case NodeKind::kTemplateLiteral:
      case NodeKind::kArrayLiteral:
      case NodeKind::kObjectLiteral:
      case NodeKind::kNew:
        IterableSiteTextNext(src);
        break;
      case NodeKind::kCall:
        // V8 names the callee here only when it is a plain name (`const [a] = o.f()` gets "number 1
        // is not iterable (…)").
        if (src->As<js::CallExpression>()->callee->kind == NodeKind::kIdentifier)
          IterableSiteTextNext(src);
        break;
      default:
        break;
    }
  }
  b_.EmitAB(Op::GETITER, it, v);
  b_.EmitA(Op::LOADFALSE, done);
  bool need_region = false;
  for (const Node* el : p->elements) {
    const Node* default_value;
    const Node* target = Unwrap(el, &default_value);
    if (el && (default_value || TargetCanThrow(target, mode))) need_region = true;
  }
  Region region;
  if (need_region) region = b_.OpenRegion();
  auto next = [&](int into, const Node* at) {
    if (need_region) b_.PauseRegion(region);
    At(at);
    b_.EmitAB(Op::ITERNEXT, into, it);
    if (need_region) b_.ResumeRegion(region);
  };
  bool first = true;
  bool has_rest = false;
  for (const Node* el : p->elements) {
    if (Failed()) return;
    RegScope es(b_);
    if (!el) {
      Label skip = b_.NewLabel();
      if (!first) b_.EmitJump(Op::JMPT, done, skip);
      int t = Temp();
      next(t, p);
      b_.EmitJump(Op::JMPNOTEMPTY, t, skip);
      b_.EmitA(Op::LOADTRUE, done);
      b_.Bind(skip);
      first = false;
      continue;
    }
    if (el->kind == NodeKind::kRestElement) {
      has_rest = true;
      const Node* arg = el->As<js::RestElement>()->argument;
      PreparedTarget prepared;
      if (arg->kind == NodeKind::kMember) prepared = PrepareTarget(arg);
      int arr = Temp();
      b_.EmitAB(Op::NEWARRAY, arr, 0);
      Label loop = b_.NewLabel(), exhausted = b_.NewLabel(), end = b_.NewLabel();
      if (!first) b_.EmitJump(Op::JMPT, done, end);
      b_.Bind(loop);
      int t = Temp();
      next(t, el);
      b_.EmitJump(Op::JMPEMPTY, t, exhausted);
      b_.EmitAB(Op::APPEND, arr, t);
      b_.EmitJump(loop);
      b_.Bind(exhausted);
      b_.EmitA(Op::LOADTRUE, done);
      b_.Bind(end);
      if (arg->kind == NodeKind::kMember) {
        StoreTarget(prepared, arr, mode);
      } else {
        BindPattern(arg, arr, mode);
      }
      first = false;
      continue;
    }
    const Node* default_value;
    const Node* target = Unwrap(el, &default_value);
    PreparedTarget prepared;
    if (target->kind == NodeKind::kMember) prepared = PrepareTarget(target);
    int direct = DirectTargetRegister(target, mode, default_value != nullptr);
    int d = direct >= 0 ? direct : Temp();
    Label got = b_.NewLabel(), is_done = b_.NewLabel();
    if (!first) b_.EmitJump(Op::JMPT, done, is_done);
    next(d, el);
    b_.EmitJump(Op::JMPNOTEMPTY, d, got);
    b_.EmitA(Op::LOADTRUE, done);
    b_.Bind(is_done);
    b_.EmitA(Op::LOADUNDEF, d);
    b_.Bind(got);
    if (default_value) {
      Label skip = b_.NewLabel();
      b_.EmitJump(Op::JMPNOTUNDEF, d, skip);
      NamedExprTo(default_value, d, TargetName(target));
      b_.Bind(skip);
    }
    if (direct < 0) {
      if (target->kind == NodeKind::kMember) {
        StoreTarget(prepared, d, mode);
      } else {
        BindPattern(target, d, mode);
      }
    }
    first = false;
  }
  Label handler = b_.NewLabel();
  int exception = -1;
  if (need_region) {
    exception = Temp();
    b_.CloseRegion(region, handler, exception);
  }
  if (!has_rest) {
    Label after = b_.NewLabel();
    b_.EmitJump(Op::JMPT, done, after);
    At(p);
    b_.EmitA(Op::ITERCLOSE, it);
    b_.Bind(after);
  }
  if (need_region && b_.IsUsed(handler)) {
    Label over = b_.NewLabel(), rethrow = b_.NewLabel();
    b_.EmitJump(over);
    b_.Bind(handler);
    b_.EmitJump(Op::JMPT, done, rethrow);
    int swallowed = Temp();
    Region close = b_.OpenRegion();
    At(p);
    b_.EmitA(Op::ITERCLOSE, it);
    b_.CloseRegion(close, rethrow, swallowed);
    b_.Bind(rethrow);
    b_.EmitA(Op::THROW, exception);
    b_.Bind(over);
  }
}

}  // namespace codemode::compiler
