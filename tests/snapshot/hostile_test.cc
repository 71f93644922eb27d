// Snapshot bytes are hostile (DESIGN §3 invariant 7): truncated, bit-flipped, resealed-after-editing,
// random, foreign, another version or another build: always a clean error (or, for edits that keep the
// snapshot structurally valid, a restored VM), never a crash. Run under ASan/UBSan too (build-snap-asan).
#include <catch2/catch.hpp>
#include <cstring>
#include <random>
#include <string>

#include "snapshot/snapshot.h"
#include "tests/snapshot/snapshot_util.h"

namespace codemode::snapshot::testing {
namespace {

constexpr const char* kSmall = R"(
  const m = new Map([['a', 1]]);
  let acc = 0;
  async function f(x) { await null; return x + 1; }
  for (let i = 0; i < 30; i++) { acc += await f(i); m.set('k' + (i % 3), acc); }
  const o = { list: [1, , 'two'], get g() { return acc; } };
  return { acc, size: m.size, g: o.g };
)";

struct Saved {
  std::shared_ptr<const bytecode::Module> module;
  std::string bytes;
  std::string expected;
};

const Saved& SmallSnapshot() {
  static Saved saved = [] {
    Saved s;
    s.module = CompileProgram(kSmall);
    s.expected = RunPlain(kSmall).result;
    RunOutcome rt = RunWithRoundTrips(kSmall, 60, 0, true);
    REQUIRE(rt.snapshots.size() == 1);
    REQUIRE(rt.result == s.expected);
    s.bytes = rt.snapshots[0];
    return s;
  }();
  return saved;
}

bool IsSnapshotError(const absl::Status& s) {
  return !s.ok() && s.message().rfind("snapshot: ", 0) == 0;
}

TEST_CASE("a snapshot truncated at any length is a clean error", "[snapshot][hostile]") {
  const Saved& s = SmallSnapshot();
  for (size_t n = 0; n < s.bytes.size(); ++n) {
    std::string_view cut(s.bytes.data(), n);
    auto info = ReadInfo(cut, TestRealm());
    REQUIRE(!info.ok());
    REQUIRE(IsSnapshotError(info.status()));
    if (n >= 12) CHECK(info.status().message().find("truncated") != std::string_view::npos);
    CHECK(!Restore(cut, TestRealm(), s.module, {}).ok());
  }
  // And with bytes appended.
  CHECK(!ReadInfo(s.bytes + "x", TestRealm()).ok());
}

TEST_CASE("every single flipped bit is a clean error", "[snapshot][hostile]") {
  const Saved& s = SmallSnapshot();
  std::string b = s.bytes;
  for (size_t bit = 0; bit < b.size() * 8; ++bit) {
    b[bit / 8] ^= static_cast<char>(1 << (bit % 8));
    auto info = ReadInfo(b, TestRealm());
    REQUIRE(!info.ok());
    REQUIRE(IsSnapshotError(info.status()));
    b[bit / 8] ^= static_cast<char>(1 << (bit % 8));
  }
  REQUIRE(b == s.bytes);
}

TEST_CASE("edited and resealed snapshots pass the verifier or the semantic checks cleanly",
          "[snapshot][hostile]") {
  // The checksum is not a MAC: these edits reach the FlatBuffers verifier and the semantic checks.
  const Saved& s = SmallSnapshot();
  std::mt19937 rng(12345);
  size_t body = s.bytes.size() - 12;
  int restored = 0;
  for (int round = 0; round < 6000; ++round) {
    std::string b = s.bytes;
    int edits = 1 + static_cast<int>(rng() % 3);
    for (int e = 0; e < edits; ++e) {
      size_t pos = rng() % body;
      switch (rng() % 3) {
        case 0:
          b[pos] ^= static_cast<char>(1 << (rng() % 8));
          break;
        case 1:
          b[pos] = static_cast<char>(rng());
          break;
        default:
          b[pos] = static_cast<char>(rng() % 2 ? 0 : 0xFF);
          break;
      }
    }
    b = Reseal(b, kFormatVersion);
    auto info = ReadInfo(b, TestRealm());
    if (!info.ok()) {
      REQUIRE(IsSnapshotError(info.status()));
      continue;
    }
    // Not run: an edit can put a non-cell where the bytecode reads a cell register, which restore
    // cannot rule out without a data-flow analysis (snapshot/README.md, "Trust").
    auto vm = Restore(b, TestRealm(), s.module, {});
    if (vm.ok()) {
      ++restored;
    } else {
      REQUIRE(IsSnapshotError(vm.status()));
    }
  }
  WARN("restored " << restored << " of 6000 edited snapshots");
}

TEST_CASE("random bytes, foreign files, other versions and builds are clean errors",
          "[snapshot][hostile]") {
  const Saved& s = SmallSnapshot();
  std::mt19937 rng(7);
  for (int i = 0; i < 2000; ++i) {
    std::string b(rng() % 300, '\0');
    for (char& c : b) c = static_cast<char>(rng());
    if (i % 2 == 0 && b.size() >= 12) std::memcpy(&b[8], "CMSN", 4);
    auto info = ReadInfo(b, TestRealm());
    REQUIRE(!info.ok());
    REQUIRE(IsSnapshotError(info.status()));
  }
  std::string foreign = s.bytes;
  std::memcpy(&foreign[8], "NOPE", 4);
  CHECK(ReadInfo(foreign, TestRealm()).status().message() == "snapshot: not a codemode snapshot");
  CHECK(ReadInfo("{\"ok\":true,\"value\":1}", TestRealm()).status().message() ==
        "snapshot: not a codemode snapshot");

  const uint32_t newer = kFormatVersion + 1;
  auto v2 = ReadInfo(Reseal(s.bytes, newer), TestRealm());
  CHECK(v2.status().code() == absl::StatusCode::kFailedPrecondition);
  CHECK(v2.status().message() == "snapshot: format version " + std::to_string(newer) +
                                     ", this engine reads " + std::to_string(kFormatVersion));

  // Another build: the header's build id (8 bytes, little-endian) changed.
  uint64_t id = EngineBuildId(TestRealm());
  char le[8];
  for (int i = 0; i < 8; ++i) le[i] = static_cast<char>(id >> (8 * i));
  size_t at = s.bytes.find(std::string(le, 8));
  REQUIRE(at != std::string::npos);
  std::string other = s.bytes;
  other[at] ^= 1;
  auto built = ReadInfo(Reseal(other, kFormatVersion), TestRealm());
  CHECK(built.status().code() == absl::StatusCode::kFailedPrecondition);
  CHECK(built.status().message().find("snapshot: written by a different engine build") == 0);

  // A module that is not the snapshot's.
  auto wrong = Restore(s.bytes, TestRealm(), CompileProgram("return 1;"), {});
  CHECK(!wrong.ok());
}

TEST_CASE("a restored small snapshot finishes with the same result", "[snapshot]") {
  const Saved& s = SmallSnapshot();
  // Unaligned input is copied before reading.
  std::string padded = "x" + s.bytes;
  for (std::string_view bytes : {std::string_view(s.bytes), std::string_view(padded).substr(1)}) {
    auto vm = Restore(bytes, TestRealm(), s.module, {});
    REQUIRE(vm.ok());
    while ((*vm)->Run() == vm::VM::RunStatus::kYielded) {
    }
    CHECK(ExportResult(**vm) == s.expected);
  }
  auto json = InspectJson(s.bytes, TestRealm());
  REQUIRE(json.ok());
  CHECK(json->find("\"header\"") != std::string::npos);
  CHECK(json->find("\"frames\"") != std::string::npos);
  CHECK(json->find("\"objectsByKind\"") != std::string::npos);
  CHECK(json->find("run-1:1") != std::string::npos);
}

vm::Value Mystery(vm::VM& vm, vm::CallArgs& args) { return vm::Value::Number(7); }

TEST_CASE("encode refuses what it cannot save, before changing anything", "[snapshot]") {
  auto module = CompileProgram("let s = 0; for (let i = 0; i < 100; i++) s += i; return s;");
  vm::VM vm(&TestRealm());
  vm.PushMain(vm.LoadModule(module));
  vm.YieldAtStep(vm.steps() + 20);
  REQUIRE(vm.Run() == vm::VM::RunStatus::kYielded);
  RunInfo info = InfoFor("", *module);
  auto small = Encode(vm, info, {.max_bytes = 100});
  CHECK(small.status().code() == absl::StatusCode::kResourceExhausted);
  vm.extra_roots().push_back(vm::Value::FromObject(vm.NewNative("mystery", Mystery, 0)));
  auto unknown = Encode(vm, info);
  CHECK(unknown.status().code() == absl::StatusCode::kFailedPrecondition);
  CHECK(unknown.status().message().find("'mystery'") != std::string_view::npos);
  vm.extra_roots().clear();
  auto ok = Encode(vm, info);
  REQUIRE(ok.ok());
  while (vm.Run() == vm::VM::RunStatus::kYielded) {
  }
  CHECK(ExportResult(vm) == "4950");
}

}  // namespace
}  // namespace codemode::snapshot::testing
