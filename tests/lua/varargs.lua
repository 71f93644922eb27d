local function count(...) return select("#", ...) end
print(count(), count(nil), count(nil, nil), count(1, nil, 3))
local function pass(...) return ... end
print(pass(1, 2, 3), pass(), (pass(4, 5)))
local function pack2(...) return { n = select("#", ...), ... } end
local p = pack2("a", nil, "c")
print(p.n, p[1], p[2], p[3])
local function tail(...) local a, b, c = ..., "x" return a, b, c end
print(tail(1, 2, 3))
print(math.max(pass(3, 9, 2)), string.format("%d-%d", pass(7, 8)))
local t = { pass(1, 2), pass(3, 4) }
print(#t, t[1], t[2], t[3])
