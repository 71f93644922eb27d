-- table.sort is lua5.4's algorithm: the order of equal keys, "invalid order function for sorting"
-- where lua5.4 raises it, and the state a failed sort leaves (arrays under 128 items: lua5.4's pivot
-- choice is deterministic there).
local function show(t)
  local parts = {}
  for i = 1, #t do
    local v = t[i]
    parts[i] = v ~= v and "NaN" or type(v) == "table" and tostring(v.id) or tostring(v)
  end
  return table.concat(parts, " ")
end
local t = {5, 3, 8, 1, 9, 2, 7}
print(pcall(table.sort, t, function(a, b) return true end))
print(show(t))
t = {5, 3, 8, 1, 9, 2, 7, 4, 6, 0}
print(pcall(table.sort, t, function(a, b) return a <= b end))
print(show(t))
t = {3, 3, 3, 3, 3}
print(pcall(table.sort, t, function(a, b) return a <= b end))
t = {1, 0 / 0, 3, 2, 0 / 0, 5}
print(pcall(table.sort, t))
print(show(t))
t = {2, 1, 0 / 0, 0 / 0, 0 / 0, 7, 3, 0 / 0, 1, 9, 4}
print(pcall(table.sort, t))
print(show(t))
print(pcall(function() table.sort({{}, {}, {}}) end))
print(pcall(function() table.sort({1, "x"}) end))
print(pcall(function() table.sort({1, 2, 3}, 3) end))
-- equal keys: lua5.4's (unstable) order
local keys = {}
for i = 1, 100 do keys[i] = {k = i % 7, id = i} end
table.sort(keys, function(a, b) return a.k < b.k end)
print(show(keys))
local nums = {}
for i = 1, 90 do nums[i] = (i * 37) % 11 + ((i % 2 == 0) and 0.0 or 0) end
table.sort(nums)
local mt = {}
for i = 1, 90 do mt[i] = math.type(nums[i]) == "float" and "f" or "i" end
print(show(nums))
print(table.concat(mt))
-- random comparators: the same errors and states as lua5.4
local seed = 7
local function rnd() seed = (seed * 1103515245 + 12345) % 2147483648 return seed end
for round = 1, 30 do
  local n = 2 + round * 3
  local a = {}
  for i = 1, n do a[i] = rnd() % 10 end
  local ok, e = pcall(table.sort, a, function(x, y) return rnd() % 3 == 0 end)
  print(round, ok, e, show(a))
end
for round = 1, 10 do
  local a = {}
  for i = 1, 60 do a[i] = rnd() % 50 end
  print(pcall(table.sort, a, function(x, y) return x <= y end))
  print(show(a))
end
-- strings and a metatable-sorted table
local s = {}
for i = 1, 40 do s[i] = string.char(97 + (i * 7) % 26) .. tostring(i % 3) end
table.sort(s)
print(table.concat(s, " "))
table.sort(s, function(a, b) return a > b end)
print(table.concat(s, " "))
local P = {__lt = function(a, b) return a.v < b.v end}
local objs = {}
for i = 1, 30 do objs[i] = setmetatable({v = (i * 13) % 5, id = i}, P) end
table.sort(objs)
print(show(objs))
