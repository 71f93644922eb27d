#include "vm/string.h"

#include <xxhash.h>

#include <cstring>
#include <memory>
#include <vector>

namespace codemode::vm {

bool FitsOneByte(std::u16string_view s) {
  for (char16_t c : s)
    if (c >= 256) return false;
  return true;
}

String::String(std::string_view one_byte, InlineTag)
    : HeapCell(CellKind::kString),
      length_(static_cast<uint32_t>(one_byte.size())),
      one_byte_(true) {
  data_ = reinterpret_cast<char*>(this + 1);
  if (!one_byte.empty()) std::memcpy(data_, one_byte.data(), one_byte.size());
  data_[one_byte.size()] = '\0';
}

String::String(std::u16string_view two_byte, InlineTag)
    : HeapCell(CellKind::kString),
      length_(static_cast<uint32_t>(two_byte.size())),
      one_byte_(false) {
  data_ = reinterpret_cast<char*>(this + 1);
  if (!two_byte.empty()) std::memcpy(data_, two_byte.data(), two_byte.size() * sizeof(char16_t));
  std::memset(data_ + two_byte.size() * sizeof(char16_t), 0, sizeof(char16_t));
}

String::String(String* left, String* right)
    : HeapCell(CellKind::kString),
      length_(left->length_ + right->length_),
      one_byte_(left->one_byte_ && right->one_byte_),
      left_(left),
      right_(right) {}

String::~String() {
  if (owns_buffer()) std::allocator<char>().deallocate(data_, InlineBytes(length_, one_byte_));
}

void String::FlattenRope() {
  // Gather leaves left to right with an explicit stack: ropes can be a million levels deep.
  bool one = true;
  std::vector<String*> stack{this};
  std::vector<String*> leaves;
  while (!stack.empty()) {
    String* s = stack.back();
    stack.pop_back();
    if (s->left_ != nullptr) {
      stack.push_back(s->right_);
      stack.push_back(s->left_);
    } else {
      if (!s->one_byte_) one = false;
      leaves.push_back(s);
    }
  }
  // The flat contents go to a buffer of the rope's own (its cell was sized for the two pointers).
  char* out = std::allocator<char>().allocate(InlineBytes(length_, one));
  if (one) {
    size_t at = 0;
    for (String* s : leaves) {
      if (s->length_ != 0) std::memcpy(out + at, s->data_, s->length_);
      at += s->length_;
    }
    out[at] = '\0';
  } else {
    auto* units = reinterpret_cast<char16_t*>(out);
    size_t at = 0;
    for (String* s : leaves) {
      if (s->one_byte_) {
        for (uint32_t i = 0; i < s->length_; ++i)
          units[at + i] = static_cast<unsigned char>(s->data_[i]);
      } else if (s->length_ != 0) {
        std::memcpy(units + at, s->data_, s->length_ * sizeof(char16_t));
      }
      at += s->length_;
    }
    units[at] = 0;
  }
  data_ = out;
  one_byte_ = one;
  left_ = right_ = nullptr;
}

std::u16string String::ToU16() {
  Flatten();
  if (!one_byte_) return std::u16string(flat_two());
  std::u16string out;
  out.reserve(length_);
  for (unsigned char c : flat_one()) out.push_back(c);
  return out;
}

std::string String::ToUtf8() {
  Flatten();
  std::string out;
  auto put = [&out](uint32_t cp) {
    if (cp < 0x80) {
      out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
      out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
  };
  if (one_byte_) {
    const std::string_view one = flat_one();
    bool ascii = true;
    for (unsigned char c : one)
      if (c >= 0x80) ascii = false;
    if (ascii) return std::string(one);
    for (unsigned char c : one) put(c);
    return out;
  }
  const std::u16string_view two = flat_two();
  for (size_t i = 0; i < two.size(); ++i) {
    uint32_t c = two[i];
    if (c >= 0xD800 && c <= 0xDBFF && i + 1 < two.size() && two[i + 1] >= 0xDC00 &&
        two[i + 1] <= 0xDFFF) {
      put(0x10000 + ((c - 0xD800) << 10) + (two[i + 1] - 0xDC00));
      ++i;
    } else if (c >= 0xD800 && c <= 0xDFFF) {
      put(0xFFFD);
    } else {
      put(c);
    }
  }
  return out;
}

uint32_t String::Hash() {
  if (hashed_) return hash_;
  Flatten();
  // The bytes of the units, one or two per unit (HashOf is the one-byte case).
  hash_ = HashOf(
      std::string_view(data_, static_cast<size_t>(length_) * (one_byte_ ? 1 : sizeof(char16_t))));
  hashed_ = true;
  return hash_;
}

uint32_t String::HashOf(std::string_view bytes) {
  uint64_t h = XXH3_64bits(bytes.data(), bytes.size());
  return static_cast<uint32_t>(h ^ (h >> 32));
}

std::optional<uint32_t> String::ArrayIndex() {
  if (index_state_ == 0) {
    index_state_ = -1;
    if (length_ > 0 && length_ <= 10) {
      Flatten();
      uint64_t v = 0;
      bool ok = true;
      for (uint32_t i = 0; i < length_; ++i) {
        char16_t c = At(i);
        if (c < '0' || c > '9' || (i == 0 && c == '0' && length_ > 1)) {
          ok = false;
          break;
        }
        v = v * 10 + (c - '0');
      }
      if (ok && v < 4294967295ull) {
        index_state_ = 1;
        index_ = static_cast<uint32_t>(v);
      }
    }
  }
  if (index_state_ == 1) return index_;
  return std::nullopt;
}

bool String::Equals(String* a, String* b) {
  if (a == b) return true;
  if (a->length_ != b->length_) return false;
  if (a->atom_ && b->atom_) return false;  // distinct atoms always differ
  a->Flatten();
  b->Flatten();
  if (a->hashed_ && b->hashed_ && a->hash_ != b->hash_) return false;
  if (a->one_byte_ && b->one_byte_) return a->flat_one() == b->flat_one();
  for (uint32_t i = 0; i < a->length_; ++i)
    if (a->At(i) != b->At(i)) return false;
  return true;
}

int String::Compare(String* a, String* b) {
  a->Flatten();
  b->Flatten();
  if (a->one_byte_ && b->one_byte_) {
    int c = a->flat_one().compare(b->flat_one());
    return c < 0 ? -1 : c > 0 ? 1 : 0;
  }
  uint32_t n = std::min(a->length_, b->length_);
  for (uint32_t i = 0; i < n; ++i) {
    char16_t x = a->At(i), y = b->At(i);
    if (x != y) return x < y ? -1 : 1;
  }
  return a->length_ < b->length_ ? -1 : a->length_ > b->length_ ? 1 : 0;
}

}  // namespace codemode::vm
