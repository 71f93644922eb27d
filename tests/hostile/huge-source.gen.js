// 10 MB of source: refused by the source-size bound with a clear error.
module.exports = () => 'let x = 0;\n' + 'x += 1;\n'.repeat(1310720) + 'return x;\n';
