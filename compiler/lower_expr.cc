// Expressions.
#include <cmath>

#include "absl/strings/str_cat.h"
#include "compiler/lower.h"

namespace codemode::compiler {

using isa::Op;
using js::Node;
using js::NodeKind;

namespace {

bool SmallIntLiteral(const Node* n, int* out) {
  if (!n || n->kind != NodeKind::kNumberLiteral) return false;
  double v = n->As<js::NumberLiteral>()->value;
  if (v != std::floor(v) || v < -128 || v > 127 || (v == 0 && std::signbit(v))) return false;
  *out = static_cast<int>(v);
  return true;
}

bool IsGlobalName(const FunctionCompiler*, const Reference* r) { return !r || !r->binding; }

// V8 words a failed `yield* x` as "yield* (intermediate value) is not iterable" only when x is one of
// these expressions; for identifiers, literals, operators and conditionals it names the value's type
// ("number 5 is not iterable (…)") as when there is no text (checked against Node.js 20).
bool YieldStarNamesIntermediate(NodeKind kind) {
  switch (kind) {
    case NodeKind::kMember:
    case NodeKind::kCall:
    case NodeKind::kNew:
    case NodeKind::kSequence:
    case NodeKind::kAssignment:
    case NodeKind::kUpdate:
    case NodeKind::kTaggedTemplate:
    case NodeKind::kAwait:
      return true;
    default:
      return false;
  }
}

}  // namespace

isa::Op FunctionCompiler::BinaryOpcode(js::BinaryOp op) const {
  switch (op) {
    case js::BinaryOp::kAdd:
      return Op::ADD;
    case js::BinaryOp::kSub:
      return Op::SUB;
    case js::BinaryOp::kMul:
      return Op::MUL;
    case js::BinaryOp::kDiv:
      return Op::DIV;
    case js::BinaryOp::kMod:
      return Op::MOD;
    case js::BinaryOp::kExp:
      return Op::POW;
    case js::BinaryOp::kShl:
      return Op::SHL;
    case js::BinaryOp::kSar:
      return Op::SHR;
    case js::BinaryOp::kShr:
      return Op::USHR;
    case js::BinaryOp::kBitAnd:
      return Op::BAND;
    case js::BinaryOp::kBitOr:
      return Op::BOR;
    case js::BinaryOp::kBitXor:
      return Op::BXOR;
    case js::BinaryOp::kEq:
      return Op::EQ;
    case js::BinaryOp::kNe:
      return Op::NE;
    case js::BinaryOp::kStrictEq:
      return Op::SEQ;
    case js::BinaryOp::kStrictNe:
      return Op::SNE;
    case js::BinaryOp::kLt:
      return Op::LT;
    case js::BinaryOp::kGt:
      return Op::GT;
    case js::BinaryOp::kLe:
      return Op::LE;
    case js::BinaryOp::kGe:
      return Op::GE;
    case js::BinaryOp::kIn:
      return Op::IN;
    case js::BinaryOp::kInstanceof:
      return Op::INSTANCEOF;
  }
  return Op::NOP;
}

// -------------------------------------------------------------------------------------------
// analysis

bool FunctionCompiler::WritesDstLast(const Node* e) const {
  switch (e->kind) {
    case NodeKind::kNumberLiteral:
    case NodeKind::kStringLiteral:
    case NodeKind::kBigIntLiteral:
    case NodeKind::kBooleanLiteral:
    case NodeKind::kNullLiteral:
    case NodeKind::kRegExpLiteral:
    case NodeKind::kTemplateLiteral:
    case NodeKind::kTaggedTemplate:
    case NodeKind::kIdentifier:
    case NodeKind::kThis:
    case NodeKind::kNewTarget:
    case NodeKind::kFunctionExpression:
    case NodeKind::kArrowFunction:
    case NodeKind::kUnary:
    case NodeKind::kBinary:
    case NodeKind::kConditional:
    case NodeKind::kCall:
    case NodeKind::kNew:
    case NodeKind::kMember:
    case NodeKind::kAwait:
      return true;
    default:
      return false;
  }
}

bool FunctionCompiler::MayWriteLocals(const Node* e) const {
  if (!e) return false;
  auto writes_ident = [&](const Node* id) {
    const Reference* r = RefOf(id);
    if (!r || !r->binding) return false;
    return r->binding->scope->function == info_ && !r->binding->captured;
  };
  switch (e->kind) {
    case NodeKind::kNumberLiteral:
    case NodeKind::kStringLiteral:
    case NodeKind::kBigIntLiteral:
    case NodeKind::kBooleanLiteral:
    case NodeKind::kNullLiteral:
    case NodeKind::kRegExpLiteral:
    case NodeKind::kIdentifier:
    case NodeKind::kThis:
    case NodeKind::kNewTarget:
    case NodeKind::kFunctionExpression:
    case NodeKind::kArrowFunction:
    case NodeKind::kSuper:
    case NodeKind::kPrivateName:
      return false;
    case NodeKind::kTemplateLiteral:
      for (const Node* x : e->As<js::TemplateLiteral>()->expressions) {
        if (MayWriteLocals(x)) return true;
      }
      return false;
    case NodeKind::kTaggedTemplate: {
      auto* t = e->As<js::TaggedTemplate>();
      return MayWriteLocals(t->tag) || MayWriteLocals(t->quasi);
    }
    case NodeKind::kArrayLiteral:
      for (const Node* x : e->As<js::ArrayLiteral>()->elements) {
        if (MayWriteLocals(x)) return true;
      }
      return false;
    case NodeKind::kObjectLiteral:
      for (const Node* p : e->As<js::ObjectLiteral>()->properties) {
        if (p->kind == NodeKind::kProperty) {
          auto* prop = p->As<js::Property>();
          if ((prop->computed && MayWriteLocals(prop->key)) || MayWriteLocals(prop->value))
            return true;
        } else if (MayWriteLocals(p)) {
          return true;
        }
      }
      return false;
    case NodeKind::kUnary:
      return MayWriteLocals(e->As<js::UnaryExpression>()->argument);
    case NodeKind::kUpdate: {
      const Node* arg = e->As<js::UpdateExpression>()->argument;
      if (arg->kind == NodeKind::kIdentifier) return writes_ident(arg);
      return MayWriteLocals(arg);
    }
    case NodeKind::kBinary: {
      auto* b = e->As<js::BinaryExpression>();
      return MayWriteLocals(b->left) || MayWriteLocals(b->right);
    }
    case NodeKind::kLogical: {
      auto* b = e->As<js::LogicalExpression>();
      return MayWriteLocals(b->left) || MayWriteLocals(b->right);
    }
    case NodeKind::kConditional: {
      auto* c = e->As<js::ConditionalExpression>();
      return MayWriteLocals(c->test) || MayWriteLocals(c->consequent) ||
             MayWriteLocals(c->alternate);
    }
    case NodeKind::kAssignment: {
      auto* a = e->As<js::AssignmentExpression>();
      if (a->target->kind == NodeKind::kIdentifier) {
        if (writes_ident(a->target)) return true;
      } else if (a->target->kind != NodeKind::kMember) {
        return true;  // destructuring: assume it may write anything
      } else if (MayWriteLocals(a->target)) {
        return true;
      }
      return MayWriteLocals(a->value);
    }
    case NodeKind::kSequence:
      for (const Node* x : e->As<js::SequenceExpression>()->expressions) {
        if (MayWriteLocals(x)) return true;
      }
      return false;
    case NodeKind::kCall: {
      auto* c = e->As<js::CallExpression>();
      if (MayWriteLocals(c->callee)) return true;
      for (const Node* x : c->arguments) {
        if (MayWriteLocals(x)) return true;
      }
      return false;
    }
    case NodeKind::kNew: {
      auto* c = e->As<js::NewExpression>();
      if (MayWriteLocals(c->callee)) return true;
      for (const Node* x : c->arguments) {
        if (MayWriteLocals(x)) return true;
      }
      return false;
    }
    case NodeKind::kMember: {
      auto* m = e->As<js::MemberExpression>();
      return MayWriteLocals(m->object) || (m->computed && MayWriteLocals(m->property));
    }
    case NodeKind::kOptionalChain:
      return MayWriteLocals(e->As<js::OptionalChain>()->expression);
    case NodeKind::kSpread:
      return MayWriteLocals(e->As<js::SpreadElement>()->argument);
    case NodeKind::kAwait:
      return MayWriteLocals(e->As<js::AwaitExpression>()->argument);
    case NodeKind::kYield:
      return true;
    default:
      return true;
  }
}

// ------------------------------------------------------------------------------------------- entry
// points

void FunctionCompiler::ExprTo(const Node* e, int dst) {
  if (!e || Failed()) return;
  if (b_.IsLocal(dst) && !WritesDstLast(e)) {
    RegScope rs(b_);
    int t = Temp();
    ExprToImpl(e, t);
    b_.EmitMove(dst, t);
    return;
  }
  ExprToImpl(e, dst);
}

void FunctionCompiler::NamedExprTo(const Node* e, int dst, std::string_view name) {
  if (IsAnonymousFunction(e)) {
    FunctionTo(e->As<js::FunctionNode>(), dst, name);
  } else if (IsAnonymousClass(e)) {
    ClassTo(e->As<js::ClassNode>(), dst, name);
  } else {
    ExprTo(e, dst);
  }
}

int FunctionCompiler::ExprAny(const Node* e) {
  if (e && !Failed()) {
    if (e->kind == NodeKind::kIdentifier || e->kind == NodeKind::kThis) {
      const Reference* r = RefOf(e);
      if (r && r->binding && r->binding->scope->function == info_ && !r->binding->in_cell &&
          r->binding->reg >= 0) {
        if (r->tdz_check) {
          At(e);
          b_.EmitAX(Op::CHECKTDZ, r->binding->reg, Name(r->binding->name));
        }
        return r->binding->reg;
      }
    }
  }
  int t = Temp();
  ExprTo(e, t);
  return t;
}

int FunctionCompiler::ExprAnyStable(const Node* e, std::initializer_list<const Node*> later) {
  int r = ExprAny(e);
  if (b_.IsLocal(r) && r != 0) {
    for (const Node* l : later) {
      if (MayWriteLocals(l)) {
        int t = Temp();
        b_.EmitMove(t, r);
        return t;
      }
    }
  }
  return r;
}

int FunctionCompiler::OperandInto(const Node* e, int dst) {
  bool leaf = e->kind == NodeKind::kIdentifier || e->kind == NodeKind::kThis;
  if (!leaf && !b_.IsLocal(dst)) {
    ExprTo(e, dst);
    return dst;
  }
  return ExprAny(e);
}

void FunctionCompiler::ExprEffect(const Node* e) {
  if (!e || Failed()) return;
  switch (e->kind) {
    case NodeKind::kAssignment:
      AssignTo(e->As<js::AssignmentExpression>(), -1);
      return;
    case NodeKind::kUpdate:
      UpdateTo(e->As<js::UpdateExpression>(), -1);
      return;
    case NodeKind::kSequence:
      for (const Node* x : e->As<js::SequenceExpression>()->expressions) {
        RegScope rs(b_);
        ExprEffect(x);
      }
      return;
    case NodeKind::kLogical: {
      auto* l = e->As<js::LogicalExpression>();
      Label end = b_.NewLabel();
      if (l->op == js::LogicalOp::kAnd) {
        CondJump(l->left, false, end);
      } else if (l->op == js::LogicalOp::kOr) {
        CondJump(l->left, true, end);
      } else {
        RegScope rs(b_);
        int r = ExprAny(l->left);
        b_.EmitJump(Op::JMPNOTNULLISH, r, end);
      }
      {
        RegScope rs(b_);
        ExprEffect(l->right);
      }
      b_.Bind(end);
      return;
    }
    case NodeKind::kConditional: {
      auto* c = e->As<js::ConditionalExpression>();
      Label else_label = b_.NewLabel(), end = b_.NewLabel();
      CondJump(c->test, false, else_label);
      {
        RegScope rs(b_);
        ExprEffect(c->consequent);
      }
      b_.EmitJump(end);
      b_.Bind(else_label);
      {
        RegScope rs(b_);
        ExprEffect(c->alternate);
      }
      b_.Bind(end);
      return;
    }
    case NodeKind::kNumberLiteral:
    case NodeKind::kStringLiteral:
    case NodeKind::kBigIntLiteral:
    case NodeKind::kBooleanLiteral:
    case NodeKind::kNullLiteral:
    case NodeKind::kFunctionExpression:
    case NodeKind::kArrowFunction:
    case NodeKind::kThis:
      return;
    case NodeKind::kIdentifier: {
      // Only the possible ReferenceError (undeclared global, TDZ) is observable.
      const Reference* r = RefOf(e);
      if (DirectRegister(r, false) >= 0) return;
      RegScope rs(b_);
      ExprAny(e);
      return;
    }
    case NodeKind::kUnary:
      if (e->As<js::UnaryExpression>()->op == js::UnaryOp::kVoid) {
        ExprEffect(e->As<js::UnaryExpression>()->argument);
        return;
      }
      break;
    default:
      break;
  }
  RegScope rs(b_);
  int t = Temp();
  ExprTo(e, t);
}

void FunctionCompiler::CondJump(const Node* e, bool jump_if, Label target) {
  if (!e || Failed()) return;
  switch (e->kind) {
    case NodeKind::kBooleanLiteral:
      if (e->As<js::BooleanLiteral>()->value == jump_if) b_.EmitJump(target);
      return;
    case NodeKind::kUnary: {
      auto* u = e->As<js::UnaryExpression>();
      if (u->op == js::UnaryOp::kNot) {
        CondJump(u->argument, !jump_if, target);
        return;
      }
      break;
    }
    case NodeKind::kLogical: {
      auto* l = e->As<js::LogicalExpression>();
      if (l->op == js::LogicalOp::kAnd) {
        if (!jump_if) {
          CondJump(l->left, false, target);
          CondJump(l->right, false, target);
        } else {
          Label skip = b_.NewLabel();
          CondJump(l->left, false, skip);
          CondJump(l->right, true, target);
          b_.Bind(skip);
        }
        return;
      }
      if (l->op == js::LogicalOp::kOr) {
        if (jump_if) {
          CondJump(l->left, true, target);
          CondJump(l->right, true, target);
        } else {
          Label skip = b_.NewLabel();
          CondJump(l->left, true, skip);
          CondJump(l->right, false, target);
          b_.Bind(skip);
        }
        return;
      }
      break;
    }
    case NodeKind::kBinary: {
      // x == null / x != null / x === undefined / x !== undefined: test-and-branch in one
      // instruction.
      auto* b = e->As<js::BinaryExpression>();
      auto is_null = [](const Node* n) { return n->kind == NodeKind::kNullLiteral; };
      auto is_undefined = [&](const Node* n) {
        if (n->kind == NodeKind::kIdentifier) {
          return n->As<js::Identifier>()->name == "undefined" && IsGlobalName(this, RefOf(n));
        }
        return n->kind == NodeKind::kUnary &&
               n->As<js::UnaryExpression>()->op == js::UnaryOp::kVoid &&
               n->As<js::UnaryExpression>()->argument->kind == NodeKind::kNumberLiteral;
      };
      bool loose = b->op == js::BinaryOp::kEq || b->op == js::BinaryOp::kNe;
      bool strict = b->op == js::BinaryOp::kStrictEq || b->op == js::BinaryOp::kStrictNe;
      bool negate = b->op == js::BinaryOp::kNe || b->op == js::BinaryOp::kStrictNe;
      const Node* other = nullptr;
      bool nullish_test = false;
      if (loose && (is_null(b->right) || is_undefined(b->right))) {
        other = b->left, nullish_test = true;
      } else if (loose && (is_null(b->left) || is_undefined(b->left))) {
        other = b->right, nullish_test = true;
      } else if (strict && is_undefined(b->right)) {
        other = b->left;
      } else if (strict && is_undefined(b->left)) {
        other = b->right;
      }
      if (other) {
        RegScope rs(b_);
        int r = ExprAny(other);
        bool when_equal = jump_if != negate;
        Op op = nullish_test ? (when_equal ? Op::JMPNULLISH : Op::JMPNOTNULLISH)
                             : (when_equal ? Op::JMPUNDEF : Op::JMPNOTUNDEF);
        b_.EmitJump(op, r, target);
        return;
      }
      break;
    }
    case NodeKind::kSequence: {
      auto* s = e->As<js::SequenceExpression>();
      for (size_t i = 0; i + 1 < s->expressions.size(); ++i) {
        RegScope rs(b_);
        ExprEffect(s->expressions[i]);
      }
      CondJump(s->expressions.back(), jump_if, target);
      return;
    }
    default:
      break;
  }
  RegScope rs(b_);
  int r = ExprAny(e);
  b_.EmitJump(jump_if ? Op::JMPT : Op::JMPF, r, target);
}

// -------------------------------------------------------------------------------------------
// dispatch

// yield v (ECMA-262 §15.5.5, §27.5.3.7):
//   v → t; YIELD t t 0 (resumes with R[t] = sent value, R[t+1] = 1 for return(), else 0)
//   JMPF t+1 L; <return R[t], through enclosing finally blocks and for-of closes>; L: MOVE dst t
// A throw() resumes by throwing at the YIELD (the VM unwinds from there).
// yield* it:
//   GETITER i it; GETFIELD i+1 i "next"; LOADUNDEF v; LOADI v+1 0 (mode: 0 next, 1 return, 2 throw)
//   loop: YIELDSTAR r i v                      ; the inner result object (prelude YieldStarStep)
//         GETFIELD d r "done"; JMPF d yield
//         GETFIELD dst r "value"; ADDI d v+1 -1; JMPF d ret; JMP out
//   ret:  <return R[dst]>
//   yield: [region H: YIELD v r 1] JMP loop    ; the inner result is yielded as it is
//   H:    (exception in v) LOADI v+1 2; JMP loop
//   out:
//
// In an async generator (ECMA-262 §27.6.3.8 AsyncGeneratorYield): `yield v` awaits v first and a
// return() resumption awaits its value (`AWAIT t t` before the return); the VM settles requests
// (YIELD C=0 hands the raw value to the prelude). `yield* it` uses the async iterator (ASYNCITER 0),
// awaits and checks each inner result (AWAIT, ASYNCITER 1), yields its value, and awaits the value
// of a return() resumption inside the handler region (a rejection becomes mode 2).
void FunctionCompiler::YieldTo(const js::YieldExpression* y, int dst) {
  RegScope rs(b_);
  const bool async = InAsyncGenerator();
  if (!y->delegate) {
    int t = b_.Alloc(2);
    if (y->argument) {
      ExprTo(y->argument, t);
    } else {
      b_.EmitA(Op::LOADUNDEF, t);
    }
    At(y);
    if (async) b_.EmitAB(Op::AWAIT, t, t);
    b_.EmitABC(Op::YIELD, t, t, 0);
    Label resumed = b_.NewLabel();
    b_.EmitJump(Op::JMPF, t + 1, resumed);
    if (async) b_.EmitAB(Op::AWAIT, t, t);
    RouteExit(JumpContext::ExitKind::kReturn, 0, t);
    b_.Bind(resumed);
    b_.EmitMove(dst, t);
    return;
  }
  int it = b_.Alloc(2);
  {
    RegScope as(b_);
    int src = ExprAny(y->argument);
    At(y->argument);
    if (YieldStarNamesIntermediate(y->argument->kind))
      SiteTextNext(bytecode::SiteTextKind::kYieldStar, y->argument);
    if (async) {
      b_.EmitABC(Op::ASYNCITER, it, src, 0);
    } else {
      b_.EmitAB(Op::GETITER, it, src);
    }
  }
  At(y);
  b_.EmitABX(Op::GETFIELD, it + 1, it, Name("next"));
  int v = b_.Alloc(2);
  int r = Temp();
  int d = Temp();
  b_.EmitA(Op::LOADUNDEF, v);
  b_.EmitLoadNumber(v + 1, 0);
  Label loop = b_.NewLabel(), yield = b_.NewLabel(), ret = b_.NewLabel(), out = b_.NewLabel();
  b_.Bind(loop);
  At(y);
  b_.EmitABC(Op::YIELDSTAR, r, it, v);
  if (async) {
    b_.EmitAB(Op::AWAIT, r, r);
    b_.EmitABC(Op::ASYNCITER, r, r, 1);
  }
  b_.EmitABX(Op::GETFIELD, d, r, Name("done"));
  b_.EmitJump(Op::JMPF, d, yield);
  b_.EmitABX(Op::GETFIELD, r, r, Name("value"));
  b_.EmitABC(Op::ADDI, d, v + 1, static_cast<uint8_t>(static_cast<int8_t>(-1)));
  b_.EmitJump(Op::JMPF, d, ret);
  b_.EmitMove(dst, r);
  b_.EmitJump(out);
  b_.Bind(ret);
  if (async) b_.EmitAB(Op::AWAIT, r, r);
  RouteExit(JumpContext::ExitKind::kReturn, 0, r);
  b_.Bind(yield);
  if (async) b_.EmitABX(Op::GETFIELD, r, r, Name("value"));
  Region region = b_.OpenRegion();
  b_.EmitABC(Op::YIELD, v, r, async ? 0 : 1);
  if (async) {
    b_.EmitABC(Op::ADDI, d, v + 1, static_cast<uint8_t>(static_cast<int8_t>(-1)));
    b_.EmitJump(Op::JMPT, d, loop);
    b_.EmitAB(Op::AWAIT, v, v);
  }
  Label handler = b_.NewLabel();
  b_.CloseRegion(region, handler, v);
  b_.EmitJump(loop);
  b_.Bind(handler);
  b_.EmitLoadNumber(v + 1, 2);
  b_.EmitJump(loop);
  b_.Bind(out);
}

void FunctionCompiler::ExprToImpl(const Node* e, int dst) {
  switch (e->kind) {
    case NodeKind::kNumberLiteral:
      b_.EmitLoadNumber(dst, e->As<js::NumberLiteral>()->value);
      return;
    case NodeKind::kStringLiteral:
      b_.EmitLoadConstant(dst, b_.AddString(e->As<js::StringLiteral>()->value));
      return;
    case NodeKind::kBigIntLiteral:
      b_.EmitLoadConstant(dst, b_.AddBigInt(e->As<js::BigIntLiteral>()->digits));
      return;
    case NodeKind::kBooleanLiteral:
      b_.EmitA(e->As<js::BooleanLiteral>()->value ? Op::LOADTRUE : Op::LOADFALSE, dst);
      return;
    case NodeKind::kNullLiteral:
      b_.EmitA(Op::LOADNULL, dst);
      return;
    case NodeKind::kRegExpLiteral:
      RegExpTo(e->As<js::RegExpLiteral>(), dst);
      return;
    case NodeKind::kTemplateLiteral:
      TemplateTo(e->As<js::TemplateLiteral>(), dst);
      return;
    case NodeKind::kTaggedTemplate:
      TaggedTemplateTo(e->As<js::TaggedTemplate>(), dst);
      return;
    case NodeKind::kIdentifier:
      IdentifierTo(e->As<js::Identifier>(), dst);
      return;
    case NodeKind::kThis:
      At(e);
      LoadVar(RefOf(e), "this", dst);
      return;
    case NodeKind::kNewTarget:
      At(e);
      LoadVar(RefOf(e), "new.target", dst);
      return;
    case NodeKind::kPrivateName:
    case NodeKind::kSuper:
      Fail(e, CompileError::Kind::kParseError,
           absl::StrCat("unexpected ", js::NodeKindName(e->kind), " in an expression"));
      return;
    case NodeKind::kArrayLiteral:
      ArrayTo(e->As<js::ArrayLiteral>(), dst);
      return;
    case NodeKind::kObjectLiteral:
      ObjectTo(e->As<js::ObjectLiteral>(), dst);
      return;
    case NodeKind::kFunctionExpression:
    case NodeKind::kArrowFunction:
      FunctionTo(e->As<js::FunctionNode>(), dst, "");
      return;
    case NodeKind::kClassExpression:
      ClassTo(e->As<js::ClassNode>(), dst, "");
      return;
    case NodeKind::kUnary:
      UnaryTo(e->As<js::UnaryExpression>(), dst);
      return;
    case NodeKind::kUpdate:
      UpdateTo(e->As<js::UpdateExpression>(), dst);
      return;
    case NodeKind::kBinary:
      BinaryTo(e->As<js::BinaryExpression>(), dst);
      return;
    case NodeKind::kLogical:
      LogicalTo(e->As<js::LogicalExpression>(), dst);
      return;
    case NodeKind::kConditional:
      ConditionalTo(e->As<js::ConditionalExpression>(), dst);
      return;
    case NodeKind::kAssignment:
      AssignTo(e->As<js::AssignmentExpression>(), dst);
      return;
    case NodeKind::kSequence: {
      auto* s = e->As<js::SequenceExpression>();
      for (size_t i = 0; i + 1 < s->expressions.size(); ++i) {
        RegScope rs(b_);
        ExprEffect(s->expressions[i]);
      }
      ExprTo(s->expressions.back(), dst);
      return;
    }
    case NodeKind::kCall:
      CallTo(e->As<js::CallExpression>(), dst);
      return;
    case NodeKind::kNew:
      NewTo(e->As<js::NewExpression>(), dst);
      return;
    case NodeKind::kMember:
      MemberTo(e->As<js::MemberExpression>(), dst);
      return;
    case NodeKind::kOptionalChain:
      OptionalChainTo(e->As<js::OptionalChain>(), dst);
      return;
    case NodeKind::kYield:
      YieldTo(e->As<js::YieldExpression>(), dst);
      return;
    case NodeKind::kAwait: {
      RegScope rs(b_);
      int r = OperandInto(e->As<js::AwaitExpression>()->argument, dst);
      At(e);
      b_.EmitAB(Op::AWAIT, dst, r);
      return;
    }
    default:
      Fail(e, CompileError::Kind::kParseError,
           absl::StrCat("unexpected ", js::NodeKindName(e->kind), " in an expression"));
      return;
  }
}

// -------------------------------------------------------------------------------------------
// leaves

void FunctionCompiler::IdentifierTo(const js::Identifier* id, int dst) {
  const Reference* r = RefOf(id);
  if (!r || !r->binding) {
    // Non-writable, non-configurable globals (ECMA-262 §19.1): no lookup needed.
    if (id->name == "undefined") {
      b_.EmitA(Op::LOADUNDEF, dst);
      return;
    }
    if (id->name == "NaN") {
      b_.EmitLoadNumber(dst, std::nan(""));
      return;
    }
    if (id->name == "Infinity") {
      b_.EmitLoadNumber(dst, HUGE_VAL);
      return;
    }
  }
  At(id);
  LoadVar(r, id->name, dst);
}

void FunctionCompiler::RegExpTo(const js::RegExpLiteral* re, int dst) {
  // `new RegExp(pattern, flags)` through the global constructor (a fresh object per evaluation).
  RegScope rs(b_);
  int base = WindowBase(dst);
  Temp();  // R[base+1]: scratch for NEW
  At(re);
  b_.EmitAX(Op::GETGLOBAL, base, Name("RegExp"));
  int p = Temp();
  b_.EmitLoadConstant(p, Name(re->pattern));
  int f = Temp();
  b_.EmitLoadConstant(f, Name(re->flags));
  At(re);
  b_.EmitAB(Op::NEW, base, 2);
  b_.EmitMove(dst, base);
}

void FunctionCompiler::TemplateTo(const js::TemplateLiteral* t, int dst) {
  if (t->expressions.empty()) {
    const js::TemplateElement& q = t->quasis.empty() ? js::TemplateElement{} : t->quasis[0];
    b_.EmitLoadConstant(dst, b_.AddString(q.cooked ? *q.cooked : std::u16string()));
    return;
  }
  // Parts go in consecutive registers: strings loaded, substitutions converted with TOSTRING right
  // after their evaluation (ECMA-262 §13.2.8.6); every 16 parts are folded into the first register.
  constexpr int kChunk = 16;
  RegScope rs(b_);
  int base = b_.top();
  int count = 0;
  auto fold = [&]() {
    if (count < kChunk) return;
    b_.EmitABC(Op::CONCAT, base, base, count);
    b_.FreeTo(base + 1);
    count = 1;
  };
  for (size_t i = 0; i < t->quasis.size() && !Failed(); ++i) {
    const js::TemplateElement& q = t->quasis[i];
    std::u16string cooked = q.cooked ? *q.cooked : std::u16string();
    if (!cooked.empty()) {
      int r = Temp();
      ++count;
      b_.EmitLoadConstant(r, b_.AddString(cooked));
      fold();
    }
    if (i < t->expressions.size()) {
      int r = Temp();
      ++count;
      ExprTo(t->expressions[i], r);
      At(t->expressions[i]);
      b_.EmitAB(Op::TOSTRING, r, r);
      fold();
    }
  }
  if (count == 1) {
    b_.EmitMove(dst, base);
  } else {
    At(t);
    b_.EmitABC(Op::CONCAT, dst, base, count);
  }
}

void FunctionCompiler::IterableSiteTextNext(const js::Node* iterable, bool async) {
  // V8 names the callee of a call, tagged template or `new` whose result is not iterable ("f is not
  // a function or its return value is not iterable"); `for await` prints the call itself ("f(...)",
  // "(intermediate value)" for `new`).
  const js::Node* callee = nullptr;
  if (iterable->kind == NodeKind::kCall) {
    callee = iterable->As<js::CallExpression>()->callee;
    if (callee->kind == NodeKind::kSuper) callee = nullptr;
  } else if (iterable->kind == NodeKind::kTaggedTemplate) {
    callee = iterable->As<js::TaggedTemplate>()->tag;
  } else if (iterable->kind == NodeKind::kNew) {
    callee = iterable->As<js::NewExpression>()->callee;
  }
  if (callee == nullptr) {
    SiteTextNext(bytecode::SiteTextKind::kIterable, iterable);
  } else if (!async) {
    SiteTextNext(bytecode::SiteTextKind::kIterableCall, callee, /*iterator_error=*/true);
  } else if (m_->site_texts) {
    b_.proto().site_texts.push_back(
        {b_.pc(), bytecode::SiteTextKind::kIterableCall,
         iterable->kind == NodeKind::kNew ? std::string("(intermediate value)")
                                          : CallSiteText(iterable)});
  }
}

void FunctionCompiler::TaggedTemplateTo(const js::TaggedTemplate* t, int dst) {
  const js::TemplateLiteral* q = t->quasi;
  if (q->expressions.size() + 1 > 253) {
    Fail(t, CompileError::Kind::kUnsupportedSyntax,
         "function too large (tagged template arguments)");
    return;
  }
  RegScope rs(b_);
  int base = WindowBase(dst);
  CalleeAndThis(t->tag, base);
  std::vector<std::u16string> cooked, raws;
  std::vector<bool> valid;
  for (const js::TemplateElement& e : q->quasis) {
    cooked.push_back(e.cooked ? *e.cooked : std::u16string());
    valid.push_back(e.cooked.has_value());
    raws.push_back(e.raw);
  }
  int strings = Temp();
  b_.EmitLoadConstant(strings,
                      b_.AddTemplate(std::move(cooked), std::move(valid), std::move(raws)));
  for (const Node* e : q->expressions) {
    int r = Temp();
    ExprTo(e, r);
  }
  At(t);
  SiteTextNext(bytecode::SiteTextKind::kCallee, t->tag);
  b_.EmitAB(Op::CALL, base, static_cast<int>(q->expressions.size()) + 1);
  b_.EmitMove(dst, base);
}

void FunctionCompiler::ArrayTo(const js::ArrayLiteral* a, int dst) {
  size_t n = a->elements.size();
  At(a);
  b_.EmitAB(Op::NEWARRAY, dst, n > 255 ? 255 : static_cast<int>(n));
  for (const Node* el : a->elements) {
    if (Failed()) return;
    RegScope rs(b_);
    if (!el) {
      b_.EmitA(Op::APPENDHOLE, dst);
    } else if (el->kind == NodeKind::kSpread) {
      int r = ExprAny(el->As<js::SpreadElement>()->argument);
      At(el);
      IterableSiteTextNext(el->As<js::SpreadElement>()->argument);
      b_.EmitAB(Op::SPREAD, dst, r);
    } else {
      int r = ExprAny(el);
      b_.EmitAB(Op::APPEND, dst, r);
    }
  }
}

uint32_t FunctionCompiler::StaticKey(const Node* key) {
  if (key->kind == NodeKind::kStringLiteral)
    return b_.AddString(key->As<js::StringLiteral>()->value);
  return Name(StaticKeyUtf8(key));
}

std::string FunctionCompiler::StaticKeyUtf8(const Node* key) {
  switch (key->kind) {
    case NodeKind::kIdentifier:
      return key->As<js::Identifier>()->name;
    case NodeKind::kStringLiteral:
      return Utf16ToUtf8(key->As<js::StringLiteral>()->value);
    case NodeKind::kNumberLiteral:
      return NumberToString(key->As<js::NumberLiteral>()->value);
    case NodeKind::kBigIntLiteral:
      return key->As<js::BigIntLiteral>()->digits;
    case NodeKind::kPrivateName:
      return "#" + key->As<js::PrivateName>()->name;
    default:
      Fail(key, CompileError::Kind::kParseError, "invalid property key");
      return "";
  }
}

static bool IsLiteralKey(const Node* key) {
  return key->kind == NodeKind::kStringLiteral || key->kind == NodeKind::kNumberLiteral;
}

void FunctionCompiler::ObjectTo(const js::ObjectLiteral* o, int dst) {
  // A literal with methods using `super` has a scope holding itself, their home object.
  Scope* home_scope = m_->scopes->ScopeFor(o);
  int home_mark = home_scope ? EnterScope(home_scope) : -1;
  At(o);
  b_.EmitA(Op::NEWOBJECT, dst);
  if (home_scope && !home_scope->bindings.empty()) StoreHidden(home_scope->bindings[0], dst);
  for (const Node* raw : o->properties) {
    if (Failed()) return;
    RegScope rs(b_);
    if (raw->kind == NodeKind::kSpread) {
      int r = ExprAny(raw->As<js::SpreadElement>()->argument);
      At(raw);
      b_.EmitAB(Op::COPYPROPS, dst, r);
      continue;
    }
    auto* p = raw->As<js::Property>();
    At(p);
    if (p->kind == js::PropertyKind::kInit && p->is_proto_setter) {
      int r = ExprAny(p->value);
      b_.EmitAB(Op::SETPROTO, dst, r);
      continue;
    }
    // Key: a constant, or a register holding ToPropertyKey(key) evaluated before the value.
    uint32_t k = 0;
    int key_reg = -1;
    std::string name;
    if (!p->computed) {
      name = StaticKeyUtf8(p->key);
      k = StaticKey(p->key);
    } else {
      key_reg = Temp();
      ExprTo(p->key, key_reg);
      if (!IsLiteralKey(p->key)) {
        At(p->key);
        b_.EmitAB(Op::TOPROPKEY, key_reg, key_reg);
      }
    }
    if (p->kind == js::PropertyKind::kGetter || p->kind == js::PropertyKind::kSetter) {
      if (key_reg < 0) {
        key_reg = Temp();
        b_.EmitLoadConstant(key_reg, k);
      }
      int f = Temp();
      bool getter = p->kind == js::PropertyKind::kGetter;
      std::string fname = p->computed ? "" : absl::StrCat(getter ? "get " : "set ", name);
      FunctionTo(p->value->As<js::FunctionNode>(), f, fname);
      At(p);
      b_.EmitABC(getter ? Op::DEFGETTER : Op::DEFSETTER, dst, key_reg, f);
      continue;
    }
    int v;
    if (p->kind == js::PropertyKind::kMethod || IsAnonymousFunction(p->value)) {
      v = Temp();
      FunctionTo(p->value->As<js::FunctionNode>(), v, name);
      if (key_reg >= 0) b_.EmitAB(Op::SETFNNAME, v, key_reg);  // `name` from the computed key
    } else if (IsAnonymousClass(p->value)) {
      v = Temp();
      ClassTo(p->value->As<js::ClassNode>(), v, name);
    } else {
      v = ExprAny(p->value);
    }
    At(p);
    if (key_reg < 0) {
      b_.EmitABX(Op::DEFFIELD, dst, v, k);
    } else {
      b_.EmitABC(Op::DEFINDEX, dst, key_reg, v);
    }
  }
  if (home_mark >= 0) b_.FreeTo(home_mark);
}

// -------------------------------------------------------------------------------------------
// operators

void FunctionCompiler::UnaryTo(const js::UnaryExpression* u, int dst) {
  const Node* arg = u->argument;
  switch (u->op) {
    case js::UnaryOp::kMinus:
      if (arg->kind == NodeKind::kNumberLiteral) {
        b_.EmitLoadNumber(dst, -arg->As<js::NumberLiteral>()->value);
        return;
      }
      if (arg->kind == NodeKind::kBigIntLiteral) {
        const std::string& d = arg->As<js::BigIntLiteral>()->digits;
        b_.EmitLoadConstant(dst, b_.AddBigInt(d == "0" ? d : "-" + d));
        return;
      }
      break;
    case js::UnaryOp::kTypeof:
      if (arg->kind == NodeKind::kIdentifier) {
        const Reference* r = RefOf(arg);
        if (!r || !r->binding) {
          RegScope rs(b_);
          int t = Temp();
          b_.EmitAX(Op::GETGLOBALOPT, t, Name(arg->As<js::Identifier>()->name));
          b_.EmitAB(Op::TYPEOF, dst, t);
          return;
        }
      }
      break;
    case js::UnaryOp::kVoid:
      ExprEffect(arg);
      b_.EmitA(Op::LOADUNDEF, dst);
      return;
    case js::UnaryOp::kDelete:
      DeleteTo(arg, dst);
      return;
    default:
      break;
  }
  RegScope rs(b_);
  int r = OperandInto(arg, dst);
  At(u);
  Op op = Op::NOP;
  switch (u->op) {
    case js::UnaryOp::kMinus:
      op = Op::NEG;
      break;
    case js::UnaryOp::kPlus:
      op = Op::TONUMBER;
      break;
    case js::UnaryOp::kNot:
      op = Op::NOT;
      break;
    case js::UnaryOp::kBitNot:
      op = Op::BNOT;
      break;
    case js::UnaryOp::kTypeof:
      op = Op::TYPEOF;
      break;
    default:
      break;
  }
  b_.EmitAB(op, dst, r);
}

void FunctionCompiler::DeleteTo(const Node* arg, int dst) {
  RegScope rs(b_);
  if (arg->kind == NodeKind::kOptionalChain) {
    const Node* inner = arg->As<js::OptionalChain>()->expression;
    if (inner->kind == NodeKind::kMember) {
      Label nil = b_.NewLabel();
      chain_nil_.push_back(nil);
      DeleteTo(inner, dst);
      chain_nil_.pop_back();
      if (b_.IsUsed(nil)) {
        Label end = b_.NewLabel();
        b_.EmitJump(end);
        b_.Bind(nil);
        b_.EmitA(Op::LOADTRUE, dst);  // `delete a?.b` with a nullish: true, nothing deleted
        b_.Bind(end);
      }
      return;
    }
  }
  if (arg->kind == NodeKind::kMember) {
    auto* m = arg->As<js::MemberExpression>();
    if (m->object->kind == NodeKind::kSuper) {
      // ECMA-262 §13.5.1.2 step 5.a (V8 reports it before evaluating the key).
      At(m->object);
      ThrowError(isa::ThrowKind::kReferenceError, u"Unsupported reference to 'super'");
      b_.EmitA(Op::LOADTRUE, dst);
      return;
    }
    int obj = m->computed ? ExprAnyStable(m->object, {m->property}) : ExprAny(m->object);
    if (m->optional) b_.EmitJump(Op::JMPNULLISH, obj, ChainNil());
    if (!m->computed) {
      uint32_t k = StaticKey(m->property);
      AtProperty(m);
      b_.EmitABX(Op::DELFIELD, dst, obj, k);
    } else {
      int k = ExprAny(m->property);
      AtProperty(m);
      b_.EmitABC(Op::DELINDEX, dst, obj, k);
    }
    return;
  }
  if (arg->kind == NodeKind::kIdentifier) {
    const Reference* r = RefOf(arg);
    if (r && r->binding) {
      b_.EmitA(Op::LOADFALSE, dst);  // declared bindings are not deletable
      return;
    }
    // An unqualified name that is not a binding: a property of the global object (sloppy mode
    // only).
    int g = Temp();
    At(arg);
    b_.EmitAX(Op::GETGLOBAL, g, Name("globalThis"));
    b_.EmitABX(Op::DELFIELD, dst, g, Name(arg->As<js::Identifier>()->name));
    return;
  }
  ExprEffect(arg);
  b_.EmitA(Op::LOADTRUE, dst);
}

void FunctionCompiler::BinaryTo(const js::BinaryExpression* b, int dst) {
  if (b->left->kind == NodeKind::kPrivateName) {
    PrivateInTo(b, dst);
    return;
  }
  RegScope rs(b_);
  bool scratch = !b_.IsLocal(dst);
  // Left operand: accumulate in dst when it is scratch and the left side needs code anyway.
  auto left_reg = [&](bool right_may_write) {
    const Node* l = b->left;
    bool leaf = (l->kind == NodeKind::kIdentifier || l->kind == NodeKind::kThis);
    if (scratch && !leaf) {
      ExprTo(l, dst);
      return dst;
    }
    int r = ExprAny(l);
    if (right_may_write && b_.IsLocal(r) && r != 0) {
      int t = Temp();
      b_.EmitMove(t, r);
      return t;
    }
    return r;
  };
  int imm;
  if (b->op == js::BinaryOp::kAdd && SmallIntLiteral(b->right, &imm)) {
    int l = left_reg(false);
    At(b->op_line, b->op_column);
    b_.EmitABC(Op::ADDI, dst, l, static_cast<uint8_t>(static_cast<int8_t>(imm)));
    return;
  }
  int l = left_reg(MayWriteLocals(b->right));
  int r = ExprAny(b->right);
  At(b->op_line, b->op_column);
  b_.EmitABC(BinaryOpcode(b->op), dst, l, r);
}

void FunctionCompiler::LogicalTo(const js::LogicalExpression* l, int dst) {
  ExprTo(l->left, dst);
  Label end = b_.NewLabel();
  switch (l->op) {
    case js::LogicalOp::kAnd:
      b_.EmitJump(Op::JMPF, dst, end);
      break;
    case js::LogicalOp::kOr:
      b_.EmitJump(Op::JMPT, dst, end);
      break;
    case js::LogicalOp::kNullish:
      b_.EmitJump(Op::JMPNOTNULLISH, dst, end);
      break;
  }
  ExprTo(l->right, dst);
  b_.Bind(end);
}

void FunctionCompiler::ConditionalTo(const js::ConditionalExpression* c, int dst) {
  Label else_label = b_.NewLabel(), end = b_.NewLabel();
  CondJump(c->test, false, else_label);
  ExprTo(c->consequent, dst);
  b_.EmitJump(end);
  b_.Bind(else_label);
  ExprTo(c->alternate, dst);
  b_.Bind(end);
}

static Op ShortCircuitJump(js::AssignOp op) {
  switch (op) {
    case js::AssignOp::kAnd:
      return Op::JMPF;
    case js::AssignOp::kOr:
      return Op::JMPT;
    default:
      return Op::JMPNOTNULLISH;
  }
}

static bool IsLogicalAssign(js::AssignOp op) {
  return op == js::AssignOp::kAnd || op == js::AssignOp::kOr || op == js::AssignOp::kNullish;
}

void FunctionCompiler::AssignTo(const js::AssignmentExpression* a, int dst) {
  RegScope rs(b_);
  const Node* target = a->target;
  if (target->kind == NodeKind::kIdentifier) {
    auto* id = target->As<js::Identifier>();
    const Reference* ref = RefOf(id);
    int reg = DirectRegister(ref, true);
    if (a->op == js::AssignOp::kAssign) {
      if (reg >= 0) {
        NamedExprTo(a->value, reg, id->name);
        if (dst >= 0) b_.EmitMove(dst, reg);
      } else {
        int v = dst >= 0 ? dst : Temp();
        NamedExprTo(a->value, v, id->name);
        At(a);
        StoreVar(ref, id->name, v, false);
      }
      return;
    }
    if (IsLogicalAssign(a->op)) {
      Label end = b_.NewLabel();
      if (reg >= 0) {
        b_.EmitJump(ShortCircuitJump(a->op), reg, end);
        NamedExprTo(a->value, reg, id->name);
        b_.Bind(end);
        if (dst >= 0) b_.EmitMove(dst, reg);
      } else {
        int t = dst >= 0 ? dst : Temp();
        At(id);
        LoadVar(ref, id->name, t);
        b_.EmitJump(ShortCircuitJump(a->op), t, end);
        NamedExprTo(a->value, t, id->name);
        At(a);
        StoreVar(ref, id->name, t, false);
        b_.Bind(end);
      }
      return;
    }
    Op op = BinaryOpcode(js::CompoundAssignBinaryOp(a->op));
    int imm;
    bool addi = op == Op::ADD && SmallIntLiteral(a->value, &imm);
    if (reg >= 0) {
      if (addi) {
        At(a);
        b_.EmitABC(Op::ADDI, reg, reg, static_cast<uint8_t>(static_cast<int8_t>(imm)));
      } else {
        int l = reg;
        if (MayWriteLocals(a->value)) {
          l = Temp();
          b_.EmitMove(l, reg);
        }
        int r = ExprAny(a->value);
        At(a);
        b_.EmitABC(op, reg, l, r);
      }
      if (dst >= 0) b_.EmitMove(dst, reg);
      return;
    }
    int t = dst >= 0 ? dst : Temp();
    At(id);
    LoadVar(ref, id->name, t);
    if (addi) {
      At(a);
      b_.EmitABC(Op::ADDI, t, t, static_cast<uint8_t>(static_cast<int8_t>(imm)));
    } else {
      int r = ExprAny(a->value);
      At(a);
      b_.EmitABC(op, t, t, r);
    }
    StoreVar(ref, id->name, t, false);
    return;
  }
  if (target->kind == NodeKind::kMember) {
    auto* m = target->As<js::MemberExpression>();
    if (IsSpecialMember(m)) {
      SpecialAssignTo(a, dst);
      return;
    }
    int obj = ExprAnyStable(m->object, {m->computed ? m->property : nullptr, a->value});
    int key = -1;
    uint32_t k = 0;
    if (!m->computed) {
      k = StaticKey(m->property);
    } else if (m->property->kind == NodeKind::kStringLiteral) {
      k = StaticKey(m->property);
    } else {
      key = ExprAnyStable(m->property, {a->value});
    }
    auto get = [&](int into) {
      AtProperty(m);
      if (key < 0) {
        b_.EmitABX(Op::GETFIELD, into, obj, k);
      } else {
        b_.EmitABC(Op::GETINDEX, into, obj, key);
      }
    };
    auto set = [&](int from) {
      At(a);
      if (key < 0) {
        b_.EmitABX(Op::SETFIELD, obj, from, k);
      } else {
        b_.EmitABC(Op::SETINDEX, obj, key, from);
      }
    };
    if (a->op == js::AssignOp::kAssign) {
      int v;
      if (dst >= 0) {
        ExprTo(a->value, dst);
        v = dst;
      } else {
        v = ExprAny(a->value);
      }
      set(v);
      return;
    }
    int t = dst >= 0 ? dst : Temp();
    get(t);
    if (IsLogicalAssign(a->op)) {
      Label end = b_.NewLabel();
      b_.EmitJump(ShortCircuitJump(a->op), t, end);
      ExprTo(a->value, t);
      set(t);
      b_.Bind(end);
      return;
    }
    Op op = BinaryOpcode(js::CompoundAssignBinaryOp(a->op));
    int imm;
    if (op == Op::ADD && SmallIntLiteral(a->value, &imm)) {
      At(a);
      b_.EmitABC(Op::ADDI, t, t, static_cast<uint8_t>(static_cast<int8_t>(imm)));
    } else {
      int r = ExprAny(a->value);
      At(a);
      b_.EmitABC(op, t, t, r);
    }
    set(t);
    return;
  }
  // Destructuring assignment: the value is the right-hand side.
  int v = dst >= 0 ? dst : Temp();
  ExprTo(a->value, v);
  At(a);
  BindPattern(target, v, BindMode::kAssign);
}

void FunctionCompiler::UpdateTo(const js::UpdateExpression* u, int dst) {
  RegScope rs(b_);
  Op op = u->is_increment ? Op::INC : Op::DEC;
  const Node* arg = u->argument;
  bool want_old = dst >= 0 && !u->prefix;
  if (arg->kind == NodeKind::kIdentifier) {
    auto* id = arg->As<js::Identifier>();
    const Reference* ref = RefOf(id);
    int reg = DirectRegister(ref, true);
    At(u);
    if (reg >= 0) {
      if (want_old) {
        b_.EmitAB(Op::TONUMERIC, dst, reg);
        b_.EmitAB(op, reg, dst);
      } else {
        b_.EmitAB(op, reg, reg);
        if (dst >= 0) b_.EmitMove(dst, reg);
      }
      return;
    }
    int t = Temp();
    LoadVar(ref, id->name, t);
    At(u);
    if (want_old) {
      b_.EmitAB(Op::TONUMERIC, dst, t);
      b_.EmitAB(op, t, dst);
    } else {
      b_.EmitAB(op, t, t);
      if (dst >= 0) b_.EmitMove(dst, t);
    }
    StoreVar(ref, id->name, t, false);
    return;
  }
  if (arg->kind != NodeKind::kMember) {
    Fail(u, CompileError::Kind::kParseError,
         "Invalid left-hand side expression in update operation");
    return;
  }
  auto* m = arg->As<js::MemberExpression>();
  if (IsSpecialMember(m)) {
    SpecialUpdateTo(u, dst);
    return;
  }
  int obj = m->computed ? ExprAnyStable(m->object, {m->property}) : ExprAny(m->object);
  int key = -1;
  uint32_t k = 0;
  if (!m->computed || m->property->kind == NodeKind::kStringLiteral) {
    k = StaticKey(m->property);
  } else {
    key = ExprAny(m->property);
  }
  int t = Temp();
  AtProperty(m);
  if (key < 0) {
    b_.EmitABX(Op::GETFIELD, t, obj, k);
  } else {
    b_.EmitABC(Op::GETINDEX, t, obj, key);
  }
  At(u);
  if (want_old) {
    b_.EmitAB(Op::TONUMERIC, dst, t);
    b_.EmitAB(op, t, dst);
  } else {
    b_.EmitAB(op, t, t);
  }
  if (key < 0) {
    b_.EmitABX(Op::SETFIELD, obj, t, k);
  } else {
    b_.EmitABC(Op::SETINDEX, obj, key, t);
  }
  if (dst >= 0 && !want_old) b_.EmitMove(dst, t);
}

// ------------------------------------------------------------------------------------------- calls

int FunctionCompiler::WindowBase(int dst) {
  if (!b_.IsLocal(dst) && dst == b_.top() - 1 && dst > 0) return dst;
  return Temp();
}

// Precondition: R[base] is the top register. Allocates R[base+1] (the receiver).
void FunctionCompiler::CalleeAndThis(const Node* callee, int base) {
  if (callee->kind == NodeKind::kMember) {
    auto* m = callee->As<js::MemberExpression>();
    if (IsSpecialMember(m)) {
      SpecialCalleeAndThis(m, base);
      return;
    }
    NodeKind ok = m->object->kind;
    int receiver;
    if (ok == NodeKind::kCall || ok == NodeKind::kNew || ok == NodeKind::kTaggedTemplate ||
        ok == NodeKind::kOptionalChain || ok == NodeKind::kAwait) {
      // Method chains (a.f().g().h()): the receiver's own call window starts at base, so chains use
      // a constant number of registers at the cost of one MOVE per link.
      ExprTo(m->object, base);
      receiver = Temp();
      b_.EmitMove(receiver, base);
    } else {
      receiver = Temp();
      ExprTo(m->object, receiver);
    }
    if (m->optional) b_.EmitJump(Op::JMPNULLISH, receiver, ChainNil());
    if (!m->computed || m->property->kind == NodeKind::kStringLiteral) {
      uint32_t k = StaticKey(m->property);
      AtProperty(m);
      b_.EmitABX(Op::GETFIELD, base, receiver, k);
    } else {
      RegScope rs(b_);
      int k = ExprAny(m->property);
      AtProperty(m);
      b_.EmitABC(Op::GETINDEX, base, receiver, k);
    }
    return;
  }
  if (callee->kind == NodeKind::kOptionalChain &&
      callee->As<js::OptionalChain>()->expression->kind == NodeKind::kMember) {
    // `(a?.b)()` keeps `a` as the receiver; a short circuit leaves undefined as the callee.
    Label nil = b_.NewLabel();
    chain_nil_.push_back(nil);
    CalleeAndThis(callee->As<js::OptionalChain>()->expression, base);
    chain_nil_.pop_back();
    if (b_.IsUsed(nil)) {
      Label end = b_.NewLabel();
      b_.EmitJump(end);
      b_.Bind(nil);
      b_.EmitA(Op::LOADUNDEF, base);
      b_.Bind(end);
    }
    return;
  }
  if (callee->kind == NodeKind::kSuper) {
    Fail(callee, CompileError::Kind::kParseError, "'super' keyword unexpected here");
    Temp();
    return;
  }
  ExprTo(callee, base);
  int receiver = Temp();
  b_.EmitA(Op::LOADUNDEF, receiver);
}

int FunctionCompiler::Arguments(const std::vector<Node*>& args, int base) {
  bool spread = args.size() > 253;
  for (const Node* a : args) spread = spread || a->kind == NodeKind::kSpread;
  if (!spread) {
    for (const Node* a : args) {
      if (Failed()) break;
      int r = Temp();
      ExprTo(a, r);
    }
    return static_cast<int>(args.size());
  }
  int arr = Temp();
  if (arr != base + 2) b_.Fail("internal error: call window not contiguous");
  b_.EmitAB(Op::NEWARRAY, arr, args.size() > 255 ? 255 : static_cast<int>(args.size()));
  for (const Node* a : args) {
    if (Failed()) break;
    RegScope rs(b_);
    if (a->kind == NodeKind::kSpread) {
      int r = ExprAny(a->As<js::SpreadElement>()->argument);
      At(a);
      SiteTextNext(bytecode::SiteTextKind::kSpreadArgument, a->As<js::SpreadElement>()->argument);
      b_.EmitAB(Op::SPREAD, arr, r);
    } else {
      int r = ExprAny(a);
      b_.EmitAB(Op::APPEND, arr, r);
    }
  }
  return -1;
}

void FunctionCompiler::CallTo(const js::CallExpression* c, int dst) {
  if (c->callee->kind == NodeKind::kSuper) {
    SuperCallTo(c, dst);
    return;
  }
  RegScope rs(b_);
  int base = WindowBase(dst);
  CalleeAndThis(c->callee, base);
  if (b_.top() != base + 2) b_.Fail("internal error: call window not contiguous");
  if (c->optional) b_.EmitJump(Op::JMPNULLISH, base, ChainNil());
  int n = Arguments(c->arguments, base);
  // V8 reports "x is not a function" at the callee: its property name for a method call, else its
  // start.
  const Node* callee = c->callee;
  if (callee->kind == NodeKind::kOptionalChain)
    callee = callee->As<js::OptionalChain>()->expression;
  if (callee->kind == NodeKind::kMember) {
    AtProperty(callee->As<js::MemberExpression>());
  } else {
    At(c);
  }
  SiteTextNext(bytecode::SiteTextKind::kCallee, c->callee);
  if (n >= 0) {
    b_.EmitAB(Op::CALL, base, n);
  } else {
    b_.EmitA(Op::CALLSPREAD, base);
  }
  b_.EmitMove(dst, base);
}

void FunctionCompiler::NewTo(const js::NewExpression* n, int dst) {
  RegScope rs(b_);
  int base = WindowBase(dst);
  int scratch = Temp();
  if (scratch != base + 1) b_.Fail("internal error: call window not contiguous");
  ExprTo(n->callee, base);
  int count = Arguments(n->arguments, base);
  At(n);
  SiteTextNext(bytecode::SiteTextKind::kCallee, n->callee);
  if (count >= 0) {
    b_.EmitAB(Op::NEW, base, count);
  } else {
    b_.EmitA(Op::NEWSPREAD, base);
  }
  b_.EmitMove(dst, base);
}

void FunctionCompiler::MemberTo(const js::MemberExpression* m, int dst) {
  if (IsSpecialMember(m)) {
    SpecialMemberTo(m, dst);
    return;
  }
  RegScope rs(b_);
  int obj;
  const Node* o = m->object;
  bool leaf = o->kind == NodeKind::kIdentifier || o->kind == NodeKind::kThis;
  if (!b_.IsLocal(dst) && !leaf) {
    ExprTo(o, dst);  // accumulate long chains in dst
    obj = dst;
  } else {
    obj = m->computed ? ExprAnyStable(o, {m->property}) : ExprAny(o);
  }
  if (m->optional) b_.EmitJump(Op::JMPNULLISH, obj, ChainNil());
  if (!m->computed || m->property->kind == NodeKind::kStringLiteral) {
    uint32_t k = StaticKey(m->property);
    AtProperty(m);
    b_.EmitABX(Op::GETFIELD, dst, obj, k);
    return;
  }
  int key = ExprAny(m->property);
  AtProperty(m);
  b_.EmitABC(Op::GETINDEX, dst, obj, key);
}

void FunctionCompiler::OptionalChainTo(const js::OptionalChain* c, int dst) {
  Label nil = b_.NewLabel();
  chain_nil_.push_back(nil);
  ExprTo(c->expression, dst);
  chain_nil_.pop_back();
  if (b_.IsUsed(nil)) {
    Label end = b_.NewLabel();
    b_.EmitJump(end);
    b_.Bind(nil);
    b_.EmitA(Op::LOADUNDEF, dst);
    b_.Bind(end);
  }
}

}  // namespace codemode::compiler
