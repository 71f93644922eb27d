local t = setmetatable({}, { __index = table })
t:insert("a"); t:insert("b")
print(t:concat("-"))
local s = 0
for i = 1, 100000 do s = s + i end
print(s)
local parts = {}
for i = 1, 20 do parts[#parts + 1] = tostring(i) end
print(table.concat(parts))
local str = ""
for i = 1, 50 do str = str .. i end
print(#str)
print(math.huge, -math.huge, math.pi, math.sqrt(16), math.fmod(7, 3), math.fmod(-7, 3), math.modf(3.7))
print(8 // 3 * 3 + 8 % 3, 2^-1, 100 == 100.0, "abc" < "abd", "Z" < "a", "" < "a")
local big = {}
for i = 1, 1000 do big[i] = i end
print(#big, big[1000])
for i = 1, 1000 do big[i] = nil end
print(#big, next(big))
