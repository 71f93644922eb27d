// JavaScript/TypeScript source → bytecode::Module (the code generator's public API).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "vm/bytecode.h"

namespace codemode::compiler {

// Why a program could not be compiled. line/column are 1-based positions in the original source
// (the column in UTF-16 code units).
struct CompileError {
  enum class Kind {
    kParseError,         // the source is not valid syntax (or violates an early error)
    kUnsupportedSyntax,  // valid syntax this engine does not implement yet, or a function too large
  } kind;
  std::string message;
  uint32_t line = 0, column = 0;
};

struct CompileOptions {
  std::string source_name = "program.js";
  bool typescript = true;  // accept and erase TypeScript's erasable syntax
  // Record the source text of callees and iterables for V8's error messages ("o.list.map is not a
  // function"; bytecode::SiteText). Off for the prelude, whose messages name the program's values.
  bool site_texts = true;
};

// Parses `utf8_source` as a code-mode program (the body of an async function, docs/internals.md
// "The program") and lowers it to register bytecode following docs/internals.md and vm/isa.h. The
// returned module passes compiler/verify.h's VerifyModule. Protos are listed in creation order; the
// main proto (kind kScript, is_async) is protos[module.main].
// Errors: kParseError for invalid syntax (ECMA-262 early errors included where they matter for
// execution, e.g. redeclared let/const), kUnsupportedSyntax at the node's location for what is not
// lowered (docs/feature-matrix.md lists it: decorators, some TypeScript module forms, …) and for
// functions that exceed the ISA's limits ("function too large": 255 registers, 65535 children, 255
// upvalues, code size).
std::variant<bytecode::Module, CompileError> CompileJavaScript(std::string_view utf8_source,
                                                               const CompileOptions& options);

// Parses `source` as a Lua 5.4 chunk (compiler/lua/parser.h) and lowers it to register bytecode with
// the Lua opcodes of vm/isa.h (docs/internals.md "Lua on the shared VM"): a module with language kLua
// whose main proto (kind kScript, not async, vararg) returns the chunk's values. The module passes
// VerifyModule. Errors: kParseError with lua5.4's message and position; kUnsupportedSyntax for what
// the lowering does not implement yet (`<close>` variables) and for functions beyond the ISA's limits
// ("function too large").
std::variant<bytecode::Module, CompileError> CompileLua(std::string_view source,
                                                        const CompileOptions& options);

}  // namespace codemode::compiler
