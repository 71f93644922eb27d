-- Generates tests/vm/lua_strlib_cases.txt, the expected results of the vm/lua/ string library cores,
-- by running the real functions under lua5.4 (the oracle):
--   lua5.4 tests/vm/lua_strlib_cases.lua > tests/vm/lua_strlib_cases.txt
-- tests/vm/lua_strlib_test.cc replays every line through vm/lua/ and, when lua5.4 is on PATH, checks
-- that this script still prints exactly the committed file.
--
-- Line format (tab-separated): NAME, the arguments, "=>", then "ok" and the results or "err" and the
-- error message (without the "chunk:line:" prefix). Each argument/result is typed: "n" nil, "x" no
-- value (absent argument), "b:true"/"b:false", "i:<decimal>", "f:<%a hex float>", "s:<bytes>" with
-- bytes outside printable ASCII, '\' and tab written as \xHH.

local enc_str
enc_str = function(s)
  local out = {}
  for i = 1, #s do
    local c = s:sub(i, i)
    local b = c:byte()
    if c == "\\" or b < 32 or b > 126 then
      out[#out + 1] = string.format("\\x%02X", b)
    else
      out[#out + 1] = c
    end
  end
  return table.concat(out)
end

local ABSENT = {}
local function enc(v)
  if v == ABSENT then return "x" end
  local t = type(v)
  if t == "nil" then return "n" end
  if t == "boolean" then return "b:" .. tostring(v) end
  if math.type(v) == "integer" then return "i:" .. tostring(v) end
  if math.type(v) == "float" then return "f:" .. string.format("%a", v) end
  if t == "string" then return "s:" .. enc_str(v) end
  error("cannot encode " .. t)
end

local function emit(name, args, fn)
  local fields = { name }
  for i = 1, args.n or #args do fields[#fields + 1] = enc(args[i]) end
  fields[#fields + 1] = "=>"
  local r = table.pack(pcall(fn))
  if r[1] then
    fields[#fields + 1] = "ok"
    for i = 2, r.n do fields[#fields + 1] = enc(r[i]) end
  else
    fields[#fields + 1] = "err"
    fields[#fields + 1] = enc((tostring(r[2]):gsub("^[^:\n]*:%d+: ", "")))
  end
  print(table.concat(fields, "\t"))
end

local function pk(...) return table.pack(...) end

---------------------------------------------------------------- patterns
local subjects = { "", "hello world", "  key = value  ", "aaa", "abcabc", "(foo(bar))baz",
  "THE (quick) fox", "x=1, y=22, z=333", "\0a\0b", "caf\xC3\xA9 \xFF\x80", "[a-z]%d", "one\ntwo\tthree" }
local patterns = { "", "o", "l+", "l*", "l-", "l?", "^h", "d$", "^$", ".", ".-", ".*", "%a+", "%A+",
  "%d+", "%D", "%s+", "%S+", "%w+", "%W", "%l+", "%u+", "%p", "%P+", "%c", "%x+", "%g+", "%G",
  "[aeiou]", "[^aeiou ]+", "[a-c]+", "[%a_][%w_]*", "[]]", "[^]]+", "[%]]", "[a-]", "[-a]", "()",
  "(a)", "()a()", "(%w+)=(%w+)", "(%w+) = (%w+)", "%b()", "%b((", "%f[%w]%w+", "%f[%W]", "%f[%a]",
  "%f[^%z]", "(a)%1", "(%w)%1", "((a)(b))", "a(b(c)d)e", "(.-)%s", "^(%s*)(.-)(%s*)$", "x*$",
  "%.", "%%", "[%%d]", "[\0-\31]", "\0", "[\128-\255]+", ".-b", "a-b", "a.-c", "%$", "$x", "^",
  "^^", "()()", "(()a)", "[a-c-e]", "[%w-]+", "[.]", "[%.]", "(h)(e)(l)(l)(o)", "%z", "%Z+",
  "[^%s]+$", "o(.)", "(o)(.)%2", "%s*=%s*", "%d%d?%d?", "a?a?a?aaa", "^(%a+)", "%f[%d]%d+%f[%D]",
  -- malformed or failing patterns (errors only when the matcher reaches them)
  "%", "x%", "h%", "[a", "[", "[^", "[]", "[^]", "%f", "%fa", "%b", "%ba", "%1", "(a)%2", "(a%1)",
  "%0", "(a", "(", "a)", ")", "(()", "[%", "%g%" }
for _, s in ipairs(subjects) do
  for _, p in ipairs(patterns) do
    emit("find", pk(s, p), function() return string.find(s, p) end)
    emit("match", pk(s, p), function() return string.match(s, p) end)
  end
end
for _, init in ipairs({ 0, 1, 2, 5, -1, -3, -100, 11, 12, 13, 100, math.mininteger, math.maxinteger }) do
  for _, p in ipairs({ "o", "", "o.", "^w", "%w+", "()" }) do
    emit("find", pk("hello world", p, init), function() return string.find("hello world", p, init) end)
    emit("match", pk("hello world", p, init), function() return string.match("hello world", p, init) end)
  end
end
for _, p in ipairs({ "a.b", "%d", "[", "(", "", "o w" }) do
  for _, plain in ipairs({ true, false }) do
    emit("find", pk("xa.b %d [ ( o w", p, 1, plain),
      function() return string.find("xa.b %d [ ( o w", p, 1, plain) end)
  end
end
for _, n in ipairs({ 150, 199, 200, 201, 300 }) do
  local s, p = string.rep("a", n), string.rep("a?", n)
  emit("find", pk(s, p), function() return string.find(s, p) end)
  local p2 = string.rep("(", n) .. "a" .. string.rep(")", n)
  emit("find", pk("a", p2), function() return string.find("a", p2) end)
end
for _, n in ipairs({ 31, 32, 33 }) do
  local s, p = string.rep("a", n), string.rep("(a)", n)
  emit("match", pk(s, p), function() return string.match(s, p) end)
  local p2 = string.rep("()", n)
  emit("find", pk("", p2), function() return string.find("", p2) end)
end

-- Random short patterns over random short subjects (seeded: the same cases on every run).
math.randomseed(20240514)
local atoms = { "a", "b", ".", "%a", "%d", "%s", "%W", "[ab]", "[^a]", "[a-c]", "%b()", "%f[%a]", "%1",
  "(", ")", "()", "$", "^", "%", "[", "]", "-", "1", " " }
local quants = { "", "", "", "*", "+", "-", "?" }
local alphabet = { "a", "b", "c", "1", "2", " ", "(", ")", "\0", "x" }
for _ = 1, 1500 do
  local parts = {}
  for _ = 1, math.random(1, 6) do parts[#parts + 1] = atoms[math.random(#atoms)] .. quants[math.random(#quants)] end
  local p = table.concat(parts)
  local chars = {}
  for _ = 1, math.random(0, 10) do chars[#chars + 1] = alphabet[math.random(#alphabet)] end
  local s = table.concat(chars):gsub("\\0", "\0")
  local init = math.random(-4, 6)
  emit("find", pk(s, p, init), function() return string.find(s, p, init) end)
  emit("match", pk(s, p), function() return string.match(s, p) end)
  emit("gsub", pk(s, p, "<%0>"), function() return string.gsub(s, p, "<%0>") end)
end

-- gmatch: all iterations, each as "[cap|cap|...]" (positions as integers).
local function gm(s, p, init)
  local out = {}
  for a, b, c in string.gmatch(s, p, init) do
    local caps = { a, b, c }
    for i = 1, #caps do caps[i] = tostring(caps[i]) end
    out[#out + 1] = "[" .. table.concat(caps, "|") .. "]"
  end
  return table.concat(out)
end
local gm_patterns = { "%a+", "", "()", "a*", "x*", "%w+=%w+", "(%w+)=(%w+)", "()(%a)()", "^a", ".",
  "%f[%w]", "b*", "[", "(%a+)%s*", "%d?" }
for _, s in ipairs({ "", "hello world from lua", "a=1, b=2", "abab", "^a^b", "123" }) do
  for _, p in ipairs(gm_patterns) do
    emit("gmatch", pk(s, p), function() return gm(s, p) end)
  end
end
for _, init in ipairs({ 1, 3, -2, 0, 100 }) do
  emit("gmatch", pk("hello world", "%a+", init), function() return gm("hello world", "%a+", init) end)
  emit("gmatch", pk("hello world", "", init), function() return gm("hello world", "", init) end)
end

-- gsub with string replacements.
local gsub_cases = {
  { "hello world", "o", "0" }, { "hello world", "(o)", "[%1]" }, { "hello world", "%w+", "%0 %0" },
  { "hello world", "", "-" }, { "abc", "x*", "-" }, { "abc", "b*", "-" }, { "hello", "l+", "%%" },
  { "hello world", "(%w+) (%w+)", "%2 %1" }, { "abc", "()", "%1" }, { "abc", "a()", "%1" },
  { "hello", "^h", "H" }, { "hello", "^l", "L" }, { "hello", "o$", "O" }, { "hello", "^", ">" },
  { "hello", "$", "<" }, { "abc", ".", "%0%0" }, { "abc", "b", "%" }, { "abc", "b", "%2" },
  { "abc", "(b)", "%2" }, { "abc", "b", "%x" }, { "abc", "b", "%1" }, { "abc", "(b)", "%9" },
  { "abc", "(b", "x" }, { "abc", "b", "a%%b%0" }, { "a,b,,c", ",", ";" }, { "  trim  ", "^%s*(.-)%s*$", "%1" },
  { "x = 1", "%s", "" }, { "abc", "[", "" }, { "\0\1\2", "%c", "." }, { "abc", "%f[%w]", "^" },
  { "aaa", "a", "b", 2 }, { "aaa", "a", "b", 0 }, { "aaa", "a", "b", -1 }, { "aaa", "", "-", 2 },
  { "aaa", "a", "b", 3.0 }, { "hello world", "o", "%0%0", 1 },
}
for _, c in ipairs(gsub_cases) do
  local s, p, r, n = c[1], c[2], c[3], c[4]
  if n == nil then
    emit("gsub", pk(s, p, r), function() return string.gsub(s, p, r) end)
  else
    emit("gsub", pk(s, p, r, n), function() return string.gsub(s, p, r, n) end)
  end
end

---------------------------------------------------------------- format
local fmt_cases = {
  { "%d", 42 }, { "%d", -42 }, { "%5d|", 42 }, { "%-5d|", 42 }, { "%05d", -42 }, { "%+d", 42 },
  { "% d", 42 }, { "%.3d", 7 }, { "%.0d", 0 }, { "%i", 12 }, { "%u", 12 }, { "%u", -1 }, { "%d", 3.0 },
  { "%d", -0.0 }, { "%d", 3.5 }, { "%d", "10" }, { "%d", " 0x10 " }, { "%d", "1.5" }, { "%d", "1e2" },
  { "%d", "x" }, { "%d", true }, { "%d", nil }, { "%d", 2^63 }, { "%d", -2^63 }, { "%d", math.mininteger },
  { "%x", 255 }, { "%X", 255 }, { "%#x", 255 }, { "%#X", 0 }, { "%o", 8 }, { "%#o", 8 }, { "%08x", -1 },
  { "%x", -1 }, { "%c", 65 }, { "%c%c%c", 76, 117, 97 }, { "%-3c|", 65 }, { "%c", 0 }, { "%c", 256 },
  { "%c", -1 }, { "%5.3c", 65 }, { "%05c", 65 },
  { "%f", 3.14159 }, { "%.2f", 3.14159 }, { "%10.3f|", -3.14159 }, { "%-10.1f|", 2.5 }, { "%+.1f", 2.5 },
  { "% f", 1 }, { "%#.0f", 1 }, { "%f", 1e300 }, { "%.99f", 0.1 }, { "%99.99f", -1e308 }, { "%f", "1e1" },
  { "%f", "x" }, { "%f", 1 / 0 }, { "%f", -1 / 0 }, { "%f", 0 / 0 }, { "%f", -(0 / 0) }, { "%e", 12345.6789 },
  { "%E", 0.000123 }, { "%.0e", 5e10 }, { "%g", 100000 }, { "%g", 1000000 }, { "%g", 1e-5 }, { "%G", 1e-10 },
  { "%#g", 1 }, { "%.3g", math.pi }, { "%g", 2^63 }, { "%g", 0.1 }, { "%a", 1 }, { "%A", 0.5 },
  { "%.3a", 1 / 3 }, { "%a", 0 / 0 }, { "%a", -0.0 }, { "%.20f", 0.1 }, { "%.14g", 0.1 }, { "%5.2s|", "abc" },
  { "%s", "a\0b" }, { "%.1s", "a\0b" }, { "%10s|", "a\0b" }, { "%-10s|", "hi" }, { "%.0s|", "hi" },
  { "%s %s %s %s", nil, true, false, 12 }, { "%s", 1.5 }, { "%s", 1e100 }, { "%s", -0.0 }, { "%s", 2^53 },
  { "%5s", string.rep("x", 120) }, { "%.5s", string.rep("x", 120) }, { "%-s|", "ab" }, { "%05s", "ab" },
  { "%q", "hello" }, { "%q", "a\nb\r\0001\0a\\\"\127\255\1272" }, { "%q", 1 }, { "%q", -1 },
  { "%q", math.mininteger }, { "%q", math.maxinteger }, { "%q", 0.1 }, { "%q", 1.0 }, { "%q", -0.0 },
  { "%q", 1 / 0 }, { "%q", -1 / 0 }, { "%q", 0 / 0 }, { "%q", 2^63 }, { "%q", nil }, { "%q", true },
  { "%q", "1e5" }, { "%10q", "x" }, { "%-q", "x" }, { "%p", 1 }, { "%p", nil }, { "%10p|", true },
  { "%.3p", 1 }, { "%%" }, { "100%% %d", 5 }, { "%" }, { "%", 1 }, { "%5", 1 }, { "%y", 1 }, { "%F", 1.5 },
  { "%5%", 1 }, { "%5%" }, { "%d %d", 1 }, { "%d" }, { "%s" }, { "%100d", 1 }, { "%1.100d", 1 },
  { "%.123f", 1 }, { "%#d", 1 }, { "%+u", 1 }, { "% x", 1 }, { "%+s", "a" }, { "%#c", 65 },
  { "%-+ #0-+ #0-+ #0-+ #0-+d", 1 }, { "%-+ #0-+ #0-+ #0-+ #0d", 1 }, { "%-+ #0-+ #0-+ #0-+ #0f", 1 },
  { "%0-5d|", 1 }, { "%00d|", 1 }, { "%5.d|", 1 }, { "%.f", 2.5 }, { "%.e", 2.5 }, { "%#.3x", 1 },
  { "%-#12.4o|", 8 }, { "%#.3s", "a\0b" }, { "%#.3s", "abc" }, { "%#.3d", "x" }, { "%#.3c", "x" },
  { "plain" }, { "" }, { "a\0b%d\0", 1 }, { "%\0", 1 }, { "%-5\0", 1 }, { "%d", "9223372036854775808" },
  { "%5.1f|%-8.3e|%G|%g", 3.14159, 12345.678, 1e-10, 1e14 }, { "%s|%d", "a", 1, "extra" },
}
for _, c in ipairs(fmt_cases) do
  -- The highest index present (interior nils are nil arguments; trailing ones are absent).
  local max = 0
  for k in pairs(c) do if k > max then max = k end end
  local args = table.pack(table.unpack(c, 1, max))
  emit("format", args, function() return string.format(table.unpack(args, 1, args.n)) end)
end
emit("format", pk("%d", nil), function() return string.format("%d", nil) end)
emit("format", pk("%s", nil), function() return string.format("%s", nil) end)
emit("format", pk("%q", nil), function() return string.format("%q", nil) end)
emit("format", pk("%p", nil), function() return string.format("%p", nil) end)

---------------------------------------------------------------- numbers
local floats = { 0.0, -0.0, 1.0, -1.0, 0.1, 1 / 3, 100.0, 1e14, 1e15, 1e16, 123456789012345.0,
  1234567890123456.0, 2^53, 2^63, -2^63, 2^64, 1e100, 1e-5, 1e-300, 5e-324, 1.7976931348623157e308,
  1 / 0, -1 / 0, 0 / 0, -(0 / 0), 3.14159265358979, 1e308 * 10, 0.5, 12.5, -7.25, 2^-1074, 255 / 256 }
for _, f in ipairs(floats) do emit("tostring", pk(f), function() return tostring(f) end) end
for _, i in ipairs({ 0, 1, -1, 42, math.maxinteger, math.mininteger, 1000000 }) do
  emit("tostring", pk(i), function() return tostring(i) end)
end
local numerals = { "10", "  10  ", "0x10", "0X1F", "0x", "1e", "1e+", "1e500", "-1e500", "-0x10",
  "0x7fffffffffffffff1", "0xffffffffffffffff", "9223372036854775807", "9223372036854775808",
  "-9223372036854775808", "-9223372036854775809", "0x1p4", "0x.8", "0x1P-2", "0x1.8", "0xA.8p1", "inf",
  "nan", "-inf", "infinity", " 1.5e3 ", "1.", ".", ".5", "-.5", "+5", "+-5", "- 5", "1 2", "\t\n\v\f\r7\t",
  ".5e1", "", " ", "1\0", "00012", "0e0", "1E2", "5.", "0x.p1", "0xp1", "+0x10", "--1", "1e-400",
  "123456789012345678901234567890", "0x1e", "1.5e", "1.5f", "0b101", "1_000", "١", "0x8000000000000000",
  "-0", "-0.0", "3.", "1e308", "2.5E-3", "0x1.fffffffffffffp1023", "0x1p-1074", "0x1p-1080" }
for _, s in ipairs(numerals) do emit("tonumber", pk(s), function() return tonumber(s) end) end
local based = { { "ff", 16 }, { "  FF  ", 16 }, { "-ff", 16 }, { "+ff", 16 }, { "zz", 36 }, { "ZZ", 36 },
  { "8", 8 }, { "777", 8 }, { "102", 2 }, { "101", 2 }, { "7fffffffffffffff", 16 },
  { "8000000000000000", 16 }, { "ffffffffffffffffff", 16 }, { "", 10 }, { " ", 10 }, { "1 1", 10 },
  { "1.0", 10 }, { "-", 10 }, { "12", 3 }, { "z", 35 }, { "10", 36 }, { "0x10", 16 }, { "\t11\n", 2 },
  { "99999999999999999999", 10 }, { "-9223372036854775808", 10 }, { "1\0", 10 } }
for _, c in ipairs(based) do emit("tonumber", pk(c[1], c[2]), function() return tonumber(c[1], c[2]) end) end

local ints = { 0, 1, -1, 2, -2, 3, -3, 7, -7, 63, 64, 65, -63, -64, -65, math.maxinteger, math.mininteger }
local small = { 0, 1, -1, 2, -2, 3, -3, 7, -7, 64, -64, math.maxinteger, math.mininteger }
for _, a in ipairs(small) do
  for _, b in ipairs(small) do
    emit("idiv", pk(a, b), function() return a // b end)
    emit("mod", pk(a, b), function() return a % b end)
  end
end
for _, a in ipairs({ 1, -1, 0xF0, math.mininteger, math.maxinteger, 12345 }) do
  for _, b in ipairs(ints) do
    emit("shl", pk(a, b), function() return a << b end)
    emit("shr", pk(a, b), function() return a >> b end)
  end
end
local fl = { 0.0, -0.0, 1.0, -1.0, 5.5, -5.5, 3.0, -3.0, 1 / 0, -1 / 0, 0 / 0, 0.1, 2^53, 1e308 }
for _, a in ipairs(fl) do
  for _, b in ipairs(fl) do
    emit("idiv", pk(a, b), function() return a // b end)
    emit("mod", pk(a, b), function() return a % b end)
    emit("pow", pk(a, b), function() return a ^ b end)
  end
end
local cmp_i = { 0, 1, -1, 1 << 53, (1 << 53) + 1, -(1 << 53) - 1, -(1 << 53), math.maxinteger, math.mininteger,
  math.maxinteger - 1, math.mininteger + 1, 9007199254740993 }
local cmp_f = { 0.0, -0.0, 0.5, -0.5, 1.0, 2^53, 2^53 + 2, 2^63, -2^63, 2^64, -2^64, 1 / 0, -1 / 0,
  0 / 0, 9007199254740992.0, 9223372036854775807.0, -9223372036854775808.0, 1e18 + 0.0 }
for _, i in ipairs(cmp_i) do
  for _, f in ipairs(cmp_f) do
    emit("cmp", pk(i, f), function() return i < f, i <= f, i == f, f < i, f <= i end)
  end
end
for _, f in ipairs({ 3.0, 3.5, -3.5, -0.0, 2^63, -2^63, 2^62, 1 / 0, 0 / 0, 1e100, -1e100, 9.5e18 }) do
  emit("tointeger", pk(f), function() return math.tointeger(f), math.floor(f) end)
end
-- for-loop limits: the values a float limit lets the loop take (at most 3 iterations printed).
for _, c in ipairs({ { 1, 3.5, 1 }, { 1, -3.5, -1 }, { 3, 0.5, -1 }, { 1, 2^63, 1 }, { 1, -2^63, 1 },
  { 1, 2^63, -1 }, { 1, -2^64, -1 }, { 1, 0 / 0, 1 }, { 1, 0 / 0, -1 }, { math.maxinteger - 1, 1e100, 1 },
  { math.mininteger + 1, -1e100, -1 }, { 0, 1 / 0, 1 }, { 0, -1 / 0, -1 }, { 5, 4.9999, 1 } }) do
  emit("forloop", pk(c[1], c[2], c[3]), function()
    local out = {}
    for i = c[1], c[2], c[3] do
      out[#out + 1] = tostring(i)
      if #out == 3 then break end
    end
    return table.concat(out, ",")
  end)
end

---------------------------------------------------------------- pack
local pack_cases = {
  { "b", 127 }, { "b", -128 }, { "b", 128 }, { "B", 255 }, { "B", 256 }, { "B", -1 }, { "h", -2 }, { "H", 65535 },
  { ">h", 0x1234 }, { "<h", 0x1234 }, { "=h", 0x1234 }, { "i", 100000 }, { "i3", -1 }, { "I3", 0xFFFFFF },
  { "i3", 0x800000 }, { "I3", 0x1000000 }, { "i16", -2 }, { ">i16", -2 }, { "I16", 7 }, { "i17", 1 },
  { "i0", 1 }, { "l", math.mininteger }, { "L", -1 }, { "j", 1 }, { "J", -1 }, { "T", 5 }, { "i8", math.maxinteger },
  { "i9", math.mininteger }, { ">I9", 255 }, { "f", 1.5 }, { ">f", 1.5 }, { "d", 0.1 }, { ">d", 0.1 }, { "n", -0.0 },
  { "f", 1e300 }, { "d", 1 / 0 }, { "d", 3 }, { "i4", 1.5 }, { "i4", "12" }, { "i4", "x" }, { "i4" },
  { "d", "x" }, { "d", "1.5" }, { "z", "hello" }, { "z", "a\0b" }, { "z", 12 }, { "z", 1.5 }, { "z", true },
  { "s", "hi" }, { "s1", "hi" }, { ">s2", "hi" }, { "s1", string.rep("x", 256) }, { "c5", "ab" }, { "c2", "abc" },
  { "c0", "" }, { "c", "a" }, { "x" }, { "xxb", 1 }, { "!4 b i4", 1, 2 }, { "!b xi4", 1, 2 }, { "!8 b d", 1, 2.0 },
  { "!3i4", 1 }, { "!17i4", 1 }, { "!i3", 1 }, { "!2 b h i8", 1, 2, 3 }, { "b Xi4 b", 1, 2 }, { "!4 b Xi4 b", 1, 2 },
  { "!4 b Xh b", 1, 2 }, { "Xc1" }, { "X" }, { "!4 bX" , 1}, { "!4 b X i4", 1, 2 }, { "!4 bXb", 1, 2 },
  { "b y", 1 }, { "b\0y", 1 }, { "<i2 >i2 =i2", 1, 1, 1 }, { "i4i4", 1 }, { "i4i4i4", 1 }, { "zz", "a" },
  { "  b  ", 1 }, { "I4", -1 }, { "i2", 32768 }, { "i2", -32769 }, { "j", 2^63 }, { "c10", "abc" },
  { "c2147483647", "" }, { "s0", "" }, { "s17", "" }, { "!16 b i16", 1, 2 },
}
for _, c in ipairs(pack_cases) do
  local max = 0
  for k in pairs(c) do if k > max then max = k end end
  local args = table.pack(table.unpack(c, 1, max))
  emit("pack", args, function() return string.pack(table.unpack(args, 1, args.n)) end)
end
for _, f in ipairs({ "b", "i", "i16", "!8 b d", "!4 b i4", "!b i8", "c10", "c0", "x", "s", "z", "b s", "!3 i4",
  "Xi4", "b Xi4", "!4 b Xi4", "X", "c", "i17", ("c214748364"):rep(10), ("c214748364"):rep(11),
  "c2147483647", "j n T", "<>=!", "" }) do
  emit("packsize", pk(f), function() return string.packsize(f) end)
end
local unpack_cases = {
  { "b", "\255" }, { "B", "\255" }, { "h", "\1\2" }, { ">h", "\1\2" }, { "i3", "\255\255\255" }, { "I3", "\255\255\255" },
  { "i16", string.rep("\255", 16) }, { "i16", "\1" .. string.rep("\0", 15) }, { "i9", string.rep("\255", 8) .. "\1" },
  { "I9", string.rep("\255", 8) .. "\0" }, { "i9", string.rep("\0", 8) .. "\255" }, { ">i9", "\0" .. string.rep("\255", 8) },
  { "j", "\0\0\0\0\0\0\0\128" }, { "f", string.pack("f", 1.5) }, { ">d", string.pack(">d", 0.1) },
  { "n", string.pack("n", 0 / 0) }, { "i4", "abc" }, { "z", "abc" }, { "z", "ab\0c" }, { "zz", "a\0b\0" },
  { "z", "abc", 4 }, { "b", "abc", -1 }, { "b", "abc", 4 }, { "b", "abc", 5 }, { "b", "abc", -10 }, { "", "abc", 4 },
  { "s1", "\5ab" }, { "s1", "\2ab" }, { ">s2", "\0\2ab" }, { "s", string.pack("s", "hello") }, { "c3", "abcdef", 2 },
  { "c0", "" }, { "c4", "abc" }, { "!4 b i4", "\1\0\0\0\2\0\0\0" }, { "!4 b i4", "\1\0\0\0\2\0\0" },
  { "!4 i4", "xx\1\0\0\0", 3 }, { "!4 b Xi4 b", "\1\0\0\0\2" }, { "x b", "\0\7" }, { "bbb", "\1\2\3", 2 },
  { "b y", "\1\2" }, { "i0", "\1" }, { "<i2>i2", "\1\0\0\1" }, { "s16", string.rep("\0", 16) },
}
for _, c in ipairs(unpack_cases) do
  local max = 0
  for k in pairs(c) do if k > max then max = k end end
  local args = table.pack(table.unpack(c, 1, max))
  emit("unpack", args, function() return string.unpack(table.unpack(args, 1, args.n)) end)
end

---------------------------------------------------------------- utf8
for _, c in ipairs({ { 72 }, { 72, 0x7FFFFFFF, 0x10FFFF, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000, 0 }, { 0x80000000 },
  { -1 }, {}, { "x" }, { "65" }, { 65.0 }, { 65.5 }, { 0x3FFFFFF }, { 0x4000000 }, { 0x1FFFFF }, { 0x200000 }, { 0xD800 } }) do
  local args = table.pack(table.unpack(c))
  emit("utf8.char", args, function() return utf8.char(table.unpack(args, 1, args.n)) end)
end
emit("utf8.charpattern", pk(), function() return utf8.charpattern end)
local u8 = { "", "abc", "a\xC3\xA9b", "\xE2\x82\xAC", "\xF0\x9F\x98\x80", "\x80", "\x80a", "a\x80\x80b",
  "\xC3\xA9\x80b", "\xC3", "a\xC3", "\xF4\x90\x80\x80", "\xC0\x80", "\xED\xA0\x80", "\xFD\xBF\xBF\xBF\xBF\xBF",
  "\xFE", "\xFF", "\xF8\x88\x80\x80\x80", "\xE0\x80\x80", "a\0b", "\xF7\xBF\xBF\xBF", "\xC2\x80\xDF\xBF" }
local function codes(s, lax)
  local out = {}
  for p, c in utf8.codes(s, lax) do out[#out + 1] = p .. ":" .. c end
  return table.concat(out, ",")
end
for _, s in ipairs(u8) do
  for _, lax in ipairs({ false, true }) do
    emit("utf8.codes", pk(s, lax), function() return codes(s, lax) end)
    emit("utf8.len", pk(s, 1, -1, lax), function() return utf8.len(s, 1, -1, lax) end)
    emit("utf8.codepoint", pk(s, 1, -1, lax), function() return utf8.codepoint(s, 1, -1, lax) end)
  end
end
for _, ij in ipairs({ { 1, -1 }, { 2, -1 }, { 3, 2 }, { -1, -1 }, { 0, -1 }, { 5, -1 }, { 6, -1 }, { 7, -1 }, { 1, 6 },
  { 1, 7 }, { -10, -1 }, { 1, -10 }, { 2, 3 }, { 4, 4 }, { 6, 5 } }) do
  local s = "a\xC3\xA9b\xE2\x82"
  emit("utf8.len", pk(s, ij[1], ij[2], false), function() return utf8.len(s, ij[1], ij[2]) end)
  emit("utf8.codepoint", pk(s, ij[1], ij[2], false), function() return utf8.codepoint(s, ij[1], ij[2]) end)
end
local f = utf8.codes("ab")
for _, ctl in ipairs({ 0, 1, 2, 5, -3 }) do
  emit("utf8.codesstep", pk("ab", ctl), function() return f("ab", ctl) end)
end
for _, s in ipairs({ "a\xC3\xA9b\xE2\x82\xACc", "", "abc", "a\x80\x80", "\x80\x80" }) do
  for _, n in ipairs({ 0, 1, 2, 3, 4, 5, 6, 7, -1, -2, -3, -5, -6, -7 }) do
    emit("utf8.offset", pk(s, n, ABSENT), function() return utf8.offset(s, n) end)
    for _, i in ipairs({ 1, 2, 3, 4, -1, -2, 0, 9, 10, 11 }) do
      emit("utf8.offset", pk(s, n, i), function() return utf8.offset(s, n, i) end)
    end
  end
end
