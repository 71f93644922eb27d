// Lua 5.4 lexer (manual §3.1): bytes → tokens, driven by compiler/lua/parser.cc.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace codemode::lua {

enum class Tok : uint8_t {
  // Reserved words (§3.1), in the manual's order.
  kAnd,
  kBreak,
  kDo,
  kElse,
  kElseif,
  kEnd,
  kFalse,
  kFor,
  kFunction,
  kGoto,
  kIf,
  kIn,
  kLocal,
  kNil,
  kNot,
  kOr,
  kRepeat,
  kReturn,
  kThen,
  kTrue,
  kUntil,
  kWhile,
  // Multi-byte symbols.
  kIDiv,     // //
  kConcat,   // ..
  kDots,     // ...
  kEq,       // ==
  kGe,       // >=
  kLe,       // <=
  kNe,       // ~=
  kShl,      // <<
  kShr,      // >>
  kDbColon,  // ::
  // Single-byte symbols.
  kPlus,
  kMinus,
  kStar,
  kSlash,
  kPercent,
  kCaret,
  kHash,
  kAmp,
  kTilde,
  kPipe,
  kLt,
  kGt,
  kAssign,  // =
  kLParen,
  kRParen,
  kLBrace,
  kRBrace,
  kLBracket,
  kRBracket,
  kSemi,
  kColon,
  kComma,
  kDot,
  kOther,  // any other byte (Token::byte): always a syntax error in the parser
  // Values.
  kInt,
  kFloat,
  kName,
  kString,
  kEos,
};

struct Token {
  Tok kind = Tok::kEos;
  uint32_t line = 1;       // 1-based, of the first byte
  uint32_t column = 1;     // 1-based, bytes
  int64_t int_value = 0;   // kInt
  double float_value = 0;  // kFloat
  std::string text;        // kName: the name; kString: decoded bytes
  uint8_t byte = 0;        // kOther
  // kString: the opening quote ('"' or '\''), or 0 for a long bracket of `long_level` '='s.
  char delimiter = 0;
  uint32_t long_level = 0;
  uint32_t start = 0;  // byte offsets of the token in the source (end exclusive)
  uint32_t end = 0;
};

// A lexical error: message as lua5.4 words it, including its "near ..." part.
struct LexError {
  std::string message;
  uint32_t line = 1;
  uint32_t column = 1;
};

// Splits `source` into tokens. Never reads outside `source`; any byte sequence yields tokens or
// one LexError. After an error, Next() keeps returning kEos.
class Lexer {
 public:
  // `skip_shebang`: like luaL_loadfile, skip a UTF-8 BOM and then a first line starting with '#'
  // (the line break stays, so line numbers are unchanged).
  Lexer(std::string_view source, bool skip_shebang);

  // Scans the next token into `*out`. Returns false (and sets error()) on a lexical error.
  bool Next(Token* out);

  // lua5.4's text for the "near ..." part of a message about `tok`: `'x'`, `'"decoded"'`,
  // `'[==[...]==]'`, `'3.5'`, `'<\0>'`, `'end'`, `<eof>` (quotes included where lua5.4 prints
  // them; cut at the first NUL like lua5.4, and at 200 bytes).
  std::string Near(const Token& tok) const;

  const std::optional<LexError>& error() const { return error_; }
  uint32_t line() const { return line_; }
  uint32_t column() const { return static_cast<uint32_t>(pos_ - line_start_) + 1; }

 private:
  int Cur() const { return pos_ < src_.size() ? static_cast<uint8_t>(src_[pos_]) : -1; }
  int PeekAt(size_t ahead) const {
    return pos_ + ahead < src_.size() ? static_cast<uint8_t>(src_[pos_ + ahead]) : -1;
  }
  bool CurIsNewline() const { return Cur() == '\n' || Cur() == '\r'; }
  void IncLine();  // at '\n' or '\r': skips "\n", "\r", "\n\r" or "\r\n"
  size_t SkipSep(std::string* save);
  bool ReadNumeral(Token* tok, size_t start);
  bool ReadLongString(Token* tok, size_t sep, bool is_comment, uint32_t start_line);
  bool ReadString(Token* tok, int delimiter);
  bool Fail(std::string message, std::string near);

  std::string_view src_;
  size_t pos_ = 0;
  size_t line_start_ = 0;
  uint32_t line_ = 1;
  std::optional<LexError> error_;
};

// lua5.4's spelling of a token kind for messages: "'end'", "'=='", "<eof>", "<name>", ...
std::string TokenKindText(Tok kind);

// Converts a Lua numeral (§3.1, lua5.4's luaO_str2num rules, no sign or spaces) to an integer or
// float. Returns false when `text` is not a numeral. Hex integers wrap modulo 2^64; decimal
// integers that do not fit int64 become floats; floats use strtod in the "C" locale (hex floats
// included), so they are correctly rounded.
bool ConvertNumeral(std::string_view text, bool* is_integer, int64_t* int_value,
                    double* float_value);

}  // namespace codemode::lua
