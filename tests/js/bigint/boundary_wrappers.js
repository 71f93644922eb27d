// BigInt and wrapper objects at the tool boundary (JSON.stringify semantics: a BigInt or BigInt wrapper
// rejects the call with TypeError and sends nothing; Number/String/Boolean wrappers send their primitive,
// a Symbol wrapper sends {}), and ToNumber's TypeError for BigInt in PluralRules.select and
// RelativeTimeFormat.format.
const t = async (f) => { try { return await f(); } catch (e) { return `${e.name}: ${e.message}`; } };
const r = {};
r.bigint = await t(() => tools.orders.lookup({ id: 1n }));
r.bigintWrapper = await t(() => tools.orders.lookup({ id: Object(1n) }));
r.nestedWrapper = await t(() => tools.orders.list({ customerId: 'c_1', extra: [Object(2n)] }));
r.noSyncThrow = await (async () => {
  let p;
  try { p = tools.orders.lookup({ id: 3n }); } catch (e) { return 'threw synchronously'; }
  try { await p; return 'resolved'; } catch (e) { return ['rejected', e instanceof TypeError || e.name === 'TypeError']; }
})();
r.toJSONThrows = await t(() => tools.orders.lookup({ id: { toJSON() { throw new RangeError('nope'); } } }));
const order = await tools.orders.lookup({ id: Object('o_1001') });
r.stringWrapper = order.id;
r.otherWrappers = (await tools.orders.list({ customerId: Object('c_1'), limit: Object(1) })).items.length;
r.intl = [
  await t(() => new Intl.PluralRules('en').select(1n)),
  await t(() => new Intl.PluralRules('en', { type: 'ordinal' }).select(Object(2n))),
  await t(() => new Intl.RelativeTimeFormat('en').format(3n, 'day')),
  await t(() => new Intl.RelativeTimeFormat('en').formatToParts(3n, 'day')),
  new Intl.PluralRules('en').select('1'),
  new Intl.RelativeTimeFormat('en').format('-2', 'hour'),
];
return r;
