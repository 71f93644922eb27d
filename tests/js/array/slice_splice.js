// slice, splice and toSpliced: index clamping, negative and fractional arguments, holes, generic this.
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const holes = (a) => { const r = []; for (let i = 0; i < a.length; i++) r.push(i in a); return r; };
const r = {};
const a = [0, 1, 2, 3, 4, 5];
r.slice = [a.slice(), a.slice(2), a.slice(-2), a.slice(1, -1), a.slice(4, 2), a.slice(-100, 100), a.slice(2.7, 4.2),
  a.slice('1', '3'), a.slice(NaN), a.slice(undefined, undefined), a.slice(null, 2), a.slice(Infinity), a.slice(-Infinity, 1),
  a.slice(true, 3), a.slice(0, -Infinity)];
r.sliceCopy = (() => { const c = a.slice(); c[0] = 'changed'; return [a[0], c[0], c !== a]; })();
const h = [1, , 3, , 5];
r.sliceHoles = [holes(h.slice(1, 4)), h.slice(1, 4).length];
r.sliceTrailingHoles = (() => { const s = new Array(5); s[1] = 'x'; const c = s.slice(0); return [c.length, holes(c)]; })();
r.sliceGeneric = [Array.prototype.slice.call({ length: 3, 0: 'a', 2: 'c' }), Array.prototype.slice.call('hello', 1, 3),
  holes(Array.prototype.slice.call({ length: 3, 0: 'a', 2: 'c' }))];
r.sliceArgs = (function () { return Array.prototype.slice.call(arguments, 1); })(1, 2, 3);
r.sliceObjArgs = a.slice({ valueOf() { return 1; } }, { valueOf() { return 3; } });
const s1 = [0, 1, 2, 3, 4, 5];
r.spliceRemove = [s1.splice(1, 2), s1];
const s2 = [0, 1, 2, 3];
r.spliceInsert = [s2.splice(2, 0, 'a', 'b'), s2];
const s3 = [0, 1, 2, 3];
r.spliceReplace = [s3.splice(1, 2, 'x'), s3];
const s4 = [0, 1, 2, 3];
r.spliceOneArg = [s4.splice(2), s4];
const s5 = [0, 1, 2, 3];
r.spliceNoArgs = [s5.splice(), s5];
const s6 = [0, 1, 2, 3];
r.spliceNegative = [s6.splice(-2, 1), s6];
const s7 = [0, 1, 2, 3];
r.spliceBigCount = [s7.splice(1, 100), s7];
const s8 = [0, 1, 2, 3];
r.spliceNegCount = [s8.splice(1, -5, 'z'), s8];
const s9 = [0, 1, 2];
r.spliceUndefinedCount = [s9.splice(0, undefined), s9];
const s10 = [1, , 3, , 5];
const removed = s10.splice(1, 2);
r.spliceHoles = [holes(removed), holes(s10), s10.length];
const s11 = [1, , 3];
s11.splice(0, 0, 'new');
r.spliceHolesShift = [holes(s11), s11.length];
const g = { length: 4, 0: 'a', 1: 'b', 2: 'c', 3: 'd' };
r.spliceGeneric = [Array.prototype.splice.call(g, 1, 2, 'X'), g];
const g2 = { length: 2, 0: 'a', 1: 'b' };
r.spliceGenericGrow = [Array.prototype.splice.call(g2, 1, 0, 'p', 'q'), g2];
const big = [];
for (let i = 0; i < 200; i++) big.push(i);
big.splice(50, 100);
r.spliceBig = [big.length, big[49], big[50], big[99]];
const t = [1, 2, 3, 4];
r.toSpliced = [t.toSpliced(1, 2), t.toSpliced(1, 0, 'a'), t.toSpliced(-1), t.toSpliced(), t.toSpliced(2), t];
r.toSplicedHoles = (() => { const x = [1, , 3].toSpliced(0, 0); return [x, holes(x)]; })();
r.toSplicedGeneric = Array.prototype.toSpliced.call({ length: 3, 0: 'a', 1: 'b' }, 1, 1, 'B');
r.errors = [err(() => Array.prototype.slice.call(null)), err(() => Array.prototype.splice.call(undefined)),
  err(() => [].slice(Symbol()))];
r.lengths = [Array.prototype.slice.length, Array.prototype.splice.length, Array.prototype.toSpliced.length];
return r;
