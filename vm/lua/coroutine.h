// Lua coroutines (Lua 5.4 manual §2.6, §6.2) on the shared, non-recursive VM (DESIGN §3.1).
//
// A coroutine is a heap object holding its activation while it is not running: its frames (with
// `base`/`top` relative to the start of its saved stack slice) and the values of that slice. While
// it runs, those frames sit on the VM's own frame stack right above the frame that resumed it, and
// its bottom frame's call site is CallSite::Kind::kCoroutine (aux: this object): a return from that
// frame finishes the coroutine, an error reaching it kills the coroutine, and a yield cuts every
// frame above it back into the object. Nothing about a coroutine lives on the C++ stack, so a run
// can be suspended and snapshotted while a coroutine waits on a tool call, and a suspended
// coroutine is plain data.
//
// The VM side (resume, yield, finish, close, the C-call boundary check) is in vm/lua/coroutine.cc;
// the library natives (coroutine.*) in vm/lua/coroutine_lib.cc.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "vm/object.h"
#include "vm/value.h"
#include "vm/vm.h"

namespace codemode::vm {

class LuaCoroutine final : public Object {
 public:
  enum class State : uint8_t {
    kFresh,      // created, never resumed: `fn` is its body
    kSuspended,  // yielded: `frames`/`stack` hold its activation, `yield_site` takes the resume
                 // values
    kActive,     // on the VM stack (running, or "normal" when it resumed another coroutine)
    kDead,       // returned, failed, or closed
  };
  // How the active coroutine was entered (what its completion delivers to `resume_site`).
  enum class Mode : uint8_t {
    kResume,  // coroutine.resume: true + values, or false + error
    kWrap,    // a coroutine.wrap function: the values, or the error raised at the caller
    kClose,  // coroutine.close unwinding its pending to-be-closed variables: true, or false + error
  };
  static constexpr uint8_t kMaxState = static_cast<uint8_t>(State::kDead);
  static constexpr uint8_t kMaxMode = static_cast<uint8_t>(Mode::kClose);
  // Nested active coroutines allowed (lua5.4 stops at about this depth with "C stack overflow").
  static constexpr uint32_t kMaxNesting = 197;

  explicit LuaCoroutine(Shape* shape) : Object(ObjectClass::kLuaThread, shape, nullptr) {}

  void Trace(Tracer& t) override;
  size_t ExtraBytes() const override {
    return Object::ExtraBytes() + frames.capacity() * sizeof(Frame) +
           stack.capacity() * sizeof(Value);
  }

  State state = State::kFresh;
  Mode mode = Mode::kResume;
  bool is_main = false;  // the main thread (coroutine.running() outside any coroutine); never runs
  bool from_native =
      false;  // the active resume came from a native (pcall(w)): wrap errors get no position
  bool has_error = false;  // dead by an error that coroutine.close still reports
  uint32_t depth = 0;      // while active: nesting (1: resumed by the main thread)
  Value fn;                // kFresh: the body
  Value error;             // has_error: the error value
  CallSite resume_site;    // kActive: where yields, results and errors go (in the resumer's frame)
  CallSite yield_site;     // kSuspended: where the values of the next resume go
  // kSuspended, or kDead with pending to-be-closed variables (an error left them for
  // coroutine.close): the frames (pc pointers into their protos; base/top relative to `stack`) and
  // the stack slice from the bottom frame's callee slot.
  std::vector<Frame> frames;
  std::vector<Value> stack;
};

// Fills the `coroutine` library table (lua_lib.cc's InstallLuaBuiltins calls it while building the
// realm); the main thread object is created here, once per realm.
void InstallLuaCoroutineLib(VM& vm, LuaTable* lib);
// The natives coroutine.wrap creates at run time (snapshot/ ids; part of LuaRunTimeNatives()).
std::vector<std::pair<NativeFn, const char*>> LuaCoroutineRunTimeNatives();

}  // namespace codemode::vm
