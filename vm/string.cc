#include "vm/string.h"

#include <xxhash.h>

#include <vector>

namespace codemode::vm {

bool FitsOneByte(std::u16string_view s) {
  for (char16_t c : s)
    if (c >= 256) return false;
  return true;
}

String::String(std::string one_byte)
    : HeapCell(CellKind::kString),
      length_(static_cast<uint32_t>(one_byte.size())),
      one_byte_(true),
      one_(std::move(one_byte)) {}

String::String(std::u16string two_byte)
    : HeapCell(CellKind::kString),
      length_(static_cast<uint32_t>(two_byte.size())),
      one_byte_(false),
      two_(std::move(two_byte)) {}

String::String(String* left, String* right)
    : HeapCell(CellKind::kString),
      length_(left->length_ + right->length_),
      one_byte_(left->one_byte_ && right->one_byte_),
      left_(left),
      right_(right) {}

void String::Flatten() {
  if (left_ == nullptr) return;
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
  if (one) {
    std::string out;
    out.reserve(length_);
    for (String* s : leaves) out.append(s->one_);
    one_ = std::move(out);
  } else {
    std::u16string out;
    out.reserve(length_);
    for (String* s : leaves) {
      if (s->one_byte_) {
        for (unsigned char c : s->one_) out.push_back(c);
      } else {
        out.append(s->two_);
      }
    }
    two_ = std::move(out);
  }
  one_byte_ = one;
  left_ = right_ = nullptr;
}

std::u16string String::ToU16() {
  Flatten();
  if (!one_byte_) return two_;
  std::u16string out;
  out.reserve(one_.size());
  for (unsigned char c : one_) out.push_back(c);
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
    bool ascii = true;
    for (unsigned char c : one_)
      if (c >= 0x80) ascii = false;
    if (ascii) return one_;
    for (unsigned char c : one_) put(c);
    return out;
  }
  for (size_t i = 0; i < two_.size(); ++i) {
    uint32_t c = two_[i];
    if (c >= 0xD800 && c <= 0xDBFF && i + 1 < two_.size() && two_[i + 1] >= 0xDC00 &&
        two_[i + 1] <= 0xDFFF) {
      put(0x10000 + ((c - 0xD800) << 10) + (two_[i + 1] - 0xDC00));
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
  uint64_t h = one_byte_ ? XXH3_64bits(one_.data(), one_.size())
                         : XXH3_64bits(two_.data(), two_.size() * sizeof(char16_t));
  hash_ = static_cast<uint32_t>(h ^ (h >> 32));
  hashed_ = true;
  return hash_;
}

std::optional<uint32_t> String::ArrayIndex() {
  if (index_state_ == 0) {
    index_state_ = -1;
    if (length_ > 0 && length_ <= 10) {
      Flatten();
      uint64_t v = 0;
      bool ok = true;
      for (uint32_t i = 0; i < length_; ++i) {
        char16_t c = one_byte_ ? static_cast<unsigned char>(one_[i]) : two_[i];
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
  if (a->one_byte_ && b->one_byte_) return a->one_ == b->one_;
  for (uint32_t i = 0; i < a->length_; ++i)
    if (a->At(i) != b->At(i)) return false;
  return true;
}

int String::Compare(String* a, String* b) {
  a->Flatten();
  b->Flatten();
  if (a->one_byte_ && b->one_byte_) {
    int c = a->one_.compare(b->one_);
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
