-- The table library reads, writes and measures through __index, __newindex and __len (lua5.4 ltablib).
local t = setmetatable({}, {__index = function(_, i) return "v" .. i end, __len = function() return 3 end})
print(table.concat(t, ","), table.unpack(t, 1, 3))
print(pcall(table.remove, t))
local log = {}
local w = setmetatable({}, {__newindex = function(t, k, v) log[#log + 1] = k; rawset(t, k, v) end})
table.insert(w, "a"); table.move({1, 2}, 1, 2, 2, w)
print(table.concat(log, ","))
-- __len drives the defaults; __index fills holes; errors as lua5.4
local short = setmetatable({ "a", "b", "c", "d" }, {__len = function() return 2 end})
print(table.concat(short, "-"), table.unpack(short))
print(table.remove(short), #short, rawget(short, 2), rawget(short, 3))
local proxy = setmetatable({}, {__index = function() return nil end})
print(pcall(table.concat, proxy), table.concat(proxy, "x", 1, 0))
print(pcall(table.concat, setmetatable({}, {__index = function() return {} end}), ",", 1, 2))
print(pcall(table.insert, setmetatable({}, {__len = function() return "x" end}), 1))
print(pcall(table.insert, setmetatable({}, {__len = function() return 2.0 end}), "v"))
print(pcall(table.insert, setmetatable({}, {}), 5, "v"))
print(pcall(table.remove, setmetatable({}, {}), 7))
-- insert/remove shifting through metamethods
local store = {}
local view = setmetatable({}, {
  __index = function(_, k) return store[k] end,
  __newindex = function(_, k, v) store[k] = v end,
  __len = function() return #store end,
})
table.insert(view, "x"); table.insert(view, "z"); table.insert(view, 2, "y")
print(#store, table.concat(store, ","), table.remove(view, 1), table.concat(store, ","))
-- move between proxies, overlapping and not
local dst = setmetatable({}, {__newindex = function(t, k, v) rawset(t, k, v .. "!") end})
table.move({"p", "q", "r"}, 1, 3, 1, dst)
print(dst[1], dst[2], dst[3])
local same = setmetatable({1, 2, 3, 4}, {})
table.move(same, 1, 3, 2)
print(table.concat(same, ","))
print(pcall(table.move, {}, 1, math.maxinteger, 2))
print(pcall(table.move, {}, -1, math.maxinteger, 2))
print(pcall(table.move, {1}, 1, 2, math.maxinteger))
print(select("#", table.unpack(setmetatable({}, {__index = function(_, i) return i end}), 1, 5)))
