-- Short strings made at run time (concatenation, the string library, tostring) compare and index
-- by contents whatever made them; codemode interns those up to 40 bytes (VM::NewStringBytes).
local parts = { "g", "7" }
local a = "g" .. 7
local b = parts[1] .. parts[2]
local c = string.format("g%d", 7)
local d = ("xg7y"):sub(2, 3)
local e = table.concat(parts)
print(a == b, b == c, c == d, d == e, e == "g7", rawequal(a, "g7"), rawequal(c, e))
local t = { g7 = 1 }
print(t[a], t[b], t[c], t[d], t[e])
t[a] = (t[a] or 0) + 1
t[c] = t[c] + 1
local n = 0
for _ in pairs(t) do n = n + 1 end
print(t.g7, n)
-- 40 bytes and 41 bytes: either side of the interned length.
local s40 = string.rep("x", 39) .. "y"
local s41 = string.rep("x", 40) .. "y"
local k = {}
k[s40] = 40
k[s41] = 41
print(#s40, #s41, k[string.rep("x", 39) .. "y"], k[string.rep("x", 40) .. "y"])
print(s40 == ("x"):rep(39) .. "y", s41 == ("x"):rep(40) .. "y", s40 < s41)
-- Grouping by a key built per record, as model-written programs do.
local counts, order = {}, {}
for i = 1, 2000 do
  local key = "team-" .. (i % 7) .. ":" .. (i % 3 == 0 and "a" or "b")
  if counts[key] == nil then order[#order + 1] = key; counts[key] = 0 end
  counts[key] = counts[key] + 1
end
table.sort(order)
local line = {}
for _, key in ipairs(order) do line[#line + 1] = key .. "=" .. counts[key] end
print(table.concat(line, " "))
-- Many distinct short strings, none kept: collections drop them.
local last
for i = 1, 200000 do last = "tmp" .. i end
print(last, collectgarbage("count") > 0)
-- Numbers turned to strings and back, embedded zeros, bytes >= 128.
local z = "a\0b" .. "\0"
print(#z, z == "a\0b\0", ("\200\201"):upper() == "\200\201", tostring(12) .. "" == "12")
