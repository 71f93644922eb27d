// URL and URLSearchParams (WHATWG URL Standard): the basic URL parser with state overrides (§4.4), host
// parsing with IPv4/IPv6 (§3.5), serializers (§4.5, §3.6), application/x-www-form-urlencoded (§5), and
// the API (§6) with a live `searchParams`. Self-hosted: URLSearchParams takes iterables and records, and
// the setters convert their argument with ToString, which may run program code.
// Internationalized domain names go through UTS #46 (ICU's IDNA, as Node.js's URL parser applies it).
// Only values captured here at realm creation are used afterwards, never globals a program could replace.
(function (I) {
  'use strict';
  const call = I.call;
  const defineValue = I.defineValue;
  const isCallable = I.isCallable;
  const ownKeys = I.ownKeys;
  const isEnumerableOwn = I.isEnumerableOwn;
  const symIterator = I.symIterator;
  const symToStringTag = I.symToStringTag;
  const $TypeError = TypeError;
  const $Object = Object;
  const fromCharCode = String.fromCharCode;
  const fromCodePoint = String.fromCodePoint;
  const charCodeAt = String.prototype.charCodeAt;
  const codePointAt = String.prototype.codePointAt;
  const toLowerCase = String.prototype.toLowerCase;
  const toUpperCase = String.prototype.toUpperCase;
  const stringSlice = String.prototype.slice;
  const stringIndexOf = String.prototype.indexOf;
  const arraySort = Array.prototype.sort;
  const parseIntFn = parseInt;
  const HEX = '0123456789ABCDEF';

  function isObject(v) {
    return (typeof v === 'object' && v !== null) || typeof v === 'function';
  }

  // ---------------------------------------------------------------------------------- bytes and text
  // USVString conversion (WebIDL): lone surrogates become U+FFFD.
  function toUSV(s) {
    const n = s.length;
    let out = null;
    for (let i = 0; i < n; i++) {
      const c = call(charCodeAt, s, i);
      if (c < 0xd800 || c > 0xdfff) continue;
      if (c <= 0xdbff && i + 1 < n) {
        const d = call(charCodeAt, s, i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          i++;
          continue;
        }
      }
      if (out === null) out = [];
      out.push(i);
    }
    if (out === null) return s;
    const parts = [];
    let last = 0;
    for (let k = 0; k < out.length; k++) {
      parts.push(call(stringSlice, s, last, out[k]), '\ufffd');
      last = out[k] + 1;
    }
    parts.push(call(stringSlice, s, last));
    return parts.join('');
  }

  // UTF-8 bytes of one code point.
  function utf8Bytes(cp, out) {
    if (cp < 0x80) {
      out.push(cp);
    } else if (cp < 0x800) {
      out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    } else if (cp < 0x10000) {
      out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    } else {
      out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    }
  }

  function utf8Encode(s) {
    const out = [];
    for (let i = 0; i < s.length; i++) {
      let cp = call(codePointAt, s, i);
      if (cp > 0xffff) i++;
      else if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
      utf8Bytes(cp, out);
    }
    return out;
  }

  // UTF-8 decode without BOM (Encoding Standard §4.1, replacement of maximal subparts).
  function utf8Decode(bytes) {
    const out = [];
    const n = bytes.length;
    let i = 0;
    while (i < n) {
      const b = bytes[i];
      if (b < 0x80) {
        out.push(fromCharCode(b));
        i++;
        continue;
      }
      let need = 0;
      let cp = 0;
      let lower = 0x80;
      let upper = 0xbf;
      if (b >= 0xc2 && b <= 0xdf) {
        need = 1;
        cp = b & 0x1f;
      } else if (b >= 0xe0 && b <= 0xef) {
        if (b === 0xe0) lower = 0xa0;
        if (b === 0xed) upper = 0x9f;
        need = 2;
        cp = b & 0xf;
      } else if (b >= 0xf0 && b <= 0xf4) {
        if (b === 0xf0) lower = 0x90;
        if (b === 0xf4) upper = 0x8f;
        need = 3;
        cp = b & 0x7;
      } else {
        out.push('\ufffd');
        i++;
        continue;
      }
      let j = i + 1;
      let ok = true;
      for (let k = 0; k < need; k++, j++) {
        const c = j < n ? bytes[j] : -1;
        if (c < lower || c > upper) {
          ok = false;
          break;
        }
        lower = 0x80;
        upper = 0xbf;
        cp = (cp << 6) | (c & 63);
      }
      if (!ok) {
        out.push('\ufffd');
        i = j;
        continue;
      }
      out.push(fromCodePoint(cp));
      i = j;
    }
    return out.join('');
  }

  function hexValue(c) {
    if (c >= 0x30 && c <= 0x39) return c - 0x30;
    if (c >= 0x41 && c <= 0x46) return c - 0x37;
    if (c >= 0x61 && c <= 0x66) return c - 0x57;
    return -1;
  }

  // Percent-decode (§1.3) a string's UTF-8 bytes.
  function percentDecodeBytes(s) {
    const bytes = utf8Encode(s);
    const out = [];
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      if (b === 0x25 && i + 2 < bytes.length) {
        const h = hexValue(bytes[i + 1]);
        const l = hexValue(bytes[i + 2]);
        if (h >= 0 && l >= 0) {
          out.push(h * 16 + l);
          i += 2;
          continue;
        }
      }
      out.push(b);
    }
    return out;
  }

  // Percent-encode sets (§1.3) as predicates over a code point.
  function inC0Control(c) {
    return c < 0x20 || c > 0x7e;
  }
  function inFragment(c) {
    return inC0Control(c) || c === 0x20 || c === 0x22 || c === 0x3c || c === 0x3e || c === 0x60;
  }
  function inQuery(c) {
    return inC0Control(c) || c === 0x20 || c === 0x22 || c === 0x23 || c === 0x3c || c === 0x3e;
  }
  function inSpecialQuery(c) {
    return inQuery(c) || c === 0x27;
  }
  function inPath(c) {
    return inQuery(c) || c === 0x3f || c === 0x60 || c === 0x7b || c === 0x7d;
  }
  function inUserinfo(c) {
    return inPath(c) || c === 0x2f || c === 0x3a || c === 0x3b || c === 0x3d || c === 0x40 ||
      (c >= 0x5b && c <= 0x5e) || c === 0x7c;
  }
  function inComponent(c) {
    return inUserinfo(c) || (c >= 0x24 && c <= 0x26) || c === 0x2b || c === 0x2c;
  }
  function inFormUrlencoded(c) {
    return inComponent(c) || c === 0x21 || (c >= 0x27 && c <= 0x29) || c === 0x7e;
  }

  function pctByte(b) {
    return '%' + HEX[b >> 4] + HEX[b & 15];
  }

  // UTF-8 percent-encode every code point of s that is in `set`.
  function encodeSet(s, set) {
    let out = '';
    for (let i = 0; i < s.length; i++) {
      let cp = call(codePointAt, s, i);
      if (cp > 0xffff) i++;
      else if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
      if (!set(cp)) {
        out += fromCharCode(cp);
        continue;
      }
      const bytes = [];
      utf8Bytes(cp, bytes);
      for (let k = 0; k < bytes.length; k++) out += pctByte(bytes[k]);
    }
    return out;
  }

  // ---------------------------------------------------------------------------------- hosts (§3.5)
  function isForbiddenHost(c) {
    return c === 0 || c === 9 || c === 0xa || c === 0xd || c === 0x20 || c === 0x23 || c === 0x2f ||
      c === 0x3a || c === 0x3c || c === 0x3e || c === 0x3f || c === 0x40 || c === 0x5b || c === 0x5c ||
      c === 0x5d || c === 0x5e || c === 0x7c;
  }
  function isForbiddenDomain(c) {
    return isForbiddenHost(c) || (c >= 0 && c <= 0x1f) || c === 0x25 || c === 0x7f;
  }

  const FAILURE = { failure: true };

  // IPv4 number parser (§3.5): a number, or FAILURE.
  function parseIPv4Number(s) {
    if (s === '') return FAILURE;
    let radix = 10;
    if (s.length >= 2 && s[0] === '0' && (s[1] === 'x' || s[1] === 'X')) {
      s = call(stringSlice, s, 2);
      radix = 16;
    } else if (s.length >= 2 && s[0] === '0') {
      s = call(stringSlice, s, 1);
      radix = 8;
    }
    if (s === '') return 0;
    for (let i = 0; i < s.length; i++) {
      const c = call(charCodeAt, s, i);
      const ok = radix === 10 ? c >= 0x30 && c <= 0x39 : radix === 8 ? c >= 0x30 && c <= 0x37 : hexValue(c) >= 0;
      if (!ok) return FAILURE;
    }
    return parseIntFn(s, radix);
  }

  function endsInANumber(s) {
    const parts = s.split('.');
    if (parts[parts.length - 1] === '') {
      if (parts.length === 1) return false;
      parts.pop();
    }
    const last = parts[parts.length - 1];
    if (last !== '') {
      let digits = true;
      for (let i = 0; i < last.length; i++) {
        const c = call(charCodeAt, last, i);
        if (c < 0x30 || c > 0x39) digits = false;
      }
      if (digits) return true;
    }
    return parseIPv4Number(last) !== FAILURE;
  }

  function parseIPv4(s) {
    const parts = s.split('.');
    if (parts[parts.length - 1] === '' && parts.length > 1) parts.pop();
    if (parts.length > 4) return FAILURE;
    const numbers = [];
    for (let i = 0; i < parts.length; i++) {
      const n = parseIPv4Number(parts[i]);
      if (n === FAILURE) return FAILURE;
      numbers.push(n);
    }
    for (let i = 0; i < numbers.length - 1; i++) if (numbers[i] > 255) return FAILURE;
    if (numbers[numbers.length - 1] >= 256 ** (5 - numbers.length)) return FAILURE;
    let ipv4 = numbers[numbers.length - 1];
    for (let i = 0; i < numbers.length - 1; i++) ipv4 += numbers[i] * 256 ** (3 - i);
    return ipv4;
  }

  function serializeIPv4(n) {
    const out = [];
    for (let i = 0; i < 4; i++) {
      out.unshift(`${n % 256}`);
      n = Math.floor(n / 256);
    }
    return out.join('.');
  }

  function parseIPv6(input) {
    const address = [0, 0, 0, 0, 0, 0, 0, 0];
    let pieceIndex = 0;
    let compress = null;
    let p = 0;
    const n = input.length;
    const at = (i) => (i < n ? call(charCodeAt, input, i) : -1);
    if (at(p) === 0x3a) {
      if (at(p + 1) !== 0x3a) return FAILURE;
      p += 2;
      pieceIndex++;
      compress = pieceIndex;
    }
    while (at(p) !== -1) {
      if (pieceIndex === 8) return FAILURE;
      if (at(p) === 0x3a) {
        if (compress !== null) return FAILURE;
        p++;
        pieceIndex++;
        compress = pieceIndex;
        continue;
      }
      let value = 0;
      let length = 0;
      while (length < 4 && hexValue(at(p)) >= 0) {
        value = value * 16 + hexValue(at(p));
        p++;
        length++;
      }
      if (at(p) === 0x2e) {
        if (length === 0) return FAILURE;
        p -= length;
        if (pieceIndex > 6) return FAILURE;
        let numbersSeen = 0;
        while (at(p) !== -1) {
          let ipv4Piece = null;
          if (numbersSeen > 0) {
            if (at(p) === 0x2e && numbersSeen < 4) p++;
            else return FAILURE;
          }
          if (!(at(p) >= 0x30 && at(p) <= 0x39)) return FAILURE;
          while (at(p) >= 0x30 && at(p) <= 0x39) {
            const number = at(p) - 0x30;
            if (ipv4Piece === null) ipv4Piece = number;
            else if (ipv4Piece === 0) return FAILURE;
            else ipv4Piece = ipv4Piece * 10 + number;
            if (ipv4Piece > 255) return FAILURE;
            p++;
          }
          address[pieceIndex] = address[pieceIndex] * 0x100 + ipv4Piece;
          numbersSeen++;
          if (numbersSeen === 2 || numbersSeen === 4) pieceIndex++;
        }
        if (numbersSeen !== 4) return FAILURE;
        break;
      } else if (at(p) === 0x3a) {
        p++;
        if (at(p) === -1) return FAILURE;
      } else if (at(p) !== -1) {
        return FAILURE;
      }
      address[pieceIndex] = value;
      pieceIndex++;
    }
    if (compress !== null) {
      let swaps = pieceIndex - compress;
      pieceIndex = 7;
      while (pieceIndex !== 0 && swaps > 0) {
        const t = address[pieceIndex];
        address[pieceIndex] = address[compress + swaps - 1];
        address[compress + swaps - 1] = t;
        pieceIndex--;
        swaps--;
      }
    } else if (pieceIndex !== 8) {
      return FAILURE;
    }
    return address;
  }

  function serializeIPv6(address) {
    // The first longest run of two or more 0 pieces is compressed.
    let bestStart = -1;
    let bestLen = 1;
    for (let i = 0; i < 8;) {
      if (address[i] !== 0) {
        i++;
        continue;
      }
      let j = i;
      while (j < 8 && address[j] === 0) j++;
      if (j - i > bestLen) {
        bestStart = i;
        bestLen = j - i;
      }
      i = j;
    }
    let out = '';
    let ignore0 = false;
    for (let i = 0; i < 8; i++) {
      if (ignore0 && address[i] === 0) continue;
      ignore0 = false;
      if (i === bestStart) {
        out += i === 0 ? '::' : ':';
        ignore0 = true;
        continue;
      }
      out += address[i].toString(16);
      if (i !== 7) out += ':';
    }
    return out;
  }

  function parseOpaqueHost(input) {
    for (let i = 0; i < input.length; i++) {
      const c = call(charCodeAt, input, i);
      if (c !== 0x25 && isForbiddenHost(c)) return FAILURE;
    }
    return encodeSet(input, inC0Control);
  }

  // domain to ASCII (§3.3, beStrict false): an ASCII host without "xn--" labels is only lowercased (all
  // UTS #46 would do to it); any other goes through UTS #46 ToASCII (ICU, vm/builtins/idna.cc: mapping,
  // normalization, Punycode, the Bidi and ContextJ rules, validation of existing "xn--" labels), whose
  // error makes the host invalid.
  function domainToASCII(domain) {
    let ascii = true;
    for (let i = 0; i < domain.length; i++) if (call(charCodeAt, domain, i) > 0x7f) ascii = false;
    if (ascii) {
      const lowered = call(toLowerCase, domain);
      if (call(stringIndexOf, lowered, 'xn--') < 0) return lowered;
    }
    const r = I.idnaToASCII(domain);
    return r === null ? FAILURE : r;
  }

  // Host parser (§3.5): a serialized host string, or FAILURE.
  function parseHost(input, isOpaque) {
    if (input.length > 0 && input[0] === '[') {
      if (input[input.length - 1] !== ']') return FAILURE;
      const a = parseIPv6(call(stringSlice, input, 1, input.length - 1));
      return a === FAILURE ? FAILURE : `[${serializeIPv6(a)}]`;
    }
    if (isOpaque) return parseOpaqueHost(input);
    const domain = utf8Decode(percentDecodeBytes(input));
    const asciiDomain = domainToASCII(domain);
    if (asciiDomain === FAILURE || asciiDomain === '') return FAILURE;
    for (let i = 0; i < asciiDomain.length; i++) {
      if (isForbiddenDomain(call(charCodeAt, asciiDomain, i))) return FAILURE;
    }
    if (endsInANumber(asciiDomain)) {
      const v4 = parseIPv4(asciiDomain);
      return v4 === FAILURE ? FAILURE : serializeIPv4(v4);
    }
    return asciiDomain;
  }

  // ---------------------------------------------------------------------------------- URL records
  const SPECIAL = { 'ftp': 21, 'file': null, 'http': 80, 'https': 443, 'ws': 80, 'wss': 443 };
  function isSpecialScheme(s) {
    return s === 'ftp' || s === 'file' || s === 'http' || s === 'https' || s === 'ws' || s === 'wss';
  }
  function defaultPort(s) {
    return isSpecialScheme(s) ? SPECIAL[s] : null;
  }

  function newRecord() {
    return { scheme: '', username: '', password: '', host: null, port: null, path: [], opaque: false, query: null, fragment: null };
  }

  function copyRecord(r) {
    return {
      scheme: r.scheme, username: r.username, password: r.password, host: r.host, port: r.port,
      path: r.opaque ? r.path : r.path.slice(), opaque: r.opaque, query: r.query, fragment: r.fragment,
    };
  }

  function isAsciiAlpha(c) {
    return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
  }
  function isAsciiDigit(c) {
    return c >= 0x30 && c <= 0x39;
  }
  function isAsciiAlnum(c) {
    return isAsciiAlpha(c) || isAsciiDigit(c);
  }

  function isWindowsDriveLetter(s, normalizedOnly) {
    if (s.length !== 2 || !isAsciiAlpha(call(charCodeAt, s, 0))) return false;
    return s[1] === ':' || (!normalizedOnly && s[1] === '|');
  }
  function startsWithWindowsDriveLetter(cps, p) {
    if (cps.length - p < 2) return false;
    if (!isAsciiAlpha(cps[p]) || (cps[p + 1] !== 0x3a && cps[p + 1] !== 0x7c)) return false;
    if (cps.length - p === 2) return true;
    const c = cps[p + 2];
    return c === 0x2f || c === 0x5c || c === 0x3f || c === 0x23;
  }

  function isSingleDot(s) {
    return s === '.' || call(toLowerCase, s) === '%2e';
  }
  function isDoubleDot(s) {
    const l = call(toLowerCase, s);
    return l === '..' || l === '.%2e' || l === '%2e.' || l === '%2e%2e';
  }

  function shortenPath(url) {
    const path = url.path;
    if (url.scheme === 'file' && path.length === 1 && isWindowsDriveLetter(path[0], true)) return;
    path.pop();
  }

  // Code points of a string (surrogate pairs joined; lone surrogates kept as code units, which every
  // percent-encode set contains, so they come out as U+FFFD's bytes).
  function codePoints(s) {
    const out = [];
    for (let i = 0; i < s.length; i++) {
      const cp = call(codePointAt, s, i);
      if (cp > 0xffff) i++;
      out.push(cp);
    }
    return out;
  }

  function cpString(cps, from, to) {
    let s = '';
    for (let i = from; i < to; i++) s += fromCodePoint(cps[i] >= 0xd800 && cps[i] <= 0xdfff ? 0xfffd : cps[i]);
    return s;
  }

  function encodeCp(cp, set) {
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
    if (!set(cp)) return fromCodePoint(cp);
    const bytes = [];
    utf8Bytes(cp, bytes);
    let out = '';
    for (let k = 0; k < bytes.length; k++) out += pctByte(bytes[k]);
    return out;
  }

  // A relative reference inherits the base's query, except an empty one: Node.js 20 (ada) drops it
  // ("" against "http://h/?" is "http://h/"), where the standard keeps the "?". The oracle decides.
  function inheritedQuery(base) {
    return base.query === '' ? null : base.query;
  }

  // States of the basic URL parser (§4.4).
  const SCHEME_START = 1, SCHEME = 2, NO_SCHEME = 3, SPECIAL_RELATIVE_OR_AUTHORITY = 4,
    PATH_OR_AUTHORITY = 5, RELATIVE = 6, RELATIVE_SLASH = 7, SPECIAL_AUTHORITY_SLASHES = 8,
    SPECIAL_AUTHORITY_IGNORE_SLASHES = 9, AUTHORITY = 10, HOST = 11, HOSTNAME = 12, PORT = 13, FILE = 14,
    FILE_SLASH = 15, FILE_HOST = 16, PATH_START = 17, PATH = 18, OPAQUE_PATH = 19, QUERY = 20,
    FRAGMENT = 21;
  const EOF = -1;

  function trimControlAndSpace(s) {
    let a = 0;
    let b = s.length;
    while (a < b && call(charCodeAt, s, a) <= 0x20) a++;
    while (b > a && call(charCodeAt, s, b - 1) <= 0x20) b--;
    return call(stringSlice, s, a, b);
  }

  function removeTabNewline(s) {
    let out = '';
    for (let i = 0; i < s.length; i++) {
      const c = call(charCodeAt, s, i);
      if (c !== 9 && c !== 0xa && c !== 0xd) out += s[i];
    }
    return out;
  }

  // The basic URL parser (§4.4): returns a record, FAILURE, or (with a state override) the
  // record `url` modified in place / RETURN when the override stops early.
  const RETURN = { ret: true };
  function basicParse(input, base, url, stateOverride) {
    if (!url) {
      url = newRecord();
      input = trimControlAndSpace(input);
    }
    input = removeTabNewline(input);
    let state = stateOverride || SCHEME_START;
    let buffer = '';
    let atSignSeen = false;
    let insideBrackets = false;
    let passwordTokenSeen = false;
    const cps = codePoints(input);
    const len = cps.length;
    I.chargeSteps(len >> 3);
    for (let p = 0; ; p++) {
      const c = p < len ? cps[p] : EOF;
      switch (state) {
        case SCHEME_START:
          if (c !== EOF && isAsciiAlpha(c)) {
            buffer += call(toLowerCase, fromCharCode(c));
            state = SCHEME;
          } else if (!stateOverride) {
            state = NO_SCHEME;
            p--;
          } else {
            return FAILURE;
          }
          break;
        case SCHEME:
          if (c !== EOF && (isAsciiAlnum(c) || c === 0x2b || c === 0x2d || c === 0x2e)) {
            buffer += call(toLowerCase, fromCharCode(c));
          } else if (c === 0x3a) {
            if (stateOverride) {
              if (isSpecialScheme(url.scheme) !== isSpecialScheme(buffer)) return RETURN;
              if ((url.username !== '' || url.password !== '' || url.port !== null) && buffer === 'file') return RETURN;
              if (url.scheme === 'file' && url.host === '') return RETURN;
            }
            url.scheme = buffer;
            if (stateOverride) {
              if (url.port === defaultPort(url.scheme)) url.port = null;
              return RETURN;
            }
            buffer = '';
            if (url.scheme === 'file') {
              state = FILE;
            } else if (isSpecialScheme(url.scheme) && base && base.scheme === url.scheme) {
              state = SPECIAL_RELATIVE_OR_AUTHORITY;
            } else if (isSpecialScheme(url.scheme)) {
              state = SPECIAL_AUTHORITY_SLASHES;
            } else if (p + 1 < len && cps[p + 1] === 0x2f) {
              state = PATH_OR_AUTHORITY;
              p++;
            } else {
              url.path = '';
              url.opaque = true;
              state = OPAQUE_PATH;
            }
          } else if (!stateOverride) {
            buffer = '';
            state = NO_SCHEME;
            p = -1;
          } else {
            return FAILURE;
          }
          break;
        case NO_SCHEME:
          if (!base || (base.opaque && c !== 0x23)) return FAILURE;
          if (base.opaque && c === 0x23) {
            url.scheme = base.scheme;
            url.path = base.path;
            url.opaque = true;
            url.query = inheritedQuery(base);
            url.fragment = '';
            state = FRAGMENT;
          } else if (base.scheme !== 'file') {
            state = RELATIVE;
            p--;
          } else {
            state = FILE;
            p--;
          }
          break;
        case SPECIAL_RELATIVE_OR_AUTHORITY:
          if (c === 0x2f && p + 1 < len && cps[p + 1] === 0x2f) {
            state = SPECIAL_AUTHORITY_IGNORE_SLASHES;
            p++;
          } else {
            state = RELATIVE;
            p--;
          }
          break;
        case PATH_OR_AUTHORITY:
          if (c === 0x2f) {
            state = AUTHORITY;
          } else {
            state = PATH;
            p--;
          }
          break;
        case RELATIVE:
          url.scheme = base.scheme;
          if (c === 0x2f) {
            state = RELATIVE_SLASH;
          } else if (isSpecialScheme(url.scheme) && c === 0x5c) {
            state = RELATIVE_SLASH;
          } else {
            url.username = base.username;
            url.password = base.password;
            url.host = base.host;
            url.port = base.port;
            url.path = base.path.slice();
            url.query = inheritedQuery(base);
            if (c === 0x3f) {
              url.query = '';
              state = QUERY;
            } else if (c === 0x23) {
              url.fragment = '';
              state = FRAGMENT;
            } else if (c !== EOF) {
              url.query = null;
              shortenPath(url);
              state = PATH;
              p--;
            }
          }
          break;
        case RELATIVE_SLASH:
          if (isSpecialScheme(url.scheme) && (c === 0x2f || c === 0x5c)) {
            state = SPECIAL_AUTHORITY_IGNORE_SLASHES;
          } else if (c === 0x2f) {
            state = AUTHORITY;
          } else {
            url.username = base.username;
            url.password = base.password;
            url.host = base.host;
            url.port = base.port;
            state = PATH;
            p--;
          }
          break;
        case SPECIAL_AUTHORITY_SLASHES:
          if (c === 0x2f && p + 1 < len && cps[p + 1] === 0x2f) {
            state = SPECIAL_AUTHORITY_IGNORE_SLASHES;
            p++;
          } else {
            state = SPECIAL_AUTHORITY_IGNORE_SLASHES;
            p--;
          }
          break;
        case SPECIAL_AUTHORITY_IGNORE_SLASHES:
          if (c !== 0x2f && c !== 0x5c) {
            state = AUTHORITY;
            p--;
          }
          break;
        case AUTHORITY:
          if (c === 0x40) {
            if (atSignSeen) buffer = '%40' + buffer;
            atSignSeen = true;
            const bcps = codePoints(buffer);
            for (let k = 0; k < bcps.length; k++) {
              if (bcps[k] === 0x3a && !passwordTokenSeen) {
                passwordTokenSeen = true;
                continue;
              }
              const enc = encodeCp(bcps[k], inUserinfo);
              if (passwordTokenSeen) url.password += enc;
              else url.username += enc;
            }
            buffer = '';
          } else if (c === EOF || c === 0x2f || c === 0x3f || c === 0x23 || (isSpecialScheme(url.scheme) && c === 0x5c)) {
            if (atSignSeen && buffer === '') return FAILURE;
            p -= codePoints(buffer).length + 1;
            buffer = '';
            state = HOST;
          } else {
            buffer += fromCodePoint(c >= 0xd800 && c <= 0xdfff ? 0xfffd : c);
          }
          break;
        case HOST:
        case HOSTNAME:
          if (stateOverride && url.scheme === 'file') {
            p--;
            state = FILE_HOST;
          } else if (c === 0x3a && !insideBrackets) {
            if (buffer === '') return FAILURE;
            if (stateOverride === HOSTNAME) return RETURN;
            const host = parseHost(buffer, !isSpecialScheme(url.scheme));
            if (host === FAILURE) return FAILURE;
            url.host = host;
            buffer = '';
            state = PORT;
          } else if (c === EOF || c === 0x2f || c === 0x3f || c === 0x23 || (isSpecialScheme(url.scheme) && c === 0x5c)) {
            p--;
            if (isSpecialScheme(url.scheme) && buffer === '') return FAILURE;
            if (stateOverride && buffer === '' && (url.username !== '' || url.password !== '' || url.port !== null)) {
              return RETURN;
            }
            const host = parseHost(buffer, !isSpecialScheme(url.scheme));
            if (host === FAILURE) return FAILURE;
            url.host = host;
            buffer = '';
            state = PATH_START;
            if (stateOverride) return RETURN;
          } else {
            if (c === 0x5b) insideBrackets = true;
            if (c === 0x5d) insideBrackets = false;
            buffer += fromCodePoint(c >= 0xd800 && c <= 0xdfff ? 0xfffd : c);
          }
          break;
        case PORT:
          if (c !== EOF && isAsciiDigit(c)) {
            buffer += fromCharCode(c);
          } else if (c === EOF || c === 0x2f || c === 0x3f || c === 0x23 || (isSpecialScheme(url.scheme) && c === 0x5c) || stateOverride) {
            if (buffer !== '') {
              let port = 0;
              for (let k = 0; k < buffer.length; k++) {
                port = port * 10 + (call(charCodeAt, buffer, k) - 0x30);
                if (port > 65535) return FAILURE;
              }
              url.port = port === defaultPort(url.scheme) ? null : port;
              buffer = '';
              if (stateOverride) return RETURN;
            }
            if (stateOverride) return FAILURE;
            state = PATH_START;
            p--;
          } else {
            return FAILURE;
          }
          break;
        case FILE:
          url.scheme = 'file';
          url.host = '';
          if (c === 0x2f || c === 0x5c) {
            state = FILE_SLASH;
          } else if (base && base.scheme === 'file') {
            url.host = base.host;
            url.path = base.path.slice();
            url.query = inheritedQuery(base);
            if (c === 0x3f) {
              url.query = '';
              state = QUERY;
            } else if (c === 0x23) {
              url.fragment = '';
              state = FRAGMENT;
            } else if (c !== EOF) {
              url.query = null;
              if (!startsWithWindowsDriveLetter(cps, p)) shortenPath(url);
              else url.path = [];
              state = PATH;
              p--;
            }
          } else {
            state = PATH;
            p--;
          }
          break;
        case FILE_SLASH:
          if (c === 0x2f || c === 0x5c) {
            state = FILE_HOST;
          } else {
            if (base && base.scheme === 'file') {
              url.host = base.host;
              if (!startsWithWindowsDriveLetter(cps, p) && base.path.length > 0 && isWindowsDriveLetter(base.path[0], true)) {
                url.path.push(base.path[0]);
              }
            }
            state = PATH;
            p--;
          }
          break;
        case FILE_HOST:
          if (c === EOF || c === 0x2f || c === 0x5c || c === 0x3f || c === 0x23) {
            p--;
            if (!stateOverride && isWindowsDriveLetter(buffer, false)) {
              state = PATH;
            } else if (buffer === '') {
              url.host = '';
              if (stateOverride) return RETURN;
              state = PATH_START;
            } else {
              let host = parseHost(buffer, false);
              if (host === FAILURE) return FAILURE;
              if (host === 'localhost') host = '';
              url.host = host;
              if (stateOverride) return RETURN;
              buffer = '';
              state = PATH_START;
            }
          } else {
            buffer += fromCodePoint(c >= 0xd800 && c <= 0xdfff ? 0xfffd : c);
          }
          break;
        case PATH_START:
          if (isSpecialScheme(url.scheme)) {
            state = PATH;
            if (c !== 0x2f && c !== 0x5c) p--;
          } else if (!stateOverride && c === 0x3f) {
            url.query = '';
            state = QUERY;
          } else if (!stateOverride && c === 0x23) {
            url.fragment = '';
            state = FRAGMENT;
          } else if (c !== EOF) {
            state = PATH;
            if (c !== 0x2f) p--;
          } else if (stateOverride && url.host === null) {
            url.path.push('');
          }
          break;
        case PATH:
          if (c === EOF || c === 0x2f || (isSpecialScheme(url.scheme) && c === 0x5c) ||
              (!stateOverride && (c === 0x3f || c === 0x23))) {
            const slash = c === 0x2f || (isSpecialScheme(url.scheme) && c === 0x5c);
            if (isDoubleDot(buffer)) {
              // Node.js 20 (ada) leaves the path empty when a final ".." meets an already empty path
              // of a non-special URL ("foo://h" + ".." → "foo://h"); the standard appends "".
              const wasEmpty = url.path.length === 0;
              shortenPath(url);
              if (!slash && !(wasEmpty && !isSpecialScheme(url.scheme))) url.path.push('');
            } else if (isSingleDot(buffer) && !slash) {
              url.path.push('');
            } else if (!isSingleDot(buffer)) {
              if (url.scheme === 'file' && url.path.length === 0 && isWindowsDriveLetter(buffer, false)) {
                buffer = buffer[0] + ':';
              }
              url.path.push(buffer);
            }
            buffer = '';
            if (c === 0x3f) {
              url.query = '';
              state = QUERY;
            }
            if (c === 0x23) {
              url.fragment = '';
              state = FRAGMENT;
            }
          } else {
            buffer += encodeCp(c, inPath);
          }
          break;
        case OPAQUE_PATH:
          if (c === 0x3f) {
            url.query = '';
            state = QUERY;
          } else if (c === 0x23) {
            url.fragment = '';
            state = FRAGMENT;
          } else if (c !== EOF) {
            url.path += encodeCp(c, inC0Control);
          }
          break;
        case QUERY:
          if ((!stateOverride && c === 0x23) || c === EOF) {
            const set = isSpecialScheme(url.scheme) ? inSpecialQuery : inQuery;
            url.query = (url.query === null ? '' : url.query) + encodeSet(buffer, set);
            buffer = '';
            if (c === 0x23) {
              url.fragment = '';
              state = FRAGMENT;
            }
          } else if (c !== EOF) {
            buffer += fromCodePoint(c >= 0xd800 && c <= 0xdfff ? 0xfffd : c);
          }
          break;
        case FRAGMENT:
          if (c !== EOF) url.fragment += encodeCp(c, inFragment);
          break;
      }
      // At EOF a state that "decreases the pointer" hands EOF to the next state; otherwise stop.
      if (p >= len) break;
    }
    return url;
  }

  // URL serializer (§4.5).
  function serializeURL(url, excludeFragment) {
    let out = url.scheme + ':';
    if (url.host !== null) {
      out += '//';
      if (url.username !== '' || url.password !== '') {
        out += url.username;
        if (url.password !== '') out += ':' + url.password;
        out += '@';
      }
      out += url.host;
      if (url.port !== null) out += ':' + url.port;
    }
    if (url.host === null && !url.opaque && url.path.length > 1 && url.path[0] === '') out += '/.';
    out += serializePath(url);
    if (url.query !== null) out += '?' + url.query;
    if (!excludeFragment && url.fragment !== null) out += '#' + url.fragment;
    return out;
  }

  function serializePath(url) {
    if (url.opaque) return url.path;
    let out = '';
    for (let i = 0; i < url.path.length; i++) out += '/' + url.path[i];
    return out;
  }

  function serializeOrigin(url) {
    switch (url.scheme) {
      case 'blob': {
        if (url.opaque) {
          const inner = basicParse(url.path, null);
          if (inner !== FAILURE && (inner.scheme === 'http' || inner.scheme === 'https')) return serializeOrigin(inner);
        }
        return 'null';
      }
      case 'ftp':
      case 'http':
      case 'https':
      case 'ws':
      case 'wss':
        return url.scheme + '://' + url.host + (url.port === null ? '' : ':' + url.port);
      default:
        return 'null';
    }
  }

  // ------------------------------------------------------------------ application/x-www-form-urlencoded
  function formParse(input) {
    const list = [];
    const sequences = input.split('&');
    for (let i = 0; i < sequences.length; i++) {
      const bytes = sequences[i];
      if (bytes === '') continue;
      const eq = call(stringIndexOf, bytes, '=');
      let name = eq >= 0 ? call(stringSlice, bytes, 0, eq) : bytes;
      let value = eq >= 0 ? call(stringSlice, bytes, eq + 1) : '';
      name = utf8Decode(percentDecodeBytes(name.split('+').join(' ')));
      value = utf8Decode(percentDecodeBytes(value.split('+').join(' ')));
      list.push([name, value]);
    }
    return list;
  }

  function formEncode(s) {
    let out = '';
    for (let i = 0; i < s.length; i++) {
      let cp = call(codePointAt, s, i);
      if (cp > 0xffff) i++;
      else if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
      if (cp === 0x20) {
        out += '+';
      } else if (!inFormUrlencoded(cp)) {
        out += fromCharCode(cp);
      } else {
        const bytes = [];
        utf8Bytes(cp, bytes);
        for (let k = 0; k < bytes.length; k++) out += pctByte(bytes[k]);
      }
    }
    return out;
  }

  function formSerialize(list) {
    const parts = [];
    for (let i = 0; i < list.length; i++) parts.push(formEncode(list[i][0]) + '=' + formEncode(list[i][1]));
    return parts.join('&');
  }

  // ---------------------------------------------------------------------------------- URLSearchParams
  function invalidThis(type) {
    const e = new $TypeError(`Value of "this" must be of type ${type}`);
    defineValue(e, 'code', 'ERR_INVALID_THIS', 'wc');
    return e;
  }
  function missingArgs(...names) {
    const e = new $TypeError(names.length === 1 ? `The "${names[0]}" argument must be specified`
      : `The "${names[0]}" and "${names[1]}" arguments must be specified`);
    defineValue(e, 'code', 'ERR_MISSING_ARGS', 'wc');
    return e;
  }

  class URLSearchParams {
    #list = [];
    #url = null;

    constructor(init = undefined) {
      if (init === undefined || init === null) {
        // empty
      } else if (isObject(init)) {
        const method = init[symIterator];
        if (method !== undefined && method !== null) {
          if (!isCallable(method)) throw new $TypeError('Query pairs must be iterable');
          for (const pair of { [symIterator]: () => call(method, init) }) {
            if (!isObject(pair) || !isCallable(pair[symIterator])) {
              const e = new $TypeError('Each query pair must be an iterable [name, value] tuple');
              defineValue(e, 'code', 'ERR_INVALID_TUPLE', 'wc');
              throw e;
            }
            const items = [...pair];
            if (items.length !== 2) {
              const e = new $TypeError('Each query pair must be an iterable [name, value] tuple');
              defineValue(e, 'code', 'ERR_INVALID_TUPLE', 'wc');
              throw e;
            }
            this.#list.push([toUSV(`${items[0]}`), toUSV(`${items[1]}`)]);
          }
        } else {
          const keys = ownKeys(init, true, true, false);
          for (let i = 0; i < keys.length; i++) {
            const k = keys[i];
            if (!isEnumerableOwn(init, k)) continue;
            if (typeof k === 'symbol') continue;
            this.#list.push([toUSV(k), toUSV(`${init[k]}`)]);
          }
        }
      } else {
        let s = `${init}`;
        if (s.length > 0 && s[0] === '?') s = call(stringSlice, s, 1);
        this.#list = formParse(toUSV(s));
      }
    }

    static attach(params, url, query) {
      params.#url = url;
      params.#list = query === null ? [] : formParse(query);
    }
    static reparse(params, query) {
      params.#list = query === null ? [] : formParse(query);
    }
    static listOf(params) {
      return params.#list;
    }
    static isParams(v) {
      return isObject(v) && #list in v;
    }

    #update() {
      const url = this.#url;
      if (url === null) return;
      urlSetQuery(url, this.#list.length === 0 ? null : formSerialize(this.#list));
    }

    get size() {
      if (!paramsIsParams(this)) throw invalidThis('URLSearchParams');
      return this.#list.length;
    }
    append(name, value) {
      if (!paramsIsParams(this)) throw invalidThis('URLSearchParams');
      if (arguments.length < 2) throw missingArgs('name', 'value');
      this.#list.push([toUSV(`${name}`), toUSV(`${value}`)]);
      this.#update();
    }
    delete(name, value = undefined) {
      if (!paramsIsParams(this)) throw invalidThis('URLSearchParams');
      if (arguments.length < 1) throw missingArgs('name');
      const n = toUSV(`${name}`);
      const v = value === undefined ? undefined : toUSV(`${value}`);
      const list = this.#list;
      let w = 0;
      for (let i = 0; i < list.length; i++) {
        if (list[i][0] === n && (v === undefined || list[i][1] === v)) continue;
        list[w++] = list[i];
      }
      list.length = w;
      this.#update();
    }
    get(name) {
      if (!paramsIsParams(this)) throw invalidThis('URLSearchParams');
      if (arguments.length < 1) throw missingArgs('name');
      const n = toUSV(`${name}`);
      const list = this.#list;
      for (let i = 0; i < list.length; i++) if (list[i][0] === n) return list[i][1];
      return null;
    }
    getAll(name) {
      if (!paramsIsParams(this)) throw invalidThis('URLSearchParams');
      if (arguments.length < 1) throw missingArgs('name');
      const n = toUSV(`${name}`);
      const out = [];
      const list = this.#list;
      for (let i = 0; i < list.length; i++) if (list[i][0] === n) out.push(list[i][1]);
      return out;
    }
    has(name, value = undefined) {
      if (!paramsIsParams(this)) throw invalidThis('URLSearchParams');
      if (arguments.length < 1) throw missingArgs('name');
      const n = toUSV(`${name}`);
      const v = value === undefined ? undefined : toUSV(`${value}`);
      const list = this.#list;
      for (let i = 0; i < list.length; i++) {
        if (list[i][0] === n && (v === undefined || list[i][1] === v)) return true;
      }
      return false;
    }
    set(name, value) {
      if (!paramsIsParams(this)) throw invalidThis('URLSearchParams');
      if (arguments.length < 2) throw missingArgs('name', 'value');
      const n = toUSV(`${name}`);
      const v = toUSV(`${value}`);
      const list = this.#list;
      let found = false;
      let w = 0;
      for (let i = 0; i < list.length; i++) {
        if (list[i][0] === n) {
          if (found) continue;
          found = true;
          list[i] = [n, v];
        }
        list[w++] = list[i];
      }
      list.length = w;
      if (!found) list.push([n, v]);
      this.#update();
    }
    sort() {
      if (!paramsIsParams(this)) throw invalidThis('URLSearchParams');
      // Stable, by the names' UTF-16 code units (§6.2).
      call(arraySort, this.#list, (a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      this.#update();
    }
    entries() {
      if (!paramsIsParams(this)) throw invalidThis('URLSearchParams');
      return new SearchParamsIterator(this, 2);
    }
    forEach(callback, thisArg = undefined) {
      if (!paramsIsParams(this)) throw invalidThis('URLSearchParams');
      if (!isCallable(callback)) {
        const e = new $TypeError(`The "callback" argument must be of type function. Received ${I.describe(callback)}`);
        defineValue(e, 'code', 'ERR_INVALID_ARG_TYPE', 'wc');
        throw e;
      }
      const list = this.#list;
      for (let i = 0; i < list.length; i++) call(callback, thisArg, list[i][1], list[i][0], this);
    }
    keys() {
      if (!paramsIsParams(this)) throw invalidThis('URLSearchParams');
      return new SearchParamsIterator(this, 0);
    }
    values() {
      if (!paramsIsParams(this)) throw invalidThis('URLSearchParams');
      return new SearchParamsIterator(this, 1);
    }
    toString() {
      if (!paramsIsParams(this)) throw invalidThis('URLSearchParams');
      return formSerialize(this.#list);
    }
  }

  // URLSearchParams Iterator: live over the list (an index into it, as WebIDL's pair iterators).
  class SearchParamsIterator {
    #params;
    #kind;
    #index = 0;
    constructor(params, kind) {
      this.#params = params;
      this.#kind = kind;
    }
    static isIterator(v) {
      return isObject(v) && #kind in v;
    }
    next() {
      if (!iteratorIsIterator(this)) throw invalidThis('URLSearchParamsIterator');
      const list = paramsListOf(this.#params);
      if (this.#index >= list.length) return { value: undefined, done: true };
      const pair = list[this.#index++];
      return { value: this.#kind === 0 ? pair[0] : this.#kind === 1 ? pair[1] : [pair[0], pair[1]], done: false };
    }
  }

  // ---------------------------------------------------------------------------------- URL
  function notURL() {
    return new $TypeError('Receiver must be an instance of class URL');
  }

  function invalidURL(input, base, hasBase) {
    const e = new $TypeError('Invalid URL');
    defineValue(e, 'code', 'ERR_INVALID_URL', 'wce');
    defineValue(e, 'input', input, 'wce');
    if (hasBase) defineValue(e, 'base', base, 'wce');
    return e;
  }

  function parseWithBase(input, base, hasBase) {
    let baseRecord = null;
    if (hasBase) {
      baseRecord = basicParse(base, null);
      if (baseRecord === FAILURE) return FAILURE;
    }
    return basicParse(input, baseRecord);
  }

  function cannotHaveCredentialsOrPort(url) {
    return url.host === null || url.host === '' || url.scheme === 'file';
  }

  class URL {
    #url;
    #params;
    #href = '';

    constructor(url, base = undefined) {
      if (arguments.length < 1) throw missingArgs('url');
      const input = toUSV(`${url}`);
      const hasBase = base !== undefined;
      const baseString = hasBase ? toUSV(`${base}`) : undefined;
      const record = parseWithBase(input, baseString, hasBase);
      if (record === FAILURE) throw invalidURL(input, baseString, hasBase);
      this.#url = record;
      this.#params = new URLSearchParams();
      paramsAttach(this.#params, this, record.query);
      this.#href = serializeURL(record);
    }

    static isURL(v) {
      return isObject(v) && #url in v;
    }
    static hrefOf(v) {
      return v.#href;
    }
    static setQueryFromParams(u, query) {
      u.#url.query = query;
      u.#href = serializeURL(u.#url);
    }
    #changed() {
      this.#href = serializeURL(this.#url);
    }

    static canParse(url, base = undefined) {
      if (arguments.length < 1) throw missingArgs('url');
      const hasBase = base !== undefined;
      return parseWithBase(toUSV(`${url}`), hasBase ? toUSV(`${base}`) : undefined, hasBase) !== FAILURE;
    }
    static parse(url, base = undefined) {
      if (arguments.length < 1) throw missingArgs('url');
      const hasBase = base !== undefined;
      const record = parseWithBase(toUSV(`${url}`), hasBase ? toUSV(`${base}`) : undefined, hasBase);
      if (record === FAILURE) return null;
      return new URL(serializeURL(record));
    }

    toString() {
      if (!urlIsURL(this)) throw notURL();
      return this.#href;
    }
    toJSON() {
      if (!urlIsURL(this)) throw notURL();
      return this.#href;
    }
    get href() {
      if (!urlIsURL(this)) throw notURL();
      return this.#href;
    }
    set href(value) {
      if (!urlIsURL(this)) throw notURL();
      const input = toUSV(`${value}`);
      const record = basicParse(input, null);
      if (record === FAILURE) throw invalidURL(input, undefined, false);
      this.#url = record;
      paramsReparse(this.#params, record.query);
      this.#changed();
    }
    get origin() {
      if (!urlIsURL(this)) throw notURL();
      return serializeOrigin(this.#url);
    }
    get protocol() {
      if (!urlIsURL(this)) throw notURL();
      return this.#url.scheme + ':';
    }
    set protocol(value) {
      if (!urlIsURL(this)) throw notURL();
      const copy = copyRecord(this.#url);
      if (basicParse(toUSV(`${value}`) + ':', null, copy, SCHEME_START) === FAILURE) return;
      this.#url = copy;
      this.#changed();
    }
    get username() {
      if (!urlIsURL(this)) throw notURL();
      return this.#url.username;
    }
    set username(value) {
      if (!urlIsURL(this)) throw notURL();
      const v = toUSV(`${value}`);
      if (cannotHaveCredentialsOrPort(this.#url)) return;
      this.#url.username = encodeSet(v, inUserinfo);
      this.#changed();
    }
    get password() {
      if (!urlIsURL(this)) throw notURL();
      return this.#url.password;
    }
    set password(value) {
      if (!urlIsURL(this)) throw notURL();
      const v = toUSV(`${value}`);
      if (cannotHaveCredentialsOrPort(this.#url)) return;
      this.#url.password = encodeSet(v, inUserinfo);
      this.#changed();
    }
    get host() {
      if (!urlIsURL(this)) throw notURL();
      const url = this.#url;
      if (url.host === null) return '';
      return url.port === null ? url.host : url.host + ':' + url.port;
    }
    set host(value) {
      if (!urlIsURL(this)) throw notURL();
      const v = toUSV(`${value}`);
      if (this.#url.opaque) return;
      const copy = copyRecord(this.#url);
      if (basicParse(v, null, copy, HOST) === FAILURE) return;
      this.#url = copy;
      this.#changed();
    }
    get hostname() {
      if (!urlIsURL(this)) throw notURL();
      return this.#url.host === null ? '' : this.#url.host;
    }
    set hostname(value) {
      if (!urlIsURL(this)) throw notURL();
      const v = toUSV(`${value}`);
      if (this.#url.opaque) return;
      const copy = copyRecord(this.#url);
      if (basicParse(v, null, copy, HOSTNAME) === FAILURE) return;
      this.#url = copy;
      this.#changed();
    }
    get port() {
      if (!urlIsURL(this)) throw notURL();
      return this.#url.port === null ? '' : `${this.#url.port}`;
    }
    set port(value) {
      if (!urlIsURL(this)) throw notURL();
      const v = toUSV(`${value}`);
      if (cannotHaveCredentialsOrPort(this.#url)) return;
      const copy = copyRecord(this.#url);
      if (v === '') {
        copy.port = null;
      } else if (basicParse(v, null, copy, PORT) === FAILURE) {
        return;
      }
      this.#url = copy;
      this.#changed();
    }
    get pathname() {
      if (!urlIsURL(this)) throw notURL();
      return serializePath(this.#url);
    }
    set pathname(value) {
      if (!urlIsURL(this)) throw notURL();
      const v = toUSV(`${value}`);
      if (this.#url.opaque) return;
      const copy = copyRecord(this.#url);
      copy.path = [];
      if (basicParse(v, null, copy, PATH_START) === FAILURE) return;
      this.#url = copy;
      this.#changed();
    }
    get search() {
      if (!urlIsURL(this)) throw notURL();
      const q = this.#url.query;
      return q === null || q === '' ? '' : '?' + q;
    }
    set search(value) {
      if (!urlIsURL(this)) throw notURL();
      let v = toUSV(`${value}`);
      const url = this.#url;
      if (v === '') {
        url.query = null;
        paramsReparse(this.#params, null);
        this.#changed();
        return;
      }
      if (v[0] === '?') v = call(stringSlice, v, 1);
      const copy = copyRecord(url);
      copy.query = '';
      basicParse(v, null, copy, QUERY);
      this.#url = copy;
      paramsReparse(this.#params, copy.query);
      this.#changed();
    }
    get searchParams() {
      if (!urlIsURL(this)) throw notURL();
      return this.#params;
    }
    get hash() {
      if (!urlIsURL(this)) throw notURL();
      const f = this.#url.fragment;
      return f === null || f === '' ? '' : '#' + f;
    }
    set hash(value) {
      if (!urlIsURL(this)) throw notURL();
      let v = toUSV(`${value}`);
      const url = this.#url;
      if (v === '') {
        url.fragment = null;
        this.#changed();
        return;
      }
      if (v[0] === '#') v = call(stringSlice, v, 1);
      const copy = copyRecord(url);
      copy.fragment = '';
      basicParse(v, null, copy, FRAGMENT);
      this.#url = copy;
      this.#changed();
    }
  }

  // Internal statics stay reachable only from this closure.
  const urlIsURL = URL.isURL;
  const urlHrefOf = URL.hrefOf;
  const urlSetQuery = URL.setQueryFromParams;
  const paramsIsParams = URLSearchParams.isParams;
  const paramsAttach = URLSearchParams.attach;
  const paramsReparse = URLSearchParams.reparse;
  const paramsListOf = URLSearchParams.listOf;
  const iteratorIsIterator = SearchParamsIterator.isIterator;
  for (const k of ['isURL', 'hrefOf', 'setQueryFromParams']) delete URL[k];
  for (const k of ['attach', 'reparse', 'listOf', 'isParams']) delete URLSearchParams[k];
  delete SearchParamsIterator.isIterator;

  // Methods and accessors enumerable like WebIDL attributes and operations.
  for (const C of [URL, URLSearchParams]) {
    const proto = C.prototype;
    const keys = ownKeys(proto, true, false, false);
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] === 'constructor') continue;
      const d = $Object.getOwnPropertyDescriptor(proto, keys[i]);
      d.enumerable = true;
      $Object.defineProperty(proto, keys[i], d);
    }
  }
  for (const k of ['canParse', 'parse']) {
    const d = $Object.getOwnPropertyDescriptor(URL, k);
    d.enumerable = true;
    $Object.defineProperty(URL, k, d);
  }
  defineValue(URL.prototype, symToStringTag, 'URL', 'c');
  defineValue(URLSearchParams.prototype, symToStringTag, 'URLSearchParams', 'c');
  defineValue(URLSearchParams.prototype, symIterator, URLSearchParams.prototype.entries, 'wc');
  $Object.setPrototypeOf(SearchParamsIterator.prototype, I.iteratorPrototype);
  const itNext = $Object.getOwnPropertyDescriptor(SearchParamsIterator.prototype, 'next');
  itNext.enumerable = true;
  $Object.defineProperty(SearchParamsIterator.prototype, 'next', itNext);
  defineValue(SearchParamsIterator.prototype, symToStringTag, 'URLSearchParams Iterator', 'c');

  defineValue(globalThis, 'URL', URL, 'wc');
  defineValue(globalThis, 'URLSearchParams', URLSearchParams, 'wc');
  // The Result rules (features-js.md): a URL is its href.
  I.setIntrinsic('URLPrototype', URL.prototype);
  I.urlHref = (v) => (urlIsURL(v) ? urlHrefOf(v) : undefined);
})(__intrinsics__);
