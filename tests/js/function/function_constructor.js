// Code generation from strings is absent in code mode: Function and its async form exist but throw EvalError.
// function_constructor.json is written by hand (Node would compile the strings).
const err = (f) => { try { f(); return 'no error'; } catch (e) { return [e.name, e.message, e instanceof EvalError]; } };
const AsyncFunction = (async function () {}).constructor;
return {
  call: err(() => Function('return 1')),
  construct: err(() => new Function('a', 'b', 'return a + b')),
  noArgs: err(() => Function()),
  viaConstructorProp: err(() => (function () {}).constructor('return 2')),
  async: err(() => AsyncFunction('await 1')),
  asyncNew: err(() => new AsyncFunction()),
  stillAnObject: [typeof Function, Function.prototype.constructor === Function, AsyncFunction.name],
};
