local s = "héllo wörld"
print(#s, utf8.len(s), utf8.char(72, 233, 0x20AC), utf8.codepoint("é"))
for p, c in utf8.codes("aé€") do print(p, c) end
print(utf8.offset(s, 3), utf8.len("\xff"))
print(string.pack(">I2", 258):byte(1, -1))
print(string.unpack("<i4", string.pack("<i4", -2)))
print(string.packsize("i4i8"))
