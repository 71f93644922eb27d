-- Coroutines (manual §2.6, §6.2): resume/yield values, status transitions, wrap generators, errors,
-- yields through pcall and metamethods, C-call boundaries, close, nesting, deep recursion.

-- values in and out
local co = coroutine.create(function(a, b)
  print("start", a, b)
  local c = coroutine.yield(a + b)
  print("got", c)
  local d, e = coroutine.yield(c * 2)
  print("got2", d, e)
  return "fin", 99
end)
print(coroutine.status(co))
print(coroutine.resume(co, 1, 2))
print(coroutine.status(co))
print(coroutine.resume(co, 10))
print(coroutine.resume(co, "x", "y"))
print(coroutine.status(co))
print(coroutine.resume(co))
print(coroutine.resume(coroutine.create(function(...) return select('#', ...), ... end), nil, nil))
print(select("#", coroutine.resume(coroutine.create(function() end))))
print(coroutine.wrap(function(...) return ... end)(1, nil, 3))

-- generators with wrap
local function range(n, step)
  return coroutine.wrap(function()
    for i = 1, n, step or 1 do coroutine.yield(i, i * i) end
  end)
end
for i, sq in range(10, 3) do print("range", i, sq) end
local function chars(s)
  return coroutine.wrap(function()
    for c in s:gmatch(".") do coroutine.yield(c) end
    return nil
  end)
end
local acc = {}
for c in chars("hello") do acc[#acc + 1] = c:upper() end
print(table.concat(acc, "-"))

-- permutations (recursive generator)
local function permgen(a, n)
  n = n or #a
  if n <= 1 then
    coroutine.yield(a)
  else
    for i = 1, n do
      a[n], a[i] = a[i], a[n]
      permgen(a, n - 1)
      a[n], a[i] = a[i], a[n]
    end
  end
end
local count, seen = 0, {}
for p in coroutine.wrap(function() permgen({ "a", "b", "c" }) end) do
  count = count + 1
  seen[#seen + 1] = table.concat(p)
end
print(count, table.concat(seen, " "))

-- producer / filter / consumer
local function producer()
  return coroutine.create(function()
    for _, w in ipairs({ "one", "two", "three", "four" }) do coroutine.yield(w) end
  end)
end
local function filter(prod)
  return coroutine.create(function()
    while true do
      local ok, v = coroutine.resume(prod)
      if not v then break end
      if #v > 3 then coroutine.yield(v:upper()) end
    end
  end)
end
local f = filter(producer())
while true do
  local ok, v = coroutine.resume(f)
  if not v then break end
  print("consumed", v)
end

-- status, running, isyieldable
local main, ismain = coroutine.running()
print(type(main), ismain, coroutine.isyieldable(), coroutine.status(main))
local outer
outer = coroutine.create(function()
  local me, im = coroutine.running()
  print("inside", me == outer, im, coroutine.status(outer), coroutine.isyieldable())
  print("main is", coroutine.status(main), coroutine.isyieldable(main))
  local inner = coroutine.create(function()
    print("outer is", coroutine.status(outer), coroutine.isyieldable(outer))
    coroutine.yield()
  end)
  coroutine.resume(inner)
  print("inner is", coroutine.status(inner))
  print(coroutine.resume(main))
  print(coroutine.resume(outer))
end)
coroutine.resume(outer)
print(coroutine.status(outer), coroutine.isyieldable(outer))
print(coroutine.isyieldable(coroutine.create(print)))
print(coroutine.wrap(function() return select(2, coroutine.running()) end)())
print(coroutine.wrap(coroutine.isyieldable)())
print(coroutine.wrap(coroutine.status)(main))

-- errors
co = coroutine.create(function() error("boom") end)
print(coroutine.resume(co))
print(coroutine.status(co))
print(coroutine.resume(co))
co = coroutine.create(function() error({ code = 7 }) end)
local ok, err = coroutine.resume(co)
print(ok, type(err), err.code)
co = coroutine.create(function() return undefined_global.field end)
print(coroutine.resume(co))
print(pcall(function() coroutine.wrap(function() error("wrapped") end)() end))
print(pcall(function() coroutine.wrap(function() error("level0", 0) end)() end))
print(pcall(coroutine.wrap(function() error("via pcall") end)))
local w = coroutine.wrap(function() error({}) end)
local wok, werr = pcall(w)
print(wok, type(werr))
w = coroutine.wrap(function() return 1 end)
print(w())
print(pcall(w))
print(pcall(function() w() end))
print(coroutine.resume(coroutine.running()))
print(pcall(coroutine.yield, 1))
print(pcall(function() coroutine.yield() end))
print(pcall(coroutine.resume, 1))
print(pcall(function() coroutine.resume() end))
print(pcall(coroutine.status, nil))
print(pcall(coroutine.wrap, 1))
print(pcall(coroutine.create, {}))
print(pcall(coroutine.isyieldable, 1))
print(pcall(coroutine.close, "x"))

-- yield across pcall, and errors after resuming
co = coroutine.create(function()
  print("pcall gave", pcall(function()
    local v = coroutine.yield("in pcall")
    error("after " .. v)
  end))
  print("xpcall gave", xpcall(function()
    coroutine.yield("in xpcall")
    error("x")
  end, function(m) return "handled: " .. m end))
  local r = { pcall(coroutine.yield, "yield itself") }
  print("pcall(yield) gave", table.unpack(r))
  return "end"
end)
print(coroutine.resume(co))
print(coroutine.resume(co, "resume"))
print(coroutine.resume(co))
print(coroutine.resume(co, "a", "b"))
print(coroutine.status(co))

-- yields from metamethods and iterators
co = coroutine.create(function()
  local t = setmetatable({}, {
    __index = function(_, k) return coroutine.yield("index " .. k) end,
    __add = function(a, b) return coroutine.yield("add") end,
    __lt = function() return coroutine.yield("lt") end,
    __concat = function(a, b) return coroutine.yield("concat") end,
    __call = function(self, x) return coroutine.yield("call " .. x) end,
  })
  local r = t.foo
  local s = t + 1
  local lt = t < t
  local c = "a" .. t .. "b"
  local called = t(5)
  return r, s, lt, c, called
end)
print(coroutine.resume(co))
print(coroutine.resume(co, "F"))
print(coroutine.resume(co, 5))
print(coroutine.resume(co, nil))
print(coroutine.resume(co, "Z"))
print(coroutine.resume(co, "C"))
co = coroutine.create(function()
  for k, v in pairs(setmetatable({}, { __pairs = function(t)
    coroutine.yield("pairs")
    return next, { 10, 20 }, nil
  end })) do print("pair", k, v) end
  return "iterated"
end)
print(coroutine.resume(co))
print(coroutine.resume(co))

-- C-call boundaries
co = coroutine.create(function()
  table.sort({ 3, 2, 1 }, function(a, b) coroutine.yield() return a < b end)
end)
print(coroutine.resume(co))
co = coroutine.create(function() string.gsub("abc", "%w", function(c) coroutine.yield(c) end) end)
print(coroutine.resume(co))
co = coroutine.create(function()
  print(setmetatable({}, { __tostring = function() coroutine.yield() return "x" end }))
end)
print(coroutine.resume(co))
print(coroutine.status(co))

-- native bodies
co = coroutine.create(coroutine.yield)
print(coroutine.resume(co, 1, 2))
print(coroutine.resume(co, 3))
print(coroutine.status(co))
co = coroutine.create(print)
print(coroutine.resume(co, "printed by a coroutine"))
print(coroutine.wrap(math.max)(3, 9, 4))
print(pcall(coroutine.wrap(error), "native error"))

-- close
co = coroutine.create(function() coroutine.yield() end)
coroutine.resume(co)
print(coroutine.close(co), coroutine.status(co))
print(coroutine.close(coroutine.create(print)))
co = coroutine.create(function() error("x") end)
coroutine.resume(co)
print(coroutine.close(co))
print(coroutine.close(co))
print(pcall(coroutine.close, coroutine.running()))
co = coroutine.create(function() print(pcall(coroutine.close, co)) end)
coroutine.resume(co)
print(pcall(coroutine.resume, co))

-- deep recursion inside a coroutine, and a stack overflow in one
co = coroutine.create(function()
  local function r(n)
    if n == 0 then
      coroutine.yield("deep")
      return 0
    end
    return 1 + r(n - 1)
  end
  return r(20000)
end)
print(coroutine.resume(co))
print(coroutine.resume(co))
co = coroutine.create(function() local function r() return 1 + r() end return r() end)
local sok, serr = coroutine.resume(co)
print(sok, serr:match("stack overflow") ~= nil)

-- nesting limit
local depth = 0
local function nest()
  depth = depth + 1
  local c = coroutine.create(nest)
  local ok, e = coroutine.resume(c)
  if not ok then return e end
  return e
end
print(nest(), depth)

-- many live coroutines
local gens = {}
for i = 1, 200 do
  gens[i] = coroutine.wrap(function()
    local n = i
    while true do n = n + coroutine.yield(n) end
  end)
end
local sum = 0
for round = 1, 3 do
  for i = 1, #gens do sum = sum + gens[i](round) end
end
print("sum", sum)

-- a closure over a suspended coroutine's local
local getter
co = coroutine.create(function()
  local x = 1
  getter = function() return x end
  coroutine.yield()
  x = 2
  coroutine.yield()
  x = 3
end)
coroutine.resume(co)
print(getter())
coroutine.resume(co)
print(getter())
coroutine.resume(co)
print(getter(), coroutine.status(co))
