// The Date constructor and Date.prototype (ECMA-262 2024 §21.4) as natives over date.h. Arguments
// that are objects (whose coercion may run program code) go through the prelude fallback
// (vm/prelude/40-date.js) which coerces them and calls the native again; toJSON and
// [Symbol.toPrimitive] call program code and live in the prelude entirely.
#include "vm/builtins/date.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "vm/builtins/date_format.h"
#include "vm/builtins/primitives_internal.h"
#include "vm/realm.h"

namespace codemode::vm {
namespace {

using prim::NeedsRecall;
using prim::Recall;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool IsDate(VM& vm, Value v) {
  return v.IsObject() && vm.Resolve(v.AsObject())->klass() == ObjectClass::kDate;
}

// thisTimeValue (§21.4.4): false after throwing V8's TypeError: "this is not a Date object." for the
// getters V8 writes in Torque, "Method Date.prototype.<name> called on incompatible receiver <v>" for
// the others (`method_style`).
bool ThisTime(VM& vm, CallArgs& args, double* out, bool method_style = true) {
  if (!IsDate(vm, args.this_value)) {
    if (!method_style) {
      vm.ThrowTypeError("this is not a Date object.");
      return false;
    }
    Value name = vm.GetData(args.callee, vm.KeyFromAtom(vm.atom(AtomId::name)));
    std::string receiver = "#<Object>";
    Value t = args.this_value;
    if (!t.IsObject() && !t.IsSymbol()) {
      String* s = vm.ToStringPrimitive(t);
      if (s == nullptr) return false;
      receiver = s->ToUtf8();
    } else if (t.IsSymbol()) {
      receiver = "Symbol()";
    } else if (t.AsObject() == vm.realm().intrinsics().date_prototype) {
      receiver = "[object Object]";  // V8 describes %Date.prototype% so
    }
    vm.ThrowTypeError("Method Date.prototype." + (name.IsString() ? name.AsString()->ToUtf8() : std::string()) +
                      " called on incompatible receiver " + receiver);
    return false;
  }
  Value v = vm.Resolve(args.this_value.AsObject())->internal();
  *out = v.IsNumber() ? v.AsNumber() : kNaN;
  return true;
}

Value SetThisTime(VM& vm, CallArgs& args, double t) {
  Object* o = vm.Writable(args.this_value.AsObject());
  o->set_internal(Value::Number(t));
  return Value::Number(t);
}

double Now(VM& vm) { return static_cast<double>(vm.WallClockMs()); }

double LocalTime(VM& vm, double t) {
  return t + static_cast<double>(date::OffsetAtUtc(vm.time_zone(), t));
}

double Utc(VM& vm, double t) { return date::LocalToUtc(vm.time_zone(), t); }

// The numbers of args [from, from+n): false after throwing (Symbol, BigInt). Callers made sure no
// argument is an object (NeedsRecall).
bool Numbers(VM& vm, CallArgs& args, uint32_t from, uint32_t n, double* out) {
  for (uint32_t i = 0; i < n; ++i) {
    if (!prim::ToNumberArg(vm, args[from + i], &out[i])) return false;
  }
  return true;
}

// Zone names may hold non-ASCII letters ("Türkiye Standard Time").
Value Str(VM& vm, const std::string& utf8) { return Value::FromString(vm.NewStringUtf8(utf8)); }

// Date.parse of a string, read in place (no copy: a program may pass a huge string).
double ParseString(VM& vm, String* s) {
  vm.ChargeSteps(s->length() / 64);
  s->Flatten();
  return s->is_one_byte() ? date::Parse(s->one_byte_view(), vm.time_zone())
                          : date::Parse(s->two_byte_view(), vm.time_zone());
}

// ------------------------------------------------------------------------------------ constructor

// Date(...) / new Date(...) (§21.4.2.1).
Value DateCtor(VM& vm, CallArgs& args) {
  if (args.new_target.IsUndefined()) {
    double now = Now(vm);
    return Str(vm, date::ToDateTimeString(now, vm.time_zone(), vm.time_zone_name()));
  }
  double tv;
  if (args.argc == 0) {
    tv = Now(vm);
  } else if (args.argc == 1) {
    Value v = args[0];
    if (IsDate(vm, v)) {
      Value inner = vm.Resolve(v.AsObject())->internal();
      tv = inner.IsNumber() ? inner.AsNumber() : kNaN;
    } else {
      if (v.IsObject()) return Recall(vm, args, "-p");  // ToPrimitive, then construct again
      if (v.IsString()) {
        tv = ParseString(vm, v.AsString());
      } else {
        if (!prim::ToNumberArg(vm, v, &tv)) return Value::Empty();
        tv = date::TimeClip(tv);
      }
    }
  } else {
    if (NeedsRecall(args, "-n*")) return Recall(vm, args, "-n*");
    double n[7] = {0, 0, 1, 0, 0, 0, 0};
    uint32_t count = std::min<uint32_t>(args.argc, 7);
    if (!Numbers(vm, args, 0, count, n)) return Value::Empty();
    for (uint32_t i = 7; i < args.argc; ++i) {  // extra arguments are still coerced (observably)
      double ignored;
      if (!prim::ToNumberArg(vm, args[i], &ignored)) return Value::Empty();
    }
    double y = n[0];
    if (!std::isnan(y)) {
      double yi = std::trunc(y);
      if (yi >= 0 && yi <= 99) y = 1900 + yi;
    }
    double final_date = date::MakeDate(date::MakeDay(y, n[1], n[2]), date::MakeTime(n[3], n[4], n[5], n[6]));
    tv = date::TimeClip(std::isfinite(final_date) ? Utc(vm, final_date) : kNaN);
  }
  Object* proto = prim::PrototypeFromNewTarget(vm, args.new_target, vm.realm().intrinsics().date_prototype);
  Object* obj = vm.NewObjectWithProto(proto, ObjectClass::kDate);
  obj->set_internal(Value::Number(tv));
  return Value::FromObject(obj);
}

// Date.now() (§21.4.3.1): the run's clock (vm::Host::WallClockMs).
Value DateNow(VM& vm, CallArgs& args) { return Value::Number(Now(vm)); }

// Date.parse(string) (§21.4.3.2).
Value DateParse(VM& vm, CallArgs& args) {
  if (NeedsRecall(args, "-s")) return Recall(vm, args, "-s");
  Value v = args[0];
  if (v.IsSymbol()) return vm.ThrowTypeError("Cannot convert a Symbol value to a string");
  String* s = v.IsString() ? v.AsString() : vm.ToStringPrimitive(v);
  if (s == nullptr) return Value::Empty();
  return Value::Number(ParseString(vm, s));
}

// Date.UTC(year, month = 0, date = 1, hours, minutes, seconds, ms) (§21.4.3.4).
Value DateUTC(VM& vm, CallArgs& args) {
  if (NeedsRecall(args, "-n*")) return Recall(vm, args, "-n*");
  double n[7] = {kNaN, 0, 1, 0, 0, 0, 0};
  uint32_t count = std::min<uint32_t>(args.argc, 7);
  if (!Numbers(vm, args, 0, count, n)) return Value::Empty();
  for (uint32_t i = 7; i < args.argc; ++i) {
    double ignored;
    if (!prim::ToNumberArg(vm, args[i], &ignored)) return Value::Empty();
  }
  double y = n[0];
  if (!std::isnan(y)) {
    double yi = std::trunc(y);
    if (yi >= 0 && yi <= 99) y = 1900 + yi;
  }
  return Value::Number(
      date::TimeClip(date::MakeDate(date::MakeDay(y, n[1], n[2]), date::MakeTime(n[3], n[4], n[5], n[6]))));
}

// ------------------------------------------------------------------------------------------ getters

enum Field : int { kYear, kMonth, kDay, kWeekday, kHours, kMinutes, kSeconds, kMs, kShortYear };
constexpr int kUtcFlag = 16;

// get[UTC]FullYear … get[UTC]Milliseconds, getYear (§21.4.4.2-19, Annex B.2.3.1). magic: Field |
// kUtcFlag.
Value DateGetField(VM& vm, CallArgs& args) {
  double t;
  int magic = static_cast<NativeFunction*>(args.callee)->magic;
  if (!ThisTime(vm, args, &t, /*method_style=*/(magic & ~kUtcFlag) == kShortYear)) return Value::Empty();
  if (std::isnan(t)) return Value::Number(kNaN);
  if (!(magic & kUtcFlag)) t = LocalTime(vm, t);
  date::Fields f = date::Decompose(t);
  switch (magic & ~kUtcFlag) {
    case kYear: return Value::Number(static_cast<double>(f.year));
    case kShortYear: return Value::Number(static_cast<double>(f.year) - 1900);
    case kMonth: return Value::Number(f.month);
    case kDay: return Value::Number(f.day);
    case kWeekday: return Value::Number(f.weekday);
    case kHours: return Value::Number(f.hour);
    case kMinutes: return Value::Number(f.minute);
    case kSeconds: return Value::Number(f.second);
    default: return Value::Number(f.ms);
  }
}

// getTime / valueOf (§21.4.4.10, §21.4.4.44).
Value DateGetTime(VM& vm, CallArgs& args) {
  double t;
  if (!ThisTime(vm, args, &t, /*method_style=*/false)) return Value::Empty();
  return Value::Number(t);
}

// getTimezoneOffset (§21.4.4.11): minutes, UTC minus local (V8 truncates to whole minutes).
Value DateGetTimezoneOffset(VM& vm, CallArgs& args) {
  double t;
  if (!ThisTime(vm, args, &t, /*method_style=*/false)) return Value::Empty();
  if (std::isnan(t)) return Value::Number(kNaN);
  int64_t off = date::OffsetAtUtc(vm.time_zone(), t);
  return Value::Number(static_cast<double>(-off / 60000) + 0.0);
}

// ------------------------------------------------------------------------------------------ setters

// setTime(time) (§21.4.4.27).
Value DateSetTime(VM& vm, CallArgs& args) {
  double t;
  if (!ThisTime(vm, args, &t)) return Value::Empty();
  if (NeedsRecall(args, "-n")) return Recall(vm, args, "-n");
  double v;
  if (!prim::ToNumberArg(vm, args[0], &v)) return Value::Empty();
  return SetThisTime(vm, args, date::TimeClip(v));
}

// set[UTC]Milliseconds/Seconds/Minutes/Hours/Date/Month/FullYear (§21.4.4.20-28), setYear (Annex
// B.2.3.2). magic: the first Field set | kUtcFlag; the optional arguments set the following fields.
// Arguments are coerced before the NaN check (ES2021+ order); absent optional ones keep their value.
Value DateSetField(VM& vm, CallArgs& args) {
  double t;
  if (!ThisTime(vm, args, &t)) return Value::Empty();
  int magic = static_cast<NativeFunction*>(args.callee)->magic;
  bool utc = (magic & kUtcFlag) != 0;
  int field = magic & ~kUtcFlag;
  if (std::isnan(t) && field != kYear && field != kShortYear) {
    // V8 (the oracle) coerces only the first argument of an invalid date's setter, then gives NaN.
    if (NeedsRecall(args, "-n")) return Recall(vm, args, "-n");
    double ignored;
    if (!prim::ToNumberArg(vm, args[0], &ignored)) return Value::Empty();
    return SetThisTime(vm, args, kNaN);
  }
  if (NeedsRecall(args, "-n*")) return Recall(vm, args, "-n*");
  uint32_t max_args = field == kYear ? 3 : field == kMonth ? 2 : field == kDay ? 1
                      : field == kHours ? 4 : field == kMinutes ? 3 : field == kSeconds ? 2 : 1;
  if (field == kShortYear) max_args = 1;
  double a[4] = {kNaN, kNaN, kNaN, kNaN};
  uint32_t n = std::min<uint32_t>(args.argc, max_args);
  if (!Numbers(vm, args, 0, n, a)) return Value::Empty();
  if (args.argc == 0) n = 1;  // the first argument is required: ToNumber(undefined) is NaN
  if (field == kShortYear) {
    // setYear(year): 0-99 mean 1900-1999; a NaN time starts from +0.
    double y = a[0];
    if (std::isnan(y)) return SetThisTime(vm, args, kNaN);
    double yi = std::trunc(y);
    if (yi >= 0 && yi <= 99) yi += 1900;
    double base = std::isnan(t) ? 0 : LocalTime(vm, t);
    date::Fields f = date::Decompose(base);
    double d = date::MakeDay(yi, f.month, f.day);
    double time = static_cast<double>(f.hour) * 3600000.0 + f.minute * 60000.0 + f.second * 1000.0 + f.ms;
    return SetThisTime(vm, args, date::TimeClip(Utc(vm, date::MakeDate(d, time))));
  }
  if (std::isnan(t)) {
    if (field != kYear) return Value::Number(kNaN);
    t = 0;  // setFullYear on an invalid date starts from +0 (local: LocalTime(+0) is not used)
  } else if (!utc) {
    t = LocalTime(vm, t);
  }
  date::Fields f = date::Decompose(t);
  double year = static_cast<double>(f.year), month = f.month, day = f.day, hour = f.hour,
         minute = f.minute, second = f.second, ms = f.ms;
  // The fields the call names, in order from the first.
  double* order[] = {&year, &month, &day, &hour, &minute, &second, &ms};
  int start = field == kYear ? 0 : field == kMonth ? 1 : field == kDay ? 2 : field == kHours ? 3
              : field == kMinutes ? 4 : field == kSeconds ? 5 : 6;
  for (uint32_t i = 0; i < n; ++i) *order[start + i] = a[i];
  double new_date = date::MakeDate(date::MakeDay(year, month, day), date::MakeTime(hour, minute, second, ms));
  double u = utc ? new_date : (std::isfinite(new_date) ? Utc(vm, new_date) : kNaN);
  return SetThisTime(vm, args, date::TimeClip(u));
}

// ------------------------------------------------------------------------------------------ strings

enum StringKind : int { kToString, kDateString, kTimeString, kUtcString, kIsoString };

// toString, toDateString, toTimeString, toUTCString, toISOString (§21.4.4.35-43).
Value DateToStringKind(VM& vm, CallArgs& args) {
  double t;
  if (!ThisTime(vm, args, &t)) return Value::Empty();
  int kind = static_cast<NativeFunction*>(args.callee)->magic;
  if (std::isnan(t)) {
    if (kind == kIsoString) return vm.ThrowRangeError("Invalid time value");
    return Str(vm, "Invalid Date");
  }
  switch (kind) {
    case kToString: return Str(vm, date::ToDateTimeString(t, vm.time_zone(), vm.time_zone_name()));
    case kDateString: return Str(vm, date::ToDatePart(t, vm.time_zone()));
    case kTimeString: return Str(vm, date::ToTimePart(t, vm.time_zone(), vm.time_zone_name()));
    case kUtcString: return Str(vm, date::ToUtcString(t));
    default: return Str(vm, date::ToIsoString(t));
  }
}

// toLocaleString / toLocaleDateString / toLocaleTimeString(locales, options) (ECMA-402 §20.4.1-3)
// through date_format.h. Options with getters or object values go through the prelude fallback,
// which copies them to plain data first. magic: date::LocaleDefaults.
Value DateToLocale(VM& vm, CallArgs& args) {
  double t;
  if (!ThisTime(vm, args, &t)) return Value::Empty();
  if (std::isnan(t)) return Str(vm, "Invalid Date");
  auto defaults = static_cast<date::LocaleDefaults>(static_cast<NativeFunction*>(args.callee)->magic);
  const char* method = defaults == date::LocaleDefaults::kAll    ? "toLocaleString"
                       : defaults == date::LocaleDefaults::kDate ? "toLocaleDateString"
                                                                 : "toLocaleTimeString";
  date::LocaleRequest req;
  switch (date::ReadLocaleRequest(vm, method, args[0], args[1], defaults, &req)) {
    case date::RequestStatus::kOk:
      break;
    case date::RequestStatus::kNeedsProgramCode: {
      Value fallback_args[] = {Value::FromObject(args.callee), args.this_value, args[0], args[1]};
      return prim::CallFallback(vm, args, fallback_args);
    }
    case date::RequestStatus::kThrew:
      return Value::Empty();
  }
  return Value::FromString(vm.NewStringUtf8(date::FormatLocale(t, req, defaults, vm.time_zone())));
}

// __intrinsics__.dateValue(d): the time value of a Date object, or undefined for anything else.
Value IDateValue(VM& vm, CallArgs& args) {
  if (!IsDate(vm, args[0])) return Value::Undefined();
  Value v = vm.Resolve(args[0].AsObject())->internal();
  return v.IsNumber() ? v : Value::Number(kNaN);
}

// __intrinsics__.dateTimeFormat(t, locale, options, mode, defaults): the generated-table formatter
// of Intl.DateTimeFormat and Date.prototype.toLocale*String (ECMA-402 §11) that the prelude picks
// for the locales and options the tables cover (vm/prelude/60-intl.js). `locale` is the tag the
// prelude resolved, `options` a plain-data copy of the options, `defaults` a date::LocaleDefaults
// (Intl: ToDateTimeOptions(…, "any", "date")). mode 0: the formatted string of time value t; 1: its
// parts as a flat array [type, value, …]; 2: the resolved options as a flat array [key, value, …]
// (timeZone first, then date_format.h ResolvedLocaleFields).
Value IDateTimeFormat(VM& vm, CallArgs& args) {
  double defaults_code = args[4].IsInt()      ? static_cast<double>(args[4].AsInt())
                         : args[4].IsNumber() ? args[4].AsNumber()
                                              : 3;
  auto defaults =
      static_cast<date::LocaleDefaults>(std::clamp(static_cast<int>(defaults_code), 0, 3));
  date::LocaleRequest req;
  switch (date::ReadLocaleRequest(vm, "Intl.DateTimeFormat", args[1], args[2], defaults, &req)) {
    case date::RequestStatus::kOk:
      break;
    case date::RequestStatus::kNeedsProgramCode:
      return vm.ThrowTypeError("Intl.DateTimeFormat: options must be plain data here");
    case date::RequestStatus::kThrew:
      return Value::Empty();
  }
  int mode = args[3].IsInt() ? static_cast<int>(args[3].AsInt()) : static_cast<int>(vm.ToNumberPrimitive(args[3]));
  double t = args[0].IsNumber() ? args[0].AsNumber() : args[0].IsInt() ? static_cast<double>(args[0].AsInt()) : 0;
  if (mode == 0) {
    return Value::FromString(
        vm.NewStringUtf8(date::FormatLocale(t, req, defaults, vm.time_zone())));
  }
  ArrayObject* out = vm.NewArray(16);
  if (mode == 1) {
    for (const auto& part : date::FormatLocaleToParts(t, req, defaults, vm.time_zone())) {
      vm.ArrayPush(out, vm.Str(part.type));
      vm.ArrayPush(out, vm.Str(part.value));
    }
    return Value::FromObject(out);
  }
  vm.ArrayPush(out, vm.Str("timeZone"));
  vm.ArrayPush(out, vm.Str(req.has_time_zone ? req.time_zone : vm.time_zone_name()));
  date::PushResolvedFields(vm, out, date::ResolvedLocaleFields(req, defaults));
  return Value::FromObject(out);
}

}  // namespace

void InstallDateIntrinsics(VM& vm, Object* intr) {
  vm.DefineMethod(intr, "dateTimeFormat", IDateTimeFormat, 5);
}

void InstallDateBuiltins(VM& vm, Intrinsics& in) {
  Object* proto = in.date_prototype;
  NativeFunction* ctor = vm.NewNative("Date", DateCtor, 7, 0, /*constructor=*/true);
  vm.DefineOwnProperty(ctor, vm.KeyFromAtom(vm.atom(AtomId::prototype)), Value::FromObject(proto), 0);
  vm.DefineOwnProperty(proto, vm.KeyFromAtom(vm.atom(AtomId::constructor)), Value::FromObject(ctor),
                       kHiddenAttrs);
  vm.DefineValue(in.global, "Date", Value::FromObject(ctor), kHiddenAttrs);
  vm.DefineMethod(ctor, "now", DateNow, 0);
  vm.DefineMethod(ctor, "parse", DateParse, 1);
  vm.DefineMethod(ctor, "UTC", DateUTC, 7);

  struct Getter {
    const char* name;
    int magic;
  };
  for (const Getter& g : std::initializer_list<Getter>{
           {"getDate", kDay},
           {"getDay", kWeekday},
           {"getFullYear", kYear},
           {"getHours", kHours},
           {"getMilliseconds", kMs},
           {"getMinutes", kMinutes},
           {"getMonth", kMonth},
           {"getSeconds", kSeconds},
           {"getUTCDate", kDay | kUtcFlag},
           {"getUTCDay", kWeekday | kUtcFlag},
           {"getUTCFullYear", kYear | kUtcFlag},
           {"getUTCHours", kHours | kUtcFlag},
           {"getUTCMilliseconds", kMs | kUtcFlag},
           {"getUTCMinutes", kMinutes | kUtcFlag},
           {"getUTCMonth", kMonth | kUtcFlag},
           {"getUTCSeconds", kSeconds | kUtcFlag},
           {"getYear", kShortYear},
       }) {
    vm.DefineMethod(proto, g.name, DateGetField, 0, g.magic);
  }
  vm.DefineMethod(proto, "getTime", DateGetTime, 0);
  vm.DefineMethod(proto, "getTimezoneOffset", DateGetTimezoneOffset, 0);
  struct Setter {
    const char* name;
    int magic;
    uint32_t length;
  };
  for (const Setter& s : std::initializer_list<Setter>{
           {"setDate", kDay, 1},
           {"setFullYear", kYear, 3},
           {"setHours", kHours, 4},
           {"setMilliseconds", kMs, 1},
           {"setMinutes", kMinutes, 3},
           {"setMonth", kMonth, 2},
           {"setSeconds", kSeconds, 2},
           {"setUTCDate", kDay | kUtcFlag, 1},
           {"setUTCFullYear", kYear | kUtcFlag, 3},
           {"setUTCHours", kHours | kUtcFlag, 4},
           {"setUTCMilliseconds", kMs | kUtcFlag, 1},
           {"setUTCMinutes", kMinutes | kUtcFlag, 3},
           {"setUTCMonth", kMonth | kUtcFlag, 2},
           {"setUTCSeconds", kSeconds | kUtcFlag, 2},
           {"setYear", kShortYear, 1},
       }) {
    vm.DefineMethod(proto, s.name, DateSetField, s.length, s.magic);
  }
  vm.DefineMethod(proto, "setTime", DateSetTime, 1);
  vm.DefineMethod(proto, "toDateString", DateToStringKind, 0, kDateString);
  vm.DefineMethod(proto, "toISOString", DateToStringKind, 0, kIsoString);
  vm.DefineMethod(proto, "toString", DateToStringKind, 0, kToString);
  vm.DefineMethod(proto, "toTimeString", DateToStringKind, 0, kTimeString);
  NativeFunction* utc = vm.DefineMethod(proto, "toUTCString", DateToStringKind, 0, kUtcString);
  // Annex B.2.3.3: toGMTString is the same function object as toUTCString.
  vm.DefineValue(proto, "toGMTString", Value::FromObject(utc), kHiddenAttrs);
  vm.DefineMethod(proto, "toLocaleString", DateToLocale, 0, static_cast<int>(date::LocaleDefaults::kAll));
  vm.DefineMethod(proto, "toLocaleDateString", DateToLocale, 0,
                  static_cast<int>(date::LocaleDefaults::kDate));
  vm.DefineMethod(proto, "toLocaleTimeString", DateToLocale, 0,
                  static_cast<int>(date::LocaleDefaults::kTime));
  vm.DefineMethod(proto, "valueOf", DateGetTime, 0);

  Value intr = vm.GetGlobal("__intrinsics__");
  if (intr.IsObject()) vm.DefineMethod(intr.AsObject(), "dateValue", IDateValue, 1);
}

}  // namespace codemode::vm
