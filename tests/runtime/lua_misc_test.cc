// Lua library fixes checked through the Runtime: string.rep's memory check counts live data only
// (garbage is collected first), pcall/xpcall called through pcall nest like lua5.4's.
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

Result Run(std::string_view source, int64_t max_memory = 256 << 20) {
  RuntimeOptions options;
  options.language = Language::kLua;
  options.limits.max_memory_bytes = max_memory;
  auto rt = Runtime::Make(std::move(options));
  REQUIRE(rt.ok());
  return (*rt)->Execute(source);
}

}  // namespace

TEST_CASE("lua string.rep: garbage does not count against the memory limit, live data does", "[lua]") {
  // ~70 MB of garbage strings in a few steps, then a 40 MB string under a 64 MiB limit.
  Result r = Run("local keep = 0 for i = 1, 12 do local s = string.rep('x', 3000000) .. i "
                 "keep = keep + #s end return #string.rep('y', 40000000) + keep",
                 64 << 20);
  INFO(r.error.kind << ": " << r.error.message);
  CHECK(r.ok);
  CHECK(r.value_json == "76000015");
  Result live = Run("local a = string.rep('x', 40000000) local b = string.rep('y', 40000000) "
                    "return #a + #b",
                    64 << 20);
  CHECK(live.error.kind == "MemoryLimitExceeded");
}

TEST_CASE("lua pcall of pcall keeps one status per layer", "[lua]") {
  // Only the first returned value is exported (code-mode rule), so the three cases go in one table.
  Result r = Run("return {{pcall(pcall, error, 'e')}, {pcall(pcall, pcall, function() return 7 end)}, "
                 "{pcall(pcall)}}");
  REQUIRE(r.ok);
  CHECK(r.value_json ==
        R"x([[true,false,"e"],[true,true,true,7],[false,"bad argument #1 to 'pcall' (value expected)"]])x");
  // More layers than a call site can hold stop cleanly.
  std::string deep = "return pcall(";
  for (int i = 0; i < 40; ++i) deep += "pcall, ";
  deep += "function() return 1 end)";
  CHECK(Run(deep).error.kind == "UnsupportedSyntax");
}
