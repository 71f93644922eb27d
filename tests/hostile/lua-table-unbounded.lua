-- A table grown without bound must hit the memory limit.
local t = {}
local i = 0
while true do i = i + 1; t[i] = { i = i, s = "item " .. i } end
