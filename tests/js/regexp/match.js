// String.prototype.match, matchAll, search and their Symbol methods.
const out = {};
const t = (name, f) => {
  try {
    out[name] = f();
  } catch (e) {
    out[name] = `${e.name}: ${e.message}`;
  }
};
const show = (m) => (m === null ? null : { all: [...m], index: m.index, groups: m.groups === undefined ? 'none' : { ...m.groups } });
t('matchNonGlobal', () => show('x12y34'.match(/(\d)(\d)/)));
t('matchGlobal', () => ['x12y34'.match(/\d/g), 'abc'.match(/z/g), 'aaa'.match(/a*?/g), 'abc'.match(/(?:)/g)]);
t('matchString', () => [show('a.c abc'.match('b')), show('a.c'.match('.')), 'x'.match(undefined)[0], show('null'.match(null))]);
t('matchLastIndex', () => { const r = /a/g; r.lastIndex = 2; const m = 'aaa'.match(r); return [m, r.lastIndex]; });
t('matchSticky', () => { const r = /a/y; r.lastIndex = 1; return [show('aa'.match(r)), r.lastIndex]; });
t('matchAll', () => [...'a1b22c333'.matchAll(/\d+/g)].map((m) => [m[0], m.index]));
t('matchAllGroups', () => [...'k1=v1;k2=v2'.matchAll(/(?<k>\w+)=(?<v>\w+)/g)].map((m) => ({ ...m.groups })));
t('matchAllString', () => [...'a.b.c'.matchAll('.')].map((m) => m.index));
t('matchAllNonGlobal', () => [...'aa'.matchAll(/a/)]);
t('matchAllEmpty', () => [...'abc'.matchAll(/(?:)/g)].map((m) => m.index));
t('matchAllUnicodeEmpty', () => [...'😀a'.matchAll(/(?:)/gu)].map((m) => m.index));
t('matchAllIterator', () => { const it = 'ab'.matchAll(/./g); return [Object.prototype.toString.call(it), typeof it.next, it[Symbol.iterator]() === it, it.next().value[0], it.next().value[0], it.next().done, it.next().done]; });
t('matchAllDoesNotMutate', () => { const r = /a/g; r.lastIndex = 1; const all = [...'aaa'.matchAll(r)].map((m) => m.index); return [all, r.lastIndex]; });
t('search', () => ['abcdef'.search(/d/), 'abc'.search(/z/), 'a.b'.search('.'), 'abc'.search(), 'ABC'.search(/c/i)]);
t('searchKeepsLastIndex', () => { const r = /b/g; r.lastIndex = 2; const i = 'abcb'.search(r); return [i, r.lastIndex]; });
t('symbolMethods', () => [/b/[Symbol.match]('abc')[0], /b/g[Symbol.replace]('abb', 'x'), /b/[Symbol.search]('ab'), /,/[Symbol.split]('a,b'), [.../b/g[Symbol.matchAll]('bb')].length]);
t('methodNames', () => [RegExp.prototype[Symbol.match].name, RegExp.prototype[Symbol.replace].name, RegExp.prototype[Symbol.split].length, RegExp.prototype.exec.name, Object.getOwnPropertyDescriptor(RegExp.prototype, 'flags').get.name]);
t('includesRejectsRegExp', () => 'abc'.includes(/b/));
t('startsWithRejectsRegExp', () => 'abc'.startsWith(/a/));
t('isRegExpViaSymbol', () => { const r = /b/; r[Symbol.match] = false; return 'a/b/c'.includes(r); });
t('sentences', () => 'Hi. How are you? Fine!'.match(/[^.!?]+[.!?]/g).map((s) => s.trim()));
t('emails', () => 'mail a@b.co, x.y@z.org now'.match(/[\w.]+@[\w]+\.\w+/g));
t('semver', () => { const m = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/.exec('1.22.3-beta.1'); return m.slice(1); });
return out;
