// Template literals and tagged templates: cooked and raw strings, the frozen strings array and its
// per-site identity, String.raw in both forms, invalid escapes in tagged templates, nesting.
const r = {};
const x = 3;
r.basic = [`a${x}b${x * 2}c`, `${'nested ' + `in${x}`}`, `multi
line`, `\u{1F600}`.length, `\x41\t|`, `${{ toString() { return 'obj'; } }}`, `${[1, [2, 3]]}`, `${null}${undefined}`];
function tag(strings, ...values) { return { strings: [...strings], raw: strings.raw, values, frozen: Object.isFrozen(strings), rawFrozen: Object.isFrozen(strings.raw), isArray: Array.isArray(strings) }; }
r.tagged = tag`one${1}two${'b'}three`;
r.taggedEmpty = tag``;
r.taggedEscapes = tag`\n\t\u0041${0}\\`;
r.invalidEscapeCooked = (s => [s[0], s.raw[0]])`\unicode and \xg`;
const sites = [];
function keep(s) { sites.push(s); return s; }
for (let i = 0; i < 2; i++) keep`same site ${i}`;
keep`same site ${0}`;
r.siteIdentity = [sites[0] === sites[1], sites[0] === sites[2]];
r.stringRaw = [String.raw`C:\new\table${1 + 1}\x`, String.raw({ raw: ['a', 'b', 'c'] }, 1, 2, 3, 4), String.raw({ raw: 'xyz' }, '-', '-'), String.raw({ raw: [] }, 1)];
const member = { t(s, v) { return this === member ? `bound ${s[0]}${v}` : 'unbound'; } };
r.memberTag = member.t`m${9}`;
r.chainedTag = ((s1) => (s2) => s1[0] + s2[0])`first``second`;
r.evaluationOrder = (() => { const log = []; const f = (s, ...v) => v; f`${log.push('a')}${log.push('b')}`; return log; })();
return r;
