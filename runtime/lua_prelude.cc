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

-- tostring(v) through v's __tostring h: lua5.4's luaL_tolstring calls it from C (a yield inside is
-- "attempt to yield across a C-call boundary") and wants a string or a number back
function __tostring_meta(h, v, level)
  local s = h(v)
  local t = type(s)
  if t == "number" then return tostring(s) end
  if t ~= "string" then error("'__tostring' must return a string", level) end
  return s
end

-- a step of ipairs whose table has an __index function (vm/lua_lib.cc LIpairsIter): t[i] with the
-- metamethods, then (i, v) or nothing
function __ipairs_meta(t, i)
  local v = t[i]
  if v == nil then return nil end
  return i, v
end

local function default_less(a, b) return a < b end

-- table.sort with a comparator or with values that need __lt: lua5.4's algorithm (a median-of-three
-- quicksort in place through t[i], as vm/lua_lib.cc LuaQuickSort), so that equal keys, the order
-- left by a failing comparator and "invalid order function for sorting" are lua5.4's
-- (sort_aux returns true when the order is invalid)
local function sort_aux(t, lt, lo, up, rnd)
  while lo < up do
    local a, b = t[lo], t[up]
    if lt(b, a) then t[lo] = b; t[up] = a end
    if up - lo == 1 then return end
    local p
    if up - lo < 100 or rnd == 0 then
      p = (lo + up) // 2
    else
      local r4 = (up - lo) // 4
      p = rnd % (r4 * 2) + lo + r4
    end
    a, b = t[p], t[lo]
    if lt(a, b) then
      t[p] = b; t[lo] = a
    else
      b = t[up]
      if lt(b, a) then t[p] = b; t[up] = a end
    end
    if up - lo == 2 then return end
    local pv, u1 = t[p], up - 1  -- u1: computed once, not once per comparison
    t[p] = t[u1]; t[u1] = pv
    local i, j = lo, u1
    while true do
      i = i + 1
      local ai = t[i]
      while lt(ai, pv) do
        if i == u1 then return true end
        i = i + 1
        ai = t[i]
      end
      j = j - 1
      local aj = t[j]
      while lt(pv, aj) do
        if j < i then return true end
        j = j - 1
        aj = t[j]
      end
      if j < i then
        t[u1] = ai; t[i] = pv
        break
      end
      t[i] = aj; t[j] = ai
    end
    p = i
    local n
    if p - lo < up - p then
      if sort_aux(t, lt, lo, p - 1, rnd) then return true end
      n = p - lo
      lo = p + 1
    else
      if sort_aux(t, lt, p + 1, up, rnd) then return true end
      n = up - p
      up = p - 1
    end
    if up - lo > 128 * n + 127 then rnd = ((lo * 2654435761) ~ (up * 40503)) & 0xFFFFFFFF | 1 end
  end
end

function __sort(t, comp, level)
  local n = #t
  if n < 2 then return end
  if sort_aux(t, comp or default_less, 1, n, 0) then
    error("invalid order function for sorting", level)  -- table.sort's caller, as luaL_error
  end
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
