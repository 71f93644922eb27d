#!/usr/bin/env node
// Generates vm/builtins/date_locale_data.inc: what toLocaleString/toLocaleDateString/toLocaleTimeString
// (and later Intl.DateTimeFormat) need for the supported locales, as Node.js (the oracle, full ICU)
// formats them: localized month/weekday/day-period names and, for every combination of the options
// year/month/day/weekday and hour/minute/second/hour12, the pattern ICU's pattern generator picks.
// Patterns are stored in ICU syntax (letters are fields, '…' quotes literal letters):
//   - one pattern per date-field combination and one per time-field combination,
//   - per date combination the glue joining it to a time ("{1}, {0}", "{1} 'at' {0}"),
//   - the (few) date+time combinations ICU does not form by that glue, as whole patterns,
//   - dateStyle patterns and dateStyle/timeStyle (short, medium) combinations.
// Run after a Node.js/ICU upgrade:
//   node vm/builtins/date_locale_data.gen.js > vm/builtins/date_locale_data.inc
'use strict';

const LOCALES = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'ja-JP'];
const YEAR = [undefined, 'numeric', '2-digit'];
const MONTH = [undefined, 'numeric', '2-digit', 'short', 'long', 'narrow'];
const DAY = [undefined, 'numeric', '2-digit'];
const WEEKDAY = [undefined, 'short', 'long', 'narrow'];
const HOUR = [undefined, 'numeric', '2-digit'];
const MINUTE = [undefined, 'numeric', '2-digit'];
const SECOND = [undefined, 'numeric', '2-digit'];
const HOUR12 = [undefined, true, false];
const STYLES = ['full', 'long', 'medium', 'short'];

// Reference instants (UTC): a Tuesday in March at 15:04:09, the same day at 00:04:09 (to tell the
// hour cycles h/K/H/k apart) and a Tuesday in November at 02:04:09 (padding of k; month names, which
// differ in every width in November — "mars" is both the short and the long French name of March).
const A = Date.UTC(2024, 2, 5, 15, 4, 9);
const B = Date.UTC(2024, 2, 5, 0, 4, 9);
const C = Date.UTC(2024, 10, 5, 2, 4, 9);

function parts(locale, opts, t) {
  return new Intl.DateTimeFormat(locale, { ...opts, timeZone: 'UTC' }).formatToParts(new Date(t));
}

function namesOf(locale, field, width, withDay) {
  const out = [];
  const n = field === 'month' ? 12 : 7;
  for (let i = 0; i < n; i++) {
    const t = field === 'month' ? Date.UTC(2024, i, 5, 12) : Date.UTC(2024, 2, 3 + i, 12);
    const opts = { [field]: width };
    if (withDay) opts.day = 'numeric';
    out.push(parts(locale, opts, t).find((p) => p.type === field).value);
  }
  return out;
}

function quote(lit) {
  // Runs of ASCII letters are quoted ('at'); an apostrophe is doubled. V8's format() (hence
  // toLocaleString) prints ICU's U+202F NARROW NO-BREAK SPACE (before AM/PM) as a plain space;
  // formatToParts does not, so the generator does it.
  return lit.replace(/\u202f/g, ' ').replace(/'/g, "''").replace(/[A-Za-z]+/g, (run) => `'${run}'`);
}

function buildPattern(locale, names, opts) {
  const pa = parts(locale, opts, A), pb = parts(locale, opts, B), pc = parts(locale, opts, C);
  if (pa.length !== pb.length || pa.length !== pc.length)
    throw new Error(`${locale} ${JSON.stringify(opts)}: shapes differ`);
  let out = '';
  for (let i = 0; i < pa.length; i++) {
    const a = pa[i], b = pb[i], c = pc[i];
    const v = a.value;
    switch (a.type) {
      case 'literal':
        if (a.value !== b.value) throw new Error('literal differs');
        out += quote(v);
        break;
      case 'year':
        out += v === '2024' ? 'y' : v === '24' ? 'yy' : fail(a);
        break;
      case 'day':
        out += v === '5' ? 'd' : v === '05' ? 'dd' : fail(a);
        break;
      case 'minute':
        out += v === '4' ? 'm' : v === '04' ? 'mm' : fail(a);
        break;
      case 'second':
        out += v === '9' ? 's' : v === '09' ? 'ss' : fail(a);
        break;
      case 'hour': {
        const k = `${a.value}/${b.value}/${c.value}`;
        const map = { '3/12/2': 'h', '03/12/02': 'hh', '3/0/2': 'K', '03/00/02': 'KK', '15/0/2': 'H',
                      '15/00/02': 'HH', '15/24/2': 'k', '15/24/02': 'kk' };
        out += map[k] || fail(a, k);
        break;
      }
      case 'dayPeriod':
        if (a.value !== names.pm || b.value !== names.am) fail(a, `${a.value}/${b.value}`);
        out += 'a';
        break;
      case 'month': {
        if (v === '3') { out += 'M'; break; }
        if (v === '03') { out += 'MM'; break; }
        let code = null;
        for (const [w, letters] of [['short', 3], ['long', 4], ['narrow', 5]]) {
          if (code) break;
          if (names.monthFormat[w][10] === c.value) code = 'M'.repeat(letters);
          else if (names.monthStandalone[w][10] === c.value) code = 'L'.repeat(letters);
        }
        out += code || fail(a);
        break;
      }
      case 'weekday': {
        let code = null;
        for (const [w, letters] of [['short', 3], ['long', 4], ['narrow', 5]]) {
          if (code) break;
          if (names.weekdayFormat[w][2] === v) code = 'E'.repeat(letters);
          else if (names.weekdayStandalone[w][2] === v) code = 'c'.repeat(letters);
        }
        out += code || fail(a);
        break;
      }
      default:
        fail(a);
    }
  }
  return out;
}

function fail(part, extra = '') {
  throw new Error(`unexpected part ${JSON.stringify(part)} ${extra}`);
}

function cstr(s) {
  return JSON.stringify(s).replace(/[\u0080-\uffff]/g, (c) => c);  // UTF-8 in the source as is
}

const out = [];
out.push(`// Generated by vm/builtins/date_locale_data.gen.js from Node.js ${process.version} (ICU ${process.versions.icu}, CLDR ${process.versions.cldr}).`);
out.push('// Do not edit. Layout: see LocaleData in vm/builtins/date_format.cc.');
for (const locale of LOCALES) {
  const names = { monthFormat: {}, monthStandalone: {}, weekdayFormat: {}, weekdayStandalone: {} };
  for (const w of ['short', 'long', 'narrow']) {
    names.monthFormat[w] = namesOf(locale, 'month', w, true);
    names.monthStandalone[w] = namesOf(locale, 'month', w, false);
    names.weekdayFormat[w] = namesOf(locale, 'weekday', w, true);
    names.weekdayStandalone[w] = namesOf(locale, 'weekday', w, false);
  }
  const h12 = parts(locale, { hour: 'numeric', hour12: true }, A);
  names.pm = h12.find((p) => p.type === 'dayPeriod').value;
  names.am = parts(locale, { hour: 'numeric', hour12: true }, B).find((p) => p.type === 'dayPeriod').value;

  const datePatterns = [], glue = [], timePatterns = [], exceptions = [];
  const dateOpts = [], timeOpts = [];
  for (const y of YEAR) for (const m of MONTH) for (const d of DAY) for (const w of WEEKDAY) {
    const o = {};
    if (y) o.year = y;
    if (m) o.month = m;
    if (d) o.day = d;
    if (w) o.weekday = w;
    dateOpts.push(o);
  }
  for (const h of HOUR) for (const mi of MINUTE) for (const s of SECOND) for (const c of HOUR12) {
    const o = {};
    if (h) o.hour = h;
    if (mi) o.minute = mi;
    if (s) o.second = s;
    if (c !== undefined) o.hour12 = c;
    timeOpts.push(o);
  }
  const hasTime = (o) => o.hour || o.minute || o.second;
  for (const o of dateOpts) datePatterns.push(Object.keys(o).length ? buildPattern(locale, names, o) : '');
  for (const o of timeOpts) timePatterns.push(hasTime(o) ? buildPattern(locale, names, o) : '');
  // The glue of each date combination, learned with a plain time (hour + minute).
  const probe = { hour: 'numeric', minute: '2-digit' };
  const probePattern = buildPattern(locale, names, probe);
  for (let di = 0; di < dateOpts.length; di++) {
    if (!datePatterns[di]) { glue.push(''); continue; }
    const whole = buildPattern(locale, names, { ...dateOpts[di], ...probe });
    const dp = datePatterns[di];
    let g = null;
    if (whole.startsWith(dp) && whole.endsWith(probePattern) && whole.length >= dp.length + probePattern.length) {
      g = '{1}' + whole.slice(dp.length, whole.length - probePattern.length) + '{0}';
    }
    glue.push(g === null ? '' : g);
  }
  for (let di = 1; di < dateOpts.length; di++) {
    for (let ti = 0; ti < timeOpts.length; ti++) {
      if (!hasTime(timeOpts[ti])) continue;
      const whole = buildPattern(locale, names, { ...dateOpts[di], ...timeOpts[ti] });
      const composed = glue[di] ? glue[di].replace('{1}', datePatterns[di]).replace('{0}', timePatterns[ti]) : null;
      if (whole !== composed) exceptions.push([di * timeOpts.length + ti, whole]);
    }
  }
  const styles = [];
  for (const ds of [undefined, ...STYLES]) for (const ts of [undefined, 'medium', 'short']) {
    if (!ds && !ts) { styles.push(''); continue; }
    const o = {};
    if (ds) o.dateStyle = ds;
    if (ts) o.timeStyle = ts;
    styles.push(buildPattern(locale, names, o));
  }
  const list = (a) => `{${a.map(cstr).join(', ')}}`;
  out.push(`{${cstr(locale)},`);
  for (const key of ['monthFormat', 'monthStandalone', 'weekdayFormat', 'weekdayStandalone'])
    out.push(`  {${['narrow', 'short', 'long'].map((w) => list(names[key][w])).join(', ')}},`);
  out.push(`  ${cstr(names.am)}, ${cstr(names.pm)},`);
  out.push(`  ${list(datePatterns)},`);
  out.push(`  ${list(glue)},`);
  out.push(`  ${list(timePatterns)},`);
  out.push(`  ${list(styles)},`);
  out.push(`  {${exceptions.map(([k, p]) => `{${k}, ${cstr(p)}}`).join(', ')}},`);
  out.push(`  ${exceptions.length}},`);
  process.stderr.write(`${locale}: ${exceptions.length} exceptions\n`);
}
process.stdout.write(out.join('\n') + '\n');
