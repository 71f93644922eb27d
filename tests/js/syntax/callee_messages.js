// TypeErrors name the callee or iterable as written in the source, as V8 prints it: "o.items.map is
// not a function", "f(...) is not a function", "rows is not iterable", "(0 , o.p)", "(intermediate
// value)"; values reached by built-ins keep V8's runtime wording ("#<Object> is not a function").
const err = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.constructor.name}: ${e.message}`; } };
const x = {}; const o = { p: 5, a: { b: {} }, arr: [1], 'a b': 1, n: null, u: undefined }; const k = 'p';
const u = undefined; const nul = null; const five = 5;
function f() { return 1; }
const calls = {
  ident: () => x(), member: () => o.p(), deep: () => o.a.b.c(), computedNum: () => o.arr[0](),
  computedStr: () => o['p'](), computedStrSpace: () => o['a b'](), computedIdent: () => o[k](),
  computedExpr: () => o[k + 'x'](), callResult: () => f()(), methodResult: () => o.a.b.toString()(),
  thisCall: function () { return this.nope(); }.bind({}), optional: () => o?.p(), optionalDeep: () => o.a?.b.c(),
  paren: () => (o.p)(), comma: () => (0, o.p)(), literalNum: () => (5)(), literalStr: () => 'str'(),
  template: () => `t`(), arrayLit: () => [1, 2](), objLit: () => ({})(), objLitProps: () => ({ a: 1, b: 'x' })(),
  binary: () => (o.p + 1)(), chain: () => (o.p + 1 + 2)(), unary: () => (-o.p)(), typeofCall: () => (typeof o)(),
  voidCall: () => (void 0)(), cond: () => (o ? o.p : 1)(), assign: () => { let z; (z = 5)(); },
  undefCall: () => u(), missingMethod: () => o.missing(), keyword: () => null(), undef: () => undefined(),
  superCall: () => { class A { m() { return super.zz(); } } return new A().m(); }, tagged: () => o.p`x`,
  nestedComputed: () => o.arr[o.p](), logical: () => (o.n || o.p)(), nullish: () => (o.n ?? o.u)(),
  newIdent: () => new x(), newMember: () => new o.p(), newArrow: () => { const g = () => 1; new g(); },
  newCall: () => new (f())(), newLit: () => new 5(), newArrowLit: () => new (() => 1)(), newObj: () => new o.a.b(),
  newMethod: () => { const m = { mm() {} }; new m.mm(); },
  callbackNotFunction: () => [1].map({}), callbackNumber: () => [1].forEach(5), applyNonFunction: () => Reflect.apply(o, null, []),
};
const iterables = {
  spreadIdent: () => [...x], spreadMember: () => [...o.p], spreadUndef: () => [...u], spreadNull: () => [...nul],
  spreadMemberUndef: () => [...o.u], spreadFive: () => [...five], spreadCall: () => [...f()],
  forOfIdent: () => { for (const a of x); }, forOfMember: () => { for (const a of o.a); }, forOfUndef: () => { for (const a of u); },
  forOfLiteral: () => { for (const a of {}); }, forOfCall: () => { for (const a of f()); },
  declIdent: () => { const [a] = x; }, declLet: () => { let [a] = five; }, declVar: () => { var [a] = nul; },
  declLiteral: () => { const [a] = 5; }, declObjLiteral: () => { const [a] = {}; }, declCall: () => { const [a] = f(); },
  declMember: () => { const [a] = o.a; }, declMemberNull: () => { const [a] = o.n; }, declNested: () => { const [[a]] = [5]; },
  assignPattern: () => { let a; [a] = x; }, paramPattern: () => { (([a]) => a)(x); }, paramUndef: () => { (([a]) => a)(); },
  callSpreadUndef: () => f(...u), callSpreadNull: () => f(...nul), callSpreadFive: () => f(...five), callSpreadObj: () => f(...o.a),
  newSpread: () => new f(...five), yieldStarIdent: () => { function* g() { yield* x; } g().next(); },
  yieldStarMember: () => { function* g() { yield* o.p; } g().next(); }, mapCtor: () => new Map(o.p), setCtor: () => new Set(x),
  forOfOptional: () => { for (const a of o?.p); }, spreadOptional: () => [...o?.p], declOptional: () => { const [a] = o?.p; },
  callOptionalParen: () => (o?.p)(), newOptionalParen: () => new (o?.p)(),
  iteratorLoad: () => u[Symbol.iterator], otherSymbolLoad: () => u[Symbol('d')], symbolKeyRead: () => nul[Symbol.asyncIterator],
};
const out = { calls: {}, iterables: {} };
for (const [name, fn] of Object.entries(calls)) out.calls[name] = err(fn);
for (const [name, fn] of Object.entries(iterables)) out.iterables[name] = err(fn);
return out;
