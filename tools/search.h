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
// case-insensitively); common English stop words ("in", "the", "for"…) are dropped unless nothing
// else is left, and every word — the query's and the catalog's — is stemmed lightly ("refunds",
// "emails", "invoices" → refund, email, invoice). Names are split into words too ("lookup-by-id",
// "lookupById" → lookup, by, id). A query word matches a word it equals or, from three letters on,
// begins. It scores by where it matches best: the tool's own name (8), a namespace name on its path
// (6), its description (2), the description of an enclosing namespace or the root (1). Tools
// matching no word are left out; the rest are ordered by total score, then the number of words
// matched, then List() order. Bounded work: a query of at most 1,024 bytes and 32 different words, a
// path of at most 1,024 bytes, the first 4,096 bytes of each description. Errors (InvalidArgument,
// "search: ..."): those bounds; limit outside 1..50; a path that is neither a tool nor a namespace
// (with the closest tool names).
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
