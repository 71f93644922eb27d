-- Unbounded recursion must end with a catchable "stack overflow" error (here uncaught).
local function f(n) return 1 + f(n + 1) end
return f(1)
