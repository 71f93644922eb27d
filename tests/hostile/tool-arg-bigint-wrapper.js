// A BigInt wrapper in a tool argument: JSON.stringify's TypeError rejects the call (never sent as {}).
await tools.orders.lookup({ id: Object(1n) });
return 'sent';
