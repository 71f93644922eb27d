-- Higher-order functions over arrays: map, filter, reduce, some, find (as array-hof.js).
local function map(t, f) local out = {} for i = 1, #t do out[i] = f(t[i]) end return out end
local function filter(t, f) local out = {} for i = 1, #t do if f(t[i]) then out[#out + 1] = t[i] end end return out end
local function reduce(t, f, acc) for i = 1, #t do acc = f(acc, t[i]) end return acc end
local function some(t, f) for i = 1, #t do if f(t[i]) then return true end end return false end
local function find(t, f) for i = 1, #t do if f(t[i]) then return t[i] end end return nil end
local xs = {}
for i = 1, 20000 do xs[i] = i - 1 end
local result = 0
for round = 0, 19 do
  local ys = filter(map(xs, function(x) return x * 3 + round end), function(x) return x % 2 == 0 end)
  local objs = map(ys, function(y) return { y = y, half = y / 2 } end)
  result = result + reduce(objs, function(s, o) return s + o.half end, 0)
  if some(objs, function(o) return o.y < 0 end) then result = -1 end
  result = result + find(objs, function(o) return o.y > 1000 end).y
end
return result
