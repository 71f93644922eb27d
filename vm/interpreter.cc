// The interpreter loop (DESIGN §4) and everything about calls, frames, exceptions and jobs.
// Non-recursive (§3.1): program code is only ever entered by pushing a Frame; the C++ stack holds no VM
// state across a step boundary.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "vm/builtins/error.h"
#include "vm/lua/lua_number.h"
#include "vm/lua/table.h"
#include "vm/realm.h"
#include "vm/support/numconv.h"
#include "vm/typed_array.h"
#include "vm/vm.h"

namespace codemode::vm {

using isa::GetA;
using isa::GetB;
using isa::GetBx;
using isa::GetC;
using isa::GetOp;
using isa::GetSBx;
using isa::Instr;
using isa::Op;

namespace {
constexpr int kHelperBinaryOp = static_cast<int>(HelperId::kBinaryOp);

inline double ToInt32(double d) { return static_cast<double>(support::ToInt32(d)); }

std::string DescribeForError(VM& vm, Value v) {
  switch (v.tag()) {
    case Tag::kUndefined:
      return "undefined";
    case Tag::kNull:
      return "null";
    case Tag::kString: {
      std::string s = v.AsString()->ToUtf8();
      if (s.size() > 40) s = s.substr(0, 40) + "...";
      return absl::StrCat("\"", s, "\"");
    }
    case Tag::kObject:
      if (vm.IsCallable(v)) {
        Value n = vm.GetData(v.AsObject(), vm.KeyFromAtom(vm.atom(AtomId::name)));
        return n.IsString() ? absl::StrCat("function ", n.AsString()->ToUtf8()) : "function";
      }
      return vm.IsArray(v) ? "array" : "#<Object>";
    case Tag::kSymbol:
      return DescribeForMessage(vm, v);
    default: {
      String* s = vm.ToStringPrimitive(v);
      return s ? s->ToUtf8() : "value";
    }
  }
}

// Where a property lookup on the non-nullish JavaScript value `v` starts: the object itself, or the
// prototype of the primitive's wrapper.
Object* LookupStart(const Intrinsics& in, Value v) {
  return v.IsObject()   ? v.AsObject()
         : v.IsString() ? in.string_prototype
         : v.IsNumber() ? in.number_prototype
         : v.IsBool()   ? in.boolean_prototype
         : v.IsBigInt() ? in.bigint_prototype
                        : in.symbol_prototype;
}

// How "X is not a function" names the callee `fn` of a failed call: the call site's source text
// (V8's CallPrinter, bytecode::SiteText) when the innermost frame is executing the program's own
// CALL/NEW of exactly this value, else V8's runtime description ("#<Object>", "5").
std::string CalleeForError(VM& vm, Value fn) {
  std::string text = vm.CurrentCalleeText(fn);
  return text.empty() ? DescribeForError(vm, fn) : text;
}

// The ReferenceError of a TDZ check on the binding named `name`; `this` of a derived constructor
// before super() is reported as V8 does.
std::string TdzMessage(Value name) {
  std::string n = name.IsString() ? name.AsString()->ToUtf8() : "";
  if (n == "this")
    return "Must call super constructor in derived class before accessing 'this' or returning from "
           "derived constructor";
  return absl::StrCat("Cannot access '", n, "' before initialization");
}

std::string KeyName(VM& vm, const PropertyKey& k) {
  if (k.is_symbol()) return DescribeForMessage(vm, Value::FromSymbol(static_cast<Symbol*>(k.cell)));
  return vm.KeyToString(k)->ToUtf8();
}

// "Cannot read properties of undefined (reading 'x')"; V8 words a nullish value's @@iterator load as
// the iteration error it precedes.
std::string ReadOfNullishMessage(VM& vm, Value o, const PropertyKey& key) {
  if (key.is_symbol() && key.cell == vm.realm().intrinsics().sym_iterator)
    return absl::StrCat(DescribeTypeForMessage(vm, o),
                        " is not iterable (cannot read property Symbol(Symbol.iterator))");
  return absl::StrCat("Cannot read properties of ", DescribeForError(vm, o), " (reading '",
                      KeyName(vm, key), "')");
}
}  // namespace

// ------------------------------------------------------------------------------------ module loading

Closure* VM::LoadModule(std::shared_ptr<const bytecode::Module> module) {
  std::vector<Proto*> protos(module->protos.size());
  // The interned string constants made so far, by contents (views into `module`, which outlives this
  // call): modules repeat names across functions (the JS prelude's "length", "prototype", …), and each
  // repeat made a fresh string only for Intern to find the atom — ~0.3 ms of every process's start-up.
  absl::flat_hash_map<std::u16string_view, String*> u16_atoms;
  absl::flat_hash_map<std::string_view, String*> byte_atoms;
  for (size_t i = 0; i < module->protos.size(); ++i) {
    const auto& bc = module->protos[i];
    Proto* p = heap_->Alloc<Proto>();
    p->bc = &bc;
    p->code = bc.code.data();
    p->num_params = bc.num_params;
    p->num_regs = bc.num_regs;
    p->has_rest = bc.has_rest;
    p->name = bc.name.empty() ? empty_string() : Intern(NewStringUtf8(bc.name));
    p->constants.reserve(bc.constants.size());
    p->keys.resize(bc.constants.size());
    for (size_t k = 0; k < bc.constants.size(); ++k) {
      const auto& c = bc.constants[k];
      Value v;
      switch (c.kind) {
        case bytecode::Constant::Kind::kNumber:
          v = Value::Number(c.number);
          break;
        case bytecode::Constant::Kind::kInteger:
          v = Value::Int(c.integer);
          break;
        case bytecode::Constant::Kind::kString: {
          String* s;
          if (c.u16.size() <= 256) {
            auto [it, fresh] = u16_atoms.try_emplace(std::u16string_view(c.u16), nullptr);
            if (fresh) it->second = Intern(NewStringU16(c.u16));
            s = it->second;
          } else {
            s = NewStringU16(c.u16);
          }
          v = Value::FromString(s);
          p->keys[k] = KeyFromPrimitive(v);
          break;
        }
        case bytecode::Constant::Kind::kByteString: {
          auto [it, fresh] = byte_atoms.try_emplace(std::string_view(c.bytes), nullptr);
          if (fresh) it->second = Intern(NewStringLatin1(c.bytes));
          v = Value::FromString(it->second);
          p->keys[k] = KeyFromPrimitive(v);
          break;
        }
        case bytecode::Constant::Kind::kBigInt: {
          // Decimal digits from the compiler; a malformed or oversized constant stays <empty> and LOADK
          // reports it.
          bigint::Num n;
          std::string_view digits(c.bytes);
          v = bigint::FromDigits(digits, 10, &n) && bigint::BitLength(n) <= bigint::kMaxBits
                  ? Value::FromBigInt(NewBigInt(std::move(n)))
                  : Value::Empty();
          break;
        }
        default:
          v = Value::Empty();  // template constants are materialized by LOADK
          break;
      }
      p->constants.push_back(v);
    }
    p->ics.resize(bc.code.size());
    p->template_cache.resize(bc.constants.size());
    heap_->Account(static_cast<int64_t>(p->ExtraBytes()));
    protos[i] = p;
    loaded_protos_.push_back(Value::Internal(p));
  }
  for (size_t i = 0; i < module->protos.size(); ++i)
    for (uint32_t child : module->protos[i].children)
      protos[i]->children.push_back(child < protos.size() ? protos[child] : nullptr);
  Proto* main = protos[module->main];
  if (module->language == bytecode::Language::kLua && !bootstrapping_) lua_run_ = true;
  if (bootstrapping_) {
    bootstrap_realm_->modules_.push_back(module);
  } else {
    modules_.push_back(module);
  }
  return NewClosure(main, nullptr, nullptr);
}

// ------------------------------------------------------------------------------------ calls

uint32_t VM::StackTop() const {
  if (frames_.empty()) return 1;
  const Frame& f = frames_.back();
  // Values a Lua multi-result instruction left past the registers stay until the next instruction.
  return std::max(f.base + f.proto->bc->num_regs + 1, f.top + 1);
}

void VM::EnsureStack(size_t n) {
  if (n + 512 > stack_.size()) {
    size_t size = stack_.size();
    while (size < n + 512) size *= 2;
    heap_->Account(static_cast<int64_t>((size - stack_.size()) * sizeof(Value)));
    stack_.resize(size);
  }
}

Value VM::ToObjectForThis(Value v) {
  const auto& in = realm_->intrinsics();
  Object* proto = nullptr;
  ObjectClass klass = ObjectClass::kOrdinary;
  switch (v.tag()) {
    case Tag::kBool:
      proto = in.boolean_prototype, klass = ObjectClass::kBoolean;
      break;
    case Tag::kNumber:
    case Tag::kInt:
      proto = in.number_prototype, klass = ObjectClass::kNumber;
      break;
    case Tag::kString:
      proto = in.string_prototype, klass = ObjectClass::kString;
      break;
    case Tag::kSymbol:
      proto = in.symbol_prototype, klass = ObjectClass::kSymbol;
      break;
    default:
      proto = in.bigint_prototype;
      break;
  }
  Object* o = NewObjectWithProto(proto, klass);
  o->set_internal(v);
  return Value::FromObject(o);
}

VM::CallResult VM::PushCall(Value fn, Value this_value, uint32_t args_at, uint32_t argc,
                            const CallSite& site_in, Value new_target) {
  CallSite site = site_in;
  for (int hops = 0;; ++hops) {
    bool construct = site.kind == CallSite::Kind::kConstruct;
    if (!IsCallable(fn)) {
      if (lua_run_) {
        LuaError(absl::StrCat("attempt to call a ", LuaTypeName(fn), " value"));
      } else {
        ThrowTypeError(absl::StrCat(hops == 0 ? CalleeForError(*this, fn) : DescribeForError(*this, fn),
                                    construct ? " is not a constructor" : " is not a function"));
      }
      goto threw;
    }
    {
      auto* f = static_cast<FunctionObject*>(fn.AsObject());
      if (construct && !f->is_constructor) {
        ThrowTypeError(absl::StrCat(hops == 0 ? CalleeForError(*this, fn) : DescribeForError(*this, fn),
                                    " is not a constructor"));
        goto threw;
      }
      if (f->type == FunctionType::kClosure) {
        auto* closure = static_cast<Closure*>(f);
        Proto* proto = closure->proto_fn;
        const auto* bc = proto->bc;
        if ((bc->kind == bytecode::FunctionKind::kClassConstructor ||
             bc->kind == bytecode::FunctionKind::kDerivedConstructor) && !construct) {
          ThrowTypeError(absl::StrCat("Class constructor ", proto->name->ToUtf8(),
                                      " cannot be invoked without 'new'"));
          goto threw;
        }
        if (frames_.size() > limits_.max_call_depth) {  // the top-level frame is depth 0
          if (lua_run_) {
            LuaError("stack overflow");
          } else {
            ThrowRangeError("Maximum call stack size exceeded");
          }
          goto threw;
        }
        uint32_t base = args_at - 1;
        EnsureStack(static_cast<size_t>(base) + bc->num_regs + argc + 8);
        Value* R = stack_.data() + base;
        if (construct && bc->kind == bytecode::FunctionKind::kDerivedConstructor) {
          R[0] = Value::Empty();  // bound by super(...) (ECMA-262 §10.2.2 step 5)
        } else if (construct) {
          Value pv = Value::Undefined();
          if (new_target.IsObject()) pv = GetData(new_target.AsObject(), KeyFromAtom(atom(AtomId::prototype)));
          Object* proto_obj = pv.IsObject() ? pv.AsObject() : realm_->intrinsics().object_prototype;
          R[0] = Value::FromObject(NewObjectWithProto(proto_obj));
        } else if (!bc->strict && bc->kind != bytecode::FunctionKind::kArrow) {
          if (this_value.IsNullish()) {
            R[0] = Value::FromObject(global());
          } else if (!this_value.IsObject()) {
            R[0] = ToObjectForThis(this_value);
          } else {
            R[0] = this_value;
          }
        } else {
          R[0] = this_value;
        }
        R[-1] = fn;
        uint32_t nparams = bc->num_params;
        Value rest = Value::Undefined();
        Value arguments = Value::Undefined();
        if (bc->has_rest && bc->is_vararg && argc <= nparams) {
          // Lua `...` with no extra arguments: no array (LVARARG reads undefined as none).
        } else if (bc->has_rest) {
          ArrayObject* a = NewArray(argc > nparams ? argc - nparams : 0);
          for (uint32_t i = nparams; i < argc; ++i) a->elements_.push_back(R[1 + i]);
          a->length = static_cast<uint32_t>(a->elements_.size());
          rest = Value::FromObject(a);
        }
        if (bc->needs_arguments) {
          Object* ao = NewObjectWithProto(realm_->intrinsics().object_prototype, ObjectClass::kArguments);
          ao->elements_.assign(R + 1, R + 1 + argc);
          DefineOwnProperty(ao, KeyFromAtom(atom(AtomId::length)), Value::Number(argc), kHiddenAttrs);
          const Intrinsics& in = realm_->intrinsics();
          // callee (§10.4.4.6 step 8, §10.4.4.7 step 22): the function in sloppy code, an accessor
          // that throws in strict code. (Sloppy functions with non-simple parameters get the data
          // property too; their arguments objects are never mapped here either.)
          if (!bc->strict) {
            DefineOwnProperty(ao, KeyFromName("callee"), fn, kHiddenAttrs);
          } else if (in.throw_type_error != nullptr) {
            Value thrower = Value::FromObject(in.throw_type_error);
            DefineAccessor(ao, KeyFromName("callee"), thrower, thrower, 0);
          }
          // ECMA-262 §10.4.4.6 step 20 / §10.4.4.7 step 20: @@iterator is %Array.prototype.values%.
          if (in.array_values != nullptr)
            DefineOwnProperty(ao, PropertyKey::Sym(in.sym_iterator),
                              Value::FromObject(in.array_values), kHiddenAttrs);
          arguments = Value::FromObject(ao);
        }
        for (uint32_t i = argc; i < nparams; ++i) R[1 + i] = Value::Undefined();
        for (uint32_t i = 1 + nparams; i < bc->num_regs; ++i) R[i] = Value::Undefined();
        if (bc->has_rest) R[bc->rest_reg] = rest;
        if (bc->needs_arguments) R[bc->arguments_reg] = arguments;
        Frame fr;
        fr.closure = closure;
        fr.proto = proto;
        fr.pc = bc->code.data();
        fr.base = base;
        fr.argc = argc;
        fr.site = site;
        fr.new_target = construct ? new_target : Value::Undefined();
        if (bc->is_generator) {
          // The generator object is the activation itself (ECMA-262 §27.5.3.1): its prototype is
          // F.prototype, or %GeneratorPrototype% when that is not an object (§10.1.14).
          Value pv = GetData(closure, KeyFromAtom(atom(AtomId::prototype)));
          Object* gp = pv.IsObject()   ? pv.AsObject()
                       : bc->is_async ? realm_->intrinsics().async_generator_prototype
                                      : realm_->intrinsics().generator_prototype;
          auto* act = heap_->Alloc<ActivationObject>(ObjectClass::kGenerator, empty_shape_, gp);
          act->closure = fn;
          act->new_target = fr.new_target;
          act->argc = argc;
          act->running = true;  // until its start suspension (YIELD C=2)
          fr.activation = act;
        } else if (bc->is_async) {
          auto* act = heap_->Alloc<ActivationObject>(ObjectClass::kAsyncState, empty_shape_, nullptr);
          act->closure = fn;
          act->promise = Value::FromObject(NewPromise());
          act->new_target = fr.new_target;
          fr.activation = act;
          fr.initial_async = true;
        }
        frames_.push_back(fr);
        if (--steps_until_check_ <= 0) {
          ++steps_;
          CheckLimits();
        } else {
          ++steps_;
        }
        return CallResult::kPushed;
      }
      if (f->type == FunctionType::kNative) {
        auto* native = static_cast<NativeFunction*>(f);
        CallArgs ca{this_value, stack_.data() + args_at, argc,
                    construct ? new_target : Value::Undefined(), native};
        ++steps_;
        // pcall(f) of a native, or a native as a coroutine's body: no Lua caller, no position.
        lua_native_from_native_ = hops > 0 || site.kind == CallSite::Kind::kCoroutine;
        lua_native_site_ = &site;
        Value r = native->fn(*this, ca);
        lua_native_site_ = nullptr;
        lua_native_from_native_ = false;
        if (has_tail_call_) {
          has_tail_call_ = false;
          fn = tail_fn_;
          this_value = tail_this_;
          argc = static_cast<uint32_t>(tail_args_.size());
          EnsureStack(static_cast<size_t>(args_at) + argc + 8);
          for (uint32_t i = 0; i < argc; ++i) stack_[args_at + i] = tail_args_[i];
          tail_args_.clear();
          if (tail_construct_) {
            // Reflect.construct's native: [[Construct]] with its own new.target (ECMA-262 §28.1.2).
            // The call site becomes a construct site so a closure's non-object return gives `this`.
            tail_construct_ = false;
            new_target = tail_new_target_;
            tail_new_target_ = Value::Undefined();
            if (site.kind != CallSite::Kind::kCall && site.kind != CallSite::Kind::kConstruct) {
              ThrowTypeError("internal error: a construct tail call from a non-call site");
              goto threw;
            }
            site.kind = CallSite::Kind::kConstruct;
            continue;
          }
          if (construct) site.kind = CallSite::Kind::kCall;
          if (lua_protect_pending_) {  // pcall/xpcall: the call it asked for is protected
            lua_protect_pending_ = false;
            if (site.lua_flags & kLuaProtected) {
              // pcall(pcall, f): the layer already here becomes an outer one. The new layer catches
              // every error of f, so an outer layer only ever adds a `true` in front.
              if ((site.lua_flags & kLuaOuterTrueMask) == kLuaOuterTrueMask ||
                  (site.lua_flags & kLuaPrependFalse)) {
                Terminate(Termination::kUnsupported,
                          "more than 31 pcall/xpcall layers around one call (pcall(pcall, …))");
                return CallResult::kDone;
              }
              site.lua_flags = static_cast<uint8_t>((site.lua_flags + kLuaOuterTrueUnit) & ~kLuaXpcall);
              site.aux = Value::Undefined();
            }
            site.lua_flags |= kLuaProtected;
            if (!lua_protect_handler_.IsUndefined()) {
              site.lua_flags |= kLuaXpcall;
              site.aux = lua_protect_handler_;
            }
            lua_protect_handler_ = Value::Undefined();
          }
          if (hops > 100000) {
            ThrowRangeError("Maximum call stack size exceeded");
            goto threw;
          }
          continue;
        }
        if (has_exception_) {
          lua_multi_ = false;
          lua_wait_pending_ = false;
          lua_co_op_ = LuaCoOp::kNone;
          goto threw;
        }
        if (termination_ != Termination::kNone) return CallResult::kDone;
        if (gen_resume_ != nullptr) return PushGeneratorResume(site, args_at, frames_.size());
        if (lua_wait_pending_) {  // a Lua tool call: the frames wait for SettleHostCall
          lua_wait_pending_ = false;
          lua_wait_active_ = true;
          lua_wait_site_ = site;
          return CallResult::kDone;
        }
        if (lua_co_op_ != LuaCoOp::kNone) {  // coroutine resume/yield/close (vm/lua/coroutine.cc)
          bool from_native = hops > 0 || site.kind == CallSite::Kind::kCoroutine;
          if (!LuaCoroutineSwitch(site, from_native)) goto threw;
          return CallResult::kDone;
        }
        if (lua_multi_) {
          lua_multi_ = false;
          std::vector<Value> vals;
          vals.swap(lua_ret_);
          LuaDeliver(site, vals.data(), static_cast<uint32_t>(vals.size()));
          // Hand the buffer back so the next native's results (every step of a generic `for`
          // over ipairs/pairs) reuse it instead of allocating.
          vals.clear();
          if (lua_ret_.capacity() == 0) lua_ret_.swap(vals);
          return CallResult::kDone;
        }
        CompleteCall(site, r, false, args_at - 1);
        return CallResult::kDone;
      }
      // Bound function: splice the bound arguments in front (ECMA-262 §10.4.1.1).
      auto* bound = static_cast<BoundFunction*>(f);
      uint32_t n = static_cast<uint32_t>(bound->bound_args.size());
      if (n > 0) {
        EnsureStack(static_cast<size_t>(args_at) + argc + n + 8);
        std::memmove(stack_.data() + args_at + n, stack_.data() + args_at, argc * sizeof(Value));
        for (uint32_t i = 0; i < n; ++i) stack_[args_at + i] = bound->bound_args[i];
        argc += n;
      }
      if (construct) {
        if (new_target.IsObject() && new_target.AsObject() == f) new_target = bound->target;
      } else {
        this_value = bound->bound_this;
      }
      fn = bound->target;
      stack_[args_at - 2] = fn;
      continue;
    }
  threw:
    if (site.lua_flags & kLuaProtected) {
      Value e = exception_;
      has_exception_ = false;
      LuaDeliverError(site, e);
      return CallResult::kDone;
    }
    if (site.kind == CallSite::Kind::kCall || site.kind == CallSite::Kind::kConstruct)
      return CallResult::kThrew;
    Value e = exception_;
    has_exception_ = false;
    CompleteCall(site, e, true, args_at - 1);
    return CallResult::kDone;
  }
}

void VM::CompleteCall(const CallSite& site, Value v, bool threw, uint32_t callee_base) {
  switch (site.kind) {
    case CallSite::Kind::kCall:
    case CallSite::Kind::kConstruct: {
      if (threw) {
        Throw(v);
        return;
      }
      if (site.want != 1 || site.lua_flags != 0 || site.ret_transform >= 2) {
        LuaDeliver(site, &v, 1);
        return;
      }
      if (site.ret_reg == 255 || frames_.empty()) return;
      if (site.ret_transform == 1 && v.IsObject() &&
          v.AsObject() == realm_->intrinsics().done_marker)
        v = Value::Empty();
      stack_[frames_.back().base + site.ret_reg] = v;
      return;
    }
    case CallSite::Kind::kBoundary:
      boundary_done_ = true;
      boundary_threw_ = threw;
      boundary_value_ = v;
      return;
    case CallSite::Kind::kResume:
      return;
    case CallSite::Kind::kCoroutine:
      LuaCoroutineFinish(site, &v, 1, threw);
      return;
    case CallSite::Kind::kMain:
      // An async top level never throws synchronously; a sync one (Lua later) reports the throw as a
      // rejected promise would, through main_value_ with the exception pending nowhere.
      main_returned_ = true;
      main_value_ = v;
      if (threw) {
        PromiseObject* p = NewPromise();
        RejectPromise(p, v);
        main_value_ = Value::FromObject(p);
      }
      return;
    case CallSite::Kind::kJob: {
      PromiseObject* derived =
          site.aux.IsObject() ? static_cast<PromiseObject*>(site.aux.AsObject()) : nullptr;
      switch (site.job_kind) {
        case 2:  // thenable job: a throw rejects through the reject function (if still unresolved)
          if (threw && site.aux2.IsObject()) {
            auto* rej = static_cast<NativeFunction*>(site.aux2.AsObject());
            Object* record = rej->data.AsObject();
            auto& el = record->elements();
            if (!el[1].AsBool()) {
              el[1] = Value::Bool(true);
              RejectPromise(static_cast<PromiseObject*>(el[0].AsObject()), v);
            }
          }
          return;
        case 3: {  // `then` getter ran: continue the thenable resolution
          if (derived == nullptr) return;
          if (threw) {
            RejectPromise(derived, v);
            return;
          }
          ResolveWithThen(derived, stack_[callee_base], v);
          return;
        }
        default:
          if (derived != nullptr) {
            if (threw) {
              RejectPromise(derived, v);
            } else {
              ResolvePromise(derived, v);
            }
          } else if (threw && site.job_kind == 1) {
            if (!has_uncaught_job_error_) {
              has_uncaught_job_error_ = true;
              uncaught_job_error_ = v;
            }
          }
          return;
      }
    }
  }
}

VM::CallResult VM::CallHelper(int helper, uint8_t ret_reg, std::initializer_list<Value> args,
                              uint8_t ret_transform) {
  Value fn = realm_->intrinsics().helpers[helper];
  if (!IsCallable(fn)) {
    ThrowTypeError("internal error: the prelude helper for this operation is missing");
    return CallResult::kThrew;
  }
  uint32_t top = StackTop();
  EnsureStack(top + args.size() + 4);
  stack_[top] = fn;
  stack_[top + 1] = Value::Undefined();
  uint32_t i = 0;
  for (Value v : args) stack_[top + 2 + i++] = v;
  CallSite site;
  site.ret_reg = ret_reg;
  site.ret_transform = ret_transform;
  return PushCall(fn, Value::Undefined(), top + 2, static_cast<uint32_t>(args.size()), site,
                  Value::Undefined());
}

VM::CallResult VM::CallValue(Value fn, Value this_value, uint8_t ret_reg,
                             std::initializer_list<Value> args) {
  uint32_t top = StackTop();
  EnsureStack(top + args.size() + 4);
  stack_[top] = fn;
  stack_[top + 1] = this_value;
  uint32_t i = 0;
  for (Value v : args) stack_[top + 2 + i++] = v;
  CallSite site;
  site.ret_reg = ret_reg;
  return PushCall(fn, this_value, top + 2, static_cast<uint32_t>(args.size()), site,
                  Value::Undefined());
}

VM::Completion VM::CallToCompletion(Value fn, Value this_value, std::span<const Value> args) {
  size_t depth = frames_.size();
  uint32_t top = StackTop();
  EnsureStack(top + args.size() + 4);
  stack_[top] = fn;
  stack_[top + 1] = this_value;
  for (size_t i = 0; i < args.size(); ++i) stack_[top + 2 + i] = args[i];
  CallSite site;
  site.kind = CallSite::Kind::kBoundary;
  bool saved_done = boundary_done_;
  boundary_done_ = false;
  ++boundary_calls_;  // no yield while this C++ frame waits for the call (invariant 1)
  CallResult r = PushCall(fn, this_value, top + 2, static_cast<uint32_t>(args.size()), site,
                          Value::Undefined());
  if (r == CallResult::kPushed) Execute(depth);
  --boundary_calls_;
  Completion c{!boundary_threw_, boundary_value_};
  if (!boundary_done_) {
    // Terminated before completion.
    while (frames_.size() > depth) frames_.pop_back();
    c = {false, Value::Undefined()};
  }
  boundary_done_ = saved_done;
  boundary_threw_ = false;
  boundary_value_ = Value::Undefined();
  return c;
}

PromiseObject* VM::StartMain(Closure* fn) {
  Completion c = CallToCompletion(Value::FromObject(fn), Value::Undefined(), {});
  if (c.ok && c.value.IsObject() && c.value.AsObject()->klass() == ObjectClass::kPromise)
    return static_cast<PromiseObject*>(c.value.AsObject());
  return nullptr;
}

void VM::PushMain(Closure* fn) {
  uint32_t top = StackTop();
  EnsureStack(top + 4);
  stack_[top] = Value::FromObject(fn);
  stack_[top + 1] = Value::Undefined();
  CallSite site;
  site.kind = CallSite::Kind::kMain;
  main_returned_ = false;
  main_value_ = Value::Undefined();
  if (PushCall(Value::FromObject(fn), Value::Undefined(), top + 2, 0, site, Value::Undefined()) ==
      CallResult::kThrew) {
    Value e = exception_;
    has_exception_ = false;
    CompleteCall(site, e, true, top);
  }
}

void VM::YieldAtStep(uint64_t step) {
  yield_at_step_ = step;
  if (step > steps_ && static_cast<uint64_t>(steps_until_check_) > step - steps_)
    steps_until_check_ = static_cast<int64_t>(step - steps_);
}

VM::RunStatus VM::Run() {
  in_run_ = true;
  RunStatus status = RunStatus::kIdle;
  for (;;) {
    if (termination_ != Termination::kNone) {
      status = RunStatus::kTerminated;
      break;
    }
    if (!frames_.empty()) {
      Execute(0);
      if (termination_ != Termination::kNone) continue;
      if (lua_wait_active_ && !yield_pending_ && !yield_requested_.load(std::memory_order_relaxed))
        break;  // kIdle: the Lua stack waits for a host call
      if (!frames_.empty()) {  // Execute only leaves frames behind for a yield
        status = RunStatus::kYielded;
        break;
      }
    }
    if (yield_pending_ || yield_requested_.load(std::memory_order_relaxed)) {
      status = RunStatus::kYielded;  // between jobs
      break;
    }
    if (jobs_.empty()) break;
    Job job = std::move(jobs_.front());
    jobs_.pop_front();
    RunJob(job);
    if (--steps_until_check_ <= 0) CheckLimits();
  }
  if (status == RunStatus::kYielded) {
    yield_pending_ = false;
    yield_requested_.store(false, std::memory_order_relaxed);
  }
  in_run_ = false;
  return status;
}

// ------------------------------------------------------------------------------------ jobs

void VM::RunJobs() {
  while (!jobs_.empty() && termination_ == Termination::kNone) {
    Job job = std::move(jobs_.front());
    jobs_.pop_front();
    RunJob(job);
    if (--steps_until_check_ <= 0) CheckLimits();
  }
}

void VM::RunJob(Job& job) {
  bool reject = (job.special & 0x80) != 0;
  uint8_t kind = job.special & 0x7F;
  if (kind == 4) {
    ResumeActivation(static_cast<ActivationObject*>(job.aux.AsObject()), reject,
                     job.args.empty() ? Value::Undefined() : job.args[0]);
    return;
  }
  if (kind == 0 && !IsCallable(job.fn)) {
    // Reaction without a handler: pass the value / reason through.
    if (job.derived != nullptr) {
      Value v = job.args.empty() ? Value::Undefined() : job.args[0];
      if (reject) {
        RejectPromise(job.derived, v);
      } else {
        ResolvePromise(job.derived, v);
      }
    }
    return;
  }
  size_t depth = frames_.size();
  uint32_t top = StackTop();
  EnsureStack(top + job.args.size() + 4);
  stack_[top] = job.fn;
  stack_[top + 1] = job.this_value;
  for (size_t i = 0; i < job.args.size(); ++i) stack_[top + 2 + i] = job.args[i];
  CallSite site;
  site.kind = CallSite::Kind::kJob;
  site.job_kind = kind;
  site.aux = job.derived ? Value::FromObject(job.derived) : Value::Undefined();
  site.aux2 = job.aux;
  CallResult r = PushCall(job.fn, job.this_value, top + 2, static_cast<uint32_t>(job.args.size()),
                          site, Value::Undefined());
  if (r == CallResult::kPushed) Execute(depth);
}

// CreateIterResultObject (ECMA-262 §7.4.14). The object is fresh, so both keys are absent: the two
// shape transitions are taken directly instead of through DefineOwnProperty's lookups (every
// generator step and built-in iterator step makes one of these).
Value VM::MakeIterResult(Value value, bool done) {
  Object* r = NewObject();
  auto append = [&](HeapCell* key, Value v) {
    AddToShape(r, key, kDefaultAttrs);
    size_t before_bytes = r->slots_.HeapBytes();
    r->slots_.push_back(v);
    if (r->slots_.HeapBytes() != before_bytes)
      heap_->Account(static_cast<int64_t>(r->slots_.HeapBytes() - before_bytes));
  };
  append(atom(AtomId::value), value);
  append(atom(AtomId::done), Value::Bool(done));
  return Value::FromObject(r);
}

VM::CallResult VM::PushGeneratorResume(const CallSite& site, uint32_t args_at, size_t depth) {
  ActivationObject* act = gen_resume_;
  uint8_t mode = gen_resume_mode_;
  Value v = gen_resume_value_;
  gen_resume_ = nullptr;
  gen_resume_value_ = Value::Undefined();
  if (frames_.size() > limits_.max_call_depth) {
    ThrowRangeError("Maximum call stack size exceeded");
    if (site.kind == CallSite::Kind::kCall || site.kind == CallSite::Kind::kConstruct)
      return CallResult::kThrew;
    Value e = exception_;
    has_exception_ = false;
    CompleteCall(site, e, true, args_at - 1);
    return CallResult::kDone;
  }
  auto* closure = static_cast<Closure*>(act->closure.AsObject());
  Proto* proto = closure->proto_fn;
  bool async = proto->bc->is_async;
  uint32_t base = args_at - 1;
  CallSite frame_site = site;
  if (async) {
    // An async generator's resumption (prelude AsyncGenerator machinery) returns nothing: the
    // call completes now and the frame runs on top of the caller, which continues when it stops.
    CompleteCall(site, Value::Undefined(), false, args_at - 1);
    depth = frames_.size();
    base = StackTop() + 1;
    frame_site = CallSite();
    frame_site.kind = CallSite::Kind::kResume;
  }
  EnsureStack(static_cast<size_t>(base) + proto->bc->num_regs + 8);
  stack_[base - 1] = act->closure;
  std::copy(act->registers.begin(), act->registers.end(), stack_.begin() + base);
  Frame fr;
  fr.closure = closure;
  fr.proto = proto;
  fr.pc = proto->bc->code.data() + act->pc;
  fr.base = base;
  fr.argc = act->argc;
  fr.site = frame_site;
  fr.activation = act;
  fr.new_target = act->new_target;
  frames_.push_back(fr);
  act->running = true;
  if (mode == 2) {  // throw(v): raised at the yield (ECMA-262 §27.5.3.4)
    Throw(v);
    Unwind();
    return frames_.size() > depth ? CallResult::kPushed : CallResult::kDone;
  }
  stack_[base + act->resume_reg] = v;
  stack_[base + act->resume_reg + 1] = Value::Number(mode);
  return CallResult::kPushed;
}

void VM::PushAsyncGenStep(ActivationObject* gen, int kind, Value v) {
  Value fn = realm_->intrinsics().helpers[static_cast<int>(HelperId::kAsyncGenStep)];
  uint32_t top = StackTop();
  EnsureStack(top + 8);
  stack_[top] = fn;
  stack_[top + 1] = Value::Undefined();
  stack_[top + 2] = Value::FromObject(gen);
  stack_[top + 3] = Value::Number(kind);
  stack_[top + 4] = v;
  CallSite site;
  site.kind = CallSite::Kind::kResume;  // the result is discarded
  if (PushCall(fn, Value::Undefined(), top + 2, 3, site, Value::Undefined()) == CallResult::kThrew)
    has_exception_ = false;  // the helper only settles promises; nothing to propagate
}

void VM::ResumeActivation(ActivationObject* act, bool is_throw, Value v) {
  auto* closure = static_cast<Closure*>(act->closure.AsObject());
  Proto* proto = closure->proto_fn;
  size_t depth = frames_.size();
  uint32_t base = StackTop() + 1;
  EnsureStack(base + act->registers.size() + 8);
  stack_[base - 1] = act->closure;
  std::copy(act->registers.begin(), act->registers.end(), stack_.begin() + base);
  Frame fr;
  fr.closure = closure;
  fr.proto = proto;
  fr.pc = proto->bc->code.data() + act->pc;
  fr.base = base;
  fr.site.kind = CallSite::Kind::kResume;
  fr.activation = act;
  fr.initial_async = false;
  fr.new_target = act->new_target;
  frames_.push_back(fr);
  if (is_throw) {
    Throw(v);
    Unwind();
  } else {
    stack_[base + act->resume_reg] = v;
  }
  if (frames_.size() > depth) Execute(depth);
}

// ------------------------------------------------------------------------------------ exceptions

void VM::Unwind() {
  if (lua_run_ && has_exception_ && LuaParkCoroutineError()) return;
  while (has_exception_ && !frames_.empty()) {
    Frame& f = frames_.back();
    const auto* bc = f.proto->bc;
    uint32_t off = static_cast<uint32_t>(f.pc - bc->code.data());
    if (off > 0) --off;
    for (const auto& h : bc->handlers) {
      if (off >= h.start && off < h.end) {
        stack_[f.base + h.reg] = exception_;
        has_exception_ = false;
        exception_ = Value::Undefined();
        f.pc = bc->code.data() + h.handler;
        return;
      }
    }
    Frame done = f;
    frames_.pop_back();
    Value e = exception_;
    if (done.activation != nullptr && done.activation->klass() == ObjectClass::kGenerator) {
      // The generator is completed (ECMA-262 §27.5.3.3 step 11); the throw goes on to its caller,
      // or, for an async generator, rejects the request (§27.6.3.8).
      done.activation->running = false;
      done.activation->finished = true;
      done.activation->registers.clear();
      if (done.proto->bc->is_async) {
        has_exception_ = false;
        exception_ = Value::Undefined();
        PushAsyncGenStep(done.activation, 2, e);
        return;
      }
    } else if (done.activation != nullptr) {
      has_exception_ = false;
      auto* p = static_cast<PromiseObject*>(done.activation->promise.AsObject());
      done.activation->finished = true;
      RejectPromise(p, e);
      if (done.initial_async) CompleteCall(done.site, done.activation->promise, false, done.base);
      return;
    }
    if (done.site.lua_flags & kLuaProtected) {  // pcall/xpcall caught it
      has_exception_ = false;
      exception_ = Value::Undefined();
      LuaDeliverError(done.site, e);
      return;
    }
    if (done.site.kind == CallSite::Kind::kCall || done.site.kind == CallSite::Kind::kConstruct)
      continue;  // propagate into the caller at its call instruction
    has_exception_ = false;
    CompleteCall(done.site, e, true, done.base);
    if (done.site.kind == CallSite::Kind::kCoroutine) continue;  // coroutine.wrap rethrows it
    return;
  }
}

// ------------------------------------------------------------------------------------ the loop

namespace {
// ToInt32 (ECMA-262 §7.1.6) with the int32-valued case inline.
inline int32_t FastToInt32(double d) {
  if (d >= -2147483648.0 && d <= 2147483647.0) {
    auto i = static_cast<int32_t>(d);
    if (static_cast<double>(i) == d) return i;
  }
  return support::ToInt32(d);
}

inline bool IsIntIndex(double d, uint32_t* out) {
  if (d >= 0 && d < 4294967295.0) {
    uint32_t i = static_cast<uint32_t>(d);
    if (static_cast<double>(i) == d) {
      *out = i;
      return true;
    }
  }
  return false;
}

// Lua equality of two values when no __eq can apply (not two distinct tables): lua5.4's
// luaV_equalobj without metamethods — NaN ~= NaN, strings by contents, an integer and a float by
// mathematical value. Shared by LEQ/LNE (after their table check) and LEQK/LNEK.
// LGETINDEX's raw read of t[kv] (both dispatch loops). An array of records is usually walked in
// order (loops, the prelude's __sort): when the value is an object, ask now for the memory of that
// record and of its neighbours, so reading their fields later does not wait on cache misses
// (PrefetchLuaTable: the header, the line of its `entries` and the inline entries behind it).
// Neighbours at distance 1 had their header asked for on the previous step, so the storage of
// entries that outgrew the table can be asked for too.
[[gnu::always_inline]] inline Value LuaGetIndexPrefetch(const LuaTable* t, Value kv) {
  Value v;
  if (kv.IsInt()) {
    int64_t k = kv.AsInt();
    v = (k >= 1 && static_cast<uint64_t>(k) <= t->arr.size()) ? t->arr[k - 1] : t->GetInt(k);
  } else {
    v = t->Get(LuaTable::NormalizeKey(kv));
  }
  if (v.IsObject()) {
    PrefetchLuaTable(v.AsObject());
    if (kv.IsInt()) {
      const int64_t k = kv.AsInt();  // t->arr[k - 1] is v
      for (int64_t n : {k, k - 2}) {
        if (n >= 0 && static_cast<uint64_t>(n) < t->arr.size() && t->arr[n].IsObject() &&
            t->arr[n].AsObject()->klass() == ObjectClass::kLuaTable) {
          __builtin_prefetch(static_cast<LuaTable*>(t->arr[n].AsObject())->entries.data());
        }
      }
      for (int64_t n : {k + 1, k - 3}) {
        if (n >= 0 && static_cast<uint64_t>(n) < t->arr.size() && t->arr[n].IsObject()) {
          PrefetchLuaTable(t->arr[n].AsObject());
        }
      }
    }
  }
  return v;
}

inline bool LuaEqualNoMeta(const Value& x, const Value& y) {
  if (x.RawEquals(y)) return !x.IsNumber() || x.AsNumber() == x.AsNumber();
  if (x.IsString() && y.IsString()) return String::Equals(x.AsString(), y.AsString());
  if (x.IsNumber() && y.IsNumber()) return x.AsNumber() == y.AsNumber();
  if (x.IsInt() && y.IsNumber()) return lua::LuaEqual(x.AsInt(), y.AsNumber());
  if (x.IsNumber() && y.IsInt()) return lua::LuaEqual(y.AsInt(), x.AsNumber());
  return false;
}
}  // namespace

// True while the run has no copy of the realm object `o` (so the built-in's own properties, e.g.
// Array.prototype[Symbol.iterator] or %ArrayIteratorPrototype%.next, are the intrinsic ones). Any
// other copied realm object (the global, once `tools` is installed) does not matter to the caller.
#define PRISTINE(o) (cow_.empty() || cow_.find(o) == cow_.end())

// A step of a backward jump (both dispatch loops); `leave` when the limits are due for a check.
#define CHARGE_OR(leave)               \
  do {                                 \
    ++steps_;                          \
    if (--steps_until_check_ <= 0) {   \
      f->pc = pc;                      \
      CheckLimits();                   \
      leave;                           \
    }                                  \
  } while (0)
#define LUA_FALSY(v) ((v).IsUndefined() || ((v).IsBool() && !(v).AsBool()))

// A generic `for` over ipairs or pairs calls their iterator every step: ExecuteFast's LCALL runs
// the raw cases here, as the natives LIpairsIter and LNext would (same results, same step), without
// a native call. `w` is the call window (w[0] the function, w[1] `this`, the arguments from w[2]);
// B and C are the LCALL's. False (nothing done): anything else — another function, a metatable to
// consult, a bad key, all results wanted — which Execute then runs as a call. Out of line: inside
// ExecuteFast it cost the Lua-to-Lua call path 15 % (code layout).
[[gnu::noinline]] bool VM::LuaIteratorStep(Object* fn, Value* w, unsigned b, unsigned c) {
  if (static_cast<FunctionObject*>(fn)->type != FunctionType::kNative || b != 3 || c == 0 ||
      !w[2].IsObject() || w[2].AsObject()->klass() != ObjectClass::kLuaTable)
    return false;
  const Intrinsics& in = realm_->intrinsics();
  auto* t = static_cast<LuaTable*>(Resolve(w[2].AsObject()));
  const Value ctl = w[3];
  Value k, v;
  if (fn == in.lua_ipairs_iter) {
    if (!ctl.IsInt()) return false;
    const auto n = static_cast<int64_t>(static_cast<uint64_t>(ctl.AsInt()) + 1);
    v = t->GetInt(n);
    if (v.IsUndefined() && t->metatable != nullptr) return false;
    k = Value::Int(n);
  } else if (fn == in.lua_next) {
    bool done;
    if (!t->Next(LuaTable::NormalizeKey(ctl), &k, &v, &done)) return false;
    if (done) v = Value::Undefined();
  } else {
    return false;
  }
  ++steps_;
  const unsigned want = c - 1;
  if (v.IsUndefined()) {
    for (unsigned j = 0; j < want; ++j) w[j] = Value::Undefined();
  } else {
    w[0] = k;
    if (want >= 2) w[1] = v;
    for (unsigned j = 2; j < want; ++j) w[j] = Value::Undefined();
  }
  return true;
}

// The fast loop (docs/performance.md "Lua, session 9"): the common case of the opcodes that
// dominate call- and table-heavy code, in a function small enough for GCC to keep `pc`, `R`, `K`
// and the frame in registers (Execute's switch keeps them in stack slots). Every case it does not
// finish exactly as Execute would — another opcode, a metamethod, an error, a Lua call that is not
// a plain closure call — goes back to Execute at the same instruction (frame's pc = that
// instruction, nothing of it done) and returns false. Returns true when Execute must re-check its
// stop conditions (`reload`): a limit check ran, or a return took the stack down to `stop_depth`.
// Steps are charged where Execute charges them (backward jumps, Lua calls).
bool VM::ExecuteFast(size_t stop_depth) {
  Frame* f = &frames_.back();
  const Instr* pc;
  Value* R;
  const Value* K;
enter:
  pc = f->pc;
  R = stack_.data() + f->base;
  K = f->proto->constants.data();
#define HAND_BACK() \
  do {              \
    f->pc = ip;     \
    return false;   \
  } while (0)
#define FAST_CHARGE() CHARGE_OR(return true)
#define IS_LUATABLE(v) ((v).IsObject() && (v).AsObject()->klass() == ObjectClass::kLuaTable)
  for (;;) {
    const Instr* ip = pc;
    const Instr i = *pc++;
    const unsigned a = GetA(i);
    bool cmp;
    switch (GetOp(i)) {
      case Op::MOVE:
        R[a] = R[GetB(i)];
        continue;
      case Op::LOADINT:
        R[a] = Value::Int(GetSBx(i));
        continue;
      case Op::LOADUNDEF:
        R[a] = Value::Undefined();
        continue;
      case Op::LOADTRUE:
        R[a] = Value::Bool(true);
        continue;
      case Op::LOADFALSE:
        R[a] = Value::Bool(false);
        continue;
      case Op::GETUPVAL:
        R[a] = f->closure->upvals[GetB(i)]->value;
        continue;
      case Op::LNOT:
        R[a] = Value::Bool(LUA_FALSY(R[GetB(i)]));
        continue;
      case Op::LNEWTABLE:
        R[a] = Value::FromObject(NewLuaTable(GetB(i), GetC(i)));
        continue;
      case Op::LOADK: {
        const Value v = K[GetBx(i)];
        if (v.IsEmpty()) HAND_BACK();
        R[a] = v;
        continue;
      }
      case Op::JMP: {
        const int off = GetSBx(i);
        pc += off;
        if (off < 0) FAST_CHARGE();
        continue;
      }
      case Op::LJMPT:
      case Op::LJMPF:
        if (LUA_FALSY(R[a]) == (GetOp(i) == Op::LJMPF)) {
          const int off = GetSBx(i);
          pc += off;
          if (off < 0) FAST_CHARGE();
        }
        continue;
      case Op::LGETGLOBAL: {
        LuaTable* t = lua_globals();
        Proto* p = f->proto;
        const Value v = t->GetStrCached(K[*pc++], &p->ics[ip - p->code].slot, !p->is_shared());
        if (v.IsUndefined() && t->metatable != nullptr) HAND_BACK();
        R[a] = v;
        continue;
      }
      case Op::LGETFIELD: {
        const Value o = R[GetB(i)];
        if (o.IsString()) {  // s:method(...)
          const auto* lib = static_cast<LuaTable*>(Resolve(realm_->intrinsics().lua_string_lib));
          R[a] = lib->GetStr(K[*pc++].AsString());
          continue;
        }
        if (!IS_LUATABLE(o)) HAND_BACK();
        auto* t = static_cast<LuaTable*>(Resolve(o.AsObject()));
        Proto* p = f->proto;
        const Value v = t->GetStrCached(K[*pc++], &p->ics[ip - p->code].slot, !p->is_shared());
        if (v.IsUndefined() && t->metatable != nullptr) HAND_BACK();
        R[a] = v;
        continue;
      }
      case Op::LGETINDEX: {
        const Value o = R[GetB(i)];
        if (!IS_LUATABLE(o)) HAND_BACK();
        auto* t = static_cast<LuaTable*>(Resolve(o.AsObject()));
        const Value v = LuaGetIndexPrefetch(t, R[GetC(i)]);
        if (v.IsUndefined() && t->metatable != nullptr) HAND_BACK();
        R[a] = v;
        continue;
      }
      case Op::LSETINDEX: {
        const Value o = R[a], kv = R[GetB(i)], v = R[GetC(i)];
        if (!IS_LUATABLE(o) || o.AsObject()->is_shared()) HAND_BACK();
        auto* t = static_cast<LuaTable*>(o.AsObject());
        if (!kv.IsInt()) {
          if (t->metatable != nullptr || !(kv.IsString() || kv.IsBool() || kv.IsObject())) HAND_BACK();
          t->Set(*heap_, kv, v);
          continue;
        }
        const int64_t k = kv.AsInt();
        if (k >= 1 && static_cast<uint64_t>(k) <= t->arr.size() && !v.IsUndefined() &&
            !t->arr[k - 1].IsUndefined()) {
          t->arr[k - 1] = v;
          continue;
        }
        if (t->metatable != nullptr) HAND_BACK();
        t->SetInt(*heap_, k, v);
        continue;
      }
#define FAST_ARITH(OPC, IEXPR, FEXPR)                                                         \
  case Op::OPC: {                                                                           \
    const Value &xr = R[GetB(i)], &yr = R[GetC(i)];                                          \
    if (xr.IsInt() && yr.IsInt()) {                                                          \
      uint64_t ux = static_cast<uint64_t>(xr.AsInt()), uy = static_cast<uint64_t>(yr.AsInt()); \
      R[a] = Value::Int(static_cast<int64_t>(IEXPR));                                        \
      continue;                                                                              \
    }                                                                                        \
    if (xr.IsNumber() && yr.IsNumber()) {                                                    \
      double dx = xr.AsNumber(), dy = yr.AsNumber();                                         \
      R[a] = Value::Number(FEXPR);                                                           \
      continue;                                                                              \
    }                                                                                        \
    HAND_BACK();                                                                             \
  }
      FAST_ARITH(LADD, ux + uy, dx + dy)
      FAST_ARITH(LSUB, ux - uy, dx - dy)
      FAST_ARITH(LMUL, ux * uy, dx * dy)
#undef FAST_ARITH
#define FAST_ARITH_K(OPC, IEXPR, FEXPR)                                                      \
  case Op::OPC: {                                                                           \
    const Value& xr = R[GetB(i)];                                                            \
    const Value& yr = K[*pc++];                                                              \
    if (xr.IsInt() && yr.IsInt()) {                                                          \
      int64_t ix = xr.AsInt(), iy = yr.AsInt();                                              \
      uint64_t ux = static_cast<uint64_t>(ix), uy = static_cast<uint64_t>(iy);               \
      (void)ux, (void)uy;                                                                    \
      if (IEXPR) continue;                                                                   \
    } else if (xr.IsNumber() && yr.IsNumber()) {                                             \
      double dx = xr.AsNumber(), dy = yr.AsNumber();                                         \
      (void)dx, (void)dy;                                                                    \
      if (FEXPR) continue;                                                                   \
    }                                                                                        \
    HAND_BACK();                                                                             \
  }
#define SET(v) (R[a] = (v), true)
      FAST_ARITH_K(LADDK, SET(Value::Int(static_cast<int64_t>(ux + uy))), SET(Value::Number(dx + dy)))
      FAST_ARITH_K(LSUBK, SET(Value::Int(static_cast<int64_t>(ux - uy))), SET(Value::Number(dx - dy)))
      FAST_ARITH_K(LMULK, SET(Value::Int(static_cast<int64_t>(ux * uy))), SET(Value::Number(dx * dy)))
      FAST_ARITH_K(LDIVK, SET(Value::Number(static_cast<double>(ix) / static_cast<double>(iy))),
                   SET(Value::Number(dx / dy)))
      FAST_ARITH_K(LMODK, iy > 0 && SET(Value::Int(ix % iy < 0 ? ix % iy + iy : ix % iy)), false)
      FAST_ARITH_K(LIDIVK, iy > 0 && SET(Value::Int(ix / iy - (ix % iy < 0 ? 1 : 0))), false)
      FAST_ARITH_K(LBANDK, SET(Value::Int(ix & iy)), false)
      FAST_ARITH_K(LBORK, SET(Value::Int(ix | iy)), false)
      FAST_ARITH_K(LBXORK, SET(Value::Int(ix ^ iy)), false)
      FAST_ARITH_K(LSHLK, SET(Value::Int(lua::LuaShiftLeft(ix, iy))), false)
      FAST_ARITH_K(LSHRK, SET(Value::Int(lua::LuaShiftRight(ix, iy))), false)
#undef FAST_ARITH_K
#define FAST_INT(OPC, IEXPR)                                                                  \
  case Op::OPC: {                                                                           \
    const Value &xr = R[GetB(i)], &yr = R[GetC(i)];                                          \
    if (xr.IsInt() && yr.IsInt()) {                                                          \
      int64_t ix = xr.AsInt(), iy = yr.AsInt();                                              \
      if (IEXPR) continue;                                                                   \
    }                                                                                        \
    HAND_BACK();                                                                             \
  }
      FAST_INT(LMOD, iy > 0 && SET(Value::Int(ix % iy < 0 ? ix % iy + iy : ix % iy)))
      FAST_INT(LIDIV, iy > 0 && SET(Value::Int(ix / iy - (ix % iy < 0 ? 1 : 0))))
      FAST_INT(LBAND, SET(Value::Int(ix & iy)))
      FAST_INT(LBOR, SET(Value::Int(ix | iy)))
      FAST_INT(LBXOR, SET(Value::Int(ix ^ iy)))
      FAST_INT(LSHL, SET(Value::Int(lua::LuaShiftLeft(ix, iy))))
      FAST_INT(LSHR, SET(Value::Int(lua::LuaShiftRight(ix, iy))))
#undef FAST_INT
#undef SET
      case Op::LDIV: {
        const Value &xr = R[GetB(i)], &yr = R[GetC(i)];
        if (!(xr.IsInt() || xr.IsNumber()) || !(yr.IsInt() || yr.IsNumber())) HAND_BACK();
        const double dx = xr.IsInt() ? static_cast<double>(xr.AsInt()) : xr.AsNumber();
        const double dy = yr.IsInt() ? static_cast<double>(yr.AsInt()) : yr.AsNumber();
        R[a] = Value::Number(dx / dy);
        continue;
      }
      case Op::LUNM: {
        const Value x = R[GetB(i)];
        if (x.IsInt()) {
          R[a] = Value::Int(static_cast<int64_t>(0 - static_cast<uint64_t>(x.AsInt())));
        } else if (x.IsNumber()) {
          R[a] = Value::Number(-x.AsNumber());
        } else {
          HAND_BACK();
        }
        continue;
      }
      case Op::LLEN: {
        const Value x = R[GetB(i)];
        if (x.IsString()) {
          R[a] = Value::Int(x.AsString()->length());
          continue;
        }
        if (!IS_LUATABLE(x)) HAND_BACK();
        auto* t = static_cast<LuaTable*>(Resolve(x.AsObject()));
        if (t->metatable != nullptr) HAND_BACK();
        R[a] = Value::Int(t->Length());
        continue;
      }
      case Op::LSETFIELD: {
        const Value o = R[a], v = R[GetB(i)];
        if (!IS_LUATABLE(o) || o.AsObject()->is_shared()) HAND_BACK();
        auto* t = static_cast<LuaTable*>(o.AsObject());
        const Value key = K[*pc++];
        Proto* p = f->proto;
        auto& ic = p->ics[ip - p->code];
        if (!v.IsUndefined() && ic.slot < t->entries.size() &&
            t->entries[ic.slot].key.RawEquals(key) && !t->entries[ic.slot].value.IsUndefined()) {
          t->entries[ic.slot].value = v;
          continue;
        }
        if (t->metatable != nullptr) HAND_BACK();
        t->Set(*heap_, key, v);
        if (!p->is_shared() && !v.IsUndefined()) {
          const int32_t at = t->FindStr(key.AsString());
          if (at >= 0) ic.slot = static_cast<uint32_t>(at);
        }
        continue;
      }
      case Op::GETCELL: {
        const Value c = R[GetB(i)];
        if (!c.IsInternal() || c.AsHeap()->cell_kind() != CellKind::kCell) HAND_BACK();
        R[a] = static_cast<Cell*>(c.AsHeap())->value;
        continue;
      }
      case Op::SETCELL: {
        const Value c = R[a];
        if (!c.IsInternal() || c.AsHeap()->cell_kind() != CellKind::kCell) HAND_BACK();
        static_cast<Cell*>(c.AsHeap())->value = R[GetB(i)];
        continue;
      }
      case Op::SETUPVAL: {
        Cell* c = f->closure->upvals[GetB(i)];
        if (c->is_shared()) HAND_BACK();
        c->value = R[a];
        continue;
      }
      case Op::JMPUNDEF:
        if (R[a].IsUndefined()) {
          const int off = GetSBx(i);
          pc += off;
          if (off < 0) FAST_CHARGE();
        }
        continue;
      case Op::LFORPREP: {
        Value* ra = R + a;
        if (!(ra[0].IsInt() && ra[1].IsInt() && ra[2].IsInt() && ra[2].AsInt() != 0)) HAND_BACK();
        const int64_t i0 = ra[0].AsInt(), lim = ra[1].AsInt(), st = ra[2].AsInt();
        if (st > 0 ? i0 > lim : i0 < lim) {
          pc += GetSBx(i);
          continue;
        }
        const uint64_t count =
            st > 0 ? (static_cast<uint64_t>(lim) - static_cast<uint64_t>(i0)) / static_cast<uint64_t>(st)
                   : (static_cast<uint64_t>(i0) - static_cast<uint64_t>(lim)) /
                         (static_cast<uint64_t>(-(st + 1)) + 1u);
        ra[1] = Value::Int(static_cast<int64_t>(count));
        ra[3] = ra[0];
        continue;
      }
      case Op::LLT:
      case Op::LLE: {
        const Value &x = R[GetB(i)], &y = R[GetC(i)];
        const bool lt = GetOp(i) == Op::LLT;
        if (x.IsInt() && y.IsInt()) {
          cmp = lt ? x.AsInt() < y.AsInt() : x.AsInt() <= y.AsInt();
        } else if (x.IsNumber() && y.IsNumber()) {
          cmp = lt ? x.AsNumber() < y.AsNumber() : x.AsNumber() <= y.AsNumber();
        } else {
          HAND_BACK();
        }
        break;
      }
      case Op::LEQ:
      case Op::LNE: {
        const Value &x = R[GetB(i)], &y = R[GetC(i)];
        if (IS_LUATABLE(x) && IS_LUATABLE(y) && !x.RawEquals(y)) HAND_BACK();  // __eq may apply
        cmp = LuaEqualNoMeta(x, y) == (GetOp(i) == Op::LEQ);
        break;
      }
      case Op::LEQK:
      case Op::LNEK:
        cmp = LuaEqualNoMeta(R[GetB(i)], K[*pc++]) == (GetOp(i) == Op::LEQK);
        break;
#define FAST_CMP_K(OPC, CMP)                   \
  case Op::OPC: {                              \
    const Value& x = R[GetB(i)];               \
    const Value& y = K[*pc];                   \
    if (x.IsInt() && y.IsInt()) {              \
      cmp = x.AsInt() CMP y.AsInt();           \
    } else if (x.IsNumber() && y.IsNumber()) { \
      cmp = x.AsNumber() CMP y.AsNumber();     \
    } else {                                   \
      HAND_BACK();                             \
    }                                          \
    ++pc;                                      \
    break;                                     \
  }
      FAST_CMP_K(LLTK, <)
      FAST_CMP_K(LLEK, <=)
      FAST_CMP_K(LGTK, >)
      FAST_CMP_K(LGEK, >=)
#undef FAST_CMP_K
      case Op::LFORLOOP: {
        Value* ra = R + a;
        if (!ra[2].IsInt()) HAND_BACK();
        const auto count = static_cast<uint64_t>(ra[1].AsInt());
        if (count > 0) {
          ra[1] = Value::Int(static_cast<int64_t>(count - 1));
          const auto idx = static_cast<int64_t>(static_cast<uint64_t>(ra[0].AsInt()) +
                                                static_cast<uint64_t>(ra[2].AsInt()));
          ra[0] = Value::Int(idx);
          ra[3] = Value::Int(idx);
          pc += GetSBx(i);
          FAST_CHARGE();
        }
        continue;
      }
      case Op::LCALL: {
        // Execute's Lua-to-Lua fast path; anything else (natives, rest parameters, the depth
        // limit) goes back to it.
        const Value fnv = R[a];
        if (!fnv.IsObject()) HAND_BACK();
        Object* fo = fnv.AsObject();
        if (fo->klass() != ObjectClass::kFunction) HAND_BACK();
        if (static_cast<FunctionObject*>(fo)->type != FunctionType::kClosure) [[unlikely]] {
          if (LuaIteratorStep(fo, R + a, GetB(i), GetC(i))) continue;
          HAND_BACK();
        }
        auto* closure = static_cast<Closure*>(fo);
        Proto* cp = closure->proto_fn;
        if (cp->has_rest || frames_.size() > limits_.max_call_depth) HAND_BACK();
        f->pc = pc;
        const unsigned b = GetB(i), c = GetC(i);
        const uint32_t argc = b ? b - 1 : f->top - (f->base + a + 2);
        const uint32_t base = f->base + a + 1;
        const uint32_t nregs = cp->num_regs;
        const size_t need = static_cast<size_t>(base) + nregs + argc + 8;
        if (need + 512 > stack_.size()) EnsureStack(need);
        Value* NR = stack_.data() + base;
        NR[0] = Value::Undefined();
        const uint32_t nparams = cp->num_params;
        for (uint32_t j = argc; j < nparams; ++j) NR[1 + j] = Value::Undefined();
        for (uint32_t j = 1 + nparams; j < nregs; ++j) NR[j] = Value::Undefined();
        Frame& nf = frames_.emplace_back();
        nf.closure = closure;
        nf.proto = cp;
        nf.pc = cp->code;
        nf.base = base;
        nf.argc = argc;
        nf.site.kind = CallSite::Kind::kCall;
        nf.site.ret_reg = static_cast<uint8_t>(a);
        nf.site.want = static_cast<int16_t>(c ? static_cast<int>(c) - 1 : -1);
        ++steps_;
        if (--steps_until_check_ <= 0) {
          CheckLimits();
          return true;
        }
        f = &nf;
        goto enter;
      }
      case Op::LRET: {
        // Execute's one-result return to a Lua caller; the other returns go back to it.
        const unsigned b = GetB(i);
        if (f->site.kind != CallSite::Kind::kCall || f->site.lua_flags != 0 ||
            f->site.ret_transform != 0 || f->site.want != 1 || frames_.size() <= 1)
          HAND_BACK();
        const uint8_t ret_reg = f->site.ret_reg;
        const uint32_t n = b ? b - 1 : f->top - (f->base + a);
        const Value v = n > 0 ? R[a] : Value::Undefined();
        frames_.pop_back();
        f = &frames_.back();
        if (ret_reg != 255) stack_[f->base + ret_reg] = v;
        if (frames_.size() <= stop_depth) return true;
        goto enter;
      }
      default:
        HAND_BACK();
    }
    // A comparison's result: stored, and when the next instruction is the usual LJMPT/LJMPF on
    // that register, that jump runs here too (as Execute's lua_cmp_then_jump).
    R[a] = Value::Bool(cmp);
    const Instr n = *pc;
    const Op nop = GetOp(n);
    if ((nop == Op::LJMPF || nop == Op::LJMPT) && GetA(n) == a) {
      ++pc;
      if (cmp == (nop == Op::LJMPT)) {
        const int off = GetSBx(n);
        pc += off;
        if (off < 0) FAST_CHARGE();
      }
    }
  }
#undef HAND_BACK
#undef FAST_CHARGE
#undef IS_LUATABLE
}

void VM::Execute(size_t stop_depth) {
  const auto& in = realm_->intrinsics();
  bool lua_cmp = false;  // a Lua comparison's result on its way to lua_cmp_then_jump
  // The instruction ExecuteFast handed back: Execute runs that one itself (the others of
  // IsFastOp go to ExecuteFast).
  const Instr* handed_at = nullptr;
reload:
  if (frames_.size() <= stop_depth || termination_ != Termination::kNone || yield_pending_ ||
      lua_wait_active_)
    return;
  Frame* f = &frames_.back();
  // Lua calls and returns that cannot have changed the state `reload` checks (no limit check ran, the
  // frame stack is above stop_depth) come here with `f` set: the checks cost ~5 % of a call-heavy run.
enter:
  Proto* proto = f->proto;
  const Instr* code = proto->code;
  const Instr* pc = f->pc;
  Value* R = stack_.data() + f->base;
  const Value* K = proto->constants.data();
  const bool strict = proto->bc->strict;
  const bool shared_proto = proto->is_shared();

#define SAVE_PC() (f->pc = pc)
#define THROW_HERE()  \
  do {                \
    f->pc = ip + 1;   \
    Unwind();         \
    goto reload;      \
  } while (0)
#define AFTER_CALL(r)                         \
  do {                                        \
    if ((r) == CallResult::kThrew) {          \
      Unwind();                               \
    }                                         \
    goto reload;                              \
  } while (0)
#define HELPER(ret, ...)                                                         \
  do {                                                                           \
    f->pc = pc;                                                                  \
    CallResult hr_ = CallHelper(kHelperBinaryOp, static_cast<uint8_t>(ret), {__VA_ARGS__}); \
    AFTER_CALL(hr_);                                                             \
  } while (0)
// Registers the compiler always fills with one kind of value (cells, literals under construction,
// for-in iterators). Only a doctored snapshot can break this; a cheap check turns that into a clean
// internal error instead of undefined behaviour (DESIGN §3.7).
#define EXPECT_STATE(cond)                                                                 \
  do {                                                                                     \
    if (!(cond)) [[unlikely]] {                                                            \
      Terminate(Termination::kInternal, "corrupted run state (registers do not match the code)"); \
      return;                                                                              \
    }                                                                                      \
  } while (0)
#define IS_CELL(v) ((v).IsInternal() && (v).AsHeap()->cell_kind() == CellKind::kCell)
#define IS_KLASS(v, k) ((v).IsObject() && (v).AsObject()->klass() == (k))
#define OPNAME(op) Value::FromString(Intern(isa::kNames[static_cast<int>(op)]))
// The instruction at `ip` (an IsFastOp opcode) runs in ExecuteFast unless that just handed it back.
#define ENTER_FAST()          \
  do {                        \
    if (ip != handed_at) {    \
      f->pc = ip;             \
      goto to_fast;           \
    }                         \
    handed_at = nullptr;      \
  } while (0)
#define CHARGE() CHARGE_OR(goto reload)

  for (;;) {
    const Instr* ip = pc;
    Instr i = *pc++;
    f->pc = pc;  // errors created by this instruction report its location
    Op op = GetOp(i);
    unsigned a = GetA(i);
    switch (op) {
      case Op::MOVE:
        R[a] = R[GetB(i)];
        break;
      case Op::LOADK: {
        uint32_t k = GetBx(i);
        Value v = K[k];
        if (v.IsEmpty()) {
          const auto& c = proto->bc->constants[k];
          if (c.kind == bytecode::Constant::Kind::kTemplate) {
            if (proto->template_cache[k].IsUndefined()) {
              // The frozen strings array with .raw, cached per site (ECMA-262 §13.2.8.4).
              ArrayObject* strings = NewArray();
              ArrayObject* raws = NewArray();
              for (size_t j = 0; j < c.strings.size(); ++j) {
                bool ok = j < c.cooked_valid.size() ? c.cooked_valid[j] : true;
                ArrayPush(strings, ok ? Value::FromString(NewStringU16(c.strings[j])) : Value::Undefined());
              }
              for (const auto& r : c.raws) ArrayPush(raws, Value::FromString(NewStringU16(r)));
              SetIntegrityLevel(raws, true);
              DefineOwnProperty(strings, KeyFromAtom(atom(AtomId::raw)), Value::FromObject(raws), 0);
              SetIntegrityLevel(strings, true);
              if (!shared_proto) proto->template_cache[k] = Value::FromObject(strings);
              R[a] = Value::FromObject(strings);
              break;
            }
            R[a] = proto->template_cache[k];
            break;
          }
          // A BigInt literal over bigint::kMaxBits bits (or a doctored constant).
          ThrowRangeError("Maximum BigInt size exceeded");
          THROW_HERE();
        }
        R[a] = v;
        break;
      }
      case Op::LOADKX:
        R[a] = K[*pc++];
        break;
      case Op::LOADI:
        R[a] = Value::Number(GetSBx(i));
        break;
      case Op::LOADINT:
        R[a] = Value::Int(GetSBx(i));
        break;
      case Op::LOADUNDEF:
        R[a] = Value::Undefined();
        break;
      case Op::LOADNULL:
        R[a] = Value::Null();
        break;
      case Op::LOADTRUE:
        R[a] = Value::Bool(true);
        break;
      case Op::LOADFALSE:
        R[a] = Value::Bool(false);
        break;
      case Op::LOADEMPTY:
        R[a] = Value::Empty();
        break;
      case Op::LOADCALLEE:
        R[a] = Value::FromObject(f->closure);
        break;
      case Op::LOADNEWTARGET:
        R[a] = f->new_target;
        break;

      // ---------------------------------------------------------------- globals
      case Op::GETGLOBAL:
      case Op::GETGLOBALOPT: {
        uint32_t k = *pc++;
        Object* g = Resolve(in.global);
        auto& ic = proto->ics[ip - code];
        if (g->shape() == ic.shape) {
          R[a] = g->slots()[ic.slot];
          break;
        }
        const PropertyKey& key = proto->keys[k];
        int slot = g->shape()->Find(key.cell);
        if (slot >= 0 && !(g->shape()->entries()[slot].attrs & kAccessorProp)) {
          if (!shared_proto) ic = {g->shape(), static_cast<uint32_t>(slot)};
          R[a] = g->slots()[slot];
          break;
        }
        Value out, getter;
        Lookup l = FindProperty(g, key);
        if (!l.found) {
          if (op == Op::GETGLOBALOPT) {
            R[a] = Value::Undefined();
            break;
          }
          SAVE_PC();
          ThrowError(ErrorType::kReferenceError, absl::StrCat(KeyName(*this, key), " is not defined"));
          THROW_HERE();
        }
        if (!GetNoCall(Value::FromObject(g), g, key, &out, &getter)) {
          f->pc = pc;
          AFTER_CALL(CallValue(getter, Value::FromObject(in.global), static_cast<uint8_t>(a), {}));
        }
        R[a] = out;
        break;
      }
      case Op::SETGLOBAL: {
        uint32_t k = *pc++;
        const PropertyKey& key = proto->keys[k];
        Lookup l = FindProperty(in.global, key);
        if (!l.found && strict) {
          SAVE_PC();
          ThrowError(ErrorType::kReferenceError, absl::StrCat(KeyName(*this, key), " is not defined"));
          THROW_HERE();
        }
        Value setter;
        SetStatus st = SetProperty(in.global, key, R[a], &setter);
        if (st == SetStatus::kCallSetter) {
          f->pc = pc;
          AFTER_CALL(CallValue(setter, Value::FromObject(in.global), 255, {R[a]}));
        }
        if (st == SetStatus::kThrew) THROW_HERE();
        if (st == SetStatus::kFailed && strict) {
          ThrowTypeError(absl::StrCat("Cannot assign to read only property '", KeyName(*this, key),
                                      "' of object"));
          THROW_HERE();
        }
        break;
      }

      // ---------------------------------------------------------------- cells
      case Op::NEWCELL:
        R[a] = Value::Internal(NewCell(GetB(i) ? Value::Undefined() : Value::Empty()));
        break;
      case Op::GETCELL:
        EXPECT_STATE(IS_CELL(R[GetB(i)]));
        R[a] = static_cast<Cell*>(R[GetB(i)].AsHeap())->value;
        break;
      case Op::GETCELLCHK: {
        uint32_t k = *pc++;
        EXPECT_STATE(IS_CELL(R[GetB(i)]));
        Value v = static_cast<Cell*>(R[GetB(i)].AsHeap())->value;
        if (v.IsEmpty()) {
          ThrowError(ErrorType::kReferenceError,
                     TdzMessage(K[k]));
          THROW_HERE();
        }
        R[a] = v;
        break;
      }
      case Op::SETCELL:
        EXPECT_STATE(IS_CELL(R[a]));
        static_cast<Cell*>(R[a].AsHeap())->value = R[GetB(i)];
        break;
      case Op::SETCELLCHK: {
        uint32_t k = *pc++;
        EXPECT_STATE(IS_CELL(R[a]));
        Cell* c = static_cast<Cell*>(R[a].AsHeap());
        if (c->value.IsEmpty()) {
          ThrowError(ErrorType::kReferenceError,
                     TdzMessage(K[k]));
          THROW_HERE();
        }
        c->value = R[GetB(i)];
        break;
      }
      case Op::GETUPVAL:
        R[a] = f->closure->upvals[GetB(i)]->value;
        break;
      case Op::GETUPVALCHK: {
        uint32_t k = *pc++;
        Value v = f->closure->upvals[GetB(i)]->value;
        if (v.IsEmpty()) {
          ThrowError(ErrorType::kReferenceError,
                     TdzMessage(K[k]));
          THROW_HERE();
        }
        R[a] = v;
        break;
      }
      case Op::SETUPVAL: {
        Cell* c = f->closure->upvals[GetB(i)];
        if (c->is_shared()) {
          Terminate(Termination::kInternal, "prelude wrote a shared variable");
          return;
        }
        c->value = R[a];
        break;
      }
      case Op::SETUPVALCHK: {
        uint32_t k = *pc++;
        Cell* c = f->closure->upvals[GetB(i)];
        if (c->value.IsEmpty()) {
          ThrowError(ErrorType::kReferenceError,
                     TdzMessage(K[k]));
          THROW_HERE();
        }
        if (c->is_shared()) {
          Terminate(Termination::kInternal, "prelude wrote a shared variable");
          return;
        }
        c->value = R[a];
        break;
      }
      case Op::GETUPCELL:
        R[a] = Value::Internal(f->closure->upvals[GetB(i)]);
        break;
      case Op::CHECKTDZ: {
        uint32_t k = *pc++;
        if (R[a].IsEmpty()) {
          ThrowError(ErrorType::kReferenceError,
                     TdzMessage(K[k]));
          THROW_HERE();
        }
        break;
      }
      case Op::CLOSURE: {
        Proto* child = proto->children[GetBx(i)];
        R[a] = Value::FromObject(NewClosure(child, f->closure, R));
        break;
      }

      // ---------------------------------------------------------------- arithmetic
      case Op::ADD: {
        // Fast paths read the registers field by field: copying a whole Value right after the
        // previous instruction stored it as two words defeats store-to-load forwarding.
        if (const Value &xr = R[GetB(i)], &yr = R[GetC(i)]; xr.IsNumber() && yr.IsNumber()) {
          R[a] = Value::Number(xr.AsNumber() + yr.AsNumber());
          break;
        }
        Value x = R[GetB(i)], y = R[GetC(i)];
        if (x.IsObject() || y.IsObject()) HELPER(a, OPNAME(op), x, y);
        if (x.IsBigInt() || y.IsBigInt()) {
          Value r = BigIntBinary(Op::ADD, x, y);
          if (r.IsEmpty()) THROW_HERE();
          R[a] = r;
          break;
        }
        if (x.IsString() || y.IsString()) {
          String* sx = ToStringPrimitive(x);
          if (sx == nullptr) THROW_HERE();
          String* sy = ToStringPrimitive(y);
          if (sy == nullptr) THROW_HERE();
          String* r = Concat(sx, sy);
          if (r == nullptr) THROW_HERE();
          R[a] = Value::FromString(r);
          break;
        }
        double dx = ToNumberPrimitive(x), dy = ToNumberPrimitive(y);
        if (has_exception_) THROW_HERE();
        R[a] = Value::Number(dx + dy);
        break;
      }
      case Op::ADDI: {
        Value x = R[GetB(i)];
        int8_t c = isa::GetSC(i);
        if (x.IsNumber()) {
          R[a] = Value::Number(x.AsNumber() + c);
          break;
        }
        if (x.IsObject()) HELPER(a, OPNAME(Op::ADD), x, Value::Number(c));
        if (x.IsBigInt()) {
          BigIntBinary(Op::ADD, x, Value::Number(c));  // TypeError: mixing
          THROW_HERE();
        }
        if (x.IsString()) {
          String* r = Concat(x.AsString(), NumberToString(c));
          if (r == nullptr) THROW_HERE();
          R[a] = Value::FromString(r);
          break;
        }
        double dx = ToNumberPrimitive(x);
        if (has_exception_) THROW_HERE();
        R[a] = Value::Number(dx + c);
        break;
      }
      // Number-number fast paths, one case each (no second dispatch on the opcode); everything else
      // goes through the generic block below.
#define NUMERIC_FAST(OPC, EXPR)                                                       \
  case Op::OPC: {                                                                   \
    const Value &xr = R[GetB(i)], &yr = R[GetC(i)];                                  \
    if (xr.IsNumber() && yr.IsNumber()) {                                            \
      [[maybe_unused]] double dx = xr.AsNumber(), dy = yr.AsNumber();                \
      R[a] = Value::Number(EXPR);                                                    \
      break;                                                                         \
    }                                                                                \
    goto arith_generic;                                                              \
  }
      NUMERIC_FAST(SUB, dx - dy)
      NUMERIC_FAST(MUL, dx * dy)
      NUMERIC_FAST(DIV, dx / dy)
      NUMERIC_FAST(BAND, static_cast<double>(FastToInt32(dx) & FastToInt32(dy)))
      NUMERIC_FAST(BOR, static_cast<double>(FastToInt32(dx) | FastToInt32(dy)))
      NUMERIC_FAST(BXOR, static_cast<double>(FastToInt32(dx) ^ FastToInt32(dy)))
#undef NUMERIC_FAST
      case Op::MOD:
      case Op::POW:
      case Op::SHL:
      case Op::SHR:
      case Op::USHR:
      arith_generic: {
        double dx, dy;
        if (const Value &xr = R[GetB(i)], &yr = R[GetC(i)]; xr.IsNumber() && yr.IsNumber()) {
          dx = xr.AsNumber();
          dy = yr.AsNumber();
        } else {
          Value x = xr, y = yr;
          if (x.IsObject() || y.IsObject()) HELPER(a, OPNAME(op), x, y);
          if (x.IsBigInt() || y.IsBigInt()) {
            Value r = BigIntBinary(op, x, y);
            if (r.IsEmpty()) THROW_HERE();
            R[a] = r;
            break;
          }
          dx = ToNumberPrimitive(x);
          dy = ToNumberPrimitive(y);
          if (has_exception_) THROW_HERE();
        }
        double r;
        switch (op) {
          case Op::SUB:
            r = dx - dy;
            break;
          case Op::MUL:
            r = dx * dy;
            break;
          case Op::DIV:
            r = dx / dy;
            break;
          case Op::MOD:
            // Integral operands within ±2^53 (the common `i % n`, `(i * i) % p`): an integer
            // remainder is exact and far cheaper than fmod. The result takes the dividend's sign,
            // so a zero remainder of a negative dividend (or of -0) is -0 (ECMA-262 §6.1.6.1.6).
            if (std::fabs(dx) <= 9007199254740992.0 && std::fabs(dy) <= 9007199254740992.0 &&
                dy != 0) {
              auto ix = static_cast<int64_t>(dx), iy = static_cast<int64_t>(dy);
              if (static_cast<double>(ix) == dx && static_cast<double>(iy) == dy) {
                int64_t m = ix % iy;
                r = m == 0 && std::signbit(dx) ? -0.0 : static_cast<double>(m);
                break;
              }
            }
            r = support::NumberRemainder(dx, dy);
            break;
          case Op::POW:
            r = support::NumberExponentiate(dx, dy);
            break;
          case Op::BAND:
            r = FastToInt32(dx) & FastToInt32(dy);
            break;
          case Op::BOR:
            r = FastToInt32(dx) | FastToInt32(dy);
            break;
          case Op::BXOR:
            r = FastToInt32(dx) ^ FastToInt32(dy);
            break;
          case Op::SHL:
            r = static_cast<int32_t>(static_cast<uint32_t>(support::ToInt32(dx))
                                     << (support::ToUint32(dy) & 31));
            break;
          case Op::SHR:
            r = FastToInt32(dx) >> (support::ToUint32(dy) & 31);
            break;
          default:
            r = support::ToUint32(dx) >> (support::ToUint32(dy) & 31);
            break;
        }
        R[a] = Value::Number(r);
        break;
      }
      case Op::EQ:
      case Op::NE: {
        Value x = R[GetB(i)], y = R[GetC(i)];
        bool eq;
        if (x.IsNumber() && y.IsNumber()) {
          eq = x.AsNumber() == y.AsNumber();
        } else if (x.tag() == y.tag()) {
          eq = StrictEquals(x, y);
        } else if (x.IsNullish() && y.IsNullish()) {
          eq = true;
        } else if (x.IsNullish() || y.IsNullish()) {
          eq = false;
        } else if (x.IsObject() || y.IsObject()) {
          HELPER(a, OPNAME(op), x, y);
        } else if (x.IsSymbol() || y.IsSymbol()) {
          eq = false;
        } else if (x.IsBigInt() || y.IsBigInt()) {
          eq = x.IsBigInt() ? BigIntLooseEquals(x, y) : BigIntLooseEquals(y, x);
        } else {
          eq = ToNumberPrimitive(x) == ToNumberPrimitive(y);
        }
        R[a] = Value::Bool(op == Op::EQ ? eq : !eq);
        break;
      }
      case Op::SEQ:
        R[a] = Value::Bool(StrictEquals(R[GetB(i)], R[GetC(i)]));
        break;
      case Op::SNE:
        R[a] = Value::Bool(!StrictEquals(R[GetB(i)], R[GetC(i)]));
        break;
      case Op::LT:
      case Op::LE:
      case Op::GT:
      case Op::GE: {
        bool r;
        if (const Value &xr = R[GetB(i)], &yr = R[GetC(i)]; xr.IsNumber() && yr.IsNumber()) {
          double dx = xr.AsNumber(), dy = yr.AsNumber();
          R[a] = Value::Bool(op == Op::LT   ? dx < dy
                             : op == Op::LE ? dx <= dy
                             : op == Op::GT ? dx > dy
                                            : dx >= dy);
          break;
        }
        Value x = R[GetB(i)], y = R[GetC(i)];
        if (x.IsString() && y.IsString()) {
          int c = String::Compare(x.AsString(), y.AsString());
          r = op == Op::LT ? c < 0 : op == Op::LE ? c <= 0 : op == Op::GT ? c > 0 : c >= 0;
        } else {
          if (x.IsObject() || y.IsObject()) HELPER(a, OPNAME(op), x, y);
          if (x.IsBigInt() || y.IsBigInt()) {
            // §13.10.1: a > b is b < a; a <= b is !(b < a); undefined (2) makes every form false.
            bool swap = op == Op::GT || op == Op::LE;
            int lt = swap ? BigIntLessThan(y, x) : BigIntLessThan(x, y);
            if (has_exception_) THROW_HERE();
            r = lt == 2 ? false : (op == Op::LT || op == Op::GT) ? lt == 1 : lt == 0;
            R[a] = Value::Bool(r);
            break;
          }
          double dx = ToNumberPrimitive(x), dy = ToNumberPrimitive(y);
          if (has_exception_) THROW_HERE();
          r = op == Op::LT ? dx < dy : op == Op::LE ? dx <= dy : op == Op::GT ? dx > dy : dx >= dy;
        }
        R[a] = Value::Bool(r);
        break;
      }
      case Op::INSTANCEOF: {
        Value x = R[GetB(i)], y = R[GetC(i)];
        if (!y.IsObject()) {
          ThrowTypeError("Right-hand side of 'instanceof' is not an object");
          THROW_HERE();
        }
        Value hi, getter;
        if (!GetNoCall(y, y.AsObject(), PropertyKey::Sym(in.sym_has_instance), &hi, &getter) ||
            (!hi.IsUndefined() && !(hi.IsObject() && Resolve(hi.AsObject())->klass() == ObjectClass::kFunction &&
                                    static_cast<FunctionObject*>(hi.AsObject())->type == FunctionType::kNative)) ||
            (y.IsObject() && IsCallable(y) &&
             static_cast<FunctionObject*>(y.AsObject())->type == FunctionType::kBound)) {
          HELPER(a, OPNAME(op), x, y);
        }
        if (!IsCallable(y)) {
          ThrowTypeError("Right-hand side of 'instanceof' is not callable");
          THROW_HERE();
        }
        if (!x.IsObject()) {
          R[a] = Value::Bool(false);
          break;
        }
        Value pv;
        if (!GetNoCall(y, y.AsObject(), KeyFromAtom(atom(AtomId::prototype)), &pv, &getter))
          HELPER(a, OPNAME(op), x, y);
        if (!pv.IsObject()) {
          ThrowTypeError("Function has non-object prototype in instanceof check");
          THROW_HERE();
        }
        bool found = false;
        for (Object* o = Resolve(x.AsObject())->proto(); o != nullptr; o = Resolve(o)->proto()) {
          if (o == pv.AsObject()) {
            found = true;
            break;
          }
        }
        R[a] = Value::Bool(found);
        break;
      }
      case Op::IN: {
        Value k = R[GetB(i)], o = R[GetC(i)];
        if (!o.IsObject()) {
          String* ks = k.IsObject() ? nullptr : ToStringPrimitive(k);
          ClearException();
          ThrowTypeError(absl::StrCat("Cannot use 'in' operator to search for '",
                                      ks ? ks->ToUtf8() : "key", "' in ", DescribeForError(*this, o)));
          THROW_HERE();
        }
        if (k.IsObject()) HELPER(a, OPNAME(op), k, o);
        uint32_t idx;
        if (k.IsNumber() && IsIntIndex(k.AsNumber(), &idx)) {
          // A present dense element is an own property: `k in O` of the prelude's array loops.
          Object* obj = Resolve(o.AsObject());
          if (idx < obj->elements().size() && !obj->elements()[idx].IsEmpty()) {
            R[a] = Value::Bool(true);
            break;
          }
        }
        R[a] = Value::Bool(FindProperty(o.AsObject(), KeyFromPrimitive(k)).found);
        break;
      }

      // ---------------------------------------------------------------- unary
      case Op::NEG:
      case Op::TONUMBER:
      case Op::TONUMERIC:
      case Op::INC:
      case Op::DEC:
      case Op::BNOT: {
        Value x = R[GetB(i)];
        double d;
        if (x.IsNumber()) {
          d = x.AsNumber();
        } else {
          if (x.IsObject()) HELPER(a, OPNAME(op), x, Value::Undefined());
          if (x.IsBigInt()) {
            Value r = BigIntUnary(op, x);
            if (r.IsEmpty()) THROW_HERE();
            R[a] = r;
            break;
          }
          d = ToNumberPrimitive(x);
          if (has_exception_) THROW_HERE();
        }
        switch (op) {
          case Op::NEG:
            d = -d;
            break;
          case Op::INC:
            d = d + 1;
            break;
          case Op::DEC:
            d = d - 1;
            break;
          case Op::BNOT:
            d = ~support::ToInt32(d);
            break;
          default:
            break;
        }
        R[a] = Value::Number(d);
        break;
      }
      case Op::NOT:
        R[a] = Value::Bool(!ToBoolean(R[GetB(i)]));
        break;
      case Op::TYPEOF:
        R[a] = Value::FromString(TypeOf(R[GetB(i)]));
        break;
      case Op::TOSTRING: {
        Value x = R[GetB(i)];
        if (x.IsString()) {
          R[a] = x;
          break;
        }
        if (x.IsObject()) {
          f->pc = pc;
          AFTER_CALL(CallHelper(static_cast<int>(HelperId::kToStringSlow), static_cast<uint8_t>(a), {x}));
        }
        String* s = ToStringPrimitive(x);
        if (s == nullptr) THROW_HERE();
        R[a] = Value::FromString(s);
        break;
      }
      case Op::TOPROPKEY: {
        Value x = R[GetB(i)];
        if (x.IsObject()) {
          f->pc = pc;
          AFTER_CALL(CallHelper(static_cast<int>(HelperId::kToPropertyKeySlow), static_cast<uint8_t>(a), {x}));
        }
        if (x.IsString() || x.IsSymbol()) {
          R[a] = x;
          break;
        }
        String* s = ToStringPrimitive(x);
        if (s == nullptr) THROW_HERE();
        R[a] = Value::FromString(s);
        break;
      }
      case Op::CONCAT: {
        unsigned b = GetB(i), n = GetC(i);
        String* acc = empty_string();
        for (unsigned j = 0; j < n; ++j) {
          Value v = R[b + j];
          String* s = v.IsString() ? v.AsString() : ToStringPrimitive(v);
          if (s == nullptr) THROW_HERE();
          acc = Concat(acc, s);
          if (acc == nullptr) THROW_HERE();
        }
        R[a] = Value::FromString(acc);
        break;
      }

      // ---------------------------------------------------------------- jumps
      case Op::JMP: {
        int off = GetSBx(i);
        pc += off;
        if (off < 0) CHARGE();
        break;
      }
      case Op::JMPT:
      case Op::JMPF:
      case Op::JMPNULLISH:
      case Op::JMPNOTNULLISH:
      case Op::JMPUNDEF:
      case Op::JMPNOTUNDEF:
      case Op::JMPEMPTY:
      case Op::JMPNOTEMPTY: {
        Value v = R[a];
        bool take;
        switch (op) {
          case Op::JMPT:  // booleans (comparison results) inline, the rest through ToBoolean
            take = v.IsBool() ? v.AsBool() : ToBoolean(v);
            break;
          case Op::JMPF:
            take = v.IsBool() ? !v.AsBool() : !ToBoolean(v);
            break;
          case Op::JMPNULLISH:
            take = v.IsNullish();
            break;
          case Op::JMPNOTNULLISH:
            take = !v.IsNullish();
            break;
          case Op::JMPUNDEF:
            take = v.IsUndefined();
            break;
          case Op::JMPNOTUNDEF:
            take = !v.IsUndefined();
            break;
          case Op::JMPEMPTY:
            take = v.IsEmpty();
            break;
          default:
            take = !v.IsEmpty();
            break;
        }
        if (take) {
          int off = GetSBx(i);
          pc += off;
          if (off < 0) CHARGE();
        }
        break;
      }

      // ---------------------------------------------------------------- objects
      case Op::NEWOBJECT:
        R[a] = Value::FromObject(NewObject());
        break;
      case Op::NEWARRAY:
        R[a] = Value::FromObject(NewArray(GetB(i)));
        break;
      case Op::GETFIELD: {
        uint32_t k = *pc++;
        Value o = R[GetB(i)];
        const PropertyKey& key = proto->keys[k];
        Object* start;
        if (o.IsObject()) {
          Object* obj = Resolve(o.AsObject());
          auto& ic = proto->ics[ip - code];
          if (obj->shape() == ic.shape) {
            R[a] = obj->slots()[ic.slot];
            break;
          }
          if (obj->klass() == ObjectClass::kArray && key.cell == atom(AtomId::length)) {
            R[a] = Value::Number(static_cast<ArrayObject*>(obj)->length);
            break;
          }
          if (!key.is_index()) {
            int slot = obj->shape()->Find(key.cell);
            if (slot >= 0 && !(obj->shape()->entries()[slot].attrs & kAccessorProp)) {
              if (!shared_proto) ic = {obj->shape(), static_cast<uint32_t>(slot)};
              R[a] = obj->slots()[slot];
              break;
            }
          }
          start = obj;
        } else if (o.IsString()) {
          if (key.cell == atom(AtomId::length)) {
            R[a] = Value::Number(o.AsString()->length());
            break;
          }
          if (key.is_index()) {
            String* s = o.AsString();
            R[a] = key.index < s->length() ? Value::FromString(Substring(s, key.index, key.index + 1))
                                           : Value::Undefined();
            break;
          }
          start = in.string_prototype;
        } else if (o.IsNumber() || o.IsInt()) {
          start = in.number_prototype;
        } else if (o.IsBool()) {
          start = in.boolean_prototype;
        } else if (o.IsSymbol()) {
          start = in.symbol_prototype;
        } else if (o.IsBigInt()) {
          start = in.bigint_prototype;
        } else {
          ThrowTypeError(ReadOfNullishMessage(*this, o, key));
          THROW_HERE();
        }
        Value out, getter;
        if (!GetNoCall(o, start, key, &out, &getter)) {
          f->pc = pc;
          AFTER_CALL(CallValue(getter, o, static_cast<uint8_t>(a), {}));
        }
        R[a] = out;
        break;
      }
      case Op::GETINDEX: {
        Value o = R[GetB(i)], kv = R[GetC(i)];
        uint32_t idx;
        if (o.IsObject() && kv.IsNumber() && IsIntIndex(kv.AsNumber(), &idx)) {
          Object* obj = Resolve(o.AsObject());
          auto& el = obj->elements();
          if (idx < el.size() && !el[idx].IsEmpty()) {
            R[a] = el[idx];
            break;
          }
          if (obj->klass() == ObjectClass::kTypedArray) {  // integer-indexed exotic (§10.4.5.4)
            auto* ta = static_cast<TypedArrayObject*>(obj);
            R[a] = idx < ta->length ? TypedGet(*this, ta, idx) : Value::Undefined();
            break;
          }
        } else if (o.IsString() && kv.IsNumber() && IsIntIndex(kv.AsNumber(), &idx)) {
          String* s = o.AsString();
          if (idx < s->length()) {
            char16_t c = s->At(idx);
            if (c < 128) {
              char ch = static_cast<char>(c);
              R[a] = Value::FromString(Intern(std::string_view(&ch, 1)));
            } else {
              R[a] = Value::FromString(Substring(s, idx, idx + 1));
            }
            break;
          }
        }
        if (kv.IsObject()) HELPER(a, OPNAME(op), o, kv);
        PropertyKey key = KeyFromPrimitive(kv);
        Object* start;
        if (o.IsObject()) {
          start = o.AsObject();
          if (!key.is_index() && key.cell == atom(AtomId::length) &&
              Resolve(start)->klass() == ObjectClass::kArray) {
            R[a] = Value::Number(static_cast<ArrayObject*>(Resolve(start))->length);
            break;
          }
        } else if (o.IsString()) {
          if (!key.is_index() && key.cell == atom(AtomId::length)) {
            R[a] = Value::Number(o.AsString()->length());
            break;
          }
          if (key.is_index()) {
            R[a] = Value::Undefined();
            break;
          }
          start = in.string_prototype;
        } else if (o.IsNumber() || o.IsInt()) {
          start = in.number_prototype;
        } else if (o.IsBool()) {
          start = in.boolean_prototype;
        } else if (o.IsSymbol()) {
          start = in.symbol_prototype;
        } else if (o.IsBigInt()) {
          start = in.bigint_prototype;
        } else {
          ThrowTypeError(ReadOfNullishMessage(*this, o, key));
          THROW_HERE();
        }
        Value out, getter;
        if (!GetNoCall(o, start, key, &out, &getter)) {
          f->pc = pc;
          AFTER_CALL(CallValue(getter, o, static_cast<uint8_t>(a), {}));
        }
        R[a] = out;
        break;
      }
      case Op::SETFIELD:
      case Op::SETINDEX: {
        Value o, v;
        PropertyKey key;
        if (op == Op::SETFIELD) {
          uint32_t k = *pc++;
          o = R[a];
          v = R[GetB(i)];
          key = proto->keys[k];
          if (o.IsObject()) {
            Object* obj = Resolve(o.AsObject());
            auto& ic = proto->ics[ip - code];
            if (obj->shape() == ic.shape && !obj->is_shared()) {
              obj->slots()[ic.slot] = v;
              break;
            }
            if (!key.is_index() && !obj->is_shared()) {
              int slot = obj->shape()->Find(key.cell);
              if (slot >= 0 && (obj->shape()->entries()[slot].attrs & (kWritable | kAccessorProp)) == kWritable) {
                if (!shared_proto) ic = {obj->shape(), static_cast<uint32_t>(slot)};
                obj->slots()[slot] = v;
                break;
              }
            }
          }
        } else {
          o = R[a];
          Value kv = R[GetB(i)];
          v = R[GetC(i)];
          uint32_t idx;
          if (o.IsObject() && kv.IsNumber() && IsIntIndex(kv.AsNumber(), &idx)) {
            Object* obj = Resolve(o.AsObject());
            if (obj->klass() == ObjectClass::kTypedArray && v.IsNumber() &&
                !IsBigIntKind(static_cast<TypedArrayObject*>(obj)->kind)) {  // §10.4.5.5
              auto* ta = static_cast<TypedArrayObject*>(obj);
              if (idx < ta->length) TypedSet(ta, idx, v.AsNumber());
              break;
            }
            if (!obj->is_shared() && obj->simple_elements()) {
              auto& el = obj->elements();
              if (idx < el.size() && !el[idx].IsEmpty()) {
                el[idx] = v;
                break;
              }
              if (obj->klass() == ObjectClass::kArray && obj->extensible()) {
                auto* arr = static_cast<ArrayObject*>(obj);
                if (idx == arr->length && el.size() == idx && arr->length_writable) {
                  ArrayPush(arr, v);
                  break;
                }
              }
            }
          }
          if (kv.IsObject()) HELPER(255, OPNAME(op), o, kv, v);
          key = KeyFromPrimitive(kv);
        }
        if (!o.IsObject()) {
          if (o.IsNullish()) {
            ThrowTypeError(absl::StrCat("Cannot set properties of ", DescribeForError(*this, o),
                                        " (setting '", KeyName(*this, key), "')"));
            THROW_HERE();
          }
          // Primitives: setters on the prototype still run; otherwise ignored (TypeError in strict).
          Object* start = o.IsString() ? in.string_prototype
                          : o.IsBool() ? in.boolean_prototype
                          : o.IsSymbol() ? in.symbol_prototype
                                         : in.number_prototype;
          Lookup l = FindProperty(start, key);
          if (l.found && l.is_accessor() && IsCallable(static_cast<Accessor*>(l.value.AsHeap())->setter)) {
            f->pc = pc;
            AFTER_CALL(CallValue(static_cast<Accessor*>(l.value.AsHeap())->setter, o, 255, {v}));
          }
          if (strict) {
            ThrowTypeError(absl::StrCat("Cannot create property '", KeyName(*this, key), "' on ",
                                        DescribeForError(*this, o)));
            THROW_HERE();
          }
          break;
        }
        if (v.IsObject() && Resolve(o.AsObject())->klass() == ObjectClass::kTypedArray &&
            (key.is_index() || (key.kind == PropertyKey::Kind::kAtom &&
                                IsCanonicalNumericString(*this, key.atom())))) {
          // TypedArraySetElement converts with ToNumber (program code: valueOf) before storing.
          HELPER(255, OPNAME(Op::SETINDEX), o, KeyToValue(key), v);
        }
        Value setter;
        SetStatus st = SetProperty(o.AsObject(), key, v, &setter);
        if (st == SetStatus::kCallSetter) {
          f->pc = pc;
          AFTER_CALL(CallValue(setter, o, 255, {v}));
        }
        if (st == SetStatus::kThrew) {
          if (termination_ != Termination::kNone) return;
          THROW_HERE();
        }
        if (st == SetStatus::kFailed && strict) {
          ThrowTypeError(absl::StrCat("Cannot assign to read only property '", KeyName(*this, key),
                                      "' of object"));
          THROW_HERE();
        }
        break;
      }
      case Op::DEFFIELD: {
        uint32_t k = *pc++;
        // Inline cache of the add-property transition: ics[ip] = {shape before, slot}, ics[ip + 1] (the
        // extra word's entry, unused otherwise) = {shape after}. A hit is an ordinary extensible object
        // of a run whose shape lacks the key, so CreateDataProperty only appends the slot.
        EXPECT_STATE(R[a].IsObject());
        Object* dobj = R[a].AsObject();
        auto& dic = proto->ics[ip - code];
        if (dobj->shape_ == dic.shape && dic.shape != nullptr && !dobj->is_shared() &&
            dobj->klass_ == ObjectClass::kOrdinary && dobj->extensible_ &&
            dobj->slots_.size() == dic.slot) {
          size_t before_bytes = dobj->slots_.HeapBytes();
          dobj->slots_.push_back(R[GetB(i)]);
          dobj->shape_ = proto->ics[ip - code + 1].shape;
          if (dobj->slots_.HeapBytes() != before_bytes)
            heap_->Account(static_cast<int64_t>(dobj->slots_.HeapBytes() - before_bytes));
          break;
        }
        Shape* before = dobj->shape_;
        size_t slots_before = dobj->slots_.size();
        if (!DefineOwnProperty(dobj, proto->keys[k], R[GetB(i)], kDefaultAttrs)) {
          ThrowTypeError(absl::StrCat("Cannot define property ", KeyName(*this, proto->keys[k])));
          THROW_HERE();
        }
        if (termination_ != Termination::kNone) return;
        Shape* after = dobj->shape_;
        if (!shared_proto && dobj->klass_ == ObjectClass::kOrdinary && !dobj->is_shared() &&
            after != before && !before->dictionary() && !after->dictionary() &&
            !proto->keys[k].is_index() && before->entries().size() == slots_before &&
            after->entries().size() == slots_before + 1 && dobj->slots_.size() == slots_before + 1 &&
            after->entries().back().key == proto->keys[k].cell &&
            after->entries().back().attrs == kDefaultAttrs) {
          dic = {before, static_cast<uint32_t>(slots_before)};
          proto->ics[ip - code + 1] = {after, 0};
        }
        break;
      }
      case Op::DEFINDEX: {
        Value kv = R[GetB(i)];
        if (kv.IsObject()) {
          ThrowTypeError("internal error: computed key was not converted");
          THROW_HERE();
        }
        PropertyKey key = KeyFromPrimitive(kv);
        EXPECT_STATE(R[a].IsObject());
        if (!DefineOwnProperty(R[a].AsObject(), key, R[GetC(i)], kDefaultAttrs)) {
          ThrowTypeError(absl::StrCat("Cannot define property ", KeyName(*this, key)));
          THROW_HERE();
        }
        if (termination_ != Termination::kNone) return;
        break;
      }
      case Op::DEFGETTER:
      case Op::DEFSETTER: {
        Value kv = R[GetB(i)];
        PropertyKey key = KeyFromPrimitive(kv.IsObject() ? Value::Undefined() : kv);
        Value fnv = R[GetC(i)];
        EXPECT_STATE(R[a].IsObject());
        if (op == Op::DEFGETTER) {
          DefineAccessor(R[a].AsObject(), key, fnv, Value::Empty(), kEnumerable | kConfigurable);
        } else {
          DefineAccessor(R[a].AsObject(), key, Value::Empty(), fnv, kEnumerable | kConfigurable);
        }
        break;
      }
      case Op::SETPROTO: {
        Value p = R[GetB(i)];
        if (p.IsObject() || p.IsNull()) {
          EXPECT_STATE(R[a].IsObject());
          Object* o = Writable(R[a].AsObject());
          o->set_proto(p.IsNull() ? nullptr : p.AsObject());
        }
        break;
      }
      case Op::DELFIELD:
      case Op::DELINDEX: {
        Value o = R[GetB(i)];
        PropertyKey key;
        if (op == Op::DELFIELD) {
          key = proto->keys[*pc++];
        } else {
          Value kv = R[GetC(i)];
          if (kv.IsObject()) HELPER(a, OPNAME(op), o, kv);
          key = KeyFromPrimitive(kv);
        }
        if (o.IsNullish()) {
          ThrowTypeError(absl::StrCat("Cannot convert undefined or null to object"));
          THROW_HERE();
        }
        bool ok = true;
        if (o.IsObject()) {
          ok = DeleteProperty(o.AsObject(), key);
        } else if (o.IsString()) {
          ok = !(key.is_index() && key.index < o.AsString()->length()) &&
               !(!key.is_index() && key.cell == atom(AtomId::length));
        }
        if (!ok && strict) {
          ThrowTypeError(absl::StrCat("Cannot delete property '", KeyName(*this, key), "' of ",
                                      DescribeForError(*this, o)));
          THROW_HERE();
        }
        R[a] = Value::Bool(ok);
        break;
      }
      case Op::APPEND:
        EXPECT_STATE(IS_KLASS(R[a], ObjectClass::kArray));
        ArrayPush(static_cast<ArrayObject*>(R[a].AsObject()), R[GetB(i)]);
        if (termination_ != Termination::kNone) return;
        break;
      case Op::APPENDHOLE: {
        EXPECT_STATE(IS_KLASS(R[a], ObjectClass::kArray));
        auto* arr = static_cast<ArrayObject*>(R[a].AsObject());
        arr->length++;
        break;
      }
      case Op::SPREAD: {
        EXPECT_STATE(IS_KLASS(R[a], ObjectClass::kArray));
        auto* arr = static_cast<ArrayObject*>(R[a].AsObject());
        Value src = R[GetB(i)];
        if (src.IsObject() && Resolve(src.AsObject())->klass() == ObjectClass::kArray &&
            PRISTINE(in.array_prototype) && PRISTINE(in.array_iterator_prototype) &&
            Resolve(src.AsObject())->shape()->Find(in.sym_iterator) < 0 &&
            Resolve(src.AsObject())->proto() == in.array_prototype &&
            Resolve(src.AsObject())->simple_elements()) {
          auto* s = static_cast<ArrayObject*>(Resolve(src.AsObject()));
          ChargeSteps(s->length / 16);
          for (uint32_t j = 0; j < s->length; ++j) {
            Value v = j < s->elements().size() ? s->elements()[j] : Value::Empty();
            ArrayPush(arr, v.IsEmpty() ? Value::Undefined() : v);
          }
          if (termination_ != Termination::kNone) return;
          break;
        }
        if (src.IsString() && PRISTINE(in.string_prototype) && PRISTINE(in.string_iterator_prototype)) {
          String* s = src.AsString();
          uint32_t n = s->length();
          for (uint32_t j = 0; j < n;) {
            char16_t c = s->At(j);
            uint32_t len = (c >= 0xD800 && c <= 0xDBFF && j + 1 < n && s->At(j + 1) >= 0xDC00 &&
                            s->At(j + 1) <= 0xDFFF)
                               ? 2
                               : 1;
            ArrayPush(arr, Value::FromString(Substring(s, j, j + len)));
            j += len;
          }
          break;
        }
        // A source without a callable @@iterator fails here, where the message can name it.
        if (src.IsNullish()) {
          ThrowTypeError(NotIterableMessage(src));
          THROW_HERE();
        }
        {
          Value method, getter;
          if (GetNoCall(src, LookupStart(in, src), PropertyKey::Sym(in.sym_iterator), &method,
                        &getter) &&
              !IsCallable(method)) {
            ThrowTypeError(NotIterableMessage(src));
            THROW_HERE();
          }
        }
        f->pc = pc;
        AFTER_CALL(CallHelper(static_cast<int>(HelperId::kSpreadSlow), 255, {R[a], src}));
      }
      case Op::COPYPROPS:
      case Op::OBJREST: {
        Value target = R[a], src = R[GetB(i)];
        Value excluded = op == Op::OBJREST ? R[GetC(i)] : Value::Undefined();
        if (op == Op::OBJREST) target = Value::FromObject(NewObject());
        if (src.IsNullish()) {
          if (op == Op::OBJREST) {
            ThrowTypeError("Cannot destructure 'undefined' as it is undefined.");
            THROW_HERE();
          }
          break;
        }
        if (src.IsObject()) {
          Object* so = Resolve(src.AsObject());
          bool plain = so->klass() == ObjectClass::kOrdinary || so->klass() == ObjectClass::kArray;
          if (plain) {
            for (auto& e : so->shape()->entries())
              if (e.attrs & kAccessorProp) plain = false;
          }
          if (plain) {
            std::vector<PropertyKey> keys = OwnKeys(so, true, true, true);
            std::vector<PropertyKey> skip;
            if (excluded.IsObject())
              for (auto& v : Resolve(excluded.AsObject())->elements())
                if (!v.IsEmpty() && !v.IsObject()) skip.push_back(KeyFromPrimitive(v));
            for (auto& key : keys) {
              bool skipped = false;
              for (auto& s : skip)
                if (s == key) skipped = true;
              if (skipped) continue;
              Lookup l = GetOwnProperty(so, key);
              DefineOwnProperty(target.AsObject(), key, l.value, kDefaultAttrs);
            }
            if (op == Op::OBJREST) R[a] = target;
            break;
          }
        } else if (!src.IsString()) {
          if (op == Op::OBJREST) R[a] = target;
          break;
        }
        f->pc = pc;
        if (op == Op::OBJREST) {
          AFTER_CALL(CallHelper(static_cast<int>(HelperId::kCopyPropsSlow), static_cast<uint8_t>(a),
                                {target, src, excluded}));
        }
        AFTER_CALL(CallHelper(static_cast<int>(HelperId::kCopyPropsSlow), 255,
                              {target, src, Value::Undefined()}));
      }

      // ---------------------------------------------------------------- calls
      case Op::CALL:
      case Op::NEW: {
        f->pc = pc;
        if (op == Op::CALL && R[a].IsObject()) {
          // Fast path of PushCall for the common case: a plain closure (no rest, no arguments object,
          // not async, not a class constructor) whose `this` needs no conversion. The frame is built
          // in place; everything else goes through PushCall.
          Object* fo = R[a].AsObject();
          if (fo->klass() == ObjectClass::kFunction &&
              static_cast<FunctionObject*>(fo)->type == FunctionType::kClosure) {
            auto* closure = static_cast<Closure*>(fo);
            Proto* cp = closure->proto_fn;
            const auto* cbc = cp->bc;
            Value this_value = R[a + 1];
            if (!cbc->has_rest && !cbc->needs_arguments && !cbc->is_async && !cbc->is_generator &&
                cbc->kind != bytecode::FunctionKind::kClassConstructor &&
                cbc->kind != bytecode::FunctionKind::kDerivedConstructor &&
                (cbc->strict || cbc->kind == bytecode::FunctionKind::kArrow || this_value.IsObject() ||
                 this_value.IsNullish()) &&
                frames_.size() <= limits_.max_call_depth) {
              uint32_t argc = GetB(i);
              uint32_t base = f->base + a + 1;
              EnsureStack(static_cast<size_t>(base) + cbc->num_regs + argc + 8);
              Value* NR = stack_.data() + base;
              if (this_value.IsNullish() && !cbc->strict && cbc->kind != bytecode::FunctionKind::kArrow)
                NR[0] = Value::FromObject(global());  // sloppy-mode `this` (ECMA-262 §10.2.1.2)
              uint32_t nparams = cbc->num_params;
              for (uint32_t j = argc; j < nparams; ++j) NR[1 + j] = Value::Undefined();
              for (uint32_t j = 1 + nparams; j < cbc->num_regs; ++j) NR[j] = Value::Undefined();
              Frame& nf = frames_.emplace_back();
              nf.closure = closure;
              nf.proto = cp;
              nf.pc = cbc->code.data();
              nf.base = base;
              nf.argc = argc;
              nf.site.kind = CallSite::Kind::kCall;
              nf.site.ret_reg = static_cast<uint8_t>(a);
              ++steps_;
              if (--steps_until_check_ <= 0) CheckLimits();
              goto reload;
            }
          }
        }
        CallSite site;
        site.kind = op == Op::NEW ? CallSite::Kind::kConstruct : CallSite::Kind::kCall;
        site.ret_reg = static_cast<uint8_t>(a);
        Value fn = R[a];
        CallResult r = PushCall(fn, op == Op::NEW ? Value::Undefined() : R[a + 1], f->base + a + 2,
                                GetB(i), site, op == Op::NEW ? fn : Value::Undefined());
        if (r == CallResult::kThrew) {
          f = &frames_.back();
          Unwind();
        }
        goto reload;
      }
      case Op::CALLSPREAD:
      case Op::NEWSPREAD: {
        f->pc = pc;
        Value args = R[a + 2];
        auto* arr = static_cast<ArrayObject*>(args.AsObject());
        uint32_t n = arr->length;
        if (n > 65535) {
          ThrowRangeError("Maximum call stack size exceeded");
          THROW_HERE();
        }
        uint32_t at = f->base + a + 2;
        std::vector<Value> copy(n);
        for (uint32_t j = 0; j < n; ++j)
          copy[j] = j < arr->elements().size() && !arr->elements()[j].IsEmpty() ? arr->elements()[j]
                                                                               : Value::Undefined();
        EnsureStack(at + n + 8);
        R = stack_.data() + f->base;
        for (uint32_t j = 0; j < n; ++j) stack_[at + j] = copy[j];
        CallSite site;
        site.kind = op == Op::NEWSPREAD ? CallSite::Kind::kConstruct : CallSite::Kind::kCall;
        site.ret_reg = static_cast<uint8_t>(a);
        Value fn = R[a];
        CallResult r = PushCall(fn, op == Op::NEWSPREAD ? Value::Undefined() : R[a + 1], at, n, site,
                                op == Op::NEWSPREAD ? fn : Value::Undefined());
        if (r == CallResult::kThrew) Unwind();
        goto reload;
      }
      case Op::RET:
      case Op::RETUNDEF: {
        Value v = op == Op::RET ? R[a] : Value::Undefined();
        if (f->site.kind == CallSite::Kind::kCall && f->activation == nullptr && frames_.size() > 1) {
          // The common return to an interpreted caller (CompleteCall's kCall case, no frame copy).
          uint8_t ret_reg = f->site.ret_reg;
          bool transform = f->site.ret_transform == 1;
          frames_.pop_back();
          if (ret_reg != 255) {
            if (transform && v.IsObject() && v.AsObject() == in.done_marker) v = Value::Empty();
            stack_[frames_.back().base + ret_reg] = v;
          }
          goto reload;
        }
        Frame done = *f;
        frames_.pop_back();
        if (done.activation != nullptr && done.activation->klass() == ObjectClass::kGenerator) {
          done.activation->running = false;
          done.activation->finished = true;
          done.activation->registers.clear();
          if (done.proto->bc->is_async) {
            PushAsyncGenStep(done.activation, 1, v);
          } else {
            CompleteCall(done.site, MakeIterResult(v, true), false, done.base);
          }
          goto reload;
        }
        if (done.activation != nullptr) {
          done.activation->finished = true;
          auto* own = static_cast<PromiseObject*>(done.activation->promise.AsObject());
          Value then_getter;
          bool getter_first = ResolveUnlessThenGetter(own, v, &then_getter);
          if (done.initial_async) CompleteCall(done.site, done.activation->promise, false, done.base);
          // A thenable with a `then` getter: the getter runs now, before the caller goes on.
          if (getter_first) PushThenGetter(own, v, then_getter);
          goto reload;
        }
        if (done.site.kind == CallSite::Kind::kConstruct && !v.IsObject()) v = stack_[done.base];
        CompleteCall(done.site, v, false, done.base);
        goto reload;
      }
      case Op::THROW:
        Throw(R[a]);
        THROW_HERE();
      case Op::THROWERR: {
        static constexpr ErrorType kTypes[] = {ErrorType::kTypeError, ErrorType::kReferenceError,
                                               ErrorType::kSyntaxError, ErrorType::kRangeError};
        f->pc = ip + 1;
        Value msg = K[GetBx(i)];
        ThrowError(kTypes[a & 3], msg.IsString() ? msg.AsString()->ToUtf8() : "");
        THROW_HERE();
      }

      // ---------------------------------------------------------------- iteration
      case Op::GETITER: {
        Value v = R[GetB(i)];
        if (v.IsObject()) {
          Object* o = Resolve(v.AsObject());
          if (o->klass() == ObjectClass::kArray && PRISTINE(in.array_prototype) &&
              PRISTINE(in.array_iterator_prototype) && o->shape()->Find(in.sym_iterator) < 0 &&
              o->proto() == in.array_prototype) {
            R[a] = Value::FromObject(NewIterator(IteratorObject::Kind::kArrayValues, v));
            R[a + 1] = Value::FromObject(in.array_iterator_next);
            break;
          }
        } else if (v.IsString() && PRISTINE(in.string_prototype) &&
                   PRISTINE(in.string_iterator_prototype)) {
          R[a] = Value::FromObject(NewIterator(IteratorObject::Kind::kStringValues, v));
          R[a + 1] = Value::Empty();
          break;
        }
        if (v.IsNullish()) {
          ThrowTypeError(NotIterableMessage(v));
          THROW_HERE();
        }
        Value method, getter;
        if (!GetNoCall(v, LookupStart(in, v), PropertyKey::Sym(in.sym_iterator), &method, &getter)) {
          f->pc = pc;
          R[a + 1] = Value::Empty();
          AFTER_CALL(CallHelper(static_cast<int>(HelperId::kGetIteratorSlow), static_cast<uint8_t>(a), {v}));
        }
        if (!IsCallable(method)) {
          ThrowTypeError(NotIterableMessage(v));
          THROW_HERE();
        }
        R[a + 1] = Value::Empty();  // `next` is read on first ITERNEXT
        f->pc = pc;
        AFTER_CALL(CallValue(method, v, static_cast<uint8_t>(a), {}));
      }
      case Op::ITERNEXT: {
        unsigned b = GetB(i);
        Value it = R[b];
        if (it.IsObject() && Resolve(it.AsObject())->klass() == ObjectClass::kIterator) {
          auto* io = static_cast<IteratorObject*>(Resolve(it.AsObject()));
          Value next = R[b + 1];
          bool intrinsic_next = next.IsEmpty() || (next.IsObject() && next.AsObject() == in.array_iterator_next);
          // Array and typed-array targets step here; any other array-like (an arguments object,
          // `Array.prototype.values.call(obj)`) reads its "length" through
          // %ArrayIteratorPrototype%.next.
          if (intrinsic_next &&
              ((io->kind == IteratorObject::Kind::kArrayValues &&
                PRISTINE(in.array_iterator_prototype) &&
                (io->done || Resolve(io->target.AsObject())->klass() == ObjectClass::kArray ||
                 Resolve(io->target.AsObject())->klass() == ObjectClass::kTypedArray)) ||
               (io->kind == IteratorObject::Kind::kStringValues &&
                PRISTINE(in.string_iterator_prototype)))) {
            if (io->done) {
              R[a] = Value::Empty();
              break;
            }
            if (io->kind == IteratorObject::Kind::kArrayValues) {
              Object* t = Resolve(io->target.AsObject());
              if (t->klass() == ObjectClass::kTypedArray) {
                auto* ta = static_cast<TypedArrayObject*>(t);
                if (io->pos >= ta->length) {
                  io->done = true;
                  R[a] = Value::Empty();
                  break;
                }
                R[a] = TypedGet(*this, ta, static_cast<uint32_t>(io->pos++));
                break;
              }
              uint64_t len = static_cast<ArrayObject*>(t)->length;
              if (io->pos >= len) {
                io->done = true;
                R[a] = Value::Empty();
                break;
              }
              uint32_t p = static_cast<uint32_t>(io->pos++);
              if (p < t->elements().size() && !t->elements()[p].IsEmpty()) {
                R[a] = t->elements()[p];
                break;
              }
              R[a] = GetData(t, PropertyKey::Index(p));
              break;
            }
            String* s = io->target.AsString();
            uint32_t n = s->length();
            if (io->pos >= n) {
              io->done = true;
              R[a] = Value::Empty();
              break;
            }
            uint32_t j = static_cast<uint32_t>(io->pos);
            char16_t c = s->At(j);
            uint32_t len = (c >= 0xD800 && c <= 0xDBFF && j + 1 < n && s->At(j + 1) >= 0xDC00 &&
                            s->At(j + 1) <= 0xDFFF)
                               ? 2
                               : 1;
            io->pos += len;
            R[a] = Value::FromString(Substring(s, j, j + len));
            break;
          }
        }
        f->pc = pc;
        AFTER_CALL(CallHelper(static_cast<int>(HelperId::kIterNextSlow), static_cast<uint8_t>(a),
                              {it, R[b + 1]}, 1));
      }
      case Op::ITERCLOSE: {
        Value it = R[a];
        if (it.IsObject() && Resolve(it.AsObject())->klass() == ObjectClass::kIterator) {
          auto* io = static_cast<IteratorObject*>(Resolve(it.AsObject()));
          if (io->kind == IteratorObject::Kind::kArrayValues || io->kind == IteratorObject::Kind::kStringValues) {
            io->done = true;
            break;
          }
        }
        f->pc = pc;
        AFTER_CALL(CallHelper(static_cast<int>(HelperId::kIterCloseSlow), 255, {it}));
      }
      case Op::FORIN: {
        Value v = R[GetB(i)];
        IteratorObject* io = NewIterator(IteratorObject::Kind::kForIn, v);
        if (v.IsObject()) {
          std::vector<PropertyKey> seen;
          absl::flat_hash_map<HeapCell*, bool> seen_names;
          absl::flat_hash_map<uint32_t, bool> seen_index;
          int depth = 0;
          for (Object* o = v.AsObject(); o != nullptr && depth < 10000; o = Resolve(o)->proto(), ++depth) {
            std::vector<PropertyKey> all = OwnKeys(o, true, false, false);
            for (auto& key : all) {
              bool dup = key.is_index() ? !seen_index.emplace(key.index, true).second
                                        : !seen_names.emplace(key.cell, true).second;
              if (dup) continue;
              Lookup l = GetOwnProperty(o, key);
              if (l.found && (l.attrs & kEnumerable)) io->keys.push_back(KeyToValue(key));
            }
          }
          ChargeSteps(io->keys.size() / 8);
        } else if (v.IsString()) {
          for (uint32_t j = 0; j < v.AsString()->length(); ++j)
            io->keys.push_back(Value::FromString(NumberToString(j)));
        }
        R[a] = Value::FromObject(io);
        break;
      }
      case Op::FORINNEXT: {
        EXPECT_STATE(IS_KLASS(R[GetB(i)], ObjectClass::kIterator));
        auto* io = static_cast<IteratorObject*>(R[GetB(i)].AsObject());
        Value result = Value::Empty();
        while (io->pos < io->keys.size()) {
          Value k = io->keys[io->pos++];
          if (io->target.IsObject() && !FindProperty(io->target.AsObject(), KeyFromPrimitive(k)).found)
            continue;  // deleted during the loop
          result = k;
          break;
        }
        R[a] = result;
        break;
      }

      // ---------------------------------------------------------------- async
      case Op::AWAIT: {
        Value v = R[GetB(i)];
        ActivationObject* act = f->activation;
        if (act == nullptr) {
          ThrowError(ErrorType::kSyntaxError, "await is only valid in async functions");
          THROW_HERE();
        }
        PromiseObject* p = nullptr;
        if (v.IsObject() && v.AsObject()->klass() == ObjectClass::kPromise) {
          Value ctor = GetData(v.AsObject(), KeyFromAtom(atom(AtomId::constructor)));
          if (ctor.IsObject() && ctor.AsObject() == in.promise_ctor)
            p = static_cast<PromiseObject*>(v.AsObject());
        }
        Value then_getter;
        bool getter_first = false;
        if (p == nullptr) {
          p = NewPromise();
          getter_first = ResolveUnlessThenGetter(p, v, &then_getter);
        }
        act->registers.assign(R, R + proto->bc->num_regs);
        act->pc = static_cast<uint32_t>(pc - code);
        act->resume_reg = static_cast<uint8_t>(a);
        PromiseReaction fr{Value::Undefined(), Value::Undefined(), Value::FromObject(act), 0, 4};
        PromiseReaction rr{Value::Undefined(), Value::Undefined(), Value::FromObject(act), 1, 4};
        AddReactions(p, fr, rr);
        Frame done = *f;
        frames_.pop_back();
        if (done.initial_async) CompleteCall(done.site, act->promise, false, done.base);
        // An awaited thenable with a `then` getter: the getter runs now, before the caller goes on.
        if (getter_first) PushThenGetter(p, v, then_getter);
        goto reload;
      }
      case Op::YIELD: {
        // Suspends the generator (ECMA-262 §27.5.3.7 GeneratorYield): the registers move to the
        // heap and the call that resumed it (or created it, C=2) completes.
        ActivationObject* act = f->activation;
        EXPECT_STATE(act != nullptr && act->klass() == ObjectClass::kGenerator);
        unsigned c = GetC(i);
        bool async_step = proto->bc->is_async && c != 2;
        Value out = c == 2 || async_step ? (c == 2 ? Value::FromObject(act) : R[GetB(i)])
                    : c == 1             ? R[GetB(i)]
                                         : MakeIterResult(R[GetB(i)], false);
        act->registers.assign(R, R + proto->bc->num_regs);
        act->pc = static_cast<uint32_t>(pc - code);
        act->resume_reg = static_cast<uint8_t>(a);
        act->running = false;
        Frame done = *f;
        frames_.pop_back();
        if (async_step) {
          PushAsyncGenStep(act, 0, out);  // AsyncGeneratorYield (ECMA-262 §27.6.3.8)
        } else {
          CompleteCall(done.site, out, false, done.base);
        }
        goto reload;
      }
      case Op::YIELDSTAR:
        f->pc = pc;
        AFTER_CALL(CallHelper(static_cast<int>(proto->bc->is_async ? HelperId::kAsyncYieldStarStep
                                                            : HelperId::kYieldStarStep),
                              static_cast<uint8_t>(a),
                              {R[GetB(i)], R[GetB(i) + 1], R[GetC(i) + 1], R[GetC(i)]}));
      case Op::ASYNCITER: {
        static constexpr HelperId kIds[] = {HelperId::kGetAsyncIterator, HelperId::kAsyncIterCheck,
                                            HelperId::kAsyncIterCloseStart};
        unsigned c = GetC(i);
        EXPECT_STATE(c <= 2);
        f->pc = pc;
        AFTER_CALL(CallHelper(static_cast<int>(kIds[c]), static_cast<uint8_t>(a), {R[GetB(i)]},
                              c == 2 ? 1 : 0));
      }

      // ---------------------------------------------------------------- classes (vm/class_ops.cc)
      case Op::CLASS: {
        Value proto_obj;
        if (!DefineClass(R[a], R[GetB(i)], &proto_obj)) {
          if (termination_ != Termination::kNone) return;
          THROW_HERE();
        }
        R[GetC(i)] = proto_obj;
        break;
      }
      case Op::DEFMETHOD:
        if (!DefineMethod(R[a], R[GetB(i)], R[GetC(i)])) {
          if (termination_ != Termination::kNone) return;
          THROW_HERE();
        }
        break;
      case Op::SUPERBASE: {
        Value h = R[GetB(i)];
        EXPECT_STATE(h.IsObject());
        Object* p = Resolve(h.AsObject())->proto();
        R[a] = p != nullptr ? Value::FromObject(p) : Value::Null();
        break;
      }
      case Op::GETSUPER: {
        Value base = R[GetB(i)], kv = R[GetC(i)], receiver = R[a];
        PropertyKey key = KeyFromPrimitive(kv.IsObject() ? Value::Undefined() : kv);
        if (!base.IsObject()) {
          ThrowTypeError(absl::StrCat("Cannot read properties of ", base.IsNull() ? "null" : "undefined",
                                      " (reading '", KeyName(*this, key), "')"));
          THROW_HERE();
        }
        Value out, getter;
        if (!GetNoCall(receiver, base.AsObject(), key, &out, &getter)) {
          f->pc = pc;
          AFTER_CALL(CallValue(getter, receiver, static_cast<uint8_t>(a), {}));
        }
        R[a] = out;
        break;
      }
      case Op::SETSUPER: {
        unsigned b = GetB(i);
        Value receiver = R[a], v = R[GetC(i)], setter;
        SetStatus st = SuperSet(receiver, R[b], R[b + 1], v, &setter);
        if (st == SetStatus::kCallSetter) {
          f->pc = pc;
          AFTER_CALL(CallValue(setter, receiver, 255, {v}));
        }
        if (st == SetStatus::kThrew) {
          if (termination_ != Termination::kNone) return;
          THROW_HERE();
        }
        if (st == SetStatus::kFailed && strict) {
          PropertyKey key = KeyFromPrimitive(R[b + 1].IsObject() ? Value::Undefined() : R[b + 1]);
          ThrowTypeError(absl::StrCat("Cannot assign to read only property '", KeyName(*this, key),
                                      "' of object"));
          THROW_HERE();
        }
        break;
      }
      case Op::SUPERNEW:
      case Op::SUPERNEWSPREAD: {
        uint32_t k = *pc++;
        f->pc = pc;
        Value fn = R[a];
        if (!IsConstructor(fn)) {
          // `extends null` leaves %Function.prototype% as the parent: V8 calls it null.
          bool null_parent = fn.IsObject() && fn.AsObject() == in.function_prototype;
          ThrowTypeError(absl::StrCat("Super constructor ", null_parent ? "null" : DescribeForError(*this, fn), " of ",
                                      K[k].IsString() ? K[k].AsString()->ToUtf8() : "anonymous class",
                                      " is not a constructor"));
          THROW_HERE();
        }
        uint32_t at = f->base + a + 2;
        uint32_t argc = GetB(i);
        if (op == Op::SUPERNEWSPREAD) {
          EXPECT_STATE(IS_KLASS(R[a + 2], ObjectClass::kArray));
          auto* arr = static_cast<ArrayObject*>(R[a + 2].AsObject());
          argc = arr->length;
          if (argc > 65535) {
            ThrowRangeError("Maximum call stack size exceeded");
            THROW_HERE();
          }
          std::vector<Value> copy(argc);
          for (uint32_t j = 0; j < argc; ++j)
            copy[j] = j < arr->elements().size() && !arr->elements()[j].IsEmpty() ? arr->elements()[j]
                                                                                 : Value::Undefined();
          EnsureStack(at + argc + 8);
          R = stack_.data() + f->base;
          for (uint32_t j = 0; j < argc; ++j) stack_[at + j] = copy[j];
        }
        CallSite site;
        site.kind = CallSite::Kind::kConstruct;
        site.ret_reg = static_cast<uint8_t>(a);
        CallResult r = PushCall(fn, Value::Undefined(), at, argc, site, R[a + 1]);
        if (r == CallResult::kThrew) Unwind();
        goto reload;
      }
      case Op::NEWPRIVATE: {
        uint32_t k = *pc++;
        Symbol* s = NewSymbol(K[k]);
        s->private_kind = static_cast<uint8_t>(Symbol::kPrivateName + (GetB(i) > 2 ? 0 : GetB(i)));
        R[a] = Value::FromSymbol(s);
        break;
      }
      case Op::GETPRIVATE: {
        Value o = R[GetB(i)];
        if (Value* slot = FindPrivate(o, R[GetC(i)], false)) {
          R[a] = *slot;
          break;
        }
        std::string desc = PrivateDescription(R[GetC(i)]);
        if (o.IsNullish()) {
          ThrowTypeError(absl::StrCat("Cannot read properties of ", o.IsNull() ? "null" : "undefined",
                                      " (reading '", desc, "')"));
        } else {
          ThrowTypeError(absl::StrCat("Cannot read private member ", desc,
                                      " from an object whose class did not declare it"));
        }
        THROW_HERE();
      }
      case Op::SETPRIVATE: {
        Value o = R[a];
        if (Value* slot = FindPrivate(o, R[GetB(i)], true)) {
          *slot = R[GetC(i)];
          break;
        }
        std::string desc = PrivateDescription(R[GetB(i)]);
        if (o.IsNullish()) {
          ThrowTypeError(absl::StrCat("Cannot set properties of ", o.IsNull() ? "null" : "undefined",
                                      " (setting '", desc, "')"));
        } else {
          ThrowTypeError(absl::StrCat("Cannot write private member ", desc,
                                      " to an object whose class did not declare it"));
        }
        THROW_HERE();
      }
      case Op::DEFPRIVATE:
        if (!AddPrivate(R[a], R[GetB(i)], R[GetC(i)])) {
          if (termination_ != Termination::kNone) return;
          THROW_HERE();
        }
        break;
      case Op::HASPRIVATE: {
        uint32_t k = *pc++;
        Value o = R[GetC(i)];
        if (!o.IsObject()) {
          ThrowTypeError(absl::StrCat("Cannot use 'in' operator to search for '",
                                      K[k].IsString() ? K[k].AsString()->ToUtf8() : "",
                                      "' in ", DescribeForError(*this, o)));
          THROW_HERE();
        }
        R[a] = Value::Bool(FindPrivate(o, R[GetB(i)], false) != nullptr);
        break;
      }
      case Op::SETFNNAME:
        if (R[a].IsObject() && R[a].AsObject()->klass() == ObjectClass::kFunction &&
            !R[GetB(i)].IsObject()) {
          if (!SetFunctionNameFromKey(R[a], R[GetB(i)], nullptr)) THROW_HERE();
        }
        break;
      case Op::CHECKBRAND: {
        Value brand = R[GetB(i)];
        if (FindPrivate(R[a], brand, false) != nullptr) break;
        std::string desc = PrivateDescription(brand);
        if (R[a].IsNullish()) {
          ThrowTypeError(absl::StrCat("Cannot read properties of ", R[a].IsNull() ? "null" : "undefined"));
        } else if (brand.IsSymbol() && brand.AsSymbol()->private_kind == Symbol::kStaticBrand) {
          ThrowTypeError(absl::StrCat("Receiver must be class ", desc));
        } else {
          ThrowTypeError(absl::StrCat("Receiver must be an instance of class ", desc));
        }
        THROW_HERE();
      }
      // ---------------------------------------------------------------- Lua (vm/lua_vm.cc: slow paths)
#define LUA_STEP(expr)                                 \
  do {                                                 \
    LuaStep st_ = (expr);                              \
    if (st_ == LuaStep::kThrow) THROW_HERE();          \
    if (st_ == LuaStep::kReload) goto reload;          \
  } while (0)
#define IS_LUATABLE(v) ((v).IsObject() && (v).AsObject()->klass() == ObjectClass::kLuaTable)
      // The Lua opcodes ExecuteFast runs: Execute sees one only when ExecuteFast handed it back
      // (its common case did not apply), so here each goes straight to its complete slow path.
      case Op::LGETGLOBAL: {
        ENTER_FAST();
        uint32_t k = *pc++;
        f->pc = pc;
        LUA_STEP(LuaIndex(static_cast<uint8_t>(a), Value::FromObject(lua_globals()), K[k]));
        break;
      }
      case Op::LSETGLOBAL: {
        uint32_t k = *pc++;
        LuaTable* t = lua_globals();
        Value key = K[k];
        if (!t->is_shared() && t->metatable == nullptr) {
          t->Set(*heap_, key, R[a]);
          break;
        }
        f->pc = pc;
        LUA_STEP(LuaNewIndex(Value::FromObject(t), key, R[a]));
        break;
      }
      case Op::LGETENV:
        R[a] = Value::FromObject(lua_globals());
        break;
      case Op::LNEWTABLE:
        R[a] = Value::FromObject(NewLuaTable(GetB(i), GetC(i)));
        break;
      case Op::LGETFIELD: {
        ENTER_FAST();
        uint32_t k = *pc++;
        f->pc = pc;
        LUA_STEP(LuaIndex(static_cast<uint8_t>(a), R[GetB(i)], K[k], static_cast<int>(GetB(i))));
        break;
      }
      case Op::LSETFIELD: {
        ENTER_FAST();
        uint32_t k = *pc++;
        f->pc = pc;
        LUA_STEP(LuaNewIndex(R[a], K[k], R[GetB(i)]));
        break;
      }
      case Op::LGETINDEX:
        ENTER_FAST();
        LUA_STEP(LuaIndex(static_cast<uint8_t>(a), R[GetB(i)], R[GetC(i)], static_cast<int>(GetB(i))));
        break;
      case Op::LSETINDEX:
        ENTER_FAST();
        LUA_STEP(LuaNewIndex(R[a], R[GetB(i)], R[GetC(i)]));
        break;
      case Op::LSETLIST: {
        uint32_t start = *pc++;
        EXPECT_STATE(IS_LUATABLE(R[a]) && !R[a].AsObject()->is_shared());
        auto* t = static_cast<LuaTable*>(R[a].AsObject());
        unsigned b = GetB(i);
        uint32_t n = b ? b - 1 : f->top - (f->base + a + 1);
        for (uint32_t j = 0; j < n; ++j) t->SetListItem(*heap_, static_cast<int64_t>(start) + j, R[a + 1 + j]);
        t->TrimArray();
        if (n > 64) ChargeSteps(n / 16);
        break;
      }
      case Op::LADD:
      case Op::LSUB:
      case Op::LMUL:
      case Op::LDIV:
      case Op::LMOD:
      case Op::LIDIV:
      case Op::LBAND:
      case Op::LBOR:
      case Op::LBXOR:
      case Op::LSHL:
      case Op::LSHR:
        ENTER_FAST();
        LUA_STEP(LuaArith(static_cast<int>(op), static_cast<uint8_t>(a), R[GetB(i)], R[GetC(i)]));
        break;
      case Op::LPOW: {
        Value x = R[GetB(i)], y = R[GetC(i)];
        f->pc = pc;
        LUA_STEP(LuaArith(static_cast<int>(op), static_cast<uint8_t>(a), x, y));
        break;
      }
      // Constant second operand (K[X], a number): the register form's slow path (LuaArith with the
      // base opcode: same metamethods and messages).
#define LUA_ARITH_K(OPC, BASE)                                                               \
  case Op::OPC: {                                                                           \
    ENTER_FAST();                                                                            \
    const Value x = R[GetB(i)], y = K[*pc++];                                                \
    f->pc = pc;                                                                              \
    LUA_STEP(LuaArith(static_cast<int>(Op::BASE), static_cast<uint8_t>(a), x, y));           \
    break;                                                                                   \
  }
      LUA_ARITH_K(LADDK, LADD)
      LUA_ARITH_K(LSUBK, LSUB)
      LUA_ARITH_K(LMULK, LMUL)
      LUA_ARITH_K(LDIVK, LDIV)
      LUA_ARITH_K(LMODK, LMOD)
      LUA_ARITH_K(LIDIVK, LIDIV)
      LUA_ARITH_K(LBANDK, LBAND)
      LUA_ARITH_K(LBORK, LBOR)
      LUA_ARITH_K(LBXORK, LBXOR)
      LUA_ARITH_K(LSHLK, LSHL)
      LUA_ARITH_K(LSHRK, LSHR)
#undef LUA_ARITH_K
      case Op::LUNM:
        ENTER_FAST();
        LUA_STEP(LuaArith(static_cast<int>(op), static_cast<uint8_t>(a), R[GetB(i)], R[GetB(i)]));
        break;
      case Op::LBNOT: {
        Value x = R[GetB(i)];
        f->pc = pc;
        LUA_STEP(LuaArith(static_cast<int>(op), static_cast<uint8_t>(a), x, x));
        break;
      }
      case Op::LNOT:
        R[a] = Value::Bool(LUA_FALSY(R[GetB(i)]));
        break;
      case Op::LLEN:
        ENTER_FAST();
        LUA_STEP(LuaLen(static_cast<uint8_t>(a), R[GetB(i)]));
        break;
      case Op::LCONCAT: {
        unsigned b = GetB(i), n = GetC(i);
        if (n == 2 && R[b].IsString() && R[b + 1].IsString()) {
          String* r = LuaConcatStrings(R[b].AsString(), R[b + 1].AsString());
          if (r == nullptr) THROW_HERE();
          R[a] = Value::FromString(r);
          break;
        }
        f->pc = pc;
        LUA_STEP(LuaConcat(static_cast<uint8_t>(a), b, n));
        break;
      }
      case Op::LEQ:  // two distinct tables: __eq may apply
      case Op::LNE:
      case Op::LLT:
      case Op::LLE: {
        ENTER_FAST();
        LUA_STEP(LuaCompare(static_cast<int>(op), static_cast<uint8_t>(a), R[GetB(i)], R[GetC(i)]));
        break;
      }
      case Op::LEQK:
      case Op::LNEK: {
        ENTER_FAST();
        // K[X] is a number or a string, so no __eq (lua5.4 OP_EQK).
        const Value& x = R[GetB(i)];
        const Value& y = K[*pc++];
        const bool eq = LuaEqualNoMeta(x, y);
        lua_cmp = op == Op::LEQK ? eq : !eq;
        goto lua_cmp_then_jump;
      }
      // R[B] against a number constant; LGTK/LGEK are `K[X] < R[B]` / `K[X] <= R[B]` for
      // metamethods and messages (lua5.4 OP_GTI/OP_GEI).
#define LUA_CMP_K(OPC, BASE, SWAP)                                                          \
  case Op::OPC: {                                                                           \
    ENTER_FAST();                                                                            \
    const Value x = R[GetB(i)], y = K[*pc++];                                                \
    f->pc = pc;                                                                              \
    LUA_STEP(SWAP ? LuaCompare(static_cast<int>(Op::BASE), static_cast<uint8_t>(a), y, x)    \
                  : LuaCompare(static_cast<int>(Op::BASE), static_cast<uint8_t>(a), x, y));  \
    break;                                                                                   \
  }
      LUA_CMP_K(LLTK, LLT, false)
      LUA_CMP_K(LLEK, LLE, false)
      LUA_CMP_K(LGTK, LLT, true)
      LUA_CMP_K(LGEK, LLE, true)
#undef LUA_CMP_K
      lua_cmp_then_jump: {
        // A comparison's fast path stores its boolean; when the next instruction is the usual
        // LJMPT/LJMPF on that register, it runs here too (one dispatch less per `if a < b`).
        R[a] = Value::Bool(lua_cmp);
        const Instr n = *pc;
        const Op nop = GetOp(n);
        if ((nop == Op::LJMPF || nop == Op::LJMPT) && GetA(n) == a) {
          ++pc;
          if (lua_cmp == (nop == Op::LJMPT)) {
            int off = GetSBx(n);
            pc += off;
            if (off < 0) CHARGE();
          }
        }
        break;
      }
      case Op::LJMPT:
      case Op::LJMPF: {
        ENTER_FAST();
        Value v = R[a];
        if (LUA_FALSY(v) == (op == Op::LJMPF)) {
          int off = GetSBx(i);
          pc += off;
          if (off < 0) CHARGE();
        }
        break;
      }
      case Op::LCALL: {
        ENTER_FAST();
        f->pc = pc;
        unsigned b = GetB(i), c = GetC(i);
        uint32_t argc = b ? b - 1 : f->top - (f->base + a + 2);
        int want = c ? static_cast<int>(c) - 1 : -1;
        CallResult r = LuaCall(f->base + a, argc, want);
        if (r == CallResult::kThrew) Unwind();
        goto reload;
      }
      case Op::LRET: {
        ENTER_FAST();
        unsigned b = GetB(i);
        uint32_t n = b ? b - 1 : f->top - (f->base + a);
        if (f->site.kind == CallSite::Kind::kCall && f->site.lua_flags == 0 &&
            f->site.ret_transform == 0 && frames_.size() > 1) {
          const int want = f->site.want;
          const uint8_t ret_reg = f->site.ret_reg;
          // LuaDeliver's plain case without the frame copy: the caller's window starts below this
          // frame (dst < R + a), so a forward copy never overwrites a value not yet read, and the
          // results fit in stack that already exists (want <= n) or in the caller's registers.
          const Value* src = R + a;
          const uint32_t at = frames_[frames_.size() - 2].base + ret_reg;
          if (ret_reg == 255) {
            frames_.pop_back();
            goto reload;
          }
          if (stack_.data() + at > src ||
              static_cast<size_t>(at) + static_cast<uint32_t>(std::max(want, 0)) + 8 > stack_.size())
            goto lret_slow;
          frames_.pop_back();
          Frame& cf = frames_.back();
          Value* dst = stack_.data() + at;
          if (want < 0) {
            for (uint32_t j = 0; j < n; ++j) dst[j] = src[j];
            cf.top = cf.base + ret_reg + n;
          } else {
            const uint32_t w = static_cast<uint32_t>(want);
            const uint32_t m = std::min(n, w);
            for (uint32_t j = 0; j < m; ++j) dst[j] = src[j];
            for (uint32_t j = m; j < w; ++j) dst[j] = Value::Undefined();
          }
          goto reload;
        }
      lret_slow:
        Frame done = *f;
        frames_.pop_back();
        const Value* vals = stack_.data() + done.base + a;
        if (done.site.kind == CallSite::Kind::kCall ||
            done.site.kind == CallSite::Kind::kConstruct ||
            done.site.kind == CallSite::Kind::kCoroutine) {
          LuaDeliver(done.site, vals, n);
        } else {
          CompleteCall(done.site, n > 0 ? vals[0] : Value::Undefined(), false, done.base);
        }
        goto reload;
      }
      case Op::LVARARG: {
        Value extra = R[GetB(i)];
        unsigned c = GetC(i);
        uint32_t n = 0;
        Object* arr = nullptr;
        if (extra.IsObject()) {
          arr = extra.AsObject();
          n = static_cast<uint32_t>(arr->elements().size());
        }
        if (c == 0) {
          EnsureStack(static_cast<size_t>(f->base) + a + n + 8);
          R = stack_.data() + f->base;
          for (uint32_t j = 0; j < n; ++j) R[a + j] = arr->elements()[j];
          f->top = f->base + a + n;
        } else {
          for (uint32_t j = 0; j + 1 < c; ++j) R[a + j] = j < n ? arr->elements()[j] : Value::Undefined();
        }
        break;
      }
      case Op::LFORPREP: {
        ENTER_FAST();
        Value* ra = R + a;
        bool skip = false;
        if (!LuaForPrep(ra, &skip)) THROW_HERE();
        if (skip) pc += GetSBx(i);
        break;
      }
      case Op::LFORLOOP: {
        ENTER_FAST();
        Value* ra = R + a;  // a float loop (ExecuteFast runs the integer ones)
        double st = ra[2].AsNumber(), idx = ra[0].AsNumber() + st, lim = ra[1].AsNumber();
        if (st > 0 ? idx <= lim : idx >= lim) {
          ra[0] = Value::Number(idx);
          ra[3] = Value::Number(idx);
          pc += GetSBx(i);
          CHARGE();
        }
        break;
      }
      case Op::LTBC: {  // manual §3.3.8: checked when the variable is declared
        Value v = R[a];
        if (IS_CELL(v)) v = static_cast<Cell*>(v.AsHeap())->value;
        if (!LUA_FALSY(v) &&
            LuaMetamethod(v, lua_atom(static_cast<int>(LuaAtom::close))).IsUndefined()) {
          Value name = K[GetBx(i)];
          LuaError(absl::StrCat("variable '",
                                name.IsString() ? std::string(name.AsString()->bytes()) : "?",
                                "' got a non-closable value"));
          THROW_HERE();
        }
        break;
      }
      case Op::LCLOSE: {  // the variable goes out of scope: its __close(v, error or nil)
        Value v = R[a];
        if (IS_CELL(v)) v = static_cast<Cell*>(v.AsHeap())->value;
        if (LUA_FALSY(v)) break;
        Value err = GetC(i) ? R[GetB(i)] : Value::Undefined();
        if (err.IsEmpty()) err = Value::Undefined();  // coroutine.close: closing without an error
        Value h = LuaMetamethod(v, lua_atom(static_cast<int>(LuaAtom::close)));
        if (!IsCallable(h)) {
          LuaError(
              absl::StrCat("attempt to call a ", LuaTypeName(h), " value (metamethod 'close')"));
          THROW_HERE();
        }
        LUA_STEP(LuaCallMeta(h, 255, {v, err}));
        break;
      }
#undef LUA_STEP
#undef IS_LUATABLE
      case Op::NOP:
        break;
      default:
        Terminate(Termination::kInternal, absl::StrCat("invalid opcode ", static_cast<int>(op)));
        return;
    }
  }
to_fast:
  if (ExecuteFast(stop_depth)) goto reload;
  f = &frames_.back();
  handed_at = f->pc;
  goto enter;
#undef SAVE_PC
#undef THROW_HERE
#undef AFTER_CALL
#undef HELPER
#undef OPNAME
#undef EXPECT_STATE
#undef IS_CELL
#undef IS_KLASS
#undef CHARGE
#undef ENTER_FAST
#undef PRISTINE
}
#undef LUA_FALSY
#undef CHARGE_OR

// ------------------------------------------------------------------------------------ host calls

PromiseObject* VM::RegisterHostCall(uint64_t call_id) {
  PromiseObject* p = NewPromise();
  host_calls_[call_id] = p;
  return p;
}

}  // namespace codemode::vm
