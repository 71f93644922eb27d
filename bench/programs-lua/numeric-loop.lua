-- A tight numeric loop: arithmetic, comparisons, a back-edge per iteration (as numeric-loop.js).
local acc = 0
for i = 0, 2999999 do
  acc = (acc + ((i * i) % 7) - (i & 3)) % 1000003
end
return acc
