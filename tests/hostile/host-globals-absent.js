// None of the host globals of Node.js, Deno or browsers exist in the sandbox; timers may exist only as
// functions that throw a clear error (no callback can ever be scheduled).
const unusable = (name) => {
  try {
    globalThis[name](() => {}, 0);
    return false;
  } catch (e) {
    return true;
  }
};
return {
  undefinedGlobals: [
    typeof globalThis.process,
    typeof require,
    typeof module,
    typeof exports,
    typeof Deno,
    typeof Bun,
    typeof XMLHttpRequest,
    typeof WebAssembly,
  ],
  timersUnusable: ['setTimeout', 'setInterval', 'setImmediate'].every(unusable),
};
