// ICU-backed natives for the self-hosted Intl objects (vm/prelude/60-intl.js, ECMA-402). The prelude
// resolves every option and keeps it as plain data in the Intl object's private fields (so Intl objects
// survive snapshots); these natives take only primitives (locale tags, ICU number skeletons, option
// words, strings, numbers) and use a process-wide bounded cache of ICU formatters keyed by them. No
// ICU pointer is ever stored on the heap.
#pragma once

namespace codemode::vm {
class VM;
class Object;

// Adds the intl* natives to the prelude's `__intrinsics__` object `intr` (see intl.cc for each one's
// arguments and results).
void InstallIntlIntrinsics(VM& vm, Object* intr);

// Adds idnaToASCII (UTS #46 through ICU, for the URL parser; idna.cc) to `intr`.
void InstallIdnaIntrinsics(VM& vm, Object* intr);

// Adds textDecodeIcu (TextDecoder's legacy encodings through ICU converters; encoding.cc) to `intr`.
void InstallEncodingIntrinsics(VM& vm, Object* intr);

}  // namespace codemode::vm
