#include "tools/tool.h"

#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace codemode::tools {

Namespace::Namespace() = default;
Namespace::~Namespace() = default;
Namespace::Namespace(const Namespace&) = default;
Namespace::Namespace(Namespace&&) noexcept = default;
Namespace& Namespace::operator=(const Namespace&) = default;
Namespace& Namespace::operator=(Namespace&&) noexcept = default;

const Tool* Namespace::FindTool(std::string_view name) const {
  for (const auto& [n, tool] : tools) {
    if (n == name) return &tool;
  }
  return nullptr;
}

const Namespace* Namespace::FindNamespace(std::string_view name) const {
  for (const auto& [n, ns] : namespaces) {
    if (n == name) return &ns;
  }
  return nullptr;
}

Namespace* Namespace::FindNamespace(std::string_view name) {
  for (auto& [n, ns] : namespaces) {
    if (n == name) return &ns;
  }
  return nullptr;
}

namespace {

// Hands a Completion to whichever of the worker and the stop path finishes first.
class OnceCompletion {
 public:
  explicit OnceCompletion(Completion done) : done_(std::move(done)) {}

  void Complete(CallOutcome outcome) {
    Completion done;
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (!done_) return;
      done = std::move(*done_);
      done_.reset();
    }
    done(std::move(outcome));
  }

 private:
  std::mutex mu_;
  std::optional<Completion> done_;
};

absl::Status Cancelled() { return absl::CancelledError("tool call cancelled"); }

}  // namespace

Tool Tool::FromFunction(SyncFn fn, std::string description, json::Value input_schema,
                        json::Value output_schema) {
  auto shared_fn = std::make_shared<const SyncFn>(std::move(fn));
  Tool tool;
  tool.description = std::move(description);
  tool.input_schema = std::move(input_schema);
  tool.output_schema = std::move(output_schema);
  tool.execute = [shared_fn](CallRequest request, Completion done) {
    auto once = std::make_shared<OnceCompletion>(std::move(done));
    if (request.stop.stop_requested()) {
      // Never complete on the caller's thread: it may hold locks the completion needs.
      std::thread([once] { once->Complete(Cancelled()); }).detach();
      return;
    }
    std::thread([shared_fn, once, request = std::move(request)]() mutable {
      // The stop callback runs on the thread that requests stop, so it only starts a thread.
      std::stop_callback on_stop(
          request.stop, [once] { std::thread([once] { once->Complete(Cancelled()); }).detach(); });
      absl::StatusOr<std::string> result = (*shared_fn)(request.input_json);
      if (result.ok()) {
        if (absl::Status valid = json::Validate(*result); !valid.ok()) {
          result =
              absl::InternalError(absl::StrCat("tool returned invalid JSON: ", valid.message()));
        }
      }
      once->Complete(std::move(result));
    }).detach();
  };
  return tool;
}

CallHandle StartCall(const Tool& tool, CallRequest request, Completion done) {
  std::stop_source source;
  request.stop = source.get_token();
  if (!tool.execute) {
    auto once = std::make_shared<OnceCompletion>(std::move(done));
    std::thread([once] {
      once->Complete(absl::FailedPreconditionError("tool has no implementation"));
    }).detach();
    return CallHandle(std::move(source));
  }
  tool.execute(std::move(request), std::move(done));
  return CallHandle(std::move(source));
}

}  // namespace codemode::tools
