-- Runs a bench/programs-lua program under the reference lua5.4 for bench/compare.sh: a `tools.noop.ping`
-- that returns its input (like codemode_bench_run's in-process no-op tool) and the returned value
-- printed as JSON (object keys sorted; integers as integers, floats with 17 significant digits).
--   lua5.4 bench/lua/run-lua54.lua PROGRAM.lua
local path = assert(arg[1], "usage: lua5.4 run-lua54.lua PROGRAM.lua")
local env = setmetatable({ tools = { noop = { ping = function(x) return x end } } }, { __index = _G })
local chunk = assert(loadfile(path, "t", env))

local function encode(v, out)
  local t = type(v)
  if v == nil then
    out[#out + 1] = "null"
  elseif t == "boolean" then
    out[#out + 1] = tostring(v)
  elseif math.type(v) == "integer" then
    out[#out + 1] = string.format("%d", v)
  elseif t == "number" then
    out[#out + 1] = (v ~= v or v == math.huge or v == -math.huge) and "null" or string.format("%.17g", v)
  elseif t == "string" then
    out[#out + 1] = '"' .. v:gsub('[%c"\\]', function(c) return string.format("\\u%04x", c:byte()) end) .. '"'
  elseif t == "table" then
    if #v > 0 or next(v) == nil then
      out[#out + 1] = next(v) == nil and "{}" or "["
      if next(v) ~= nil then
        for i = 1, #v do
          if i > 1 then out[#out + 1] = "," end
          encode(v[i], out)
        end
        out[#out + 1] = "]"
      end
    else
      local keys = {}
      for k in pairs(v) do keys[#keys + 1] = tostring(k) end
      table.sort(keys)
      out[#out + 1] = "{"
      for i, k in ipairs(keys) do
        if i > 1 then out[#out + 1] = "," end
        encode(k, out)
        out[#out + 1] = ":"
        encode(v[k], out)
      end
      out[#out + 1] = "}"
    end
  else
    error("cannot encode a " .. t)
  end
end

local out = {}
encode((chunk()), out)
print(table.concat(out))
