// `1+1+…` with 50,000 operators: a left-associative chain is as deep a tree as 50,000 parentheses, so it
// is a ParseError (bounded nesting), not a crash of the compiler's recursive passes.
module.exports = () => 'return 1' + '+1'.repeat(50000) + ';\n';
