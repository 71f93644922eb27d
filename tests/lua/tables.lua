local t = { 10, 20, 30, x = 1 }
print(#t, t[1], t.x, t[4])
t[#t + 1] = 40
table.insert(t, 1, 5)
print(#t, table.concat(t, ","))
print(table.remove(t), table.remove(t, 1), table.concat(t, ","))
local keys = {}
for k, v in pairs({ a = 1, b = 2, c = 3 }) do keys[#keys + 1] = k .. "=" .. v end
table.sort(keys)
print(table.concat(keys, " "))
for i, v in ipairs({ "a", "b", nil, "d" }) do print(i, v) end
local u = { 5, 2, 8, 1, 9 }
table.sort(u)
print(table.concat(u, " "))
table.sort(u, function(a, b) return a > b end)
print(table.concat(u, " "))
print(select("#", table.unpack({ 1, 2, 3 })), table.unpack({ 1, 2, 3 }, 2))
local p = table.pack(1, nil, 3)
print(p.n, p[1], p[2], p[3])
print(next({}), rawlen({ 1, 2 }), rawequal(t, t), rawget({ 7 }, 1))
local m = {}
m[1.0] = "one"; m[2] = "two"
print(m[1], m[2.0], #m)
print(pcall(function() local z = {}; z[nil] = 1 end))
print(pcall(function() local z = {}; z[0/0] = 1 end))
