-- Table churn: create records, read, update and add fields, remove some (as object-churn.js).
local records = {}
for i = 0, 149999 do
  local r = { id = i, name = "user" .. (i % 100), score = i % 17, active = i % 3 == 0 }
  r.score = r.score + r.id % 5
  if r.active then r.bonus = r.score * 2 else r.active = nil end
  records[#records + 1] = r
end
local total = 0
for _, r in ipairs(records) do total = total + r.score + (r.bonus or 0) + #r.name end
return { count = #records, total = total }
