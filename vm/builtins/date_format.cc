// toLocale*String formatting (vm/builtins/date_format.h): option reading with V8's errors, the pattern
// choice (generated ICU data, date_locale_data.inc) and the pattern renderer.
#include "vm/builtins/date_format.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "vm/builtins/date.h"
#include "vm/realm.h"
#include "vm/vm.h"

namespace codemode::vm::date {

namespace {

// One supported locale. Name lists: [narrow, short, long]; "format" names are used inside a date,
// "standalone" ones alone (German "Mär" vs "5. März"). Pattern tables are indexed by option combination:
// date = ((year * 6 + month) * 3 + day) * 4 + weekday, time = ((hour * 3 + minute) * 3 + second) * 3 +
// hour12 (each option 0 when absent, else its 1-based value index), whole = date * 81 + time.
struct LocaleData {
  const char* tag;
  const char* month_format[3][12];
  const char* month_standalone[3][12];
  const char* weekday_format[3][7];
  const char* weekday_standalone[3][7];
  const char* am;
  const char* pm;
  const char* date_patterns[216];
  const char* glue[216];  // "{1}, {0}": {1} the date pattern, {0} the time pattern
  const char* time_patterns[81];
  const char* styles[15];  // dateStyle (none, full, long, medium, short) × timeStyle (none, medium, short)
  struct Exception {
    int index;
    const char* pattern;
  } exceptions[400];
  int exception_count;
};

const LocaleData kLocales[] = {
#include "vm/builtins/date_locale_data.inc"
};
constexpr int kLocaleCount = sizeof(kLocales) / sizeof(kLocales[0]);

// ------------------------------------------------------------------------------------ locales

// A BCP 47 language tag's shape (RFC 5646 §2.1, simplified): alphanumeric subtags of 1-8, the first
// alphabetic of 2-3 or 5-8 letters.
bool WellFormedTag(std::string_view tag) {
  if (tag.empty()) return false;
  size_t start = 0;
  bool first = true;
  while (start <= tag.size()) {
    size_t end = tag.find('-', start);
    if (end == std::string_view::npos) end = tag.size();
    std::string_view sub = tag.substr(start, end - start);
    if (sub.empty() || sub.size() > 8) return false;
    for (char c : sub)
      if (!std::isalnum(static_cast<unsigned char>(c))) return false;
    if (first) {
      if (sub.size() == 4 || sub.size() == 1) return false;
      for (char c : sub)
        if (!std::isalpha(static_cast<unsigned char>(c))) return false;
      first = false;
    }
    start = end + 1;
  }
  return true;
}

// The supported locale for a tag: index, or -1 (well-formed but not supported).
int MatchLocale(std::string_view tag) {
  std::string t = absl::AsciiStrToLower(std::string(tag));
  if (t == "en" || t == "en-us") return 0;
  if (t == "en-gb") return 1;
  if (t == "de" || t == "de-de") return 2;
  if (t == "fr" || t == "fr-fr") return 3;
  if (t == "ja" || t == "ja-jp") return 4;
  return -1;
}

// ------------------------------------------------------------------------------------ options

// "Date.prototype.toLocaleString" or "Intl.DateTimeFormat" as V8's messages name them.
std::string Where(std::string_view method) {
  if (method.substr(0, 5) == "Intl.") return std::string(method);
  return absl::StrCat("Date.prototype.", std::string(method));
}

// The value of option `name` as a primitive: false when it needs program code (getter, object).
bool OptionValue(VM& vm, Object* options, std::string_view name, Value* out) {
  Value getter;
  if (!vm.GetNoCall(Value::FromObject(options), options, vm.KeyFromName(name), out, &getter)) return false;
  return !out->IsObject();
}

// GetOption for a string option (ECMA-402 §9.2.12): 0 when undefined, else 1 + the index of the value.
RequestStatus StringOption(VM& vm, std::string_view method, Object* options, std::string_view name,
                           std::initializer_list<std::string_view> values, int* out) {
  *out = 0;
  if (options == nullptr) return RequestStatus::kOk;
  Value v;
  if (!OptionValue(vm, options, name, &v)) return RequestStatus::kNeedsProgramCode;
  if (v.IsUndefined()) return RequestStatus::kOk;
  String* s = vm.ToStringPrimitive(v);
  if (s == nullptr) return RequestStatus::kThrew;
  std::string text = s->ToUtf8();
  int i = 1;
  for (std::string_view allowed : values) {
    if (text == allowed) {
      *out = i;
      return RequestStatus::kOk;
    }
    ++i;
  }
  vm.ThrowRangeError(absl::StrCat("Value ", text, " out of range for ", Where(method), " options property ",
                                  std::string(name)));
  return RequestStatus::kThrew;
}

}  // namespace

bool FindTimeZone(std::string_view name, std::string* canonical, absl::TimeZone* zone) {
  std::string lower = absl::AsciiStrToLower(std::string(name));
  if (lower == "utc" || lower == "etc/utc" || lower == "gmt" || lower == "etc/gmt") {
    *canonical = "UTC";
    *zone = absl::UTCTimeZone();
    return true;
  }
  std::string found;
  if (!ZoneNameCanonical(lower, &found)) return false;
  if (!absl::LoadTimeZone(found, zone)) return false;
  *canonical = found;
  return true;
}

RequestStatus ReadLocaleRequest(VM& vm, std::string_view method, Value locales, Value options,
                                LocaleDefaults defaults, LocaleRequest* out) {
  *out = LocaleRequest{};
  // Locales: undefined, a string, or a list whose first element is the requested tag.
  std::string tag;
  if (locales.IsString()) {
    tag = locales.AsString()->ToUtf8();
  } else if (locales.IsObject()) {
    Object* o = vm.Resolve(locales.AsObject());
    if (o->klass() != ObjectClass::kArray) return RequestStatus::kNeedsProgramCode;
    auto* a = static_cast<ArrayObject*>(o);
    if (a->length > 0) {
      VM::Lookup l = vm.GetOwnProperty(a, PropertyKey::Index(0));
      if (l.found && l.is_accessor()) return RequestStatus::kNeedsProgramCode;
      Value first = l.found ? l.value : Value::Undefined();
      if (!first.IsString()) {
        if (first.IsObject()) return RequestStatus::kNeedsProgramCode;
        vm.ThrowTypeError("Language ID should be string or object.");
        return RequestStatus::kThrew;
      }
      tag = first.AsString()->ToUtf8();
    }
  } else if (!locales.IsUndefined()) {
    if (locales.IsNull()) {
      vm.ThrowTypeError("Cannot convert undefined or null to object");
      return RequestStatus::kThrew;
    }
    // A number or boolean: ToObject gives no elements, hence the default locale.
  }
  if (!tag.empty() || locales.IsString()) {
    if (!WellFormedTag(tag)) {
      vm.ThrowRangeError("Incorrect locale information provided");
      return RequestStatus::kThrew;
    }
    int index = MatchLocale(tag);
    if (index < 0) return RequestStatus::kNeedsProgramCode;
    out->locale = index;
  }

  Object* opts = nullptr;
  if (options.IsNull()) {
    vm.ThrowTypeError("Cannot convert undefined or null to object");
    return RequestStatus::kThrew;
  }
  if (options.IsObject()) opts = vm.Resolve(options.AsObject());
  RequestStatus st;
  int ignored;
  if ((st = StringOption(vm, method, opts, "localeMatcher", {"lookup", "best fit"}, &ignored)) != RequestStatus::kOk)
    return st;
  if (opts != nullptr) {
    for (std::string_view name : {"calendar", "numberingSystem", "hourCycle", "era", "timeZoneName",
                                  "dayPeriod", "fractionalSecondDigits"}) {
      Value v;
      if (!OptionValue(vm, opts, name, &v)) return RequestStatus::kNeedsProgramCode;
      if (!v.IsUndefined()) return RequestStatus::kNeedsProgramCode;
    }
    Value h12;
    if (!OptionValue(vm, opts, "hour12", &h12)) return RequestStatus::kNeedsProgramCode;
    if (!h12.IsUndefined()) out->hour12 = VM::ToBoolean(h12) ? 1 : 2;
    Value tz;
    if (!OptionValue(vm, opts, "timeZone", &tz)) return RequestStatus::kNeedsProgramCode;
    if (!tz.IsUndefined()) {
      String* s = vm.ToStringPrimitive(tz);
      if (s == nullptr) return RequestStatus::kThrew;
      std::string name = s->ToUtf8();
      if (!FindTimeZone(name, &out->time_zone, &out->zone)) {
        vm.ThrowRangeError(absl::StrCat("Invalid time zone specified: ", name));
        return RequestStatus::kThrew;
      }
      out->has_time_zone = true;
    }
  }
  if ((st = StringOption(vm, method, opts, "weekday", {"short", "long", "narrow"}, &out->weekday)) != RequestStatus::kOk ||
      (st = StringOption(vm, method, opts, "year", {"numeric", "2-digit"}, &out->year)) != RequestStatus::kOk ||
      (st = StringOption(vm, method, opts, "month", {"numeric", "2-digit", "short", "long", "narrow"}, &out->month)) !=
          RequestStatus::kOk ||
      (st = StringOption(vm, method, opts, "day", {"numeric", "2-digit"}, &out->day)) != RequestStatus::kOk ||
      (st = StringOption(vm, method, opts, "hour", {"numeric", "2-digit"}, &out->hour)) != RequestStatus::kOk ||
      (st = StringOption(vm, method, opts, "minute", {"numeric", "2-digit"}, &out->minute)) != RequestStatus::kOk ||
      (st = StringOption(vm, method, opts, "second", {"numeric", "2-digit"}, &out->second)) != RequestStatus::kOk)
    return st;
  int fm;
  if ((st = StringOption(vm, method, opts, "formatMatcher", {"basic", "best fit"}, &fm)) != RequestStatus::kOk) return st;
  if (fm == 1) return RequestStatus::kNeedsProgramCode;
  if ((st = StringOption(vm, method, opts, "dateStyle", {"full", "long", "medium", "short"}, &out->date_style)) !=
          RequestStatus::kOk ||
      (st = StringOption(vm, method, opts, "timeStyle", {"full", "long", "medium", "short"}, &out->time_style)) !=
          RequestStatus::kOk)
    return st;
  if (out->date_style != 0 || out->time_style != 0) {
    const char* field = out->weekday ? "weekday" : out->year ? "year" : out->month ? "month"
                        : out->day ? "day" : out->hour ? "hour" : out->minute ? "minute"
                        : out->second ? "second" : nullptr;
    if (field != nullptr) {
      vm.ThrowTypeError(absl::StrCat("Can't set option ", field, " when ",
                                     out->date_style ? "dateStyle" : "timeStyle", " is used"));
      return RequestStatus::kThrew;
    }
    if (defaults == LocaleDefaults::kDate && out->time_style != 0) {
      vm.ThrowTypeError("Invalid option : timeStyle");
      return RequestStatus::kThrew;
    }
    if (defaults == LocaleDefaults::kTime && out->date_style != 0) {
      vm.ThrowTypeError("Invalid option : dateStyle");
      return RequestStatus::kThrew;
    }
    if (out->time_style == 1 || out->time_style == 2) return RequestStatus::kNeedsProgramCode;
    if (out->time_style != 0 && out->hour12 != 0) return RequestStatus::kNeedsProgramCode;
  }
  return RequestStatus::kOk;
}

namespace {

void Pad2(int v, std::string* out) { absl::StrAppendFormat(out, "%02d", v); }

// Renders an ICU pattern (letters are fields, '…' quotes literals, '' is an apostrophe). With `parts`,
// also records each field's text under its ECMA-402 type and the text between fields as "literal".
std::string Render(const char* pattern, const LocaleData& L, const Fields& f,
                   std::vector<LocalePart>* parts = nullptr) {
  std::string out;
  size_t literal_start = 0;
  auto field_done = [&](const char* type, size_t field_start) {
    if (parts == nullptr) return;
    if (field_start > literal_start) parts->push_back({"literal", out.substr(literal_start, field_start - literal_start)});
    parts->push_back({type, out.substr(field_start)});
    literal_start = out.size();
  };
  std::string_view p(pattern);
  size_t i = 0;
  int64_t year_of_era = f.year > 0 ? f.year : 1 - f.year;
  while (i < p.size()) {
    char c = p[i];
    if (c == '\'') {
      if (i + 1 < p.size() && p[i + 1] == '\'') {
        out.push_back('\'');
        i += 2;
        continue;
      }
      size_t end = p.find('\'', i + 1);
      if (end == std::string_view::npos) end = p.size();
      out.append(p.substr(i + 1, end - i - 1));
      i = end + 1;
      continue;
    }
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
      out.push_back(c);
      ++i;
      continue;
    }
    size_t n = 1;
    while (i + n < p.size() && p[i + n] == c) ++n;
    i += n;
    int width = n >= 5 ? 0 : n == 4 ? 2 : 1;  // name lists: narrow, short, long
    size_t field_start = out.size();
    const char* type = c == 'y'                ? "year"
                       : c == 'M' || c == 'L' ? "month"
                       : c == 'd'             ? "day"
                       : c == 'E' || c == 'c' ? "weekday"
                       : c == 'h' || c == 'K' || c == 'H' || c == 'k' ? "hour"
                       : c == 'm'             ? "minute"
                       : c == 's'             ? "second"
                       : c == 'a'             ? "dayPeriod"
                                              : nullptr;
    switch (c) {
      case 'y':
        if (n == 2) {
          Pad2(static_cast<int>(year_of_era % 100), &out);
        } else {
          absl::StrAppend(&out, year_of_era);
        }
        break;
      case 'M':
      case 'L':
        if (n <= 2) {
          if (n == 2) Pad2(f.month + 1, &out);
          else absl::StrAppend(&out, f.month + 1);
        } else {
          out.append(c == 'M' ? L.month_format[width][f.month] : L.month_standalone[width][f.month]);
        }
        break;
      case 'd':
        if (n == 2) Pad2(f.day, &out);
        else absl::StrAppend(&out, f.day);
        break;
      case 'E':
      case 'c': {
        int w = c == 'E' ? (n <= 3 ? 1 : n == 4 ? 2 : 0) : width;
        out.append(c == 'E' ? L.weekday_format[w][f.weekday] : L.weekday_standalone[w][f.weekday]);
        break;
      }
      case 'h':
      case 'K':
      case 'H':
      case 'k': {
        int h = f.hour;
        if (c == 'h') h = h % 12 == 0 ? 12 : h % 12;
        if (c == 'K') h = h % 12;
        if (c == 'k') h = h == 0 ? 24 : h;
        if (n == 2) Pad2(h, &out);
        else absl::StrAppend(&out, h);
        break;
      }
      case 'm':
        if (n == 2) Pad2(f.minute, &out);
        else absl::StrAppend(&out, f.minute);
        break;
      case 's':
        if (n == 2) Pad2(f.second, &out);
        else absl::StrAppend(&out, f.second);
        break;
      case 'a':
        out.append(f.hour < 12 ? L.am : L.pm);
        break;
      default:
        break;  // the generator emits no other fields
    }
    if (type != nullptr) field_done(type, field_start);
  }
  if (parts != nullptr && out.size() > literal_start) parts->push_back({"literal", out.substr(literal_start)});
  return out;
}

}  // namespace

namespace {

// The ICU pattern FormatLocale renders for `req`.
std::string PatternFor(const LocaleRequest& req, LocaleDefaults defaults) {
  const LocaleData& L = kLocales[std::clamp(req.locale, 0, kLocaleCount - 1)];
  if (req.date_style != 0 || req.time_style != 0) {
    int ds = req.date_style;                               // 0 none, 1-4
    int ts = req.time_style == 0 ? 0 : req.time_style - 2;  // 0 none, 1 medium, 2 short
    return L.styles[ds * 3 + ts];
  }
  int year = req.year, month = req.month, day = req.day, weekday = req.weekday;
  int hour = req.hour, minute = req.minute, second = req.second;
  bool has_date = year || month || day || weekday;
  bool has_time = hour || minute || second;
  // ECMA-402 ToDateTimeOptions: a method's defaults apply when its required fields are all absent.
  bool need_date = defaults == LocaleDefaults::kDate                                    ? !has_date
                   : defaults == LocaleDefaults::kAll || defaults == LocaleDefaults::kAnyDate ? !has_date && !has_time
                                                                                        : false;
  bool need_time = defaults == LocaleDefaults::kTime ? !has_time
                   : defaults == LocaleDefaults::kAll ? !has_date && !has_time
                                                      : false;
  if (need_date) year = month = day = 1;
  if (need_time) hour = minute = second = 1;
  int date_index = ((year * 6 + month) * 3 + day) * 4 + weekday;
  int time_index = ((hour * 3 + minute) * 3 + second) * 3 + req.hour12;
  bool date_part = date_index != 0, time_part = hour || minute || second;
  if (!time_part) return L.date_patterns[date_index];
  if (!date_part) return L.time_patterns[time_index];
  int whole = date_index * 81 + time_index;
  const auto* end = L.exceptions + L.exception_count;
  const auto* it = std::lower_bound(L.exceptions, end, whole,
                                    [](const LocaleData::Exception& e, int k) { return e.index < k; });
  if (it != end && it->index == whole) return it->pattern;
  // "{1}<between>{0}": the generator checked, for every combination not listed as an exception, that
  // date pattern + between + time pattern spells ICU's whole pattern, so the concatenation is rendered
  // as one pattern (a between of " H" joined to "H:mm" is the field "HH").
  std::string glue = L.glue[date_index];
  size_t p1 = glue.find("{1}"), p0 = glue.find("{0}");
  std::string between =
      p1 == std::string::npos || p0 == std::string::npos || p0 < p1 + 3 ? " " : glue.substr(p1 + 3, p0 - p1 - 3);
  return std::string(L.date_patterns[date_index]) + between + L.time_patterns[time_index];
}

Fields LocalFields(double t, const LocaleRequest& req, const absl::TimeZone& run_zone) {
  const absl::TimeZone& tz = req.has_time_zone ? req.zone : run_zone;
  return Decompose(t + static_cast<double>(OffsetAtUtc(tz, t)));
}

}  // namespace

std::string FormatLocale(double t, const LocaleRequest& req, LocaleDefaults defaults,
                         const absl::TimeZone& run_zone) {
  const LocaleData& L = kLocales[std::clamp(req.locale, 0, kLocaleCount - 1)];
  return Render(PatternFor(req, defaults).c_str(), L, LocalFields(t, req, run_zone));
}

std::vector<LocalePart> FormatLocaleToParts(double t, const LocaleRequest& req, LocaleDefaults defaults,
                                            const absl::TimeZone& run_zone) {
  const LocaleData& L = kLocales[std::clamp(req.locale, 0, kLocaleCount - 1)];
  std::vector<LocalePart> parts;
  Render(PatternFor(req, defaults).c_str(), L, LocalFields(t, req, run_zone), &parts);
  return parts;
}

std::vector<std::pair<std::string, std::string>> ResolvedLocaleFields(const LocaleRequest& req,
                                                                     LocaleDefaults defaults) {
  static const char* const kStyles[] = {"", "full", "long", "medium", "short"};
  return ResolvedPatternFields(PatternFor(req, defaults), kStyles[std::clamp(req.date_style, 0, 4)],
                               kStyles[std::clamp(req.time_style, 0, 4)]);
}

std::vector<std::pair<std::string, std::string>> ResolvedPatternFields(
    std::string_view pattern, std::string_view date_style, std::string_view time_style) {
  // The hour cycle comes from a real hour field (quoted literals skipped).
  std::string hour_cycle;
  for (size_t i = 0; i < pattern.size(); ++i) {
    char c = pattern[i];
    if (c == '\'') {
      size_t end = pattern.find('\'', i + 1);
      if (end == std::string::npos) break;
      i = end;
      continue;
    }
    if (c == 'h') hour_cycle = "h12";
    if (c == 'H') hour_cycle = "h23";
    if (c == 'K') hour_cycle = "h11";
    if (c == 'k') hour_cycle = "h24";
  }
  std::vector<std::pair<std::string, std::string>> out;
  if (!hour_cycle.empty()) {
    out.emplace_back("hourCycle", hour_cycle);
    out.emplace_back("hour12", hour_cycle == "h12" || hour_cycle == "h11" ? "true" : "false");
  }
  if (!date_style.empty() || !time_style.empty()) {
    if (!date_style.empty()) out.emplace_back("dateStyle", date_style);
    if (!time_style.empty()) out.emplace_back("timeStyle", time_style);
    return out;
  }
  // The fields as V8 reads them back: the first item of each field's table found anywhere in the
  // pattern, quoted labels included (ICU's "(second: 0)" fallback thus also reports a day).
  struct Item {
    const char* pattern;
    const char* value;
  };
  static const struct {
    const char* field;
    std::initializer_list<Item> items;
  } kTable[] = {
      {"weekday",
       {{"EEEEE", "narrow"},
        {"EEEE", "long"},
        {"EEE", "short"},
        {"ccccc", "narrow"},
        {"cccc", "long"},
        {"ccc", "short"}}},
      {"era", {{"GGGGG", "narrow"}, {"GGGG", "long"}, {"GGG", "short"}}},
      {"year", {{"yy", "2-digit"}, {"y", "numeric"}}},
      {"month",
       {{"MMMMM", "narrow"},
        {"MMMM", "long"},
        {"MMM", "short"},
        {"MM", "2-digit"},
        {"M", "numeric"},
        {"LLLLL", "narrow"},
        {"LLLL", "long"},
        {"LLL", "short"},
        {"LL", "2-digit"},
        {"L", "numeric"}}},
      {"day", {{"dd", "2-digit"}, {"d", "numeric"}}},
      {"dayPeriod", {{"BBBBB", "narrow"}, {"BBBB", "long"}, {"B", "short"}}},
      {"hour",
       {{"HH", "2-digit"},
        {"H", "numeric"},
        {"hh", "2-digit"},
        {"h", "numeric"},
        {"kk", "2-digit"},
        {"k", "numeric"},
        {"KK", "2-digit"},
        {"K", "numeric"}}},
      {"minute", {{"mm", "2-digit"}, {"m", "numeric"}}},
      {"second", {{"ss", "2-digit"}, {"s", "numeric"}}},
      {"fractionalSecondDigits", {{"SSS", "3"}, {"SS", "2"}, {"S", "1"}}},
      {"timeZoneName",
       {{"zzzz", "long"},
        {"z", "short"},
        {"OOOO", "longOffset"},
        {"O", "shortOffset"},
        {"vvvv", "longGeneric"},
        {"v", "shortGeneric"}}},
  };
  for (const auto& row : kTable) {
    for (const Item& item : row.items) {
      if (pattern.find(item.pattern) != std::string::npos) {
        out.emplace_back(row.field, item.value);
        break;
      }
    }
  }
  return out;
}

void PushResolvedFields(VM& vm, ArrayObject* out,
                        const std::vector<std::pair<std::string, std::string>>& fields) {
  for (const auto& [key, value] : fields) {
    vm.ArrayPush(out, vm.Str(key));
    vm.ArrayPush(out, key == "hour12"                   ? Value::Bool(value == "true")
                      : key == "fractionalSecondDigits" ? Value::Int(value[0] - '0')
                                                        : vm.Str(value));
  }
}

const char* LocaleTag(const LocaleRequest& req) {
  return kLocales[std::clamp(req.locale, 0, kLocaleCount - 1)].tag;
}

}  // namespace codemode::vm::date
