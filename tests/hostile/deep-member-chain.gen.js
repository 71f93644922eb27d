// `a.a.a…` and `f()()…` with 50,000 links: ParseError (bounded nesting), not a crash.
module.exports = () =>
  'const a = { a: null };\na.a = a;\nconst f = () => f;\nreturn [a' + '.a'.repeat(50000) + ', f' + '()'.repeat(50000) + '];\n';
