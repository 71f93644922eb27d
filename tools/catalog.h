// The tool tree of a runtime: validated namespaces with lookup by path, a listing of every tool,
// and UnknownTool errors that point at the closest existing names (DESIGN §1, §6).
#ifndef CODEMODE_TOOLS_CATALOG_H_
#define CODEMODE_TOOLS_CATALOG_H_

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "tools/tool.h"

namespace codemode::tools {

// One tool of the tree with its full path.
struct ToolEntry {
  std::vector<std::string> path;  // e.g. {"billing", "invoices", "list"}
  std::string dotted;             // "billing.invoices.list"
  const Tool* tool;               // owned by the tree
};

// Where a looked-up path leads when it is not a tool.
struct LookupError {
  // "UnknownTool" style message: names the path, says what was found instead, and the hint
  // "use search to find tools" plus the closest names when there are any.
  std::string message;
  // Dotted paths of the closest existing tools, best first (at most 3).
  std::vector<std::string> suggestions;
};

// An immutable, validated tree of namespaces and tools. Copies share the same tree.
class ToolTree {
 public:
  // An empty tree (no tools).
  ToolTree();

  // Validates `root` and splits dotted names: "a.b" in `tools` (or `namespaces`) becomes tool
  // (or namespace) b inside namespace a, created if missing and merged with a namespace a
  // declared elsewhere (a declared description wins over an empty one). Errors
  // (InvalidArgument): an empty name or empty dotted segment ("a..b", ".a"), a name declared twice
  // as a tool, or as both a tool and a namespace. The error names the dotted path.
  static absl::StatusOr<ToolTree> Make(Namespace root);

  const Namespace& root() const;

  // The tool at `path` (segments) or at `dotted` ("a.b.c"; no name in a built tree contains a
  // dot, so the split is unambiguous), or nullptr.
  const Tool* Find(absl::Span<const std::string> path) const;
  const Tool* Find(std::string_view dotted) const;
  // The namespace at `path`; the empty path is the root.
  const Namespace* FindNamespace(absl::Span<const std::string> path) const;

  // The tool at `path`, or why there is none (for Diagnostic kind UnknownTool).
  absl::StatusOr<const Tool*> Lookup(absl::Span<const std::string> path,
                                     LookupError* error = nullptr) const;

  // Every tool, depth first: in each namespace its tools, then its namespaces. Both keep their
  // declaration order, except that namespaces implied only by dotted tool names ("a.b" with no
  // namespace "a" declared) follow the declared ones.
  const std::vector<ToolEntry>& List() const;
  size_t size() const { return List().size(); }

  // Dotted paths of up to `max` tools closest to `dotted` (edit distance, case-insensitive, on the
  // whole path and on the last segment), best first; empty when nothing is reasonably close.
  std::vector<std::string> Suggest(std::string_view dotted, size_t max = 3) const;

 private:
  struct Data;
  explicit ToolTree(std::shared_ptr<const Data> data) : data_(std::move(data)) {}
  std::shared_ptr<const Data> data_;
};

// Joins path segments with '.'.
std::string JoinPath(absl::Span<const std::string> path);

// Levenshtein distance between `a` and `b` (bytes, ASCII case-insensitive), O(|a|·|b|).
size_t EditDistance(std::string_view a, std::string_view b);

}  // namespace codemode::tools

#endif  // CODEMODE_TOOLS_CATALOG_H_
