// ArrayBuffer, typed arrays and DataView survive save/restore (snapshot format 3: object types
// ArrayBuffer and TypedArray): bytes, views sharing one buffer (a subarray written after a restore is
// seen through its parent), DataView, the BigInt element types (TypedKind 10/11), TextDecoder stream
// state and crypto.getRandomValues continuing the run's generator.
#include <catch2/catch.hpp>
#include <string>

#include "snapshot/snapshot.h"
#include "tests/snapshot/snapshot_util.h"

namespace codemode::snapshot::testing {
namespace {

struct Program {
  const char* name;
  const char* source;
};

const Program kPrograms[] = {
    {"typed arrays sharing a buffer", R"(
      const buf = new ArrayBuffer(16);
      const u8 = new Uint8Array(buf);
      const sub = u8.subarray(4, 12);
      const f64 = new Float64Array(buf, 8, 1);
      const out = [];
      for (let i = 0; i < 40; i++) {
        sub[i % 8] = (sub[i % 8] + i * 7) & 255;
        out.push(u8[4 + (i % 8)] === sub[i % 8], f64[0] === new DataView(buf).getFloat64(8, true));
      }
      const kinds = [Int8Array, Uint8ClampedArray, Int16Array, Uint32Array, Float32Array];
      const made = kinds.map((K) => new K([300, -2.5, 1e10]));
      for (let i = 0; i < 10; i++) made.forEach((t) => { t[1] += i; });
      return { all: out.every(Boolean), u8: Array.from(u8), made: made.map((t) => Array.from(t)),
               same: sub.buffer === u8.buffer, off: sub.byteOffset };
    )"},
    {"dataview and slices", R"(
      const dv = new DataView(new ArrayBuffer(32), 4, 24);
      for (let i = 0; i < 6; i++) { dv.setUint32(i * 4, 0x01020304 * (i + 1), i % 2 === 0); }
      const copy = dv.buffer.slice(4, 20);
      const reads = [];
      for (let i = 0; i < 6; i++) reads.push(dv.getInt32(i * 4, i % 2 === 1));
      return { reads, copy: Array.from(new Uint8Array(copy)), len: dv.byteLength };
    )"},
    {"text codecs and random values", R"(
      const enc = new TextEncoder().encode('h\u00e9llo \u20ac \ud83d\ude00');
      const d = new TextDecoder();
      let s = '';
      for (let i = 0; i < enc.length; i++) s += d.decode(enc.subarray(i, i + 1), { stream: true });
      s += d.decode();
      const r = [];
      for (let i = 0; i < 5; i++) r.push(Array.from(crypto.getRandomValues(new Uint16Array(4))));
      return { s, n: enc.length, r };
    )"},
    {"BigInt64Array and BigUint64Array", R"(
      const buf = new ArrayBuffer(32);
      const i64 = new BigInt64Array(buf);
      const u64 = new BigUint64Array(buf, 8, 2);
      const dv = new DataView(buf);
      const out = [];
      for (let i = 0; i < 12; i++) {
        i64[i % 4] -= BigInt(i) * 1000000007n;
        dv.setBigUint64(24, 2n ** 63n + BigInt(i), i % 2 === 0);
        out.push(`${u64[0]}|${dv.getBigInt64(24, i % 2 === 0)}`);
      }
      return { out, all: Array.from(i64, String), r: String(crypto.getRandomValues(new BigUint64Array(2))) };
    )"},
};

TEST_CASE("typed arrays round trip at many step boundaries", "[snapshot][typed]") {
  for (const Program& p : kPrograms) {
    INFO(p.name);
    RunOutcome plain = RunPlain(p.source);
    REQUIRE(plain.result.rfind("rejected", 0) != 0);
    REQUIRE(plain.result.rfind("terminated", 0) != 0);
    for (uint64_t stride : {1ull, 13ull, 97ull}) {
      INFO("stride " << stride);
      RunOutcome rt = RunWithRoundTrips(p.source, stride, stride);
      CHECK(rt.result == plain.result);
      CHECK(rt.roundtrips > 0);
    }
  }
}

TEST_CASE("a subarray restored from a snapshot still shares its parent's buffer", "[snapshot][typed]") {
  // Writes through the subarray after every round trip must show in the parent: one restored buffer.
  const char* source = R"(
    const parent = new Uint8Array(8);
    const child = parent.subarray(2, 6);
    const view = new DataView(parent.buffer);
    let ok = true;
    for (let i = 0; i < 30; i++) {
      child[i % 4] = i;
      ok = ok && parent[2 + (i % 4)] === i && view.getUint8(2 + (i % 4)) === i;
    }
    return { ok, parent: Array.from(parent), same: child.buffer === parent.buffer };
  )";
  RunOutcome plain = RunPlain(source);
  CHECK(plain.result == R"({"ok":true,"parent":[0,0,28,29,26,27,0,0],"same":true})");
  RunOutcome rt = RunWithRoundTrips(source, 3, 3);
  CHECK(rt.result == plain.result);
  CHECK(rt.roundtrips > 0);
}

TEST_CASE("typed arrays cross the Result boundary as JSON.stringify shows them", "[snapshot][typed]") {
  // features-js.md Result normalization: what JSON.stringify gives in Node.js.
  RunOutcome plain = RunPlain(R"(
    return { u8: new Uint8Array([1, 2]), f: new Float32Array([0.5, NaN]), b: new ArrayBuffer(2),
             dv: new DataView(new ArrayBuffer(1)), empty: new Int16Array(0) };
  )");
  CHECK(plain.result == R"({"u8":{"0":1,"1":2},"f":{"0":0.5,"1":null},"b":{},"dv":{},"empty":{}})");
}

}  // namespace
}  // namespace codemode::snapshot::testing
