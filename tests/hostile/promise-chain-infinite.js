// A self-extending promise chain must be bounded by the limits.
function spin() {
  return Promise.resolve().then(spin);
}
await spin();
