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

// toLocale*String(locales, options) with getters or object values: read them the way ECMA-402 does
// (CanonicalizeLocaleList, then GetOption in CreateDateTimeFormat's order) into plain data.
const OPTION_KEYS = ['localeMatcher', 'calendar', 'numberingSystem', 'hour12', 'hourCycle', 'timeZone',
  'weekday', 'era', 'year', 'month', 'day', 'dayPeriod', 'hour', 'minute', 'second',
  'fractionalSecondDigits', 'timeZoneName', 'formatMatcher', 'dateStyle', 'timeStyle'];
function dateLocaleSlow(fn, thisArg, locales, options) {
  'use strict';
  let list = locales;
  if (locales !== undefined && typeof locales !== 'string') {
    const O = I.toObject(locales);
    const len = I.toLength(+O.length);
    list = [];
    for (let k = 0; k < len; k++) {
      if (!(k in O)) continue;
      const v = O[k];
      if (typeof v !== 'string' && !isObject(v)) throw typeError('Language ID should be string or object.');
      createDataProperty(list, list.length, `${v}`);
    }
  }
  let copy = options;
  if (options !== undefined) {
    const O = I.toObject(options);
    copy = {};
    for (let i = 0; i < OPTION_KEYS.length; i++) {
      const k = OPTION_KEYS[i];
      const v = O[k];
      if (v !== undefined) createDataProperty(copy, k, k === 'hour12' ? !!v : `${v}`);
    }
  }
  return call(fn, thisArg, list, copy);
}
I.primSetFallback(DatePrototype.toLocaleString, dateLocaleSlow);
I.primSetFallback(DatePrototype.toLocaleDateString, dateLocaleSlow);
I.primSetFallback(DatePrototype.toLocaleTimeString, dateLocaleSlow);

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
