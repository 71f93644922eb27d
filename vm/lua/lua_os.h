// The calendar cores of Lua's os.date and os.time (Lua 5.4 manual §6.9; loslib.c), on absl time:
// local time comes from an absl::TimeZone (the run's zone, IANA rules from the system's tzdata),
// never from libc's localtime/TZ. Formatting follows C99 strftime in the "C" locale, which is
// what lua5.4 prints; the conversions accepted are exactly lua5.4's (LUA_STRFTIMEOPTIONS for C99).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "absl/time/time.h"

namespace codemode::vm::lua {

// A broken-down time (C's struct tm, with a 64-bit year and 1-based month, day and yday).
struct LuaTm {
  int64_t year = 1970;
  int month = 1;   // 1..12
  int day = 1;     // 1..31
  int hour = 0;
  int min = 0;
  int sec = 0;
  int wday = 0;    // 0 = Sunday .. 6
  int yday = 1;    // 1..366
  bool isdst = false;
  int64_t offset = 0;  // seconds east of UTC
  std::string zone;    // abbreviation (%Z)
};

// `t` (seconds since the Unix epoch) in `zone`; `utc` (os.date's "!") uses UTC with the zone name
// "GMT" as glibc's gmtime does. nullopt when the year does not fit C's int tm_year (lua5.4: "date
// result cannot be represented in this installation").
std::optional<LuaTm> LuaBreakTime(int64_t t, const absl::TimeZone& zone, bool utc);

// strftime of `format` (without os.date's "!" prefix) for `tm`, with lua5.4's check of every
// conversion: an unknown one is InvalidArgument "invalid conversion specifier '%REST'" where REST is
// the format from that conversion on (the caller reports it as bad argument #1).
absl::StatusOr<std::string> LuaStrftime(std::string_view format, const LuaTm& tm);

// os.time{...} after the field checks: the fields as C's mktime takes them (year, 1-based month and
// day; any may be out of range and is normalized: month 14 is February of the next year, hour -3 the
// previous day's 21:00) in `zone`. Returns the time and sets *normalized to its broken-down form;
// nullopt when the result's year does not fit tm_year ("time result cannot be represented ...").
// `isdst` (-1 absent, 0, 1) picks between the two readings of a repeated local time.
std::optional<int64_t> LuaMakeTime(int64_t year, int64_t month, int64_t day, int64_t hour,
                                   int64_t min, int64_t sec,
                                   int isdst, const absl::TimeZone& zone, LuaTm* normalized);

}  // namespace codemode::vm::lua
