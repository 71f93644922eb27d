// The per-run pseudo-random generator: xoshiro256** (Blackman and Vigna, "Scrambled linear
// pseudorandom number generators", 2018), the generator of Lua 5.4's math library. Its whole state is
// four uint64 words that the VM holds and a snapshot saves, so a run's random sequence is a function
// of its seed and continues exactly across suspend/resume. Not cryptographic.
#pragma once

#include <array>
#include <cstdint>

namespace codemode::support {

class Xoshiro256 {
 public:
  // The state as Seed(kDefaultSeed, 0) leaves it (VMs nobody seeds: the realm's, unit tests).
  Xoshiro256() { Seed(kDefaultSeed, 0); }

  // The next 64 random bits (one xoshiro256** step).
  uint64_t Next();

  // Lua 5.4 math.randomseed(n1, n2) (lmathlib.c setseed): state {n1, 0xff, n2, 0}, then 16 outputs
  // are discarded to spread the seed. The 0xff word keeps the state non-zero for every seed.
  void Seed(uint64_t n1, uint64_t n2);

  // A float in [0, 1): the top 53 bits of Next() times 2^-53 (Lua 5.4 math.random(), JS Math.random).
  double NextDouble() { return static_cast<double>(Next() >> 11) * 0x1.0p-53; }

  // Lua 5.4 'project': maps the random word `ran` to [0, n] without bias. When n + 1 is a power of
  // two it masks; otherwise it masks to the smallest 2^b - 1 >= n and draws again while the result
  // exceeds n (so it may consume further outputs).
  uint64_t Project(uint64_t ran, uint64_t n);

  const std::array<uint64_t, 4>& state() const { return s_; }
  // Restores a saved state (snapshots). An all-zero state would stay zero forever: it is replaced by
  // the default seed's.
  void set_state(const std::array<uint64_t, 4>& s);

  static constexpr uint64_t kDefaultSeed = 0x9E3779B97F4A7C15ull;

 private:
  std::array<uint64_t, 4> s_{};
};

}  // namespace codemode::support
