local out = {}
for i = 1, 10 do
  if i % 2 == 0 then goto continue end
  out[#out + 1] = i
  ::continue::
end
print(table.concat(out, ","))
local i = 0
while true do i = i + 1; if i > 5 then break end end
print(i)
local j = 0
repeat local k = j; j = j + 1 until k >= 3
print(j)
for x = 10, 1, -3 do io_write = x; print(x) end
for x = 1.0, 2.0, 0.5 do print(x) end
for x = 1, 0 do print("never") end
print(pcall(function() for q = 1, 10, 0 do end end))
local n = 0
for k = math.maxinteger - 2, math.maxinteger do n = n + 1 end
print(n)
print(1 and 2, nil and 1, false or "d", nil or false, not nil, not 0)
