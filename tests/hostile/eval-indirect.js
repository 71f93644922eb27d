// Indirect eval through globalThis is absent as well.
return (0, globalThis.eval)('1 + 1');
