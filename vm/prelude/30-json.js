// JSON (ECMA-262 2024 §25.5) in JavaScript: the reviver walk of JSON.parse (InternalizeJSONProperty) and
// the general JSON.stringify (toJSON, replacer functions and arrays, getters, wrapper objects), the slow
// paths of the natives in vm/builtins/json.cc, which handle plain data themselves.
// Sloppy on purpose: the reviver walk deletes with [[Delete]] semantics (a failed delete does not throw).
// Only values captured here at realm creation are used afterwards, never globals a program could replace.
(function (I) {
  const call = I.call;
  const isCallable = I.isCallable;
  const createDataProperty = I.createDataProperty;
  const toLength = I.toLength;
  const toIntegerOrInfinity = I.toIntegerOrInfinity;
  const ownKeys = I.ownKeys;
  const quote = I.jsonQuote;
  const wrapperKind = I.jsonWrapperKind;
  const unwrap = I.jsonUnwrap;
  const circularMessage = I.jsonCircularMessage;
  const newSet = I.newSet;
  const setHas = I.collHas;
  const setAdd = I.collAdd;
  const $TypeError = TypeError;
  const isArray = Array.isArray;
  const nativeParse = JSON.parse;
  const stringSlice = String.prototype.slice;

  function isObject(v) {
    return (typeof v === 'object' && v !== null) || typeof v === 'function';
  }

  // CreateDataProperty whose failure is ignored, as InternalizeJSONProperty does.
  function tryCreateDataProperty(o, k, v) {
    try {
      createDataProperty(o, k, v);
    } catch (e) {
      // A non-extensible or frozen holder keeps its old value (the spec's CreateDataProperty → false).
    }
  }

  // ---- JSON.parse (§25.5.1)

  // InternalizeJSONProperty (§25.5.1.1).
  function internalize(holder, name, reviver) {
    const val = holder[name];
    if (typeof val === 'object' && val !== null) {
      if (isArray(val)) {
        const len = toLength(val.length);
        for (let i = 0; i < len; i++) {
          const key = `${i}`;
          const element = internalize(val, key, reviver);
          if (element === undefined) delete val[key];
          else tryCreateDataProperty(val, key, element);
        }
      } else {
        const keys = ownKeys(val, true, false, true);
        for (let i = 0; i < keys.length; i++) {
          const key = keys[i];
          const element = internalize(val, key, reviver);
          if (element === undefined) delete val[key];
          else tryCreateDataProperty(val, key, element);
        }
      }
    }
    return call(reviver, holder, name, val);
  }

  // JSON.parse step 11: the parsed value under "" of a fresh root object, walked with the reviver.
  function reviveRoot(unfiltered, reviver) {
    const root = {};
    createDataProperty(root, '', unfiltered);
    return internalize(root, '', reviver);
  }

  // JSON.parse with an object `text`: ToString(text) runs program code, then the native parses.
  function parseSlow(text, reviver) {
    return call(nativeParse, undefined, `${text}`, reviver);
  }

  // ---- JSON.stringify (§25.5.2)

  function stringifySlow(value, replacer, space) {
    const state = {
      replacer: undefined,
      propertyList: undefined,
      indentMode: false,
      gap: '',
      indent: '',
      stack: [],
      keys: [],
    };
    if (isObject(replacer)) {
      if (isCallable(replacer)) {
        state.replacer = replacer;
      } else if (isArray(replacer)) {
        const list = [];
        const seen = newSet();
        const len = toLength(replacer.length);
        for (let k = 0; k < len; k++) {
          const v = replacer[`${k}`];
          let item;
          if (typeof v === 'string') {
            item = v;
          } else if (typeof v === 'number') {
            item = `${v}`;
          } else if (typeof v === 'object' && v !== null) {
            const w = wrapperKind(v);
            if (w === 1 || w === 2) item = `${v}`;
          }
          if (item !== undefined && !setHas(seen, item)) {
            setAdd(seen, item, undefined);
            createDataProperty(list, list.length, item);
          }
        }
        state.propertyList = list;
      }
    }
    if (typeof space === 'object' && space !== null) {
      const w = wrapperKind(space);
      if (w === 1) space = +space;
      else if (w === 2) space = `${space}`;
    }
    if (typeof space === 'number') {
      // V8: min(space, 10) > 0 turns indentation on even when the gap is empty (0 < space < 1).
      const n = space > 10 ? 10 : space;
      if (n > 0) {
        state.indentMode = true;
        const count = toIntegerOrInfinity(n);
        let gap = '';
        for (let i = 0; i < count; i++) gap += ' ';
        state.gap = gap;
      }
    } else if (typeof space === 'string') {
      if (space.length > 0) {
        state.indentMode = true;
        state.gap = space.length <= 10 ? space : call(stringSlice, space, 0, 10);
      }
    }
    const wrapper = {};
    createDataProperty(wrapper, '', value);
    return serializeProperty(state, '', wrapper);
  }

  // SerializeJSONProperty (§25.5.2.2).
  function serializeProperty(state, key, holder) {
    let value = holder[key];
    if (isObject(value) || typeof value === 'bigint') {
      const toJSON = value.toJSON;
      if (isCallable(toJSON)) value = call(toJSON, value, key);
    }
    if (state.replacer !== undefined) value = call(state.replacer, holder, key, value);
    if (typeof value === 'object' && value !== null) {
      const w = wrapperKind(value);
      if (w === 1) value = +value;
      else if (w === 2) value = `${value}`;
      else if (w === 3 || w === 4) value = unwrap(value);
    }
    if (value === null) return 'null';
    if (value === true) return 'true';
    if (value === false) return 'false';
    if (typeof value === 'string') return quote(value);
    if (typeof value === 'number') return value - value === 0 ? `${value}` : 'null';
    if (typeof value === 'bigint') throw new $TypeError('Do not know how to serialize a BigInt');
    if (typeof value === 'object') {
      return isArray(value) ? serializeArray(state, value, key) : serializeObject(state, value, key);
    }
    return undefined;
  }

  function enter(state, value, key) {
    const stack = state.stack;
    for (let i = 0; i < stack.length; i++) {
      if (stack[i] === value) throw new $TypeError(circularMessage(stack, state.keys, key, value));
    }
    createDataProperty(stack, stack.length, value);
    createDataProperty(state.keys, state.keys.length, key);
  }

  function leave(state) {
    state.stack.length = state.stack.length - 1;
    state.keys.length = state.keys.length - 1;
  }

  // SerializeJSONObject (§25.5.2.4).
  function serializeObject(state, value, key) {
    enter(state, value, key);
    const stepback = state.indent;
    state.indent = stepback + state.gap;
    const K = state.propertyList !== undefined ? state.propertyList : ownKeys(value, true, false, true);
    const separator = state.indentMode ? ',\n' + state.indent : ',';
    let partial = '';
    let any = false;
    for (let i = 0; i < K.length; i++) {
      const P = K[i];
      const strP = serializeProperty(state, P, value);
      if (strP === undefined) continue;
      const member = quote(P) + (state.indentMode ? ': ' : ':') + strP;
      partial = any ? partial + separator + member : member;
      any = true;
    }
    let result;
    if (!any) result = '{}';
    else if (!state.indentMode) result = '{' + partial + '}';
    else result = '{\n' + state.indent + partial + '\n' + stepback + '}';
    leave(state);
    state.indent = stepback;
    return result;
  }

  // SerializeJSONArray (§25.5.2.5).
  function serializeArray(state, value, key) {
    enter(state, value, key);
    const stepback = state.indent;
    state.indent = stepback + state.gap;
    const len = toLength(value.length);
    const separator = state.indentMode ? ',\n' + state.indent : ',';
    let partial = '';
    for (let index = 0; index < len; index++) {
      let strP = serializeProperty(state, `${index}`, value);
      if (strP === undefined) strP = 'null';
      partial = index === 0 ? strP : partial + separator + strP;
    }
    let result;
    if (len === 0) result = '[]';
    else if (!state.indentMode) result = '[' + partial + ']';
    else result = '[\n' + state.indent + partial + '\n' + stepback + ']';
    leave(state);
    state.indent = stepback;
    return result;
  }

  I.jsonSetup(parseSlow, reviveRoot, stringifySlow);
})(__intrinsics__);
