// Lua semantics of the shared VM (DESIGN §3.2): multi-value calls and returns, protected calls, the
// waiting of a Lua stack on a host call, and the slow paths of the Lua opcodes (metamethods,
// coercions, errors). The fast paths live in the interpreter loop (vm/interpreter.cc).
#include <cmath>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "vm/lua/debug_names.h"
#include "vm/lua/lua_number.h"
#include "vm/lua/table.h"
#include "vm/realm.h"
#include "vm/vm.h"

namespace codemode::vm {

using isa::Op;

String* VM::lua_atom(int id) const {
  return realm_->intrinsics().lua_atoms[static_cast<size_t>(id)];
}

LuaTable* VM::lua_globals() {
  if (lua_g_ != nullptr) return lua_g_;
  auto* g = static_cast<LuaTable*>(Resolve(realm_->intrinsics().lua_globals));
  if (!g->is_shared()) lua_g_ = g;  // the run's copy never changes again
  return g;
}

void VM::LuaSetGlobal(std::string_view name, Value v) {
  auto* g = static_cast<LuaTable*>(Writable(realm_->intrinsics().lua_globals));
  lua_g_ = g;
  g->Set(*heap_, Value::FromString(Intern(NewStringBytes(std::string(name)))), v);
}

LuaTable* VM::NewLuaTable(uint32_t narr, uint32_t nhash) {
  if (nhash > 0 && nhash < LuaTable::kLinearMax) {
    // Small records start without an index (LuaTable::index), with room for exactly their fields
    // inside the table's own allocation (LuaEntries; a field added later moves them to a heap
    // buffer). Room for one more cost sort-tables 6 % (a 32-byte-larger record) to save
    // object-churn's third of records that add a field 6 %.
    const uint32_t room = nhash;
    auto* t = heap_->AllocWithBytes<LuaTable>(room * sizeof(LuaTable::Entry), empty_shape_);
    t->entries.UseInline(reinterpret_cast<LuaTable::Entry*>(t + 1), room);
    if (narr > 0) {
      t->arr.reserve(narr);
      heap_->Account(static_cast<int64_t>(t->ExtraBytes()));
    }
    return t;
  }
  auto* t = heap_->Alloc<LuaTable>(empty_shape_);
  if (narr > 0) t->arr.reserve(narr);
  if (nhash > 0) {
    // The index is sized for the constructor's fields plus one more (LuaTable::Insert grows it
    // when (entries + 1) * 2 exceeds it), so `{a=…, b=…}` followed by one added field allocates
    // its index once instead of twice.
    t->entries.reserve(nhash);
    size_t slots = 8;
    while (slots < (static_cast<size_t>(nhash) + 2) * 2) slots *= 2;
    t->index.assign(slots, -1);
  }
  heap_->Account(static_cast<int64_t>(t->ExtraBytes()));
  return t;
}

Value VM::LuaReturn(std::span<const Value> values) {
  lua_ret_.assign(values.begin(), values.end());
  lua_multi_ = true;
  return Value::Empty();
}

Value VM::LuaProtectedCall(Value fn, std::span<const Value> args, Value handler) {
  lua_protect_pending_ = true;
  lua_protect_handler_ = handler;
  return TailCall(fn, Value::Undefined(), args);
}

Value VM::LuaWaitHostCall(uint64_t call_id) {
  lua_wait_pending_ = true;
  lua_wait_call_id_ = call_id;
  return Value::Empty();
}

const char* VM::LuaTypeName(Value v) const {
  switch (v.tag()) {
    case Tag::kUndefined:
    case Tag::kNull:
    case Tag::kEmpty:
      return "nil";
    case Tag::kBool:
      return "boolean";
    case Tag::kNumber:
    case Tag::kInt:
      return "number";
    case Tag::kString:
      return "string";
    case Tag::kObject: {
      Object* o = v.AsObject();
      if (o->klass() == ObjectClass::kLuaTable) return "table";
      if (o->klass() == ObjectClass::kFunction) return "function";
      if (o->klass() == ObjectClass::kLuaThread) return "thread";
      return "userdata";
    }
    default:
      return "userdata";
  }
}

LuaTable* VM::LuaMetatable(Value v) {
  if (v.IsObject() && v.AsObject()->klass() == ObjectClass::kLuaTable) {
    LuaTable* mt = static_cast<LuaTable*>(Resolve(v.AsObject()))->metatable;
    return mt == nullptr ? nullptr : static_cast<LuaTable*>(Resolve(mt));
  }
  if (v.IsString()) return static_cast<LuaTable*>(Resolve(realm_->intrinsics().lua_string_meta));
  return nullptr;
}

Value VM::LuaMetamethod(Value v, String* name) {
  LuaTable* mt = LuaMetatable(v);
  if (mt == nullptr) return Value::Undefined();
  return mt->GetStr(name);
}

String* VM::LuaToStringBasic(Value v) {
  switch (v.tag()) {
    case Tag::kUndefined:
    case Tag::kNull:
    case Tag::kEmpty:
      return Intern("nil");
    case Tag::kBool:
      return Intern(v.AsBool() ? "true" : "false");
    case Tag::kInt:
      return NewStringBytes(lua::LuaIntegerToString(v.AsInt()));
    case Tag::kNumber:
      return NewStringBytes(lua::LuaNumberToString(v.AsNumber()));
    case Tag::kString:
      return v.AsString();
    default:
      break;
  }
  // Identities: deterministic per run (DESIGN §3.6), kept in the object's internal slot.
  const char* type = LuaTypeName(v);
  uint64_t id = 0;
  if (v.IsObject() && v.AsObject()->internal().IsInt()) {
    // Already numbered (the realm's main thread is numbered when the realm is built).
    id = static_cast<uint64_t>(v.AsObject()->internal().AsInt());
  } else if (v.IsObject()) {
    Object* o = Writable(v.AsObject());
    if (o->internal().IsInt()) {
      id = static_cast<uint64_t>(o->internal().AsInt());
    } else {
      id = 0x10000 + 0x40 * (++lua_next_id_);
      o->set_internal(Value::Int(static_cast<int64_t>(id)));
    }
  }
  bool builtin = v.IsObject() && v.AsObject()->klass() == ObjectClass::kFunction &&
                 static_cast<FunctionObject*>(v.AsObject())->type == FunctionType::kNative;
  return NewStringLatin1(absl::StrFormat("%s: %s0x%08x", type, builtin ? "builtin: " : "", id));
}

std::string VM::LuaWhere(int level) {
  if (level <= 0) return "";
  if (lua_native_from_native_) --level;  // level 1 is the native that called this one: no position
  if (level <= 0) return "";
  // Level 1: the innermost frame (the running Lua function, or the Lua caller of a native).
  int seen = 0;
  for (auto it = frames_.rbegin(); it != frames_.rend(); ++it) {
    const Frame& f = *it;
    if (f.proto == nullptr || f.proto->is_shared()) {
      // Prelude functions count as levels (they are functions of the library) but have no position.
      if (++seen == level) return "";
      if (f.site.kind == CallSite::Kind::kCoroutine) return "";
      continue;
    }
    if (++seen < level) {
      if (f.site.kind == CallSite::Kind::kCoroutine) return "";  // a coroutine's levels end here
      continue;
    }
    const auto* bc = f.proto->bc;
    uint32_t pc = static_cast<uint32_t>(f.pc - bc->code.data());
    if (pc > 0) --pc;
    const bytecode::LineEntry* best = nullptr;
    for (const auto& e : bc->lines) {
      if (e.pc > pc) break;
      best = &e;
    }
    return absl::StrCat("input:", best ? best->line : bc->line, ": ");
  }
  return "";
}

namespace {
isa::Instr RunningInstr(const Frame& f);

// luaT_objtypename: the metatable's string __name, else the type (operator and call errors).
std::string ObjTypeName(VM& vm, Value v) {
  if (LuaTable* mt = vm.LuaMetatable(v); mt != nullptr) {
    Value n = mt->GetStr(vm.lua_atom(static_cast<int>(LuaAtom::name)));
    if (n.IsString()) return std::string(n.AsString()->bytes());
  }
  return vm.LuaTypeName(v);
}
// "bad argument #N to 'F' (...)" as library natives word it, split into N, F and the rest.
bool ParseArgError(std::string_view m, int* n, std::string_view* fname, std::string_view* rest) {
  constexpr std::string_view kHead = "bad argument #";
  if (m.substr(0, kHead.size()) != kHead) return false;
  size_t i = kHead.size();
  int v = 0;
  size_t digits = 0;
  while (i < m.size() && m[i] >= '0' && m[i] <= '9' && digits < 6) v = v * 10 + (m[i++] - '0'), ++digits;
  if (digits == 0 || m.substr(i, 5) != " to '") return false;
  size_t close = m.find("' (", i + 5);
  if (close == std::string_view::npos) return false;
  *n = v;
  *fname = m.substr(i + 5, close - (i + 5));
  *rest = m.substr(close + 2);  // "(...)"
  return true;
}
}  // namespace

Value VM::LuaError(std::string_view message, int level) {
  std::string named;
  int n;
  std::string_view fname, rest;
  if (lua_native_site_ != nullptr && !lua_native_from_native_ && !frames_.empty() &&
      frames_.back().proto != nullptr && !frames_.back().proto->is_shared() &&
      ParseArgError(message, &n, &fname, &rest)) {
    // luaL_argerror names the function as its Lua caller called it (funcnamefromcode): a method
    // call does not count self ("calling 'm' on bad self" for self itself).
    isa::Instr in = RunningInstr(frames_.back());
    if (isa::GetOp(in) == Op::LCALL) {
      const auto* bc = frames_.back().proto->bc;
      auto pc = lua::LuaInstrStartBefore(*bc, static_cast<uint32_t>(frames_.back().pc - bc->code.data()));
      lua::LuaObjName who = pc ? lua::LuaNameOfRegister(*bc, *pc, isa::GetA(in)) : lua::LuaObjName{};
      if (who.kind == "method") {
        --n;
        if (n == 0) named = absl::StrCat("calling '", who.name, "' on bad self ", std::string(rest));
      }
      if (named.empty()) {
        named = absl::StrCat("bad argument #", n, " to '", who.kind.empty() ? std::string(fname) : who.name,
                             "' ", std::string(rest));
      }
      message = named;
    }
  }
  std::string text = LuaWhere(level) + std::string(message);
  return Throw(Value::FromString(NewStringLatin1(std::move(text))));
}

// ------------------------------------------------------------------------------------ calls

namespace {
// lua5.4 runs the message handler again on an error raised inside it, until its C stack limit
// (LUAI_MAXCCALLS) turns that into "error in error handling".
constexpr int64_t kLuaMaxHandlerRuns = 200;

// The call site of an xpcall message handler that is a Lua function: protected so that an error
// inside reaches LuaDeliverError, which runs the handler (aux) again; aux2 counts the runs.
bool IsHandlerSite(const CallSite& s) {
  return (s.lua_flags & (kLuaPrependFalse | kLuaProtected | kLuaXpcall)) ==
             (kLuaPrependFalse | kLuaProtected | kLuaXpcall) &&
         s.aux2.IsInt();
}
}  // namespace

void VM::LuaDeliver(const CallSite& site, const Value* vals, uint32_t n) {
  if (site.kind == CallSite::Kind::kCoroutine) {  // a coroutine's body returned (coroutine.cc)
    LuaCoroutineFinish(site, vals, n, false);
    return;
  }
  if (site.kind != CallSite::Kind::kCall && site.kind != CallSite::Kind::kConstruct) {
    CompleteCall(site, n > 0 ? vals[0] : Value::Undefined(), false, 0);
    return;
  }
  if (frames_.empty() || site.ret_reg == 255) return;
  // Values in front (vm.h LuaSiteFlags): a `true` per outer pcall layer, the xpcall handler's
  // `false`, the protected call's `true`.
  const uint32_t outer = site.lua_flags >> kLuaOuterTrueShift;
  const bool pf = (site.lua_flags & kLuaPrependFalse) != 0;
  // lua5.4 calls the message handler for exactly one result (luaD_throw's errfunc): extra ones are
  // dropped and none is nil.
  static const Value kNil = Value::Undefined();
  if (pf) {
    if (n == 0) vals = &kNil;
    n = 1;
  }
  const bool prot = (site.lua_flags & kLuaProtected) != 0 && !IsHandlerSite(site);
  const uint32_t npre = outer + (pf ? 1 : 0) + (prot ? 1 : 0);
  const uint32_t total = n + npre;
  const uint32_t at = frames_.back().base + site.ret_reg;
  const uint32_t count = site.want < 0 ? total : static_cast<uint32_t>(site.want);
  std::vector<Value> copy;
  if (static_cast<size_t>(at) + count + 8 > stack_.size()) {
    copy.assign(vals, vals + n);  // vals may live in the stack EnsureStack is about to move
    vals = copy.data();
    EnsureStack(static_cast<size_t>(at) + count + 8);
  }
  Value* dst = stack_.data() + at;
  uint32_t from = npre;
  uint32_t m = std::min(n, count > from ? count - from : 0);
  if (m > 0 && vals < dst + from && vals + m > dst + from) {
    copy.assign(vals, vals + m);  // a forward copy would overwrite values not read yet
    vals = copy.data();
  }
  for (uint32_t j = 0; j < m; ++j) dst[from + j] = vals[j];  // forward: dst + from <= vals
  for (uint32_t j = 0; j < npre && j < count; ++j)
    dst[j] = Value::Bool(j < outer || (j == outer && !pf) || j > outer);
  for (uint32_t j = std::min(total, count); j < count; ++j) dst[j] = Value::Undefined();
  if (site.want < 0) {
    frames_.back().top = at + total;
  } else if (site.want == 1 && site.ret_transform >= 2) {
    Value v = dst[0];
    bool truthy = !(v.IsUndefined() || (v.IsBool() && !v.AsBool()));
    dst[0] = Value::Bool(site.ret_transform == 2 ? truthy : !truthy);
  }
}

void VM::LuaDeliverError(const CallSite& site, Value error) {
  // The caught error goes to `site` with the values of the outer layers still in front.
  CallSite plain = site;
  plain.lua_flags = site.lua_flags & (kLuaOuterTrueMask | kLuaPrependFalse);
  plain.aux = Value::Undefined();
  const bool rerun = IsHandlerSite(site);
  if (rerun) plain.aux2 = Value::Undefined();
  if (site.lua_flags & kLuaXpcall) {
    Value h = site.aux;
    const auto outer = static_cast<uint8_t>(site.lua_flags & kLuaOuterTrueMask);
    for (int64_t run = rerun ? site.aux2.AsInt() + 1 : 0;; ++run) {
      CallSite hs = plain;
      hs.lua_flags = static_cast<uint8_t>(kLuaPrependFalse | outer);
      if (run >= kLuaMaxHandlerRuns) {
        Value m = Value::FromString(NewStringLatin1("error in error handling"));
        LuaDeliver(hs, &m, 1);  // false, message
        return;
      }
      bool closure = h.IsObject() && h.AsObject()->klass() == ObjectClass::kFunction &&
                     static_cast<FunctionObject*>(h.AsObject())->type == FunctionType::kClosure;
      if (closure) {
        hs.lua_flags |= kLuaProtected | kLuaXpcall;
        hs.aux = h;
        hs.aux2 = Value::Int(run);
      }
      uint32_t top = StackTop();
      EnsureStack(top + 8);
      stack_[top] = h;
      stack_[top + 1] = Value::Undefined();
      stack_[top + 2] = error;
      CallResult r = PushCall(h, Value::Undefined(), top + 2, 1, hs, Value::Undefined());
      if (r != CallResult::kThrew) return;
      // A native handler failed at once: run it again on its own error.
      error = exception_;
      has_exception_ = false;
    }
  }
  Value v[2] = {Value::Bool(false), error};
  LuaDeliver(plain, v, 2);
}

VM::CallResult VM::LuaCall(uint32_t window, uint32_t argc, int want) {
  Value fn = stack_[window];
  if (!IsCallable(fn)) {
    Value h = LuaMetamethod(fn, lua_atom(static_cast<int>(LuaAtom::call)));
    if (!IsCallable(h)) {
      // A non-callable __call is what lua5.4 then tries to call (and names).
      LuaError(absl::StrCat("attempt to call a ", ObjTypeName(*this, h.IsUndefined() ? fn : h),
                            " value", LuaVarInfo(window - frames_.back().base)));
      return CallResult::kThrew;
    }
    EnsureStack(static_cast<size_t>(window) + argc + 16);
    for (uint32_t j = argc; j > 0; --j) stack_[window + 2 + j] = stack_[window + 1 + j];
    stack_[window + 2] = fn;
    ++argc;
    fn = h;
    stack_[window] = h;
  }
  CallSite site;
  site.kind = CallSite::Kind::kCall;
  site.ret_reg = static_cast<uint8_t>(window - frames_.back().base);
  site.want = static_cast<int16_t>(want);
  return PushCall(fn, Value::Undefined(), window + 2, argc, site, Value::Undefined());
}

VM::LuaStep VM::LuaCallMeta(Value fn, uint8_t ret_reg, std::initializer_list<Value> args,
                            uint8_t transform) {
  if (!IsCallable(fn)) {
    LuaError(absl::StrCat("attempt to call a ", ObjTypeName(*this, fn), " value"));
    return LuaStep::kThrow;
  }
  uint32_t top = StackTop();
  EnsureStack(top + args.size() + 8);
  stack_[top] = fn;
  stack_[top + 1] = Value::Undefined();
  uint32_t j = 0;
  for (Value v : args) stack_[top + 2 + j++] = v;
  CallSite site;
  site.ret_reg = ret_reg;
  site.ret_transform = transform;
  CallResult r = PushCall(fn, Value::Undefined(), top + 2, static_cast<uint32_t>(args.size()), site,
                          Value::Undefined());
  return r == CallResult::kThrew ? LuaStep::kThrow : LuaStep::kReload;
}

namespace {
// The running Lua instruction of frame f (its saved pc points after it), NOP when unknown: its
// operand registers name the culprit of an error. Cold path only.
isa::Instr RunningInstr(const Frame& f) {
  isa::Instr nop = isa::EncodeABC(Op::NOP, 0, 0, 0);
  if (f.proto == nullptr) return nop;
  const auto* bc = f.proto->bc;
  auto pc = lua::LuaInstrStartBefore(*bc, static_cast<uint32_t>(f.pc - bc->code.data()));
  return pc ? bc->code[*pc] : nop;
}
}  // namespace

// What register `reg` of the running Lua function held, for error messages ("local 'x'", "global
// 'x'", "field 'y'", "upvalue 'z'", "method 'm'", "constant 's'"): lua5.4's getobjname
// (vm/lua/debug_names.h) at the running instruction. Cold path only.
std::string VM::LuaVarInfo(uint32_t reg) {
  // Prelude functions stand for lua5.4's C library code, whose values have no names.
  if (frames_.empty() || frames_.back().proto == nullptr || frames_.back().proto->is_shared())
    return "";
  const Frame& f = frames_.back();
  const auto* bc = f.proto->bc;
  auto pc = lua::LuaInstrStartBefore(*bc, static_cast<uint32_t>(f.pc - bc->code.data()));
  if (!pc) return "";
  return lua::LuaVarInfoText(lua::LuaNameOfRegister(*bc, *pc, reg));
}

// ------------------------------------------------------------------------------------ operators

namespace {

// A number operand (integer or float), with strings converted as Lua's string arithmetic does.
bool ToLuaNumber(Value v, lua::LuaNumber* out) {
  if (v.IsInt()) {
    *out = v.AsInt();
    return true;
  }
  if (v.IsNumber()) {
    *out = v.AsNumber();
    return true;
  }
  if (v.IsString()) {
    auto n = lua::LuaStringToNumber(v.AsString()->bytes());
    if (!n) return false;
    *out = *n;
    return true;
  }
  return false;
}

bool ToLuaInteger(const lua::LuaNumber& n, int64_t* out) {
  if (auto* i = std::get_if<int64_t>(&n)) {
    *out = *i;
    return true;
  }
  auto r = lua::LuaFloatToInteger(std::get<double>(n));
  if (!r) return false;
  *out = *r;
  return true;
}

double AsDouble(const lua::LuaNumber& n) {
  if (auto* i = std::get_if<int64_t>(&n)) return static_cast<double>(*i);
  return std::get<double>(n);
}

// The constant-operand opcode (LADDK …) whose slow path is `op`'s, NOP when there is none. Its second
// operand is a constant: never a variable to name.
Op LuaConstOperandForm(Op op) {
  switch (op) {
    case Op::LADD:
      return Op::LADDK;
    case Op::LSUB:
      return Op::LSUBK;
    case Op::LMUL:
      return Op::LMULK;
    case Op::LDIV:
      return Op::LDIVK;
    case Op::LMOD:
      return Op::LMODK;
    case Op::LIDIV:
      return Op::LIDIVK;
    case Op::LBAND:
      return Op::LBANDK;
    case Op::LBOR:
      return Op::LBORK;
    case Op::LBXOR:
      return Op::LBXORK;
    case Op::LSHL:
      return Op::LSHLK;
    case Op::LSHR:
      return Op::LSHRK;
    default:
      return Op::NOP;
  }
}

}  // namespace

VM::LuaStep VM::LuaArith(int opi, uint8_t a, Value x, Value y) {
  Op op = static_cast<Op>(opi);
  lua::LuaNumber nx, ny;
  bool bitwise = op == Op::LBAND || op == Op::LBOR || op == Op::LBXOR || op == Op::LSHL ||
                 op == Op::LSHR || op == Op::LBNOT;
  auto store = [&](Value v) {
    stack_[frames_.back().base + a] = v;
    return LuaStep::kNext;
  };
  // The culprit's register for messages: R[B] (the first operand) or R[C] (the second).
  auto culprit = [&](bool first) -> std::string {
    isa::Instr in = RunningInstr(frames_.back());
    if (isa::GetOp(in) == LuaConstOperandForm(op)) return first ? LuaVarInfo(isa::GetB(in)) : "";
    if (isa::GetOp(in) != op) return "";
    bool unary = op == Op::LUNM || op == Op::LBNOT;
    return LuaVarInfo(first || unary ? isa::GetB(in) : isa::GetC(in));
  };
  // Bitwise operations take no strings (lua5.4: the string library has no bitwise metamethods).
  if ((!bitwise || (!x.IsString() && !y.IsString())) && ToLuaNumber(x, &nx) &&
      ToLuaNumber(y, &ny)) {
    if (bitwise) {
      int64_t ix, iy;
      bool okx = ToLuaInteger(nx, &ix), oky = ToLuaInteger(ny, &iy);
      if (!okx || !oky) {
        // luaG_tointerror: the second operand when it has no integer value, else the first.
        LuaError(absl::StrCat("number", culprit(oky), " has no integer representation"));
        return LuaStep::kThrow;
      }
      switch (op) {
        case Op::LBAND:
          return store(Value::Int(ix & iy));
        case Op::LBOR:
          return store(Value::Int(ix | iy));
        case Op::LBXOR:
          return store(Value::Int(ix ^ iy));
        case Op::LSHL:
          return store(Value::Int(lua::LuaShiftLeft(ix, iy)));
        case Op::LSHR:
          return store(Value::Int(lua::LuaShiftRight(ix, iy)));
        default:
          return store(Value::Int(~ix));
      }
    }
    const int64_t* ix = std::get_if<int64_t>(&nx);
    const int64_t* iy = std::get_if<int64_t>(&ny);
    bool ints = ix != nullptr && iy != nullptr;
    double dx = AsDouble(nx), dy = AsDouble(ny);
    switch (op) {
      case Op::LADD:
        return store(ints ? Value::Int(lua::LuaIntAdd(*ix, *iy)) : Value::Number(dx + dy));
      case Op::LSUB:
        return store(ints ? Value::Int(lua::LuaIntSub(*ix, *iy)) : Value::Number(dx - dy));
      case Op::LMUL:
        return store(ints ? Value::Int(lua::LuaIntMul(*ix, *iy)) : Value::Number(dx * dy));
      case Op::LDIV:
        return store(Value::Number(dx / dy));
      case Op::LPOW:
        return store(Value::Number(lua::LuaFloatPow(dx, dy)));
      case Op::LUNM:
        return store(ix != nullptr ? Value::Int(lua::LuaIntNeg(*ix)) : Value::Number(-dx));
      case Op::LMOD:
        if (ints) {
          auto r = lua::LuaIntMod(*ix, *iy);
          if (!r.ok()) {
            LuaError(std::string(r.status().message()));
            return LuaStep::kThrow;
          }
          return store(Value::Int(*r));
        }
        return store(Value::Number(lua::LuaFloatMod(dx, dy)));
      case Op::LIDIV:
        if (ints) {
          auto r = lua::LuaIntFloorDiv(*ix, *iy);
          if (!r.ok()) {
            LuaError(std::string(r.status().message()));
            return LuaStep::kThrow;
          }
          return store(Value::Int(*r));
        }
        return store(Value::Number(lua::LuaFloatFloorDiv(dx, dy)));
      default:
        break;
    }
  }
  // Metamethods (manual §2.4): the first operand's, then the second's.
  LuaAtom ev;
  switch (op) {
    case Op::LADD:
      ev = LuaAtom::add;
      break;
    case Op::LSUB:
      ev = LuaAtom::sub;
      break;
    case Op::LMUL:
      ev = LuaAtom::mul;
      break;
    case Op::LDIV:
      ev = LuaAtom::div;
      break;
    case Op::LMOD:
      ev = LuaAtom::mod;
      break;
    case Op::LIDIV:
      ev = LuaAtom::idiv;
      break;
    case Op::LPOW:
      ev = LuaAtom::pow;
      break;
    case Op::LUNM:
      ev = LuaAtom::unm;
      break;
    case Op::LBAND:
      ev = LuaAtom::band;
      break;
    case Op::LBOR:
      ev = LuaAtom::bor;
      break;
    case Op::LBXOR:
      ev = LuaAtom::bxor;
      break;
    case Op::LSHL:
      ev = LuaAtom::shl;
      break;
    case Op::LSHR:
      ev = LuaAtom::shr;
      break;
    default:
      ev = LuaAtom::bnot;
      break;
  }
  String* name = lua_atom(static_cast<int>(ev));
  Value h = LuaMetamethod(x, name);
  if (h.IsUndefined()) h = LuaMetamethod(y, name);
  if (!h.IsUndefined()) return LuaCallMeta(h, a, {x, y});
  // The operand to blame: the first unless it is a number (luaG_opinterror).
  bool first = !(x.IsInt() || x.IsNumber());
  Value bad = first ? x : y;
  if (bitwise) {
    LuaError(absl::StrCat("attempt to perform bitwise operation on a ", ObjTypeName(*this, bad), " value",
                          culprit(first)));
    return LuaStep::kThrow;
  }
  if (x.IsString() || y.IsString()) {
    // lua5.4's string arithmetic metamethods word it this way.
    std::string ev_name(name->bytes().substr(2));
    LuaError(absl::StrCat("attempt to ", ev_name, " a '", LuaTypeName(x), "' with a '",
                          LuaTypeName(y), "'"));
    return LuaStep::kThrow;
  }
  LuaError(absl::StrCat("attempt to perform arithmetic on a ", ObjTypeName(*this, bad), " value",
                        culprit(first)));
  return LuaStep::kThrow;
}

VM::LuaStep VM::LuaCompare(int opi, uint8_t a, Value x, Value y) {
  Op op = static_cast<Op>(opi);
  auto store = [&](bool b) {
    stack_[frames_.back().base + a] = Value::Bool(b);
    return LuaStep::kNext;
  };
  if (op == Op::LEQ || op == Op::LNE) {
    // Only two distinct tables (or userdata) reach here: __eq of the first, then the second.
    String* name = lua_atom(static_cast<int>(LuaAtom::eq));
    Value h = LuaMetamethod(x, name);
    if (h.IsUndefined()) h = LuaMetamethod(y, name);
    if (h.IsUndefined()) return store(op == Op::LNE);
    return LuaCallMeta(h, a, {x, y}, op == Op::LEQ ? 2 : 3);
  }
  bool lt = op == Op::LLT;
  if ((x.IsInt() || x.IsNumber()) && (y.IsInt() || y.IsNumber())) {
    bool r;
    if (x.IsInt() && y.IsInt()) {
      r = lt ? x.AsInt() < y.AsInt() : x.AsInt() <= y.AsInt();
    } else if (x.IsInt()) {
      r = lt ? lua::LuaLessThan(x.AsInt(), y.AsNumber())
             : lua::LuaLessEqual(x.AsInt(), y.AsNumber());
    } else if (y.IsInt()) {
      r = lt ? lua::LuaLessThan(x.AsNumber(), y.AsInt())
             : lua::LuaLessEqual(x.AsNumber(), y.AsInt());
    } else {
      r = lt ? x.AsNumber() < y.AsNumber() : x.AsNumber() <= y.AsNumber();
    }
    return store(r);
  }
  if (x.IsString() && y.IsString()) {
    int c = x.AsString()->bytes().compare(y.AsString()->bytes());
    return store(lt ? c < 0 : c <= 0);
  }
  String* name = lua_atom(static_cast<int>(lt ? LuaAtom::lt : LuaAtom::le));
  Value h = LuaMetamethod(x, name);
  if (h.IsUndefined()) h = LuaMetamethod(y, name);
  if (!h.IsUndefined()) return LuaCallMeta(h, a, {x, y}, 2);
  std::string tx = ObjTypeName(*this, x);
  std::string ty = ObjTypeName(*this, y);
  if (tx == ty) {
    LuaError(absl::StrCat("attempt to compare two ", tx, " values"));
  } else {
    LuaError(absl::StrCat("attempt to compare ", tx, " with ", ty));
  }
  return LuaStep::kThrow;
}

VM::LuaStep VM::LuaIndex(uint8_t a, Value obj, Value key, int obj_reg) {
  const auto& in = realm_->intrinsics();
  for (int loop = 0; loop < 2000; ++loop) {
    Value h;
    if (obj.IsObject() && obj.AsObject()->klass() == ObjectClass::kLuaTable) {
      auto* t = static_cast<LuaTable*>(Resolve(obj.AsObject()));
      Value v = t->Get(LuaTable::NormalizeKey(key));
      if (!v.IsUndefined() || t->metatable == nullptr) {
        stack_[frames_.back().base + a] = v;
        return LuaStep::kNext;
      }
      h = static_cast<LuaTable*>(Resolve(t->metatable))
              ->GetStr(lua_atom(static_cast<int>(LuaAtom::index)));
      if (h.IsUndefined()) {
        stack_[frames_.back().base + a] = Value::Undefined();
        return LuaStep::kNext;
      }
    } else if (obj.IsString()) {
      h = Value::FromObject(in.lua_string_lib);
    } else {
      h = LuaMetamethod(obj, lua_atom(static_cast<int>(LuaAtom::index)));
      if (h.IsUndefined()) {
        std::string info;
        if (loop == 0 && obj_reg >= 0) info = LuaVarInfo(static_cast<uint32_t>(obj_reg));
        LuaError(absl::StrCat("attempt to index a ", LuaTypeName(obj), " value", info));
        return LuaStep::kThrow;
      }
    }
    if (IsCallable(h)) return LuaCallMeta(h, a, {obj, key});
    obj = h;
  }
  LuaError("'__index' chain too long; possible loop");
  return LuaStep::kThrow;
}

VM::LuaStep VM::LuaNewIndex(Value obj, Value key, Value v) {
  for (int loop = 0; loop < 2000; ++loop) {
    Value h;
    if (obj.IsObject() && obj.AsObject()->klass() == ObjectClass::kLuaTable) {
      auto* t = static_cast<LuaTable*>(Resolve(obj.AsObject()));
      if (t->flags & LuaTable::kReadOnly) {
        LuaError("attempt to modify json.null");
        return LuaStep::kThrow;
      }
      Value k = LuaTable::NormalizeKey(key);
      bool present = !t->Get(k).IsUndefined();
      if (!present && t->metatable != nullptr) {
        h = static_cast<LuaTable*>(Resolve(t->metatable))
                ->GetStr(lua_atom(static_cast<int>(LuaAtom::newindex)));
      }
      if (present || h.IsUndefined()) {
        if (k.IsUndefined()) {
          LuaError("table index is nil");
          return LuaStep::kThrow;
        }
        if (k.IsNumber() && std::isnan(k.AsNumber())) {
          LuaError("table index is NaN");
          return LuaStep::kThrow;
        }
        auto* wt = static_cast<LuaTable*>(Writable(t));
        wt->Set(*heap_, k, v);
        return LuaStep::kNext;
      }
    } else {
      h = LuaMetamethod(obj, lua_atom(static_cast<int>(LuaAtom::newindex)));
      if (h.IsUndefined()) {
        std::string info;
        isa::Instr in = RunningInstr(frames_.back());
        if (loop == 0 && (isa::GetOp(in) == Op::LSETFIELD || isa::GetOp(in) == Op::LSETINDEX))
          info = LuaVarInfo(isa::GetA(in));  // the table operand
        LuaError(absl::StrCat("attempt to index a ", LuaTypeName(obj), " value", info));
        return LuaStep::kThrow;
      }
    }
    if (IsCallable(h)) return LuaCallMeta(h, 255, {obj, key, v});
    obj = h;
  }
  LuaError("'__newindex' chain too long; possible loop");
  return LuaStep::kThrow;
}

VM::LuaStep VM::LuaLen(uint8_t a, Value v) {
  if (v.IsString()) {
    stack_[frames_.back().base + a] = Value::Int(v.AsString()->length());
    return LuaStep::kNext;
  }
  Value h = LuaMetamethod(v, lua_atom(static_cast<int>(LuaAtom::len)));
  if (!h.IsUndefined()) return LuaCallMeta(h, a, {v});
  if (v.IsObject() && v.AsObject()->klass() == ObjectClass::kLuaTable) {
    stack_[frames_.back().base + a] =
        Value::Int(static_cast<LuaTable*>(Resolve(v.AsObject()))->Length());
    return LuaStep::kNext;
  }
  isa::Instr in = RunningInstr(frames_.back());
  LuaError(absl::StrCat("attempt to get length of a ", ObjTypeName(*this, v), " value",
                        isa::GetOp(in) == Op::LLEN ? LuaVarInfo(isa::GetB(in)) : ""));
  return LuaStep::kThrow;
}

namespace {
bool ConcatPiece(Value v, std::string* out) {
  if (v.IsString()) {
    out->append(v.AsString()->bytes());
    return true;
  }
  if (v.IsInt()) {
    out->append(lua::LuaIntegerToString(v.AsInt()));
    return true;
  }
  if (v.IsNumber()) {
    out->append(lua::LuaNumberToString(v.AsNumber()));
    return true;
  }
  return false;
}
bool IsConcatable(Value v) { return v.IsString() || v.IsInt() || v.IsNumber(); }
}  // namespace

VM::LuaStep VM::LuaConcat(uint8_t a, uint32_t first, uint32_t n) {
  // Right to left (`..` is right associative): fold the strings and numbers at the right end, then
  // hand the first pair that needs __concat to its metamethod. That call leaves its result in the
  // left operand's register and empties the ones to its right, and the instruction runs again.
  Frame& f = frames_.back();
  Value* R = stack_.data() + f.base;
  uint32_t last = first + n - 1;
  uint32_t i = last;
  while (i > first && IsConcatable(R[i]) && IsConcatable(R[i - 1])) --i;
  if (i == first && IsConcatable(R[first])) {
    std::string out;
    for (uint32_t j = first; j <= last; ++j) ConcatPiece(R[j], &out);
    if (out.size() > limits_.max_string_length) {
      LuaError("string length overflow");
      return LuaStep::kThrow;
    }
    R[a] = Value::FromString(NewStringBytes(out));
    return LuaStep::kNext;
  }
  // R[i..last] folds into one value (when i < last); the pair is (R[i-1], that value) — or, when
  // the rightmost operand itself cannot be concatenated, (R[last-1], R[last]).
  Value right;
  if (i < last || IsConcatable(R[last])) {
    std::string out;
    for (uint32_t j = i; j <= last; ++j) ConcatPiece(R[j], &out);
    right = Value::FromString(NewStringBytes(out));
  } else {
    right = R[last];
    i = last;
  }
  if (i == first) {
    // A single non-concatenable operand left (only possible when n == 1).
    LuaError(absl::StrCat("attempt to concatenate a ", ObjTypeName(*this, right), " value"));
    return LuaStep::kThrow;
  }
  Value left = R[i - 1];
  String* name = lua_atom(static_cast<int>(LuaAtom::concat));
  Value h = LuaMetamethod(left, name);
  if (h.IsUndefined()) h = LuaMetamethod(right, name);
  if (h.IsUndefined()) {
    Value bad = IsConcatable(left) ? right : left;
    LuaError(absl::StrCat("attempt to concatenate a ", ObjTypeName(*this, bad), " value",
                          LuaVarInfo(IsConcatable(left) ? i : i - 1)));
    return LuaStep::kThrow;
  }
  Value empty = Value::FromString(empty_string());
  for (uint32_t j = i; j <= last; ++j) R[j] = empty;
  if (i - 1 == first) {
    // The metamethod's result is the whole value: it goes straight to R[a].
    return LuaCallMeta(h, a, {left, right});
  }
  f.pc -= isa::InstrWords(Op::LCONCAT);  // run this LCONCAT again when the metamethod returns
  return LuaCallMeta(h, static_cast<uint8_t>(i - 1), {left, right});
}

bool VM::LuaForPrep(Value* ra, bool* skip) {
  Value init = ra[0], limit = ra[1], step = ra[2];
  // lvm.c forprep: numeric strings are converted; an integer loop checks its step, then the limit; a
  // float loop checks the limit, the step, then the initial value.
  auto tonum = [](Value* v) {
    if (v->IsInt() || v->IsNumber()) return true;
    if (!v->IsString()) return false;
    auto n = lua::LuaStringToNumber(v->AsString()->bytes());
    if (!n) return false;
    const int64_t* i = std::get_if<int64_t>(&*n);
    *v = i != nullptr ? Value::Int(*i) : Value::Number(std::get<double>(*n));
    return true;
  };
  auto bad = [&](const char* what, Value v) {
    LuaError(absl::StrCat("bad 'for' ", what, " (number expected, got ", ObjTypeName(*this, v), ")"));
    return false;
  };
  const bool int_loop = init.IsInt() && step.IsInt();  // decided before any conversion
  if (int_loop) {
    if (step.AsInt() == 0) {
      LuaError("'for' step is zero");
      return false;
    }
    if (!tonum(&limit)) return bad("limit", limit);
  } else {
    if (!tonum(&limit)) return bad("limit", limit);
    if (!tonum(&step)) return bad("step", step);
    if (!tonum(&init)) return bad("initial value", init);
  }
  if (int_loop) {
    int64_t i0 = init.AsInt(), st = step.AsInt();
    int64_t lim;
    if (limit.IsInt()) {
      lim = limit.AsInt();
    } else {
      lua::LuaForLimit fl = lua::LuaForFloatLimit(i0, limit.AsNumber(), st);
      if (fl.skip) {
        *skip = true;
        return true;
      }
      lim = fl.limit;
    }
    if (st > 0 ? i0 > lim : i0 < lim) {
      *skip = true;
      return true;
    }
    uint64_t count = st > 0 ? (static_cast<uint64_t>(lim) - static_cast<uint64_t>(i0)) /
                                  static_cast<uint64_t>(st)
                            : (static_cast<uint64_t>(i0) - static_cast<uint64_t>(lim)) /
                                  (static_cast<uint64_t>(-(st + 1)) + 1u);
    ra[1] = Value::Int(static_cast<int64_t>(count));
    ra[3] = init;
    *skip = false;
    return true;
  }
  double i0 = init.IsInt() ? static_cast<double>(init.AsInt()) : init.AsNumber();
  double lim = limit.IsInt() ? static_cast<double>(limit.AsInt()) : limit.AsNumber();
  double st = step.IsInt() ? static_cast<double>(step.AsInt()) : step.AsNumber();
  if (st == 0) {
    LuaError("'for' step is zero");
    return false;
  }
  ra[0] = Value::Number(i0);
  ra[1] = Value::Number(lim);
  ra[2] = Value::Number(st);
  *skip = st > 0 ? !(i0 <= lim) : !(i0 >= lim);
  if (!*skip) ra[3] = Value::Number(i0);
  return true;
}

}  // namespace codemode::vm
