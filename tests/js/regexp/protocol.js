// The RegExp protocol as programs can observe it: exec overrides, lastIndex writes, flags getters,
// species constructors and Symbol methods on plain objects.
const out = {};
const t = (name, f) => {
  try {
    out[name] = f();
  } catch (e) {
    out[name] = `${e.name}: ${e.message}`;
  }
};
t('execOverrideTest', () => { const r = /a/; const log = []; r.exec = (s) => { log.push(s); return null; }; return [r.test('aaa'), log]; });
t('execOverrideReplace', () => { const r = /x/g; let n = 0; r.exec = function (s) { if (n++ > 0) return null; const m = ['b']; m.index = 1; m.input = s; return m; }; return 'abc'.replace(r, '[$&]'); });
t('execOverrideBadResult', () => { const r = /a/; r.exec = () => 1; return r.test('a'); });
t('execOverrideMatch', () => { const r = /a/g; let n = 0; r.exec = function () { return n++ < 3 ? ['z'] : null; }; return 'q'.match(r); });
t('execOverrideSplit', () => { const r = /,/; let calls = 0; const orig = RegExp.prototype.exec; r.constructor = function (src, flags) { const inner = new RegExp(src, flags); inner.exec = function (s) { calls++; return orig.call(this, s); }; return inner; }; r.constructor[Symbol.species] = r.constructor; const res = 'a,b,c'.split(r); return [res, calls > 0]; });
t('flagsGetterOrder', () => { const seen = []; const o = {}; for (const k of ['hasIndices', 'global', 'ignoreCase', 'multiline', 'dotAll', 'unicode', 'unicodeSets', 'sticky']) Object.defineProperty(o, k, { get() { seen.push(k); return true; } }); const f = Object.getOwnPropertyDescriptor(RegExp.prototype, 'flags').get.call(o); return [f, seen]; });
t('toStringGeneric', () => RegExp.prototype.toString.call({ source: 'S', flags: 'F' }));
t('symbolReplaceOnObject', () => RegExp.prototype[Symbol.replace].call({ exec() { return null; }, flags: '' }, 'abc', 'x'));
t('lastIndexWrites', () => { const r = /a/g; const vals = []; Object.defineProperty(r, 'lastIndex', { value: 0, writable: true }); r.test('aa'); vals.push(r.lastIndex); r.test('aa'); vals.push(r.lastIndex); r.test('aa'); vals.push(r.lastIndex); return vals; });
t('ownExecOnProto', () => { const proto = Object.create(RegExp.prototype); return [typeof proto.exec, Object.getPrototypeOf(/a/) === RegExp.prototype]; });
t('regexpFromRegExpSameWhenCalled', () => { const r = /a/g; return [RegExp(r) === r, new RegExp(r) === r, RegExp(r, 'g') === r]; });
t('isRegExpSymbolMatchObject', () => { const o = { [Symbol.match]: true, source: 'b+', flags: 'g', constructor: RegExp }; return [RegExp(o) === o, String(new RegExp(o))]; });
t('stringMatchDelegates', () => 'abc'.match({ [Symbol.match](s) { return `matched ${s}`; } }));
t('stringSearchDelegates', () => 'abc'.search({ [Symbol.search]: () => 42 }));
t('stringSplitDelegates', () => 'abc'.split({ [Symbol.split]: (s, lim) => [s, lim] }, 3));
t('matchAllSpecies', () => { const r = /a/g; r.lastIndex = 1; const it = 'aaa'.matchAll(r); r.lastIndex = 0; return [...it].map((m) => m.index); });
t('replaceFnSideEffects', () => { const r = /a/g; const log = []; const s = 'aXa'.replace(r, (m, off) => { log.push(r.lastIndex); return `${off}`; }); return [s, log]; });
t('prototypeExecReplaced', () => { const orig = RegExp.prototype.exec; let n = 0; RegExp.prototype.exec = function (s) { n++; return orig.call(this, s); }; const a = /b/.test('abc'); const b = 'abcb'.replace(/b/g, 'x'); RegExp.prototype.exec = orig; return [a, b, n]; });
return out;
