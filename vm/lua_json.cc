// The JSON boundary of Lua runs (DESIGN §3.4, issue 4 item 4): tool outputs become Lua values (JSON
// integers stay integers, null is json.null, arrays are marked tables so an empty one stays an
// array) and Lua values become JSON with the code-mode rules for tables.
#include <simdjson.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "vm/lua/lua_number.h"
#include "vm/lua/table.h"
#include "vm/realm.h"
#include "vm/support/numconv.h"
#include "vm/vm.h"

namespace codemode::vm {

namespace {
constexpr int kMaxLuaParseDepth = 64;
constexpr int kMaxLuaExportDepth = 32;

bool ConvertLua(VM& vm, simdjson::dom::element e, int depth, Value* out, std::string* error) {
  if (depth > kMaxLuaParseDepth) {
    *error = absl::StrCat("JSON nesting exceeds ", kMaxLuaParseDepth, " levels");
    return false;
  }
  switch (e.type()) {
    case simdjson::dom::element_type::ARRAY: {
      LuaTable* t = vm.NewLuaTable();
      t->flags |= LuaTable::kJsonArray;
      int64_t k = 1;
      for (auto child : e.get_array()) {
        Value v;
        if (!ConvertLua(vm, child, depth + 1, &v, error)) return false;
        t->SetListItem(vm.heap(), k++, v);
      }
      *out = Value::FromObject(t);
      return true;
    }
    case simdjson::dom::element_type::OBJECT: {
      LuaTable* t = vm.NewLuaTable();
      for (auto field : e.get_object()) {
        Value v;
        if (!ConvertLua(vm, field.value, depth + 1, &v, error)) return false;
        std::string_view key = field.key;
        String* k = vm.NewStringBytes(std::string(key));
        if (key.size() <= 64) k = vm.Intern(k);  // constant keys then hit the inline caches
        t->Set(vm.heap(), Value::FromString(k), v);
      }
      *out = Value::FromObject(t);
      return true;
    }
    case simdjson::dom::element_type::INT64:
      *out = Value::Int(int64_t(e));
      return true;
    case simdjson::dom::element_type::UINT64: {
      uint64_t u = uint64_t(e);
      *out = u <= static_cast<uint64_t>(INT64_MAX) ? Value::Int(static_cast<int64_t>(u))
                                                   : Value::Number(static_cast<double>(u));
      return true;
    }
    case simdjson::dom::element_type::DOUBLE:
      *out = Value::Number(double(e));
      return true;
    case simdjson::dom::element_type::STRING:
      *out = Value::FromString(vm.NewStringBytes(std::string(std::string_view(e))));
      return true;
    case simdjson::dom::element_type::BOOL:
      *out = Value::Bool(bool(e));
      return true;
    case simdjson::dom::element_type::NULL_VALUE:
      *out = Value::FromObject(vm.realm().intrinsics().lua_json_null);
      return true;
  }
  *error = "unexpected JSON element";
  return false;
}

struct LuaExporter {
  VM& vm;
  VM::ExportStatus status;
  std::vector<LuaTable*> visiting;

  bool Fail(std::string why, const std::string& path) {
    status.ok = false;
    status.error = std::move(why);
    status.path = path;
    return false;
  }

  bool WriteString(String* s, const std::string& path, std::string* out) {
    std::string_view b = s->bytes();
    // Strict UTF-8 (RFC 3629: no overlongs, no surrogates, at most U+10FFFF), simdjson's validator.
    if (!simdjson::validate_utf8(b.data(), b.size())) return Fail("string is not valid UTF-8", path);
    QuoteJson(b, out);
    return true;
  }

  bool Write(Value v, const std::string& path, int depth, std::string* out) {
    switch (v.tag()) {
      case Tag::kUndefined:
      case Tag::kNull:
        out->append("null");
        return true;
      case Tag::kBool:
        out->append(v.AsBool() ? "true" : "false");
        return true;
      case Tag::kInt:
        out->append(lua::LuaIntegerToString(v.AsInt()));
        return true;
      case Tag::kNumber: {
        double d = v.AsNumber();
        if (!std::isfinite(d)) {
          out->append("null");
        } else {
          std::string t = support::NumberToString(d);
          out->append(t);
          // Integral floats keep a fraction so that they read back as floats (code-mode Lua rule).
          if (t.find_first_of(".eE") == std::string::npos) out->append(".0");
        }
        return true;
      }
      case Tag::kString:
        return WriteString(v.AsString(), path, out);
      case Tag::kObject:
        if (v.AsObject()->klass() == ObjectClass::kLuaTable) break;
        return Fail(absl::StrCat("value of type ", vm.LuaTypeName(v)), path);
      default:
        return Fail(absl::StrCat("value of type ", vm.LuaTypeName(v)), path);
    }
    auto* t = static_cast<LuaTable*>(vm.Resolve(v.AsObject()));
    if (t == vm.realm().intrinsics().lua_json_null ||
        v.AsObject() == vm.realm().intrinsics().lua_json_null) {
      out->append("null");
      return true;
    }
    if (std::find(visiting.begin(), visiting.end(), t) != visiting.end())
      return Fail("cycle", path);
    if (depth >= kMaxLuaExportDepth)
      return Fail(absl::StrCat("nesting deeper than ", kMaxLuaExportDepth, " levels"), path);
    vm.ChargeSteps(t->arr.size() / 16 + t->entries.size() / 16);
    // Classify the live keys: all integers 1..n (array), all strings (object), or invalid.
    size_t nint = 0, nstr = 0;
    bool holes = false;
    for (const Value& x : t->arr) {
      if (x.IsUndefined()) {
        holes = true;
      } else {
        ++nint;
      }
    }
    int64_t bad_int = 0;
    for (const auto& e : t->entries) {
      if (e.value.IsUndefined()) continue;
      if (e.key.IsString()) {
        ++nstr;
      } else if (e.key.IsInt()) {
        ++nint;
        if (bad_int == 0) bad_int = e.key.AsInt();
      } else {
        return Fail(
            absl::StrCat("key of type ", e.key.IsNumber() ? "float" : vm.LuaTypeName(e.key)), path);
      }
    }
    visiting.push_back(t);
    if (nint + nstr == 0) {
      out->append((t->flags & LuaTable::kJsonArray) ? "[]" : "{}");
    } else if (nstr == 0) {
      if (holes || bad_int != 0) {
        int64_t k = bad_int;
        if (holes) {
          for (size_t j = 0; j < t->arr.size(); ++j)
            if (t->arr[j].IsUndefined()) k = static_cast<int64_t>(t->arr.size());
        }
        return Fail(absl::StrCat("sparse array (key ", k, ")"), path);
      }
      out->push_back('[');
      for (size_t j = 0; j < t->arr.size(); ++j) {
        if (j > 0) out->push_back(',');
        if (!Write(t->arr[j], absl::StrCat(path, "[", j + 1, "]"), depth + 1, out)) return false;
      }
      out->push_back(']');
    } else if (nint == 0) {
      std::vector<const LuaTable::Entry*> fields;
      for (const auto& e : t->entries)
        if (!e.value.IsUndefined()) fields.push_back(&e);
      std::sort(fields.begin(), fields.end(),
                [](const LuaTable::Entry* a, const LuaTable::Entry* b) {
                  return a->key.AsString()->bytes() < b->key.AsString()->bytes();
                });
      out->push_back('{');
      bool first = true;
      for (const auto* e : fields) {
        if (!first) out->push_back(',');
        first = false;
        if (!WriteString(e->key.AsString(), path, out)) return false;
        out->push_back(':');
        std::string key(e->key.AsString()->bytes());
        if (!Write(e->value, absl::StrCat(path, ".", key), depth + 1, out)) return false;
      }
      out->push_back('}');
    } else {
      return Fail("mixed integer and string keys", path);
    }
    visiting.pop_back();
    return true;
  }
};
}  // namespace

bool VM::ParseJsonForLua(std::string_view text, Value* out, std::string* error) {
  simdjson::dom::parser parser;
  simdjson::padded_string padded(text);
  simdjson::dom::element root;
  auto err = parser.parse(padded).get(root);
  if (err == simdjson::STRING_ERROR) {
    // Tool outputs may hold them (JavaScript programs read them: vm/json_bridge.cc); Lua cannot.
    *error = "a string holds a \\u escape of a lone surrogate, which a Lua string (UTF-8) cannot hold";
    return false;
  }
  if (err) {
    *error = simdjson::error_message(err);
    return false;
  }
  return ConvertLua(*this, root, 0, out, error);
}

VM::ExportStatus VM::SerializeLua(Value v, std::string* out) {
  LuaExporter ex{*this, {}, {}};
  out->clear();
  ex.Write(v, "$", 0, out);
  return ex.status;
}

}  // namespace codemode::vm
