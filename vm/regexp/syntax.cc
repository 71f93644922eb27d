// JavaScript pattern → PCRE2 pattern (see syntax.h). One recursive-descent pass over the pattern
// (depth-bounded) validates it with V8's messages and writes the PCRE2 text; a pre-scan counts the
// capturing groups and collects group names first (forward references, Annex B decimal escapes).
#include "vm/regexp/syntax.h"

#define PCRE2_CODE_UNIT_WIDTH 16
#include <pcre2.h>
#include <unicode/uniset.h>
#include <unicode/unistr.h>
#include <unicode/usetiter.h>
#include <utf8proc.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <unordered_map>

#include "vm/regexp/backtrack.h"
#include "vm/support/text.h"

namespace codemode::regexp {

namespace {

constexpr char kFlagChars[] = "dgimsuvy";
// Deeper nesting (groups, classes) is refused as unsupported: it bounds this parser's recursion and
// stays within PCRE2's own nesting limit after translation (which adds groups).
constexpr int kMaxDepth = 200;
// PCRE2 repeat counts are at most 65535.
constexpr uint64_t kMaxPcreRepeat = 65535;
// Beyond this a maximum repeat count is the same as no maximum: iterations past the minimum must
// consume at least one code unit, and no string is this long.
constexpr uint64_t kEffectivelyUnbounded = 1ull << 31;

// ---- case-insensitive equivalence classes (ECMA-262 §22.2.2.7.3 Canonicalize) -------------------

struct CaseTable {
  // For every code point whose equivalence class has more than one member: the members, sorted.
  std::unordered_map<char32_t, std::vector<char32_t>> classes;
  std::vector<char32_t> cased;  // sorted keys of `classes`
};

// Non-unicode Canonicalize: toUppercase when it is a single code unit, except that a non-ASCII unit
// never maps to ASCII.
char32_t CanonicalizeNonUnicode(char32_t c) {
  std::u16string one(1, static_cast<char16_t>(c));
  std::u16string up = support::ToUpperCase(one);
  if (up.size() != 1) return c;
  if (c >= 128 && up[0] < 128) return c;
  return up[0];
}

// Unicode Canonicalize: simple case folding (CaseFolding.txt statuses C and S). utf8proc folds
// fully (C and F); where the full folding has several code points the simple folding is the
// lowercase mapping (the S entries), except U+0130 which has only F/T entries.
char32_t SimpleCaseFold(char32_t c) {
  utf8proc_int32_t buf[8];
  int last = 0;
  utf8proc_ssize_t n =
      utf8proc_decompose_char(static_cast<utf8proc_int32_t>(c), buf, 8, UTF8PROC_CASEFOLD, &last);
  if (n == 1) return static_cast<char32_t>(buf[0]);
  if (c == 0x130) return c;
  return static_cast<char32_t>(utf8proc_tolower(static_cast<utf8proc_int32_t>(c)));
}

CaseTable BuildCaseTable(bool unicode) {
  std::unordered_map<char32_t, std::vector<char32_t>> by_canon;
  // No code point above plane 1 has another case.
  char32_t last = unicode ? 0x1FFFF : 0xFFFF;
  for (char32_t c = 0; c <= last; ++c) {
    if (unicode && c >= 0xD800 && c <= 0xDFFF) continue;
    char32_t k = unicode ? SimpleCaseFold(c) : CanonicalizeNonUnicode(c);
    if (k != c) by_canon[k].push_back(c);
  }
  CaseTable t;
  for (auto& [k, members] : by_canon) {
    char32_t canon_of_k = unicode ? SimpleCaseFold(k) : CanonicalizeNonUnicode(k);
    if (canon_of_k == k) members.push_back(k);
    if (members.size() < 2) continue;
    std::sort(members.begin(), members.end());
    for (char32_t m : members) t.classes[m] = members;
  }
  for (auto& [c, _] : t.classes) t.cased.push_back(c);
  std::sort(t.cased.begin(), t.cased.end());
  return t;
}

const CaseTable& Cases(bool unicode) {
  static std::once_flag once[2];
  static std::unique_ptr<CaseTable> tables[2];
  int i = unicode ? 1 : 0;
  std::call_once(once[i],
                 [&] { tables[i] = std::make_unique<CaseTable>(BuildCaseTable(unicode)); });
  return *tables[i];
}

// ---- Unicode property names (unicode_names.inc)
// --------------------------------------------------

struct PropertyRow {
  const char* kind;  // "g" General_Category value, "s" Script value, "b" binary property
  std::vector<const char*> names;  // canonical name first, then every accepted alias
};

const std::vector<PropertyRow>& PropertyRows() {
  static const std::vector<PropertyRow> rows = {
#include "vm/regexp/unicode_names.inc"
  };
  return rows;
}

// The row of `name` among rows of `kind`, or nullptr.
const PropertyRow* FindProperty(const char* kind, std::string_view name) {
  for (const PropertyRow& r : PropertyRows()) {
    if (r.kind[0] != kind[0]) continue;
    for (size_t i = 1; i < r.names.size(); ++i)
      if (name == r.names[i]) return &r;
  }
  return nullptr;
}

// ---- character sets ----------------------------------------------------------------------------

using Range = std::pair<char32_t, char32_t>;

struct CharSet {
  std::vector<Range> ranges;          // inclusive, normalized by Normalize()
  std::vector<std::u16string> props;  // PCRE2 class items such as \p{Lu} (u/v patterns only)

  void Add(char32_t lo, char32_t hi) { ranges.push_back({lo, hi}); }
  void AddSet(const CharSet& o) {
    ranges.insert(ranges.end(), o.ranges.begin(), o.ranges.end());
    props.insert(props.end(), o.props.begin(), o.props.end());
  }
  void Normalize() {
    std::sort(ranges.begin(), ranges.end());
    std::vector<Range> out;
    for (const Range& r : ranges) {
      if (!out.empty() && r.first <= out.back().second + 1) {
        out.back().second = std::max(out.back().second, r.second);
      } else {
        out.push_back(r);
      }
    }
    ranges = std::move(out);
    std::sort(props.begin(), props.end());
    props.erase(std::unique(props.begin(), props.end()), props.end());
  }
  bool Empty() const { return ranges.empty() && props.empty(); }
  bool Contains(char32_t c) const {
    for (const Range& r : ranges)
      if (c >= r.first && c <= r.second) return true;
    return false;
  }
};

// The code points and strings (of more than one code point) of an ICU UnicodeSet pattern such as
// "[\p{RGI_Emoji}]", from the system ICU (72: Unicode 15.0, Emoji 15.0). False when ICU rejects it.
// Cached: ICU builds the sets from its data each time.
bool IcuSet(const std::string& pattern, CharSet* set, std::vector<std::u32string>* strings) {
  struct Resolved {
    std::vector<Range> ranges;
    std::vector<std::u32string> strings;
  };
  static std::mutex mu;
  static std::map<std::string, Resolved> cache;
  {
    std::lock_guard<std::mutex> lock(mu);
    auto it = cache.find(pattern);
    if (it != cache.end()) {
      set->ranges.insert(set->ranges.end(), it->second.ranges.begin(), it->second.ranges.end());
      strings->insert(strings->end(), it->second.strings.begin(), it->second.strings.end());
      return true;
    }
  }
  UErrorCode status = U_ZERO_ERROR;
  icu::UnicodeSet u(icu::UnicodeString::fromUTF8(pattern), status);
  if (U_FAILURE(status)) return false;
  Resolved r;
  icu::UnicodeSetIterator it(u);
  while (it.nextRange()) {
    if (!it.isString()) {
      r.ranges.push_back(
          {static_cast<char32_t>(it.getCodepoint()), static_cast<char32_t>(it.getCodepointEnd())});
      continue;
    }
    const icu::UnicodeString& str = it.getString();
    std::u32string cps;
    for (int32_t i = 0; i < str.length(); i += U16_LENGTH(str.char32At(i)))
      cps.push_back(static_cast<char32_t>(str.char32At(i)));
    r.strings.push_back(std::move(cps));
  }
  set->ranges.insert(set->ranges.end(), r.ranges.begin(), r.ranges.end());
  strings->insert(strings->end(), r.strings.begin(), r.strings.end());
  std::lock_guard<std::mutex> lock(mu);
  cache.emplace(pattern, std::move(r));  // bounded: one entry per property the patterns name
  return true;
}

// The complement of a ranges-only set within [0, max].
CharSet Complement(CharSet s, char32_t max) {
  s.Normalize();
  CharSet out;
  char32_t next = 0;
  for (const Range& r : s.ranges) {
    if (r.first > next) out.Add(next, r.first - 1);
    next = r.second + 1;
  }
  if (next <= max) out.Add(next, max);
  return out;
}

CharSet Intersect(CharSet a, CharSet b) {
  a.Normalize();
  b.Normalize();
  CharSet out;
  size_t i = 0, j = 0;
  while (i < a.ranges.size() && j < b.ranges.size()) {
    char32_t lo = std::max(a.ranges[i].first, b.ranges[j].first);
    char32_t hi = std::min(a.ranges[i].second, b.ranges[j].second);
    if (lo <= hi) out.Add(lo, hi);
    if (a.ranges[i].second < b.ranges[j].second) {
      ++i;
    } else {
      ++j;
    }
  }
  return out;
}

void AppendHex(char32_t c, std::u16string* o) {
  static const char kHex[] = "0123456789abcdef";
  o->append(u"\\x{");
  char buf[8];
  int n = 0;
  do {
    buf[n++] = kHex[c & 15];
    c >>= 4;
  } while (c != 0);
  while (n > 0) o->push_back(static_cast<char16_t>(buf[--n]));
  o->push_back(u'}');
}

// A code point as PCRE2 literal text (inside or outside a class).
void AppendLiteral(char32_t c, std::u16string* o) {
  if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
    o->push_back(static_cast<char16_t>(c));
  } else {
    AppendHex(c, o);
  }
}

bool IsSyntaxCharacter(char32_t c) {
  switch (c) {
    case '^':
    case '$':
    case '\\':
    case '.':
    case '*':
    case '+':
    case '?':
    case '(':
    case ')':
    case '[':
    case ']':
    case '{':
    case '}':
    case '|':
      return true;
    default:
      return false;
  }
}

bool IsDecimal(char32_t c) { return c >= '0' && c <= '9'; }
int HexValue(char32_t c) {
  if (c >= '0' && c <= '9') return static_cast<int>(c - '0');
  if (c >= 'a' && c <= 'f') return static_cast<int>(c - 'a' + 10);
  if (c >= 'A' && c <= 'F') return static_cast<int>(c - 'A' + 10);
  return -1;
}

bool IsIdStart(char32_t c) {
  if (c == '$' || c == '_') return true;
  if (c < 128) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  const utf8proc_property_t* p = utf8proc_get_property(static_cast<utf8proc_int32_t>(c));
  switch (p->category) {
    case UTF8PROC_CATEGORY_LU:
    case UTF8PROC_CATEGORY_LL:
    case UTF8PROC_CATEGORY_LT:
    case UTF8PROC_CATEGORY_LM:
    case UTF8PROC_CATEGORY_LO:
    case UTF8PROC_CATEGORY_NL:
      return true;
    default:
      return false;
  }
}

bool IsIdContinue(char32_t c) {
  if (IsIdStart(c) || IsDecimal(c) || c == 0x200C || c == 0x200D) return true;
  if (c < 128) return false;
  const utf8proc_property_t* p = utf8proc_get_property(static_cast<utf8proc_int32_t>(c));
  switch (p->category) {
    case UTF8PROC_CATEGORY_MN:
    case UTF8PROC_CATEGORY_MC:
    case UTF8PROC_CATEGORY_ND:
    case UTF8PROC_CATEGORY_PC:
      return true;
    default:
      return false;
  }
}

// What a parsed piece of pattern can do, for the checks of constructs PCRE2 gives another meaning.
struct Info {
  bool nullable = false;         // can match the empty string
  bool empty_preferred = false;  // may try an empty match before a consuming one
  uint32_t caps = 0;             // capturing groups inside
  bool cond_caps = false;        // some capture inside is not set on every successful path
  bool backref = false;          // contains a backreference
  bool repeated_caps = false;    // a capture inside sits under a quantifier with max > 1
};

// One element of a class set in a character class (v flag: also strings).
struct ClassValue {
  bool is_set = true;  // `set` describes it; otherwise `atom` matches one character of it
  CharSet set;
  std::u16string atom;
  std::vector<std::u32string> strings;  // members not of one code point (\q{…}, \p{RGI_Emoji})
  // MayContainStrings (ECMA-262 §22.2.1.6): decided by the syntax, not by the members left after
  // set operations; a negated class where it holds is a SyntaxError.
  bool may_strings = false;
};

class Parser {
 public:
  Parser(std::u16string_view src, const Flags& flags)
      : src_(src), flags_(flags), umode_(flags.either_unicode()), vmode_(flags.unicode_sets) {}

  std::variant<Translation, Error> Run() {
    PreScan();
    if (error_) return *error_;
    Info info;
    std::unique_ptr<Node> root = ParseDisjunction(&info, 0);
    if (!error_ && pos_ < src_.size()) {
      // Only ')' can stop the top-level disjunction early.
      Fail("Unmatched ')'");
    }
    if (error_) return *error_;
    Translation t;
    t.pcre = std::move(out_);
    t.utf = umode_;
    t.capture_count = total_caps_;
    t.group_names = std::move(group_names_);
    t.tree = std::shared_ptr<const Node>(std::move(root));
    t.pcre_refusal = std::move(refusal_);
    return t;
  }

 private:
  // ---- input ----
  bool AtEnd() const { return pos_ >= src_.size(); }
  // The character at `p` (a code point in u/v mode, else a code unit) and its length in units.
  char32_t CharAt(size_t p, size_t* len) const {
    char16_t c = src_[p];
    *len = 1;
    if (umode_ && support::IsLeadSurrogate(c) && p + 1 < src_.size() &&
        support::IsTrailSurrogate(src_[p + 1])) {
      *len = 2;
      return support::SurrogatePairToCodePoint(c, src_[p + 1]);
    }
    return c;
  }
  char32_t Peek() const {
    size_t len;
    return AtEnd() ? 0xFFFFFFFF : CharAt(pos_, &len);
  }
  char32_t PeekAt(size_t off) const {
    return pos_ + off < src_.size() ? src_[pos_ + off] : 0xFFFFFFFF;
  }
  char32_t Next() {
    size_t len;
    char32_t c = CharAt(pos_, &len);
    pos_ += len;
    return c;
  }
  bool Eat(char32_t c) {
    if (!AtEnd() && src_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }

  void Fail(std::string msg) {
    if (!error_) error_ = Error{Error::Kind::kSyntax, std::move(msg)};
  }
  void Unsupported(std::string msg) {
    if (!error_) error_ = Error{Error::Kind::kUnsupported, std::move(msg)};
  }
  // A construct PCRE2 cannot run with JavaScript's meaning but the backtracking matcher can: the
  // PCRE2 text is abandoned, the tree is still built. `msg` names the construct (for tests and
  // debugging; no run shows it).
  void NeedsBacktracker(std::string msg) {
    if (refusal_.empty()) refusal_ = std::move(msg);
  }

  // ---- tree building (backtrack.h) ----
  void Push(std::unique_ptr<Node> n) { seq_->kids.push_back(std::move(n)); }
  static std::unique_ptr<Node> MakeNode(Node::Kind kind) {
    auto n = std::make_unique<Node>();
    n->kind = kind;
    return n;
  }
  std::unique_ptr<Node> SetNode(CharSet set, bool negated) {
    set.Normalize();
    auto n = MakeNode(Node::Kind::kSet);
    n->ranges = std::move(set.ranges);
    if (!set.props.empty()) {
      n->pcre_class = u"[";
      for (const auto& p : set.props) n->pcre_class += p;
      n->pcre_class += u"]";
    }
    n->negated = negated;
    return n;
  }
  // One character as a pattern atom: its case-equivalents too under the i flag.
  std::unique_ptr<Node> CharNode(char32_t c) {
    CharSet set;
    const std::vector<char32_t>* members = nullptr;
    if (flags_.ignore_case) {
      const CaseTable& t = Cases(umode_);
      auto it = t.classes.find(c);
      if (it != t.classes.end()) members = &it->second;
    }
    if (members != nullptr) {
      for (char32_t m : *members) set.Add(m, m);
    } else {
      set.Add(c, c);
    }
    return SetNode(std::move(set), false);
  }
  void Char(char32_t c) {
    EmitChar(c, &out_);
    Push(CharNode(c));
  }
  std::unique_ptr<Node> ClassNode(const ClassValue& v, bool negated) {
    auto one = [&]() {
      if (v.is_set) return SetNode(v.set, negated);
      auto n = MakeNode(Node::Kind::kSet);
      n->pcre_class = v.atom;
      n->negated = negated;
      return n;
    };
    // A class with strings (never negated): its strings, then its characters (the matcher tries
    // them in ECMA-262 §22.2.2.9 CompileAtom's order).
    auto n = one();
    n->strings = v.strings;
    std::sort(n->strings.begin(), n->strings.end());
    n->strings.erase(std::unique(n->strings.begin(), n->strings.end()), n->strings.end());
    return n;
  }
  void ClassAtom(const ClassValue& v, bool negated) {
    if (v.strings.empty()) {
      EmitClassValue(v, negated, &out_);
    } else {
      // PCRE2 would need every string spelled out (thousands for \p{RGI_Emoji}) and tries an
      // alternation in its order, not longest first.
      NeedsBacktracker("a class with strings (\\q{…}, properties of strings, set operations)");
      out_ += u"(?!)";
    }
    Push(ClassNode(v, negated));
  }

  // The strings of `a` that are (`keep_common`) or are not in `b`, compared after Canonicalize
  // under the i flag (ECMA-262 §22.2.2.9 MaybeSimpleCaseFolding).
  std::vector<std::u32string> StringSetOp(const std::vector<std::u32string>& a,
                                          const std::vector<std::u32string>& b, bool keep_common) {
    auto key = [&](std::u32string str) {
      if (flags_.ignore_case)
        for (char32_t& c : str) c = CaseKey(c, umode_);
      return str;
    };
    std::set<std::u32string> in_b;
    for (const auto& x : b) in_b.insert(key(x));
    std::vector<std::u32string> out;
    for (const auto& x : a)
      if ((in_b.count(key(x)) > 0) == keep_common) out.push_back(x);
    return out;
  }

  // ---- pre-scan: capture count and group names ----
  void PreScan() {
    size_t p = 0;
    int class_depth = 0;
    uint32_t caps = 0;
    while (p < src_.size()) {
      char16_t c = src_[p];
      if (c == '\\') {
        p += 2;
        continue;
      }
      if (class_depth > 0) {
        if (c == ']')
          --class_depth;
        else if (c == '[' && vmode_)
          ++class_depth;
        ++p;
        continue;
      }
      if (c == '[') {
        ++class_depth;
        ++p;
        continue;
      }
      if (c == '(') {
        if (p + 1 < src_.size() && src_[p + 1] == '?') {
          if (p + 2 < src_.size() && src_[p + 2] == '<' && p + 3 < src_.size() &&
              src_[p + 3] != '=' && src_[p + 3] != '!') {
            ++caps;
            has_named_groups_ = true;
            size_t q = p + 3;
            while (q < src_.size() && src_[q] != '>') ++q;
            std::u16string raw(src_.substr(p + 3, q - (p + 3)));
            std::u16string name;
            if (DecodeGroupName(raw, &name)) prescan_names_.push_back({name, caps});
          }
        } else {
          ++caps;
        }
      }
      ++p;
    }
    total_caps_ = caps;
  }

  // Decodes a group name's raw text (may contain \uXXXX / \u{…} escapes); false if malformed.
  bool DecodeGroupName(std::u16string_view raw, std::u16string* out) {
    size_t i = 0;
    bool first = true;
    while (i < raw.size()) {
      char32_t c;
      if (raw[i] == '\\') {
        if (i + 1 >= raw.size() || raw[i + 1] != 'u') return false;
        i += 2;
        if (i < raw.size() && raw[i] == '{') {
          size_t j = i + 1;
          uint64_t v = 0;
          while (j < raw.size() && HexValue(raw[j]) >= 0 && v <= 0x10FFFF)
            v = v * 16 + HexValue(raw[j++]);
          if (j == i + 1 || j >= raw.size() || raw[j] != '}' || v > 0x10FFFF) return false;
          c = static_cast<char32_t>(v);
          i = j + 1;
        } else {
          if (i + 4 > raw.size()) return false;
          uint32_t v = 0;
          for (int k = 0; k < 4; ++k) {
            int h = HexValue(raw[i + k]);
            if (h < 0) return false;
            v = v * 16 + h;
          }
          i += 4;
          c = v;
          if (support::IsLeadSurrogate(c) && i + 6 <= raw.size() && raw[i] == '\\' &&
              raw[i + 1] == 'u') {
            uint32_t w = 0;
            bool ok = true;
            for (int k = 0; k < 4; ++k) {
              int h = HexValue(raw[i + 2 + k]);
              if (h < 0)
                ok = false;
              else
                w = w * 16 + h;
            }
            if (ok && support::IsTrailSurrogate(w)) {
              c = support::SurrogatePairToCodePoint(static_cast<char16_t>(c),
                                                    static_cast<char16_t>(w));
              i += 6;
            }
          }
        }
      } else {
        c = raw[i];
        size_t len = 1;
        if (support::IsLeadSurrogate(c) && i + 1 < raw.size() &&
            support::IsTrailSurrogate(raw[i + 1])) {
          c = support::SurrogatePairToCodePoint(raw[i], raw[i + 1]);
          len = 2;
        }
        i += len;
      }
      if (first ? !IsIdStart(c) : !IsIdContinue(c)) return false;
      first = false;
      support::AppendCodePoint(c, out);
    }
    return !first;
  }

  // Parses `<name>` after "(?" or "\k"; pos_ is at '<'.
  bool ParseGroupName(std::u16string* name) {
    if (!Eat('<')) return false;
    size_t start = pos_;
    while (!AtEnd() && src_[pos_] != '>') ++pos_;
    if (AtEnd()) return false;
    std::u16string_view raw = src_.substr(start, pos_ - start);
    ++pos_;
    return DecodeGroupName(raw, name);
  }

  // ---- emission helpers ----
  void EmitChar(char32_t c, std::u16string* o) {
    if (flags_.ignore_case) {
      const CaseTable& t = Cases(umode_);
      auto it = t.classes.find(c);
      if (it != t.classes.end()) {
        o->push_back('[');
        for (char32_t m : it->second) AppendLiteral(m, o);
        o->push_back(']');
        return;
      }
    }
    if (umode_ && support::IsSurrogate(c)) {
      // A lone surrogate code point never matches: subjects of u/v patterns are well-formed (the
      // matcher refuses others).
      o->append(u"(?!)");
      return;
    }
    AppendLiteral(c, o);
  }

  char32_t MaxChar() const { return umode_ ? 0x10FFFF : 0xFFFF; }

  // Adds the case-equivalents of every member (ECMA-262 §22.2.2.9 CharacterSetMatcher with
  // Canonicalize on both sides).
  CharSet Closure(CharSet s) {
    if (!flags_.ignore_case) return s;
    s.Normalize();
    const CaseTable& t = Cases(umode_);
    CharSet extra;
    for (const Range& r : s.ranges) {
      auto it = std::lower_bound(t.cased.begin(), t.cased.end(), r.first);
      for (; it != t.cased.end() && *it <= r.second; ++it)
        for (char32_t m : t.classes.at(*it)) extra.Add(m, m);
    }
    if (!s.props.empty()) {
      // Which cased code points the properties contain: ask PCRE2 itself.
      std::u16string pat = u"[";
      for (const auto& p : s.props) pat += p;
      pat += u"]";
      int err;
      PCRE2_SIZE off;
      pcre2_code* code = pcre2_compile(reinterpret_cast<PCRE2_SPTR16>(pat.data()), pat.size(),
                                       PCRE2_UTF | PCRE2_ANCHORED, &err, &off, nullptr);
      if (code == nullptr) {
        Unsupported(
            "a Unicode property in this pattern is not supported by the regular expression engine");
        return s;
      }
      pcre2_match_data* md = pcre2_match_data_create(1, nullptr);
      for (char32_t c : t.cased) {
        std::u16string one;
        support::AppendCodePoint(c, &one);
        if (pcre2_match(code, reinterpret_cast<PCRE2_SPTR16>(one.data()), one.size(), 0, 0, md,
                        nullptr) >= 0)
          for (char32_t m : t.classes.at(c)) extra.Add(m, m);
      }
      pcre2_match_data_free(md);
      pcre2_code_free(code);
    }
    s.AddSet(extra);
    s.Normalize();
    return s;
  }

  // A set as one PCRE2 atom (class), `negated` for [^…].
  void EmitSet(CharSet s, bool negated, std::u16string* o) {
    s.Normalize();
    if (umode_) {
      // Surrogate code points never occur in (well-formed) subjects and PCRE2 refuses them in UTF
      // mode.
      CharSet clipped;
      clipped.props = s.props;
      for (const Range& r : s.ranges) {
        if (r.second < 0xD800 || r.first > 0xDFFF) {
          clipped.Add(r.first, r.second);
        } else {
          if (r.first < 0xD800) clipped.Add(r.first, 0xD7FF);
          if (r.second > 0xDFFF) clipped.Add(0xE000, r.second);
        }
      }
      s = std::move(clipped);
    }
    if (s.Empty()) {
      o->append(negated ? u"(?s:.)" : u"(?!)");
      return;
    }
    if (!negated && s.props.empty() && s.ranges.size() == 1 &&
        s.ranges[0].first == s.ranges[0].second) {
      AppendLiteral(s.ranges[0].first, o);
      return;
    }
    o->push_back('[');
    if (negated) o->push_back('^');
    for (const Range& r : s.ranges) {
      AppendLiteral(r.first, o);
      if (r.second != r.first) {
        if (r.second > r.first + 1) o->push_back('-');
        AppendLiteral(r.second, o);
      }
    }
    for (const auto& p : s.props) o->append(p);
    o->push_back(']');
  }

  // \d \s \w and their complements (ECMA-262 §22.2.2.9 CharacterClassEscape).
  CharSet EscapeSet(char32_t c) {
    CharSet s;
    switch (c) {
      case 'd':
      case 'D':
        s.Add('0', '9');
        break;
      case 's':
      case 'S':
        for (char32_t w : {0x09u, 0x0Bu, 0x0Cu, 0x20u, 0xA0u, 0x1680u, 0x202Fu, 0x205Fu, 0x3000u,
                           0xFEFFu, 0x0Au, 0x0Du, 0x2028u, 0x2029u})
          s.Add(w, w);
        s.Add(0x2000, 0x200A);
        break;
      default:  // w W
        s.Add('a', 'z');
        s.Add('A', 'Z');
        s.Add('0', '9');
        s.Add('_', '_');
        if (flags_.ignore_case && umode_) {
          s.Add(0x017F, 0x017F);
          s.Add(0x212A, 0x212A);
        }
        break;
    }
    if (c == 'D' || c == 'S' || c == 'W') return Complement(s, MaxChar());
    s.Normalize();
    return s;
  }

  std::u16string WordClass() {
    std::u16string w = u"[0-9A-Z_a-z";
    if (flags_.ignore_case && umode_) w += u"\\x{17f}\\x{212a}";
    w += u"]";
    return w;
  }

  // ---- disjunction / alternative / term ----
  std::unique_ptr<Node> ParseDisjunction(Info* info, int depth) {
    auto node = MakeNode(Node::Kind::kAlt);
    if (depth > kMaxDepth) {
      Unsupported("the regular expression is nested too deeply");
      return node;
    }
    Node* saved_seq = seq_;
    Info acc;
    int alternatives = 0;
    while (!error_) {
      Info alt;
      node->kids.push_back(MakeNode(Node::Kind::kSeq));
      seq_ = node->kids.back().get();
      ParseAlternative(&alt, depth);
      ++alternatives;
      if (alternatives == 1) {
        acc = alt;
      } else {
        // An empty-matching earlier alternative is tried before a later one that may consume
        // (also when that one can match empty too: `(?:|a?)*`).
        acc.empty_preferred = acc.empty_preferred || alt.empty_preferred || acc.nullable;
        acc.nullable = acc.nullable || alt.nullable;
        acc.caps += alt.caps;
        acc.cond_caps = acc.cond_caps || alt.cond_caps;
        acc.backref = acc.backref || alt.backref;
        acc.repeated_caps = acc.repeated_caps || alt.repeated_caps;
      }
      if (AtEnd() || src_[pos_] != '|') break;
      ++pos_;
      out_.push_back('|');
    }
    if (alternatives > 1 && acc.caps > 0) acc.cond_caps = true;
    *info = acc;
    seq_ = saved_seq;
    if (node->kids.size() == 1) return std::move(node->kids[0]);
    return node;
  }

  void ParseAlternative(Info* info, int depth) {
    Info acc;
    acc.nullable = true;
    while (!error_ && !AtEnd() && src_[pos_] != '|' && src_[pos_] != ')') {
      Info t;
      ParseTerm(&t, depth);
      acc.empty_preferred = acc.empty_preferred || t.empty_preferred;
      acc.nullable = acc.nullable && t.nullable;
      acc.caps += t.caps;
      acc.cond_caps = acc.cond_caps || t.cond_caps;
      acc.backref = acc.backref || t.backref;
      acc.repeated_caps = acc.repeated_caps || t.repeated_caps;
    }
    if (!acc.nullable) acc.empty_preferred = false;
    *info = acc;
  }

  // Reads a {n}, {n,}, {n,m} quantifier at pos_ if there is one (pos_ moves past it).
  bool TryBraceQuantifier(uint64_t* min, uint64_t* max) {
    size_t p = pos_;
    if (p >= src_.size() || src_[p] != '{') return false;
    ++p;
    auto digits = [&](uint64_t* v) {
      size_t s = p;
      *v = 0;
      while (p < src_.size() && IsDecimal(src_[p])) {
        *v = std::min<uint64_t>(*v * 10 + (src_[p] - '0'), 1ull << 40);
        ++p;
      }
      return p > s;
    };
    if (!digits(min)) return false;
    *max = *min;
    if (p < src_.size() && src_[p] == ',') {
      ++p;
      if (!digits(max)) *max = UINT64_MAX;
    }
    if (p >= src_.size() || src_[p] != '}') return false;
    pos_ = p + 1;
    return true;
  }

  // Parses a quantifier after an atom, if any. Returns false when there is none.
  bool ParseQuantifier(uint64_t* min, uint64_t* max, bool* lazy) {
    if (AtEnd()) return false;
    char16_t c = src_[pos_];
    if (c == '*') {
      *min = 0, *max = UINT64_MAX;
      ++pos_;
    } else if (c == '+') {
      *min = 1, *max = UINT64_MAX;
      ++pos_;
    } else if (c == '?') {
      *min = 0, *max = 1;
      ++pos_;
    } else if (c == '{') {
      if (!TryBraceQuantifier(min, max)) {
        if (umode_) Fail("Incomplete quantifier");
        return false;
      }
      if (*min > *max) {
        Fail("numbers out of order in {} quantifier");
        return false;
      }
    } else {
      return false;
    }
    *lazy = Eat('?');
    return true;
  }

  bool AtQuantifierStart() {
    if (AtEnd()) return false;
    char16_t c = src_[pos_];
    if (c == '*' || c == '+' || c == '?') return true;
    if (c == '{') {
      size_t save = pos_;
      uint64_t a, b;
      bool q = TryBraceQuantifier(&a, &b);
      pos_ = save;
      return q;
    }
    return false;
  }

  void EmitQuantifier(uint64_t min, uint64_t max, bool lazy, std::u16string* o) {
    if (max >= kEffectivelyUnbounded) max = UINT64_MAX;
    if (min > kMaxPcreRepeat || (max != UINT64_MAX && max > kMaxPcreRepeat)) {
      NeedsBacktracker("repeat counts above 65535 (PCRE2's maximum)");
      return;
    }
    auto num = [&](uint64_t v) {
      std::string s = std::to_string(v);
      for (char ch : s) o->push_back(static_cast<char16_t>(ch));
    };
    if (min == 0 && max == UINT64_MAX) {
      o->push_back('*');
    } else if (min == 1 && max == UINT64_MAX) {
      o->push_back('+');
    } else if (min == 0 && max == 1) {
      o->push_back('?');
    } else {
      o->push_back('{');
      num(min);
      if (max != min) {
        o->push_back(',');
        if (max != UINT64_MAX) num(max);
      }
      o->push_back('}');
    }
    if (lazy) o->push_back('?');
  }

  void ParseTerm(Info* info, int depth) {
    size_t atom_start = out_.size();
    uint32_t caps_before = caps_seen_;
    char32_t c = Peek();
    bool quantifiable = true;
    bool is_lookbehind = false;  // also: a lookahead in u/v mode (V8 says "Invalid quantifier")
    Info atom;
    switch (c) {
      case '^':
        ++pos_;
        Push(MakeNode(Node::Kind::kStart));
        if (flags_.multiline)
          out_.append(u"(?<![^\\n\\r\\x{2028}\\x{2029}])");
        else
          out_.append(in_lookbehind_ > 0 ? u"(?<!(?s:.))" : u"\\A");
        quantifiable = false;
        atom.nullable = true;
        break;
      case '$':
        ++pos_;
        Push(MakeNode(Node::Kind::kEnd));
        out_.append(flags_.multiline ? u"(?![^\\n\\r\\x{2028}\\x{2029}])" : u"\\z");
        quantifiable = false;
        atom.nullable = true;
        break;
      case '.':
        ++pos_;
        out_.append(flags_.dot_all ? u"(?s:.)" : u"[^\\n\\r\\x{2028}\\x{2029}]");
        {
          CharSet terminators;
          if (!flags_.dot_all)
            for (char32_t t : {0x0Au, 0x0Du, 0x2028u, 0x2029u}) terminators.Add(t, t);
          Push(SetNode(Complement(terminators, MaxChar()), false));
        }
        break;
      case '(': {
        ++pos_;
        ParseGroup(&atom, depth, &quantifiable, &is_lookbehind);
        break;
      }
      case '[': {
        ++pos_;
        ParseClass(depth);
        break;
      }
      case '\\': {
        ++pos_;
        if (AtEnd()) {
          Fail("\\ at end of pattern");
          return;
        }
        char32_t e = src_[pos_];
        if (e == 'b' || e == 'B') {
          ++pos_;
          std::u16string w = WordClass();
          Push(MakeNode(e == 'b' ? Node::Kind::kWordBoundary : Node::Kind::kNotWordBoundary));
          if (e == 'b') {
            out_ += u"(?:(?<=" + w + u")(?!" + w + u")|(?<!" + w + u")(?=" + w + u"))";
          } else {
            out_ += u"(?:(?<=" + w + u")(?=" + w + u")|(?<!" + w + u")(?!" + w + u"))";
          }
          quantifiable = false;
          atom.nullable = true;
        } else {
          ParseAtomEscape(&atom);
        }
        break;
      }
      case '*':
      case '+':
      case '?':
        Fail("Nothing to repeat");
        return;
      case '{': {
        if (umode_) {
          Fail(AtQuantifierStart() ? "Nothing to repeat" : "Lone quantifier brackets");
          return;
        }
        if (AtQuantifierStart()) {
          Fail("Nothing to repeat");
          return;
        }
        ++pos_;
        Char('{');
        break;
      }
      case '}':
      case ']':
        if (umode_) {
          Fail("Lone quantifier brackets");
          return;
        }
        ++pos_;
        Char(c);
        break;
      default:
        Next();
        Char(c);
        break;
    }
    if (error_) return;
    uint64_t min, max;
    bool lazy;
    size_t before_q = pos_;
    if (!ParseQuantifier(&min, &max, &lazy)) {
      *info = atom;
      return;
    }
    if (!quantifiable) {
      pos_ = before_q;
      Fail(is_lookbehind ? "Invalid quantifier" : "Nothing to repeat");
      return;
    }
    if (max == 0) {
      // PCRE2 fails `(?:$|(?=a)){0}` where x{0} matches the empty string in ECMA-262.
      NeedsBacktracker("a group repeated at most zero times (x{0})");
    }
    if (max > min && atom.nullable && (atom.caps > 0 || atom.empty_preferred)) {
      NeedsBacktracker(
          "a repeated group that can match the empty string (PCRE2 has no ECMA-262 empty-check)");
    }
    if (max > 1 && atom.caps > 0 && atom.backref) {
      // A backreference in a later iteration sees the group's earlier value in PCRE2, an unset
      // group in JavaScript until this iteration sets it: (a\1?){2}.
      NeedsBacktracker(
          "a backreference inside a repeated group with captures (PCRE2 keeps the captures of "
          "earlier iterations, JavaScript resets them)");
    }
    if (max > 1 && atom.caps > 0 && atom.cond_caps) {
      NeedsBacktracker(
          "captures a later iteration of a repeated group may leave unset (PCRE2 keeps the "
          "earlier value, JavaScript resets them on every iteration)");
    }
    EmitQuantifier(min, max, lazy, &out_);
    {
      auto rep = MakeNode(Node::Kind::kRepeat);
      rep->kids.push_back(std::move(seq_->kids.back()));
      seq_->kids.back() = std::move(rep);
      Node& q = *seq_->kids.back();
      q.min = min;
      q.max = max;
      q.greedy = !lazy;
      q.cap_first = caps_before + 1;
      q.cap_count = caps_seen_ - caps_before;
    }
    (void)atom_start;
    Info q = atom;
    if (min == 0) {
      q.nullable = true;
      if (atom.caps > 0) q.cond_caps = true;
      if (lazy) q.empty_preferred = true;
    }
    if (max > 1 && atom.caps > 0) q.repeated_caps = true;
    *info = q;
  }

  void ParseGroup(Info* info, int depth, bool* quantifiable, bool* is_lookbehind) {
    enum class Kind {
      kCapture,
      kNonCapture,
      kLookahead,
      kNegLookahead,
      kLookbehind,
      kNegLookbehind
    };
    Kind kind = Kind::kCapture;
    std::u16string name;
    if (Eat('?')) {
      if (AtEnd()) {
        Fail("Invalid group");
        return;
      }
      char16_t c = src_[pos_];
      if (c == ':') {
        ++pos_;
        kind = Kind::kNonCapture;
      } else if (c == '=') {
        ++pos_;
        kind = Kind::kLookahead;
      } else if (c == '!') {
        ++pos_;
        kind = Kind::kNegLookahead;
      } else if (c == '<' && (PeekAt(1) == '=' || PeekAt(1) == '!')) {
        kind = PeekAt(1) == '=' ? Kind::kLookbehind : Kind::kNegLookbehind;
        pos_ += 2;
      } else if (c == '<') {
        if (!ParseGroupName(&name)) {
          Fail("Invalid capture group name");
          return;
        }
        if (defined_names_.count(name)) {
          Fail("Duplicate capture group name");
          return;
        }
        defined_names_.insert(name);
      } else {
        Fail("Invalid group");
        return;
      }
    }
    Info inner;
    uint32_t caps_before_group = caps_seen_ + 1;  // the group's own number when capturing
    switch (kind) {
      case Kind::kCapture: {
        uint32_t index = ++caps_seen_;
        if (!name.empty()) group_names_.push_back({name, index});
        out_.push_back('(');
        break;
      }
      case Kind::kNonCapture:
        out_.append(u"(?:");
        break;
      case Kind::kLookahead:
        // Annex B: quantified lookaheads (non-u) are wrapped so PCRE2 sees a quantifiable group.
        out_.append(umode_ ? u"(?=" : u"(?:(?=");
        *quantifiable = !umode_;
        *is_lookbehind = umode_;
        break;
      case Kind::kNegLookahead:
        out_.append(umode_ ? u"(?!" : u"(?:(?!");
        *quantifiable = !umode_;
        *is_lookbehind = umode_;
        break;
      case Kind::kLookbehind:
        out_.append(u"(?<=");
        *quantifiable = false;
        *is_lookbehind = true;
        ++in_lookbehind_;
        break;
      case Kind::kNegLookbehind:
        out_.append(u"(?<!");
        *quantifiable = false;
        *is_lookbehind = true;
        ++in_lookbehind_;
        break;
    }
    std::unique_ptr<Node> body = ParseDisjunction(&inner, depth + 1);
    if (error_) return;
    if (!Eat(')')) {
      Fail("Unterminated group");
      return;
    }
    if (kind == Kind::kNonCapture) {
      Push(std::move(body));
    } else {
      auto g = MakeNode(kind == Kind::kCapture ? Node::Kind::kCapture : Node::Kind::kLook);
      g->index = caps_before_group;
      g->ahead = kind == Kind::kLookahead || kind == Kind::kNegLookahead;
      g->negative = kind == Kind::kNegLookahead || kind == Kind::kNegLookbehind;
      g->kids.push_back(std::move(body));
      Push(std::move(g));
    }
    out_.push_back(')');
    if ((kind == Kind::kLookahead || kind == Kind::kNegLookahead) && !umode_) out_.push_back(')');
    *info = inner;
    switch (kind) {
      case Kind::kCapture:
        info->caps += 1;
        break;
      case Kind::kNonCapture:
        break;
      case Kind::kLookahead:
        info->nullable = true;
        info->empty_preferred = false;
        break;
      case Kind::kNegLookahead:
        info->nullable = true;
        info->empty_preferred = false;
        if (info->caps > 0) info->cond_caps = true;
        break;
      case Kind::kLookbehind:
      case Kind::kNegLookbehind:
        --in_lookbehind_;
        if (inner.backref)
          NeedsBacktracker("a backreference inside a lookbehind (PCRE2 matches it forwards)");
        if (inner.repeated_caps)
          NeedsBacktracker(
              "a repeated capture inside a lookbehind (PCRE2 matches it forwards: another "
              "iteration's text)");
        info->nullable = true;
        info->empty_preferred = false;
        if (kind == Kind::kNegLookbehind && info->caps > 0) info->cond_caps = true;
        break;
    }
  }

  void EmitBackref(uint32_t index, Info* info) {
    std::u16string ref = u"\\g{";
    std::string n = std::to_string(index);
    for (char ch : n) ref.push_back(static_cast<char16_t>(ch));
    ref.push_back('}');
    if (flags_.ignore_case) {
      out_ += u"(?i:" + ref + u")";
      // PCRE2 compares caselessly by Unicode case folding (K ~ U+212A, s ~ U+017F), JavaScript
      // without u/v by toUppercase with no non-ASCII to ASCII mapping (§22.2.2.7.3).
      if (!umode_) NeedsBacktracker("a case-insensitive backreference without the u or v flag");
    } else {
      out_ += ref;
    }
    info->backref = true;
    info->nullable = true;
    auto node = MakeNode(Node::Kind::kBackref);
    node->index = index;
    Push(std::move(node));
  }

  // After '\' outside a class (ECMA-262 AtomEscape; Annex B ExtendedAtom).
  void ParseAtomEscape(Info* info) {
    char32_t c = src_[pos_];
    // Backreferences.
    if (c >= '1' && c <= '9') {
      size_t save = pos_;
      uint64_t n = 0;
      while (!AtEnd() && IsDecimal(src_[pos_])) {
        n = std::min<uint64_t>(n * 10 + (src_[pos_] - '0'), 1ull << 32);
        ++pos_;
      }
      if (n <= total_caps_) {
        EmitBackref(static_cast<uint32_t>(n), info);
        return;
      }
      if (umode_) {
        Fail("Invalid escape");
        return;
      }
      pos_ = save;  // Annex B: a legacy octal escape or an identity escape (\8 \9)
      if (c >= '8') {
        ++pos_;
        Char(c);
        return;
      }
      Char(LegacyOctal());
      return;
    }
    if (c == 'k') {
      if (umode_ || has_named_groups_) {
        ++pos_;
        std::u16string name;
        if (AtEnd() || src_[pos_] != '<' || !ParseGroupName(&name)) {
          Fail("Invalid named reference");
          return;
        }
        for (const auto& [n, index] : prescan_names_) {
          if (n == name) {
            EmitBackref(index, info);
            return;
          }
        }
        Fail("Invalid named capture referenced");
        return;
      }
      ++pos_;
      Char('k');
      return;
    }
    if (c == 'd' || c == 'D' || c == 's' || c == 'S' || c == 'w' || c == 'W') {
      ++pos_;
      CharSet set = Closure(EscapeSet(c));
      EmitSet(set, false, &out_);
      Push(SetNode(std::move(set), false));
      return;
    }
    if ((c == 'p' || c == 'P') && umode_) {
      ++pos_;
      ClassValue v;
      if (!ParsePropertyEscape(c == 'P', /*in_class=*/false, &v)) return;
      ClassAtom(v, false);
      return;
    }
    char32_t ch;
    if (!ParseCharacterEscape(false, &ch)) return;
    Char(ch);
  }

  // Annex B LegacyOctalEscapeSequence at pos_ (a digit 0-7).
  char32_t LegacyOctal() {
    uint32_t v = src_[pos_++] - '0';
    if (!AtEnd() && src_[pos_] >= '0' && src_[pos_] <= '7') {
      v = v * 8 + (src_[pos_++] - '0');
      if (v < 32 && !AtEnd() && src_[pos_] >= '0' && src_[pos_] <= '7')
        v = v * 8 + (src_[pos_++] - '0');
    }
    return v;
  }

  // \uXXXX (pos_ after 'u'); in u mode also \u{…} and surrogate pairs. False when malformed (pos_
  // is then unchanged).
  bool ParseUnicodeEscape(char32_t* out) {
    size_t save = pos_;
    if (umode_ && Eat('{')) {
      uint64_t v = 0;
      size_t s = pos_;
      while (!AtEnd() && HexValue(src_[pos_]) >= 0) {
        v = std::min<uint64_t>(v * 16 + HexValue(src_[pos_]), 0x1000000);
        ++pos_;
      }
      if (pos_ == s || !Eat('}') || v > 0x10FFFF) {
        pos_ = save;
        return false;
      }
      *out = static_cast<char32_t>(v);
      return true;
    }
    auto hex4 = [&](size_t p, uint32_t* v) {
      if (p + 4 > src_.size()) return false;
      *v = 0;
      for (int k = 0; k < 4; ++k) {
        int h = HexValue(src_[p + k]);
        if (h < 0) return false;
        *v = *v * 16 + h;
      }
      return true;
    };
    uint32_t v;
    if (!hex4(pos_, &v)) return false;
    pos_ += 4;
    if (umode_ && support::IsLeadSurrogate(v) && pos_ + 6 <= src_.size() && src_[pos_] == '\\' &&
        src_[pos_ + 1] == 'u') {
      uint32_t w;
      if (hex4(pos_ + 2, &w) && support::IsTrailSurrogate(w)) {
        pos_ += 6;
        v = support::SurrogatePairToCodePoint(static_cast<char16_t>(v), static_cast<char16_t>(w));
      }
    }
    *out = v;
    return true;
  }

  // CharacterEscape at pos_ (after '\'), inside a class when `in_class`. False after failing.
  bool ParseCharacterEscape(bool in_class, char32_t* out) {
    char32_t c = Next();
    switch (c) {
      case 'f':
        *out = 0x0C;
        return true;
      case 'n':
        *out = 0x0A;
        return true;
      case 'r':
        *out = 0x0D;
        return true;
      case 't':
        *out = 0x09;
        return true;
      case 'v':
        *out = 0x0B;
        return true;
      case 'c': {
        char32_t l = Peek();
        if ((l >= 'a' && l <= 'z') || (l >= 'A' && l <= 'Z')) {
          ++pos_;
          *out = l % 32;
          return true;
        }
        if (!umode_ && in_class && (IsDecimal(l) || l == '_')) {
          ++pos_;
          *out = l % 32;
          return true;
        }
        if (umode_) {
          Fail("Invalid Unicode escape");
          return false;
        }
        // Annex B: "\c" is a literal backslash; 'c' is read again as an ordinary character.
        --pos_;
        *out = '\\';
        return true;
      }
      case '0':
        if (!IsDecimal(Peek())) {
          *out = 0;
          return true;
        }
        if (umode_) {
          Fail(in_class ? "Invalid class escape" : "Invalid decimal escape");
          return false;
        }
        --pos_;
        *out = LegacyOctal();
        return true;
      case 'x': {
        int h1 = AtEnd() ? -1 : HexValue(src_[pos_]);
        int h2 = pos_ + 1 < src_.size() ? HexValue(src_[pos_ + 1]) : -1;
        if (h1 >= 0 && h2 >= 0) {
          pos_ += 2;
          *out = static_cast<char32_t>(h1 * 16 + h2);
          return true;
        }
        if (umode_) {
          Fail("Invalid escape");
          return false;
        }
        *out = 'x';
        return true;
      }
      case 'u': {
        if (ParseUnicodeEscape(out)) return true;
        if (umode_) {
          Fail("Invalid Unicode escape");
          return false;
        }
        *out = 'u';
        return true;
      }
      default:
        break;
    }
    if (umode_) {
      if (IsSyntaxCharacter(c) || c == '/' || (in_class && c == '-')) {
        *out = c;
        return true;
      }
      Fail("Invalid escape");  // V8's message inside classes too
      return false;
    }
    if (in_class && IsDecimal(c)) {  // Annex B ClassEscape: \1-\7 octal, \8 \9 identity
      if (c <= '7') {
        --pos_;
        *out = LegacyOctal();
        return true;
      }
      *out = c;
      return true;
    }
    *out = c;  // Annex B IdentityEscape
    return true;
  }

  // PCRE2 10.42 has Unicode 14 data, ICU 72 Unicode 15.0 (closer to the oracle's): `set`'s one
  // PCRE2 property item is made to agree with ICU. A value PCRE2 lacks (the scripts Kawi and
  // Nag_Mundari) becomes ICU's ranges; for the others only the characters Unicode 15 added can
  // differ (PCRE2 sees them unassigned): ICU's members among them are added as ranges, or, when
  // PCRE2's item would take some that ICU leaves out (\P{L}, \p{Cn}), ICU's ranges replace it.
  bool UpdateToIcu(CharSet* set, const std::string& text) {
    std::string item;  // ICU's pattern syntax is PCRE2's with '=' for "sc:"/"scx:"
    for (char16_t ch : set->props[0]) item.push_back(ch == ':' ? '=' : static_cast<char>(ch));
    std::vector<std::u32string> no_strings;
    auto icu_ranges = [&](const std::string& pattern, CharSet* out) {
      if (IcuSet(pattern, out, &no_strings)) return true;
      Unsupported("the Unicode property \\p{" + text + "} is not supported by ICU");
      return false;
    };
    std::u16string probe = u"[" + set->props[0] + u"]";
    int err;
    PCRE2_SIZE off;
    pcre2_code* code = pcre2_compile(reinterpret_cast<PCRE2_SPTR16>(probe.data()), probe.size(),
                                     PCRE2_UTF, &err, &off, nullptr);
    if (code == nullptr) {
      CharSet members;
      if (!icu_ranges("[" + item + "]", &members)) return false;
      *set = std::move(members);
      return true;
    }
    // How PCRE2 sees every character new in Unicode 15: as U+1E4D0 (NAG MUNDARI LETTER O).
    pcre2_match_data* md = pcre2_match_data_create(1, nullptr);
    std::u16string sample = u"\U0001E4D0";
    bool pcre_takes_new = pcre2_match(code, reinterpret_cast<PCRE2_SPTR16>(sample.data()),
                                      sample.size(), 0, 0, md, nullptr) >= 0;
    pcre2_match_data_free(md);
    pcre2_code_free(code);
    CharSet differ;
    if (!icu_ranges(
            pcre_takes_new ? "[[:Age=15.0:]-[" + item + "]]" : "[[:Age=15.0:]&[" + item + "]]",
            &differ))
      return false;
    if (differ.ranges.empty()) return true;
    if (!pcre_takes_new) {
      set->AddSet(differ);
      return true;
    }
    CharSet members;
    if (!icu_ranges("[" + item + "]", &members)) return false;
    *set = std::move(members);
    return true;
  }

  // \p{…} / \P{…} after the letter. Fills `v` (a set with a PCRE2 property item, or ranges; and
  // strings for the properties of strings).
  bool ParsePropertyEscape(bool negated, bool in_class, ClassValue* v) {
    const char* bad_name =
        in_class ? "Invalid property name in character class" : "Invalid property name";
    if (!Eat('{')) {
      Fail(bad_name);
      return false;
    }
    size_t start = pos_;
    while (!AtEnd() && src_[pos_] != '}') ++pos_;
    if (AtEnd()) {
      Fail(bad_name);
      return false;
    }
    std::string text;
    for (size_t i = start; i < pos_; ++i) {
      char16_t ch = src_[i];
      if (ch >= 128) {
        Fail(bad_name);
        return false;
      }
      text.push_back(static_cast<char>(ch));
    }
    ++pos_;
    std::string name = text, value;
    size_t eq = text.find('=');
    if (eq != std::string::npos) {
      name = text.substr(0, eq);
      value = text.substr(eq + 1);
    }
    std::u16string item;
    auto item_of = [&](std::string_view pcre_name) {
      std::u16string s = negated ? u"\\P{" : u"\\p{";
      for (char ch : pcre_name) s.push_back(static_cast<char16_t>(ch));
      s.push_back('}');
      return s;
    };
    CharSet set;
    if (eq != std::string::npos) {
      if (name == "General_Category" || name == "gc") {
        const PropertyRow* r = FindProperty("g", value);
        if (r == nullptr) {
          Fail(bad_name);
          return false;
        }
        set.props.push_back(item_of(r->names[0]));
      } else if (name == "Script" || name == "sc" || name == "Script_Extensions" || name == "scx") {
        const PropertyRow* r = FindProperty("s", value);
        if (r == nullptr) {
          Fail(bad_name);
          return false;
        }
        bool ext = name == "Script_Extensions" || name == "scx";
        set.props.push_back(item_of(std::string(ext ? "scx:" : "sc:") + r->names[0]));
      } else {
        Fail(bad_name);
        return false;
      }
    } else if (const PropertyRow* g = FindProperty("g", name)) {
      set.props.push_back(item_of(g->names[0]));
    } else if (const PropertyRow* b = FindProperty("b", name)) {
      std::string_view canon = b->names[0];
      if (canon == "ASCII") {
        set.Add(0, 0x7F);
        if (negated) set = Complement(set, MaxChar());
      } else if (canon == "Any") {
        if (!negated) set.Add(0, MaxChar());
      } else if (canon == "Assigned") {
        set.props.push_back(negated ? u"\\p{Cn}" : u"\\P{Cn}");
      } else {
        set.props.push_back(item_of(canon));
      }
    } else if (vmode_ &&
               (name == "RGI_Emoji" || name == "Basic_Emoji" || name == "Emoji_Keycap_Sequence" ||
                name == "RGI_Emoji_Flag_Sequence" || name == "RGI_Emoji_Modifier_Sequence" ||
                name == "RGI_Emoji_Tag_Sequence" || name == "RGI_Emoji_ZWJ_Sequence")) {
      if (negated) {
        Fail(bad_name);
        return false;
      }
      // ECMA-262 §22.2.2.9 table 71 (binary Unicode properties of strings), from ICU.
      CharSet members;
      std::vector<std::u32string> strings;
      if (!IcuSet("[\\p{" + name + "}]", &members, &strings)) {
        Unsupported("the property of strings \\p{" + name + "} is not known to ICU");
        return false;
      }
      v->is_set = true;
      v->set = Closure(std::move(members));
      v->strings = std::move(strings);
      v->may_strings = true;
      return true;
    } else {
      Fail(bad_name);
      return false;
    }
    if (!set.props.empty() && !UpdateToIcu(&set, text)) return false;
    v->is_set = true;
    v->set = Closure(std::move(set));
    return true;
  }

  // ---- character classes ----
  // The characters of `v` as one PCRE2 atom (its strings, if any, are not part of it).
  void EmitClassValue(const ClassValue& v, bool negated, std::u16string* o) {
    if (v.is_set) {
      EmitSet(v.set, negated, o);
    } else if (negated) {
      *o += u"(?:(?!" + v.atom + u")(?s:.))";
    } else {
      *o += v.atom;
    }
  }

  std::u16string AtomOf(const ClassValue& v) {
    std::u16string s;
    EmitClassValue(v, false, &s);
    return s;
  }

  // After '['.
  void ParseClass(int depth) {
    bool negated = Eat('^');
    ClassValue v;
    if (vmode_) {
      if (!ParseClassSetExpression(&v, depth)) return;
      if (negated && v.may_strings) {
        Fail("Negated character class may contain strings");
        return;
      }
    } else {
      if (!ParseClassRanges(&v.set)) return;
      v.set = Closure(std::move(v.set));
    }
    ClassAtom(v, negated);
  }

  // A ClassAtom of a non-v class: a character (returns true with *is_set false) or an escape set.
  bool ParseClassAtom(char32_t* ch, bool* is_set, CharSet* set) {
    *is_set = false;
    char32_t c = Next();
    if (c != '\\') {
      *ch = c;
      return true;
    }
    if (AtEnd()) {
      Fail("\\ at end of pattern");
      return false;
    }
    char32_t e = src_[pos_];
    if (e == 'd' || e == 'D' || e == 's' || e == 'S' || e == 'w' || e == 'W') {
      ++pos_;
      *is_set = true;
      *set = EscapeSet(e);
      return true;
    }
    if ((e == 'p' || e == 'P') && umode_) {
      ++pos_;
      ClassValue v;
      if (!ParsePropertyEscape(e == 'P', /*in_class=*/true, &v)) return false;
      *is_set = true;
      *set = v.set;
      return true;
    }
    if (e == 'b') {
      ++pos_;
      *ch = 8;
      return true;
    }
    if (e == '-' && umode_) {
      ++pos_;
      *ch = '-';
      return true;
    }
    if (!umode_ && e == 'k') {
      ++pos_;
      *ch = 'k';
      return true;
    }
    if (umode_ && IsDecimal(e) && e != '0') {
      Fail("Invalid class escape");
      return false;
    }
    return ParseCharacterEscape(true, ch);
  }

  bool ParseClassRanges(CharSet* out) {
    while (true) {
      if (AtEnd()) {
        Fail("Unterminated character class");
        return false;
      }
      if (src_[pos_] == ']') {
        ++pos_;
        return true;
      }
      char32_t a;
      bool a_set;
      CharSet as;
      if (!ParseClassAtom(&a, &a_set, &as)) return false;
      if (!AtEnd() && src_[pos_] == '-' && pos_ + 1 < src_.size() && src_[pos_ + 1] != ']') {
        ++pos_;
        char32_t b;
        bool b_set;
        CharSet bs;
        if (!ParseClassAtom(&b, &b_set, &bs)) return false;
        if (a_set || b_set) {
          if (umode_) {
            Fail("Invalid character class");
            return false;
          }
          // Annex B: a range with a class escape end is the union of both ends and '-'.
          if (a_set)
            out->AddSet(as);
          else
            out->Add(a, a);
          if (b_set)
            out->AddSet(bs);
          else
            out->Add(b, b);
          out->Add('-', '-');
          continue;
        }
        if (a > b) {
          Fail("Range out of order in character class");
          return false;
        }
        out->Add(a, b);
        continue;
      }
      if (a_set)
        out->AddSet(as);
      else
        out->Add(a, a);
    }
  }

  // ---- v-mode class set expressions (ECMA-262 ClassSetExpression) ----
  static bool IsClassSetReservedDouble(char32_t c) {
    switch (c) {
      case '&':
      case '!':
      case '#':
      case '$':
      case '%':
      case '*':
      case '+':
      case ',':
      case '.':
      case ':':
      case ';':
      case '<':
      case '=':
      case '>':
      case '?':
      case '@':
      case '^':
      case '`':
      case '~':
        return true;
      default:
        return false;
    }
  }
  static bool IsClassSetSyntaxChar(char32_t c) {
    switch (c) {
      case '(':
      case ')':
      case '[':
      case ']':
      case '{':
      case '}':
      case '/':
      case '-':
      case '\\':
      case '|':
        return true;
      default:
        return false;
    }
  }

  // One operand: nested class, \q{…}, escape, or a single character (returned via *single).
  bool ParseClassSetOperand(ClassValue* v, bool* single, char32_t* ch, int depth) {
    *single = false;
    if (AtEnd()) {
      Fail("Unterminated character class");
      return false;
    }
    char32_t c = Peek();
    if (c == '[') {
      ++pos_;
      if (depth > kMaxDepth) {
        Unsupported("the regular expression is nested too deeply");
        return false;
      }
      bool negated = Eat('^');
      ClassValue inner;
      if (!ParseClassSetExpression(&inner, depth + 1)) return false;
      if (negated) {
        if (inner.may_strings) {
          Fail("Negated character class may contain strings");
          return false;
        }
        if (inner.is_set && inner.set.props.empty()) {
          inner.set = Complement(inner.set, MaxChar());
        } else {
          std::u16string a;
          EmitClassValue(inner, true, &a);
          inner.is_set = false;
          inner.atom = std::move(a);
          inner.set = CharSet();
        }
      }
      *v = std::move(inner);
      return true;
    }
    if (c == '\\') {
      ++pos_;
      if (AtEnd()) {
        Fail("\\ at end of pattern");
        return false;
      }
      char32_t e = src_[pos_];
      if (e == 'q') {
        ++pos_;
        if (!Eat('{')) {
          Fail("Invalid escape");
          return false;
        }
        v->is_set = true;
        std::u32string cur;
        while (true) {
          if (AtEnd()) {
            Fail("Unterminated character class");
            return false;
          }
          char32_t d = Peek();
          if (d == '}' || d == '|') {
            ++pos_;
            if (cur.size() == 1) {
              v->set.Add(cur[0], cur[0]);
            } else {
              v->strings.push_back(cur);
              v->may_strings = true;
            }
            cur.clear();
            if (d == '}') break;
            continue;
          }
          if (d == '\\') {
            ++pos_;
            char32_t x;
            if (!ParseCharacterEscape(true, &x)) return false;
            cur.push_back(x);
          } else if (IsClassSetSyntaxChar(d)) {  // ClassSetCharacter excludes them unescaped
            Fail("Invalid character in character class");
            return false;
          } else if (IsClassSetReservedDouble(d) && pos_ + 1 < src_.size() && src_[pos_ + 1] == d) {
            Fail("Invalid set operation in character class");
            return false;
          } else {
            cur.push_back(Next());
          }
        }
        v->set = Closure(std::move(v->set));
        return true;
      }
      if (e == 'd' || e == 'D' || e == 's' || e == 'S' || e == 'w' || e == 'W') {
        ++pos_;
        v->is_set = true;
        v->set = Closure(EscapeSet(e));
        return true;
      }
      if (e == 'p' || e == 'P') {
        ++pos_;
        return ParsePropertyEscape(e == 'P', /*in_class=*/true, v);
      }
      if (e == 'b') {
        ++pos_;
        *single = true;
        *ch = 8;
        return true;
      }
      if (IsClassSetReservedDouble(e) || e == '-') {  // ClassSetReservedPunctuator escapes
        ++pos_;
        *single = true;
        *ch = e;
        return true;
      }
      if (IsDecimal(e) && e != '0') {
        Fail("Invalid class escape");
        return false;
      }
      *single = true;
      return ParseCharacterEscape(true, ch);
    }
    if (IsClassSetSyntaxChar(c) ||
        (IsClassSetReservedDouble(c) && pos_ + 1 < src_.size() && src_[pos_ + 1] == c)) {
      Fail("Invalid character in character class");
      return false;
    }
    *single = true;
    *ch = Next();
    return true;
  }

  bool ParseClassSetExpression(ClassValue* out, int depth) {
    ClassValue acc;
    std::vector<std::u16string> union_atoms;  // members of a union that are not plain sets
    enum class Op { kNone, kUnion, kIntersection, kSubtraction } op = Op::kNone;
    bool first = true;
    auto single_set = [&](char32_t lo, char32_t hi) {
      ClassValue v;
      v.set.Add(lo, hi);
      v.set = Closure(std::move(v.set));
      return v;
    };
    while (true) {
      if (AtEnd()) {
        Fail("Unterminated character class");
        return false;
      }
      if (src_[pos_] == ']') {
        ++pos_;
        break;
      }
      bool is_and = pos_ + 1 < src_.size() && src_[pos_] == '&' && src_[pos_ + 1] == '&';
      bool is_sub = pos_ + 1 < src_.size() && src_[pos_] == '-' && src_[pos_ + 1] == '-';
      if (is_and || is_sub) {
        if (first || op == Op::kUnion || (op == Op::kIntersection && is_sub) ||
            (op == Op::kSubtraction && is_and)) {
          Fail("Invalid set operation in character class");
          return false;
        }
        pos_ += 2;
        if (is_and && !AtEnd() && src_[pos_] == '&') {
          Fail("Invalid character in character class");
          return false;
        }
        op = is_and ? Op::kIntersection : Op::kSubtraction;
        ClassValue rhs;
        bool single;
        char32_t ch;
        if (!ParseClassSetOperand(&rhs, &single, &ch, depth)) return false;
        if (single) rhs = single_set(ch, ch);
        // Strings and single characters never equal each other: the operation applies to each kind
        // apart (ECMA-262 §22.2.2.9 CompileToCharSet of ClassIntersection/ClassSubtraction).
        std::vector<std::u32string> strings =
            StringSetOp(acc.strings, rhs.strings, /*keep_common=*/is_and);
        bool may_strings = is_and ? acc.may_strings && rhs.may_strings : acc.may_strings;
        if (acc.is_set && rhs.is_set && acc.set.props.empty() && rhs.set.props.empty()) {
          acc.set = is_and ? Intersect(acc.set, rhs.set)
                           : Intersect(acc.set, Complement(rhs.set, MaxChar()));
        } else {
          std::u16string a = AtomOf(acc), b = AtomOf(rhs);
          acc = ClassValue();
          acc.is_set = false;
          acc.atom = is_and ? u"(?:(?=" + b + u")" + a + u")" : u"(?:(?!" + b + u")" + a + u")";
        }
        acc.strings = std::move(strings);
        acc.may_strings = may_strings;
        continue;
      }
      if (op == Op::kIntersection || op == Op::kSubtraction) {
        Fail("Invalid set operation in character class");
        return false;
      }
      ClassValue v;
      bool single;
      char32_t ch;
      if (!ParseClassSetOperand(&v, &single, &ch, depth)) return false;
      if (single && pos_ + 1 < src_.size() && src_[pos_] == '-' && src_[pos_ + 1] != '-') {
        ++pos_;
        ClassValue w;
        bool single2;
        char32_t ch2;
        if (!ParseClassSetOperand(&w, &single2, &ch2, depth)) return false;
        if (!single2) {
          Fail("Invalid character class");
          return false;
        }
        if (ch > ch2) {
          Fail("Range out of order in character class");
          return false;
        }
        v = single_set(ch, ch2);
        single = false;
      } else if (single) {
        v = single_set(ch, ch);
      }
      // A '-' after a range or a class operand can start neither a range nor "--" (V8's message).
      if (!single && !AtEnd() && src_[pos_] == '-' &&
          !(pos_ + 1 < src_.size() && src_[pos_ + 1] == '-')) {
        Fail("Invalid character class");
        return false;
      }
      if (first) {
        acc = std::move(v);
        first = false;
        continue;
      }
      op = Op::kUnion;
      if (!acc.is_set) {
        union_atoms.push_back(acc.atom);
        acc.is_set = true;
        acc.atom.clear();
        acc.set = CharSet();
      }
      if (v.is_set) {
        acc.set.AddSet(v.set);
      } else {
        union_atoms.push_back(v.atom);
      }
      acc.strings.insert(acc.strings.end(), v.strings.begin(), v.strings.end());
      acc.may_strings = acc.may_strings || v.may_strings;
    }
    if (!union_atoms.empty()) {
      std::u16string a = u"(?:";
      bool any = false;
      if (!acc.set.Empty()) {
        EmitSet(acc.set, false, &a);
        any = true;
      }
      for (const auto& x : union_atoms) {
        if (any) a.push_back('|');
        a += x;
        any = true;
      }
      a.push_back(')');
      acc.is_set = false;
      acc.set = CharSet();
      acc.atom = std::move(a);
    }
    *out = std::move(acc);
    return true;
  }

  std::u16string_view src_;
  Flags flags_;
  bool umode_, vmode_;
  size_t pos_ = 0;
  std::u16string out_;
  std::optional<Error> error_;
  uint32_t total_caps_ = 0;
  uint32_t caps_seen_ = 0;
  bool has_named_groups_ = false;
  int in_lookbehind_ = 0;
  Node* seq_ = nullptr;  // the alternative being parsed (tree building)
  std::string refusal_;  // why PCRE2 cannot run the pattern ("" when it can)
  std::vector<std::pair<std::u16string, uint32_t>> prescan_names_;
  std::vector<std::pair<std::u16string, uint32_t>> group_names_;
  std::set<std::u16string> defined_names_;
};

}  // namespace

uint8_t Flags::Bits() const {
  return (has_indices ? 1 : 0) | (global ? 2 : 0) | (ignore_case ? 4 : 0) | (multiline ? 8 : 0) |
         (dot_all ? 16 : 0) | (unicode ? 32 : 0) | (unicode_sets ? 64 : 0) | (sticky ? 128 : 0);
}

Flags Flags::FromBits(uint8_t b) {
  Flags f;
  f.has_indices = b & 1;
  f.global = b & 2;
  f.ignore_case = b & 4;
  f.multiline = b & 8;
  f.dot_all = b & 16;
  f.unicode = b & 32;
  f.unicode_sets = b & 64;
  f.sticky = b & 128;
  return f;
}

std::string Flags::ToString() const {
  std::string s;
  uint8_t b = Bits();
  for (int i = 0; i < 8; ++i)
    if (b & (1 << i)) s.push_back(kFlagChars[i]);
  return s;
}

bool ParseFlags(std::u16string_view text, Flags* out) {
  uint8_t bits = 0;
  for (char16_t c : text) {
    const char* at = c < 128 && c != 0 ? std::strchr(kFlagChars, static_cast<char>(c)) : nullptr;
    if (at == nullptr) return false;
    uint8_t bit = static_cast<uint8_t>(1u << (at - kFlagChars));
    if (bits & bit) return false;
    bits |= bit;
  }
  if ((bits & 32) && (bits & 64)) return false;
  *out = Flags::FromBits(bits);
  return true;
}

char32_t CaseKey(char32_t c, bool unicode) {
  const CaseTable& t = Cases(unicode);
  auto it = t.classes.find(c);
  return it == t.classes.end() ? c : it->second.front();
}

bool CaseEquivalent(char32_t a, char32_t b, bool unicode) {
  if (a == b) return true;
  const CaseTable& t = Cases(unicode);
  auto it = t.classes.find(a);
  return it != t.classes.end() && std::binary_search(it->second.begin(), it->second.end(), b);
}

std::variant<Translation, Error> Translate(std::u16string_view source, const Flags& flags) {
  Parser p(source, flags);
  return p.Run();
}

std::string SyntaxErrorMessage(std::u16string_view source, const Flags& flags,
                               std::string_view message) {
  std::string s = "Invalid regular expression: /";
  s += support::Utf16ToUtf8(source);
  s += "/";
  s += flags.ToString();
  s += ": ";
  s += message;
  return s;
}

std::string LiteralSyntaxError(std::string_view pattern_utf8, std::string_view flags) {
  std::u16string source = support::Utf8ToUtf16(pattern_utf8);
  Flags f;
  if (!ParseFlags(support::Utf8ToUtf16(flags), &f)) return "Invalid regular expression flags";
  auto r = Translate(source, f);
  if (auto* e = std::get_if<Error>(&r); e != nullptr && e->kind == Error::Kind::kSyntax)
    return SyntaxErrorMessage(source, f, e->message);
  return "";
}

std::u16string EscapePatternSource(std::u16string_view source) {
  if (source.empty()) return u"(?:)";
  std::u16string out;
  bool in_class = false;
  for (size_t i = 0; i < source.size(); ++i) {
    char16_t c = source[i];
    if (c == '\\') {
      out.push_back(c);
      if (i + 1 < source.size()) {
        char16_t d = source[++i];
        switch (d) {
          case '\n':
            out.append(u"n");
            break;
          case '\r':
            out.append(u"r");
            break;
          case 0x2028:
            out.append(u"u2028");
            break;
          case 0x2029:
            out.append(u"u2029");
            break;
          default:
            out.push_back(d);
        }
      }
      continue;
    }
    if (c == '[')
      in_class = true;
    else if (c == ']')
      in_class = false;
    switch (c) {
      case '/':
        if (in_class)
          out.push_back(c);
        else
          out.append(u"\\/");
        break;
      case '\n':
        out.append(u"\\n");
        break;
      case '\r':
        out.append(u"\\r");
        break;
      case 0x2028:
        out.append(u"\\u2028");
        break;
      case 0x2029:
        out.append(u"\\u2029");
        break;
      default:
        out.push_back(c);
    }
  }
  return out;
}

}  // namespace codemode::regexp
