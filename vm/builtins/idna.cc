// UTS #46 domain-name processing for the WHATWG URL parser's "domain to ASCII" (URL Standard §3.3,
// vm/prelude/55-url.js), through ICU's IDNA with the options the standard sets: CheckBidi and
// CheckJoiners on, nontransitional processing, UseSTD3ASCIIRules off; CheckHyphens and
// VerifyDnsLength off (their errors are ignored), as Node.js does.
#include <unicode/idna.h>
#include <unicode/unistr.h>

#include <memory>
#include <string>

#include "vm/builtins/intl.h"
#include "vm/object.h"
#include "vm/vm.h"

namespace codemode::vm {
namespace {

const icu::IDNA* Uts46() {
  static const icu::IDNA* idna = [] {
    UErrorCode status = U_ZERO_ERROR;
    icu::IDNA* p = icu::IDNA::createUTS46Instance(UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ |
                                                      UIDNA_NONTRANSITIONAL_TO_ASCII |
                                                      UIDNA_NONTRANSITIONAL_TO_UNICODE,
                                                  status);
    return U_SUCCESS(status) ? p : nullptr;
  }();
  return idna;
}

// The errors the URL Standard's domain to ASCII does not check (CheckHyphens and VerifyDnsLength
// false; an empty result is its own failure in the host parser).
constexpr uint32_t kIgnoredErrors = UIDNA_ERROR_EMPTY_LABEL | UIDNA_ERROR_LABEL_TOO_LONG |
                                    UIDNA_ERROR_DOMAIN_NAME_TOO_LONG | UIDNA_ERROR_LEADING_HYPHEN |
                                    UIDNA_ERROR_TRAILING_HYPHEN | UIDNA_ERROR_HYPHEN_3_4;

// __intrinsics__.idnaToASCII(domain): the ASCII form of `domain` (a string of UTF-16 code units),
// or null when UTS #46 processing reports an error the URL Standard checks (the host is then
// invalid). Inputs are bounded by the URL length the parser accepts.
Value IdnaToAscii(VM& vm, CallArgs& args) {
  Value v = args[0];
  const icu::IDNA* idna = Uts46();
  if (!v.IsString() || idna == nullptr) return Value::Null();
  String* s = v.AsString();
  std::u16string in = s->ToU16();
  icu::UnicodeString src(false, reinterpret_cast<const UChar*>(in.data()),
                         static_cast<int32_t>(in.size()));
  icu::UnicodeString out;
  icu::IDNAInfo info;
  UErrorCode status = U_ZERO_ERROR;
  idna->nameToASCII(src, out, info, status);
  if (U_FAILURE(status) || (info.getErrors() & ~kIgnoredErrors) != 0) return Value::Null();
  return Value::FromString(vm.NewStringU16(std::u16string(
      reinterpret_cast<const char16_t*>(out.getBuffer()), static_cast<size_t>(out.length()))));
}

}  // namespace

void InstallIdnaIntrinsics(VM& vm, Object* intr) {
  vm.DefineMethod(intr, "idnaToASCII", IdnaToAscii, 1);
}

}  // namespace codemode::vm
