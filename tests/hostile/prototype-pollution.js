// A run may change built-ins for itself (JavaScript semantics hold inside the run)...
({}).__proto__.polluted = 1;
Object.prototype.x = 1;
Array.prototype.evil = function () {
  return 'evil';
};
JSON.parse = () => 'hijacked';
return { polluted: ({}).polluted, x: ({}).x, evil: [].evil(), parse: JSON.parse('1') };
