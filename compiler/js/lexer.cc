#include "compiler/js/lexer.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

namespace codemode::js {

// ------------------------------ Character classes ------------------------------

bool IsLineTerminator(char32_t c) { return c == '\n' || c == '\r' || c == 0x2028 || c == 0x2029; }

// WhiteSpace (§12.2): TAB VT FF SP NBSP ZWNBSP and category Zs.
bool IsJsWhitespace(char32_t c) {
  switch (c) {
    case '\t':
    case 0x0B:
    case 0x0C:
    case ' ':
    case 0xA0:
    case 0xFEFF:
    case 0x1680:
    case 0x202F:
    case 0x205F:
    case 0x3000:
      return true;
    default:
      return c >= 0x2000 && c <= 0x200A;
  }
}

namespace {

// Non-ASCII code points treated as neither ID_Start nor ID_Continue: whitespace, line terminators,
// and blocks of punctuation/symbols/emoji. Everything else non-ASCII is accepted (an approximation
// of Unicode ID_Start/ID_Continue that accepts every letter of every script).
bool IsNonAsciiSymbol(char32_t c) {
  if (IsJsWhitespace(c) || IsLineTerminator(c)) return true;
  if (c >= 0x80 && c <= 0xBF) return c != 0xAA && c != 0xB5 && c != 0xBA;  // Latin-1 punctuation
  if (c == 0xD7 || c == 0xF7) return true;                                 // × ÷
  if (c >= 0x2000 && c <= 0x206F)
    return c != 0x200C && c != 0x200D && c != 0x203F && c != 0x2040 &&
           c != 0x2054;                         // general punctuation
  if (c >= 0x20A0 && c <= 0x20CF) return true;  // currency symbols
  if (c >= 0x2190 && c <= 0x2BFF) return true;  // arrows, math operators, technical, box, shapes
  if (c >= 0x2E00 && c <= 0x2E7F) return true;  // supplemental punctuation
  if (c >= 0x3000 && c <= 0x303F) {             // CJK symbols and punctuation (some are letters)
    return !((c >= 0x3005 && c <= 0x3007) || (c >= 0x3021 && c <= 0x302F) ||
             (c >= 0x3031 && c <= 0x3035) || (c >= 0x3038 && c <= 0x303C));
  }
  if (c >= 0xE000 && c <= 0xF8FF) return true;  // private use
  if (c >= 0xFE10 && c <= 0xFE1F) return true;  // vertical forms
  if (c >= 0xFE30 && c <= 0xFE4F) return c != 0xFE33 && c != 0xFE34 && !(c >= 0xFE4D);
  if (c >= 0xFF01 && c <= 0xFF0F) return true;  // fullwidth punctuation
  if (c >= 0xFF1A && c <= 0xFF20) return true;
  if (c >= 0xFF3B && c <= 0xFF40) return c != 0xFF3F;
  if (c >= 0xFF5B && c <= 0xFF65) return true;
  if (c >= 0xFFF0 && c <= 0xFFFF) return true;    // specials
  if (c >= 0x1F000 && c <= 0x1FAFF) return true;  // emoji and pictographs
  if (c >= 0xF0000) return true;                  // supplementary private use
  return false;
}

bool IsCombiningMark(char32_t c) {
  return (c >= 0x300 && c <= 0x36F) || (c >= 0x1AB0 && c <= 0x1AFF) ||
         (c >= 0x1DC0 && c <= 0x1DFF) || (c >= 0x20D0 && c <= 0x20FF) ||
         (c >= 0xFE20 && c <= 0xFE2F) || c == 0x200C || c == 0x200D ||
         (c >= 0xFE00 && c <= 0xFE0F) || c == 0x203F || c == 0x2040 || c == 0x2054 ||
         (c >= 0xFF10 && c <= 0xFF19) || c == 0xFF3F;
}

bool IsAsciiIdStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}
bool IsAsciiIdContinue(char c) { return IsAsciiIdStart(c) || (c >= '0' && c <= '9'); }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
int HexVal(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

bool IsIdStart(char32_t c) {
  if (c < 0x80) return IsAsciiIdStart(static_cast<char>(c));
  if (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return false;
  return !IsNonAsciiSymbol(c) && !IsCombiningMark(c);
}

bool IsIdContinue(char32_t c) {
  if (c < 0x80) return IsAsciiIdContinue(static_cast<char>(c));
  if (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return false;
  return !IsNonAsciiSymbol(c) || c == 0xB7 || c == 0x200C || c == 0x200D || c == 0x203F ||
         c == 0x2040 || c == 0x2054 || c == 0xFF3F;
}

void AppendUtf16(std::u16string& out, char32_t cp) {
  if (cp >= 0x10000) {
    cp -= 0x10000;
    out += static_cast<char16_t>(0xD800 + (cp >> 10));
    out += static_cast<char16_t>(0xDC00 + (cp & 0x3FF));
  } else {
    out += static_cast<char16_t>(cp);
  }
}

void AppendUtf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

const char* TokText(Tok t) {
  switch (t) {
    case Tok::kBreak:
      return "break";
    case Tok::kCase:
      return "case";
    case Tok::kCatch:
      return "catch";
    case Tok::kClass:
      return "class";
    case Tok::kConst:
      return "const";
    case Tok::kContinue:
      return "continue";
    case Tok::kDebugger:
      return "debugger";
    case Tok::kDefault:
      return "default";
    case Tok::kDelete:
      return "delete";
    case Tok::kDo:
      return "do";
    case Tok::kElse:
      return "else";
    case Tok::kEnum:
      return "enum";
    case Tok::kExport:
      return "export";
    case Tok::kExtends:
      return "extends";
    case Tok::kFalse:
      return "false";
    case Tok::kFinally:
      return "finally";
    case Tok::kFor:
      return "for";
    case Tok::kFunction:
      return "function";
    case Tok::kIf:
      return "if";
    case Tok::kImport:
      return "import";
    case Tok::kIn:
      return "in";
    case Tok::kInstanceof:
      return "instanceof";
    case Tok::kNew:
      return "new";
    case Tok::kNull:
      return "null";
    case Tok::kReturn:
      return "return";
    case Tok::kSuper:
      return "super";
    case Tok::kSwitch:
      return "switch";
    case Tok::kThis:
      return "this";
    case Tok::kThrow:
      return "throw";
    case Tok::kTrue:
      return "true";
    case Tok::kTry:
      return "try";
    case Tok::kTypeof:
      return "typeof";
    case Tok::kVar:
      return "var";
    case Tok::kVoid:
      return "void";
    case Tok::kWhile:
      return "while";
    case Tok::kWith:
      return "with";
    case Tok::kLBrace:
      return "{";
    case Tok::kRBrace:
      return "}";
    case Tok::kLParen:
      return "(";
    case Tok::kRParen:
      return ")";
    case Tok::kLBracket:
      return "[";
    case Tok::kRBracket:
      return "]";
    case Tok::kDot:
      return ".";
    case Tok::kEllipsis:
      return "...";
    case Tok::kSemicolon:
      return ";";
    case Tok::kComma:
      return ",";
    case Tok::kQuestion:
      return "?";
    case Tok::kQuestionDot:
      return "?.";
    case Tok::kColon:
      return ":";
    case Tok::kArrow:
      return "=>";
    case Tok::kHash:
      return "#";
    case Tok::kLt:
      return "<";
    case Tok::kGt:
      return ">";
    case Tok::kLe:
      return "<=";
    case Tok::kGe:
      return ">=";
    case Tok::kEq:
      return "==";
    case Tok::kNe:
      return "!=";
    case Tok::kStrictEq:
      return "===";
    case Tok::kStrictNe:
      return "!==";
    case Tok::kPlus:
      return "+";
    case Tok::kMinus:
      return "-";
    case Tok::kStar:
      return "*";
    case Tok::kSlash:
      return "/";
    case Tok::kPercent:
      return "%";
    case Tok::kStarStar:
      return "**";
    case Tok::kInc:
      return "++";
    case Tok::kDec:
      return "--";
    case Tok::kShl:
      return "<<";
    case Tok::kSar:
      return ">>";
    case Tok::kShr:
      return ">>>";
    case Tok::kAmp:
      return "&";
    case Tok::kPipe:
      return "|";
    case Tok::kCaret:
      return "^";
    case Tok::kBang:
      return "!";
    case Tok::kTilde:
      return "~";
    case Tok::kAndAnd:
      return "&&";
    case Tok::kOrOr:
      return "||";
    case Tok::kNullish:
      return "??";
    case Tok::kAssign:
      return "=";
    case Tok::kPlusAssign:
      return "+=";
    case Tok::kMinusAssign:
      return "-=";
    case Tok::kStarAssign:
      return "*=";
    case Tok::kSlashAssign:
      return "/=";
    case Tok::kPercentAssign:
      return "%=";
    case Tok::kStarStarAssign:
      return "**=";
    case Tok::kShlAssign:
      return "<<=";
    case Tok::kSarAssign:
      return ">>=";
    case Tok::kShrAssign:
      return ">>>=";
    case Tok::kAmpAssign:
      return "&=";
    case Tok::kPipeAssign:
      return "|=";
    case Tok::kCaretAssign:
      return "^=";
    case Tok::kAndAndAssign:
      return "&&=";
    case Tok::kOrOrAssign:
      return "||=";
    case Tok::kNullishAssign:
      return "?\?=";
    case Tok::kAt:
      return "@";
    default:
      return "";
  }
}

Tok KeywordTok(std::string_view s) {
  // Dispatch on length, then compare: the reserved words of ECMA-262 §12.7.2 that are never
  // identifiers.
  switch (s.size()) {
    case 2:
      if (s == "if") return Tok::kIf;
      if (s == "in") return Tok::kIn;
      if (s == "do") return Tok::kDo;
      break;
    case 3:
      if (s == "var") return Tok::kVar;
      if (s == "for") return Tok::kFor;
      if (s == "new") return Tok::kNew;
      if (s == "try") return Tok::kTry;
      break;
    case 4:
      if (s == "this") return Tok::kThis;
      if (s == "true") return Tok::kTrue;
      if (s == "null") return Tok::kNull;
      if (s == "else") return Tok::kElse;
      if (s == "case") return Tok::kCase;
      if (s == "void") return Tok::kVoid;
      if (s == "with") return Tok::kWith;
      if (s == "enum") return Tok::kEnum;
      break;
    case 5:
      if (s == "const") return Tok::kConst;
      if (s == "false") return Tok::kFalse;
      if (s == "class") return Tok::kClass;
      if (s == "while") return Tok::kWhile;
      if (s == "break") return Tok::kBreak;
      if (s == "throw") return Tok::kThrow;
      if (s == "catch") return Tok::kCatch;
      if (s == "super") return Tok::kSuper;
      break;
    case 6:
      if (s == "return") return Tok::kReturn;
      if (s == "typeof") return Tok::kTypeof;
      if (s == "delete") return Tok::kDelete;
      if (s == "switch") return Tok::kSwitch;
      if (s == "export") return Tok::kExport;
      if (s == "import") return Tok::kImport;
      break;
    case 7:
      if (s == "default") return Tok::kDefault;
      if (s == "finally") return Tok::kFinally;
      if (s == "extends") return Tok::kExtends;
      break;
    case 8:
      if (s == "function") return Tok::kFunction;
      if (s == "continue") return Tok::kContinue;
      if (s == "debugger") return Tok::kDebugger;
      break;
    case 10:
      if (s == "instanceof") return Tok::kInstanceof;
      break;
    default:
      break;
  }
  return Tok::kIdentifier;
}

namespace {

// Decodes an integer literal in radix 2^bits_per_digit to the correctly rounded double
// (round-half-even on the bit string).
double RadixDigitsToDouble(const std::string& digits, int bits_per_digit) {
  std::vector<uint8_t> bits;
  bits.reserve(digits.size() * bits_per_digit);
  for (char c : digits) {
    int v = HexVal(c);
    for (int b = bits_per_digit - 1; b >= 0; --b) bits.push_back((v >> b) & 1);
  }
  size_t first = 0;
  while (first < bits.size() && bits[first] == 0) ++first;
  size_t n = bits.size() - first;
  if (n == 0) return 0;
  if (n <= 64) {
    uint64_t v = 0;
    for (size_t i = first; i < bits.size(); ++i) v = (v << 1) | bits[i];
    if (n <= 53) return static_cast<double>(v);
  }
  uint64_t mant = 0;
  for (size_t i = 0; i < 53; ++i) mant = (mant << 1) | bits[first + i];
  bool round = bits[first + 53];
  bool sticky = false;
  for (size_t i = first + 54; i < bits.size(); ++i) sticky |= bits[i];
  if (round && (sticky || (mant & 1))) ++mant;  // may carry to 2^53: still exact
  return std::ldexp(static_cast<double>(mant), static_cast<int>(n - 53));
}

// Decimal digits of an integer given in radix 2^bits_per_digit (BigInt literals).
std::string RadixDigitsToDecimal(const std::string& digits, int radix) {
  std::vector<uint32_t> limbs;  // base 1e9, little endian
  for (char c : digits) {
    uint64_t carry = static_cast<uint64_t>(HexVal(c));
    for (uint32_t& limb : limbs) {
      uint64_t v = static_cast<uint64_t>(limb) * radix + carry;
      limb = static_cast<uint32_t>(v % 1000000000u);
      carry = v / 1000000000u;
    }
    while (carry) {
      limbs.push_back(static_cast<uint32_t>(carry % 1000000000u));
      carry /= 1000000000u;
    }
  }
  if (limbs.empty()) return "0";
  std::string out = std::to_string(limbs.back());
  for (size_t i = limbs.size() - 1; i-- > 0;) {
    std::string part = std::to_string(limbs[i]);
    out.append(9 - part.size(), '0');
    out += part;
  }
  return out;
}

}  // namespace

// ------------------------------ Lexer ------------------------------

Lexer::Lexer(std::string_view source) : src_(source) {}

std::optional<uint32_t> Lexer::ValidateUtf8(std::string_view s) {
  size_t i = 0, n = s.size();
  while (i < n) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    int len;
    char32_t cp;
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
      cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      cp = c & 0x07;
    } else {
      return static_cast<uint32_t>(i);
    }
    if (i + len > n) return static_cast<uint32_t>(i);
    for (int k = 1; k < len; ++k) {
      unsigned char cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xC0) != 0x80) return static_cast<uint32_t>(i);
      cp = (cp << 6) | (cc & 0x3F);
    }
    if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF)) {
      return static_cast<uint32_t>(i);
    }
    i += len;
  }
  return std::nullopt;
}

char32_t Lexer::DecodeAt(uint32_t& pos) const {
  unsigned char c = static_cast<unsigned char>(src_[pos]);
  if (c < 0x80) {
    ++pos;
    return c;
  }
  int len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
  char32_t cp = c & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
  for (int k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(src_[pos + k]) & 0x3F);
  pos += len;
  return cp;
}

uint32_t Lexer::ColumnAt(uint32_t offset) const {
  uint32_t from = line_start_, col = 1;
  if (col_cache_line_start_ == line_start_ && col_cache_offset_ <= offset) {
    from = col_cache_offset_;
    col = col_cache_column_;
  }
  for (uint32_t i = from; i < offset && i < src_.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(src_[i]);
    if ((c & 0xC0) != 0x80) ++col;
    if (c >= 0xF0) ++col;  // astral code point: two UTF-16 units
  }
  col_cache_line_start_ = line_start_;
  col_cache_offset_ = offset;
  col_cache_column_ = col;
  return col;
}

void Lexer::NewLine(uint32_t next_line_start) {
  ++line_;
  line_start_ = next_line_start;
}

void Lexer::Restore(const State& s) {
  pos_ = s.pos;
  line_ = s.line;
  line_start_ = s.line_start;
  token_ = s.token;
}

void Lexer::Error(uint32_t offset, std::string message) {
  ErrorAt(line_, ColumnAt(offset), std::move(message));
}

void Lexer::ErrorAt(uint32_t line, uint32_t column, std::string message) {
  error_.message = std::move(message);
  error_.line = line;
  error_.column = column;
  token_.type = Tok::kError;
}

void Lexer::SkipLineComment() {
  const uint32_t n = static_cast<uint32_t>(src_.size());
  while (pos_ < n && src_[pos_] != '\n' && src_[pos_] != '\r') {
    if (static_cast<unsigned char>(src_[pos_]) >= 0x80) {
      uint32_t p = pos_;
      if (IsLineTerminator(DecodeAt(p))) break;
      pos_ = p;
    } else {
      ++pos_;
    }
  }
}

bool Lexer::SkipTrivia() {
  const uint32_t n = static_cast<uint32_t>(src_.size());
  const bool at_start = token_.type == Tok::kEof && token_.end == 0;
  if (pos_ == 0 && n >= 2 && src_[0] == '#' && src_[1] == '!') {  // Hashbang comment (§12.5)
    while (pos_ < n && src_[pos_] != '\n' && src_[pos_] != '\r') {
      uint32_t p = pos_;
      if (IsLineTerminator(DecodeAt(p))) break;
      pos_ = p;
    }
  }
  while (pos_ < n) {
    char c = src_[pos_];
    switch (c) {
      case ' ':
      case '\t':
      case '\v':
      case '\f':
        ++pos_;
        continue;
      case '\n':
        ++pos_;
        NewLine(pos_);
        token_.newline_before = true;
        continue;
      case '\r':
        ++pos_;
        if (pos_ < n && src_[pos_] == '\n') ++pos_;
        NewLine(pos_);
        token_.newline_before = true;
        continue;
      case '<':
        // Annex B.1.1 HTML-like comment `<!--` (a single-line comment in scripts, as in Node).
        if (pos_ + 3 < n && src_[pos_ + 1] == '!' && src_[pos_ + 2] == '-' &&
            src_[pos_ + 3] == '-') {
          pos_ += 4;
          SkipLineComment();
          continue;
        }
        return true;
      case '-':
        // Annex B.1.1 `-->` at the start of a line (only whitespace/comments before it).
        if ((token_.newline_before || at_start) && pos_ + 2 < n && src_[pos_ + 1] == '-' &&
            src_[pos_ + 2] == '>') {
          pos_ += 3;
          SkipLineComment();
          continue;
        }
        return true;
      case '/':
        if (pos_ + 1 < n && src_[pos_ + 1] == '/') {
          pos_ += 2;
          while (pos_ < n && src_[pos_] != '\n' && src_[pos_] != '\r') {
            if (static_cast<unsigned char>(src_[pos_]) >= 0x80) {
              uint32_t p = pos_;
              if (IsLineTerminator(DecodeAt(p))) break;
              pos_ = p;
            } else {
              ++pos_;
            }
          }
          continue;
        }
        if (pos_ + 1 < n && src_[pos_ + 1] == '*') {
          const uint32_t start_line = line_, start_column = ColumnAt(pos_);
          pos_ += 2;
          bool closed = false;
          while (pos_ < n) {
            char d = src_[pos_];
            if (d == '*' && pos_ + 1 < n && src_[pos_ + 1] == '/') {
              pos_ += 2;
              closed = true;
              break;
            }
            if (d == '\n') {
              ++pos_;
              NewLine(pos_);
              token_.newline_before = true;
            } else if (d == '\r') {
              ++pos_;
              if (pos_ < n && src_[pos_] == '\n') ++pos_;
              NewLine(pos_);
              token_.newline_before = true;
            } else if (static_cast<unsigned char>(d) >= 0x80) {
              if (IsLineTerminator(DecodeAt(pos_))) {
                NewLine(pos_);
                token_.newline_before = true;
              }
            } else {
              ++pos_;
            }
          }
          if (!closed) {
            ErrorAt(start_line, start_column, "Invalid or unexpected token");
            return false;
          }
          continue;
        }
        return true;
      default:
        if (static_cast<unsigned char>(c) >= 0x80) {
          uint32_t p = pos_;
          char32_t cp = DecodeAt(p);
          if (IsJsWhitespace(cp)) {
            pos_ = p;
            continue;
          }
          if (cp == 0x2028 || cp == 0x2029) {
            pos_ = p;
            NewLine(pos_);
            token_.newline_before = true;
            continue;
          }
        }
        return true;
    }
  }
  return true;
}

void Lexer::Next() {
  token_.newline_before = false;
  token_.escaped = false;
  token_.legacy_octal = false;
  if (!SkipTrivia()) return;
  token_.start = pos_;
  token_.line = line_;
  token_.column = ColumnAt(pos_);
  if (pos_ >= src_.size()) {
    token_.type = Tok::kEof;
    token_.end = pos_;
    return;
  }
  char c = src_[pos_];
  if (IsAsciiIdStart(c) || c == '\\') {
    LexIdentifierOrKeyword(false);
  } else if (IsDigit(c) || (c == '.' && pos_ + 1 < src_.size() && IsDigit(src_[pos_ + 1]))) {
    LexNumber();
  } else if (c == '"' || c == '\'') {
    LexString(c);
  } else if (c == '`') {
    ++pos_;
    LexTemplate(true);
  } else if (c == '#') {
    uint32_t p = pos_ + 1;
    if (p < src_.size() &&
        (IsAsciiIdStart(src_[p]) || src_[p] == '\\' ||
         (static_cast<unsigned char>(src_[p]) >= 0x80 && IsIdStart(DecodeAt(p))))) {
      ++pos_;
      LexIdentifierOrKeyword(true);
    } else {
      Error(pos_, "Invalid or unexpected token");
    }
  } else if (static_cast<unsigned char>(c) >= 0x80) {
    uint32_t p = pos_;
    if (IsIdStart(DecodeAt(p))) {
      LexIdentifierOrKeyword(false);
    } else {
      Error(pos_, "Invalid or unexpected token");
    }
  } else {
    LexPunctuator();
  }
  token_.end = pos_;
}

bool Lexer::ReadUnicodeEscape(uint32_t& pos, char32_t* cp) {
  // pos points at 'u'.
  const uint32_t n = static_cast<uint32_t>(src_.size());
  ++pos;
  if (pos < n && src_[pos] == '{') {
    ++pos;
    char32_t v = 0;
    int digits = 0;
    while (pos < n && HexVal(src_[pos]) >= 0) {
      v = v * 16 + HexVal(src_[pos]);
      if (v > 0x10FFFF) v = 0x110000;  // saturate
      ++pos;
      ++digits;
    }
    if (digits == 0 || pos >= n || src_[pos] != '}') return false;
    ++pos;
    if (v > 0x10FFFF) return false;
    *cp = v;
    return true;
  }
  char32_t v = 0;
  for (int k = 0; k < 4; ++k) {
    if (pos >= n || HexVal(src_[pos]) < 0) return false;
    v = v * 16 + HexVal(src_[pos]);
    ++pos;
  }
  *cp = v;
  return true;
}

void Lexer::LexIdentifierOrKeyword(bool is_private) {
  const uint32_t n = static_cast<uint32_t>(src_.size());
  uint32_t start = pos_;
  // ASCII fast path.
  while (pos_ < n && IsAsciiIdContinue(src_[pos_])) ++pos_;
  bool slow = pos_ < n && (src_[pos_] == '\\' || static_cast<unsigned char>(src_[pos_]) >= 0x80);
  token_.text.assign(src_.data() + start, pos_ - start);
  if (slow) {
    bool first = pos_ == start;
    while (pos_ < n) {
      char c = src_[pos_];
      if (IsAsciiIdContinue(c)) {
        token_.text += c;
        ++pos_;
        first = false;
        continue;
      }
      if (c == '\\') {
        uint32_t esc = pos_;
        uint32_t p = pos_ + 1;
        char32_t cp = 0;
        if (p >= n || src_[p] != 'u' || !ReadUnicodeEscape(p, &cp)) {
          Error(esc, "Invalid Unicode escape sequence");
          return;
        }
        if (first ? !IsIdStart(cp) : !IsIdContinue(cp)) {
          Error(esc, "Invalid Unicode escape sequence");
          return;
        }
        AppendUtf8(token_.text, cp);
        token_.escaped = true;
        pos_ = p;
        first = false;
        continue;
      }
      if (static_cast<unsigned char>(c) >= 0x80) {
        uint32_t p = pos_;
        char32_t cp = DecodeAt(p);
        if (first ? !IsIdStart(cp) : !IsIdContinue(cp)) break;
        token_.text.append(src_.data() + pos_, p - pos_);
        pos_ = p;
        first = false;
        continue;
      }
      break;
    }
  }
  if (is_private) {
    token_.type = Tok::kPrivateName;
    return;
  }
  token_.type = token_.escaped ? Tok::kIdentifier : KeywordTok(token_.text);
}

void Lexer::LexNumber() {
  const uint32_t n = static_cast<uint32_t>(src_.size());
  const uint32_t start = pos_;
  auto peek = [&](uint32_t p) -> char { return p < n ? src_[p] : '\0'; };
  // Reads digits accepted by `ok` with numeric separators; appends them (without '_') to out.
  // Returns false (after reporting) on a misplaced separator.
  auto digits = [&](auto ok, std::string& out) -> bool {
    bool prev_digit = false;
    while (pos_ < n) {
      char c = src_[pos_];
      if (c == '_') {
        if (!prev_digit) {
          if (peek(pos_ - 1) == '_') {
            Error(pos_, "Only one underscore is allowed as numeric separator");
          } else {
            Error(pos_, "Numeric separators are not allowed here");
          }
          return false;
        }
        if (!ok(peek(pos_ + 1))) {
          if (peek(pos_ + 1) == '_') {
            Error(pos_ + 1, "Only one underscore is allowed as numeric separator");
          } else {
            Error(pos_, "Numeric separators are not allowed at the end of numeric literals");
          }
          return false;
        }
        prev_digit = false;
        ++pos_;
        continue;
      }
      if (!ok(c)) break;
      out += c;
      prev_digit = true;
      ++pos_;
    }
    return true;
  };
  auto is_dec = [](char c) { return IsDigit(c); };
  std::string buf;
  bool is_bigint = false;
  char c0 = src_[pos_];
  char c1 = peek(pos_ + 1);
  if (c0 == '0' && (c1 == 'x' || c1 == 'X' || c1 == 'o' || c1 == 'O' || c1 == 'b' || c1 == 'B')) {
    int radix = (c1 == 'x' || c1 == 'X') ? 16 : (c1 == 'o' || c1 == 'O') ? 8 : 2;
    pos_ += 2;
    if (peek(pos_) == '_') {
      Error(pos_, "Numeric separators are not allowed here");
      return;
    }
    bool ok;
    if (radix == 16) {
      ok = digits([](char c) { return HexVal(c) >= 0; }, buf);
    } else if (radix == 8) {
      ok = digits([](char c) { return c >= '0' && c <= '7'; }, buf);
    } else {
      ok = digits([](char c) { return c == '0' || c == '1'; }, buf);
    }
    if (!ok) return;
    if (buf.empty()) {
      Error(start, "Invalid or unexpected token");
      return;
    }
    int bits = radix == 16 ? 4 : radix == 8 ? 3 : 1;
    if (peek(pos_) == 'n') {
      ++pos_;
      is_bigint = true;
      token_.text = RadixDigitsToDecimal(buf, radix);
    } else {
      token_.number = RadixDigitsToDouble(buf, bits);
    }
  } else if (c0 == '0' && IsDigit(c1)) {
    // Legacy octal (0777) or NonOctalDecimalIntegerLiteral (089): sloppy mode only.
    uint32_t p = pos_ + 1;
    bool octal = true;
    while (p < n && IsDigit(src_[p])) {
      if (src_[p] >= '8') octal = false;
      ++p;
    }
    if (peek(p) == '_') {
      Error(p, "Numeric separator can not be used after leading 0.");
      return;
    }
    token_.legacy_octal = true;
    if (octal) {
      double v = 0;
      for (uint32_t i = pos_ + 1; i < p; ++i) v = v * 8 + (src_[i] - '0');
      token_.number = v;
      pos_ = p;
    } else {
      buf.assign(src_.data() + pos_, p - pos_);
      pos_ = p;
      if (peek(pos_) == '.') {
        buf += '.';
        ++pos_;
        if (!digits(is_dec, buf)) return;
      }
      if (peek(pos_) == 'e' || peek(pos_) == 'E') {
        uint32_t save = pos_;
        std::string exp = "e";
        ++pos_;
        if (peek(pos_) == '+' || peek(pos_) == '-') exp += src_[pos_++];
        if (!IsDigit(peek(pos_))) {
          pos_ = save;
          Error(start, "Invalid or unexpected token");
          return;
        }
        if (!digits(is_dec, exp)) return;
        buf += exp;
      }
      double v = 0;
      std::from_chars(buf.data(), buf.data() + buf.size(), v);
      token_.number = v;
    }
    if (peek(pos_) == 'n') {
      Error(start, "Invalid or unexpected token");
      return;
    }
  } else {
    if (c0 == '0' && c1 == '_') {
      Error(pos_ + 1, "Numeric separator can not be used after leading 0.");
      return;
    }
    if (!digits(is_dec, buf)) return;
    bool is_integer = true;
    if (peek(pos_) == '.') {
      is_integer = false;
      buf += '.';
      ++pos_;
      if (peek(pos_) == '_') {
        Error(pos_, "Numeric separators are not allowed here");
        return;
      }
      if (!digits(is_dec, buf)) return;
    }
    if (peek(pos_) == 'e' || peek(pos_) == 'E') {
      is_integer = false;
      std::string exp = "e";
      ++pos_;
      if (peek(pos_) == '+' || peek(pos_) == '-') exp += src_[pos_++];
      if (!IsDigit(peek(pos_))) {
        Error(start, "Invalid or unexpected token");
        return;
      }
      if (!digits(is_dec, exp)) return;
      buf += exp;
    }
    if (is_integer && peek(pos_) == 'n') {
      ++pos_;
      is_bigint = true;
      size_t nz = buf.find_first_not_of('0');
      token_.text = nz == std::string::npos ? "0" : buf.substr(nz);
    } else {
      if (buf[0] == '.') buf.insert(buf.begin(), '0');
      if (buf.back() == '.') buf.pop_back();
      double v = 0;
      auto r = std::from_chars(buf.data(), buf.data() + buf.size(), v);
      if (r.ec == std::errc::result_out_of_range) {
        // from_chars reports overflow/underflow without a value: classify by the exponent.
        size_t e = buf.find('e');
        bool negative_exp = e != std::string::npos && e + 1 < buf.size() && buf[e + 1] == '-';
        v = negative_exp ? 0.0 : HUGE_VAL;
      }
      token_.number = v;
    }
  }
  // The SourceCharacter immediately following a NumericLiteral must not be an IdentifierStart or
  // DecimalDigit (§12.9.3).
  if (pos_ < n) {
    uint32_t p = pos_;
    char32_t next = DecodeAt(p);
    if (IsIdStart(next) || IsDigit(static_cast<char>(next < 0x80 ? next : 0)) || next == '\\') {
      Error(start, "Invalid or unexpected token");
      return;
    }
  }
  token_.type = is_bigint ? Tok::kBigInt : Tok::kNumber;
}

bool Lexer::ReadEscape(uint32_t& pos, std::u16string& out, bool for_template) {
  // pos points just after the backslash.
  const uint32_t n = static_cast<uint32_t>(src_.size());
  uint32_t esc_start = pos - 1;
  auto fail = [&](const char* msg) {
    if (for_template) {
      if (token_.cooked_error.empty()) {
        token_.cooked_error = msg;
        token_.cooked_error_line = line_;
        token_.cooked_error_column = ColumnAt(esc_start);
      }
      return true;  // keep scanning: the raw text is still valid
    }
    Error(esc_start, msg);
    return false;
  };
  if (pos >= n) {
    Error(pos, for_template ? "Unexpected end of input" : "Invalid or unexpected token");
    return false;
  }
  char c = src_[pos];
  switch (c) {
    case 'n':
      out += u'\n';
      ++pos;
      return true;
    case 't':
      out += u'\t';
      ++pos;
      return true;
    case 'r':
      out += u'\r';
      ++pos;
      return true;
    case 'b':
      out += u'\b';
      ++pos;
      return true;
    case 'f':
      out += u'\f';
      ++pos;
      return true;
    case 'v':
      out += u'\v';
      ++pos;
      return true;
    case '\r':
      ++pos;
      if (pos < n && src_[pos] == '\n') ++pos;
      NewLine(pos);
      return true;
    case '\n':
      ++pos;
      NewLine(pos);
      return true;
    case 'x': {
      int h1 = pos + 1 < n ? HexVal(src_[pos + 1]) : -1;
      int h2 = pos + 2 < n ? HexVal(src_[pos + 2]) : -1;
      if (h1 < 0 || h2 < 0) {
        ++pos;
        return fail("Invalid hexadecimal escape sequence");
      }
      out += static_cast<char16_t>(h1 * 16 + h2);
      pos += 3;
      return true;
    }
    case 'u': {
      uint32_t p = pos;
      char32_t cp = 0;
      if (!ReadUnicodeEscape(p, &cp)) {
        // Distinguish \u{110000} (too large) from malformed escapes, as V8 does.
        bool braced = pos + 1 < n && src_[pos + 1] == '{';
        bool too_big = false;
        if (braced) {
          uint32_t q = pos + 2;
          while (q < n && HexVal(src_[q]) >= 0) ++q;
          too_big = q > pos + 2 && q < n && src_[q] == '}';
        }
        ++pos;
        return fail(too_big ? "Undefined Unicode code-point" : "Invalid Unicode escape sequence");
      }
      AppendUtf16(out, cp);
      pos = p;
      return true;
    }
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7': {
      if (c == '0' && !(pos + 1 < n && IsDigit(src_[pos + 1]))) {
        out += u'\0';
        ++pos;
        return true;
      }
      if (for_template) {
        ++pos;
        return fail("Octal escape sequences are not allowed in template strings.");
      }
      // LegacyOctalEscapeSequence (Annex B.1.2).
      int v = c - '0';
      ++pos;
      int max_more = c <= '3' ? 2 : 1;
      for (int k = 0; k < max_more && pos < n && src_[pos] >= '0' && src_[pos] <= '7'; ++k) {
        v = v * 8 + (src_[pos] - '0');
        ++pos;
      }
      out += static_cast<char16_t>(v);
      token_.legacy_octal = true;
      return true;
    }
    case '8':
    case '9':
      if (for_template) {
        ++pos;
        return fail("\\8 and \\9 are not allowed in template strings.");
      }
      out += static_cast<char16_t>(c);
      ++pos;
      token_.legacy_octal = true;
      return true;
    default:
      break;
  }
  if (static_cast<unsigned char>(c) >= 0x80) {
    char32_t cp = DecodeAt(pos);
    if (cp == 0x2028 || cp == 0x2029) {
      NewLine(pos);  // LineContinuation
      return true;
    }
    AppendUtf16(out, cp);
    return true;
  }
  out += static_cast<char16_t>(c);  // NonEscapeCharacter (also ' " \ ` $ { })
  ++pos;
  return true;
}

void Lexer::LexString(char quote) {
  const uint32_t n = static_cast<uint32_t>(src_.size());
  std::u16string& out = token_.str;
  out.clear();
  ++pos_;
  while (true) {
    // Bulk-copy a run of plain ASCII characters.
    uint32_t run = pos_;
    while (run < n) {
      char c = src_[run];
      if (c == quote || c == '\\' || c == '\n' || c == '\r' ||
          static_cast<unsigned char>(c) >= 0x80) {
        break;
      }
      ++run;
    }
    for (uint32_t i = pos_; i < run; ++i) out += static_cast<char16_t>(src_[i]);
    pos_ = run;
    if (pos_ >= n) {
      ErrorAt(token_.line, token_.column, "Invalid or unexpected token");
      return;
    }
    char c = src_[pos_];
    if (c == quote) {
      ++pos_;
      break;
    }
    if (c == '\n' || c == '\r') {
      ErrorAt(token_.line, token_.column, "Invalid or unexpected token");
      return;
    }
    if (c == '\\') {
      token_.escaped = true;
      ++pos_;
      if (!ReadEscape(pos_, out, false)) return;
      continue;
    }
    AppendUtf16(out, DecodeAt(pos_));  // U+2028/2029 are allowed in strings (ES2019)
  }
  token_.type = Tok::kString;
}

void Lexer::LexTemplate(bool head) {
  // pos_ is just after '`' (head) or '}' (continuation).
  (void)head;
  const uint32_t n = static_cast<uint32_t>(src_.size());
  token_.str.clear();
  token_.raw.clear();
  token_.cooked_error.clear();
  while (true) {
    if (pos_ >= n) {
      Error(pos_, "Unexpected end of input");
      return;
    }
    char c = src_[pos_];
    if (c == '`') {
      ++pos_;
      token_.template_tail = true;
      break;
    }
    if (c == '$' && pos_ + 1 < n && src_[pos_ + 1] == '{') {
      pos_ += 2;
      token_.template_tail = false;
      break;
    }
    if (c == '\\') {
      uint32_t esc = pos_;
      ++pos_;
      if (!ReadEscape(pos_, token_.str, true)) return;
      // Raw text: the source characters of the escape, with CR/CRLF normalized to LF.
      for (uint32_t i = esc; i < pos_; ++i) {
        char r = src_[i];
        if (r == '\r') {
          token_.raw += u'\n';
          if (i + 1 < pos_ && src_[i + 1] == '\n') ++i;
        } else if (static_cast<unsigned char>(r) >= 0x80) {
          uint32_t p = i;
          AppendUtf16(token_.raw, DecodeAt(p));
          i = p - 1;
        } else {
          token_.raw += static_cast<char16_t>(r);
        }
      }
      continue;
    }
    if (c == '\r') {  // CR and CRLF are normalized to LF in cooked and raw values
      ++pos_;
      if (pos_ < n && src_[pos_] == '\n') ++pos_;
      NewLine(pos_);
      token_.str += u'\n';
      token_.raw += u'\n';
      continue;
    }
    if (c == '\n') {
      ++pos_;
      NewLine(pos_);
      token_.str += u'\n';
      token_.raw += u'\n';
      continue;
    }
    if (static_cast<unsigned char>(c) >= 0x80) {
      char32_t cp = DecodeAt(pos_);
      if (cp == 0x2028 || cp == 0x2029) NewLine(pos_);
      AppendUtf16(token_.str, cp);
      AppendUtf16(token_.raw, cp);
      continue;
    }
    token_.str += static_cast<char16_t>(c);
    token_.raw += static_cast<char16_t>(c);
    ++pos_;
  }
  token_.type = Tok::kTemplate;
}

void Lexer::RescanTemplateContinuation() {
  // The current token is '}' at token_.start.
  pos_ = token_.start + 1;
  token_.legacy_octal = false;
  LexTemplate(false);
  token_.end = pos_;
}

void Lexer::RescanAsRegExp() {
  const uint32_t n = static_cast<uint32_t>(src_.size());
  uint32_t start = token_.start;
  pos_ = start + 1;
  bool in_class = false;
  while (true) {
    if (pos_ >= n) {
      ErrorAt(token_.line, token_.column, "Invalid regular expression: missing /");
      return;
    }
    char c = src_[pos_];
    if (c == '\n' || c == '\r') {
      ErrorAt(token_.line, token_.column, "Invalid regular expression: missing /");
      return;
    }
    if (static_cast<unsigned char>(c) >= 0x80) {
      uint32_t p = pos_;
      if (IsLineTerminator(DecodeAt(p))) {
        ErrorAt(token_.line, token_.column, "Invalid regular expression: missing /");
        return;
      }
      pos_ = p;
      continue;
    }
    if (c == '\\') {
      ++pos_;
      if (pos_ >= n || src_[pos_] == '\n' || src_[pos_] == '\r') {
        ErrorAt(token_.line, token_.column, "Invalid regular expression: missing /");
        return;
      }
      uint32_t p = pos_;
      if (IsLineTerminator(DecodeAt(p))) {
        ErrorAt(token_.line, token_.column, "Invalid regular expression: missing /");
        return;
      }
      pos_ = p;
      continue;
    }
    if (c == '[') {
      in_class = true;
    } else if (c == ']') {
      in_class = false;
    } else if (c == '/' && !in_class) {
      break;
    }
    ++pos_;
  }
  token_.text.assign(src_.data() + start + 1, pos_ - start - 1);
  ++pos_;  // closing '/'
  uint32_t flags_start = pos_;
  token_.flags.clear();
  while (pos_ < n) {
    uint32_t p = pos_;
    char32_t cp = DecodeAt(p);
    if (cp == '\\' || !IsIdContinue(cp)) break;
    AppendUtf8(token_.flags, cp);
    pos_ = p;
  }
  if (pos_ < n && src_[pos_] == '\\') {
    Error(flags_start, "Invalid regular expression flags");
    return;
  }
  unsigned seen = 0;
  for (char f : token_.flags) {
    const char* all = "dgimsuvy";
    const char* at = std::strchr(all, f);
    if (f == '\0' || at == nullptr || (seen & (1u << (at - all)))) {
      Error(start, "Invalid regular expression flags");
      return;
    }
    seen |= 1u << (at - all);
  }
  if ((seen & (1u << 5)) && (seen & (1u << 6))) {  // both u and v
    Error(start, "Invalid regular expression flags");
    return;
  }
  token_.type = Tok::kRegExp;
  token_.end = pos_;
}

bool Lexer::PeekArrow() const {
  const uint32_t n = static_cast<uint32_t>(src_.size());
  uint32_t p = pos_;
  while (p < n) {
    char c = src_[p];
    if (c == ' ' || c == '\t' || c == '\v' || c == '\f') {
      ++p;
      continue;
    }
    if (c == '/' && p + 1 < n && src_[p + 1] == '*') {
      uint32_t q = p + 2;
      while (q + 1 < n && !(src_[q] == '*' && src_[q + 1] == '/')) {
        if (src_[q] == '\n' || src_[q] == '\r') return false;
        ++q;
      }
      if (q + 1 >= n) return false;
      p = q + 2;
      continue;
    }
    if (static_cast<unsigned char>(c) >= 0x80) {
      uint32_t q = p;
      if (!IsJsWhitespace(DecodeAt(q))) return false;
      p = q;
      continue;
    }
    return c == '=' && p + 1 < n && src_[p + 1] == '>';
  }
  return false;
}

void Lexer::RescanGreater() {
  // token_ is '>' at token_.start; pos_ == token_.start + 1.
  const uint32_t n = static_cast<uint32_t>(src_.size());
  auto at = [&](uint32_t p) -> char { return p < n ? src_[p] : '\0'; };
  uint32_t p = token_.start + 1;
  if (at(p) == '>') {
    if (at(p + 1) == '>') {
      if (at(p + 2) == '=') {
        token_.type = Tok::kShrAssign;
        pos_ = p + 3;
      } else {
        token_.type = Tok::kShr;
        pos_ = p + 2;
      }
    } else if (at(p + 1) == '=') {
      token_.type = Tok::kSarAssign;
      pos_ = p + 2;
    } else {
      token_.type = Tok::kSar;
      pos_ = p + 1;
    }
  } else if (at(p) == '=') {
    token_.type = Tok::kGe;
    pos_ = p + 1;
  }
  token_.end = pos_;
}

void Lexer::LexPunctuator() {
  const uint32_t n = static_cast<uint32_t>(src_.size());
  auto at = [&](uint32_t off) -> char { return pos_ + off < n ? src_[pos_ + off] : '\0'; };
  char c = src_[pos_];
  Tok t;
  int len = 1;
  switch (c) {
    case '{':
      t = Tok::kLBrace;
      break;
    case '}':
      t = Tok::kRBrace;
      break;
    case '(':
      t = Tok::kLParen;
      break;
    case ')':
      t = Tok::kRParen;
      break;
    case '[':
      t = Tok::kLBracket;
      break;
    case ']':
      t = Tok::kRBracket;
      break;
    case ';':
      t = Tok::kSemicolon;
      break;
    case ',':
      t = Tok::kComma;
      break;
    case ':':
      t = Tok::kColon;
      break;
    case '~':
      t = Tok::kTilde;
      break;
    case '@':
      t = Tok::kAt;
      break;
    case '.':
      if (at(1) == '.' && at(2) == '.') {
        t = Tok::kEllipsis;
        len = 3;
      } else {
        t = Tok::kDot;
      }
      break;
    case '?':
      if (at(1) == '?') {
        if (at(2) == '=') {
          t = Tok::kNullishAssign;
          len = 3;
        } else {
          t = Tok::kNullish;
          len = 2;
        }
      } else if (at(1) == '.' && !IsDigit(at(2))) {
        t = Tok::kQuestionDot;
        len = 2;
      } else {
        t = Tok::kQuestion;
      }
      break;
    case '<':
      if (at(1) == '<') {
        if (at(2) == '=') {
          t = Tok::kShlAssign;
          len = 3;
        } else {
          t = Tok::kShl;
          len = 2;
        }
      } else if (at(1) == '=') {
        t = Tok::kLe;
        len = 2;
      } else {
        t = Tok::kLt;
      }
      break;
    case '>':
      t = Tok::kGt;  // joined by RescanGreater in expression context
      break;
    case '=':
      if (at(1) == '=') {
        if (at(2) == '=') {
          t = Tok::kStrictEq;
          len = 3;
        } else {
          t = Tok::kEq;
          len = 2;
        }
      } else if (at(1) == '>') {
        t = Tok::kArrow;
        len = 2;
      } else {
        t = Tok::kAssign;
      }
      break;
    case '!':
      if (at(1) == '=') {
        if (at(2) == '=') {
          t = Tok::kStrictNe;
          len = 3;
        } else {
          t = Tok::kNe;
          len = 2;
        }
      } else {
        t = Tok::kBang;
      }
      break;
    case '+':
      if (at(1) == '+') {
        t = Tok::kInc;
        len = 2;
      } else if (at(1) == '=') {
        t = Tok::kPlusAssign;
        len = 2;
      } else {
        t = Tok::kPlus;
      }
      break;
    case '-':
      if (at(1) == '-') {
        t = Tok::kDec;
        len = 2;
      } else if (at(1) == '=') {
        t = Tok::kMinusAssign;
        len = 2;
      } else {
        t = Tok::kMinus;
      }
      break;
    case '*':
      if (at(1) == '*') {
        if (at(2) == '=') {
          t = Tok::kStarStarAssign;
          len = 3;
        } else {
          t = Tok::kStarStar;
          len = 2;
        }
      } else if (at(1) == '=') {
        t = Tok::kStarAssign;
        len = 2;
      } else {
        t = Tok::kStar;
      }
      break;
    case '/':
      if (at(1) == '=') {
        t = Tok::kSlashAssign;
        len = 2;
      } else {
        t = Tok::kSlash;
      }
      break;
    case '%':
      if (at(1) == '=') {
        t = Tok::kPercentAssign;
        len = 2;
      } else {
        t = Tok::kPercent;
      }
      break;
    case '&':
      if (at(1) == '&') {
        if (at(2) == '=') {
          t = Tok::kAndAndAssign;
          len = 3;
        } else {
          t = Tok::kAndAnd;
          len = 2;
        }
      } else if (at(1) == '=') {
        t = Tok::kAmpAssign;
        len = 2;
      } else {
        t = Tok::kAmp;
      }
      break;
    case '|':
      if (at(1) == '|') {
        if (at(2) == '=') {
          t = Tok::kOrOrAssign;
          len = 3;
        } else {
          t = Tok::kOrOr;
          len = 2;
        }
      } else if (at(1) == '=') {
        t = Tok::kPipeAssign;
        len = 2;
      } else {
        t = Tok::kPipe;
      }
      break;
    case '^':
      if (at(1) == '=') {
        t = Tok::kCaretAssign;
        len = 2;
      } else {
        t = Tok::kCaret;
      }
      break;
    default:
      Error(pos_, "Invalid or unexpected token");
      return;
  }
  token_.type = t;
  pos_ += len;
}

}  // namespace codemode::js
