#include "vm/lua/lua_utf8.h"

#include <climits>

#include "vm/lua/lua_status.h"

namespace codemode::vm::lua {
namespace {

constexpr uint32_t kMaxUnicode = 0x10FFFF;
constexpr uint32_t kMaxUtf = 0x7FFFFFFF;

// Byte at `i`, or 0 past the end (the NUL terminator lua5.4 reads there).
unsigned char At(std::string_view s, size_t i) {
  return i < s.size() ? static_cast<unsigned char>(s[i]) : 0;
}
bool IsCont(std::string_view s, size_t i) { return (At(s, i) & 0xC0) == 0x80; }

// lutf8lib's u_posrelat: negative positions count from the end; below -len gives 0.
int64_t PosRelat(int64_t pos, size_t len) {
  if (pos >= 0) return pos;
  if (0u - static_cast<uint64_t>(pos) > len) return 0;
  return static_cast<int64_t>(len) + pos + 1;
}

}  // namespace

std::string LuaUtf8Encode(uint32_t x) {
  char buf[8];
  int n = 1;
  if (x < 0x80) {
    buf[7] = static_cast<char>(x);
  } else {
    uint32_t mfb = 0x3f;  // the largest value that fits in the first byte
    do {
      buf[8 - (n++)] = static_cast<char>(0x80 | (x & 0x3f));
      x >>= 6;
      mfb >>= 1;
    } while (x > mfb);
    buf[8 - n] = static_cast<char>((~mfb << 1) | x);
  }
  return std::string(buf + 8 - n, static_cast<size_t>(n));
}

std::optional<LuaUtf8Decoded> LuaUtf8Decode(std::string_view s, size_t pos, bool strict) {
  static constexpr uint32_t kLimits[] = {~0u, 0x80, 0x800, 0x10000u, 0x200000u, 0x4000000u};
  uint32_t c = At(s, pos);
  uint32_t res = 0;
  size_t count = 0;
  if (c < 0x80) {
    res = c;
  } else {
    for (; c & 0x40; c <<= 1) {  // each leading 1 bit after the first is a continuation byte
      const unsigned char cc = At(s, pos + ++count);
      if ((cc & 0xC0) != 0x80) return std::nullopt;
      res = (res << 6) | (cc & 0x3F);
      if (count > 5) return std::nullopt;
    }
    res |= (c & 0x7F) << (count * 5);  // the first byte's payload bits
    if (res > kMaxUtf || res < kLimits[count]) return std::nullopt;
  }
  if (strict && (res > kMaxUnicode || (res >= 0xD800u && res <= 0xDFFFu))) return std::nullopt;
  return LuaUtf8Decoded{res, pos + count + 1};
}

absl::StatusOr<std::string> LuaUtf8Char(std::span<const LuaArg> codes) {
  std::string out;
  for (size_t k = 0; k < codes.size(); ++k) {
    const int argnum = static_cast<int>(k) + 1;
    absl::StatusOr<int64_t> code = LuaCheckInteger(codes[k], argnum, "char");
    if (!code.ok()) return code.status();
    if (static_cast<uint64_t>(*code) > kMaxUtf) {
      return LuaArgError(argnum, "char", "value out of range");
    }
    out += LuaUtf8Encode(static_cast<uint32_t>(*code));
  }
  return out;
}

absl::StatusOr<std::optional<std::pair<int64_t, int64_t>>> LuaUtf8CodesStep(std::string_view s,
                                                                            int64_t control,
                                                                            bool lax) {
  uint64_t n = static_cast<uint64_t>(control);
  if (n < s.size()) {
    while (IsCont(s, n)) ++n;
  }
  if (n >= s.size()) return std::nullopt;
  std::optional<LuaUtf8Decoded> d = LuaUtf8Decode(s, n, !lax);
  if (!d.has_value()) return LuaError("invalid UTF-8 code");
  return std::optional<std::pair<int64_t, int64_t>>(std::in_place, static_cast<int64_t>(n) + 1,
                                                    static_cast<int64_t>(d->code));
}

absl::StatusOr<LuaUtf8LenResult> LuaUtf8Len(std::string_view s, int64_t i, int64_t j, bool lax) {
  const int64_t len = static_cast<int64_t>(s.size());
  int64_t posi = PosRelat(i, s.size());
  int64_t posj = PosRelat(j, s.size());
  if (!(1 <= posi && --posi <= len)) {
    return LuaArgError(2, "len", "initial position out of bounds");
  }
  if (!(--posj < len)) return LuaArgError(3, "len", "final position out of bounds");
  LuaUtf8LenResult r;
  while (posi <= posj) {
    std::optional<LuaUtf8Decoded> d = LuaUtf8Decode(s, static_cast<size_t>(posi), !lax);
    if (!d.has_value()) return LuaUtf8LenResult{false, posi + 1};
    posi = static_cast<int64_t>(d->next);
    ++r.value;
  }
  return r;
}

absl::StatusOr<std::vector<int64_t>> LuaUtf8Codepoint(std::string_view s, int64_t i, int64_t j,
                                                      bool lax) {
  const int64_t len = static_cast<int64_t>(s.size());
  const int64_t posi = PosRelat(i, s.size());
  const int64_t pose = PosRelat(j, s.size());
  if (posi < 1) return LuaArgError(2, "codepoint", "out of bounds");
  if (pose > len) return LuaArgError(3, "codepoint", "out of bounds");
  std::vector<int64_t> out;
  if (posi > pose) return out;
  if (pose - posi >= INT_MAX) return LuaError("string slice too long");
  size_t p = static_cast<size_t>(posi - 1);
  const size_t end = static_cast<size_t>(pose);
  while (p < end) {
    std::optional<LuaUtf8Decoded> d = LuaUtf8Decode(s, p, !lax);
    if (!d.has_value()) return LuaError("invalid UTF-8 code");
    out.push_back(d->code);
    p = d->next;
  }
  return out;
}

absl::StatusOr<std::optional<int64_t>> LuaUtf8Offset(std::string_view s, int64_t n,
                                                     std::optional<int64_t> i) {
  const int64_t len = static_cast<int64_t>(s.size());
  const int64_t def = n >= 0 ? 1 : len + 1;
  int64_t posi = PosRelat(i.value_or(def), s.size());
  if (!(1 <= posi && --posi <= len)) return LuaArgError(3, "offset", "position out of bounds");
  auto cont = [&](int64_t k) { return IsCont(s, static_cast<size_t>(k)); };
  if (n == 0) {
    while (posi > 0 && cont(posi)) --posi;  // back to the start of this character
  } else {
    if (cont(posi)) return LuaError("initial position is a continuation byte");
    if (n < 0) {
      while (n < 0 && posi > 0) {
        do {
          --posi;
        } while (posi > 0 && cont(posi));
        ++n;
      }
    } else {
      --n;
      while (n > 0 && posi < len) {
        do {
          ++posi;
        } while (cont(posi));
        --n;
      }
    }
  }
  if (n == 0) return std::optional<int64_t>(posi + 1);
  return std::optional<int64_t>();
}

}  // namespace codemode::vm::lua
