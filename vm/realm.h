// The realm of built-ins (DESIGN §3.3): created once per process, then frozen and shared by every run.
// Built-ins are installed by C++ (vm/builtins/*.cc) and by the self-hosted prelude (JavaScript compiled by
// the runtime and run once here), which also supplies the helpers that opcode slow paths call.
#pragma once

#include <array>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "vm/bytecode.h"
#include "vm/heap.h"
#include "vm/object.h"
#include "vm/vm.h"

namespace codemode::snapshot {
struct RealmTable;  // snapshot/: stable ids of the realm's cells (DESIGN §5)
}  // namespace codemode::snapshot

namespace codemode::vm {

// Frequently used property names, interned once: A(id, "text").
#define CODEMODE_ATOMS(A) \
  A(length, "length") A(prototype, "prototype") A(constructor, "constructor") A(name, "name") \
  A(message, "message") A(cause, "cause") A(stack, "stack") A(errors, "errors") A(toString, "toString") \
  A(valueOf, "valueOf") A(then, "then") A(done, "done") A(value, "value") A(next, "next") \
  A(return_, "return") A(get, "get") A(set, "set") A(raw, "raw") A(writable, "writable") \
  A(enumerable, "enumerable") A(configurable, "configurable") A(undefined, "undefined") A(null_, "null") \
  A(true_, "true") A(false_, "false") A(object, "object") A(function, "function") A(number, "number") \
  A(string, "string") A(boolean, "boolean") A(symbol, "symbol") A(bigint, "bigint") A(toJSON, "toJSON") \
  A(index, "index") A(input, "input") A(groups, "groups") A(lastIndex, "lastIndex") A(status, "status") \
  A(reason, "reason") A(callee, "callee") A(join, "join") A(empty, "") A(__proto__, "__proto__") \
  A(NaN, "NaN") A(Infinity, "Infinity") A(default_, "default") A(anonymous, "anonymous") \

enum class AtomId : int {
#define CODEMODE_ATOM_ENUM(id, str) id,
  CODEMODE_ATOMS(CODEMODE_ATOM_ENUM) kCount
#undef CODEMODE_ATOM_ENUM
};

// Prelude helpers that opcode slow paths and natives call (DESIGN §3.1): program code the VM needs but
// will not run on the C++ stack. The prelude registers each by name.
#define CODEMODE_HELPERS(H)                                                   \
  H(ToPrimitive)        /* (value, hint) → primitive */                       \
  H(BinaryOp)           /* (op, a, b) → a op b after ToPrimitive/ToNumeric */ \
  H(ToStringSlow)       /* (value) → String(value) for objects */             \
  H(ToNumberSlow)       /* (value) → Number(value) for objects */             \
  H(ToPropertyKeySlow)  /* (value) → key */                                   \
  H(LooseEquals)        /* (a, b) → a == b involving objects */               \
  H(InstanceOfSlow)     /* (v, target) with Symbol.hasInstance / bound fns */ \
  H(SpreadSlow)         /* (array, iterable) → appends using the protocol */  \
  H(CopyPropsSlow)      /* (target, source, excludedKeys|undefined) */        \
  H(IterNextSlow)       /* (iterator, next) → value or the done marker */     \
  H(IterCloseSlow)      /* (iterator) */                                      \
  H(GetIteratorSlow)    /* (value) → iterator object; next fetched after */   \
  H(Recall)             /* (fn, this, args, spec) coerce then call again */   \
  H(ExportSlow)         /* (value) → JSON text for the host with getters */   \
  H(ToolCallSlow)       /* (fn, arg) → serialize with toJSON/getters, call */ \
  H(YieldStarStep)      /* (it, next, mode, v) → inner result of one yield* step */ \
  H(AsyncGenStep)       /* (gen, kind 0 yield/1 return/2 throw, v): settle a request */ \
  H(GetAsyncIterator)   /* (value) → async iterator (AsyncFromSyncIterator) */ \
  H(AsyncIterCheck)     /* (result) → result, TypeError unless an object */ \
  H(AsyncIterCloseStart) /* (it) → what return() gave, or the done marker */ \
  H(AsyncYieldStarStep) /* (it, next, mode, v) → promise-or-value of one step */ \
  H(ResolveThenSlow)    /* (promise, resolution) with a `then` accessor: get it now, resolve */

enum class HelperId : int {
#define CODEMODE_HELPER_ENUM(n) k##n,
  CODEMODE_HELPERS(CODEMODE_HELPER_ENUM)
#undef CODEMODE_HELPER_ENUM
      kCount
};

struct Intrinsics {
  Object* global = nullptr;
  Object* object_prototype = nullptr;
  Object* function_prototype = nullptr;
  Object* array_prototype = nullptr;
  Object* string_prototype = nullptr;
  Object* number_prototype = nullptr;
  Object* boolean_prototype = nullptr;
  Object* symbol_prototype = nullptr;
  Object* bigint_prototype = nullptr;
  Object* promise_prototype = nullptr;
  Object* promise_ctor = nullptr;
  Object* map_prototype = nullptr;
  Object* set_prototype = nullptr;
  Object* weakmap_prototype = nullptr;
  Object* weakset_prototype = nullptr;
  Object* iterator_prototype = nullptr;
  Object* array_iterator_prototype = nullptr;
  Object* string_iterator_prototype = nullptr;
  Object* map_iterator_prototype = nullptr;
  Object* set_iterator_prototype = nullptr;
  Object* forin_iterator_prototype = nullptr;
  Object* date_prototype = nullptr;
  Object* regexp_prototype = nullptr;
  Object* url_prototype = nullptr;  // prelude 55-url.js: a URL in the Result is its href
  Object* async_function_prototype = nullptr;
  Object* generator_prototype = nullptr;           // %GeneratorPrototype% (ECMA-262 §27.5.1)
  Object* generator_function_prototype = nullptr;  // %GeneratorFunction.prototype% (§27.3.3)
  Object* async_iterator_prototype = nullptr;             // %AsyncIteratorPrototype% (§27.1.3)
  Object* async_generator_prototype = nullptr;            // %AsyncGeneratorPrototype% (§27.6.1)
  Object* async_generator_function_prototype = nullptr;  // %AsyncGeneratorFunction.prototype%
  Object* array_values = nullptr;        // %Array.prototype.values% (fast iteration check)
  Object* array_iterator_next = nullptr;  // %ArrayIteratorPrototype%.next
  Object* throw_type_error = nullptr;
  Object* done_marker = nullptr;  // what IterNextSlow returns when an iterator is done
  std::array<Object*, static_cast<int>(ErrorType::kCount)> error_prototypes{};
  std::array<Object*, static_cast<int>(ErrorType::kCount)> error_ctors{};
  Symbol* sym_iterator = nullptr;
  Symbol* sym_async_iterator = nullptr;
  Symbol* sym_has_instance = nullptr;
  Symbol* sym_to_primitive = nullptr;
  Symbol* sym_to_string_tag = nullptr;
  Symbol* sym_species = nullptr;
  Symbol* sym_is_concat_spreadable = nullptr;
  Symbol* sym_match = nullptr;
  Symbol* sym_match_all = nullptr;
  Symbol* sym_replace = nullptr;
  Symbol* sym_search = nullptr;
  Symbol* sym_split = nullptr;
  Symbol* sym_unscopables = nullptr;
  std::array<Value, static_cast<int>(HelperId::kCount)> helpers{};
  // Lua (vm/lua_lib.cc): the globals table every Lua run starts from (copied on write), the string
  // library (strings index it), the string metatable, json.null, natives the VM recognizes, the
  // interned metamethod names (LuaAtom) and the Lua prelude's helpers.
  LuaTable* lua_globals = nullptr;
  LuaTable* lua_string_lib = nullptr;
  LuaTable* lua_string_meta = nullptr;
  LuaTable* lua_json_null = nullptr;
  Object* lua_next = nullptr;
  Object* lua_ipairs_iter = nullptr;
  std::vector<String*> lua_atoms;
  Value lua_format_slow;  // prelude: string.format with __tostring arguments
};

// Interned strings of the Lua paths (Intrinsics::lua_atoms), by id.
#define CODEMODE_LUA_ATOMS(A)                                                                      \
  A(index, "__index") A(newindex, "__newindex") A(call, "__call") A(tostring, "__tostring")       \
  A(name, "__name") A(eq, "__eq") A(lt, "__lt") A(le, "__le") A(len, "__len") A(concat, "__concat") \
  A(unm, "__unm") A(add, "__add") A(sub, "__sub") A(mul, "__mul") A(div, "__div") A(mod, "__mod") \
  A(idiv, "__idiv") A(pow, "__pow") A(band, "__band") A(bor, "__bor") A(bxor, "__bxor")            \
  A(shl, "__shl") A(shr, "__shr") A(bnot, "__bnot") A(metatable, "__metatable") A(pairs, "__pairs") \
  A(close, "__close") A(mode, "__mode") A(gc, "__gc") A(n, "n")
enum class LuaAtom : int {
#define CODEMODE_LUA_ATOM_ENUM(id, str) id,
  CODEMODE_LUA_ATOMS(CODEMODE_LUA_ATOM_ENUM) kCount
#undef CODEMODE_LUA_ATOM_ENUM
};

class Realm {
 public:
  // Builds the realm: C++ built-ins, then the prelude (already compiled by the caller), then freezes it.
  // Errors: the prelude failed to run (an engine bug, reported with its message).
  // `lua_prelude` (optional): the Lua prelude (runtime/), run after the Lua built-ins are installed.
  static absl::StatusOr<std::unique_ptr<Realm>> Create(
      std::shared_ptr<const bytecode::Module> prelude,
      std::shared_ptr<const bytecode::Module> lua_prelude = nullptr);
  ~Realm();

  const Intrinsics& intrinsics() const { return intrinsics_; }
  String* atom(AtomId id) const { return atoms_[static_cast<int>(id)]; }
  // Shared atom lookup (read-only after freeze; safe from any thread).
  String* FindAtom(std::string_view s) const;
  Shape* empty_shape() const { return empty_shape_; }
  Shape* function_shape() const { return function_shape_; }
  Shape* array_shape() const { return array_shape_; }
  Heap& heap() const { return *heap_; }
  // Registry for Symbol.for is per run (symbols created by a run are run objects).

 private:
  friend class VM;
  friend class snapshot::Codec;
  Realm();
  std::unique_ptr<Heap> heap_;
  Intrinsics intrinsics_;
  std::array<String*, static_cast<int>(AtomId::kCount)> atoms_{};
  absl::flat_hash_map<std::string, String*> atom_table_;
  Shape* empty_shape_ = nullptr;
  Shape* function_shape_ = nullptr;  // {length, name}
  Shape* array_shape_ = nullptr;
  std::vector<std::shared_ptr<const bytecode::Module>> modules_;
  // Built by snapshot/ on first use (several runs may snapshot concurrently): realm ids and fingerprint.
  mutable std::once_flag snapshot_once_;
  mutable std::shared_ptr<const snapshot::RealmTable> snapshot_table_;
};

// Installs the C++ built-ins into a bootstrapping VM (vm/builtins/*.cc). Each returns nothing; failures
// are engine bugs caught by the realm's self-checks.
void InstallObjectBuiltins(VM& vm, Intrinsics& in);
void InstallFunctionBuiltins(VM& vm, Intrinsics& in);
void InstallArrayBuiltins(VM& vm, Intrinsics& in);
void InstallStringBuiltins(VM& vm, Intrinsics& in);
void InstallNumberBuiltins(VM& vm, Intrinsics& in);  // Number, Boolean, Math, globals parseInt/...
void InstallErrorBuiltins(VM& vm, Intrinsics& in);
void InstallCollectionBuiltins(VM& vm, Intrinsics& in);  // Map, Set, WeakMap, WeakSet
void InstallJsonBuiltins(VM& vm, Intrinsics& in);
void InstallConsoleBuiltins(VM& vm, Intrinsics& in);
void InstallSymbolBuiltins(VM& vm, Intrinsics& in);
void InstallDateBuiltins(VM& vm, Intrinsics& in);  // vm/builtins/date.cc
void InstallRegExpBuiltins(VM& vm, Intrinsics& in);  // vm/builtins/regexp.cc
void InstallGeneratorBuiltins(VM& vm, Intrinsics& in);  // vm/builtins/generator.cc
void InstallBigIntBuiltins(VM& vm, Intrinsics& in);     // vm/builtins/bigint.cc
// The prelude's natives for async generators (on the prelude's intrinsics object `intr`).
void InstallGeneratorIntrinsics(VM& vm, Object* intr, const Intrinsics& in);
// The prelude's natives for ArrayBuffer, typed arrays, DataView, TextEncoder/TextDecoder and
// crypto.getRandomValues (vm/builtins/typed_array.cc; the constructors are in prelude 47-typed.js).
void InstallTypedArrayIntrinsics(VM& vm, Object* intr, const Intrinsics& in);
// The Lua realm (vm/lua_lib.cc): globals, string/table/math/utf8/json libraries.
void InstallLuaBuiltins(VM& vm, Intrinsics& in);

}  // namespace codemode::vm
