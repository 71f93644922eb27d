-- A pattern with catastrophic backtracking: 40 optional repetitions that can never match.
local s = string.rep("a", 40) .. "b"
return s:find(string.rep("a*", 40) .. "c") == nil
