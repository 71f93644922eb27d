// The AsyncFunction constructor is absent with a clear error too.
const AsyncFunction = (async function () {}).constructor;
return await AsyncFunction('return 1')();
