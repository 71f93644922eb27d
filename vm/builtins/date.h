// Date (ECMA-262 2024 §21.4): the time-value algorithms, local time through the run's IANA zone
// (absl/cctz over the system's tz database), the date-string parser (the ECMA-262 date-time string
// format plus the legacy forms V8 accepts) and the formatters. Shared with vm/builtins/date_format.cc
// (toLocale*String, reusable by Intl.DateTimeFormat) and anything else that needs calendar math.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/time/time.h"

namespace codemode::vm::date {

inline constexpr double kMsPerDay = 86400000.0;
inline constexpr double kMaxTime = 8.64e15;  // |time value| limit of TimeClip (§21.4.1.31)

// §21.4.1.29 MakeTime, §21.4.1.28 MakeDay, §21.4.1.30 MakeDate, §21.4.1.31 TimeClip. NaN in, NaN out.
// MakeDay gives NaN for years beyond ±1,000,000 (the result could never pass TimeClip).
double MakeTime(double hour, double min, double sec, double ms);
double MakeDay(double year, double month, double date);
double MakeDate(double day, double time);
double TimeClip(double t);

// The calendar fields of a finite time value t (ms since the epoch, in whatever frame t is: UTC or
// local). month 0-11, day 1-31, weekday 0 (Sunday)-6, ms 0-999.
struct Fields {
  int64_t year = 1970;
  int month = 0;
  int day = 1;
  int weekday = 4;
  int hour = 0;
  int minute = 0;
  int second = 0;
  int ms = 0;
};
Fields Decompose(double t);
// Days from 1970-01-01 to year-month(0-based)-01 (proleptic Gregorian), for |year| ≤ ~10^9.
int64_t DaysFromCivil(int64_t year, int month0, int day);

// The zone's offset from UTC in ms at the UTC instant t (finite): LocalTime(t) = t + offset
// (§21.4.1.25 LocalTime with the IANA rules).
int64_t OffsetAtUtc(const absl::TimeZone& tz, double t);
// §21.4.1.26 UTC(t): the UTC time value of local time t (finite). A local time skipped by a forward
// transition or repeated by a backward one is interpreted with the offset before the transition.
double LocalToUtc(const absl::TimeZone& tz, double t);

// Date.parse (§21.4.3.2): the date-time string format (§21.4.1.32; date-only forms are UTC, date-time
// forms without an offset local) and the legacy forms V8 accepts ("March 5, 2024", "2024/03/05",
// "Tue Mar 05 2024 10:00:00 GMT+0100 (…)", "Tue, 05 Mar 2024 10:00:00 GMT", "2024-03-05 10:00",
// "3/5/2024 10:00 PM", zone words UT/UTC/GMT/Z/EST/EDT/CST/CDT/MST/MDT/PST/PDT). NaN when not a date.
double Parse(std::u16string_view s, const absl::TimeZone& tz);
double Parse(std::string_view latin1, const absl::TimeZone& tz);  // one code unit per byte

// The English formats (§21.4.4.41 ToDateString and friends) of a finite time value t (UTC).
// `zone_name` is the IANA name of `tz` (for the long zone name in parentheses).
std::string ToDateTimeString(double t, const absl::TimeZone& tz, std::string_view zone_name);  // toString
std::string ToDatePart(double t, const absl::TimeZone& tz);                                      // toDateString
std::string ToTimePart(double t, const absl::TimeZone& tz, std::string_view zone_name);        // toTimeString
std::string ToUtcString(double t);                                                             // toUTCString
std::string ToIsoString(double t);  // toISOString; t must be finite

// The long English name V8 prints for zone `zone_name` at UTC instant t ("Eastern Daylight Time",
// "Coordinated Universal Time"; "GMT+05:45" for zones without one).
std::string LongZoneName(const absl::TimeZone& tz, std::string_view zone_name, double t);

// The IANA zone name (as the system's tz database spells it) equal to `lowercase` ignoring ASCII case,
// e.g. "america/new_york" → "America/New_York". False when the database has no such zone.
bool ZoneNameCanonical(std::string_view lowercase, std::string* out);

}  // namespace codemode::vm::date
