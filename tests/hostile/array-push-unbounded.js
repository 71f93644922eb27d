// Allocation in a loop must hit the memory limit.
const a = [];
while (true) a.push({ i: a.length, s: 'item ' + a.length });
