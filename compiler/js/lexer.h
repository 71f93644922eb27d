// JavaScript lexer (ECMA-262 §12), driven by the parser: it always lexes `/` as a division
// punctuator and `}` as a brace; the parser asks for a rescan as a regular expression
// (RescanAsRegExp) or as a template continuation (RescanTemplateContinuation) where its grammar
// expects one. `>` is always a single token so that TypeScript type argument lists nest; the parser
// joins `>>`, `>=`, ... with RescanGreater in expression context.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace codemode::js {

enum class Tok : uint8_t {
  kEof,
  kError,       // lexical error: see Lexer::error()
  kIdentifier,  // IdentifierName that is not a reserved keyword (or an escaped one: Token::escaped)
  kPrivateName,  // #name (Token::text is the name without '#')
  kNumber,
  kBigInt,
  kString,
  // A template piece: `...` / `...${ / }...${ / }...` (Token::template_tail: ends with a backtick).
  kTemplate,
  kRegExp,
  // Reserved words (ECMA-262 §12.7.2) that are never identifiers.
  kBreak,
  kCase,
  kCatch,
  kClass,
  kConst,
  kContinue,
  kDebugger,
  kDefault,
  kDelete,
  kDo,
  kElse,
  kEnum,
  kExport,
  kExtends,
  kFalse,
  kFinally,
  kFor,
  kFunction,
  kIf,
  kImport,
  kIn,
  kInstanceof,
  kNew,
  kNull,
  kReturn,
  kSuper,
  kSwitch,
  kThis,
  kThrow,
  kTrue,
  kTry,
  kTypeof,
  kVar,
  kVoid,
  kWhile,
  kWith,
  // Punctuators.
  kLBrace,
  kRBrace,
  kLParen,
  kRParen,
  kLBracket,
  kRBracket,
  kDot,
  kEllipsis,
  kSemicolon,
  kComma,
  kQuestion,
  kQuestionDot,
  kColon,
  kArrow,
  kHash,
  kLt,
  kGt,
  kLe,
  kGe,
  kEq,
  kNe,
  kStrictEq,
  kStrictNe,
  kPlus,
  kMinus,
  kStar,
  kSlash,
  kPercent,
  kStarStar,
  kInc,
  kDec,
  kShl,
  kSar,
  kShr,
  kAmp,
  kPipe,
  kCaret,
  kBang,
  kTilde,
  kAndAnd,
  kOrOr,
  kNullish,
  kAssign,
  kPlusAssign,
  kMinusAssign,
  kStarAssign,
  kSlashAssign,
  kPercentAssign,
  kStarStarAssign,
  kShlAssign,
  kSarAssign,
  kShrAssign,
  kAmpAssign,
  kPipeAssign,
  kCaretAssign,
  kAndAndAssign,
  kOrOrAssign,
  kNullishAssign,
  kAt,
};

// Source text of a punctuator/keyword token (e.g. "=>", "if"); "" for other kinds.
const char* TokText(Tok t);
inline bool IsKeywordTok(Tok t) { return t >= Tok::kBreak && t <= Tok::kWith; }
// The keyword token for a reserved word (§12.7.2), or Tok::kIdentifier for any other name.
Tok KeywordTok(std::string_view name);

struct Token {
  Tok type = Tok::kEof;
  bool newline_before =
      false;             // a LineTerminator precedes this token (ASI, restricted productions)
  bool escaped = false;  // identifier/keyword written with \u escapes; string with any escape
  // Number: legacy octal (010) or leading-zero decimal (08); string/template: a legacy octal escape
  // (\01, \8, \9). Errors in strict mode (checked by the parser, which knows the mode).
  bool legacy_octal = false;
  bool template_tail = false;  // kTemplate ending with a backtick (else it ends with `${`)
  uint32_t start = 0;          // byte offset of the first character
  uint32_t end = 0;            // byte offset after the last character
  uint32_t line = 1;           // 1-based position of the first character
  uint32_t column = 1;         // 1-based, UTF-16 code units
  double number = 0;           // kNumber value
  std::string text;            // kIdentifier/kPrivateName name (UTF-8), kBigInt decimal digits,
                               // kRegExp pattern
  std::string flags;           // kRegExp flags
  std::u16string str;          // kString value; kTemplate cooked value (when cooked_error is empty)
  std::u16string raw;          // kTemplate raw value
  // kTemplate with an invalid escape: message and position (the cooked value is undefined when
  // tagged).
  std::string cooked_error;
  uint32_t cooked_error_line = 0, cooked_error_column = 0;
};

struct LexError {
  std::string message;
  uint32_t line = 1, column = 1;
};

class Lexer {
 public:
  explicit Lexer(std::string_view source);

  // The source must have been validated as UTF-8 before calling Next (ValidateUtf8).
  // Returns the byte offset of the first invalid sequence, or nullopt if valid.
  static std::optional<uint32_t> ValidateUtf8(std::string_view s);

  // Lexes the next token into token() (skipping whitespace/comments). On a lexical error the token
  // is kError and error() is set.
  void Next();

  const Token& token() const { return token_; }
  Token& token() { return token_; }
  const LexError& error() const { return error_; }

  // The current token is `/` or `/=`: rescan it as a RegularExpressionLiteral (§12.9.5).
  void RescanAsRegExp();
  // The current token is `}`: rescan it as TemplateMiddle/TemplateTail.
  void RescanTemplateContinuation();
  // The current token is `>`: join it with directly following `>`/`=` (>>, >>>, >=, >>=, >>>=).
  void RescanGreater();

  // Full lexer state for backtracking (speculative parsing).
  struct State {
    uint32_t pos, line, line_start;
    Token token;
  };
  State Save() const { return State{pos_, line_, line_start_, token_}; }
  void Restore(const State& s);
  uint32_t pos() const { return pos_; }
  // True if the next characters after the current token are `=>` on the same line (cheap lookahead
  // for `x => ...`; only spaces and single-line block comments may come between).
  bool PeekArrow() const;  // byte offset where the next token's trivia starts

  std::string_view source() const { return src_; }

 private:
  bool SkipTrivia();
  void SkipLineComment();  // to the next line terminator (not consumed)  // false on a lexical
                           // error (unterminated comment)
  void Error(uint32_t offset, std::string message);
  void ErrorAt(uint32_t line, uint32_t column, std::string message);
  uint32_t ColumnAt(uint32_t offset) const;
  void NewLine(uint32_t next_line_start);

  void LexIdentifierOrKeyword(bool is_private);
  void LexNumber();
  void LexString(char quote);
  void LexTemplate(bool head);
  void LexPunctuator();

  // Decodes one UTF-8 code point at pos (advances pos). Input is valid UTF-8.
  char32_t DecodeAt(uint32_t& pos) const;
  // Reads \uXXXX or \u{X...} after the backslash-u at `pos` (pointing at 'u'). Returns false on
  // error.
  bool ReadUnicodeEscape(uint32_t& pos, char32_t* cp);
  // Escape sequence in a string/template starting after the backslash. `for_template`: errors go to
  // the cooked-error slot instead of failing. Returns false on a hard error.
  bool ReadEscape(uint32_t& pos, std::u16string& out, bool for_template);

  std::string_view src_;
  uint32_t pos_ = 0;
  uint32_t line_ = 1;
  uint32_t line_start_ = 0;  // byte offset of the current line's first character
  Token token_;
  LexError error_;
  // Column cache for ColumnAt on long lines.
  mutable uint32_t col_cache_line_start_ = UINT32_MAX;
  mutable uint32_t col_cache_offset_ = 0;
  mutable uint32_t col_cache_column_ = 1;
};

// Character classes (ECMA-262 §12.2, §12.3, §12.7). Non-ASCII ID_Start/ID_Continue are
// approximated: any code point that is not whitespace, a line terminator or in a known
// symbol/punctuation block.
bool IsIdStart(char32_t c);
bool IsIdContinue(char32_t c);
bool IsJsWhitespace(char32_t c);
bool IsLineTerminator(char32_t c);

void AppendUtf16(std::u16string& out, char32_t cp);
void AppendUtf8(std::string& out, char32_t cp);

}  // namespace codemode::js
