#include "vm/lua/lua_os.h"

#include <climits>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/civil_time.h"

namespace codemode::vm::lua {
namespace {

constexpr const char* kDays[] = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                 "Thursday", "Friday", "Saturday"};
constexpr const char* kMonths[] = {"January", "February", "March",     "April",   "May",      "June",
                                   "July",    "August",   "September", "October", "November", "December"};

int WeekdayIndex(absl::Weekday w) {  // 0 = Sunday
  switch (w) {
    case absl::Weekday::sunday: return 0;
    case absl::Weekday::monday: return 1;
    case absl::Weekday::tuesday: return 2;
    case absl::Weekday::wednesday: return 3;
    case absl::Weekday::thursday: return 4;
    case absl::Weekday::friday: return 5;
    case absl::Weekday::saturday: return 6;
  }
  return 0;
}

bool FitsTmYear(int64_t year) { return year - 1900 <= INT_MAX && year - 1900 >= INT_MIN; }

LuaTm FromCivil(const absl::TimeZone::CivilInfo& ci, bool utc) {
  LuaTm tm;
  tm.year = ci.cs.year();
  tm.month = ci.cs.month();
  tm.day = ci.cs.day();
  tm.hour = ci.cs.hour();
  tm.min = ci.cs.minute();
  tm.sec = ci.cs.second();
  absl::CivilDay d(ci.cs);
  tm.wday = WeekdayIndex(absl::GetWeekday(d));
  tm.yday = absl::GetYearDay(d);
  tm.isdst = ci.is_dst;
  tm.offset = ci.offset;
  tm.zone = utc ? "GMT" : std::string(ci.zone_abbr);
  return tm;
}

int64_t FloorDiv(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }
int64_t FloorMod(int64_t a, int64_t b) { return a - FloorDiv(a, b) * b; }

// ISO 8601 week number and week-based year (%V, %G, %g): the week of the Thursday of tm's week.
void IsoWeek(const LuaTm& tm, int* week, int64_t* year) {
  absl::CivilDay d(tm.year, tm.month, tm.day);
  int iso_wday = (tm.wday + 6) % 7;  // 0 = Monday
  absl::CivilDay thursday = d + (3 - iso_wday);
  *year = thursday.year();
  *week = (absl::GetYearDay(thursday) - 1) / 7 + 1;
}

// LUA_STRFTIMEOPTIONS (C99): one-letter conversions, then the E and O modified ones.
bool ValidConversion(std::string_view conv, size_t* len) {
  static constexpr std::string_view kOne = "aAbBcCdDeFgGhHIjmMnprRStTuUVwWxXyYzZ%";
  static constexpr std::string_view kTwo[] = {"Ec", "EC", "Ex", "EX", "Ey", "EY", "Od", "Oe", "OH",
                                              "OI", "Om", "OM", "OS", "Ou", "OU", "OV", "Ow", "OW",
                                              "Oy"};
  if (conv.empty()) return false;
  if (kOne.find(conv[0]) != std::string_view::npos) {
    *len = 1;
    return true;
  }
  for (std::string_view two : kTwo) {
    if (conv.substr(0, 2) == two) {
      *len = 2;
      return true;
    }
  }
  return false;
}

void Format(char c, const LuaTm& tm, std::string* out);

void FormatAll(std::string_view spec, const LuaTm& tm, std::string* out) {
  for (size_t i = 0; i < spec.size(); ++i) {
    if (spec[i] == '%' && i + 1 < spec.size()) {
      Format(spec[++i], tm, out);
    } else {
      out->push_back(spec[i]);
    }
  }
}

// One conversion in the C locale (the E/O modifiers change nothing there).
void Format(char c, const LuaTm& tm, std::string* out) {
  switch (c) {
    case 'a': out->append(kDays[tm.wday], 3); break;
    case 'A': out->append(kDays[tm.wday]); break;
    case 'b':
    case 'h': out->append(kMonths[tm.month - 1], 3); break;
    case 'B': out->append(kMonths[tm.month - 1]); break;
    case 'c': FormatAll("%a %b %e %H:%M:%S %Y", tm, out); break;
    case 'C': absl::StrAppend(out, FloorDiv(tm.year, 100)); break;  // glibc: no padding
    case 'd': absl::StrAppendFormat(out, "%02d", tm.day); break;
    case 'D':
    case 'x': FormatAll("%m/%d/%y", tm, out); break;
    case 'e': absl::StrAppendFormat(out, "%2d", tm.day); break;
    case 'F': FormatAll("%Y-%m-%d", tm, out); break;
    case 'g':
    case 'G':
    case 'V': {
      int week;
      int64_t year;
      IsoWeek(tm, &week, &year);
      if (c == 'V') absl::StrAppendFormat(out, "%02d", week);
      if (c == 'G') absl::StrAppend(out, year);
      if (c == 'g') absl::StrAppendFormat(out, "%02d", FloorMod(year, 100));
      break;
    }
    case 'H': absl::StrAppendFormat(out, "%02d", tm.hour); break;
    case 'I': absl::StrAppendFormat(out, "%02d", tm.hour % 12 == 0 ? 12 : tm.hour % 12); break;
    case 'j': absl::StrAppendFormat(out, "%03d", tm.yday); break;
    case 'm': absl::StrAppendFormat(out, "%02d", tm.month); break;
    case 'M': absl::StrAppendFormat(out, "%02d", tm.min); break;
    case 'n': out->push_back('\n'); break;
    case 'p': out->append(tm.hour < 12 ? "AM" : "PM"); break;
    case 'r': FormatAll("%I:%M:%S %p", tm, out); break;
    case 'R': FormatAll("%H:%M", tm, out); break;
    case 'S': absl::StrAppendFormat(out, "%02d", tm.sec); break;
    case 't': out->push_back('\t'); break;
    case 'T':
    case 'X': FormatAll("%H:%M:%S", tm, out); break;
    case 'u': absl::StrAppend(out, tm.wday == 0 ? 7 : tm.wday); break;
    case 'U': absl::StrAppendFormat(out, "%02d", (tm.yday - 1 + 7 - tm.wday) / 7); break;
    case 'w': absl::StrAppend(out, tm.wday); break;
    case 'W': absl::StrAppendFormat(out, "%02d", (tm.yday - 1 + 7 - (tm.wday + 6) % 7) / 7); break;
    case 'y': absl::StrAppendFormat(out, "%02d", FloorMod(tm.year, 100)); break;
    case 'Y': absl::StrAppend(out, tm.year); break;
    case 'z': {
      int64_t off = tm.offset < 0 ? -tm.offset : tm.offset;
      absl::StrAppendFormat(out, "%c%02d%02d", tm.offset < 0 ? '-' : '+', off / 3600, off / 60 % 60);
      break;
    }
    case 'Z': out->append(tm.zone); break;
    case '%': out->push_back('%'); break;
    default: break;  // unreachable: checked by ValidConversion
  }
}

}  // namespace

std::optional<LuaTm> LuaBreakTime(int64_t t, const absl::TimeZone& zone, bool utc) {
  absl::TimeZone z = utc ? absl::UTCTimeZone() : zone;
  absl::TimeZone::CivilInfo ci = z.At(absl::FromUnixSeconds(t));
  if (!FitsTmYear(ci.cs.year())) return std::nullopt;
  return FromCivil(ci, utc);
}

absl::StatusOr<std::string> LuaStrftime(std::string_view format, const LuaTm& tm) {
  std::string out;
  for (size_t i = 0; i < format.size();) {
    if (format[i] != '%') {
      out.push_back(format[i++]);
      continue;
    }
    std::string_view conv = format.substr(i + 1);
    size_t len = 0;
    if (!ValidConversion(conv, &len))
      return absl::InvalidArgumentError(absl::StrCat("invalid conversion specifier '%", std::string(conv), "'"));
    Format(conv[len - 1], tm, &out);
    i += 1 + len;
  }
  return out;
}

std::optional<int64_t> LuaMakeTime(int64_t year, int64_t month, int64_t day, int64_t hour,
                                   int64_t min, int64_t sec,
                                   int isdst, const absl::TimeZone& zone, LuaTm* normalized) {
  // absl's civil constructors normalize out-of-range fields the way mktime does (carrying seconds
  // into minutes, …, months into years).
  absl::CivilSecond cs(year, month, day, hour, min, sec);
  absl::TimeZone::TimeInfo ti = zone.At(cs);
  absl::Time t = ti.pre;  // unique; skipped: the offset before the gap; repeated: the first one
  if (ti.kind == absl::TimeZone::TimeInfo::REPEATED && isdst >= 0) {
    // The reading whose daylight-saving flag matches the request.
    if (zone.At(ti.pre).is_dst != (isdst > 0)) t = ti.post;
  } else if (isdst >= 0) {
    // glibc's mktime: a flag that contradicts the zone shifts the result by the hour of DST.
    bool actual = zone.At(t).is_dst;
    if (actual && isdst == 0) t += absl::Hours(1);
    if (!actual && isdst > 0) t -= absl::Hours(1);
  }
  int64_t secs = absl::ToUnixSeconds(t);
  auto tm = LuaBreakTime(secs, zone, false);
  if (!tm) return std::nullopt;
  *normalized = *tm;
  return secs;
}

}  // namespace codemode::vm::lua
