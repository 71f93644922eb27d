// Internal to snapshot/: the compact byte streams inside a snapshot (format version 2;
// snapshot.fbs, "Heap"). Values are a tag byte then a payload that depends on the tag (varints,
// zigzag for signed): this keeps the many small values of a heap (ids, small integers, booleans) at
// one to four bytes instead of a 16-byte FlatBuffers struct each. The reader never reads past its
// end: any short read sets a failure flag and returns zeros, and the caller checks `ok()`.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "snapshot/codec.h"
#include "snapshot/snapshot_generated.h"

namespace codemode::snapshot {

// Stream-only tag: a Number whose value is an int32 (not -0), written as a zigzag varint; read back
// as kTagNumber with the same bits.
inline constexpr uint8_t kTagSmallNumber = 14;

class ByteWriter {
 public:
  const char* data() const { return buf_.data(); }
  size_t size() const { return n_; }
  std::string_view view() const { return std::string_view(buf_.data(), n_); }
  void clear() { n_ = 0; }
  void Append(std::string_view bytes) {
    if (bytes.empty()) return;  // data() may be null; memcpy's arguments must not be
    Room(bytes.size());
    std::memcpy(buf_.data() + n_, bytes.data(), bytes.size());
    n_ += bytes.size();
  }
  [[gnu::always_inline]] void Byte(uint8_t b) {
    Room(1);
    buf_[n_++] = static_cast<char>(b);
  }
  [[gnu::always_inline]] void Varint(uint64_t v) {
    Room(10);
    char* p = buf_.data() + n_;
    size_t n = 0;
    while (v >= 0x80) {
      p[n++] = static_cast<char>((v & 0x7F) | 0x80);
      v >>= 7;
    }
    p[n++] = static_cast<char>(v);
    n_ += n;
  }
  // A varint byte length in front of bytes written after it, without writing them elsewhere first:
  // BeginLength reserves one byte and returns its position; EndLength(mark) stores the length of
  // everything written since, moving those bytes up when the length needs more than one byte.
  size_t BeginLength() {
    Byte(0);
    return n_ - 1;
  }
  void EndLength(size_t mark) {
    uint64_t len = n_ - mark - 1;
    if (len < 0x80) {
      buf_[mark] = static_cast<char>(len);
      return;
    }
    size_t k = 1;
    for (uint64_t v = len; v >= 0x80; v >>= 7) ++k;
    Room(k - 1);
    char* p = buf_.data() + mark;
    std::memmove(p + k, p + 1, len);
    for (size_t i = 0; i + 1 < k; ++i, len >>= 7) p[i] = static_cast<char>((len & 0x7F) | 0x80);
    p[k - 1] = static_cast<char>(len);
    n_ += k - 1;
  }
  void Signed(int64_t v) {
    Varint((static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63));
  }
  void Fixed64(uint64_t v) {
    Room(8);
    for (int i = 0; i < 8; ++i) buf_[n_ + i] = static_cast<char>(v >> (8 * i));
    n_ += 8;
  }
  // A value as `fb::Val` (tag, bits) in its compact form.
  void Val(uint8_t tag, uint64_t bits) {
    switch (tag) {
      case kTagUndefined:
      case kTagNull:
      case kTagEmpty:
        Byte(tag);
        return;
      case kTagBool:
        Byte(tag);
        Byte(bits != 0 ? 1 : 0);
        return;
      case kTagNumber: {
        double d;
        std::memcpy(&d, &bits, sizeof d);
        if (d >= -2147483648.0 && d <= 2147483647.0 &&
            d == static_cast<double>(static_cast<int32_t>(d)) && !(d == 0 && std::signbit(d))) {
          Byte(kTagSmallNumber);
          Signed(static_cast<int32_t>(d));
        } else {
          Byte(tag);
          Fixed64(bits);
        }
        return;
      }
      case kTagInt:
        Byte(tag);
        Signed(static_cast<int64_t>(bits));
        return;
      default:  // references (run or realm)
        Byte(tag);
        Varint(bits);
        return;
    }
  }

 private:
  // Makes room for `more` bytes (the buffer grows geometrically; bytes past n_ are scratch). The
  // check is on every value written, so it stays inline and the rare growth does not.
  [[gnu::always_inline]] void Room(size_t more) {
    if (__builtin_expect(n_ + more > buf_.size(), 0)) Grow(more);
  }
  [[gnu::noinline]] void Grow(size_t more) { buf_.resize(std::max<size_t>(64, 2 * (n_ + more))); }
  std::string buf_;
  size_t n_ = 0;
};

class ByteReader {
 public:
  ByteReader() = default;
  ByteReader(const uint8_t* data, size_t size) : p_(data), end_(data + size) {}

  bool ok() const { return ok_; }
  bool at_end() const { return p_ == end_; }
  size_t remaining() const { return static_cast<size_t>(end_ - p_); }
  const uint8_t* position() const { return p_; }
  void Fail() {
    ok_ = false;
    p_ = end_;
  }

  void Skip(size_t n) {
    if (n > remaining()) return Fail();
    p_ += n;
  }
  [[gnu::always_inline]] uint8_t Byte() {
    if (p_ == end_) {
      Fail();
      return 0;
    }
    return *p_++;
  }
  [[gnu::always_inline]] uint64_t Varint() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (p_ == end_) {
        Fail();
        return 0;
      }
      uint8_t b = *p_++;
      v |= static_cast<uint64_t>(b & 0x7F) << shift;
      if (!(b & 0x80)) return v;
    }
    Fail();  // more than 10 bytes
    return 0;
  }
  int64_t Signed() {
    uint64_t z = Varint();
    return static_cast<int64_t>((z >> 1) ^ (~(z & 1) + 1));
  }
  uint64_t Fixed64() {
    if (remaining() < 8) {
      Fail();
      return 0;
    }
    uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | p_[i];
    p_ += 8;
    return v;
  }
  // A count of items that take at least one byte each: never more than the bytes left (so a corrupt
  // count cannot make the caller reserve memory the input does not back).
  uint32_t Count() {
    uint64_t n = Varint();
    if (n > remaining()) {
      Fail();
      return 0;
    }
    return static_cast<uint32_t>(n);
  }
  // A value in the form ByteWriter::Val wrote; unknown tags are returned as they are (the caller's
  // tag check rejects them).
  [[gnu::always_inline]] fb::Val Val() {
    uint8_t tag = Byte();
    switch (tag) {
      case kTagUndefined:
      case kTagNull:
      case kTagEmpty:
        return fb::Val(0, tag);
      case kTagBool:
        return fb::Val(Byte(), tag);
      case kTagNumber:
        return fb::Val(Fixed64(), tag);
      case kTagSmallNumber: {
        int64_t i = Signed();
        if (i < INT32_MIN || i > INT32_MAX) Fail();
        double d = static_cast<double>(i);
        uint64_t bits;
        std::memcpy(&bits, &d, sizeof d);
        return fb::Val(bits, kTagNumber);
      }
      case kTagInt:
        return fb::Val(static_cast<uint64_t>(Signed()), tag);
      default:
        return fb::Val(Varint(), tag);
    }
  }

 private:
  const uint8_t* p_ = nullptr;
  const uint8_t* end_ = nullptr;
  bool ok_ = true;
};

}  // namespace codemode::snapshot
