// The self-hosted prelude (vm/prelude/*.js), embedded at build time: each file in name order, each
// wrapped in its own block so file-level declarations do not collide.
#pragma once

#include <string_view>

namespace codemode {
std::string_view PreludeSource();
// The Lua prelude (runtime/lua_prelude.cc): library functions that call program code, written in
// Lua.
std::string_view LuaPreludeSource();
// Both preludes compiled when the engine was built (runtime/prelude_image_main.cc): images for
// DecodeModuleImage (runtime/module_image.h). Every process decodes these instead of compiling.
std::string_view PreludeImage();
std::string_view LuaPreludeImage();
}  // namespace codemode
