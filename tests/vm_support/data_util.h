// Readers for the Node-generated data files in tests/vm_support/data/ (see the gen_*.js there).
#ifndef CODEMODE_TESTS_VM_SUPPORT_DATA_UTIL_H_
#define CODEMODE_TESTS_VM_SUPPORT_DATA_UTIL_H_

#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>
namespace codemode::testdata {

// Lines of tests/vm_support/data/<name>; throws if the file is missing or empty so a test cannot
// pass vacuously.
inline std::vector<std::string> ReadLines(const std::string& name) {
  std::string path = std::string(CODEMODE_SOURCE_DIR) + "/tests/vm_support/data/" + name;
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) lines.push_back(line);
  }
  if (lines.empty()) throw std::runtime_error("no data in " + path);
  return lines;
}

inline std::vector<std::string_view> Fields(std::string_view line) {
  std::vector<std::string_view> fields;
  while (true) {
    size_t tab = line.find('\t');
    fields.push_back(line.substr(0, tab));
    if (tab == std::string_view::npos) return fields;
    line.remove_prefix(tab + 1);
  }
}

// 16 hex digits of an IEEE double's bits.
inline double HexToDouble(std::string_view hex) {
  return std::bit_cast<double>(std::strtoull(std::string(hex).c_str(), nullptr, 16));
}

inline std::string DoubleToHex(double value) {
  char buf[17];
  std::snprintf(buf, sizeof(buf), "%016llx",
                static_cast<unsigned long long>(std::bit_cast<uint64_t>(value)));
  return buf;
}

// Undoes gen_common.js strEsc: printable ASCII as is, everything else \uXXXX.
inline std::u16string Unescape(std::string_view s) {
  std::u16string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 6 <= s.size() && s[i + 1] == 'u') {
      std::string hex(s.substr(i + 2, 4));
      out.push_back(static_cast<char16_t>(std::strtoul(hex.c_str(), nullptr, 16)));
      i += 5;
    } else {
      out.push_back(static_cast<unsigned char>(s[i]));
    }
  }
  return out;
}

// Code units as 4 hex digits each (gen_common.js strToHex).
inline std::u16string HexUnits(std::string_view s) {
  std::u16string out;
  for (size_t i = 0; i + 4 <= s.size(); i += 4) {
    std::string hex(s.substr(i, 4));
    out.push_back(static_cast<char16_t>(std::strtoul(hex.c_str(), nullptr, 16)));
  }
  return out;
}

// Printable form of a UTF-16 string for failure messages.
inline std::string Show(std::u16string_view s) {
  std::string out;
  for (char16_t c : s) {
    if (c >= 0x20 && c < 0x7f && c != '\\') {
      out.push_back(static_cast<char>(c));
    } else {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "\\u%04x", c);
      out += buf;
    }
  }
  return out;
}

// Collects the first few mismatches of a data-driven test for one readable failure message.
class Mismatches {
 public:
  void Add(const std::string& what) {
    if (count_++ < 25) report_ += what + "\n";
  }
  int count() const { return count_; }
  const std::string& report() const { return report_; }

 private:
  int count_ = 0;
  std::string report_;
};

}  // namespace codemode::testdata

#endif  // CODEMODE_TESTS_VM_SUPPORT_DATA_UTIL_H_
