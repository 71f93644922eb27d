// 100,000 nested parentheses.
module.exports = () => 'return ' + '('.repeat(100000) + '1' + ')'.repeat(100000) + ';\n';
