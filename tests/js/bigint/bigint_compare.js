// BigInt comparisons and equality with BigInt, Number and String; SameValueZero in Map/Set/includes.
const big = 2n ** 64n;
return {
  relational: [1n < 2n, 2n < 1n, 1n < 1.5, 2n > 1.5, 1n <= 1, 1n >= 1, big > 2 ** 64, big >= 2 ** 64, big < Infinity, -big > -Infinity, 1n < NaN, 1n > NaN, 1n <= NaN,
    '2' < 3n, 3n > '2', 1n < 'abc', 1n >= 'abc', '0x10' == 16n, 2n > true, 1n < null, 0n <= undefined, -1n < -0.5, -1n > -1.5],
  equality: [1n == 1, 1 == 1n, 1n == 1.5, 2n == '2', '2' == 2n, ' 0x2 ' == 2n, 1n == true, 0n == false, 0n == '', 1n == null, 1n == undefined, 1n === 1, 1n === 1n, big === 2n ** 64n, big !== big + 0n, 2n ** 64n == 18446744073709551616, 9007199254740993n == 9007199254740992, Object(1n) == 1n, Object(1n) === Object(1n)],
  sameValue: [Object.is(1n, 1n), Object.is(0n, -0n), [1n, 2n, 3n].includes(2n), [1n, 2n].indexOf(2n), [1n].includes(1), new Set([1n, 1n, 2n ** 70n, 2n ** 70n, 1]).size, new Map([[5n, 'a']]).get(5n), new Map([[5n, 'a']]).has(5), [0n, -0n].lastIndexOf(0n)],
  truthy: [!!0n, !!1n, !!-1n, 0n ? 'y' : 'n', 0n || 'fallback', 1n && 'and', String(0n ?? 'nn')],
  sort: [[10n, 9n, 1n, -5n, 100n].sort().map(String), [10n, 9n, 1n, -5n, 100n].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)).map(String), [3n, 1, 2n, 0.5].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)).map(String)],
  keys: (() => { const o = { [10n]: 'ten' }; o[2n ** 65n] = 'big'; return [o['10'], Object.keys(o), [5, 6, 7][1n]]; })(),
};
