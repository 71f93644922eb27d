-- Millions of distinct short strings, none kept: the run's table of interned short strings
-- (VM::NewStringBytes) must not keep them alive past a collection, or 32 MiB would not do.
local kept, last = {}, nil
for i = 1, 3000000 do
  last = "k" .. i
  if i % 1000000 == 0 then kept[#kept + 1] = last end
end
return { last = last, kept = kept, same = ("k" .. 3000000) == last }
