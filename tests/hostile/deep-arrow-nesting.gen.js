// 100,000 nested arrow functions.
module.exports = () => 'return ' + '() => '.repeat(100000) + '1;\n';
