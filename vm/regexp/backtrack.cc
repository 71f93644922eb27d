// The ECMA-262 §22.2.2 backtracking matcher (see backtrack.h).
//
// Machine state: the position, the registers (capture pairs, the open position of each capture,
// each quantifier's iteration count and iteration start) and a backtrack stack. Every register
// write pushes an undo entry, so failing back to a choice point restores exactly the state the
// spec's continuation-passing matchers would have there. Lookarounds are atomic: when the body of a
// positive one matches, its stack part is dropped and replaced by one entry restoring the captures
// as they were before it.
#include "vm/regexp/backtrack.h"

#define PCRE2_CODE_UNIT_WIDTH 16
#include <pcre2.h>

#include <algorithm>
#include <limits>
#include <optional>

#include "vm/regexp/syntax.h"
#include "vm/support/text.h"

namespace codemode::regexp {

namespace {

constexpr size_t kUnset = std::numeric_limits<size_t>::max();

enum class Op : uint8_t {
  kChar,       // a: set; b: backward
  kSplit,      // go on at pc+1; on failure at a
  kJump,       // a
  kCapOpen,    // a: group
  kCapClose,   // a: group; b: backward
  kStart,      // ^
  kEnd,        // $
  kWordB,      // \b (a = 1: \B)
  kBackref,    // a: group; b: backward
  kLookBegin,  // a: lookaround id; b: negative; c: pc after the lookaround
  kLookEnd,    // a: lookaround id; b: negative
  kRepInit,    // a: quantifier
  kRepLoop,    // a: quantifier
  kRepBegin,   // a: quantifier
  kRepEnd,     // a: quantifier
  kCharLoop,   // a: set; b: backward; c: quantifier (a repeated single character: one frame)
  kStrings,    // a: class with strings; b: backward
  kMatch,
};

struct Inst {
  Op op;
  uint32_t a = 0, b = 0, c = 0;
};

struct CharClass {
  std::vector<std::pair<char32_t, char32_t>> ranges;
  pcre2_code* utf_code = nullptr;   // the PCRE2 class text, UTF mode (non-surrogates)
  pcre2_code* unit_code = nullptr;  // the same without UTF (lone surrogates), when it compiles
  bool negated = false;
};

// The strings of a class (more than one code point each) as a trie over their characters
// (Canonicalize keys under the i flag): the strings matching at a position all lie on one path.
struct Trie {
  struct TrieNode {
    std::vector<std::pair<char32_t, uint32_t>> kids;  // sorted by character
    bool end = false;
  };
  std::vector<TrieNode> nodes{1};

  void Insert(const std::u32string& keys) {
    uint32_t at = 0;
    for (char32_t k : keys) {
      auto& kids = nodes[at].kids;
      auto it = std::lower_bound(kids.begin(), kids.end(), std::make_pair(k, uint32_t{0}));
      if (it != kids.end() && it->first == k) {
        at = it->second;
        continue;
      }
      uint32_t next = static_cast<uint32_t>(nodes.size());
      kids.insert(it, {k, next});
      nodes.emplace_back();
      at = next;
    }
    nodes[at].end = true;
  }
  // The child of `at` for `k`, or 0.
  uint32_t Child(uint32_t at, char32_t k) const {
    const auto& kids = nodes[at].kids;
    auto it = std::lower_bound(kids.begin(), kids.end(), std::make_pair(k, uint32_t{0}));
    return it != kids.end() && it->first == k ? it->second : 0;
  }
};

struct StringClass {
  Trie forward, backward;  // backward: each string reversed (lookbehind reads right to left)
  uint32_t chars = 0;      // the class of its single characters
  bool has_empty = false;
};

struct Quantifier {
  uint64_t min, max;
  bool greedy;
  uint32_t cap_first, cap_count;
  uint32_t loop_pc, body_pc, exit_pc;
};

bool IsLineTerminator(char16_t c) { return c == 0x0A || c == 0x0D || c == 0x2028 || c == 0x2029; }

}  // namespace

struct Program::Impl {
  std::vector<Inst> code;
  std::vector<CharClass> classes;
  std::vector<StringClass> string_classes;
  std::vector<Quantifier> quantifiers;
  uint32_t captures = 0;
  uint32_t lookarounds = 0;
  std::vector<uint32_t> look_begin;  // per lookaround: the pc of its kLookBegin
  bool unicode = false, ignore_case = false, multiline = false;
  size_t min_length = 0;  // code units any match needs: no start closer to the end can match
  int first_class = -1;   // a class every match starts with (its first character), or -1
  std::string error;

  ~Impl() {
    for (CharClass& c : classes) {
      if (c.utf_code != nullptr) pcre2_code_free(c.utf_code);
      if (c.unit_code != nullptr) pcre2_code_free(c.unit_code);
    }
  }

  // Register layout: capture pairs, then each capture's open position, then two per quantifier.
  uint32_t OpenReg(uint32_t group) const { return 2 * (captures + 1) + group; }
  uint32_t CountReg(uint32_t q) const { return 2 * (captures + 1) + captures + 1 + 2 * q; }
  uint32_t RegCount() const {
    return 2 * (captures + 1) + captures + 1 + 2 * static_cast<uint32_t>(quantifiers.size());
  }

  uint32_t Emit(Op op, uint32_t a = 0, uint32_t b = 0, uint32_t c = 0) {
    code.push_back(Inst{op, a, b, c});
    return static_cast<uint32_t>(code.size() - 1);
  }

  static size_t MinLength(const Node& n) {
    constexpr size_t kCap = size_t{1} << 40;
    switch (n.kind) {
      case Node::Kind::kSet:
        return std::find(n.strings.begin(), n.strings.end(), std::u32string()) == n.strings.end()
                   ? 1
                   : 0;
      case Node::Kind::kSeq: {
        size_t sum = 0;
        for (const auto& k : n.kids) sum = std::min(kCap, sum + MinLength(*k));
        return sum;
      }
      case Node::Kind::kAlt: {
        size_t least = kCap;
        for (const auto& k : n.kids) least = std::min(least, MinLength(*k));
        return n.kids.empty() ? 0 : least;
      }
      case Node::Kind::kCapture:
        return MinLength(*n.kids[0]);
      case Node::Kind::kRepeat: {
        size_t body = MinLength(*n.kids[0]);
        if (body == 0 || n.min == 0) return 0;
        return n.min >= kCap / body ? kCap : static_cast<size_t>(n.min) * body;
      }
      default:  // assertions, lookarounds, backreferences (may be empty)
        return 0;
    }
  }

  // The set node whose character every match of `n` consumes first, after zero-width assertions
  // and lookarounds; nullptr when that is not one set (alternatives, optional parts).
  static const Node* FirstSet(const Node& n) {
    switch (n.kind) {
      case Node::Kind::kSet:
        return n.strings.empty() ? &n : nullptr;
      case Node::Kind::kSeq:
        for (const auto& k : n.kids) {
          switch (k->kind) {
            case Node::Kind::kStart:
            case Node::Kind::kEnd:
            case Node::Kind::kWordBoundary:
            case Node::Kind::kNotWordBoundary:
            case Node::Kind::kLook:
              continue;
            default:
              return FirstSet(*k);
          }
        }
        return nullptr;
      case Node::Kind::kCapture:
        return FirstSet(*n.kids[0]);
      case Node::Kind::kRepeat:
        return n.min >= 1 ? FirstSet(*n.kids[0]) : nullptr;
      default:
        return nullptr;
    }
  }

  bool AddClass(const Node& n) {
    CharClass c;
    c.ranges = n.ranges;
    c.negated = n.negated;
    if (!n.pcre_class.empty()) {
      int err;
      PCRE2_SIZE off;
      auto text = reinterpret_cast<PCRE2_SPTR16>(n.pcre_class.data());
      c.utf_code = pcre2_compile(text, n.pcre_class.size(),
                                 PCRE2_UTF | PCRE2_UCP | PCRE2_ANCHORED | PCRE2_NO_UTF_CHECK, &err,
                                 &off, nullptr);
      if (c.utf_code == nullptr) {
        error = "a character class of the pattern does not compile";
        return false;
      }
      c.unit_code =
          pcre2_compile(text, n.pcre_class.size(), PCRE2_UCP | PCRE2_ANCHORED, &err, &off, nullptr);
    }
    classes.push_back(std::move(c));
    return true;
  }

  bool CompileNode(const Node& n, bool backward) {
    switch (n.kind) {
      case Node::Kind::kEmpty:
        return true;
      case Node::Kind::kSet:
        if (!AddClass(n)) return false;
        if (!n.strings.empty()) {
          AddStringClass(n);
          Emit(Op::kStrings, static_cast<uint32_t>(string_classes.size() - 1), backward);
          return true;
        }
        Emit(Op::kChar, static_cast<uint32_t>(classes.size() - 1), backward);
        return true;
      case Node::Kind::kSeq:
        if (backward) {
          for (size_t i = n.kids.size(); i-- > 0;)
            if (!CompileNode(*n.kids[i], backward)) return false;
        } else {
          for (const auto& k : n.kids)
            if (!CompileNode(*k, backward)) return false;
        }
        return true;
      case Node::Kind::kAlt: {
        std::vector<uint32_t> jumps;
        for (size_t i = 0; i < n.kids.size(); ++i) {
          uint32_t split = 0;
          bool last = i + 1 == n.kids.size();
          if (!last) split = Emit(Op::kSplit);
          if (!CompileNode(*n.kids[i], backward)) return false;
          if (!last) {
            jumps.push_back(Emit(Op::kJump));
            code[split].a = static_cast<uint32_t>(code.size());
          }
        }
        for (uint32_t j : jumps) code[j].a = static_cast<uint32_t>(code.size());
        return true;
      }
      case Node::Kind::kCapture:
        Emit(Op::kCapOpen, n.index);
        if (!CompileNode(*n.kids[0], backward)) return false;
        Emit(Op::kCapClose, n.index, backward);
        return true;
      case Node::Kind::kLook: {
        uint32_t id = lookarounds++;
        uint32_t begin = Emit(Op::kLookBegin, id, n.negative);
        look_begin.push_back(begin);
        if (!CompileNode(*n.kids[0], !n.ahead)) return false;
        Emit(Op::kLookEnd, id, n.negative);
        code[begin].c = static_cast<uint32_t>(code.size());
        return true;
      }
      case Node::Kind::kBackref:
        Emit(Op::kBackref, n.index, backward);
        return true;
      case Node::Kind::kRepeat: {
        if (n.max == 0) return true;
        if (n.kids[0]->kind == Node::Kind::kSet && n.kids[0]->strings.empty()) {
          // One character per iteration: no captures to reset, never empty, so the iterations
          // need no registers and a single frame remembers how far to give back (or take more).
          if (!AddClass(*n.kids[0])) return false;
          uint32_t q = static_cast<uint32_t>(quantifiers.size());
          quantifiers.push_back(Quantifier{n.min, n.max, n.greedy, 0, 0, 0, 0, 0});
          Emit(Op::kCharLoop, static_cast<uint32_t>(classes.size() - 1), backward, q);
          return true;
        }
        uint32_t q = static_cast<uint32_t>(quantifiers.size());
        quantifiers.push_back(
            Quantifier{n.min, n.max, n.greedy, n.cap_first, n.cap_count, 0, 0, 0});
        Emit(Op::kRepInit, q);
        uint32_t loop = Emit(Op::kRepLoop, q);
        uint32_t body = Emit(Op::kRepBegin, q);
        if (!CompileNode(*n.kids[0], backward)) return false;
        Emit(Op::kRepEnd, q);
        quantifiers[q].loop_pc = loop;
        quantifiers[q].body_pc = body;
        quantifiers[q].exit_pc = static_cast<uint32_t>(code.size());
        return true;
      }
      case Node::Kind::kStart:
        Emit(Op::kStart);
        return true;
      case Node::Kind::kEnd:
        Emit(Op::kEnd);
        return true;
      case Node::Kind::kWordBoundary:
        Emit(Op::kWordB, 0);
        return true;
      case Node::Kind::kNotWordBoundary:
        Emit(Op::kWordB, 1);
        return true;
    }
    return false;
  }

  // After AddClass(n) for its characters.
  void AddStringClass(const Node& n) {
    StringClass sc;
    sc.chars = static_cast<uint32_t>(classes.size() - 1);
    for (std::u32string str : n.strings) {
      if (str.empty()) {
        sc.has_empty = true;
        continue;
      }
      if (ignore_case)
        for (char32_t& c : str) c = CaseKey(c, unicode);
      sc.forward.Insert(str);
      std::reverse(str.begin(), str.end());
      sc.backward.Insert(str);
    }
    string_classes.push_back(std::move(sc));
  }

  // Where a class with strings can end a match that starts at `pos` (reading backward: begin one
  // that ends there), in the order ECMA-262 §22.2.2.9 CompileAtom tries them: its strings longest
  // first, then one of its characters, then the empty string.
  void StringCandidates(const StringClass& sc, std::u16string_view s, size_t pos, bool backward,
                        std::vector<size_t>* out) const {
    out->clear();
    const Trie& trie = backward ? sc.backward : sc.forward;
    uint32_t node = 0;
    size_t at = pos;
    while (true) {
      size_t len;
      char32_t ch = backward ? ReadBackward(s, at, &len) : ReadForward(s, at, &len);
      if (len == 0) break;
      node = trie.Child(node, ignore_case ? CaseKey(ch, unicode) : ch);
      if (node == 0) break;
      at = backward ? at - len : at + len;
      if (trie.nodes[node].end) out->push_back(at);
    }
    std::reverse(out->begin(), out->end());
    size_t len;
    char32_t ch = backward ? ReadBackward(s, pos, &len) : ReadForward(s, pos, &len);
    if (len != 0 && ClassHas(classes[sc.chars], ch))
      out->push_back(backward ? pos - len : pos + len);
    if (sc.has_empty) out->push_back(pos);
  }

  bool ClassHas(const CharClass& c, char32_t ch) const {
    auto it = std::upper_bound(c.ranges.begin(), c.ranges.end(), std::make_pair(ch, char32_t{0}),
                               [](const auto& x, const auto& r) { return x.first < r.first; });
    bool in = false;
    if (it != c.ranges.begin() && std::prev(it)->second >= ch) in = true;
    if (!in && c.utf_code != nullptr) in = PcreHas(c, ch);
    return in != c.negated;
  }

  static bool PcreHas(const CharClass& c, char32_t ch) {
    bool surrogate = ch >= 0xD800 && ch <= 0xDFFF;
    pcre2_code* code = surrogate ? c.unit_code : c.utf_code;
    if (code == nullptr) return false;
    struct Scratch {
      pcre2_match_data* md = pcre2_match_data_create(1, nullptr);
      ~Scratch() { pcre2_match_data_free(md); }
    };
    thread_local Scratch scratch;
    std::u16string one;
    support::AppendCodePoint(ch, &one);
    int rc = pcre2_match(code, reinterpret_cast<PCRE2_SPTR16>(one.data()), one.size(), 0,
                         surrogate ? 0 : PCRE2_NO_UTF_CHECK, scratch.md, nullptr);
    return rc >= 0 && pcre2_get_ovector_pointer(scratch.md)[1] == one.size();
  }

  bool IsWord(std::u16string_view s, size_t i) const {
    char16_t c = s[i];
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')
      return true;
    return ignore_case && unicode && (c == 0x17F || c == 0x212A);
  }

  // The character at/before `pos` and its length in units (0 when there is none).
  char32_t ReadForward(std::u16string_view s, size_t pos, size_t* len) const {
    if (pos >= s.size()) {
      *len = 0;
      return 0;
    }
    *len = 1;
    char16_t c = s[pos];
    if (unicode && support::IsLeadSurrogate(c) && pos + 1 < s.size() &&
        support::IsTrailSurrogate(s[pos + 1])) {
      *len = 2;
      return support::SurrogatePairToCodePoint(c, s[pos + 1]);
    }
    return c;
  }
  char32_t ReadBackward(std::u16string_view s, size_t pos, size_t* len) const {
    if (pos == 0) {
      *len = 0;
      return 0;
    }
    *len = 1;
    char16_t c = s[pos - 1];
    if (unicode && support::IsTrailSurrogate(c) && pos >= 2 &&
        support::IsLeadSurrogate(s[pos - 2])) {
      *len = 2;
      return support::SurrogatePairToCodePoint(s[pos - 2], c);
    }
    return c;
  }

  // BackreferenceMatcher (ECMA-262 §22.2.2.7.2): the captured text [cs, ce) again at `pos`.
  bool BackrefMatches(std::u16string_view s, size_t cs, size_t ce, size_t* pos,
                      bool backward) const {
    size_t len = ce - cs;
    size_t at;
    if (backward) {
      if (*pos < len) return false;
      at = *pos - len;
    } else {
      if (*pos + len > s.size()) return false;
      at = *pos;
    }
    if (!ignore_case) {
      if (s.substr(at, len) != s.substr(cs, len)) return false;
    } else {
      std::u16string_view a = s.substr(cs, len), b = s.substr(at, len);
      size_t i = 0;
      while (i < len) {
        size_t la, lb;
        char32_t x = ReadForward(a, i, &la), y = ReadForward(b, i, &lb);
        if (la != lb) return false;
        if (x != y && !CaseEquivalent(x, y, unicode)) return false;
        i += la;
      }
    }
    *pos = backward ? at : at + len;
    return true;
  }
};

namespace {

// One backtrack stack entry.
struct Frame {
  enum class Kind : uint8_t { kChoice, kUndo, kLook, kRestore, kCharLoop, kStrings };
  Kind kind;
  uint32_t a;  // kChoice/kCharLoop/kStrings: pc; kUndo: register; kLook: lookaround id
  size_t b;    // kChoice/kLook/kCharLoop/kStrings: position; kUndo: old value; kRestore: snapshot
               // offset
  size_t c;    // kLook: snapshot offset; kCharLoop: iterations so far; kStrings: next candidate
};

}  // namespace

Program::Program(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Program::~Program() = default;

namespace {
size_t PcreBytes(const pcre2_code* code) {
  size_t n = 0;
  if (code != nullptr) pcre2_pattern_info(code, PCRE2_INFO_SIZE, &n);
  return n;
}
size_t TrieBytes(const Trie& t) {
  size_t n = t.nodes.capacity() * sizeof(Trie::TrieNode);
  for (const auto& node : t.nodes) n += node.kids.capacity() * sizeof(node.kids[0]);
  return n;
}
}  // namespace

size_t Program::Bytes() const {
  const Impl& p = *impl_;
  size_t n = sizeof(Impl) + p.code.capacity() * sizeof(p.code[0]) +
             p.quantifiers.capacity() * sizeof(Quantifier) +
             p.look_begin.capacity() * sizeof(uint32_t) +
             p.classes.capacity() * sizeof(CharClass) +
             p.string_classes.capacity() * sizeof(StringClass);
  for (const auto& c : p.classes)
    n += c.ranges.capacity() * sizeof(c.ranges[0]) + PcreBytes(c.utf_code) + PcreBytes(c.unit_code);
  for (const auto& c : p.string_classes) n += TrieBytes(c.forward) + TrieBytes(c.backward);
  return n;
}

std::unique_ptr<Program> Program::Compile(const Node& root, uint32_t captures, const Flags& flags,
                                          std::string* error) {
  auto impl = std::make_unique<Impl>();
  impl->captures = captures;
  impl->unicode = flags.either_unicode();
  impl->ignore_case = flags.ignore_case;
  impl->multiline = flags.multiline;
  impl->min_length = Impl::MinLength(root);
  // Start positions whose character cannot begin a match are skipped without running the program
  // (a leading variable-length lookbehind would otherwise scan back from every position).
  if (const Node* first = Impl::FirstSet(root)) {
    if (!impl->AddClass(*first)) {
      *error = impl->error;
      return nullptr;
    }
    impl->first_class = static_cast<int>(impl->classes.size() - 1);
  }
  // Group 0 is the whole match: its open and close around the pattern.
  impl->Emit(Op::kCapOpen, 0);
  if (!impl->CompileNode(root, false)) {
    *error = impl->error;
    return nullptr;
  }
  impl->Emit(Op::kCapClose, 0, 0);
  impl->Emit(Op::kMatch);
  return std::unique_ptr<Program>(new Program(std::move(impl)));
}

Program::Outcome Program::Exec(std::u16string_view s, size_t start, bool anchored,
                               uint64_t max_steps, uint64_t max_stack_bytes,
                               std::vector<size_t>* ovector, uint64_t* steps,
                               const Poll* poll) const {
  const Impl& p = *impl_;
  const uint32_t ncap_regs = 2 * (p.captures + 1);
  std::vector<size_t> regs(p.RegCount(), kUnset);
  std::vector<Frame> stack;
  std::vector<size_t> snapshots;                    // capture registers saved by lookarounds
  std::vector<size_t> look_base(p.lookarounds, 0);  // the stack height of each open lookaround
  std::vector<size_t> candidates;                   // kStrings: where the class can end
  uint64_t work = 0;
  const size_t max_frames = std::max<uint64_t>(max_stack_bytes / sizeof(Frame), 16);
  // One comparison on the hot path: work past check_at is either the step limit or a poll.
  const bool polling = poll != nullptr && poll->every > 0;
  uint64_t check_at = polling ? std::min(max_steps, poll->every) : max_steps;
  auto stop_at_check = [&]() -> std::optional<Outcome> {
    if (work > max_steps) return Outcome::kStepLimit;
    if (!poll->fn(poll->ctx)) return Outcome::kInterrupted;
    check_at = std::min(max_steps, work + poll->every);
    return std::nullopt;
  };

  auto set_reg = [&](uint32_t r, size_t v) {
    if (regs[r] == v) return;
    stack.push_back(Frame{Frame::Kind::kUndo, r, regs[r], 0});
    regs[r] = v;
  };

  size_t at = start;
  while (true) {
    if (s.size() < at || s.size() - at < p.min_length) break;
    ++work;
    if (p.first_class >= 0) {
      size_t len;
      char32_t ch = p.ReadForward(s, at, &len);
      if (len == 0 || !p.ClassHas(p.classes[p.first_class], ch)) {
        if (anchored || at >= s.size()) break;
        at += len == 0 ? 1 : len;
        continue;
      }
    }
    if (work > check_at) {
      if (auto stop = stop_at_check()) {
        *steps = work;
        return *stop;
      }
    }
    std::fill(regs.begin(), regs.end(), kUnset);
    stack.clear();
    snapshots.clear();
    size_t pos = at;
    uint32_t pc = 0;
    bool matched = false;
    while (true) {
      const Inst& in = p.code[pc];
      bool fail = false;
      switch (in.op) {
        case Op::kChar: {
          size_t len;
          char32_t ch = in.b ? p.ReadBackward(s, pos, &len) : p.ReadForward(s, pos, &len);
          if (len == 0 || !p.ClassHas(p.classes[in.a], ch)) {
            fail = true;
          } else {
            pos = in.b ? pos - len : pos + len;
            ++pc;
          }
          break;
        }
        case Op::kSplit:
          stack.push_back(Frame{Frame::Kind::kChoice, in.a, pos, 0});
          ++pc;
          break;
        case Op::kJump:
          pc = in.a;
          break;
        case Op::kCapOpen:
          set_reg(p.OpenReg(in.a), pos);
          ++pc;
          break;
        case Op::kCapClose: {
          size_t open = regs[p.OpenReg(in.a)];
          set_reg(2 * in.a, in.b ? pos : open);
          set_reg(2 * in.a + 1, in.b ? open : pos);
          ++pc;
          break;
        }
        case Op::kStart:
          fail = !(pos == 0 || (p.multiline && IsLineTerminator(s[pos - 1])));
          ++pc;
          break;
        case Op::kEnd:
          fail = !(pos == s.size() || (p.multiline && IsLineTerminator(s[pos])));
          ++pc;
          break;
        case Op::kWordB: {
          bool a = pos > 0 && p.IsWord(s, pos - 1);
          bool b = pos < s.size() && p.IsWord(s, pos);
          fail = (a != b) == (in.a == 1);
          ++pc;
          break;
        }
        case Op::kBackref: {
          size_t cs = regs[2 * in.a], ce = regs[2 * in.a + 1];
          if (cs != kUnset && ce != kUnset) fail = !p.BackrefMatches(s, cs, ce, &pos, in.b);
          ++pc;
          break;
        }
        case Op::kLookBegin:
          look_base[in.a] = stack.size();
          stack.push_back(Frame{Frame::Kind::kLook, in.a, pos, snapshots.size()});
          snapshots.insert(snapshots.end(), regs.begin(), regs.begin() + ncap_regs);
          ++pc;
          break;
        case Op::kLookEnd: {
          Frame base = stack[look_base[in.a]];
          pos = base.b;
          stack.resize(look_base[in.a]);
          if (in.b) {
            // The body of a negative lookaround matched: the lookaround fails, its captures
            // as they were before it.
            std::copy(snapshots.begin() + base.c, snapshots.begin() + base.c + ncap_regs,
                      regs.begin());
            snapshots.resize(base.c);
            fail = true;
            break;
          }
          // Atomic: drop the body's choice points; keep its captures, undoable as one entry.
          stack.push_back(Frame{Frame::Kind::kRestore, 0, base.c, 0});
          ++pc;
          break;
        }
        case Op::kRepInit: {
          uint32_t r = p.CountReg(in.a);
          set_reg(r, 0);
          set_reg(r + 1, kUnset);
          ++pc;
          break;
        }
        case Op::kRepLoop: {
          const Quantifier& q = p.quantifiers[in.a];
          size_t count = regs[p.CountReg(in.a)];
          if (count >= q.max) {
            pc = q.exit_pc;
          } else if (count < q.min) {
            pc = q.body_pc;
          } else if (q.greedy) {
            stack.push_back(Frame{Frame::Kind::kChoice, q.exit_pc, pos, 0});
            pc = q.body_pc;
          } else {
            stack.push_back(Frame{Frame::Kind::kChoice, q.body_pc, pos, 0});
            pc = q.exit_pc;
          }
          break;
        }
        case Op::kRepBegin: {
          const Quantifier& q = p.quantifiers[in.a];
          uint32_t r = p.CountReg(in.a);
          ++work;  // an iteration: what bounds going forward (PCRE2 counts group iterations too)
          set_reg(r, regs[r] + 1);
          set_reg(r + 1, pos);
          // RepeatMatcher step 4: the group's captures are undefined again in each iteration.
          for (uint32_t g = q.cap_first; g < q.cap_first + q.cap_count; ++g) {
            set_reg(2 * g, kUnset);
            set_reg(2 * g + 1, kUnset);
          }
          ++pc;
          break;
        }
        case Op::kRepEnd: {
          const Quantifier& q = p.quantifiers[in.a];
          uint32_t r = p.CountReg(in.a);
          // RepeatMatcher step 2.b: an optional iteration that matched empty fails.
          if (regs[r] - 1 >= q.min && pos == regs[r + 1]) {
            fail = true;
          } else {
            pc = q.loop_pc;
          }
          break;
        }
        case Op::kCharLoop: {
          const Quantifier& q = p.quantifiers[in.c];
          const CharClass& cls = p.classes[in.a];
          uint64_t count = 0;
          uint64_t take = q.greedy ? q.max : q.min;
          size_t at_pos = pos;
          while (count < take) {
            size_t len;
            char32_t ch = in.b ? p.ReadBackward(s, at_pos, &len) : p.ReadForward(s, at_pos, &len);
            if (len == 0 || !p.ClassHas(cls, ch)) break;
            at_pos = in.b ? at_pos - len : at_pos + len;
            ++count;
            ++work;  // each character taken is an iteration
          }
          if (count < q.min) {
            fail = true;
            break;
          }
          if (q.greedy ? count > q.min : count < q.max)
            stack.push_back(Frame{Frame::Kind::kCharLoop, pc, at_pos, count});
          pos = at_pos;
          ++pc;
          break;
        }
        case Op::kStrings:
          p.StringCandidates(p.string_classes[in.a], s, pos, in.b, &candidates);
          if (candidates.empty()) {
            fail = true;
            break;
          }
          if (candidates.size() > 1) stack.push_back(Frame{Frame::Kind::kStrings, pc, pos, 1});
          pos = candidates[0];
          ++pc;
          break;
        case Op::kMatch:
          matched = true;
          break;
      }
      if (matched) break;
      if (stack.size() > max_frames || snapshots.size() * sizeof(size_t) > max_stack_bytes) {
        *steps = work;
        return Outcome::kMemoryLimit;
      }
      if (work > check_at) {
        if (auto stop = stop_at_check()) {
          *steps = work;
          return *stop;
        }
      }
      if (!fail) continue;
      // Backtrack to the latest choice point, undoing register writes on the way.
      bool resumed = false;
      while (!stack.empty()) {
        Frame f = stack.back();
        stack.pop_back();
        switch (f.kind) {
          case Frame::Kind::kUndo:
            regs[f.a] = f.b;
            continue;
          case Frame::Kind::kRestore:
            std::copy(snapshots.begin() + f.b, snapshots.begin() + f.b + ncap_regs, regs.begin());
            snapshots.resize(f.b);
            continue;
          case Frame::Kind::kLook: {
            // The body of the lookaround found no match.
            std::copy(snapshots.begin() + f.c, snapshots.begin() + f.c + ncap_regs, regs.begin());
            snapshots.resize(f.c);
            // A negative lookaround succeeds now: go on after it at its start position.
            const Inst& begin = p.code[p.look_begin[f.a]];
            if (begin.b) {
              ++work;
              pos = f.b;
              pc = begin.c;
              resumed = true;
            }
            break;
          }
          case Frame::Kind::kChoice:
            ++work;
            pos = f.b;
            pc = f.a;
            resumed = true;
            break;
          case Frame::Kind::kCharLoop: {
            // Greedy: give back one character; lazy: take one more.
            ++work;
            const Inst& loop = p.code[f.a];
            const Quantifier& q = p.quantifiers[loop.c];
            bool backward = loop.b != 0;
            size_t len;
            size_t count = f.c;
            size_t next;
            if (q.greedy) {
              if (backward) {
                p.ReadForward(s, f.b, &len);
                next = f.b + len;
              } else {
                p.ReadBackward(s, f.b, &len);
                next = f.b - len;
              }
              --count;
              if (count > q.min) stack.push_back(Frame{Frame::Kind::kCharLoop, f.a, next, count});
            } else {
              char32_t ch = backward ? p.ReadBackward(s, f.b, &len) : p.ReadForward(s, f.b, &len);
              if (len == 0 || !p.ClassHas(p.classes[loop.a], ch)) continue;
              next = backward ? f.b - len : f.b + len;
              ++count;
              if (count < q.max) stack.push_back(Frame{Frame::Kind::kCharLoop, f.a, next, count});
            }
            pos = next;
            pc = f.a + 1;
            resumed = true;
            break;
          }
          case Frame::Kind::kStrings: {
            // The next shorter candidate, found again (the class's strings are bounded by the
            // pattern's length, so this costs no more than matching them did).
            ++work;
            const Inst& in = p.code[f.a];
            p.StringCandidates(p.string_classes[in.a], s, f.b, in.b, &candidates);
            if (f.c + 1 < candidates.size())
              stack.push_back(Frame{Frame::Kind::kStrings, f.a, f.b, f.c + 1});
            pos = candidates[f.c];
            pc = f.a + 1;
            resumed = true;
            break;
          }
        }
        if (resumed) break;
      }
      if (!resumed) break;
    }
    if (matched) {
      ovector->assign(regs.begin(), regs.begin() + ncap_regs);
      *steps = work;
      return Outcome::kMatch;
    }
    if (anchored || at >= s.size()) break;
    size_t len;
    p.ReadForward(s, at, &len);
    at += len;
  }
  *steps = work;
  return Outcome::kNoMatch;
}

}  // namespace codemode::regexp
