local function inner() error("deep", 2) end
local function outer() inner() end
print(pcall(outer))
print(pcall(function() error("msg", 1) end))
print(pcall(function() error() end))
print(pcall(function() error(nil) end))
print(pcall(function() error(42) end))
print(select("#", pcall(function() return 1, 2, 3 end)), pcall(function() return 1, 2, 3 end))
