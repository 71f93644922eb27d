// BigInt arithmetic over GMP's mpn_* layer (see bigint.h). mpn functions never allocate (except the
// documented temporary space of mpn_mul / mpn_tdiv_qr, bounded by the operand sizes); every result buffer
// is a std::vector sized here from the operands, after the kMaxBits check.
#include "vm/bigint.h"

#include <gmp.h>

#include <algorithm>
#include <cmath>
#include <cstring>

static_assert(sizeof(mp_limb_t) == sizeof(uint64_t), "GMP limbs must be 64-bit");

namespace codemode::vm::bigint {
namespace {

using Mag = std::vector<uint64_t>;

mp_limb_t* P(Mag& m) { return reinterpret_cast<mp_limb_t*>(m.data()); }
const mp_limb_t* P(const Mag& m) { return reinterpret_cast<const mp_limb_t*>(m.data()); }
mp_size_t N(const Mag& m) { return static_cast<mp_size_t>(m.size()); }

void Trim(Mag& m) {
  while (!m.empty() && m.back() == 0) m.pop_back();
}

int CmpMag(const Mag& a, const Mag& b) {
  if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
  if (a.empty()) return 0;
  int c = mpn_cmp(P(a), P(b), N(a));
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

Mag AddMag(const Mag& a, const Mag& b) {
  const Mag& x = a.size() >= b.size() ? a : b;
  const Mag& y = a.size() >= b.size() ? b : a;
  if (y.empty()) return x;
  Mag r(x.size() + 1);
  r[x.size()] = mpn_add(P(r), P(x), N(x), P(y), N(y));
  Trim(r);
  return r;
}

// |a| >= |b|.
Mag SubMag(const Mag& a, const Mag& b) {
  if (b.empty()) return a;
  Mag r(a.size());
  mpn_sub(P(r), P(a), N(a), P(b), N(b));
  Trim(r);
  return r;
}

Mag MulMag(const Mag& a, const Mag& b) {
  if (a.empty() || b.empty()) return {};
  const Mag& x = a.size() >= b.size() ? a : b;
  const Mag& y = a.size() >= b.size() ? b : a;
  Mag r(x.size() + y.size());
  if (&x == &y || (x.size() == y.size() && x == y)) {
    mpn_sqr(P(r), P(x), N(x));
  } else {
    mpn_mul(P(r), P(x), N(x), P(y), N(y));
  }
  Trim(r);
  return r;
}

// Quotient and remainder of magnitudes; b non-empty.
void DivMag(const Mag& a, const Mag& b, Mag* q, Mag* r) {
  if (CmpMag(a, b) < 0) {
    if (q) q->clear();
    if (r) *r = a;
    return;
  }
  Mag qq(a.size() - b.size() + 1), rr(b.size());
  mpn_tdiv_qr(P(qq), P(rr), 0, P(a), N(a), P(b), N(b));
  Trim(qq);
  Trim(rr);
  if (q) *q = std::move(qq);
  if (r) *r = std::move(rr);
}

Mag ShlMag(const Mag& a, uint64_t s) {
  if (a.empty()) return {};
  size_t ls = s / 64;
  unsigned bs = s % 64;
  Mag r(a.size() + ls + 1, 0);
  if (bs != 0) {
    r[ls + a.size()] = mpn_lshift(P(r) + ls, P(a), N(a), bs);
  } else {
    std::copy(a.begin(), a.end(), r.begin() + static_cast<ptrdiff_t>(ls));
  }
  Trim(r);
  return r;
}

Mag ShrMag(const Mag& a, uint64_t s) {
  size_t ls = s / 64;
  if (ls >= a.size()) return {};
  unsigned bs = s % 64;
  Mag r(a.size() - ls);
  if (bs != 0) {
    mpn_rshift(P(r), P(a) + ls, N(r), bs);
  } else {
    std::copy(a.begin() + static_cast<ptrdiff_t>(ls), a.end(), r.begin());
  }
  Trim(r);
  return r;
}

Status Finish(Num r, Num* out) {
  Normalize(r);
  if (BitLength(r) > kMaxBits) return Status::kTooBig;
  *out = std::move(r);
  return Status::kOk;
}

// `n` limbs of two's complement (n > size of |a|).
Mag ToTwos(const Num& a, size_t n) {
  Mag r(n, 0);
  std::copy(a.mag.begin(), a.mag.end(), r.begin());
  if (a.neg) {
    mpn_sub_1(P(r), P(r), static_cast<mp_size_t>(n), 1);
    for (auto& l : r) l = ~l;
  }
  return r;
}

Num FromTwos(Mag t) {
  Num r;
  if (!t.empty() && (t.back() >> 63) != 0) {
    for (auto& l : t) l = ~l;
    mpn_add_1(P(t), P(t), N(t), 1);  // cannot carry out: the value was negative
    r.neg = true;
  }
  Trim(t);
  r.mag = std::move(t);
  Normalize(r);
  return r;
}

enum class BitOp { kAnd, kOr, kXor };
Status Bitwise(BitOp op, const Num& a, const Num& b, Num* out) {
  size_t n = std::max(a.mag.size(), b.mag.size()) + 1;
  Mag x = ToTwos(a, n), y = ToTwos(b, n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = op == BitOp::kAnd ? (x[i] & y[i]) : op == BitOp::kOr ? (x[i] | y[i]) : (x[i] ^ y[i]);
  }
  return Finish(FromTwos(std::move(x)), out);
}

// The shift count as an unsigned value; false when it does not fit 64 bits.
bool SmallMagnitude(const Num& b, uint64_t* v) {
  if (b.mag.size() > 1) return false;
  *v = b.mag.empty() ? 0 : b.mag[0];
  return true;
}

int DigitValue(char16_t c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return 99;
}

int FloorLog2(int radix) {
  int r = 0;
  while ((2 << r) <= radix) ++r;
  return r;
}
int CeilLog2(int radix) {
  int r = 0;
  while ((1 << r) < radix) ++r;
  return r;
}

// 0 ok, 1 invalid digit, 2 too big.
template <typename Ch>
int ParseDigits(std::basic_string_view<Ch> digits, int radix, Mag* out) {
  size_t start = 0;
  for (Ch c : digits)
    if (DigitValue(c) >= radix) return 1;
  while (start < digits.size() && digits[start] == '0') ++start;
  size_t n = digits.size() - start;
  out->clear();
  if (n == 0) return 0;
  if ((n - 1) * static_cast<uint64_t>(FloorLog2(radix)) > kMaxBits) return 2;
  std::vector<unsigned char> vals(n);
  for (size_t i = 0; i < n; ++i) vals[i] = static_cast<unsigned char>(DigitValue(digits[start + i]));
  Mag r(n * CeilLog2(radix) / 64 + 2, 0);
  mp_size_t used = mpn_set_str(P(r), vals.data(), n, radix);
  r.resize(static_cast<size_t>(used));
  Trim(r);
  *out = std::move(r);
  return 0;
}

bool IsStrWhiteSpace(char16_t c) {
  switch (c) {
    case 0x09: case 0x0A: case 0x0B: case 0x0C: case 0x0D: case 0x20: case 0xA0: case 0x1680:
    case 0x2028: case 0x2029: case 0x202F: case 0x205F: case 0x3000: case 0xFEFF:
      return true;
    default:
      return c >= 0x2000 && c <= 0x200A;
  }
}

}  // namespace

Num Num::FromInt64(int64_t v) {
  Num r;
  if (v < 0) {
    r.neg = true;
    r.mag.push_back(static_cast<uint64_t>(0) - static_cast<uint64_t>(v));
  } else if (v > 0) {
    r.mag.push_back(static_cast<uint64_t>(v));
  }
  return r;
}

Num Num::FromUint64(uint64_t v) {
  Num r;
  if (v != 0) r.mag.push_back(v);
  return r;
}

uint64_t BitLength(const Num& a) {
  if (a.mag.empty()) return 0;
  return (a.mag.size() - 1) * 64 + (64 - static_cast<uint64_t>(__builtin_clzll(a.mag.back())));
}

void Normalize(Num& a) {
  Trim(a.mag);
  if (a.mag.empty()) a.neg = false;
}

Status Add(const Num& a, const Num& b, Num* out) {
  Num r;
  if (a.neg == b.neg) {
    r.mag = AddMag(a.mag, b.mag);
    r.neg = a.neg;
  } else if (CmpMag(a.mag, b.mag) >= 0) {
    r.mag = SubMag(a.mag, b.mag);
    r.neg = a.neg;
  } else {
    r.mag = SubMag(b.mag, a.mag);
    r.neg = b.neg;
  }
  return Finish(std::move(r), out);
}

Status Sub(const Num& a, const Num& b, Num* out) {
  Num nb = b;
  nb.neg = !nb.neg;
  Normalize(nb);
  return Add(a, nb, out);
}

Status Mul(const Num& a, const Num& b, Num* out) {
  if (a.is_zero() || b.is_zero()) return Finish(Num{}, out);
  // The product has BitLength(a) + BitLength(b) - 1 bits or one more.
  if (BitLength(a) + BitLength(b) - 1 > kMaxBits) return Status::kTooBig;
  Num r;
  r.mag = MulMag(a.mag, b.mag);
  r.neg = a.neg != b.neg;
  return Finish(std::move(r), out);
}

Status Div(const Num& a, const Num& b, Num* out) {
  if (b.is_zero()) return Status::kDivideByZero;
  Num r;
  DivMag(a.mag, b.mag, &r.mag, nullptr);
  r.neg = a.neg != b.neg;
  return Finish(std::move(r), out);
}

Status Rem(const Num& a, const Num& b, Num* out) {
  if (b.is_zero()) return Status::kDivideByZero;
  Num r;
  DivMag(a.mag, b.mag, nullptr, &r.mag);
  r.neg = a.neg;
  return Finish(std::move(r), out);
}

Status Pow(const Num& a, const Num& b, Num* out) {
  if (b.neg) return Status::kNegativeExp;
  if (b.is_zero()) return Finish(Num::FromInt64(1), out);
  if (a.is_zero()) return Finish(Num{}, out);
  uint64_t len = BitLength(a);
  bool odd = (b.mag[0] & 1) != 0;
  if (len == 1) return Finish(Num::FromInt64(a.neg && odd ? -1 : 1), out);
  uint64_t e;
  if (!SmallMagnitude(b, &e)) return Status::kTooBig;
  // |a|^e has at least (len - 1) * e + 1 bits.
  if (e > kMaxBits || (len - 1) * e + 1 > kMaxBits) return Status::kTooBig;
  Num result = a;
  int top = 63 - __builtin_clzll(e);
  for (int bit = top - 1; bit >= 0; --bit) {
    Num sq;
    if (Status s = Mul(result, result, &sq); s != Status::kOk) return s;
    result = std::move(sq);
    if ((e >> bit) & 1) {
      Num m;
      if (Status s = Mul(result, a, &m); s != Status::kOk) return s;
      result = std::move(m);
    }
  }
  return Finish(std::move(result), out);
}

Status Neg(const Num& a, Num* out) {
  Num r = a;
  r.neg = !r.neg;
  return Finish(std::move(r), out);
}

Status BitNot(const Num& a, Num* out) {
  Num n;
  Neg(a, &n);
  return Sub(n, Num::FromInt64(1), out);
}

Status BitAnd(const Num& a, const Num& b, Num* out) { return Bitwise(BitOp::kAnd, a, b, out); }
Status BitOr(const Num& a, const Num& b, Num* out) { return Bitwise(BitOp::kOr, a, b, out); }
Status BitXor(const Num& a, const Num& b, Num* out) { return Bitwise(BitOp::kXor, a, b, out); }

Status ShiftLeft(const Num& a, const Num& b, Num* out) {
  if (b.neg) {
    Num nb;
    Neg(b, &nb);
    return ShiftRight(a, nb, out);
  }
  if (a.is_zero()) return Finish(Num{}, out);
  uint64_t s;
  if (!SmallMagnitude(b, &s) || s > kMaxBits || BitLength(a) + s > kMaxBits) return Status::kTooBig;
  Num r;
  r.mag = ShlMag(a.mag, s);
  r.neg = a.neg;
  return Finish(std::move(r), out);
}

Status ShiftRight(const Num& a, const Num& b, Num* out) {
  if (b.neg) {
    Num nb;
    Neg(b, &nb);
    return ShiftLeft(a, nb, out);
  }
  uint64_t s;
  if (!SmallMagnitude(b, &s) || s >= BitLength(a)) {
    return Finish(a.neg ? Num::FromInt64(-1) : Num{}, out);
  }
  Num r;
  if (!a.neg) {
    r.mag = ShrMag(a.mag, s);
    return Finish(std::move(r), out);
  }
  // floor(a / 2^s) for a < 0: -(((|a| - 1) >> s) + 1).
  Mag t = SubMag(a.mag, Mag{1});
  t = ShrMag(t, s);
  r.mag = AddMag(t, Mag{1});
  r.neg = true;
  return Finish(std::move(r), out);
}

Status AsUintN(uint64_t bits, const Num& a, Num* out) {
  if (bits == 0) return Finish(Num{}, out);
  if (!a.neg && BitLength(a) <= bits) return Finish(a, out);
  if (bits > kMaxBits) return Status::kTooBig;  // a negative value modulo 2^bits has `bits` bits
  size_t n = static_cast<size_t>((bits + 63) / 64);
  Mag t = ToTwos(a, std::max(n, a.mag.size() + 1));
  t.resize(n);
  if (bits % 64 != 0) t.back() &= (uint64_t{1} << (bits % 64)) - 1;
  Num r;
  Trim(t);
  r.mag = std::move(t);
  return Finish(std::move(r), out);
}

Status AsIntN(uint64_t bits, const Num& a, Num* out) {
  if (bits == 0) return Finish(Num{}, out);
  if (bits > kMaxBits) return Finish(a, out);  // every representable value fits
  Num u;
  if (Status s = AsUintN(bits, a, &u); s != Status::kOk) return s;
  if (BitLength(u) < bits) return Finish(std::move(u), out);
  // The sign bit (bits - 1) is set: u - 2^bits.
  Num p;
  p.mag = ShlMag(Mag{1}, bits);
  return Sub(u, p, out);
}

int Compare(const Num& a, const Num& b) {
  if (a.neg != b.neg) return a.neg ? -1 : 1;
  int c = CmpMag(a.mag, b.mag);
  return a.neg ? -c : c;
}

int CompareToDouble(const Num& a, double d) {
  if (std::isnan(d)) return 2;
  if (std::isinf(d)) return d > 0 ? -1 : 1;
  double t = std::trunc(d);
  int c = Compare(a, FromDouble(t));
  if (c != 0) return c;
  double frac = d - t;
  return frac > 0 ? -1 : frac < 0 ? 1 : 0;
}

double ToDouble(const Num& a) {
  uint64_t len = BitLength(a);
  double r;
  if (len <= 64) {
    r = a.mag.empty() ? 0.0 : static_cast<double>(a.mag[0]);
  } else if (len > 1100) {
    r = HUGE_VAL;
  } else {
    // The top 64 bits with a sticky bit for everything below: one correctly rounded conversion.
    uint64_t shift = len - 64;
    Mag top = ShrMag(a.mag, shift);
    uint64_t hi = top.empty() ? 0 : top[0];
    bool sticky = false;
    size_t full = shift / 64;
    for (size_t i = 0; i < full && !sticky; ++i) sticky = a.mag[i] != 0;
    if (!sticky && shift % 64 != 0) sticky = (a.mag[full] & ((uint64_t{1} << (shift % 64)) - 1)) != 0;
    if (sticky) hi |= 1;
    r = std::ldexp(static_cast<double>(hi), static_cast<int>(shift));
  }
  return a.neg ? -r : r;
}

Num FromDouble(double d) {
  Num r;
  if (d == 0 || !std::isfinite(d)) return r;
  bool neg = d < 0;
  int exp;
  double m = std::frexp(std::fabs(d), &exp);  // |d| = m * 2^exp, m in [0.5, 1)
  auto mant = static_cast<uint64_t>(std::ldexp(m, 53));
  int shift = exp - 53;
  r.mag = {mant};
  r.mag = shift >= 0 ? ShlMag(r.mag, static_cast<uint64_t>(shift))
                     : ShrMag(r.mag, static_cast<uint64_t>(-shift));
  r.neg = neg;
  Normalize(r);
  return r;
}

std::string ToString(const Num& a, int radix) {
  if (a.is_zero()) return "0";
  Mag tmp = a.mag;  // mpn_get_str destroys its input
  size_t cap = tmp.size() * 64 / static_cast<size_t>(FloorLog2(radix)) + 2;
  std::string digits(cap, '\0');
  size_t n = mpn_get_str(reinterpret_cast<unsigned char*>(digits.data()), radix, P(tmp), N(tmp));
  digits.resize(n);
  size_t start = 0;
  while (start + 1 < digits.size() && digits[start] == 0) ++start;
  std::string out;
  out.reserve(digits.size() - start + 1);
  if (a.neg) out.push_back('-');
  for (size_t i = start; i < digits.size(); ++i) {
    auto v = static_cast<unsigned char>(digits[i]);
    out.push_back(static_cast<char>(v < 10 ? '0' + v : 'a' + v - 10));
  }
  return out;
}

bool FromDigits(std::string_view digits, int radix, Num* out) {
  bool neg = !digits.empty() && digits[0] == '-';
  if (neg) digits.remove_prefix(1);
  Num r;
  if (digits.empty() || ParseDigits(digits, radix, &r.mag) != 0) return false;
  r.neg = neg;
  Normalize(r);
  *out = std::move(r);
  return true;
}

bool FromString(std::u16string_view s, Num* out, bool* too_big) {
  *too_big = false;
  while (!s.empty() && IsStrWhiteSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsStrWhiteSpace(s.back())) s.remove_suffix(1);
  Num r;
  if (s.empty()) {
    *out = r;
    return true;
  }
  int radix = 10;
  if (s.size() > 2 && s[0] == '0') {
    char16_t p = s[1];
    radix = (p == 'x' || p == 'X') ? 16 : (p == 'o' || p == 'O') ? 8 : (p == 'b' || p == 'B') ? 2 : 10;
    if (radix != 10) s.remove_prefix(2);
  }
  if (radix == 10 && (s[0] == '+' || s[0] == '-')) {
    r.neg = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s.empty()) return false;
  int rc = ParseDigits(s, radix, &r.mag);
  if (rc == 1) return false;
  if (rc == 2) {
    *too_big = true;
    return false;
  }
  Normalize(r);
  if (BitLength(r) > kMaxBits) {
    *too_big = true;
    return false;
  }
  *out = std::move(r);
  return true;
}

uint64_t Hash(const Num& a) {
  uint64_t h = a.neg ? 0x9e3779b97f4a7c15ULL : 0x2545f4914f6cdd1dULL;
  for (uint64_t l : a.mag) {
    h ^= l + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdULL;
  }
  return h ^ (h >> 33);
}

}  // namespace codemode::vm::bigint
