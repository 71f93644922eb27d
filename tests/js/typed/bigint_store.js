// Storing a BigInt (or a Symbol) into a Number-typed array or an array's length throws TypeError at the
// store itself (ToNumber, ECMA-262 §7.1.4), so try/catch sees it and the next statement does not run.
const out = [];
const a = new Uint8Array(2);
try { a[0] = 7n; out.push('no throw'); } catch (e) { out.push(e.constructor.name + ': ' + e.message); }
try { new Uint8Array([1n]); out.push('no throw'); } catch (e) { out.push(e.constructor.name + ': ' + e.message); }
try { Float64Array.from([1, 2n]); out.push('no throw'); } catch (e) { out.push(e.constructor.name + ': ' + e.message); }
try { a.set([3n]); out.push('no throw'); } catch (e) { out.push(e.constructor.name + ': ' + e.message); }
try { [a[1]] = [1n]; out.push('no throw'); } catch (e) { out.push(e.constructor.name + ': ' + e.message); }
try { out.push(Reflect.set(a, 0, 1n)); } catch (e) { out.push(e.constructor.name + ': ' + e.message); }
try { a[5] = 1n; out.push('no throw'); } catch (e) { out.push(e.constructor.name + ': ' + e.message); }
try { Object.defineProperty(a, 0, { value: 2n }); out.push('no throw'); } catch (e) { out.push(e.constructor.name + ': ' + e.message); }
const arr = [1, 2];
try { arr.length = 1n; out.push('no throw'); } catch (e) { out.push(e.constructor.name + ': ' + e.message); }
return { out, a: Array.from(a), arr };
