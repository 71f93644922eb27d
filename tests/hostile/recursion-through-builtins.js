// Recursion that passes through built-ins (callbacks, toJSON, toString, getters, sort) must also end in
// a catchable RangeError: the VM may not recurse on the C++ stack.
const name = (fn) => {
  try {
    fn();
    return 'no error';
  } catch (e) {
    return e instanceof RangeError ? 'RangeError' : String(e);
  }
};
function viaMap(x) {
  return [x].map(viaMap);
}
const j = { toJSON() { return JSON.stringify(j); } };
const t = { toString() { return `${t}`; } };
const g = { get x() { return g.x; } };
function viaSort() {
  return [2, 1].sort(() => viaSort());
}
function viaReplace() {
  return 'a'.replace('a', viaReplace);
}
return {
  map: name(() => viaMap(1)),
  toJSON: name(() => JSON.stringify(j)),
  toString: name(() => String(t)),
  getter: name(() => g.x),
  sort: name(viaSort),
  replace: name(viaReplace),
};
