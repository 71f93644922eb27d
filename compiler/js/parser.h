// JavaScript/TypeScript parser: UTF-8 source → AST (compiler/js/ast.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "compiler/js/ast.h"

namespace codemode::js {

// The first error found. kParseError: the source is not valid (ES2023 + erasable TypeScript)
// syntax, with a V8-like message ("Unexpected token ')'", "Unexpected end of input", "Invalid or
// unexpected token", "Unterminated string constant", "missing ) after argument list", ...).
// kUnsupportedSyntax: valid syntax the engine does not implement (TypeScript
// enum/namespace/parameter properties, import/export other than `import type`/`export type`,
// dynamic import(), ...). line/column are 1-based; the column counts UTF-16 code units of the
// original source.
struct ParseError {
  enum class Kind : uint8_t { kParseError, kUnsupportedSyntax };
  Kind kind = Kind::kParseError;
  std::string message;
  uint32_t line = 1;
  uint32_t column = 1;
};

struct ParseOptions {
  // Accept and erase TypeScript's erasable syntax (type annotations, interfaces, type aliases,
  // `as`, `satisfies`, non-null `!`, generics, `declare`, access modifiers, ...). Without it, that
  // syntax is a ParseError as in plain JavaScript.
  bool typescript = true;
  // Maximum nesting depth of expressions and statements combined; deeper input is the ParseError
  // "too deeply nested" (never a stack overflow).
  uint32_t max_depth = 1000;
};

// Exactly one of `program` / `error` is set. `arena` owns every node of `program`; keep the
// ParseResult alive while the AST is used.
struct ParseResult {
  std::unique_ptr<AstArena> arena;
  Program* program = nullptr;
  std::optional<ParseError> error;
};

// Parses a whole program (ECMA-262 §16.1 Script, with the body treated as an async function body:
// top-level `await` and `return` are allowed; sloppy mode unless a "use strict" directive is
// present). Input must be valid UTF-8 (else ParseError "Invalid or unexpected token" at the bad
// byte). An empty or whitespace/comment-only source is the ParseError "empty program" at 1:1.
// Implements the lexical grammar (§12, including automatic semicolon insertion §12.10) and the
// syntactic grammar (§13–§15) with the early errors that matter for execution.
ParseResult ParseProgram(std::string_view utf8_source, const ParseOptions& options = {});

}  // namespace codemode::js
