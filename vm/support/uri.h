// URI handling functions of ECMA-262 §19.2.6 (encodeURI, encodeURIComponent, decodeURI,
// decodeURIComponent) over UTF-16 JS strings. Pure functions; nothing here knows the VM heap.
//
// Errors: every error is absl::InvalidArgumentError("URI malformed"), V8's message for the URIError
// these functions throw (the caller wraps it into a URIError object).
#ifndef CODEMODE_VM_SUPPORT_URI_H_
#define CODEMODE_VM_SUPPORT_URI_H_

#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace codemode::support {

// encodeURIComponent (ECMA-262 §19.2.6.5): every code point except A-Z a-z 0-9 - _ . ! ~ * ' ( )
// becomes %XX escapes (uppercase hex) of its UTF-8 bytes. Error: an unpaired surrogate.
absl::StatusOr<std::u16string> EncodeURIComponent(std::u16string_view s);

// encodeURI (ECMA-262 §19.2.6.4): as EncodeURIComponent but also keeps ; / ? : @ & = + $ , #.
absl::StatusOr<std::u16string> EncodeURI(std::u16string_view s);

// decodeURIComponent (ECMA-262 §19.2.6.3): decodes every %XX escape sequence of a well-formed UTF-8
// code point. Error: '%' not followed by two hex digits, a bad lead or continuation byte, a
// truncated, overlong or surrogate sequence, or a code point above U+10FFFF.
absl::StatusOr<std::u16string> DecodeURIComponent(std::u16string_view s);

// decodeURI (ECMA-262 §19.2.6.2): as DecodeURIComponent but an escape that decodes to one of
// ; / ? : @ & = + $ , # stays as the original escape text (e.g. "%2F" and "%2f" are kept as
// written).
absl::StatusOr<std::u16string> DecodeURI(std::u16string_view s);

}  // namespace codemode::support

#endif  // CODEMODE_VM_SUPPORT_URI_H_
