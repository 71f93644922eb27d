// A Symbol wrapper object (Object(Symbol())) in the Result is refused like the other non-string wrappers.
return { s: Object(Symbol('q')) };
