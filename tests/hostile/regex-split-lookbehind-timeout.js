// Quadratic native split (about 37 minutes of matching): must stop at the deadline.
return 'a'.repeat(100000).split(/(?<=(?:(a)|b)*)/).length;
