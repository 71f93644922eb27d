// sort/toSorted: default string order by UTF-16 units, comparators (coercion, NaN), stability, undefined and holes.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const holes = (a) => { const r = []; for (let i = 0; i < a.length; i++) r.push(i in a); return r; };
const r = {};
r.defaultNumbers = [10, 9, 1, 100, 25, -1, -10, 0].sort();
r.defaultStrings = ['b', 'a', 'B', 'A', 'aa', '', 'ab'].sort();
r.units = ['\uFFFF', '\u{1F600}', 'z', '\u00e9', 'Z'].sort().map((s) => s.charCodeAt(0));
r.mixed = [true, 'true', 1, '1', null, 'null', false].sort();
r.numeric = [10, 9, 1, 100, 25, -1].sort((a, b) => a - b);
r.desc = [3, 1, 2].sort((a, b) => b - a);
r.returnsSame = (() => { const a = [2, 1]; return a.sort() === a; })();
r.undefinedLast = [3, undefined, 1, undefined, 2].sort();
r.undefinedLastCmp = [3, undefined, 1].sort((a, b) => b - a);
const h = [5, , 1, undefined, , 3];
h.sort();
r.holesLast = [h.length, holes(h), h[0], h[1], h[2], h[3]];
const people = [];
const names = ['ann', 'bob', 'cy', 'dee', 'ed', 'flo', 'gus', 'hal', 'ivy', 'jo', 'kim', 'lu'];
for (let i = 0; i < names.length; i++) people.push({ name: names[i], age: [30, 25, 30, 25, 40, 30, 25, 40, 30, 25, 30, 40][i] });
r.stable = people.slice().sort((a, b) => a.age - b.age).map((p) => p.name);
let seed = 12345;
const rand = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed; };
const big = [];
for (let i = 0; i < 2000; i++) big.push({ k: rand() % 50, i });
big.sort((a, b) => a.k - b.k);
let ok = true;
for (let i = 1; i < big.length; i++) {
  if (big[i - 1].k > big[i].k || (big[i - 1].k === big[i].k && big[i - 1].i > big[i].i)) ok = false;
}
r.bigStable = ok;
const nums = [];
for (let i = 0; i < 3000; i++) nums.push(rand() % 1000);
const sortedNums = nums.slice().sort((a, b) => a - b);
let okNums = true;
for (let i = 1; i < sortedNums.length; i++) if (sortedNums[i - 1] > sortedNums[i]) okNums = false;
r.bigNumbers = [okNums, sortedNums.length, sortedNums[0], sortedNums[2999]];
const strs = nums.map(String);
strs.sort();
let okStrs = true;
for (let i = 1; i < strs.length; i++) if (strs[i - 1] > strs[i]) okStrs = false;
r.bigStrings = okStrs;
r.cmpCoercion = [[3, 1, 2].sort((a, b) => (a > b ? '1' : '-1')), [3, 1, 2].sort(() => NaN), [1, 2, 3].sort(() => 0),
  [3, 1, 2].sort((a, b) => ({ valueOf() { return a - b; } })), [2, 1].sort((a, b) => a > b)];
r.objectsDefault = [{ toString() { return 'b'; } }, { toString() { return 'a'; } }].sort().map(String);
r.generic = (() => { const o = { length: 3, 0: 'c', 1: 'a', 2: 'b' }; Array.prototype.sort.call(o); return o; })();
r.genericHoles = (() => { const o = { length: 4, 0: 'b', 2: 'a', 3: undefined }; Array.prototype.sort.call(o); return [o, Object.keys(o)]; })();
const orig = [3, 1, 2];
const ts = orig.toSorted();
r.toSorted = [ts, orig, ts !== orig, [3, , 1].toSorted(), holes([3, , 1].toSorted()), [1, 10, 2].toSorted((a, b) => a - b),
  Array.prototype.toSorted.call({ length: 2, 0: 'b', 1: 'a' })];
r.errors = [err(() => [1, 2].sort(1)), err(() => [1, 2].sort({})), err(() => [].sort(null)), err(() => [1].toSorted('x')),
  err(() => [Symbol(), Symbol()].sort()), err(() => [2, 1].sort(() => { throw new Error('cmp'); }))];
const untouched = [3, 2, 1];
try { untouched.sort((a, b) => { if (a === 1 || b === 1) throw new Error('x'); return a - b; }); } catch (e) { /* ignore */ }
r.sortCmpThrowsLeaves = untouched.length;
r.single = [[1].sort(1 === 1 ? undefined : 0), [].sort()];
const mutating = [3, 2, 1];
mutating.sort((a, b) => { mutating.push(9); return a - b; });
r.mutatingCmp = mutating.slice(0, 3);
r.booleanCmp = [[3, 1, 2].sort((a, b) => a > b), [5, 4, 3, 2, 1].sort((a, b) => a > b), [1, 3, 2, 5, 4].sort((a, b) => a < b),
  [2, 1, 3].sort(() => 1), [2, 1, 3].sort(() => -1)];
const inconsistent = [];
for (let i = 0; i < 300; i++) inconsistent.push(rand() % 100);
let flip = 0;
r.inconsistentCmp = inconsistent.slice().sort((a, b) => { flip = (flip * 7 + 3) % 11; return flip < 5 ? -1 : flip < 9 ? 1 : 0; }).slice(0, 40);
const callLog = [];
[4, 2, 5, 1, 3].sort((a, b) => { callLog.push(`${a}${b}`); return a - b; });
r.cmpCalls = callLog;
r.lengths = [Array.prototype.sort.length, Array.prototype.toSorted.length];
return r;
