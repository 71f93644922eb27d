// bytecode::Module: the plain-data output of the compiler and the input of the VM (DESIGN §2).
// No heap values here: constants are literal data the VM turns into heap values when it loads a module.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "vm/isa.h"

namespace codemode::bytecode {

enum class Language : uint8_t { kJavaScript = 0, kLua = 1 };

struct Constant {
  enum class Kind : uint8_t {
    kNumber,     // JS number / Lua float: `number`
    kInteger,    // Lua integer: `integer`
    kString,     // JS string (UTF-16 code units, may hold lone surrogates): `u16`
    kByteString, // Lua string (bytes): `bytes`
    kBigInt,     // JS BigInt literal, decimal digits with optional '-': `bytes`
    kTemplate,   // tagged-template strings object: `strings` (cooked; empty optional = undefined), `raws`
  };
  Kind kind = Kind::kNumber;
  double number = 0;
  int64_t integer = 0;
  std::u16string u16;
  std::string bytes;
  std::vector<std::u16string> raws;
  std::vector<std::u16string> strings;
  std::vector<bool> cooked_valid;  // per element of `strings`: false → the cooked value is undefined

  bool operator==(const Constant& o) const = default;
};

// How a closure captures upvalue i when CLOSURE creates it: from the enclosing function's register
// `index` (which holds a cell) or from the enclosing function's own upvalue `index`.
struct UpvalueDesc {
  bool from_parent_register = true;
  uint16_t index = 0;
  std::string name;  // for diagnostics and disasm

  bool operator==(const UpvalueDesc&) const = default;
};

// An exception-table entry: a throw at pc in [start, end) stores the thrown value in R[reg] and continues
// at handler. Entries are searched in order; the compiler lists inner ranges before outer ones.
struct Handler {
  uint32_t start = 0;
  uint32_t end = 0;
  uint32_t handler = 0;
  uint8_t reg = 0;

  bool operator==(const Handler&) const = default;
};

// pc → source position (1-based line and column of the original source, before TypeScript erasure).
// Sorted by pc; the entry for a pc is the last one with entry.pc <= pc.
struct LineEntry {
  uint32_t pc = 0;
  uint32_t line = 0;
  uint32_t column = 0;

  bool operator==(const LineEntry&) const = default;
};

// A Lua local variable's scope for error messages that name it (lua5.4's "local 'x'", ldebug.c
// getobjname): register `reg` holds the variable — its cell when captured — for pc in
// [start_pc, end_pc). Filled by the Lua compiler only; never saved in snapshots (recompiled from source).
struct LocalVarInfo {
  std::string name;
  uint32_t start_pc = 0;
  uint32_t end_pc = 0;
  uint8_t reg = 0;

  bool operator==(const LocalVarInfo&) const = default;
};

// How the VM words the TypeError of the instruction at a SiteText's pc (V8's messages; the text is V8's
// CallPrinter rendering of the operand's source, compiler/call_printer.h).
enum class SiteTextKind : uint8_t {
  kCallee,          // CALL/NEW/CALLSPREAD/NEWSPREAD: "<text> is not a function" ("… a constructor")
  kIterable,        // GETITER/SPREAD/ASYNCITER: "<text> is not iterable" ("… async iterable")
  kIterableCall,    // the iterable is a call's result: "<text> is not a function or its return value
                    // is not iterable" (text: the callee)
  kSpreadArgument,  // SPREAD of a call argument: "Spread syntax requires ...iterable[Symbol.iterator]
                    // to be a function", nullish: "<text> is not iterable (cannot read property null)"
  kYieldStar,       // yield* of a member/call/new/assignment/…: "yield* (intermediate value) is not
                    // iterable" (async: V8 repeats "(intermediate value)" four times)
};

// Source text for the error message of one instruction of user code ("o.items.map is not a
// function"). Filled by the JavaScript compiler for program code only (not the prelude); never saved
// in snapshots (recompiled from source). Instructions without one get V8's runtime wording
// ("object is not iterable (cannot read property Symbol(Symbol.iterator))").
struct SiteText {
  uint32_t pc = 0;
  SiteTextKind kind = SiteTextKind::kCallee;
  std::string text;  // UTF-8
  bool operator==(const SiteText&) const = default;
};

enum class FunctionKind : uint8_t {
  kNormal,           // function declaration / expression: callable and constructible
  kArrow,            // lexical this/arguments/new.target (the compiler resolves them as upvalues)
  kMethod,           // object literal / class method: not constructible
  kGetter,
  kSetter,
  kClassConstructor, // base class constructor: throws when called without new
  kDerivedConstructor,
  kScript,           // the program's top-level function (an async function body)
};

struct FunctionProto {
  std::string name;            // UTF-8; "" for anonymous (the VM may set .name on assignment later)
  FunctionKind kind = FunctionKind::kNormal;
  bool is_async = false;
  bool is_generator = false;
  bool strict = false;
  uint8_t num_params = 0;      // positional params in R1..Rn
  uint8_t length = 0;          // the function's .length
  uint8_t num_regs = 1;        // registers used including R0 (and any call windows)
  bool has_rest = false;
  uint8_t rest_reg = 0;
  bool needs_arguments = false;
  uint8_t arguments_reg = 0;
  bool is_vararg = false;      // Lua `...`
  std::vector<isa::Instr> code;
  std::vector<Constant> constants;
  std::vector<UpvalueDesc> upvalues;
  std::vector<uint32_t> children;  // indices into Module::protos, referenced by CLOSURE Bx
  std::vector<Handler> handlers;
  std::vector<LineEntry> lines;
  std::vector<LocalVarInfo> locals;  // Lua debug info (vm/lua/debug_names.h); empty for JavaScript
  std::vector<SiteText> site_texts;  // sorted by pc; JavaScript program code only
  uint32_t line = 0;           // where the function starts
  uint32_t column = 0;

  bool operator==(const FunctionProto&) const = default;
};

struct Module {
  Language language = Language::kJavaScript;
  std::string source_name;
  std::vector<FunctionProto> protos;
  uint32_t main = 0;  // index of the top-level proto (FunctionKind::kScript)

  bool operator==(const Module&) const = default;
};

}  // namespace codemode::bytecode
