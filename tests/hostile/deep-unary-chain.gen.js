// 100,000 prefix operators: a ParseError, or the right answer from a parser that does not recurse.
module.exports = () => 'return ' + '!'.repeat(100000) + 'true;\n';
