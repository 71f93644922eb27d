// libFuzzer target: parses arbitrary bytes as a Lua 5.4 chunk (compiler/lua/parser.h), parse only.
// Any crash, sanitizer report, hang (libFuzzer -timeout) or out-of-memory (-rss_limit_mb) is a bug:
// untrusted source must always end in an AST or a ParseError (DESIGN §3 invariants 5 and 7).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "compiler/lua/ast.h"
#include "compiler/lua/parser.h"

namespace {

// Larger inputs only slow the fuzzer down; the source-size bound is the runtime's.
constexpr size_t kMaxInputBytes = 64 * 1024;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > kMaxInputBytes) return -1;  // -1: do not add to the corpus
  const std::string_view source(reinterpret_cast<const char*>(data), size);
  const codemode::lua::ParseResult result = codemode::lua::ParseChunk(source);
  // Exactly one of chunk / error, and errors always carry a message and a position.
  if ((result.chunk != nullptr) == result.error.has_value()) {
    std::fprintf(stderr, "fuzz_lua_parse: ParseResult has %s\n",
                 result.chunk ? "both a chunk and an error" : "neither a chunk nor an error");
    std::abort();
  }
  if (result.error && (result.error->message.empty() || result.error->line == 0 ||
                       result.error->column == 0)) {
    std::fprintf(stderr, "fuzz_lua_parse: error without a message or position\n");
    std::abort();
  }
  // Walk the whole tree (every node reachable, every pointer valid under ASan).
  if (result.chunk) (void)codemode::lua::DumpLuaAst(result.chunk, {true, true});
  return 0;
}
