// The self-hosted prelude (vm/prelude/*.js), embedded at build time: each file in name order, each
// wrapped in its own block so file-level declarations do not collide.
#pragma once

#include <string_view>

namespace codemode {
std::string_view PreludeSource();
}  // namespace codemode
