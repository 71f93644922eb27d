// 100,000 nested blocks.
module.exports = () => '{'.repeat(100000) + '}'.repeat(100000) + '\nreturn 1;\n';
