-- Runs a program under lua5.4 the way codemode names it: chunk "input", so error positions read
-- "input:LINE:" in both (tests/lua/diff.sh).
local f = assert(io.open(arg[1], "rb"))
local src = f:read("a")
f:close()
local chunk = assert(load(src, "=input"))
chunk()
