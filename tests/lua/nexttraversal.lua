local t = { 1, 2, 3 }
t.a, t.b = "x", "y"
local n = 0
for k, v in pairs(t) do n = n + 1; t[k] = nil end
print(n, next(t))
local arr = {}
for i = 1, 10 do arr[i] = i * i end
local sum = 0
for k, v in next, arr do sum = sum + v end
print(sum, #arr)
local s = setmetatable({}, { __pairs = function(tb) return function(_, k) if not k then return 1, "one" end end, tb, nil end })
for k, v in pairs(s) do print(k, v) end
