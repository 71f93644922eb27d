// The run's wall clock (vm.h: Host::WallClockMs, VM::WallClockMs), and Host's other defaults. Date
// and Lua os.time read time only through here, so a host that fixes the clock makes runs
// reproducible.
#include <chrono>

#include "vm/vm.h"

namespace codemode::vm {

int64_t Host::WallClockMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

Host::SearchResult Host::Search(std::string /*input_json*/) {
  SearchResult r;
  r.ok = false;
  r.kind = "UnknownTool";
  r.message = "search is not available in this host";
  return r;
}

int64_t VM::WallClockMs() {
  if (host_ != nullptr) return host_->WallClockMs();
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace codemode::vm
