#include "runtime/module_image.h"

#include <bit>
#include <cstring>
#include <type_traits>

#include "absl/status/status.h"

namespace codemode {

namespace {

// A field added to these structs must be added to Put/Get below (and the image version bumped); the
// size checks make that hard to forget, and tests/runtime/prelude_image_test.cc compares a decoded
// image with a fresh compile field by field.
static_assert(sizeof(bytecode::FunctionProto) == 248,
              "FunctionProto changed: update module_image.cc");
static_assert(sizeof(bytecode::Constant) == 176, "Constant changed: update module_image.cc");
static_assert(std::is_same_v<isa::Instr, uint32_t>);

class Writer {
 public:
  std::string out;
  void U8(uint8_t v) { out.push_back(static_cast<char>(v)); }
  void U32(uint32_t v) {
    char b[4] = {static_cast<char>(v), static_cast<char>(v >> 8), static_cast<char>(v >> 16),
                 static_cast<char>(v >> 24)};
    out.append(b, 4);
  }
  void U64(uint64_t v) {
    U32(static_cast<uint32_t>(v));
    U32(static_cast<uint32_t>(v >> 32));
  }
  void Bool(bool v) { U8(v ? 1 : 0); }
  void Str(const std::string& s) {
    U32(static_cast<uint32_t>(s.size()));
    out.append(s);
  }
  void U16Str(const std::u16string& s) {
    U32(static_cast<uint32_t>(s.size()));
    for (char16_t c : s) {
      U8(static_cast<uint8_t>(c));
      U8(static_cast<uint8_t>(c >> 8));
    }
  }
};

class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  bool ok() const { return ok_; }
  bool AtEnd() const { return pos_ == in_.size(); }
  uint8_t U8() {
    if (!Need(1)) return 0;
    return static_cast<uint8_t>(in_[pos_++]);
  }
  uint32_t U32() {
    if (!Need(4)) return 0;
    auto b = reinterpret_cast<const unsigned char*>(in_.data() + pos_);
    pos_ += 4;
    return b[0] | b[1] << 8 | b[2] << 16 | static_cast<uint32_t>(b[3]) << 24;
  }
  uint64_t U64() {
    uint64_t lo = U32();
    return lo | static_cast<uint64_t>(U32()) << 32;
  }
  bool Bool() { return U8() != 0; }
  void U32s(uint32_t* out, size_t n) {
    if (!Need(4 * n)) return;
    if constexpr (std::endian::native == std::endian::little) {
      std::memcpy(out, in_.data() + pos_, 4 * n);
      pos_ += 4 * n;
    } else {
      for (size_t i = 0; i < n; ++i) out[i] = U32();
    }
  }
  // A count of elements of at least `min_bytes` each: fails instead of reserving past the end.
  uint32_t Count(size_t min_bytes) {
    uint32_t n = U32();
    if (!Need(static_cast<size_t>(n) * min_bytes)) return 0;
    return n;
  }
  std::string Str() {
    uint32_t n = Count(1);
    std::string s(in_.substr(pos_, n));
    pos_ += n;
    return s;
  }
  std::u16string U16Str() {
    uint32_t n = Count(2);
    std::u16string s(n, u'\0');
    if constexpr (std::endian::native == std::endian::little) {
      std::memcpy(s.data(), in_.data() + pos_, 2 * static_cast<size_t>(n));
    } else {
      for (uint32_t i = 0; i < n; ++i) {
        auto b = reinterpret_cast<const unsigned char*>(in_.data() + pos_ + 2 * i);
        s[i] = static_cast<char16_t>(b[0] | b[1] << 8);
      }
    }
    pos_ += 2 * static_cast<size_t>(n);
    return s;
  }

 private:
  bool Need(size_t n) {
    if (!ok_ || in_.size() - pos_ < n) {
      ok_ = false;
      return false;
    }
    return true;
  }
  std::string_view in_;
  size_t pos_ = 0;
  bool ok_ = true;
};

void PutConstant(Writer& w, const bytecode::Constant& c) {
  w.U8(static_cast<uint8_t>(c.kind));
  uint64_t bits;
  std::memcpy(&bits, &c.number, sizeof bits);
  w.U64(bits);
  w.U64(static_cast<uint64_t>(c.integer));
  w.U16Str(c.u16);
  w.Str(c.bytes);
  w.U32(static_cast<uint32_t>(c.raws.size()));
  for (const auto& s : c.raws) w.U16Str(s);
  w.U32(static_cast<uint32_t>(c.strings.size()));
  for (const auto& s : c.strings) w.U16Str(s);
  w.U32(static_cast<uint32_t>(c.cooked_valid.size()));
  for (bool b : c.cooked_valid) w.Bool(b);
}

bytecode::Constant GetConstant(Reader& r) {
  bytecode::Constant c;
  c.kind = static_cast<bytecode::Constant::Kind>(r.U8());
  uint64_t bits = r.U64();
  std::memcpy(&c.number, &bits, sizeof bits);
  c.integer = static_cast<int64_t>(r.U64());
  c.u16 = r.U16Str();
  c.bytes = r.Str();
  c.raws.resize(r.Count(4));
  for (auto& s : c.raws) s = r.U16Str();
  c.strings.resize(r.Count(4));
  for (auto& s : c.strings) s = r.U16Str();
  c.cooked_valid.resize(r.Count(1));
  for (size_t i = 0; i < c.cooked_valid.size(); ++i) c.cooked_valid[i] = r.Bool();
  return c;
}

void PutProto(Writer& w, const bytecode::FunctionProto& p) {
  w.Str(p.name);
  w.U8(static_cast<uint8_t>(p.kind));
  w.Bool(p.is_async);
  w.Bool(p.is_generator);
  w.Bool(p.strict);
  w.U8(p.num_params);
  w.U8(p.length);
  w.U8(p.num_regs);
  w.Bool(p.has_rest);
  w.U8(p.rest_reg);
  w.Bool(p.needs_arguments);
  w.U8(p.arguments_reg);
  w.Bool(p.is_vararg);
  w.U32(static_cast<uint32_t>(p.code.size()));
  for (isa::Instr i : p.code) w.U32(i);
  w.U32(static_cast<uint32_t>(p.constants.size()));
  for (const auto& c : p.constants) PutConstant(w, c);
  w.U32(static_cast<uint32_t>(p.upvalues.size()));
  for (const auto& u : p.upvalues) {
    w.Bool(u.from_parent_register);
    w.U32(u.index);
    w.Str(u.name);
  }
  w.U32(static_cast<uint32_t>(p.children.size()));
  for (uint32_t c : p.children) w.U32(c);
  w.U32(static_cast<uint32_t>(p.handlers.size()));
  for (const auto& h : p.handlers) {
    w.U32(h.start);
    w.U32(h.end);
    w.U32(h.handler);
    w.U8(h.reg);
  }
  w.U32(static_cast<uint32_t>(p.lines.size()));
  for (const auto& l : p.lines) {
    w.U32(l.pc);
    w.U32(l.line);
    w.U32(l.column);
  }
  w.U32(static_cast<uint32_t>(p.locals.size()));
  for (const auto& l : p.locals) {
    w.Str(l.name);
    w.U32(l.start_pc);
    w.U32(l.end_pc);
    w.U8(l.reg);
  }
  w.U32(static_cast<uint32_t>(p.site_texts.size()));
  for (const auto& t : p.site_texts) {
    w.U32(t.pc);
    w.U8(static_cast<uint8_t>(t.kind));
    w.Str(t.text);
  }
  w.U32(p.line);
  w.U32(p.column);
}

bytecode::FunctionProto GetProto(Reader& r) {
  bytecode::FunctionProto p;
  p.name = r.Str();
  p.kind = static_cast<bytecode::FunctionKind>(r.U8());
  p.is_async = r.Bool();
  p.is_generator = r.Bool();
  p.strict = r.Bool();
  p.num_params = r.U8();
  p.length = r.U8();
  p.num_regs = r.U8();
  p.has_rest = r.Bool();
  p.rest_reg = r.U8();
  p.needs_arguments = r.Bool();
  p.arguments_reg = r.U8();
  p.is_vararg = r.Bool();
  p.code.resize(r.Count(4));
  r.U32s(p.code.data(), p.code.size());
  p.constants.resize(r.Count(1));
  for (auto& c : p.constants) c = GetConstant(r);
  p.upvalues.resize(r.Count(1));
  for (auto& u : p.upvalues) {
    u.from_parent_register = r.Bool();
    u.index = static_cast<uint16_t>(r.U32());
    u.name = r.Str();
  }
  p.children.resize(r.Count(4));
  for (auto& c : p.children) c = r.U32();
  p.handlers.resize(r.Count(13));
  for (auto& h : p.handlers) {
    h.start = r.U32();
    h.end = r.U32();
    h.handler = r.U32();
    h.reg = r.U8();
  }
  p.lines.resize(r.Count(12));
  for (auto& l : p.lines) {
    l.pc = r.U32();
    l.line = r.U32();
    l.column = r.U32();
  }
  p.locals.resize(r.Count(13));
  for (auto& l : p.locals) {
    l.name = r.Str();
    l.start_pc = r.U32();
    l.end_pc = r.U32();
    l.reg = r.U8();
  }
  p.site_texts.resize(r.Count(9));
  for (auto& t : p.site_texts) {
    t.pc = r.U32();
    t.kind = static_cast<bytecode::SiteTextKind>(r.U8());
    t.text = r.Str();
  }
  p.line = r.U32();
  p.column = r.U32();
  return p;
}

}  // namespace

std::string EncodeModuleImage(const bytecode::Module& module) {
  Writer w;
  w.out.append("CMMI", 4);
  w.U32(kModuleImageVersion);
  w.U8(static_cast<uint8_t>(module.language));
  w.Str(module.source_name);
  w.U32(static_cast<uint32_t>(module.protos.size()));
  for (const auto& p : module.protos) PutProto(w, p);
  w.U32(module.main);
  return std::move(w.out);
}

absl::StatusOr<bytecode::Module> DecodeModuleImage(std::string_view image) {
  if (image.substr(0, 4) != "CMMI") return absl::InternalError("not a module image");
  Reader r(image.substr(4));
  if (r.U32() != kModuleImageVersion) return absl::InternalError("module image of another version");
  bytecode::Module m;
  m.language = static_cast<bytecode::Language>(r.U8());
  m.source_name = r.Str();
  m.protos.resize(r.Count(1));
  for (auto& p : m.protos) p = GetProto(r);
  m.main = r.U32();
  if (!r.ok() || !r.AtEnd() || m.main >= m.protos.size())
    return absl::InternalError("truncated or corrupt module image");
  return m;
}

}  // namespace codemode
