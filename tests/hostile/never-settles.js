// Awaiting a promise nothing can settle must end the run, not hang it.
await new Promise(() => {});
return 'unreachable';
