// Date's calendar math, local time through absl/cctz, the date-string parser and the English
// formatters (vm/builtins/date.h). No VM objects here: the natives are in date.cc.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <type_traits>

#include "absl/strings/str_format.h"
#include "vm/builtins/date.h"

namespace codemode::vm::date {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr const char* kWeekdays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
constexpr const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                   "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

int64_t FloorDiv(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

// Proleptic Gregorian calendar over days since 1970-01-01, counted from 0000-03-01 so that leap days
// fall at the end of each (March-based) year; 146097 days per 400-year era.
void CivilFromDays(int64_t days, int64_t* year, int* month0, int* day) {
  int64_t z = days + 719468;  // days from 0000-03-01 to 1970-01-01
  int64_t era = FloorDiv(z, 146097);
  int64_t doe = z - era * 146097;                                         // [0, 146096]
  int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;  // [0, 399]
  int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);                 // [0, 365]
  int64_t mp = (5 * doy + 2) / 153;                                       // 0 = March
  *day = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  int month1 = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  *year = yoe + era * 400 + (month1 <= 2 ? 1 : 0);
  *month0 = month1 - 1;
}

}  // namespace

int64_t DaysFromCivil(int64_t year, int month0, int day) {
  int month1 = month0 + 1;
  int64_t y = year - (month1 <= 2 ? 1 : 0);
  int64_t era = FloorDiv(y, 400);
  int64_t yoe = y - era * 400;
  int64_t mp = month1 > 2 ? month1 - 3 : month1 + 9;
  int64_t doy = (153 * mp + 2) / 5 + day - 1;
  int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

double MakeTime(double hour, double min, double sec, double ms) {
  if (!std::isfinite(hour) || !std::isfinite(min) || !std::isfinite(sec) || !std::isfinite(ms))
    return kNaN;
  double h = std::trunc(hour), m = std::trunc(min), s = std::trunc(sec), milli = std::trunc(ms);
  return ((h * 3600000.0 + m * 60000.0) + s * 1000.0) + milli;
}

double MakeDay(double year, double month, double date) {
  if (!std::isfinite(year) || !std::isfinite(month) || !std::isfinite(date)) return kNaN;
  double y = std::trunc(year), m = std::trunc(month), dt = std::trunc(date);
  // Beyond these no day can pass TimeClip; V8 gives NaN there too.
  if (y < -1000000 || y > 1000000 || m < -10000000 || m > 10000000) return kNaN;
  int64_t yi = static_cast<int64_t>(y), mi = static_cast<int64_t>(m);
  yi += FloorDiv(mi, 12);
  int mn = static_cast<int>(mi - FloorDiv(mi, 12) * 12);
  return static_cast<double>(DaysFromCivil(yi, mn, 1)) + dt - 1;
}

double MakeDate(double day, double time) {
  if (!std::isfinite(day) || !std::isfinite(time)) return kNaN;
  double tv = day * kMsPerDay + time;
  return std::isfinite(tv) ? tv : kNaN;
}

double TimeClip(double t) {
  if (!std::isfinite(t) || std::fabs(t) > kMaxTime) return kNaN;
  return std::trunc(t) + 0.0;
}

Fields Decompose(double t) {
  Fields f;
  double days_d = std::floor(t / kMsPerDay);
  int64_t days = static_cast<int64_t>(days_d);
  int64_t in_day = static_cast<int64_t>(t - days_d * kMsPerDay);
  if (in_day < 0) {  // rounding at the edges of a day
    in_day += 86400000;
    --days;
  } else if (in_day >= 86400000) {
    in_day -= 86400000;
    ++days;
  }
  CivilFromDays(days, &f.year, &f.month, &f.day);
  f.weekday = static_cast<int>(((days % 7) + 11) % 7);  // 1970-01-01 was a Thursday (4)
  f.hour = static_cast<int>(in_day / 3600000);
  f.minute = static_cast<int>(in_day / 60000 % 60);
  f.second = static_cast<int>(in_day / 1000 % 60);
  f.ms = static_cast<int>(in_day % 1000);
  return f;
}

int64_t OffsetAtUtc(const absl::TimeZone& tz, double t) {
  int64_t ms = static_cast<int64_t>(std::floor(t));
  absl::TimeZone::CivilInfo ci = tz.At(absl::FromUnixMillis(ms));
  return static_cast<int64_t>(ci.offset) * 1000;
}

double LocalToUtc(const absl::TimeZone& tz, double t) {
  // Beyond the time-value range by more than any zone offset the result is NaN after TimeClip anyway.
  if (!std::isfinite(t) || std::fabs(t) > kMaxTime + 10 * kMsPerDay) return kNaN;
  double days_d = std::floor(t / kMsPerDay);
  int64_t days = static_cast<int64_t>(days_d);
  int64_t in_day = static_cast<int64_t>(t - days_d * kMsPerDay);
  int64_t year;
  int month0, day;
  CivilFromDays(days, &year, &month0, &day);
  absl::CivilSecond cs(year, month0 + 1, day, 0, 0, 0);
  cs += in_day / 1000;
  absl::TimeZone::TimeInfo ti = tz.At(cs);
  // ECMA-262 §21.4.1.26: skipped and repeated local times take the offset before the transition,
  // which is what `pre` applies in both cases.
  int64_t secs = absl::ToUnixSeconds(ti.pre);
  return static_cast<double>(secs) * 1000.0 + static_cast<double>(in_day % 1000);
}

// ------------------------------------------------------------------------------------------ names

namespace {

struct ZoneNames {
  const char* zone;
  const char* standard;
  const char* daylight;
};

constexpr ZoneNames kZoneNames[] = {
#include "vm/builtins/date_zone_names.inc"
};

const ZoneNames* FindZoneNames(std::string_view zone) {
  auto* end = std::end(kZoneNames);
  auto* it = std::lower_bound(std::begin(kZoneNames), end, zone,
                              [](const ZoneNames& z, std::string_view n) { return z.zone < n; });
  return it != end && it->zone == zone ? it : nullptr;
}

std::string GmtOffsetName(int64_t offset_ms) {
  int64_t secs = offset_ms / 1000;
  char sign = secs < 0 ? '-' : '+';
  secs = secs < 0 ? -secs : secs;
  if (secs % 60 != 0)
    return absl::StrFormat("GMT%c%02d:%02d:%02d", sign, secs / 3600, secs / 60 % 60, secs % 60);
  return absl::StrFormat("GMT%c%02d:%02d", sign, secs / 3600, secs / 60 % 60);
}

// Whether the daylight name applies at t. ICU (hence V8) reads the tz database in its "rearguard"
// form, where daylight saving time always moves clocks forward: Europe/Dublin's summer (+01:00) is
// daylight time there while the system's database may mark its winter (+00:00) as negative DST. So
// absl's is_dst is corrected against the other periods of the same year.
bool NameIsDaylight(const absl::TimeZone& tz, double t) {
  absl::Time at = absl::FromUnixMillis(static_cast<int64_t>(std::floor(t)));
  absl::TimeZone::CivilInfo ci = tz.At(at);
  int64_t year = ci.cs.year();
  for (int month : {1, 7}) {
    absl::TimeZone::CivilInfo other =
        tz.At(tz.At(absl::CivilSecond(year, month, 15, 12, 0, 0)).pre);
    if (ci.is_dst && !other.is_dst && other.offset > ci.offset) return false;  // negative DST
    if (!ci.is_dst && other.is_dst && other.offset < ci.offset) return true;
  }
  return ci.is_dst;
}

int OffsetMinutes(const absl::TimeZone& tz, double t) {
  // V8 truncates the offset to whole minutes for display and getTimezoneOffset.
  return static_cast<int>(OffsetAtUtc(tz, t) / 60000);
}

std::string Year4(int64_t year) {
  return year < 0 ? absl::StrFormat("%05d", year) : absl::StrFormat("%04d", year);
}

std::string GmtSuffix(const absl::TimeZone& tz, std::string_view zone_name, double t) {
  int off = OffsetMinutes(tz, t);
  int a = off < 0 ? -off : off;
  return absl::StrFormat("GMT%c%02d%02d (%s)", off < 0 ? '-' : '+', a / 60, a % 60,
                         LongZoneName(tz, zone_name, t));
}

// V8 decides between the standard and the daylight name of instants before 1970 or after 2038 in an
// "equivalent" year of 2008-2035 with the same leap-ness and weekday of January 1 (the offset printed
// stays the real one): DateCache::EquivalentTime.
double EquivalentTimeForName(double t) {
  constexpr double kMaxEpochTimeMs = 2147483647.0 * 1000;
  if (t >= 0 && t <= kMaxEpochTimeMs) return t;
  double days_d = std::floor(t / kMsPerDay);
  int64_t days = static_cast<int64_t>(days_d);
  double in_day = t - days_d * kMsPerDay;
  int64_t year;
  int month0, day;
  CivilFromDays(days, &year, &month0, &day);
  int64_t jan1 = DaysFromCivil(year, 0, 1);
  int week_day = static_cast<int>(((jan1 % 7) + 11) % 7);
  bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  int recent = (leap ? 1956 : 1967) + (week_day * 12) % 28;
  int equivalent = 2008 + (recent + 3 * 28 - 2008) % 28;
  int64_t new_days = DaysFromCivil(equivalent, month0, 1) + day - 1;
  return static_cast<double>(new_days) * kMsPerDay + in_day;
}

}  // namespace

std::string LongZoneName(const absl::TimeZone& tz, std::string_view zone_name, double t) {
  const ZoneNames* names = FindZoneNames(zone_name);
  bool daylight = NameIsDaylight(tz, EquivalentTimeForName(t));
  if (names != nullptr) {
    if (daylight && names->daylight[0] != '\0') return names->daylight;
    return names->standard;
  }
  return GmtOffsetName(OffsetAtUtc(tz, t));
}

bool ZoneNameCanonical(std::string_view lowercase, std::string* out) {
  for (const ZoneNames& z : kZoneNames) {
    std::string_view name(z.zone);
    if (name.size() != lowercase.size()) continue;
    bool same = true;
    for (size_t i = 0; i < name.size() && same; ++i) {
      char c = name[i];
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
      same = c == lowercase[i];
    }
    if (same) {
      *out = std::string(name);
      return true;
    }
  }
  return false;
}

std::string ToDatePart(double t, const absl::TimeZone& tz) {
  Fields f = Decompose(t + static_cast<double>(OffsetAtUtc(tz, t)));
  return absl::StrFormat("%s %s %02d %s", kWeekdays[f.weekday], kMonths[f.month], f.day, Year4(f.year));
}

std::string ToTimePart(double t, const absl::TimeZone& tz, std::string_view zone_name) {
  Fields f = Decompose(t + static_cast<double>(OffsetAtUtc(tz, t)));
  return absl::StrFormat("%02d:%02d:%02d %s", f.hour, f.minute, f.second, GmtSuffix(tz, zone_name, t));
}

std::string ToDateTimeString(double t, const absl::TimeZone& tz, std::string_view zone_name) {
  return ToDatePart(t, tz) + " " + ToTimePart(t, tz, zone_name);
}

std::string ToUtcString(double t) {
  Fields f = Decompose(t);
  return absl::StrFormat("%s, %02d %s %s %02d:%02d:%02d GMT", kWeekdays[f.weekday], f.day,
                         kMonths[f.month], Year4(f.year), f.hour, f.minute, f.second);
}

std::string ToIsoString(double t) {
  Fields f = Decompose(t);
  std::string year = f.year >= 0 && f.year <= 9999 ? absl::StrFormat("%04d", f.year)
                     : f.year < 0                   ? absl::StrFormat("-%06d", -f.year)
                                                    : absl::StrFormat("+%06d", f.year);
  return absl::StrFormat("%s-%02d-%02dT%02d:%02d:%02d.%03dZ", year, f.month + 1, f.day, f.hour,
                         f.minute, f.second, f.ms);
}

// ---------------------------------------------------------------------------------------- parsing
//
// The algorithm of V8's DateParser (the oracle is Node.js): first as far as possible as an ECMA-262
// date-time string; whatever is left goes through the legacy rules (numbers followed by ':' are time
// fields, month names, AM/PM, zone words and offsets, words before the first number ignored,
// parenthesized text ignored).

namespace {

constexpr int kNone = std::numeric_limits<int>::max();
constexpr int kMaxSignificantDigits = 9;

bool Between(int x, int lo, int hi) { return x >= lo && x <= hi; }
bool IsMonth(int x) { return Between(x, 1, 12); }
bool IsDay(int x) { return Between(x, 1, 31); }
bool IsHour(int x) { return Between(x, 0, 23); }
bool IsMinute(int x) { return Between(x, 0, 59); }
bool IsSecond(int x) { return Between(x, 0, 59); }
bool IsHour12(int x) { return Between(x, 0, 12); }
bool IsMillisecond(int x) { return Between(x, 0, 999); }

bool IsWhiteSpace(char16_t c) {
  switch (c) {
    case 0x09: case 0x0A: case 0x0B: case 0x0C: case 0x0D: case 0x20: case 0xA0: case 0x1680:
    case 0x2028: case 0x2029: case 0x202F: case 0x205F: case 0x3000: case 0xFEFF:
      return true;
    default:
      return c >= 0x2000 && c <= 0x200A;
  }
}

enum KeywordType { kInvalid, kMonthName, kTimeZoneName, kTimeSeparator, kAmPm };

struct Token {
  enum Tag { kEnd, kNumber, kSymbol, kWhiteSpace, kKeyword, kUnknown, kInvalidTok } tag = kEnd;
  int value = 0;   // number value, symbol char, keyword value
  int length = 0;  // characters
  KeywordType kw = kInvalid;

  bool IsNumber() const { return tag == kNumber; }
  bool IsSymbol(char c) const { return tag == kSymbol && value == c; }
  bool IsAsciiSign() const { return tag == kSymbol && (value == '+' || value == '-'); }
  int Sign() const { return value == '-' ? -1 : 1; }
  bool IsFixedLengthNumber(int n) const { return tag == kNumber && length == n; }
  bool IsKeyword() const { return tag == kKeyword; }
  bool IsKeywordType(KeywordType t) const { return tag == kKeyword && kw == t; }
  bool IsKeywordZ() const { return tag == kKeyword && kw == kTimeZoneName && length == 1 && value == 0; }
  bool IsEnd() const { return tag == kEnd; }
  bool IsWhiteSpace() const { return tag == kWhiteSpace; }
};

struct Keyword {
  char prefix[4];
  KeywordType type;
  int value;
};
constexpr Keyword kKeywords[] = {
    {"jan", kMonthName, 1},     {"feb", kMonthName, 2},     {"mar", kMonthName, 3},
    {"apr", kMonthName, 4},     {"may", kMonthName, 5},     {"jun", kMonthName, 6},
    {"jul", kMonthName, 7},     {"aug", kMonthName, 8},     {"sep", kMonthName, 9},
    {"oct", kMonthName, 10},    {"nov", kMonthName, 11},    {"dec", kMonthName, 12},
    {"am", kAmPm, 0},           {"pm", kAmPm, 12},          {"ut", kTimeZoneName, 0},
    {"utc", kTimeZoneName, 0},  {"z", kTimeZoneName, 0},    {"gmt", kTimeZoneName, 0},
    {"cdt", kTimeZoneName, -5}, {"cst", kTimeZoneName, -6}, {"edt", kTimeZoneName, -4},
    {"est", kTimeZoneName, -5}, {"mdt", kTimeZoneName, -6}, {"mst", kTimeZoneName, -7},
    {"pdt", kTimeZoneName, -7}, {"pst", kTimeZoneName, -8}, {"t", kTimeSeparator, 0},
};

template <typename Char>
class Scanner {
 public:
  explicit Scanner(std::basic_string_view<Char> s) : s_(s) { next_ = Scan(); }
  Token Next() {
    Token t = next_;
    next_ = Scan();
    return t;
  }
  Token Peek() const { return next_; }
  bool SkipSymbol(char c) {
    if (next_.IsSymbol(c)) {
      Next();
      return true;
    }
    return false;
  }

 private:
  char16_t Ch() const { return pos_ < s_.size() ? static_cast<char16_t>(static_cast<std::make_unsigned_t<Char>>(s_[pos_])) : 0; }
  bool AtEnd() const { return pos_ >= s_.size(); }
  bool IsDigit() const { return !AtEnd() && Ch() >= '0' && Ch() <= '9'; }

  Token Scan() {
    Token t;
    size_t start = pos_;
    if (AtEnd()) return t;
    if (IsDigit()) {
      int n = 0, i = 0;
      while (!AtEnd() && Ch() == '0') ++pos_;  // leading zeros do not count as significant digits
      while (IsDigit()) {
        if (i < kMaxSignificantDigits) n = n * 10 + (Ch() - '0');
        ++i;
        ++pos_;
      }
      t.tag = Token::kNumber;
      t.value = n;
      t.length = static_cast<int>(pos_ - start);
      return t;
    }
    char16_t c = Ch();
    if (c == ':' || c == '-' || c == '+' || c == '.' || c == ')') {
      ++pos_;
      t.tag = Token::kSymbol;
      t.value = c;
      t.length = 1;
      return t;
    }
    if (c >= 'A' && !::codemode::vm::date::IsWhiteSpace(c)) {
      // A word: its first three characters, lowercased, name a keyword.
      char pre[4] = {0, 0, 0, 0};
      int len = 0;
      while (!AtEnd() && Ch() >= 'A' && !::codemode::vm::date::IsWhiteSpace(Ch())) {
        char16_t w = Ch();
        if (len < 3) {
          char16_t lower = (w >= 'A' && w <= 'Z') ? static_cast<char16_t>(w + 32) : w;
          pre[len] = lower < 128 ? static_cast<char>(lower) : '\x7f';
        }
        ++len;
        ++pos_;
      }
      t.tag = Token::kKeyword;
      t.length = len;
      t.kw = kInvalid;
      for (const Keyword& k : kKeywords) {
        if (std::string_view(pre, 3) == std::string_view(k.prefix, 3) &&
            (len <= 3 || k.type == kMonthName)) {
          t.kw = k.type;
          t.value = k.value;
          break;
        }
      }
      return t;
    }
    if (::codemode::vm::date::IsWhiteSpace(c)) {
      while (!AtEnd() && ::codemode::vm::date::IsWhiteSpace(Ch())) ++pos_;
      t.tag = Token::kWhiteSpace;
      t.length = static_cast<int>(pos_ - start);
      return t;
    }
    if (c == '(') {
      int balance = 0;
      do {
        if (Ch() == ')') --balance;
        else if (Ch() == '(') ++balance;
        ++pos_;
      } while (balance > 0 && !AtEnd());
      t.tag = Token::kUnknown;
      return t;
    }
    ++pos_;
    t.tag = Token::kUnknown;
    return t;
  }

  std::basic_string_view<Char> s_;
  size_t pos_ = 0;
  Token next_;
};

struct DayComposer {
  int comp[3] = {0, 0, 0};
  int index = 0;
  int named_month = kNone;
  bool is_iso_date = false;
  bool IsEmpty() const { return index == 0; }
  bool Add(int n) {
    if (index == 3) return false;
    comp[index++] = n;
    return true;
  }
  bool Write(double* year_out, double* month_out, double* day_out) {
    if (index < 1) return false;
    while (index < 3) comp[index++] = 1;  // day and month default to 1
    int year = 0, month = kNone, day = kNone;
    if (named_month == kNone) {
      if (is_iso_date || !IsDay(comp[0])) {
        year = comp[0];
        month = comp[1];
        day = comp[2];
      } else {
        month = comp[0];
        day = comp[1];
        year = comp[2];
      }
    } else {
      month = named_month;
      if (!IsDay(comp[0])) {
        year = comp[0];
        day = comp[1];
      } else {
        day = comp[0];
        year = comp[1];
      }
    }
    if (!is_iso_date) {
      if (Between(year, 0, 49)) year += 2000;
      else if (Between(year, 50, 99)) year += 1900;
    }
    if (!IsMonth(month) || !IsDay(day)) return false;
    *year_out = year;
    *month_out = month - 1;
    *day_out = day;
    return true;
  }
};

struct TimeComposer {
  int comp[4] = {0, 0, 0, 0};
  int index = 0;
  int hour_offset = kNone;
  bool IsEmpty() const { return index == 0; }
  bool IsExpecting(int n) const {
    return (index == 1 && IsMinute(n)) || (index == 2 && IsSecond(n)) ||
           (index == 3 && IsMillisecond(n));
  }
  bool Add(int n) {
    if (index == 4) return false;
    comp[index++] = n;
    return true;
  }
  bool AddFinal(int n) {
    if (!Add(n)) return false;
    while (index < 4) comp[index++] = 0;
    return true;
  }
  bool Write(double* out) {
    while (index < 4) comp[index++] = 0;
    int hour = comp[0], minute = comp[1], second = comp[2], ms = comp[3];
    if (hour_offset != kNone) {
      if (!IsHour12(hour)) return false;
      hour %= 12;
      hour += hour_offset;
    }
    if (!IsHour(hour) || !IsMinute(minute) || !IsSecond(second) || !IsMillisecond(ms)) {
      if (hour != 24 || minute != 0 || second != 0 || ms != 0) return false;  // 24:00 is midnight
    }
    out[0] = hour;
    out[1] = minute;
    out[2] = second;
    out[3] = ms;
    return true;
  }
};

struct ZoneComposer {
  int sign = kNone;
  int hour = kNone;
  int minute = kNone;
  void Set(int offset_hours) {
    sign = offset_hours < 0 ? -1 : 1;
    hour = offset_hours * sign;
    minute = 0;
  }
  bool IsExpecting(int n) const { return hour != kNone && minute == kNone && IsMinute(n); }
  bool IsUtc() const { return hour == 0 && minute == 0; }
  bool IsEmpty() const { return hour == kNone; }
  // *offset_s: NaN for local time.
  bool Write(double* offset_s) {
    if (sign == kNone) {
      *offset_s = kNaN;
      return true;
    }
    int64_t h = hour == kNone ? 0 : hour, m = minute == kNone ? 0 : minute;
    int64_t total = h * 3600 + m * 60;
    if (total > 0x3FFFFFFF) return false;
    *offset_s = static_cast<double>(sign < 0 ? -total : total);
    return true;
  }
};

int ReadMilliseconds(const Token& t) {
  int number = t.value, length = t.length;
  if (length == 1) {
    number *= 100;
  } else if (length == 2) {
    number *= 10;
  } else if (length > 3) {
    if (length > kMaxSignificantDigits) length = kMaxSignificantDigits;
    int factor = 1;
    do {
      factor *= 10;
      --length;
    } while (length > 3);
    number /= factor;
  }
  return number;
}

// The ECMA-262 date-time string format. Returns the first token it did not consume (an invalid
// token when the string is a broken date-time string; the end when it parsed all of it).
template <typename Char>
Token ParseIsoPrefix(Scanner<Char>& sc, DayComposer& day, TimeComposer& time, ZoneComposer& tz) {
  Token invalid;
  invalid.tag = Token::kInvalidTok;
  if (sc.Peek().IsAsciiSign()) {
    Token sign = sc.Next();
    if (!sc.Peek().IsFixedLengthNumber(6)) return sign;
    int year = sc.Next().value;
    if (sign.Sign() < 0 && year == 0) return sign;  // -000000 is not a year
    day.Add(sign.Sign() * year);
  } else if (sc.Peek().IsFixedLengthNumber(4)) {
    day.Add(sc.Next().value);
  } else {
    return sc.Next();
  }
  if (sc.SkipSymbol('-')) {
    if (!sc.Peek().IsFixedLengthNumber(2) || !IsMonth(sc.Peek().value)) return sc.Next();
    day.Add(sc.Next().value);
    if (sc.SkipSymbol('-')) {
      if (!sc.Peek().IsFixedLengthNumber(2) || !IsDay(sc.Peek().value)) return sc.Next();
      day.Add(sc.Next().value);
    }
  }
  if (!sc.Peek().IsKeywordType(kTimeSeparator)) {
    if (!sc.Peek().IsEnd()) return sc.Next();
  } else {
    sc.Next();
    if (!sc.Peek().IsFixedLengthNumber(2) || !Between(sc.Peek().value, 0, 24)) return invalid;
    bool hour_is_24 = sc.Peek().value == 24;  // only 24:00[:00[.000]]
    time.Add(sc.Next().value);
    if (!sc.SkipSymbol(':')) return invalid;
    if (!sc.Peek().IsFixedLengthNumber(2) || !IsMinute(sc.Peek().value) ||
        (hour_is_24 && sc.Peek().value > 0))
      return invalid;
    time.Add(sc.Next().value);
    if (sc.SkipSymbol(':')) {
      if (!sc.Peek().IsFixedLengthNumber(2) || !IsSecond(sc.Peek().value) ||
          (hour_is_24 && sc.Peek().value > 0))
        return invalid;
      time.Add(sc.Next().value);
      if (sc.SkipSymbol('.')) {
        if (!sc.Peek().IsNumber() || (hour_is_24 && sc.Peek().value > 0)) return invalid;
        time.Add(ReadMilliseconds(sc.Next()));  // any number of digits
      }
    }
    if (sc.Peek().IsKeywordZ()) {
      sc.Next();
      tz.Set(0);
    } else if (sc.Peek().IsSymbol('+') || sc.Peek().IsSymbol('-')) {
      tz.sign = sc.Next().value == '+' ? 1 : -1;
      if (sc.Peek().IsFixedLengthNumber(4)) {  // hhmm
        int hm = sc.Next().value;
        if (!IsHour(hm / 100) || !IsMinute(hm % 100)) return invalid;
        tz.hour = hm / 100;
        tz.minute = hm % 100;
      } else {
        if (!sc.Peek().IsFixedLengthNumber(2) || !IsHour(sc.Peek().value)) return invalid;
        tz.hour = sc.Next().value;
        if (!sc.SkipSymbol(':')) return invalid;
        if (!sc.Peek().IsFixedLengthNumber(2) || !IsMinute(sc.Peek().value)) return invalid;
        tz.minute = sc.Next().value;
      }
    }
    if (!sc.Peek().IsEnd()) return invalid;
  }
  // Date-only forms are UTC; date-time forms without an offset are local (§21.4.3.2).
  if (tz.IsEmpty() && time.IsEmpty()) tz.Set(0);
  day.is_iso_date = true;
  Token end;
  return end;
}

template <typename Char>
double ParseImpl(std::basic_string_view<Char> s, const absl::TimeZone& tzone) {
  Scanner<Char> sc(s);
  DayComposer day;
  TimeComposer time;
  ZoneComposer tz;
  Token next = ParseIsoPrefix(sc, day, time, tz);
  if (next.tag == Token::kInvalidTok) return kNaN;
  bool has_read_number = !day.IsEmpty();
  for (Token token = next; !token.IsEnd(); token = sc.Next()) {
    if (token.IsNumber()) {
      has_read_number = true;
      int n = token.value;
      if (sc.SkipSymbol(':')) {
        if (sc.SkipSymbol(':')) {  // n::
          if (!time.IsEmpty()) return kNaN;
          time.Add(n);
          time.Add(0);
        } else {  // n:
          if (!time.Add(n)) return kNaN;
          if (sc.Peek().IsSymbol('.')) sc.Next();
        }
      } else if (sc.SkipSymbol('.') && time.IsExpecting(n)) {
        time.Add(n);
        if (!sc.Peek().IsNumber()) return kNaN;
        int ms = ReadMilliseconds(sc.Next());
        if (ms < 0) return kNaN;
        time.AddFinal(ms);
      } else if (tz.IsExpecting(n)) {
        tz.minute = n;
      } else if (time.IsExpecting(n)) {
        time.AddFinal(n);
        // The end of a time: the end of input, white space, Z or a sign must follow.
        Token peek = sc.Peek();
        if (!peek.IsEnd() && !peek.IsWhiteSpace() && !peek.IsKeywordZ() && !peek.IsAsciiSign())
          return kNaN;
      } else {
        if (!day.Add(n)) return kNaN;
        sc.SkipSymbol('-');
      }
    } else if (token.IsKeyword()) {
      if (token.kw == kAmPm && !time.IsEmpty()) {
        time.hour_offset = token.value;
      } else if (token.kw == kMonthName) {
        day.named_month = token.value;
        sc.SkipSymbol('-');
      } else if (token.kw == kTimeZoneName && has_read_number) {
        tz.Set(token.value);
      } else {
        // Words are ignored only before the first number, and must be separated from it.
        if (has_read_number) return kNaN;
        if (sc.Peek().IsNumber()) return kNaN;
      }
    } else if (token.IsAsciiSign() && (tz.IsUtc() || !time.IsEmpty())) {
      // An offset after UTC/GMT or after a time: +h, +hh, +hhmm, +hh:mm.
      tz.sign = token.Sign();
      int n = 0, length = 0;
      if (sc.Peek().IsNumber()) {
        Token num = sc.Next();
        length = num.length;
        n = num.value;
      }
      has_read_number = true;
      if (sc.Peek().IsSymbol(':')) {
        tz.hour = n;
        tz.minute = kNone;
      } else if (length == 1 || length == 2) {
        tz.hour = n;
        tz.minute = 0;
      } else if (length == 3 || length == 4) {
        tz.hour = n / 100;
        tz.minute = n % 100;
      } else {
        return kNaN;
      }
    } else if ((token.IsAsciiSign() || token.IsSymbol(')')) && has_read_number) {
      return kNaN;  // a stray sign or ')' after a number
    }
    // Anything else (white space, other punctuation) is ignored.
  }
  double y, mo, d, hms[4], offset_s;
  if (!day.Write(&y, &mo, &d) || !time.Write(hms) || !tz.Write(&offset_s)) return kNaN;
  double date = MakeDate(MakeDay(y, mo, d), MakeTime(hms[0], hms[1], hms[2], hms[3]));
  if (std::isnan(offset_s)) {
    if (!std::isfinite(date) || std::fabs(date) > kMaxTime + 10 * kMsPerDay) return kNaN;
    date = LocalToUtc(tzone, date);
  } else {
    date -= offset_s * 1000.0;
    if (!std::isfinite(date) || std::fabs(date) > kMaxTime) return kNaN;
  }
  return TimeClip(date);
}

}  // namespace

double Parse(std::u16string_view s, const absl::TimeZone& tz) { return ParseImpl(s, tz); }
double Parse(std::string_view latin1, const absl::TimeZone& tz) { return ParseImpl(latin1, tz); }

}  // namespace codemode::vm::date
