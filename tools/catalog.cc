#include "tools/catalog.h"

#include <algorithm>
#include <tuple>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace codemode::tools {

std::string JoinPath(absl::Span<const std::string> path) { return absl::StrJoin(path, "."); }

size_t EditDistance(std::string_view a, std::string_view b) {
  // One row of the dynamic-programming table at a time.
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      bool same = absl::ascii_tolower(static_cast<unsigned char>(a[i - 1])) ==
                  absl::ascii_tolower(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

namespace {

// Names echoed in messages come from programs; keep them short.
std::string Shown(std::string_view name) {
  constexpr size_t kMax = 200;
  if (name.size() <= kMax) return std::string(name);
  return absl::StrCat(std::string(name.substr(0, kMax)), "…");
}

absl::StatusOr<std::vector<std::string>> SplitName(std::string_view name, std::string_view where) {
  std::vector<std::string> segments =
      absl::StrSplit(absl::string_view(name.data(), name.size()), '.');
  for (const std::string& s : segments) {
    if (s.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "tool tree: name '", Shown(name), "' in ", std::string(where),
          name.empty() ? " is empty" : " has an empty segment (dotted names are paths)"));
    }
  }
  return segments;
}

std::string Where(const std::vector<std::string>& prefix) {
  return prefix.empty() ? std::string("the root namespace")
                        : absl::StrCat("namespace '", JoinPath(prefix), "'");
}

// Walks (creating as needed) the namespaces named by segments[0..n-1) below `ns`.
absl::StatusOr<Namespace*> Descend(Namespace* ns, std::vector<std::string>* path,
                                   const std::vector<std::string>& segments) {
  for (size_t i = 0; i + 1 < segments.size(); ++i) {
    const std::string& s = segments[i];
    path->push_back(s);
    if (ns->FindTool(s) != nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat("tool tree: '", JoinPath(*path), "' is both a tool and a namespace"));
    }
    Namespace* child = ns->FindNamespace(s);
    if (child == nullptr) {
      ns->namespaces.emplace_back(s, Namespace{});
      child = &ns->namespaces.back().second;
    }
    ns = child;
  }
  return ns;
}

absl::Status AddTool(Namespace* dst, std::vector<std::string> path, std::string_view name,
                     Tool tool) {
  auto segments = SplitName(name, Where(path));
  if (!segments.ok()) return segments.status();
  auto ns = Descend(dst, &path, *segments);
  if (!ns.ok()) return ns.status();
  const std::string& last = segments->back();
  path.push_back(last);
  if ((*ns)->FindTool(last) != nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("tool tree: tool '", JoinPath(path), "' is declared twice"));
  }
  if ((*ns)->FindNamespace(last) != nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("tool tree: '", JoinPath(path), "' is both a tool and a namespace"));
  }
  (*ns)->tools.emplace_back(last, std::move(tool));
  return absl::OkStatus();
}

absl::Status Merge(Namespace* dst, std::vector<std::string> path, Namespace src);

absl::Status AddNamespace(Namespace* dst, std::vector<std::string> path, std::string_view name,
                          Namespace src) {
  auto segments = SplitName(name, Where(path));
  if (!segments.ok()) return segments.status();
  auto ns = Descend(dst, &path, *segments);
  if (!ns.ok()) return ns.status();
  const std::string& last = segments->back();
  path.push_back(last);
  if ((*ns)->FindTool(last) != nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("tool tree: '", JoinPath(path), "' is both a tool and a namespace"));
  }
  Namespace* target = (*ns)->FindNamespace(last);
  if (target == nullptr) {
    (*ns)->namespaces.emplace_back(last, Namespace{});
    target = &(*ns)->namespaces.back().second;
  }
  return Merge(target, std::move(path), std::move(src));
}

// Adds the contents of `src` (names possibly dotted) into `dst`, which is at `path`.
absl::Status Merge(Namespace* dst, std::vector<std::string> path, Namespace src) {
  if (!src.description.empty()) {
    if (!dst->description.empty() && dst->description != src.description) {
      return absl::InvalidArgumentError(
          absl::StrCat("tool tree: namespace '", JoinPath(path),
                       "' is declared twice with different descriptions"));
    }
    dst->description = std::move(src.description);
  }
  // Declared namespaces first, so that namespaces implied by dotted tool names come after them.
  for (auto& [name, ns] : src.namespaces) {
    if (absl::Status s = AddNamespace(dst, path, name, std::move(ns)); !s.ok()) return s;
  }
  for (auto& [name, tool] : src.tools) {
    if (absl::Status s = AddTool(dst, path, name, std::move(tool)); !s.ok()) return s;
  }
  return absl::OkStatus();
}

}  // namespace

struct ToolTree::Data {
  Namespace root;
  std::vector<ToolEntry> entries;
  absl::flat_hash_map<std::string, size_t> by_dotted;
};

namespace {

void Collect(const Namespace& ns, std::vector<std::string>* path, std::vector<ToolEntry>* out) {
  for (const auto& [name, tool] : ns.tools) {
    path->push_back(name);
    out->push_back(ToolEntry{*path, JoinPath(*path), &tool});
    path->pop_back();
  }
  for (const auto& [name, child] : ns.namespaces) {
    path->push_back(name);
    Collect(child, path, out);
    path->pop_back();
  }
}

}  // namespace

ToolTree::ToolTree() : data_(std::make_shared<const Data>()) {}

absl::StatusOr<ToolTree> ToolTree::Make(Namespace root) {
  auto data = std::make_shared<Data>();
  if (absl::Status s = Merge(&data->root, {}, std::move(root)); !s.ok()) return s;
  std::vector<std::string> path;
  Collect(data->root, &path, &data->entries);
  for (size_t i = 0; i < data->entries.size(); ++i) {
    data->by_dotted.emplace(data->entries[i].dotted, i);
  }
  return ToolTree(std::move(data));
}

const Namespace& ToolTree::root() const { return data_->root; }

const std::vector<ToolEntry>& ToolTree::List() const { return data_->entries; }

const Tool* ToolTree::Find(std::string_view dotted) const {
  auto it = data_->by_dotted.find(absl::string_view(dotted.data(), dotted.size()));
  return it == data_->by_dotted.end() ? nullptr : data_->entries[it->second].tool;
}

const Tool* ToolTree::Find(absl::Span<const std::string> path) const {
  if (path.empty()) return nullptr;
  const Namespace* ns = FindNamespace(path.subspan(0, path.size() - 1));
  return ns == nullptr ? nullptr : ns->FindTool(path.back());
}

const Namespace* ToolTree::FindNamespace(absl::Span<const std::string> path) const {
  const Namespace* ns = &data_->root;
  for (const std::string& segment : path) {
    ns = ns->FindNamespace(segment);
    if (ns == nullptr) return nullptr;
  }
  return ns;
}

std::vector<std::string> ToolTree::Suggest(std::string_view dotted, size_t max) const {
  // Bound the work on names that come from programs.
  constexpr size_t kMaxQuery = 128;
  std::string query(dotted.substr(0, kMaxQuery));
  std::string_view last = query;
  if (size_t dot = last.rfind('.'); dot != std::string_view::npos) last.remove_prefix(dot + 1);
  // A typo or two anywhere in the path, or a near-miss on the tool's own name.
  const size_t full_limit = std::max<size_t>(2, query.size() / 4);
  const size_t last_limit = std::max<size_t>(1, last.size() / 3);

  std::vector<std::tuple<size_t, size_t, std::string>> scored;
  for (const ToolEntry& e : data_->entries) {
    size_t full = EditDistance(query, e.dotted);
    size_t tail = EditDistance(last, e.path.back());
    // The right name in another namespace is nearly as good as a typo in the right one.
    bool close = full <= full_limit || tail <= last_limit;
    if (close) scored.emplace_back(std::min(full, tail + 1), full, e.dotted);
  }
  std::sort(scored.begin(), scored.end());
  std::vector<std::string> out;
  for (auto& [score, full, name] : scored) {
    if (out.size() >= max) break;
    out.push_back(std::move(name));
  }
  return out;
}

absl::StatusOr<const Tool*> ToolTree::Lookup(absl::Span<const std::string> path,
                                             LookupError* error) const {
  if (const Tool* tool = Find(path)) return tool;
  LookupError e;
  const std::string dotted = JoinPath(path);
  if (path.empty()) {
    e.message = "no tool path given; use search to find tools";
  } else if (const Namespace* ns = FindNamespace(path)) {
    std::vector<std::string> names;
    for (const auto& [name, tool] : ns->tools) names.push_back(name);
    for (const auto& [name, child] : ns->namespaces) names.push_back(absl::StrCat(name, ".*"));
    constexpr size_t kShow = 12;
    std::string listed =
        absl::StrJoin(names.begin(), names.begin() + std::min(kShow, names.size()), ", ");
    if (names.size() > kShow) absl::StrAppend(&listed, ", …");
    e.message = absl::StrCat("'", Shown(dotted), "' is a namespace, not a tool",
                             names.empty() ? "" : absl::StrCat(" (it contains ", listed, ")"),
                             "; use search to find tools");
    for (const auto& [name, tool] : ns->tools) {
      if (e.suggestions.size() >= 3) break;
      e.suggestions.push_back(absl::StrCat(dotted, ".", name));
    }
  } else {
    e.suggestions = Suggest(dotted);
    e.message = absl::StrCat("unknown tool '", Shown(dotted), "'");
    if (!e.suggestions.empty()) {
      absl::StrAppend(&e.message, "; did you mean ", absl::StrJoin(e.suggestions, ", "), "?");
    }
    absl::StrAppend(&e.message, "; use search to find tools");
  }
  absl::Status status = absl::NotFoundError(e.message);
  if (error != nullptr) *error = std::move(e);
  return status;
}

}  // namespace codemode::tools
