// Catastrophic backtracking must be bounded: a match limit error or a timely answer.
return /^(a+)+$/.test('a'.repeat(40) + 'b');
