// 100,000 nested array literals: a ParseError (bounded parser recursion), not a crash.
module.exports = () => 'return ' + '['.repeat(100000) + ']'.repeat(100000) + ';\n';
