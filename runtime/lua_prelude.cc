// The Lua prelude: the parts of the Lua standard library that call program code (comparators,
// replacement functions, __tostring), written in Lua so that no program code runs on the C++ stack
// (DESIGN §3.1). Compiled once with the shared realm; its globals start with "__".
#include "runtime/prelude.h"

namespace codemode {

std::string_view LuaPreludeSource() {
  static const char kText[] = R"CODEMODE_LUA(
local type, tostring, select, error, getmetatable = type, tostring, select, error, getmetatable
local concat, unpack, pack = table.concat, table.unpack, table.pack
local log_line, format = __log_line, string.format
local gsub_begin, gsub_step = __gsub_begin, __gsub_step
local mtype = math.type

-- print with arguments that have __tostring / __name
function __print_slow(...)
  local n = select('#', ...)
  local parts = {}
  for i = 1, n do parts[i] = tostring((select(i, ...))) end
  log_line(concat(parts, "\t", 1, n))
end

-- string.format with %s arguments that have __tostring / __name
function __format_slow(fmt, ...)
  local args = pack(...)
  for i = 1, args.n do
    if type(args[i]) == "table" then args[i] = tostring(args[i]) end
  end
  return format(fmt, unpack(args, 1, args.n))
end

local function default_less(a, b) return a < b end

-- table.sort with a comparator or with values that need __lt: a stable merge sort
function __sort(t, comp)
  local n = #t
  if n < 2 then return end
  local lt = comp or default_less
  local a, b = {}, {}
  for i = 1, n do a[i] = t[i] end
  -- insertion sort of runs of 8, then merges
  local run = 8
  for lo = 1, n, run do
    local hi = lo + run - 1
    if hi > n then hi = n end
    for i = lo + 1, hi do
      local v = a[i]
      local j = i - 1
      while j >= lo and lt(v, a[j]) do
        a[j + 1] = a[j]
        j = j - 1
      end
      a[j + 1] = v
    end
  end
  local width = run
  while width < n do
    local i = 1
    while i <= n do
      local mid, hi = i + width, i + 2 * width
      if mid > n + 1 then mid = n + 1 end
      if hi > n + 1 then hi = n + 1 end
      local l, r, k = i, mid, i
      while l < mid and r < hi do
        if lt(a[r], a[l]) then
          b[k] = a[r]; r = r + 1
        else
          b[k] = a[l]; l = l + 1
        end
        k = k + 1
      end
      while l < mid do b[k] = a[l]; l = l + 1; k = k + 1 end
      while r < hi do b[k] = a[r]; r = r + 1; k = k + 1 end
      i = hi
    end
    a, b = b, a
    width = width * 2
  end
  for i = 1, n do t[i] = a[i] end
end

-- string.gsub with a function replacement
function __gsub_fn(s, p, f, n)
  local st = gsub_begin(s, p, f, n)
  local parts, np = {}, 0
  while true do
    local r = pack(gsub_step(st))
    np = np + 1
    parts[np] = r[1]
    if r.n < 2 then break end
    local v = f(unpack(r, 3, r.n))
    if v == nil or v == false then
      v = r[2]
    elseif mtype(v) ~= nil then
      v = tostring(v)
    elseif type(v) ~= "string" then
      error("invalid replacement value (a " .. type(v) .. ")", 2)
    end
    np = np + 1
    parts[np] = v
  end
  return concat(parts, "", 1, np), st[6]
end
)CODEMODE_LUA";
  return {kText, sizeof(kText) - 1};
}

}  // namespace codemode
