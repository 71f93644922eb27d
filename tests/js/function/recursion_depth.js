// 10,000 nested calls of program code work (the engine's limit counts only the program's frames;
// test_runtime "invariant 1*" checks that the 10,001st throws RangeError).
function rec(n) { return n === 0 ? 0 : 1 + rec(n - 1); }
const sum = (n) => (n === 0 ? 0 : n + sum(n - 1));
class Node { constructor(d) { this.child = d > 1 ? new Node(d - 1) : null; } depth() { return 1 + (this.child ? this.child.depth() : 0); } }
const method = { down(n) { return n === 0 ? 'bottom' : this.down(n - 1); } };
let caught;
function forever(n) { return forever(n + 1) + 1; }
try { forever(0); } catch (e) { caught = [e instanceof RangeError, e.message]; }
return [rec(9999), sum(9999), new Node(3000).depth(), method.down(9999), caught, rec(100)];
