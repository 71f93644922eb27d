// A billion-element array must hit the memory (or time/step) limit, not exhaust the machine.
return new Array(1e9).fill(0).length;
