// Tool discovery (DESIGN §2 tools/, §6 CLI `catalog` and `search`; seeds "Discovery"): the catalog
// of every tool with its callable expression and signature, and the search programs and hosts
// run over it — exact-path lookup, namespace-scoped search, empty-query browsing, pagination.
#ifndef CODEMODE_TOOLS_SEARCH_H_
#define CODEMODE_TOOLS_SEARCH_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "tools/catalog.h"
#include "tools/signature.h"

namespace codemode::tools {

// What a program or a model needs to call one tool.
struct CatalogEntry {
  std::string path;         // ToolExpression(...) — what the program writes to call it
  std::string dotted;       // "orders.lookup-by-id"
  std::string description;  // the tool's description
  std::string signature;    // ToolSignature(...)
};

// Every tool of `tree`, in List() order.
std::vector<CatalogEntry> Catalog(const ToolTree& tree, SignatureLanguage lang);

inline constexpr uint32_t kMaxSearchLimit = 50;

struct SearchRequest {
  std::string query;  // words; empty = browse everything (in List() order)
  std::string path;   // optional dotted path or "tools.x.y"/bracket expression: a tool → exactly
                      // that tool; a namespace → search only inside it; neither →
                      // InvalidArgument naming it
  uint32_t limit = 10;  // 1..50 (out of range → InvalidArgument)
  uint32_t offset = 0;
};

struct SearchResult {
  std::vector<CatalogEntry> items;
  uint32_t total = 0;                   // matches before pagination
  std::optional<uint32_t> next_offset;  // set when more items follow
};

// Searches the tools of `tree` (or of the namespace `req.path` names). The query is split into
// words (runs of ASCII letters and digits, and of non-ASCII bytes; compared ASCII
// case-insensitively). A word matches a tool through, best first: its own name (substring, 8), a
// namespace name on its path (substring, 4), its description (a description word starting with
// it, 2), the description of an enclosing namespace (likewise, 1). Tools matching no word are left
// out; the rest are ordered by the number of words matched, then the sum of each word's best
// score, then List() order. Errors (InvalidArgument, "search: ..."): limit outside 1..50; a path
// that is neither a tool nor a namespace (with the closest tool names).
absl::StatusOr<SearchResult> Search(const ToolTree& tree, const SearchRequest& req,
                                    SignatureLanguage lang);

// The program's argument as JSON text: an object {query?, path?, limit?, offset?} (unknown keys →
// InvalidArgument naming them; wrong types → InvalidArgument naming the field and the type it
// needs; a null member counts as absent), or a string (the query), or `{}`/null (browse).
absl::StatusOr<SearchRequest> ParseSearchRequest(std::string_view input_json);

// {"items":[{"path":…,"dotted":…,"description":…,"signature":…}],"total":n,"nextOffset":n|null}
// — compact JSON.
std::string SearchResultToJson(const SearchResult& r);
// A JSON array of the same objects.
std::string CatalogToJson(const std::vector<CatalogEntry>& entries);

}  // namespace codemode::tools

#endif  // CODEMODE_TOOLS_SEARCH_H_
