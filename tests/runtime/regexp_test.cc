// RegExp behaviour that Node.js 20 (the oracle of tests/js/regexp) cannot check: RegExp.escape
// (ECMA-262 2025), the diagnostics for patterns the engine refuses rather than run with another
// meaning, early errors of regex literals with their location, and bounded matching (PCRE2 and the
// backtracking matcher). Also the pattern translator (vm/regexp/syntax.h) and the backtracking
// matcher (vm/regexp/backtrack.h) directly.
#include <catch2/catch.hpp>
#include <initializer_list>
#include <memory>
#include <string>
#include <variant>

#define PCRE2_CODE_UNIT_WIDTH 16
#include <pcre2.h>

#include "runtime/runtime.h"
#include "vm/regexp/backtrack.h"
#include "vm/regexp/syntax.h"
#include "vm/support/text.h"

namespace {

using codemode::Outcome;
using codemode::Result;
using codemode::Runtime;
using codemode::RuntimeOptions;

Result RunJs(const std::string& source, int64_t max_steps = 0) {
  RuntimeOptions options;
  options.limits.max_steps = max_steps;
  options.limits.timeout_ms = 20000;
  auto rt = Runtime::Make(std::move(options));
  REQUIRE(rt.ok());
  Outcome out = (*rt)->NewProgram(source, "", "regexp-test")->Run();
  REQUIRE_FALSE(out.is_suspended());
  return out.result;
}

std::u16string U(const char* s) {
  std::u16string r;
  while (*s) r.push_back(static_cast<unsigned char>(*s++));
  return r;
}

// A program and the JSON of the value it returns.
struct Case {
  const char* program;
  const char* value_json;
};

void CheckValues(std::initializer_list<Case> cases) {
  for (const Case& c : cases) {
    INFO(c.program);
    Result r = RunJs(c.program);
    REQUIRE(r.ok);
    CHECK(r.value_json == c.value_json);
  }
}

// `pattern` (no flags) compiled for the backtracking matcher.
std::unique_ptr<codemode::regexp::Program> BacktrackProgram(const char* pattern) {
  codemode::regexp::Flags none;
  auto t = codemode::regexp::Translate(U(pattern), none);
  auto* tr = std::get_if<codemode::regexp::Translation>(&t);
  REQUIRE(tr != nullptr);
  std::string why;
  auto program = codemode::regexp::Program::Compile(*tr->tree, tr->capture_count, none, &why);
  REQUIRE(program != nullptr);
  return program;
}

}  // namespace

TEST_CASE("RegExp.escape escapes per ECMA-262 2025 §22.2.5.1") {
  CheckValues({
      {"return RegExp.escape('foo')", R"("\\x66oo")"},
      {"return RegExp.escape('1a')", R"("\\x31a")"},
      {"return RegExp.escape('a.b*c')", R"("\\x61\\.b\\*c")"},
      {"return RegExp.escape('(x)[y]{z}|^$\\\\/+?')",
       R"("\\(x\\)\\[y\\]\\{z\\}\\|\\^\\$\\\\\\/\\+\\?")"},
      {"return RegExp.escape('_ -,=<>#&!%:;@~\\'`\"')",
       R"("_\\x20\\x2d\\x2c\\x3d\\x3c\\x3e\\x23\\x26\\x21\\x25\\x3a\\x3b\\x40\\x7e\\x27\\x60\\x22")"},
      {"return RegExp.escape('\\t\\n\\v\\f\\r')", R"("\\t\\n\\v\\f\\r")"},
      {"return RegExp.escape('\\u2028\\ufeff\\u00a0é')", R"("\\u2028\\ufeff\\xa0é")"},
      {"return RegExp.escape('\\ud800x')", R"("\\ud800x")"},
      {"return new RegExp(RegExp.escape('a.b')).test('a.b') && !new "
       "RegExp(RegExp.escape('a.b')).test('axb')",
       "true"},
      {"try { RegExp.escape(1); } catch (e) { return e.name; }", R"("TypeError")"},
      {"return [RegExp.escape.length, RegExp.escape.name]", R"([1,"escape"])"},
  });
}

TEST_CASE("patterns the engine cannot run with JavaScript's meaning stop with UnsupportedSyntax") {
  // Only nesting past the parser's depth bound (200 groups or classes) is left: a limit, not a
  // feature.
  const char* programs[] = {
      "return new RegExp('('.repeat(250) + 'a' + ')'.repeat(250)).test('a');",
      "return new RegExp('['.repeat(250) + 'a' + ']'.repeat(250), 'v').test('a');",
  };
  for (const char* p : programs) {
    INFO(p);
    Result r = RunJs(p);
    REQUIRE_FALSE(r.ok);
    CHECK(r.error.kind == "UnsupportedSyntax");
    CHECK(r.error.message.find("RegExp /") != std::string::npos);
    CHECK(r.error.line == 1);
  }
}

TEST_CASE("patterns PCRE2 cannot run with JavaScript's meaning run on the backtracking matcher") {
  // Node.js 20's values.
  CheckValues({
      {"return /(?:(a)|b)+/.exec('ab');", R"(["ab",null])"},   // captures reset on each iteration
      {"return /(a*)*/.exec('b');", R"(["",null])"},           // empty iterations with captures
      {"return /(?:|a)*/.exec('aaa');", R"(["aaa"])"},         // an empty alternative in a loop
      {"return /(?<=a+)b/.test('aab');", "true"},              // variable-length lookbehind
      {"return /(?<=(a)\\1)b/.test('aab');", "true"},          // backreference in a lookbehind
      {"return /a{70000}/.test('a'.repeat(70000));", "true"},  // repeat count beyond PCRE2's
      {"return /./u.exec('\\ud800')[0].length;", "1"},         // lone surrogate subject in u mode
      // Classes with strings (v flag), longest string first; ICU's data.
      {"return '👍🏽!'.match(/\\p{RGI_Emoji}/v)[0];", R"("👍🏽")"},
      {"return 'ab c'.match(/[\\q{ab|c}--a]/gv);", R"(["ab","c"])"},
      {"return /[\\p{RGI_Emoji}--\\q{👍}]/v.exec('👍🇫🇷')[0];", R"("🇫🇷")"},
      {"return /[\\q{a|ab|abc}]/v.exec('abcd')[0];", R"("abc")"},
  });
}

TEST_CASE("Unicode 15 property values PCRE2 10.42 lacks come from ICU") {
  // Node.js 20's values.
  CheckValues({
      {"return /\\p{Script=Kawi}/u.test('\\u{11F04}');", "true"},
      {"return '\\u{1E4D0}a'.match(/[\\p{scx=Nagm}a]+/v)[0].length;", "3"},
      {"return /\\P{sc=Kawi}/u.test('\\u{11F04}');", "false"},
  });
}

TEST_CASE("the backtracking matcher charges the step budget and bounds its stack") {
  // Catastrophic backtracking on the fallback matcher ends like on PCRE2: RegExpMatchLimit without
  // a step limit, the step budget under one.
  const char* hostile = "return /(?:(a)|b|ab)*c/.test('ab'.repeat(40));";
  Result r = RunJs(hostile);
  REQUIRE_FALSE(r.ok);
  CHECK(r.error.kind == "ExecutionFailure");
  CHECK(r.error.message.find("RegExpMatchLimit") != std::string::npos);
  Result s = RunJs(hostile, 200000);
  REQUIRE_FALSE(s.ok);
  CHECK(s.error.kind == "StepLimitExceeded");
  Result c = RunJs("try { /(a*)*b/.test('a'.repeat(40)); } catch (e) { return 'caught'; }");
  REQUIRE_FALSE(c.ok);
  // Each shorter candidate of a class with strings is a return to a choice point: [\q{a|aa}]*
  // before a missing b tries exponentially many splits of the a's.
  const char* strings = "return /[\\q{a|aa}]*b/v.test('a'.repeat(60));";
  Result q = RunJs(strings);
  REQUIRE_FALSE(q.ok);
  CHECK(q.error.message.find("RegExpMatchLimit") != std::string::npos);
  Result qs = RunJs(strings, 200000);
  REQUIRE_FALSE(qs.ok);
  CHECK(qs.error.kind == "StepLimitExceeded");
  // A match whose backtrack stack outgrows the memory share stops the run with a memory error.
  Result m = RunJs("return /(?:(a)|b)*/.exec('a'.repeat(2000000))[0].length;");
  REQUIRE_FALSE(m.ok);
  CHECK(m.error.kind == "MemoryLimitExceeded");

  // The matcher itself: work counted per start position and per return to a choice point.
  using codemode::regexp::Program;
  auto t = codemode::regexp::Translate(U("(a*)*b"), codemode::regexp::Flags());
  REQUIRE(std::holds_alternative<codemode::regexp::Translation>(t));
  CHECK_FALSE(std::get<codemode::regexp::Translation>(t).pcre_refusal.empty());
  auto program = BacktrackProgram("(a*)*b");
  std::u16string subject(30, u'a');
  std::vector<size_t> ov;
  uint64_t steps = 0;
  CHECK(program->Exec(subject, 0, false, 1000, 1 << 20, &ov, &steps) ==
        Program::Outcome::kStepLimit);
  CHECK(steps > 1000);
  subject += u"b";
  CHECK(program->Exec(subject, 0, false, 1000, 1 << 20, &ov, &steps) == Program::Outcome::kMatch);
  REQUIRE(ov.size() == 4);
  CHECK(ov[0] == 0);
  CHECK(ov[1] == 31);
  // The empty second iteration of (a*)* fails its empty-check: group 1 keeps the first one's text.
  CHECK(ov[2] == 0);
  CHECK(ov[3] == 30);
  CHECK(steps < 100);  // one start, 30 + 2 iterations, a few returns to choice points
  // The poll is asked every `every` steps; saying stop ends the match with kInterrupted.
  struct Polls {
    int calls = 0;
    int allow = 0;
  } polls{0, 3};
  Program::Poll poll{[](void* ctx) {
                       auto* p = static_cast<Polls*>(ctx);
                       return ++p->calls <= p->allow;
                     },
                     &polls, 100};
  subject.pop_back();
  CHECK(program->Exec(subject, 0, false, 1000000, 1 << 20, &ov, &steps, &poll) ==
        Program::Outcome::kInterrupted);
  CHECK(polls.calls == 4);
  CHECK(steps > 400);
  CHECK(steps < 420);
  subject += u"b";
  // Going forward costs too: every quantifier iteration is a step (no hang on a{N}b searches).
  auto p3 = BacktrackProgram("(?:a){1000}b");
  std::u16string a2000(2000, u'a');
  CHECK(p3->Exec(a2000, 0, false, 5000, 1 << 20, &ov, &steps) == Program::Outcome::kStepLimit);
  // A start too close to the end for the pattern's shortest match is not tried.
  CHECK(p3->Exec(a2000.substr(0, 1000), 0, false, 5000, 1 << 20, &ov, &steps) ==
        Program::Outcome::kNoMatch);
  CHECK(steps == 0);
  // A failed search tries every start position: one step each plus the returns to choice points.
  CHECK(program->Exec(u"xx", 0, false, 1000, 1 << 20, &ov, &steps) == Program::Outcome::kNoMatch);
  CHECK(steps >= 3);
  // Each a of (?:a|b)* leaves choice points behind: a small stack bound is reached.
  auto p2 = BacktrackProgram("(?:a|b)*");
  std::u16string long_a(100000, u'a');
  CHECK(p2->Exec(long_a, 0, false, 1000000, 64 * 1024, &ov, &steps) ==
        Program::Outcome::kMemoryLimit);
  CHECK(p2->Exec(long_a, 0, false, 1000000, 64 << 20, &ov, &steps) == Program::Outcome::kMatch);
  CHECK(ov[1] == 100000);
  // A repeated single character keeps one frame however far it goes (greedy gives back, lazy takes
  // more), so the small bound is enough; each character is still a step.
  auto p4 = BacktrackProgram("a*a$");
  CHECK(p4->Exec(long_a, 0, false, 1000000, 64 * 1024, &ov, &steps) == Program::Outcome::kMatch);
  CHECK(ov[1] == 100000);
  CHECK(steps > 100000);
  auto p5 = BacktrackProgram("a*?$");
  CHECK(p5->Exec(long_a, 0, false, 1000000, 64 * 1024, &ov, &steps) == Program::Outcome::kMatch);
  CHECK(ov[0] == 0);
  CHECK(p5->Exec(long_a, 0, false, 50000, 64 * 1024, &ov, &steps) == Program::Outcome::kStepLimit);
}

TEST_CASE("PCRE2 and the backtracking matcher agree on random patterns PCRE2 runs") {
  // Where they differ the translator gave PCRE2 a pattern it runs with another meaning (how the
  // empty-preferred alternatives, backreferences in repeated groups and case-insensitive
  // backreferences without u were found): the backtracking matcher follows ECMA-262 step by step.
  const char* tokens[] = {
      "a",     "b",      "(",   ")",      "(?:",    "(?=",   "(?!",    "(?<=",  "(?<!",  "|",
      "*",     "+",      "?",   "*?",     "{2}",    "{0,2}", "[ab]",   "[^a]",  "\\1",   "\\2",
      "\\b",   "^",      "$",   ".",      "\\w",    "A",     "k",      "s",     "[a-z]", "\\B",
      "(?<n>", "\\k<n>", "\\W", "[\\w-]", "(?:a|)", "\\S",   "\u212a", "\u017f"};
  const size_t ntokens = sizeof(tokens) / sizeof(tokens[0]);
  const char16_t* subjects[] = {
      u"ab", u"aab", u"abab", u"ba", u"", u"bbaAb", u"a b\nab", u"A-bK", u"kK\u212as\u017fS"};
  const char* flag_sets[] = {"", "i", "u", "iu", "m", "s", "v"};
  uint64_t seed = 4242;
  auto next = [&] {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<uint32_t>(seed >> 33);
  };
  int compared = 0;
  for (int iter = 0; iter < 40000; ++iter) {
    std::string p;
    for (size_t i = 0, len = next() % 14; i < len; ++i) p += tokens[next() % ntokens];
    codemode::regexp::Flags f;
    REQUIRE(codemode::regexp::ParseFlags(U(flag_sets[iter % 7]), &f));
    auto r = codemode::regexp::Translate(codemode::support::Utf8ToUtf16(p), f);
    auto* t = std::get_if<codemode::regexp::Translation>(&r);
    if (t == nullptr || !t->pcre_refusal.empty()) continue;
    int err = 0;
    PCRE2_SIZE off = 0;
    uint32_t options =
        PCRE2_MATCH_UNSET_BACKREF | PCRE2_UCP | PCRE2_NEVER_BACKSLASH_C | (t->utf ? PCRE2_UTF : 0);
    pcre2_code* code = pcre2_compile(reinterpret_cast<PCRE2_SPTR16>(t->pcre.data()), t->pcre.size(),
                                     options, &err, &off, nullptr);
    if (code == nullptr) continue;  // variable-length lookbehind: the backtracking matcher's alone
    std::string why;
    auto program = codemode::regexp::Program::Compile(*t->tree, t->capture_count, f, &why);
    REQUIRE(program != nullptr);
    pcre2_match_data* md = pcre2_match_data_create(t->capture_count + 1, nullptr);
    for (const char16_t* s : subjects) {
      std::u16string subject(s);
      int rc = pcre2_match(code, reinterpret_cast<PCRE2_SPTR16>(subject.data()), subject.size(), 0,
                           0, md, nullptr);
      std::vector<size_t> ov;
      uint64_t steps = 0;
      auto outcome = program->Exec(subject, 0, false, 1000000, 1 << 24, &ov, &steps);
      INFO("/" << p << "/" << flag_sets[iter % 7] << " on " << codemode::support::Utf16ToUtf8(s));
      if (rc < 0) {
        CHECK(outcome == codemode::regexp::Program::Outcome::kNoMatch);
        continue;
      }
      REQUIRE(outcome == codemode::regexp::Program::Outcome::kMatch);
      PCRE2_SIZE* pv = pcre2_get_ovector_pointer(md);
      CHECK(std::vector<size_t>(pv, pv + 2 * (t->capture_count + 1)) == ov);
      ++compared;
    }
    pcre2_match_data_free(md);
    pcre2_code_free(code);
  }
  CHECK(compared > 10000);
}

TEST_CASE("an invalid regex literal is a ParseError at the literal") {
  Result r = RunJs("const a = 1;\nconst r = /(/;\nreturn r;");
  REQUIRE_FALSE(r.ok);
  CHECK(r.error.kind == "ParseError");
  CHECK(r.error.message == "Invalid regular expression: /(/: Unterminated group");
  CHECK(r.error.line == 2);
  CHECK(r.error.column == 11);
  Result r2 = RunJs("return /a/x;");
  REQUIRE_FALSE(r2.ok);
  CHECK(r2.error.kind == "ParseError");
  // Even in a function that never runs.
  Result r3 = RunJs("function f() { return /[b-a]/u; }\nreturn 1;");
  REQUIRE_FALSE(r3.ok);
  CHECK(r3.error.message ==
        "Invalid regular expression: /[b-a]/u: Range out of order in character class");
}

TEST_CASE("catastrophic backtracking ends the run with a limit, not a hang") {
  Result r = RunJs("return /^(a+)+$/.test('a'.repeat(40) + 'b');");
  REQUIRE_FALSE(r.ok);
  CHECK(r.error.kind == "ExecutionFailure");
  CHECK(r.error.message.find("RegExpMatchLimit") != std::string::npos);
  // Under a step limit, the step budget is what runs out.
  Result s = RunJs(
      "let n = 0; for (let i = 0; i < 1000; i++) n++; return /^(a+)+$/.test('a'.repeat(40) + 'b');",
      200000);
  REQUIRE_FALSE(s.ok);
  CHECK(s.error.kind == "StepLimitExceeded");
  // The error cannot be caught.
  Result c = RunJs("try { /^(a+)+$/.test('a'.repeat(40) + 'b'); } catch (e) { return 'caught'; }");
  REQUIRE_FALSE(c.ok);
}

TEST_CASE("the work of many matches adds up against the step budget on both matchers") {
  // One test() of each pattern backtracks about 2^15 times (PCRE2: (a|a)*; the backtracking
  // matcher: a capture reset per iteration). Once fits a budget of 2,000,000; a hundred times does
  // not, though no single match comes near the budget.
  for (const char* re : {"/^(a|a)*$/", "/^(?:(a)|a)*$/"}) {
    INFO(re);
    std::string once = std::string("return ") + re + ".test('a'.repeat(14) + 'b');";
    std::string many = std::string("const re = ") + re +
                       "; let n = 0; for (let i = 0; i < 100; i++) if (re.test('a'.repeat(14) + "
                       "'b')) n++; return n;";
    Result r = RunJs(once, 2000000);
    CHECK(r.ok);
    Result m = RunJs(many, 2000000);
    REQUIRE_FALSE(m.ok);
    CHECK(m.error.kind == "StepLimitExceeded");
  }
}

TEST_CASE("translator: flags, errors, unsupported constructs") {
  using codemode::regexp::Flags;
  using codemode::regexp::ParseFlags;
  using codemode::regexp::Translate;
  Flags f;
  CHECK(ParseFlags(U("dgimsuy"), &f));
  CHECK(f.ToString() == "dgimsuy");
  CHECK(ParseFlags(U("yg"), &f));
  CHECK(f.ToString() == "gy");
  CHECK_FALSE(ParseFlags(U("gg"), &f));
  CHECK_FALSE(ParseFlags(U("uv"), &f));
  CHECK_FALSE(ParseFlags(U("x"), &f));
  CHECK(Flags::FromBits(f.Bits()).ToString() == f.ToString());

  Flags none;
  auto ok = Translate(U("(a)(?<n>b)\\k<n>"), none);
  REQUIRE(std::holds_alternative<codemode::regexp::Translation>(ok));
  const auto& t = std::get<codemode::regexp::Translation>(ok);
  CHECK(t.capture_count == 2);
  REQUIRE(t.group_names.size() == 1);
  CHECK(t.group_names[0].second == 2);
  CHECK_FALSE(t.utf);

  auto err = Translate(U("(?<a>x)(?<a>y)"), none);
  REQUIRE(std::holds_alternative<codemode::regexp::Error>(err));
  CHECK(std::get<codemode::regexp::Error>(err).message == "Duplicate capture group name");

  // Patterns PCRE2 cannot run translate with the reason and the tree for the backtracking matcher.
  auto refused = Translate(U("(?:(a)|b)*"), none);
  REQUIRE(std::holds_alternative<codemode::regexp::Translation>(refused));
  CHECK_FALSE(std::get<codemode::regexp::Translation>(refused).pcre_refusal.empty());
  CHECK(std::get<codemode::regexp::Translation>(refused).tree != nullptr);
  CHECK(std::get<codemode::regexp::Translation>(ok).pcre_refusal.empty());

  // Deep nesting is refused, not a crash.
  std::u16string deep(5000, u'(');
  deep += std::u16string(5000, u')');
  auto d = Translate(deep, none);
  REQUIRE(std::holds_alternative<codemode::regexp::Error>(d));

  CHECK(codemode::regexp::EscapePatternSource(U("a/b[/]\n")) == U("a\\/b[/]\\n"));
  CHECK(codemode::regexp::EscapePatternSource(u"") == U("(?:)"));
  CHECK(codemode::regexp::LiteralSyntaxError("a+", "g").empty());
  CHECK(codemode::regexp::LiteralSyntaxError("a**", "") ==
        "Invalid regular expression: /a**/: Nothing to repeat");
}

TEST_CASE(
    "translator: random patterns never crash and translate to patterns both matchers accept") {
  using codemode::regexp::Flags;
  using codemode::regexp::Translate;
  const char16_t alphabet[] = u"ab()[]{}|^$\\.*+?-=!<>:,0123456789dDwWsSbBkpPquxcv&/\u00e9\u212a";
  const size_t n = sizeof(alphabet) / sizeof(alphabet[0]) - 1;
  uint64_t seed = 12345;
  auto next = [&] {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<uint32_t>(seed >> 33);
  };
  const char* flag_sets[] = {"", "i", "u", "iu", "v", "iv", "ms"};
  int translated = 0;
  for (int iter = 0; iter < 20000; ++iter) {
    std::u16string p;
    size_t len = next() % 16;
    for (size_t i = 0; i < len; ++i) p.push_back(alphabet[next() % n]);
    Flags f;
    REQUIRE(codemode::regexp::ParseFlags(U(flag_sets[iter % 7]), &f));
    auto r = Translate(p, f);
    auto* t = std::get_if<codemode::regexp::Translation>(&r);
    if (t == nullptr) continue;
    ++translated;
    // The backtracking matcher compiles every translated pattern and runs it boundedly.
    std::string why;
    auto program = codemode::regexp::Program::Compile(*t->tree, t->capture_count, f, &why);
    REQUIRE(program != nullptr);
    std::vector<size_t> ov;
    uint64_t steps = 0;
    std::u16string subject = u"ab\u00e9\u212a-1 ";
    subject.push_back(0xD800);  // a lone surrogate
    program->Exec(subject, 0, false, 100000, 1 << 20, &ov, &steps);
    if (!t->pcre_refusal.empty()) continue;
    int err = 0;
    PCRE2_SIZE off = 0;
    uint32_t options = PCRE2_MATCH_UNSET_BACKREF | PCRE2_UCP | (t->utf ? PCRE2_UTF : 0);
    pcre2_code* code = pcre2_compile(reinterpret_cast<PCRE2_SPTR16>(t->pcre.data()), t->pcre.size(),
                                     options, &err, &off, nullptr);
    if (code == nullptr) {
      // Variable-length lookbehind is the one refusal PCRE2 itself reports.
      PCRE2_UCHAR16 buf[256];
      pcre2_get_error_message(err, buf, 256);
      std::string m;
      for (int i = 0; buf[i] != 0; ++i) m.push_back(static_cast<char>(buf[i]));
      INFO(codemode::support::Utf16ToUtf8(p) << " /" << flag_sets[iter % 7] << " -> " << m);
      CHECK(m.find("lookbehind") != std::string::npos);
    } else {
      pcre2_code_free(code);
    }
  }
  CHECK(translated > 1000);
}
