#include "tools/search.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <string_view>
#include <utility>

#include "absl/container/node_hash_map.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "tools/json.h"

namespace codemode::tools {
namespace {

// Scores of one query word by where it matched (see Search in search.h).
constexpr int kOwnName = 8;
constexpr int kNamespaceName = 6;
constexpr int kDescription = 2;
constexpr int kNamespaceDescription = 1;
// Bounds on one search's work, whatever the program sends: the query and path lengths, the words
// of a query that count, and the bytes of each description that are read for words.
constexpr size_t kMaxQueryBytes = 1024;
constexpr size_t kMaxQueryWords = 32;
constexpr size_t kMaxPathBytes = 1024;
constexpr size_t kMaxDescriptionBytes = 4096;

bool IsWordByte(char c) {
  return absl::ascii_isalnum(static_cast<unsigned char>(c)) ||
         static_cast<unsigned char>(c) >= 0x80;
}

// Lowercased words of `text`: runs of word bytes.
std::vector<std::string> Words(std::string_view text) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : text) {
    if (IsWordByte(c)) {
      cur.push_back(absl::ascii_tolower(static_cast<unsigned char>(c)));
    } else if (!cur.empty()) {
      out.push_back(std::move(cur));
      cur.clear();
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

// A light English stemmer, applied to query words and to the words they are matched with alike, so
// "refunds" finds "refund" and "emails" finds "email": -ies → -y, -es/-s, -ing, -ed (the word keeps
// at least three letters).
std::string Stem(std::string w) {
  auto cut = [&](std::string_view suffix, std::string_view with, size_t keep) {
    if (w.size() >= suffix.size() + keep && std::string_view(w).ends_with(suffix)) {
      w.resize(w.size() - suffix.size());
      w += with;
      return true;
    }
    return false;
  };
  if (cut("ies", "y", 3) || cut("sses", "ss", 3) || cut("ing", "", 3) || cut("ed", "", 3)) return w;
  if (!std::string_view(w).ends_with("ss")) cut("s", "", 3);
  return w;
}

// The words of a name: split at non-word bytes and at lower→upper case changes ("lookupById" →
// lookup, by, id), lowercased and stemmed.
std::vector<std::string> NameWords(std::string_view name) {
  std::string spaced;
  for (size_t i = 0; i < name.size(); ++i) {
    if (i > 0 && absl::ascii_isupper(static_cast<unsigned char>(name[i])) &&
        absl::ascii_islower(static_cast<unsigned char>(name[i - 1])))
      spaced.push_back(' ');
    spaced.push_back(name[i]);
  }
  std::vector<std::string> out = Words(spaced);
  for (std::string& w : out) w = Stem(std::move(w));
  return out;
}

std::vector<std::string> TextWords(std::string_view text) {
  std::vector<std::string> out = Words(text.substr(0, std::min(text.size(), kMaxDescriptionBytes)));
  for (std::string& w : out) w = Stem(std::move(w));
  return out;
}

// Words a query gives no signal with ("weather in paris" must not find "inventory" by "in"; "get
// order" is about orders, not about every tool named get).
bool IsStopWord(std::string_view w) {
  static constexpr std::string_view kStop[] = {
      "a", "an", "the", "in", "on", "of", "for", "to", "by", "and", "or", "with", "from", "at",
      "is", "are", "my", "me", "i", "it", "this", "that", "all", "any", "some", "please", "how",
      "what", "which", "do", "does", "can", "be", "into", "as", "its",
      // verbs and nouns of the request itself ("get order", "find a tool to …")
      "get", "find", "fetch", "show", "want", "need", "tool", "tools", "using", "use"};
  return std::find(std::begin(kStop), std::end(kStop), w) != std::end(kStop);
}

// Whether query word `q` matches one of `words`: equal, or a prefix of it when `q` has at least
// three letters (a short word matching inside longer ones finds too much).
bool Matches(const std::vector<std::string>& words, const std::string& q) {
  return std::any_of(words.begin(), words.end(), [&](const std::string& w) {
    return w == q || (q.size() >= 3 && w.compare(0, q.size(), q) == 0);
  });
}

// The segments of a `tools.a["b"]` expression (TypeScript or Lua quoting), or nullopt when `p`
// is not one.
std::optional<std::vector<std::string>> ParseExpression(std::string_view p) {
  if (!p.starts_with("tools")) return std::nullopt;
  p.remove_prefix(5);
  std::vector<std::string> segments;
  while (!p.empty()) {
    if (p[0] == '.') {
      p.remove_prefix(1);
      size_t end = std::min(p.find_first_of(".["), p.size());
      if (end == 0) return std::nullopt;
      segments.emplace_back(p.substr(0, end));
      p.remove_prefix(end);
      continue;
    }
    if (p.size() < 4 || p[0] != '[' || (p[1] != '"' && p[1] != '\'')) return std::nullopt;
    char quote = p[1];
    p.remove_prefix(2);
    std::string segment;
    bool closed = false;
    while (!p.empty()) {
      char c = p[0];
      p.remove_prefix(1);
      if (c == quote) {
        closed = true;
        break;
      }
      if (c == '\\' && !p.empty()) {
        c = p[0];
        p.remove_prefix(1);
        if (c == 'n') c = '\n';
        if (c == 't') c = '\t';
      }
      segment.push_back(c);
    }
    if (!closed || !p.starts_with("]")) return std::nullopt;
    p.remove_prefix(1);
    segments.push_back(std::move(segment));
  }
  return segments;
}

std::vector<std::string> SplitDotted(const std::string& dotted) {
  if (dotted.empty()) return {};
  return absl::StrSplit(dotted, '.');
}

CatalogEntry Describe(const ToolEntry& e, SignatureLanguage lang) {
  return CatalogEntry{ToolExpression(e.path, lang), e.dotted,
                      e.tool != nullptr ? e.tool->description : std::string(),
                      ToolSignature(e, lang)};
}

json::Value EntryJson(const CatalogEntry& e) {
  json::Object o;
  o.Set("path", json::Value::String(e.path));
  o.Set("dotted", json::Value::String(e.dotted));
  o.Set("description", json::Value::String(e.description));
  o.Set("signature", json::Value::String(e.signature));
  return json::Value::FromObject(std::move(o));
}

json::Value EntriesJson(const std::vector<CatalogEntry>& entries) {
  json::Array items;
  items.reserve(entries.size());
  for (const CatalogEntry& e : entries) items.push_back(EntryJson(e));
  return json::Value::FromArray(std::move(items));
}

absl::Status FieldError(const std::string& field, const char* needs, const json::Value& got) {
  return absl::InvalidArgumentError(absl::StrCat("search: ", field, " must be ", needs, ", got ",
                                                 std::string(json::TypeName(got.type()))));
}

// A non-negative integer member that fits in uint32 (JSON integer syntax or an integral float,
// as a JavaScript number is either).
absl::StatusOr<uint32_t> Count(const std::string& field, const json::Value& v) {
  double d = v.as_double();
  if (!v.is_number() || !(d >= 0 && d <= 4294967295.0) || d != std::floor(d)) {
    if (v.is_number()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "search: ", field, " must be a non-negative integer, got ", json::Serialize(v)));
    }
    return FieldError(field, "a non-negative integer", v);
  }
  return static_cast<uint32_t>(d);
}

absl::Status CheckLimit(uint32_t limit) {
  if (limit >= 1 && limit <= kMaxSearchLimit) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat("search: limit must be between 1 and ", kMaxSearchLimit, ", got ", limit));
}

}  // namespace

std::vector<CatalogEntry> Catalog(const ToolTree& tree, SignatureLanguage lang) {
  std::vector<CatalogEntry> out;
  out.reserve(tree.size());
  for (const ToolEntry& e : tree.List()) out.push_back(Describe(e, lang));
  return out;
}

absl::StatusOr<SearchResult> Search(const ToolTree& tree, const SearchRequest& req,
                                    SignatureLanguage lang) {
  if (absl::Status limit = CheckLimit(req.limit); !limit.ok()) return limit;
  if (req.query.size() > kMaxQueryBytes) {
    return absl::InvalidArgumentError(absl::StrCat("search: the query is ", req.query.size(),
                                                   " bytes long; use at most ", kMaxQueryBytes,
                                                   " (a few words)"));
  }
  if (req.path.size() > kMaxPathBytes) {
    return absl::InvalidArgumentError(
        absl::StrCat("search: the path is ", req.path.size(),
                     " bytes long; a tool or namespace path has at most ", kMaxPathBytes));
  }
  // The scope: every tool, one tool, or the tools under one namespace.
  std::vector<std::string> scope;
  if (!req.path.empty()) {
    std::vector<std::vector<std::string>> candidates;
    if (auto expr = ParseExpression(req.path)) candidates.push_back(std::move(*expr));
    candidates.push_back(SplitDotted(req.path));
    bool found = false;
    for (const std::vector<std::string>& c : candidates) {
      if (const Tool* tool = tree.Find(c)) {
        for (const ToolEntry& e : tree.List()) {
          if (e.tool == tool) return SearchResult{{Describe(e, lang)}, 1, std::nullopt};
        }
      }
      if (tree.FindNamespace(c) != nullptr) {
        scope = c;
        found = true;
        break;
      }
    }
    if (!found) {
      std::string message = absl::StrCat("search: no tool or namespace at path '", req.path, "'");
      std::vector<std::string> close = tree.Suggest(req.path);
      if (!close.empty()) absl::StrAppend(&message, " (closest: ", absl::StrJoin(close, ", "), ")");
      return absl::InvalidArgumentError(message);
    }
  }

  // The query's words, stop words left out (unless that leaves none), stemmed, each once.
  std::vector<std::string> raw = Words(req.query);
  std::vector<std::string> words;
  for (std::string& w : raw) {
    if (IsStopWord(w)) continue;
    std::string stem = Stem(std::move(w));
    if (std::find(words.begin(), words.end(), stem) == words.end())
      words.push_back(std::move(stem));
  }
  if (words.empty()) {
    for (std::string& w : raw) {
      std::string stem = Stem(std::move(w));
      if (std::find(words.begin(), words.end(), stem) == words.end())
        words.push_back(std::move(stem));
    }
  }
  if (words.size() > kMaxQueryWords) {
    return absl::InvalidArgumentError(absl::StrCat(
        "search: the query has ", words.size(), " different words; use at most ", kMaxQueryWords));
  }
  struct Hit {
    size_t index;
    size_t matched;
    int score;
  };
  std::vector<Hit> hits;
  const std::vector<ToolEntry>& list = tree.List();
  // Each namespace's description words, split once per search (not once per tool under it). A
  // node map: the references handed out must survive later insertions.
  absl::node_hash_map<const Namespace*, std::vector<std::string>> namespace_text;
  auto namespace_words = [&](const Namespace* ns) -> const std::vector<std::string>& {
    auto [it, inserted] = namespace_text.try_emplace(ns);
    if (inserted) it->second = TextWords(ns->description);
    return it->second;
  };
  for (size_t i = 0; i < list.size(); ++i) {
    const ToolEntry& e = list[i];
    if (e.path.size() <= scope.size() || !std::equal(scope.begin(), scope.end(), e.path.begin())) {
      continue;
    }
    if (words.empty()) {
      hits.push_back({i, 0, 0});
      continue;
    }
    std::vector<std::string> own = NameWords(e.path.back());
    std::vector<std::string> ns_names;
    for (size_t n = 0; n + 1 < e.path.size(); ++n)
      for (std::string& w : NameWords(e.path[n])) ns_names.push_back(std::move(w));
    std::vector<std::string> description = TextWords(e.tool != nullptr ? e.tool->description : "");
    std::vector<const std::vector<std::string>*> ns_texts{&namespace_words(&tree.root())};
    for (size_t n = 1; n < e.path.size(); ++n) {
      const Namespace* ns = tree.FindNamespace(absl::MakeConstSpan(e.path).subspan(0, n));
      if (ns != nullptr) ns_texts.push_back(&namespace_words(ns));
    }
    Hit hit{i, 0, 0};
    for (const std::string& w : words) {
      int best = 0;
      if (Matches(own, w)) {
        best = kOwnName;
      } else if (Matches(ns_names, w)) {
        best = kNamespaceName;
      } else if (Matches(description, w)) {
        best = kDescription;
      } else if (std::any_of(ns_texts.begin(), ns_texts.end(),
                             [&](const std::vector<std::string>* t) { return Matches(*t, w); })) {
        best = kNamespaceDescription;
      }
      if (best > 0) {
        ++hit.matched;
        hit.score += best;
      }
    }
    if (hit.matched > 0) hits.push_back(hit);
  }
  // Best score first (where the words matched counts more than how many did: "get order" should
  // put orders.* before customers.get), then more words matched, then catalog order.
  std::stable_sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) {
    if (a.score != b.score) return a.score > b.score;
    return a.matched > b.matched;
  });

  SearchResult result;
  result.total = static_cast<uint32_t>(hits.size());
  size_t end = std::min<size_t>(hits.size(), size_t{req.offset} + req.limit);
  for (size_t k = req.offset; k < end; ++k)
    result.items.push_back(Describe(list[hits[k].index], lang));
  if (end < hits.size()) result.next_offset = static_cast<uint32_t>(end);
  return result;
}

absl::StatusOr<SearchRequest> ParseSearchRequest(std::string_view input_json) {
  absl::StatusOr<json::Value> parsed = json::Parse(input_json);
  if (!parsed.ok())
    return absl::InvalidArgumentError(absl::StrCat("search: ", parsed.status().message()));
  SearchRequest req;
  const json::Value& v = *parsed;
  if (v.is_null()) return req;
  if (v.is_string()) {
    req.query = v.as_string();
    return req;
  }
  if (!v.is_object()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "search: expected a query string or an object {query?, path?, limit?, offset?}, got ",
        std::string(json::TypeName(v.type()))));
  }
  std::vector<std::string> unknown;
  for (const auto& [key, member] : v.as_object()) {
    if (member.is_null()) continue;
    if (key == "query" || key == "path") {
      if (!member.is_string()) return FieldError(key, "a string", member);
      (key == "query" ? req.query : req.path) = member.as_string();
    } else if (key == "limit" || key == "offset") {
      absl::StatusOr<uint32_t> n = Count(key, member);
      if (!n.ok()) return n.status();
      (key == "limit" ? req.limit : req.offset) = *n;
    } else {
      unknown.push_back(key);
    }
  }
  if (!unknown.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("search: unknown ", unknown.size() == 1 ? "key " : "keys ",
                     absl::StrJoin(unknown, ", "), " (expected query, path, limit, offset)"));
  }
  if (absl::Status limit = CheckLimit(req.limit); !limit.ok()) return limit;
  return req;
}

std::string SearchResultToJson(const SearchResult& r) {
  json::Object o;
  o.Set("items", EntriesJson(r.items));
  o.Set("total", json::Value::Integer(r.total));
  o.Set("nextOffset", r.next_offset ? json::Value::Integer(*r.next_offset) : json::Value::Null());
  return json::Serialize(json::Value::FromObject(std::move(o)));
}

std::string CatalogToJson(const std::vector<CatalogEntry>& entries) {
  return json::Serialize(EntriesJson(entries));
}

}  // namespace codemode::tools
