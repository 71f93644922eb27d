// fill, copyWithin, reverse and toReversed: clamping, overlap, holes and generic array-likes.
const holes = (a) => { const r = []; for (let i = 0; i < a.length; i++) r.push(i in a); return r; };
const r = {};
r.fill = [[1, 2, 3].fill(0), [1, 2, 3].fill(9, 1), [1, 2, 3].fill(9, -1), [1, 2, 3, 4].fill(7, 1, -1), [1, 2, 3].fill(5, 3),
  [1, 2, 3].fill(5, 2, 1), [1, 2, 3].fill(), [1, 2, 3].fill(4, NaN, NaN), [1, 2, 3].fill(4, -10, 10), [1, 2, 3].fill('x', 1.5, 2.5)];
const holey = new Array(4);
holey.fill('h', 1, 3);
r.fillHoles = [holes(holey), holey[1]];
r.fillNew = new Array(3).fill(0);
const shared = new Array(2).fill([]);
shared[0].push(1);
r.fillSameObject = [shared[1].length, shared[0] === shared[1]];
r.fillGeneric = Array.prototype.fill.call({ length: 3 }, 'g', 1);
r.fillReturnsThis = (() => { const a = [1]; return a.fill(2) === a; })();
r.copyWithin = [[1, 2, 3, 4, 5].copyWithin(0, 3), [1, 2, 3, 4, 5].copyWithin(1, 3, 4), [1, 2, 3, 4, 5].copyWithin(-2),
  [1, 2, 3, 4, 5].copyWithin(-2, -3, -1), [1, 2, 3, 4, 5].copyWithin(2, 0), [1, 2, 3, 4, 5].copyWithin(0, 1),
  [1, 2, 3, 4, 5].copyWithin(10, 0), [1, 2, 3, 4, 5].copyWithin(0, 10)];
const cw = [1, , 3, 4];
cw.copyWithin(2, 0, 2);
r.copyWithinHoles = [holes(cw), cw[2]];
r.copyWithinGeneric = Array.prototype.copyWithin.call({ length: 5, 3: 1 }, 0, 3);
r.reverse = [[1, 2, 3].reverse(), [1, 2, 3, 4].reverse(), [].reverse(), [1].reverse(), ['a', 'b'].reverse()];
const rh = [1, , 3, , , 6];
rh.reverse();
r.reverseHoles = [holes(rh), rh[0], rh[3], rh[5]];
const trailing = [1, 2];
trailing.length = 4;
trailing.reverse();
r.reverseTrailingHoles = [holes(trailing), trailing[2], trailing[3]];
r.reverseGeneric = Array.prototype.reverse.call({ length: 3, 0: 'a', 2: 'c' });
r.reverseGenericHole = Array.prototype.reverse.call({ length: 3, 0: 'a', 1: 'b' });
r.reverseReturnsThis = (() => { const a = [1, 2]; return a.reverse() === a; })();
const orig = [1, 2, 3];
r.toReversed = [orig.toReversed(), orig, [1, , 3].toReversed(), holes([1, , 3].toReversed()),
  Array.prototype.toReversed.call({ length: 2, 0: 'x' })];
r.lengths = [Array.prototype.fill.length, Array.prototype.copyWithin.length, Array.prototype.reverse.length,
  Array.prototype.toReversed.length];
return r;
