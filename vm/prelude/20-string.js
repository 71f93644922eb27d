// String, Number, Math and Symbol: the parts that run program code (DESIGN §3.1). The natives in
// vm/builtins/{string,number,math,symbol,globals}.cc handle primitives; when an argument is an object
// whose coercion may call valueOf/toString/Symbol.toPrimitive, or a method must be looked up through
// a getter, or a callback must be called, they tail-call the fallback stored in their data (see
// vm/builtins/primitives_internal.h). Methods that always call program code are defined here.
const I = __intrinsics__;
const call = I.call;
const apply = I.apply;
const isCallable = I.isCallable;
const isObject = I.isObject;
const toPrimitive = I.toPrimitive;
const typeError = I.typeError;
const createDataProperty = I.createDataProperty;
const splitCore = I.stringSplitCore;
const replaceCore = I.stringReplaceCore;
const isRegExpObject = I.stringIsRegExpObject;
const regExpCtor = I.stringRegExpCtor;
const sumPreciseCore = I.mathSumPreciseCore;
const primConstruct = I.primConstruct;

const StringCtor = String;
const StringPrototype = String.prototype;
const strIndexOf = StringPrototype.indexOf;
const strIncludes = StringPrototype.includes;
const strSlice = StringPrototype.slice;
const arrayJoin = Array.prototype.join;
const SymbolMatch = Symbol.match;
const SymbolMatchAll = Symbol.matchAll;
const SymbolReplace = Symbol.replace;
const SymbolSearch = Symbol.search;
const SymbolSplit = Symbol.split;

// ECMA-262 §7.1.17 ToString (template literals throw on symbols, as ToString does).
function toStr(v) {
  return typeof v === 'string' ? v : `${v}`;
}

// How V8 names a non-callable in "x is not a function".
function describe(v) {
  if (typeof v === 'string') return `string "${v}"`;
  if (typeof v === 'number' || typeof v === 'boolean') return `${typeof v} ${v}`;
  if (typeof v === 'symbol' || typeof v === 'bigint') return typeof v;
  return isObject(v) ? '#<Object>' : `${v}`;
}

// GetMethod (§7.3.11); works on primitives like GetV.
function getMethod(v, key) {
  const f = v[key];
  if (f === undefined || f === null) return undefined;
  if (!isCallable(f)) throw typeError(`${describe(f)} is not a function`);
  return f;
}

// IsRegExp (§7.2.8).
function isRegExp(v) {
  if (!isObject(v)) return false;
  const m = v[SymbolMatch];
  if (m !== undefined) return !!m;
  return isRegExpObject(v);
}

// RegExpCreate (§22.2.3.1) through the realm's RegExp constructor.
function regExpCreate(P, F) {
  const C = regExpCtor();
  return new C(P === undefined ? '' : toStr(P), F);
}

// One coercion of a recall spec (codes documented in primitives_internal.h).
function coerce(v, code, name) {
  switch (code) {
    case 's': return toStr(v);
    case 'S': return v === undefined ? v : toStr(v);
    case 'n': return +v;
    case 'N': return v === undefined ? v : +v;
    case 'r':
      if (isRegExp(v)) {
        throw typeError(`First argument to String.prototype.${name} must not be a regular expression`);
      }
      return toStr(v);
    case 'P': return isObject(v) ? toPrimitive(v, 'number') : v;
    case 'B': {
      const p = isObject(v) ? toPrimitive(v, 'number') : v;
      return typeof p === 'bigint' ? +`${p}` : +p;
    }
  }
  return v;
}

// recall(native, this, args, spec, newTarget, name): coerces in the spec's order, then calls (or
// constructs) the native again with primitives only.
function primRecall(fn, thisArg, args, spec, newTarget, name) {
  'use strict';
  const star = spec.length >= 2 && spec[spec.length - 1] === '*';
  const fixed = star ? spec.length - 1 : spec.length;
  const t = coerce(thisArg, spec[0], name);
  const out = [];
  for (let i = 0; i < args.length; i++) {
    const p = i + 1;
    const code = p < fixed ? spec[p] : star ? spec[fixed - 1] : '-';
    createDataProperty(out, i, coerce(args[i], code, name));
  }
  if (newTarget !== undefined) return primConstruct(fn, out, newTarget);
  return apply(fn, t, out);
}

// ---------------------------------------------------------------------------------------- split

// String.prototype.split (§22.1.3.23) when the native needs program code.
function splitSlow(O, separator, limit) {
  'use strict';
  if (separator !== undefined && separator !== null) {
    const splitter = getMethod(separator, SymbolSplit);
    if (splitter !== undefined) return call(splitter, separator, O, limit);
  }
  const S = toStr(O);
  const lim = limit === undefined ? undefined : +limit;
  const R = toStr(separator);
  return splitCore(S, separator === undefined ? undefined : R, lim);
}

// -------------------------------------------------------------------------------------- replace

// The function-replacer loop of replace/replaceAll with a string pattern (§22.1.3.19-20).
function replaceWithFunction(string, searchString, fn, all) {
  'use strict';
  const searchLength = searchString.length;
  const advanceBy = searchLength > 1 ? searchLength : 1;
  const positions = [];
  let pos = call(strIndexOf, string, searchString, 0);
  while (pos !== -1) {
    createDataProperty(positions, positions.length, pos);
    if (!all) break;
    // StringIndexOf (§6.1.4.1) finds nothing past the end; indexOf would clamp the position.
    const from = pos + advanceBy;
    pos = from > string.length ? -1 : call(strIndexOf, string, searchString, from);
  }
  if (positions.length === 0) return string;
  // Joined once at the end: repeated concatenation would keep a node per piece.
  const pieces = [];
  let endOfLastMatch = 0;
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i];
    const replacement = toStr(call(fn, undefined, searchString, p, string));
    if (p > endOfLastMatch) createDataProperty(pieces, pieces.length, call(strSlice, string, endOfLastMatch, p));
    createDataProperty(pieces, pieces.length, replacement);
    endOfLastMatch = p + searchLength;
  }
  if (endOfLastMatch < string.length) createDataProperty(pieces, pieces.length, call(strSlice, string, endOfLastMatch));
  return call(arrayJoin, pieces, '');
}

function replaceImpl(O, searchValue, replaceValue, all) {
  'use strict';
  if (searchValue !== undefined && searchValue !== null) {
    if (all && isRegExp(searchValue)) {
      const flags = searchValue.flags;
      if (flags === undefined || flags === null) {
        throw typeError('String.prototype.replaceAll called on null or undefined');
      }
      if (!call(strIncludes, toStr(flags), 'g')) {
        throw typeError('String.prototype.replaceAll called with a non-global RegExp argument');
      }
    }
    const replacer = getMethod(searchValue, SymbolReplace);
    if (replacer !== undefined) return call(replacer, searchValue, O, replaceValue);
  }
  const string = toStr(O);
  const searchString = toStr(searchValue);
  if (isCallable(replaceValue)) return replaceWithFunction(string, searchString, replaceValue, all);
  return replaceCore(string, searchString, toStr(replaceValue), all);
}

function replaceSlow(O, searchValue, replaceValue) {
  'use strict';
  return replaceImpl(O, searchValue, replaceValue, false);
}

function replaceAllSlow(O, searchValue, replaceValue) {
  'use strict';
  return replaceImpl(O, searchValue, replaceValue, true);
}


// ------------------------------------------------------------------- match, matchAll, search, raw

function requireString(O, name) {
  if (O === undefined || O === null) {
    throw typeError(`String.prototype.${name} called on null or undefined`);
  }
}

// String.prototype.match (§22.1.3.13).
I.defineMethod(StringPrototype, 'match', function match(regexp) {
  'use strict';
  const O = this;
  requireString(O, 'match');
  if (regexp !== undefined && regexp !== null) {
    const matcher = getMethod(regexp, SymbolMatch);
    if (matcher !== undefined) return call(matcher, regexp, O);
  }
  const S = toStr(O);
  const rx = regExpCreate(regexp, undefined);
  return call(rx[SymbolMatch], rx, S);
}, 1);

// String.prototype.matchAll (§22.1.3.14).
I.defineMethod(StringPrototype, 'matchAll', function matchAll(regexp) {
  'use strict';
  const O = this;
  requireString(O, 'matchAll');
  if (regexp !== undefined && regexp !== null) {
    if (isRegExp(regexp)) {
      const flags = regexp.flags;
      if (flags === undefined || flags === null) {
        throw typeError('String.prototype.matchAll called on null or undefined');
      }
      if (!call(strIncludes, toStr(flags), 'g')) {
        throw typeError('String.prototype.matchAll called with a non-global RegExp argument');
      }
    }
    const matcher = getMethod(regexp, SymbolMatchAll);
    if (matcher !== undefined) return call(matcher, regexp, O);
  }
  const S = toStr(O);
  const rx = regExpCreate(regexp, 'g');
  return call(rx[SymbolMatchAll], rx, S);
}, 1);

// String.prototype.search (§22.1.3.21).
I.defineMethod(StringPrototype, 'search', function search(regexp) {
  'use strict';
  const O = this;
  requireString(O, 'search');
  if (regexp !== undefined && regexp !== null) {
    const searcher = getMethod(regexp, SymbolSearch);
    if (searcher !== undefined) return call(searcher, regexp, O);
  }
  const S = toStr(O);
  const rx = regExpCreate(regexp, undefined);
  return call(rx[SymbolSearch], rx, S);
}, 1);

// String.raw (§22.1.2.4).
I.defineMethod(StringCtor, 'raw', function raw(template, ...substitutions) {
  const numberOfSubstitutions = substitutions.length;
  const cooked = I.toObject(template);
  const literals = I.toObject(cooked.raw);
  const literalCount = I.toLength(+literals.length);
  if (literalCount <= 0) return '';
  let R = '';
  let nextIndex = 0;
  for (;;) {
    R = R + toStr(literals[nextIndex]);
    if (nextIndex + 1 === literalCount) return R;
    if (nextIndex < numberOfSubstitutions) R = R + toStr(substitutions[nextIndex]);
    nextIndex++;
  }
}, 1);

// ------------------------------------------------------------------------------ Math.sumPrecise

// Math.sumPrecise(items) (TC39 proposal): iterates with the protocol, accepts Numbers only (closing
// the iterator on a TypeError), then sums exactly (math.cc).
I.defineMethod(Math, 'sumPrecise', function sumPrecise(items) {
  'use strict';
  if (items === undefined || items === null) throw typeError(`${items} is not iterable`);
  const values = [];
  let count = 0;
  for (const value of items) {
    if (typeof value !== 'number') throw typeError('Math.sumPrecise: every item must be a number');
    createDataProperty(values, count, value);
    count++;
  }
  return sumPreciseCore(values);
}, 1);

// --------------------------------------------------------------------------- native fallbacks

I.primSetFallback(StringPrototype.split, splitSlow);
I.primSetFallback(StringPrototype.replace, replaceSlow);
I.primSetFallback(StringPrototype.replaceAll, replaceAllSlow);
// Every other native of String, Number, Boolean, Symbol, Math and the global functions recalls.
I.primSetRecall(primRecall);
