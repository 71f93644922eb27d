x = 10
function add(a) return x + a end
print(add(5), _G.x, _G["add"] ~= nil, type(_ENV))
_G.y = 3
print(y)
local env_print = print
local function sandboxed()
  local _ENV = { z = 7 }
  return z
end
print(sandboxed())
print(type(print), type(nil), type({}), type("s"), type(2), type(true), type(type))
print(rawequal(string, _G.string), _VERSION)
