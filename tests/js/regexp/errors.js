// Early errors and constructor errors: messages as V8 words them.
const out = {};
const t = (name, f) => {
  try {
    out[name] = f();
  } catch (e) {
    out[name] = `${e.name}: ${e.message}`;
  }
};
const bad = [['(', ''], ['(', 'g'], [')', ''], ['[', ''], ['a**', ''], ['+', ''], ['a{2,1}', ''], ['\\', ''],
  ['(?<a>x)(?<a>y)', ''], ['\\k<a>', 'u'], ['\\k<a>(?<b>x)', ''], ['(?<1a>x)', ''], ['\\p{Foo}', 'u'],
  ['\\u{110000}', 'u'], ['\\c', 'u'], ['[b-a]', ''], ['[\\d-z]', 'u'], ['\\1', 'u'], ['(?<=a)+', ''],
  ['(?=a)+', 'u'], ['{1}', ''], ['a{1', 'u'], ['x{2}{3}', ''], ['\\-', 'u'], ['\\a', 'u'], ['(?:', ''],
  ['(?', ''], ['(?x)', ''], ['a|*', ''], ['[a&&&b]', 'v'], ['[(]', 'v'], ['(?<a>.)\\k<b>', ''], ['\\k', 'u'],
  ['[z-a]', 'u'], ['\\P{Script=Foo}', 'u'], ['\\p{Script}', 'u'], ['(?i:a)', ''], ['\\u{12', 'u'],
  ['\\x1', 'u'], ['\\u12', 'u'], ['(?<a', ''], ['(?<>a)', ''], ['\\08', 'u'], ['^*', ''], ['$+', ''],
  ['\\b+', ''], ['(?<!a){2}', ''], [']', 'u'], ['}', 'u'], ['{', 'u'], ['[^\\p{RGI_Emoji}]', 'v'],
  ['\\p{RGI_Emoji}', 'u'], ['\\p{lu}', 'u'], ['\\p{Script=greek}', 'u'], ['[a-\\d]', 'v'], ['[a--b]', 'u']];
out.constructor = bad.map(([p, f]) => { try { new RegExp(p, f); return 'ok'; } catch (e) { return `${e.name}: ${e.message}`; } });
const good = [['(?=a)+', ''], ['a{1', ''], ['\\k', ''], ['(?!a){2}', ''], [']', ''], ['}', ''], ['{', ''],
  ['[a-\\d]', ''], ['\\p{Lu}', ''], ['[\\q{a}]', 'v'], ['[\\-]', 'u'], ['(?<𝒜>.)', 'u'], ['\\p{L}', 'v']];
out.accepted = good.map(([p, f]) => { try { return String(new RegExp(p, f)); } catch (e) { return `${e.name}: ${e.message}`; } });
out.flags = ['x', 'gg', 'uv', 'G', 'ig ', 'dgimsuy'].map((f) => { try { return new RegExp('a', f).flags; } catch (e) { return `${e.name}: ${e.message}`; } });
t('execIncompatible', () => RegExp.prototype.exec.call({}, 'a'));
t('testIncompatible', () => RegExp.prototype.test.call({}, 'a'));
t('toStringIncompatible', () => RegExp.prototype.toString.call(1));
t('getterIncompatible', () => Object.getOwnPropertyDescriptor(RegExp.prototype, 'global').get.call({}));
t('sourceIncompatible', () => Object.getOwnPropertyDescriptor(RegExp.prototype, 'source').get.call(1));
t('replaceAllNonGlobal', () => 'a'.replaceAll(/a/, 'b'));
t('matchAllNonGlobal', () => 'a'.matchAll(/a/));
t('symbolFlagsObject', () => new RegExp('a', { toString: () => 'g' }).flags);
t('patternObject', () => String(new RegExp({ toString: () => 'x+' }, 'i')));
t('catchable', () => { try { new RegExp('('); } catch (e) { return e instanceof SyntaxError; } });
return out;
