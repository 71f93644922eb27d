// Lua 5.4 parser: source bytes → resolved AST (compiler/lua/ast.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "compiler/lua/ast.h"

namespace codemode::lua {

// The first error found, shaped like codemode::js::ParseError so the runtime treats both alike.
// kParseError: the source is not a valid Lua 5.4 chunk. The message is worded as lua5.4 words it,
// without the "chunkname:line:" prefix: "unexpected symbol near '@'", "'end' expected (to close
// 'function' at line 3) near <eof>", "unfinished string near '\"abc'", "malformed number near
// '3..2'", "<goto x> at line 4 jumps into the scope of local 'y'", "label 'x' already defined on
// line 2", "break outside loop at line 5", "no visible label 'x' for <goto> at line 1",
// "attempt to assign to const variable 'x'", "unknown attribute 'foo'", "multiple to-be-closed
// variables in local list", "cannot use '...' outside a vararg function near '...'", "too many
// local variables (limit is 200) in main function near ','", "chunk has too many syntax levels".
// Every Lua 5.4 construct is implemented, so kUnsupportedSyntax is never produced today; it
// exists so both front ends share one shape.
//
// line/column are 1-based; the column counts bytes. Lexical and syntax errors point at the
// offending token (or the place the lexer stopped); goto/label/break/const errors point at the
// offending statement (lua5.4 reports the line where it noticed, e.g. the end of the block).
struct ParseError {
  enum class Kind : uint8_t { kParseError, kUnsupportedSyntax };
  Kind kind = Kind::kParseError;
  std::string message;
  uint32_t line = 1;
  uint32_t column = 1;
};

struct ParseOptions {
  // Like luaL_loadfile (what `lua5.4 script.lua` runs): skip a UTF-8 BOM, then a first line
  // starting with '#'. Off: the bytes are parsed as lua5.4's load() would.
  bool skip_shebang = true;
  // Maximum nesting of statements, expressions and assignment targets ("syntax levels"); deeper
  // input is the ParseError "chunk has too many syntax levels" (never a stack overflow). The
  // default accepts exactly what `lua5.4`'s load() accepts (LUAI_MAXCCALLS 200 less the levels
  // the interpreter itself uses). The parser also stops before the thread's stack runs low.
  uint32_t max_depth = 197;
  // Maximum height of the resulting AST (nodes on the longest root-to-leaf path). Nesting that
  // lua5.4 accepts stays far below it, but left-associative chains (`a+b+c+…`, `a.b.c…`,
  // `f()()()…`) are loops, not nesting, in the grammar: without this bound a long chain would
  // make a tree that recursive consumers (the lowering, DumpLuaAst) cannot walk. Taller trees are
  // the ParseError "chunk has too many syntax levels" at the first node beyond the limit.
  uint32_t max_ast_height = 1000;
};

// Exactly one of `chunk` / `error` is set. `arena` owns every node of `chunk`; keep the
// ParseResult alive while the AST is used.
struct ParseResult {
  std::unique_ptr<AstArena> arena;
  Function* chunk = nullptr;  // the main function: vararg, no parameters, upvalue 0 is _ENV
  std::optional<ParseError> error;
};

// Parses a whole chunk (Lua 5.4 manual §3 and the complete syntax of §9) and resolves its names
// (§3.5), checking what luac checks at compile time: goto/label visibility and scope (§3.3.4),
// duplicate labels, break outside a loop, assignment to <const>/<close> variables (§3.3.7),
// attribute names, one to-be-closed variable per local list, `...` outside a vararg function,
// 200 locals and 255 upvalues per function, 32767 labels or pending gotos. Any bytes are accepted
// as input (NUL, invalid UTF-8, unterminated tokens): the result is then a ParseError. Sources of 4
// GiB or more are rejected.
ParseResult ParseChunk(std::string_view source, const ParseOptions& options = {});

}  // namespace codemode::lua
