#include "tools/command.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <memory>
#include <mutex>
#include <set>
#include <optional>
#include <string_view>
#include <system_error>
#include <thread>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

extern char** environ;

namespace codemode::tools {
namespace {

constexpr absl::string_view kCallKeyVar = "CODEMODE_CALL_KEY";
// How much of stderr is kept to find its last non-empty line.
constexpr size_t kStderrTail = 64 * 1024;
// Poll period while the process runs, to notice it exited while descendants hold the pipes.
constexpr int kPollMs = 50;
// After the process exited and its group was killed, how long to keep draining the pipes before
// giving up on descendants that left the group but still hold them.
constexpr auto kDrainGrace = std::chrono::seconds(1);

// An owned file descriptor.
class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  Fd(Fd&& other) noexcept : fd_(other.release()) {}
  Fd& operator=(Fd&& other) noexcept {
    if (this != &other) {
      reset();
      fd_ = other.release();
    }
    return *this;
  }
  ~Fd() { reset(); }

  int get() const { return fd_; }
  bool valid() const { return fd_ >= 0; }
  int release() {
    int fd = fd_;
    fd_ = -1;
    return fd;
  }
  void reset() {
    if (fd_ >= 0) close(fd_);
    fd_ = -1;
  }

 private:
  int fd_ = -1;
};

std::string ErrnoText(int err) { return std::strerror(err); }

// A close-on-exec pipe whose descriptors are both >= 3, so that dup2 onto 0/1/2 in the child
// never clobbers another pipe end (possible when this process has closed its own stdio).
absl::Status MakePipe(Fd* read_end, Fd* write_end) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    return absl::ResourceExhaustedError(absl::StrCat("pipe: ", ErrnoText(errno)));
  }
  Fd ends[2] = {Fd(fds[0]), Fd(fds[1])};
  for (Fd& end : ends) {
    if (end.get() < 3) {
      int moved = fcntl(end.get(), F_DUPFD_CLOEXEC, 3);
      if (moved < 0) return absl::ResourceExhaustedError(absl::StrCat("fcntl: ", ErrnoText(errno)));
      end = Fd(moved);
    }
  }
  *read_end = std::move(ends[0]);
  *write_end = std::move(ends[1]);
  return absl::OkStatus();
}

void SetNonBlocking(int fd) {
  int flags = fcntl(fd, F_GETFL);
  if (flags >= 0) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

// Cuts `s` to at most `max` bytes without splitting a UTF-8 sequence, marking the cut.
std::string CutUtf8(std::string_view s, size_t max) {
  if (s.size() <= max) return std::string(s);
  size_t end = max;
  while (end > 0 && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) --end;
  return absl::StrCat(std::string(s.substr(0, end)), "…");
}

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && IsSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsSpace(s.back())) s.remove_suffix(1);
  return s;
}

std::string LastNonEmptyLine(std::string_view text) {
  while (!text.empty()) {
    size_t nl = text.rfind('\n');
    std::string_view line = nl == std::string_view::npos ? text : text.substr(nl + 1);
    line = Trim(line);
    if (!line.empty()) return std::string(line);
    if (nl == std::string_view::npos) break;
    text = text.substr(0, nl);
  }
  return "";
}

std::string SignalText(int sig) {
  const char* abbrev = sigabbrev_np(sig);
  return abbrev == nullptr ? absl::StrCat("killed by signal ", sig)
                           : absl::StrFormat("killed by signal %d (SIG%s)", sig, abbrev);
}

struct Shared {
  CommandSpec spec;
  CommandOptions options;
};

struct ProcessGuard;

// Every ProcessGuard alive now, for KillRunningCommandGroups.
struct LiveGuards {
  std::mutex mu;
  std::set<ProcessGuard*> guards;
};
LiveGuards& Live() {
  static auto* live = new LiveGuards;  // never destroyed: tool threads may outlive static teardown
  return *live;
}

// Ensures the process group is killed only while its leader is unreaped, so the group id cannot
// have been reused by an unrelated process.
struct ProcessGuard {
  std::mutex mu;
  pid_t pid = -1;
  bool reaped = false;

  ProcessGuard() {
    std::lock_guard<std::mutex> lock(Live().mu);
    Live().guards.insert(this);
  }
  ~ProcessGuard() {
    std::lock_guard<std::mutex> lock(Live().mu);
    Live().guards.erase(this);
  }
  ProcessGuard(const ProcessGuard&) = delete;
  ProcessGuard& operator=(const ProcessGuard&) = delete;

  void KillGroup() {
    std::lock_guard<std::mutex> lock(mu);
    if (pid > 0 && !reaped) kill(-pid, SIGKILL);
  }
};

class CommandCall {
 public:
  CommandCall(std::shared_ptr<const Shared> shared, CallRequest request)
      : shared_(std::move(shared)), request_(std::move(request)) {}

  CallOutcome Run() {
    // SIGPIPE from writing to a child that closed stdin is thread-directed: blocking it here turns
    // it into EPIPE without changing the host's disposition (the child's mask is reset at spawn).
    sigset_t pipe_set;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, nullptr);

    if (request_.stop.stop_requested()) return absl::CancelledError("tool call cancelled");
    if (absl::Status s = Spawn(); !s.ok()) return s;

    bool cancelled = false;
    {
      std::stop_callback on_stop(request_.stop, [this] { guard_.KillGroup(); });
      Pump();
      Reap();
    }
    cancelled = request_.stop.stop_requested();
    ClearPendingSigpipe(pipe_set);
    return Outcome(cancelled);
  }

 private:
  absl::Status Spawn() {
    Fd in_read, out_write, err_write;
    if (auto s = MakePipe(&in_read, &in_write_); !s.ok()) return s;
    if (auto s = MakePipe(&out_read_, &out_write); !s.ok()) return s;
    if (auto s = MakePipe(&err_read_, &err_write); !s.ok()) return s;

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in_read.get(), 0);
    posix_spawn_file_actions_adddup2(&actions, out_write.get(), 1);
    posix_spawn_file_actions_adddup2(&actions, err_write.get(), 2);
    if (!shared_->spec.working_dir.empty()) {
      posix_spawn_file_actions_addchdir_np(&actions, shared_->spec.working_dir.c_str());
    }
    // Descriptors the host opened without O_CLOEXEC must not reach the tool either.
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);

    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(
        &attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    posix_spawnattr_setpgroup(&attr, 0);
    sigset_t empty;
    sigemptyset(&empty);
    posix_spawnattr_setsigmask(&attr, &empty);
    sigset_t defaults;
    sigemptyset(&defaults);
    for (int sig : {SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGCHLD, SIGUSR1, SIGUSR2, SIGALRM,
                    SIGXFSZ, SIGTSTP, SIGTTIN, SIGTTOU}) {
      sigaddset(&defaults, sig);
    }
    posix_spawnattr_setsigdefault(&attr, &defaults);

    std::vector<char*> argv;
    for (const std::string& arg : shared_->spec.argv)
      argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);

    std::vector<std::string> env_storage;
    for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
      std::string_view entry(*e);
      if (entry.size() > kCallKeyVar.size() &&
          entry.substr(0, kCallKeyVar.size()) ==
              std::string_view(kCallKeyVar.data(), kCallKeyVar.size()) &&
          entry[kCallKeyVar.size()] == '=') {
        continue;
      }
      env_storage.emplace_back(entry);
    }
    env_storage.push_back(absl::StrCat(kCallKeyVar, "=", request_.key));
    std::vector<char*> envp;
    for (std::string& entry : env_storage) envp.push_back(entry.data());
    envp.push_back(nullptr);

    pid_t pid = -1;
    int err = posix_spawnp(&pid, argv[0], &actions, &attr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    if (err != 0) {
      std::string where = shared_->spec.working_dir.empty()
                              ? std::string()
                              : absl::StrCat(" in '", shared_->spec.working_dir, "'");
      return absl::FailedPreconditionError(absl::StrCat(
          "cannot start tool command '", shared_->spec.argv[0], "'", where, ": ", ErrnoText(err)));
    }
    {
      std::lock_guard<std::mutex> lock(guard_.mu);
      guard_.pid = pid;
    }
    // The child's ends close here; EOF on our ends then means every writer is gone.
    SetNonBlocking(in_write_.get());
    SetNonBlocking(out_read_.get());
    SetNonBlocking(err_read_.get());
    return absl::OkStatus();
  }

  // True once the child has exited (without reaping it).
  bool ChildExited() {
    siginfo_t info;
    info.si_pid = 0;
    if (waitid(P_PID, guard_.pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0) return true;  // ECHILD
    return info.si_pid != 0;
  }

  // Moves data until stdout and stderr reach EOF.
  void Pump() {
    const std::string& input = request_.input_json;
    size_t written = 0;
    if (input.empty()) in_write_.reset();
    std::optional<std::chrono::steady_clock::time_point> drain_deadline;
    char buffer[64 * 1024];

    while (out_read_.valid() || err_read_.valid()) {
      pollfd fds[3];
      int n = 0;
      int in_i = -1, out_i = -1, err_i = -1;
      if (in_write_.valid()) {
        in_i = n;
        fds[n++] = {in_write_.get(), POLLOUT, 0};
      }
      if (out_read_.valid()) {
        out_i = n;
        fds[n++] = {out_read_.get(), POLLIN, 0};
      }
      if (err_read_.valid()) {
        err_i = n;
        fds[n++] = {err_read_.get(), POLLIN, 0};
      }
      int ready = poll(fds, n, kPollMs);
      if (ready < 0 && errno != EINTR) {
        guard_.KillGroup();  // cannot watch the process any more: end it rather than hang
        break;
      }

      if (in_i >= 0 && fds[in_i].revents != 0) {
        ssize_t w = write(in_write_.get(), input.data() + written, input.size() - written);
        if (w > 0) {
          written += static_cast<size_t>(w);
          if (written == input.size()) in_write_.reset();
        } else if (w < 0 && errno != EAGAIN && errno != EINTR) {
          in_write_.reset();  // EPIPE: the tool does not read its input; that is its business
        }
      }
      if (out_i >= 0 && fds[out_i].revents != 0) {
        ssize_t r = read(out_read_.get(), buffer, sizeof(buffer));
        if (r > 0) {
          stdout_.append(buffer, static_cast<size_t>(r));
          if (stdout_.size() > shared_->options.max_output_bytes) {
            output_overflow_ = true;
            stdout_.clear();
            out_read_.reset();
            guard_.KillGroup();
          }
        } else if (r == 0 || (errno != EAGAIN && errno != EINTR)) {
          out_read_.reset();
        }
      }
      if (err_i >= 0 && fds[err_i].revents != 0) {
        ssize_t r = read(err_read_.get(), buffer, sizeof(buffer));
        if (r > 0) {
          stderr_.append(buffer, static_cast<size_t>(r));
          if (stderr_.size() > 2 * kStderrTail) stderr_.erase(0, stderr_.size() - kStderrTail);
        } else if (r == 0 || (errno != EAGAIN && errno != EINTR)) {
          err_read_.reset();
        }
      }

      if (!drain_deadline && ChildExited()) {
        // Descendants may still hold the pipes open; the call is over, so end them too.
        guard_.KillGroup();
        drain_deadline = std::chrono::steady_clock::now() + kDrainGrace;
      }
      if (drain_deadline && std::chrono::steady_clock::now() > *drain_deadline) break;
    }
    in_write_.reset();
    out_read_.reset();
    err_read_.reset();
  }

  void Reap() {
    // Wait without reaping, so the group id stays reserved while a stop request may kill it.
    siginfo_t info;
    while (waitid(P_PID, guard_.pid, &info, WEXITED | WNOWAIT) != 0 && errno == EINTR) {
    }
    guard_.KillGroup();  // leftovers in the group do not outlive the call
    std::lock_guard<std::mutex> lock(guard_.mu);
    int status = 0;
    pid_t r;
    do {
      r = waitpid(guard_.pid, &status, 0);
    } while (r < 0 && errno == EINTR);
    guard_.reaped = true;
    if (r == guard_.pid) {
      status_ = status;
    } else {
      status_unknown_ = true;
    }
  }

  static void ClearPendingSigpipe(const sigset_t& pipe_set) {
    timespec zero = {0, 0};
    while (sigtimedwait(&pipe_set, nullptr, &zero) > 0) {
    }
  }

  CallOutcome Outcome(bool cancelled) {
    if (cancelled) return absl::CancelledError("tool call cancelled");
    if (output_overflow_) {
      return absl::ResourceExhaustedError(
          absl::StrCat("tool output exceeds ", shared_->options.max_output_bytes, " bytes"));
    }
    if (status_unknown_) {
      return absl::InternalError(
          "cannot read the tool's exit status (is SIGCHLD ignored in this process?)");
    }
    std::string last_line = CutUtf8(LastNonEmptyLine(stderr_), shared_->options.max_error_bytes);
    if (WIFSIGNALED(status_)) {
      return absl::UnknownError(last_line.empty() ? SignalText(WTERMSIG(status_)) : last_line);
    }
    if (!WIFEXITED(status_) || WEXITSTATUS(status_) != 0) {
      return absl::UnknownError(last_line.empty()
                                    ? absl::StrCat("exited with status ", WEXITSTATUS(status_))
                                    : last_line);
    }
    std::string_view output = Trim(stdout_);
    if (output.empty()) {
      if (shared_->options.empty_output_is_null) return std::string("null");
      return absl::UnknownError("tool printed no output");
    }
    json::ParseOptions parse;
    parse.max_depth = shared_->options.max_output_depth;
    parse.max_bytes = shared_->options.max_output_bytes;
    parse.allow_lone_surrogates = true;  // the program's JSON.parse rules (vm::ParseJsonForHost)
    parse.allow_number_overflow = true;  // 1e400: JSON.parse gives Infinity
    if (absl::Status valid = json::Validate(output, parse); !valid.ok()) {
      return absl::UnknownError(absl::StrCat("tool printed invalid JSON: ", valid.message()));
    }
    return std::string(output);
  }

  std::shared_ptr<const Shared> shared_;
  CallRequest request_;
  ProcessGuard guard_;
  Fd in_write_, out_read_, err_read_;
  std::string stdout_, stderr_;
  bool output_overflow_ = false;
  bool status_unknown_ = false;
  int status_ = 0;
};

}  // namespace

absl::StatusOr<ExecuteFn> CommandExecutor(CommandSpec spec, CommandOptions options) {
  if (spec.argv.empty() || spec.argv[0].empty()) {
    return absl::InvalidArgumentError("command: expected a non-empty argv with a program name");
  }
  for (const std::string& arg : spec.argv) {
    if (arg.find('\0') != std::string::npos) {
      return absl::InvalidArgumentError("command: an argument contains a NUL byte");
    }
  }
  if (spec.working_dir.find('\0') != std::string::npos) {
    return absl::InvalidArgumentError("command: the working directory contains a NUL byte");
  }
  auto shared = std::make_shared<const Shared>(Shared{std::move(spec), options});
  return ExecuteFn([shared](CallRequest request, Completion done) {
    struct Pending {
      CallRequest request;
      Completion done;
    };
    auto pending = std::make_shared<Pending>(Pending{std::move(request), std::move(done)});
    try {
      std::thread([shared, pending] {
        CommandCall call(shared, std::move(pending->request));
        CallOutcome outcome = call.Run();
        pending->done(std::move(outcome));
      }).detach();
    } catch (const std::system_error& e) {
      // No thread, no call: fail it here (the only synchronous completion).
      pending->done(
          absl::ResourceExhaustedError(absl::StrCat("cannot start a thread: ", e.what())));
    }
  });
}

absl::StatusOr<DurableFns> DurableCommand(DurableCommandSpec spec, CommandOptions options) {
  auto phase = [](const char* name, CommandSpec command,
                  CommandOptions phase_options) -> absl::StatusOr<ExecuteFn> {
    auto execute = CommandExecutor(std::move(command), phase_options);
    if (!execute.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("durable.", name, ": ", execute.status().message()));
    }
    return execute;
  };
  // wait and cancel are the same process plumbing with the data JSON as the process's stdin.
  auto with_data = [](ExecuteFn execute) -> DurableFn {
    return [execute = std::move(execute)](DurableRequest request, Completion done) {
      execute(CallRequest{std::move(request.key), std::move(request.path),
                          std::move(request.data_json), std::move(request.stop)},
              std::move(done));
    };
  };
  DurableFns fns;
  auto start = phase("start", std::move(spec.start), options);
  if (!start.ok()) return start.status();
  fns.start = *std::move(start);
  auto wait = phase("wait", std::move(spec.wait), options);
  if (!wait.ok()) return wait.status();
  fns.wait = with_data(*std::move(wait));
  if (spec.cancel.has_value()) {
    CommandOptions cancel_options = options;
    cancel_options.empty_output_is_null = true;
    auto cancel = phase("cancel", *std::move(spec.cancel), cancel_options);
    if (!cancel.ok()) return cancel.status();
    fns.cancel = with_data(*std::move(cancel));
  }
  return fns;
}

void KillRunningCommandGroups() {
  std::lock_guard<std::mutex> lock(Live().mu);
  for (ProcessGuard* guard : Live().guards) guard->KillGroup();
}

}  // namespace codemode::tools
