// A BigInt wrapper object (Object(1n)) in the Result is refused like the BigInt itself, with its path.
return { ok: 1, nested: [{ n: Object(10n) }] };
