-- Tool calls (synchronous in Lua) over a no-op tool, then a loop of small function calls
-- (the Lua side of promise-fanout.js).
local sum = 0
for i = 0, 199 do sum = sum + tools.noop.ping({ i = i }).i end
local function id(x) return x end
local chained = 0
for i = 0, 5999999 do chained = chained + id(i % 3) end
return { calls = 200, sum = sum, chained = chained }
