// ...but the next run starts from the pristine realm (run after prototype-pollution.js).
return {
  polluted: ({}).polluted === undefined,
  x: ({}).x === undefined,
  evil: [].evil === undefined,
  parse: JSON.parse('1') === 1,
};
