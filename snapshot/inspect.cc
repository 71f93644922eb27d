// `codemode snapshot inspect` (snapshot.h InspectJson): a verified snapshot as JSON for people.
#include <iterator>
#include <map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "snapshot/codec.h"
#include "snapshot/snapshot_generated.h"
#include "snapshot/stream.h"

namespace codemode::snapshot {

namespace {

std::string Q(std::string_view s) {
  std::string out;
  vm::QuoteJson(s, &out);
  return out;
}

std::string Q(const flatbuffers::String* s) { return Q(s ? s->string_view() : std::string_view()); }

const char* kTagNames[] = {"undefined", "null",   "bool",     "number", "int",   "empty", "string",
                           "symbol",    "object", "bigint",   "cell",   "accessor", "proto", "shape"};
// Names of ObjType (codec.h) and vm::ObjectClass values, in their order.
const char* kTypeNames[] = {"Plain",      "Array",    "Closure",   "Native",      "Bound",
                            "Promise",    "Map",      "Iterator",  "Activation",  "LuaTable",
                            "LuaThread",  "ArrayBuffer", "TypedArray"};
static_assert(std::size(kTypeNames) == static_cast<size_t>(ObjType::kCount));
const char* kClassNames[] = {"Ordinary", "Array",   "Function", "Error",   "Boolean",  "Number",
                             "String",   "Symbol",  "Date",     "RegExp",  "Map",      "Set",
                             "WeakMap",  "WeakSet", "Promise",  "Arguments", "Iterator", "AsyncState",
                             "Generator", "Internal", "LuaTable", "LuaThread", "ArrayBuffer",
                             "TypedArray", "DataView"};
static_assert(std::size(kClassNames) == static_cast<size_t>(vm::ObjectClass::kDataView) + 1);
const char* kStateNames[] = {"queued", "running", "idempotent-running", "durable-started",
                             "settled-in-inbox"};

// A value as JSON: immediates as themselves (numbers as text when not finite), references as
// {"string": 3} or {"realm": 120, "kind": "object"}.
std::string ValJson(const fb::Val* v) {
  if (v == nullptr) return "null";
  uint8_t tag = v->tag();
  int base = tag & ~kTagRealm;
  if (base > kTagShape) return absl::StrCat("{\"badTag\":", static_cast<int>(tag), "}");
  if (tag & kTagRealm)
    return absl::StrCat("{\"realm\":", v->bits(), ",\"kind\":\"", kTagNames[base], "\"}");
  switch (base) {
    case kTagUndefined:
      return "{\"undefined\":true}";
    case kTagNull:
      return "null";
    case kTagBool:
      return v->bits() ? "true" : "false";
    case kTagNumber: {
      double d;
      uint64_t bits = v->bits();
      std::memcpy(&d, &bits, sizeof d);
      if (std::isfinite(d)) return absl::StrFormat("%.17g", d);
      return absl::StrCat("{\"number\":", Q(absl::StrFormat("%g", d)), "}");
    }
    case kTagInt:
      return absl::StrCat("{\"int\":", static_cast<int64_t>(v->bits()), "}");
    case kTagEmpty:
      return "{\"empty\":true}";
    default:
      return absl::StrCat("{\"", kTagNames[base], "\":", v->bits(), "}");
  }
}

void Strings(const flatbuffers::Vector<flatbuffers::Offset<flatbuffers::String>>* v,
             std::string* out) {
  out->push_back('[');
  for (size_t i = 0; v != nullptr && i < v->size(); ++i) {
    if (i) out->push_back(',');
    vm::QuoteJson(v->Get(static_cast<flatbuffers::uoffset_t>(i))->string_view(), out);
  }
  out->push_back(']');
}

}  // namespace

std::string Codec::Inspect(const fb::Snapshot* s, const vm::Realm& realm) {
  std::string o = "{\n";
  const fb::Header* h = s->header();
  absl::StrAppendFormat(&o,
                        "  \"header\": {\"formatVersion\": %u, \"engineBuildId\": \"%016x\", "
                        "\"extensionSetHash\": \"%016x\", \"language\": %s, \"runId\": %s, "
                        "\"createdAtMs\": %d},\n",
                        h->format_version(), h->engine_build_id(), h->extension_set_hash(),
                        Q(h->language()), Q(h->run_id()), h->created_at_ms());
  absl::StrAppendFormat(&o,
                        "  \"program\": {\"moduleHash\": \"%016x\", \"functions\": %u, "
                        "\"sourceBytes\": %u},\n",
                        s->program()->module_hash(), s->program()->proto_count(),
                        s->program()->source() ? s->program()->source()->size() : 0);
  const fb::RunInfo* i = s->info();
  absl::StrAppendFormat(&o,
                        "  \"counters\": {\"steps\": %u, \"activeMs\": %d, \"admittedCalls\": %d, "
                        "\"outputBytes\": %d, \"nextCallId\": %u, \"promiseSerial\": %u},\n",
                        s->vm()->steps(), i->active_ms(), i->admitted_calls(), i->output_bytes(),
                        i->next_call_id(), s->vm()->promise_serial());
  absl::StrAppendFormat(&o,
                        "  \"limits\": {\"timeoutMs\": %d, \"maxToolCalls\": %d, "
                        "\"maxOutputBytes\": %d, \"maxSteps\": %d, \"maxMemoryBytes\": %d},\n",
                        i->timeout_ms(), i->max_tool_calls(), i->max_output_bytes(), i->max_steps(),
                        i->max_memory_bytes());
  o += "  \"calls\": [";
  for (size_t k = 0; i->calls() != nullptr && k < i->calls()->size(); ++k) {
    const fb::CallEntry* c = i->calls()->Get(static_cast<flatbuffers::uoffset_t>(k));
    absl::StrAppendFormat(&o, "%s\n    {\"callId\": %u, \"key\": %s, \"path\": ", k ? "," : "",
                          c->call_id(), Q(c->key()));
    Strings(c->path(), &o);
    absl::StrAppendFormat(&o,
                          ", \"state\": %s, \"input\": %s, \"durableData\": %s, \"settledOk\": %s, "
                          "\"settledText\": %s, \"errorKind\": %s}",
                          Q(c->state() < 5 ? kStateNames[c->state()] : "?"), Q(c->input_json()),
                          Q(c->durable_data_json()), c->settled_ok() ? "true" : "false",
                          Q(c->settled_text()), Q(c->error_kind()));
  }
  o += "],\n  \"toolCalls\": ";
  Strings(i->tool_calls(), &o);
  o += ",\n  \"logs\": ";
  Strings(i->logs(), &o);
  o += ",\n  \"suggestions\": ";
  Strings(i->suggestions(), &o);
  if (i->denials() != nullptr && i->denials()->size() > 0) {
    o += ",\n  \"denials\": ";
    Strings(i->denials(), &o);
  }
  o += ",\n  \"timeZone\": ";
  vm::QuoteJson(i->time_zone() != nullptr ? i->time_zone()->string_view() : "UTC", &o);

  const fb::VmState* st = s->vm();
  absl::StrAppendFormat(&o, ",\n  \"vm\": {\"mainReturned\": %s, \"mainValue\": %s, \"stackSlots\": %u, "
                            "\"hostCalls\": [",
                        st->main_returned() ? "true" : "false", ValJson(st->main_value()),
                        st->stack() ? st->stack()->size() : 0);
  for (size_t k = 0; st->host_calls() != nullptr && k < st->host_calls()->size(); ++k) {
    const fb::HostCall* c = st->host_calls()->Get(static_cast<flatbuffers::uoffset_t>(k));
    absl::StrAppendFormat(&o, "%s{\"callId\": %u, \"promise\": %u}", k ? ", " : "", c->call_id(),
                          c->promise());
  }
  absl::StrAppendFormat(&o, "], \"copiedBuiltins\": %u, \"uncaughtJobError\": %s},\n",
                        st->cow() ? st->cow()->size() : 0,
                        st->has_uncaught_job_error() ? ValJson(st->uncaught_job_error()) : "null");
  o += "  \"frames\": [";
  for (size_t k = 0; st->frames() != nullptr && k < st->frames()->size(); ++k) {
    const fb::Frame* f = st->frames()->Get(static_cast<flatbuffers::uoffset_t>(k));
    absl::StrAppendFormat(&o,
                          "%s\n    {\"function\": %s, \"closure\": %s, \"pc\": %u, \"base\": %u, "
                          "\"site\": %u}",
                          k ? "," : "", ValJson(&f->proto()), ValJson(&f->closure()), f->pc(),
                          f->base(), f->site_kind());
  }
  o += "],\n  \"jobs\": [";
  for (size_t k = 0; st->jobs() != nullptr && k < st->jobs()->size(); ++k) {
    const fb::Job* j = st->jobs()->Get(static_cast<flatbuffers::uoffset_t>(k));
    absl::StrAppendFormat(&o, "%s\n    {\"fn\": %s, \"special\": %u, \"args\": %u}", k ? "," : "",
                          ValJson(j->fn()), j->special(), j->args() ? j->args()->size() : 0);
  }
  const fb::Heap* heap = s->heap();
  // Objects: a listing from the heads and the first fields of each body (snapshot.fbs, "Heap").
  struct Listed {
    uint8_t type = 0, klass = 0;
    fb::Val shape, proto;
    uint32_t slots = 0, elements = 0;
  };
  std::vector<Listed> objects;
  {
    auto stream = [](const flatbuffers::Vector<uint8_t>* v) {
      return v == nullptr ? ByteReader() : ByteReader(v->data(), v->size());
    };
    ByteReader heads = stream(heap->object_heads()), bodies = stream(heap->object_bodies());
    for (uint32_t k = 0; k < heap->object_count() && heads.ok() && bodies.ok(); ++k) {
      Listed l;
      l.type = heads.Byte();
      l.klass = heads.Byte();
      if (l.type == static_cast<uint8_t>(ObjType::kNative)) {
        heads.Varint();
        heads.Signed();
      } else if (l.type == static_cast<uint8_t>(ObjType::kIterator) ||
                 l.type == static_cast<uint8_t>(ObjType::kTypedArray)) {
        heads.Byte();  // the iterator's or the typed array's kind (encode.cc)
      }
      uint64_t len = bodies.Varint();
      if (len > bodies.remaining()) break;
      ByteReader body(bodies.position(), len);
      bodies.Skip(len);
      body.Byte();  // flags
      l.shape = body.Val();
      l.proto = body.Val();
      l.slots = body.Count();
      for (uint32_t n = 0; n < l.slots; ++n) body.Val();
      l.elements = body.Count();
      if (!heads.ok() || !body.ok()) break;
      objects.push_back(l);
    }
  }
  std::map<std::string, size_t> by_kind;
  for (const Listed& l : objects)
    ++by_kind[absl::StrCat(l.type < std::size(kTypeNames) ? kTypeNames[l.type] : "?", "/",
                           l.klass < std::size(kClassNames) ? kClassNames[l.klass] : "?")];
  size_t ncells = 0;
  if (heap->cells() != nullptr) {
    ByteReader cells(heap->cells()->data(), heap->cells()->size());
    for (cells.Val(); cells.ok(); cells.Val()) ++ncells;
  }
  size_t nstrings = 0;
  if (heap->strings() != nullptr && heap->strings()->heads() != nullptr) {
    ByteReader heads(heap->strings()->heads()->data(), heap->strings()->heads()->size());
    for (heads.Varint(); heads.ok(); heads.Varint()) ++nstrings;
  }
  absl::StrAppendFormat(&o,
                        "],\n  \"heap\": {\"strings\": %u, \"symbols\": %u, \"shapes\": %u, "
                        "\"cells\": %u, \"accessors\": %u, \"objects\": %u, \"realmCells\": %u, "
                        "\"objectsByKind\": {",
                        nstrings, heap->symbols() ? heap->symbols()->size() : 0,
                        heap->shape_count(), ncells,
                        heap->accessors() ? heap->accessors()->size() : 0,
                        heap->object_count(), Table(realm).cells.size());
  bool first = true;
  for (const auto& [kind, count] : by_kind) {
    absl::StrAppendFormat(&o, "%s%s: %u", first ? "" : ", ", Q(kind), count);
    first = false;
  }
  o += "}},\n  \"objects\": [";
  for (size_t k = 0; k < objects.size(); ++k) {
    const Listed& l = objects[k];
    absl::StrAppendFormat(&o,
                          "%s\n    {\"id\": %u, \"type\": %s, \"class\": %s, \"shape\": %s, "
                          "\"proto\": %s, \"slots\": %u, \"elements\": %u}",
                          k ? "," : "", k, Q(l.type < std::size(kTypeNames) ? kTypeNames[l.type] : "?"),
                          Q(l.klass < std::size(kClassNames) ? kClassNames[l.klass] : "?"), ValJson(&l.shape),
                          ValJson(&l.proto), l.slots, l.elements);
  }
  o += "]\n}\n";
  return o;
}

}  // namespace codemode::snapshot
