-- Arithmetic, bitwise and comparison operators with a number literal operand (and == / ~= with a
-- string literal): the constant-operand opcodes LADDK … LGEK, their fast paths, metamethods (in
-- operand order) and the errors that name the variable operand.
local function p(...) print(...) end
local vals = {0, 1, -1, 7, -7, 3.5, -3.5, 0.0, -0.0, math.maxinteger, math.mininteger, 1/0, -1/0, 0/0, 2^53, "10", "0x10", " 3 "}
for _, x in ipairs(vals) do
  p(x + 1, x - 1, x * 3, x / 2, x % 3, x // 3, x % -3, x // -3, x + 0.5, x - 2.5, x * 0.5, x % 2.5, x // 2.5, x / 0)
  if type(x) == "number" then  -- strings: lua5.4 raises 'n%%0' from C, with no position
    p(pcall(function() return x % 0 end))
    p(pcall(function() return x // 0 end))
  end
  p(x % 0.0, x // 0.0)
  p(pcall(function() return x & 3, x | 8, x ~ 5, x << 2, x >> 1, x << -1, x >> 70, x << 64 end))
  p(x == 1, x ~= 1, x == 1.0, x == "10", x ~= "10", 1 == x, "10" == x, x == 0.5)
  if type(x) == "number" then
    p(x < 1, x <= 1, x > 1, x >= 1, 1 < x, 1 <= x, 1 > x, 1 >= x, x < 0.5, x > -0.5, x <= 2^63, x >= -2^63)
    if x < 2 then p("lt") end
    if 2 < x then p("gt") end
    if x == 7 then p("eq7") end
    if x ~= 7 then p("ne7") end
  end
end
local mt = {}
mt.__add = function(a, b) return "add(" .. tostring(type(a)) .. "," .. tostring(type(b)) .. ")" end
mt.__sub = function(a, b) return "sub" end
mt.__lt = function(a, b) return type(a) == "table" end
mt.__le = function(a, b) return type(b) == "table" end
mt.__band = function(a, b) return "band" end
mt.__mod = function(a, b) return "mod" end
mt.__idiv = function(a, b) return "idiv" end
mt.__eq = function() return true end
local t = setmetatable({}, mt)
p(t + 1, t - 1, t & 1, t % 2, t // 2, t < 1, 1 < t, t <= 1, 1 <= t, t > 1, 1 > t, t >= 1, 1 >= t, t == 1, t ~= 1)
local function err(f) local ok, e = pcall(f) p(ok, e) end
local n = nil
local s = "abc"
err(function() return n + 1 end)
err(function() return n - 1.5 end)
err(function() return n & 1 end)
err(function() return 1.5 & 1 end)
err(function() local y = 2.5 return y | 1 end)
err(function() return n < 1 end)
err(function() return 1 < n end)
err(function() return n >= 1 end)
err(function() return s + 1 end)
err(function() return s & 1 end)
err(function() return s < 1 end)
err(function() return {} // 2 end)
err(function() local q = {} return q.x * 2 end)
local acc = 0
for i = 1, 100 do acc = (acc * 31 + i) % 1000003 acc = acc ~ 0x55 acc = acc >> 1 acc = acc + (i // 7) end
p(acc)
-- A string literal operand of arithmetic stays a register operand (string coercion).
local s10 = "10"
print(s10 + "5", s10 * "2", pcall(function() local t = {} return t + "10" end))
print(s10 == "10", s10 ~= "10", "10" == s10, s10 == 10, 10 ~= s10)
