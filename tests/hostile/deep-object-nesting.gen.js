// 100,000 nested object literals.
module.exports = () => 'return ' + '{a:'.repeat(100000) + '1' + '}'.repeat(100000) + ';\n';
