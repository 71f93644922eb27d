// Capturing groups, named groups, backreferences, match indices (d flag).
const out = {};
const t = (name, f) => {
  try {
    out[name] = f();
  } catch (e) {
    out[name] = `${e.name}: ${e.message}`;
  }
};
const show = (m) => (m === null ? null : { all: [...m], index: m.index, groups: m.groups === undefined ? 'none' : { ...m.groups }, keys: Object.keys(m) });

t('numbered', () => show(/(\d+)-(\d+)/.exec('tel 12-345')));
t('optionalUnset', () => show(/a(b)?c/.exec('ac')));
t('nested', () => show(/((a)(b(c)))/.exec('xabc')));
t('nonCapturing', () => show(/(?:a)(b)/.exec('ab')));
t('named', () => show(/(?<year>\d{4})-(?<month>\d\d)/.exec('on 2024-05-01')));
t('namedProto', () => { const m = /(?<a>x)/.exec('x'); return [Object.getPrototypeOf(m.groups), Object.keys(m.groups)]; });
t('namedUnset', () => { const m = /(?<a>x)|(?<b>y)/.exec('y'); return [m.groups.a === undefined, m.groups.b, 'a' in m.groups]; });
t('namedUnicodeName', () => /(?<ünï>.)(?<$x_1>.)/.exec('ab').groups);
t('namedEscapedName', () => Object.keys(/(?<\u0061b>.)/.exec('z').groups));
t('backref', () => [/(a+)b\1/.exec('aabaa')[0], /(\w)\1/.test('hello'), /(\w)\1/.test('abc')]);
t('namedBackref', () => [/(?<q>['"]).*?\k<q>/.exec(`say "hi" 'x'`)[0], /\k<a>(?<a>b)/.exec('b')[0]]);
t('forwardBackref', () => [/\1(a)/.exec('a')[0], /(a\1)/.exec('aa')[0]]);
t('backrefUnsetMatchesEmpty', () => [/(a)?b\1/.exec('b')[0], /(?:(a)|b)\1c/.exec('bc')[0]]);
t('backrefIgnoreCase', () => [/(a)\1/i.test('aA'), /(é)\1/i.test('éÉ')]);
t('kWithoutNamedGroups', () => /\k<a>/.test('k<a>'));
t('manyGroups', () => { const src = Array.from({ length: 12 }, (_, i) => `(${String.fromCharCode(97 + i)})`).join(''); const m = new RegExp(src).exec('abcdefghijkl'); return [m.length, m[10], m[12], '$10-$11-$12'.length, 'abcdefghijkl'.replace(new RegExp(src), '$12$11$10$1')]; });
t('octalVsBackref', () => [/(a)\10/.test('a\b'), /\12/.test('\n')]);
t('indices', () => { const m = /(?<word>\w+) (\d+)?/d.exec('hello world'); return [m.indices, m.indices.groups, Object.keys(m)]; });
t('indicesNoNames', () => { const m = /(b)(x)?/d.exec('abc'); return [m.indices, m.indices.groups === undefined]; });
t('lengthAndInput', () => { const m = /(a)(b)?/.exec('xa'); return [m.length, m.input, m[2] === undefined]; });
t('groupsInReplaceFn', () => 'k=v; a=b'.replace(/(?<key>\w)=(?<val>\w)/g, (...args) => JSON.stringify(args.at(-1))));
t('quantifiedGroupLast', () => [/(\d)+/.exec('123')[1], /(ab)*c/.exec('ababc')[1], /(?:(\w)\s?)+/.exec('a b c')[1]]);
t('emptyGroup', () => show(/()/.exec('x')));
out.done = true;
return out;
