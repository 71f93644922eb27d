// BigInt with the main realm's globals: toLocaleString (en-US grouping) and structuredClone.
const s = (v) => (typeof v === 'bigint' ? `${v}n` : v);
return {
  locale: [(12345678901234567890n).toLocaleString(), (-1234n).toLocaleString(), (999n).toLocaleString(), (1000n).toLocaleString(), (1234567n).toLocaleString('en-US'), (0n).toLocaleString()],
  clone: (() => { const c = structuredClone({ x: 5n, y: [2n ** 70n] }); return [s(c.x), s(c.y[0]), typeof c.x]; })(),
};
