// VM: allocation, conversions of primitives, errors, promises and the job queue, host calls, limits, GC.
// The interpreter loop is in interpreter.cc; the object model in objects.cc.
// VM-CORE-READY
#include "vm/lua/table.h"
#include "vm/vm.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "vm/bigint.h"
#include "vm/builtins/error.h"
#include "vm/realm.h"
#include "vm/support/numconv.h"

namespace codemode::vm {

namespace {
// Canonical key of a string's content for atom tables: a kind byte then the raw units.
std::string AtomKeyLatin1(std::string_view s) {
  std::string k;
  k.reserve(s.size() + 1);
  k.push_back('\x01');
  k.append(s);
  return k;
}
std::string AtomKeyOf(String* s) {
  s->Flatten();
  if (s->is_one_byte()) return AtomKeyLatin1(s->one_byte_view());
  auto v = s->two_byte_view();
  std::string k(1, '\x02');
  k.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(char16_t));
  return k;
}
}  // namespace

// ------------------------------------------------------------------------------------ construction

VM::VM(const Realm* realm, VmLimits limits)
    : realm_(realm), own_heap_(std::make_unique<Heap>()), heap_(own_heap_.get()), limits_(limits) {
  empty_shape_ = heap_->Alloc<Shape>();
  function_shape_ = heap_->Alloc<Shape>();
  function_shape_->entries_ = {{atom(AtomId::length), kConfigurable},
                               {atom(AtomId::name), kConfigurable}};
  array_shape_ = empty_shape_;
  stack_.resize(1024);
  frames_.reserve(64);
  heap_->set_limit_check_countdown(&steps_until_check_);
}

VM::VM(Realm* realm, bool bootstrap)
    : realm_(realm), bootstrap_realm_(realm), heap_(realm->heap_.get()) {
  bootstrapping_ = bootstrap;
  stack_.resize(1024);
}

VM::~VM() = default;

Object* VM::global() const { return realm_->intrinsics().global; }
String* VM::atom(AtomId id) const { return realm_->atom(id); }
String* VM::empty_string() const { return realm_->atom(AtomId::empty); }

// ------------------------------------------------------------------------------------ strings

String* VM::NewStringLatin1(std::string latin1) { return NewFlatString(*heap_, latin1); }

String* VM::LuaConcatStrings(String* a, String* b) {
  const size_t total = size_t{a->length()} + b->length();
  if (total > kLuaShortString || a->is_rope() || b->is_rope() || !a->is_one_byte() ||
      !b->is_one_byte())
    return Concat(a, b);
  char buf[kLuaShortString];
  const std::string_view x = a->bytes(), y = b->bytes();
  std::memcpy(buf, x.data(), x.size());
  std::memcpy(buf + x.size(), y.data(), y.size());
  return NewStringBytes(std::string_view(buf, total));
}

String* VM::NewStringBytes(std::string_view bytes) {
  if (bytes.size() > kLuaShortString) return NewFlatString(*heap_, bytes);
  auto it = lua_strings_.find(bytes);
  if (it != lua_strings_.end()) return *it;
  String* s = NewFlatString(*heap_, bytes);
  lua_strings_.insert(s);  // hashes `s` (and keeps the hash in it)
  const size_t now = lua_strings_.capacity() * (sizeof(String*) + 1);
  if (now != lua_strings_bytes_) {
    heap_->AccountExternal(static_cast<int64_t>(now) - static_cast<int64_t>(lua_strings_bytes_));
    lua_strings_bytes_ = now;
  }
  return s;
}

String* VM::NewStringU16(std::u16string units) {
  if (FitsOneByte(units)) {
    std::string s(units.size(), '\0');
    for (size_t i = 0; i < units.size(); ++i) s[i] = static_cast<char>(units[i]);
    return NewFlatString(*heap_, s);
  }
  return NewFlatString(*heap_, units);
}

String* VM::NewStringUtf8(std::string_view utf8) {
  bool ascii = true;
  for (unsigned char c : utf8)
    if (c >= 0x80) {
      ascii = false;
      break;
    }
  if (ascii) return NewStringLatin1(std::string(utf8));
  std::u16string out;
  out.reserve(utf8.size());
  size_t i = 0;
  while (i < utf8.size()) {
    unsigned char c = utf8[i];
    uint32_t cp = 0xFFFD;
    int len = 1;
    if (c < 0x80) {
      cp = c;
    } else if ((c & 0xE0) == 0xC0 && i + 1 < utf8.size()) {
      cp = ((c & 0x1F) << 6) | (utf8[i + 1] & 0x3F);
      len = 2;
      if (cp < 0x80) cp = 0xFFFD;
    } else if ((c & 0xF0) == 0xE0 && i + 2 < utf8.size()) {
      cp = ((c & 0x0F) << 12) | ((utf8[i + 1] & 0x3F) << 6) | (utf8[i + 2] & 0x3F);
      len = 3;
      if (cp < 0x800) cp = 0xFFFD;
    } else if ((c & 0xF8) == 0xF0 && i + 3 < utf8.size()) {
      cp = ((c & 0x07) << 18) | ((utf8[i + 1] & 0x3F) << 12) | ((utf8[i + 2] & 0x3F) << 6) |
           (utf8[i + 3] & 0x3F);
      len = 4;
      if (cp < 0x10000 || cp > 0x10FFFF) cp = 0xFFFD;
    }
    i += len;
    if (cp >= 0x10000) {
      cp -= 0x10000;
      out.push_back(static_cast<char16_t>(0xD800 + (cp >> 10)));
      out.push_back(static_cast<char16_t>(0xDC00 + (cp & 0x3FF)));
    } else {
      out.push_back(static_cast<char16_t>(cp));
    }
  }
  return NewStringU16(std::move(out));
}

String* VM::Concat(String* a, String* b) {
  if (a->length() == 0) return b;
  if (b->length() == 0) return a;
  uint64_t total = static_cast<uint64_t>(a->length()) + b->length();
  if (total > limits_.max_string_length) {
    ThrowRangeError("Invalid string length");
    return nullptr;
  }
  if (total <= 32 && !a->is_rope() && !b->is_rope()) {
    if (a->is_one_byte() && b->is_one_byte()) {
      std::string s;
      s.reserve(total);
      s.append(a->one_byte_view());
      s.append(b->one_byte_view());
      return NewStringLatin1(std::move(s));
    }
    std::u16string s = a->ToU16();
    s += b->ToU16();
    return NewFlatString(*heap_, s);
  }
  if (total > limits_.max_memory_bytes) {
    // Flattening would need at least `total` bytes: the run cannot afford this string.
    Terminate(Termination::kMemoryLimit, "string exceeds the memory limit");
    ThrowRangeError("Invalid string length");
    return nullptr;
  }
  return heap_->Alloc<String>(a, b);
}

String* VM::Substring(String* s, uint32_t from, uint32_t to) {
  if (from == 0 && to == s->length()) return s;
  if (to <= from) return empty_string();
  s->Flatten();
  if (s->is_one_byte()) return NewStringLatin1(std::string(s->one_byte_view().substr(from, to - from)));
  return NewStringU16(std::u16string(s->two_byte_view().substr(from, to - from)));
}

String* VM::Intern(std::string_view ascii) {
  std::string key = AtomKeyLatin1(ascii);
  if (String* s = realm_->FindAtom(key)) return s;
  auto& table = bootstrapping_ ? bootstrap_realm_->atom_table_ : atoms_;
  auto it = table.find(key);
  if (it != table.end()) return it->second;
  String* s = NewStringLatin1(std::string(ascii));
  s->atom_ = true;
  s->Hash();
  table.emplace(std::move(key), s);
  return s;
}

String* VM::Intern(String* str) {
  if (str->atom_) return str;
  std::string key = AtomKeyOf(str);
  if (String* s = realm_->FindAtom(key)) return s;
  auto& table = bootstrapping_ ? bootstrap_realm_->atom_table_ : atoms_;
  auto it = table.find(key);
  if (it != table.end()) return it->second;
  str->Flatten();
  String* s = str;
  s->atom_ = true;
  s->Hash();
  table.emplace(std::move(key), s);
  return s;
}

Symbol* VM::NewSymbol(Value description) { return heap_->Alloc<Symbol>(description); }

// ------------------------------------------------------------------------------------ objects

Object* VM::NewObject() { return NewObjectWithProto(realm_->intrinsics().object_prototype); }

Object* VM::NewObjectWithProto(Object* proto, ObjectClass klass) {
  return heap_->AllocWithSlots<Object>(kObjectInlineSlots, klass, empty_shape_, proto);
}

ArrayObject* VM::NewArray(uint32_t capacity) {
  auto* a = heap_->Alloc<ArrayObject>(array_shape_, realm_->intrinsics().array_prototype);
  if (capacity > 0) {
    a->elements_.reserve(std::min<uint32_t>(capacity, 1u << 16));
    heap_->Account(static_cast<int64_t>(a->elements_.capacity() * sizeof(Value)));
  }
  return a;
}

ArrayObject* VM::NewArrayFrom(std::span<const Value> values) {
  auto* a = heap_->Alloc<ArrayObject>(array_shape_, realm_->intrinsics().array_prototype);
  a->elements_.assign(values.begin(), values.end());
  a->length = static_cast<uint32_t>(values.size());
  heap_->Account(static_cast<int64_t>(a->elements_.capacity() * sizeof(Value)));
  return a;
}

NativeFunction* VM::NewNative(std::string_view name, NativeFn fn, uint32_t length, int32_t magic,
                              bool constructor) {
  auto* f = heap_->AllocWithSlots<NativeFunction>(2, function_shape_, realm_->intrinsics().function_prototype,
                                         fn, magic);
  f->slots_ = {Value::Number(length), Value::FromString(Intern(name))};
  f->is_constructor = constructor;
  return f;
}

Closure* VM::NewClosure(Proto* proto, Closure* parent, Value* parent_regs) {
  const auto* bc = proto->bc;
  // Two inline slots: a function's own `length` and `name`.
  auto* c = heap_->AllocWithSlots<Closure>(2, function_shape_, realm_->intrinsics().function_prototype,
                                           proto);
  c->slots_ = {Value::Number(bc->length), Value::FromString(proto->name)};
  if (bc->is_async && !bc->is_generator && realm_->intrinsics().async_function_prototype)
    c->proto_ = realm_->intrinsics().async_function_prototype;
  bool constructor = bc->kind == bytecode::FunctionKind::kNormal && !bc->is_async && !bc->is_generator;
  c->is_constructor = constructor || bc->kind == bytecode::FunctionKind::kClassConstructor ||
                      bc->kind == bytecode::FunctionKind::kDerivedConstructor;
  // A generator function's `prototype` (an object inheriting %GeneratorPrototype%, no
  // `constructor`; ECMA-262 §15.5.4) is materialized on first access like a constructor's.
  if (bc->is_generator && realm_->intrinsics().generator_function_prototype)
    c->proto_ = bc->is_async ? realm_->intrinsics().async_generator_function_prototype
                             : realm_->intrinsics().generator_function_prototype;
  c->prototype_pending = constructor || bc->is_generator;
  c->upvals.reserve(bc->upvalues.size());
  for (const auto& uv : bc->upvalues) {
    Cell* cell = nullptr;
    if (uv.from_parent_register) {
      Value v = parent_regs[uv.index];
      cell = v.IsInternal() && v.AsHeap()->cell_kind() == CellKind::kCell
                 ? static_cast<Cell*>(v.AsHeap())
                 : nullptr;
    } else if (parent != nullptr && uv.index < parent->upvals.size()) {
      cell = parent->upvals[uv.index];
    }
    if (cell == nullptr) cell = NewCell(Value::Undefined());  // verifier prevents this; stay safe
    c->upvals.push_back(cell);
  }
  heap_->Account(static_cast<int64_t>(c->upvals.capacity() * sizeof(Cell*)));
  return c;
}

PromiseObject* VM::NewPromise() {
  auto* p = heap_->Alloc<PromiseObject>(empty_shape_, realm_->intrinsics().promise_prototype);
  p->serial = ++promise_serial_;
  return p;
}

MapObject* VM::NewMap(bool is_set) {
  const auto& in = realm_->intrinsics();
  return heap_->Alloc<MapObject>(is_set ? ObjectClass::kSet : ObjectClass::kMap, empty_shape_,
                                 is_set ? in.set_prototype : in.map_prototype);
}

IteratorObject* VM::NewIterator(IteratorObject::Kind kind, Value target) {
  const auto& in = realm_->intrinsics();
  Object* proto = in.array_iterator_prototype;
  switch (kind) {
    case IteratorObject::Kind::kStringValues:
      proto = in.string_iterator_prototype;
      break;
    case IteratorObject::Kind::kMapKeys:
    case IteratorObject::Kind::kMapValues:
    case IteratorObject::Kind::kMapEntries:
      proto = in.map_iterator_prototype;
      break;
    case IteratorObject::Kind::kSetValues:
    case IteratorObject::Kind::kSetEntries:
      proto = in.set_iterator_prototype;
      break;
    case IteratorObject::Kind::kForIn:
      proto = in.forin_iterator_prototype;
      break;
    default:
      break;
  }
  auto* it = heap_->Alloc<IteratorObject>(empty_shape_, proto, kind);
  it->target = target;
  return it;
}

Cell* VM::NewCell(Value v) { return heap_->Alloc<Cell>(v); }

Object* VM::NewError(ErrorType type, std::string_view message) {
  // One shape for engine-made and program-made errors (vm/builtins/error.cc): stack, message, cause.
  return MakeError(*this, type, message.empty() ? Value::Undefined() : Str(message));
}

// ------------------------------------------------------------------------------------ conversions

bool VM::ToBoolean(Value v) {
  switch (v.tag()) {
    case Tag::kUndefined:
    case Tag::kNull:
    case Tag::kEmpty:
      return false;
    case Tag::kBool:
      return v.AsBool();
    case Tag::kNumber: {
      double d = v.AsNumber();
      return !(d == 0 || std::isnan(d));
    }
    case Tag::kInt:
      return v.AsInt() != 0;
    case Tag::kString:
      return v.AsString()->length() != 0;
    case Tag::kBigInt:
      return !v.AsBigInt()->is_zero();
    default:
      return true;
  }
}

double VM::ToNumberPrimitive(Value v) {
  switch (v.tag()) {
    case Tag::kUndefined:
      return std::nan("");
    case Tag::kNull:
      return 0;
    case Tag::kBool:
      return v.AsBool() ? 1 : 0;
    case Tag::kNumber:
      return v.AsNumber();
    case Tag::kInt:
      return static_cast<double>(v.AsInt());
    case Tag::kString: {
      String* s = v.AsString();
      s->Flatten();
      if (s->is_one_byte()) {
        auto b = s->one_byte_view();
        // Fast path for plain decimal integers.
        if (!b.empty() && b.size() < 16) {
          bool digits = true;
          double r = 0;
          for (char c : b) {
            if (c < '0' || c > '9') {
              digits = false;
              break;
            }
            r = r * 10 + (c - '0');
          }
          if (digits) return r;
        }
      }
      return support::StringToNumber(s->ToU16());
    }
    case Tag::kSymbol:
      ThrowTypeError("Cannot convert a Symbol value to a number");
      return std::nan("");
    case Tag::kBigInt:
      ThrowTypeError("Cannot convert a BigInt value to a number");
      return std::nan("");
    default:
      return std::nan("");
  }
}

String* VM::NumberToString(double d) {
  if (d >= 0 && d < 10 && d == static_cast<int>(d)) {
    char c = static_cast<char>('0' + static_cast<int>(d));
    return Intern(std::string_view(&c, 1));
  }
  return NewStringLatin1(support::NumberToString(d));
}

String* VM::ToStringPrimitive(Value v) {
  switch (v.tag()) {
    case Tag::kUndefined:
      return atom(AtomId::undefined);
    case Tag::kNull:
      return atom(AtomId::null_);
    case Tag::kBool:
      return atom(v.AsBool() ? AtomId::true_ : AtomId::false_);
    case Tag::kNumber:
      return NumberToString(v.AsNumber());
    case Tag::kInt:
      return NewStringLatin1(std::to_string(v.AsInt()));
    case Tag::kString:
      return v.AsString();
    case Tag::kSymbol:
      ThrowTypeError("Cannot convert a Symbol value to a string");
      return nullptr;
    case Tag::kBigInt:
      return BigIntToString(v.AsBigInt(), 10);
    default:
      ThrowTypeError("Cannot convert value to a string");
      return nullptr;
  }
}

bool VM::IsCallable(Value v) const {
  return v.IsObject() && v.AsObject()->klass() == ObjectClass::kFunction;
}

bool VM::IsConstructor(Value v) const {
  return IsCallable(v) && static_cast<FunctionObject*>(v.AsObject())->is_constructor;
}

String* VM::TypeOf(Value v) {
  switch (v.tag()) {
    case Tag::kUndefined:
    case Tag::kEmpty:
      return atom(AtomId::undefined);
    case Tag::kNull:
      return atom(AtomId::object);
    case Tag::kBool:
      return atom(AtomId::boolean);
    case Tag::kNumber:
    case Tag::kInt:
      return atom(AtomId::number);
    case Tag::kString:
      return atom(AtomId::string);
    case Tag::kSymbol:
      return atom(AtomId::symbol);
    case Tag::kBigInt:
      return atom(AtomId::bigint);
    case Tag::kObject:
      return IsCallable(v) ? atom(AtomId::function) : atom(AtomId::object);
    default:
      return atom(AtomId::undefined);
  }
}

bool VM::StrictEquals(Value a, Value b) {
  if (a.IsNumber() && b.IsNumber()) return a.AsNumber() == b.AsNumber();
  if (a.IsString() && b.IsString()) return String::Equals(a.AsString(), b.AsString());
  if (a.tag() != b.tag()) {
    if (a.IsInt() && b.IsNumber()) return static_cast<double>(a.AsInt()) == b.AsNumber();
    if (a.IsNumber() && b.IsInt()) return a.AsNumber() == static_cast<double>(b.AsInt());
    return false;
  }
  if (a.IsBigInt()) return bigint::Compare(a.AsBigInt()->num(), b.AsBigInt()->num()) == 0;
  return a.RawEquals(b);
}

bool VM::SameValueZero(Value a, Value b) {
  if (a.IsNumber() && b.IsNumber()) {
    double x = a.AsNumber(), y = b.AsNumber();
    return x == y || (std::isnan(x) && std::isnan(y));
  }
  return StrictEquals(a, b);
}

bool VM::SameValue(Value a, Value b) {
  if (a.IsNumber() && b.IsNumber()) {
    double x = a.AsNumber(), y = b.AsNumber();
    if (std::isnan(x) && std::isnan(y)) return true;
    if (x == 0 && y == 0) return std::signbit(x) == std::signbit(y);
    return x == y;
  }
  return StrictEquals(a, b);
}

// ------------------------------------------------------------------------------------ errors

Value VM::Throw(Value exception) {
  has_exception_ = true;
  exception_ = exception;
  return Value::Empty();
}

Value VM::ThrowError(ErrorType type, std::string_view message) {
  return Throw(Value::FromObject(NewError(type, message)));
}

Value VM::TailCall(Value fn, Value this_value, std::span<const Value> args) {
  has_tail_call_ = true;
  tail_fn_ = fn;
  tail_this_ = this_value;
  tail_args_.assign(args.begin(), args.end());
  return Value::Empty();
}

Value VM::TailConstruct(Value fn, Value new_target, std::span<const Value> args) {
  TailCall(fn, Value::Undefined(), args);
  tail_construct_ = true;
  tail_new_target_ = new_target;
  return Value::Empty();
}

void VM::Terminate(Termination why, std::string message) {
  if (termination_ != Termination::kNone) return;
  termination_ = why;
  termination_message_ = std::move(message);
  CurrentLocation(&termination_line_, &termination_column_);
}

const bytecode::SiteText* VM::CurrentSiteText() const {
  return frames_.empty() ? nullptr : SiteTextOf(frames_.back());
}

const bytecode::SiteText* VM::SiteTextOf(const Frame& f) const {
  if (f.proto == nullptr || f.proto->is_shared() || f.pc == nullptr) return nullptr;
  const auto& texts = f.proto->bc->site_texts;
  if (texts.empty()) return nullptr;
  uint32_t pc = static_cast<uint32_t>(f.pc - f.proto->bc->code.data());
  if (pc == 0) return nullptr;
  --pc;  // f.pc is past the executing instruction
  auto it = std::lower_bound(texts.begin(), texts.end(), pc,
                             [](const bytecode::SiteText& t, uint32_t p) { return t.pc < p; });
  return it != texts.end() && it->pc == pc ? &*it : nullptr;
}

std::string VM::CurrentCalleeText(Value fn) const {
  const bytecode::SiteText* t = CurrentSiteText();
  if (t == nullptr || t->kind != bytecode::SiteTextKind::kCallee) return "";
  const Frame& f = frames_.back();
  isa::Instr at = f.pc[-1];
  isa::Op op = isa::GetOp(at);
  if (op != isa::Op::CALL && op != isa::Op::NEW && op != isa::Op::CALLSPREAD &&
      op != isa::Op::NEWSPREAD)
    return "";
  if (!stack_[f.base + isa::GetA(at)].RawEquals(fn)) return "";
  return t->text;
}

std::string VM::NotIterableMessage(Value v) {
  const char* what = " is not iterable";
  if (const bytecode::SiteText* t = CurrentSiteText()) {
    switch (t->kind) {
      case bytecode::SiteTextKind::kIterable:
        return absl::StrCat(t->text, what);
      case bytecode::SiteTextKind::kIterableCall:
        return absl::StrCat(t->text, " is not a function or its return value", what);
      case bytecode::SiteTextKind::kSpreadArgument:
        if (v.IsNullish())
          return absl::StrCat(t->text, what, " (cannot read property ",
                              v.IsNull() ? "null" : "undefined", ")");
        return "Spread syntax requires ...iterable[Symbol.iterator] to be a function";
      case bytecode::SiteTextKind::kYieldStar:
        return absl::StrCat("yield* (intermediate value)", what);
      case bytecode::SiteTextKind::kCallee:
        break;
    }
  }
  return absl::StrCat(DescribeTypeForMessage(*this, v), what,
                      " (cannot read property Symbol(Symbol.iterator))");
}

std::string VM::NotAsyncIterableMessage(Value v) {
  // The prelude's GetAsyncIterator helper asks from its own frame; the program's ASYNCITER is the
  // frame below it.
  const Frame* site = nullptr;
  if (frames_.size() >= 2 && frames_.back().proto != nullptr && frames_.back().proto->is_shared()) {
    const Frame& f = frames_[frames_.size() - 2];
    if (f.proto != nullptr && !f.proto->is_shared() && f.pc != nullptr &&
        f.pc > f.proto->bc->code.data() && isa::GetOp(f.pc[-1]) == isa::Op::ASYNCITER)
      site = &f;
  }
  if (site == nullptr) return absl::StrCat(DescribeForMessage(*this, v), " is not async iterable");
  if (v.IsNullish())
    return absl::StrCat("Cannot read properties of ", v.IsNull() ? "null" : "undefined",
                        " (reading 'Symbol(Symbol.asyncIterator)')");
  const char* what = " is not async iterable";
  if (const bytecode::SiteText* t = SiteTextOf(*site)) {
    switch (t->kind) {
      case bytecode::SiteTextKind::kIterable:
        return absl::StrCat(t->text, what);
      case bytecode::SiteTextKind::kIterableCall:
        return absl::StrCat(t->text, " is not a function or its return value", what);
      case bytecode::SiteTextKind::kYieldStar:
        return absl::StrCat(
            "yield* (intermediate value)(intermediate value)(intermediate value)(intermediate value)",
            what);
      default:
        break;
    }
  }
  // V8 reaches its async-iterator lookup through a call of the missing method here.
  return "undefined is not a function";
}

void VM::CurrentLocation(uint32_t* line, uint32_t* column) const {
  *line = 0;
  *column = 0;
  for (auto it = frames_.rbegin(); it != frames_.rend(); ++it) {
    const Frame& f = *it;
    if (f.proto == nullptr || f.proto->is_shared()) continue;  // prelude frames have no user location
    const auto* bc = f.proto->bc;
    uint32_t pc = static_cast<uint32_t>(f.pc - bc->code.data());
    if (pc > 0) --pc;
    const bytecode::LineEntry* best = nullptr;
    for (const auto& e : bc->lines) {
      if (e.pc > pc) break;
      best = &e;
    }
    if (best) {
      *line = best->line;
      *column = best->column;
    }
    return;
  }
}

std::string VM::DescribeError(Value error) {
  if (error.IsObject()) {
    Object* o = error.AsObject();
    Value name = GetData(o, KeyFromAtom(atom(AtomId::name)));
    Value message = GetData(o, KeyFromAtom(atom(AtomId::message)));
    bool is_error = Resolve(o)->klass() == ObjectClass::kError;
    if (is_error || (name.IsString() && message.IsString())) {
      std::string n = name.IsString() ? name.AsString()->ToUtf8() : "Error";
      std::string m = message.IsString() ? message.AsString()->ToUtf8() : "";
      return m.empty() ? n : absl::StrCat(n, ": ", m);
    }
  }
  return "";
}

// ------------------------------------------------------------------------------------ limits & GC

void VM::ChargeSteps(uint64_t n) {
  steps_ += n;
  // Built-in work brings the next limit check (deadline, memory) closer like executed steps do.
  steps_until_check_ -= static_cast<int64_t>(std::min<uint64_t>(n, 1u << 30));
  if (steps_ > limits_.max_steps) Terminate(Termination::kStepLimit, "step limit exceeded");
}

bool VM::PollInterrupt() {
  if (termination_ != Termination::kNone) return false;
  if (interrupt_.load(std::memory_order_relaxed) == 0 && on_check) on_check(*this);
  if (int why = interrupt_.load(std::memory_order_relaxed); why != 0) {
    Terminate(static_cast<Termination>(why),
              why == static_cast<int>(Termination::kTimeout) ? "time limit exceeded" : "interrupted");
    return false;
  }
  return true;
}

void VM::CheckLimits() {
  steps_until_check_ = 4096;
  int why = interrupt_.load(std::memory_order_relaxed);
  if (why != 0) {
    Terminate(static_cast<Termination>(why), why == static_cast<int>(Termination::kTimeout)
                                                 ? "time limit exceeded"
                                                 : "interrupted");
    return;
  }
  if (steps_ > limits_.max_steps) {
    Terminate(Termination::kStepLimit, absl::StrCat("step limit of ", limits_.max_steps, " exceeded"));
    return;
  }
  if (on_check) on_check(*this);
  // The check may have just interrupted the run (deadline): act on it now, before a yield could hand
  // the run to a restored VM that never sees this flag.
  if (int now = interrupt_.load(std::memory_order_relaxed); now != 0) {
    Terminate(static_cast<Termination>(now),
              now == static_cast<int>(Termination::kTimeout) ? "time limit exceeded" : "interrupted");
    return;
  }
  MaybeCollect();
  if (termination_ != Termination::kNone) return;
  // A yield lands only under Run() with no C++ boundary call active (invariant 1).
  if (in_run_ && boundary_calls_ == 0) {
    if (yield_at_step_ != 0 && steps_ >= yield_at_step_) {
      yield_at_step_ = 0;
      yield_pending_ = true;
    }
    if (yield_requested_.load(std::memory_order_relaxed)) yield_pending_ = true;
  }
  if (yield_at_step_ > steps_ && static_cast<uint64_t>(steps_until_check_) > yield_at_step_ - steps_)
    steps_until_check_ = static_cast<int64_t>(yield_at_step_ - steps_);
}

void VM::MaybeCollect() {
  if (bootstrapping_) return;
  int64_t threshold = std::max<int64_t>(8 << 20, static_cast<int64_t>(heap_->bytes() / 2));
  if (heap_->debt() > threshold || heap_->bytes() > limits_.max_memory_bytes) CollectGarbage();
  if (heap_->bytes() > limits_.max_memory_bytes)
    Terminate(Termination::kMemoryLimit,
              absl::StrCat("memory limit of ", limits_.max_memory_bytes, " bytes exceeded"));
}

void VM::TraceRoots(Tracer& t) {
  t.Mark(main_value_);
  size_t top = 0;
  if (!frames_.empty()) top = frames_.back().base + frames_.back().proto->bc->num_regs + 8;
  top = std::min(top + 256, stack_.size());
  for (size_t i = 0; i < top; ++i) t.Mark(stack_[i]);
  for (auto& f : frames_) {
    t.Mark(f.closure);
    t.Mark(f.proto);
    t.Mark(f.new_target);
    t.Mark(f.site.aux);
    t.Mark(f.site.aux2);
    t.Mark(f.activation);
  }
  t.Mark(exception_);
  for (auto& v : lua_ret_) t.Mark(v);
  for (auto& v : lua_co_args_) t.Mark(v);  // lua_co_target_ is read before anything can collect
  t.Mark(lua_protect_handler_);
  t.Mark(lua_wait_site_.aux);
  t.Mark(lua_wait_site_.aux2);
  t.Mark(tail_fn_);
  t.Mark(tail_new_target_);
  t.Mark(tail_this_);
  for (auto& v : tail_args_) t.Mark(v);
  for (auto& [k, v] : cow_) t.Mark(v);
  for (auto& [k, s] : atoms_) t.Mark(s);
  t.Mark(empty_shape_);
  t.Mark(function_shape_);
  t.Mark(array_shape_);
  for (auto& [id, p] : host_calls_) t.Mark(p);
  for (auto* p : rejected_unhandled_) t.Mark(p);
  for (auto& j : jobs_) {
    t.Mark(j.fn);
    t.Mark(j.this_value);
    for (auto& v : j.args) t.Mark(v);
    t.Mark(j.derived);
    t.Mark(j.aux);
  }
  for (auto& v : extra_roots_) t.Mark(v);
  for (auto& v : loaded_protos_) t.Mark(v);
  for (auto& [e, kind] : error_kinds_) t.Mark(e);
  t.Mark(uncaught_job_error_);
  t.Mark(boundary_value_);
}

void VM::CollectGarbage() {
  if (bootstrapping_) return;
  heap_->Collect(
      [this](Tracer& t) { TraceRoots(t); },
      [this] { absl::erase_if(lua_strings_, [](String* s) { return !Heap::Survives(s); }); });
}

// ------------------------------------------------------------------------------------ globals

void VM::SetGlobal(std::string_view name, Value v) {
  DefineOwnProperty(global(), KeyFromName(name), v, kWritable | kConfigurable);
}

Value VM::GetGlobal(std::string_view name) { return GetData(global(), KeyFromName(name)); }

// ------------------------------------------------------------------------------------ promises

namespace {
// The resolving functions share one record: [promise, alreadyResolved].
Value ResolvingFunction(VM& vm, CallArgs& args) {
  auto* self = static_cast<NativeFunction*>(args.callee);
  Object* record = self->data.AsObject();
  auto& el = record->elements();
  if (el[1].AsBool()) return Value::Undefined();
  el[1] = Value::Bool(true);
  auto* p = static_cast<PromiseObject*>(el[0].AsObject());
  if (self->magic == 0) {
    vm.ResolvePromiseNow(p, args[0]);
  } else {
    vm.RejectPromise(p, args[0]);
  }
  return Value::Undefined();
}
}  // namespace

NativeFn ResolvingFunctionNative() { return &ResolvingFunction; }

std::pair<Value, Value> VM::CreateResolvingFunctions(PromiseObject* p) {
  Object* record = NewObjectWithProto(nullptr, ObjectClass::kInternal);
  record->elements() = {Value::FromObject(p), Value::Bool(false)};
  NativeFunction* resolve = NewNative("", ResolvingFunction, 1, 0);
  NativeFunction* reject = NewNative("", ResolvingFunction, 1, 1);
  resolve->data = Value::FromObject(record);
  reject->data = Value::FromObject(record);
  return {Value::FromObject(resolve), Value::FromObject(reject)};
}

bool VM::ResolveUnlessThenGetter(PromiseObject* p, Value resolution, Value* getter) {
  if (p->state != PromiseObject::State::kPending) return false;
  if (resolution.IsObject() && resolution.AsObject() == p) {
    RejectPromise(p, Value::FromObject(NewError(ErrorType::kTypeError,
                                                "Chaining cycle detected for promise #<Promise>")));
    return false;
  }
  if (!resolution.IsObject()) {
    FulfillPromise(p, resolution);
    return false;
  }
  Value then;
  if (!GetNoCall(resolution, resolution.AsObject(), KeyFromAtom(atom(AtomId::then)), &then,
                 getter))
    return true;
  ResolveWithThen(p, resolution, then);
  return false;
}

void VM::ResolvePromise(PromiseObject* p, Value resolution) {
  Value getter;
  if (!ResolveUnlessThenGetter(p, resolution, &getter)) return;
  // A `then` getter is program code: run it from a job, first in the queue (a reaction job's result
  // is then resolved before any other job runs, as if synchronously).
  Job job;
  job.fn = getter;
  job.this_value = resolution;
  job.derived = p;
  job.special = 3;  // kThenGetterJob: call the getter, then continue as a thenable
  jobs_.push_front(std::move(job));
}

void VM::ResolvePromiseNow(PromiseObject* p, Value resolution) {
  Value getter;
  if (!ResolveUnlessThenGetter(p, resolution, &getter)) return;
  Value helper = realm_->intrinsics().helpers[static_cast<int>(HelperId::kResolveThenSlow)];
  Value args[] = {Value::FromObject(p), resolution};
  TailCall(helper, Value::Undefined(), args);
}

void VM::PushThenGetter(PromiseObject* p, Value resolution, Value getter) {
  uint32_t top = StackTop();
  EnsureStack(top + 4);
  stack_[top] = getter;
  stack_[top + 1] = resolution;
  CallSite site;
  site.kind = CallSite::Kind::kJob;
  site.job_kind = 3;  // as the queued getter job: continue with ResolveWithThen, a throw rejects
  site.aux = Value::FromObject(p);
  PushCall(getter, resolution, top + 2, 0, site, Value::Undefined());
}

void VM::ResolveWithThen(PromiseObject* p, Value resolution, Value then) {
  if (p->state != PromiseObject::State::kPending) return;
  if (!IsCallable(then)) {
    FulfillPromise(p, resolution);
    return;
  }
  // NewPromiseResolveThenableJob (ECMA-262 §27.2.2.2).
  auto [res, rej] = CreateResolvingFunctions(p);
  Job job;
  job.fn = then;
  job.this_value = resolution;
  job.args = {res, rej};
  job.derived = nullptr;
  job.aux = rej;
  job.special = 2;  // kThenableJob: a throw calls aux (reject)
  jobs_.push_back(std::move(job));
}

void VM::FulfillPromise(PromiseObject* p, Value v) {
  if (p->state != PromiseObject::State::kPending) return;
  auto reactions = std::move(p->fulfill_reactions);
  p->reject_reactions.clear();
  p->state = PromiseObject::State::kFulfilled;
  p->result = v;
  for (auto& r : reactions) {
    Job job;
    job.fn = r.handler;
    job.args = {v};
    job.derived = r.capability.IsObject() ? static_cast<PromiseObject*>(r.capability.AsObject()) : nullptr;
    job.special = r.special;
    job.aux = r.aux;
    jobs_.push_back(std::move(job));
  }
}

void VM::RejectPromise(PromiseObject* p, Value reason) {
  if (p->state != PromiseObject::State::kPending) return;
  auto reactions = std::move(p->reject_reactions);
  p->fulfill_reactions.clear();
  p->state = PromiseObject::State::kRejected;
  p->result = reason;
  if (!p->handled) rejected_unhandled_.push_back(p);
  for (auto& r : reactions) {
    Job job;
    job.fn = r.handler;
    job.args = {reason};
    job.derived = r.capability.IsObject() ? static_cast<PromiseObject*>(r.capability.AsObject()) : nullptr;
    job.special = static_cast<uint8_t>(r.special | 0x80);  // marks a rejection
    job.aux = r.aux;
    jobs_.push_back(std::move(job));
  }
}

void VM::PromiseThen(PromiseObject* p, Value on_fulfilled, Value on_rejected,
                     PromiseObject* derived) {
  PromiseReaction f{derived ? Value::FromObject(derived) : Value::Undefined(),
                    IsCallable(on_fulfilled) ? on_fulfilled : Value::Undefined(), Value::Undefined(),
                    0, 0};
  PromiseReaction r{derived ? Value::FromObject(derived) : Value::Undefined(),
                    IsCallable(on_rejected) ? on_rejected : Value::Undefined(), Value::Undefined(), 1,
                    0};
  AddReactions(p, f, r);
}

void VM::AddReactions(PromiseObject* p, const PromiseReaction& f, const PromiseReaction& r) {
  p->handled = true;
  switch (p->state) {
    case PromiseObject::State::kPending:
      p->fulfill_reactions.push_back(f);
      p->reject_reactions.push_back(r);
      break;
    case PromiseObject::State::kFulfilled: {
      Job job;
      job.fn = f.handler;
      job.args = {p->result};
      job.derived = f.capability.IsObject() ? static_cast<PromiseObject*>(f.capability.AsObject()) : nullptr;
      job.special = f.special;
      job.aux = f.aux;
      jobs_.push_back(std::move(job));
      break;
    }
    case PromiseObject::State::kRejected: {
      Job job;
      job.fn = r.handler;
      job.args = {p->result};
      job.derived = r.capability.IsObject() ? static_cast<PromiseObject*>(r.capability.AsObject()) : nullptr;
      job.special = static_cast<uint8_t>(r.special | 0x80);
      job.aux = r.aux;
      jobs_.push_back(std::move(job));
      break;
    }
  }
}

std::vector<PromiseObject*> VM::UnhandledRejections() {
  std::vector<PromiseObject*> out;
  for (auto* p : rejected_unhandled_)
    if (!p->handled) out.push_back(p);
  return out;
}

void VM::EnqueueJob(Value fn, Value this_value, std::vector<Value> args, PromiseObject* derived) {
  Job job;
  job.fn = fn;
  job.this_value = this_value;
  job.args = std::move(args);
  job.derived = derived;
  job.special = 1;  // plain call: result settles `derived` if any
  jobs_.push_back(std::move(job));
}

// ------------------------------------------------------------------------------------ host calls

void VM::SettleHostCall(uint64_t call_id, bool ok, std::string_view output_json_or_message) {
  if (lua_wait_active_ && call_id == lua_wait_call_id_) {
    // The Lua stack waited for this call (DESIGN §4): the result lands at the call site and the
    // frames go on; a failure is a Lua error with the tool's message, raised at the call.
    lua_wait_active_ = false;
    CallSite site = lua_wait_site_;
    lua_wait_site_ = CallSite();
    Value v;
    std::string error;
    if (ok && !ParseJsonForLua(output_json_or_message, &v, &error)) {
      ok = false;
      error = "Invalid tool output: " + error;
    } else if (!ok) {
      error = std::string(output_json_or_message);
      lua_tool_errors_.push_back(error);
    }
    if (ok) {
      LuaDeliver(site, &v, 1);
      return;
    }
    Value e = Value::FromString(NewStringLatin1(error));
    if (site.lua_flags & kLuaProtected) {
      LuaDeliverError(site, e);
      return;
    }
    if (site.kind == CallSite::Kind::kCoroutine) {  // a tool function as a coroutine's body
      LuaCoroutineFinish(site, &e, 1, true);
      if (has_exception_) Unwind();
      return;
    }
    Throw(e);
    Unwind();
    return;
  }
  auto it = host_calls_.find(call_id);
  if (it == host_calls_.end()) return;
  PromiseObject* p = it->second;
  host_calls_.erase(it);
  if (ok) {
    Value v;
    std::string error;
    if (!ParseJsonForHost(output_json_or_message, &v, &error)) {
      Object* e = NewError(ErrorType::kError, "Invalid tool output: " + error);
      RejectPromise(p, Value::FromObject(e));
      return;
    }
    ResolvePromise(p, v);
  } else {
    Object* e = NewError(ErrorType::kError, output_json_or_message);
    MarkErrorKind(e, "ToolFailure");
    RejectPromise(p, Value::FromObject(e));
  }
}

void VM::MarkErrorKind(Object* error, std::string kind) {
  error_kinds_.emplace_back(error, std::move(kind));
}

std::string VM::ErrorKindOf(Value v) const {
  if (!v.IsObject()) return "";
  for (const auto& [e, kind] : error_kinds_)
    if (e == v.AsObject()) return kind;
  return "";
}

}  // namespace codemode::vm
