// Map/Set in other built-ins: spread, Array.from, Object.fromEntries, destructuring, keys of many kinds at scale.
const r = {};
const m = new Map([['x', 1], ['y', 2]]);
r.fromEntries = Object.fromEntries(m);
r.arrayFrom = [Array.from(m), Array.from(new Set('aab')), Array.from(m.keys(), (k) => k.toUpperCase())];
r.destructure = (() => { const [[k1, v1], [k2]] = m; return [k1, v1, k2]; })();
r.dedupe = [...new Set([3, 1, 3, 2, 2, 1])].sort();
r.wordCount = (() => { const counts = new Map(); for (const w of 'a b a c b a'.split(' ')) counts.set(w, (counts.get(w) || 0) + 1); return [...counts]; })();
r.large = (() => {
  const big = new Map();
  for (let i = 0; i < 5000; i++) big.set('k' + i, i);
  let sum = 0;
  for (let i = 0; i < 5000; i += 7) sum += big.get('k' + i);
  for (let i = 0; i < 5000; i += 2) big.delete('k' + i);
  return [big.size, sum, big.get('k1'), big.get('k2'), [...big.keys()].slice(0, 3)];
})();
r.numberKeys = (() => { const n = new Map([[1, 'int'], [1.5, 'frac'], [-1, 'neg'], [1e21, 'big'], [Infinity, 'inf']]); return [n.get(1), n.get(1.5), n.get(-1), n.get(1e21), n.get(Infinity), n.get('1')]; })();
r.stringKeys = (() => { const a = 'ab'; const b = ['a', 'b'].join(''); const n = new Map([[a, 1]]); return [n.get(b), n.has('a' + 'b'), n.get('é' + 'x'), new Map([['é' + 'x', 2]]).get('éx')]; })();
r.objectKeysIdentity = (() => { const n = new Map(); n.set([1], 'a'); return [n.get([1]), n.size]; })();
return r;
