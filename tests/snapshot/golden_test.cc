// Golden snapshot files pin the format (issue 3 item 9). tests/snapshot/golden/v<kFormatVersion>-async.snap
// is a snapshot of kGoldenProgram suspended mid-run by this engine's format version; older files
// (v1-async.snap: written by format version 1; v0-async.snap: the same with version 0 in its trailer)
// must fail cleanly. See tests/snapshot/README.md for regenerating them (CODEMODE_UPDATE_GOLDEN=1).
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "snapshot/codec.h"
#include "snapshot/snapshot.h"
#include "tests/snapshot/snapshot_util.h"

namespace codemode::snapshot::testing {
namespace {

constexpr const char* kGoldenProgram = R"(
  const seen = new Map();
  let total = 0;
  async function step(i) { await null; return i * i; }
  for (let i = 0; i < 12; i++) { total += await step(i); seen.set('n' + i, total); }
  const words = ['alpha', , 'gamma'];
  return { total, last: seen.get('n11'), words, count: seen.size };
)";
constexpr uint64_t kGoldenYield = 30;

std::filesystem::path GoldenDir() {
  return std::filesystem::path(CODEMODE_SOURCE_DIR) / "tests" / "snapshot" / "golden";
}

std::string CurrentGolden() { return "v" + std::to_string(kFormatVersion) + "-async.snap"; }

std::string ReadBytes(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  REQUIRE(in.good());
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void WriteBytes(const std::filesystem::path& p, const std::string& bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << bytes;
  REQUIRE(out.good());
}

TEST_CASE("golden files are regenerated on request", "[snapshot][golden]") {
  const char* update = std::getenv("CODEMODE_UPDATE_GOLDEN");
  if (update == nullptr || std::string(update) != "1") return;
  RunOutcome rt = RunWithRoundTrips(kGoldenProgram, kGoldenYield, 0, true);
  REQUIRE(rt.snapshots.size() == 1);
  WriteBytes(GoldenDir() / CurrentGolden(), rt.snapshots[0]);
  WARN("golden snapshots rewritten in " << GoldenDir().string());
}

TEST_CASE("the golden snapshot reads, restores and finishes", "[snapshot][golden]") {
  std::string bytes = ReadBytes(GoldenDir() / CurrentGolden());
  const vm::Realm& realm = TestRealm();
  auto module = CompileProgram(kGoldenProgram);
  // The format itself (framing, verifier, header and host part) does not depend on the build.
  std::string aligned;
  auto root = Codec::Open(bytes, realm, &aligned, /*check_build_id=*/false);
  REQUIRE(root.ok());
  RunInfo info = Codec::InfoOf(*root);
  CHECK(info == InfoFor(kGoldenProgram, *module));
  auto read = ReadInfo(bytes, realm);
  if (!read.ok()) {
    // The build id covers the realm (prelude) and the ISA: a change there makes every old snapshot
    // unreadable by design. The error must be the clean one; regenerate to exercise Restore again.
    REQUIRE(read.status().message().find("snapshot: written by a different engine build") == 0);
    WARN("golden snapshot is from another engine build; regenerate it (tests/snapshot/README.md)");
    return;
  }
  REQUIRE(read->module_hash == ModuleHash(*module));
  auto vm = Restore(bytes, realm, module, {});
  REQUIRE(vm.ok());
  while ((*vm)->Run() == vm::VM::RunStatus::kYielded) {
  }
  CHECK(ExportResult(**vm) == RunPlain(kGoldenProgram).result);
  CHECK(ExportResult(**vm) ==
        R"({"total":506,"last":506,"words":["alpha",null,"gamma"],"count":12})");
}

TEST_CASE("older format versions fail cleanly", "[snapshot][golden]") {
  for (uint32_t version : {0u, 1u, 2u}) {
    std::string bytes = ReadBytes(GoldenDir() / ("v" + std::to_string(version) + "-async.snap"));
    auto read = ReadInfo(bytes, TestRealm());
    REQUIRE(!read.ok());
    CHECK(read.status().code() == absl::StatusCode::kFailedPrecondition);
    CHECK(read.status().message() == "snapshot: format version " + std::to_string(version) +
                                         ", this engine reads " + std::to_string(kFormatVersion));
    CHECK(!Restore(bytes, TestRealm(), CompileProgram(kGoldenProgram), {}).ok());
  }
}

}  // namespace
}  // namespace codemode::snapshot::testing
