local V = {}
V.__index = V
V.__add = function(a, b) return setmetatable({ x = a.x + b.x }, V) end
V.__eq = function(a, b) return a.x == b.x end
V.__lt = function(a, b) return a.x < b.x end
V.__le = function(a, b) return a.x <= b.x end
V.__tostring = function(v) return "V(" .. v.x .. ")" end
V.__len = function(v) return v.x end
V.__call = function(v, y) return v.x * y end
V.__concat = function(a, b) return tostring(a) .. "&" .. tostring(b) end
V.__unm = function(a) return setmetatable({ x = -a.x }, V) end
function V.new(x) return setmetatable({ x = x }, V) end
function V:double() return V.new(self.x * 2) end
local a, b = V.new(1), V.new(2)
print(tostring(a + b), a == V.new(1), a < b, a <= b, a > b, #b, a(10), tostring(-a))
print(a .. b, a .. "s", "s" .. b)
print(tostring(a:double()), getmetatable(a) == V)
local defaults = setmetatable({}, { __index = function(t, k) return k .. "!" end })
print(defaults.foo, rawget(defaults, "foo"))
local log = {}
local proxy = setmetatable({}, { __newindex = function(t, k, v) log[#log + 1] = k; rawset(t, k, v) end })
proxy.a = 1; proxy.a = 2; proxy.b = 3
print(table.concat(log, ","), proxy.a)
local ro = setmetatable({}, { __metatable = "locked" })
print(getmetatable(ro), pcall(setmetatable, ro, {}))
print(getmetatable("abc").__index == string)
local inherit = setmetatable({}, { __index = V })
print(inherit.new(5).x)
