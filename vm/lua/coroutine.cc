// The VM side of Lua coroutines (Lua 5.4 manual §2.6; see coroutine.h for the model): resume puts a
// coroutine's frames on the VM stack above the resumer's frame, yield cuts them back into the
// object, and a completion or error at the coroutine's bottom frame (CallSite::Kind::kCoroutine)
// goes to the resumer's call site. All of it happens between instructions, after the native that
// asked for it returned: no program code runs on the C++ stack (DESIGN §3.1).
#include "vm/lua/coroutine.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "vm/realm.h"

namespace codemode::vm {

void LuaCoroutine::Trace(Tracer& t) {
  Object::Trace(t);
  t.Mark(fn);
  t.Mark(error);
  t.Mark(resume_site.aux);
  t.Mark(resume_site.aux2);
  t.Mark(yield_site.aux);
  t.Mark(yield_site.aux2);
  for (Frame& f : frames) {
    t.Mark(f.closure);
    t.Mark(f.proto);
    t.Mark(f.new_target);
    t.Mark(f.site.aux);
    t.Mark(f.site.aux2);
    t.Mark(f.activation);
  }
  for (const Value& v : stack) t.Mark(v);
}

namespace {

// The bytes a coroutine owns beyond its cell changed from `before`: keep the heap's count current
// (frames moving in and out of a generator's object on every resume).
void Reaccount(Heap& heap, const LuaCoroutine* co, size_t before) {
  heap.Account(static_cast<int64_t>(co->ExtraBytes()) - static_cast<int64_t>(before));
}

bool IsCoroutineSite(const CallSite& s) {
  return s.kind == CallSite::Kind::kCoroutine && s.aux.IsObject() &&
         s.aux.AsObject()->klass() == ObjectClass::kLuaThread;
}

LuaCoroutine* SiteCoroutine(const CallSite& s) {
  return static_cast<LuaCoroutine*>(s.aux.AsObject());
}

// A frame stops a yield (lua5.4: "attempt to yield across a C-call boundary") when it is library
// code that lua5.4 implements in C (the prelude: sort comparators, gsub replacement functions,
// __tostring in print/format), the message handler of xpcall, or not a plain Lua call.
bool IsBoundarySite(const CallSite& s) {
  return s.kind != CallSite::Kind::kCall || (s.lua_flags & kLuaPrependFalse) != 0;
}

}  // namespace

LuaCoroutine* VM::NewLuaCoroutine(Value fn) {
  auto* co = heap_->Alloc<LuaCoroutine>(empty_shape_);
  co->fn = fn;
  return co;
}

Value VM::LuaCoroutineOp(LuaCoOp op, LuaCoroutine* co, std::span<const Value> args) {
  lua_co_op_ = op;
  lua_co_target_ = co;
  lua_co_args_.assign(args.begin(), args.end());
  return Value::Empty();
}

LuaCoroutine* VM::LuaCoroutineAt(const CallSite* site, size_t* bottom, bool* boundary) {
  *bottom = frames_.size();
  *boundary = false;
  if (site != nullptr) {
    if (IsCoroutineSite(*site)) return SiteCoroutine(*site);  // a native body: no frames of its own
    if (IsBoundarySite(*site)) *boundary = true;
  }
  for (size_t i = frames_.size(); i-- > 0;) {
    const Frame& f = frames_[i];
    if (f.proto->is_shared()) *boundary = true;
    if (IsCoroutineSite(f.site)) {
      *bottom = i;
      return SiteCoroutine(f.site);
    }
    if (IsBoundarySite(f.site)) *boundary = true;
  }
  return nullptr;
}

LuaCoroutine* VM::LuaRunningCoroutine(bool* yieldable) {
  size_t bottom;
  bool boundary;
  LuaCoroutine* co = LuaCoroutineAt(lua_native_site_, &bottom, &boundary);
  if (yieldable != nullptr)
    *yieldable = co != nullptr && !boundary && co->mode != LuaCoroutine::Mode::kClose;
  return co;
}

void VM::LuaDeliverTo(const CallSite& site, int prepend, const Value* vals, uint32_t n) {
  if (prepend < 0) {
    LuaDeliver(site, vals, n);
    return;
  }
  std::vector<Value> out;
  out.reserve(n + 1);
  out.push_back(Value::Bool(prepend != 0));
  out.insert(out.end(), vals, vals + n);
  LuaDeliver(site, out.data(), static_cast<uint32_t>(out.size()));
}

void VM::LuaRaiseAt(const CallSite& site, Value error) {
  if (site.lua_flags & kLuaProtected) {
    LuaDeliverError(site, error);
  } else if (IsCoroutineSite(site)) {
    LuaCoroutineFinish(site, &error, 1, true);
  } else {
    Throw(error);  // the caller unwinds from its frame (frames_.back())
  }
}

void VM::LuaSaveFrames(LuaCoroutine* co, size_t bottom) {
  size_t before = co->ExtraBytes();
  co->frames.clear();
  co->stack.clear();
  if (bottom < frames_.size()) {
    const uint32_t lo = frames_[bottom].base - 1;  // the body's callee slot
    // Every frame's registers (a caller's may reach past its callee's window), and the values a
    // multi-result instruction left above them.
    size_t hi = StackTop();
    for (size_t i = bottom; i < frames_.size(); ++i) {
      const Frame& f = frames_[i];
      hi = std::max<size_t>(hi, static_cast<size_t>(f.base) + f.proto->bc->num_regs + 1);
    }
    hi = std::min(hi, stack_.size());
    co->stack.assign(stack_.begin() + lo, stack_.begin() + static_cast<ptrdiff_t>(hi));
    co->frames.assign(frames_.begin() + static_cast<ptrdiff_t>(bottom), frames_.end());
    for (Frame& f : co->frames) {
      f.top = f.top != 0 && f.top >= f.base ? f.top - lo : 0;  // absolute, or 0: never set
      f.base -= lo;
    }
    frames_.resize(bottom);
  }
  Reaccount(*heap_, co, before);
}

void VM::LuaRestoreFrames(LuaCoroutine* co) {
  size_t before = co->ExtraBytes();
  const uint32_t lo = StackTop();
  EnsureStack(static_cast<size_t>(lo) + co->stack.size() + 8);
  std::copy(co->stack.begin(), co->stack.end(), stack_.begin() + lo);
  for (Frame f : co->frames) {
    f.base += lo;
    if (f.top != 0) f.top += lo;
    frames_.push_back(f);
  }
  co->frames.clear();
  co->stack.clear();
  Reaccount(*heap_, co, before);
}

bool VM::LuaCoroutineSwitch(const CallSite& site, bool from_native) {
  using State = LuaCoroutine::State;
  using Mode = LuaCoroutine::Mode;
  LuaCoOp op = lua_co_op_;
  lua_co_op_ = LuaCoOp::kNone;
  LuaCoroutine* co = lua_co_target_;
  lua_co_target_ = nullptr;
  std::vector<Value> args = std::move(lua_co_args_);
  lua_co_args_.clear();
  // lua5.4 adds the caller's position to errors raised by these natives (luaL_error, auxwrap's
  // luaL_where), except when a native called them (pcall(f, ...)).
  auto where = [&] { return from_native ? std::string() : LuaWhere(1); };
  auto raise = [&](std::string msg) {
    Throw(Value::FromString(NewStringLatin1(where() + msg)));
    return false;
  };

  size_t bottom;
  bool boundary;
  LuaCoroutine* cur = LuaCoroutineAt(&site, &bottom, &boundary);

  if (op == LuaCoOp::kYield) {
    if (cur == nullptr) {
      LuaError("attempt to yield from outside a coroutine", 0);
      return false;
    }
    if (boundary || cur->mode == Mode::kClose) {
      LuaError("attempt to yield across a C-call boundary", 0);
      return false;
    }
    LuaSaveFrames(cur, bottom);
    cur->state = State::kSuspended;
    cur->yield_site = site;
    CallSite to = cur->resume_site;
    cur->resume_site = CallSite();
    Mode mode = cur->mode;
    cur->depth = 0;
    LuaDeliverTo(to, mode == Mode::kResume ? 1 : -1, args.data(),
                 static_cast<uint32_t>(args.size()));
    return !has_exception_;
  }

  if (op == LuaCoOp::kClose) {
    if (co->is_main || co->state == State::kActive) {
      bool running = co->is_main ? cur == nullptr : co == cur;
      return raise(running ? "cannot close a running coroutine"
                           : "cannot close a normal coroutine");
    }
    bool pending = false;
    if (!co->frames.empty()) {
      // Any to-be-closed variable still open: a handler region covering a frame's position.
      for (const Frame& f : co->frames) {
        const auto* bc = f.proto->bc;
        uint32_t off = static_cast<uint32_t>(f.pc - bc->code.data());
        if (off > 0) --off;
        for (const auto& h : bc->handlers)
          if (off >= h.start && off < h.end) pending = true;
      }
    }
    if (!pending) {
      size_t before = co->ExtraBytes();
      co->frames.clear();
      co->frames.shrink_to_fit();
      co->stack.clear();
      co->stack.shrink_to_fit();
      Reaccount(*heap_, co, before);
      co->state = State::kDead;
      co->fn = Value::Undefined();
      Value err = co->error;
      bool failed = co->has_error;
      co->has_error = false;
      co->error = Value::Undefined();
      LuaDeliverTo(site, failed ? 0 : 1, &err, failed ? 1 : 0);
      return !has_exception_;
    }
    // Unwind its frames on the VM stack: the handlers of its to-be-closed variables run with the
    // error (or nil: the <empty> marker) and rethrow, no pcall catches, and the bottom frame's site
    // delivers the outcome to `site` (LuaCoroutineFinish, Mode::kClose).
    if (frames_.size() + co->frames.size() > limits_.max_call_depth) return raise("stack overflow");
    LuaRestoreFrames(co);
    for (size_t i = frames_.size() - 1; i > 0 && !IsCoroutineSite(frames_[i].site); --i) {
      CallSite& s = frames_[i].site;
      if (s.lua_flags & kLuaXpcall) s.aux = Value::Undefined();
      s.lua_flags &= kLuaPrependFalse;  // these frames never return normally
    }
    co->state = State::kActive;
    co->mode = Mode::kClose;
    co->resume_site = site;
    co->from_native = from_native;
    co->depth = (cur != nullptr ? cur->depth : 0) + 1;
    Value err = co->has_error ? co->error : Value::Empty();
    co->has_error = false;
    co->error = Value::Undefined();
    Throw(err);
    Unwind();
    return true;
  }

  // kResume / kWrap.
  const Mode mode = op == LuaCoOp::kWrap ? Mode::kWrap : Mode::kResume;
  auto fail = [&](std::string msg) {
    if (mode == Mode::kWrap) return raise(std::move(msg));
    Value v[2] = {Value::Bool(false), Value::FromString(NewStringLatin1(std::move(msg)))};
    LuaDeliver(site, v, 2);
    return !has_exception_;
  };
  if (co->is_main || co->state == State::kActive)
    return fail("cannot resume non-suspended coroutine");
  if (co->state == State::kDead) return fail("cannot resume dead coroutine");
  uint32_t depth = (cur != nullptr ? cur->depth : 0) + 1;
  if (depth > LuaCoroutine::kMaxNesting) return fail("C stack overflow");
  if (frames_.size() + co->frames.size() > limits_.max_call_depth) return fail("stack overflow");
  const bool fresh = co->state == State::kFresh;
  co->state = State::kActive;
  co->mode = mode;
  co->resume_site = site;
  co->from_native = from_native;
  co->depth = depth;
  if (fresh) {
    // First resume: call the body with a kCoroutine site.
    Value fn = co->fn;
    co->fn = Value::Undefined();
    uint32_t at = StackTop();
    EnsureStack(static_cast<size_t>(at) + args.size() + 8);
    stack_[at] = fn;
    stack_[at + 1] = Value::Undefined();
    std::copy(args.begin(), args.end(), stack_.begin() + at + 2);
    CallSite cs;
    cs.kind = CallSite::Kind::kCoroutine;
    cs.aux = Value::FromObject(co);
    cs.want = -1;
    PushCall(fn, Value::Undefined(), at + 2, static_cast<uint32_t>(args.size()), cs,
             Value::Undefined());
    return !has_exception_;
  }
  LuaRestoreFrames(co);
  CallSite ys = co->yield_site;
  co->yield_site = CallSite();
  LuaDeliver(ys, args.data(), static_cast<uint32_t>(args.size()));
  return !has_exception_;
}

void VM::LuaCoroutineFinish(const CallSite& site, const Value* vals, uint32_t n, bool threw) {
  using Mode = LuaCoroutine::Mode;
  LuaCoroutine* co = SiteCoroutine(site);
  CallSite to = co->resume_site;
  Mode mode = co->mode;
  co->resume_site = CallSite();
  co->state = LuaCoroutine::State::kDead;
  co->mode = Mode::kResume;
  co->depth = 0;
  Value err = threw && n > 0 ? vals[0] : Value::Undefined();
  if (mode == Mode::kClose) {
    bool ok = !threw || err.IsEmpty();  // <empty>: every closer ran without error
    LuaDeliverTo(to, ok ? 1 : 0, &err, ok ? 0 : 1);
    return;
  }
  if (!threw) {
    LuaDeliverTo(to, mode == Mode::kResume ? 1 : -1, vals, n);
    return;
  }
  if (mode == Mode::kResume) {
    co->has_error = true;  // coroutine.close reports it
    co->error = err;
    LuaDeliverTo(to, 0, &err, 1);
    return;
  }
  // wrap: the error propagates to the caller, a string with the caller's position in front.
  if (err.IsString() && !co->from_native)
    err = Value::FromString(NewStringLatin1(LuaWhere(1) + std::string(err.AsString()->bytes())));
  LuaRaiseAt(to, err);
}

bool VM::LuaParkCoroutineError() {
  bool pending = false;
  for (size_t i = frames_.size(); i-- > 0;) {
    const Frame& f = frames_[i];
    const auto* bc = f.proto->bc;
    uint32_t off = static_cast<uint32_t>(f.pc - bc->code.data());
    if (off > 0) --off;
    for (const auto& h : bc->handlers)
      if (off >= h.start && off < h.end) pending = true;
    if (f.site.lua_flags & kLuaProtected) return false;  // a pcall inside catches it
    if (IsCoroutineSite(f.site)) {
      LuaCoroutine* co = SiteCoroutine(f.site);
      if (!pending || co->mode != LuaCoroutine::Mode::kResume) return false;
      // Keep the frames as they are (lua5.4 leaves a failed coroutine's stack until it is closed).
      Value err = exception_;
      has_exception_ = false;
      exception_ = Value::Undefined();
      CallSite to = co->resume_site;
      co->resume_site = CallSite();
      LuaSaveFrames(co, i);
      co->state = LuaCoroutine::State::kDead;
      co->depth = 0;
      co->has_error = true;
      co->error = err;
      LuaDeliverTo(to, 0, &err, 1);
      return true;
    }
    if (f.site.kind != CallSite::Kind::kCall) return false;
  }
  return false;
}

}  // namespace codemode::vm
