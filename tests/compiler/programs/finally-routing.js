// try/catch/finally completions: return, break, continue and throw routed through finally blocks.
const out = [];
function f(a) {
  for (const x of a) {
    try {
      if (x === 1) return 'ret' + x;
      if (x === 2) continue;
      if (x === 3) break;
    } catch (e) {
      out.push('catch');
    } finally {
      out.push('fin' + x);
    }
  }
  return 'end';
}
out.push(f([2, 1]));
out.push(f([2, 3, 1]));
out.push(f([]));
function g() { try { return 1; } finally { return 2; } }
function h() { try { throw new Error('x'); } catch (e) { return e.message; } finally { out.push('h'); } }
function k() { let i = 0; while (true) { try { i++; if (i > 3) break; continue; } finally { out.push('k' + i); } } return i; }
function m() { outer: for (let i = 0; i < 3; i++) { for (let j = 0; j < 3; j++) { try { if (j == 1) continue outer; if (i == 2) break outer; } finally { out.push(`m${i}${j}`); } } } return 'm'; }
function n() { try { try { throw 1; } finally { out.push('inner'); } } catch (e) { return 'caught' + e; } }
function p() { for (const x of [1,2]) { try { return x; } finally { out.push('p' + x); } } }
function q() { l: try { break l; } finally { out.push('q'); } return 'q-after'; }
function r() { try { throw 1 } catch { try { throw 2 } finally { out.push('r') } } }
let rr; try { r() } catch (e) { rr = e }
out.push(g(), h(), k(), m(), n(), p(), q(), rr);
return out;
