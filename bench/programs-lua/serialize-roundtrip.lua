-- Serialize and parse back a nested document repeatedly (the Lua side of json-roundtrip.js: Lua has no
-- JSON library, so records go through string.format and string.gmatch).
local users = {}
for i = 0, 299 do
  users[#users + 1] = { id = i, name = "user " .. i, city = "City " .. (i % 10), zip = tostring(10000 + i),
                        score = i * 1.5 }
end
local size = 0
for _ = 1, 300 do
  local lines = {}
  for k, u in ipairs(users) do
    lines[k] = string.format("%d|%s|%s|%s|%.1f", u.id, u.name, u.city, u.zip, u.score)
  end
  local text = table.concat(lines, "\n")
  size = size + #text
  local copy = {}
  for id, name, city, zip, score in text:gmatch("(%d+)|([^|]*)|([^|]*)|([^|]*)|([^\n]*)") do
    copy[#copy + 1] = { id = tonumber(id), name = name, city = city, zip = zip, score = tonumber(score) }
  end
  users = copy
end
return { size = size, users = #users, last = users[300].zip }
