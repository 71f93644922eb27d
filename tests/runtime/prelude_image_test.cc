// The preludes compiled at build time (runtime/prelude_image_main.cc): the embedded images decode
// to exactly what compiling the embedded sources gives now (so the image is neither stale nor
// lossy), and a damaged image is an error, not a wrong module.
#include <catch2/catch.hpp>
#include <string>
#include <variant>

#include "compiler/compile.h"
#include "runtime/module_image.h"
#include "runtime/prelude.h"

namespace {

using codemode::bytecode::Module;

Module Compiled(std::string_view source, bool lua) {
  const codemode::compiler::CompileOptions options = codemode::PreludeCompileOptions(lua);
  auto compiled = lua ? codemode::compiler::CompileLua(source, options)
                      : codemode::compiler::CompileJavaScript(source, options);
  REQUIRE(std::holds_alternative<Module>(compiled));
  return std::get<Module>(std::move(compiled));
}

}  // namespace

TEST_CASE("prelude image: the JS image decodes to a fresh compile of the prelude", "[prelude]") {
  auto decoded = codemode::DecodeModuleImage(codemode::PreludeImage());
  REQUIRE(decoded.ok());
  Module fresh = Compiled(codemode::PreludeSource(), false);
  CHECK(decoded->protos.size() == fresh.protos.size());
  CHECK(*decoded == fresh);
  CHECK(codemode::EncodeModuleImage(fresh) == codemode::PreludeImage());
}

TEST_CASE("prelude image: the Lua image decodes to a fresh compile with its debug info",
          "[prelude]") {
  auto decoded = codemode::DecodeModuleImage(codemode::LuaPreludeImage());
  REQUIRE(decoded.ok());
  Module fresh = Compiled(codemode::LuaPreludeSource(), true);
  bool has_locals = false;
  for (const auto& p : fresh.protos) has_locals |= !p.locals.empty();
  CHECK(has_locals);
  CHECK(*decoded == fresh);
}

TEST_CASE("prelude image: truncated or foreign images are errors", "[prelude]") {
  std::string image(codemode::LuaPreludeImage());
  for (size_t cut : {size_t{0}, size_t{3}, size_t{8}, image.size() / 2, image.size() - 1})
    CHECK(!codemode::DecodeModuleImage(std::string_view(image).substr(0, cut)).ok());
  std::string other = image;
  other[4] = static_cast<char>(other[4] + 1);  // the version
  CHECK(!codemode::DecodeModuleImage(other).ok());
  CHECK(!codemode::DecodeModuleImage(image + "x").ok());
  CHECK(codemode::DecodeModuleImage(image).ok());
}
