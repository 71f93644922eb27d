// Callable forms of tools for programs and for the models that write them (DESIGN §2 tools/,
// seeds "Discovery"): the expression a program calls a tool with, and a one-line signature
// generated from the tool's input and output JSON Schemas, in TypeScript or in Lua (LuaLS
// annotation style; see tools/README.md).
#ifndef CODEMODE_TOOLS_SIGNATURE_H_
#define CODEMODE_TOOLS_SIGNATURE_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "absl/types/span.h"
#include "tools/catalog.h"
#include "tools/json.h"

namespace codemode::tools {

enum class SignatureLanguage { kTypeScript, kLua };

// Rendered types longer than this (bytes) stop adding members and end in a truncation marker
// (TypeScript `/* truncated */`, Lua `--[[truncated]]`); the result stays under about twice
// this size whatever the schema.
inline constexpr size_t kMaxSignatureBytes = 4096;

// True when `name` can follow a dot in `lang`: an ASCII identifier (JavaScript also allows `$`;
// non-ASCII names are bracketed, which is always valid) that is not a reserved word of `lang`
// (ECMA-262 §12.7.2 plus strict-mode words; Lua 5.4 manual §3.1).
bool IsPlainName(std::string_view name, SignatureLanguage lang);

// `text` as a string literal of `lang`: JSON quoting for TypeScript (ECMA-262 §25.5.2.3);
// for Lua, "..." with \" \\ \n \r \t escapes and other control bytes as three-digit \ddd.
std::string QuoteString(std::string_view text, SignatureLanguage lang);

// The expression a program calls the tool with: `tools.orders.lookup`,
// `tools.orders["lookup-by-id"]` (a segment that is not an identifier of the language — or is a
// reserved word of it — in brackets, quoted as a string literal of that language).
std::string ToolExpression(absl::Span<const std::string> path, SignatureLanguage lang);

// The type a JSON Schema (draft 2020-12 subset, OpenAPI `nullable`) describes, on one line, e.g.
// TypeScript `{ id: string; tags?: string[] }`, Lua `{ id: string, tags?: string[] }`. Local
// `$ref`s (`#`, `#/$defs/X`, `#/definitions/X`, any `#/...` pointer) resolve against `schema`
// itself; a recursive reference is expanded once and then becomes `unknown` (Lua `any`), as do
// schemas nested deeper than 24 levels and anything that is not a schema. Never fails; bounded by
// `max_bytes` as described at kMaxSignatureBytes.
std::string SchemaType(const json::Value& schema, SignatureLanguage lang,
                       size_t max_bytes = kMaxSignatureBytes);

// The full signature of a tool, generated from its input/output JSON Schemas, e.g. TypeScript
//   tools.orders.lookup(input: { id: string; verbose?: boolean }): Promise<{ id: string }>
// and Lua (calls wait in place, so no Promise)
//   tools.orders.lookup(input: { id: string, verbose?: boolean }): { id: string }
// The argument is optional (`input?:`) when the input schema accepts anything (`input?: unknown`,
// Lua `input?: any`) or is a plain object schema with no required property, which the `{}` a
// call without an argument sends satisfies. No output schema gives `Promise<unknown>` (`any`).
std::string ToolSignature(const ToolEntry& entry, SignatureLanguage lang);

}  // namespace codemode::tools

#endif  // CODEMODE_TOOLS_SIGNATURE_H_
