// console (Node.js v20 semantics) and a native port of Node's util.inspect / util.format
// (lib/internal/util/inspect.js: formatValue, formatRaw, reduceToSingleString, groupArrayElements,
// formatError; lib/internal/cli_table.js for console.table). Nothing here runs program code:
// accessors print as [Getter]/[Setter], Symbol.toStringTag and `constructor` are read only when
// they are data properties, and %s / %d of objects with their own toString/valueOf print through
// inspect.
//
// Lines go to Host::Log with the level ("log", "info", "debug", "warn", "error"); the runtime adds
// the
// "[warn] " / "[error] " prefixes and bounds the total output. Per-run console state (group
// indentation, time/count labels) lives in a hidden object in the console object's internal slot
// (copied on write).
#include "vm/builtins/console.h"

#include <utf8proc.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "vm/builtins/collections.h"
#include "vm/builtins/error.h"
#include "vm/builtins/json.h"
#include "vm/builtins/regexp.h"
#include "vm/realm.h"
#include "vm/string.h"
#include "vm/support/numconv.h"
#include "vm/support/text.h"
#include "vm/typed_array.h"

namespace codemode::vm {

namespace {

using U16 = std::u16string;

void Put(U16* out, std::string_view ascii) {
  for (char c : ascii) out->push_back(static_cast<unsigned char>(c));
}
U16 W(std::string_view ascii) {
  U16 r;
  Put(&r, ascii);
  return r;
}
bool Contains(const U16& s, std::u16string_view part) { return s.find(part) != U16::npos; }

U16 FormatNumber(double d) {
  if (d == 0 && std::signbit(d)) return u"-0";
  char buf[support::kNumberToCharsBufferSize];
  size_t n = support::NumberToChars(d, buf);
  return W(std::string_view(buf, n));
}

U16 SymbolToText(Symbol* sym) {
  U16 r = u"Symbol(";
  Value d = sym->description();
  if (d.IsString()) r += d.AsString()->ToU16();
  r += u")";
  return r;
}

// Node's `meta` escapes for strEscape.
void AppendMeta(char16_t c, U16* out) {
  static const char kHex[] = "0123456789ABCDEF";
  switch (c) {
    case '\b':
      Put(out, "\\b");
      return;
    case '\t':
      Put(out, "\\t");
      return;
    case '\n':
      Put(out, "\\n");
      return;
    case '\f':
      Put(out, "\\f");
      return;
    case '\r':
      Put(out, "\\r");
      return;
    case '\'':
      Put(out, "\\'");
      return;
    case '\\':
      Put(out, "\\\\");
      return;
    default:
      Put(out, "\\x");
      out->push_back(static_cast<unsigned char>(kHex[(c >> 4) & 0xF]));
      out->push_back(static_cast<unsigned char>(kHex[c & 0xF]));
  }
}

// strEscape: quotes with ', or " / ` when the text holds single quotes, and escapes control
// characters, C1 controls, backslashes, the chosen quote and lone surrogates.
U16 StrEscape(std::u16string_view str) {
  char16_t quote = '\'';
  if (str.find(u'\'') != std::u16string_view::npos) {
    if (str.find(u'"') == std::u16string_view::npos) {
      quote = '"';
    } else if (str.find(u'`') == std::u16string_view::npos &&
               str.find(u"${") == std::u16string_view::npos) {
      quote = '`';
    }
  }
  U16 out;
  out.reserve(str.size() + 2);
  out.push_back(quote);
  for (size_t i = 0; i < str.size(); ++i) {
    char16_t c = str[i];
    if ((c == '\'' && quote == '\'') || c == '\\' || c < 0x20 || (c > 0x7E && c < 0xA0)) {
      AppendMeta(c, &out);
    } else if (support::IsSurrogate(c)) {
      if (support::IsLeadSurrogate(c) && i + 1 < str.size() &&
          support::IsTrailSurrogate(str[i + 1])) {
        out.push_back(c);
        out.push_back(str[++i]);
        continue;
      }
      static const char kHex[] = "0123456789abcdef";
      Put(&out, "\\u");
      for (int s = 12; s >= 0; s -= 4)
        out.push_back(static_cast<unsigned char>(kHex[(c >> s) & 0xF]));
    } else {
      out.push_back(c);
    }
  }
  out.push_back(quote);
  return out;
}

bool IsIdentifierKey(std::u16string_view k) {
  if (k.empty()) return false;
  auto alpha = [](char16_t c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  };
  if (!alpha(k[0])) return false;
  for (char16_t c : k)
    if (!alpha(c) && !(c >= '0' && c <= '9')) return false;
  return true;
}

// "YYYY-MM-DDTHH:mm:ss.sssZ" for a finite time value (Date.prototype.toISOString, ECMA-262
// §21.4.4.36).
U16 IsoDate(double t) {
  int64_t ms = static_cast<int64_t>(t);
  int64_t days = ms / 86400000;
  int64_t rem = ms % 86400000;
  if (rem < 0) {
    rem += 86400000;
    --days;
  }
  // Civil from days (proleptic Gregorian).
  int64_t z = days + 719468;
  int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  int64_t doe = z - era * 146097;
  int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  int64_t y = yoe + era * 400;
  int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  int64_t mp = (5 * doy + 2) / 153;
  int64_t d = doy - (153 * mp + 2) / 5 + 1;
  int64_t m = mp < 10 ? mp + 3 : mp - 9;
  if (m <= 2) ++y;
  std::string year;
  if (y >= 0 && y <= 9999) {
    year = absl::StrFormat("%04d", y);
  } else {
    year = absl::StrFormat("%c%06d", y < 0 ? '-' : '+', y < 0 ? -y : y);
  }
  return W(absl::StrFormat("%s-%02d-%02dT%02d:%02d:%02d.%03dZ", year, m, d, rem / 3600000,
                           rem / 60000 % 60, rem / 1000 % 60, rem % 1000));
}

// ---------------------------------------------------------------------------------------- inspect

enum class EntryType { kObject, kArray, kArrayExtras };

class Inspector {
 public:
  Inspector(VM& vm, const InspectOptions& o) : vm_(vm), opt_(o) {}

  U16 Inspect(Value v) { return FormatValue(v, 0); }

  // formatPrimitive for strings at the top of %s (no quotes) is not here; this quotes.
  U16 FormatPrimitive(Value v) {
    switch (v.tag()) {
      case Tag::kString:
        return FormatString(v.AsString());
      case Tag::kNumber:
        return FormatNumber(v.AsNumber());
      case Tag::kInt:
        return W(absl::StrCat(v.AsInt()));
      case Tag::kBool:
        return v.AsBool() ? u"true" : u"false";
      case Tag::kUndefined:
        return u"undefined";
      case Tag::kNull:
        return u"null";
      case Tag::kSymbol:
        return SymbolToText(v.AsSymbol());
      case Tag::kBigInt: {
        String* s = vm_.ToStringPrimitive(v);
        U16 r = s ? s->ToU16() : U16(u"?");
        r += u"n";
        return r;
      }
      default:
        return u"<internal>";
    }
  }

 private:
  // ---- helpers over the object model (data properties only)

  Value DataProp(Object* o, const PropertyKey& key) {
    VM::Lookup r = vm_.FindProperty(o, key);
    if (!r.found || r.is_accessor()) return Value::Undefined();
    return r.value;
  }
  PropertyKey Atom(AtomId id) { return vm_.KeyFromAtom(vm_.atom(id)); }
  bool HasOwn(Object* o, const PropertyKey& key) { return vm_.GetOwnProperty(o, key).found; }

  void Charge(size_t chars) {
    work_ += chars / 64 + 1;
    if (work_ >= 256) {
      vm_.ChargeSteps(work_ / 16);
      work_ = 0;
    }
  }

  U16 FormatString(String* s) {
    U16 value = s->ToU16();
    U16 trailer;
    if (static_cast<int64_t>(value.size()) > opt_.max_string_length) {
      size_t remaining = value.size() - static_cast<size_t>(opt_.max_string_length);
      value.resize(static_cast<size_t>(opt_.max_string_length));
      trailer = W(absl::StrCat("... ", remaining, " more character", remaining > 1 ? "s" : ""));
    }
    Charge(value.size());
    // Long strings with line breaks print one quoted line per line, joined with " +".
    if (value.size() > 16 &&
        static_cast<double>(value.size()) > opt_.break_length - indentation_ - 4 &&
        Contains(value, u"\n")) {
      U16 out;
      size_t start = 0;
      while (start < value.size()) {
        size_t nl = value.find(u'\n', start);
        size_t end = nl == U16::npos ? value.size() : nl + 1;
        if (!out.empty()) {
          Put(&out, " +\n");
          out.append(static_cast<size_t>(indentation_ + 2), u' ');
        }
        out += StrEscape(std::u16string_view(value).substr(start, end - start));
        start = end;
      }
      return out + trailer;
    }
    return StrEscape(value) + trailer;
  }

  // instanceof without Symbol.hasInstance: is ctor.prototype on o's chain?
  bool IsInstance(Object* o, Object* ctor) {
    Value p = DataProp(ctor, Atom(AtomId::prototype));
    if (!p.IsObject()) return false;
    int guard = 0;
    for (Object* x = vm_.Resolve(o)->proto(); x != nullptr && guard < 100000;
         x = vm_.Resolve(x)->proto(), ++guard)
      if (x == p.AsObject()) return true;
    return false;
  }

  // V8's class name of an object (internalGetConstructorName).
  U16 ClassName(Object* o) {
    switch (vm_.Resolve(o)->klass()) {
      case ObjectClass::kArray:
        return u"Array";
      case ObjectClass::kFunction:
        return u"Function";
      case ObjectClass::kError:
        return u"Error";
      case ObjectClass::kMap:
        return u"Map";
      case ObjectClass::kSet:
        return u"Set";
      case ObjectClass::kDate:
        return u"Date";
      case ObjectClass::kRegExp:
        return u"RegExp";
      case ObjectClass::kPromise:
        return u"Promise";
      default:
        return u"Object";
    }
  }

  // getConstructorName: the first `constructor` data property on the chain naming a function the
  // object is an instance of; nullopt for objects whose chain ends without one (null prototype).
  std::optional<U16> ConstructorName(Object* obj, int recurse_times, int guard = 0) {
    Object* o = obj;
    Object* first_proto = nullptr;
    bool first_set = false;
    int steps = 0;
    while (o != nullptr && steps++ < 100000) {
      VM::Lookup d = vm_.GetOwnProperty(o, Atom(AtomId::constructor));
      if (d.found && !d.is_accessor() && d.value.IsObject() && vm_.IsCallable(d.value)) {
        Value name = DataProp(d.value.AsObject(), Atom(AtomId::name));
        if (name.IsString() && name.AsString()->length() > 0 && IsInstance(obj, d.value.AsObject()))
          return name.AsString()->ToU16();
      }
      o = vm_.Resolve(o)->proto();
      if (!first_set) {
        first_proto = o;
        first_set = true;
      }
    }
    if (first_proto == nullptr) return std::nullopt;
    U16 res = ClassName(obj);
    if (recurse_times > opt_.depth || guard > 8) return res + u" <Complex prototype>";
    std::optional<U16> proto = ConstructorName(first_proto, recurse_times + 1, guard + 1);
    if (!proto) return res + u" <[Object: null prototype] {}>";
    return res + u" <" + *proto + u">";
  }

  static U16 Prefix(const std::optional<U16>& ctor, const U16& tag, std::u16string_view fallback,
                    const U16& size = U16()) {
    if (!ctor) {
      if (!tag.empty() && fallback != tag)
        return u"[" + U16(fallback) + size + u": null prototype] [" + tag + u"] ";
      return u"[" + U16(fallback) + size + u": null prototype] ";
    }
    if (!tag.empty() && *ctor != tag) return *ctor + size + u" [" + tag + u"] ";
    return *ctor + size + u" ";
  }

  // Own enumerable string keys then enumerable symbols (all own keys with show_hidden).
  std::vector<PropertyKey> Keys(Object* o) {
    bool only_enumerable = !opt_.show_hidden;
    std::vector<PropertyKey> keys = vm_.OwnKeys(o, true, false, only_enumerable);
    std::vector<PropertyKey> syms = vm_.OwnKeys(o, false, true, only_enumerable);
    keys.insert(keys.end(), syms.begin(), syms.end());
    return keys;
  }

  // ---- formatValue / formatRaw

  U16 FormatValue(Value v, int recurse_times) {
    if (!v.IsObject()) return FormatPrimitive(v);
    Object* o = v.AsObject();
    if (std::find(seen_.begin(), seen_.end(), o) != seen_.end()) {
      int index;
      auto it = circular_.find(o);
      if (it == circular_.end()) {
        index = static_cast<int>(circular_.size()) + 1;
        circular_.emplace(o, index);
      } else {
        index = it->second;
      }
      return W(absl::StrCat("[Circular *", index, "]"));
    }
    return FormatRaw(o, recurse_times);
  }

  U16 FormatRaw(Object* value, int recurse_times) {
    Charge(16);
    Object* r = vm_.Resolve(value);
    ObjectClass klass = r->klass();
    const Intrinsics& in = vm_.realm().intrinsics();
    std::optional<U16> constructor = ConstructorName(value, recurse_times);

    U16 tag;
    if (in.sym_to_string_tag != nullptr) {
      PropertyKey tk = PropertyKey::Sym(in.sym_to_string_tag);
      VM::Lookup t = vm_.FindProperty(value, tk);
      if (t.found && !t.is_accessor() && t.value.IsString()) {
        tag = t.value.AsString()->ToU16();
        // An own (enumerable, or any with show_hidden) tag is printed as a property instead.
        if (!tag.empty() && t.holder == r && (opt_.show_hidden || (t.attrs & kEnumerable) != 0))
          tag.clear();
      }
    }

    U16 base;
    std::pair<U16, U16> braces = {u"{", u"}"};
    EntryType extras = EntryType::kObject;
    std::vector<PropertyKey> keys;
    enum class Kind { kPlain, kArray, kSet, kMap, kIterator, kPromise, kWeak };
    Kind kind = Kind::kPlain;
    bool is_entries_iterator = false;

    bool iterable = in.sym_iterator != nullptr &&
                    vm_.FindProperty(value, PropertyKey::Sym(in.sym_iterator)).found;
    bool handled = false;
    if (iterable || !constructor) {
      if (klass == ObjectClass::kArray) {
        auto* arr = static_cast<ArrayObject*>(r);
        U16 prefix =
            (constructor != U16(u"Array") || !tag.empty())
                ? Prefix(constructor, tag, u"Array", W(absl::StrCat("(", arr->length, ")")))
                : U16();
        for (const PropertyKey& k : Keys(value))
          if (!k.is_index()) keys.push_back(k);
        braces = {prefix + u"[", u"]"};
        if (arr->length == 0 && keys.empty()) return braces.first + u"]";
        extras = EntryType::kArrayExtras;
        kind = Kind::kArray;
        handled = true;
      } else if (klass == ObjectClass::kTypedArray) {
        // Node.js: `Uint8Array(3) [ 1, 2, 3 ]` (util.inspect formatTypedArray, without the hidden
        // buffer fields of showHidden).
        auto* ta = static_cast<TypedArrayObject*>(r);
        U16 name = W(TypedKindName(ta->kind));
        U16 prefix = Prefix(constructor, tag, name, W(absl::StrCat("(", ta->length, ")")));
        for (const PropertyKey& k : Keys(value))
          if (!k.is_index()) keys.push_back(k);
        braces = {prefix + u"[", u"]"};
        if (ta->length == 0 && keys.empty()) return braces.first + u"]";
        extras = EntryType::kArrayExtras;
        kind = Kind::kArray;
        handled = true;
      } else if (klass == ObjectClass::kSet || klass == ObjectClass::kMap) {
        auto* m = static_cast<MapObject*>(r);
        bool set = klass == ObjectClass::kSet;
        U16 prefix =
            Prefix(constructor, tag, set ? u"Set" : u"Map", W(absl::StrCat("(", m->live, ")")));
        keys = Keys(value);
        if (m->live == 0 && keys.empty()) return prefix + u"{}";
        braces = {prefix + u"{", u"}"};
        kind = set ? Kind::kSet : Kind::kMap;
        handled = true;
      } else if (klass == ObjectClass::kIterator) {
        auto* it = static_cast<IteratorObject*>(r);
        std::u16string_view type;
        switch (it->kind) {
          case IteratorObject::Kind::kMapKeys:
          case IteratorObject::Kind::kMapValues:
          case IteratorObject::Kind::kMapEntries:
            type = u"Map";
            break;
          case IteratorObject::Kind::kSetValues:
          case IteratorObject::Kind::kSetEntries:
            type = u"Set";
            break;
          default:
            break;
        }
        if (!type.empty()) {
          keys = Keys(value);
          U16 t = tag;
          U16 expected = U16(type) + u" Iterator";
          if (t != expected) {
            if (!t.empty()) t += u"] [";
            t += expected;
          }
          is_entries_iterator = it->kind == IteratorObject::Kind::kMapEntries ||
                                it->kind == IteratorObject::Kind::kSetEntries;
          if (is_entries_iterator) t = t.substr(0, t.size() - 9) + u" Entries";
          braces = {u"[" + t + u"] {", u"}"};
          kind = Kind::kIterator;
          handled = true;
        }
      }
    }
    if (!handled) {
      keys = Keys(value);
      braces = {u"{", u"}"};
      if (constructor && *constructor == u"Object" && klass != ObjectClass::kError &&
          klass != ObjectClass::kFunction) {
        if (klass == ObjectClass::kArguments) {
          braces.first = u"[Arguments] {";  // Node 20 lists the indices as keys
        } else if (!tag.empty()) {
          braces.first = Prefix(constructor, tag, u"Object") + u"{";
        }
        if (kind == Kind::kPlain && keys.empty()) return braces.first + u"}";
      } else if (klass == ObjectClass::kFunction) {
        base = FunctionBase(value, constructor, tag);
        // Own `length`, `name` and `prototype` are not enumerable; anything else is listed.
        if (keys.empty()) return base;
      } else if (klass == ObjectClass::kRegExp) {
        base = RegExpText(value);
        U16 prefix = Prefix(constructor, tag, u"RegExp");
        if (prefix != u"RegExp ") base = prefix + base;
        if (keys.empty() || recurse_times > opt_.depth) return base;
      } else if (klass == ObjectClass::kDate) {
        Value tv = r->internal();
        double t = tv.IsNumber() ? tv.AsNumber() : std::nan("");
        U16 text = std::isfinite(t) ? IsoDate(t) : U16(u"Invalid Date");
        if (keys.empty()) return text;
        base = text;
        U16 prefix = Prefix(constructor, tag, u"Date");
        if (prefix != u"Date ") base = prefix + base;
      } else if (klass == ObjectClass::kError) {
        base = FormatError(value, constructor, tag, &keys);
        if (keys.empty()) return base;
      } else if (klass == ObjectClass::kPromise) {
        braces.first = Prefix(constructor, tag, u"Promise") + u"{";
        kind = Kind::kPromise;
      } else if (klass == ObjectClass::kWeakSet || klass == ObjectClass::kWeakMap) {
        braces.first =
            Prefix(constructor, tag, klass == ObjectClass::kWeakSet ? u"WeakSet" : u"WeakMap") +
            u"{";
        kind = Kind::kWeak;
      } else if (klass == ObjectClass::kNumber || klass == ObjectClass::kString ||
                 klass == ObjectClass::kBoolean || klass == ObjectClass::kSymbol ||
                 (r->internal().IsBigInt() && klass == ObjectClass::kOrdinary)) {
        base = BoxedBase(value, constructor, tag, &keys);
        if (keys.empty()) return base;
      } else {
        if (keys.empty()) return Prefix(constructor, tag, u"Object") + u"{}";
        braces.first = Prefix(constructor, tag, u"Object") + u"{";
      }
    }

    if (recurse_times > opt_.depth || recurse_times > kMaxInspectNesting) {
      U16 name = Prefix(constructor, tag, u"Object");
      name.pop_back();
      if (constructor) name = u"[" + name + u"]";
      return name;
    }
    ++recurse_times;
    seen_.push_back(value);
    current_depth_ = recurse_times;

    std::vector<U16> output;
    switch (kind) {
      case Kind::kArray:
        output = FormatArrayLike(value,
                                 klass == ObjectClass::kTypedArray
                                     ? static_cast<TypedArrayObject*>(r)->length
                                     : static_cast<ArrayObject*>(r)->length,
                                 recurse_times);
        break;
      case Kind::kSet:
      case Kind::kMap:
        output = FormatCollection(static_cast<MapObject*>(r), kind == Kind::kMap, recurse_times);
        break;
      case Kind::kIterator:
        output =
            FormatIterator(static_cast<IteratorObject*>(r), is_entries_iterator, recurse_times);
        break;
      case Kind::kPromise:
        output = FormatPromise(static_cast<PromiseObject*>(r), recurse_times);
        break;
      case Kind::kWeak:
        output.push_back(u"<items unknown>");
        break;
      case Kind::kPlain:
        break;
    }
    for (const PropertyKey& k : keys)
      output.push_back(FormatProperty(value, k, recurse_times, extras));

    auto circ = circular_.find(value);
    if (circ != circular_.end()) {
      U16 reference = W(absl::StrCat("<ref *", circ->second, ">"));
      base = base.empty() ? reference : reference + u" " + base;
    }
    seen_.pop_back();
    return ReduceToSingleString(output, base, braces, extras, recurse_times, value);
  }

  // formatProperty.
  U16 FormatProperty(Object* obj, const PropertyKey& key, int recurse_times, EntryType type) {
    VM::Lookup d = vm_.GetOwnProperty(obj, key);
    U16 str;
    bool enumerable = true;
    if (!d.found) {
      Value v = DataProp(obj, key);
      indentation_ += 2;
      str = FormatValue(v, recurse_times);
      indentation_ -= 2;
    } else {
      enumerable = (d.attrs & kEnumerable) != 0;
      if (!d.is_accessor()) {
        indentation_ += 2;
        str = FormatValue(d.value, recurse_times);
        indentation_ -= 2;
      } else {
        auto* acc = static_cast<Accessor*>(d.value.AsHeap());
        bool g = !acc->getter.IsUndefined(), s = !acc->setter.IsUndefined();
        str = g ? (s ? U16(u"[Getter/Setter]") : U16(u"[Getter]"))
                : (s ? U16(u"[Setter]") : U16(u"undefined"));
      }
    }
    if (type == EntryType::kArray) return str;
    U16 name;
    if (key.is_symbol()) {
      name = u"[" + EscapeBare(SymbolToText(static_cast<Symbol*>(key.cell))) + u"]";
    } else {
      U16 k = vm_.KeyToString(key)->ToU16();
      if (k == u"__proto__") {
        name = u"['__proto__']";
      } else if (!enumerable) {
        name = u"[" + EscapeBare(k) + u"]";
      } else if (IsIdentifierKey(k)) {
        name = k;
      } else {
        name = StrEscape(k);
      }
    }
    return name + u": " + str;
  }

  // strEscapeSequencesReplacer without the quotes (symbol descriptions, hidden keys).
  static U16 EscapeBare(const U16& s) {
    U16 q = StrEscape(s);
    U16 inner = q.substr(1, q.size() - 2);
    // StrEscape escapes the single quote only when quoting with it; keep the text as Node does.
    U16 out;
    for (size_t i = 0; i < inner.size(); ++i) {
      if (inner[i] == '\\' && i + 1 < inner.size() && inner[i + 1] == '\'') continue;
      out.push_back(inner[i]);
    }
    return out;
  }

  // formatArray / formatSpecialArray over indexed own properties.
  std::vector<U16> FormatArrayLike(Object* value, uint32_t length, int recurse_times) {
    std::vector<U16> output;
    uint32_t max = static_cast<uint32_t>(std::max(0, opt_.max_array_length));
    uint32_t len = std::min(max, length);
    uint32_t i = 0;
    for (; i < len; ++i) {
      if (!HasOwn(value, PropertyKey::Index(i))) break;
      output.push_back(
          FormatProperty(value, PropertyKey::Index(i), recurse_times, EntryType::kArray));
    }
    if (i == len) {
      uint64_t remaining = static_cast<uint64_t>(length) - len;
      if (remaining > 0)
        output.push_back(
            W(absl::StrCat("... ", remaining, " more item", remaining > 1 ? "s" : "")));
      return output;
    }
    // Holes: "<N empty items>" runs between the present indices.
    std::vector<PropertyKey> keys = vm_.OwnKeys(value, true, false, true);
    uint64_t index = i;
    size_t ki = 0;
    while (ki < keys.size() && keys[ki].is_index() && keys[ki].index < i) ++ki;
    for (; ki < keys.size() && output.size() < len; ++ki) {
      const PropertyKey& k = keys[ki];
      if (!k.is_index()) break;
      if (k.index != index) {
        uint64_t empty = k.index - index;
        output.push_back(W(absl::StrCat("<", empty, " empty item", empty > 1 ? "s" : "", ">")));
        index = k.index;
        if (output.size() == len) break;
      }
      output.push_back(FormatProperty(value, k, recurse_times, EntryType::kArray));
      ++index;
    }
    uint64_t remaining = length - index;
    if (output.size() != len) {
      if (remaining > 0)
        output.push_back(
            W(absl::StrCat("<", remaining, " empty item", remaining > 1 ? "s" : "", ">")));
    } else if (remaining > 0) {
      output.push_back(W(absl::StrCat("... ", remaining, " more item", remaining > 1 ? "s" : "")));
    }
    return output;
  }

  std::vector<U16> FormatCollection(MapObject* m, bool is_map, int recurse_times) {
    std::vector<U16> output;
    uint32_t max = static_cast<uint32_t>(std::max(0, opt_.max_array_length));
    uint32_t shown = 0;
    indentation_ += 2;
    for (const auto& e : m->entries) {
      if (e.key.IsEmpty()) continue;
      if (shown >= max) break;
      ++shown;
      if (is_map) {
        output.push_back(FormatValue(e.key, recurse_times) + u" => " +
                         FormatValue(e.value, recurse_times));
      } else {
        output.push_back(FormatValue(e.key, recurse_times));
      }
    }
    indentation_ -= 2;
    if (m->live > shown) {
      uint32_t remaining = m->live - shown;
      output.push_back(W(absl::StrCat("... ", remaining, " more item", remaining > 1 ? "s" : "")));
    }
    return output;
  }

  // formatIterator over the entries a Map/Set iterator has not yet produced (not consumed).
  std::vector<U16> FormatIterator(IteratorObject* it, bool entries, int recurse_times) {
    std::vector<U16> output;
    if (it->done || !it->target.IsObject()) return output;
    SyncCollectionIterator(it);
    auto* m = static_cast<MapObject*>(it->target.AsObject());
    bool is_set = m->klass() == ObjectClass::kSet;
    uint32_t max = static_cast<uint32_t>(std::max(0, opt_.max_array_length));
    uint32_t shown = 0, total = 0;
    indentation_ += 2;
    for (uint64_t p = it->pos; p < m->entries.size(); ++p) {
      const auto& e = m->entries[p];
      if (e.key.IsEmpty()) continue;
      ++total;
      if (shown >= max) continue;
      ++shown;
      Value k = e.key, v = is_set ? e.key : e.value;
      if (entries) {
        std::vector<U16> pair = {FormatValue(k, recurse_times), FormatValue(v, recurse_times)};
        output.push_back(ReduceToSingleString(pair, U16(), {u"[", u"]"}, EntryType::kArrayExtras,
                                              recurse_times, nullptr));
      } else {
        output.push_back(
            FormatValue(it->kind == IteratorObject::Kind::kMapValues ? v : k, recurse_times));
      }
    }
    indentation_ -= 2;
    if (total > shown) {
      uint32_t remaining = total - shown;
      output.push_back(W(absl::StrCat("... ", remaining, " more item", remaining > 1 ? "s" : "")));
    }
    return output;
  }

  std::vector<U16> FormatPromise(PromiseObject* p, int recurse_times) {
    if (p->state == PromiseObject::State::kPending) return {u"<pending>"};
    indentation_ += 2;
    U16 str = FormatValue(p->result, recurse_times);
    indentation_ -= 2;
    if (p->state == PromiseObject::State::kRejected) return {u"<rejected> " + str};
    return {str};
  }

  U16 FunctionBase(Object* fn, const std::optional<U16>& constructor, const U16& tag) {
    auto* f = static_cast<FunctionObject*>(vm_.Resolve(fn));
    Value name_v = DataProp(fn, Atom(AtomId::name));
    U16 name = name_v.IsString() ? name_v.AsString()->ToU16() : U16();
    U16 type = u"Function";
    if (f->type == FunctionType::kClosure) {
      const auto* bc = static_cast<Closure*>(f)->proto_fn->bc;
      if (bc != nullptr && (bc->kind == bytecode::FunctionKind::kClassConstructor ||
                            bc->kind == bytecode::FunctionKind::kDerivedConstructor)) {
        VM::Lookup own = vm_.GetOwnProperty(fn, Atom(AtomId::name));
        U16 cname = own.found && !own.is_accessor() && own.value.IsString() &&
                            own.value.AsString()->length() > 0
                        ? own.value.AsString()->ToU16()
                        : U16(u"(anonymous)");
        U16 base = u"class " + cname;
        if (constructor && *constructor != u"Function") base += u" [" + *constructor + u"]";
        if (!tag.empty() && (!constructor || *constructor != tag)) base += u" [" + tag + u"]";
        if (constructor) {
          Object* sup = vm_.Resolve(fn)->proto();
          if (sup != nullptr) {
            Value sn = DataProp(sup, Atom(AtomId::name));
            if (sn.IsString() && sn.AsString()->length() > 0)
              base += u" extends " + sn.AsString()->ToU16();
          }
        } else {
          base += u" extends [null prototype]";
        }
        return u"[" + base + u"]";
      }
      if (bc != nullptr && bc->is_generator) type = u"Generator" + type;
      if (bc != nullptr && bc->is_async) type = u"Async" + type;
    }
    U16 base = u"[" + type;
    if (!constructor) base += u" (null prototype)";
    if (name.empty()) {
      base += u" (anonymous)";
    } else {
      base += u": " + name;
    }
    base += u"]";
    // Async/generator functions report their own constructor names in Node; ours share Function's.
    if (constructor && *constructor != type && *constructor != u"Function")
      base += u" " + *constructor;
    if (!tag.empty() && (!constructor || *constructor != tag)) base += u" [" + tag + u"]";
    return base;
  }

  U16 RegExpText(Object* re) { return RegExpDisplay(vm_, re); }

  U16 BoxedBase(Object* value, const std::optional<U16>& constructor, const U16& tag,
                std::vector<PropertyKey>* keys) {
    Object* r = vm_.Resolve(value);
    U16 type;
    switch (r->klass()) {
      case ObjectClass::kNumber:
        type = u"Number";
        break;
      case ObjectClass::kString: {
        type = u"String";
        // The indices of the wrapped string are noise.
        std::vector<PropertyKey> rest;
        for (const PropertyKey& k : *keys)
          if (!k.is_index()) rest.push_back(k);
        *keys = std::move(rest);
        break;
      }
      case ObjectClass::kBoolean:
        type = u"Boolean";
        break;
      case ObjectClass::kSymbol:
        type = u"Symbol";
        break;
      default:
        type = u"BigInt";
        break;
    }
    U16 base = u"[" + type;
    if (!constructor) {
      base += u" (null prototype)";
    } else if (*constructor != type) {
      base += u" (" + *constructor + u")";
    }
    int saved = indentation_;
    base += u": " + FormatPrimitive(r->internal()) + u"]";
    indentation_ = saved;
    if (!tag.empty() && (!constructor || tag != *constructor)) base += u" [" + tag + u"]";
    return base;
  }

  // formatError: the stack (its header rebuilt from the current name/message, as V8 formats `stack`
  // lazily), the constructor name made visible, own name/message/stack keys dropped when the stack
  // shows them, `cause` and `errors` always listed.
  U16 FormatError(Object* err, const std::optional<U16>& constructor, const U16& tag,
                  std::vector<PropertyKey>* keys) {
    Value name_v = DataProp(err, Atom(AtomId::name));
    Value msg_v = DataProp(err, Atom(AtomId::message));
    U16 name = name_v.IsNullish()
                   ? U16(u"Error")
                   : (name_v.IsString() ? name_v.AsString()->ToU16() : FormatPrimitiveRaw(name_v));
    U16 message = msg_v.IsString() ? msg_v.AsString()->ToU16() : U16();
    Value stack_v = DataProp(err, Atom(AtomId::stack));
    U16 header;
    {
      U16 n = name_v.IsUndefined() ? U16(u"Error") : name;
      U16 m =
          msg_v.IsUndefined() ? U16() : (msg_v.IsString() ? message : FormatPrimitiveRaw(msg_v));
      header = n.empty() ? m : (m.empty() ? n : n + u": " + m);
    }
    U16 stack;
    if (stack_v.IsString() && stack_v.AsString()->length() > 0) {
      stack = stack_v.AsString()->ToU16();
      size_t at = stack.find(u"\n    at <program>");
      if (at != U16::npos) stack = header + stack.substr(at);
    } else {
      stack = header;
    }
    // removeDuplicateErrorKeys.
    if (!opt_.show_hidden && !keys->empty()) {
      for (AtomId id : {AtomId::name, AtomId::message, AtomId::stack}) {
        PropertyKey k = Atom(id);
        auto it = std::find(keys->begin(), keys->end(), k);
        if (it == keys->end()) continue;
        Value v = DataProp(err, k);
        U16 text = v.IsString() ? v.AsString()->ToU16() : FormatPrimitiveRaw(v);
        if (Contains(stack, text)) keys->erase(it);
      }
    }
    PropertyKey cause = Atom(AtomId::cause);
    if (vm_.FindProperty(err, cause).found &&
        std::find(keys->begin(), keys->end(), cause) == keys->end())
      keys->push_back(cause);
    PropertyKey errors = Atom(AtomId::errors);
    Value ev = DataProp(err, errors);
    if (vm_.IsArray(ev) && std::find(keys->begin(), keys->end(), errors) == keys->end())
      keys->push_back(errors);
    // improveStack.
    size_t len = name.size();
    bool ends_error = name.size() >= 5 && name.compare(name.size() - 5, 5, u"Error") == 0;
    if (!constructor || (ends_error && stack.compare(0, len, name) == 0 &&
                         (stack.size() == len || stack[len] == ':' || stack[len] == '\n'))) {
      U16 fallback = u"Error";
      if (!constructor) {
        size_t colon = stack.find_first_of(u":\n");
        fallback = stack.substr(0, colon == U16::npos ? stack.size() : colon);
        len = fallback.size();
        if (fallback.empty()) fallback = u"Error";
      }
      U16 prefix = Prefix(constructor, tag, fallback);
      prefix.pop_back();
      if (name != prefix) {
        if (Contains(prefix, name)) {
          stack = len == 0 ? prefix + u": " + stack : prefix + stack.substr(len);
        } else {
          stack = prefix + u" [" + name + u"]" + stack.substr(len);
        }
      }
    }
    size_t pos = U16::npos;
    if (!message.empty()) {
      pos = stack.find(message);
      if (pos != U16::npos) pos += message.size();
    }
    size_t stack_start = stack.find(u"\n    at", pos == U16::npos ? 0 : pos);
    if (stack_start == U16::npos) stack = u"[" + stack + u"]";
    if (indentation_ != 0) {
      U16 out;
      for (char16_t c : stack) {
        out.push_back(c);
        if (c == '\n') out.append(static_cast<size_t>(indentation_), u' ');
      }
      stack = std::move(out);
    }
    return stack;
  }

  // String(v) for primitives (no quotes).
  U16 FormatPrimitiveRaw(Value v) {
    if (v.IsString()) return v.AsString()->ToU16();
    if (v.IsSymbol()) return SymbolToText(v.AsSymbol());
    if (v.IsObject()) return U16(u"[object Object]");
    String* s = vm_.ToStringPrimitive(v);
    return s ? s->ToU16() : U16();
  }

  // ---- layout

  U16 ReduceToSingleString(std::vector<U16> output, const U16& base,
                           const std::pair<U16, U16>& braces, EntryType extras, int recurse_times,
                           Object* value) {
    size_t entries = output.size();
    if (extras == EntryType::kArrayExtras && entries > 6)
      output = GroupArrayElements(output, value);
    if (current_depth_ - recurse_times < kCompact && entries == output.size()) {
      size_t start = output.size() + static_cast<size_t>(indentation_) + braces.first.size() +
                     base.size() + 10;
      if (IsBelowBreakLength(output, start, base)) {
        U16 joined;
        for (size_t i = 0; i < output.size(); ++i) {
          if (i) joined += u", ";
          joined += output[i];
        }
        if (!Contains(joined, u"\n")) {
          U16 r = base.empty() ? U16() : base + u" ";
          r += braces.first + u" " + joined + u" " + braces.second;
          return r;
        }
      }
    }
    U16 indentation = u"\n" + U16(static_cast<size_t>(indentation_), u' ');
    U16 r = base.empty() ? U16() : base + u" ";
    r += braces.first + indentation + u"  ";
    for (size_t i = 0; i < output.size(); ++i) {
      if (i) r += u"," + indentation + u"  ";
      r += output[i];
    }
    r += indentation + braces.second;
    Charge(r.size());
    return r;
  }

  bool IsBelowBreakLength(const std::vector<U16>& output, size_t start, const U16& base) {
    double total = static_cast<double>(output.size() + start);
    if (total + static_cast<double>(output.size()) > opt_.break_length) return false;
    for (const U16& s : output) {
      total += static_cast<double>(s.size());
      if (total > opt_.break_length) return false;
    }
    return base.empty() || !Contains(base, u"\n");
  }

  std::vector<U16> GroupArrayElements(const std::vector<U16>& output, Object* value) {
    size_t total_length = 0;
    size_t max_length = 0;
    size_t output_length = output.size();
    if (static_cast<size_t>(std::max(0, opt_.max_array_length)) < output.size()) --output_length;
    constexpr size_t kSeparatorSpace = 2;
    std::vector<size_t> data_len(output_length);
    for (size_t i = 0; i < output_length; ++i) {
      size_t len = output[i].size();
      data_len[i] = len;
      total_length += len + kSeparatorSpace;
      if (max_length < len) max_length = len;
    }
    size_t actual_max = max_length + kSeparatorSpace;
    if (static_cast<double>(actual_max * 3 + static_cast<size_t>(indentation_)) <
            opt_.break_length &&
        (static_cast<double>(total_length) / static_cast<double>(actual_max) > 5 ||
         max_length <= 6)) {
      double approx_char_heights = 2.5;
      double average_bias =
          std::sqrt(static_cast<double>(actual_max) -
                    static_cast<double>(total_length) / static_cast<double>(output.size()));
      double biased_max = std::max(static_cast<double>(actual_max) - 3 - average_bias, 1.0);
      double columns = std::min(
          {std::floor(
               std::sqrt(approx_char_heights * biased_max * static_cast<double>(output_length)) /
                   biased_max +
               0.5),
           std::floor((opt_.break_length - indentation_) / static_cast<double>(actual_max)),
           static_cast<double>(kCompact * 4), 15.0});
      if (columns <= 1) return output;
      auto cols = static_cast<size_t>(columns);
      std::vector<size_t> max_line_length;
      for (size_t i = 0; i < cols; ++i) {
        size_t line_length = 0;
        for (size_t j = i; j < output_length; j += cols)
          if (data_len[j] > line_length) line_length = data_len[j];
        max_line_length.push_back(line_length + kSeparatorSpace);
      }
      bool pad_start = true;  // right-align numbers
      if (value != nullptr) {
        for (size_t i = 0; i < output.size(); ++i) {
          VM::Lookup e = vm_.GetOwnProperty(value, PropertyKey::Index(static_cast<uint32_t>(i)));
          bool numeric = e.found && !e.is_accessor() &&
                         (e.value.IsNumber() || e.value.IsInt() || e.value.IsBigInt());
          if (!numeric) {
            pad_start = false;
            break;
          }
        }
      }
      std::vector<U16> tmp;
      for (size_t i = 0; i < output_length; i += cols) {
        size_t max = std::min(i + cols, output_length);
        U16 str;
        size_t j = i;
        for (; j < max - 1; ++j) {
          U16 cell = output[j] + u", ";
          size_t padding = max_line_length[j - i];
          if (cell.size() < padding) {
            if (pad_start) {
              cell.insert(0, padding - cell.size(), u' ');
            } else {
              cell.append(padding - cell.size(), u' ');
            }
          }
          str += cell;
        }
        if (pad_start) {
          size_t padding = max_line_length[j - i] - kSeparatorSpace;
          U16 cell = output[j];
          if (cell.size() < padding) cell.insert(0, padding - cell.size(), u' ');
          str += cell;
        } else {
          str += output[j];
        }
        tmp.push_back(std::move(str));
      }
      if (output_length < output.size()) tmp.push_back(output[output_length]);
      return tmp;
    }
    return output;
  }

  static constexpr int kCompact = 3;
  VM& vm_;
  InspectOptions opt_;
  int indentation_ = 0;
  int current_depth_ = 0;
  std::vector<Object*> seen_;
  absl::flat_hash_map<Object*, int> circular_;
  size_t work_ = 0;
};

std::string ToUtf8(const U16& s) { return support::Utf16ToUtf8(s); }

// ---------------------------------------------------------------------------------------- format

// %s of an object: Node prints String(arg) unless the object's toString is a built-in one, in which
// case it inspects with depth 0. Calling a program's toString is not possible here, so every object
// inspects.
U16 FormatS(VM& vm, Value v) {
  InspectOptions o;
  o.depth = 0;
  if (v.IsNumber()) return FormatNumber(v.AsNumber());
  if (v.IsBigInt()) {
    String* s = vm.ToStringPrimitive(v);
    return (s ? s->ToU16() : U16()) + u"n";
  }
  if (v.IsSymbol()) return SymbolToText(v.AsSymbol());
  if (!v.IsObject()) {
    String* s = vm.ToStringPrimitive(v);
    return s ? s->ToU16() : U16();
  }
  return Inspector(vm, o).Inspect(v);
}

// Number(v) for %d / %f on primitives; objects (which need valueOf) print NaN.
double NumberOf(VM& vm, Value v) {
  if (v.IsObject() || v.IsSymbol()) return std::nan("");
  if (v.IsBigInt()) return std::nan("");
  double d = vm.ToNumberPrimitive(v);
  if (vm.has_exception()) {
    vm.ClearException();
    return std::nan("");
  }
  return d;
}

U16 StringOfPrimitive(VM& vm, Value v) {
  if (v.IsString()) return v.AsString()->ToU16();
  if (v.IsSymbol()) return SymbolToText(v.AsSymbol());
  if (v.IsObject()) return U16(u"[object Object]");
  String* s = vm.ToStringPrimitive(v);
  return s ? s->ToU16() : U16();
}

U16 FormatJ(VM& vm, Value v) {
  JsonWalker walker(vm, {});
  switch (walker.Walk(v)) {
    case JsonWalker::Status::kOk: {
      String* s = walker.text().ToString(vm);
      return s->ToU16();
    }
    case JsonWalker::Status::kUndefined:
      return u"undefined";
    case JsonWalker::Status::kCycle:
      return u"[Circular]";
    case JsonWalker::Status::kThrown:
      vm.ClearException();
      return u"undefined";
    default:
      // toJSON / getters would need program code: show the value as inspect does.
      return Inspector(vm, InspectOptions{}).Inspect(v);
  }
}

U16 FormatArgs(VM& vm, const Value* args, uint32_t argc, const InspectOptions& base_options) {
  U16 str;
  uint32_t a = 0;
  U16 join;
  if (argc > 0 && args[0].IsString()) {
    U16 first = args[0].AsString()->ToU16();
    if (argc == 1) return first;
    size_t last_pos = 0;
    for (size_t i = 0; i + 1 < first.size(); ++i) {
      if (first[i] != '%') continue;
      char16_t next = first[++i];
      if (a + 1 != argc) {
        U16 temp;
        switch (next) {
          case 's':
            temp = FormatS(vm, args[++a]);
            break;
          case 'j':
            temp = FormatJ(vm, args[++a]);
            break;
          case 'd': {
            Value v = args[++a];
            if (v.IsBigInt()) {
              temp = FormatS(vm, v);
            } else {
              temp = FormatNumber(NumberOf(vm, v));
            }
            break;
          }
          case 'O':
            temp = Inspector(vm, base_options).Inspect(args[++a]);
            break;
          case 'o': {
            InspectOptions o = base_options;
            o.show_hidden = true;
            o.depth = 4;
            temp = Inspector(vm, o).Inspect(args[++a]);
            break;
          }
          case 'i': {
            Value v = args[++a];
            if (v.IsBigInt()) {
              temp = FormatS(vm, v);
            } else if (v.IsSymbol()) {
              temp = u"NaN";
            } else {
              temp = FormatNumber(support::ParseInt(StringOfPrimitive(vm, v), std::nan("")));
            }
            break;
          }
          case 'f': {
            Value v = args[++a];
            temp = v.IsSymbol() ? U16(u"NaN")
                                : FormatNumber(support::ParseFloat(StringOfPrimitive(vm, v)));
            break;
          }
          case 'c':
            ++a;
            break;
          case '%':
            str += first.substr(last_pos, i - last_pos);
            last_pos = i + 1;
            continue;
          default:
            continue;
        }
        if (last_pos != i - 1) str += first.substr(last_pos, i - 1 - last_pos);
        str += temp;
        last_pos = i + 1;
      } else if (next == '%') {
        str += first.substr(last_pos, i - last_pos);
        last_pos = i + 1;
      }
    }
    if (last_pos != 0) {
      ++a;
      join = u" ";
      if (last_pos < first.size()) str += first.substr(last_pos);
    }
  }
  while (a < argc) {
    Value v = args[a];
    str += join;
    str += v.IsString() ? v.AsString()->ToU16() : Inspector(vm, base_options).Inspect(v);
    join = u" ";
    ++a;
  }
  return str;
}

// ---------------------------------------------------------------------------------------- console

// Per-run state: a hidden ordinary object in the console object's internal slot.
struct ConsoleState {
  Object* obj;
};

Object* ConsoleObject(VM& vm, CallArgs& args) {
  Value d = static_cast<NativeFunction*>(vm.Resolve(args.callee))->data;
  return d.IsObject() ? d.AsObject() : nullptr;
}

Object* State(VM& vm, CallArgs& args) {
  Object* console = ConsoleObject(vm, args);
  if (console == nullptr) return nullptr;
  Value s = vm.Resolve(console)->internal();
  if (s.IsObject()) return s.AsObject();
  Object* state = vm.NewObjectWithProto(nullptr);
  vm.Writable(console)->set_internal(Value::FromObject(state));
  return state;
}

int GroupIndent(VM& vm, CallArgs& args) {
  Object* console = ConsoleObject(vm, args);
  if (console == nullptr) return 0;
  Value s = vm.Resolve(console)->internal();
  if (!s.IsObject()) return 0;
  Value v = vm.GetData(s.AsObject(), "groupIndent");
  return v.IsNumber() ? static_cast<int>(v.AsNumber()) : 0;
}

void Emit(VM& vm, CallArgs& args, std::string_view level, const U16& text) {
  if (vm.host() == nullptr) return;
  int indent = GroupIndent(vm, args);
  U16 line;
  if (indent > 0) {
    U16 pad(static_cast<size_t>(indent), u' ');
    line = pad;
    for (char16_t c : text) {
      line.push_back(c);
      if (c == '\n') line += pad;
    }
  } else {
    line = text;
  }
  vm.ChargeSteps(line.size() / 64 + 1);
  vm.host()->Log(level, ToUtf8(line));
}

constexpr const char* kLevels[] = {"log", "info", "debug", "warn", "error"};

// log / info / debug / warn / error (and dirxml): magic = level index.
Value ConsoleLog(VM& vm, CallArgs& args) {
  int level = static_cast<NativeFunction*>(args.callee)->magic;
  Emit(vm, args, kLevels[level], FormatArgs(vm, args.argv, args.argc, InspectOptions{}));
  return Value::Undefined();
}

// console.dir(obj, options): inspect with options.depth / showHidden (data properties).
Value ConsoleDir(VM& vm, CallArgs& args) {
  InspectOptions o;
  if (args[1].IsObject()) {
    Object* opts = args[1].AsObject();
    Value depth = vm.GetData(opts, "depth");
    if (depth.IsNull()) o.depth = kInspectUnlimited;
    if (depth.IsNumber()) {
      double d = depth.AsNumber();
      o.depth = d > 1e6         ? kInspectUnlimited
                : std::isnan(d) ? 0
                                : static_cast<int>(std::max(-1.0, d));
    }
    Value hidden = vm.GetData(opts, "showHidden");
    if (hidden.IsBool()) o.show_hidden = hidden.AsBool();
  }
  Emit(vm, args, "log", Inspector(vm, o).Inspect(args[0]));
  return Value::Undefined();
}

// console.trace(...args): "Trace: message" and the location, at the error level.
Value ConsoleTrace(VM& vm, CallArgs& args) {
  U16 text = u"Trace";
  if (args.argc > 0) text += u": " + FormatArgs(vm, args.argv, args.argc, InspectOptions{});
  uint32_t line = 0, col = 0;
  vm.CurrentLocation(&line, &col);
  if (line > 0) Put(&text, absl::StrCat("\n    at <program>:", line, ":", col));
  Emit(vm, args, "error", text);
  return Value::Undefined();
}

// console.assert(value, ...args): "Assertion failed[: ...]" at the warn level when value is falsy.
Value ConsoleAssert(VM& vm, CallArgs& args) {
  if (VM::ToBoolean(args[0])) return Value::Undefined();
  std::vector<Value> rest(args.argv + std::min<uint32_t>(1, args.argc), args.argv + args.argc);
  U16 first = u"Assertion failed";
  if (!rest.empty()) {
    first += u": " + StringOfPrimitive(vm, rest[0]);
    rest[0] = Value::FromString(vm.NewStringU16(first));
  } else {
    rest.push_back(Value::FromString(vm.NewStringU16(first)));
  }
  Emit(vm, args, "warn", FormatArgs(vm, rest.data(), static_cast<uint32_t>(rest.size()), {}));
  return Value::Undefined();
}

// console.group(...label) / groupCollapsed: prints the label, then indents by two spaces.
Value ConsoleGroup(VM& vm, CallArgs& args) {
  if (args.argc > 0) Emit(vm, args, "log", FormatArgs(vm, args.argv, args.argc, InspectOptions{}));
  Object* state = State(vm, args);
  if (state != nullptr)
    vm.DefineOwnProperty(state, vm.KeyFromName("groupIndent"),
                         Value::Number(GroupIndent(vm, args) + 2), kDefaultAttrs);
  return Value::Undefined();
}

Value ConsoleGroupEnd(VM& vm, CallArgs& args) {
  int indent = GroupIndent(vm, args);
  if (indent <= 0) return Value::Undefined();
  Object* state = State(vm, args);
  if (state != nullptr)
    vm.DefineOwnProperty(state, vm.KeyFromName("groupIndent"), Value::Number(indent - 2),
                         kDefaultAttrs);
  return Value::Undefined();
}

// The label argument: undefined → "default", otherwise String(label) for primitives.
U16 Label(VM& vm, Value v) {
  if (v.IsUndefined()) return u"default";
  return StringOfPrimitive(vm, v);
}

Object* Table(VM& vm, CallArgs& args, const char* name) {
  Object* state = State(vm, args);
  if (state == nullptr) return nullptr;
  PropertyKey k = vm.KeyFromName(name);
  Value t = vm.GetOwnProperty(state, k).value;
  if (t.IsObject()) return t.AsObject();
  Object* table = vm.NewObjectWithProto(nullptr);
  vm.DefineOwnProperty(state, k, Value::FromObject(table), kDefaultAttrs);
  return table;
}

// console.count(label) / countReset(label): magic 0 count, 1 reset.
Value ConsoleCount(VM& vm, CallArgs& args) {
  bool reset = static_cast<NativeFunction*>(args.callee)->magic == 1;
  U16 label = Label(vm, args[0]);
  Object* counts = Table(vm, args, "counts");
  if (counts == nullptr) return Value::Undefined();
  PropertyKey key = vm.KeyFromPrimitive(Value::FromString(vm.NewStringU16(label)));
  VM::Lookup cur = vm.GetOwnProperty(counts, key);
  if (reset) {
    if (!cur.found) {
      Emit(vm, args, "warn", u"Count for '" + label + u"' does not exist");
      return Value::Undefined();
    }
    vm.DefineOwnProperty(counts, key, Value::Number(0), kDefaultAttrs);
    return Value::Undefined();
  }
  double n = cur.found && cur.value.IsNumber() ? cur.value.AsNumber() + 1 : 1;
  vm.DefineOwnProperty(counts, key, Value::Number(n), kDefaultAttrs);
  Emit(vm, args, "info", label + u": " + FormatNumber(n));
  return Value::Undefined();
}

// console.time / timeEnd / timeLog: magic 0 time, 1 timeEnd, 2 timeLog. Durations print as 0ms:
// runs are deterministic (DESIGN §3.6) and the clock belongs to the runtime.
Value ConsoleTime(VM& vm, CallArgs& args) {
  int op = static_cast<NativeFunction*>(args.callee)->magic;
  U16 label = Label(vm, args[0]);
  Object* timers = Table(vm, args, "timers");
  if (timers == nullptr) return Value::Undefined();
  PropertyKey key = vm.KeyFromPrimitive(Value::FromString(vm.NewStringU16(label)));
  bool exists = vm.GetOwnProperty(timers, key).found;
  static const char* kNames[] = {"console.time()", "console.timeEnd()", "console.timeLog()"};
  if (op == 0) {
    if (exists) {
      Emit(vm, args, "warn",
           u"Warning: Label '" + label + u"' already exists for " + W(kNames[op]));
      return Value::Undefined();
    }
    vm.DefineOwnProperty(timers, key, Value::Bool(true), kDefaultAttrs);
    return Value::Undefined();
  }
  if (!exists) {
    Emit(vm, args, "warn", u"Warning: No such label '" + label + u"' for " + W(kNames[op]));
    return Value::Undefined();
  }
  U16 text = label + u": 0ms";
  if (op == 2 && args.argc > 1) text += u" " + FormatArgs(vm, args.argv + 1, args.argc - 1, {});
  if (op == 1) vm.DeleteProperty(timers, key);
  Emit(vm, args, "info", text);
  return Value::Undefined();
}

// ---- console.table (lib/internal/cli_table.js)

size_t StringWidth(const U16& s) {
  size_t width = 0;
  for (support::CodePointInfo cp : support::CodePoints(s)) {
    int w = utf8proc_charwidth(static_cast<utf8proc_int32_t>(cp.code_point));
    width += static_cast<size_t>(std::max(0, w));
  }
  return width;
}

U16 RenderRow(const std::vector<U16>& row, const std::vector<size_t>& widths) {
  U16 out = u"│ ";
  for (size_t i = 0; i < row.size(); ++i) {
    size_t len = StringWidth(row[i]);
    // Node 20 left-aligns cells.
    out += row[i];
    out.append(widths[i] - len, u' ');
    if (i + 1 != row.size()) out += u" │ ";
  }
  out += u" │";
  return out;
}

U16 RenderTable(const std::vector<U16>& head, const std::vector<std::vector<U16>>& columns,
                const std::vector<std::vector<bool>>& present) {
  std::vector<size_t> widths;
  for (const U16& h : head) widths.push_back(StringWidth(h));
  size_t longest = 0;
  for (const auto& c : columns) longest = std::max(longest, c.size());
  std::vector<std::vector<U16>> rows(longest, std::vector<U16>(head.size()));
  for (size_t i = 0; i < head.size(); ++i) {
    for (size_t j = 0; j < longest; ++j) {
      bool has = j < columns[i].size() && j < present[i].size() && present[i][j];
      rows[j][i] = has ? columns[i][j] : U16();
      widths[i] = std::max(widths[i], StringWidth(rows[j][i]));
    }
  }
  auto divider = [&](std::u16string_view left, std::u16string_view mid, std::u16string_view right) {
    U16 out(left);
    for (size_t i = 0; i < widths.size(); ++i) {
      if (i) out += mid;
      out.append(widths[i] + 2, u'─');
    }
    out += right;
    return out;
  };
  U16 result = divider(u"┌", u"┬", u"┐") + u"\n" + RenderRow(head, widths) + u"\n" +
               divider(u"├", u"┼", u"┤") + u"\n";
  for (const auto& row : rows) result += RenderRow(row, widths) + u"\n";
  result += divider(u"└", u"┴", u"┘");
  return result;
}

U16 TableCell(VM& vm, Value v) {
  InspectOptions o;
  o.max_array_length = 3;
  o.break_length = std::numeric_limits<double>::infinity();
  o.depth = 0;
  // Node: objects with more than two keys collapse to [Object] (depth -1).
  if (v.IsObject() && !vm.IsArray(v) && vm.OwnKeys(v.AsObject(), true, false, true).size() > 2)
    o.depth = -1;
  return Inspector(vm, o).Inspect(v);
}

// console.table(data[, properties]).
Value ConsoleTable(VM& vm, CallArgs& args) {
  Value data = args[0];
  if (!data.IsObject()) return ConsoleLog(vm, args);
  Object* obj = data.AsObject();
  Object* r = vm.Resolve(obj);
  auto index_column = [&](size_t n) {
    std::vector<U16> col;
    for (size_t i = 0; i < n; ++i) col.push_back(FormatNumber(static_cast<double>(i)));
    return col;
  };
  auto all = [](size_t n) { return std::vector<bool>(n, true); };
  if (r->klass() == ObjectClass::kMap) {
    auto* m = static_cast<MapObject*>(r);
    std::vector<U16> keys, values;
    for (const auto& e : m->entries) {
      if (e.key.IsEmpty()) continue;
      keys.push_back(TableCell(vm, e.key));
      values.push_back(TableCell(vm, e.value));
    }
    size_t n = keys.size();
    Emit(vm, args, "log",
         RenderTable({u"(iteration index)", u"Key", u"Values"}, {index_column(n), keys, values},
                     {all(n), all(n), all(n)}));
    return Value::Undefined();
  }
  if (r->klass() == ObjectClass::kSet) {
    auto* m = static_cast<MapObject*>(r);
    std::vector<U16> values;
    for (const auto& e : m->entries)
      if (!e.key.IsEmpty()) values.push_back(TableCell(vm, e.key));
    size_t n = values.size();
    Emit(vm, args, "log",
         RenderTable({u"(iteration index)", u"Values"}, {index_column(n), values},
                     {all(n), all(n)}));
    return Value::Undefined();
  }
  // Rows: the data's own enumerable keys; columns: the union of the rows' keys (or `properties`).
  std::vector<PropertyKey> row_keys = vm.OwnKeys(obj, true, false, true);
  std::vector<PropertyKey> props;
  bool has_props = false;
  if (vm.IsArray(args[1])) {
    has_props = true;
    Object* p = args[1].AsObject();
    uint32_t len = static_cast<ArrayObject*>(vm.Resolve(p))->length;
    for (uint32_t i = 0; i < len; ++i) {
      Value k = vm.GetData(p, PropertyKey::Index(i));
      if (k.IsObject()) continue;
      props.push_back(vm.KeyFromPrimitive(k));
    }
  }
  // Column order follows first appearance, then JS property order (integer keys first) as Node's
  // null-prototype accumulator object does.
  Object* order = vm.NewObjectWithProto(nullptr);
  std::vector<std::vector<U16>> cells;
  std::vector<std::vector<bool>> present;
  absl::flat_hash_map<uint64_t, size_t> column_of;  // key bits → column
  std::vector<PropertyKey> columns;
  auto key_id = [](const PropertyKey& k) {
    return k.is_index() ? (static_cast<uint64_t>(k.index) << 1) | 1
                        : reinterpret_cast<uint64_t>(k.cell);
  };
  std::vector<U16> values_column(row_keys.size());
  std::vector<bool> values_present(row_keys.size(), false);
  bool has_primitives = false;
  for (size_t i = 0; i < row_keys.size(); ++i) {
    Value item = vm.GetData(obj, row_keys[i]);
    bool primitive = !item.IsObject();
    if (!has_props && primitive) {
      has_primitives = true;
      values_column[i] = TableCell(vm, item);
      values_present[i] = true;
      continue;
    }
    std::vector<PropertyKey> keys =
        has_props ? props : vm.OwnKeys(item.AsObject(), true, false, true);
    for (const PropertyKey& k : keys) {
      uint64_t id = key_id(k);
      auto it = column_of.find(id);
      size_t c;
      if (it == column_of.end()) {
        c = columns.size();
        column_of.emplace(id, c);
        columns.push_back(k);
        cells.emplace_back(row_keys.size());
        present.emplace_back(row_keys.size(), false);
        vm.DefineOwnProperty(order, k, Value::Number(static_cast<double>(c)), kDefaultAttrs);
      } else {
        c = it->second;
      }
      if (primitive || !vm.GetOwnProperty(item.AsObject(), k).found) {
        cells[c][i] = U16();
      } else {
        cells[c][i] = TableCell(vm, vm.GetData(item.AsObject(), k));
      }
      present[c][i] = true;
    }
  }
  std::vector<U16> head = {u"(index)"};
  std::vector<std::vector<U16>> cols;
  std::vector<std::vector<bool>> pres;
  std::vector<U16> index_col;
  for (const PropertyKey& k : row_keys) index_col.push_back(vm.KeyToString(k)->ToU16());
  cols.push_back(index_col);
  pres.push_back(all(row_keys.size()));
  for (const PropertyKey& k : vm.OwnKeys(order, true, false, false)) {
    size_t c = column_of[key_id(k)];
    head.push_back(vm.KeyToString(k)->ToU16());
    cols.push_back(cells[c]);
    pres.push_back(present[c]);
  }
  if (has_primitives) {
    head.push_back(u"Values");
    cols.push_back(values_column);
    pres.push_back(values_present);
  }
  Emit(vm, args, "log", RenderTable(head, cols, pres));
  return Value::Undefined();
}

}  // namespace

std::string InspectValue(VM& vm, Value v, const InspectOptions& options) {
  return ToUtf8(Inspector(vm, options).Inspect(v));
}

std::string FormatLogArguments(VM& vm, const Value* args, uint32_t argc) {
  return ToUtf8(FormatArgs(vm, args, argc, InspectOptions{}));
}

void InstallConsoleBuiltins(VM& vm, Intrinsics& in) {
  Object* console = vm.NewObject();
  auto method = [&](std::string_view name, NativeFn fn, uint32_t length, int32_t magic = 0) {
    NativeFunction* f = vm.DefineMethod(console, name, fn, length, magic);
    f->data = Value::FromObject(console);
    // Node's console methods are own enumerable properties.
    vm.DefineOwnProperty(console, vm.KeyFromName(name), Value::FromObject(f), kDefaultAttrs);
  };
  method("log", ConsoleLog, 0, 0);
  method("warn", ConsoleLog, 0, 3);
  method("dir", ConsoleDir, 0);
  method("time", ConsoleTime, 0, 0);
  method("timeEnd", ConsoleTime, 0, 1);
  method("timeLog", ConsoleTime, 0, 2);
  method("trace", ConsoleTrace, 0);
  method("assert", ConsoleAssert, 0);
  method(
      "clear", [](VM&, CallArgs&) { return Value::Undefined(); }, 0);
  method("count", ConsoleCount, 0, 0);
  method("countReset", ConsoleCount, 0, 1);
  method("group", ConsoleGroup, 0);
  method("groupEnd", ConsoleGroupEnd, 0);
  method("table", ConsoleTable, 0);
  method("debug", ConsoleLog, 0, 2);
  method("info", ConsoleLog, 0, 1);
  method("dirxml", ConsoleLog, 0, 0);
  method("error", ConsoleLog, 0, 4);
  method("groupCollapsed", ConsoleGroup, 0);
  if (in.sym_to_string_tag != nullptr)
    vm.DefineOwnProperty(console, PropertyKey::Sym(in.sym_to_string_tag), vm.Str("console"),
                         kConfigurable);
  vm.DefineValue(in.global, "console", Value::FromObject(console), kHiddenAttrs);
}

}  // namespace codemode::vm
