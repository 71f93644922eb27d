local function counter()
  local n = 0
  return function() n = n + 1; return n end, function() return n end
end
local inc, get = counter()
inc(); inc()
print(get())
local fs = {}
for i = 1, 3 do fs[i] = function() return i end end
print(fs[1](), fs[2](), fs[3]())
local function va(...)
  local a, b = ...
  return select("#", ...), a, b, ...
end
print(va(1, nil, 3))
print(va())
print((va(1, 2)))
local function mr() return 1, 2, 3 end
local t = { mr(), mr() }
print(#t, mr(), (mr()))
print(select(-1, "a", "b", "c"), select(2, "a", "b", "c"))
local function fact(n) if n <= 1 then return 1 end return n * fact(n - 1) end
print(fact(20), fact(21))
local obj = { v = 3 }
function obj:get(k) return self.v * k end
print(obj:get(2), obj.get(obj, 3))
