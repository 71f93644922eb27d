// Quadratic native replace: must stop at the deadline.
return 'ab'.repeat(100000).replace(/(?=(?:ab|a)*$)/g, '-').length;
