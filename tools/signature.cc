#include "tools/signature.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace codemode::tools {
namespace {

using Lang = SignatureLanguage;

// ECMA-262 §12.7.2 reserved words, plus those reserved in strict mode or in modules.
constexpr std::string_view kJsReserved[] = {
    "await",     "break",  "case",     "catch",  "class",      "const",   "continue",  "debugger",
    "default",   "delete", "do",       "else",   "enum",       "export",  "extends",   "false",
    "finally",   "for",    "function", "if",     "implements", "import",  "in",        "instanceof",
    "interface", "let",    "new",      "null",   "package",    "private", "protected", "public",
    "return",    "static", "super",    "switch", "this",       "throw",   "true",      "try",
    "typeof",    "var",    "void",     "while",  "with",       "yield"};
// Lua 5.4 manual §3.1.
constexpr std::string_view kLuaReserved[] = {
    "and",      "break",  "do",   "else", "elseif", "end",  "false", "for",
    "function", "goto",   "if",   "in",   "local",  "nil",  "not",   "or",
    "repeat",   "return", "then", "true", "until",  "while"};

bool IsIdentifierText(std::string_view name, Lang lang) {
  if (name.empty()) return false;
  for (size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
              (c == '$' && lang == Lang::kTypeScript) || (i > 0 && c >= '0' && c <= '9');
    if (!ok) return false;
  }
  return true;
}

// Binding strength of a rendered type, so that `T[]` and `A & B` parenthesize unions.
enum class Prec { kUnion, kIntersection, kAtom };

struct Rendered {
  std::string text;
  Prec prec = Prec::kAtom;
};

constexpr int kMaxDepth = 24;

class Renderer {
 public:
  Renderer(const json::Value& root, Lang lang, size_t max_bytes)
      : root_(root), lang_(lang), max_bytes_(max_bytes) {}

  std::string Render() { return Type(root_, 0).text; }

  std::string_view unknown() const { return lang_ == Lang::kLua ? "any" : "unknown"; }

 private:
  bool ts() const { return lang_ == Lang::kTypeScript; }
  std::string_view never() const { return ts() ? "never" : "nil"; }
  std::string_view marker() const { return ts() ? "/* truncated */" : "--[[truncated]]"; }
  // The marker where a type is expected (a union, intersection or tuple member): TypeScript needs a
  // type there for the signature to stay valid.
  std::string_view type_marker() const {
    return ts() ? "unknown /* truncated */" : "--[[truncated]]";
  }
  // JSON null: TypeScript's null; a Lua program receives json.null (nil only removes a field).
  std::string_view null_type() const { return ts() ? "null" : "json.null"; }
  // Every byte a type adds besides its members' text counts toward the budget, so the size of
  // the whole result is what was spent (plus at most one marker per nesting level).
  bool Full() const { return spent_ > max_bytes_; }
  Rendered Atom(std::string text) {
    spent_ += text.size();
    return {std::move(text), Prec::kAtom};
  }
  Rendered Unknown() { return Atom(std::string(unknown())); }
  bool IsUnknown(const Rendered& r) const { return r.text == unknown(); }

  Rendered Type(const json::Value& s, int depth) {
    if (depth > kMaxDepth || Full()) return Unknown();
    if (s.is_bool()) return s.as_bool() ? Unknown() : Atom(std::string(never()));
    if (!s.is_object()) return Unknown();
    if (const json::Value* ref = s.Find("$ref"); ref != nullptr && ref->is_string()) {
      return Nullable(s, Ref(ref->as_string(), depth));
    }
    if (const json::Value* c = s.Find("const")) return Nullable(s, Literal(*c));
    if (const json::Value* e = s.Find("enum"); e != nullptr && e->is_array()) {
      std::vector<Rendered> members;
      for (const json::Value& v : e->as_array()) {
        if (Full()) {
          members.push_back(Atom(std::string(type_marker())));
          break;
        }
        members.push_back(Literal(v));
      }
      return Nullable(s, Union(std::move(members)));
    }
    // The schema's own type and its combinators all apply: their intersection.
    std::vector<Rendered> parts;
    if (std::optional<Rendered> base = Base(s, depth)) parts.push_back(std::move(*base));
    for (std::string_view key : {"anyOf", "oneOf"}) {
      if (const json::Value* list = s.Find(key); list != nullptr && list->is_array()) {
        parts.push_back(Union(Members(list->as_array(), depth)));
      }
    }
    if (const json::Value* all = s.Find("allOf"); all != nullptr && all->is_array()) {
      for (Rendered& r : Members(all->as_array(), depth)) parts.push_back(std::move(r));
    }
    return Nullable(s, Intersection(std::move(parts)));
  }

  // OpenAPI 3.0 `nullable: true`.
  Rendered Nullable(const json::Value& s, Rendered r) {
    const json::Value* n = s.Find("nullable");
    if (n == nullptr || !n->is_bool() || !n->as_bool() || IsUnknown(r)) return r;
    std::vector<Rendered> members;
    members.push_back(std::move(r));
    members.push_back(Atom(std::string(null_type())));
    return Union(std::move(members));
  }

  std::vector<Rendered> Members(const json::Array& list, int depth) {
    std::vector<Rendered> out;
    for (const json::Value& m : list) {
      if (Full()) {
        out.push_back(Atom(std::string(type_marker())));
        break;
      }
      out.push_back(Type(m, depth + 1));
    }
    return out;
  }

  Rendered Union(std::vector<Rendered> members) {
    std::vector<Rendered> kept;
    for (Rendered& m : members) {
      if (IsUnknown(m)) return Unknown();
      if (m.text == never()) continue;
      bool seen = std::any_of(kept.begin(), kept.end(),
                              [&](const Rendered& k) { return k.text == m.text; });
      if (!seen) kept.push_back(std::move(m));
    }
    if (kept.empty()) return Atom(std::string(never()));
    if (kept.size() == 1) return std::move(kept[0]);
    std::vector<std::string> texts;
    for (Rendered& k : kept) texts.push_back(std::move(k.text));
    spent_ += 3 * (texts.size() - 1);
    return {absl::StrJoin(texts, " | "), Prec::kUnion};
  }

  Rendered Intersection(std::vector<Rendered> parts) {
    std::vector<Rendered> kept;
    for (Rendered& p : parts) {
      if (IsUnknown(p)) continue;  // unknown & T is T
      bool seen = std::any_of(kept.begin(), kept.end(),
                              [&](const Rendered& k) { return k.text == p.text; });
      if (!seen) kept.push_back(std::move(p));
    }
    if (kept.empty()) return Unknown();
    if (kept.size() == 1) return std::move(kept[0]);
    std::vector<std::string> texts;
    for (Rendered& k : kept) {
      texts.push_back(k.prec == Prec::kUnion ? Paren(k.text) : std::move(k.text));
    }
    spent_ += 3 * (texts.size() - 1);
    return {absl::StrJoin(texts, " & "), Prec::kIntersection};
  }

  std::string Paren(const std::string& text) {
    spent_ += 2;
    return absl::StrCat("(", text, ")");
  }

  Rendered Ref(const std::string& ref, int depth) {
    const json::Value* target = Resolve(ref);
    // An unresolvable reference, or one already being expanded (a recursive schema).
    if (target == nullptr ||
        std::find(active_refs_.begin(), active_refs_.end(), target) != active_refs_.end()) {
      return Unknown();
    }
    active_refs_.push_back(target);
    Rendered r = Type(*target, depth + 1);
    active_refs_.pop_back();
    return r;
  }

  // A local reference: "#" or a JSON Pointer (RFC 6901) after "#".
  const json::Value* Resolve(std::string_view ref) const {
    if (ref.empty() || ref[0] != '#') return nullptr;
    ref.remove_prefix(1);
    const json::Value* cur = &root_;
    while (!ref.empty()) {
      if (ref[0] != '/') return nullptr;
      ref.remove_prefix(1);
      size_t end = std::min(ref.find('/'), ref.size());
      std::string token;
      for (size_t i = 0; i < end; ++i) {
        if (ref[i] == '~' && i + 1 < end && (ref[i + 1] == '0' || ref[i + 1] == '1')) {
          token += ref[i + 1] == '0' ? '~' : '/';
          ++i;
        } else {
          token += ref[i];
        }
      }
      ref.remove_prefix(end);
      if (cur->is_object()) {
        cur = cur->Find(token);
      } else if (cur->is_array()) {
        size_t index = 0;
        if (token.empty() || token.size() > 9) return nullptr;
        for (char c : token) {
          if (c < '0' || c > '9') return nullptr;
          index = index * 10 + static_cast<size_t>(c - '0');
        }
        if (index >= cur->as_array().size()) return nullptr;
        cur = &cur->as_array()[index];
      } else {
        return nullptr;
      }
      if (cur == nullptr) return nullptr;
    }
    return cur;
  }

  Rendered Literal(const json::Value& v) {
    switch (v.type()) {
      case json::Type::kString:
        return Atom(QuoteString(v.as_string(), lang_));
      case json::Type::kNull:
        return Atom(std::string(null_type()));
      case json::Type::kBool:
      case json::Type::kNumber:
        return Atom(json::Serialize(v));
      case json::Type::kArray:
      case json::Type::kObject:
        break;
    }
    if (!ts()) return Atom("table");
    // JSON text of an array or object is also a TypeScript tuple or object literal type.
    std::string text = json::Serialize(v);
    if (text.size() > max_bytes_) return Atom(std::string(marker()));
    return Atom(std::move(text));
  }

  // The type the `type` keyword (or, without it, the object/array keywords) describes.
  std::optional<Rendered> Base(const json::Value& s, int depth) {
    const json::Value* type = s.Find("type");
    if (type == nullptr) {
      for (std::string_view k : {"properties", "additionalProperties"}) {
        if (s.Find(k) != nullptr) return Object(s, depth);
      }
      for (std::string_view k : {"items", "prefixItems"}) {
        if (s.Find(k) != nullptr) return ArrayType(s, depth);
      }
      return std::nullopt;
    }
    if (type->is_string()) return Named(s, type->as_string(), depth);
    if (!type->is_array()) return Unknown();
    std::vector<Rendered> members;
    for (const json::Value& t : type->as_array()) {
      if (Full()) {
        members.push_back(Atom(std::string(marker())));
        break;
      }
      members.push_back(t.is_string() ? Named(s, t.as_string(), depth) : Unknown());
    }
    return Union(std::move(members));
  }

  Rendered Named(const json::Value& s, std::string_view type, int depth) {
    if (type == "string" || type == "number" || type == "boolean") return Atom(std::string(type));
    if (type == "integer") return Atom(ts() ? "number" : "integer");
    if (type == "null") return Atom(std::string(null_type()));
    if (type == "object") return Object(s, depth);
    if (type == "array") return ArrayType(s, depth);
    return Unknown();
  }

  std::string Key(std::string_view name) {
    std::string key;
    if (ts() ? IsIdentifierText(name, lang_) : IsPlainName(name, lang_)) {
      key = std::string(name);
    } else {
      key = QuoteString(name, lang_);
      if (!ts()) key = absl::StrCat("[", key, "]");
    }
    spent_ += key.size();
    return key;
  }

  Rendered Object(const json::Value& s, int depth) {
    const json::Value* props = s.Find("properties");
    bool has_props = props != nullptr && props->is_object() && !props->as_object().empty();
    const json::Value* extra = s.Find("additionalProperties");
    bool closed = extra != nullptr && extra->is_bool() && !extra->as_bool();
    bool extra_schema = extra != nullptr && extra->is_object();
    if (!has_props) {
      if (closed) return Atom("{}");
      Rendered value = extra_schema ? Type(*extra, depth + 1) : Unknown();
      spent_ += 16;
      return {ts() ? absl::StrCat("Record<string, ", value.text, ">")
                   : absl::StrCat("table<string, ", value.text, ">"),
              Prec::kAtom};
    }
    absl::flat_hash_set<std::string_view> required;
    if (const json::Value* req = s.Find("required"); req != nullptr && req->is_array()) {
      for (const json::Value& r : req->as_array()) {
        if (r.is_string()) required.insert(r.as_string());
      }
    }
    std::vector<std::string> members;
    for (const auto& [name, sub] : props->as_object()) {
      if (Full()) {
        members.emplace_back(marker());
        break;
      }
      std::string key = Key(name);
      const char* optional = required.contains(name) ? "" : "?";
      spent_ += 4;
      members.push_back(absl::StrCat(key, optional, ": ", Type(sub, depth + 1).text));
    }
    if (extra_schema && !Full()) {
      spent_ += 16;
      // Next to named properties, TypeScript wants every property's type to fit the index
      // signature's (TS2411), so it says `unknown` there; Lua's form shows the schema's type.
      members.push_back(ts() ? std::string("[key: string]: unknown")
                             : absl::StrCat("[string]: ", Type(*extra, depth + 1).text));
    }
    spent_ += 4 + 2 * members.size();
    return Atom(absl::StrCat("{ ", absl::StrJoin(members, ts() ? "; " : ", "), " }"));
  }

  Rendered ArrayType(const json::Value& s, int depth) {
    const json::Value* prefix = s.Find("prefixItems");
    const json::Value* items = s.Find("items");
    const json::Value* rest = items;
    // Draft 2019-09 and earlier: `items` as an array is the tuple, `additionalItems` the rest.
    if ((prefix == nullptr || !prefix->is_array()) && items != nullptr && items->is_array()) {
      prefix = items;
      rest = s.Find("additionalItems");
    }
    if (prefix != nullptr && prefix->is_array()) {
      std::vector<std::string> members;
      for (Rendered& m : Members(prefix->as_array(), depth)) members.push_back(std::move(m.text));
      bool closed = rest != nullptr && rest->is_bool() && !rest->as_bool();
      if (!closed && !Full()) {
        Rendered r = rest != nullptr ? Type(*rest, depth + 1) : Unknown();
        members.push_back(absl::StrCat("...", ArrayOf(std::move(r))));
      }
      spent_ += 2 + 2 * members.size();
      return Atom(absl::StrCat("[", absl::StrJoin(members, ", "), "]"));
    }
    Rendered element = items != nullptr ? Type(*items, depth + 1) : Unknown();
    return Atom(ArrayOf(std::move(element)));
  }

  std::string ArrayOf(Rendered element) {
    spent_ += 2;
    if (element.prec != Prec::kAtom) return absl::StrCat(Paren(element.text), "[]");
    return absl::StrCat(element.text, "[]");
  }

  const json::Value& root_;
  Lang lang_;
  size_t max_bytes_;
  size_t spent_ = 0;
  std::vector<const json::Value*> active_refs_;
};

// True for a plain object schema that `{}` satisfies — what a call without an argument sends — so
// the argument may be left out. Only the common shape is recognised (anything with combinators,
// references or size constraints keeps the argument required).
bool AcceptsEmptyObject(const json::Value& s) {
  if (!s.is_object()) return false;
  for (std::string_view k : {"$ref", "anyOf", "oneOf", "allOf", "not", "enum", "const",
                             "minProperties", "dependentRequired", "if"}) {
    if (s.Find(k) != nullptr) return false;
  }
  const json::Value* type = s.Find("type");
  if (type != nullptr && !(type->is_string() && type->as_string() == "object")) return false;
  if (type == nullptr && s.Find("properties") == nullptr) return false;
  const json::Value* required = s.Find("required");
  return required == nullptr || (required->is_array() && required->as_array().empty());
}

}  // namespace

bool IsPlainName(std::string_view name, SignatureLanguage lang) {
  if (!IsIdentifierText(name, lang)) return false;
  if (lang == Lang::kLua) {
    return std::find(std::begin(kLuaReserved), std::end(kLuaReserved), name) ==
           std::end(kLuaReserved);
  }
  return std::find(std::begin(kJsReserved), std::end(kJsReserved), name) == std::end(kJsReserved);
}

std::string QuoteString(std::string_view text, SignatureLanguage lang) {
  std::string out;
  if (lang == Lang::kTypeScript) {
    json::AppendQuoted(text, &out);
    return out;
  }
  out.push_back('"');
  for (char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\%03d", static_cast<unsigned char>(c));
          out += buf;
        } else {
          out.push_back(c);
        }
    }
  }
  out.push_back('"');
  return out;
}

std::string ToolExpression(absl::Span<const std::string> path, SignatureLanguage lang) {
  std::string out = "tools";
  for (const std::string& segment : path) {
    if (IsPlainName(segment, lang)) {
      absl::StrAppend(&out, ".", segment);
    } else {
      absl::StrAppend(&out, "[", QuoteString(segment, lang), "]");
    }
  }
  return out;
}

std::string SchemaType(const json::Value& schema, SignatureLanguage lang, size_t max_bytes) {
  return Renderer(schema, lang, max_bytes).Render();
}

std::string ToolSignature(const ToolEntry& entry, SignatureLanguage lang) {
  std::string unknown = lang == Lang::kTypeScript ? "unknown" : "any";
  std::string input = unknown, output = unknown;
  bool optional = true;
  if (entry.tool != nullptr) {
    input = SchemaType(entry.tool->input_schema, lang);
    output = SchemaType(entry.tool->output_schema, lang);
    optional = input == unknown || AcceptsEmptyObject(entry.tool->input_schema);
  }
  std::string expr = ToolExpression(entry.path, lang);
  std::string param = absl::StrCat(optional ? "input?: " : "input: ", input);
  if (lang == Lang::kLua) return absl::StrCat(expr, "(", param, "): ", output);
  return absl::StrCat(expr, "(", param, "): Promise<", output, ">");
}

}  // namespace codemode::tools
