// crypto.randomUUID: RFC 9562 version 4 shape, distinct values; the crypto object's shape.
const re = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ids = [];
for (let i = 0; i < 200; i++) ids.push(crypto.randomUUID());
return {
  allMatch: ids.every((u) => re.test(u)),
  distinct: new Set(ids).size,
  length: ids[0].length,
  tag: Object.prototype.toString.call(crypto),
  types: [typeof crypto, typeof crypto.randomUUID, typeof crypto.getRandomValues, crypto.randomUUID.length, crypto.randomUUID.name],
  unbound: (() => { const f = crypto.randomUUID; try { return re.test(f()); } catch (e) { return e.name; } })(),
};
