// Each split position runs a lookbehind over the whole prefix (the backtracking matcher): the
// work of all matches adds up against --max-steps.
return 'a'.repeat(20000).split(/(?<=(?:(a)|b)*)/).length;
