// Catastrophic backtracking on the backtracking matcher (patterns PCRE2 cannot run with JavaScript's
// meaning: captures reset per iteration, empty-checked groups) must be bounded like on PCRE2.
const a = /(?:(a)|b|ab)*c/.test('ab'.repeat(40));
const b = /(a*)*b/.test('a'.repeat(5000));
return [a, b];
