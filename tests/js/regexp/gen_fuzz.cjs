#!/usr/bin/env node
// Generates fuzz.js: a differential test of the RegExp engine against Node.js. Deterministic random
// patterns (literals, classes, escapes, groups, named groups, backreferences, lookarounds, quantifiers,
// alternation) with random flags are run against random inputs; the program records every exec result
// (global and sticky loops), replace with $-patterns and split. `node oracle.js fuzz.js > fuzz.json`
// gives the expected Result. Regenerate with: node gen_fuzz.cjs [count] > fuzz.js
//
// By default the generator only builds patterns PCRE2 runs with JavaScript's meaning: no repeated group
// that can match empty or whose captures may stay unset in a later iteration, fixed-length lookbehind
// bodies without backreferences.
//
// With --fallback it builds the patterns only the backtracking matcher (vm/regexp/backtrack.h) runs:
// every pattern has at least one such construct (captures reset per iteration, empty-checked
// quantified groups, variable-length lookbehind with captures and backreferences, repeat counts above
// 65535) and u/v inputs may hold unpaired surrogates:
//   node gen_fuzz.cjs 1500 --fallback > fuzz_backtrack.js
//
// With --strings it builds v-flag patterns with classes that contain strings (ECMA-262 §22.2.2.9):
// the properties of strings (\p{RGI_Emoji}…), \q{…}, set operations and nested classes over them,
// negated classes that may contain strings (SyntaxErrors), the Unicode 15 scripts Kawi and
// Nag_Mundari, against emoji text (keycaps, flags, modifiers, tag and ZWJ sequences, broken ones):
//   node gen_fuzz.cjs 400 --strings > fuzz_strings.js
// Node.js 20 here has ICU 78 (Emoji 17.0); the engine reads ICU 72 (Emoji 15.0): the inputs hold only
// emoji of Emoji 14.0 or older and leave out by name the sequences added since, which the two give
// different answers for: 🐦‍🔥 (phoenix, 15.1), 🍋‍🟩 (lime, 15.1), 🚶‍➡️ (direction, 15.1), 🫩 (16.0).
'use strict';
const FALLBACK = process.argv.includes('--fallback');
const STRINGS = process.argv.includes('--strings');
let seed = FALLBACK ? 20261201 : STRINGS ? 20261202 : 20240601;
function rnd(n) {
  // The default set keeps its original sequence (a product past 2^53 loses bits, so it cycles
  // quickly); --fallback computes the generator exactly and uses its high bits.
  if (FALLBACK || STRINGS) {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    return Math.floor((seed / 0x80000000) * n);
  }
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
}
const pick = (a) => a[rnd(a.length)];

const LIT = ['a', 'b', 'c', 'A', 'B', 'x', '1', '2', ' ', '-', 'é', 'É', 'ſ', 'S', 's', 'k', 'K', '\\u212a', 'ß',
  '\\n', '\\.', '\\-', 'ω', 'Ω', '_'];
const ASTRAL = ['😀', '\\u{1F600}', '\\uD83D\\uDE00'];
const CLS = ['[abc]', '[^a]', '[a-c]', '[A-Z]', '[^\\d]', '[\\w-]', '[é-ë]', '[\\s\\S]', '[^]', '[]', '[a-cA]',
  '[ſk]', '[\\b]', '[.]'];
const ESC = ['\\d', '\\D', '\\w', '\\W', '\\s', '\\S', '.'];
const UPROPS = ['\\p{L}', '\\p{Lu}', '\\P{Ll}', '\\p{Script=Greek}', '\\p{N}', '[\\p{L}\\d]', '[^\\p{Lu}]'];

// Returns {src, len (fixed length or -1), caps (capturing groups), nullable, alt (has alternation)}.
function atom(depth, ctx) {
  const r = rnd(100);
  if (r < 30) return { src: pick(LIT), len: 1, caps: 0, nullable: false };
  if (r < 42) return { src: pick(CLS), len: 1, caps: 0, nullable: false };
  if (r < 52) return { src: pick(ESC), len: 1, caps: 0, nullable: false };
  if (r < 56 && ctx.u) return { src: pick(UPROPS), len: 1, caps: 0, nullable: false };
  if (r < 58 && ctx.u) return { src: pick(ASTRAL), len: 1, caps: 0, nullable: false };
  if (r < 62 && ctx.caps > 0 && (FALLBACK || !ctx.inLookbehind)) {
    const n = 1 + rnd(ctx.caps);
    return { src: `\\${n}`, len: -1, caps: 0, nullable: true, backref: true };
  }
  if (r < 66 && !ctx.inLookbehind) return { src: pick(['^', '$', '\\b', '\\B']), len: 0, caps: 0, nullable: true, assertion: true };
  if (depth > 2) return { src: pick(LIT), len: 1, caps: 0, nullable: false };
  if (r < 80) {
    const kind = rnd(3);
    const before = ctx.caps;
    if (kind !== 1) ctx.caps++;
    const name = kind === 2 ? `g${ctx.names++}` : '';
    const body = disj(depth + 1, ctx, 2);
    const open = kind === 0 ? '(' : kind === 1 ? '(?:' : `(?<${name}>`;
    return { src: `${open}${body.src})`, len: body.len, caps: ctx.caps - before, nullable: body.nullable, alt: body.alt, condCaps: body.condCaps };
  }
  if (r < 90 || ctx.inLookbehind) {
    const neg = rnd(2);
    const body = disj(depth + 1, ctx, 2);
    return { src: `(?${neg ? '!' : '='}${body.src})`, len: 0, caps: 0, nullable: true, assertion: true, condCaps: body.caps > 0 };
  }
  const neg = rnd(2);
  const saved = ctx.inLookbehind;
  ctx.inLookbehind = true;
  const body = seq(depth + 1, ctx, 3, true);
  ctx.inLookbehind = saved;
  return { src: `(?<${neg ? '!' : '='}${body.src})`, len: 0, caps: 0, nullable: true, assertion: true, condCaps: body.caps > 0 };
}

function quantify(a, ctx) {
  if (a.assertion || rnd(100) < 60) return a;
  const q = pick(['*', '+', '?', '{2}', '{1,3}', '{0,2}', '{2,}']);
  const lazy = rnd(4) === 0 ? '?' : '';
  const min = q === '+' || q === '{1,3}' ? 1 : q === '{2}' || q === '{2,}' ? 2 : 0;
  const maxGt1 = q !== '?';
  // Constructs the engine refuses (see the file comment): skip them.
  if (!FALLBACK) {
    if (a.nullable || (maxGt1 && a.caps > 0 && (a.alt || a.condCaps)) || (ctx.inLookbehind && (q !== '{2}'))) return a;
    if (ctx.inLookbehind && a.caps > 0) return a;
  }
  return { src: a.src + q + lazy, len: q === '{2}' && a.len >= 0 ? a.len * 2 : -1, caps: a.caps, nullable: min === 0, condCaps: a.condCaps || (min === 0 && a.caps > 0), alt: a.alt };
}

function seq(depth, ctx, maxTerms, fixed) {
  const n = 1 + rnd(maxTerms);
  let src = '';
  let len = 0;
  let caps = 0;
  let nullable = true;
  let condCaps = false;
  let alt = false;
  for (let i = 0; i < n; i++) {
    let a = atom(depth, ctx);
    if (fixed && !FALLBACK && a.len < 0) a = { src: pick(LIT), len: 1, caps: 0, nullable: false };
    a = fixed && !FALLBACK ? a : quantify(a, ctx);
    src += a.src;
    len = len < 0 || a.len < 0 ? -1 : len + a.len;
    caps += a.caps;
    nullable = nullable && a.nullable;
    condCaps = condCaps || !!a.condCaps;
    alt = alt || !!a.alt;
  }
  return { src, len, caps, nullable, condCaps, alt };
}

function disj(depth, ctx, maxAlts) {
  const n = rnd(4) === 0 ? 1 + rnd(maxAlts) : 1;
  const parts = [];
  let nullable = false;
  let caps = 0;
  let condCaps = false;
  let alt = n > 1;
  for (let i = 0; i < n; i++) {
    const s = seq(depth, ctx, 3, false);
    parts.push(s.src);
    nullable = nullable || s.nullable;
    caps += s.caps;
    condCaps = condCaps || s.condCaps;
    alt = alt || s.alt;
  }
  if (n > 1 && caps > 0) condCaps = true;
  return { src: parts.join('|'), len: -1, caps, nullable, condCaps, alt };
}

const INPUT_CHARS = ['a', 'b', 'c', 'A', 'B', 'x', '1', '2', ' ', '-', 'é', 'É', 'ſ', 'S', 's', 'k', 'K', '\u212a',
  'ß', '\n', '.', 'ω', 'Ω', '_', '😀', 'ab', 'abc', 'aa'];
if (FALLBACK) INPUT_CHARS.push('\ud83d', '\ude00', 'aab', '$1.5');

// --fallback: one construct PCRE2 cannot run with JavaScript's meaning, around generated atoms.
function fallbackConstruct(ctx) {
  const a = () => quantify(atom(2, ctx), ctx).src;
  const g = () => `(?:${atom(2, ctx).src})`;  // an atom that a quantifier may follow
  const q = () => pick(['*', '+', '{0,3}', '{1,}', '*?', '+?', '{2,}?']);
  const ref = (n) => `\\${n}`;
  switch (rnd(8)) {
    case 0: ctx.caps++; return `(?:(${a()})|${a()})${q()}`;  // captures reset per iteration
    case 1: ctx.caps++; return `(${g()}*)${q()}`;  // an empty-checked group with a capture
    case 2: return `(?:|${a()})${q()}`;  // an empty alternative in a loop
    case 3: { ctx.caps++; const n = ctx.caps; return `(?<${pick(['=', '!'])}(${g()}+)${ref(n)}?${a()})`; }
    case 4: return `(?<${pick(['=', '!'])}${g()}${pick(['+', '*', '?', '{1,3}'])}${a()})`;  // variable length
    case 5: ctx.caps += 2; return `(?<=(?:(${a()})|(${a()}))+)`;  // repeated captures, matched backwards
    case 6: return `${g()}{${pick(['0,70000', '65536,', '1,99999'])}}`;  // repeat counts above 65535
    default: { ctx.caps++; const n = ctx.caps; return `(${a()})(?<=${ref(n)}${a()}?)`; }  // backreference in lookbehind
  }
}
function input() {
  const n = rnd(10);
  let s = '';
  for (let i = 0; i < n; i++) s += pick(INPUT_CHARS);
  return s;
}

// --strings: classes with strings and what they combine with.
const STRING_PROPS = ['RGI_Emoji', 'Basic_Emoji', 'Emoji_Keycap_Sequence', 'RGI_Emoji_Modifier_Sequence',
  'RGI_Emoji_Flag_Sequence', 'RGI_Emoji_Tag_Sequence', 'RGI_Emoji_ZWJ_Sequence'];
const Q_STRINGS = ['a', 'b', 'ab', 'abc', 'A', 'AB', '', 'é', 'É', '👍', '👍🏽', '#️⃣', '🇫🇷', 'x👍', '\\u{1F600}',
  '\\x41b', '\\|'];
const CHAR_OPERANDS = ['a', 'b', 'x', '#', '[a-c]', '\\d', '\\w', '\\p{L}', '\\p{Lu}', '\\p{Emoji}',
  '\\p{Emoji_Modifier}', '\\p{Regional_Indicator}', '\\p{Script=Kawi}', '\\p{sc=Nagm}',
  '\\p{Script_Extensions=Nag_Mundari}', '[^a]', '[^\\p{Emoji}]', '👍', '\\u{1F3FD}'];
function classOperand(depth) {
  const r = rnd(100);
  if (r < 30) return `\\p{${pick(STRING_PROPS)}}`;
  if (r < 50) {
    const n = 1 + rnd(3);
    const parts = [];
    for (let i = 0; i < n; i++) parts.push(pick(Q_STRINGS));
    return `\\q{${parts.join('|')}}`;
  }
  if (r < 62 && depth < 2) return `[${rnd(8) === 0 ? '^' : ''}${classBody(depth + 1)}]`;
  return pick(CHAR_OPERANDS);
}
function classBody(depth) {
  const n = 1 + rnd(3);
  const ops = [classOperand(depth)];
  for (let i = 1; i < n; i++) ops.push(classOperand(depth));
  if (n === 1) return ops[0];
  // Set operations take nested classes or single operands; a union takes anything.
  const asOperand = (x) => (x.length === 1 || x.startsWith('\\') || x.startsWith('[') ? x : `[${x}]`);
  switch (rnd(3)) {
    case 0: return ops.join('');
    case 1: return ops.map(asOperand).join('--');
    default: return ops.map(asOperand).join('&&');
  }
}
function stringsAtom() {
  const r = rnd(100);
  if (r < 25) return `\\p{${pick(STRING_PROPS)}}`;
  if (r < 65) return `[${rnd(10) === 0 ? '^' : ''}${classBody(0)}]`;
  if (r < 70) return pick(['\\P{RGI_Emoji}', '\\p{Emoji_Keycap_Sequence}', '\\p{RGI_Emoji_Flag_Sequence}']);
  return pick(['a', 'b', 'x', '.', '\\w', '\\uFE0F', '\\u200D', '#', '👍', '\\p{Script=Kawi}', '\\p{sc=Nag_Mundari}',
    '\\p{Emoji_Modifier}', '\\b']);
}
function stringsPattern() {
  const n = 1 + rnd(3);
  let src = '';
  for (let i = 0; i < n; i++) {
    let a = stringsAtom();
    const r = rnd(100);
    if (r < 12) a = `(${a})`;
    else if (r < 18) a = `(?<=${a})`;
    else if (r < 22) a = `(?<!${a})`;
    else if (r < 28) a = `(?=${a})`;
    if (!a.startsWith('(?') && rnd(4) === 0) a += pick(['*', '+', '?', '{2}', '{1,3}', '+?', '*?']);
    src += a;
  }
  return rnd(6) === 0 ? `${src}|${stringsAtom()}` : src;
}
const EMOJI_PIECES = ['👍', '👍🏽', '🏽', '#️⃣', '1️⃣', '#', '\uFE0F', '\u20E3', '🇫🇷', '🇺🇸', '🇫', '🏴󠁧󠁢󠁳󠁣󠁴󠁿',
  '🏴', '👨‍👩‍👧', '👩‍💻', '\u200D', '❤️', '❤', '😀', '🫠', 'a', 'b', 'x', 'A', 'é', ' ', '\u{11F04}',
  '\u{1E4D0}', 'ab', 'abc', '#️⃣👍🏽'];
function stringsInput() {
  const n = rnd(8);
  let s = '';
  for (let i = 0; i < n; i++) s += pick(EMOJI_PIECES);
  return s;
}

const count = Number(process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 3000);
const cases = [];
// V8 splits a well-formed string inside a surrogate pair where a lookbehind or \B matches empty
// there ("👍🏽".split(/(?<!👍)/v) cuts 🏽); ECMA-262's @@split advances by code point in u/v mode, as
// the engine does. Cases where Node.js cuts a pair are left out.
const cutsPair = (p, f, s) => {
  try {
    return s.split(new RegExp(p, f)).some((x) => /[\ud800-\udbff]$|^[\udc00-\udfff]/.test(x));
  } catch {
    return false;
  }
};
while (STRINGS && cases.length < count) {
  const flags = pick(['v', 'v', 'gv', 'gv', 'iv', 'giv', 'yv', 'dgv', 'mv', 'sv', 'u']);
  const c = [stringsPattern(), flags, stringsInput(), stringsInput()];
  if (!cutsPair(c[0], c[1], c[2]) && !cutsPair(c[0], c[1], c[3])) cases.push(c);
}
while (cases.length < count) {
  const flagsSet = ['', 'i', 'g', 'gi', 'm', 's', 'y', 'gy', 'u', 'iu', 'gu', 'gim', 'd', 'dg', 'v', 'iv', 'gmsu'];
  const flags = pick(flagsSet);
  const ctx = { caps: 0, names: 0, u: flags.includes('u') || flags.includes('v'), inLookbehind: false };
  let p = disj(0, ctx, 3).src;
  if (FALLBACK) {
    const f = fallbackConstruct(ctx);
    const rest = disj(0, ctx, 2).src;
    p = pick([`${f}${rest}`, `${rest}${f}`, `${f}|${rest}`, `(?:${rest})${f}`]);
  }
  // Patterns Node rejects (e.g. u-mode escapes) are kept: both sides must agree on the SyntaxError.
  let s1 = input(), s2 = input();
  // Two V8 deviations from ECMA-262 around surrogates in u/v patterns, left out of --fallback:
  // lookbehind reads a lone surrogate backwards differently (it lets (?<![\w-][^\d]) match after
  // "S\ude00"), and split cuts inside a pair at \B ("1😀2".split(/\B/u) is ["1\ud83d","\ude002"];
  // both of our matchers give ["1😀2"] as the spec does). No surrogates in the inputs of those
  // patterns.
  const lone = /[\ud800-\udfff]/;
  if (FALLBACK && ctx.u && /\(\?<[=!]|\\[bB]/.test(p)) {
    while (lone.test(s1)) s1 = input();
    while (lone.test(s2)) s2 = input();
  }
  cases.push([p, flags, s1, s2]);
}
const lines = [];
lines.push(`// Generated by gen_fuzz.cjs${FALLBACK ? ' --fallback' : STRINGS ? ' --strings' : ''}: a differential test of RegExp against Node.js. Do not edit.`);
lines.push('const cases = ' + JSON.stringify(cases) + ';');
lines.push(`const runCase = ([p, f, s1, s2]) => {
  let re;
  try { re = new RegExp(p, f); } catch (e) { return 'E:' + e.message; }
  const show = (m) => m === null ? 'null' : m.index + ':' + [...m].map((x) => x === undefined ? '~' : x).join('|') +
    (m.groups ? '{' + Object.entries(m.groups).map(([k, v]) => k + '=' + (v === undefined ? '~' : v)).join(',') + '}' : '') +
    (m.indices ? '[' + m.indices.map((x) => x === undefined ? '~' : x.join(',')).join(' ') + ']' : '');
  const parts = [];
  for (const s of [s1, s2]) {
    re.lastIndex = 0;
    const seen = [];
    for (let i = 0; i < 12; i++) {
      const m = re.exec(s);
      seen.push(show(m) + '@' + re.lastIndex);
      if (m === null || !(re.global || re.sticky)) break;
      if (m[0] === '') re.lastIndex++;
    }
    parts.push(seen.join(' '));
    re.lastIndex = 0;
    parts.push(s.replace(re, '<$&|$1|$\`>'));
    re.lastIndex = 0;
    parts.push(JSON.stringify(s.split(re)));
  }
  return parts.join(' ## ');
};
// FNV-1a of the result text keeps the Result small; set FULL to true to see the texts.
const FULL = false;
const digest = (s) => { let h = 0x811c9dc5; for (let i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; } return h.toString(16); };
return cases.map((c) => (FULL ? JSON.stringify(runCase(c)) : digest(runCase(c))));`);
console.log(lines.join('\n'));
