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

-- table.insert/remove/concat/unpack/move on tables with a metatable (vm/lua_lib.cc hands them over):
-- lua5.4's ltablib reads and writes elements with lua_geti/lua_seti (__index, __newindex) and takes
-- the length with luaL_len (__len). The natives checked the other arguments; `level` places errors
-- (0 when a native called the function), `name` is the function's name in messages.
local mtoint, ult = math.tointeger, math.ult
local function up(level) return level == 0 and 0 or level + 1 end
local function tlen(t, level)
  local n = mtoint(#t)
  if n == nil then error("object length is not an integer", up(level)) end
  return n
end

function __tinsert(t, nargs, pos, v, level, name)
  local e = tlen(t, level) + 1
  if nargs == 2 then t[e] = pos return end
  if not ult(pos - 1, e) then
    error("bad argument #2 to '" .. name .. "' (position out of bounds)", level)
  end
  for i = e, pos + 1, -1 do t[i] = t[i - 1] end
  t[pos] = v
end

function __tremove(t, haspos, pos, level, name)
  local size = tlen(t, level)
  if not haspos then pos = size end
  if pos ~= size and ult(size, pos - 1) then
    error("bad argument #1 to '" .. name .. "' (position out of bounds)", level)
  end
  local v = t[pos]
  while pos < size do t[pos] = t[pos + 1]; pos = pos + 1 end
  t[pos] = nil
  return v
end

function __tconcat(t, sep, i, j, level)
  if j == nil then j = tlen(t, level) end
  local parts, n = {}, 0
  for k = i, j do
    local v = t[k]
    local tv = type(v)
    if tv ~= "string" and tv ~= "number" then
      error(format("invalid value (%s) at index %d in table for 'concat'", tv, k), level)
    end
    n = n + 1
    parts[n] = v
  end
  return concat(parts, sep)
end

function __tunpack(t, i, j, level)
  if j == nil then j = tlen(t, level) end
  if i > j then return end
  if not ult(j - i, 1000000) then error("too many results to unpack", level) end
  local out, n = {}, 0
  for k = i, j do n = n + 1; out[n] = t[k] end
  return unpack(out, 1, n)
end

function __tmove(a1, f, e, t, a2)
  if e >= f then
    if t > e or t <= f or a1 ~= a2 then
      for i = 0, e - f do a2[t + i] = a1[f + i] end
    else
      for i = e - f, 0, -1 do a2[t + i] = a1[f + i] end
    end
  end
  return a2
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
