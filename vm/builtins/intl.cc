// ICU-backed natives for vm/prelude/60-intl.js (ECMA-402). See intl.h. Every native takes primitives
// the prelude has already validated; a value ICU refuses (it cannot, short of a prelude bug) stops the
// run with "is not supported yet" rather than formatting something else.
#include "vm/builtins/intl.h"

#include <unicode/brkiter.h>
#include <unicode/calendar.h>
#include <unicode/coll.h>
#include <unicode/decimfmt.h>
#include <unicode/dtitvfmt.h>
#include <unicode/dtptngen.h>
#include <unicode/fpositer.h>
#include <unicode/gregocal.h>
#include <unicode/listformatter.h>
#include <unicode/locdspnm.h>
#include <unicode/locid.h>
#include <unicode/numberformatter.h>
#include <unicode/numberrangeformatter.h>
#include <unicode/numsys.h>
#include <unicode/plurrule.h>
#include <unicode/reldatefmt.h>
#include <unicode/simpletz.h>
#include <unicode/smpdtfmt.h>
#include <unicode/timezone.h>
#include <unicode/ucurr.h>
#include <unicode/uloc.h>
#include <unicode/unum.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "vm/builtins/date.h"
#include "vm/builtins/date_format.h"
#include "vm/object.h"
#include "vm/vm.h"

namespace codemode::vm {
namespace {

// ---- process-wide bounded caches (outside the heap; never saved in snapshots) ------------------------

// Formatters are costly to build (ICU data loading); runs reuse them across calls. One mutex guards
// every cache and the formatting itself (ICU formatters are not all documented as thread-safe).
std::mutex& IcuMutex() {
  static std::mutex* mu = new std::mutex;
  return *mu;
}

template <typename T>
class BoundedCache {
 public:
  // Returns the cached object for `key`, building it with make() (nullptr: ICU refused) on a miss.
  // The cache is emptied when it holds kMax entries, so memory stays bounded for any key stream.
  template <typename Make>
  T* Get(const std::string& key, Make make) {
    auto it = map_.find(key);
    if (it != map_.end()) return it->second.get();
    std::unique_ptr<T> made = make();
    if (made == nullptr) return nullptr;
    if (map_.size() >= kMax) map_.clear();
    T* raw = made.get();
    map_.emplace(key, std::move(made));
    return raw;
  }

 private:
  static constexpr size_t kMax = 256;
  absl::flat_hash_map<std::string, std::unique_ptr<T>> map_;
};

// ---- string conversion -------------------------------------------------------------------------------

icu::UnicodeString ToIcu(Value v) {
  icu::UnicodeString out;
  if (!v.IsString()) return out;
  String* s = v.AsString();
  uint32_t n = s->length();
  out.getBuffer(static_cast<int32_t>(n));
  out.releaseBuffer(0);
  for (uint32_t i = 0; i < n; i++) out.append(static_cast<char16_t>(s->At(i)));
  return out;
}

std::string Utf8(Value v) { return v.IsString() ? v.AsString()->ToUtf8() : std::string(); }

Value FromIcu(VM& vm, const icu::UnicodeString& s) {
  return Value::FromString(
      vm.NewStringU16(std::u16string(reinterpret_cast<const char16_t*>(s.getBuffer()),
                                     static_cast<size_t>(s.length()))));
}

Value Unsupported(VM& vm, std::string_view what) {
  vm.Terminate(Termination::kUnsupported, absl::StrCat(std::string(what), " is not supported yet"));
  return Value::Undefined();
}

icu::Locale LocaleOf(const std::string& tag) {
  UErrorCode status = U_ZERO_ERROR;
  icu::Locale loc = icu::Locale::forLanguageTag(tag, status);
  if (U_FAILURE(status)) return icu::Locale::getRoot();
  return loc;
}

std::string TagOf(const icu::Locale& loc) {
  UErrorCode status = U_ZERO_ERROR;
  std::string tag = loc.toLanguageTag<std::string>(status);
  return U_FAILURE(status) ? std::string() : tag;
}

// ---- parts: ICU field spans → [type, value, …] -------------------------------------------------------

struct Span {
  int32_t category, field, begin, end;
};

// Turns the text with its field spans into runs: each code unit takes the type of the shortest span
// covering it (a group separator inside an integer), uncovered units are "literal"; equal neighbours
// merge. `name(category, field, text)` gives a span's type ("" = literal).
template <typename Name>
std::vector<std::pair<std::string, icu::UnicodeString>> Runs(const icu::UnicodeString& text,
                                                             std::vector<Span> spans, Name name) {
  std::vector<std::string> type(static_cast<size_t>(text.length()), "literal");
  std::stable_sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) {
    return a.end - a.begin > b.end - b.begin;
  });
  for (const Span& s : spans) {
    std::string t = name(s.category, s.field, text.tempSubStringBetween(s.begin, s.end));
    if (t.empty()) continue;
    for (int32_t i = s.begin; i < s.end && i < text.length(); i++) type[static_cast<size_t>(i)] = t;
  }
  std::vector<std::pair<std::string, icu::UnicodeString>> out;
  for (int32_t i = 0; i < text.length();) {
    int32_t j = i + 1;
    // Consecutive integer digits separated by nothing are one run; separate spans of the same
    // non-literal type (two integer groups) are split by the group between them anyway.
    while (j < text.length() && type[static_cast<size_t>(j)] == type[static_cast<size_t>(i)]) j++;
    out.emplace_back(type[static_cast<size_t>(i)], text.tempSubStringBetween(i, j));
    i = j;
  }
  return out;
}

template <typename Formatted>
std::vector<Span> SpansOf(const Formatted& f, UErrorCode& status) {
  std::vector<Span> spans;
  icu::ConstrainedFieldPosition pos;
  while (f.nextPosition(pos, status) && U_SUCCESS(status)) {
    spans.push_back({pos.getCategory(), pos.getField(), pos.getStart(), pos.getLimit()});
  }
  return spans;
}

// ECMA-402 §15.5.5 PartitionNumberPattern's part types for ICU's number fields.
std::string NumberPartName(int32_t field, const icu::UnicodeString& text, bool nan, bool inf) {
  switch (field) {
    case UNUM_INTEGER_FIELD:
      return nan ? "nan" : inf ? "infinity" : "integer";
    case UNUM_FRACTION_FIELD:
      return "fraction";
    case UNUM_DECIMAL_SEPARATOR_FIELD:
      return "decimal";
    case UNUM_EXPONENT_SYMBOL_FIELD:
      return "exponentSeparator";
    case UNUM_EXPONENT_SIGN_FIELD:
      return "exponentMinusSign";
    case UNUM_EXPONENT_FIELD:
      return "exponentInteger";
    case UNUM_GROUPING_SEPARATOR_FIELD:
      return "group";
    case UNUM_CURRENCY_FIELD:
      return "currency";
    case UNUM_PERCENT_FIELD:
      return "percentSign";
    case UNUM_SIGN_FIELD:
      return text.indexOf(u'+') >= 0 ? "plusSign" : "minusSign";
    case UNUM_MEASURE_UNIT_FIELD:
      return "unit";
    case UNUM_COMPACT_FIELD:
      return "compact";
    case UNUM_APPROXIMATELY_SIGN_FIELD:
      return "approximatelySign";
    default:
      return "literal";
  }
}

Value PartsArray(VM& vm, const std::vector<std::pair<std::string, icu::UnicodeString>>& runs) {
  ArrayObject* a = vm.NewArray(static_cast<uint32_t>(runs.size() * 2));
  for (const auto& [type, text] : runs) {
    vm.ArrayPush(a, vm.Str(type));
    vm.ArrayPush(a, FromIcu(vm, text));
  }
  return Value::FromObject(a);
}

// ---- locales -----------------------------------------------------------------------------------------

// intlCanonicalizeTag(tag) → the canonical BCP 47 tag (ECMA-402 §6.2 CanonicalizeUnicodeLocaleId,
// through ICU's UTS #35 canonicalization), or undefined when `tag` is not a well-formed language tag.
Value IntlCanonicalizeTag(VM& vm, CallArgs& args) {
  std::string tag = Utf8(args[0]);
  if (tag.empty() || tag.size() > 1024) return Value::Undefined();
  for (char c : tag) {
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'))
      return Value::Undefined();
  }
  // The ICU locale ID can be longer than the tag ("-u-ca-gregory" → "@calendar=gregorian"), and
  // longer than ULOC_FULLNAME_CAPACITY for long valid tags.
  std::vector<char> buf(tag.size() * 4 + 64);
  int32_t parsed = 0;
  UErrorCode status = U_ZERO_ERROR;
  uloc_forLanguageTag(tag.c_str(), buf.data(), static_cast<int32_t>(buf.size()), &parsed, &status);
  if (U_FAILURE(status) || parsed != static_cast<int32_t>(tag.size())) return Value::Undefined();
  status = U_ZERO_ERROR;
  icu::Locale loc = icu::Locale::forLanguageTag(tag, status);
  if (U_FAILURE(status) || loc.isBogus()) return Value::Undefined();
  status = U_ZERO_ERROR;
  loc.canonicalize(status);
  if (U_FAILURE(status)) return Value::Undefined();
  std::string out = TagOf(loc);
  if (out.empty() || out == "und") {
    // "und" is well-formed and stays "und"; anything else ICU could not represent is refused.
    if (tag.size() >= 3 && (tag[0] == 'u' || tag[0] == 'U')) return vm.Str("und");
    return Value::Undefined();
  }
  return vm.Str(out);
}

// intlLocaleLikely(tag, maximize) → the canonical tag `tag` with ICU's likely subtags added
// (maximize, UTS #35 "Add Likely Subtags") or removed (minimize); extensions are kept (ECMA-402
// §14.3.3-4 Intl.Locale.prototype.maximize/minimize).
Value IntlLocaleLikely(VM& vm, CallArgs& args) {
  std::string tag = Utf8(args[0]);
  bool maximize = VM::ToBoolean(args[1]);
  std::lock_guard<std::mutex> lock(IcuMutex());
  UErrorCode status = U_ZERO_ERROR;
  icu::Locale loc = icu::Locale::forLanguageTag(tag, status);
  if (U_FAILURE(status) || loc.isBogus()) return Unsupported(vm, "Intl.Locale for this tag");
  if (maximize) {
    loc.addLikelySubtags(status);
  } else {
    loc.minimizeSubtags(status);
  }
  if (U_FAILURE(status)) return Unsupported(vm, "Intl.Locale likely subtags for this tag");
  std::string out = TagOf(loc);
  if (out.empty()) return Unsupported(vm, "Intl.Locale likely subtags for this tag");
  return vm.Str(out);
}

// intlDisplayName(locale, type, style, fallbackNone, standard, code) → the display name of `code`
// (the prelude checked its form) for Intl.DisplayNames.prototype.of (ECMA-402 §12.3.3), through ICU
// as V8 does: LocaleDisplayNames for language/region/script/currency/calendar (short and narrow are
// ICU's short length), DateTimePatternGenerator field names for dateTimeField; undefined when
// fallback is "none" and ICU has no name.
Value IntlDisplayName(VM& vm, CallArgs& args) {
  std::string locale = Utf8(args[0]);
  std::string type = Utf8(args[1]);
  std::string style = Utf8(args[2]);
  bool none = VM::ToBoolean(args[3]);
  bool standard = VM::ToBoolean(args[4]);
  std::string code = Utf8(args[5]);
  std::lock_guard<std::mutex> lock(IcuMutex());
  icu::UnicodeString out;
  if (type == "dateTimeField") {
    static BoundedCache<icu::DateTimePatternGenerator> cache;
    icu::DateTimePatternGenerator* g =
        cache.Get(locale, [&]() -> std::unique_ptr<icu::DateTimePatternGenerator> {
          UErrorCode status = U_ZERO_ERROR;
          std::unique_ptr<icu::DateTimePatternGenerator> made(
              icu::DateTimePatternGenerator::createInstance(LocaleOf(locale), status));
          if (U_FAILURE(status)) return nullptr;
          return made;
        });
    if (g == nullptr) return Unsupported(vm, "Intl.DisplayNames for this locale");
    static const std::pair<const char*, UDateTimePatternField> kFields[] = {
        {"era", UDATPG_ERA_FIELD},
        {"year", UDATPG_YEAR_FIELD},
        {"quarter", UDATPG_QUARTER_FIELD},
        {"month", UDATPG_MONTH_FIELD},
        {"weekOfYear", UDATPG_WEEK_OF_YEAR_FIELD},
        {"weekday", UDATPG_WEEKDAY_FIELD},
        {"day", UDATPG_DAY_FIELD},
        {"dayPeriod", UDATPG_DAYPERIOD_FIELD},
        {"hour", UDATPG_HOUR_FIELD},
        {"minute", UDATPG_MINUTE_FIELD},
        {"second", UDATPG_SECOND_FIELD},
        {"timeZoneName", UDATPG_ZONE_FIELD}};
    const auto* field = std::find_if(std::begin(kFields), std::end(kFields),
                                     [&](const auto& f) { return code == f.first; });
    if (field == std::end(kFields)) return Unsupported(vm, "this Intl.DisplayNames dateTimeField");
    UDateTimePGDisplayWidth width = style == "long"    ? UDATPG_WIDE
                                    : style == "short" ? UDATPG_ABBREVIATED
                                                       : UDATPG_NARROW;
    out = g->getFieldDisplayName(field->second, width);
  } else {
    static BoundedCache<icu::LocaleDisplayNames> cache;
    icu::LocaleDisplayNames* ldn =
        cache.Get(absl::StrCat(locale, "|", style, "|", none, "|", standard),
                  [&]() -> std::unique_ptr<icu::LocaleDisplayNames> {
                    UDisplayContext contexts[] = {
                        standard ? UDISPCTX_STANDARD_NAMES : UDISPCTX_DIALECT_NAMES,
                        style == "long" ? UDISPCTX_LENGTH_FULL : UDISPCTX_LENGTH_SHORT,
                        none ? UDISPCTX_NO_SUBSTITUTE : UDISPCTX_SUBSTITUTE};
                    return std::unique_ptr<icu::LocaleDisplayNames>(
                        icu::LocaleDisplayNames::createInstance(LocaleOf(locale), contexts, 3));
                  });
    if (ldn == nullptr) return Unsupported(vm, "Intl.DisplayNames for this locale");
    if (type == "language") {
      UErrorCode status = U_ZERO_ERROR;
      icu::Locale l = icu::Locale::forLanguageTag(code, status);
      if (U_FAILURE(status)) return Unsupported(vm, "Intl.DisplayNames of this language tag");
      ldn->localeDisplayName(l, out);
    } else if (type == "region") {
      ldn->regionDisplayName(code.c_str(), out);
    } else if (type == "script") {
      ldn->scriptDisplayName(code.c_str(), out);
    } else if (type == "currency") {
      ldn->keyValueDisplayName("currency", code.c_str(), out);
    } else if (type == "calendar") {
      // ICU names calendars by their legacy type ("gregory" → "gregorian"), as V8 converts them.
      const char* legacy = uloc_toLegacyType("calendar", code.c_str());
      ldn->keyValueDisplayName("calendar", legacy != nullptr ? legacy : code.c_str(), out);
    } else {
      return Unsupported(vm, "this Intl.DisplayNames type");
    }
  }
  // ICU answers an unknown currency with its code even without substitution.
  if (none && type == "currency" && out == icu::UnicodeString::fromUTF8(code))
    return Value::Undefined();
  if (out.isBogus() || out.isEmpty()) return none ? Value::Undefined() : vm.Str(code);
  return FromIcu(vm, out);
}

// Adds an ICU locale's tag to an available-locale set, and as V8 does (Intl::BuildLocaleSet) the tag
// without its script when it has a region too: ICU lists "zh-Hant-TW", a program asks for "zh-TW".
void AddAvailable(const icu::Locale& loc, absl::flat_hash_set<std::string>* set) {
  std::string tag = TagOf(loc);
  set->insert(tag);
  if (loc.getScript()[0] != '\0' && loc.getCountry()[0] != '\0') {
    size_t first = tag.find('-');
    size_t second = tag.find('-', first + 1);
    if (first != std::string::npos && second != std::string::npos)
      set->insert(tag.substr(0, first) + tag.substr(second));
  }
}

// The available locales of one service as canonical tags: 0 formatting, 1 collation, 2 plural rules.
const absl::flat_hash_set<std::string>& Available(int service) {
  static const auto* sets = [] {
    auto* s = new std::vector<absl::flat_hash_set<std::string>>(3);
    int32_t n = 0;
    const icu::Locale* list = icu::NumberFormat::getAvailableLocales(n);
    for (int32_t i = 0; i < n; i++) AddAvailable(list[i], &(*s)[0]);
    list = icu::Collator::getAvailableLocales(n);
    for (int32_t i = 0; i < n; i++) AddAvailable(list[i], &(*s)[1]);
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::StringEnumeration> e(icu::PluralRules::getAvailableLocales(status));
    const char* id;
    while (U_SUCCESS(status) && e != nullptr && (id = e->next(nullptr, status)) != nullptr) {
      AddAvailable(icu::Locale(id), &(*s)[2]);
    }
    return s;
  }();
  return (*sets)[std::clamp(service, 0, 2)];
}

// intlBestLocale(service, tag) → ECMA-402 §9.2.2 BestAvailableLocale of the canonical tag (without
// extensions) among ICU's locales of the service ("format", "collation", "plural"), or undefined.
Value IntlBestLocale(VM& vm, CallArgs& args) {
  std::string service = Utf8(args[0]);
  std::string candidate = Utf8(args[1]);
  std::lock_guard<std::mutex> lock(IcuMutex());
  const auto& set = Available(service == "collation" ? 1 : service == "plural" ? 2 : 0);
  while (!candidate.empty()) {
    if (set.contains(candidate)) return vm.Str(candidate);
    size_t pos = candidate.rfind('-');
    if (pos == std::string::npos) return Value::Undefined();
    if (pos >= 2 && candidate[pos - 2] == '-') pos -= 2;
    candidate.resize(pos);
  }
  return Value::Undefined();
}

// ---- NumberFormat / PluralRules ----------------------------------------------------------------------

icu::number::LocalizedNumberFormatter* NumberFormatter(const std::string& locale,
                                                       const icu::UnicodeString& skeleton) {
  static BoundedCache<icu::number::LocalizedNumberFormatter> cache;
  std::string key;
  skeleton.toUTF8String(key);
  key = absl::StrCat(locale, "|", key);
  return cache.Get(key, [&]() -> std::unique_ptr<icu::number::LocalizedNumberFormatter> {
    UErrorCode status = U_ZERO_ERROR;
    auto f = icu::number::NumberFormatter::forSkeleton(skeleton, status).locale(LocaleOf(locale));
    if (U_FAILURE(status)) return nullptr;
    return std::make_unique<icu::number::LocalizedNumberFormatter>(std::move(f));
  });
}

// Formats args[x] (a number, or a decimal string the prelude checked) with the formatter.
icu::number::FormattedNumber FormatWith(const icu::number::LocalizedNumberFormatter& f, Value x,
                                        UErrorCode& status) {
  if (x.IsString()) {
    std::string s = Utf8(x);
    return f.formatDecimal(icu::StringPiece(s), status);
  }
  return f.formatDouble(x.IsNumber() ? x.AsNumber() : static_cast<double>(x.AsInt()), status);
}

double NumberOf(Value x) {
  if (x.IsNumber()) return x.AsNumber();
  if (x.IsInt()) return static_cast<double>(x.AsInt());
  return 0;
}

// intlNumberFormat(locale, skeleton, x, parts) → the formatted string, or with parts = true a flat
// array [type, value, type, value, …] (ECMA-402 §15.5.4 FormatNumericToString/§15.5.5).
Value IntlNumberFormat(VM& vm, CallArgs& args) {
  std::string locale = Utf8(args[0]);
  icu::UnicodeString skeleton = ToIcu(args[1]);
  Value x = args[2];
  bool parts = VM::ToBoolean(args[3]);
  double d = NumberOf(x);
  bool nan = !x.IsString() && std::isnan(d), inf = !x.IsString() && std::isinf(d);
  Value out;
  {
    std::lock_guard<std::mutex> lock(IcuMutex());
    auto* f = NumberFormatter(locale, skeleton);
    if (f == nullptr) return Unsupported(vm, "this Intl.NumberFormat option combination");
    UErrorCode status = U_ZERO_ERROR;
    icu::number::FormattedNumber r = FormatWith(*f, x, status);
    icu::UnicodeString text = r.toString(status);
    if (U_FAILURE(status)) return Unsupported(vm, "formatting this number with Intl.NumberFormat");
    vm.ChargeSteps(static_cast<uint64_t>(text.length()) + 16);
    if (!parts) {
      out = FromIcu(vm, text);
    } else {
      std::vector<Span> spans = SpansOf(r, status);
      auto runs = Runs(text, std::move(spans),
                       [&](int32_t cat, int32_t field, const icu::UnicodeString& t) -> std::string {
                         if (cat != UFIELD_CATEGORY_NUMBER) return "";
                         return NumberPartName(field, t, nan, inf);
                       });
      if (nan || inf) {
        // ICU marks "NaN"/"∞" with no integer field in some locales: the non-sign text is the value.
        for (auto& [type, t] : runs)
          if (type == "literal" && !t.isEmpty() && (t == u"NaN" || t == u"∞")) type = nan ? "nan" : "infinity";
      }
      out = PartsArray(vm, runs);
    }
  }
  return out;
}

icu::number::LocalizedNumberRangeFormatter* RangeFormatter(const std::string& locale,
                                                           const icu::UnicodeString& skeleton) {
  static BoundedCache<icu::number::LocalizedNumberRangeFormatter> cache;
  std::string key;
  skeleton.toUTF8String(key);
  key = absl::StrCat(locale, "|", key);
  return cache.Get(key, [&]() -> std::unique_ptr<icu::number::LocalizedNumberRangeFormatter> {
    UErrorCode status = U_ZERO_ERROR;
    auto nf = icu::number::NumberFormatter::forSkeleton(skeleton, status);
    if (U_FAILURE(status)) return nullptr;
    // V8's settings (js-number-format.cc): collapse auto, "~" when both ends format the same.
    auto f = icu::number::NumberRangeFormatter::with()
                 .numberFormatterBoth(std::move(nf))
                 .identityFallback(UNUM_IDENTITY_FALLBACK_APPROXIMATELY)
                 .locale(LocaleOf(locale));
    return std::make_unique<icu::number::LocalizedNumberRangeFormatter>(std::move(f));
  });
}

// A number or a decimal string (the prelude's ToIntlMathematicalValue) as an ICU Formattable.
icu::Formattable FormattableOf(Value x, UErrorCode& status) {
  if (x.IsString()) {
    std::string s = Utf8(x);
    return icu::Formattable(icu::StringPiece(s), status);
  }
  return icu::Formattable(NumberOf(x));
}

// intlNumberFormatRange(locale, skeleton, x, y, parts) → the formatted range (ECMA-402 §15.5.21
// FormatNumericRange), or with parts = true a flat array [type, value, source, …] (§15.5.22: source
// "startRange"/"endRange"/"shared").
Value IntlNumberFormatRange(VM& vm, CallArgs& args) {
  std::string locale = Utf8(args[0]);
  icu::UnicodeString skeleton = ToIcu(args[1]);
  bool parts = VM::ToBoolean(args[4]);
  std::lock_guard<std::mutex> lock(IcuMutex());
  auto* f = RangeFormatter(locale, skeleton);
  if (f == nullptr) return Unsupported(vm, "this Intl.NumberFormat option combination");
  UErrorCode status = U_ZERO_ERROR;
  icu::Formattable x = FormattableOf(args[2], status);
  icu::Formattable y = FormattableOf(args[3], status);
  icu::number::FormattedNumberRange r = f->formatFormattableRange(x, y, status);
  icu::UnicodeString text = r.toString(status);
  if (U_FAILURE(status)) return Unsupported(vm, "formatting this range with Intl.NumberFormat");
  vm.ChargeSteps(static_cast<uint64_t>(text.length()) + 16);
  if (!parts) return FromIcu(vm, text);
  // V8 (js-number-format.cc FormatToJSArray): the parts are the number fields flattened as for
  // formatToParts; a part's source is startRange/endRange when it lies wholly inside that end's
  // span (FormatRangeSourceTracker), else shared.
  std::vector<Span> spans = SpansOf(r, status);
  int32_t range_begin[2] = {0, 0}, range_end[2] = {-1, -1};
  std::vector<Span> fields;
  for (const Span& sp : spans) {
    if (sp.category == UFIELD_CATEGORY_NUMBER_RANGE_SPAN) {
      if (sp.field == 0 || sp.field == 1) {
        range_begin[sp.field] = sp.begin;
        range_end[sp.field] = sp.end;
      }
    } else {
      fields.push_back(sp);
    }
  }
  auto runs = Runs(text, std::move(fields),
                   [&](int32_t cat, int32_t field, const icu::UnicodeString& t) -> std::string {
                     if (cat != UFIELD_CATEGORY_NUMBER) return "";
                     return NumberPartName(field, t, false, t == u"∞");
                   });
  ArrayObject* a = vm.NewArray(0);
  int32_t at = 0;
  for (const auto& [type, t] : runs) {
    int32_t end = at + t.length();
    const char* source = "shared";
    for (int k = 0; k < 2; k++) {
      if (range_begin[k] <= at && end <= range_end[k]) {
        source = k == 0 ? "startRange" : "endRange";
        break;
      }
    }
    vm.ArrayPush(a, vm.Str(type));
    vm.ArrayPush(a, FromIcu(vm, t));
    vm.ArrayPush(a, vm.Str(source));
    at = end;
  }
  return Value::FromObject(a);
}

// intlNumberingSystem(locale) → the locale's default numbering system name ("latn", "arab", …).
Value IntlNumberingSystem(VM& vm, CallArgs& args) {
  std::lock_guard<std::mutex> lock(IcuMutex());
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::NumberingSystem> ns(
      icu::NumberingSystem::createInstance(LocaleOf(Utf8(args[0])), status));
  if (U_FAILURE(status) || ns == nullptr) return vm.Str("latn");
  return vm.Str(ns->getName());
}

// intlCurrencyDigits(code) → ISO 4217 minor unit digits (ECMA-402 §15.5.1 CurrencyDigits; 2 if unknown).
Value IntlCurrencyDigits(VM& vm, CallArgs& args) {
  icu::UnicodeString code = ToIcu(args[0]);
  UErrorCode status = U_ZERO_ERROR;
  int32_t digits = ucurr_getDefaultFractionDigits(code.getTerminatedBuffer(), &status);
  return Value::Int(U_FAILURE(status) ? 2 : digits);
}

icu::PluralRules* Plural(const std::string& locale, bool ordinal) {
  static BoundedCache<icu::PluralRules> cache;
  return cache.Get(absl::StrCat(locale, ordinal ? "|o" : "|c"),
                   [&]() -> std::unique_ptr<icu::PluralRules> {
                     UErrorCode status = U_ZERO_ERROR;
                     std::unique_ptr<icu::PluralRules> p(icu::PluralRules::forLocale(
                         LocaleOf(locale), ordinal ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL,
                         status));
                     if (U_FAILURE(status)) return nullptr;
                     return p;
                   });
}

// intlPluralSelect(locale, ordinal, skeleton, x) → the plural category of x formatted with the digit
// options in `skeleton` (ECMA-402 §16.5.3 ResolvePlural).
Value IntlPluralSelect(VM& vm, CallArgs& args) {
  std::string locale = Utf8(args[0]);
  std::lock_guard<std::mutex> lock(IcuMutex());
  icu::PluralRules* p = Plural(locale, VM::ToBoolean(args[1]));
  auto* f = NumberFormatter(locale, ToIcu(args[2]));
  if (p == nullptr || f == nullptr) return Unsupported(vm, "this Intl.PluralRules option combination");
  UErrorCode status = U_ZERO_ERROR;
  icu::number::FormattedNumber r = FormatWith(*f, args[3], status);
  icu::UnicodeString cat = p->select(r, status);
  if (U_FAILURE(status)) return Unsupported(vm, "selecting a plural category for this number");
  return FromIcu(vm, cat);
}

// intlPluralSelectRange(locale, ordinal, skeleton, x, y) → the plural category of the range x–y
// formatted with the digit options in `skeleton` (ECMA-402 §16.5.5 ResolvePluralRange).
Value IntlPluralSelectRange(VM& vm, CallArgs& args) {
  std::string locale = Utf8(args[0]);
  std::lock_guard<std::mutex> lock(IcuMutex());
  icu::PluralRules* p = Plural(locale, VM::ToBoolean(args[1]));
  auto* f = RangeFormatter(locale, ToIcu(args[2]));
  if (p == nullptr || f == nullptr)
    return Unsupported(vm, "this Intl.PluralRules option combination");
  UErrorCode status = U_ZERO_ERROR;
  icu::number::FormattedNumberRange r = f->formatFormattableRange(
      icu::Formattable(NumberOf(args[3])), icu::Formattable(NumberOf(args[4])), status);
  icu::UnicodeString cat = p->select(r, status);
  if (U_FAILURE(status)) return Unsupported(vm, "selecting a plural category for this range");
  return FromIcu(vm, cat);
}

// intlPluralCategories(locale, ordinal) → the categories in ICU's order.
Value IntlPluralCategories(VM& vm, CallArgs& args) {
  std::lock_guard<std::mutex> lock(IcuMutex());
  icu::PluralRules* p = Plural(Utf8(args[0]), VM::ToBoolean(args[1]));
  ArrayObject* a = vm.NewArray(6);
  if (p == nullptr) return Value::FromObject(a);
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::StringEnumeration> e(p->getKeywords(status));
  // ICU's keyword order, as V8 reports it.
  while (U_SUCCESS(status) && e != nullptr) {
    const char* k = e->next(nullptr, status);
    if (k == nullptr) break;
    vm.ArrayPush(a, vm.Str(k));
  }
  return Value::FromObject(a);
}

// The values of an ICU keyword enumeration as BCP 47 Unicode extension types of `key` ("gregorian" →
// "gregory", "phonebook" → "phonebk"), in ICU's order.
std::vector<std::string> UnicodeTypes(const char* key, icu::StringEnumeration* e) {
  std::vector<std::string> out;
  UErrorCode status = U_ZERO_ERROR;
  const char* c;
  while (e != nullptr && (c = e->next(nullptr, status)) != nullptr && U_SUCCESS(status)) {
    const char* type = uloc_toUnicodeLocaleType(key, c);
    out.emplace_back(type != nullptr ? type : c);
  }
  return out;
}

// Collation types V8 does not list: "standard" and "search" (ECMA-402 §10.2.3), and the two CLDR
// dropped after CLDR 42 (ICU 72 still has "big5han" and "gb2312"; Node.js 20's ICU has neither).
bool IsHiddenCollation(const std::string& v) {
  return v == "standard" || v == "search" || v == "big5han" || v == "gb2312";
}

// intlLocaleInfo(tag, what) → the locale-info getters of Intl.Locale (Intl Locale Info proposal as V8
// 11 ships it in Node.js 20): what = "calendars" | "collations" | "hourCycles" | "numberingSystems"
// (arrays; a -u-ca/-u-co/-u-hc/-u-nu keyword in the tag gives just that value), "textInfo"
// ({direction}), "timeZones" (the region's canonical zones sorted, undefined without a region),
// "weekInfo" ({firstDay, weekend, minimalDays}, ISO day numbers 1 = Monday … 7 = Sunday).
Value IntlLocaleInfo(VM& vm, CallArgs& args) {
  std::string tag = Utf8(args[0]);
  std::string what = Utf8(args[1]);
  std::lock_guard<std::mutex> lock(IcuMutex());
  UErrorCode status = U_ZERO_ERROR;
  icu::Locale loc = LocaleOf(tag);
  std::string fw;  // -u-fw-: first day of week
  {
    UErrorCode st = U_ZERO_ERROR;
    fw = loc.getUnicodeKeywordValue<std::string>("fw", st);
    if (U_FAILURE(st)) fw.clear();
  }
  {
    // A region override (-u-rg-uszzzz) stands for the region in the regional preferences, as newer
    // ICUs (Node.js's) read it.
    UErrorCode st = U_ZERO_ERROR;
    std::string rg = loc.getUnicodeKeywordValue<std::string>("rg", st);
    if (U_SUCCESS(st) && rg.size() == 6 && rg.substr(2) == "zzzz" &&
        (what == "hourCycles" || what == "weekInfo" || what == "calendars")) {
      std::string region = absl::AsciiStrToUpper(rg.substr(0, 2));
      icu::Locale with_region(loc.getLanguage(), region.c_str(), loc.getVariant());
      if (loc.getScript()[0] != '\0') {
        with_region = icu::Locale::createFromName(
            absl::StrCat(loc.getLanguage(), "_", loc.getScript(), "_", region).c_str());
      }
      loc = with_region;
    }
  }
  auto array_of = [&](const std::vector<std::string>& values) {
    ArrayObject* a = vm.NewArray(static_cast<uint32_t>(values.size()));
    for (const std::string& v : values) vm.ArrayPush(a, vm.Str(v));
    return Value::FromObject(a);
  };
  const icu::Locale original = LocaleOf(tag);  // loc may have lost its keywords to a -u-rg- region
  auto keyword = [&](const char* key) {
    UErrorCode st = U_ZERO_ERROR;
    std::string v = original.getUnicodeKeywordValue<std::string>(key, st);
    return U_SUCCESS(st) ? v : std::string();
  };
  auto iso_day = [](int32_t ucal_day) { return ucal_day == UCAL_SUNDAY ? 7 : ucal_day - 1; };
  if (what == "calendars" || what == "collations") {
    bool calendars = what == "calendars";
    std::string preferred = keyword(calendars ? "ca" : "co");
    if (!preferred.empty()) return array_of({preferred});
    std::unique_ptr<icu::StringEnumeration> e(
        calendars ? icu::Calendar::getKeywordValuesForLocale("calendar", loc, true, status)
                  : icu::Collator::getKeywordValuesForLocale("collation", loc, true, status));
    std::vector<std::string> values = UnicodeTypes(calendars ? "ca" : "co", e.get());
    if (!calendars) {
      values.erase(std::remove_if(values.begin(), values.end(), IsHiddenCollation), values.end());
      std::sort(values.begin(), values.end());
    }
    return array_of(values);
  }
  if (what == "hourCycles") {
    std::string preferred = keyword("hc");
    if (!preferred.empty()) return array_of({preferred});
    std::unique_ptr<icu::DateTimePatternGenerator> g(
        icu::DateTimePatternGenerator::createInstance(loc, status));
    if (U_FAILURE(status) || g == nullptr) return array_of({});
    switch (g->getDefaultHourCycle(status)) {
      case UDAT_HOUR_CYCLE_11:
        return array_of({"h11"});
      case UDAT_HOUR_CYCLE_12:
        return array_of({"h12"});
      case UDAT_HOUR_CYCLE_23:
        return array_of({"h23"});
      case UDAT_HOUR_CYCLE_24:
        return array_of({"h24"});
    }
    return array_of({});
  }
  if (what == "numberingSystems") {
    std::string preferred = keyword("nu");
    if (!preferred.empty()) return array_of({preferred});
    std::unique_ptr<icu::NumberingSystem> ns(icu::NumberingSystem::createInstance(loc, status));
    return array_of({U_SUCCESS(status) && ns != nullptr ? ns->getName() : "latn"});
  }
  if (what == "textInfo") {
    Object* o = vm.NewObject();
    // V8 reads the locale's own layout data (a locale without data, "und-Arab", is "ltr"), not the
    // script's direction.
    bool rtl = uloc_getCharacterOrientation(loc.getName(), &status) == ULOC_LAYOUT_RTL;
    vm.DefineValue(o, "direction", vm.Str(rtl ? "rtl" : "ltr"), kDefaultAttrs);
    return Value::FromObject(o);
  }
  if (what == "timeZones") {
    const char* region = loc.getCountry();
    if (region == nullptr || region[0] == '\0') return Value::Undefined();
    std::unique_ptr<icu::StringEnumeration> e(icu::TimeZone::createTimeZoneIDEnumeration(
        UCAL_ZONE_TYPE_CANONICAL_LOCATION, region, nullptr, status));
    std::vector<std::string> zones;
    const char* c;
    while (U_SUCCESS(status) && e != nullptr && (c = e->next(nullptr, status)) != nullptr)
      zones.emplace_back(c);
    std::sort(zones.begin(), zones.end());
    return array_of(zones);
  }
  if (what == "weekInfo") {
    std::unique_ptr<icu::Calendar> cal(icu::Calendar::createInstance(loc, status));
    if (U_FAILURE(status) || cal == nullptr) return Value::Undefined();
    ArrayObject* weekend = vm.NewArray(2);
    for (int32_t iso = 1; iso <= 7; iso++) {
      auto day = static_cast<UCalendarDaysOfWeek>(iso == 7 ? UCAL_SUNDAY : iso + 1);
      UErrorCode st = U_ZERO_ERROR;
      if (cal->getDayOfWeekType(day, st) != UCAL_WEEKDAY && U_SUCCESS(st))
        vm.ArrayPush(weekend, Value::Number(iso));
    }
    int32_t first = iso_day(cal->getFirstDayOfWeek(status));
    // -u-fw- (first day of week) overrides the region's, as newer ICUs apply it.
    static constexpr std::string_view kDays[] = {"mon", "tue", "wed", "thu", "fri", "sat", "sun"};
    for (int32_t d = 0; d < 7; d++) {
      if (fw == kDays[d]) first = d + 1;
    }
    Object* o = vm.NewObject();
    vm.DefineValue(o, "firstDay", Value::Number(first), kDefaultAttrs);
    vm.DefineValue(o, "weekend", Value::FromObject(weekend), kDefaultAttrs);
    vm.DefineValue(o, "minimalDays", Value::Number(cal->getMinimalDaysInFirstWeek()), kDefaultAttrs);
    return Value::FromObject(o);
  }
  return Value::Undefined();
}

// intlSupportedValues(key) → the sorted values ICU supports for Intl.supportedValuesOf(key)
// (ECMA-402 §8.3.2; "unit" is handled in the prelude): "currency", "calendar" and "collation" (BCP 47
// names: "gregory", "ethioaa", "phonebk", …), "timeZone" (canonical zones) and "numberingSystem".
Value IntlSupportedValues(VM& vm, CallArgs& args) {
  std::string key = Utf8(args[0]);
  std::set<std::string> values;
  std::lock_guard<std::mutex> lock(IcuMutex());
  UErrorCode status = U_ZERO_ERROR;
  if (key == "currency") {
    UEnumeration* e = ucurr_openISOCurrencies(UCURR_COMMON | UCURR_NON_DEPRECATED, &status);
    const char* c;
    while (U_SUCCESS(status) && (c = uenum_next(e, nullptr, &status)) != nullptr) values.insert(c);
    uenum_close(e);
  } else if (key == "calendar" || key == "collation") {
    // V8 11 (Intl::AvailableCalendars / AvailableCollations): every value ICU knows, as BCP 47 types.
    std::unique_ptr<icu::StringEnumeration> e(
        key == "calendar"
            ? icu::Calendar::getKeywordValuesForLocale("calendar", icu::Locale("und"), false, status)
            : icu::Collator::getKeywordValues("collation", status));
    for (const std::string& v : UnicodeTypes(key == "calendar" ? "ca" : "co", e.get())) {
      if (key == "calendar" || !IsHiddenCollation(v)) values.insert(v);
    }
  } else if (key == "timeZone") {
    std::unique_ptr<icu::StringEnumeration> e(icu::TimeZone::createTimeZoneIDEnumeration(
        UCAL_ZONE_TYPE_CANONICAL_LOCATION, nullptr, nullptr, status));
    const char* c;
    while (U_SUCCESS(status) && e != nullptr && (c = e->next(nullptr, status)) != nullptr)
      values.insert(c);
  } else if (key == "numberingSystem") {
    std::unique_ptr<icu::StringEnumeration> e(icu::NumberingSystem::getAvailableNames(status));
    const char* c;
    while (U_SUCCESS(status) && e != nullptr && (c = e->next(nullptr, status)) != nullptr) {
      std::unique_ptr<icu::NumberingSystem> ns(icu::NumberingSystem::createInstanceByName(c, status));
      if (U_SUCCESS(status) && ns != nullptr && !ns->isAlgorithmic()) values.insert(c);
      status = U_ZERO_ERROR;
    }
  }
  ArrayObject* a = vm.NewArray(static_cast<uint32_t>(values.size()));
  for (const std::string& v : values) vm.ArrayPush(a, vm.Str(v));
  return Value::FromObject(a);
}


// ---- Collator ----------------------------------------------------------------------------------------

// key: "usage|sensitivity|ignorePunctuation(0/1)|numeric(0/1)|caseFirst" as the prelude resolved them.
icu::Collator* CollatorFor(const std::string& locale, const std::string& key) {
  static BoundedCache<icu::Collator> cache;
  return cache.Get(absl::StrCat(locale, "|", key), [&]() -> std::unique_ptr<icu::Collator> {
    std::vector<std::string> f;
    size_t start = 0;
    for (size_t i = 0; i <= key.size(); i++) {
      if (i == key.size() || key[i] == '|') {
        f.push_back(key.substr(start, i - start));
        start = i + 1;
      }
    }
    if (f.size() != 5) return nullptr;
    UErrorCode status = U_ZERO_ERROR;
    icu::Locale loc = LocaleOf(locale);
    if (f[0] == "search") loc.setUnicodeKeywordValue("co", "search", status);
    std::unique_ptr<icu::Collator> c(icu::Collator::createInstance(loc, status));
    if (U_FAILURE(status) || c == nullptr) return nullptr;
    // ECMA-402 §10.3.3 sensitivity → ICU strength (+ case level for "case").
    if (f[1] == "base") {
      c->setStrength(icu::Collator::PRIMARY);
    } else if (f[1] == "accent") {
      c->setStrength(icu::Collator::SECONDARY);
    } else if (f[1] == "case") {
      c->setStrength(icu::Collator::PRIMARY);
      c->setAttribute(UCOL_CASE_LEVEL, UCOL_ON, status);
    } else {
      c->setStrength(icu::Collator::TERTIARY);
    }
    if (f[2] == "1") c->setAttribute(UCOL_ALTERNATE_HANDLING, UCOL_SHIFTED, status);
    c->setAttribute(UCOL_NUMERIC_COLLATION, f[3] == "1" ? UCOL_ON : UCOL_OFF, status);
    if (f[4] == "upper") c->setAttribute(UCOL_CASE_FIRST, UCOL_UPPER_FIRST, status);
    else if (f[4] == "lower") c->setAttribute(UCOL_CASE_FIRST, UCOL_LOWER_FIRST, status);
    else if (f[4] == "false") c->setAttribute(UCOL_CASE_FIRST, UCOL_OFF, status);
    // "" (option absent): the locale's own default (upper first in da, mt).
    if (U_FAILURE(status)) return nullptr;
    return c;
  });
}

// intlCollatorCompare(locale, key, a, b) → -1, 0 or 1 (ECMA-402 §10.3.3.1 CompareStrings).
Value IntlCollatorCompare(VM& vm, CallArgs& args) {
  std::string locale = Utf8(args[0]), key = Utf8(args[1]);
  icu::UnicodeString a = ToIcu(args[2]), b = ToIcu(args[3]);
  vm.ChargeSteps(static_cast<uint64_t>(a.length() + b.length()) / 4 + 1);
  std::lock_guard<std::mutex> lock(IcuMutex());
  icu::Collator* c = CollatorFor(locale, key);
  if (c == nullptr) return Unsupported(vm, "this Intl.Collator option combination");
  UErrorCode status = U_ZERO_ERROR;
  UCollationResult r = c->compare(a, b, status);
  if (U_FAILURE(status)) return Unsupported(vm, "comparing these strings with Intl.Collator");
  return Value::Int(r == UCOL_LESS ? -1 : r == UCOL_GREATER ? 1 : 0);
}

// Whether `type` (a BCP 47 collation type) is one the locale's collation data offers (V8's
// IsValidCollation): ICU's collation keyword values for the locale, not "standard" or "search".
bool IsLocaleCollation(const icu::Locale& loc, const std::string& type) {
  if (type == "standard" || type == "search") return false;
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::StringEnumeration> e(
      icu::Collator::getKeywordValuesForLocale("collation", loc, false, status));
  if (U_FAILURE(status)) return false;
  for (const std::string& v : UnicodeTypes("co", e.get())) {
    if (v == type) return true;
  }
  return false;
}

// intlCollationValid(locale, type) → whether ResolveLocale may take -u-co-TYPE for the locale.
Value IntlCollationValid(VM& vm, CallArgs& args) {
  std::lock_guard<std::mutex> lock(IcuMutex());
  return Value::Bool(IsLocaleCollation(LocaleOf(Utf8(args[0])), Utf8(args[1])));
}

// intlCollatorResolve(locale, collation, usage) → [locale, collation, tag]: what V8 11 reports for a
// Collator whose ResolveLocale gave `locale` (with any valid -u-co-), given the `collation` option
// (undefined when absent) and usage. The collation option replaces the keyword when the locale
// offers it; "search" usage selects ICU's search collation. V8 reads the collation back from the
// ICU collator's valid locale ("default" when it names none, as for zh's pinyin) and reports that
// locale unless it differs from the one requested (then `locale` as resolved). `tag` is the
// locale the comparisons use (intlCollatorCompare).
Value IntlCollatorResolve(VM& vm, CallArgs& args) {
  std::string resolved = Utf8(args[0]);
  bool has_option = !args[1].IsUndefined();
  std::string option = has_option ? Utf8(args[1]) : std::string();
  // Unicode extension types are case-insensitive; V8 resolves "Phonebk" as "phonebk".
  for (char& ch : option) ch = static_cast<char>(absl::ascii_tolower(static_cast<unsigned char>(ch)));
  bool search = Utf8(args[2]) == "search";
  std::lock_guard<std::mutex> lock(IcuMutex());
  // Every localeCompare with locales resolves a Collator: the answer (which builds an ICU collator)
  // is cached per input.
  using Resolution = std::array<std::string, 3>;
  static BoundedCache<Resolution> cache;
  const Resolution* r =
      cache.Get(absl::StrCat(resolved, "|", has_option ? "1" : "0", option, "|", search ? "s" : ""),
                [&]() -> std::unique_ptr<Resolution> {
                  UErrorCode status = U_ZERO_ERROR;
                  icu::Locale loc = LocaleOf(resolved);
                  std::string co = loc.getUnicodeKeywordValue<std::string>("co", status);
                  if (U_FAILURE(status)) co.clear();
                  status = U_ZERO_ERROR;
                  if (has_option && !co.empty() && co != option)
                    loc.setUnicodeKeywordValue("co", nullptr, status);
                  status = U_ZERO_ERROR;
                  if (search) {
                    loc.setUnicodeKeywordValue("co", "search", status);
                  } else if (has_option && IsLocaleCollation(loc, option)) {
                    loc.setUnicodeKeywordValue("co", option, status);
                  }
                  status = U_ZERO_ERROR;
                  std::unique_ptr<icu::Collator> c(icu::Collator::createInstance(loc, status));
                  auto out = std::make_unique<Resolution>(Resolution{resolved, "default", ""});
                  if (U_SUCCESS(status) && c != nullptr) {
                    icu::Locale valid = c->getLocale(ULOC_VALID_LOCALE, status);
                    UErrorCode st = U_ZERO_ERROR;
                    std::string valid_co = valid.getUnicodeKeywordValue<std::string>("co", st);
                    if (U_SUCCESS(st) && !valid_co.empty() && valid_co != "search")
                      (*out)[1] = valid_co;
                    if (U_SUCCESS(status) && valid == loc) {
                      if (valid_co == "search") valid.setUnicodeKeywordValue("co", nullptr, st);
                      (*out)[0] = TagOf(valid);
                    }
                  }
                  // The comparisons' locale: the collation type only (search is part of the
                  // collator key).
                  icu::Locale compare_loc(loc.getBaseName());
                  status = U_ZERO_ERROR;
                  std::string chosen = loc.getUnicodeKeywordValue<std::string>("co", status);
                  if (U_SUCCESS(status) && !chosen.empty() && chosen != "search") {
                    compare_loc.setUnicodeKeywordValue("co", chosen, status);
                  }
                  (*out)[2] = TagOf(compare_loc);
                  return out;
                });
  ArrayObject* a = vm.NewArray(3);
  for (const std::string& v : *r) vm.ArrayPush(a, vm.Str(v));
  return Value::FromObject(a);
}

// intlCollatorCaseFirst(locale, key) → the collator's effective caseFirst ("upper", "lower", "false"),
// for resolvedOptions when the option was absent.
Value IntlCollatorCaseFirst(VM& vm, CallArgs& args) {
  std::lock_guard<std::mutex> lock(IcuMutex());
  icu::Collator* c = CollatorFor(Utf8(args[0]), Utf8(args[1]));
  if (c == nullptr) return Unsupported(vm, "this Intl.Collator option combination");
  UErrorCode status = U_ZERO_ERROR;
  UColAttributeValue v = c->getAttribute(UCOL_CASE_FIRST, status);
  return vm.Str(v == UCOL_UPPER_FIRST ? "upper" : v == UCOL_LOWER_FIRST ? "lower" : "false");
}

// intlCollatorIgnoresPunctuation(locale, key) → whether the collator ignores punctuation (ICU's
// alternate handling "shifted"): the option, or the locale's default (Thai) — what V8's
// resolvedOptions reports.
Value IntlCollatorIgnoresPunctuation(VM& vm, CallArgs& args) {
  std::lock_guard<std::mutex> lock(IcuMutex());
  icu::Collator* c = CollatorFor(Utf8(args[0]), Utf8(args[1]));
  if (c == nullptr) return Unsupported(vm, "this Intl.Collator option combination");
  UErrorCode status = U_ZERO_ERROR;
  return Value::Bool(c->getAttribute(UCOL_ALTERNATE_HANDLING, status) == UCOL_SHIFTED);
}

// ---- ListFormat --------------------------------------------------------------------------------------

// intlListFormat(locale, type, style, items, parts) → the joined string, or with parts the flat
// array [type, value, …] of "element"/"literal" parts (ECMA-402 §13.5.2/§13.5.3).
Value IntlListFormat(VM& vm, CallArgs& args) {
  std::string locale = Utf8(args[0]), type = Utf8(args[1]), style = Utf8(args[2]);
  bool parts = VM::ToBoolean(args[4]);
  std::vector<icu::UnicodeString> items;
  if (args[3].IsObject()) {
    auto* a = static_cast<ArrayObject*>(vm.Resolve(args[3].AsObject()));
    for (uint32_t i = 0; i < a->length; i++) {
      bool had_accessor = false;
      items.push_back(ToIcu(vm.GetData(a, PropertyKey::Index(i), &had_accessor)));
    }
  }
  uint64_t total = 0;
  for (const auto& it : items) total += static_cast<uint64_t>(it.length());
  vm.ChargeSteps(total / 4 + items.size() + 1);
  std::lock_guard<std::mutex> lock(IcuMutex());
  static BoundedCache<icu::ListFormatter> cache;
  icu::ListFormatter* lf = cache.Get(
      absl::StrCat(locale, "|", type, "|", style), [&]() -> std::unique_ptr<icu::ListFormatter> {
        UErrorCode status = U_ZERO_ERROR;
        UListFormatterType t = type == "disjunction" ? ULISTFMT_TYPE_OR
                               : type == "unit"      ? ULISTFMT_TYPE_UNITS
                                                     : ULISTFMT_TYPE_AND;
        UListFormatterWidth w = style == "short"    ? ULISTFMT_WIDTH_SHORT
                                : style == "narrow" ? ULISTFMT_WIDTH_NARROW
                                                    : ULISTFMT_WIDTH_WIDE;
        std::unique_ptr<icu::ListFormatter> f(
            icu::ListFormatter::createInstance(LocaleOf(locale), t, w, status));
        if (U_FAILURE(status)) return nullptr;
        return f;
      });
  if (lf == nullptr) return Unsupported(vm, "this Intl.ListFormat option combination");
  UErrorCode status = U_ZERO_ERROR;
  icu::FormattedList r =
      lf->formatStringsToValue(items.data(), static_cast<int32_t>(items.size()), status);
  icu::UnicodeString text = r.toString(status);
  if (U_FAILURE(status)) return Unsupported(vm, "formatting this list with Intl.ListFormat");
  if (!parts) return FromIcu(vm, text);
  // Elements may touch (an empty separator), so walk the element spans instead of merging runs.
  std::vector<Span> spans = SpansOf(r, status);
  std::vector<std::pair<std::string, icu::UnicodeString>> runs;
  int32_t at = 0;
  for (const Span& s : spans) {
    if (s.category != UFIELD_CATEGORY_LIST || s.field != ULISTFMT_ELEMENT_FIELD) continue;
    if (s.begin > at) runs.emplace_back("literal", text.tempSubStringBetween(at, s.begin));
    runs.emplace_back("element", text.tempSubStringBetween(s.begin, s.end));
    at = s.end;
  }
  if (at < text.length()) runs.emplace_back("literal", text.tempSubStringBetween(at));
  return PartsArray(vm, runs);
}

// ---- RelativeTimeFormat ------------------------------------------------------------------------------

// intlRelativeTime(locale, style, numeric, value, unit, parts) → the string, or with parts the flat
// array [type, value, unit-or-undefined, …] (ECMA-402 §17.5.2 PartitionRelativeTimePattern). `unit` is
// the singular unit the prelude validated ("second" … "year", "quarter").
Value IntlRelativeTime(VM& vm, CallArgs& args) {
  std::string locale = Utf8(args[0]), style = Utf8(args[1]), numeric = Utf8(args[2]);
  double value = NumberOf(args[3]);
  std::string unit = Utf8(args[4]);
  bool parts = VM::ToBoolean(args[5]);
  URelativeDateTimeUnit u;
  if (unit == "second") u = UDAT_REL_UNIT_SECOND;
  else if (unit == "minute") u = UDAT_REL_UNIT_MINUTE;
  else if (unit == "hour") u = UDAT_REL_UNIT_HOUR;
  else if (unit == "day") u = UDAT_REL_UNIT_DAY;
  else if (unit == "week") u = UDAT_REL_UNIT_WEEK;
  else if (unit == "month") u = UDAT_REL_UNIT_MONTH;
  else if (unit == "quarter") u = UDAT_REL_UNIT_QUARTER;
  else if (unit == "year") u = UDAT_REL_UNIT_YEAR;
  else return Unsupported(vm, "this Intl.RelativeTimeFormat unit");
  std::lock_guard<std::mutex> lock(IcuMutex());
  static BoundedCache<icu::RelativeDateTimeFormatter> cache;
  icu::RelativeDateTimeFormatter* f = cache.Get(
      absl::StrCat(locale, "|", style), [&]() -> std::unique_ptr<icu::RelativeDateTimeFormatter> {
        UErrorCode status = U_ZERO_ERROR;
        UDateRelativeDateTimeFormatterStyle st = style == "short"    ? UDAT_STYLE_SHORT
                                                 : style == "narrow" ? UDAT_STYLE_NARROW
                                                                     : UDAT_STYLE_LONG;
        icu::NumberFormat* nf = icu::NumberFormat::createInstance(LocaleOf(locale), UNUM_DECIMAL, status);
        // The locale's minimum grouping digits ("1234" in es/pl), as Intl.NumberFormat's "auto".
        if (auto* df = dynamic_cast<icu::DecimalFormat*>(nf))
          df->setMinimumGroupingDigits(UNUM_MINIMUM_GROUPING_DIGITS_AUTO);
        auto r = std::make_unique<icu::RelativeDateTimeFormatter>(
            LocaleOf(locale), nf, st, UDISPCTX_CAPITALIZATION_NONE, status);
        if (U_FAILURE(status)) return nullptr;
        return r;
      });
  if (f == nullptr) return Unsupported(vm, "this Intl.RelativeTimeFormat option combination");
  UErrorCode status = U_ZERO_ERROR;
  icu::FormattedRelativeDateTime r = numeric == "auto" ? f->formatToValue(value, u, status)
                                                       : f->formatNumericToValue(value, u, status);
  icu::UnicodeString text = r.toString(status);
  if (U_FAILURE(status)) return Unsupported(vm, "formatting this relative time");
  vm.ChargeSteps(static_cast<uint64_t>(text.length()) + 16);
  if (!parts) return FromIcu(vm, text);
  std::vector<Span> spans = SpansOf(r, status);
  bool nan = std::isnan(value), inf = std::isinf(value);
  auto runs = Runs(text, std::move(spans),
                   [&](int32_t cat, int32_t field, const icu::UnicodeString& t) -> std::string {
                     if (cat != UFIELD_CATEGORY_NUMBER) return "";
                     return NumberPartName(field, t, nan, inf);
                   });
  ArrayObject* a = vm.NewArray(static_cast<uint32_t>(runs.size() * 3));
  for (const auto& [type, t] : runs) {
    vm.ArrayPush(a, vm.Str(type));
    vm.ArrayPush(a, FromIcu(vm, t));
    vm.ArrayPush(a, type == "literal" ? Value::Undefined() : vm.Str(unit));
  }
  return Value::FromObject(a);
}

// intlCanonicalTimeZone(name) → ICU's canonical ID of an IANA zone name ("Asia/Kolkata" →
// "Asia/Calcutta", as V8 reports it), or the name itself when ICU does not know it.
Value IntlCanonicalTimeZone(VM& vm, CallArgs& args) {
  icu::UnicodeString name = ToIcu(args[0]), canonical;
  std::lock_guard<std::mutex> lock(IcuMutex());
  UErrorCode status = U_ZERO_ERROR;
  icu::TimeZone::getCanonicalID(name, canonical, status);
  if (U_FAILURE(status) || canonical.isEmpty()) return args[0];
  // V8 names every spelling of UTC "UTC" (Etc/UTC, Etc/GMT, GMT, Zulu, UCT, Universal, …).
  if (canonical == u"Etc/UTC" || canonical == u"Etc/GMT" || canonical == u"GMT") return vm.Str("UTC");
  return FromIcu(vm, canonical);
}

// ---- DateTimeFormat
// ----------------------------------------------------------------------------------
// Intl.DateTimeFormat and Date.prototype.toLocale*String beyond the generated tables of
// vm/builtins/date_format.cc (other locales, era, timeZoneName, hourCycle, dayPeriod,
// fractionalSecondDigits, timeStyle long/full, calendars, numbering systems, formatRange), the way
// V8 does it (src/objects/js-date-time-format.cc): a skeleton built by the prelude from the options
// → DateTimePatternGenerator's best pattern with the hour cycle forced → SimpleDateFormat over a
// proleptic Gregorian calendar; DateIntervalFormat for ranges.
//
// The clock: Date's local time comes from the system tz database through absl (vm.time_zone()); ICU
// has its own zone data. The wall time printed must agree with getHours() of the same Date in the
// same zone, so the ICU zone is used only when its offset at the instant equals absl's; otherwise
// the instant is formatted in a fixed-offset zone with absl's offset (the fields agree with Date; a
// zone name then reads as ICU prints a fixed offset, "GMT+1").

// The hour-field letter of an hour cycle ("h11" K, "h12" h, "h23" H, "h24" k); 0 for none.
char16_t HourLetter(std::string_view hc) {
  if (hc == "h11") return u'K';
  if (hc == "h12") return u'h';
  if (hc == "h23") return u'H';
  if (hc == "h24") return u'k';
  return 0;
}

// The hour cycle of the first hour field of a pattern outside quotes ("" when it has none).
std::string HourCycleOfPattern(const icu::UnicodeString& pattern) {
  bool quoted = false;
  for (int32_t i = 0; i < pattern.length(); i++) {
    char16_t c = pattern[i];
    if (c == u'\'') quoted = !quoted;
    if (quoted) continue;
    if (c == u'K') return "h11";
    if (c == u'h') return "h12";
    if (c == u'H') return "h23";
    if (c == u'k') return "h24";
  }
  return "";
}

// Forces the hour fields of `pattern` (outside quotes) to the letter of `hc`; as V8, an hour field
// right after a day field gets a space before it.
icu::UnicodeString ForceHourCycle(const icu::UnicodeString& pattern, std::string_view hc) {
  char16_t to = HourLetter(hc);
  if (to == 0) return pattern;
  icu::UnicodeString out;
  bool quoted = false;
  char16_t last = 0;
  for (int32_t i = 0; i < pattern.length(); i++) {
    char16_t c = pattern[i];
    if (c == u'\'') quoted = !quoted;
    bool hour = !quoted && (c == u'h' || c == u'H' || c == u'K' || c == u'k');
    if (hour && last == u'd') out.append(u' ');
    out.append(hour ? to : c);
    last = c;
  }
  return out;
}

icu::DateTimePatternGenerator* PatternGenerator(const std::string& locale) {
  static BoundedCache<icu::DateTimePatternGenerator> cache;
  return cache.Get(locale, [&]() -> std::unique_ptr<icu::DateTimePatternGenerator> {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::DateTimePatternGenerator> g(
        icu::DateTimePatternGenerator::createInstance(LocaleOf(locale), status));
    if (U_FAILURE(status)) return nullptr;
    return g;
  });
}

icu::UnicodeString BestPattern(icu::DateTimePatternGenerator* g, const icu::UnicodeString& skeleton,
                               std::string_view hc) {
  UErrorCode status = U_ZERO_ERROR;
  icu::UnicodeString p = g->getBestPattern(skeleton, UDATPG_MATCH_HOUR_FIELD_LENGTH, status);
  return ForceHourCycle(p, hc);
}

// The best pattern for the skeleton of `pattern` with its hour fields in cycle `hc` (V8's
// DateTimeStylePattern step for a style whose hour cycle is not hc).
// `single_hour`: one hour letter in the skeleton, so the locale's own width for that cycle wins
// ("h:mm a" rather than "hh:mm a" from "HH:mm"), as newer ICUs build a style for a -u-hc- keyword.
icu::UnicodeString WithHourCycle(icu::DateTimePatternGenerator* g,
                                 const icu::UnicodeString& pattern, std::string_view hc,
                                 bool single_hour = false) {
  UErrorCode status = U_ZERO_ERROR;
  icu::UnicodeString sk = icu::DateTimePatternGenerator::staticGetSkeleton(pattern, status);
  icu::UnicodeString forced;
  char16_t to = HourLetter(hc);
  bool had_hour = false;
  for (int32_t i = 0; i < sk.length(); i++) {
    char16_t c = sk[i];
    // V8 drops the day-period letters (ICU-20437) and lets the pattern generator add them back.
    if (c == u'a' || c == u'b' || c == u'B') continue;
    bool hour = c == u'h' || c == u'H' || c == u'K' || c == u'k';
    if (hour && single_hour && had_hour) continue;
    had_hour = had_hour || hour;
    forced.append(hour && to != 0 ? to : c);
  }
  return BestPattern(g, forced, hc);
}

icu::DateFormat::EStyle StyleOf(std::string_view s) {
  return s == "full"     ? icu::DateFormat::kFull
         : s == "long"   ? icu::DateFormat::kLong
         : s == "medium" ? icu::DateFormat::kMedium
                         : icu::DateFormat::kShort;
}

// One resolved DateTimeFormat: its SimpleDateFormat (proleptic Gregorian when Gregorian) and, made
// on the first formatRange, its DateIntervalFormat.
struct IcuDateFormat {
  std::unique_ptr<icu::SimpleDateFormat> format;
  std::unique_ptr<icu::DateIntervalFormat> interval;
  icu::Locale locale;
  std::string hc;
};

// The pattern of ECMA-402 §11.1.2 CreateDateTimeFormat for the prelude's resolved record: dateStyle
// / timeStyle through ICU's style patterns (regenerated from their skeleton when their hour cycle
// is not `hc`, V8's DateTimeStylePattern), else the best pattern for `skeleton`.
bool PatternOf(const std::string& locale, const std::string& skeleton,
               const std::string& date_style, const std::string& time_style, const std::string& hc,
               icu::UnicodeString* pattern) {
  icu::DateTimePatternGenerator* g = PatternGenerator(locale);
  if (g == nullptr) return false;
  if (date_style.empty() && time_style.empty()) {
    *pattern = BestPattern(g, icu::UnicodeString::fromUTF8(skeleton), hc);
    return true;
  }
  icu::Locale loc = LocaleOf(locale);
  std::unique_ptr<icu::DateFormat> styled(
      time_style.empty() ? icu::DateFormat::createDateInstance(StyleOf(date_style), loc)
      : date_style.empty()
          ? icu::DateFormat::createTimeInstance(StyleOf(time_style), loc)
          : icu::DateFormat::createDateTimeInstance(StyleOf(date_style), StyleOf(time_style), loc));
  auto* simple = dynamic_cast<icu::SimpleDateFormat*>(styled.get());
  if (simple == nullptr) return false;
  simple->toPattern(*pattern);
  if (time_style.empty()) return true;
  // Newer ICUs give a style pattern in the hour cycle of a -u-hc- keyword (V8 then compares that
  // with hc); ICU 72 does not, so the pattern is regenerated here as they do.
  UErrorCode status = U_ZERO_ERROR;
  std::string keyword_hc = loc.getUnicodeKeywordValue<std::string>("hc", status);
  if (U_SUCCESS(status) && HourLetter(keyword_hc) != 0 &&
      HourCycleOfPattern(*pattern) != keyword_hc) {
    if (date_style.empty()) {
      *pattern = WithHourCycle(g, *pattern, keyword_hc, /*single_hour=*/true);
    } else {
      // Those ICUs regenerate only the time part and glue it to the date style's own pattern
      // (ja long + -u-hc-h12: "y年M月d日 aK:mm", not a numeric date from the whole skeleton).
      std::unique_ptr<icu::DateFormat> date(
          icu::DateFormat::createDateInstance(StyleOf(date_style), loc));
      std::unique_ptr<icu::DateFormat> time(
          icu::DateFormat::createTimeInstance(StyleOf(time_style), loc));
      auto* d = dynamic_cast<icu::SimpleDateFormat*>(date.get());
      auto* t = dynamic_cast<icu::SimpleDateFormat*>(time.get());
      if (d == nullptr || t == nullptr) return false;
      icu::UnicodeString date_pattern, time_pattern;
      d->toPattern(date_pattern);
      t->toPattern(time_pattern);
      time_pattern = WithHourCycle(g, time_pattern, keyword_hc, /*single_hour=*/true);
      UDateFormatStyle glue_style = static_cast<UDateFormatStyle>(StyleOf(date_style));
      status = U_ZERO_ERROR;
      icu::UnicodeString glue = g->getDateTimeFormat(glue_style, status);
      if (U_FAILURE(status) || glue.isEmpty()) glue = u"{1} {0}";
      glue.findAndReplace(u"{1}", date_pattern);
      glue.findAndReplace(u"{0}", time_pattern);
      *pattern = glue;
    }
  }
  if (HourCycleOfPattern(*pattern) != hc) *pattern = WithHourCycle(g, *pattern, hc);
  return true;
}

IcuDateFormat* DateFormatFor(const std::string& locale, const std::string& skeleton,
                             const std::string& date_style, const std::string& time_style,
                             const std::string& hc) {
  static BoundedCache<IcuDateFormat> cache;
  return cache.Get(
      absl::StrCat(locale, "|", skeleton, "|", date_style, "|", time_style, "|", hc),
      [&]() -> std::unique_ptr<IcuDateFormat> {
        icu::UnicodeString pattern;
        if (!PatternOf(locale, skeleton, date_style, time_style, hc, &pattern)) return nullptr;
        auto d = std::make_unique<IcuDateFormat>();
        d->locale = LocaleOf(locale);
        d->hc = hc;
        UErrorCode status = U_ZERO_ERROR;
        d->format = std::make_unique<icu::SimpleDateFormat>(pattern, d->locale, status);
        if (U_FAILURE(status)) return nullptr;
        std::unique_ptr<icu::Calendar> cal(icu::Calendar::createInstance(d->locale, status));
        if (U_FAILURE(status) || cal == nullptr) return nullptr;
        // ECMAScript time is proleptic Gregorian: no Julian dates before 1582. V8 does this for the
        // gregorian calendar only; ICU's buddhist/japanese/roc calendars (GregorianCalendar
        // subclasses) keep their Julian dates, as in Node.js.
        auto* greg = dynamic_cast<icu::GregorianCalendar*>(cal.get());
        if (greg != nullptr && std::string_view(cal->getType()) == "gregorian")
          greg->setGregorianChange(-9007199254740992.0, status);
        d->format->adoptCalendar(cal.release());
        return d;
      });
}

// The ICU zone to format instants ts[0..n) in: `name`'s ICU zone when ICU's offsets agree with
// absl's (the source of Date's local time) at every instant. Otherwise (ICU 72's zone data predates
// a rule change the system tzdata has) a zone with absl's fixed offset at ts[0]; when absl's
// offsets also differ between the instants (a range across a transition), UTC, and ts are shifted
// by absl's offsets so that every instant prints its own wall time.
std::unique_ptr<icu::TimeZone> ZoneFor(const std::string& name, const absl::TimeZone& tz,
                                       double* ts, int n) {
  std::unique_ptr<icu::TimeZone> zone(
      icu::TimeZone::createTimeZone(icu::UnicodeString::fromUTF8(name)));
  bool agree = zone != nullptr;
  for (int i = 0; i < n && agree; i++) {
    int32_t raw = 0, dst = 0;
    UErrorCode status = U_ZERO_ERROR;
    zone->getOffset(ts[i], false, raw, dst, status);
    agree = U_SUCCESS(status) && static_cast<int64_t>(raw) + dst == date::OffsetAtUtc(tz, ts[i]);
  }
  if (agree) return zone;
  int64_t first = date::OffsetAtUtc(tz, ts[0]);
  bool fixed = true;
  for (int i = 1; i < n; i++) fixed = fixed && date::OffsetAtUtc(tz, ts[i]) == first;
  if (fixed) {
    return std::make_unique<icu::SimpleTimeZone>(static_cast<int32_t>(first),
                                                 icu::UnicodeString::fromUTF8(name));
  }
  for (int i = 0; i < n; i++) ts[i] += static_cast<double>(date::OffsetAtUtc(tz, ts[i]));
  return std::unique_ptr<icu::TimeZone>(icu::TimeZone::getGMT()->clone());
}

// ECMA-402 §11.5.5 part types of ICU's date fields (as V8's IcuDateFieldIdToDateType).
const char* DatePartName(int32_t field) {
  switch (field) {
    case UDAT_YEAR_FIELD:
    case UDAT_EXTENDED_YEAR_FIELD:
      return "year";
    case UDAT_YEAR_NAME_FIELD:
      return "yearName";
    case UDAT_MONTH_FIELD:
    case UDAT_STANDALONE_MONTH_FIELD:
      return "month";
    case UDAT_DATE_FIELD:
      return "day";
    case UDAT_HOUR_OF_DAY1_FIELD:
    case UDAT_HOUR_OF_DAY0_FIELD:
    case UDAT_HOUR1_FIELD:
    case UDAT_HOUR0_FIELD:
      return "hour";
    case UDAT_MINUTE_FIELD:
      return "minute";
    case UDAT_SECOND_FIELD:
      return "second";
    case UDAT_DAY_OF_WEEK_FIELD:
    case UDAT_DOW_LOCAL_FIELD:
    case UDAT_STANDALONE_DAY_FIELD:
      return "weekday";
    case UDAT_AM_PM_FIELD:
    case UDAT_AM_PM_MIDNIGHT_NOON_FIELD:
    case UDAT_FLEXIBLE_DAY_PERIOD_FIELD:
      return "dayPeriod";
    case UDAT_TIMEZONE_FIELD:
    case UDAT_TIMEZONE_RFC_FIELD:
    case UDAT_TIMEZONE_GENERIC_FIELD:
    case UDAT_TIMEZONE_SPECIAL_FIELD:
    case UDAT_TIMEZONE_LOCALIZED_GMT_OFFSET_FIELD:
    case UDAT_TIMEZONE_ISO_FIELD:
    case UDAT_TIMEZONE_ISO_LOCAL_FIELD:
      return "timeZoneName";
    case UDAT_ERA_FIELD:
      return "era";
    case UDAT_FRACTIONAL_SECOND_FIELD:
      return "fractionalSecond";
    case UDAT_RELATED_YEAR_FIELD:
      return "relatedYear";
    default:
      return "literal";
  }
}

// Appends [type, value(, source)] for text[begin, end) to `a`.
void PushPart(VM& vm, ArrayObject* a, const char* type, const icu::UnicodeString& text,
              int32_t begin, int32_t end, const char* source) {
  vm.ArrayPush(a, vm.Str(type));
  vm.ArrayPush(a, FromIcu(vm, text.tempSubStringBetween(begin, end)));
  if (source != nullptr) vm.ArrayPush(a, vm.Str(source));
}

// formatToParts of one instant: [type, value, …].
Value SingleParts(VM& vm, icu::SimpleDateFormat* f, double t) {
  icu::UnicodeString text;
  icu::FieldPositionIterator it;
  UErrorCode status = U_ZERO_ERROR;
  f->format(t, text, &it, status);
  ArrayObject* a = vm.NewArray(16);
  icu::FieldPosition fp;
  int32_t previous = 0;
  while (it.next(fp)) {
    if (fp.getBeginIndex() > previous)
      PushPart(vm, a, "literal", text, previous, fp.getBeginIndex(), nullptr);
    PushPart(vm, a, DatePartName(fp.getField()), text, fp.getBeginIndex(), fp.getEndIndex(),
             nullptr);
    previous = fp.getEndIndex();
  }
  if (text.length() > previous) PushPart(vm, a, "literal", text, previous, text.length(), nullptr);
  return Value::FromObject(a);
}

// format() prints U+202F NARROW NO-BREAK SPACE (CLDR 42's space before AM/PM) as a plain space, as
// V8 does in format() and toLocaleString only (formatToParts and formatRange keep it).
Value PlainSpaces(VM& vm, icu::UnicodeString text) {
  text.findAndReplace(icu::UnicodeString(u'\u202f'), icu::UnicodeString(u' '));
  return FromIcu(vm, text);
}

double TimeArg(Value v) {
  return v.IsInt() ? static_cast<double>(v.AsInt()) : v.IsNumber() ? v.AsNumber() : 0;
}

// intlDateTimeFormat(locale, skeleton, dateStyle, timeStyle, hc, timeZone, mode, x, y): ECMA-402
// §11 formatting of the prelude's resolved record. locale: the ICU locale tag (with its
// -u-ca/-nu/-hc keywords); skeleton: the ICU skeleton of the field options ("" with a style);
// dateStyle/timeStyle:
// "" or full/long/medium/short; hc: the [[HourCycle]] ("" when undefined); timeZone: an IANA name
// as date_format.h FindTimeZone canonicalized it, or undefined for the run's zone; x, y: time
// values (finite, TimeClipped). mode 0: format(x) (string); 1: formatToParts(x) [type, value, …];
// 2: the resolved options [key, value, …] (calendar, numberingSystem, timeZone, then date_format.h
// ResolvedPatternFields); 3: formatRange(x, y) (string); 4: formatRangeToParts(x, y) [type, value,
// source, …]; modes 3 and 4 give undefined when both dates print alike (format x alone then). A
// locale ICU cannot make a pattern for stops the run (UnsupportedSyntax).
Value IntlDateTimeFormat(VM& vm, CallArgs& args) {
  std::string locale = Utf8(args[0]), skeleton = Utf8(args[1]), date_style = Utf8(args[2]);
  std::string time_style = Utf8(args[3]), hc = Utf8(args[4]);
  int mode = static_cast<int>(TimeArg(args[6]));
  double x = TimeArg(args[7]), y = TimeArg(args[8]);
  std::string zone_name = vm.time_zone_name();
  absl::TimeZone tz = vm.time_zone();
  if (args[5].IsString()) {
    if (!date::FindTimeZone(Utf8(args[5]), &zone_name, &tz))
      return vm.ThrowRangeError("Invalid time zone");
  }
  vm.ChargeSteps(64);
  std::lock_guard<std::mutex> lock(IcuMutex());
  IcuDateFormat* d = DateFormatFor(locale, skeleton, date_style, time_style, hc);
  if (d == nullptr)
    return Unsupported(vm, absl::StrCat("Intl.DateTimeFormat for the locale \"", locale, "\""));
  icu::SimpleDateFormat* f = d->format.get();
  if (mode == 2) {
    ArrayObject* a = vm.NewArray(16);
    std::string type = f->getCalendar()->getType();
    const char* bcp = uloc_toUnicodeLocaleType("ca", type.c_str());
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::NumberingSystem> ns(
        icu::NumberingSystem::createInstance(d->locale, status));
    std::string pattern;
    icu::UnicodeString upattern;
    f->toPattern(upattern).toUTF8String(pattern);
    vm.ArrayPush(a, vm.Str("calendar"));
    vm.ArrayPush(a, vm.Str(bcp != nullptr ? bcp : type.c_str()));
    vm.ArrayPush(a, vm.Str("numberingSystem"));
    vm.ArrayPush(a, vm.Str(U_SUCCESS(status) && ns != nullptr ? ns->getName() : "latn"));
    vm.ArrayPush(a, vm.Str("timeZone"));
    vm.ArrayPush(a, vm.Str(zone_name));
    date::PushResolvedFields(vm, a, date::ResolvedPatternFields(pattern, date_style, time_style));
    return Value::FromObject(a);
  }
  bool range = mode == 3 || mode == 4;
  double instants[2] = {x, y};
  std::unique_ptr<icu::TimeZone> zone = ZoneFor(zone_name, tz, instants, range ? 2 : 1);
  x = instants[0];
  y = instants[1];
  f->setTimeZone(*zone);
  if (mode == 0) {
    icu::UnicodeString text;
    f->format(x, text);
    return PlainSpaces(vm, text);
  }
  if (mode == 1) return SingleParts(vm, f, x);
  UErrorCode status = U_ZERO_ERROR;
  if (d->interval == nullptr) {
    icu::UnicodeString pattern;
    f->toPattern(pattern);
    icu::UnicodeString sk = icu::DateTimePatternGenerator::staticGetSkeleton(pattern, status);
    icu::Locale loc = d->locale;
    // The interval formatter learns the hour cycle from the locale, as V8 passes it.
    if (!d->hc.empty()) loc.setUnicodeKeywordValue("hc", d->hc, status);
    d->interval.reset(icu::DateIntervalFormat::createInstance(sk, loc, status));
    if (U_FAILURE(status) || d->interval == nullptr) {
      d->interval.reset();
      return Unsupported(vm, "Intl.DateTimeFormat.prototype.formatRange for this locale");
    }
  }
  d->interval->setTimeZone(*zone);
  std::unique_ptr<icu::Calendar> c1(f->getCalendar()->clone()), c2(f->getCalendar()->clone());
  c1->setTime(x, status);
  c2->setTime(y, status);
  icu::FormattedDateInterval formatted = d->interval->formatToValue(*c1, *c2, status);
  icu::UnicodeString text = formatted.toString(status);
  if (U_FAILURE(status)) return vm.ThrowTypeError("Internal error. Icu error.");
  // Spans of the start (0) and end (1) dates; none when both dates print the same.
  std::vector<Span> spans = SpansOf(formatted, status);
  int32_t start_begin = -1, start_end = -1, end_begin = -1, end_end = -1;
  for (const Span& s : spans) {
    if (s.category != UFIELD_CATEGORY_DATE_INTERVAL_SPAN) continue;
    if (s.field == 0) start_begin = s.begin, start_end = s.end;
    if (s.field == 1) end_begin = s.begin, end_end = s.end;
  }
  // §11.5.9 PartitionDateTimeRangePattern step 13: dates that print alike format as the start date
  // alone, which the prelude does with its own formatter (the generated tables where they apply).
  if (start_begin < 0 && end_begin < 0) return Value::Undefined();
  if (mode == 3) return FromIcu(vm, text);
  auto source = [&](int32_t b, int32_t e) {
    if (b >= start_begin && e <= start_end) return "startRange";
    if (b >= end_begin && e <= end_end) return "endRange";
    return "shared";
  };
  ArrayObject* a = vm.NewArray(32);
  int32_t previous = 0;
  for (const Span& s : spans) {
    if (s.category != UFIELD_CATEGORY_DATE) continue;
    if (s.begin > previous)
      PushPart(vm, a, "literal", text, previous, s.begin, source(previous, s.begin));
    PushPart(vm, a, DatePartName(s.field), text, s.begin, s.end, source(s.begin, s.end));
    previous = s.end;
  }
  if (text.length() > previous) {
    PushPart(vm, a, "literal", text, previous, text.length(), source(previous, text.length()));
  }
  return Value::FromObject(a);
}

// intlDateDefaultHourCycle(locale) → the locale's default hour cycle ("h11", "h12", "h23", "h24";
// ICU DateTimePatternGenerator::getDefaultHourCycle, which honours a -u-hc- keyword).
Value IntlDateDefaultHourCycle(VM& vm, CallArgs& args) {
  std::string locale = Utf8(args[0]);
  std::lock_guard<std::mutex> lock(IcuMutex());
  icu::DateTimePatternGenerator* g = PatternGenerator(locale);
  if (g == nullptr) return vm.Str("h23");
  UErrorCode status = U_ZERO_ERROR;
  UDateFormatHourCycle hc = g->getDefaultHourCycle(status);
  if (U_FAILURE(status)) return vm.Str("h23");
  return vm.Str(hc == UDAT_HOUR_CYCLE_11   ? "h11"
                : hc == UDAT_HOUR_CYCLE_12 ? "h12"
                : hc == UDAT_HOUR_CYCLE_24 ? "h24"
                                           : "h23");
}

// intlDateTimeZone(name) → the IANA name of a time zone option as the system tz database spells it
// ("UTC" for UTC/GMT/Etc/UTC/Etc/GMT), or undefined when it names no zone.
Value IntlDateTimeZone(VM& vm, CallArgs& args) {
  std::string canonical;
  absl::TimeZone tz;
  if (!date::FindTimeZone(Utf8(args[0]), &canonical, &tz)) return Value::Undefined();
  return vm.Str(canonical);
}

// ---- Segmenter ---------------------------------------------------------------------------------------

// intlSegment(locale, granularity, string) → the flat array [start, isWordLike, start, isWordLike, …,
// length]: the segment boundaries of ECMA-402 §18.8.1 FindBoundary for "grapheme", "word" or
// "sentence" (ICU break iterators; UAX #29), in UTF-16 code units. isWordLike (§18.7.1
// CreateSegmentDataObject) is false except for "word" segments whose ICU rule status is a word status
// (number, letter, kana, ideographic: UBRK_WORD_NONE_LIMIT and above), as V8 reports it.
Value IntlSegment(VM& vm, CallArgs& args) {
  std::string locale = Utf8(args[0]), granularity = Utf8(args[1]);
  icu::UnicodeString text = ToIcu(args[2]);
  vm.ChargeSteps(static_cast<uint64_t>(text.length()) / 4 + 1);
  bool word = granularity == "word";
  std::lock_guard<std::mutex> lock(IcuMutex());
  static BoundedCache<icu::BreakIterator> cache;
  icu::BreakIterator* bi = cache.Get(
      absl::StrCat(locale, "|", granularity), [&]() -> std::unique_ptr<icu::BreakIterator> {
        UErrorCode status = U_ZERO_ERROR;
        icu::Locale loc = LocaleOf(locale);
        std::unique_ptr<icu::BreakIterator> b(
            word                        ? icu::BreakIterator::createWordInstance(loc, status)
            : granularity == "sentence" ? icu::BreakIterator::createSentenceInstance(loc, status)
                                        : icu::BreakIterator::createCharacterInstance(loc, status));
        if (U_FAILURE(status)) return nullptr;
        return b;
      });
  if (bi == nullptr) return Unsupported(vm, "Intl.Segmenter for this locale");
  // The iterator keeps a reference to `text`: it is only used before this function returns, and the
  // next call sets its own text first.
  bi->setText(text);
  ArrayObject* a = vm.NewArray(0);
  int32_t start = bi->first();
  for (int32_t end = bi->next(); end != icu::BreakIterator::DONE; start = end, end = bi->next()) {
    vm.ArrayPush(a, Value::Int(start));
    bool word_like = false;
    if (word) {
      int32_t rule = bi->getRuleStatus();
      word_like = rule >= UBRK_WORD_NONE_LIMIT;
    }
    vm.ArrayPush(a, Value::Bool(word_like));
  }
  vm.ArrayPush(a, Value::Int(text.length()));
  return Value::FromObject(a);
}

}  // namespace

void InstallIntlIntrinsics(VM& vm, Object* intr) {
  vm.DefineMethod(intr, "intlCanonicalizeTag", IntlCanonicalizeTag, 1);
  vm.DefineMethod(intr, "intlBestLocale", IntlBestLocale, 2);
  vm.DefineMethod(intr, "intlLocaleLikely", IntlLocaleLikely, 2);
  vm.DefineMethod(intr, "intlLocaleInfo", IntlLocaleInfo, 2);
  vm.DefineMethod(intr, "intlCollationValid", IntlCollationValid, 2);
  vm.DefineMethod(intr, "intlCollatorResolve", IntlCollatorResolve, 3);
  vm.DefineMethod(intr, "intlDisplayName", IntlDisplayName, 6);
  vm.DefineMethod(intr, "intlNumberFormat", IntlNumberFormat, 4);
  vm.DefineMethod(intr, "intlNumberingSystem", IntlNumberingSystem, 1);
  vm.DefineMethod(intr, "intlCurrencyDigits", IntlCurrencyDigits, 1);
  vm.DefineMethod(intr, "intlPluralSelect", IntlPluralSelect, 4);
  vm.DefineMethod(intr, "intlPluralCategories", IntlPluralCategories, 2);
  vm.DefineMethod(intr, "intlNumberFormatRange", IntlNumberFormatRange, 5);
  vm.DefineMethod(intr, "intlPluralSelectRange", IntlPluralSelectRange, 5);
  vm.DefineMethod(intr, "intlSupportedValues", IntlSupportedValues, 1);
  vm.DefineMethod(intr, "intlCollatorCompare", IntlCollatorCompare, 4);
  vm.DefineMethod(intr, "intlCollatorCaseFirst", IntlCollatorCaseFirst, 2);
  vm.DefineMethod(intr, "intlCollatorIgnoresPunctuation", IntlCollatorIgnoresPunctuation, 2);
  vm.DefineMethod(intr, "intlListFormat", IntlListFormat, 5);
  vm.DefineMethod(intr, "intlRelativeTime", IntlRelativeTime, 6);
  vm.DefineMethod(intr, "intlCanonicalTimeZone", IntlCanonicalTimeZone, 1);
  vm.DefineMethod(intr, "intlSegment", IntlSegment, 3);
  vm.DefineMethod(intr, "intlDateTimeFormat", IntlDateTimeFormat, 9);
  vm.DefineMethod(intr, "intlDateDefaultHourCycle", IntlDateDefaultHourCycle, 1);
  vm.DefineMethod(intr, "intlDateTimeZone", IntlDateTimeZone, 1);
}

}  // namespace codemode::vm
