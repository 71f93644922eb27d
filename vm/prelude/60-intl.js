// Intl (ECMA-402, 2023 edition as Node.js 20 implements it): getCanonicalLocales, supportedValuesOf,
// NumberFormat, PluralRules, Collator, ListFormat, RelativeTimeFormat, DateTimeFormat, Segmenter;
// Number.prototype.toLocaleString, Date.prototype.toLocale*String and String.prototype.localeCompare
// through them.
// Self-hosted: option reading runs program code (getters, ToString). Every Intl object keeps its
// resolved options as plain data in private fields (so it survives snapshots); the formatting itself is
// done by ICU through the natives of vm/builtins/intl.cc, which take only the locale tag and an ICU
// number or date skeleton built here from the resolved options.
// Each service resolves the -u- keywords it has (nu; ca, hc, nu for DateTimeFormat; co, kf, kn);
// other extensions (-t-…, -x-…) stop the run with UnsupportedSyntax: ignoring them could change the
// output.
(function (I) {
  'use strict';
  const call = I.call;
  const defineValue = I.defineValue;
  const defineMethod = I.defineMethod;
  const defineGetter = I.defineGetter;
  const createDataProperty = I.createDataProperty;
  const symToStringTag = I.symToStringTag;
  const $TypeError = TypeError;
  const $RangeError = RangeError;
  const $Object = Object;
  const $Number = Number;
  const StringPrototypeReplace = String.prototype.replace;
  const $String = String;
  const stringIndexOf = String.prototype.indexOf;
  const stringSlice = String.prototype.slice;
  const stringToUpper = String.prototype.toUpperCase;
  const regexpTest = RegExp.prototype.test;
  const numberValueOf = Number.prototype.valueOf;
  const floor = Math.floor;
  const mathMin = Math.min;
  const mathMax = Math.max;
  const setPrototypeOf = Object.setPrototypeOf;
  const getPrototypeOf = Object.getPrototypeOf;
  const freeze = Object.freeze;
  const DEFAULT_LOCALE = 'en-US';

  const canonicalizeTag = I.intlCanonicalizeTag;
  const bestLocale = I.intlBestLocale;
  const nfFormat = I.intlNumberFormat;
  const numberingSystemOf = I.intlNumberingSystem;
  const currencyDigits = I.intlCurrencyDigits;
  const pluralSelect = I.intlPluralSelect;
  const pluralCategories = I.intlPluralCategories;
  const supportedValues = I.intlSupportedValues;

  function isObject(v) {
    return (typeof v === 'object' && v !== null) || typeof v === 'function';
  }
  function test(re, s) {
    return call(regexpTest, re, s);
  }

  // ------------------------------------------------------------------------------------ locales (§9.2)
  // An Intl.Locale's tag, or undefined for anything else (set once Intl.Locale exists, below).
  let localeTagIfLocale = (v) => undefined;
  // IsStructurallyValidLanguageTag (ECMA-402 §6.2.1: a Unicode BCP 47 locale identifier, UTS #35)
  // with V8's two messages: undefined when valid; "Incorrect locale information provided" when the
  // language/script/region/variant part is malformed (grandfathered and private-use-only tags,
  // extlangs: "zh-min-nan", "x-priv", "en-GB-oed"); "Invalid language tag: <tag in lower case>" when
  // that part is fine but the tag is not (duplicate variants or singletons, empty or over-long
  // extension subtags, a trailing "-").
  const ALPHA = /^[a-zA-Z]+$/;
  const ALNUM = /^[a-zA-Z0-9]+$/;
  const DIGIT0 = /^[0-9]/;
  const DIGITS3 = /^[0-9]{3}$/;
  const stringToLowerCase = String.prototype.toLowerCase;
  const lowerCase = (t) => call(stringToLowerCase, t);
  // The "-"-separated subtags of a tag, empty ones included (not String.prototype.split, which a
  // program may replace).
  function subtagsOf(tag) {
    const subtags = [];
    for (let from = 0; ;) {
      const dash = call(stringIndexOf, tag, '-', from);
      subtags[subtags.length] = call(stringSlice, tag, from, dash < 0 ? tag.length : dash);
      if (dash < 0) return subtags;
      from = dash + 1;
    }
  }
  function tagError(tag) {
    const subtags = subtagsOf(tag);
    const bad = 'Incorrect locale information provided';
    const invalid = `Invalid language tag: ${lowerCase(tag)}`;
    let i = 0;
    let end = 0;  // the first subtag after the language id
    while (end < subtags.length && subtags[end].length !== 1 && subtags[end].length !== 0) end++;
    if (end < subtags.length && subtags[end].length === 0) return end === subtags.length - 1 && end > 0 ? invalid : bad;
    const lang = subtags[0];
    if (!test(ALPHA, lang) || lang.length < 2 || lang.length > 8 || lang.length === 4) return bad;
    i = 1;
    if (i < end && subtags[i].length === 4 && test(ALPHA, subtags[i])) i++;
    if (i < end && ((subtags[i].length === 2 && test(ALPHA, subtags[i])) ||
                    (subtags[i].length === 3 && test(DIGITS3, subtags[i])))) i++;
    const variants = [];
    for (; i < end; i++) {
      const v = subtags[i];
      const ok = test(ALNUM, v) && ((v.length >= 5 && v.length <= 8) || (v.length === 4 && test(DIGIT0, v)));
      if (!ok) return bad;
      const lower = lowerCase(v);
      for (let k = 0; k < variants.length; k++) if (variants[k] === lower) return invalid;
      variants[variants.length] = lower;
    }
    const singletons = [];
    while (i < subtags.length) {
      const single = lowerCase(subtags[i]);
      if (single.length !== 1 || !test(ALNUM, single)) return invalid;
      for (let k = 0; k < singletons.length; k++) if (singletons[k] === single) return invalid;
      singletons[singletons.length] = single;
      i++;
      const min = single === 'x' ? 1 : 2;
      const start = i;
      while (i < subtags.length && (single === 'x' || subtags[i].length !== 1)) {
        const sub = subtags[i];
        if (sub.length < min || sub.length > 8 || !test(ALNUM, sub)) return invalid;
        i++;
      }
      if (i === start) return invalid;
    }
    return undefined;
  }

  // §9.2.1 CanonicalizeLocaleList.
  function canonicalizeLocaleList(locales) {
    const seen = [];
    if (locales === undefined) return seen;
    let O;
    if (typeof locales === 'string' || localeTagIfLocale(locales) !== undefined) O = [locales];
    else O = I.toObject(locales);
    const len = I.toLength(O.length);
    for (let k = 0; k < len; k++) {
      if (!(k in O)) continue;
      const v = O[k];
      if (typeof v !== 'string' && !isObject(v)) throw new $TypeError('Language ID should be string or object.');
      const fromLocale = localeTagIfLocale(v);
      const tag = fromLocale !== undefined ? fromLocale : `${v}`;
      const error = fromLocale !== undefined ? undefined : tagError(tag);
      if (error !== undefined) throw new $RangeError(error);
      const canonical = canonicalizeTag(tag);
      if (canonical === undefined) throw new $RangeError('Incorrect locale information provided');
      let dup = false;
      for (let i = 0; i < seen.length; i++) if (seen[i] === canonical) dup = true;
      if (!dup) seen[seen.length] = canonical;
    }
    return seen;
  }

  // Splits a canonical tag into its base (up to the first singleton) and its Unicode extension
  // keywords ({key: value}, value "true" for a bare key), and the other extensions (-t-, -a-, …)
  // and private use (-x-, to the end) as text ("-t-en-x-foo"; only Intl.Locale keeps them: they play
  // no part in resolution and V8 drops them from resolved locales).
  function splitTag(tag) {
    const subtags = subtagsOf(tag);
    let base = subtags[0];
    let i = 1;
    for (; i < subtags.length && subtags[i].length !== 1; i++) base += '-' + subtags[i];
    const keywords = $Object.create(null);
    let others = '';
    let inUnicode = false;
    let privateUse = false;
    let key;
    for (; i < subtags.length; i++) {
      const sub = subtags[i];
      if (sub.length === 1 && !privateUse) {
        privateUse = sub === 'x';
        inUnicode = sub === 'u';
        key = undefined;
        if (!inUnicode) others += '-' + sub;
      } else if (!inUnicode) {
        others += '-' + sub;
      } else if (sub.length === 2) {
        key = sub;
        if (keywords[key] === undefined) keywords[key] = 'true';
      } else if (key !== undefined) {
        keywords[key] = keywords[key] === 'true' ? sub : keywords[key] + '-' + sub;
      }
    }
    return { base, keywords, others };
  }

  // §9.2.2 BestAvailableLocale for the base of one canonical tag (undefined when none).
  function bestAvailable(tag, service) {
    return bestLocale(service, splitTag(tag).base);
  }

  // §9.2.7 ResolveLocale with LookupMatcher (ICU's "best fit" gives the same answers for these
  // locales). keys: the constructor's relevant extension keys in order; optionValues[key]: the value an
  // option gave (undefined: none); supported(key, value, locale): whether a keyword value is usable for the found locale. Returns
  // {locale, values} where values[key] is the keyword's resolved value (or undefined).
  function resolveLocale(requested, service, keys, optionValues, supported) {
    let found = DEFAULT_LOCALE;
    let keywords = $Object.create(null);
    for (let i = 0; i < requested.length; i++) {
      const parts = splitTag(requested[i]);
      const best = bestLocale(service, parts.base);
      if (best !== undefined) {
        found = best;
        keywords = parts.keywords;
        break;
      }
    }
    const values = $Object.create(null);
    if (keys === undefined) return { locale: found, values };
    let ext = '';
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      let value;
      let fromExtension = false;
      const kv = keywords[key];
      if (kv !== undefined && supported(key, kv, found)) {
        value = kv;
        fromExtension = true;
      }
      const ov = optionValues[key];
      if (ov !== undefined && supported(key, ov, found) && ov !== value) {
        value = ov;
        fromExtension = false;
      }
      if (fromExtension) ext += kv === 'true' ? `-${key}` : `-${key}-${kv}`;
      values[key] = value;
    }
    return { locale: ext === '' ? found : `${found}-u${ext}`, values };
  }

  // §9.2.10 SupportedLocales.
  function supportedLocales(requested, options, service) {
    if (options !== undefined) {
      const O = I.toObject(options);
      getOption(O, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', 'Intl.supportedLocalesOf');
    }
    const out = [];
    for (let i = 0; i < requested.length; i++) {
      if (bestAvailable(requested[i], service) !== undefined) out[out.length] = requested[i];
    }
    return out;
  }

  // ------------------------------------------------------------------------------------ options (§9.2.12)
  function coerceOptionsToObject(options) {
    if (options === undefined) return $Object.create(null);
    return I.toObject(options);
  }

  function getOptionsObject(options) {
    if (options === undefined) return $Object.create(null);
    if (isObject(options)) return options;
    throw new $TypeError('invalid_argument');
  }

  // §9.2.12 GetOption; `where` names the constructor in V8's RangeError message.
  function getOption(options, property, type, values, fallback, where) {
    let value = options[property];
    if (value === undefined) return fallback;
    if (type === 'boolean') value = !!value;
    else value = `${value}`;
    if (values !== undefined) {
      let ok = false;
      for (let i = 0; i < values.length; i++) if (values[i] === value) ok = true;
      if (!ok) throw new $RangeError(`Value ${value} out of range for ${where} options property ${property}`);
    }
    return value;
  }

  // §9.2.14 DefaultNumberOption.
  function defaultNumberOption(value, minimum, maximum, fallback, property) {
    if (value === undefined) return fallback;
    value = $Number(value);
    if (value !== value || value < minimum || value > maximum) {
      throw new $RangeError(`${property} value is out of range.`);
    }
    return floor(value);
  }

  function getNumberOption(options, property, minimum, maximum, fallback) {
    return defaultNumberOption(options[property], minimum, maximum, fallback, property);
  }

  // ---------------------------------------------------------------------- digit options (§15.1.1)
  // SetNumberFormatDigitOptions: returns the record {mnid, mnfd, mxfd, mnsd, mxsd, roundingType,
  // roundingIncrement, roundingMode, roundingPriority, trailingZeroDisplay}.
  const ROUNDING_MODES = ['ceil', 'floor', 'expand', 'trunc', 'halfCeil', 'halfFloor', 'halfExpand',
    'halfTrunc', 'halfEven'];
  const INCREMENTS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000];

  function setDigitOptions(options, mnfdDefault, mxfdDefault, notation, where) {
    const r = {};
    r.mnid = getNumberOption(options, 'minimumIntegerDigits', 1, 21, 1);
    let mnfd = options.minimumFractionDigits;
    let mxfd = options.maximumFractionDigits;
    let mnsd = options.minimumSignificantDigits;
    let mxsd = options.maximumSignificantDigits;
    const increment = getNumberOption(options, 'roundingIncrement', 1, 5000, 1);
    let okIncrement = false;
    for (let i = 0; i < INCREMENTS.length; i++) if (INCREMENTS[i] === increment) okIncrement = true;
    if (!okIncrement) throw new $RangeError('roundingIncrement value is out of range.');
    r.roundingMode = getOption(options, 'roundingMode', 'string', ROUNDING_MODES, 'halfExpand', where);
    r.roundingPriority = getOption(options, 'roundingPriority', 'string',
      ['auto', 'morePrecision', 'lessPrecision'], 'auto', where);
    r.trailingZeroDisplay = getOption(options, 'trailingZeroDisplay', 'string', ['auto', 'stripIfInteger'],
      'auto', where);
    r.roundingIncrement = increment;
    if (increment !== 1) mxfdDefault = mnfdDefault;
    const hasSd = mnsd !== undefined || mxsd !== undefined;
    const hasFd = mnfd !== undefined || mxfd !== undefined;
    r.hasSd = hasSd;
    let needSd = true;
    let needFd = true;
    if (r.roundingPriority === 'auto') {
      needSd = hasSd;
      if (needSd || (!hasFd && notation === 'compact')) needFd = false;
    }
    if (needSd) {
      if (hasSd) {
        mnsd = defaultNumberOption(mnsd, 1, 21, 1, 'minimumSignificantDigits');
        mxsd = defaultNumberOption(mxsd, mnsd, 21, 21, 'maximumSignificantDigits');
        r.mnsd = mnsd;
        r.mxsd = mxsd;
      } else {
        r.mnsd = 1;
        r.mxsd = 21;
      }
    }
    if (needFd) {
      if (hasFd) {
        mnfd = defaultNumberOption(mnfd, 0, 20, undefined, 'minimumFractionDigits');
        mxfd = defaultNumberOption(mxfd, 0, 20, undefined, 'maximumFractionDigits');
        if (mnfd === undefined) mnfd = mathMin(mnfdDefault, mxfd);
        else if (mxfd === undefined) mxfd = mathMax(mxfdDefault, mnfd);
        else if (mnfd > mxfd) throw new $RangeError('maximumFractionDigits value is out of range.');
        r.mnfd = mnfd;
        r.mxfd = mxfd;
      } else {
        r.mnfd = mnfdDefault;
        r.mxfd = mxfdDefault;
      }
    }
    if (!needSd && !needFd) {
      r.mnfd = 0;
      r.mxfd = 0;
      r.mnsd = 1;
      r.mxsd = 2;
      r.roundingType = 'morePrecision';
      r.roundingPriority = 'morePrecision';
      r.compactDefault = true;
    } else if (r.roundingPriority === 'auto') {
      r.roundingType = hasSd ? 'significantDigits' : 'fractionDigits';
    } else {
      r.roundingType = r.roundingPriority;
    }
    if (increment !== 1) {
      if (r.roundingType !== 'fractionDigits') {
        throw new $TypeError('For roundingIncrement, roundingPriority must be auto and no significant digits may be set.');
      }
      if (r.mxfd !== r.mnfd) {
        throw new $RangeError('maximumFractionDigits and minimumFractionDigits must be equal with roundingIncrement.');
      }
    }
    return r;
  }

  function repeat(ch, n) {
    let s = '';
    for (let i = 0; i < n; i++) s += ch;
    return s;
  }

  const ICU_ROUNDING = {
    ceil: 'rounding-mode-ceiling', floor: 'rounding-mode-floor', expand: 'rounding-mode-up',
    trunc: 'rounding-mode-down', halfCeil: 'rounding-mode-half-ceiling',
    halfFloor: 'rounding-mode-half-floor', halfExpand: 'rounding-mode-half-up',
    halfTrunc: 'rounding-mode-half-down', halfEven: 'rounding-mode-half-even',
  };

  // The ICU number skeleton (ICU "Number Skeletons") of a digit-options record.
  function digitSkeleton(d) {
    let s = ICU_ROUNDING[d.roundingMode];
    if (d.mnid > 1) s += ' integer-width/*' + repeat('0', d.mnid);
    if (d.compactDefault) return s;  // ICU's default compact rounding is exactly this record
    const fraction = d.mxfd === 0 ? 'precision-integer' : '.' + repeat('0', d.mnfd) + repeat('#', d.mxfd - d.mnfd);
    const significant = repeat('@', d.mnsd) + repeat('#', d.mxsd - d.mnsd);
    const strip = d.trailingZeroDisplay === 'stripIfInteger' ? '/w' : '';
    if (d.roundingIncrement !== 1) {
      let inc = `${d.roundingIncrement}`;
      while (inc.length <= d.mxfd) inc = '0' + inc;
      inc = d.mxfd === 0 ? inc : call(stringSlice, inc, 0, inc.length - d.mxfd) + '.' + call(stringSlice, inc, inc.length - d.mxfd);
      return s + ' precision-increment/' + inc + strip;
    }
    if (d.roundingType === 'fractionDigits') return s + ' ' + fraction + strip;
    if (d.roundingType === 'significantDigits') return s + ' ' + significant + strip;
    const frac = '.' + repeat('0', d.mnfd) + repeat('#', d.mxfd - d.mnfd);
    return s + ' ' + frac + '/' + significant + (d.roundingType === 'morePrecision' ? 'r' : 's') + strip;
  }

  function addDigitOptions(out, d) {
    createDataProperty(out, 'minimumIntegerDigits', d.mnid);
    if (d.mnsd !== undefined && d.roundingType !== 'fractionDigits') {
      createDataProperty(out, 'minimumSignificantDigits', d.mnsd);
      createDataProperty(out, 'maximumSignificantDigits', d.mxsd);
    }
    if (d.mnfd !== undefined && d.roundingType !== 'significantDigits') {
      createDataProperty(out, 'minimumFractionDigits', d.mnfd);
      createDataProperty(out, 'maximumFractionDigits', d.mxfd);
    }
  }

  // ECMA-402 §15.5.16 ToIntlMathematicalValue: strings that are decimal literals keep every digit (ICU
  // formats the decimal string); anything else goes through ToNumber.
  function toIntlMathematicalValue(value) {
    if (typeof value === 'bigint') return `${value}`;
    if (typeof value === 'string') {
      const m = /^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]*([+-]?)(\d+\.?\d*|\.\d+)(?:[eE]([+-]?\d+))?[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]*$/.exec(value);
      if (m !== null) {
        // V8 formats a decimal string whose Number value overflows as ±∞ (Node.js 20: '1e400' → "∞").
        const asNumber = $Number(value);
        if (asNumber === Infinity || asNumber === -Infinity) return asNumber;
        const digits = m[2].length;
        const exp = m[3] === undefined ? 0 : $Number(m[3]);
        if (digits > 1000 || exp > 1000 || exp < -1000) {
          I.unsupported('Intl.NumberFormat of decimal strings with more than 1000 digits or exponents');
        }
        let d = m[2];
        if (d[0] === '.') d = '0' + d;
        if (d[d.length - 1] === '.') d = d + '0';
        return (m[1] === '-' ? '-' : '') + d + (m[3] === undefined ? '' : 'E' + m[3]);
      }
    }
    return $Number(value);
  }

  // ---------------------------------------------------------------------- Intl.NumberFormat (§15)
  const SANCTIONED_UNITS = ['acre', 'bit', 'byte', 'celsius', 'centimeter', 'day', 'degree', 'fahrenheit',
    'fluid-ounce', 'foot', 'gallon', 'gigabit', 'gigabyte', 'gram', 'hectare', 'hour', 'inch', 'kilobit',
    'kilobyte', 'kilogram', 'kilometer', 'liter', 'megabit', 'megabyte', 'meter', 'microsecond', 'mile',
    'mile-scandinavian', 'milliliter', 'millimeter', 'millisecond', 'minute', 'month', 'nanosecond',
    'ounce', 'percent', 'petabyte', 'pound', 'second', 'stone', 'terabit', 'terabyte', 'week', 'yard',
    'year'];

  function isSanctionedUnit(u) {
    for (let i = 0; i < SANCTIONED_UNITS.length; i++) if (SANCTIONED_UNITS[i] === u) return true;
    return false;
  }

  // §6.6.2 IsWellFormedUnitIdentifier.
  function isWellFormedUnit(unit) {
    if (isSanctionedUnit(unit)) return true;
    const i = call(stringIndexOf, unit, '-per-');
    if (i < 0) return false;
    const num = call(stringSlice, unit, 0, i);
    const den = call(stringSlice, unit, i + 5);
    return isSanctionedUnit(num) && isSanctionedUnit(den);
  }

  const NF = 'Intl.NumberFormat';

  function nfSkeleton(r) {
    let s = digitSkeleton(r.digits);
    if (r.style === 'percent') s += ' percent scale/100';
    else if (r.style === 'currency') {
      s += ' currency/' + r.currency;
      if (r.currencyDisplay === 'narrowSymbol') s += ' unit-width-narrow';
      else if (r.currencyDisplay === 'code') s += ' unit-width-iso-code';
      else if (r.currencyDisplay === 'name') s += ' unit-width-full-name';
    } else if (r.style === 'unit') {
      s += ' unit/' + r.unit;
      if (r.unitDisplay === 'narrow') s += ' unit-width-narrow';
      else if (r.unitDisplay === 'long') s += ' unit-width-full-name';
    }
    if (r.notation === 'scientific') s += ' scientific';
    else if (r.notation === 'engineering') s += ' engineering';
    else if (r.notation === 'compact') s += r.compactDisplay === 'long' ? ' compact-long' : ' compact-short';
    if (r.useGrouping === false) s += ' group-off';
    else if (r.useGrouping === 'min2') s += ' group-min2';
    else if (r.useGrouping === 'always') s += ' group-on-aligned';
    // "auto": no token, as V8 — ICU's default, which is min2 for compact notation.
    const accounting = r.currencySign === 'accounting';
    switch (r.signDisplay) {
      case 'auto': if (accounting) s += ' sign-accounting'; break;
      case 'never': s += ' sign-never'; break;
      case 'always': s += accounting ? ' sign-accounting-always' : ' sign-always'; break;
      case 'exceptZero': s += accounting ? ' sign-accounting-except-zero' : ' sign-except-zero'; break;
      case 'negative': s += accounting ? ' sign-accounting-negative' : ' sign-negative'; break;
    }
    if (r.numberingSystem !== r.defaultNumberingSystem) s += ' numbering-system/' + r.numberingSystem;
    return s;
  }

  function isSupportedNumberingSystem(ns) {
    const all = supportedValues('numberingSystem');
    for (let i = 0; i < all.length; i++) if (all[i] === ns) return true;
    return false;
  }

  // §15.1.2 InitializeNumberFormat: the resolved record kept by a NumberFormat.
  function initializeNumberFormat(locales, options) {
    const requested = canonicalizeLocaleList(locales);
    options = coerceOptionsToObject(options);
    getOption(options, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', NF);
    const ns = getOption(options, 'numberingSystem', 'string', undefined, undefined, NF);
    if (ns !== undefined && !test(/^[a-zA-Z0-9]{3,8}(-[a-zA-Z0-9]{3,8})*$/, ns)) {
      throw new $RangeError(`Invalid numberingSystem : ${ns}`);
    }
    const r = {};
    const resolved = resolveLocale(requested, 'format', ['nu'], { nu: ns },
      (key, value) => isSupportedNumberingSystem(value));
    r.locale = resolved.locale;
    r.dataLocale = splitTag(r.locale).base;
    r.defaultNumberingSystem = numberingSystemOf(r.dataLocale);
    r.numberingSystem = resolved.values.nu !== undefined ? resolved.values.nu : r.defaultNumberingSystem;
    // §15.1.3 SetNumberFormatUnitOptions.
    r.style = getOption(options, 'style', 'string', ['decimal', 'percent', 'currency', 'unit'], 'decimal', NF);
    let currency = getOption(options, 'currency', 'string', undefined, undefined, NF);
    if (currency !== undefined && !test(/^[A-Za-z]{3}$/, currency)) {
      throw new $RangeError(`Invalid currency code : ${currency}`);
    }
    if (r.style === 'currency' && currency === undefined) {
      throw new $TypeError('Currency code is required with currency style.');
    }
    const currencyDisplay = getOption(options, 'currencyDisplay', 'string',
      ['code', 'symbol', 'narrowSymbol', 'name'], 'symbol', NF);
    const currencySign = getOption(options, 'currencySign', 'string', ['standard', 'accounting'], 'standard', NF);
    const unit = getOption(options, 'unit', 'string', undefined, undefined, NF);
    if (unit !== undefined && !isWellFormedUnit(unit)) {
      throw new $RangeError(`Invalid unit argument for Intl.NumberFormat() '${unit}'`);
    }
    if (r.style === 'unit' && unit === undefined) throw new $TypeError("Invalid unit argument for Intl.NumberFormat() ''");
    const unitDisplay = getOption(options, 'unitDisplay', 'string', ['short', 'narrow', 'long'], 'short', NF);
    if (r.style === 'currency') {
      r.currency = call(stringToUpper, currency);
      r.currencyDisplay = currencyDisplay;
      r.currencySign = currencySign;
    }
    if (r.style === 'unit') {
      r.unit = unit;
      r.unitDisplay = unitDisplay;
    }
    r.notation = getOption(options, 'notation', 'string', ['standard', 'scientific', 'engineering', 'compact'],
      'standard', NF);
    let mnfdDefault = 0;
    let mxfdDefault = 3;
    // V8 (Node 20) takes the currency's digits for every notation (ECMA-402 2023 only for "standard").
    if (r.style === 'currency') {
      mnfdDefault = mxfdDefault = currencyDigits(r.currency);
    } else if (r.style === 'percent') {
      mxfdDefault = 0;
    }
    r.digits = setDigitOptions(options, mnfdDefault, mxfdDefault, r.notation, NF);
    r.compactDisplay = getOption(options, 'compactDisplay', 'string', ['short', 'long'], 'short', NF);
    const defaultUseGrouping = r.notation === 'compact' ? 'min2' : 'auto';
    // §9.2.13 GetBooleanOrStringNumberFormatOption for useGrouping.
    let ug = options.useGrouping;
    if (ug === undefined) ug = defaultUseGrouping;
    else if (ug === true) ug = 'always';
    else if (!ug) ug = false;
    else {
      ug = `${ug}`;
      if (ug === 'true' || ug === 'false') ug = defaultUseGrouping;
      else if (ug !== 'min2' && ug !== 'auto' && ug !== 'always') {
        throw new $RangeError(`Value ${ug} out of range for ${NF} options property useGrouping`);
      }
    }
    r.useGrouping = ug;
    r.signDisplay = getOption(options, 'signDisplay', 'string',
      ['auto', 'never', 'always', 'exceptZero', 'negative'], 'auto', NF);
    r.skeleton = nfSkeleton(r);
    return r;
  }

  function formatToPartsArray(flat) {
    const out = [];
    for (let i = 0; i < flat.length; i += 2) {
      const part = {};
      createDataProperty(part, 'type', flat[i]);
      createDataProperty(part, 'value', flat[i + 1]);
      out[out.length] = part;
    }
    return out;
  }

  class NumberFormatImpl {
    #r;
    #bound = undefined;
    constructor(locales, options) {
      this.#r = initializeNumberFormat(locales, options);
    }
    static is(v) {
      return isObject(v) && #r in v;
    }
    static record(v) {
      return v.#r;
    }
    static bound(v) {
      return v.#bound;
    }
    static setBound(v, f) {
      v.#bound = f;
    }
  }
  const nfIs = NumberFormatImpl.is;
  const nfRecord = NumberFormatImpl.record;

  function thisNumberFormat(v, method) {
    if (!nfIs(v)) {
      throw new $TypeError(`Method Intl.NumberFormat.prototype.${method} called on incompatible receiver ${describe(v)}`);
    }
    return nfRecord(v);
  }

  function describe(v) {
    if (typeof v === 'string') return v;
    if (isObject(v)) return '#<Object>';
    return `${v}`;
  }

  function formatNumber(r, x) {
    return nfFormat(r.dataLocale, r.skeleton, toIntlMathematicalValue(x), false);
  }

  function NumberFormat(locales = undefined, options = undefined) {
    const nf = new NumberFormatImpl(locales, options);
    if (new.target !== undefined && new.target !== NumberFormat) {
      let proto = new.target.prototype;
      if (!isObject(proto)) proto = NumberFormat.prototype;
      setPrototypeOf(nf, proto);
    }
    return nf;
  }
  const NFP = NumberFormatImpl.prototype;
  NumberFormat.prototype = NFP;
  defineValue(NFP, 'constructor', NumberFormat, 'wc');
  defineGetter(NFP, 'format', function () {
    thisNumberFormat(this, 'format');
    let f = NumberFormatImpl.bound(this);
    if (f === undefined) {
      const r = nfRecord(this);
      f = (x) => formatNumber(r, x);
      defineValue(f, 'name', '', 'c');
      NumberFormatImpl.setBound(this, f);
    }
    return f;
  });
  defineMethod(NFP, 'formatToParts', function formatToParts(x) {
    const r = thisNumberFormat(this, 'formatToParts');
    const flat = nfFormat(r.dataLocale, r.skeleton, toIntlMathematicalValue(x), true);
    // The "%" of unit "percent" is the unit (V8), not a percentSign.
    if (r.style === 'unit') for (let i = 0; i < flat.length; i += 2) if (flat[i] === 'percentSign') flat[i] = 'unit';
    return formatToPartsArray(flat);
  }, 1);
  // ES2023 range formatting (ECMA-402 §15.5.21-22) through ICU's NumberRangeFormatter; V8's messages.
  function rangeValues(start, end) {
    if (start === undefined) throw new $TypeError('Invalid start : undefined');
    if (end === undefined) throw new $TypeError('Invalid end : undefined');
    const x = toIntlMathematicalValue(start);
    const y = toIntlMathematicalValue(end);
    if (x !== x) throw new $RangeError('Invalid start : NaN');
    if (y !== y) throw new $RangeError('Invalid end : NaN');
    return [x, y];
  }
  // ICU 72's range formatter applies a percent skeleton's scale/100 twice when both ends format the
  // same ("~100%" for 1%), so percent ranges are formatted from exactly scaled decimal strings instead.
  function times100(v) {
    if (typeof v === 'number' && (v !== v || v === Infinity || v === -Infinity || v === 0)) return v;
    const m = /^(-?)(\d+(?:\.\d+)?)(?:[eE]([+-]?\d+))?$/.exec(`${v}`);
    if (m === null) return v * 100;
    return `${m[1]}${m[2]}E${(m[3] === undefined ? 0 : $Number(m[3])) + 2}`;
  }
  function formatRangeWith(r, x, y, parts) {
    let skeleton = r.skeleton;
    if (r.style === 'percent') {
      skeleton = call(StringPrototypeReplace, skeleton, ' scale/100', '');
      x = times100(x);
      y = times100(y);
    }
    return I.intlNumberFormatRange(r.dataLocale, skeleton, x, y, parts);
  }
  defineMethod(NFP, 'formatRange', function formatRange(start, end) {
    const r = thisNumberFormat(this, 'formatRange');
    const [x, y] = rangeValues(start, end);
    return formatRangeWith(r, x, y, false);
  }, 2);
  defineMethod(NFP, 'formatRangeToParts', function formatRangeToParts(start, end) {
    const r = thisNumberFormat(this, 'formatRangeToParts');
    const [x, y] = rangeValues(start, end);
    const flat = formatRangeWith(r, x, y, true);
    const out = [];
    for (let i = 0; i < flat.length; i += 3) {
      const part = {};
      createDataProperty(part, 'type', r.style === 'unit' && flat[i] === 'percentSign' ? 'unit' : flat[i]);
      createDataProperty(part, 'value', flat[i + 1]);
      createDataProperty(part, 'source', flat[i + 2]);
      out[out.length] = part;
    }
    return out;
  }, 2);
  defineMethod(NFP, 'resolvedOptions', function resolvedOptions() {
    const r = thisNumberFormat(this, 'resolvedOptions');
    const o = {};
    createDataProperty(o, 'locale', r.locale);
    createDataProperty(o, 'numberingSystem', r.numberingSystem);
    createDataProperty(o, 'style', r.style);
    if (r.style === 'currency') {
      createDataProperty(o, 'currency', r.currency);
      createDataProperty(o, 'currencyDisplay', r.currencyDisplay);
      // V8 reads the resolved options back from ICU's skeleton, where "sign-never" has no accounting form.
      createDataProperty(o, 'currencySign', r.signDisplay === 'never' ? 'standard' : r.currencySign);
    }
    if (r.style === 'unit') {
      createDataProperty(o, 'unit', r.unit);
      createDataProperty(o, 'unitDisplay', r.unitDisplay);
    }
    addDigitOptions(o, r.digits);
    createDataProperty(o, 'useGrouping', r.useGrouping);
    createDataProperty(o, 'notation', r.notation);
    if (r.notation === 'compact') createDataProperty(o, 'compactDisplay', r.compactDisplay);
    createDataProperty(o, 'signDisplay', r.signDisplay);
    createDataProperty(o, 'roundingMode', r.digits.roundingMode);
    createDataProperty(o, 'roundingIncrement', r.digits.roundingIncrement);
    createDataProperty(o, 'trailingZeroDisplay', r.digits.trailingZeroDisplay);
    // V8 reports "auto" for compact notation's default rounding once trailing zeros are stripped (it
    // reads the rounding back from ICU's skeleton).
    createDataProperty(o, 'roundingPriority', r.digits.compactDefault && r.digits.trailingZeroDisplay === 'stripIfInteger'
      ? 'auto' : r.digits.roundingPriority);
    return o;
  }, 0);
  defineValue(NFP, symToStringTag, 'Intl.NumberFormat', 'c');
  defineMethod(NumberFormat, 'supportedLocalesOf', function supportedLocalesOf(locales, options = undefined) {
    return supportedLocales(canonicalizeLocaleList(locales), options, 'format');
  }, 1);

  // A constructor that must be called with `new` (V8's message), around the class that holds the
  // private fields; subclasses get their own prototype.
  function requireNew(Impl, name) {
    const C = function (locales = undefined, options = undefined) {
      if (new.target === undefined) throw new $TypeError(`Constructor ${name} requires 'new'`);
      const o = new Impl(locales, options);
      if (new.target !== C) {
        let proto = new.target.prototype;
        if (!isObject(proto)) proto = C.prototype;
        setPrototypeOf(o, proto);
      }
      return o;
    };
    defineValue(C, 'name', call(stringSlice, name, 5), 'c');
    C.prototype = Impl.prototype;
    defineValue(Impl.prototype, 'constructor', C, 'wc');
    const statics = ['supportedLocalesOf'];
    for (let i = 0; i < statics.length; i++) {
      defineMethod(C, statics[i], Impl[statics[i]], 1);
    }
    return C;
  }

  // ---------------------------------------------------------------------- Intl.PluralRules (§16)
  const PR = 'Intl.PluralRules';
  class PluralRulesImpl {
    #r;
    constructor(locales = undefined, options = undefined) {
      const requested = canonicalizeLocaleList(locales);
      options = coerceOptionsToObject(options);
      getOption(options, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', PR);
      const r = {};
      r.type = getOption(options, 'type', 'string', ['cardinal', 'ordinal'], 'cardinal', PR);
      r.digits = setDigitOptions(options, 0, 3, 'standard', PR);
      // V8 11 (Node 20) PluralRules ignore trailingZeroDisplay (1.0000 stays "other") and report only
      // the significant digits in resolvedOptions when they were given.
      r.digits.trailingZeroDisplay = 'auto';
      r.reportSignificantOnly = r.digits.roundingType !== 'fractionDigits' && r.digits.hasSd;
      r.locale = resolveLocale(requested, 'plural').locale;
      r.skeleton = digitSkeleton(r.digits);
      this.#r = r;
    }
    static #of(v, method) {
      if (!isObject(v) || !(#r in v)) {
        throw new $TypeError(`Method Intl.PluralRules.prototype.${method} called on incompatible receiver ${describe(v)}`);
      }
      return v.#r;
    }
    select(n) {
      const r = PluralRulesImpl.#of(this, 'select');
      // ToNumber (§7.1.4): a BigInt is a TypeError here (Number(n) would convert it).
      return pluralSelect(r.locale, r.type === 'ordinal', r.skeleton, +n);
    }
    selectRange(start, end) {
      const r = PluralRulesImpl.#of(this, 'selectRange');
      if (start === undefined) throw new $TypeError('Invalid startRange : undefined');
      if (end === undefined) throw new $TypeError('Invalid endRange : undefined');
      const x = +start;
      const y = +end;
      if (x !== x) throw new $RangeError('Invalid startRange : NaN');
      if (y !== y) throw new $RangeError('Invalid endRange : NaN');
      return I.intlPluralSelectRange(r.locale, r.type === 'ordinal', r.skeleton, x, y);
    }
    resolvedOptions() {
      const r = PluralRulesImpl.#of(this, 'resolvedOptions');
      const o = {};
      createDataProperty(o, 'locale', r.locale);
      createDataProperty(o, 'type', r.type);
      if (r.reportSignificantOnly) {
        createDataProperty(o, 'minimumIntegerDigits', r.digits.mnid);
        createDataProperty(o, 'minimumSignificantDigits', r.digits.mnsd);
        createDataProperty(o, 'maximumSignificantDigits', r.digits.mxsd);
      } else {
        addDigitOptions(o, r.digits);
      }
      createDataProperty(o, 'pluralCategories', pluralCategories(r.locale, r.type === 'ordinal'));
      return o;
    }
    static supportedLocalesOf(locales, options = undefined) {
      return supportedLocales(canonicalizeLocaleList(locales), options, 'plural');
    }
  }
  const PluralRules = requireNew(PluralRulesImpl, 'Intl.PluralRules');
  defineValue(PluralRules.prototype, symToStringTag, 'Intl.PluralRules', 'c');


  // ---------------------------------------------------------------------- Intl.Collator (§10)
  const CO = 'Intl.Collator';
  const collatorCompare = I.intlCollatorCompare;

  function initializeCollator(locales, options, where = CO) {
    const requested = canonicalizeLocaleList(locales);
    options = coerceOptionsToObject(options);
    const r = {};
    r.usage = getOption(options, 'usage', 'string', ['sort', 'search'], 'sort', where);
    getOption(options, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', where);
    const collation = getOption(options, 'collation', 'string', undefined, undefined, where);
    if (collation !== undefined && !test(/^[a-zA-Z0-9]{3,8}(-[a-zA-Z0-9]{3,8})*$/, collation)) {
      throw new $RangeError(`Invalid collation : ${collation}`);
    }
    let numeric = getOption(options, 'numeric', 'boolean', undefined, undefined, where);
    if (numeric !== undefined) numeric = `${numeric}`;
    const caseFirstOption = getOption(options, 'caseFirst', 'string', ['upper', 'lower', 'false'], undefined, where);
    // V8 resolves -u-co- like kn/kf and applies the collation option afterwards, against ICU's data
    // (intlCollatorResolve).
    const resolved = resolveLocale(requested, 'collation', ['co', 'kf', 'kn'], { co: undefined, kf: caseFirstOption, kn: numeric },
      (key, value, locale) => (key === 'kn' ? value === 'true' || value === 'false'
        : key === 'kf' ? value === 'upper' || value === 'lower' || value === 'false'
          : I.intlCollationValid(locale, value)));
    const co = I.intlCollatorResolve(resolved.locale, collation, r.usage);
    r.locale = co[0];
    r.collation = co[1];
    r.dataLocale = co[2];
    r.numeric = resolved.values.kn === 'true';
    const caseFirst = resolved.values.kf;
    r.sensitivity = getOption(options, 'sensitivity', 'string', ['base', 'accent', 'case', 'variant'], 'variant', where);
    r.ignorePunctuation = getOption(options, 'ignorePunctuation', 'boolean', undefined, false, where);
    r.key = `${r.usage}|${r.sensitivity}|${r.ignorePunctuation ? 1 : 0}|${r.numeric ? 1 : 0}|${caseFirst === undefined ? '' : caseFirst}`;
    r.caseFirst = caseFirst === undefined ? I.intlCollatorCaseFirst(r.dataLocale, r.key) : caseFirst;
    // V8 reads it back from ICU: Thai ignores punctuation unless told otherwise… and even then.
    if (!r.ignorePunctuation) r.ignorePunctuation = I.intlCollatorIgnoresPunctuation(r.dataLocale, r.key);
    return r;
  }

  class CollatorImpl {
    #r;
    #bound = undefined;
    constructor(locales, options) {
      this.#r = initializeCollator(locales, options);
    }
    static is(v) {
      return isObject(v) && #r in v;
    }
    static record(v) {
      return v.#r;
    }
    static bound(v) {
      return v.#bound;
    }
    static setBound(v, f) {
      v.#bound = f;
    }
  }
  function Collator(locales = undefined, options = undefined) {
    const c = new CollatorImpl(locales, options);
    if (new.target !== undefined && new.target !== Collator) {
      let proto = new.target.prototype;
      if (!isObject(proto)) proto = Collator.prototype;
      setPrototypeOf(c, proto);
    }
    return c;
  }
  function thisCollator(v, method) {
    if (!CollatorImpl.is(v)) {
      throw new $TypeError(`Method ${method} called on incompatible receiver ${describe(v)}`);
    }
    return CollatorImpl.record(v);
  }
  const COP = CollatorImpl.prototype;
  Collator.prototype = COP;
  defineValue(COP, 'constructor', Collator, 'wc');
  defineGetter(COP, 'compare', function () {
    thisCollator(this, 'get Intl.Collator.prototype.compare');
    let f = CollatorImpl.bound(this);
    if (f === undefined) {
      const r = CollatorImpl.record(this);
      f = (x, y) => collatorCompare(r.dataLocale, r.key, `${x}`, `${y}`);
      defineValue(f, 'name', '', 'c');
      CollatorImpl.setBound(this, f);
    }
    return f;
  });
  defineMethod(COP, 'resolvedOptions', function resolvedOptions() {
    const r = thisCollator(this, 'Intl.Collator.prototype.resolvedOptions');
    const o = {};
    createDataProperty(o, 'locale', r.locale);
    createDataProperty(o, 'usage', r.usage);
    createDataProperty(o, 'sensitivity', r.sensitivity);
    createDataProperty(o, 'ignorePunctuation', r.ignorePunctuation);
    createDataProperty(o, 'collation', r.collation);
    createDataProperty(o, 'numeric', r.numeric);
    createDataProperty(o, 'caseFirst', r.caseFirst);
    return o;
  }, 0);
  defineValue(COP, symToStringTag, 'Intl.Collator', 'c');
  defineMethod(Collator, 'supportedLocalesOf', function supportedLocalesOf(locales, options = undefined) {
    return supportedLocales(canonicalizeLocaleList(locales), options, 'collation');
  }, 1);

  // String.prototype.localeCompare (ECMA-402 §19.1.1): a Collator record for (locales, options), built
  // per call (ICU is not touched at realm creation; its formatters are cached natively).
  defineMethod($String.prototype, 'localeCompare', function localeCompare(that, locales = undefined, options = undefined) {
    if (this === undefined || this === null) {
      throw new $TypeError('String.prototype.localeCompare called on null or undefined');
    }
    const S = `${this}`;
    const T = `${that}`;
    const r = initializeCollator(locales, options, 'String.prototype.localeCompare');
    return collatorCompare(r.dataLocale, r.key, S, T);
  }, 1);

  // ---------------------------------------------------------------------- Intl.ListFormat (§13)
  const LF = 'Intl.ListFormat';
  const listFormat = I.intlListFormat;

  // §13.5.4 StringListFromIterable.
  function stringListFromIterable(iterable) {
    const list = [];
    if (iterable === undefined) return list;
    for (const v of iterable) {
      if (typeof v !== 'string') throw new $TypeError(`Iterable yielded ${describe(v)} which is not a string`);
      list[list.length] = v;
    }
    return list;
  }

  class ListFormatImpl {
    #r;
    constructor(locales = undefined, options = undefined) {
      const requested = canonicalizeLocaleList(locales);
      options = getOptionsObject(options);
      getOption(options, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', LF);
      const r = {};
      r.locale = resolveLocale(requested, 'format').locale;
      r.type = getOption(options, 'type', 'string', ['conjunction', 'disjunction', 'unit'], 'conjunction', LF);
      r.style = getOption(options, 'style', 'string', ['long', 'short', 'narrow'], 'long', LF);
      this.#r = r;
    }
    static #of(v, method) {
      if (!isObject(v) || !(#r in v)) {
        throw new $TypeError(`Method Intl.ListFormat.prototype.${method} called on incompatible receiver ${describe(v)}`);
      }
      return v.#r;
    }
    format(list) {
      const r = ListFormatImpl.#of(this, 'format');
      return listFormat(r.locale, r.type, r.style, stringListFromIterable(list), false);
    }
    formatToParts(list) {
      const r = ListFormatImpl.#of(this, 'formatToParts');
      return formatToPartsArray(listFormat(r.locale, r.type, r.style, stringListFromIterable(list), true));
    }
    resolvedOptions() {
      const r = ListFormatImpl.#of(this, 'resolvedOptions');
      const o = {};
      createDataProperty(o, 'locale', r.locale);
      createDataProperty(o, 'type', r.type);
      createDataProperty(o, 'style', r.style);
      return o;
    }
    static supportedLocalesOf(locales, options = undefined) {
      return supportedLocales(canonicalizeLocaleList(locales), options, 'format');
    }
  }
  const ListFormat = requireNew(ListFormatImpl, 'Intl.ListFormat');
  defineValue(ListFormat.prototype, symToStringTag, 'Intl.ListFormat', 'c');

  // ---------------------------------------------------------------------- Intl.RelativeTimeFormat (§17)
  const RTF = 'Intl.RelativeTimeFormat';
  const relativeTime = I.intlRelativeTime;
  const RT_UNITS = {
    second: 'second', seconds: 'second', minute: 'minute', minutes: 'minute', hour: 'hour', hours: 'hour',
    day: 'day', days: 'day', week: 'week', weeks: 'week', month: 'month', months: 'month',
    quarter: 'quarter', quarters: 'quarter', year: 'year', years: 'year',
  };

  class RelativeTimeFormatImpl {
    #r;
    constructor(locales = undefined, options = undefined) {
      const requested = canonicalizeLocaleList(locales);
      options = coerceOptionsToObject(options);
      getOption(options, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', RTF);
      const ns = getOption(options, 'numberingSystem', 'string', undefined, undefined, RTF);
      if (ns !== undefined && !test(/^[a-zA-Z0-9]{3,8}(-[a-zA-Z0-9]{3,8})*$/, ns)) {
        throw new $RangeError(`Invalid numberingSystem : ${ns}`);
      }
      const r = {};
      const resolved = resolveLocale(requested, 'format', ['nu'], { nu: ns }, (key, value) => isSupportedNumberingSystem(value));
      r.locale = resolved.locale;
      r.dataLocale = splitTag(r.locale).base;
      r.numberingSystem = numberingSystemOf(r.dataLocale);
      if (resolved.values.nu !== undefined && resolved.values.nu !== r.numberingSystem) {
        r.numberingSystem = resolved.values.nu;
        r.dataLocale += `-u-nu-${r.numberingSystem}`;
      }
      r.style = getOption(options, 'style', 'string', ['long', 'short', 'narrow'], 'long', RTF);
      r.numeric = getOption(options, 'numeric', 'string', ['always', 'auto'], 'always', RTF);
      this.#r = r;
    }
    static #of(v, method) {
      if (!isObject(v) || !(#r in v)) {
        throw new $TypeError(`Method Intl.RelativeTimeFormat.prototype.${method} called on incompatible receiver ${describe(v)}`);
      }
      return v.#r;
    }
    static #args(value, unit, method) {
      value = +value;  // ToNumber: a BigInt is a TypeError
      unit = `${unit}`;
      const u = $Object.prototype.hasOwnProperty.call(RT_UNITS, unit) ? RT_UNITS[unit] : undefined;
      if (u === undefined) {
        throw new $RangeError(`Invalid unit argument for Intl.RelativeTimeFormat.prototype.${method}() '${unit}'`);
      }
      if (value !== value || value === Infinity || value === -Infinity) {
        throw new $RangeError(`Value need to be finite number for Intl.RelativeTimeFormat.prototype.${method}()`);
      }
      return [value, u];
    }
    format(value, unit) {
      const r = RelativeTimeFormatImpl.#of(this, 'format');
      const a = RelativeTimeFormatImpl.#args(value, unit, 'format');
      return relativeTime(r.dataLocale, r.style, r.numeric, a[0], a[1], false);
    }
    formatToParts(value, unit) {
      const r = RelativeTimeFormatImpl.#of(this, 'formatToParts');
      const a = RelativeTimeFormatImpl.#args(value, unit, 'formatToParts');
      const flat = relativeTime(r.dataLocale, r.style, r.numeric, a[0], a[1], true);
      const out = [];
      for (let i = 0; i < flat.length; i += 3) {
        const part = {};
        createDataProperty(part, 'type', flat[i]);
        createDataProperty(part, 'value', flat[i + 1]);
        if (flat[i + 2] !== undefined) createDataProperty(part, 'unit', flat[i + 2]);
        out[out.length] = part;
      }
      return out;
    }
    resolvedOptions() {
      const r = RelativeTimeFormatImpl.#of(this, 'resolvedOptions');
      const o = {};
      createDataProperty(o, 'locale', r.locale);
      createDataProperty(o, 'style', r.style);
      createDataProperty(o, 'numeric', r.numeric);
      createDataProperty(o, 'numberingSystem', r.numberingSystem);
      return o;
    }
    static supportedLocalesOf(locales, options = undefined) {
      return supportedLocales(canonicalizeLocaleList(locales), options, 'format');
    }
  }
  const RelativeTimeFormat = requireNew(RelativeTimeFormatImpl, 'Intl.RelativeTimeFormat');
  defineValue(RelativeTimeFormat.prototype, symToStringTag, 'Intl.RelativeTimeFormat', 'c');


  // ---------------------------------------------------------------------- Intl.DateTimeFormat (§11)
  // initializeDateTimeFormat reads the options as V8 does (ECMA-402 §11.1.2 CreateDateTimeFormat with
  // Node.js 20's hour-cycle rules) into a plain-data record (it survives snapshots). Two formatters
  // share the record:
  //  - the generated tables of Date.prototype.toLocale*String (vm/builtins/date_format.cc, patterns and
  //    names taken from Node.js's newer ICU) for en-US, en-GB, de-DE, fr-FR, ja-JP and the options they
  //    cover (no -u- keywords, calendar, numberingSystem, hourCycle, era, dayPeriod,
  //    fractionalSecondDigits, timeZoneName, timeStyle full/long, hour12 with timeStyle): they keep
  //    their Node.js output where the system ICU 72 (CLDR 42) prints otherwise;
  //  - everything else goes to ICU (I.intlDateTimeFormat, vm/builtins/intl.cc): skeleton → best
  //    pattern → SimpleDateFormat, DateIntervalFormat for formatRange/formatRangeToParts.
  const DTF = 'Intl.DateTimeFormat';
  const dateTimeFormat = I.dateTimeFormat;
  const icuDateFormat = I.intlDateTimeFormat;
  const defaultHourCycle = I.intlDateDefaultHourCycle;
  const dateTimeZone = I.intlDateTimeZone;
  const dateValue = I.dateValue;
  const DTF_GENERATED_OPTION_KEYS = ['localeMatcher', 'hour12', 'timeZone', 'weekday', 'year', 'month', 'day',
    'hour', 'minute', 'second', 'dateStyle', 'timeStyle'];
  const DTF_GENERATED_LOCALES = ['en-US', 'en', 'en-GB', 'de-DE', 'de', 'fr-FR', 'fr', 'ja-JP', 'ja'];
  const HOUR_CYCLES = ['h11', 'h12', 'h23', 'h24'];
  const STYLES = ['full', 'long', 'medium', 'short'];
  // ECMA-402 Table 7 in V8's reading order, with each value's ICU skeleton letters (hour: per cycle).
  const DTF_FIELDS = [
    ['weekday', ['narrow', 'long', 'short'], ['EEEEE', 'EEEE', 'EEE']],
    ['era', ['narrow', 'long', 'short'], ['GGGGG', 'GGGG', 'GGG']],
    ['year', ['2-digit', 'numeric'], ['yy', 'y']],
    ['month', ['narrow', 'long', 'short', '2-digit', 'numeric'], ['MMMMM', 'MMMM', 'MMM', 'MM', 'M']],
    ['day', ['2-digit', 'numeric'], ['dd', 'd']],
    ['dayPeriod', ['narrow', 'long', 'short'], ['BBBBB', 'BBBB', 'B']],
    ['hour', ['2-digit', 'numeric'], undefined],
    ['minute', ['2-digit', 'numeric'], ['mm', 'm']],
    ['second', ['2-digit', 'numeric'], ['ss', 's']],
    ['timeZoneName', ['short', 'long', 'shortOffset', 'longOffset', 'shortGeneric', 'longGeneric'],
      ['z', 'zzzz', 'O', 'OOOO', 'v', 'vvvv']],
  ];
  const HOUR_LETTER = { h11: 'K', h12: 'h', h23: 'H', h24: 'k' };
  const dateNow = Date.now;

  function includes(list, v) {
    for (let i = 0; i < list.length; i++) if (list[i] === v) return true;
    return false;
  }
  function isSupportedCalendar(ca) {
    return includes(supportedValues('calendar'), ca);
  }
  // A tag from a base and [key, value] keywords (undefined values left out), keys in the given order.
  function withKeywords(base, pairs) {
    let ext = '';
    for (let i = 0; i < pairs.length; i++) if (pairs[i][1] !== undefined) ext += `-${pairs[i][0]}-${pairs[i][1]}`;
    return ext === '' ? base : `${base}-u${ext}`;
  }

  // ToDateTimeOptions (ECMA-402 2022 §11.1.3, as Node.js 20 still reads the options): an object
  // inheriting from the options, with year/month/day and/or hour/minute/second "numeric" added when
  // none of the required fields nor a style is given.
  function toDateTimeOptions(options, required, defaults) {
    const opts = $Object.create(options === undefined ? null : I.toObject(options));
    let needDefaults = true;
    if (required !== 'time') {
      for (const p of ['weekday', 'year', 'month', 'day']) if (opts[p] !== undefined) needDefaults = false;
    }
    if (required !== 'date') {
      for (const p of ['dayPeriod', 'hour', 'minute', 'second', 'fractionalSecondDigits']) {
        if (opts[p] !== undefined) needDefaults = false;
      }
    }
    const dateStyle = opts.dateStyle;
    const timeStyle = opts.timeStyle;
    if (dateStyle !== undefined || timeStyle !== undefined) needDefaults = false;
    if (required === 'date' && timeStyle !== undefined) throw new $TypeError('Invalid option : timeStyle');
    if (required === 'time' && dateStyle !== undefined) throw new $TypeError('Invalid option : dateStyle');
    if (needDefaults && (defaults === 'date' || defaults === 'all')) {
      for (const p of ['year', 'month', 'day']) createDataProperty(opts, p, 'numeric');
    }
    if (needDefaults && (defaults === 'time' || defaults === 'all')) {
      for (const p of ['hour', 'minute', 'second']) createDataProperty(opts, p, 'numeric');
    }
    return opts;
  }

  // required: 'any' | 'date' | 'time'; defaults: 'date' | 'time' | 'all' (ECMA-402 §11.1.2);
  // where: the constructor or method V8's messages name.
  function initializeDateTimeFormat(locales, options, required, defaults, where) {
    const requested = canonicalizeLocaleList(locales);
    options = toDateTimeOptions(options, required, defaults);
    getOption(options, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', where);
    let calendar = getOption(options, 'calendar', 'string', undefined, undefined, where);
    if (calendar !== undefined && !test(/^[a-zA-Z0-9]{3,8}(-[a-zA-Z0-9]{3,8})*$/, calendar)) {
      throw new $RangeError(`Invalid calendar : ${calendar}`);
    }
    if (calendar !== undefined) {
      // As V8, the option's type is canonicalized like a -u-ca- keyword ("islamicc" → "islamic-civil").
      const tag = canonicalizeTag(`und-u-ca-${calendar}`);
      const ca = tag === undefined ? undefined : splitTag(tag).keywords.ca;
      if (ca !== undefined && ca !== 'true') calendar = ca;
    }
    const ns = getOption(options, 'numberingSystem', 'string', undefined, undefined, where);
    if (ns !== undefined && !test(/^[a-zA-Z0-9]{3,8}(-[a-zA-Z0-9]{3,8})*$/, ns)) {
      throw new $RangeError(`Invalid numberingSystem : ${ns}`);
    }
    const hour12 = getOption(options, 'hour12', 'boolean', undefined, undefined, where);
    const hourCycleOption = getOption(options, 'hourCycle', 'string', HOUR_CYCLES, undefined, where);
    const hourCycle = hour12 !== undefined ? undefined : hourCycleOption;
    // ResolveLocale with the relevant keys ca, hc, nu of the extension; an option that differs from the
    // extension's value takes the keyword out of the locale (V8).
    const resolved = resolveLocale(requested, 'format', ['ca', 'hc', 'nu'], {}, (key, value) =>
      key === 'ca' ? isSupportedCalendar(value) : key === 'nu' ? isSupportedNumberingSystem(value)
        : includes(HOUR_CYCLES, value));
    const base = splitTag(resolved.locale).base;
    const ext = resolved.values;
    let ca = calendar !== undefined && ext.ca !== calendar ? undefined : ext.ca;
    let nu = ns !== undefined && ext.nu !== ns ? undefined : ext.nu;
    const reportedCa = ca, reportedNu = nu;
    if (calendar !== undefined && isSupportedCalendar(calendar)) ca = calendar;
    if (ns !== undefined && isSupportedNumberingSystem(ns)) nu = ns;
    const icuLocale = withKeywords(base, [['ca', ca], ['hc', ext.hc], ['nu', nu]]);
    // The hour cycle as Node.js 20 resolves it: hour12 picks h11/h23 where the locale's cycle is one
    // of those, else h12/h24.
    const hcDefault = defaultHourCycle(icuLocale);
    let hc = hourCycle === undefined ? ext.hc : hourCycle;
    if (hour12 !== undefined) {
      const zeroBased = hcDefault === 'h11' || hcDefault === 'h23';
      hc = hour12 ? (zeroBased ? 'h11' : 'h12') : (zeroBased ? 'h23' : 'h24');
    } else if (hc === undefined) {
      hc = hcDefault;
    }
    let timeZone = options.timeZone;
    if (timeZone !== undefined) {
      const name = `${timeZone}`;
      timeZone = dateTimeZone(name);
      if (timeZone === undefined) throw new $RangeError(`Invalid time zone specified: ${name}`);
    }
    let skeleton = '';
    let explicit;
    let hasHour = false;
    const newFields = [];
    const fields = $Object.create(null);
    for (let i = 0; i < DTF_FIELDS.length; i++) {
      const row = DTF_FIELDS[i];
      const prop = row[0];
      if (prop === 'timeZoneName') {
        const fsd = defaultNumberOption(options.fractionalSecondDigits, 1, 3, undefined, 'fractionalSecondDigits');
        if (fsd !== undefined) {
          for (let k = 0; k < fsd; k++) skeleton += 'S';
          if (explicit === undefined) explicit = 'fractionalSecondDigits';
          newFields[newFields.length] = prop;
        }
      }
      const v = getOption(options, prop, 'string', row[1], undefined, where);
      if (v === undefined) continue;
      fields[prop] = v;
      if (explicit === undefined) explicit = prop;
      if (prop === 'hour') {
        hasHour = true;
        const letter = HOUR_LETTER[hc];
        skeleton += v === '2-digit' ? letter + letter : letter;
      } else {
        for (let k = 0; k < row[1].length; k++) if (row[1][k] === v) skeleton += row[2][k];
      }
      if (prop === 'era' || prop === 'dayPeriod' || prop === 'timeZoneName') newFields[newFields.length] = prop;
    }
    getOption(options, 'formatMatcher', 'string', ['basic', 'best fit'], 'best fit', where);
    const dateStyle = getOption(options, 'dateStyle', 'string', STYLES, undefined, where);
    const timeStyle = getOption(options, 'timeStyle', 'string', STYLES, undefined, where);
    let dtfHc;
    if (dateStyle !== undefined || timeStyle !== undefined) {
      if (explicit !== undefined) {
        throw new $TypeError(`Can't set option ${explicit} when ${dateStyle !== undefined ? 'dateStyle' : 'timeStyle'} is used`);
      }
      if (timeStyle !== undefined) dtfHc = hc;
    } else if (hasHour) {
      dtfHc = hc;
    }
    // hour12 or hourCycle take a -u-hc- that disagrees with the cycle used out of the locale.
    const reportedHc = (hour12 !== undefined || hourCycleOption !== undefined) && ext.hc !== dtfHc ? undefined : ext.hc;
    const r = {};
    r.locale = withKeywords(base, [['ca', reportedCa], ['hc', reportedHc], ['nu', reportedNu]]);
    r.icuLocale = icuLocale;
    r.skeleton = skeleton;
    r.dateStyle = dateStyle === undefined ? '' : dateStyle;
    r.timeStyle = timeStyle === undefined ? '' : timeStyle;
    r.hc = dtfHc === undefined ? '' : dtfHc;
    r.timeZone = timeZone;
    r.defaults = defaults === 'all' ? 0 : defaults === 'date' ? (required === 'date' ? 1 : 3) : 2;
    // The generated tables, where they apply: the options copied as plain data for their reader.
    r.generated = icuLocale === base && includes(DTF_GENERATED_LOCALES, base) && calendar === undefined &&
      ns === undefined && hourCycleOption === undefined && newFields.length === 0 &&
      timeStyle !== 'full' && timeStyle !== 'long' && !(hour12 !== undefined && timeStyle !== undefined);
    if (r.generated) {
      const copy = {};
      createDataProperty(copy, 'hour12', hour12);
      createDataProperty(copy, 'timeZone', timeZone);
      createDataProperty(copy, 'dateStyle', dateStyle);
      createDataProperty(copy, 'timeStyle', timeStyle);
      for (let i = 0; i < DTF_FIELDS.length; i++) {
        const prop = DTF_FIELDS[i][0];
        const v = fields[prop];
        if (v !== undefined && includes(DTF_GENERATED_OPTION_KEYS, prop)) createDataProperty(copy, prop, v);
      }
      r.options = copy;
    }
    return r;
  }

  // Formats time value x (and y for ranges) with record r; mode as I.intlDateTimeFormat's.
  function formatDateTime(r, mode, x, y) {
    if (r.generated && mode <= 2) return dateTimeFormat(x, r.locale, r.options, mode, r.defaults);
    return icuDateFormat(r.icuLocale, r.skeleton, r.dateStyle, r.timeStyle, r.hc, r.timeZone, mode, x, y);
  }

  // Date.prototype.toLocale*String's program-code path (options with getters, other locales, the
  // options the generated tables do not cover): ECMA-402 §20.4.1-3 through a DateTimeFormat record.
  const DatePrototype = Date.prototype;
  function dateToLocale(fn, thisArg, locales, options) {
    const kind = fn === DatePrototype.toLocaleDateString ? 1 : fn === DatePrototype.toLocaleTimeString ? 2 : 0;
    const name = kind === 1 ? 'toLocaleDateString' : kind === 2 ? 'toLocaleTimeString' : 'toLocaleString';
    const r = initializeDateTimeFormat(locales, options, kind === 1 ? 'date' : kind === 2 ? 'time' : 'any',
      kind === 1 ? 'date' : kind === 2 ? 'time' : 'all', `Date.prototype.${name}`);
    return formatDateTime(r, 0, dateValue(thisArg));
  }
  I.primSetFallback(DatePrototype.toLocaleString, dateToLocale);
  I.primSetFallback(DatePrototype.toLocaleDateString, dateToLocale);
  I.primSetFallback(DatePrototype.toLocaleTimeString, dateToLocale);

  // §11.5.12 ToDateTimeFormattable + TimeClip: undefined is now.
  function timeValueOf(date) {
    let x = date === undefined ? call(dateNow, undefined) : +date;  // ToNumber: a BigInt is a TypeError
    if (x !== x || x > 8.64e15 || x < -8.64e15) throw new $RangeError('Invalid time value');
    x = x < 0 ? -floor(-x) : floor(x);
    return x + 0;
  }

  class DateTimeFormatImpl {
    #r;
    #bound = undefined;
    constructor(locales, options) {
      this.#r = initializeDateTimeFormat(locales, options, 'any', 'date', DTF);
    }
    static is(v) {
      return isObject(v) && #r in v;
    }
    static record(v) {
      return v.#r;
    }
    static bound(v) {
      return v.#bound;
    }
    static setBound(v, f) {
      v.#bound = f;
    }
  }
  function DateTimeFormat(locales = undefined, options = undefined) {
    const d = new DateTimeFormatImpl(locales, options);
    if (new.target !== undefined && new.target !== DateTimeFormat) {
      let proto = new.target.prototype;
      if (!isObject(proto)) proto = DateTimeFormat.prototype;
      setPrototypeOf(d, proto);
    }
    return d;
  }
  function thisDateTimeFormat(v, method) {
    if (!DateTimeFormatImpl.is(v)) {
      throw new $TypeError(`Method ${method} called on incompatible receiver ${describe(v)}`);
    }
    return DateTimeFormatImpl.record(v);
  }
  const DTFP = DateTimeFormatImpl.prototype;
  DateTimeFormat.prototype = DTFP;
  defineValue(DTFP, 'constructor', DateTimeFormat, 'wc');
  defineGetter(DTFP, 'format', function () {
    thisDateTimeFormat(this, 'get Intl.DateTimeFormat.prototype.format');
    let f = DateTimeFormatImpl.bound(this);
    if (f === undefined) {
      const r = DateTimeFormatImpl.record(this);
      f = (date) => formatDateTime(r, 0, timeValueOf(date));
      defineValue(f, 'name', '', 'c');
      DateTimeFormatImpl.setBound(this, f);
    }
    return f;
  });
  // §11.5.6 FormatDateTimeToParts of time value x.
  function dateTimeParts(r, x) {
    const flat = formatDateTime(r, 1, x);
    if (r.generated) {
      // V8 prints ICU's U+202F between a time and its day period ("1:05 PM") as a plain space in
      // format() only (the generated patterns hold format()'s text); its parts keep U+202F.
      for (let i = 2; i + 2 < flat.length; i += 2) {
        const lit = flat[i + 1];
        const before = flat[i - 2];
        if (flat[i] === 'literal' && flat[i + 2] === 'dayPeriod' && lit === ' ' &&
            (before === 'hour' || before === 'minute' || before === 'second')) {
          flat[i + 1] = call(stringSlice, lit, 0, lit.length - 1) + '\u202f';
        }
      }
    }
    return formatToPartsArray(flat);
  }
  defineMethod(DTFP, 'formatToParts', function formatToParts(date) {
    const r = thisDateTimeFormat(this, 'Intl.DateTimeFormat.prototype.formatToParts');
    return dateTimeParts(r, timeValueOf(date));
  }, 1);
  // §11.5.9 PartitionDateTimeRangePattern: both dates are required; V8 throws its TypeError for a
  // missing one, then converts both before the RangeError of TimeClip.
  function dateRangeValues(startDate, endDate) {
    if (startDate === undefined || endDate === undefined) throw new $TypeError('Invalid time value');
    const x = +startDate;  // ToNumber, as above
    const y = +endDate;
    return [timeValueOf(x), timeValueOf(y)];
  }
  defineMethod(DTFP, 'formatRange', function formatRange(startDate, endDate) {
    const r = thisDateTimeFormat(this, 'Intl.DateTimeFormat.prototype.formatRange');
    const xy = dateRangeValues(startDate, endDate);
    const s = formatDateTime(r, 3, xy[0], xy[1]);
    return s !== undefined ? s : formatDateTime(r, 0, xy[0]);
  }, 2);
  defineMethod(DTFP, 'formatRangeToParts', function formatRangeToParts(startDate, endDate) {
    const r = thisDateTimeFormat(this, 'Intl.DateTimeFormat.prototype.formatRangeToParts');
    const xy = dateRangeValues(startDate, endDate);
    const flat = formatDateTime(r, 4, xy[0], xy[1]);
    if (flat === undefined) {
      // Both dates print alike: the parts of the start date, all "shared".
      const out = dateTimeParts(r, xy[0]);
      for (let i = 0; i < out.length; i++) createDataProperty(out[i], 'source', 'shared');
      return out;
    }
    const out = [];
    for (let i = 0; i < flat.length; i += 3) {
      const part = {};
      createDataProperty(part, 'type', flat[i]);
      createDataProperty(part, 'value', flat[i + 1]);
      createDataProperty(part, 'source', flat[i + 2]);
      out[out.length] = part;
    }
    return out;
  }, 2);
  defineMethod(DTFP, 'resolvedOptions', function resolvedOptions() {
    const r = thisDateTimeFormat(this, 'Intl.DateTimeFormat.prototype.resolvedOptions');
    // [key, value, …]: timeZone (calendar and numberingSystem from ICU), then the fields read back
    // from the pattern (date_format.h ResolvedPatternFields).
    const info = formatDateTime(r, 2, 0);
    const o = {};
    createDataProperty(o, 'locale', r.locale);
    // The generated tables are Gregorian with Latin digits.
    createDataProperty(o, 'calendar', 'gregory');
    createDataProperty(o, 'numberingSystem', 'latn');
    for (let i = 0; i < info.length; i += 2) {
      let v = info[i + 1];
      // V8 names zones by ICU's canonical IDs ("Asia/Calcutta" for "Asia/Kolkata").
      if (info[i] === 'timeZone' && v !== 'UTC') v = I.intlCanonicalTimeZone(v);
      createDataProperty(o, info[i], v);
    }
    return o;
  }, 0);
  defineValue(DTFP, symToStringTag, 'Intl.DateTimeFormat', 'c');
  defineMethod(DateTimeFormat, 'supportedLocalesOf', function supportedLocalesOf(locales, options = undefined) {
    return supportedLocales(canonicalizeLocaleList(locales), options, 'format');
  }, 1);

  // ---------------------------------------------------------------------- the Intl object (§8)
  const Intl = {};
  defineValue(Intl, symToStringTag, 'Intl', 'c');
  defineMethod(Intl, 'getCanonicalLocales', function getCanonicalLocales(locales) {
    return canonicalizeLocaleList(locales);
  }, 1);
  const UNITS_SORTED = SANCTIONED_UNITS;
  defineMethod(Intl, 'supportedValuesOf', function supportedValuesOf(key) {
    key = `${key}`;
    if (key === 'currency' || key === 'numberingSystem' || key === 'calendar' || key === 'collation' ||
        key === 'timeZone') {
      return supportedValues(key);
    }
    if (key === 'unit') {
      const out = [];
      for (let i = 0; i < UNITS_SORTED.length; i++) out[i] = UNITS_SORTED[i];
      return out;
    }
    throw new $RangeError(`Invalid key : ${key}`);
  }, 1);
  // ---------------------------------------------------------------------- Intl.Segmenter (§18)
  // Boundaries come from ICU's break iterators (I.intlSegment) once per segment() call; %SegmentsPrototype%
  // and %SegmentIteratorPrototype% read them from private fields, so the objects survive snapshots.
  const SG = 'Intl.Segmenter';
  const segmentNative = I.intlSegment;
  const toIntegerOrInfinity = I.toIntegerOrInfinity;

  // §18.7.1 CreateSegmentDataObject for segment k of the flat boundary list.
  function segmentData(d, k) {
    const start = d.b[2 * k];
    const o = {};
    createDataProperty(o, 'segment', call(stringSlice, d.string, start, d.b[2 * k + 2]));
    createDataProperty(o, 'index', start);
    createDataProperty(o, 'input', d.string);
    if (d.word) createDataProperty(o, 'isWordLike', d.b[2 * k + 1]);
    return o;
  }

  class SegmentIteratorImpl {
    #d;
    #k = 0;
    constructor(d) {
      this.#d = d;
    }
    next() {
      if (!isObject(this) || !(#d in this)) {
        throw new $TypeError(`Method %SegmentIterator.prototype%.next called on incompatible receiver ${describe(this)}`);
      }
      const d = this.#d;
      if (this.#k >= d.count) return { value: undefined, done: true };
      const value = segmentData(d, this.#k);
      this.#k++;
      return { value, done: false };
    }
  }
  delete SegmentIteratorImpl.prototype.constructor;
  setPrototypeOf(SegmentIteratorImpl.prototype, I.iteratorPrototype);
  defineValue(SegmentIteratorImpl.prototype, symToStringTag, 'Segmenter String Iterator', 'c');

  class SegmentsImpl {
    #d;
    constructor(d) {
      this.#d = d;
    }
    static #of(v, method) {
      if (!isObject(v) || !(#d in v)) {
        throw new $TypeError(`Method %Segments.prototype%.${method} called on incompatible receiver ${describe(v)}`);
      }
      return v.#d;
    }
    // §18.5.2.1: the segment containing code unit `index`, undefined outside the string.
    containing(index) {
      const d = SegmentsImpl.#of(this, 'containing');
      const n = toIntegerOrInfinity(index);
      if (n < 0 || n >= d.string.length) return undefined;
      let lo = 0;
      let hi = d.count - 1;
      while (lo < hi) {  // the last segment whose start is <= n
        const mid = (lo + hi + 1) >> 1;
        if (d.b[2 * mid] <= n) lo = mid;
        else hi = mid - 1;
      }
      return segmentData(d, lo);
    }
    [I.symIterator]() {
      return new SegmentIteratorImpl(SegmentsImpl.#of(this, '[Symbol.iterator]'));
    }
  }
  delete SegmentsImpl.prototype.constructor;

  class SegmenterImpl {
    #r;
    constructor(locales = undefined, options = undefined) {
      const requested = canonicalizeLocaleList(locales);
      options = getOptionsObject(options);
      getOption(options, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', SG);
      const r = {};
      r.locale = resolveLocale(requested, 'format').locale;
      r.granularity = getOption(options, 'granularity', 'string', ['grapheme', 'word', 'sentence'], 'grapheme', SG);
      this.#r = r;
    }
    static #of(v, method) {
      if (!isObject(v) || !(#r in v)) {
        throw new $TypeError(`Method Intl.Segmenter.prototype.${method} called on incompatible receiver ${describe(v)}`);
      }
      return v.#r;
    }
    resolvedOptions() {
      const r = SegmenterImpl.#of(this, 'resolvedOptions');
      const o = {};
      createDataProperty(o, 'locale', r.locale);
      createDataProperty(o, 'granularity', r.granularity);
      return o;
    }
    segment(string) {
      const r = SegmenterImpl.#of(this, 'segment');
      const str = `${string}`;
      const b = segmentNative(r.locale, r.granularity, str);
      return new SegmentsImpl({ string: str, b, count: (b.length - 1) / 2, word: r.granularity === 'word' });
    }
    static supportedLocalesOf(locales, options = undefined) {
      return supportedLocales(canonicalizeLocaleList(locales), options, 'format');
    }
  }
  const Segmenter = requireNew(SegmenterImpl, SG);
  defineValue(Segmenter.prototype, symToStringTag, SG, 'c');

  // ---------------------------------------------------------------------- Intl.Locale (§14)
  // The tag is canonicalized by ICU (intlCanonicalizeTag); options replace base subtags and -u-
  // keywords (§14.1.2 ApplyOptionsToTag, §14.1.3 ApplyUnicodeExtensionToTag); maximize/minimize are
  // ICU's likely subtags. Extensions other than -u- are kept in the tag (splitTag's `others`).
  const LC = 'Intl.Locale';
  const LOCALE_KEYS = ['ca', 'co', 'hc', 'kf', 'kn', 'nu'];
  function badLocale() {
    return new $RangeError('Incorrect locale information provided');
  }
  // {language, script, region, variants} of a canonical base tag.
  function baseParts(base) {
    const subtags = base.split('-');
    const out = { language: subtags[0], script: undefined, region: undefined, variants: [] };
    let i = 1;
    if (i < subtags.length && test(/^[a-zA-Z]{4}$/, subtags[i])) out.script = subtags[i++];
    if (i < subtags.length && test(/^([a-zA-Z]{2}|[0-9]{3})$/, subtags[i])) out.region = subtags[i++];
    for (; i < subtags.length; i++) out.variants[out.variants.length] = subtags[i];
    return out;
  }
  function joinBase(p) {
    let s = p.language;
    if (p.script !== undefined) s += '-' + p.script;
    if (p.region !== undefined) s += '-' + p.region;
    for (let i = 0; i < p.variants.length; i++) s += '-' + p.variants[i];
    return s;
  }
  class LocaleImpl {
    #tag;
    constructor(tag, options) {
      if (typeof tag !== 'string' && !isObject(tag)) {
        throw new $TypeError("First argument to Intl.Locale constructor can't be empty or missing");
      }
      const t = isObject(tag) && #tag in tag ? tag.#tag : `${tag}`;
      options = coerceOptionsToObject(options);
      const canonical = tagError(t) === undefined ? canonicalizeTag(t) : undefined;
      if (canonical === undefined) throw badLocale();
      const language = getOption(options, 'language', 'string', undefined, undefined, 'locale');
      if (language !== undefined && !test(/^([a-zA-Z]{2,3}|[a-zA-Z]{5,8})$/, language)) throw badLocale();
      const script = getOption(options, 'script', 'string', undefined, undefined, 'locale');
      if (script !== undefined && !test(/^[a-zA-Z]{4}$/, script)) throw badLocale();
      const region = getOption(options, 'region', 'string', undefined, undefined, 'locale');
      if (region !== undefined && !test(/^([a-zA-Z]{2}|[0-9]{3})$/, region)) throw badLocale();
      const { base, keywords, others } = splitTag(canonical);
      const parts = baseParts(base);
      if (language !== undefined) parts.language = language;
      if (script !== undefined) parts.script = script;
      if (region !== undefined) parts.region = region;
      const typeRe = /^[a-zA-Z0-9]{3,8}(-[a-zA-Z0-9]{3,8})*$/;
      // V8 reads every option before it checks the calendar/collation/numberingSystem types.
      const calendar = getOption(options, 'calendar', 'string', undefined, undefined, 'locale');
      const collation = getOption(options, 'collation', 'string', undefined, undefined, 'locale');
      const hc = getOption(options, 'hourCycle', 'string', ['h11', 'h12', 'h23', 'h24'], undefined, 'locale');
      const kf = getOption(options, 'caseFirst', 'string', ['upper', 'lower', 'false'], undefined, 'locale');
      const kn = getOption(options, 'numeric', 'boolean', undefined, undefined, 'locale');
      const nu = getOption(options, 'numberingSystem', 'string', undefined, undefined, 'locale');
      if (calendar !== undefined && !test(typeRe, calendar)) throw badLocale();
      if (collation !== undefined && !test(typeRe, collation)) throw badLocale();
      if (nu !== undefined && !test(typeRe, nu)) throw badLocale();
      const given = { ca: calendar, co: collation, hc, kf, kn: kn === undefined ? undefined : `${kn}`, nu };
      for (let i = 0; i < LOCALE_KEYS.length; i++) {
        const k = LOCALE_KEYS[i];
        if (given[k] !== undefined) keywords[k] = given[k];
      }
      const keys = $Object.keys(keywords).sort();
      let full = joinBase(parts);
      if (keys.length > 0) {
        full += '-u';
        for (let i = 0; i < keys.length; i++) full += keywords[keys[i]] === 'true' ? `-${keys[i]}` : `-${keys[i]}-${keywords[keys[i]]}`;
      }
      // Canonicalization puts the other extensions in singleton order, private use last.
      const result = canonicalizeTag(full + others);
      if (result === undefined) throw badLocale();
      this.#tag = result;
    }
    static #of(v, method, getter) {
      if (!isObject(v) || !(#tag in v)) {
        // V8 11 names getters without "get " here.
        throw new $TypeError(`Method Intl.Locale.prototype.${method} called on incompatible receiver ${describe(v)}`);
      }
      return v.#tag;
    }
    static tagOf(v, method, getter) {
      return LocaleImpl.#of(v, method, getter);
    }
    static tagIfLocale(v) {
      return isObject(v) && #tag in v ? v.#tag : undefined;
    }
    static make(tag) {
      return new LocaleImpl(tag, undefined);
    }
  }
  const LocaleProto = LocaleImpl.prototype;
  localeTagIfLocale = LocaleImpl.tagIfLocale;
  const Locale = function Locale(tag, options = undefined) {
    if (new.target === undefined) throw new $TypeError(`Constructor ${LC} requires 'new'`);
    const o = new LocaleImpl(tag, options);
    if (new.target !== Locale) {
      let proto = new.target.prototype;
      if (!isObject(proto)) proto = LocaleProto;
      setPrototypeOf(o, proto);
    }
    return o;
  };
  defineValue(Locale, 'length', 1, 'c');
  Locale.prototype = LocaleProto;
  defineValue(LocaleProto, 'constructor', Locale, 'wc');
  defineValue(LocaleProto, symToStringTag, LC, 'c');
  const localeTag = LocaleImpl.tagOf;
  defineMethod(LocaleProto, 'toString', function toString() {
    return localeTag(this, 'toString');
  }, 0);
  defineMethod(LocaleProto, 'maximize', function maximize() {
    return LocaleImpl.make(I.intlLocaleLikely(localeTag(this, 'maximize'), true));
  }, 0);
  defineMethod(LocaleProto, 'minimize', function minimize() {
    return LocaleImpl.make(I.intlLocaleLikely(localeTag(this, 'minimize'), false));
  }, 0);
  const localeGetters = {
    // V8 11 reports no language for "und".
    language: (t) => {
      const l = baseParts(splitTag(t).base).language;
      return l === 'und' ? undefined : l;
    },
    script: (t) => baseParts(splitTag(t).base).script,
    region: (t) => baseParts(splitTag(t).base).region,
    baseName: (t) => splitTag(t).base,
    calendar: (t) => splitTag(t).keywords.ca,
    caseFirst: (t) => splitTag(t).keywords.kf,
    collation: (t) => splitTag(t).keywords.co,
    hourCycle: (t) => splitTag(t).keywords.hc,
    numeric: (t) => splitTag(t).keywords.kn === 'true',
    numberingSystem: (t) => splitTag(t).keywords.nu,
  };
  for (const name of $Object.keys(localeGetters)) {
    const read = localeGetters[name];
    defineGetter(LocaleProto, name, {
      get [name]() { return read(localeTag(this, name, true)); },
    }.__lookupGetter__(name));
  }
  // V8 11's locale-info getters (the Intl Locale Info proposal as Node.js 20 ships it): a new array or
  // object per read, from ICU's CLDR data.
  const localeInfo = I.intlLocaleInfo;
  for (const name of ['calendars', 'collations', 'hourCycles', 'numberingSystems', 'textInfo', 'timeZones', 'weekInfo']) {
    defineGetter(LocaleProto, name, {
      get [name]() { return localeInfo(localeTag(this, name, true), name); },
    }.__lookupGetter__(name));
  }

  // ---------------------------------------------------------------------- Intl.DisplayNames (§12)
  // Names come from ICU as V8 gets them (intlDisplayName); codes are checked here with V8 11's
  // RangeError "invalid_argument".
  const DN = 'Intl.DisplayNames';
  const DATE_TIME_FIELDS = ['era', 'year', 'quarter', 'month', 'weekOfYear', 'weekday', 'day', 'dayPeriod',
    'hour', 'minute', 'second', 'timeZoneName'];
  const toUpperCase = String.prototype.toUpperCase;
  class DisplayNamesImpl {
    #r;
    constructor(locales, options) {
      const requested = canonicalizeLocaleList(locales);
      if (options === undefined) throw new $TypeError('invalid_argument');
      if (!isObject(options)) throw new $TypeError('invalid_argument');
      getOption(options, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', DN);
      const r = {};
      r.locale = resolveLocale(requested, 'format').locale;
      r.style = getOption(options, 'style', 'string', ['narrow', 'short', 'long'], 'long', DN);
      r.type = getOption(options, 'type', 'string', ['language', 'region', 'script', 'currency', 'calendar', 'dateTimeField'], undefined, DN);
      if (r.type === undefined) throw new $TypeError('invalid_argument');
      r.fallback = getOption(options, 'fallback', 'string', ['code', 'none'], 'code', DN);
      const languageDisplay = getOption(options, 'languageDisplay', 'string', ['dialect', 'standard'], 'dialect', DN);
      if (r.type === 'language') r.languageDisplay = languageDisplay;
      this.#r = r;
    }
    static #of(v, method) {
      if (!isObject(v) || !(#r in v)) {
        throw new $TypeError(`Method Intl.DisplayNames.prototype.${method} called on incompatible receiver ${describe(v)}`);
      }
      return v.#r;
    }
    of(code) {
      const r = DisplayNamesImpl.#of(this, 'of');
      let c = `${code}`;
      const invalid = () => new $RangeError('invalid_argument');
      switch (r.type) {
        case 'language': {
          // V8 also takes CLDR's "root".
          if (c !== 'root' && canonicalizeTag(c) === undefined) throw invalid();
          // The name is of the language id: extensions are not named (V8 11).
          const m = /^(.*?)(-[a-zA-Z0-9]-.*)?$/.exec(c);
          c = m[1];
          break;
        }
        case 'region':
          if (!test(/^([a-zA-Z]{2}|[0-9]{3})$/, c)) throw invalid();
          break;
        case 'script':
          if (!test(/^[a-zA-Z]{4}$/, c)) throw invalid();
          break;
        case 'currency':
          if (!test(/^[a-zA-Z]{3}$/, c)) throw invalid();
          c = call(toUpperCase, c);
          break;
        case 'calendar':
          if (!test(/^[a-zA-Z0-9]{3,8}(-[a-zA-Z0-9]{3,8})*$/, c)) throw invalid();
          break;
        default: {
          let ok = false;
          for (let i = 0; i < DATE_TIME_FIELDS.length; i++) if (DATE_TIME_FIELDS[i] === c) ok = true;
          if (!ok) throw invalid();
        }
      }
      return I.intlDisplayName(r.locale, r.type, r.style, r.fallback === 'none', r.languageDisplay === 'standard', c);
    }
    resolvedOptions() {
      const r = DisplayNamesImpl.#of(this, 'resolvedOptions');
      const o = {};
      createDataProperty(o, 'locale', r.locale);
      createDataProperty(o, 'style', r.style);
      createDataProperty(o, 'type', r.type);
      createDataProperty(o, 'fallback', r.fallback);
      if (r.languageDisplay !== undefined) createDataProperty(o, 'languageDisplay', r.languageDisplay);
      return o;
    }
    static supportedLocalesOf(locales, options = undefined) {
      return supportedLocales(canonicalizeLocaleList(locales), options, 'format');
    }
  }
  const DisplayNames = requireNew(DisplayNamesImpl, DN);
  defineValue(DisplayNames, 'length', 2, 'c');
  defineValue(DisplayNames.prototype, symToStringTag, DN, 'c');

  defineValue(Intl, 'NumberFormat', NumberFormat, 'wc');
  defineValue(Intl, 'PluralRules', PluralRules, 'wc');
  defineValue(Intl, 'Collator', Collator, 'wc');
  defineValue(Intl, 'ListFormat', ListFormat, 'wc');
  defineValue(Intl, 'RelativeTimeFormat', RelativeTimeFormat, 'wc');
  defineValue(Intl, 'DateTimeFormat', DateTimeFormat, 'wc');
  defineValue(Intl, 'Segmenter', Segmenter, 'wc');
  defineValue(Intl, 'Locale', Locale, 'wc');
  defineValue(Intl, 'DisplayNames', DisplayNames, 'wc');
  defineValue(globalThis, 'Intl', Intl, 'wc');

  // ---------------------------------------------------------------------- Number.prototype.toLocaleString
  // ECMA-402 §19.2.1: a fresh NumberFormat for (locales, options).
  defineMethod($Number.prototype, 'toLocaleString', function toLocaleString(locales = undefined, options = undefined) {
    let x;
    try {
      x = call(numberValueOf, this);
    } catch (e) {
      throw new $TypeError("Number.prototype.toLocaleString requires that 'this' be a Number");
    }
    return formatNumber(initializeNumberFormat(locales, options), x);
  }, 0);

  // ECMA-402 §21.2.1 BigInt.prototype.toLocaleString: a fresh NumberFormat for (locales, options); the value
  // reaches ICU exactly as its decimal digits (ToIntlMathematicalValue).
  const bigintValueOf = BigInt.prototype.valueOf;
  defineMethod(BigInt.prototype, 'toLocaleString', function toLocaleString(locales = undefined, options = undefined) {
    let x;
    try {
      x = call(bigintValueOf, this);
    } catch (e) {
      throw new $TypeError("BigInt.prototype.toLocaleString requires that 'this' be a BigInt");
    }
    return formatNumber(initializeNumberFormat(locales, options), x);
  }, 0);

  I.intlNumberFormatRecord = initializeNumberFormat;
  I.intlFormatNumber = formatNumber;
  I.intlCanonicalizeLocaleList = canonicalizeLocaleList;
  I.intlResolveLocale = resolveLocale;
  I.intlGetOption = getOption;
  I.intlCoerceOptions = coerceOptionsToObject;
  I.intlGetOptionsObject = getOptionsObject;
  I.intlSupportedLocales = supportedLocales;
  I.intlFormatToPartsArray = formatToPartsArray;
  I.intlDescribe = describe;
})(__intrinsics__);
