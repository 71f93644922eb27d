// None of the host globals of Node.js, Deno or browsers exist in the sandbox.
return [
  typeof globalThis.process,
  typeof require,
  typeof module,
  typeof exports,
  typeof Deno,
  typeof Bun,
  typeof setTimeout,
  typeof setInterval,
  typeof XMLHttpRequest,
  typeof WebAssembly,
  typeof SharedArrayBuffer,
  typeof Atomics,
  typeof WeakRef,
  typeof FinalizationRegistry,
];
