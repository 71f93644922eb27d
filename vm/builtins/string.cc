// String (ECMA-262 §22.1): the constructor, String.fromCharCode/fromCodePoint and every
// String.prototype method that needs no RegExp engine. String.raw, match, matchAll and search are
// in the prelude (vm/prelude/20-string.js) because they read properties and call methods of their
// arguments; replace/replaceAll/split delegate to the pattern's Symbol.replace/Symbol.split and
// call function replacers through the prelude.
#include <utf8proc.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "vm/builtins/primitives_internal.h"
#include "vm/support/numconv.h"
#include "vm/support/text.h"

namespace codemode::vm {
namespace {

using prim::ChargeUnits;
using prim::NeedsRecall;
using prim::Recall;

// ------------------------------------------------------------------------------------ code units

// Read access to the code units of a flat string (one-byte Latin-1 or two-byte UTF-16).
class Units {
 public:
  explicit Units(String* s) {
    s->Flatten();
    one_byte_ = s->is_one_byte();
    if (one_byte_) {
      std::string_view v = s->one_byte_view();
      p8_ = reinterpret_cast<const uint8_t*>(v.data());
      n_ = v.size();
    } else {
      std::u16string_view v = s->two_byte_view();
      p16_ = v.data();
      n_ = v.size();
    }
  }
  size_t size() const { return n_; }
  bool one_byte() const { return one_byte_; }
  char16_t operator[](size_t i) const { return one_byte_ ? p8_[i] : p16_[i]; }
  std::string_view view8() const { return {reinterpret_cast<const char*>(p8_), n_}; }
  std::u16string_view view16() const { return {p16_, n_}; }
  bool IsAscii() const {
    if (!one_byte_) return false;
    for (size_t i = 0; i < n_; ++i)
      if (p8_[i] >= 0x80) return false;
    return true;
  }
  // Appends units [from, to) to a Latin-1 buffer (only when one_byte()) or a UTF-16 buffer.
  void AppendTo(std::string* out, size_t from, size_t to) const {
    out->append(reinterpret_cast<const char*>(p8_) + from, to - from);
  }
  void AppendTo(std::u16string* out, size_t from, size_t to) const {
    if (one_byte_) {
      for (size_t i = from; i < to; ++i) out->push_back(p8_[i]);
    } else {
      out->append(p16_ + from, to - from);
    }
  }

 private:
  bool one_byte_ = true;
  const uint8_t* p8_ = nullptr;
  const char16_t* p16_ = nullptr;
  size_t n_ = 0;
};

// Knuth-Morris-Pratt: the first k >= from with hay[k, k+m) == needle, or -1. Linear time, so a
// hostile pattern cannot make a search quadratic. `hay(i)` and `needle(j)` return code units.
template <typename HayAt, typename NeedleAt>
int64_t KmpFind(HayAt hay, size_t n, NeedleAt needle, size_t m, size_t from) {
  std::vector<uint32_t> fail(m, 0);
  for (size_t i = 1, k = 0; i < m; ++i) {
    while (k > 0 && needle(i) != needle(k)) k = fail[k - 1];
    if (needle(i) == needle(k)) ++k;
    fail[i] = static_cast<uint32_t>(k);
  }
  size_t q = 0;
  for (size_t i = from; i < n; ++i) {
    while (q > 0 && hay(i) != needle(q)) q = fail[q - 1];
    if (hay(i) == needle(q)) ++q;
    if (q == m) return static_cast<int64_t>(i + 1 - m);
  }
  return -1;
}

// Patterns up to this many units use the simple scan (at most kShortPattern × n comparisons).
constexpr size_t kShortPattern = 16;

// The KMP table is a temporary the heap does not see: refuse patterns the memory limit cannot hold.
bool CheckSearchTable(VM& vm, size_t m) {
  if (m <= kShortPattern) return true;
  return prim::CheckTempBytes(vm, static_cast<uint64_t>(m) * 4);
}

// StringIndexOf (ECMA-262 §6.1.4.1): the first k >= from where needle occurs, or -1.
int64_t IndexOfUnits(VM& vm, const Units& h, const Units& nd, size_t from) {
  size_t n = h.size(), m = nd.size();
  if (m == 0) return from <= n ? static_cast<int64_t>(from) : -1;
  if (m > n || from > n - m) return -1;
  ChargeUnits(vm, (n - from) / 2);
  if (h.one_byte() && nd.one_byte()) {
    // glibc's memmem (a shift-table search) rather than string_view::find, whose memchr-per-candidate
    // loop is slow when the needle's first character is frequent in the haystack.
    const char* base = h.view8().data();
    const void* r = memmem(base + from, n - from, nd.view8().data(), m);
    return r == nullptr ? -1 : static_cast<int64_t>(static_cast<const char*>(r) - base);
  }
  size_t last = n - m;
  if (m <= kShortPattern || last - from < 64) {
    char16_t first = nd[0];
    for (size_t k = from; k <= last; ++k) {
      if (h[k] != first) continue;
      size_t j = 1;
      while (j < m && h[k + j] == nd[j]) ++j;
      if (j == m) return static_cast<int64_t>(k);
    }
    return -1;
  }
  return KmpFind([&](size_t i) { return h[i]; }, n, [&](size_t j) { return nd[j]; }, m, from);
}

// The largest k <= hi where needle occurs, or -1. Requires hi + m <= n.
int64_t LastIndexOfUnits(VM& vm, const Units& h, const Units& nd, size_t hi) {
  size_t n = h.size(), m = nd.size();
  if (m == 0) return static_cast<int64_t>(hi);
  ChargeUnits(vm, hi / 2);
  if (m <= kShortPattern || hi < 64) {
    for (size_t k = hi + 1; k-- > 0;) {
      size_t j = 0;
      while (j < m && h[k + j] == nd[j]) ++j;
      if (j == m) return static_cast<int64_t>(k);
    }
    return -1;
  }
  // KMP over the reversed strings: reversed position r ↔ start k = n - m - r.
  int64_t r = KmpFind([&](size_t i) { return h[n - 1 - i]; }, n,
                      [&](size_t j) { return nd[m - 1 - j]; }, m, n - m - hi);
  return r < 0 ? -1 : static_cast<int64_t>(n - m) - r;
}

bool UnitsEqualAt(const Units& h, size_t at, const Units& nd) {
  for (size_t j = 0; j < nd.size(); ++j)
    if (h[at + j] != nd[j]) return false;
  return true;
}

// ------------------------------------------------------------------------------------ helpers

Value Str(String* s) { return s == nullptr ? Value::Empty() : Value::FromString(s); }

// RequireObjectCoercible(this), the spec's coercions (recalling through the prelude when an object
// needs program code), then ToString(this). nullptr: return Value::Empty() (threw or tail-called).
String* Begin(VM& vm, CallArgs& args, std::string_view method, std::string_view spec) {
  if (args.this_value.IsNullish()) {
    std::string_view dot = method.empty() || method[0] == '[' ? "" : ".";
    vm.ThrowTypeError(prim::Cat("String.prototype", dot, method, " called on null or undefined"));
    return nullptr;
  }
  if (NeedsRecall(args, spec)) {
    Recall(vm, args, spec, method);
    return nullptr;
  }
  return vm.ToStringPrimitive(args.this_value);
}

// The one-unit string at index i (ASCII units come from the atom table: no allocation).
String* UnitString(VM& vm, String* s, uint32_t i) {
  char16_t c = s->At(i);
  if (c < 0x80) {
    char ch = static_cast<char>(c);
    return vm.Intern(std::string_view(&ch, 1));
  }
  return vm.Substring(s, i, i + 1);
}

// Clamps an integer-or-infinity to [0, len].
size_t Clamp(double d, size_t len) {
  if (!(d > 0)) return 0;
  if (d >= static_cast<double>(len)) return len;
  return static_cast<size_t>(d);
}

// V8's message for calling a non-callable: `number 1 is not a function`, `string "x" is not ...`.
Value ThrowNotCallable(VM& vm, Value v) {
  std::string shown;
  if (v.IsString()) {
    shown = prim::Cat("string \"", v.AsString()->ToUtf8(), "\"");
  } else if (v.IsObject() || v.IsSymbol()) {
    shown = prim::DisplayForMessage(vm, v);
  } else {
    shown = prim::Cat(vm.TypeOf(v)->ToUtf8(), " ", prim::DisplayForMessage(vm, v));
  }
  return vm.ThrowTypeError(prim::Cat(shown, " is not a function"));
}

// ------------------------------------------------------------------------------------ constructor

// String(value) / new String(value) (ECMA-262 §22.1.1.1).
Value StringCtor(VM& vm, CallArgs& args) {
  String* s = vm.empty_string();
  if (args.argc > 0) {
    Value v = args[0];
    if (args.new_target.IsUndefined() && v.IsSymbol())
      return Str(prim::SymbolDescriptiveString(vm, v.AsSymbol()));
    if (v.IsObject()) return Recall(vm, args, "-s");
    s = vm.ToStringPrimitive(v);
    if (s == nullptr) return Value::Empty();
  }
  if (args.new_target.IsUndefined()) return Value::FromString(s);
  // StringCreate (§10.4.3.4): the wrapper's indices and length are virtual (VM::GetOwnProperty).
  Object* proto =
      prim::PrototypeFromNewTarget(vm, args.new_target, vm.realm().intrinsics().string_prototype);
  Object* obj = vm.NewObjectWithProto(proto, ObjectClass::kString);
  obj->set_internal(Value::FromString(s));
  return Value::FromObject(obj);
}

// String.fromCharCode(...codeUnits) (§22.1.2.1).
Value StringFromCharCode(VM& vm, CallArgs& args) {
  if (NeedsRecall(args, "-n*")) return Recall(vm, args, "-n*");
  std::u16string out;
  out.reserve(args.argc);
  for (uint32_t i = 0; i < args.argc; ++i) {
    double d;
    if (!prim::ToNumberArg(vm, args.argv[i], &d)) return Value::Empty();
    out.push_back(support::ToUint16(d));
  }
  if (out.size() == 1 && out[0] < 0x80) {
    char c = static_cast<char>(out[0]);
    return Value::FromString(vm.Intern(std::string_view(&c, 1)));
  }
  return Value::FromString(vm.NewStringU16(std::move(out)));
}

// String.fromCodePoint(...codePoints) (§22.1.2.2).
Value StringFromCodePoint(VM& vm, CallArgs& args) {
  std::u16string out;
  out.reserve(args.argc);
  for (uint32_t i = 0; i < args.argc; ++i) {
    Value v = args.argv[i];
    if (v.IsObject()) return Recall(vm, args, "-n*");
    double d;
    if (!prim::ToNumberArg(vm, v, &d)) return Value::Empty();
    if (!(d >= 0 && d <= 0x10FFFF) || std::trunc(d) != d)
      return vm.ThrowRangeError(prim::Cat("Invalid code point ", support::NumberToString(d)));
    support::AppendCodePoint(static_cast<char32_t>(d), &out);
  }
  return Value::FromString(vm.NewStringU16(std::move(out)));
}

// ------------------------------------------------------------------------------------ accessors

// String.prototype.at(index) (§22.1.3.1).
Value StringAt(VM& vm, CallArgs& args) {
  String* s = Begin(vm, args, "at", "Sn");
  if (s == nullptr) return Value::Empty();
  double rel;
  if (!prim::ToIntegerArg(vm, args[0], &rel)) return Value::Empty();
  double len = s->length();
  double k = rel >= 0 ? rel : len + rel;
  if (k < 0 || k >= len) return Value::Undefined();
  return Value::FromString(UnitString(vm, s, static_cast<uint32_t>(k)));
}

enum CharAtKind : int32_t { kCharAt, kCharCodeAt, kCodePointAt };

// String.prototype.charAt / charCodeAt / codePointAt (§22.1.3.2-4).
Value StringCharAt(VM& vm, CallArgs& args) {
  auto kind = static_cast<CharAtKind>(static_cast<NativeFunction*>(args.callee)->magic);
  static constexpr std::string_view kNames[] = {"charAt", "charCodeAt", "codePointAt"};
  String* s = Begin(vm, args, kNames[kind], "Sn");
  if (s == nullptr) return Value::Empty();
  double pos;
  if (!prim::ToIntegerArg(vm, args[0], &pos)) return Value::Empty();
  if (pos < 0 || pos >= s->length()) {
    if (kind == kCharAt) return Value::FromString(vm.empty_string());
    return kind == kCharCodeAt ? Value::Number(NAN) : Value::Undefined();
  }
  auto i = static_cast<uint32_t>(pos);
  switch (kind) {
    case kCharAt:
      return Value::FromString(UnitString(vm, s, i));
    case kCharCodeAt:
      return Value::Number(s->At(i));
    case kCodePointAt: {
      char16_t first = s->At(i);
      if (support::IsLeadSurrogate(first) && i + 1 < s->length()) {
        char16_t second = s->At(i + 1);
        if (support::IsTrailSurrogate(second))
          return Value::Number(support::SurrogatePairToCodePoint(first, second));
      }
      return Value::Number(first);
    }
  }
  return Value::Undefined();
}

// String.prototype.concat(...args) (§22.1.3.5).
Value StringConcat(VM& vm, CallArgs& args) {
  String* r = Begin(vm, args, "concat", "Ss*");
  if (r == nullptr) return Value::Empty();
  for (uint32_t i = 0; i < args.argc; ++i) {
    String* s = vm.ToStringPrimitive(args.argv[i]);
    if (s == nullptr) return Value::Empty();
    r = vm.Concat(r, s);
    if (r == nullptr) return Value::Empty();
  }
  return Value::FromString(r);
}

enum SearchKind : int32_t { kIncludes, kStartsWith, kEndsWith, kIndexOf, kLastIndexOf };

// includes / startsWith / endsWith / indexOf / lastIndexOf (§22.1.3.8, .24, .7, .9, .11).
Value StringSearch(VM& vm, CallArgs& args) {
  auto kind = static_cast<SearchKind>(static_cast<NativeFunction*>(args.callee)->magic);
  static constexpr std::string_view kNames[] = {"includes", "startsWith", "endsWith", "indexOf",
                                                "lastIndexOf"};
  static constexpr std::string_view kSpecs[] = {"Srn", "Srn", "SrN", "Ssn", "Ssn"};
  String* s = Begin(vm, args, kNames[kind], kSpecs[kind]);
  if (s == nullptr) return Value::Empty();
  // A primitive is never a RegExp (IsRegExp is false for non-objects), so the check is the
  // prelude's.
  String* search = vm.ToStringPrimitive(args[0]);
  if (search == nullptr) return Value::Empty();
  Units h(s), nd(search);
  size_t len = h.size(), m = nd.size();
  switch (kind) {
    case kIncludes:
    case kIndexOf: {
      double pos;
      if (!prim::ToIntegerArg(vm, args[1], &pos)) return Value::Empty();
      int64_t r = IndexOfUnits(vm, h, nd, Clamp(pos, len));
      return kind == kIncludes ? Value::Bool(r >= 0) : Value::Number(static_cast<double>(r));
    }
    case kStartsWith: {
      double pos;
      if (!prim::ToIntegerArg(vm, args[1], &pos)) return Value::Empty();
      size_t start = Clamp(pos, len);
      if (m == 0) return Value::Bool(true);
      if (start + m > len) return Value::Bool(false);
      return Value::Bool(UnitsEqualAt(h, start, nd));
    }
    case kEndsWith: {
      double pos = static_cast<double>(len);
      if (!args[1].IsUndefined() && !prim::ToIntegerArg(vm, args[1], &pos)) return Value::Empty();
      size_t end = Clamp(pos, len);
      if (m == 0) return Value::Bool(true);
      if (m > end) return Value::Bool(false);
      return Value::Bool(UnitsEqualAt(h, end - m, nd));
    }
    case kLastIndexOf: {
      double num;
      if (!prim::ToNumberArg(vm, args[1], &num)) return Value::Empty();
      double pos = std::isnan(num) ? INFINITY : support::ToIntegerOrInfinity(num);
      size_t start = Clamp(pos, len);
      if (m == 0) return Value::Number(static_cast<double>(start));
      if (m > len) return Value::Number(-1);
      size_t hi = std::min(start, len - m);
      return Value::Number(static_cast<double>(LastIndexOfUnits(vm, h, nd, hi)));
    }
  }
  return Value::Undefined();
}

// String.prototype.isWellFormed (§22.1.3.10) and toWellFormed (§22.1.3.31); magic 1 = toWellFormed.
Value StringWellFormed(VM& vm, CallArgs& args) {
  bool to = static_cast<NativeFunction*>(args.callee)->magic == 1;
  String* s = Begin(vm, args, to ? "toWellFormed" : "isWellFormed", "S");
  if (s == nullptr) return Value::Empty();
  Units u(s);
  bool well_formed = u.one_byte() || support::IsWellFormed(u.view16());
  if (!to) return Value::Bool(well_formed);
  if (well_formed) return Value::FromString(s);
  ChargeUnits(vm, u.size());
  return Value::FromString(vm.NewStringU16(support::ToWellFormed(u.view16())));
}

// String.prototype.normalize(form) (§22.1.3.15).
Value StringNormalize(VM& vm, CallArgs& args) {
  String* s = Begin(vm, args, "normalize", "SS");
  if (s == nullptr) return Value::Empty();
  support::NormalizationForm form = support::NormalizationForm::kNFC;
  if (!args[0].IsUndefined()) {
    String* f = vm.ToStringPrimitive(args[0]);
    if (f == nullptr) return Value::Empty();
    std::u16string storage;
    absl::StatusOr<support::NormalizationForm> parsed =
        support::ParseNormalizationForm(prim::U16View(f, &storage));
    if (!parsed.ok()) return vm.ThrowRangeError(prim::SV(parsed.status().message()));
    form = *parsed;
  }
  Units u(s);
  if (u.IsAscii()) return Value::FromString(s);  // ASCII is invariant under every form
  ChargeUnits(vm, u.size() * 4);
  // utf8proc works on UTF-8 and a 32-bit code point buffer: ~20 bytes of temporaries per unit.
  if (!prim::CheckTempBytes(vm, static_cast<uint64_t>(u.size()) * 20)) return Value::Empty();
  std::u16string storage;
  absl::StatusOr<std::u16string> r = support::Normalize(prim::U16View(s, &storage), form);
  if (!r.ok()) return vm.ThrowRangeError(prim::SV(r.status().message()));
  if (r->size() > vm.limits().max_string_length) return vm.ThrowRangeError("Invalid string length");
  return Value::FromString(vm.NewStringU16(*std::move(r)));
}

// Repeats the units of `src` up to `total` units (the last copy truncated): padStart/padEnd/repeat.
// Doubles the buffer instead of appending copy by copy.
template <typename Buffer>
void RepeatInto(const Units& src, uint64_t total, Buffer* out) {
  out->reserve(total);
  src.AppendTo(out, 0, std::min<size_t>(src.size(), total));
  while (out->size() < total) {
    size_t n = std::min<size_t>(out->size(), total - out->size());
    out->append(out->data(), n);
  }
}

String* RepeatUnits(VM& vm, const Units& src, uint64_t total) {
  if (!prim::CheckStringAlloc(vm, total, src.one_byte() ? 1 : 2)) return nullptr;
  ChargeUnits(vm, total);
  if (src.one_byte()) {
    std::string out;
    RepeatInto(src, total, &out);
    return vm.NewStringLatin1(std::move(out));
  }
  std::u16string out;
  RepeatInto(src, total, &out);
  return vm.NewStringU16(std::move(out));
}

// String.prototype.padEnd / padStart (§22.1.3.16-17, StringPad §22.1.3.17.2); magic 1 = padStart.
Value StringPad(VM& vm, CallArgs& args) {
  bool at_start = static_cast<NativeFunction*>(args.callee)->magic == 1;
  std::string_view name = at_start ? "padStart" : "padEnd";
  String* s = Begin(vm, args, name, "Sn");
  if (s == nullptr) return Value::Empty();
  double max_length;
  if (!prim::ToNumberArg(vm, args[0], &max_length)) return Value::Empty();
  max_length = support::ToLength(max_length);
  if (max_length <= s->length()) return Value::FromString(s);
  // fillString is only coerced when padding is needed (its ToString may run program code).
  if (args[1].IsObject()) return Recall(vm, args, "SnS", name);
  String* filler = vm.Intern(" ");
  if (!args[1].IsUndefined()) {
    filler = vm.ToStringPrimitive(args[1]);
    if (filler == nullptr) return Value::Empty();
  }
  if (filler->length() == 0) return Value::FromString(s);
  if (max_length > vm.limits().max_string_length)
    return vm.ThrowRangeError("Invalid string length");
  auto fill_len = static_cast<uint64_t>(max_length) - s->length();
  String* pad = RepeatUnits(vm, Units(filler), fill_len);
  if (pad == nullptr) return Value::Empty();
  return Str(at_start ? vm.Concat(pad, s) : vm.Concat(s, pad));
}

// String.prototype.repeat(count) (§22.1.3.18).
Value StringRepeat(VM& vm, CallArgs& args) {
  String* s = Begin(vm, args, "repeat", "Sn");
  if (s == nullptr) return Value::Empty();
  double num;
  if (!prim::ToNumberArg(vm, args[0], &num)) return Value::Empty();
  double n = support::ToIntegerOrInfinity(num);
  if (n < 0 || std::isinf(n))
    return vm.ThrowRangeError(prim::Cat("Invalid count value: ", support::NumberToString(num)));
  if (n == 0 || s->length() == 0) return Value::FromString(vm.empty_string());
  double total = n * s->length();
  if (total > vm.limits().max_string_length) return vm.ThrowRangeError("Invalid string length");
  return Str(RepeatUnits(vm, Units(s), static_cast<uint64_t>(total)));
}

enum SliceKind : int32_t { kSlice, kSubstring, kSubstr };

// String.prototype.slice / substring / substr (§22.1.3.22, .25, B.2.2.1).
Value StringSlice(VM& vm, CallArgs& args) {
  auto kind = static_cast<SliceKind>(static_cast<NativeFunction*>(args.callee)->magic);
  static constexpr std::string_view kNames[] = {"slice", "substring", "substr"};
  String* s = Begin(vm, args, kNames[kind], "SnN");
  if (s == nullptr) return Value::Empty();
  double len = s->length();
  double a;
  if (!prim::ToIntegerArg(vm, args[0], &a)) return Value::Empty();
  double b = len;
  if (!args[1].IsUndefined() && !prim::ToIntegerArg(vm, args[1], &b)) return Value::Empty();
  double from, to;
  switch (kind) {
    case kSlice:
      from = a < 0 ? std::max(len + a, 0.0) : std::min(a, len);
      to = b < 0 ? std::max(len + b, 0.0) : std::min(b, len);
      break;
    case kSubstring: {
      double fs = std::clamp(a, 0.0, len), fe = std::clamp(b, 0.0, len);
      from = std::min(fs, fe);
      to = std::max(fs, fe);
      break;
    }
    case kSubstr:
    default:
      from = a < 0 ? std::max(len + a, 0.0) : std::min(a, len);
      to = std::min(from + std::clamp(b, 0.0, len), len);
      break;
  }
  if (from >= to) return Value::FromString(vm.empty_string());
  return Value::FromString(vm.Substring(s, static_cast<uint32_t>(from), static_cast<uint32_t>(to)));
}

// ------------------------------------------------------------------------------------ case mapping

// The language subtag of a locale argument for toLocale{Lower,Upper}Case (ECMA-402 §19.1.2.1
// TransformCase): "" for the default locale. False after throwing (structurally invalid tags give
// V8's RangeError "Incorrect locale information provided").
bool IsAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool IsAlnum(char c) { return IsAlpha(c) || (c >= '0' && c <= '9'); }

// Structural check of a BCP 47 language tag: language (2-3 or 5-8 letters) then alphanumeric
// subtags of 1-8 characters.
bool IsStructurallyValidTag(std::string_view tag) {
  size_t i = 0, n = tag.size();
  size_t start = 0;
  bool first = true;
  while (true) {
    start = i;
    while (i < n && tag[i] != '-') ++i;
    std::string_view sub = tag.substr(start, i - start);
    if (sub.empty() || sub.size() > 8) return false;
    for (char c : sub)
      if (first ? !IsAlpha(c) : !IsAlnum(c)) return false;
    if (first && (sub.size() == 4 || sub.size() == 1)) return false;
    first = false;
    if (i == n) return true;
    ++i;
  }
}

// Reads the first requested locale (CanonicalizeLocaleList, ECMA-402 §9.2.1, first element only).
// *tag is "" for none. False after throwing.
bool FirstRequestedLocale(VM& vm, Value locales, std::string* tag) {
  tag->clear();
  if (locales.IsUndefined()) return true;
  if (locales.IsNull()) {
    vm.ThrowTypeError("Cannot convert undefined or null to object");
    return false;
  }
  Value first = Value::Undefined();
  bool have = false;
  if (locales.IsString()) {
    first = locales;
    have = true;
  } else if (vm.IsArray(locales)) {
    auto* a = static_cast<ArrayObject*>(vm.Resolve(locales.AsObject()));
    if (a->length > 0) {
      bool had_accessor = false;
      first = vm.GetData(a, PropertyKey::Index(0), &had_accessor);
      have = true;
    }
  } else if (locales.IsObject()) {
    vm.ThrowTypeError("locales: only a string or an array of strings is supported");
    return false;
  }  // other primitives: ToObject has no elements → no locale
  if (!have) return true;
  if (!first.IsString()) {
    vm.ThrowTypeError("Language ID should be string or object.");
    return false;
  }
  *tag = first.AsString()->ToUtf8();
  if (!IsStructurallyValidTag(*tag)) {
    vm.ThrowRangeError("Incorrect locale information provided");
    return false;
  }
  return true;
}

std::string LanguageOf(std::string_view tag) {
  std::string lang(tag.substr(0, tag.find('-')));
  for (char& c : lang) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lang;
}

// Case mapping of the whole string: ASCII fast path, else full Unicode mapping (support/text.h).
// `turkic` applies the tr/az rules of SpecialCasing.txt (dotted and dotless i).
String* MapCase(VM& vm, String* s, bool upper, bool turkic) {
  Units u(s);
  ChargeUnits(vm, u.size());
  if (u.IsAscii() && !turkic) {
    std::string out(u.view8());
    bool changed = false;
    for (char& c : out) {
      char m = upper ? (c >= 'a' && c <= 'z' ? c - 32 : c) : (c >= 'A' && c <= 'Z' ? c + 32 : c);
      changed |= m != c;
      c = m;
    }
    return changed ? vm.NewStringLatin1(std::move(out)) : s;
  }
  // A UTF-16 copy, then a result of up to three units per unit (usually the same length).
  if (!prim::CheckTempBytes(vm, static_cast<uint64_t>(u.size()) * 4)) return nullptr;
  std::u16string src;
  src.reserve(u.size());
  u.AppendTo(&src, 0, u.size());
  if (turkic) {
    // Pre-map the Turkic-specific letters to forms the default mapping leaves alone.
    std::u16string t;
    t.reserve(src.size());
    for (size_t i = 0; i < src.size(); ++i) {
      char16_t c = src[i];
      if (upper) {
        t.push_back(c == u'i' ? u'\u0130' : c);
      } else if (c == u'\u0130') {
        t.push_back(u'i');
      } else if (c == u'I') {
        if (i + 1 < src.size() && src[i + 1] == u'\u0307') {
          t.push_back(u'i');
          ++i;  // "I" + COMBINING DOT ABOVE → "i"
        } else {
          t.push_back(u'\u0131');
        }
      } else {
        t.push_back(c);
      }
    }
    src = std::move(t);
  }
  std::u16string r = upper ? support::ToUpperCase(src) : support::ToLowerCase(src);
  if (r.size() > vm.limits().max_string_length) {
    vm.ThrowRangeError("Invalid string length");
    return nullptr;
  }
  return vm.NewStringU16(std::move(r));
}

enum CaseKind : int32_t { kToLowerCase, kToUpperCase, kToLocaleLowerCase, kToLocaleUpperCase };

// toLowerCase / toUpperCase (§22.1.3.28, .30) and toLocaleLowerCase / toLocaleUpperCase (ECMA-402
// §19.1.2-3: tr and az have their own i mappings; lt is refused rather than mapped wrongly).
Value StringCase(VM& vm, CallArgs& args) {
  auto kind = static_cast<CaseKind>(static_cast<NativeFunction*>(args.callee)->magic);
  static constexpr std::string_view kNames[] = {"toLowerCase", "toUpperCase", "toLocaleLowerCase",
                                                "toLocaleUpperCase"};
  bool locale = kind == kToLocaleLowerCase || kind == kToLocaleUpperCase;
  String* s = Begin(vm, args, kNames[kind], "S");
  if (s == nullptr) return Value::Empty();
  bool turkic = false;
  if (locale) {
    std::string tag;
    if (!FirstRequestedLocale(vm, args[0], &tag)) return Value::Empty();
    std::string lang = LanguageOf(tag);
    turkic = lang == "tr" || lang == "az";
    if (lang == "lt")
      return vm.ThrowRangeError(prim::Cat("String.prototype.", kNames[kind], ": locale '", tag,
                                          "' (Lithuanian case rules) is not supported yet"));
  }
  bool upper = kind == kToUpperCase || kind == kToLocaleUpperCase;
  return Str(MapCase(vm, s, upper, turkic));
}

// trim / trimStart / trimEnd (§22.1.3.32-34); magic: 0 both, 1 start, 2 end.
Value StringTrim(VM& vm, CallArgs& args) {
  int32_t magic = static_cast<NativeFunction*>(args.callee)->magic;
  static constexpr std::string_view kNames[] = {"trim", "trimStart", "trimEnd"};
  String* s = Begin(vm, args, kNames[magic], "S");
  if (s == nullptr) return Value::Empty();
  Units u(s);
  auto ws = [](char16_t c) { return support::IsJsWhiteSpaceOrLineTerminator(c); };
  size_t from = 0, to = u.size();
  if (magic != 2)
    while (from < to && ws(u[from])) ++from;
  if (magic != 1)
    while (to > from && ws(u[to - 1])) --to;
  return Value::FromString(vm.Substring(s, static_cast<uint32_t>(from), static_cast<uint32_t>(to)));
}

// thisStringValue (§22.1.3.35.1) for toString (magic 0) and valueOf (magic 1).
Value StringToStringOrValueOf(VM& vm, CallArgs& args) {
  Value v = args.this_value;
  if (v.IsString()) return v;
  if (v.IsObject()) {
    Object* o = vm.Resolve(v.AsObject());
    if (o->klass() == ObjectClass::kString && o->internal().IsString()) return o->internal();
  }
  bool value_of = static_cast<NativeFunction*>(args.callee)->magic == 1;
  return vm.ThrowTypeError(prim::Cat("String.prototype.", value_of ? "valueOf" : "toString",
                                     " requires that 'this' be a String"));
}

// String.prototype [ @@iterator ] () (§22.1.3.36): iterates code points.
Value StringIterator(VM& vm, CallArgs& args) {
  String* s = Begin(vm, args, "[Symbol.iterator]", "S");
  if (s == nullptr) return Value::Empty();
  return Value::FromObject(
      vm.NewIterator(IteratorObject::Kind::kStringValues, Value::FromString(s)));
}

// Annex B.2.2.2-14 HTML methods through CreateHTML (B.2.2.2.1); magic indexes kHtml.
struct HtmlMethod {
  const char* name;
  const char* tag;
  const char* attribute;  // "" when the method takes no argument
};
constexpr HtmlMethod kHtml[] = {
    {"anchor", "a", "name"},      {"big", "big", ""},
    {"blink", "blink", ""},       {"bold", "b", ""},
    {"fixed", "tt", ""},          {"fontcolor", "font", "color"},
    {"fontsize", "font", "size"}, {"italics", "i", ""},
    {"link", "a", "href"},        {"small", "small", ""},
    {"strike", "strike", ""},     {"sub", "sub", ""},
    {"sup", "sup", ""},
};

Value StringHtml(VM& vm, CallArgs& args) {
  const HtmlMethod& m = kHtml[static_cast<NativeFunction*>(args.callee)->magic];
  bool has_attr = m.attribute[0] != '\0';
  String* s = Begin(vm, args, m.name, has_attr ? "Ss" : "S");
  if (s == nullptr) return Value::Empty();
  std::u16string out = u"<";
  out += support::Latin1ToUtf16(m.tag);
  if (has_attr) {
    String* v = vm.ToStringPrimitive(args[0]);
    if (v == nullptr) return Value::Empty();
    out += u" ";
    out += support::Latin1ToUtf16(m.attribute);
    out += u"=\"";
    Units vu(v);
    for (size_t i = 0; i < vu.size(); ++i) {
      if (vu[i] == u'"') {
        out += u"&quot;";
      } else {
        out.push_back(vu[i]);
      }
    }
    out += u"\"";
  }
  out += u">";
  Units su(s);
  su.AppendTo(&out, 0, su.size());
  out += u"</";
  out += support::Latin1ToUtf16(m.tag);
  out += u">";
  if (out.size() > vm.limits().max_string_length)
    return vm.ThrowRangeError("Invalid string length");
  return Value::FromString(vm.NewStringU16(std::move(out)));
}

// ------------------------------------------------------------------------------------ split

// The steps of String.prototype.split after delegation (§22.1.3.23 steps 3-17) on primitives:
// `separator` is undefined or a String, `lim` already ToUint32'd.
Value SplitStrings(VM& vm, String* s, Value separator, uint32_t lim) {
  if (lim == 0) return Value::FromObject(vm.NewArray());
  if (separator.IsUndefined()) {
    Value one = Value::FromString(s);
    return Value::FromObject(vm.NewArrayFrom(std::span<const Value>(&one, 1)));
  }
  Units h(s), sep(separator.AsString());
  size_t len = h.size(), m = sep.size();
  std::vector<Value> parts;
  prim::AllocGuard guard(vm);
  auto push = [&](size_t from, size_t to) {
    if (parts.size() >= vm.limits().max_array_length) {
      vm.ThrowRangeError("Invalid array length");
      return false;
    }
    if ((parts.size() & 1023) == 1023 && guard.Over(parts.capacity() * sizeof(Value))) return false;
    parts.push_back(
        Value::FromString(vm.Substring(s, static_cast<uint32_t>(from), static_cast<uint32_t>(to))));
    return true;
  };
  if (m == 0) {
    size_t n = std::min<size_t>(len, lim);
    ChargeUnits(vm, n * 4);
    parts.reserve(n);
    String* ascii[128] = {};  // this call's cache of the interned one-unit strings
    for (size_t i = 0; i < n; ++i) {
      if ((i & 1023) == 1023 && guard.Over(parts.capacity() * sizeof(Value))) return Value::Empty();
      char16_t c = h[i];
      String* unit;
      if (c < 0x80) {
        if (ascii[c] == nullptr) ascii[c] = UnitString(vm, s, static_cast<uint32_t>(i));
        unit = ascii[c];
      } else {
        unit = vm.Substring(s, static_cast<uint32_t>(i), static_cast<uint32_t>(i + 1));
      }
      parts.push_back(Value::FromString(unit));
    }
    return Value::FromObject(vm.NewArrayFrom(parts));
  }
  if (len == 0) {
    Value one = Value::FromString(s);
    return Value::FromObject(vm.NewArrayFrom(std::span<const Value>(&one, 1)));
  }
  if (!CheckSearchTable(vm, m)) return Value::Empty();
  size_t i = 0;
  int64_t j = IndexOfUnits(vm, h, sep, 0);
  while (j >= 0) {
    if (!push(i, static_cast<size_t>(j))) return Value::Empty();
    if (parts.size() == lim) return Value::FromObject(vm.NewArrayFrom(parts));
    i = static_cast<size_t>(j) + m;
    j = IndexOfUnits(vm, h, sep, i);
  }
  if (!push(i, len)) return Value::Empty();
  vm.ChargeSteps(parts.size() / 8);
  return Value::FromObject(vm.NewArrayFrom(parts));
}

uint32_t SplitLimit(VM& vm, Value limit, bool* ok) {
  *ok = true;
  if (limit.IsUndefined()) return 0xFFFFFFFFu;
  double d;
  if (!prim::ToNumberArg(vm, limit, &d)) {
    *ok = false;
    return 0;
  }
  return support::ToUint32(d);
}

// String.prototype.split(separator, limit) (§22.1.3.23).
Value StringSplit(VM& vm, CallArgs& args) {
  Value o = args.this_value, separator = args[0], limit = args[1];
  if (o.IsNullish()) return vm.ThrowTypeError("String.prototype.split called on null or undefined");
  Value fallback_args[] = {o, separator, limit};
  if (!separator.IsNullish()) {
    Value splitter;
    switch (prim::LookupMethod(vm, separator, vm.realm().intrinsics().sym_split, &splitter)) {
      case prim::MethodLookup::kNeedsProgram:
        return prim::CallFallback(vm, args, fallback_args);
      case prim::MethodLookup::kFound: {
        if (!vm.IsCallable(splitter)) return ThrowNotCallable(vm, splitter);
        Value call_args[] = {o, limit};
        return vm.TailCall(splitter, separator, call_args);
      }
      case prim::MethodLookup::kAbsent:
        break;
    }
  }
  if (o.IsObject() || separator.IsObject() || limit.IsObject())
    return prim::CallFallback(vm, args, fallback_args);
  String* s = vm.ToStringPrimitive(o);
  if (s == nullptr) return Value::Empty();
  bool ok;
  uint32_t lim = SplitLimit(vm, limit, &ok);
  if (!ok) return Value::Empty();
  String* r = vm.ToStringPrimitive(separator);
  if (r == nullptr) return Value::Empty();
  return SplitStrings(vm, s, separator.IsUndefined() ? separator : Value::FromString(r), lim);
}

// __intrinsics__.stringSplitCore(string, separatorOrUndefined, limit): the prelude's slow path
// after it has delegated and coerced (all arguments primitives).
Value StringSplitCore(VM& vm, CallArgs& args) {
  if (!args[0].IsString() || !(args[1].IsUndefined() || args[1].IsString()) || args[2].IsObject())
    return vm.ThrowTypeError("internal error: stringSplitCore wants primitives");
  bool ok;
  uint32_t lim = SplitLimit(vm, args[2], &ok);
  if (!ok) return Value::Empty();
  return SplitStrings(vm, args[0].AsString(), args[1], lim);
}

// ------------------------------------------------------------------------------------ replace

// A parsed replacement template (GetSubstitution, ECMA-262 §22.1.3.19.1): literal runs and
// references to the match, the text before/after it and numbered captures. Named references
// ("$<name>") are literal text here because string patterns have no named groups.
struct ReplacementTemplate {
  enum class Kind : uint8_t { kLiteral, kMatch, kBefore, kAfter, kCapture };
  struct Piece {
    Kind kind;
    uint32_t from = 0, to = 0;  // kLiteral: template units; kCapture: `from` is the 1-based index
  };
  std::vector<Piece> pieces;
  bool literal_only = true;

  static ReplacementTemplate Parse(const Units& t, size_t capture_count) {
    ReplacementTemplate r;
    size_t n = t.size(), lit = 0, i = 0;
    auto flush = [&](size_t end) {
      if (end > lit)
        r.pieces.push_back(
            {Kind::kLiteral, static_cast<uint32_t>(lit), static_cast<uint32_t>(end)});
    };
    auto is_digit = [&](size_t k) { return k < n && t[k] >= '0' && t[k] <= '9'; };
    while (i < n) {
      if (t[i] != '$' || i + 1 >= n) {
        ++i;
        continue;
      }
      char16_t c = t[i + 1];
      std::optional<Piece> ref;
      size_t ref_len = 2;
      if (c == '$') {
        ref = Piece{Kind::kLiteral, static_cast<uint32_t>(i), static_cast<uint32_t>(i + 1)};
      } else if (c == '&') {
        ref = Piece{Kind::kMatch};
      } else if (c == '`') {
        ref = Piece{Kind::kBefore};
      } else if (c == '\'') {
        ref = Piece{Kind::kAfter};
      } else if (is_digit(i + 1)) {
        size_t digits = is_digit(i + 2) ? 2 : 1;
        size_t index = t[i + 1] - '0';
        if (digits == 2) index = index * 10 + (t[i + 2] - '0');
        if (index > capture_count && digits == 2) {
          digits = 1;
          index = t[i + 1] - '0';
        }
        ref_len = 1 + digits;
        if (index >= 1 && index <= capture_count)
          ref = Piece{Kind::kCapture, static_cast<uint32_t>(index)};
      }
      if (!ref) {  // not a reference: "$" stays literal
        ++i;
        continue;
      }
      flush(i);
      r.pieces.push_back(*ref);
      r.literal_only = false;
      i += ref_len;
      lit = i;
    }
    flush(n);
    return r;
  }

  // Length of the expansion for a match at [pos, pos + match_len) of a string of length `len`.
  uint64_t Length(size_t len, size_t pos, size_t match_len) const {
    uint64_t total = 0;
    for (const Piece& p : pieces) {
      switch (p.kind) {
        case Kind::kLiteral:
          total += p.to - p.from;
          break;
        case Kind::kMatch:
          total += match_len;
          break;
        case Kind::kBefore:
          total += pos;
          break;
        case Kind::kAfter:
          total += len - std::min(len, pos + match_len);
          break;
        case Kind::kCapture:
          break;  // no captures for string patterns
      }
    }
    return total;
  }

  template <typename Out>
  void Append(const Units& t, const Units& str, size_t pos, size_t match_len, Out* out) const {
    size_t len = str.size();
    for (const Piece& p : pieces) {
      switch (p.kind) {
        case Kind::kLiteral:
          t.AppendTo(out, p.from, p.to);
          break;
        case Kind::kMatch:
          str.AppendTo(out, pos, pos + match_len);
          break;
        case Kind::kBefore:
          str.AppendTo(out, 0, pos);
          break;
        case Kind::kAfter:
          str.AppendTo(out, std::min(len, pos + match_len), len);
          break;
        case Kind::kCapture:
          break;
      }
    }
  }
};

template <typename Out>
void BuildReplacement(const Units& str, const Units& tmpl, const ReplacementTemplate& rt,
                      const std::vector<size_t>& positions, size_t match_len, Out* out) {
  size_t end_of_last = 0;
  for (size_t p : positions) {
    str.AppendTo(out, end_of_last, p);
    rt.Append(tmpl, str, p, match_len, out);
    end_of_last = p + match_len;
  }
  str.AppendTo(out, end_of_last, str.size());
}

// String.prototype.replace / replaceAll with a string pattern and a string replacement
// (§22.1.3.19 steps 3-14, §22.1.3.20 steps 3-16).
Value ReplaceStrings(VM& vm, String* string, String* search, String* replacement, bool all) {
  Units s(string), p(search), t(replacement);
  size_t m = p.size();
  if (!CheckSearchTable(vm, m)) return Value::Empty();
  std::vector<size_t> positions;
  int64_t pos = IndexOfUnits(vm, s, p, 0);
  if (pos < 0) return Value::FromString(string);
  if (!all) {
    positions.push_back(static_cast<size_t>(pos));
  } else {
    size_t advance = std::max<size_t>(1, m);
    while (pos >= 0) {
      if ((positions.size() & 4095) == 4095 &&
          !prim::CheckTempBytes(vm, positions.capacity() * sizeof(size_t)))
        return Value::Empty();
      positions.push_back(static_cast<size_t>(pos));
      pos = IndexOfUnits(vm, s, p, static_cast<size_t>(pos) + advance);
    }
  }
  ReplacementTemplate rt = ReplacementTemplate::Parse(t, 0);
  uint64_t total = s.size() - positions.size() * m;
  for (size_t q : positions) {
    total += rt.Length(s.size(), q, m);
    if (total > vm.limits().max_string_length) return vm.ThrowRangeError("Invalid string length");
  }
  bool one_byte = s.one_byte() && t.one_byte();
  if (!prim::CheckStringAlloc(vm, total, one_byte ? 1 : 2)) return Value::Empty();
  ChargeUnits(vm, total);
  if (one_byte) {
    std::string out;
    out.reserve(total);
    BuildReplacement(s, t, rt, positions, m, &out);
    return Value::FromString(vm.NewStringLatin1(std::move(out)));
  }
  std::u16string out;
  out.reserve(total);
  BuildReplacement(s, t, rt, positions, m, &out);
  return Value::FromString(vm.NewStringU16(std::move(out)));
}

// String.prototype.replace (magic 0, §22.1.3.19) and replaceAll (magic 1, §22.1.3.20). The native
// handles string patterns with string replacements and delegates to a data-property
// Symbol.replace; everything needing program code (function replacers, objects to coerce,
// replaceAll's IsRegExp/flags check, getters) goes to the prelude slow path (the native's data).
Value StringReplace(VM& vm, CallArgs& args) {
  bool all = static_cast<NativeFunction*>(args.callee)->magic == 1;
  Value o = args.this_value, search_value = args[0], replace_value = args[1];
  if (o.IsNullish())
    return vm.ThrowTypeError(prim::Cat("String.prototype.", all ? "replaceAll" : "replace",
                                       " called on null or undefined"));
  Value fallback_args[] = {o, search_value, replace_value};
  if (!search_value.IsNullish()) {
    if (all && search_value.IsObject()) return prim::CallFallback(vm, args, fallback_args);
    Value replacer;
    switch (prim::LookupMethod(vm, search_value, vm.realm().intrinsics().sym_replace, &replacer)) {
      case prim::MethodLookup::kNeedsProgram:
        return prim::CallFallback(vm, args, fallback_args);
      case prim::MethodLookup::kFound: {
        if (!vm.IsCallable(replacer)) return ThrowNotCallable(vm, replacer);
        Value call_args[] = {o, replace_value};
        return vm.TailCall(replacer, search_value, call_args);
      }
      case prim::MethodLookup::kAbsent:
        break;
    }
  }
  if (o.IsObject() || search_value.IsObject() || replace_value.IsObject())
    return prim::CallFallback(vm, args, fallback_args);
  String* string = vm.ToStringPrimitive(o);
  if (string == nullptr) return Value::Empty();
  String* search = vm.ToStringPrimitive(search_value);
  if (search == nullptr) return Value::Empty();
  String* replacement = vm.ToStringPrimitive(replace_value);
  if (replacement == nullptr) return Value::Empty();
  return ReplaceStrings(vm, string, search, replacement, all);
}

// __intrinsics__.stringReplaceCore(string, searchString, replacementString, all): the prelude's
// slow path after delegation and coercion.
Value StringReplaceCore(VM& vm, CallArgs& args) {
  if (!args[0].IsString() || !args[1].IsString() || !args[2].IsString())
    return vm.ThrowTypeError("internal error: stringReplaceCore wants strings");
  return ReplaceStrings(vm, args[0].AsString(), args[1].AsString(), args[2].AsString(),
                        VM::ToBoolean(args[3]));
}

// __intrinsics__.stringIsRegExpObject(v): v has a [[RegExpMatcher]] slot (IsRegExp step 4).
Value StringIsRegExpObject(VM& vm, CallArgs& args) {
  Value v = args[0];
  return Value::Bool(v.IsObject() && vm.Resolve(v.AsObject())->klass() == ObjectClass::kRegExp);
}

// __intrinsics__.stringRegExpCtor(): %RegExp% for RegExpCreate (match/matchAll/search with a
// non-RegExp pattern), or a clear TypeError while the realm has no RegExp.
Value StringRegExpCtor(VM& vm, CallArgs& args) {
  const auto& in = vm.realm().intrinsics();
  Object* proto = in.regexp_prototype;
  if (proto != nullptr) {
    Value c = vm.GetData(proto, vm.KeyFromAtom(vm.atom(AtomId::constructor)));
    // A usable %RegExp% has the matching protocol on its prototype (RegExp.prototype[@@match] …).
    if (vm.IsConstructor(c) && vm.IsCallable(vm.GetData(proto, PropertyKey::Sym(in.sym_match))))
      return c;
  }
  // Not a wrong answer and not a catchable error: the run stops as UnsupportedSyntax (DESIGN §1).
  vm.Terminate(Termination::kUnsupported,
               "String.prototype.match/matchAll/search with a string pattern need RegExp, which is "
               "not supported yet");
  return Value::Undefined();
}


}  // namespace

// Installs String (ECMA-262 §22.1). The realm has created %String.prototype%.
void InstallStringBuiltins(VM& vm, Intrinsics& in) {
  Object* proto = in.string_prototype;
  // %String.prototype% is itself a String object whose value is "" (§22.1.3).
  if (proto->internal().IsUndefined()) proto->set_internal(Value::FromString(vm.empty_string()));
  NativeFunction* ctor = vm.NewNative("String", StringCtor, 1, 0, /*constructor=*/true);
  vm.DefineOwnProperty(ctor, vm.KeyFromAtom(vm.atom(AtomId::prototype)), Value::FromObject(proto),
                       0);
  vm.DefineOwnProperty(proto, vm.KeyFromAtom(vm.atom(AtomId::constructor)), Value::FromObject(ctor),
                       kHiddenAttrs);
  vm.DefineValue(in.global, "String", Value::FromObject(ctor), kHiddenAttrs);

  vm.DefineMethod(ctor, "fromCharCode", StringFromCharCode, 1);
  vm.DefineMethod(ctor, "fromCodePoint", StringFromCodePoint, 1);
  // String.raw is defined by the prelude (it reads properties of its template argument).

  vm.DefineMethod(proto, "at", StringAt, 1);
  vm.DefineMethod(proto, "charAt", StringCharAt, 1, kCharAt);
  vm.DefineMethod(proto, "charCodeAt", StringCharAt, 1, kCharCodeAt);
  vm.DefineMethod(proto, "codePointAt", StringCharAt, 1, kCodePointAt);
  vm.DefineMethod(proto, "concat", StringConcat, 1);
  vm.DefineMethod(proto, "endsWith", StringSearch, 1, kEndsWith);
  vm.DefineMethod(proto, "includes", StringSearch, 1, kIncludes);
  vm.DefineMethod(proto, "indexOf", StringSearch, 1, kIndexOf);
  vm.DefineMethod(proto, "isWellFormed", StringWellFormed, 0, 0);
  vm.DefineMethod(proto, "lastIndexOf", StringSearch, 1, kLastIndexOf);
  vm.DefineMethod(proto, "normalize", StringNormalize, 0);
  vm.DefineMethod(proto, "padEnd", StringPad, 1, 0);
  vm.DefineMethod(proto, "padStart", StringPad, 1, 1);
  vm.DefineMethod(proto, "repeat", StringRepeat, 1);
  vm.DefineMethod(proto, "replace", StringReplace, 2, 0);
  vm.DefineMethod(proto, "replaceAll", StringReplace, 2, 1);
  vm.DefineMethod(proto, "slice", StringSlice, 2, kSlice);
  vm.DefineMethod(proto, "split", StringSplit, 2);
  vm.DefineMethod(proto, "startsWith", StringSearch, 1, kStartsWith);
  vm.DefineMethod(proto, "substr", StringSlice, 2, kSubstr);
  vm.DefineMethod(proto, "substring", StringSlice, 2, kSubstring);
  vm.DefineMethod(proto, "toLocaleLowerCase", StringCase, 0, kToLocaleLowerCase);
  vm.DefineMethod(proto, "toLocaleUpperCase", StringCase, 0, kToLocaleUpperCase);
  vm.DefineMethod(proto, "toLowerCase", StringCase, 0, kToLowerCase);
  vm.DefineMethod(proto, "toString", StringToStringOrValueOf, 0, 0);
  vm.DefineMethod(proto, "toUpperCase", StringCase, 0, kToUpperCase);
  vm.DefineMethod(proto, "toWellFormed", StringWellFormed, 0, 1);
  vm.DefineMethod(proto, "trim", StringTrim, 0, 0);
  NativeFunction* trim_start = vm.DefineMethod(proto, "trimStart", StringTrim, 0, 1);
  NativeFunction* trim_end = vm.DefineMethod(proto, "trimEnd", StringTrim, 0, 2);
  // Annex B.2.2.15-16: trimLeft/trimRight are the same function objects as trimStart/trimEnd.
  vm.DefineValue(proto, "trimLeft", Value::FromObject(trim_start));
  vm.DefineValue(proto, "trimRight", Value::FromObject(trim_end));
  vm.DefineMethod(proto, "valueOf", StringToStringOrValueOf, 0, 1);
  prim::DefineSymbolMethod(vm, proto, in.sym_iterator, "[Symbol.iterator]", StringIterator, 0);
  for (size_t i = 0; i < std::size(kHtml); ++i)
    vm.DefineMethod(proto, kHtml[i].name, StringHtml, kHtml[i].attribute[0] ? 1 : 0,
                    static_cast<int32_t>(i));

  prim::DefineIntrinsic(vm, "stringSplitCore", StringSplitCore, 3);
  prim::DefineIntrinsic(vm, "stringReplaceCore", StringReplaceCore, 4);
  prim::DefineIntrinsic(vm, "stringIsRegExpObject", StringIsRegExpObject, 1);
  prim::DefineIntrinsic(vm, "stringRegExpCtor", StringRegExpCtor, 0);
}

}  // namespace codemode::vm
