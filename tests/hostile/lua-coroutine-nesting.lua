-- Coroutines resuming coroutines without bound. Each coroutine's body is coroutine.resume itself,
-- so no Lua frame separates the levels: lua5.4's nesting limit ("C stack overflow") must answer,
-- never the C++ stack. Then the same with Lua bodies.
local chain = {}
for i = 1, 5000 do chain[i] = coroutine.create(coroutine.resume) end
local r = { coroutine.resume(table.unpack(chain)) }
-- Every level that could resume the next one returned true; the innermost failed.
local levels, v = 0, r
while v[1] == true and v[2] == true do
  levels = levels + 1
  v = { table.unpack(v, 2) }
  if #v < 2 then break end
end
local depth = 0
local function nest()
  depth = depth + 1
  local ok, e = coroutine.resume(coroutine.create(nest))
  return ok and e or e
end
return { first = r[1], innermost = r[#r], lua_nesting = nest(), depth = depth }
