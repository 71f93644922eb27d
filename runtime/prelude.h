// The self-hosted prelude (vm/prelude/*.js), embedded at build time: each file in name order, each
// wrapped in its own block so file-level declarations do not collide.
#pragma once

#include <string_view>

#include "compiler/compile.h"

namespace codemode {
// How both preludes are compiled: by the build-time image tool (runtime/prelude_image_main.cc) and by
// the test that checks the images against a fresh compile.
inline compiler::CompileOptions PreludeCompileOptions(bool lua) {
  compiler::CompileOptions options;
  options.source_name = lua ? "prelude.lua" : "prelude.js";
  options.typescript = false;
  options.site_texts = false;  // the prelude's errors never name its own source (bytecode::SiteText)
  return options;
}
std::string_view PreludeSource();
// The Lua prelude (runtime/lua_prelude.cc): library functions that call program code, written in
// Lua.
std::string_view LuaPreludeSource();
// Both preludes compiled when the engine was built (runtime/prelude_image_main.cc): images for
// DecodeModuleImage (runtime/module_image.h). Every process decodes these instead of compiling.
std::string_view PreludeImage();
std::string_view LuaPreludeImage();
}  // namespace codemode
