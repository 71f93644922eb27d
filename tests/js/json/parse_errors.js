// JSON.parse SyntaxErrors: Node 20 (V8) wording and positions for every kind of malformed text.
const err = (t) => { try { JSON.parse(t); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
const cases = ['', ' ', '{', '{"a":}', '[1,]', '[1 2]', '{"a" 1}', '{"a":1,}', '{a:1}', '"abc', '"a\\x"', '"\\u12G4"',
  '-', '-a', '1.', '1.e5', '1e', '1e+', '01', '-01', '00', '1 2', 'tru', 'true false', 'nul', '"\t"', 'undefined', "'a'",
  '[', '[1', '{"a":1', '{"a"', 'NaN', 'Infinity', '-Infinity', '+1', '.5', '[-]', '{"a":1}x', '"\\u00"', '\u00a0 1',
  '"abc\n"', 'x'.repeat(50), '{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa": 1, "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb": x}',
  '[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,x]', '[x,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18]',
  '{"a":1 "b":2}', '[1,2}', '{"a":1]', '1}', '\u0000', '"\\', '"\\u', '[1,,2]', '{,}', '{"a":1,,}', '[\n1,\n2\n,x]',
  't', 'f', 'n', 'truex', 'True', '"a"b', '0x10', '1.5.5', '1e5e5', '[-', '{"a":1,"b" 2}', '{"a":1,"b"', 'trux', 'tr1e',
  'tr"', 't ', '[object Object]', '{"a":1,"b":}', '"😀x', '[😀]', 'x'.repeat(20), 'x'.repeat(21), '"\\é"', '{"a"1}',
  '{"a":1}}', '[]]', '[1]x', '{"\\ud800": 1, }', '[1e]', '[1.]', '[01]', '{"a":tru}', '"\u007f\u0080"x'];
const r = cases.map((c) => [c, err(c)]);
r.push(['undefined arg', err(undefined)]);
r.push(['object arg', err({})]);
r.push(['symbol arg', (() => { try { JSON.parse(Symbol('s')); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } })()]);
r.push(['error class', (() => { try { JSON.parse('{'); } catch (e) { return [e instanceof SyntaxError, e.constructor === SyntaxError, typeof e.stack]; } })()]);
return r;
