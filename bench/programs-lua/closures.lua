-- Closures and callbacks: counters, composed functions, callbacks through helpers (as closures.js).
local function makeCounter(step)
  local n = 0
  return function() n = n + step return n end
end
local function compose(f, g) return function(x) return f(g(x)) end end
local function inc(x) return x + 1 end
local function dbl(x) return x * 2 end
local function each(n, cb) for i = 0, n - 1 do cb(i) end end
local total = 0
for k = 0, 399 do
  local counter = makeCounter(k)
  local h = compose(inc, dbl)
  each(5000, function(i) total = (total + h(i) + counter()) % 1000000007 end)
end
return total
