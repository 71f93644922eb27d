// Date: the parts that run program code (DESIGN §3.1). The natives in vm/builtins/date.cc handle
// primitives; an object argument (whose coercion may call valueOf/toString/Symbol.toPrimitive), or
// toLocale*String options with getters, reach the fallbacks here, which coerce and call the native
// again. toJSON and [Symbol.toPrimitive] call program code by definition.
const I = __intrinsics__;
const call = I.call;
const apply = I.apply;
const isCallable = I.isCallable;
const isObject = I.isObject;
const toPrimitive = I.toPrimitive;
const typeError = I.typeError;
const createDataProperty = I.createDataProperty;
const primConstruct = I.primConstruct;
const DatePrototype = Date.prototype;

// recall(native, this, args, spec, newTarget): spec codes per position (this first): '-' as is,
// 'n' ToNumber, 's' ToString, 'p' ToPrimitive (no hint); a trailing '*' repeats the last code.
function dateRecall(fn, thisArg, args, spec, newTarget) {
  'use strict';
  const star = spec.length >= 2 && spec[spec.length - 1] === '*';
  const fixed = star ? spec.length - 1 : spec.length;
  const out = [];
  for (let i = 0; i < args.length; i++) {
    const p = i + 1;
    const code = p < fixed ? spec[p] : star ? spec[fixed - 1] : '-';
    const v = args[i];
    createDataProperty(out, i, code === 'n' ? +v : code === 's' ? `${v}` : code === 'p' ? toPrimitive(v) : v);
  }
  if (newTarget !== undefined) return primConstruct(fn, out, newTarget);
  return apply(fn, thisArg, out);
}

const recallNatives = [Date, Date.parse, Date.UTC, DatePrototype.setTime];
for (const name of ['Date', 'FullYear', 'Hours', 'Milliseconds', 'Minutes', 'Month', 'Seconds']) {
  recallNatives.push(DatePrototype['set' + name], DatePrototype['setUTC' + name]);
}
recallNatives.push(DatePrototype.setYear);
for (let i = 0; i < recallNatives.length; i++) I.primSetFallback(recallNatives[i], dateRecall);

// toLocale*String's program-code path (getters, other locales and options) is set by 60-intl.js.

// Date.prototype.toJSON(key) (§21.4.4.37): generic over any object with toISOString.
function toJSON(key) {
  'use strict';
  const O = I.toObject(this);
  const tv = toPrimitive(O, 'number');
  if (typeof tv === 'number' && !(tv === tv && tv !== Infinity && tv !== -Infinity)) return null;
  const f = O.toISOString;
  if (!isCallable(f)) throw typeError('toISOString is not a function');
  return call(f, O);
}
I.defineMethod(DatePrototype, 'toJSON', toJSON, 1);

// Date.prototype[Symbol.toPrimitive](hint) (§21.4.4.45): OrdinaryToPrimitive with "default" as
// "string". Not writable (configurable only).
function dateToPrimitive(hint) {
  'use strict';
  if (!isObject(this)) throw typeError(`Method Date.prototype [ @@toPrimitive ] called on incompatible receiver ${String(this)}`);
  let tryFirst;
  if (hint === 'string' || hint === 'default') tryFirst = 'string';
  else if (hint === 'number') tryFirst = 'number';
  else throw typeError('Invalid hint: ' + (typeof hint === 'symbol' ? 'Symbol()' : `${hint}`));
  const names = tryFirst === 'string' ? ['toString', 'valueOf'] : ['valueOf', 'toString'];
  for (let i = 0; i < 2; i++) {
    const m = this[names[i]];
    if (isCallable(m)) {
      const r = call(m, this);
      if (!isObject(r)) return r;
    }
  }
  throw typeError('Cannot convert object to primitive value');
}
I.defineMethod(DatePrototype, I.symToPrimitive, dateToPrimitive, 1);
I.defineValue(DatePrototype, I.symToPrimitive, dateToPrimitive, 'c');
