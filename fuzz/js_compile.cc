// libFuzzer target: compiles and runs arbitrary bytes as a JavaScript program under tight limits.
// Any crash, sanitizer report, hang (libFuzzer -timeout) or out-of-memory (-rss_limit_mb) is a bug:
// untrusted source must always end in a Result (DESIGN §3 invariants 5 and 7).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string_view>

#include "runtime/runtime.h"

namespace {

// Larger inputs only slow the fuzzer down; the source-size bound has its own hostile test.
constexpr size_t kMaxInputBytes = 64 * 1024;

// One runtime for the whole fuzzing session (runs cannot pollute each other: DESIGN §3 invariant 3),
// with no tools.
codemode::Runtime& FuzzRuntime() {
  static std::unique_ptr<codemode::Runtime> runtime = [] {
    codemode::RuntimeOptions options;
    options.limits.timeout_ms = 200;
    options.limits.max_steps = 200000;
    options.limits.max_memory_bytes = 16 << 20;
    options.limits.max_tool_calls = 16;
    options.limits.max_output_bytes = 64 << 10;
    auto made = codemode::Runtime::Make(std::move(options));
    if (!made.ok()) {
      std::fprintf(stderr, "fuzz_js_compile: Runtime::Make failed: %s\n",
                   made.status().ToString().c_str());
      std::abort();
    }
    return std::move(made).value();
  }();
  return *runtime;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > kMaxInputBytes) return -1;  // -1: do not add to the corpus
  const std::string_view source(reinterpret_cast<const char*>(data), size);
  // A fixed run id keeps runs deterministic (an empty one picks a random UUID).
  const codemode::Result result = FuzzRuntime().Execute(source, "fuzz");
  // Every outcome is acceptable except a failure without a diagnostic.
  if (!result.ok && result.error.kind.empty()) {
    std::fprintf(stderr, "fuzz_js_compile: failed Result without an error kind\n");
    std::abort();
  }
  return 0;
}
