-- To-be-closed variables (manual §3.3.8): closing order, every way out of a scope (end of block,
-- break, goto, return, error), errors in closing methods, generic-for closing values, coroutines.
local function mk(name)
  return setmetatable({ name = name }, {
    __close = function(o, e)
      print("close", o.name, type(e) == "table" and "<table>" or e, select("#", o, e))
    end,
  })
end

do
  local a <close> = mk("a")
  local b <close> = mk("b")
  local c <close> = nil
  local d <close> = false
  print("body")
end

-- loops: every iteration closes; break closes
for i = 1, 3 do
  local x <close> = mk("loop" .. i)
  if i == 2 then break end
end
local n = 0
while true do
  n = n + 1
  local x <close> = mk("while" .. n)
  if n == 2 then break end
end
repeat
  local r <close> = mk("repeat")
  local stop = true
until stop

-- return: values first, then closes
local function f()
  local x <close> = mk("f.x")
  local y <close> = mk("f.y")
  print("returning")
  return "ret1", "ret2"
end
print(f())
local function g(t)
  local x <close> = mk("g")
  return table.unpack(t)
end
print(g({ 1, 2, 3 }))
local function early(flag)
  local x <close> = mk("early.x")
  if flag then return "early" end
  local y <close> = mk("early.y")
  return "late"
end
print(early(true))
print(early(false))

-- errors: closed with the error object, innermost first, then caught
print(pcall(function()
  local x <close> = mk("err.x")
  local y <close> = mk("err.y")
  error("oops")
end))
print(pcall(function()
  local x <close> = mk("errtable")
  error({ code = 1 })
end) == false)
print(pcall(function() local x <close> = {} end))
print(pcall(function() local x <close> = 42 end))
print(pcall(function() local ok <close> = "str" end))

-- goto out of a scope, backwards and forwards
do
  local i = 0
  ::top::
  i = i + 1
  local z <close> = mk("goto" .. i)
  if i < 3 then goto top end
end
do
  for i = 1, 3 do
    local y <close> = mk("continue" .. i)
    if i % 2 == 1 then goto continue end
    print("even", i)
    ::continue::
  end
end
do
  local x <close> = mk("fwd.x")
  do
    local y <close> = mk("fwd.y")
    goto out
  end
  ::out::
  print("after out")
end

-- errors in closing methods
print(pcall(function()
  local x <close> = setmetatable({}, { __close = function() error("in close") end })
  local y <close> = mk("y")
end))
print(pcall(function()
  local x <close> = mk("x2")
  local y <close> = setmetatable({}, { __close = function(_, e)
    print("yclose", e)
    error("close2")
  end })
  error("orig")
end))
print(pcall(function()
  local a <close> = mk("outer")
  local b <close> = setmetatable({}, { __close = function() error("first") end })
  local c <close> = setmetatable({}, { __close = function(_, e) print("c sees", e) error("second") end })
end))

-- captured variables stay readable after closing
local getter
do
  local x <close> = mk("captured")
  getter = function() return x.name end
end
print(getter())

-- generic for: the fourth value is closed when the loop ends
for k, v in next, { 10 }, nil, mk("forclose") do print(k, v) end
for k, v in next, { 10, 20 }, nil, mk("forbreak") do print(k, v); break end
local function iter_with_close()
  return next, { "a", "b" }, nil, mk("fromcall")
end
for k, v in iter_with_close() do print(k, v) end
print(pcall(function()
  for k, v in next, { 1 }, nil, mk("forerror") do error("in loop") end
end))
print(pcall(function() for k in next, {}, nil, 1 do end end))
for k, v in pairs({ 5 }) do print("pairs still works", k, v) end

-- coroutines: pending variables are closed by coroutine.close, or when the error reaches wrap
local co = coroutine.create(function()
  local x <close> = mk("co")
  coroutine.yield(1)
  print("not reached")
end)
print(coroutine.resume(co))
print(coroutine.close(co), coroutine.status(co))
co = coroutine.create(function()
  local x <close> = mk("coerr")
  error("E")
end)
print(coroutine.resume(co))
print("after resume")
print(coroutine.close(co))
print(coroutine.close(co))
local w = coroutine.wrap(function()
  local x <close> = mk("wraperr")
  error("WE")
end)
print(pcall(w))
co = coroutine.create(function()
  local x <close> = setmetatable({}, { __close = function() error("cerr") end })
  local y <close> = mk("after cerr")
  coroutine.yield()
end)
coroutine.resume(co)
print(coroutine.close(co))
co = coroutine.create(function()
  local x <close> = mk("pcall inside")
  pcall(function()
    local y <close> = mk("in pcall")
    coroutine.yield("parked")
  end)
end)
print(coroutine.resume(co))
print(coroutine.close(co))
co = coroutine.create(function()
  local x <close> = setmetatable({}, { __close = function()
    print("closing, yield")
    coroutine.yield("fromclose")
    print("resumed close")
  end })
  return "done"
end)
print(coroutine.resume(co))
print(coroutine.resume(co))
print(coroutine.status(co))
co = coroutine.create(function()
  local x <close> = mk("normal end")
  coroutine.yield()
  return "finished"
end)
coroutine.resume(co)
print(coroutine.resume(co))
print(coroutine.close(co))
