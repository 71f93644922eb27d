#!/usr/bin/env bash
# Installs the Debian packages codemode needs to build and test. Idempotent: asks dpkg first and calls
# apt-get (update + install) only when something is missing, so a fully provisioned machine returns at once.
# Works as root, or through sudo when not root. Never prompts (CI runs it with no stdin).
set -euo pipefail

PACKAGES=(
  cmake ninja-build g++ clang pkg-config
  libclang-rt-14-dev        # ASan/UBSan runtimes and libFuzzer (libclang_rt.fuzzer-x86_64.a) for clang 14
  libabsl-dev libsimdjson-dev libdouble-conversion-dev libxxhash-dev
  catch2 libbenchmark-dev libcli11-dev libflatbuffers-dev flatbuffers-compiler
  libpcre2-dev libutf8proc-dev
  libgmp-dev                # BigInt limb arithmetic (GMP's mpn_* layer, vm/bigint.cc)
  libicu-dev                # ICU (uc, i18n): the Intl natives (locale data, formatting, collation)
  lua5.4                    # Lua oracle for the corpus
  tzdata                    # IANA zones for the run time-zone option (absl/cctz reads /usr/share/zoneinfo)
)

installed() {
  [[ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null)" == ii* ]]
}

missing=()
for pkg in "${PACKAGES[@]}"; do
  installed "$pkg" || missing+=("$pkg")
done
# Node.js is the JS oracle and runs the fixture tools; any node on PATH will do (e.g. NodeSource's).
if ! command -v node >/dev/null 2>&1; then
  missing+=(nodejs)
fi

if ((${#missing[@]} == 0)); then
  echo "setup: all packages present"
  exit 0
fi

echo "setup: installing ${missing[*]}"
if [[ "$(id -u)" == 0 ]]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo -n)
else
  echo "setup: missing packages (${missing[*]}) and not root, no sudo: install them by hand" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -q </dev/null
"${SUDO[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}" </dev/null

still=()
for pkg in "${missing[@]}"; do
  if [[ "$pkg" == nodejs ]]; then command -v node >/dev/null 2>&1 || still+=(node); continue; fi
  installed "$pkg" || still+=("$pkg")
done
if ((${#still[@]})); then
  echo "setup: still missing after apt-get: ${still[*]}" >&2
  exit 1
fi
echo "setup: done"
