// DateTimeFormat takes ToNumber of its dates: a BigInt is a TypeError
const f = new Intl.DateTimeFormat('en', { timeZone: 'UTC' });
const t = (fn) => { try { return fn(); } catch (e) { return `${e.constructor.name}: ${e.message}`; } };
return [t(() => f.format(0n)), t(() => f.formatToParts(1n)), t(() => f.formatRange(0n, 1n)), t(() => f.formatRangeToParts(0, 1n)), t(() => f.format({ valueOf() { return 86400000; } })), t(() => f.format('86400000')), t(() => f.format(Symbol())), t(() => new Date(0).toLocaleString('en', { timeZone: 'UTC' }))];
