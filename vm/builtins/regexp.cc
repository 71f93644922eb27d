// RegExp (ECMA-262 §22.2) on PCRE2: the constructor, RegExpBuiltinExec, the flag accessors, and
// native fast paths of the Symbol.match/replace/split protocol methods for unmodified RegExps. The
// protocol methods themselves, test/toString/flags and the String iterator of matchAll follow the
// spec in the prelude (vm/prelude/25-regexp.js) because they call program code (exec overrides,
// function replacers, getters). Patterns are translated by vm/regexp/syntax.cc.
//
// Patterns PCRE2 cannot run with JavaScript's meaning (the translator's `pcre_refusal`, or PCRE2
// refusing the translation, e.g. variable-length lookbehind), and u/v patterns against subjects
// with unpaired surrogates, run on the backtracking matcher of vm/regexp/backtrack.h instead; PCRE2
// stays the engine for everything else.
//
// Bounded work: every match runs with a match limit of at most the run's remaining steps (and at
// most kMaxMatchSteps), a depth limit and a heap limit (the backtracking matcher: the same step
// limit over its choice points and the same bytes for its backtrack stack); reaching one stops the
// run (step limit, or an uncatchable ExecutionFailure naming the pattern), never a catchable error
// and never a hang. Each match's work is charged to the step budget and the deadline is looked at
// between matches and inside long ones (RunMatch). Compiled patterns are charged to the memory
// limit of each run that uses them (HoldForRun) and bounded in size (kMaxPatternUnits,
// kMaxCompiledBytes).
#include "vm/builtins/regexp.h"

#define PCRE2_CODE_UNIT_WIDTH 16
#include <pcre2.h>

#include <algorithm>
#include <cstdlib>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "vm/builtins/primitives_internal.h"
#include "vm/heap_epoch.h"
#include "vm/regexp/backtrack.h"
#include "vm/regexp/syntax.h"
#include "vm/support/numconv.h"
#include "vm/support/text.h"

namespace codemode::vm {
namespace {

using regexp::Flags;

// The most PCRE2 backtracking steps one match may take even when the run has no step limit: about a
// second of matching. A pattern that needs more is catastrophic backtracking in practice.
constexpr uint64_t kMaxMatchSteps = 20'000'000;
// PCRE2's backtracking memory per match.
constexpr uint64_t kMaxMatchHeapKiB = 64 * 1024;
// Patterns longer than this (UTF-16 units) are a SyntaxError "Regular expression too large" before
// anything is compiled: translating takes a few hundred bytes and some time per unit, so this bounds
// a compile to about 100 MB and a small fraction of a second. Node.js (V8) refuses a literal of
// 2^15 characters with the same message at its first match, and accepts alternations of words up to
// a few hundred thousand units, which this bound keeps within reach.
constexpr size_t kMaxPatternUnits = size_t{1} << 18;
// Compiled patterns holding more bytes than this are the same SyntaxError.
constexpr size_t kMaxCompiledBytes = size_t{16} << 20;

// ------------------------------------------------------------------------------- compiled cache

struct Compiled {
  pcre2_code* code = nullptr;  // nullptr: only `program` can run the pattern
  // The backtracking matcher's program: for patterns PCRE2 cannot run, and for u/v patterns (their
  // subjects with unpaired surrogates).
  std::unique_ptr<const regexp::Program> program;
  std::u16string pattern;  // the JavaScript source
  Flags flags;
  bool utf = false;
  uint32_t captures = 0;
  std::vector<std::pair<std::u16string, uint32_t>> names;
  // What the compiled forms hold (PCRE2_INFO_SIZE, Program::Bytes, the texts), charged to the
  // memory limit of each run that uses the pattern and bounding the shared cache.
  size_t bytes = 0;
  ~Compiled() {
    if (code != nullptr) pcre2_code_free(code);
  }
};

struct CompileResult {
  std::shared_ptr<const Compiled> compiled;
  regexp::Error error;  // when !compiled
};

// Process-wide LRU cache of compiled patterns keyed by "FLAGS/PATTERN" (PCRE2 code is immutable and
// safe to share between threads; each match has its own match data). Bounded in entries and in the
// compiled bytes it keeps (the newest entry always stays).
class PatternCache {
 public:
  std::shared_ptr<const Compiled> Find(const std::u16string& key) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = map_.find(key);
    if (it == map_.end()) return nullptr;
    order_.splice(order_.begin(), order_, it->second.second);
    return it->second.first;
  }
  void Put(const std::u16string& key, std::shared_ptr<const Compiled> c) {
    std::lock_guard<std::mutex> lock(mu_);
    if (map_.count(key)) return;
    order_.push_front(key);
    bytes_ += c->bytes;
    map_[key] = {std::move(c), order_.begin()};
    while (map_.size() > 1 && (map_.size() > kCapacity || bytes_ > kCapacityBytes)) {
      auto it = map_.find(order_.back());
      bytes_ -= it->second.first->bytes;
      map_.erase(it);
      order_.pop_back();
    }
  }

 private:
  static constexpr size_t kCapacity = 512;
  static constexpr size_t kCapacityBytes = size_t{64} << 20;
  size_t bytes_ = 0;
  std::mutex mu_;
  std::list<std::u16string> order_;
  std::unordered_map<std::u16string, std::pair<std::shared_ptr<const Compiled>,
                                               std::list<std::u16string>::iterator>>
      map_;
};

PatternCache& Cache() {
  static PatternCache* cache = new PatternCache();  // never destroyed: used until process exit
  return *cache;
}

std::string PcreMessage(int code) {
  PCRE2_UCHAR16 buf[256];
  int n = pcre2_get_error_message(code, buf, 256);
  std::string s;
  for (int i = 0; i < n && buf[i] != 0; ++i)
    s.push_back(static_cast<char>(buf[i] < 128 ? buf[i] : '?'));
  return s;
}

// Test switch: CODEMODE_REGEXP_BACKTRACKER_ONLY=1 in the process environment (never visible to a
// program) sends every pattern to the backtracking matcher, so the whole regexp suite checks it
// (ctest unit.js.regexp.backtracker). Read once.
bool BacktrackerOnly() {
  static const bool only = [] {
    const char* v = std::getenv("CODEMODE_REGEXP_BACKTRACKER_ONLY");
    return v != nullptr && std::string_view(v) == "1";
  }();
  return only;
}

constexpr const char* kTooLarge = "Regular expression too large";

CompileResult CompilePattern(std::u16string_view pattern, const Flags& flags) {
  std::u16string key;
  for (char c : flags.ToString()) key.push_back(static_cast<char16_t>(c));
  key.push_back('/');
  key.append(pattern);
  CompileResult r;
  if (auto hit = Cache().Find(key)) {
    r.compiled = std::move(hit);
    return r;
  }
  if (pattern.size() > kMaxPatternUnits) {
    r.error.kind = regexp::Error::Kind::kSyntax;
    r.error.message = kTooLarge;
    return r;
  }
  auto t = regexp::Translate(pattern, flags);
  if (auto* e = std::get_if<regexp::Error>(&t)) {
    r.error = *e;
    return r;
  }
  auto& tr = std::get<regexp::Translation>(t);
  auto c = std::make_shared<Compiled>();
  c->pattern = std::u16string(pattern);
  c->flags = flags;
  c->utf = tr.utf;
  c->captures = tr.capture_count;
  c->names = std::move(tr.group_names);
  // Sizes the compiled forms and caches them, or refuses them as too large.
  auto finish = [&]() {
    size_t code_bytes = 0;
    if (c->code != nullptr) pcre2_pattern_info(c->code, PCRE2_INFO_SIZE, &code_bytes);
    c->bytes = sizeof(Compiled) + code_bytes + (c->program ? c->program->Bytes() : 0) +
               2 * (c->pattern.capacity() + key.capacity());
    for (const auto& n : c->names) c->bytes += sizeof(n) + 2 * n.first.capacity();
    if (c->bytes > kMaxCompiledBytes) {
      r.error.kind = regexp::Error::Kind::kSyntax;
      r.error.message = kTooLarge;
      return r;
    }
    r.compiled = c;
    Cache().Put(key, c);
    return r;
  };
  auto use_backtracker = [&]() {
    std::string why;
    c->program = regexp::Program::Compile(*tr.tree, tr.capture_count, flags, &why);
    if (c->program == nullptr) {
      r.error.kind = regexp::Error::Kind::kUnsupported;
      r.error.message = why;
      return r;
    }
    return finish();
  };
  if (!tr.pcre_refusal.empty() || BacktrackerOnly()) return use_backtracker();
  uint32_t options = PCRE2_MATCH_UNSET_BACKREF | PCRE2_UCP | PCRE2_NEVER_BACKSLASH_C;
  if (tr.utf) options |= PCRE2_UTF | PCRE2_NO_UTF_CHECK;
  pcre2_compile_context* cc = pcre2_compile_context_create(nullptr);
  pcre2_set_parens_nest_limit(cc, 2000);
  int err = 0;
  PCRE2_SIZE off = 0;
  c->code = pcre2_compile(reinterpret_cast<PCRE2_SPTR16>(tr.pcre.data()), tr.pcre.size(), options,
                          &err, &off, cc);
  pcre2_compile_context_free(cc);
  // PCRE2 refuses what it cannot express (variable-length lookbehind, size limits): the
  // backtracking matcher runs it.
  if (c->code == nullptr) return use_backtracker();
  uint32_t count = 0;
  pcre2_pattern_info(c->code, PCRE2_INFO_CAPTURECOUNT, &count);
  if (count != c->captures) {
    r.error.kind = regexp::Error::Kind::kUnsupported;
    r.error.message = "internal error: capture count mismatch in the translated pattern";
    return r;
  }
  if (c->utf) {
    std::string why;
    c->program = regexp::Program::Compile(*tr.tree, tr.capture_count, flags, &why);
  }
  return finish();
}

// ------------------------------------------------------------------------------- RegExp objects

String* InternalText(VM& vm, Object* o) {
  Object* r = vm.Resolve(o);
  if (r->klass() != ObjectClass::kRegExp || !r->internal().IsString()) return nullptr;
  return r->internal().AsString();
}

bool IsRegExpObject(VM& vm, Value v) {
  return v.IsObject() && vm.Resolve(v.AsObject())->klass() == ObjectClass::kRegExp &&
         vm.Resolve(v.AsObject())->internal().IsString();
}

struct Parts {
  std::u16string pattern;
  Flags flags;
};

Parts PartsOf(VM& vm, Object* o) {
  Parts p;
  String* s = InternalText(vm, o);
  if (s == nullptr) return p;
  std::u16string all = s->ToU16();
  size_t slash = all.find(u'/');
  if (slash == std::u16string::npos) return p;
  regexp::ParseFlags(std::u16string_view(all).substr(0, slash), &p.flags);
  p.pattern = all.substr(slash + 1);
  return p;
}

// Stops the run for a pattern this engine cannot run with JavaScript's meaning.
void TerminateUnsupported(VM& vm, std::u16string_view pattern, const Flags& flags,
                          const std::string& why) {
  std::string shown = support::Utf16ToUtf8(pattern);
  if (shown.size() > 80) shown = shown.substr(0, 77) + "...";
  vm.Terminate(Termination::kUnsupported,
               prim::Cat("RegExp /", shown, "/", flags.ToString(), ": ", why));
}

// Keeps `c` for the rest of the run and charges its bytes to the run's memory limit, once per run:
// the heap counts them from now on, so the next limit check (a collection first) ends the run with
// MemoryLimitExceeded when the run's RegExps and cells together exceed the limit.
void HoldForRun(VM& vm, const std::shared_ptr<const Compiled>& c) {
  if (vm.run_holds.try_emplace(c.get(), c).second)
    vm.heap().AccountExternal(static_cast<int64_t>(c->bytes));
}

// Compiles for `o` (cached); nullptr after throwing or terminating.
std::shared_ptr<const Compiled> CompiledFor(VM& vm, std::u16string_view pattern,
                                            const Flags& flags) {
  // Compiling costs about as much as reading the pattern a few times.
  vm.ChargeSteps(pattern.size() / 16 + 1);
  CompileResult r = CompilePattern(pattern, flags);
  if (r.compiled) {
    HoldForRun(vm, r.compiled);
    return r.compiled;
  }
  if (r.error.kind == regexp::Error::Kind::kSyntax) {
    vm.ThrowError(ErrorType::kSyntaxError,
                  regexp::SyntaxErrorMessage(pattern, flags, r.error.message));
  } else {
    TerminateUnsupported(vm, pattern, flags, r.error.message);
  }
  return nullptr;
}

const char* const kFlagProps[] = {"hasIndices", "global",  "ignoreCase",  "multiline",
                                  "dotAll",     "unicode", "unicodeSets", "sticky"};

PropertyKey LastIndexKey(VM& vm) { return vm.KeyFromName("lastIndex"); }

// RegExpInitialize (ECMA-262 §22.2.3.2) for a pattern and flags already strings: the object's
// internal "flags/pattern" string, or Empty with the SyntaxError thrown (bad flags, or a pattern
// that does not compile).
Value InitializeSource(VM& vm, String* pattern, String* flags_text) {
  std::u16string p = pattern->ToU16();
  std::u16string f = flags_text == nullptr ? std::u16string() : flags_text->ToU16();
  Flags flags;
  if (!regexp::ParseFlags(f, &flags)) {
    vm.ThrowError(
        ErrorType::kSyntaxError,
        prim::Cat("Invalid flags supplied to RegExp constructor '", support::Utf16ToUtf8(f), "'"));
    return Value::Empty();
  }
  if (CompiledFor(vm, p, flags) == nullptr) return Value::Empty();
  std::u16string internal;
  for (char c : flags.ToString()) internal.push_back(static_cast<char16_t>(c));
  internal.push_back('/');
  internal += p;
  return Value::FromString(vm.NewStringU16(std::move(internal)));
}

// RegExpAlloc + RegExpInitialize (ECMA-262 §22.2.3.1-2) for a pattern and flags already strings.
Value CreateRegExp(VM& vm, Object* proto, String* pattern, String* flags_text) {
  Value source = InitializeSource(vm, pattern, flags_text);
  if (source.IsEmpty()) return Value::Empty();
  Object* o = vm.NewObjectWithProto(proto, ObjectClass::kRegExp);
  o->set_internal(source);
  vm.DefineOwnProperty(o, LastIndexKey(vm), Value::Number(0), kWritable);
  return Value::FromObject(o);
}

// ------------------------------------------------------------------------------- matching

// A match: ovector pairs (start, end) per group, PCRE2_UNSET for unmatched groups.
struct MatchResult {
  std::vector<size_t> ovector;
};

// Stops the run for a match that reached its step limit: the run's budget when that is what bounded
// the match, else the per-match maximum (RegExpMatchLimit).
void StopForMatchLimit(VM& vm, uint64_t remaining, bool budget_bound) {
  if (budget_bound) {
    vm.ChargeSteps(remaining + 1);  // the run's step budget is what ran out
    if (vm.termination() == Termination::kNone)
      vm.Terminate(Termination::kStepLimit, "step limit exceeded");
  } else {
    vm.Terminate(
        Termination::kInterrupted,
        prim::Cat("RegExpMatchLimit: a regular expression needed more than ", kMaxMatchSteps,
                  " backtracking steps for one match (catastrophic backtracking: nested "
                  "quantifiers such as (a+)+ on a long non-matching input)"));
  }
}

void StopForMatchMemory(VM& vm) {
  vm.Terminate(Termination::kMemoryLimit, "a regular expression match needed too much memory");
}

// Charges a finished match: the text it covered, or for a failed search the text it read.
void ChargeMatch(VM& vm, size_t subject_size, size_t start, bool anchored, const MatchResult* m) {
  if (m != nullptr) {
    vm.ChargeSteps((m->ovector[1] - start) / 16 + 1);
  } else {
    vm.ChargeSteps(anchored ? 1 : (subject_size - std::min(start, subject_size)) / 16 + 1);
  }
}

// Between matches of a native loop (replace, split, match with g) and between slices of one long
// match, the run's clock is looked at like the interpreter does every few thousand steps: when the
// steps charged since the last look reach kPollSteps, or after kPollMatches matches (cheap matches
// are charged little but still take time). Returns false after stopping the run (deadline,
// interrupt, or a limit already reached).
constexpr uint64_t kPollSteps = 4096;
constexpr uint32_t kPollMatches = 64;
bool PollBetweenMatches(VM& vm) {
  struct State {
    uint64_t steps = 0;
    uint32_t matches = 0;
  };
  thread_local State st;
  if (vm.termination() != Termination::kNone) return false;
  // Another VM on this thread may have left a larger count: then this one polls at once.
  if (vm.steps() - st.steps < kPollSteps && ++st.matches < kPollMatches) return true;
  st.steps = vm.steps();
  st.matches = 0;
  return vm.PollInterrupt();
}

// PCRE2 does not report the backtracking work a match used, so a match runs in attempts of growing
// match limit: first kFirstSlice, then twice the last limit, up to the match's cap. A failed attempt
// did exactly its limit of work, which is charged, and the clock and the step budget are checked
// before the next one. A match that succeeds after an attempt with limit L failed used more than
// L (matching is deterministic), and L is charged for it; one that succeeds at once used at most
// kFirstSlice and is charged for the text it covered. So the steps charged are at least the match's
// own work once it is past kFirstSlice, the real work (with the repeated attempts) is at most about
// three times that, and a long match sees the deadline within a factor of two of its running time.
constexpr uint64_t kFirstSlice = 1024;

// 1: matched, 0: no match, -1: the run was stopped (limits). `backtrack`: run the backtracking
// matcher (ChooseMatcher). Checks the deadline first when a look is due (PollBetweenMatches), so
// every native loop over matches honours it.
int RunMatch(VM& vm, const Compiled& c, std::u16string_view subject, size_t start, bool anchored,
             MatchResult* out, bool backtrack) {
  if (!PollBetweenMatches(vm)) return -1;
  uint64_t remaining = vm.limits().max_steps > vm.steps() ? vm.limits().max_steps - vm.steps() : 0;
  uint64_t limit = std::min<uint64_t>(remaining, kMaxMatchSteps);
  bool budget_bound = remaining <= kMaxMatchSteps;
  uint64_t heap_kib =
      std::min<uint64_t>(kMaxMatchHeapKiB, vm.limits().max_memory_bytes / 1024 / 4 + 64);
  if (backtrack) {
    uint64_t steps = 0;
    // The backtracking matcher counts its work and looks at the clock every kPollSteps of it.
    auto poll = [](void* ctx) { return static_cast<VM*>(ctx)->PollInterrupt(); };
    regexp::Program::Poll poller{poll, &vm, kPollSteps * 16};
    regexp::Program::Outcome outcome =
        c.program->Exec(subject, start, anchored, std::max<uint64_t>(limit, 1), heap_kib * 1024,
                        &out->ovector, &steps, &poller);
    switch (outcome) {
      case regexp::Program::Outcome::kMatch:
      case regexp::Program::Outcome::kNoMatch:
        vm.ChargeSteps(steps);
        if (vm.termination() != Termination::kNone) return -1;
        ChargeMatch(vm, subject.size(), start, anchored,
                    outcome == regexp::Program::Outcome::kMatch ? out : nullptr);
        return outcome == regexp::Program::Outcome::kMatch ? 1 : 0;
      case regexp::Program::Outcome::kStepLimit:
        StopForMatchLimit(vm, remaining, budget_bound);
        return -1;
      case regexp::Program::Outcome::kMemoryLimit:
        StopForMatchMemory(vm);
        return -1;
      case regexp::Program::Outcome::kInterrupted:
        return -1;  // the poll stopped the run
    }
  }
  // One match context and match data per thread, reused (PCRE2 allocates both on the C heap).
  struct MatchScratch {
    pcre2_match_context* mc = pcre2_match_context_create(nullptr);
    pcre2_match_data* md = nullptr;
    uint32_t pairs = 0;
    ~MatchScratch() {
      pcre2_match_context_free(mc);
      if (md != nullptr) pcre2_match_data_free(md);
    }
  };
  thread_local MatchScratch scratch;
  pcre2_match_context* mc = scratch.mc;
  pcre2_set_heap_limit(mc, static_cast<uint32_t>(heap_kib));
  if (scratch.md == nullptr || scratch.pairs < c.captures + 1) {
    if (scratch.md != nullptr) pcre2_match_data_free(scratch.md);
    scratch.pairs = std::max<uint32_t>(c.captures + 1, 16);
    scratch.md = pcre2_match_data_create(scratch.pairs, nullptr);
  }
  pcre2_match_data* md = scratch.md;
  uint32_t options = anchored ? PCRE2_ANCHORED : 0;
  if (c.utf) options |= PCRE2_NO_UTF_CHECK;
  uint64_t slice = std::min<uint64_t>(kFirstSlice, std::max<uint64_t>(limit, 1));
  uint64_t proven = 0;  // work the match certainly needs (a failed attempt's limit)
  int rc;
  while (true) {
    pcre2_set_match_limit(mc, static_cast<uint32_t>(slice));
    pcre2_set_depth_limit(mc, static_cast<uint32_t>(slice));
    rc = pcre2_match(c.code, reinterpret_cast<PCRE2_SPTR16>(subject.data()), subject.size(), start,
                     options, md, mc);
    if ((rc != PCRE2_ERROR_MATCHLIMIT && rc != PCRE2_ERROR_DEPTHLIMIT) || slice >= limit) break;
    vm.ChargeSteps(slice);
    if (!vm.PollInterrupt()) return -1;
    proven = slice;
    remaining = vm.limits().max_steps > vm.steps() ? vm.limits().max_steps - vm.steps() : 0;
    limit = std::min<uint64_t>(remaining, kMaxMatchSteps);
    budget_bound = remaining <= kMaxMatchSteps;
    slice = std::min<uint64_t>(slice * 2, std::max<uint64_t>(limit, 1));
  }
  if (proven != 0 && (rc >= 0 || rc == PCRE2_ERROR_NOMATCH)) {
    vm.ChargeSteps(proven);
    if (vm.termination() != Termination::kNone) return -1;
  }
  int result;
  if (rc >= 0) {
    PCRE2_SIZE* ov = pcre2_get_ovector_pointer(md);
    out->ovector.assign(ov, ov + 2 * (c.captures + 1));
    // Work: the text the match covered (scanning to find it is part of it).
    ChargeMatch(vm, subject.size(), start, anchored, out);
    result = 1;
  } else if (rc == PCRE2_ERROR_NOMATCH) {
    // An unanchored search reads the rest of the subject.
    ChargeMatch(vm, subject.size(), start, anchored, nullptr);
    result = 0;
  } else if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT) {
    StopForMatchLimit(vm, remaining, budget_bound);
    result = -1;
  } else if (rc == PCRE2_ERROR_HEAPLIMIT || rc == PCRE2_ERROR_NOMEMORY) {
    StopForMatchMemory(vm);
    result = -1;
  } else {
    vm.Terminate(Termination::kInternal,
                 prim::Cat("regular expression match failed: ", PcreMessage(rc)));
    result = -1;
  }
  return result;
}

// Chooses the matcher for `c` against `s`: the backtracking one (*backtrack) when PCRE2 cannot run
// the pattern, and for u/v patterns when `s` has unpaired surrogates (PCRE2's UTF mode needs
// well-formed UTF-16). False after stopping the run when neither can: a u/v pattern whose
// backtracking program did not compile, against such a subject.
bool ChooseMatcher(VM& vm, const Compiled& c, std::u16string_view s, bool* backtrack) {
  *backtrack = c.code == nullptr;
  if (*backtrack || !c.utf || support::IsWellFormed(s)) return true;
  if (c.program != nullptr) {
    *backtrack = true;
    return true;
  }
  TerminateUnsupported(
      vm, c.pattern, c.flags,
      "matching a u/v-flag pattern against a string with unpaired surrogates is not "
      "supported");
  return false;
}

// AdvanceStringIndex (ECMA-262 §22.2.7.3).
size_t AdvanceIndex(std::u16string_view s, size_t index, bool unicode) {
  if (!unicode || index + 1 >= s.size()) return index + 1;
  if (support::IsLeadSurrogate(s[index]) && support::IsTrailSurrogate(s[index + 1]))
    return index + 2;
  return index + 1;
}

// In u/v mode a start inside a surrogate pair starts at the pair (V8 behaviour; PCRE2 needs a
// character boundary).
size_t AlignStart(std::u16string_view s, size_t index, bool utf) {
  if (utf && index > 0 && index < s.size() && support::IsTrailSurrogate(s[index]) &&
      support::IsLeadSurrogate(s[index - 1]))
    return index - 1;
  return index;
}

// The match array of RegExpBuiltinExec steps 20-36.
Value BuildMatchArray(VM& vm, const Compiled& c, String* input, const MatchResult& m) {
  uint32_t n = c.captures;
  std::vector<Value> items(n + 1);
  for (uint32_t i = 0; i <= n; ++i) {
    size_t s = m.ovector[2 * i], e = m.ovector[2 * i + 1];
    items[i] = s == PCRE2_UNSET ? Value::Undefined()
                                : Value::FromString(vm.Substring(input, static_cast<uint32_t>(s),
                                                                 static_cast<uint32_t>(e)));
  }
  ArrayObject* a = vm.NewArrayFrom(items);
  vm.DefineOwnProperty(a, vm.KeyFromName("index"), Value::Number(static_cast<double>(m.ovector[0])),
                       kDefaultAttrs);
  vm.DefineOwnProperty(a, vm.KeyFromName("input"), Value::FromString(input), kDefaultAttrs);
  Value groups = Value::Undefined();
  if (!c.names.empty()) {
    Object* g = vm.NewObjectWithProto(nullptr);
    for (const auto& [name, index] : c.names)
      vm.DefineOwnProperty(g, PropertyKey::Atom(vm.Intern(vm.NewStringU16(name))), items[index],
                           kDefaultAttrs);
    groups = Value::FromObject(g);
  }
  vm.DefineOwnProperty(a, vm.KeyFromName("groups"), groups, kDefaultAttrs);
  if (c.flags.has_indices) {
    std::vector<Value> pairs(n + 1);
    for (uint32_t i = 0; i <= n; ++i) {
      size_t s = m.ovector[2 * i], e = m.ovector[2 * i + 1];
      if (s == PCRE2_UNSET) {
        pairs[i] = Value::Undefined();
      } else {
        Value se[2] = {Value::Number(static_cast<double>(s)),
                       Value::Number(static_cast<double>(e))};
        pairs[i] = Value::FromObject(vm.NewArrayFrom(se));
      }
    }
    ArrayObject* indices = vm.NewArrayFrom(pairs);
    Value igroups = Value::Undefined();
    if (!c.names.empty()) {
      Object* g = vm.NewObjectWithProto(nullptr);
      for (const auto& [name, index] : c.names)
        vm.DefineOwnProperty(g, PropertyKey::Atom(vm.Intern(vm.NewStringU16(name))), pairs[index],
                             kDefaultAttrs);
      igroups = Value::FromObject(g);
    }
    vm.DefineOwnProperty(indices, vm.KeyFromName("groups"), igroups, kDefaultAttrs);
    vm.DefineOwnProperty(a, vm.KeyFromName("indices"), Value::FromObject(indices), kDefaultAttrs);
  }
  return Value::FromObject(a);
}

// Set(R, "lastIndex", v, true) on a RegExp whose lastIndex is a data property. False after
// throwing.
bool SetLastIndex(VM& vm, Object* r, double v) {
  Value setter;
  VM::SetStatus st = vm.SetProperty(r, LastIndexKey(vm), Value::Number(v), &setter);
  if (st == VM::SetStatus::kOk) return true;
  if (st == VM::SetStatus::kFailed)
    vm.ThrowTypeError(
        "Cannot assign to read only property 'lastIndex' of object '[object RegExp]'");
  return false;
}

// ToLength of a primitive lastIndex value; false when it is an object (program code needed).
bool LastIndexOf(VM& vm, Object* r, double* out) {
  Value v = vm.GetData(r, LastIndexKey(vm));
  if (v.IsObject()) return false;
  double d;
  if (!prim::ToNumberArg(vm, v, &d)) return false;
  if (std::isnan(d) || d <= 0) {
    *out = 0;
  } else {
    *out = std::min(std::trunc(d), 9007199254740991.0);
  }
  return true;
}

struct ExecState {
  std::shared_ptr<const Compiled> compiled;
};

// True when the flat string `s` holds exactly `units`.
bool SameUnits(String* s, std::u16string_view units) {
  s->Flatten();
  if (s->length() != units.size()) return false;
  if (s->is_one_byte()) {
    std::string_view v = s->one_byte_view();
    for (size_t i = 0; i < v.size(); ++i)
      if (static_cast<unsigned char>(v[i]) != units[i]) return false;
    return true;
  }
  return s->two_byte_view() == units;
}

// The compiled pattern of RegExp `r`. A per-thread entry remembers the last RegExp text seen
// (checked by content, since a collected string's address can be reused) so loops over one RegExp
// skip the shared cache and its lock.
bool PrepareExec(VM& vm, Object* r, ExecState* st) {
  struct Last {
    String* text = nullptr;
    const Heap* heap = nullptr;  // the run that holds `compiled` (HoldForRun)
    uint64_t destroyed_heaps = 0;
    std::u16string key;
    std::shared_ptr<const Compiled> compiled;
  };
  thread_local Last last;
  String* text = InternalText(vm, r);
  if (text != nullptr && text == last.text && last.compiled && &vm.heap() == last.heap &&
      DestroyedHeapCount() == last.destroyed_heaps && SameUnits(text, last.key)) {
    vm.ChargeSteps(1);
    st->compiled = last.compiled;
    return true;
  }
  Parts parts = PartsOf(vm, r);
  st->compiled = CompiledFor(vm, parts.pattern, parts.flags);
  if (st->compiled == nullptr) return false;
  last.text = text;
  last.heap = &vm.heap();
  last.destroyed_heaps = DestroyedHeapCount();
  last.key = text == nullptr ? std::u16string() : text->ToU16();
  last.compiled = st->compiled;
  return true;
}

// The UTF-16 units of subject `s`. A one-byte (Latin-1) subject is widened once and kept per
// thread: a global RegExp walking a long string (matchAll, replace with a function, a manual exec
// loop) would otherwise widen the whole subject at every match, quadratic in its length. The copy
// is reused while it is certainly the same string: same cell in the same heap, no sweep since (a
// dead cell's address can be reused only after one) and no heap destroyed anywhere (a new heap can
// reuse a dead one's addresses). The view stays valid until the next call on this thread with
// another subject.
std::u16string_view SubjectUnits(VM& vm, String* s) {
  struct Cached {
    const Heap* heap = nullptr;
    size_t collections = 0;
    uint64_t destroyed_heaps = 0;
    String* subject = nullptr;
    std::u16string units;
  };
  thread_local Cached cache;
  s->Flatten();
  if (!s->is_one_byte()) return s->two_byte_view();
  const Heap* heap = &vm.heap();
  size_t collections = vm.heap().collections();
  uint64_t destroyed = DestroyedHeapCount();
  if (cache.subject == s && cache.heap == heap && cache.collections == collections &&
      cache.destroyed_heaps == destroyed && cache.units.size() == s->length()) {
    return cache.units;
  }
  std::string_view bytes = s->one_byte_view();
  // Do not pin a huge buffer after a huge subject.
  if (cache.units.capacity() > (size_t{1} << 20) && cache.units.capacity() > 4 * bytes.size()) {
    std::u16string().swap(cache.units);
  }
  cache.units.resize(bytes.size());
  for (size_t i = 0; i < bytes.size(); ++i) cache.units[i] = static_cast<unsigned char>(bytes[i]);
  cache.heap = heap;
  cache.collections = collections;
  cache.destroyed_heaps = destroyed;
  cache.subject = s;
  return cache.units;
}

// RegExpBuiltinExec (ECMA-262 §22.2.7.2) with lastIndex already ToLength'd. Returns the match
// array, null, or Empty after throwing/terminating. With `match_out`, also the raw match.
Value BuiltinExec(VM& vm, Object* r, String* s, double last_index, MatchResult* match_out = nullptr,
                  bool want_array = true) {
  ExecState st;
  if (!PrepareExec(vm, r, &st)) return Value::Empty();
  const Compiled& c = *st.compiled;
  bool global = c.flags.global, sticky = c.flags.sticky;
  if (!global && !sticky) last_index = 0;
  std::u16string_view text = SubjectUnits(vm, s);
  if (last_index > static_cast<double>(text.size())) {
    if ((global || sticky) && !SetLastIndex(vm, r, 0)) return Value::Empty();
    return Value::Null();
  }
  bool backtrack;
  if (!ChooseMatcher(vm, c, text, &backtrack)) return Value::Empty();
  size_t start = AlignStart(text, static_cast<size_t>(last_index), c.utf);
  MatchResult m;
  int rc = RunMatch(vm, c, text, start, sticky, &m, backtrack);
  if (rc < 0) return Value::Empty();
  if (rc == 0) {
    if ((global || sticky) && !SetLastIndex(vm, r, 0)) return Value::Empty();
    return Value::Null();
  }
  if ((global || sticky) && !SetLastIndex(vm, r, static_cast<double>(m.ovector[1])))
    return Value::Empty();
  if (match_out != nullptr) *match_out = m;
  if (!want_array) return Value::Bool(true);
  return BuildMatchArray(vm, c, s, m);
}

// ------------------------------------------------------------------------------- natives

Object* RegExpCtorObject(VM& vm) {
  const auto& in = vm.realm().intrinsics();
  Value c = vm.GetData(in.regexp_prototype, vm.KeyFromAtom(vm.atom(AtomId::constructor)));
  return c.IsObject() ? c.AsObject() : nullptr;
}

// RegExp(pattern, flags) (ECMA-262 §22.2.4.1) for primitive arguments; objects go to the prelude.
Value RegExpConstructor(VM& vm, CallArgs& args) {
  Value pattern = args[0], flags = args[1];
  if (pattern.IsObject() || flags.IsObject()) {
    Value fallback_args[] = {pattern, flags, args.new_target};
    return prim::CallFallback(vm, args, fallback_args);
  }
  String* p = pattern.IsUndefined() ? vm.empty_string() : vm.ToStringPrimitive(pattern);
  if (p == nullptr) return Value::Empty();
  String* f = flags.IsUndefined() ? nullptr : vm.ToStringPrimitive(flags);
  if (!flags.IsUndefined() && f == nullptr) return Value::Empty();
  Object* proto =
      prim::PrototypeFromNewTarget(vm, args.new_target, vm.realm().intrinsics().regexp_prototype);
  return CreateRegExp(vm, proto, p, f);
}

// __intrinsics__.regexpCreate(patternString, flagsStringOrUndefined, newTarget): the prelude's
// constructor path after it read pattern/flags through the protocol.
Value IRegExpCreate(VM& vm, CallArgs& args) {
  if (!args[0].IsString() || !(args[1].IsUndefined() || args[1].IsString()))
    return vm.ThrowTypeError("internal error: regexpCreate wants strings");
  Object* proto =
      prim::PrototypeFromNewTarget(vm, args[2], vm.realm().intrinsics().regexp_prototype);
  return CreateRegExp(vm, proto, args[0].AsString(),
                      args[1].IsString() ? args[1].AsString() : nullptr);
}

// __intrinsics__.regexpRecompile(r, patternString, flagsStringOrUndefined): RegExpInitialize
// (ECMA-262 §22.2.3.2) of an existing RegExp object `r` for RegExp.prototype.compile (Annex
// B.2.4.1), steps 1-11: a SyntaxError leaves `r` unchanged. Setting lastIndex (step 12) is the
// prelude's.
Value IRegExpRecompile(VM& vm, CallArgs& args) {
  if (!IsRegExpObject(vm, args[0]) || !args[1].IsString() ||
      !(args[2].IsUndefined() || args[2].IsString()))
    return vm.ThrowTypeError("internal error: regexpRecompile");
  Value source =
      InitializeSource(vm, args[1].AsString(), args[2].IsString() ? args[2].AsString() : nullptr);
  if (source.IsEmpty()) return Value::Empty();
  args[0].AsObject()->set_internal(source);
  return args[0];
}

// __intrinsics__.regexpIsRegExp(v): v has [[RegExpMatcher]].
Value IIsRegExp(VM& vm, CallArgs& args) { return Value::Bool(IsRegExpObject(vm, args[0])); }

// __intrinsics__.regexpParts(r) → [pattern, flags] of a RegExp object
// ([[OriginalSource]]/[[OriginalFlags]]).
Value IRegExpParts(VM& vm, CallArgs& args) {
  if (!IsRegExpObject(vm, args[0])) return vm.ThrowTypeError("internal error: regexpParts");
  Parts p = PartsOf(vm, args[0].AsObject());
  Value v[2] = {Value::FromString(vm.NewStringU16(p.pattern)), vm.Str(p.flags.ToString())};
  return Value::FromObject(vm.NewArrayFrom(v));
}

Value ThrowIncompatible(VM& vm, std::string_view method, Value receiver) {
  return vm.ThrowTypeError(prim::Cat("Method RegExp.prototype.", method,
                                     " called on incompatible receiver ",
                                     prim::DisplayForMessage(vm, receiver)));
}

// RegExp.prototype.exec(string) (ECMA-262 §22.2.6.2).
Value RegExpExecNative(VM& vm, CallArgs& args) {
  if (!IsRegExpObject(vm, args.this_value)) return ThrowIncompatible(vm, "exec", args.this_value);
  Object* r = args.this_value.AsObject();
  double li = 0;
  if (args[0].IsObject() || !LastIndexOf(vm, r, &li)) {
    if (vm.has_exception()) return Value::Empty();
    Value fallback_args[] = {args.this_value, args[0]};
    return prim::CallFallback(vm, args, fallback_args);
  }
  String* s = args.argc == 0 ? vm.Intern("undefined") : vm.ToStringPrimitive(args[0]);
  if (s == nullptr) return Value::Empty();
  return BuiltinExec(vm, r, s, li);
}

// __intrinsics__.regexpExecAt(r, string, lastIndexNumber): RegExpBuiltinExec after the prelude
// coerced.
Value IRegExpExecAt(VM& vm, CallArgs& args) {
  if (!IsRegExpObject(vm, args[0]) || !args[1].IsString() || !args[2].IsNumber())
    return vm.ThrowTypeError("internal error: regexpExecAt");
  return BuiltinExec(vm, args[0].AsObject(), args[1].AsString(), args[2].AsNumber());
}

// True when `v` is a RegExp whose observable protocol is the built-in one: own properties only
// lastIndex (a primitive), %RegExp.prototype% as prototype, and neither the prototype nor the
// constructor changed by the run. Then exec/flags/species are the built-ins and the fast paths
// below are exactly the spec's steps.
bool Pristine(VM& vm, Value v) {
  if (!IsRegExpObject(vm, v)) return false;
  const auto& in = vm.realm().intrinsics();
  Object* r = vm.Resolve(v.AsObject());
  if (r->proto() != in.regexp_prototype) return false;
  if (vm.Resolve(in.regexp_prototype) != in.regexp_prototype) return false;
  Object* ctor = RegExpCtorObject(vm);
  if (ctor == nullptr || vm.Resolve(ctor) != ctor) return false;
  if (r->shape()->entries().size() != 1) return false;
  Value li = vm.GetData(r, LastIndexKey(vm));
  return li.IsNumber();
}

Value Done(VM& vm) { return Value::FromObject(vm.realm().intrinsics().done_marker); }

// RegExp.prototype.test(S) (ECMA-262 §22.2.6.16) for a pristine RegExp and a primitive S; else the
// prelude.
Value RegExpTestNative(VM& vm, CallArgs& args) {
  if (!Pristine(vm, args.this_value) || args[0].IsObject()) {
    if (!args.this_value.IsObject()) return ThrowIncompatible(vm, "test", args.this_value);
    Value fallback_args[] = {args.this_value, args[0]};
    return prim::CallFallback(vm, args, fallback_args);
  }
  Object* r = args.this_value.AsObject();
  double li = 0;
  if (!LastIndexOf(vm, r, &li)) return Value::Empty();
  String* s = args.argc == 0 ? vm.Intern("undefined") : vm.ToStringPrimitive(args[0]);
  if (s == nullptr) return Value::Empty();
  MatchResult m;
  Value v = BuiltinExec(vm, r, s, li, &m, /*want_array=*/false);
  if (v.IsEmpty()) return v;
  return Value::Bool(!v.IsNull());
}

// The flag accessors (ECMA-262 §22.2.6.3-.17): magic = bit index in "dgimsuvy".
Value RegExpFlagGetter(VM& vm, CallArgs& args) {
  int bit = static_cast<NativeFunction*>(args.callee)->magic;
  Value t = args.this_value;
  if (IsRegExpObject(vm, t)) {
    Parts p = PartsOf(vm, t.AsObject());
    return Value::Bool(p.flags.Bits() & (1u << bit));
  }
  if (t.IsObject() &&
      vm.Resolve(t.AsObject()) == vm.Resolve(vm.realm().intrinsics().regexp_prototype))
    return Value::Undefined();
  return vm.ThrowTypeError(
      prim::Cat("RegExp.prototype.", kFlagProps[bit], " getter called on non-RegExp object"));
}

// get RegExp.prototype.source (ECMA-262 §22.2.6.13).
Value RegExpSourceGetter(VM& vm, CallArgs& args) {
  Value t = args.this_value;
  if (IsRegExpObject(vm, t)) {
    Parts p = PartsOf(vm, t.AsObject());
    return Value::FromString(vm.NewStringU16(regexp::EscapePatternSource(p.pattern)));
  }
  if (t.IsObject() &&
      vm.Resolve(t.AsObject()) == vm.Resolve(vm.realm().intrinsics().regexp_prototype))
    return vm.Str("(?:)");
  return vm.ThrowTypeError("RegExp.prototype.source getter called on non-RegExp object");
}

// __intrinsics__.regexpFlagsFast(r): the flags string of a pristine RegExp, or DONE.
Value IRegExpFlagsFast(VM& vm, CallArgs& args) {
  if (!Pristine(vm, args[0])) return Done(vm);
  return vm.Str(PartsOf(vm, args[0].AsObject()).flags.ToString());
}

// ---- GetSubstitution (ECMA-262 §22.1.3.19.1) over a match's captures ----

struct Capture {
  bool defined = false;
  size_t start = 0, end = 0;
};

// Appends the expansion of `tmpl` for a match. `captures[0]` is the whole match; named groups of
// `c`.
void AppendSubstitution(std::u16string_view tmpl, std::u16string_view str,
                        const std::vector<Capture>& caps, const Compiled* c, std::u16string* out) {
  size_t m = caps.size() - 1;  // number of groups
  size_t pos = caps[0].start, end = caps[0].end;
  for (size_t i = 0; i < tmpl.size(); ++i) {
    char16_t ch = tmpl[i];
    if (ch != '$' || i + 1 >= tmpl.size()) {
      out->push_back(ch);
      continue;
    }
    char16_t n = tmpl[i + 1];
    if (n == '$') {
      out->push_back('$');
      ++i;
    } else if (n == '&') {
      out->append(str.substr(pos, end - pos));
      ++i;
    } else if (n == '`') {
      out->append(str.substr(0, pos));
      ++i;
    } else if (n == '\'') {
      if (end < str.size()) out->append(str.substr(end));
      ++i;
    } else if (n >= '0' && n <= '9') {
      size_t digits = 1, index = n - '0';
      if (i + 2 < tmpl.size() && tmpl[i + 2] >= '0' && tmpl[i + 2] <= '9') {
        size_t two = index * 10 + (tmpl[i + 2] - '0');
        if (two >= 1 && two <= m) {
          digits = 2;
          index = two;
        }
      }
      if (index < 1 || index > m) {
        out->push_back('$');
        continue;
      }
      const Capture& cap = caps[index];
      if (cap.defined) out->append(str.substr(cap.start, cap.end - cap.start));
      i += digits;
    } else if (n == '<') {
      if (c == nullptr || c->names.empty()) {
        out->push_back('$');
        continue;
      }
      size_t close = tmpl.find('>', i + 2);
      if (close == std::u16string_view::npos) {
        out->push_back('$');
        continue;
      }
      std::u16string_view name = tmpl.substr(i + 2, close - (i + 2));
      for (const auto& [gn, index] : c->names) {
        if (gn == name && caps[index].defined)
          out->append(str.substr(caps[index].start, caps[index].end - caps[index].start));
      }
      i = close;
    } else {
      out->push_back('$');
    }
  }
}

std::vector<Capture> CapturesOf(const MatchResult& m, uint32_t n) {
  std::vector<Capture> caps(n + 1);
  for (uint32_t i = 0; i <= n; ++i) {
    if (m.ovector[2 * i] == PCRE2_UNSET) continue;
    caps[i] = {true, m.ovector[2 * i], m.ovector[2 * i + 1]};
  }
  return caps;
}

// __intrinsics__.regexpReplaceFast(r, string, replacementString): RegExp.prototype[@@replace]
// (ECMA-262 §22.2.6.11) for a pristine RegExp and a string replacement; DONE otherwise.
Value IRegExpReplaceFast(VM& vm, CallArgs& args) {
  if (!Pristine(vm, args[0]) || !args[1].IsString() || !args[2].IsString()) return Done(vm);
  Object* r = args[0].AsObject();
  ExecState st;
  if (!PrepareExec(vm, r, &st)) return Value::Empty();
  const Compiled& c = *st.compiled;
  String* s = args[1].AsString();
  std::u16string tstorage;
  std::u16string_view text = SubjectUnits(vm, s);
  std::u16string_view tmpl = prim::U16View(args[2].AsString(), &tstorage);
  bool global = c.flags.global, sticky = c.flags.sticky;
  bool full_unicode = c.flags.either_unicode();
  double li = 0;
  if (!LastIndexOf(vm, r, &li)) return Value::Empty();
  std::u16string out;
  size_t next_source = 0;
  bool any = false;
  if (global) {
    if (!SetLastIndex(vm, r, 0)) return Value::Empty();
    li = 0;
  }
  bool backtrack;
  if (!ChooseMatcher(vm, c, text, &backtrack)) return Value::Empty();
  while (true) {
    size_t start = global ? static_cast<size_t>(li) : (sticky ? static_cast<size_t>(li) : 0);
    if (!global && !sticky) start = 0;
    if (static_cast<double>(start) > static_cast<double>(text.size())) {
      if ((global || sticky) && !SetLastIndex(vm, r, 0)) return Value::Empty();
      break;
    }
    MatchResult m;
    int rc = RunMatch(vm, c, text, AlignStart(text, start, c.utf), sticky, &m, backtrack);
    if (rc < 0) return Value::Empty();
    if (rc == 0) {
      if ((global || sticky) && !SetLastIndex(vm, r, 0)) return Value::Empty();
      break;
    }
    size_t ms = m.ovector[0], me = m.ovector[1];
    if (sticky && !global && !SetLastIndex(vm, r, static_cast<double>(me))) return Value::Empty();
    any = true;
    if (ms >= next_source) {
      out.append(text.substr(next_source, ms - next_source));
      std::vector<Capture> caps = CapturesOf(m, c.captures);
      AppendSubstitution(tmpl, text, caps, &c, &out);
      next_source = me;
    }
    if (out.size() > vm.limits().max_string_length)
      return vm.ThrowRangeError("Invalid string length");
    if (!global) break;
    li = static_cast<double>(me);
    if (me == ms) li = static_cast<double>(AdvanceIndex(text, me, full_unicode));
    if ((out.size() & 0xFFFF) == 0xFFFF && !prim::CheckTempBytes(vm, out.capacity() * 2))
      return Value::Empty();
  }
  if (!any) return Value::FromString(s);
  if (next_source < text.size()) out.append(text.substr(next_source));
  if (!prim::CheckStringAlloc(vm, out.size())) return Value::Empty();
  prim::ChargeUnits(vm, out.size());
  return Value::FromString(vm.NewStringU16(std::move(out)));
}

// __intrinsics__.regexpMatchFast(r, string): RegExp.prototype[@@match] (ECMA-262 §22.2.6.8) for a
// pristine RegExp: the match array (non-global), the array of matched strings or null (global).
Value IRegExpMatchFast(VM& vm, CallArgs& args) {
  if (!Pristine(vm, args[0]) || !args[1].IsString()) return Done(vm);
  Object* r = args[0].AsObject();
  ExecState st;
  if (!PrepareExec(vm, r, &st)) return Value::Empty();
  const Compiled& c = *st.compiled;
  String* s = args[1].AsString();
  if (!c.flags.global) {
    double li = 0;
    if (!LastIndexOf(vm, r, &li)) return Value::Empty();
    return BuiltinExec(vm, r, s, li);
  }
  if (!SetLastIndex(vm, r, 0)) return Value::Empty();
  std::u16string_view text = SubjectUnits(vm, s);
  bool backtrack;
  if (!ChooseMatcher(vm, c, text, &backtrack)) return Value::Empty();
  bool full_unicode = c.flags.either_unicode();
  std::vector<Value> found;
  prim::AllocGuard guard(vm);
  size_t li = 0;
  while (li <= text.size()) {
    MatchResult m;
    int rc = RunMatch(vm, c, text, AlignStart(text, li, c.utf), c.flags.sticky, &m, backtrack);
    if (rc < 0) return Value::Empty();
    if (rc == 0) break;
    size_t ms = m.ovector[0], me = m.ovector[1];
    if (found.size() >= vm.limits().max_array_length)
      return vm.ThrowRangeError("Invalid array length");
    found.push_back(
        Value::FromString(vm.Substring(s, static_cast<uint32_t>(ms), static_cast<uint32_t>(me))));
    if ((found.size() & 1023) == 1023 && guard.Over(found.capacity() * sizeof(Value)))
      return Value::Empty();
    li = me == ms ? AdvanceIndex(text, me, full_unicode) : me;
  }
  if (!SetLastIndex(vm, r, 0)) return Value::Empty();
  if (found.empty()) return Value::Null();
  return Value::FromObject(vm.NewArrayFrom(found));
}

// __intrinsics__.regexpSplitFast(r, string, limitNumberOrUndefined): RegExp.prototype[@@split]
// (ECMA-262 §22.2.6.14) for a pristine RegExp: the spec's sticky scan at every position is the same
// as an unanchored search from that position.
Value IRegExpSplitFast(VM& vm, CallArgs& args) {
  if (!Pristine(vm, args[0]) || !args[1].IsString() || args[2].IsObject()) return Done(vm);
  Object* r = args[0].AsObject();
  ExecState st;
  if (!PrepareExec(vm, r, &st)) return Value::Empty();
  const Compiled& c = *st.compiled;
  String* s = args[1].AsString();
  uint32_t lim = 0xFFFFFFFFu;
  if (!args[2].IsUndefined()) {
    double d;
    if (!prim::ToNumberArg(vm, args[2], &d)) return Value::Empty();
    lim = support::ToUint32(d);
  }
  if (lim == 0) return Value::FromObject(vm.NewArray());
  std::u16string_view text = SubjectUnits(vm, s);
  bool backtrack;
  if (!ChooseMatcher(vm, c, text, &backtrack)) return Value::Empty();
  size_t size = text.size();
  MatchResult m;
  if (size == 0) {
    int rc = RunMatch(vm, c, text, 0, true, &m, backtrack);
    if (rc < 0) return Value::Empty();
    if (rc == 1) return Value::FromObject(vm.NewArray());
    Value one = Value::FromString(s);
    return Value::FromObject(vm.NewArrayFrom(std::span<const Value>(&one, 1)));
  }
  bool full_unicode = c.flags.either_unicode();
  std::vector<Value> parts;
  prim::AllocGuard guard(vm);
  auto push = [&](Value v) {
    if (parts.size() >= vm.limits().max_array_length) {
      vm.ThrowRangeError("Invalid array length");
      return false;
    }
    parts.push_back(v);
    if ((parts.size() & 1023) == 1023 && guard.Over(parts.capacity() * sizeof(Value))) return false;
    return true;
  };
  size_t p = 0, q = 0;
  while (q < size) {
    int rc = RunMatch(vm, c, text, AlignStart(text, q, c.utf), false, &m, backtrack);
    if (rc < 0) return Value::Empty();
    if (rc == 0) break;
    size_t ms = m.ovector[0], e = std::min(m.ovector[1], size);
    if (ms >= size) break;
    if (e == p) {
      q = AdvanceIndex(text, ms, full_unicode);
      continue;
    }
    if (!push(Value::FromString(
            vm.Substring(s, static_cast<uint32_t>(p), static_cast<uint32_t>(ms)))))
      return Value::Empty();
    if (parts.size() == lim) return Value::FromObject(vm.NewArrayFrom(parts));
    p = e;
    for (uint32_t i = 1; i <= c.captures; ++i) {
      size_t cs = m.ovector[2 * i], ce = m.ovector[2 * i + 1];
      Value v = cs == PCRE2_UNSET ? Value::Undefined()
                                  : Value::FromString(vm.Substring(s, static_cast<uint32_t>(cs),
                                                                   static_cast<uint32_t>(ce)));
      if (!push(v)) return Value::Empty();
      if (parts.size() == lim) return Value::FromObject(vm.NewArrayFrom(parts));
    }
    q = p;
  }
  if (!push(Value::FromString(
          vm.Substring(s, static_cast<uint32_t>(p), static_cast<uint32_t>(size)))))
    return Value::Empty();
  return Value::FromObject(vm.NewArrayFrom(parts));
}

// __intrinsics__.regexpGetSubstitution(matched, str, position, captures, namedCaptures|undefined,
// replacement) for the prelude's generic @@replace, with every value already a string/undefined;
// named references read `namedCaptures` only as plain data (the prelude resolves them first: it
// passes an object mapping each referenced name to a string or undefined).
Value IGetSubstitution(VM& vm, CallArgs& args) {
  if (!args[0].IsString() || !args[1].IsString() || !args[2].IsNumber() || !args[3].IsObject() ||
      !args[5].IsString())
    return vm.ThrowTypeError("internal error: getSubstitution");
  std::u16string ms, ss, ts;
  std::u16string_view matched = prim::U16View(args[0].AsString(), &ms);
  std::u16string_view str = prim::U16View(args[1].AsString(), &ss);
  std::u16string_view tmpl = prim::U16View(args[5].AsString(), &ts);
  size_t position = static_cast<size_t>(
      std::max(0.0, std::min(args[2].AsNumber(), static_cast<double>(str.size()))));
  Object* caparr = args[3].AsObject();
  uint32_t m =
      caparr->klass() == ObjectClass::kArray ? static_cast<ArrayObject*>(caparr)->length : 0;
  // Build a synthetic subject: str, then each capture appended, so captures become spans.
  std::u16string subject(str);
  std::vector<Capture> caps(m + 1);
  caps[0] = {true, position, std::min(position + matched.size(), str.size())};
  // $& must be `matched` itself even if it is not the text at `position` (exec overrides).
  size_t mstart = subject.size();
  subject.append(matched);
  caps[0] = {true, mstart, subject.size()};
  for (uint32_t i = 1; i <= m; ++i) {
    Value v = vm.GetData(caparr, PropertyKey::Index(i - 1));
    if (!v.IsString()) continue;
    size_t st = subject.size();
    std::u16string tmp;
    subject.append(prim::U16View(v.AsString(), &tmp));
    caps[i] = {true, st, subject.size()};
  }
  // Expand with positions relative to `str` for $` and $'.
  std::u16string out;
  size_t tail_start = std::min(position + matched.size(), str.size());
  for (size_t i = 0; i < tmpl.size(); ++i) {
    char16_t ch = tmpl[i];
    if (ch != '$' || i + 1 >= tmpl.size()) {
      out.push_back(ch);
      continue;
    }
    char16_t n = tmpl[i + 1];
    if (n == '$') {
      out.push_back('$');
      ++i;
    } else if (n == '&') {
      out.append(matched);
      ++i;
    } else if (n == '`') {
      out.append(str.substr(0, position));
      ++i;
    } else if (n == '\'') {
      if (tail_start < str.size()) out.append(str.substr(tail_start));
      ++i;
    } else if (n >= '0' && n <= '9') {
      size_t digits = 1, index = n - '0';
      if (i + 2 < tmpl.size() && tmpl[i + 2] >= '0' && tmpl[i + 2] <= '9') {
        size_t two = index * 10 + (tmpl[i + 2] - '0');
        if (two >= 1 && two <= m) {
          digits = 2;
          index = two;
        }
      }
      if (index < 1 || index > m) {
        out.push_back('$');
        continue;
      }
      if (caps[index].defined)
        out.append(std::u16string_view(subject).substr(caps[index].start,
                                                       caps[index].end - caps[index].start));
      i += digits;
    } else if (n == '<') {
      if (!args[4].IsObject()) {
        out.push_back('$');
        continue;
      }
      size_t close = tmpl.find('>', i + 2);
      if (close == std::u16string_view::npos) {
        out.push_back('$');
        continue;
      }
      std::u16string name(tmpl.substr(i + 2, close - (i + 2)));
      Value v = vm.GetData(args[4].AsObject(), PropertyKey::Atom(vm.Intern(vm.NewStringU16(name))));
      if (v.IsString()) {
        std::u16string tmp;
        out.append(prim::U16View(v.AsString(), &tmp));
      }
      i = close;
    } else {
      out.push_back('$');
    }
    if (out.size() > vm.limits().max_string_length)
      return vm.ThrowRangeError("Invalid string length");
  }
  prim::ChargeUnits(vm, out.size());
  return Value::FromString(vm.NewStringU16(std::move(out)));
}

// RegExp.escape(S) (ECMA-262 2025 §22.2.5.1).
Value RegExpEscape(VM& vm, CallArgs& args) {
  if (!args[0].IsString()) return vm.ThrowTypeError("RegExp.escape requires a string argument");
  std::u16string storage;
  std::u16string_view s = prim::U16View(args[0].AsString(), &storage);
  std::u16string out;
  auto hex = [&](char32_t v, int digits) {
    static const char kHex[] = "0123456789abcdef";
    for (int k = digits - 1; k >= 0; --k)
      out.push_back(static_cast<char16_t>(kHex[(v >> (4 * k)) & 15]));
  };
  for (size_t i = 0; i < s.size();) {
    support::CodePointInfo cp = support::CodePointAt(s, i);
    char32_t c = cp.code_point;
    bool first = i == 0;
    i += cp.code_unit_count;
    if (first && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
      out.append(u"\\x");
      hex(c, 2);
      continue;
    }
    // EncodeForRegExpEscape.
    if (std::u16string_view(u"^$\\.*+?()[]{}|/").find(static_cast<char16_t>(c)) !=
            std::u16string_view::npos &&
        c < 128) {
      out.push_back('\\');
      out.push_back(static_cast<char16_t>(c));
      continue;
    }
    switch (c) {
      case 0x09:
        out.append(u"\\t");
        continue;
      case 0x0A:
        out.append(u"\\n");
        continue;
      case 0x0B:
        out.append(u"\\v");
        continue;
      case 0x0C:
        out.append(u"\\f");
        continue;
      case 0x0D:
        out.append(u"\\r");
        continue;
      default:
        break;
    }
    bool other_punct =
        c < 128 && std::u16string_view(u",-=<>#&!%:;@~'`\"").find(static_cast<char16_t>(c)) !=
                       std::u16string_view::npos;
    if (other_punct || support::IsJsWhiteSpaceOrLineTerminator(c) || cp.is_unpaired_surrogate) {
      if (c <= 0xFF) {
        out.append(u"\\x");
        hex(c, 2);
      } else {
        std::u16string units;
        support::AppendCodePoint(c, &units);
        for (char16_t u : units) {
          out.append(u"\\u");
          hex(u, 4);
        }
      }
      continue;
    }
    support::AppendCodePoint(c, &out);
  }
  if (!prim::CheckStringAlloc(vm, out.size())) return Value::Empty();
  prim::ChargeUnits(vm, out.size());
  return Value::FromString(vm.NewStringU16(std::move(out)));
}

Value RegExpSpecies(VM& vm, CallArgs& args) { return args.this_value; }

}  // namespace

bool RegExpParts(VM& vm, Object* o, std::u16string* pattern, std::string* flags) {
  if (!IsRegExpObject(vm, Value::FromObject(o))) return false;
  Parts p = PartsOf(vm, o);
  *pattern = std::move(p.pattern);
  *flags = p.flags.ToString();
  return true;
}

std::u16string RegExpDisplay(VM& vm, Object* o) {
  std::u16string pattern;
  std::string flags;
  if (!RegExpParts(vm, o, &pattern, &flags)) return u"/(?:)/";
  std::u16string out = u"/" + regexp::EscapePatternSource(pattern) + u"/";
  for (char c : flags) out.push_back(static_cast<char16_t>(c));
  return out;
}

// Installs RegExp (ECMA-262 §22.2). The realm has created %RegExp.prototype%; the prelude
// (25-regexp.js) adds the methods that call program code.
void InstallRegExpBuiltins(VM& vm, Intrinsics& in) {
  Object* proto = in.regexp_prototype;
  NativeFunction* ctor = vm.NewNative("RegExp", RegExpConstructor, 2, 0, /*constructor=*/true);
  vm.DefineOwnProperty(ctor, vm.KeyFromAtom(vm.atom(AtomId::prototype)), Value::FromObject(proto),
                       0);
  vm.DefineOwnProperty(proto, vm.KeyFromAtom(vm.atom(AtomId::constructor)), Value::FromObject(ctor),
                       kHiddenAttrs);
  vm.DefineValue(in.global, "RegExp", Value::FromObject(ctor), kHiddenAttrs);
  NativeFunction* species = vm.NewNative("get [Symbol.species]", RegExpSpecies, 0);
  vm.DefineAccessor(ctor, PropertyKey::Sym(in.sym_species), Value::FromObject(species),
                    Value::Undefined(), kConfigurable);
  vm.DefineMethod(ctor, "escape", RegExpEscape, 1);

  vm.DefineMethod(proto, "exec", RegExpExecNative, 1);
  vm.DefineMethod(proto, "test", RegExpTestNative, 1);
  for (int bit = 0; bit < 8; ++bit) vm.DefineGetter(proto, kFlagProps[bit], RegExpFlagGetter, bit);
  vm.DefineGetter(proto, "source", RegExpSourceGetter);

  prim::DefineIntrinsic(vm, "regexpCreate", IRegExpCreate, 3);
  prim::DefineIntrinsic(vm, "regexpIsRegExp", IIsRegExp, 1);
  prim::DefineIntrinsic(vm, "regexpRecompile", IRegExpRecompile, 3);
  prim::DefineIntrinsic(vm, "regexpParts", IRegExpParts, 1);
  prim::DefineIntrinsic(vm, "regexpExecAt", IRegExpExecAt, 3);
  prim::DefineIntrinsic(vm, "regexpFlagsFast", IRegExpFlagsFast, 1);
  prim::DefineIntrinsic(vm, "regexpReplaceFast", IRegExpReplaceFast, 3);
  prim::DefineIntrinsic(vm, "regexpMatchFast", IRegExpMatchFast, 2);
  prim::DefineIntrinsic(vm, "regexpSplitFast", IRegExpSplitFast, 3);
  prim::DefineIntrinsic(vm, "regexpGetSubstitution", IGetSubstitution, 6);
}

}  // namespace codemode::vm
