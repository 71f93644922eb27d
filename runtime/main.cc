// The `codemode` CLI (DESIGN §6): run, resume, snapshot inspect, disasm, catalog, search. Prints
// the Result as JSON; exit 0 ok (or suspended), 1 program failed, 2 usage error.
#include <CLI/CLI.hpp>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_join.h"
#include "compiler/compile.h"
#include "runtime/runtime.h"
#include "snapshot/snapshot.h"
#include "tools/command.h"
#include "tools/json.h"
#include "tools/manifest.h"
#include "tools/search.h"
#include "vm/disasm.h"

namespace {

bool ReadFile(const std::string& path, std::string* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  *out = ss.str();
  return true;
}

// Reads a snapshot file, checking its head against its size first so that a foreign or huge file is
// refused before it is read whole. NotFound: the file cannot be opened (a usage error); other errors are
// SnapshotError messages ("snapshot: …").
absl::Status ReadSnapshotFile(const std::string& path, std::string* out) {
  std::error_code ec;
  auto st = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(st)) return absl::NotFoundError("cannot read " + path);
  if (!std::filesystem::is_regular_file(st))
    return absl::InvalidArgumentError("snapshot: " + path + " is not a regular file");
  uint64_t size = std::filesystem::file_size(path, ec);
  std::ifstream in(path, std::ios::binary);
  if (ec || !in) return absl::NotFoundError("cannot read " + path);
  char head[codemode::snapshot::kFileHeadBytes];
  in.read(head, static_cast<std::streamsize>(
                    std::min<uint64_t>(size, codemode::snapshot::kFileHeadBytes)));
  absl::Status ok = codemode::snapshot::CheckFileHead(
      std::string_view(head, static_cast<size_t>(in.gcount())), size);
  if (!ok.ok()) return ok;
  out->resize(size);
  in.clear();
  in.seekg(0);
  in.read(out->data(), static_cast<std::streamsize>(size));
  if (static_cast<uint64_t>(in.gcount()) != size)
    return absl::DataLossError("snapshot: truncated while reading " + path);
  return absl::OkStatus();
}

// Prints the Result of a resume that could not start: {ok:false, error:{kind:"SnapshotError",…}}.
int SnapshotFailure(const absl::Status& status) {
  codemode::Result r;
  r.ok = false;
  r.error.kind = "SnapshotError";
  r.error.message = std::string(status.message());
  std::cout << r.ToJson(2) << "\n";
  return 1;
}

int Usage(const std::string& message) {
  std::cerr << "codemode: " << message << "\n";
  return 2;
}

// Writes `bytes` to `path` atomically: a temporary file in the same folder, fsync, rename, fsync of the
// folder. Returns an error message or "".
std::string WriteAtomically(const std::string& path, const std::string& bytes) {
  std::filesystem::path target(path);
  std::string tmp = path + ".tmp." + std::to_string(getpid());
  int fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return "cannot create " + tmp + ": " + std::strerror(errno);
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      std::string e = std::strerror(errno);
      close(fd);
      unlink(tmp.c_str());
      return "cannot write " + tmp + ": " + e;
    }
    done += static_cast<size_t>(n);
  }
  if (fsync(fd) != 0 || close(fd) != 0) {
    unlink(tmp.c_str());
    return "cannot flush " + tmp;
  }
  if (rename(tmp.c_str(), path.c_str()) != 0) {
    std::string e = std::strerror(errno);
    unlink(tmp.c_str());
    return "cannot rename " + tmp + " to " + path + ": " + e;
  }
  std::string dir = target.parent_path().empty() ? "." : target.parent_path().string();
  int dfd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    fsync(dfd);
    close(dfd);
  }
  return "";
}

// Prints an Outcome: the Result, or (suspended) {"ok":"suspended","runId":…,"pending":[…]} after saving
// the snapshot to DIR/<runId>.snapshot.
int Report(codemode::Outcome& out, const std::string& state_dir) {
  namespace json = codemode::json;
  if (!out.is_suspended()) {
    std::cout << out.result.ToJson(2) << "\n";
    return out.result.ok ? 0 : 1;
  }
  const codemode::Suspended& s = *out.suspended;
  std::string path = (std::filesystem::path(state_dir) / (s.run_id + ".snapshot")).string();
  std::error_code ec;
  std::filesystem::create_directories(state_dir, ec);
  std::string err = WriteAtomically(path, s.state);
  if (!err.empty()) {
    // The state dir was writable when the run started (StateDirProblem), so this is rare (a full
    // disk): say so as a Result. Started durable jobs keep running; their keys are in the message.
    std::string keys;
    for (const auto& k : s.pending) keys += (keys.empty() ? "" : ", ") + k;
    return SnapshotFailure(absl::InternalError(
        "the run was suspended but its snapshot could not be saved: " + err +
        (keys.empty() ? std::string() : " (pending calls: " + keys + ")")));
  }
  json::Object o;
  o.Set("ok", json::Value::String("suspended"));
  o.Set("runId", json::Value::String(s.run_id));
  json::Array pending;
  for (const auto& k : s.pending) pending.push_back(json::Value::String(k));
  o.Set("pending", json::Value::FromArray(std::move(pending)));
  o.Set("snapshot", json::Value::String(path));
  std::cout << json::SerializePretty(json::Value::FromObject(std::move(o)), 2) << "\n";
  return 0;
}

// Why snapshots cannot be written to `dir` (created if missing), or "": checked before a run that may
// park starts, so a run never starts jobs it cannot save.
std::string StateDirProblem(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (!std::filesystem::is_directory(dir, ec)) return dir + " is not a folder that can be created";
  std::string probe = (std::filesystem::path(dir) / (".codemode-probe." + std::to_string(getpid()))).string();
  int fd = open(probe.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return "cannot write in " + dir + ": " + std::strerror(errno);
  close(fd);
  unlink(probe.c_str());
  return "";
}

// Run ids name snapshot files: keep them to a safe alphabet.
bool SafeRunId(const std::string& id) {
  if (id.empty() || id.size() > 128) return false;
  for (char c : id)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.')) return false;
  return id != "." && id != "..";
}

}  // namespace

// Termination signals end the process as they always did, but first the command tools' process
// groups (which do not receive the terminal's or the supervisor's signals) are killed, so no tool
// outlives the CLI. The signals are blocked in every thread and taken by one waiting thread.
void KillToolsOnTerminationSignals() {
  sigset_t set;
  sigemptyset(&set);
  bool any = false;
  for (int sig : {SIGTERM, SIGINT, SIGHUP}) {
    // A signal ignored at start (SIGINT for `cmd &` in a non-interactive shell) stays ignored.
    struct sigaction current;
    if (sigaction(sig, nullptr, &current) == 0 && current.sa_handler == SIG_IGN) continue;
    sigaddset(&set, sig);
    any = true;
  }
  if (!any || pthread_sigmask(SIG_BLOCK, &set, nullptr) != 0) return;
  std::thread([set] {
    int sig = 0;
    while (sigwait(&set, &sig) != 0) {
    }
    codemode::tools::KillRunningCommandGroups();
    signal(sig, SIG_DFL);
    sigset_t one;
    sigemptyset(&one);
    sigaddset(&one, sig);
    pthread_sigmask(SIG_UNBLOCK, &one, nullptr);
    raise(sig);
  }).detach();
}

int main(int argc, char** argv) {
  KillToolsOnTerminationSignals();
  CLI::App app{"codemode: run model-written JavaScript/TypeScript or Lua programs over host tools"};
  app.require_subcommand(1);

  std::string file, manifest, lang, run_id;
  codemode::Limits limits;
  CLI::App* run = app.add_subcommand("run", "Run a program and print its Result as JSON");
  run->add_option("file", file, "Program file (.js, .ts or .lua)")->required();
  run->add_option("--tools", manifest, "Tool manifest (JSON); omitted: no tools");
  run->add_option("--lang", lang, "Language: js or lua (default: lua for a .lua file, else js)");
  run->add_option("--timeout-ms", limits.timeout_ms, "Wall-time limit in ms (default 120000)");
  run->add_option("--max-tool-calls", limits.max_tool_calls, "Tool-call limit (default 128)");
  run->add_option("--max-output-bytes", limits.max_output_bytes, "Output limit in bytes (default 65536)");
  run->add_option("--max-steps", limits.max_steps, "Step limit (default 0 = unlimited)");
  run->add_option("--max-memory-bytes", limits.max_memory_bytes, "Heap limit in bytes (default 256 MiB)");
  run->add_option("--run-id", run_id, "Run id used in call keys (default: a random UUID)");
  std::string time_zone = "UTC";
  run->add_option("--time-zone", time_zone,
                  "IANA time zone of the run's local time (Date, Lua os.date); default UTC");
  std::string state_dir;
  bool park = false;
  run->add_option("--state-dir", state_dir, "Folder for snapshots of suspended runs (<runId>.snapshot)");
  run->add_flag("--park-when-waiting", park,
                "Suspend the run to --state-dir when it only waits for durable, idempotent or queued "
                "calls; print {\"ok\":\"suspended\",...} and exit 0");
  uint32_t park_grace_ms = 500;
  run->add_option("--park-grace-ms", park_grace_ms,
                  "With --park-when-waiting: how long the run waits for its calls before it parks, so "
                  "jobs that are already done finish it (default 500)");

  std::string resume_file, resume_manifest, resume_state_dir;
  bool resume_park = false;
  CLI::App* resume = app.add_subcommand("resume", "Continue a suspended run from its snapshot");
  resume->add_option("snapshot", resume_file, "Snapshot file written by run --park-when-waiting")->required();
  resume->add_option("--tools", resume_manifest, "Tool manifest (the same tools the run started with)");
  resume->add_option("--state-dir", resume_state_dir, "Where to save the run if it parks again "
                                                      "(default: the snapshot's folder)");
  resume->add_flag("--park-when-waiting", resume_park, "Park again when only waiting (see run)");
  resume->add_option("--park-grace-ms", park_grace_ms, "See run (default 500)");

  std::string inspect_file;
  CLI::App* snap = app.add_subcommand("snapshot", "Snapshot tools");
  CLI::App* inspect = snap->add_subcommand("inspect", "Print a snapshot as JSON");
  inspect->add_option("file", inspect_file, "Snapshot file")->required();
  snap->require_subcommand(1);

  std::string disasm_file, disasm_lang;
  CLI::App* disasm = app.add_subcommand("disasm", "Compile a program and print its bytecode");
  disasm->add_option("file", disasm_file, "Program file")->required();
  disasm->add_option("--lang", disasm_lang, "Language: js or lua (default: from the extension)");

  // Discovery over a manifest's tools; without --tools, an empty tree.
  std::string discovery_manifest, discovery_lang;
  CLI::App* catalog = app.add_subcommand("catalog", "Print every tool with its signature as JSON");
  CLI::App* search =
      app.add_subcommand("search", "Search the tools; print one page of matches as JSON");
  codemode::tools::SearchRequest search_request;
  std::vector<std::string> search_words;  // `codemode search refund order` works unquoted too
  search->add_option("query", search_words, "Words to look for (omitted: browse all tools)");
  search->add_option(
      "--path", search_request.path,
      "Only this tool, or only the tools of this namespace (dotted or tools.x[\"y\"])");
  search->add_option("--limit", search_request.limit, "Items per page, 1..50 (default 10)");
  search->add_option("--offset", search_request.offset, "Items to skip (default 0)");
  for (CLI::App* sub : {catalog, search}) {
    sub->add_option("--tools", discovery_manifest, "Tool manifest (JSON); omitted: no tools");
    sub->add_option("--lang", discovery_lang,
                    "Signatures for: js or ts (TypeScript, default) or lua");
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }

  if (*catalog || *search) {
    namespace tools = codemode::tools;
    tools::SignatureLanguage sig_lang = tools::SignatureLanguage::kTypeScript;
    if (discovery_lang == "lua") {
      sig_lang = tools::SignatureLanguage::kLua;
    } else if (!discovery_lang.empty() && discovery_lang != "js" && discovery_lang != "ts") {
      return Usage("--lang " + discovery_lang + " is not a signature language (js, ts or lua)");
    }
    tools::ToolTree tree;
    if (!discovery_manifest.empty()) {
      auto loaded = tools::LoadManifest(discovery_manifest);
      if (!loaded.ok()) return Usage(std::string(loaded.status().message()));
      tree = std::move(*loaded);
    }
    if (*catalog) {
      auto entries = codemode::json::Parse(tools::CatalogToJson(tools::Catalog(tree, sig_lang)));
      std::cout << codemode::json::SerializePretty(*entries, 2) << "\n";
      return 0;
    }
    search_request.query = absl::StrJoin(search_words, " ");
    auto found = tools::Search(tree, search_request, sig_lang);
    if (!found.ok()) return Usage(std::string(found.status().message()));
    std::cout << tools::SearchResultToJson(*found) << "\n";
    return 0;
  }

  if (*disasm) {
    std::string source;
    if (!ReadFile(disasm_file, &source)) return Usage("cannot read " + disasm_file);
    bool lua = disasm_lang == "lua" ||
               (disasm_lang.empty() && std::filesystem::path(disasm_file).extension() == ".lua");
    auto compiled = lua ? codemode::compiler::CompileLua(source, {})
                        : codemode::compiler::CompileJavaScript(source, {});
    if (auto* err = std::get_if<codemode::compiler::CompileError>(&compiled)) {
      std::cerr << disasm_file << ":" << err->line << ":" << err->column << ": " << err->message << "\n";
      return 1;
    }
    std::cout << codemode::bytecode::Disassemble(std::get<codemode::bytecode::Module>(compiled));
    return 0;
  }

  if (*inspect) {
    std::string bytes;
    absl::Status read = ReadSnapshotFile(inspect_file, &bytes);
    if (absl::IsNotFound(read)) return Usage(std::string(read.message()));
    if (!read.ok()) {
      std::cerr << "codemode: SnapshotError: " << read.message() << "\n";
      return 1;
    }
    auto json = codemode::InspectSnapshot(bytes);
    if (!json.ok()) {
      std::cerr << "codemode: SnapshotError: " << json.status().message() << "\n";
      return 1;
    }
    std::cout << *json << "\n";
    return 0;
  }

  if (*resume) {
    std::string bytes;
    absl::Status read = ReadSnapshotFile(resume_file, &bytes);
    if (absl::IsNotFound(read)) return Usage(std::string(read.message()));
    if (!read.ok()) return SnapshotFailure(read);
    std::string dir = resume_state_dir.empty()
                          ? std::filesystem::path(resume_file).parent_path().string()
                          : resume_state_dir;
    if (dir.empty()) dir = ".";
    if (resume_park) {
      std::string problem = StateDirProblem(dir);
      if (!problem.empty()) return Usage("state dir: " + problem);
    }
    codemode::RuntimeOptions options;
    options.park_when_waiting = resume_park;
    options.park_grace_ms = park_grace_ms;
    if (!resume_manifest.empty()) {
      auto tree = codemode::tools::LoadManifest(resume_manifest);
      if (!tree.ok()) return Usage(std::string(tree.status().message()));
      options.tools = std::move(*tree);
    }
    auto runtime = codemode::Runtime::Make(std::move(options));
    if (!runtime.ok()) return Usage(std::string(runtime.status().message()));
    codemode::Outcome out = (*runtime)->Resume(bytes)->Run();
    return Report(out, dir);
  }

  if (park && state_dir.empty()) return Usage("--park-when-waiting needs --state-dir");
  if (park) {
    std::string problem = StateDirProblem(state_dir);
    if (!problem.empty()) return Usage("--state-dir: " + problem);
  }
  if (!run_id.empty() && !SafeRunId(run_id))
    return Usage("--run-id may only contain letters, digits, '-', '_' and '.' (at most 128)");
  if (!lang.empty() && lang != "js" && lang != "ts" && lang != "lua")
    return Usage("--lang " + lang + " is not a language codemode runs (js, ts or lua)");
  bool lua = lang == "lua" || (lang.empty() && std::filesystem::path(file).extension() == ".lua");
  std::string source;
  if (!ReadFile(file, &source)) return Usage("cannot read " + file);
  codemode::RuntimeOptions options;
  options.limits = limits;
  options.park_when_waiting = park;
  options.park_grace_ms = park_grace_ms;
  options.language = lua ? codemode::Language::kLua : codemode::Language::kJavaScript;
  options.time_zone = time_zone;
  if (!manifest.empty()) {
    auto tree = codemode::tools::LoadManifest(manifest);
    if (!tree.ok()) return Usage(std::string(tree.status().message()));
    options.tools = std::move(*tree);
  }
  auto runtime = codemode::Runtime::Make(std::move(options));
  if (!runtime.ok()) return Usage(std::string(runtime.status().message()));
  codemode::Outcome out = (*runtime)->NewProgram(source, "", run_id)->Run();
  return Report(out, state_dir);
}
