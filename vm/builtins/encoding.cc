// The legacy encodings of TextDecoder (WHATWG Encoding §9-§14: single-byte encodings, gbk/gb18030,
// big5, euc-jp, iso-2022-jp, shift_jis, euc-kr, utf-16be) through ICU converters opened by the
// encoding's name, with U+FFFD for malformed input or a stop on the first error for `fatal`,
// as Node.js decodes them (vm/prelude/47-typed.js keeps labels, BOM handling and streaming state).
#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>

#include <memory>
#include <string>

#include "vm/builtins/intl.h"
#include "vm/object.h"
#include "vm/vm.h"

namespace codemode::vm {
namespace {

// Malformed or unmapped input becomes one U+FFFD per sequence ICU reports (its own substitution
// callback would write U+001A for converters whose substitution byte is 0x1A, e.g. shift_jis).
void SubstituteReplacementCharacter(const void*, UConverterToUnicodeArgs* args, const char*,
                                    int32_t, UConverterCallbackReason reason, UErrorCode* err) {
  if (reason != UCNV_UNASSIGNED && reason != UCNV_ILLEGAL && reason != UCNV_IRREGULAR) return;
  *err = U_ZERO_ERROR;
  static const UChar kReplacement = 0xFFFD;
  ucnv_cbToUWriteUChars(args, &kReplacement, 1, 0, err);
}

struct ConverterCloser {
  void operator()(UConverter* c) const { ucnv_close(c); }
};

// textDecodeIcu(bytes, name, fatal, flush): decodes the Uint8Array `bytes` with ICU's converter for
// the encoding `name` (a WHATWG encoding name). Returns [text, pending]: `pending` is how many
// final bytes an unfinished character left unread when `flush` is false (the caller prepends them
// to the next chunk); undefined when `fatal` and the bytes are malformed; null when ICU has no such
// converter.
Value TextDecodeIcu(VM& vm, CallArgs& args) {
  Value bytes = args[0];
  if (!bytes.IsObject() || bytes.AsObject()->klass() != ObjectClass::kTypedArray ||
      !args[1].IsString())
    return Value::Null();
  auto* view = static_cast<TypedArrayObject*>(bytes.AsObject());
  if (view->kind != TypedKind::kUint8) return Value::Null();
  const char* src = reinterpret_cast<const char*>(view->buffer()->data.data() + view->byte_offset);
  const size_t n = view->length;
  const std::string name = args[1].AsString()->ToUtf8();
  const bool fatal = VM::ToBoolean(args[2]);
  const bool flush = VM::ToBoolean(args[3]);
  vm.ChargeSteps(n / 16);

  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<UConverter, ConverterCloser> cnv(ucnv_open(name.c_str(), &status));
  if (U_FAILURE(status) || cnv == nullptr) return Value::Null();
  ucnv_setToUCallBack(cnv.get(), fatal ? UCNV_TO_U_CALLBACK_STOP : SubstituteReplacementCharacter,
                      nullptr, nullptr, nullptr, &status);
  if (U_FAILURE(status)) return Value::Null();
  // Every encoding here gives at most one UTF-16 code unit per byte plus a surrogate pair for a
  // 4-byte gb18030 sequence (2 units for 4 bytes), and one U+FFFD per byte at worst.
  std::u16string out(2 * n + 16, u'\0');
  UChar* target = reinterpret_cast<UChar*>(out.data());
  UChar* target_limit = target + out.size();
  const char* source = src;
  ucnv_toUnicode(cnv.get(), &target, target_limit, &source, src + n, nullptr, flush, &status);
  if (U_FAILURE(status)) {
    if (fatal) return Value::Undefined();
    return Value::Null();
  }
  out.resize(static_cast<size_t>(target - reinterpret_cast<UChar*>(out.data())));
  int32_t pending = flush ? 0 : ucnv_toUCountPending(cnv.get(), &status);
  if (U_FAILURE(status) || pending < 0) pending = 0;
  ArrayObject* result = vm.NewArray();
  vm.ArrayPush(result, Value::FromString(vm.NewStringU16(std::move(out))));
  vm.ArrayPush(result, Value::Number(pending));
  return Value::FromObject(result);
}

}  // namespace

void InstallEncodingIntrinsics(VM& vm, Object* intr) {
  vm.DefineMethod(intr, "textDecodeIcu", TextDecodeIcu, 4);
}

}  // namespace codemode::vm
