// Web platform globals that model-written programs reach for (features-js.md "Globals"): DOMException,
// atob/btoa (HTML §8.3 forgiving-base64), structuredClone (HTML §2.7 StructuredSerialize/Deserialize
// within one realm), crypto.randomUUID (RFC 9562 version 4 from the run's seeded generator). Everything
// here may call program code (getters during structuredClone), which is why it is self-hosted.
// Only values captured here at realm creation are used afterwards, never globals a program could replace.
(function (I) {
  'use strict';
  const call = I.call;
  const defineValue = I.defineValue;
  const defineMethod = I.defineMethod;
  const createDataProperty = I.createDataProperty;
  const isCallable = I.isCallable;
  const ownKeys = I.ownKeys;
  const isEnumerableOwn = I.isEnumerableOwn;
  const getPrototypeOf = I.getPrototypeOf;
  const $TypeError = TypeError;
  const $Error = Error;
  const $String = String;
  const $Map = Map;
  const $Set = Set;
  const $Date = Date;
  const $RegExp = RegExp;
  const $Object = Object;
  const $Uint8Array = Uint8Array;
  const $ArrayBuffer = ArrayBuffer;
  const $DataView = DataView;
  const typedSet = getPrototypeOf(Uint8Array.prototype).set;
  // Indexed by I.typedKind (9 is DataView).
  const typedCtors = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array,
    Uint32Array, Float32Array, Float64Array, undefined, BigInt64Array, BigUint64Array];
  const fromCharCode = String.fromCharCode;
  const charCodeAt = String.prototype.charCodeAt;
  const mapGet = Map.prototype.get;
  const mapSet = Map.prototype.set;
  const mapHas = Map.prototype.has;
  const mapForEach = Map.prototype.forEach;
  const setAdd = Set.prototype.add;
  const setForEach = Set.prototype.forEach;
  const dateGetTime = Date.prototype.getTime;
  const numberValueOf = Number.prototype.valueOf;
  const booleanValueOf = Boolean.prototype.valueOf;
  const stringValueOf = String.prototype.valueOf;
  const bigintValueOf = BigInt.prototype.valueOf;
  const regexpSource = $Object.getOwnPropertyDescriptor(RegExp.prototype, 'source').get;
  const regexpFlags = $Object.getOwnPropertyDescriptor(RegExp.prototype, 'flags').get;
  const random = Math.random;
  const symbolToString = Symbol.prototype.toString;
  const functionToString = Function.prototype.toString;
  const floor = Math.floor;
  const builtinTag = I.builtinTag;
  const symToStringTag = I.symToStringTag;
  const errorCtors = {
    Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError,
  };
  // Realm-made Maps are not usable by runs (the realm heap is frozen): lookup tables are plain objects
  // and arrays.
  const errorNames = ['Error', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError'];
  function errorNameOfPrototype(p) {
    for (let i = 0; i < errorNames.length; i++) if (errorCtors[errorNames[i]].prototype === p) return errorNames[i];
    return undefined;
  }

  function isObject(v) {
    return (typeof v === 'object' && v !== null) || typeof v === 'function';
  }

  // ------------------------------------------------------------------------------------ DOMException
  // WebIDL §3.14.1. name and message are own non-enumerable data properties here (Node.js has prototype
  // getters) so that the Result rules and uncaught-error reports, which read data properties, see them.
  const legacyCodes = [
    ['IndexSizeError', 'INDEX_SIZE_ERR'], ['DOMStringSizeError', 'DOMSTRING_SIZE_ERR'],
    ['HierarchyRequestError', 'HIERARCHY_REQUEST_ERR'], ['WrongDocumentError', 'WRONG_DOCUMENT_ERR'],
    ['InvalidCharacterError', 'INVALID_CHARACTER_ERR'], ['NoDataAllowedError', 'NO_DATA_ALLOWED_ERR'],
    ['NoModificationAllowedError', 'NO_MODIFICATION_ALLOWED_ERR'], ['NotFoundError', 'NOT_FOUND_ERR'],
    ['NotSupportedError', 'NOT_SUPPORTED_ERR'], ['InUseAttributeError', 'INUSE_ATTRIBUTE_ERR'],
    ['InvalidStateError', 'INVALID_STATE_ERR'], ['SyntaxError', 'SYNTAX_ERR'],
    ['InvalidModificationError', 'INVALID_MODIFICATION_ERR'], ['NamespaceError', 'NAMESPACE_ERR'],
    ['InvalidAccessError', 'INVALID_ACCESS_ERR'], ['ValidationError', 'VALIDATION_ERR'],
    ['TypeMismatchError', 'TYPE_MISMATCH_ERR'], ['SecurityError', 'SECURITY_ERR'],
    ['NetworkError', 'NETWORK_ERR'], ['AbortError', 'ABORT_ERR'], ['URLMismatchError', 'URL_MISMATCH_ERR'],
    ['QuotaExceededError', 'QUOTA_EXCEEDED_ERR'], ['TimeoutError', 'TIMEOUT_ERR'],
    ['InvalidNodeTypeError', 'INVALID_NODE_TYPE_ERR'], ['DataCloneError', 'DATA_CLONE_ERR'],
  ];
  const codeOfName = $Object.create(null);
  for (let i = 0; i < legacyCodes.length; i++) codeOfName[legacyCodes[i][0]] = i + 1;

  class DOMException extends $Error {
    constructor(message = '', options = 'Error') {
      super();
      let name;
      if (isObject(options)) {
        name = 'name' in options ? `${options.name}` : 'Error';
      } else {
        name = `${options}`;
      }
      defineValue(this, 'message', `${message}`, 'wc');
      defineValue(this, 'name', name, 'wc');
      I.errorRestack(this);
    }
    get code() {
      const name = this.name;
      const c = typeof name === 'string' ? codeOfName[name] : undefined;
      return c === undefined ? 0 : c;
    }
  }
  defineValue(DOMException.prototype, 'name', 'Error', 'wc');
  defineValue(DOMException.prototype, 'message', '', 'wc');
  defineValue(DOMException.prototype, symToStringTag, 'DOMException', 'c');
  for (let i = 0; i < legacyCodes.length; i++) {
    defineValue(DOMException, legacyCodes[i][1], i + 1, 'e');
    defineValue(DOMException.prototype, legacyCodes[i][1], i + 1, 'e');
  }
  defineValue(globalThis, 'DOMException', DOMException, 'wc');

  // ------------------------------------------------------------------------------------ atob / btoa
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const B64_VALUE = [];
  for (let i = 0; i < 128; i++) B64_VALUE.push(-1);
  for (let i = 0; i < 64; i++) B64_VALUE[call(charCodeAt, B64, i)] = i;

  function requireArgument(count, name) {
    if (count === 0) {
      const e = new $TypeError(`The "${name}" argument must be specified`);
      defineValue(e, 'code', 'ERR_MISSING_ARGS', 'wc');
      throw e;
    }
  }

  // btoa(data) (HTML §8.3): every code unit must be ≤ 0xFF.
  function btoa(data) {
    requireArgument(arguments.length, 'input');
    const s = `${data}`;
    const n = s.length;
    const out = [];
    for (let i = 0; i < n; i++) {
      if (call(charCodeAt, s, i) > 0xff) throw new DOMException('Invalid character', 'InvalidCharacterError');
    }
    I.chargeSteps(n >> 4);
    for (let i = 0; i < n; i += 3) {
      const a = call(charCodeAt, s, i);
      const b = i + 1 < n ? call(charCodeAt, s, i + 1) : 0;
      const c = i + 2 < n ? call(charCodeAt, s, i + 2) : 0;
      out.push(B64[a >> 2], B64[((a & 3) << 4) | (b >> 4)],
               i + 1 < n ? B64[((b & 15) << 2) | (c >> 6)] : '=', i + 2 < n ? B64[c & 63] : '=');
    }
    return out.join('');
  }

  // atob(data): forgiving-base64 decode (WHATWG Infra §4.5) with Node.js's checks and messages: '='
  // only at the end and at most two, none when the other characters do not fill groups of four.
  function atob(data) {
    requireArgument(arguments.length, 'input');
    const s = `${data}`;
    const n = s.length;
    const vals = [];
    let equals = 0;
    for (let i = 0; i < n; i++) {
      const c = call(charCodeAt, s, i);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d) continue;
      if (c === 0x3d) {
        equals++;
        if (equals > 2) throw new DOMException('Invalid character', 'InvalidCharacterError');
        continue;
      }
      if (c >= 128 || B64_VALUE[c] < 0 || equals > 0) {
        throw new DOMException('Invalid character', 'InvalidCharacterError');
      }
      vals.push(B64_VALUE[c]);
    }
    let remainder = (vals.length + equals) % 4;
    if (remainder === 0) {
      remainder = vals.length % 4;
    } else if (equals > 0) {
      throw new DOMException('Invalid character', 'InvalidCharacterError');
    }
    if (remainder === 1) {
      throw new DOMException('The string to be decoded is not correctly encoded.', 'InvalidCharacterError');
    }
    I.chargeSteps(vals.length >> 4);
    const out = [];
    let buffer = 0;
    let bits = 0;
    for (let i = 0; i < vals.length; i++) {
      buffer = ((buffer << 6) | vals[i]) & 0xffffff;
      bits += 6;
      if (bits >= 8) {
        bits -= 8;
        out.push(fromCharCode((buffer >> bits) & 0xff));
      }
    }
    return out.join('');
  }
  defineMethod(globalThis, 'btoa', btoa, 1);
  defineMethod(globalThis, 'atob', atob, 1);

  // ------------------------------------------------------------------------------------ structuredClone
  function cloneError(what) {
    return new DOMException(`${what} could not be cloned.`, 'DataCloneError');
  }

  function describeForClone(v) {
    if (typeof v === 'symbol') return call(symbolToString, v);
    if (typeof v === 'function') return call(functionToString, v);
    if (I.objectClass(v) === 'Symbol') return '[object Symbol]';  // V8's wording for a Symbol wrapper
    return `#<${builtinTag(v) === 'Object' ? (isCallable(v.constructor) ? v.constructor.name || 'Object' : 'Object') : builtinTag(v)}>`;
  }

  // StructuredSerializeInternal + StructuredDeserialize in one pass (HTML §2.7.3–4): `memory` maps each
  // source object to its copy, so shared references and cycles are kept.
  function cloneValue(v, memory) {
    if (!isObject(v)) {
      if (typeof v === 'symbol') throw cloneError(describeForClone(v));
      return v;
    }
    const seen = call(mapGet, memory, v);
    if (seen !== undefined) return seen;
    if (typeof v === 'function') throw cloneError(describeForClone(v));
    let out;
    switch (I.objectClass(v)) {
      case 'Boolean':
        out = new $Object(call(booleanValueOf, v));
        call(mapSet, memory, v, out);
        return out;
      case 'Number':
        out = new $Object(call(numberValueOf, v));
        call(mapSet, memory, v, out);
        return out;
      case 'String':
        out = new $Object(call(stringValueOf, v));
        call(mapSet, memory, v, out);
        return out;
      case 'BigInt':
        out = new $Object(call(bigintValueOf, v));
        call(mapSet, memory, v, out);
        return out;
      case 'Date':
        out = new $Date(call(dateGetTime, v));
        call(mapSet, memory, v, out);
        return out;
      case 'RegExp':
        out = new $RegExp(call(regexpSource, v), call(regexpFlags, v));
        call(mapSet, memory, v, out);
        return out;
      case 'Map': {
        out = new $Map();
        call(mapSet, memory, v, out);
        const entries = [];
        call(mapForEach, v, (value, key) => { entries.push(key, value); });
        for (let i = 0; i < entries.length; i += 2) {
          const k = cloneValue(entries[i], memory);
          call(mapSet, out, k, cloneValue(entries[i + 1], memory));
        }
        return out;
      }
      case 'Set': {
        out = new $Set();
        call(mapSet, memory, v, out);
        const values = [];
        call(setForEach, v, (value) => { values.push(value); });
        for (let i = 0; i < values.length; i++) call(setAdd, out, cloneValue(values[i], memory));
        return out;
      }
      case 'Error': {
        // Name from the prototype chain's nearest built-in error prototype, as V8 serializes it.
        let name = 'Error';
        let p = getPrototypeOf(v);
        while (p !== null) {
          const n = errorNameOfPrototype(p);
          if (n !== undefined) {
            name = n;
            break;
          }
          p = getPrototypeOf(p);
        }
        const ownName = $Object.getOwnPropertyDescriptor(v, 'name');
        if (ownName === undefined) {
          // keep the prototype's name
        } else if ('value' in ownName && typeof ownName.value === 'string' && errorNames.includes(ownName.value)) {
          name = ownName.value;
        }
        out = $Object.create(errorCtors[name].prototype);
        call(mapSet, memory, v, out);
        const msg = $Object.getOwnPropertyDescriptor(v, 'message');
        if (msg !== undefined) defineValue(out, 'message', `${v.message}`, 'wc');
        const stack = $Object.getOwnPropertyDescriptor(v, 'stack');
        if (stack !== undefined && typeof v.stack === 'string') defineValue(out, 'stack', v.stack, 'wc');
        if ($Object.getOwnPropertyDescriptor(v, 'cause') !== undefined) {
          defineValue(out, 'cause', cloneValue(v.cause, memory), 'wc');
        }
        return out;
      }
      case 'Array': {
        out = [];
        call(mapSet, memory, v, out);
        out.length = v.length;
        copyOwnEnumerable(v, out, memory);
        return out;
      }
      case 'Object':
        out = {};
        call(mapSet, memory, v, out);
        copyOwnEnumerable(v, out, memory);
        return out;
      case 'ArrayBuffer': {
        const n = I.bufferByteLength(v);
        out = new $ArrayBuffer(n);
        call(typedSet, new $Uint8Array(out), new $Uint8Array(v));
        call(mapSet, memory, v, out);
        return out;
      }
      case 'TypedArray':
      case 'DataView': {
        // The buffer is cloned through `memory`, so views sharing one buffer still share its clone.
        const buffer = cloneValue(I.typedBuffer(v), memory);
        const kind = I.typedKind(v);
        out = kind === 9 ? new $DataView(buffer, I.typedByteOffset(v), I.typedLength(v))
          : new typedCtors[kind](buffer, I.typedByteOffset(v), I.typedLength(v));
        call(mapSet, memory, v, out);
        return out;
      }
      default:
        throw cloneError(describeForClone(v));
    }
  }

  // Own enumerable string-keyed properties, read with [[Get]] (getters run) in key order; a key
  // deleted or made non-enumerable by an earlier getter is skipped (HTML §2.7.3 step 26.4).
  function copyOwnEnumerable(from, to, memory) {
    const keys = ownKeys(from, true, false, false);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      if (!isEnumerableOwn(from, k)) continue;
      createDataProperty(to, k, cloneValue(from[k], memory));
    }
  }

  function structuredClone(value, options) {
    requireArgument(arguments.length, 'value');
    if (options !== undefined && options !== null) {
      if (!isObject(options)) throw new $TypeError('The "options" argument must be of type object.');
      const transfer = options.transfer;
      if (transfer !== undefined) {
        const list = [...transfer];
        if (list.length > 0) {
          throw cloneError(describeForClone(list[0]));
        }
      }
    }
    return cloneValue(value, new $Map());
  }
  defineMethod(globalThis, 'structuredClone', structuredClone, 1);

  // ------------------------------------------------------------------------------------ crypto
  // randomUUID (WebCrypto §10.1.1; RFC 9562 §5.4): 122 bits from the run's generator, so a run id
  // gives the same UUIDs on every replay and across suspend/resume. getRandomValues (WebCrypto §10.1.2)
  // fills an integer typed array's bytes from the same generator.
  const HEX = '0123456789abcdef';
  const crypto = {};
  function randomUUID() {
    if (this !== crypto) {
      const e = new $TypeError('Value of "this" must be of type Crypto');
      defineValue(e, 'code', 'ERR_INVALID_THIS', 'wc');
      throw e;
    }
    const parts = [];
    for (let i = 0; i < 16; i++) {
      let b = floor(call(random, undefined) * 256);
      if (i === 6) b = (b & 0x0f) | 0x40;
      if (i === 8) b = (b & 0x3f) | 0x80;
      if (i === 4 || i === 6 || i === 8 || i === 10) parts.push('-');
      parts.push(HEX[b >> 4], HEX[b & 15]);
    }
    return parts.join('');
  }
  function getRandomValues(array) {
    if (this !== crypto) {
      const e = new $TypeError('Value of "this" must be of type Crypto');
      defineValue(e, 'code', 'ERR_INVALID_THIS', 'wc');
      throw e;
    }
    if (arguments.length === 0) {
      throw new $TypeError("Failed to execute 'getRandomValues' on 'Crypto': 1 argument required, but only 0 present.");
    }
    const kind = I.typedKind(array);
    // Integer element types only: not Float32/Float64 (7, 8), not a DataView (9); BigInt64/BigUint64
    // (10, 11) are integer types too.
    if (kind < 0 || (kind > 6 && kind < 10)) {
      throw new DOMException('The data argument must be an integer-type TypedArray', 'TypeMismatchError');
    }
    const byteLength = I.typedLength(array) * [1, 1, 1, 2, 2, 4, 4, 0, 0, 0, 8, 8][kind];
    if (byteLength > 65536) {
      throw new DOMException('The requested length exceeds 65,536 bytes', 'QuotaExceededError');
    }
    const bytes = new $Uint8Array(I.typedBuffer(array), I.typedByteOffset(array), byteLength);
    for (let i = 0; i < byteLength; i++) bytes[i] = floor(call(random, undefined) * 256);
    return array;
  }
  defineMethod(crypto, 'randomUUID', randomUUID, 0);
  defineMethod(crypto, 'getRandomValues', getRandomValues, 1);
  defineValue(crypto, symToStringTag, 'Crypto', 'c');
  defineValue(globalThis, 'crypto', crypto, 'wc');
})(__intrinsics__);
