-- math.random / math.randomseed (manual §6.7). Unseeded values differ from lua5.4 (per-run seed), so
-- only ranges, types and errors are printed for them; after math.randomseed(x [, y]) the sequence is
-- lua5.4's exactly (same xoshiro256** and seeding).
local ok = true
for i = 1, 2000 do
  local f = math.random()
  local m = math.random(6)
  local r = math.random(-3, 3)
  ok = ok and math.type(f) == "float" and f >= 0 and f < 1 and math.type(m) == "integer"
    and m >= 1 and m <= 6 and r >= -3 and r <= 3
end
print("ranges", ok)
print(math.type(math.random(0)), math.random(5, 5), math.random(math.maxinteger, math.maxinteger))
print(math.type(math.random(math.mininteger, math.maxinteger)))
print(pcall(math.random, 1, 2, 3))
print(pcall(function() return math.random(2, 1) end))
print(pcall(function() return math.random(0, -1) end))
print(pcall(function() return math.random(1.5) end))
print(pcall(function() return math.random("x") end))
print(pcall(function() return math.random(nil) end))
print(math.random("3") <= 3, math.type(math.random(3.0)), math.random("1", 1.0))
print(pcall(function() return math.randomseed(1.5) end))
print(pcall(function() return math.randomseed({}) end))
print(select("#", math.randomseed()))
print(math.randomseed(42))
print(math.random(1, 100), math.random(), math.random(0), math.random(7))
print(math.randomseed(7, 9))
local t = {}
for i = 1, 20 do t[#t + 1] = math.random(3, 5) end
print(table.concat(t, " "))
math.randomseed(-1)
print(math.random(math.mininteger, math.maxinteger), math.random(1000000007), math.random(0))
math.randomseed(123)
local u = {}
for i = 1, 8 do u[i] = math.random(1 << 40) end
print(table.concat(u, " "))
