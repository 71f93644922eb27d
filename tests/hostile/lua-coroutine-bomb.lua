-- Coroutines created without bound, each suspended with live frames and locals, must hit the memory
-- limit (their saved frames and stacks are counted), never crash.
local all = {}
local i = 0
while true do
  i = i + 1
  local co = coroutine.create(function(n)
    local pad = { n, n + 1, n + 2, "coroutine " .. n }
    local function deeper(k)
      if k == 0 then return coroutine.yield(pad) end
      return deeper(k - 1)
    end
    return deeper(8)
  end)
  coroutine.resume(co, i)
  all[i] = co
end
