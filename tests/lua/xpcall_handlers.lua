-- xpcall message handlers: an error inside the handler runs it again with that error (lua5.4), up to
-- "error in error handling"; native handlers too.
print(xpcall(error, function(m) error("x") end))
print(xpcall(error, function(m) return m .. "!" end, "a"))
local n = 0
print(xpcall(error, function(m) n = n + 1 if n < 3 then error("again" .. n) end return "final " .. tostring(m) end, "a"))
print(n)
print(xpcall(function() local x = nil; return x.y end, function(m) return nil + 1 end))
print(xpcall(error, error, "x"))
print(pcall(xpcall, error, function(m) error({}) end))
print(xpcall(function() return 1, 2 end, error))
print(pcall(pcall, xpcall, error, function(m) error(m) end, "z"))
local depth = 0
print(xpcall(error, function(m) depth = depth + 1 if depth < 150 then error(m) end return depth end, "d"))
