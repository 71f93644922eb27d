local words = {}
for w in ("the quick brown fox jumps over the lazy dog"):gmatch("%a+") do words[#words + 1] = w end
table.sort(words)
print(table.concat(words, " "))
local people = { { n = "b", a = 3 }, { n = "a", a = 3 }, { n = "c", a = 1 } }
table.sort(people, function(p, q) if p.a ~= q.a then return p.a < q.a end return p.n < q.n end)
for _, p in ipairs(people) do print(p.n, p.a) end
local nums = { 3.5, 1, 2, -1.5, 10 }
table.sort(nums)
print(table.concat(nums, " "))
