local function depth(n) if n == 0 then return 0 end return 1 + depth(n - 1) end
print(depth(50000))
local function ack(m, n)
  if m == 0 then return n + 1 end
  if n == 0 then return ack(m - 1, 1) end
  return ack(m - 1, ack(m, n - 1))
end
print(ack(2, 3))
local memo = {}
local function fib(n) if n < 2 then return n end if memo[n] then return memo[n] end local v = fib(n-1) + fib(n-2) memo[n] = v return v end
print(fib(90), fib(92) + fib(91))
