#include "tools/tool.h"

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

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

// Completes `done` with `outcome` on a new thread: never on the caller's thread, which may hold
// locks the completion needs.
void CompleteOnThread(Completion done, CallOutcome outcome) {
  auto once = std::make_shared<OnceCompletion>(std::move(done));
  std::thread([once, outcome = std::move(outcome)]() mutable {
    once->Complete(std::move(outcome));
  }).detach();
}

// The completion side of a guarded call: the first outcome wins; a stop request completes the call
// with kCancelled at once.
class Guard {
 public:
  explicit Guard(Completion done) : once_(std::move(done)) {}

  // Arms the stop path. The stop callback holds only a weak reference, so the guard (and the
  // callback with it) dies with the last copy of the wrapped completion; the callback itself only
  // starts a thread, because it runs on whichever thread requests stop.
  static Completion Wrap(const std::stop_token& stop, Completion done) {
    auto guard = std::make_shared<Guard>(std::move(done));
    std::weak_ptr<Guard> weak = guard;
    guard->on_stop_.emplace(stop, [weak] {
      std::thread([weak] {
        if (std::shared_ptr<Guard> g = weak.lock()) g->once_.Complete(Cancelled());
      }).detach();
    });
    return [guard](CallOutcome outcome) { guard->once_.Complete(std::move(outcome)); };
  }

 private:
  OnceCompletion once_;
  std::optional<std::stop_callback<std::function<void()>>> on_stop_;
};

// Wraps a phase function (ExecuteFn or DurableFn) with Guard; an empty function stays empty.
template <typename Fn>
Fn Guarded(Fn fn) {
  if (!fn) return fn;
  return [fn = std::move(fn)](auto request, Completion done) {
    if (request.stop.stop_requested()) {
      CompleteOnThread(std::move(done), Cancelled());
      return;
    }
    Completion guarded = Guard::Wrap(request.stop, std::move(done));
    fn(std::move(request), std::move(guarded));
  };
}

Tool WithMetadata(std::string description, json::Value input_schema, json::Value output_schema) {
  Tool tool;
  tool.description = std::move(description);
  tool.input_schema = std::move(input_schema);
  tool.output_schema = std::move(output_schema);
  return tool;
}

absl::Status NoImplementation() {
  return absl::FailedPreconditionError("tool has no implementation");
}

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
        json::ParseOptions parse;
        parse.allow_lone_surrogates = true;  // the program's JSON.parse rules
        parse.allow_number_overflow = true;  // 1e400: JSON.parse gives Infinity
        if (absl::Status valid = json::Validate(*result, parse); !valid.ok()) {
          result =
              absl::InternalError(absl::StrCat("tool returned invalid JSON: ", valid.message()));
        }
      }
      once->Complete(std::move(result));
    }).detach();
  };
  return tool;
}

Tool Tool::Idempotent(ExecuteFn fn, std::string description, json::Value input_schema,
                      json::Value output_schema) {
  Tool tool =
      WithMetadata(std::move(description), std::move(input_schema), std::move(output_schema));
  tool.kind = ToolKind::kIdempotent;
  tool.execute = Guarded(std::move(fn));
  return tool;
}

Tool Tool::Durable(DurableFns fns, std::string description, json::Value input_schema,
                   json::Value output_schema) {
  Tool tool =
      WithMetadata(std::move(description), std::move(input_schema), std::move(output_schema));
  tool.kind = ToolKind::kDurable;
  tool.durable.start = Guarded(std::move(fns.start));
  tool.durable.wait = Guarded(std::move(fns.wait));
  tool.durable.cancel = Guarded(std::move(fns.cancel));
  return tool;
}

CallHandle StartCall(const Tool& tool, CallRequest request, Completion done) {
  std::stop_source source;
  request.stop = source.get_token();
  const ExecuteFn& fn = tool.kind == ToolKind::kDurable ? tool.durable.start : tool.execute;
  if (!fn) {
    CompleteOnThread(std::move(done), NoImplementation());
  } else {
    fn(std::move(request), std::move(done));
  }
  return CallHandle(std::move(source));
}

CallHandle StartDurableWait(const Tool& tool, DurableRequest request, Completion done) {
  std::stop_source source;
  request.stop = source.get_token();
  if (tool.kind != ToolKind::kDurable) {
    CompleteOnThread(std::move(done),
                     absl::FailedPreconditionError("durable wait of a tool that is not durable"));
  } else if (!tool.durable.wait) {
    CompleteOnThread(std::move(done), absl::FailedPreconditionError("durable tool has no wait"));
  } else {
    tool.durable.wait(std::move(request), std::move(done));
  }
  return CallHandle(std::move(source));
}

CallHandle StartDurableCancel(const Tool& tool, DurableRequest request, Completion done) {
  std::stop_source source;
  request.stop = source.get_token();
  if (tool.kind != ToolKind::kDurable) {
    CompleteOnThread(std::move(done),
                     absl::FailedPreconditionError("durable cancel of a tool that is not durable"));
  } else if (!tool.durable.cancel) {
    CompleteOnThread(std::move(done), absl::UnimplementedError(
                                          "durable tool has no cancel; the job is left running"));
  } else {
    tool.durable.cancel(std::move(request), std::move(done));
  }
  return CallHandle(std::move(source));
}

namespace {

// The state of one StartCallToOutput call of a durable tool, shared by its phases.
struct DurableChain {
  DurableFns fns;  // a copy: the Tool need not outlive the call
  std::string key;
  std::vector<std::string> path;
  std::stop_source source;
  OnceCompletion once;

  DurableChain(DurableFns f, std::string k, std::vector<std::string> p, std::stop_source s,
               Completion done)
      : fns(std::move(f)),
        key(std::move(k)),
        path(std::move(p)),
        source(std::move(s)),
        once(std::move(done)) {}

  DurableRequest Request(std::string data, std::stop_token stop) const {
    return DurableRequest{key, path, std::move(data), std::move(stop)};
  }

  // Stop was requested once the job existed: cancel it, then complete with kCancelled.
  static void Cancel(const std::shared_ptr<DurableChain>& chain, std::string data) {
    if (!chain->fns.cancel) {
      chain->once.Complete(absl::CancelledError(
          "tool call cancelled (durable tool has no cancel; the job is left running)"));
      return;
    }
    // A token that is never stopped: the cancel must run to its end.
    chain->fns.cancel(
        chain->Request(std::move(data), std::stop_token()), [chain](CallOutcome outcome) {
          chain->once.Complete(outcome.ok() ? Cancelled()
                                            : absl::CancelledError(absl::StrCat(
                                                  "tool call cancelled (durable cancel failed: ",
                                                  outcome.status().message(), ")")));
        });
  }
};

}  // namespace

CallHandle StartCallToOutput(const Tool& tool, CallRequest request, Completion done) {
  if (tool.kind != ToolKind::kDurable) return StartCall(tool, std::move(request), std::move(done));
  std::stop_source source;
  request.stop = source.get_token();
  if (!tool.durable.start || !tool.durable.wait) {
    CompleteOnThread(std::move(done), NoImplementation());
    return CallHandle(std::move(source));
  }
  auto chain = std::make_shared<DurableChain>(tool.durable, request.key, request.path, source,
                                              std::move(done));
  chain->fns.start(std::move(request), [chain](CallOutcome data) {
    if (!data.ok()) {
      chain->once.Complete(std::move(data));
      return;
    }
    if (chain->source.stop_requested()) {
      DurableChain::Cancel(chain, *std::move(data));
      return;
    }
    std::string data_json = *data;
    chain->fns.wait(chain->Request(*std::move(data), chain->source.get_token()),
                    [chain, data_json = std::move(data_json)](CallOutcome output) mutable {
                      // An output that arrived settles the call even if stop came meanwhile.
                      if (output.ok() || !chain->source.stop_requested()) {
                        chain->once.Complete(std::move(output));
                      } else {
                        DurableChain::Cancel(chain, std::move(data_json));
                      }
                    });
  });
  return CallHandle(std::move(source));
}

}  // namespace codemode::tools
