local i = 1
::top::
if i <= 3 then
  print("iteration", i)
  i = i + 1
  goto top
end
for _, v in ipairs({ 1, 2, 3, 4, 5, 6 }) do
  if v % 3 == 0 then goto skip end
  print(v)
  ::skip::
end
do
  local fs = {}
  local k = 1
  ::again::
  local captured = k
  fs[#fs + 1] = function() return captured end
  k = k + 1
  if k <= 3 then goto again end
  print(fs[1](), fs[2](), fs[3]())
end
