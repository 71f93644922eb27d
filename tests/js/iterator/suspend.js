// Iterator helpers live across tool calls (in roundtrip mode the run is saved and restored at each
// call, so the helpers' state — underlying iterator, counters, flatMap's inner iterator — must survive
// a snapshot). suspend.json is hand-written: Node 20 has no iterator helpers.
function* naturals() {
  let n = 1;
  for (;;) yield n++;
}
// map → filter → take over an infinite generator: lazy, so only what is pulled is computed.
const evensSquared = naturals().map((n) => n * n).filter((n) => n % 2 === 0).take(4);
const got = [];
got.push(evensSquared.next().value);                        // 4
const a = await tools.util.echo({ step: 1 });
got.push(evensSquared.next().value);                        // 16
const b = await tools.util.echo({ step: 2 });
got.push(...evensSquared.toArray());                        // 36, 64 (take(4) then closes the generator)
// flatMap suspended inside an inner iterator.
const pairs = [1, 2].values().flatMap((x) => [x, x * 10].values());
const flat = [pairs.next().value];                          // 1
await tools.util.echo({ step: 3 });
flat.push(pairs.next().value, pairs.next().value);          // 10, 2
await tools.util.echo({ step: 4 });
flat.push(...pairs);                                        // 20 (helpers are iterable: %IteratorPrototype%[@@iterator])
// A wrapped plain iterator (Iterator.from) and drop, then reduce after a call.
let i = 0;
const plain = { next: () => (i < 5 ? { value: i++, done: false } : { value: undefined, done: true }) };
const rest = Iterator.from(plain).drop(2);
await tools.util.echo({ step: 5 });
const sum = rest.reduce((acc, v) => acc + v, 100);         // 100 + 2 + 3 + 4 = 109
return { got, flat, sum, echoed: [a.step, b.step] };
