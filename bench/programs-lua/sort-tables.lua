-- Sorting tables with a comparator, then grouping the sorted records (as sort-objects.js).
local rows = {}
for i = 0, 59999 do rows[i + 1] = { key = (i * 7919) % 30011, group = "g" .. (i % 50), i = i } end
-- The comparator breaks ties on the original index: table.sort is not stable.
table.sort(rows, function(a, b)
  if a.key ~= b.key then return a.key < b.key end
  if a.group ~= b.group then return a.group < b.group end
  return a.i < b.i
end)
local byGroup, seen, distinct = {}, {}, 0
for _, r in ipairs(rows) do
  byGroup[r.group] = (byGroup[r.group] or 0) + r.key
  local m = r.key % 1000
  if not seen[m] then seen[m] = true distinct = distinct + 1 end
end
local groups = 0
for _ in pairs(byGroup) do groups = groups + 1 end
return { first = rows[1].key, last = rows[#rows].key, groups = groups, distinct = distinct, g7 = byGroup.g7 }
