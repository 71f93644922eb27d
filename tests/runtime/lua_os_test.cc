// Lua os.time / os.date / os.clock through the Runtime: they read the run's clock
// (RuntimeOptions::wall_clock_ms) and its time zone (RuntimeOptions::time_zone). Expected values were
// printed by lua5.4 (5.4.4) under TZ=America/New_York for the same times.
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <string_view>

#include "runtime/runtime.h"

namespace {

using codemode::Language;
using codemode::Result;
using codemode::Runtime;
using codemode::RuntimeOptions;

Result Run(std::string_view source, std::string zone = "UTC", int64_t clock_ms = 1700000000123) {
  RuntimeOptions options;
  options.language = Language::kLua;
  options.time_zone = std::move(zone);
  options.wall_clock_ms = [clock_ms] { return clock_ms; };
  auto rt = Runtime::Make(std::move(options));
  REQUIRE(rt.ok());
  return (*rt)->Execute(source);
}

std::string Value(std::string_view source, std::string zone = "UTC") {
  Result r = Run(source, std::move(zone));
  INFO(source << " -> " << r.error.kind << ": " << r.error.message);
  REQUIRE(r.ok);
  return r.value_json;
}

}  // namespace

TEST_CASE("lua os: os.time() and os.date() read the run's clock", "[lua]") {
  CHECK(Value("return os.time()") == "1700000000");
  CHECK(Value("return os.date('!%Y-%m-%d %H:%M:%S')") == R"("2023-11-14 22:13:20")");
  CHECK(Value("return os.date('%c')") == R"("Tue Nov 14 22:13:20 2023")");
  CHECK(Value("return {os.time(os.date('*t')) == os.time(), os.difftime(os.time(), 1700000000)}") ==
        "[true,0.0]");
  // os.clock is the run's active time: with a fixed clock no time passes.
  CHECK(Value("return {math.type(os.clock()), os.clock()}") == R"(["float",0.0])");
}

TEST_CASE("lua os: local time follows RuntimeOptions::time_zone (as lua5.4 under TZ)", "[lua]") {
  const std::string ny = "America/New_York";
  CHECK(Value("return os.date('%c %Z %z', 1700000000)", ny) == R"("Tue Nov 14 17:13:20 2023 EST -0500")");
  CHECK(Value("return os.date('!%c %Z', 1700000000)", ny) == R"("Tue Nov 14 22:13:20 2023 GMT")");
  CHECK(Value("local t = os.date('*t', 1690000000) return {t.hour, t.isdst}", ny) == "[0,true]");
  // mktime's rules: a repeated hour is its first (daylight) reading unless isdst = false; a skipped
  // hour reads with the offset before the gap; a contradicting isdst shifts by the DST hour.
  CHECK(Value("return {os.time{year=2023,month=11,day=5,hour=1,min=30}, "
              "os.time{year=2023,month=11,day=5,hour=1,min=30,isdst=false}, "
              "os.time{year=2023,month=3,day=12,hour=2,min=30}, "
              "os.time{year=2023,month=7,day=1,isdst=false}}",
              ny) == "[1699162200,1699165800,1678606200,1688230800]");
  CHECK(Value("return os.date('%H %Z', 1700000000)", "Asia/Kolkata") == R"("03 IST")");
}

TEST_CASE("lua os: normalization, errors and the unsupported __index case", "[lua]") {
  CHECK(Value("local t = {year=2023, month=14, day=35, hour=-3, min=70, sec=-5} local r = os.time(t) "
              "return {r, t.year, t.month, t.day, t.hour, t.min, t.sec, t.wday, t.yday, t.isdst}") ==
        "[1709676595,2024,3,5,22,9,55,3,65,false]");
  CHECK(Run("return os.time{year=2000}").error.message == "input:1: field 'month' missing in date table");
  CHECK(Run("return os.date('%Ez')").error.message ==
        "input:1: bad argument #1 to 'date' (invalid conversion specifier '%Ez')");
  CHECK(Run("return os.date('%Y', 1 << 60)").error.message ==
        "input:1: date result cannot be represented in this installation");
  Result meta = Run("return os.time(setmetatable({}, {__index = function() return 1 end}))");
  CHECK(meta.error.kind == "UnsupportedSyntax");
}
