// Optional chaining on members, computed members and calls (with `this` kept), short-circuiting of
// the whole chain and its side effects, `??` and the logical assignments &&= ||= ??=.
const r = {};
const o = { a: { b: { c: 1 } }, f() { return this === o; }, arr: [10, 20], nil: null, zero: 0, empty: '' };
let side = 0;
r.member = [o?.a?.b?.c, o.x?.y, o.nil?.y, o.x?.y.z.w, o?.['a']?.['b'], o.arr?.[1], o.missing?.[side++], side];
r.call = [o.f?.(), o.g?.(), o.x?.f(), o.a.b.c?.toString(), (o?.f)(), o.f?.call(o)];
r.thisKept = o?.f();
const maybeFn = null;
r.callNull = maybeFn?.(side++);
r.sideEffectsSkipped = side;
r.errors = [(() => { try { o.x.y; } catch (e) { return e.constructor.name; } })(), (() => { try { o.nonFn?.(); return 'ok'; } catch (e) { return 'unexpected'; } })(),
  (() => { try { o.zero?.(); } catch (e) { return e.constructor.name; } })()];
r.deleteOptional = [delete o?.a.b.c, o.a.b.c, delete o.x?.y];
r.nullish = [o.nil ?? 'dflt', o.zero ?? 'dflt', o.empty ?? 'dflt', undefined ?? null ?? 'last', o.zero || 'or', (null || undefined) ?? 'mix'];
let evaluated = false;
r.nullishShortCircuit = [1 ?? (evaluated = true), evaluated];
const la = { a: 0, b: 1, c: null, d: 'keep' };
la.a ||= 'set-or'; la.b &&= 'set-and'; la.c ??= 'set-nullish'; la.d ??= 'not-set';
r.logicalAssign = la;
let setterCalls = 0;
const acc = { get v() { return 'truthy'; }, set v(x) { setterCalls++; } };
acc.v ||= 'never'; acc.v ??= 'never';
r.logicalAssignNoSet = setterCalls;
let count = 0;
const key = () => { count++; return 'k'; };
const target = { k: null };
target[key()] ??= 'computed once';
r.logicalAssignComputedOnce = [target.k, count];
return r;
