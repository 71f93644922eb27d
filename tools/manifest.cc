#include "tools/manifest.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "tools/json.h"

namespace codemode::tools {
namespace {

bool IsIdentifier(std::string_view name) {
  if (name.empty()) return false;
  for (size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' ||
              (i > 0 && c >= '0' && c <= '9');
    if (!ok) return false;
  }
  return true;
}

// "tools" + ".name" or "[\"name\"]" (JS member-access notation).
std::string Member(std::string_view path, std::string_view name) {
  if (IsIdentifier(name)) return absl::StrCat(std::string(path), ".", std::string(name));
  std::string quoted;
  json::AppendQuoted(name, &quoted);
  return absl::StrCat(std::string(path), "[", quoted, "]");
}

absl::Status Error(std::string_view where, std::string_view what) {
  return absl::InvalidArgumentError(
      absl::StrCat("manifest: ", std::string(where), ": ", std::string(what)));
}

class ManifestReader {
 public:
  ManifestReader(std::string base_dir, const ManifestOptions& options)
      : base_dir_(std::move(base_dir)), options_(options) {}

  // Reads the members of a "tools" object (or the root) at `where` into `ns`.
  absl::Status ReadMembers(const json::Value& members, const std::string& where, Namespace* ns) {
    if (!members.is_object()) {
      return Error(where, absl::StrCat("expected an object of tools and namespaces, got ",
                                       std::string(json::TypeName(members.type()))));
    }
    for (const auto& [name, entry] : members.as_object()) {
      std::string at = Member(where, name);
      if (name.empty()) return Error(at, "a name cannot be empty");
      if (name.front() == '.' || name.back() == '.' || name.find("..") != std::string::npos) {
        return Error(at, "a dotted name cannot have an empty segment");
      }
      if (!entry.is_object()) {
        return Error(
            at, absl::StrCat("expected an object (a tool with \"command\" or \"durable\", or a "
                             "namespace with \"tools\"), got ",
                             std::string(json::TypeName(entry.type()))));
      }
      if (entry.Find("tools") != nullptr) {
        Namespace child;
        if (absl::Status s = ReadNamespace(entry, at, &child); !s.ok()) return s;
        ns->namespaces.emplace_back(name, std::move(child));
      } else {
        Tool tool;
        if (absl::Status s = ReadTool(entry, at, &tool); !s.ok()) return s;
        ns->tools.emplace_back(name, std::move(tool));
      }
    }
    return absl::OkStatus();
  }

 private:
  static absl::Status CheckKeys(const json::Value& entry, const std::string& where,
                                std::initializer_list<std::string_view> allowed,
                                std::string_view kind) {
    for (const auto& [key, value] : entry.as_object()) {
      bool known = false;
      for (std::string_view a : allowed) known = known || key == a;
      if (known) continue;
      std::string list;
      for (std::string_view a : allowed) {
        absl::StrAppend(&list, list.empty() ? "" : ", ", "\"", std::string(a), "\"");
      }
      return Error(Member(where, key),
                   absl::StrCat("unknown key in a ", std::string(kind), " (allowed: ", list, ")"));
    }
    return absl::OkStatus();
  }

  static absl::Status ReadDescription(const json::Value& entry, const std::string& where,
                                      std::string* out) {
    const json::Value* d = entry.Find("description");
    if (d == nullptr) return absl::OkStatus();
    if (!d->is_string()) return Error(Member(where, "description"), "expected a string");
    *out = d->as_string();
    return absl::OkStatus();
  }

  absl::Status ReadNamespace(const json::Value& entry, const std::string& where, Namespace* ns) {
    if (absl::Status s = CheckKeys(entry, where, {"description", "tools"}, "namespace"); !s.ok()) {
      return s;
    }
    if (absl::Status s = ReadDescription(entry, where, &ns->description); !s.ok()) return s;
    return ReadMembers(*entry.Find("tools"), Member(where, "tools"), ns);
  }

  // Reads an argv array at `at` ("expected a non-empty array of strings", per-element errors).
  absl::Status ReadCommand(const json::Value& command, const std::string& at, CommandSpec* spec) {
    if (!command.is_array() || command.as_array().empty()) {
      return Error(at, "expected a non-empty array of strings");
    }
    spec->working_dir = base_dir_;
    const json::Array& args = command.as_array();
    for (size_t i = 0; i < args.size(); ++i) {
      std::string arg_at = absl::StrCat(at, "[", i, "]");
      if (!args[i].is_string()) {
        return Error(arg_at, absl::StrCat("expected a string, got ",
                                          std::string(json::TypeName(args[i].type()))));
      }
      const std::string& arg = args[i].as_string();
      if (arg.find('\0') != std::string::npos) return Error(arg_at, "contains a NUL character");
      if (i == 0 && arg.empty()) return Error(arg_at, "the program name is empty");
      spec->argv.push_back(arg);
    }
    return absl::OkStatus();
  }

  // "durable": {"start": [argv], "wait": [argv], "cancel": [argv]} (cancel optional).
  absl::Status ReadDurable(const json::Value& durable, const std::string& at, Tool* tool) {
    if (!durable.is_object()) {
      return Error(at,
                   absl::StrCat("expected an object {\"start\": [argv...], \"wait\": [argv...], "
                                "\"cancel\": [argv...]}, got ",
                                std::string(json::TypeName(durable.type()))));
    }
    if (absl::Status s = CheckKeys(durable, at, {"start", "wait", "cancel"}, "durable backend");
        !s.ok()) {
      return s;
    }
    DurableCommandSpec spec;
    for (auto [key, out] : {std::pair{"start", &spec.start}, std::pair{"wait", &spec.wait}}) {
      const json::Value* command = durable.Find(key);
      if (command == nullptr) {
        return Error(at, absl::StrCat("missing \"", key, "\": [argv...]"));
      }
      if (absl::Status s = ReadCommand(*command, Member(at, key), out); !s.ok()) return s;
    }
    if (const json::Value* cancel = durable.Find("cancel"); cancel != nullptr) {
      spec.cancel.emplace();
      if (absl::Status s = ReadCommand(*cancel, Member(at, "cancel"), &*spec.cancel); !s.ok()) {
        return s;
      }
    }
    auto fns = DurableCommand(std::move(spec), options_.command);
    if (!fns.ok()) return Error(at, std::string(fns.status().message()));
    // The command phases already complete exactly once, with kCancelled on stop.
    tool->kind = ToolKind::kDurable;
    tool->durable = *std::move(fns);
    return absl::OkStatus();
  }

  absl::Status ReadTool(const json::Value& entry, const std::string& where, Tool* tool) {
    for (std::string_view backend : {"openapi", "mcp"}) {
      if (entry.Find(backend) != nullptr) {
        return Error(Member(where, backend),
                     absl::StrCat("the \"", std::string(backend),
                                  "\" backend is not supported yet (use \"command\" or "
                                  "\"durable\")"));
      }
    }
    if (absl::Status s = CheckKeys(
            entry, where, {"description", "input", "output", "command", "idempotent", "durable"},
            "tool");
        !s.ok()) {
      return s;
    }
    if (absl::Status s = ReadDescription(entry, where, &tool->description); !s.ok()) return s;
    for (auto [key, schema] :
         {std::pair{"input", &tool->input_schema}, std::pair{"output", &tool->output_schema}}) {
      const json::Value* v = entry.Find(key);
      if (v == nullptr) continue;
      if (!v->is_object() && !v->is_bool()) {
        return Error(Member(where, key), "expected a JSON Schema (an object or a boolean)");
      }
      *schema = *v;
    }
    const json::Value* command = entry.Find("command");
    const json::Value* durable = entry.Find("durable");
    const json::Value* idempotent = entry.Find("idempotent");
    if (durable != nullptr) {
      if (command != nullptr) {
        return Error(Member(where, "durable"),
                     "a tool has either \"command\" or \"durable\", not both");
      }
      if (idempotent != nullptr) {
        return Error(Member(where, "idempotent"),
                     "only a \"command\" tool can be idempotent (a durable tool resumes by its "
                     "\"wait\" command)");
      }
      return ReadDurable(*durable, Member(where, "durable"), tool);
    }
    if (command == nullptr) {
      return Error(where,
                   "a tool needs a backend: \"command\": [argv...] or \"durable\": {\"start\", "
                   "\"wait\", \"cancel\"} (or use \"tools\" for a namespace)");
    }
    bool is_idempotent = false;
    if (idempotent != nullptr) {
      if (!idempotent->is_bool()) {
        return Error(Member(where, "idempotent"),
                     absl::StrCat("expected true or false, got ",
                                  std::string(json::TypeName(idempotent->type()))));
      }
      is_idempotent = idempotent->as_bool();
    }
    const std::string at = Member(where, "command");
    CommandSpec spec;
    if (absl::Status s = ReadCommand(*command, at, &spec); !s.ok()) return s;
    auto execute = CommandExecutor(std::move(spec), options_.command);
    if (!execute.ok()) return Error(at, std::string(execute.status().message()));
    // A command call already completes exactly once, with kCancelled on stop (the contract
    // Tool::Idempotent would otherwise add).
    tool->kind = is_idempotent ? ToolKind::kIdempotent : ToolKind::kPlain;
    tool->execute = *std::move(execute);
    return absl::OkStatus();
  }

  std::string base_dir_;
  const ManifestOptions& options_;
};

}  // namespace

absl::StatusOr<ToolTree> ParseManifest(std::string_view json_text, std::string_view base_dir,
                                       const ManifestOptions& options) {
  json::ParseOptions parse;
  parse.max_bytes = options.max_bytes;
  parse.max_depth = options.max_depth;
  auto value = json::Parse(json_text, parse);
  if (!value.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("manifest: ", value.status().message()));
  }
  std::error_code ec;
  std::filesystem::path dir = std::filesystem::absolute(
      std::filesystem::path(base_dir.empty() ? std::string_view(".") : base_dir), ec);
  if (ec) {
    return absl::InvalidArgumentError(
        absl::StrCat("manifest: bad base directory '", std::string(base_dir), "': ", ec.message()));
  }
  Namespace root;
  ManifestReader reader(dir.lexically_normal().string(), options);
  if (absl::Status s = reader.ReadMembers(*value, "tools", &root); !s.ok()) return s;
  auto tree = ToolTree::Make(std::move(root));
  if (!tree.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("manifest: ", tree.status().message()));
  }
  return tree;
}

absl::StatusOr<ToolTree> LoadManifest(std::string_view path, const ManifestOptions& options) {
  const std::string file(path);
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    return absl::NotFoundError(
        absl::StrCat("manifest: cannot read '", file, "': ", std::strerror(errno)));
  }
  std::string text;
  char buffer[64 * 1024];
  while (in.read(buffer, sizeof(buffer)) || in.gcount() > 0) {
    text.append(buffer, static_cast<size_t>(in.gcount()));
    if (text.size() > options.max_bytes) {
      return absl::InvalidArgumentError(absl::StrCat(
          "manifest: '", file, "' is larger than the limit of ", options.max_bytes, " bytes"));
    }
  }
  if (in.bad()) {
    return absl::InvalidArgumentError(absl::StrCat("manifest: cannot read '", file, "'"));
  }
  std::filesystem::path dir = std::filesystem::path(file).parent_path();
  return ParseManifest(text, dir.empty() ? "." : dir.string(), options);
}

}  // namespace codemode::tools
