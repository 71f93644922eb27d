-- String building: concatenation, string.format, table.concat, sub and find (as string-build.js).
local parts = {}
for i = 0, 59999 do parts[#parts + 1] = "item-" .. i .. ";" end
local s = table.concat(parts)
local padded = {}
for i = 0, 59999 do padded[#padded + 1] = string.format("%06d", i * 7) end
local joined = table.concat(padded, ",")
local hits = 0
for i = 0, 1999 do
  if s:find("item-" .. (i * 13) .. ";", 1, true) then hits = hits + 1 end
end
return { length = #s, joined = #joined, hits = hits, tail = joined:sub(-13) }
