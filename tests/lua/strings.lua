local s = "Hello, World"
print(#s, s:upper(), s:lower(), s:sub(1, 5), s:sub(-5), s:rep(2, "|"), s:reverse())
print(s:find("World"), s:find("o", 6), s:match("(%a+), (%a+)"))
print(("key=value"):match("(%w+)=(%w+)"))
for w in ("one two three"):gmatch("%a+") do io_write = nil print(w) end
print(("hello world"):gsub("o", "0"))
print(("hello world"):gsub("(%w+)", "<%1>"))
print(("abc"):gsub("%w", function(c) return c:upper() .. "." end))
print(("$name is $age"):gsub("%$(%w+)", { name = "Ann", age = 30 }))
print(string.byte("ABC", 1, -1), string.char(72, 105))
print(("  trim  "):match("^%s*(.-)%s*$") .. "|")
print(tostring(nil), tostring(true), tonumber("0x10"), tonumber("  12  "), tonumber("z", 36), tonumber("abc"))
print(#"\0ab", ("a,b,,c"):find(",", 1, true))
