#include "compiler/lua/lexer.h"

#include <locale.h>
#include <stdlib.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>

namespace codemode::lua {
namespace {

// lua5.4's lctype classes for the "C" locale (no LUA_UCID): bytes >= 0x80 are none of these.
bool IsDigit(int c) { return c >= '0' && c <= '9'; }
bool IsXDigit(int c) { return IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool IsAlpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool IsAlnum(int c) { return IsAlpha(c) || IsDigit(c); }
bool IsSpace(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
int HexValue(int c) { return IsDigit(c) ? c - '0' : (c | 0x20) - 'a' + 10; }

struct Reserved {
  const char* word;
  Tok kind;
};
constexpr Reserved kReserved[] = {
    {"and", Tok::kAnd},     {"break", Tok::kBreak},   {"do", Tok::kDo},
    {"else", Tok::kElse},   {"elseif", Tok::kElseif}, {"end", Tok::kEnd},
    {"false", Tok::kFalse}, {"for", Tok::kFor},       {"function", Tok::kFunction},
    {"goto", Tok::kGoto},   {"if", Tok::kIf},         {"in", Tok::kIn},
    {"local", Tok::kLocal}, {"nil", Tok::kNil},       {"not", Tok::kNot},
    {"or", Tok::kOr},       {"repeat", Tok::kRepeat}, {"return", Tok::kReturn},
    {"then", Tok::kThen},   {"true", Tok::kTrue},     {"until", Tok::kUntil},
    {"while", Tok::kWhile},
};

// lua5.4's luaO_utf8esc: code points up to 2^31 as (extended) UTF-8 of 1 to 6 bytes.
void AppendUtf8Esc(std::string* out, uint32_t x) {
  if (x < 0x80) {
    out->push_back(static_cast<char>(x));
    return;
  }
  char buf[8];
  int n = 0;
  uint32_t mfb = 0x3f;  // largest value that fits in the first byte
  do {
    buf[7 - n++] = static_cast<char>(0x80 | (x & 0x3f));
    x >>= 6;
    mfb >>= 1;
  } while (x > mfb);
  buf[7 - n] = static_cast<char>((~mfb << 1) | x);
  n++;
  out->append(buf + 8 - n, n);
}

// "'text'" cut at the first NUL (lua5.4 formats it with %s) and at a sane length.
std::string Quote(std::string_view text) {
  constexpr size_t kMaxNear = 200;
  size_t nul = text.find('\0');
  if (nul != std::string_view::npos) text = text.substr(0, nul);
  std::string out = "'";
  if (text.size() > kMaxNear) {
    out.append(text.substr(0, kMaxNear));
    out.append("...");
  } else {
    out.append(text);
  }
  out.push_back('\'');
  return out;
}

locale_t CLocale() {
  static locale_t loc = newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(nullptr));
  return loc;
}

}  // namespace

std::string TokenKindText(Tok kind) {
  static constexpr const char* kSymbols[] = {
      "//", "..", "...", "==", ">=", "<=", "~=", "<<", ">>", "::", "+",
      "-",  "*",  "/",   "%",  "^",  "#",  "&",  "~",  "|",  "<",  ">",
      "=",  "(",  ")",   "{",  "}",  "[",  "]",  ";",  ":",  ",",  ".",
  };
  const auto k = static_cast<uint8_t>(kind);
  if (kind <= Tok::kWhile) return std::string("'") + kReserved[k].word + "'";
  if (kind <= Tok::kDot) {
    return std::string("'") + kSymbols[k - static_cast<uint8_t>(Tok::kIDiv)] + "'";
  }
  switch (kind) {
    case Tok::kInt:
      return "<integer>";
    case Tok::kFloat:
      return "<number>";
    case Tok::kName:
      return "<name>";
    case Tok::kString:
      return "<string>";
    case Tok::kEos:
      return "<eof>";
    default:
      return "<symbol>";
  }
}

bool ConvertNumeral(std::string_view text, bool* is_integer, int64_t* int_value,
                    double* float_value) {
  // luaO_str2num tries l_str2int first.
  {
    uint64_t a = 0;
    bool empty = true;
    size_t i = 0;
    if (text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
      for (i = 2; i < text.size() && IsXDigit(static_cast<uint8_t>(text[i])); i++) {
        a = a * 16 + static_cast<uint64_t>(HexValue(static_cast<uint8_t>(text[i])));  // wraps
        empty = false;
      }
    } else {
      constexpr uint64_t kMaxBy10 = static_cast<uint64_t>(INT64_MAX) / 10;
      constexpr uint64_t kMaxLastDigit = static_cast<uint64_t>(INT64_MAX) % 10;
      for (; i < text.size() && IsDigit(static_cast<uint8_t>(text[i])); i++) {
        const uint64_t d = static_cast<uint64_t>(text[i] - '0');
        if (a >= kMaxBy10 && (a > kMaxBy10 || d > kMaxLastDigit)) {
          empty = true;  // overflow: not an integer, try as a float
          i = 0;
          break;
        }
        a = a * 10 + d;
        empty = false;
      }
    }
    if (!empty && i == text.size()) {
      *is_integer = true;
      *int_value = static_cast<int64_t>(a);
      return true;
    }
  }
  // l_str2d: reject 'inf'/'nan' spellings, then strtod (C99 hex floats included).
  if (text.empty() || text.find_first_of("nN") != std::string_view::npos) return false;
  std::string buf(text);
  char* end = nullptr;
  const double d = strtod_l(buf.c_str(), &end, CLocale());
  if (end == buf.c_str()) return false;
  while (IsSpace(static_cast<uint8_t>(*end))) end++;
  if (*end != '\0') return false;
  *is_integer = false;
  *float_value = d;
  return true;
}

Lexer::Lexer(std::string_view source, bool skip_shebang) : src_(source) {
  if (!skip_shebang) return;
  if (src_.substr(0, 3) == "\xEF\xBB\xBF") {
    pos_ = 3;
    line_start_ = 3;
  }
  if (Cur() == '#') {
    while (Cur() != -1 && Cur() != '\n') pos_++;
  }
}

void Lexer::IncLine() {
  const int old = Cur();
  pos_++;
  if (CurIsNewline() && Cur() != old) pos_++;
  line_++;
  line_start_ = pos_;
}

bool Lexer::Fail(std::string message, std::string near) {
  if (!error_) {
    error_ = LexError{std::move(message) + " near " + std::move(near), line(), column()};
  }
  return false;
}

std::string Lexer::Near(const Token& tok) const {
  switch (tok.kind) {
    case Tok::kName:
      return Quote(tok.text);
    case Tok::kInt:
    case Tok::kFloat:
      return Quote(src_.substr(tok.start, tok.end - tok.start));
    case Tok::kString: {
      if (tok.delimiter != 0) {
        return Quote(std::string(1, tok.delimiter) + tok.text + tok.delimiter);
      }
      const std::string eq(tok.long_level, '=');
      return Quote("[" + eq + "[" + tok.text + "]" + eq + "]");
    }
    case Tok::kOther:
      if (tok.byte >= 0x20 && tok.byte < 0x7f) return std::string("'") + char(tok.byte) + "'";
      return "'<\\" + std::to_string(tok.byte) + ">'";
    default:
      return TokenKindText(tok.kind);
  }
}

// At '[' or ']': consumes it and any '='s. Returns the level + 2 for a well-formed long bracket
// (the second bracket not consumed), 1 for a lone bracket, 0 for `[=` without a second '['.
size_t Lexer::SkipSep(std::string* save) {
  const int s = Cur();
  size_t count = 0;
  if (save) save->push_back(static_cast<char>(s));
  pos_++;
  while (Cur() == '=') {
    if (save) save->push_back('=');
    pos_++;
    count++;
  }
  return Cur() == s ? count + 2 : (count == 0 ? 1 : 0);
}

bool Lexer::ReadLongString(Token* tok, size_t sep, bool is_comment, uint32_t start_line) {
  std::string content;
  pos_++;                         // second '['
  if (CurIsNewline()) IncLine();  // the first line break is not part of the string
  for (;;) {
    const int c = Cur();
    if (c == -1) {
      return Fail(std::string("unfinished long ") + (is_comment ? "comment" : "string") +
                      " (starting at line " + std::to_string(start_line) + ")",
                  "<eof>");
    }
    if (c == ']') {
      std::string* save = is_comment ? nullptr : &content;
      if (SkipSep(save) == sep) {
        if (save) content.resize(content.size() - (sep - 1));  // drop "]==" already saved
        pos_++;                                                // the closing ']'
        break;
      }
    } else if (c == '\n' || c == '\r') {
      if (!is_comment) content.push_back('\n');
      IncLine();
    } else {
      if (!is_comment) content.push_back(static_cast<char>(c));
      pos_++;
    }
  }
  if (tok) {
    tok->kind = Tok::kString;
    tok->text = std::move(content);
    tok->delimiter = 0;
    tok->long_level = static_cast<uint32_t>(sep - 2);
  }
  return true;
}

bool Lexer::ReadString(Token* tok, int delimiter) {
  std::string val;
  pos_++;  // opening quote
  const auto esc_fail = [&](size_t esc_start, const char* message) {
    std::string near(1, static_cast<char>(delimiter));
    near += val;
    near.append(src_.substr(esc_start, pos_ - esc_start));
    if (Cur() != -1) near.push_back(static_cast<char>(Cur()));
    return Fail(message, Quote(near));
  };
  for (;;) {
    const int c = Cur();
    if (c == delimiter) {
      pos_++;
      break;
    }
    if (c == -1) return Fail("unfinished string", "<eof>");
    if (c == '\n' || c == '\r') {
      return Fail("unfinished string", Quote(std::string(1, static_cast<char>(delimiter)) + val));
    }
    if (c != '\\') {
      val.push_back(static_cast<char>(c));
      pos_++;
      continue;
    }
    const size_t esc_start = pos_;
    pos_++;  // backslash
    const int e = Cur();
    switch (e) {
      case 'a':
        val.push_back('\a');
        pos_++;
        break;
      case 'b':
        val.push_back('\b');
        pos_++;
        break;
      case 'f':
        val.push_back('\f');
        pos_++;
        break;
      case 'n':
        val.push_back('\n');
        pos_++;
        break;
      case 'r':
        val.push_back('\r');
        pos_++;
        break;
      case 't':
        val.push_back('\t');
        pos_++;
        break;
      case 'v':
        val.push_back('\v');
        pos_++;
        break;
      case '\\':
      case '"':
      case '\'':
        val.push_back(static_cast<char>(e));
        pos_++;
        break;
      case '\n':
      case '\r':
        val.push_back('\n');
        IncLine();
        break;
      case -1:
        break;  // the loop reports the unfinished string
      case 'x': {
        pos_++;
        int r = 0;
        for (int i = 0; i < 2; i++) {
          if (!IsXDigit(Cur())) return esc_fail(esc_start, "hexadecimal digit expected");
          r = r * 16 + HexValue(Cur());
          pos_++;
        }
        val.push_back(static_cast<char>(r));
        break;
      }
      case 'u': {
        pos_++;
        if (Cur() != '{') return esc_fail(esc_start, "missing '{'");
        pos_++;
        if (!IsXDigit(Cur())) return esc_fail(esc_start, "hexadecimal digit expected");
        uint32_t r = static_cast<uint32_t>(HexValue(Cur()));
        pos_++;
        while (IsXDigit(Cur())) {
          if (r > (0x7FFFFFFFu >> 4)) return esc_fail(esc_start, "UTF-8 value too large");
          r = (r << 4) + static_cast<uint32_t>(HexValue(Cur()));
          pos_++;
        }
        if (Cur() != '}') return esc_fail(esc_start, "missing '}'");
        pos_++;
        AppendUtf8Esc(&val, r);
        break;
      }
      case 'z':
        pos_++;
        while (IsSpace(Cur())) {
          if (CurIsNewline()) {
            IncLine();
          } else {
            pos_++;
          }
        }
        break;
      default: {
        if (!IsDigit(e)) return esc_fail(esc_start, "invalid escape sequence");
        int r = 0;
        for (int i = 0; i < 3 && IsDigit(Cur()); i++) {
          r = r * 10 + (Cur() - '0');
          pos_++;
        }
        if (r > 255) return esc_fail(esc_start, "decimal escape too large");
        val.push_back(static_cast<char>(r));
        break;
      }
    }
  }
  tok->kind = Tok::kString;
  tok->text = std::move(val);
  tok->delimiter = static_cast<char>(delimiter);
  return true;
}

// lua5.4's read_numeral: the longest run of hex digits, '.', and exponent marks with their
// optional sign (plus one touching letter, to force an error), then a strict conversion.
bool Lexer::ReadNumeral(Token* tok, size_t start) {
  const int first = Cur();
  pos_++;
  char expo_lower = 'e';
  if (first == '0' && (Cur() == 'x' || Cur() == 'X')) {
    pos_++;
    expo_lower = 'p';
  }
  for (;;) {
    const int c = Cur();
    if (c == expo_lower || c == expo_lower - 32) {
      pos_++;
      if (Cur() == '-' || Cur() == '+') pos_++;
    } else if (IsXDigit(c) || c == '.') {
      pos_++;
    } else {
      break;
    }
  }
  if (IsAlpha(Cur())) pos_++;
  const std::string_view text = src_.substr(start, pos_ - start);
  bool is_integer = false;
  if (!ConvertNumeral(text, &is_integer, &tok->int_value, &tok->float_value)) {
    return Fail("malformed number", Quote(text));
  }
  tok->kind = is_integer ? Tok::kInt : Tok::kFloat;
  return true;
}

bool Lexer::Next(Token* tok) {
  tok->text.clear();
  tok->kind = Tok::kEos;
  if (error_) return false;
  for (;;) {
    const int c = Cur();
    tok->line = line_;
    tok->column = column();
    tok->start = static_cast<uint32_t>(pos_);
    const auto single = [&](Tok kind, size_t length) {
      pos_ += length;
      tok->kind = kind;
      tok->end = static_cast<uint32_t>(pos_);
      return true;
    };
    switch (c) {
      case -1:
        tok->kind = Tok::kEos;
        tok->end = tok->start;
        return true;
      case '\n':
      case '\r':
        IncLine();
        continue;
      case ' ':
      case '\f':
      case '\t':
      case '\v':
        pos_++;
        continue;
      case '-': {
        if (PeekAt(1) != '-') return single(Tok::kMinus, 1);
        const uint32_t start_line = line_;
        pos_ += 2;
        if (Cur() == '[') {
          const size_t sep = SkipSep(nullptr);
          if (sep >= 2) {
            if (!ReadLongString(nullptr, sep, /*is_comment=*/true, start_line)) return false;
            continue;
          }
        }
        while (Cur() != -1 && !CurIsNewline()) pos_++;  // short comment
        continue;
      }
      case '[': {
        const uint32_t start_line = line_;
        std::string opening;
        const size_t sep = SkipSep(&opening);
        if (sep >= 2) {
          if (!ReadLongString(tok, sep, /*is_comment=*/false, start_line)) return false;
          tok->end = static_cast<uint32_t>(pos_);
          return true;
        }
        if (sep == 0) return Fail("invalid long string delimiter", Quote(opening));
        tok->kind = Tok::kLBracket;
        tok->end = static_cast<uint32_t>(pos_);
        return true;
      }
      case '=':
        return PeekAt(1) == '=' ? single(Tok::kEq, 2) : single(Tok::kAssign, 1);
      case '<':
        if (PeekAt(1) == '=') return single(Tok::kLe, 2);
        if (PeekAt(1) == '<') return single(Tok::kShl, 2);
        return single(Tok::kLt, 1);
      case '>':
        if (PeekAt(1) == '=') return single(Tok::kGe, 2);
        if (PeekAt(1) == '>') return single(Tok::kShr, 2);
        return single(Tok::kGt, 1);
      case '/':
        return PeekAt(1) == '/' ? single(Tok::kIDiv, 2) : single(Tok::kSlash, 1);
      case '~':
        return PeekAt(1) == '=' ? single(Tok::kNe, 2) : single(Tok::kTilde, 1);
      case ':':
        return PeekAt(1) == ':' ? single(Tok::kDbColon, 2) : single(Tok::kColon, 1);
      case '"':
      case '\'':
        if (!ReadString(tok, c)) return false;
        tok->end = static_cast<uint32_t>(pos_);
        return true;
      case '.':
        if (PeekAt(1) == '.') {
          return PeekAt(2) == '.' ? single(Tok::kDots, 3) : single(Tok::kConcat, 2);
        }
        if (!IsDigit(PeekAt(1))) return single(Tok::kDot, 1);
        pos_++;
        if (!ReadNumeral(tok, pos_ - 1)) return false;
        tok->end = static_cast<uint32_t>(pos_);
        return true;
      case '+':
        return single(Tok::kPlus, 1);
      case '*':
        return single(Tok::kStar, 1);
      case '%':
        return single(Tok::kPercent, 1);
      case '^':
        return single(Tok::kCaret, 1);
      case '#':
        return single(Tok::kHash, 1);
      case '&':
        return single(Tok::kAmp, 1);
      case '|':
        return single(Tok::kPipe, 1);
      case '(':
        return single(Tok::kLParen, 1);
      case ')':
        return single(Tok::kRParen, 1);
      case '{':
        return single(Tok::kLBrace, 1);
      case '}':
        return single(Tok::kRBrace, 1);
      case ']':
        return single(Tok::kRBracket, 1);
      case ';':
        return single(Tok::kSemi, 1);
      case ',':
        return single(Tok::kComma, 1);
      default:
        break;
    }
    if (IsDigit(c)) {
      if (!ReadNumeral(tok, pos_)) return false;
      tok->end = static_cast<uint32_t>(pos_);
      return true;
    }
    if (IsAlpha(c)) {
      const size_t start = pos_;
      while (IsAlnum(Cur())) pos_++;
      const std::string_view word = src_.substr(start, pos_ - start);
      tok->end = static_cast<uint32_t>(pos_);
      for (const Reserved& r : kReserved) {
        if (word == r.word) {
          tok->kind = r.kind;
          return true;
        }
      }
      tok->kind = Tok::kName;
      tok->text.assign(word);
      return true;
    }
    tok->byte = static_cast<uint8_t>(c);
    return single(Tok::kOther, 1);
  }
}

}  // namespace codemode::lua
