// RegExp (ECMA-262 §22.2): the parts that call program code. The natives (vm/builtins/regexp.cc)
// match with PCRE2, create RegExp objects and run whole replace/match/split loops for RegExps whose
// protocol is untouched (regexp*Fast return DONE otherwise); everything observable by a program —
// exec overrides, function replacers, getters, species constructors — follows the spec here.
const I = __intrinsics__;
const call = I.call;
const apply = I.apply;
const isCallable = I.isCallable;
const isObject = I.isObject;
const typeError = I.typeError;
const createDataProperty = I.createDataProperty;
const toLength = I.toLength;
const toIntegerOrInfinity = I.toIntegerOrInfinity;
const speciesConstructor = I.speciesConstructor;
const DONE = I.DONE;
const regexpCreate = I.regexpCreate;
const isRegExpObject = I.regexpIsRegExp;
const regexpParts = I.regexpParts;
const execAt = I.regexpExecAt;
const flagsFast = I.regexpFlagsFast;
const replaceFast = I.regexpReplaceFast;
const matchFast = I.regexpMatchFast;
const splitFast = I.regexpSplitFast;
const getSubstitution = I.regexpGetSubstitution;

const RegExpCtor = RegExp;
const RegExpPrototype = RegExp.prototype;
const builtinExec = RegExpPrototype.exec;
const builtinTest = RegExpPrototype.test;
const StringPrototype = String.prototype;
const strIncludes = StringPrototype.includes;
const strSlice = StringPrototype.slice;
const arrayJoin = Array.prototype.join;
const strIndexOf = StringPrototype.indexOf;
const strCharCodeAt = StringPrototype.charCodeAt;
const objectIs = Object.is;
const objectCreate = Object.create;
const SymbolMatch = Symbol.match;
const SymbolMatchAll = Symbol.matchAll;
const SymbolReplace = Symbol.replace;
const SymbolSearch = Symbol.search;
const SymbolSplit = Symbol.split;

function toStr(v) {
  return typeof v === 'string' ? v : `${v}`;
}

function toLen(v) {
  return toLength(typeof v === 'number' ? v : +v);
}

// How V8 shows a receiver in "called on incompatible receiver X".
function shown(v) {
  if (isObject(v)) return isCallable(v) ? '#<Function>' : '#<Object>';
  if (typeof v === 'string') return v;
  if (typeof v === 'symbol') return 'Symbol()';
  return `${v}`;
}

function incompatible(method, v) {
  return typeError(`Method RegExp.prototype.${method} called on incompatible receiver ${shown(v)}`);
}

// IsRegExp (§7.2.8).
function isRegExp(v) {
  if (!isObject(v)) return false;
  const m = v[SymbolMatch];
  if (m !== undefined) return !!m;
  return isRegExpObject(v);
}

// AdvanceStringIndex (§22.2.7.3).
function advance(S, index, unicode) {
  if (!unicode) return index + 1;
  const length = S.length;
  if (index + 1 >= length) return index + 1;
  const first = call(strCharCodeAt, S, index);
  if (first < 0xd800 || first > 0xdbff) return index + 1;
  const second = call(strCharCodeAt, S, index + 1);
  if (second < 0xdc00 || second > 0xdfff) return index + 1;
  return index + 2;
}

// RegExpExec (§22.2.7.1).
function regExpExec(R, S) {
  'use strict';
  const exec = R.exec;
  if (isCallable(exec)) {
    const result = call(exec, R, S);
    if (result !== null && !isObject(result)) {
      throw typeError("RegExp exec method returned something other than an Object or null");
    }
    return result;
  }
  if (!isRegExpObject(R)) throw incompatible('exec', R);
  return call(builtinExec, R, S);
}

// ------------------------------------------------------------------------------ constructor

// RegExp(pattern, flags) (§22.2.4.1) when pattern or flags is an object.
function regExpConstructorSlow(pattern, flags, newTarget) {
  'use strict';
  const patternIsRegExp = isRegExp(pattern);
  if (newTarget === undefined) {
    newTarget = RegExpCtor;
    if (patternIsRegExp && flags === undefined) {
      const patternConstructor = pattern.constructor;
      if (patternConstructor === newTarget) return pattern;
    }
  }
  let P;
  let F;
  if (isRegExpObject(pattern)) {
    const parts = regexpParts(pattern);
    P = parts[0];
    F = flags === undefined ? parts[1] : flags;
  } else if (patternIsRegExp) {
    P = pattern.source;
    F = flags === undefined ? pattern.flags : flags;
  } else {
    P = pattern;
    F = flags;
  }
  const ps = P === undefined ? '' : toStr(P);
  const fs = F === undefined ? undefined : toStr(F);
  return regexpCreate(ps, fs, newTarget);
}

// ------------------------------------------------------------------------------ exec, test, toString

// exec with an object argument or a lastIndex that needs ToNumber of an object.
function execSlow(R, string) {
  'use strict';
  const S = toStr(string);
  const lastIndex = toLen(R.lastIndex);
  return execAt(R, S, lastIndex);
}

// RegExp.prototype.test (§22.2.6.16) for RegExps with a changed protocol.
function testSlow(R, string) {
  'use strict';
  if (!isObject(R)) throw incompatible('test', R);
  const S = toStr(string);
  return regExpExec(R, S) !== null;
}

I.defineMethod(RegExpPrototype, 'toString', function toString() {
  'use strict';
  const R = this;
  if (!isObject(R)) throw incompatible('toString', R);
  return `/${toStr(R.source)}/${toStr(R.flags)}`;
}, 0);

// get RegExp.prototype.flags (§22.2.6.4).
I.defineGetter(RegExpPrototype, 'flags', function () {
  'use strict';
  const R = this;
  if (!isObject(R)) throw typeError(`RegExp.prototype.flags getter called on non-object ${shown(R)}`);
  const fast = flagsFast(R);
  if (fast !== DONE) return fast;
  // V8 reads unicodeSets last (Node 20), the string is in "dgimsuvy" order.
  let result = '';
  if (R.hasIndices) result += 'd';
  if (R.global) result += 'g';
  if (R.ignoreCase) result += 'i';
  if (R.multiline) result += 'm';
  if (R.dotAll) result += 's';
  if (R.unicode) result += 'u';
  const sticky = R.sticky;
  if (R.unicodeSets) result += 'v';
  if (sticky) result += 'y';
  return result;
});

// ------------------------------------------------------------------------------ @@match

// RegExp.prototype.compile(pattern, flags) (Annex B.2.4.1, as V8: no legacy-realm checks): re-initializes
// this RegExp in place and resets lastIndex (a non-writable lastIndex throws after the change, as V8).
I.defineMethod(RegExpPrototype, 'compile', function compile(pattern, flags) {
  'use strict';
  if (!isRegExpObject(this)) throw incompatible('compile', this);
  let P, F;
  if (isRegExpObject(pattern)) {
    if (flags !== undefined) throw typeError('Cannot supply flags when constructing one RegExp from another');
    const parts = regexpParts(pattern);
    P = parts[0];
    F = parts[1];
  } else {
    P = pattern === undefined ? '' : toStr(pattern);
    F = flags === undefined ? undefined : toStr(flags);
  }
  I.regexpRecompile(this, P, F);
  this.lastIndex = 0;
  return this;
});

// The legacy static match properties (RegExp.$1…$9, input/$_, lastMatch/$&, lastParen/$+,
// leftContext/$`, rightContext/$') are not kept: reading or writing one stops the run with
// UnsupportedSyntax instead of giving undefined (a wrong answer).
for (const legacy of ['input', '$_', 'lastMatch', '$&', 'lastParen', '$+', 'leftContext', '$`',
                      'rightContext', "$'", '$1', '$2', '$3', '$4', '$5', '$6', '$7', '$8', '$9']) {
  const what = `the legacy RegExp.${legacy} property`;
  I.defineGetter(RegExpCtor, legacy, function () { I.unsupported(what); },
                 function (v) { I.unsupported(what); });
}

I.defineMethod(RegExpPrototype, SymbolMatch, function (string) {
  'use strict';
  const rx = this;
  if (!isObject(rx)) throw incompatible('@@match', rx);
  const S = toStr(string);
  const fast = matchFast(rx, S);
  if (fast !== DONE) return fast;
  const flags = toStr(rx.flags);
  if (!call(strIncludes, flags, 'g')) return regExpExec(rx, S);
  const fullUnicode = call(strIncludes, flags, 'u') || call(strIncludes, flags, 'v');
  rx.lastIndex = 0;
  const A = [];
  let n = 0;
  for (;;) {
    const result = regExpExec(rx, S);
    if (result === null) return n === 0 ? null : A;
    const matchStr = toStr(result[0]);
    createDataProperty(A, n, matchStr);
    n++;
    if (matchStr === '') {
      const thisIndex = toLen(rx.lastIndex);
      rx.lastIndex = advance(S, thisIndex, fullUnicode);
    }
  }
}, 1);

// ------------------------------------------------------------------------------ @@replace

// Reads every $<name> the template references from namedCaptures (Get + ToString, in template order)
// into a plain object for the native GetSubstitution.
function resolveNamedReferences(template, namedCaptures) {
  'use strict';
  const out = objectCreate(null);
  let i = call(strIndexOf, template, '$<', 0);
  while (i !== -1) {
    const close = call(strIndexOf, template, '>', i + 2);
    if (close === -1) break;
    const name = call(strSlice, template, i + 2, close);
    const v = namedCaptures[name];
    createDataProperty(out, name, v === undefined ? undefined : toStr(v));
    i = call(strIndexOf, template, '$<', close + 1);
  }
  return out;
}

I.defineMethod(RegExpPrototype, SymbolReplace, function (string, replaceValue) {
  'use strict';
  const rx = this;
  if (!isObject(rx)) throw incompatible('@@replace', rx);
  const S = toStr(string);
  const lengthS = S.length;
  const functionalReplace = isCallable(replaceValue);
  if (!functionalReplace) {
    replaceValue = toStr(replaceValue);
    const fast = replaceFast(rx, S, replaceValue);
    if (fast !== DONE) return fast;
  }
  const flags = toStr(rx.flags);
  const global = call(strIncludes, flags, 'g');
  let fullUnicode = false;
  if (global) {
    fullUnicode = call(strIncludes, flags, 'u') || call(strIncludes, flags, 'v');
    rx.lastIndex = 0;
  }
  // The spec collects every match before the first replacement. With the built-in exec (a pristine
  // RegExp) the match arrays are fresh objects of own data properties that nothing else can reach, so
  // reading them as they arrive is unobservable: then only [matched, index, captures…, groups] is kept
  // per match (a flat list, the arrays are garbage at once), which keeps a function replacer over many
  // matches within memory limits like Node.js.
  const compact = functionalReplace && flagsFast(rx) !== DONE;
  const results = [];
  let count = 0;
  let stride = 0;
  for (;;) {
    const result = regExpExec(rx, S);
    if (result === null) break;
    if (compact) {
      if (count === 0) stride = result.length + 2;
      let at = count * stride;
      createDataProperty(results, at++, result[0]);
      createDataProperty(results, at++, result.index);
      for (let n = 1; n < stride - 2; n++) createDataProperty(results, at++, result[n]);
      createDataProperty(results, at, result.groups);
    } else {
      createDataProperty(results, count, result);
    }
    count++;
    if (!global) break;
    const matchStr = toStr(result[0]);
    if (matchStr === '') {
      const thisIndex = toLen(rx.lastIndex);
      rx.lastIndex = advance(S, thisIndex, fullUnicode);
    }
  }
  // The result is joined once at the end: repeated concatenation would keep a node per piece.
  const pieces = [];
  let nextSourcePosition = 0;
  for (let k = 0; k < count; k++) {
    let matched;
    let position;
    let nCaptures;
    const captures = [];
    let namedCaptures;
    if (compact) {
      // Built-in results: a string match, an integer index within S, string-or-undefined captures.
      let at = k * stride;
      matched = results[at++];
      position = results[at++];
      nCaptures = stride - 3;
      for (let n = 0; n < nCaptures; n++) createDataProperty(captures, n, results[at++]);
      namedCaptures = results[at];
    } else {
      const result = results[k];
      const resultLength = toLen(result.length);
      nCaptures = resultLength > 1 ? resultLength - 1 : 0;
      matched = toStr(result[0]);
      position = toIntegerOrInfinity(+result.index);
      if (position > lengthS) position = lengthS;
      if (position < 0) position = 0;
      for (let n = 1; n <= nCaptures; n++) {
        let capN = result[n];
        if (capN !== undefined) capN = toStr(capN);
        createDataProperty(captures, n - 1, capN);
      }
      namedCaptures = result.groups;
    }
    const matchLength = matched.length;
    let replacement;
    if (functionalReplace) {
      const replacerArgs = [matched];
      for (let n = 0; n < nCaptures; n++) createDataProperty(replacerArgs, n + 1, captures[n]);
      createDataProperty(replacerArgs, nCaptures + 1, position);
      createDataProperty(replacerArgs, nCaptures + 2, S);
      if (namedCaptures !== undefined) createDataProperty(replacerArgs, nCaptures + 3, namedCaptures);
      replacement = toStr(apply(replaceValue, undefined, replacerArgs));
    } else {
      if (namedCaptures !== undefined) {
        namedCaptures = resolveNamedReferences(replaceValue, I.toObject(namedCaptures));
      }
      replacement = getSubstitution(matched, S, position, captures, namedCaptures, replaceValue);
    }
    if (position >= nextSourcePosition) {
      if (position > nextSourcePosition) createDataProperty(pieces, pieces.length, call(strSlice, S, nextSourcePosition, position));
      createDataProperty(pieces, pieces.length, replacement);
      nextSourcePosition = position + matchLength;
    }
  }
  if (nextSourcePosition < lengthS) createDataProperty(pieces, pieces.length, call(strSlice, S, nextSourcePosition));
  return call(arrayJoin, pieces, '');
}, 2);

// ------------------------------------------------------------------------------ @@search

I.defineMethod(RegExpPrototype, SymbolSearch, function (string) {
  'use strict';
  const rx = this;
  if (!isObject(rx)) throw incompatible('@@search', rx);
  const S = toStr(string);
  const previousLastIndex = rx.lastIndex;
  if (!objectIs(previousLastIndex, 0)) rx.lastIndex = 0;
  const result = regExpExec(rx, S);
  const currentLastIndex = rx.lastIndex;
  if (!objectIs(currentLastIndex, previousLastIndex)) rx.lastIndex = previousLastIndex;
  if (result === null) return -1;
  return result.index;
}, 1);

// ------------------------------------------------------------------------------ @@split

I.defineMethod(RegExpPrototype, SymbolSplit, function (string, limit) {
  'use strict';
  const rx = this;
  if (!isObject(rx)) throw incompatible('@@split', rx);
  const S = toStr(string);
  const fast = splitFast(rx, S, limit);
  if (fast !== DONE) return fast;
  const C = speciesConstructor(rx, RegExpCtor);
  const flags = toStr(rx.flags);
  const unicodeMatching = call(strIncludes, flags, 'u') || call(strIncludes, flags, 'v');
  const newFlags = call(strIncludes, flags, 'y') ? flags : `${flags}y`;
  const splitter = new C(rx, newFlags);
  const A = [];
  let lengthA = 0;
  const lim = limit === undefined ? 4294967295 : limit >>> 0;
  if (lim === 0) return A;
  const size = S.length;
  if (size === 0) {
    const z = regExpExec(splitter, S);
    if (z !== null) return A;
    createDataProperty(A, 0, S);
    return A;
  }
  let p = 0;
  let q = p;
  while (q < size) {
    splitter.lastIndex = q;
    const z = regExpExec(splitter, S);
    if (z === null) {
      q = advance(S, q, unicodeMatching);
      continue;
    }
    let e = toLen(splitter.lastIndex);
    if (e > size) e = size;
    if (e === p) {
      q = advance(S, q, unicodeMatching);
      continue;
    }
    createDataProperty(A, lengthA, call(strSlice, S, p, q));
    lengthA++;
    if (lengthA === lim) return A;
    p = e;
    const zLength = toLen(z.length);
    const numberOfCaptures = zLength > 1 ? zLength - 1 : 0;
    for (let i = 1; i <= numberOfCaptures; i++) {
      createDataProperty(A, lengthA, z[i]);
      lengthA++;
      if (lengthA === lim) return A;
    }
    q = p;
  }
  createDataProperty(A, lengthA, call(strSlice, S, p, size));
  return A;
}, 2);

// ------------------------------------------------------------------------------ @@matchAll

// %RegExpStringIteratorPrototype% (§22.2.9); an iterator keeps its state under a private symbol.
const iteratorState = Symbol('RegExpStringIterator');
const RegExpStringIteratorPrototype = objectCreate(I.iteratorPrototype);
I.defineMethod(RegExpStringIteratorPrototype, 'next', function next() {
  'use strict';
  const O = this;
  const st = isObject(O) ? O[iteratorState] : undefined;
  if (st === undefined) {
    throw typeError(`Method %RegExpStringIterator%.prototype.next called on incompatible receiver ${shown(O)}`);
  }
  if (st.done) return { value: undefined, done: true };
  const match = regExpExec(st.R, st.S);
  if (match === null) {
    st.done = true;
    return { value: undefined, done: true };
  }
  if (st.global) {
    const matchStr = toStr(match[0]);
    if (matchStr === '') {
      const thisIndex = toLen(st.R.lastIndex);
      st.R.lastIndex = advance(st.S, thisIndex, st.fullUnicode);
    }
    return { value: match, done: false };
  }
  st.done = true;
  return { value: match, done: false };
}, 0);
I.defineValue(RegExpStringIteratorPrototype, I.symToStringTag, 'RegExp String Iterator', 'c');

I.defineMethod(RegExpPrototype, SymbolMatchAll, function (string) {
  'use strict';
  const R = this;
  if (!isObject(R)) throw incompatible('@@matchAll', R);
  const S = toStr(string);
  const C = speciesConstructor(R, RegExpCtor);
  const flags = toStr(R.flags);
  const matcher = new C(R, flags);
  const lastIndex = toLen(R.lastIndex);
  matcher.lastIndex = lastIndex;
  const global = call(strIncludes, flags, 'g');
  const fullUnicode = call(strIncludes, flags, 'u') || call(strIncludes, flags, 'v');
  const it = objectCreate(RegExpStringIteratorPrototype);
  I.defineValue(it, iteratorState, { R: matcher, S, global, fullUnicode, done: false }, 'w');
  return it;
}, 1);

// ------------------------------------------------------------------------------ fallbacks

I.primSetFallback(RegExpCtor, regExpConstructorSlow);
I.primSetFallback(builtinExec, execSlow);
I.primSetFallback(builtinTest, testSlow);
