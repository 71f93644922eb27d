-- ipairs consults __index like lua5.4's ipairsaux (lua_geti): functions, tables, chains; its control
-- value is an integer (floats and numeric strings converted); table.remove at the size of an empty list.
local p = setmetatable({}, {__index = function(_, i) if i <= 3 then return i * 10 end end})
for i, v in ipairs(p) do print(i, v) end
print(select("#", ipairs(p)), (ipairs(p))(p, 0))
-- an __index table whose own __index is a function
local inner = setmetatable({ [1] = "one" }, {__index = function(_, i) if i == 2 then return "two" end end})
local outer = setmetatable({}, {__index = inner})
for i, v in ipairs(outer) do print("outer", i, v) end
-- a raw hole filled by __index, then the raw part again
local mixed = setmetatable({ "a", nil, "c" }, {__index = function(_, i) if i == 2 then return "B" end end})
for i, v in ipairs(mixed) do print("mixed", i, v) end
-- a proxy counting its reads
local reads = 0
local proxy = setmetatable({}, {__index = function(_, i) reads = reads + 1; return ({ 5, 6, 7 })[i] end})
local sum = 0
for _, v in ipairs(proxy) do sum = sum + v end
print("proxy", sum, reads)
-- the control value
local f = ipairs({})
print(f({10, 20, 30}, 1.0))
print(f({10, 20, 30}, "1"))
print((pcall(f, {10, 20, 30}, 1.5)))
-- __index chains: a loop is an error, a long chain (under 2000) is followed
local t = setmetatable({}, {})
getmetatable(t).__index = t
print(pcall(function() for _ in ipairs(t) do end return "ended" end))
local chain, cur = {}, nil
cur = chain
for _ = 1, 150 do local nx = {}; setmetatable(cur, {__index = nx}); cur = nx end
cur[1] = "deep"
print(chain[1], (ipairs(chain))(chain, 0))
-- strings index through their metatable: ipairs over one ends at once
for i, v in ipairs("abc") do print("never", i, v) end
print(pcall(function() for _ in ipairs(42) do end end))
-- table.remove on an empty list and at index 0
local stack = {}
print(pcall(table.remove, stack, #stack))
print(pcall(table.remove, {[0] = "z"}, 0))
print(pcall(table.remove, {}, 5))
local two = {1, 2}
print(table.remove(two, 3), #two, table.remove(two, #two), #two)
