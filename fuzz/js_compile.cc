// libFuzzer target: compiles and runs arbitrary bytes as a JavaScript program under tight limits.
// Any crash, sanitizer report, hang (libFuzzer -timeout) or out-of-memory (-rss_limit_mb) is a bug:
// untrusted source must always end in a Result (DESIGN §3 invariants 5 and 7).
//
// Written against the runtime API as planned (runtime/runtime.h: Runtime::Make(RuntimeOptions),
// Runtime::Execute(source) -> Result); adapt the option names when the API lands.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "runtime/runtime.h"

namespace {

// Larger inputs only slow the fuzzer down; the source-size bound has its own hostile test.
constexpr size_t kMaxSourceBytes = 64 * 1024;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > kMaxSourceBytes) return -1;  // -1: do not add to the corpus
  codemode::RuntimeOptions options;
  options.limits.timeout_ms = 200;
  options.limits.max_steps = 200000;
  options.limits.max_memory_bytes = 16 << 20;
  options.limits.max_tool_calls = 16;
  options.limits.max_output_bytes = 64 << 10;
  auto rt = codemode::Runtime::Make(options);
  codemode::Result result =
      rt->Execute(std::string_view(reinterpret_cast<const char*>(data), size));
  (void)result;  // every outcome is acceptable; only how it is reached is under test
  return 0;
}
