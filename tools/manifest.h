// Tool manifests (DESIGN §6): a JSON file describing namespaces and command tools.
//
//   { "orders": { "description": "...", "tools": {
//       "lookup": { "description": "...", "input": {JSON Schema}, "output": {JSON Schema},
//                   "command": ["node", "fixture-tool.js", "orders.lookup"] } } },
//     "util.echo": { "command": ["cat"] } }
//
// Keys are names; an object with "tools" is a namespace ("description" optional); any other
// object is a tool, which needs a backend (run with the manifest's folder as the working
// directory):
// - "command": [argv...] — one process per call (CommandExecutor). With "idempotent": true the
//   tool is ToolKind::kIdempotent (re-run with the same CODEMODE_CALL_KEY after a resume);
//   "idempotent" must be a boolean.
// - "durable": {"start": [argv...], "wait": [argv...], "cancel": [argv...]} — ToolKind::kDurable
//   (DurableCommand): start gets the input JSON and prints the data JSON, wait and cancel get the
//   data JSON; wait prints the output JSON. "cancel" is optional. Not combinable with "command"
//   or "idempotent".
// "openapi" and "mcp" are recognised but not supported yet. A dotted key "a.b" is the path a → b.
// "input"/"output" default to {} (anything). `{}` is a valid manifest.
//
//   { "jobs.run": { "durable": { "start": ["node", "tools/job-start.js"],
//                                "wait": ["node", "tools/job-wait.js"],
//                                "cancel": ["node", "tools/job-cancel.js"] } },
//     "orders.lookup": { "command": ["node", "lookup.js"], "idempotent": true } }
#ifndef CODEMODE_TOOLS_MANIFEST_H_
#define CODEMODE_TOOLS_MANIFEST_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "tools/catalog.h"
#include "tools/command.h"

namespace codemode::tools {

struct ManifestOptions {
  CommandOptions command;               // for every command tool
  size_t max_bytes = size_t{16} << 20;  // manifest file size limit
  int max_depth = 128;                  // JSON nesting limit (schemas nest)
};

// Builds the tool tree described by `json_text`; command tools run in `base_dir` (made absolute
// against the current directory now, so a later chdir does not move it).
// Errors (InvalidArgument) read "manifest: <where>: <what>", where <where> is the JSON path of the
// offending entry from the root named `tools`, e.g.
//   manifest: tools.orders.tools.lookup.command: expected a non-empty array of strings
//   manifest: tools["get-user"].openapi: the "openapi" backend is not supported yet (...)
//   manifest: tools.jobs.tools.run.durable: missing "wait": [argv...]
// and JSON syntax errors read "manifest: invalid JSON at line L, column C (byte B): ...".
absl::StatusOr<ToolTree> ParseManifest(std::string_view json_text, std::string_view base_dir,
                                       const ManifestOptions& options = {});

// Reads the manifest at `path` and parses it with the file's folder as `base_dir`.
// Errors as ParseManifest, plus "manifest: cannot read 'PATH': REASON" and a size-limit error.
absl::StatusOr<ToolTree> LoadManifest(std::string_view path, const ManifestOptions& options = {});

}  // namespace codemode::tools

#endif  // CODEMODE_TOOLS_MANIFEST_H_
