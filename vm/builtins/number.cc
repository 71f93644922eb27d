// Number (ECMA-262 §21.1) and Boolean (§20.3) constructors and prototypes; InstallNumberBuiltins
// also installs Math (math.cc) and the global functions (globals.cc).
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

#include "vm/builtins/primitives_internal.h"
#include "vm/support/numconv.h"

namespace codemode::vm {
namespace {

using prim::NeedsRecall;
using prim::Recall;

constexpr double kMaxSafeInteger = 9007199254740991.0;  // 2^53 - 1

// ------------------------------------------------------------------------------------ Number

// Number(value) / new Number(value) (ECMA-262 §21.1.1.1).
Value NumberCtor(VM& vm, CallArgs& args) {
  double n = 0;
  if (args.argc > 0) {
    if (NeedsRecall(args, "-B")) return Recall(vm, args, "-B");
    Value v = args[0];
    if (v.IsBigInt()) return Recall(vm, args, "-B");  // ℝ(bigint) rounded: via its decimal digits
    if (!prim::ToNumberArg(vm, v, &n)) return Value::Empty();
  }
  if (args.new_target.IsUndefined()) return Value::Number(n);
  const Intrinsics& in = vm.realm().intrinsics();
  Object* proto = prim::PrototypeFromNewTarget(vm, args.new_target, in.number_prototype);
  Object* obj = vm.NewObjectWithProto(proto, ObjectClass::kNumber);
  obj->set_internal(Value::Number(n));
  return Value::FromObject(obj);
}

// thisNumberValue (ECMA-262 §21.1.3.7.1). False after throwing "<method> requires that 'this' be a
// Number".
bool ThisNumberValue(VM& vm, Value v, std::string_view method, double* out) {
  if (v.IsNumber()) {
    *out = v.AsNumber();
    return true;
  }
  if (v.IsObject()) {
    Object* o = vm.Resolve(v.AsObject());
    if (o->klass() == ObjectClass::kNumber && o->internal().IsNumber()) {
      *out = o->internal().AsNumber();
      return true;
    }
  }
  vm.ThrowTypeError(prim::Cat("Number.prototype.", method, " requires that 'this' be a Number"));
  return false;
}

Value ThrowStatus(VM& vm, const absl::Status& status) {
  return vm.ThrowRangeError(prim::SV(status.message()));
}

// Number.prototype.toString(radix) (ECMA-262 §21.1.3.6).
Value NumberProtoToString(VM& vm, CallArgs& args) {
  double x;
  if (!ThisNumberValue(vm, args.this_value, "toString", &x)) return Value::Empty();
  if (NeedsRecall(args, "-N")) return Recall(vm, args, "-N");
  Value r = args[0];
  if (r.IsUndefined()) return Value::FromString(vm.NumberToString(x));
  double radix;
  if (!prim::ToNumberArg(vm, r, &radix)) return Value::Empty();
  if (support::ToIntegerOrInfinity(radix) == 10) return Value::FromString(vm.NumberToString(x));
  absl::StatusOr<std::string> s = support::NumberToStringRadix(x, radix);
  if (!s.ok()) return ThrowStatus(vm, s.status());
  return Value::FromString(vm.NewStringLatin1(*std::move(s)));
}

// Number.prototype.toFixed(fractionDigits) (ECMA-262 §21.1.3.3).
Value NumberProtoToFixed(VM& vm, CallArgs& args) {
  double x;
  if (!ThisNumberValue(vm, args.this_value, "toFixed", &x)) return Value::Empty();
  if (NeedsRecall(args, "-n")) return Recall(vm, args, "-n");
  double f;
  if (!prim::ToNumberArg(vm, args[0], &f)) return Value::Empty();
  absl::StatusOr<std::string> s = support::NumberToFixed(x, f);
  if (!s.ok()) return ThrowStatus(vm, s.status());
  return Value::FromString(vm.NewStringLatin1(*std::move(s)));
}

// Number.prototype.toExponential(fractionDigits) (ECMA-262 §21.1.3.2).
Value NumberProtoToExponential(VM& vm, CallArgs& args) {
  double x;
  if (!ThisNumberValue(vm, args.this_value, "toExponential", &x)) return Value::Empty();
  if (NeedsRecall(args, "-N")) return Recall(vm, args, "-N");
  std::optional<double> f;
  if (!args[0].IsUndefined()) {
    double d;
    if (!prim::ToNumberArg(vm, args[0], &d)) return Value::Empty();
    f = d;
  }
  absl::StatusOr<std::string> s = support::NumberToExponential(x, f);
  if (!s.ok()) return ThrowStatus(vm, s.status());
  return Value::FromString(vm.NewStringLatin1(*std::move(s)));
}

// Number.prototype.toPrecision(precision) (ECMA-262 §21.1.3.5).
Value NumberProtoToPrecision(VM& vm, CallArgs& args) {
  double x;
  if (!ThisNumberValue(vm, args.this_value, "toPrecision", &x)) return Value::Empty();
  if (NeedsRecall(args, "-N")) return Recall(vm, args, "-N");
  std::optional<double> p;
  if (!args[0].IsUndefined()) {
    double d;
    if (!prim::ToNumberArg(vm, args[0], &d)) return Value::Empty();
    p = d;
  }
  absl::StatusOr<std::string> s = support::NumberToPrecision(x, p);
  if (!s.ok()) return ThrowStatus(vm, s.status());
  return Value::FromString(vm.NewStringLatin1(*std::move(s)));
}

// Number.prototype.valueOf() (ECMA-262 §21.1.3.7).
Value NumberProtoValueOf(VM& vm, CallArgs& args) {
  double x;
  if (!ThisNumberValue(vm, args.this_value, "valueOf", &x)) return Value::Empty();
  return Value::Number(x);
}

// ---- toLocaleString: the en locales' decimal format (ECMA-402 §15 subset, as ICU prints it) ----

struct LocaleFormat {
  int min_fraction = 0;
  int max_fraction = 3;
  enum class Grouping { kAlways, kMin2, kOff } grouping = Grouping::kAlways;
};

// Locales whose decimal format is "1,234.5" with groups of three (checked against Node/ICU).
bool IsSupportedNumberLocale(std::string_view tag) {
  static constexpr std::string_view kTags[] = {"en",    "en-US", "en-GB", "en-AU", "en-CA",
                                               "en-NZ", "en-IE", "en-SG", "en-PH", "en-150"};
  for (std::string_view t : kTags)
    if (t.size() == tag.size()) {
      bool eq = true;
      for (size_t i = 0; i < t.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(t[i])) !=
            std::tolower(static_cast<unsigned char>(tag[i])))
          eq = false;
      if (eq) return true;
    }
  return false;
}

// Formats |x| (finite) with the shortest round-trip digits rounded half away from zero to
// `max_fraction` digits (ICU rounds the decimal it prints, not the binary value), then pads to
// `min_fraction` digits and groups the integer digits.
std::string FormatDecimal(double x, const LocaleFormat& f) {
  // Shortest digits D and decimal exponent P with |x| = 0.D × 10^P.
  std::string s = support::NumberToString(std::fabs(x));
  std::string digits;
  int point = 0;
  size_t e = s.find('e');
  std::string mantissa = e == std::string::npos ? s : s.substr(0, e);
  int exp10 = e == std::string::npos ? 0 : std::stoi(s.substr(e + 1));
  size_t dot = mantissa.find('.');
  if (dot == std::string::npos) {
    digits = mantissa;
    point = static_cast<int>(mantissa.size());
  } else {
    digits = mantissa.substr(0, dot) + mantissa.substr(dot + 1);
    point = static_cast<int>(dot);
  }
  point += exp10;
  // Strip leading zeros ("0.001" → digits "0001", point 1 → "1", point -2).
  size_t lead = 0;
  while (lead + 1 < digits.size() && digits[lead] == '0') ++lead;
  digits.erase(0, lead);
  point -= static_cast<int>(lead);
  if (digits == "0") point = 1;
  // Round to max_fraction digits after the point.
  int keep = point + f.max_fraction;  // digits kept
  if (keep < static_cast<int>(digits.size())) {
    bool up = keep >= 0 && digits[keep] >= '5';
    if (keep < 0) {
      digits = "0";
      point = 1;
    } else {
      digits.resize(keep);
      if (up) {
        int i = keep - 1;
        while (i >= 0 && digits[i] == '9') digits[i--] = '0';
        if (i >= 0) {
          ++digits[i];
        } else {
          digits.insert(digits.begin(), '1');
          ++point;
        }
      }
      if (digits.empty()) {
        digits = "0";
        point = 1;
      }
    }
  }
  std::string int_part, frac_part;
  if (point <= 0) {
    int_part = "0";
    frac_part = std::string(-point, '0') + digits;
  } else if (point >= static_cast<int>(digits.size())) {
    int_part = digits + std::string(point - digits.size(), '0');
  } else {
    int_part = digits.substr(0, point);
    frac_part = digits.substr(point);
  }
  while (!frac_part.empty() && frac_part.back() == '0') frac_part.pop_back();
  if (static_cast<int>(frac_part.size()) < f.min_fraction)
    frac_part.append(f.min_fraction - frac_part.size(), '0');
  size_t lead_int = int_part.find_first_not_of('0');
  int_part = lead_int == std::string::npos ? "0" : int_part.substr(lead_int);
  std::string grouped;
  bool group = f.grouping == LocaleFormat::Grouping::kAlways
                   ? int_part.size() > 3
                   : f.grouping == LocaleFormat::Grouping::kMin2 && int_part.size() > 4;
  if (group) {
    size_t first = int_part.size() % 3 == 0 ? 3 : int_part.size() % 3;
    grouped = int_part.substr(0, first);
    for (size_t i = first; i < int_part.size(); i += 3) {
      grouped.push_back(',');
      grouped.append(int_part, i, 3);
    }
  } else {
    grouped = int_part;
  }
  if (!frac_part.empty()) absl::StrAppend(&grouped, ".", frac_part);
  return grouped;
}

// Reads an own-or-inherited data option without running program code. False (after throwing) when
// a getter is in the way.
bool ReadOption(VM& vm, Object* options, std::string_view name, Value* out) {
  bool had_accessor = false;
  *out = vm.GetData(options, vm.KeyFromName(name), &had_accessor);
  if (had_accessor) {
    vm.ThrowTypeError(prim::Cat("toLocaleString: the option '", name,
                                "' is an accessor, which is not supported"));
    return false;
  }
  return true;
}

bool ReadDigitsOption(VM& vm, Object* options, std::string_view name, std::optional<int>* out) {
  Value v;
  if (!ReadOption(vm, options, name, &v)) return false;
  if (v.IsUndefined()) return true;
  if (v.IsObject()) {
    vm.ThrowTypeError(prim::Cat("toLocaleString: the option '", name, "' must be a number"));
    return false;
  }
  double d;
  if (!prim::ToNumberArg(vm, v, &d)) return false;
  if (std::isnan(d) || d < 0 || d > 100) {
    vm.ThrowRangeError(prim::Cat(name, " value is out of range."));
    return false;
  }
  *out = static_cast<int>(std::floor(d));
  return true;
}

// Parses `locales` and `options` of toLocaleString into a format. False after throwing: locales
// other than the en ones above and options other than minimumFractionDigits,
// maximumFractionDigits, useGrouping and style "decimal" are refused with a clear error instead
// of being formatted wrongly (full Intl.NumberFormat is a later addition).
bool ParseLocaleFormat(VM& vm, Value locales, Value options, LocaleFormat* f) {
  auto check_tag = [&](Value tag) {
    if (!tag.IsString()) {
      vm.ThrowTypeError("toLocaleString: a locale must be a string");
      return false;
    }
    std::string t = tag.AsString()->ToUtf8();
    if (IsSupportedNumberLocale(t)) return true;
    vm.ThrowRangeError(prim::Cat("toLocaleString: locale '", t,
                                 "' is not supported (supported: en, en-US, en-GB, en-AU, "
                                 "en-CA, en-NZ, en-IE, en-SG, en-PH, en-150)"));
    return false;
  };
  if (locales.IsString()) {
    if (!check_tag(locales)) return false;
  } else if (vm.IsArray(locales)) {
    auto* a = static_cast<ArrayObject*>(vm.Resolve(locales.AsObject()));
    if (a->length > 0) {
      bool had_accessor = false;
      Value first = vm.GetData(a, PropertyKey::Index(0), &had_accessor);
      if (!check_tag(first)) return false;
    }
  } else if (!locales.IsUndefined()) {
    vm.ThrowTypeError("toLocaleString: locales must be a string or an array of strings");
    return false;
  }
  if (options.IsUndefined()) return true;
  if (!options.IsObject()) {
    if (options.IsNull()) {
      vm.ThrowTypeError("Cannot convert undefined or null to object");
      return false;
    }
    return true;  // ToObject of a primitive has no own options
  }
  Object* o = options.AsObject();
  static constexpr std::string_view kKnown[] = {"minimumFractionDigits", "maximumFractionDigits",
                                                "useGrouping",           "style",
                                                "localeMatcher",         "numberingSystem"};
  for (const PropertyKey& k : vm.OwnKeys(o, true, false, true)) {
    String* name = vm.KeyToValue(k).AsString();
    std::string n = name->ToUtf8();
    bool known = false;
    for (std::string_view kn : kKnown)
      if (kn == n) known = true;
    if (!known) {
      vm.ThrowTypeError(prim::Cat("toLocaleString: the option '", n,
                                  "' is not supported yet (supported: minimumFractionDigits, "
                                  "maximumFractionDigits, useGrouping, style: 'decimal')"));
      return false;
    }
  }
  Value style;
  if (!ReadOption(vm, o, "style", &style)) return false;
  if (!style.IsUndefined() && !(style.IsString() && style.AsString()->ToUtf8() == "decimal")) {
    vm.ThrowTypeError("toLocaleString: only style 'decimal' is supported yet");
    return false;
  }
  Value numbering;
  if (!ReadOption(vm, o, "numberingSystem", &numbering)) return false;
  if (!numbering.IsUndefined() &&
      !(numbering.IsString() && numbering.AsString()->ToUtf8() == "latn")) {
    vm.ThrowTypeError("toLocaleString: only numberingSystem 'latn' is supported");
    return false;
  }
  Value grouping;
  if (!ReadOption(vm, o, "useGrouping", &grouping)) return false;
  if (!grouping.IsUndefined()) {
    std::string g = grouping.IsString() ? grouping.AsString()->ToUtf8() : "";
    if (grouping.IsBool()) {
      f->grouping =
          grouping.AsBool() ? LocaleFormat::Grouping::kAlways : LocaleFormat::Grouping::kOff;
    } else if (g == "always" || g == "auto" || g == "true") {
      f->grouping = LocaleFormat::Grouping::kAlways;
    } else if (g == "min2") {
      f->grouping = LocaleFormat::Grouping::kMin2;
    } else if (g == "false" || g.empty()) {
      f->grouping =
          vm.ToBoolean(grouping) ? LocaleFormat::Grouping::kAlways : LocaleFormat::Grouping::kOff;
    } else {
      vm.ThrowRangeError(prim::Cat("Value ", g,
                                   " out of range for Intl.NumberFormat options "
                                   "property useGrouping"));
      return false;
    }
  }
  std::optional<int> mnfd, mxfd;
  if (!ReadDigitsOption(vm, o, "minimumFractionDigits", &mnfd)) return false;
  if (!ReadDigitsOption(vm, o, "maximumFractionDigits", &mxfd)) return false;
  // SetNumberFormatDigitOptions (ECMA-402 §15.1.3) with the defaults 0 and 3.
  if (mnfd && !mxfd) {
    f->min_fraction = *mnfd;
    f->max_fraction = std::max(3, *mnfd);
  } else if (!mnfd && mxfd) {
    f->max_fraction = *mxfd;
    f->min_fraction = std::min(0, *mxfd);
  } else if (mnfd && mxfd) {
    if (*mnfd > *mxfd) {
      vm.ThrowRangeError("maximumFractionDigits value is out of range.");
      return false;
    }
    f->min_fraction = *mnfd;
    f->max_fraction = *mxfd;
  }
  return true;
}

// Number.prototype.toLocaleString(locales, options) (ECMA-402 §16.4.1) for the en locales.
Value NumberProtoToLocaleString(VM& vm, CallArgs& args) {
  double x;
  if (!ThisNumberValue(vm, args.this_value, "toLocaleString", &x)) return Value::Empty();
  LocaleFormat f;
  if (!ParseLocaleFormat(vm, args[0], args[1], &f)) return Value::Empty();
  if (std::isnan(x)) return vm.Str("NaN");
  std::string out = std::signbit(x) ? "-" : "";
  if (std::isinf(x)) {
    out += "\xE2\x88\x9E";  // ∞
  } else {
    out += FormatDecimal(x, f);
  }
  return Value::FromString(vm.NewStringUtf8(out));
}

// Number.isFinite / isInteger / isNaN / isSafeInteger (ECMA-262 §21.1.2.2-5): no coercion.
enum NumberPredicate : int32_t { kIsFinite, kIsInteger, kIsNaN, kIsSafeInteger };

Value NumberPredicateFn(VM& vm, CallArgs& args) {
  Value v = args[0];
  if (!v.IsNumber()) return Value::Bool(false);
  double d = v.AsNumber();
  switch (static_cast<NumberPredicate>(static_cast<NativeFunction*>(args.callee)->magic)) {
    case kIsFinite:
      return Value::Bool(std::isfinite(d));
    case kIsInteger:
      return Value::Bool(std::isfinite(d) && std::trunc(d) == d);
    case kIsNaN:
      return Value::Bool(std::isnan(d));
    case kIsSafeInteger:
      return Value::Bool(std::isfinite(d) && std::trunc(d) == d && std::fabs(d) <= kMaxSafeInteger);
  }
  return Value::Bool(false);
}

// ------------------------------------------------------------------------------------ Boolean

// Boolean(value) / new Boolean(value) (ECMA-262 §20.3.1.1).
Value BooleanCtor(VM& vm, CallArgs& args) {
  bool b = VM::ToBoolean(args[0]);
  if (args.new_target.IsUndefined()) return Value::Bool(b);
  const Intrinsics& in = vm.realm().intrinsics();
  Object* proto = prim::PrototypeFromNewTarget(vm, args.new_target, in.boolean_prototype);
  Object* obj = vm.NewObjectWithProto(proto, ObjectClass::kBoolean);
  obj->set_internal(Value::Bool(b));
  return Value::FromObject(obj);
}

// thisBooleanValue (ECMA-262 §20.3.3.3.1).
bool ThisBooleanValue(VM& vm, Value v, std::string_view method, bool* out) {
  if (v.IsBool()) {
    *out = v.AsBool();
    return true;
  }
  if (v.IsObject()) {
    Object* o = vm.Resolve(v.AsObject());
    if (o->klass() == ObjectClass::kBoolean && o->internal().IsBool()) {
      *out = o->internal().AsBool();
      return true;
    }
  }
  vm.ThrowTypeError(prim::Cat("Boolean.prototype.", method, " requires that 'this' be a Boolean"));
  return false;
}

// Boolean.prototype.toString() (§20.3.3.2).
Value BooleanProtoToString(VM& vm, CallArgs& args) {
  bool b;
  if (!ThisBooleanValue(vm, args.this_value, "toString", &b)) return Value::Empty();
  return Value::FromString(vm.atom(b ? AtomId::true_ : AtomId::false_));
}

// Boolean.prototype.valueOf() (§20.3.3.3).
Value BooleanProtoValueOf(VM& vm, CallArgs& args) {
  bool b;
  if (!ThisBooleanValue(vm, args.this_value, "valueOf", &b)) return Value::Empty();
  return Value::Bool(b);
}

// Links a constructor with its prototype and publishes it as a global (ECMA-262 §18 attributes).
void LinkConstructor(VM& vm, Intrinsics& in, NativeFunction* ctor, Object* proto,
                     std::string_view name) {
  vm.DefineOwnProperty(ctor, vm.KeyFromAtom(vm.atom(AtomId::prototype)), Value::FromObject(proto),
                       0);
  vm.DefineOwnProperty(proto, vm.KeyFromAtom(vm.atom(AtomId::constructor)), Value::FromObject(ctor),
                       kHiddenAttrs);
  vm.DefineValue(in.global, name, Value::FromObject(ctor), kHiddenAttrs);
}

}  // namespace

namespace prim {

void InstallBooleanBuiltins(VM& vm, Intrinsics& in) {
  Object* proto = in.boolean_prototype;
  // %Boolean.prototype% is itself a Boolean object whose value is false (§20.3.3).
  if (proto->internal().IsUndefined()) proto->set_internal(Value::Bool(false));
  NativeFunction* ctor = vm.NewNative("Boolean", BooleanCtor, 1, 0, /*constructor=*/true);
  LinkConstructor(vm, in, ctor, proto, "Boolean");
  vm.DefineMethod(proto, "toString", BooleanProtoToString, 0);
  vm.DefineMethod(proto, "valueOf", BooleanProtoValueOf, 0);
}

}  // namespace prim

// Installs Number, Boolean, Math and the global value properties and functions (ECMA-262 §19,
// §20.3, §21.1, §21.3).
void InstallNumberBuiltins(VM& vm, Intrinsics& in) {
  prim::InstallGlobalFunctions(vm, in);
  prim::InstallBooleanBuiltins(vm, in);
  prim::InstallMathBuiltins(vm, in);

  Object* proto = in.number_prototype;
  // %Number.prototype% is itself a Number object whose value is +0 (§21.1.3).
  if (proto->internal().IsUndefined()) proto->set_internal(Value::Number(0));
  NativeFunction* ctor = vm.NewNative("Number", NumberCtor, 1, 0, /*constructor=*/true);
  LinkConstructor(vm, in, ctor, proto, "Number");

  vm.DefineValue(ctor, "EPSILON", Value::Number(2.220446049250313e-16), 0);
  vm.DefineValue(ctor, "MAX_SAFE_INTEGER", Value::Number(kMaxSafeInteger), 0);
  vm.DefineValue(ctor, "MIN_SAFE_INTEGER", Value::Number(-kMaxSafeInteger), 0);
  vm.DefineValue(ctor, "MAX_VALUE", Value::Number(1.7976931348623157e308), 0);
  vm.DefineValue(ctor, "MIN_VALUE", Value::Number(5e-324), 0);
  vm.DefineValue(ctor, "NaN", Value::Number(NAN), 0);
  vm.DefineValue(ctor, "NEGATIVE_INFINITY", Value::Number(-INFINITY), 0);
  vm.DefineValue(ctor, "POSITIVE_INFINITY", Value::Number(INFINITY), 0);
  vm.DefineMethod(ctor, "isFinite", NumberPredicateFn, 1, kIsFinite);
  vm.DefineMethod(ctor, "isInteger", NumberPredicateFn, 1, kIsInteger);
  vm.DefineMethod(ctor, "isNaN", NumberPredicateFn, 1, kIsNaN);
  vm.DefineMethod(ctor, "isSafeInteger", NumberPredicateFn, 1, kIsSafeInteger);
  // Number.parseFloat / parseInt are the very same functions as the globals (§21.1.2.12-13).
  vm.DefineValue(ctor, "parseFloat", vm.GetData(in.global, "parseFloat"));
  vm.DefineValue(ctor, "parseInt", vm.GetData(in.global, "parseInt"));

  vm.DefineMethod(proto, "toExponential", NumberProtoToExponential, 1);
  vm.DefineMethod(proto, "toFixed", NumberProtoToFixed, 1);
  vm.DefineMethod(proto, "toLocaleString", NumberProtoToLocaleString, 0);
  vm.DefineMethod(proto, "toPrecision", NumberProtoToPrecision, 1);
  vm.DefineMethod(proto, "toString", NumberProtoToString, 1);
  vm.DefineMethod(proto, "valueOf", NumberProtoValueOf, 0);
}

}  // namespace codemode::vm
