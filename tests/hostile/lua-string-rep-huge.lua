-- string.rep of 2^40 bytes must fail with an error, not allocate.
local s = string.rep("x", 2^40)
return #s
