#include "vm/lua/lua_pattern.h"

#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"
#include "vm/lua/lua_number.h"

namespace codemode::vm::lua {
namespace {

constexpr size_t kFail = static_cast<size_t>(-1);

// C-locale character classes (lstrlib's match_class over <ctype.h> in the "C" locale).
bool IsAlpha(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool IsDigitC(unsigned char c) { return c >= '0' && c <= '9'; }
bool IsLower(unsigned char c) { return c >= 'a' && c <= 'z'; }
bool IsUpper(unsigned char c) { return c >= 'A' && c <= 'Z'; }
bool IsCntrl(unsigned char c) { return c < 32 || c == 127; }
bool IsGraph(unsigned char c) { return c > 32 && c < 127; }
bool IsSpace(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
bool IsAlnum(unsigned char c) { return IsAlpha(c) || IsDigitC(c); }
bool IsPunct(unsigned char c) { return IsGraph(c) && !IsAlnum(c); }
bool IsXDigit(unsigned char c) {
  return IsDigitC(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// Does byte `c` belong to class letter `cl` (the char after '%')? An unknown letter matches itself.
bool MatchClass(unsigned char c, unsigned char cl) {
  bool res;
  switch (IsUpper(cl) ? cl + ('a' - 'A') : cl) {
    case 'a':
      res = IsAlpha(c);
      break;
    case 'c':
      res = IsCntrl(c);
      break;
    case 'd':
      res = IsDigitC(c);
      break;
    case 'g':
      res = IsGraph(c);
      break;
    case 'l':
      res = IsLower(c);
      break;
    case 'p':
      res = IsPunct(c);
      break;
    case 's':
      res = IsSpace(c);
      break;
    case 'u':
      res = IsUpper(c);
      break;
    case 'w':
      res = IsAlnum(c);
      break;
    case 'x':
      res = IsXDigit(c);
      break;
    case 'z':  // deprecated since 5.2, still accepted by lua5.4: the NUL byte
      res = c == 0;
      break;
    default:
      return cl == c;
  }
  return IsUpper(cl) ? !res : res;
}

bool HasSpecials(std::string_view pattern) {
  for (char c : pattern) {
    if (std::strchr("^$*+?.([%-", c) != nullptr && c != '\0') return true;
  }
  return false;
}

// One matcher over a subject and a pattern. Offsets index `src_` and `pat_`; reading one past the
// end of the pattern gives '\0', which is what lstrlib sees thanks to C strings' terminators.
class Matcher {
 public:
  Matcher(std::string_view src, std::string_view pat, StepBudget* budget)
      : src_(src), pat_(pat), budget_(budget) {}

  // Attempts a match of the pattern from offset `p` at subject offset `s`. Returns the match end or
  // kFail; status() reports an error or an exhausted budget.
  size_t MatchAt(size_t s, size_t p) {
    level_ = 0;
    depth_left_ = kLuaMaxMatchDepth;
    if (!Charge(1)) return kFail;
    return Match(s, p);
  }

  const absl::Status& status() const { return status_; }
  bool ok() const { return status_.ok(); }

  void Fill(LuaMatch* m, size_t start, size_t end) const {
    m->found = true;
    m->start = start;
    m->end = end;
    m->ncap = level_;
    for (int i = 0; i < level_; ++i) m->caps[i] = caps_[i];
  }

 private:
  unsigned char P(size_t i) const {
    return i < pat_.size() ? static_cast<unsigned char>(pat_[i]) : 0;
  }
  unsigned char S(size_t i) const { return static_cast<unsigned char>(src_[i]); }

  bool Charge(uint64_t n) {
    if (budget_->Charge(n)) return true;
    if (status_.ok()) status_ = StepBudgetExhausted();
    return false;
  }
  size_t Error(std::string message) {
    if (status_.ok()) status_ = LuaError(std::move(message));
    return kFail;
  }

  // The offset just past the single-character class starting at `p` (classEnd); kFail on error.
  size_t ClassEnd(size_t p) {
    const unsigned char c = P(p++);
    if (c == '%') {
      if (p >= pat_.size()) return Error("malformed pattern (ends with '%')");
      return p + 1;
    }
    if (c == '[') {
      if (P(p) == '^') ++p;
      do {  // the first character after '[' or '[^' is never the closing ']'
        if (p >= pat_.size()) return Error("malformed pattern (missing ']')");
        const unsigned char cc = P(p++);
        if (cc == '%' && p < pat_.size()) ++p;
      } while (P(p) != ']');
      return p + 1;
    }
    return p;
  }

  // `p` is at '[', `ec` at its closing ']'.
  bool MatchBracketClass(unsigned char c, size_t p, size_t ec) const {
    bool sig = true;
    if (P(p + 1) == '^') {
      sig = false;
      ++p;
    }
    while (++p < ec) {
      if (P(p) == '%') {
        ++p;
        if (MatchClass(c, P(p))) return sig;
      } else if (P(p + 1) == '-' && p + 2 < ec) {
        p += 2;
        if (P(p - 2) <= c && c <= P(p)) return sig;
      } else if (P(p) == c) {
        return sig;
      }
    }
    return !sig;
  }

  bool SingleMatch(size_t s, size_t p, size_t ep) const {
    if (s >= src_.size()) return false;
    const unsigned char c = S(s);
    switch (P(p)) {
      case '.':
        return true;
      case '%':
        return MatchClass(c, P(p + 1));
      case '[':
        return MatchBracketClass(c, p, ep - 1);
      default:
        return P(p) == c;
    }
  }

  size_t MatchBalance(size_t s, size_t p) {
    if (p + 1 >= pat_.size()) return Error("malformed pattern (missing arguments to '%b')");
    if (s >= src_.size() || S(s) != P(p)) return kFail;
    const unsigned char open = P(p), close = P(p + 1);
    int depth = 1;
    const size_t begin = s;
    size_t result = kFail;
    while (++s < src_.size()) {
      const unsigned char c = S(s);
      if (c == close) {
        if (--depth == 0) {
          result = s + 1;
          break;
        }
      } else if (c == open) {
        ++depth;
      }
    }
    // One step per 16 bytes scanned: a linear scan, far cheaper than a match() call per byte.
    if (!Charge(1 + (s - begin) / 16)) return kFail;
    return result;
  }

  size_t MaxExpand(size_t s, size_t p, size_t ep) {
    size_t i = 0;
    while (SingleMatch(s + i, p, ep)) {
      ++i;
      if ((i & 15) == 0 && !Charge(1)) return kFail;
    }
    // Longest first, then back off one at a time.
    for (;;) {
      const size_t res = Match(s + i, ep + 1);
      if (res != kFail) return res;
      if (!ok() || i == 0) return kFail;
      --i;
    }
  }

  size_t MinExpand(size_t s, size_t p, size_t ep) {
    for (;;) {
      const size_t res = Match(s, ep + 1);
      if (res != kFail) return res;
      if (!ok()) return kFail;
      if (!SingleMatch(s, p, ep)) return kFail;
      ++s;
    }
  }

  size_t StartCapture(size_t s, size_t p, ptrdiff_t what) {
    if (level_ >= kLuaMaxCaptures) return Error("too many captures");
    caps_[level_].start = s;
    caps_[level_].len = what;
    ++level_;
    const size_t res = Match(s, p);
    if (res == kFail) --level_;
    return res;
  }

  size_t EndCapture(size_t s, size_t p) {
    int l = -1;
    for (int i = level_ - 1; i >= 0; --i) {
      if (caps_[i].len == LuaCapture::kUnfinished) {
        l = i;
        break;
      }
    }
    if (l < 0) return Error("invalid pattern capture");
    caps_[l].len = static_cast<ptrdiff_t>(s - caps_[l].start);
    const size_t res = Match(s, p);
    if (res == kFail) caps_[l].len = LuaCapture::kUnfinished;
    return res;
  }

  // Back-reference %1-%9 (the digit `d`; %0 is an invalid index too).
  size_t MatchCapture(size_t s, unsigned char d) {
    const int l = static_cast<int>(d) - '1';
    if (l < 0 || l >= level_ || caps_[l].len == LuaCapture::kUnfinished) {
      return Error(absl::StrCat("invalid capture index %", l + 1));
    }
    const ptrdiff_t len = caps_[l].len;
    if (len < 0) return kFail;  // a position capture matches nothing
    const size_t n = static_cast<size_t>(len);
    if (!Charge(1 + n / 16)) return kFail;
    if (src_.size() - s >= n && src_.compare(caps_[l].start, n, src_.substr(s, n)) == 0) {
      return s + n;
    }
    return kFail;
  }

  size_t Match(size_t s, size_t p) {
    if (depth_left_-- == 0) return Error("pattern too complex");
    if (!Charge(1)) return kFail;
    for (;;) {
      if (p == pat_.size()) break;  // end of pattern: success at s
      const unsigned char pc = P(p);
      bool single = false;  // go to the single-character-class case
      if (pc == '(') {
        s = P(p + 1) == ')' ? StartCapture(s, p + 2, LuaCapture::kPosition)
                            : StartCapture(s, p + 1, LuaCapture::kUnfinished);
        break;
      } else if (pc == ')') {
        s = EndCapture(s, p + 1);
        break;
      } else if (pc == '$' && p + 1 == pat_.size()) {
        if (s != src_.size()) s = kFail;
        break;
      } else if (pc == '%' && P(p + 1) == 'b') {
        s = MatchBalance(s, p + 2);
        if (s == kFail) break;
        p += 4;
        continue;
      } else if (pc == '%' && P(p + 1) == 'f') {
        p += 2;
        if (P(p) != '[') {
          s = Error("missing '[' after '%f' in pattern");
          break;
        }
        const size_t ep = ClassEnd(p);
        if (ep == kFail) {
          s = kFail;
          break;
        }
        const unsigned char prev = s == 0 ? 0 : S(s - 1);
        const unsigned char cur = s < src_.size() ? S(s) : 0;
        if (!MatchBracketClass(prev, p, ep - 1) && MatchBracketClass(cur, p, ep - 1)) {
          p = ep;
          continue;
        }
        s = kFail;
        break;
      } else if (pc == '%' && IsDigitC(P(p + 1))) {
        s = MatchCapture(s, P(p + 1));
        if (s == kFail) break;
        p += 2;
        continue;
      } else {
        single = true;
      }
      if (single) {
        const size_t ep = ClassEnd(p);
        if (ep == kFail) {
          s = kFail;
          break;
        }
        const unsigned char q = P(ep);
        if (!SingleMatch(s, p, ep)) {
          if (q == '*' || q == '?' || q == '-') {  // accepts zero repetitions
            p = ep + 1;
            if (!Charge(1)) {
              s = kFail;
              break;
            }
            continue;
          }
          s = kFail;
          break;
        }
        if (q == '?') {
          const size_t res = Match(s + 1, ep + 1);
          if (res != kFail || !ok()) {
            s = res;
            break;
          }
          p = ep + 1;
          continue;
        }
        if (q == '+') {
          s = MaxExpand(s + 1, p, ep);
          break;
        }
        if (q == '*') {
          s = MaxExpand(s, p, ep);
          break;
        }
        if (q == '-') {
          s = MinExpand(s, p, ep);
          break;
        }
        // A plain single character: continue iteratively (no recursion per subject byte).
        ++s;
        p = ep;
        if (!Charge(1)) {
          s = kFail;
          break;
        }
        continue;
      }
    }
    ++depth_left_;
    return s;
  }

  std::string_view src_;
  std::string_view pat_;
  StepBudget* budget_;
  absl::Status status_;
  int level_ = 0;
  int depth_left_ = kLuaMaxMatchDepth;
  std::array<LuaCapture, kLuaMaxCaptures> caps_;
};

}  // namespace

absl::StatusOr<LuaMatch> LuaPatternFind(std::string_view s, std::string_view pattern, size_t init,
                                        bool anchor_allowed, StepBudget* budget) {
  LuaMatch m;
  if (init > s.size()) return m;
  const bool anchor = anchor_allowed && !pattern.empty() && pattern[0] == '^';
  const size_t p = anchor ? 1 : 0;
  Matcher matcher(s, pattern, budget);
  size_t s1 = init;
  do {
    const size_t e = matcher.MatchAt(s1, p);
    if (!matcher.ok()) return matcher.status();
    if (e != kFail) {
      matcher.Fill(&m, s1, e);
      return m;
    }
  } while (s1++ < s.size() && !anchor);
  return m;
}

absl::StatusOr<LuaCaptureValue> LuaGetCapture(const LuaMatch& m, std::string_view s, int i) {
  LuaCaptureValue v;
  if (i >= m.ncap) {
    if (i != 0) return LuaError(absl::StrCat("invalid capture index %", i + 1));
    v.text = s.substr(m.start, m.end - m.start);
    return v;
  }
  if (i < 0) return LuaError(absl::StrCat("invalid capture index %", i + 1));
  const LuaCapture& c = m.caps[i];
  if (c.len == LuaCapture::kUnfinished) return LuaError("unfinished capture");
  if (c.len == LuaCapture::kPosition) {
    v.is_position = true;
    v.position = static_cast<int64_t>(c.start) + 1;
    return v;
  }
  v.text = s.substr(c.start, static_cast<size_t>(c.len));
  return v;
}

absl::StatusOr<std::vector<LuaCaptureValue>> LuaMatchCaptures(const LuaMatch& m, std::string_view s,
                                                              bool whole_if_none) {
  const int n = (m.ncap == 0 && whole_if_none) ? 1 : m.ncap;
  std::vector<LuaCaptureValue> out;
  out.reserve(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    absl::StatusOr<LuaCaptureValue> v = LuaGetCapture(m, s, i);
    if (!v.ok()) return v.status();
    out.push_back(*v);
  }
  return out;
}

int64_t LuaRelativeInit(int64_t pos, size_t len) {
  if (pos > 0) return pos;
  if (pos == 0) return 1;
  if (pos < -static_cast<int64_t>(len)) return 1;
  return static_cast<int64_t>(len) + pos + 1;
}

absl::StatusOr<LuaFindResult> LuaStringFind(std::string_view s, std::string_view pattern,
                                            int64_t init, bool plain, StepBudget* budget) {
  LuaFindResult r;
  const int64_t pos = LuaRelativeInit(init, s.size()) - 1;
  if (pos > static_cast<int64_t>(s.size())) return r;
  const size_t start = static_cast<size_t>(pos);
  if (plain || !HasSpecials(pattern)) {
    // A linear search: charged by the bytes it may scan.
    if (!budget->Charge(1 + (s.size() - start) / 16)) return StepBudgetExhausted();
    const size_t at = s.find(pattern, start);
    if (at == std::string_view::npos) return r;
    r.found = true;
    r.start = static_cast<int64_t>(at) + 1;
    r.end = static_cast<int64_t>(at + pattern.size());
    return r;
  }
  absl::StatusOr<LuaMatch> m = LuaPatternFind(s, pattern, start, /*anchor_allowed=*/true, budget);
  if (!m.ok()) return m.status();
  if (!m->found) return r;
  absl::StatusOr<std::vector<LuaCaptureValue>> caps = LuaMatchCaptures(*m, s, false);
  if (!caps.ok()) return caps.status();
  r.found = true;
  r.start = static_cast<int64_t>(m->start) + 1;
  r.end = static_cast<int64_t>(m->end);
  r.captures = std::move(*caps);
  return r;
}

absl::StatusOr<std::optional<std::vector<LuaCaptureValue>>> LuaStringMatch(std::string_view s,
                                                                           std::string_view pattern,
                                                                           int64_t init,
                                                                           StepBudget* budget) {
  const int64_t pos = LuaRelativeInit(init, s.size()) - 1;
  if (pos > static_cast<int64_t>(s.size())) return std::nullopt;
  absl::StatusOr<LuaMatch> m =
      LuaPatternFind(s, pattern, static_cast<size_t>(pos), /*anchor_allowed=*/true, budget);
  if (!m.ok()) return m.status();
  if (!m->found) return std::nullopt;
  absl::StatusOr<std::vector<LuaCaptureValue>> caps = LuaMatchCaptures(*m, s, true);
  if (!caps.ok()) return caps.status();
  return std::optional<std::vector<LuaCaptureValue>>(std::move(*caps));
}

LuaGmatchState LuaGmatchStart(std::string_view s, int64_t init) {
  LuaGmatchState st;
  const int64_t pos = LuaRelativeInit(init, s.size()) - 1;
  // Past the end: start beyond it so that no match is ever found.
  st.src = pos > static_cast<int64_t>(s.size()) ? s.size() + 1 : static_cast<size_t>(pos);
  return st;
}

absl::StatusOr<LuaMatch> LuaGmatchNext(std::string_view s, std::string_view pattern,
                                       LuaGmatchState* state, StepBudget* budget) {
  LuaMatch m;
  Matcher matcher(s, pattern, budget);
  for (size_t src = state->src; src <= s.size(); ++src) {
    const size_t e = matcher.MatchAt(src, 0);
    if (!matcher.ok()) return matcher.status();
    if (e != kFail && static_cast<int64_t>(e) != state->lastmatch) {
      state->src = e;
      state->lastmatch = static_cast<int64_t>(e);
      matcher.Fill(&m, src, e);
      return m;
    }
  }
  return m;
}

absl::StatusOr<LuaGsubStep> LuaGsubNext(std::string_view s, std::string_view pattern, int64_t max_n,
                                        LuaGsubState* state, StepBudget* budget) {
  LuaGsubStep step;
  const size_t begin = state->src;
  step.copy_begin = begin;
  const bool anchor = !pattern.empty() && pattern[0] == '^';
  Matcher matcher(s, pattern, budget);
  if (!state->done) {
    while (state->count < max_n) {
      const size_t e = matcher.MatchAt(state->src, anchor ? 1 : 0);
      if (!matcher.ok()) return matcher.status();
      if (e != kFail && static_cast<int64_t>(e) != state->lastmatch) {
        ++state->count;
        step.copy_end = state->src;
        matcher.Fill(&step.match, state->src, e);
        state->src = e;
        state->lastmatch = static_cast<int64_t>(e);
        if (anchor) state->done = true;
        return step;
      }
      if (state->src < s.size()) {
        ++state->src;  // this byte is copied verbatim
      } else {
        break;
      }
      if (anchor) break;
    }
  }
  state->done = true;
  step.copy_end = s.size();
  state->src = s.size();  // the tail is handed out once
  return step;
}

absl::Status LuaGsubAppendReplacement(std::string_view s, const LuaMatch& m, std::string_view repl,
                                      std::string* out) {
  size_t i = 0;
  for (;;) {
    const size_t pos = repl.find('%', i);
    if (pos == std::string_view::npos) {
      out->append(repl.substr(i));
      return absl::OkStatus();
    }
    out->append(repl.substr(i, pos - i));
    const char c = pos + 1 < repl.size() ? repl[pos + 1] : '\0';
    if (c == '%') {
      out->push_back('%');
    } else if (c == '0') {
      out->append(s.substr(m.start, m.end - m.start));
    } else if (c >= '1' && c <= '9') {
      absl::StatusOr<LuaCaptureValue> v = LuaGetCapture(m, s, c - '1');
      if (!v.ok()) return v.status();
      if (v->is_position) {
        out->append(LuaIntegerToString(v->position));
      } else {
        out->append(v->text);
      }
    } else {
      return LuaError("invalid use of '%' in replacement string");
    }
    i = pos + 2;
  }
}

}  // namespace codemode::vm::lua
