#include "vm/support/random.h"

#include <bit>

namespace codemode::support {

uint64_t Xoshiro256::Next() {
  const uint64_t result = std::rotl(s_[1] * 5, 7) * 9;
  const uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = std::rotl(s_[3], 45);
  return result;
}

void Xoshiro256::Seed(uint64_t n1, uint64_t n2) {
  s_ = {n1, 0xff, n2, 0};
  for (int i = 0; i < 16; ++i) Next();
}

uint64_t Xoshiro256::Project(uint64_t ran, uint64_t n) {
  if ((n & (n + 1)) == 0) return ran & n;  // n + 1 is a power of two (or n is all ones)
  uint64_t lim = n;
  lim |= lim >> 1;
  lim |= lim >> 2;
  lim |= lim >> 4;
  lim |= lim >> 8;
  lim |= lim >> 16;
  lim |= lim >> 32;
  // Each draw lands in [0, n] with probability > 1/2, so this ends after two draws on average.
  while ((ran &= lim) > n) ran = Next();
  return ran;
}

void Xoshiro256::set_state(const std::array<uint64_t, 4>& s) {
  if ((s[0] | s[1] | s[2] | s[3]) == 0) {
    Seed(kDefaultSeed, 0);
    return;
  }
  s_ = s;
}

}  // namespace codemode::support
