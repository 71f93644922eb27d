local shared
do
  local x = 0
  local function a() x = x + 1 return x end
  local function b() x = x * 10 return x end
  shared = { a = a, b = b }
end
print(shared.a(), shared.b(), shared.a())
local acc = {}
local k = 1
while k <= 3 do
  local captured = k * 100
  acc[k] = function() return captured end
  k = k + 1
end
print(acc[1](), acc[2](), acc[3]())
local function outer()
  local v = "outer"
  local function mid()
    local function inner() return v end
    return inner
  end
  return mid()()
end
print(outer())
local t = {}
for i, v in ipairs({ "x", "y" }) do t[#t + 1] = function() return i .. v end end
print(t[1](), t[2]())
