// support::Xoshiro256 against lua5.4 (5.4.4): the expected numbers were printed by lua5.4 with
// math.randomseed(...) then math.random(0) (the raw 64-bit output as a signed integer),
// math.random(m, n) (Project) and math.random() (NextDouble).
#include "vm/support/random.h"

#include <catch2/catch.hpp>
#include <cstdint>

using codemode::support::Xoshiro256;

TEST_CASE("Xoshiro256: raw outputs after Seed equal lua5.4's math.random(0)") {
  Xoshiro256 g;
  g.Seed(42, 0);
  CHECK(static_cast<int64_t>(g.Next()) == -1276290044721465627);
  CHECK(static_cast<int64_t>(g.Next()) == 8333941968102511665);
  CHECK(static_cast<int64_t>(g.Next()) == -8358531260401861301);
  g.Seed(static_cast<uint64_t>(-1), 123456789);
  CHECK(static_cast<int64_t>(g.Next()) == 6958223047608988806);
}

TEST_CASE("Xoshiro256: Project and NextDouble as lua5.4's math.random(m, n) and math.random()") {
  Xoshiro256 g;
  g.Seed(0, 0);
  int expected[] = {2, 1, 4, 6, 5, 1, 1, 1, 6, 3};  // math.random(1, 6) ten times
  for (int e : expected) {
    uint64_t r = g.Next();
    CHECK(static_cast<int>(g.Project(r, 5)) + 1 == e);
  }
  g.Seed(5, 0);
  uint64_t r = g.Next();
  CHECK(g.Project(r, 3ull * (1ull << 61) - 1) + 1 == 3549359249216114507ull);  // rejection path
  g.Seed(42, 0);
  r = g.Next();
  CHECK(g.Project(r, 99) + 1 == 50);
  CHECK(g.NextDouble() == Approx(0.54688311243421).epsilon(1e-13));
  CHECK(static_cast<int64_t>(g.Next()) == -3807604385970496171);
}

TEST_CASE("Xoshiro256: power-of-two ranges mask; all ones; a zero state is never kept") {
  Xoshiro256 g;
  for (int i = 0; i < 1000; ++i) {
    CHECK(g.Project(g.Next(), 7) <= 7);
    CHECK(g.Project(g.Next(), 10) <= 10);
    double d = g.NextDouble();
    CHECK(d >= 0.0);
    CHECK(d < 1.0);
  }
  CHECK(g.Project(0xDEADBEEFull, UINT64_MAX) == 0xDEADBEEFull);
  Xoshiro256 z;
  z.set_state({0, 0, 0, 0});
  CHECK(z.state() == Xoshiro256().state());
  CHECK(z.Next() != 0);
  Xoshiro256 a, b;
  a.Seed(1, 2);
  b.set_state(a.state());
  for (int i = 0; i < 10; ++i) CHECK(a.Next() == b.Next());
}
