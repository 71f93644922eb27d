// A compact binary image of a bytecode::Module, so the preludes can be compiled when the engine is
// built (runtime/prelude_image_main.cc) and only decoded when a process starts: compiling the 320 KB
// JS prelude was ~70 % of a short run's CPU time (docs/performance.md, "Start-up and Lua, session 8").
//
// Format (all integers little-endian, strings and vectors as a u32 count then their elements): the
// magic "CMMI", a u32 format version (kModuleImageVersion), then the Module field by field in
// declaration order. Images are only read by the build that wrote them, so there is no
// cross-version compatibility.
#pragma once

#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "vm/bytecode.h"

namespace codemode {

inline constexpr uint32_t kModuleImageVersion = 2;  // 2: FunctionProto::site_texts

// Every field of `module`, including the Lua debug info (locals) and the site texts.
std::string EncodeModuleImage(const bytecode::Module& module);

// The module EncodeModuleImage wrote. Errors: InternalError on a truncated or foreign image (wrong
// magic or version, a count past the end).
absl::StatusOr<bytecode::Module> DecodeModuleImage(std::string_view image);

}  // namespace codemode
