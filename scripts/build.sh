#!/usr/bin/env bash
# Configures and builds one flavour of the tree with Ninja.
#   scripts/build.sh [release|debug|asan]   (default: release)
#     release  build/        CMAKE_BUILD_TYPE=Release, default compiler
#     debug    build-debug/  CMAKE_BUILD_TYPE=Debug
#     asan     build-asan/   clang, ASan + UBSan (CODEMODE_SANITIZE), libFuzzer targets (CODEMODE_FUZZ);
#                            -O1 with assertions on; every object gets fuzzer coverage instrumentation
#                            (-fsanitize=fuzzer-no-link) so the fuzz targets see the engine's branches;
#                            no micro benchmarks.
# Parallelism: CODEMODE_JOBS (default 2; the machines have 2 cores shared by several people).
# Extra CMake arguments: CODEMODE_CMAKE_ARGS (word-split). CODEMODE_KEEP_GOING=1: build everything that
# compiles even after an error (the exit status still reports the failure).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
MODE=${1:-release}
JOBS=${CODEMODE_JOBS:-2}
# shellcheck disable=SC2206
EXTRA=(${CODEMODE_CMAKE_ARGS:-})

case "$MODE" in
  release)
    DIR=$ROOT/build
    ARGS=(-DCMAKE_BUILD_TYPE=Release)
    ;;
  debug)
    DIR=$ROOT/build-debug
    ARGS=(-DCMAKE_BUILD_TYPE=Debug)
    ;;
  asan)
    DIR=$ROOT/build-asan
    CLANG=$(command -v clang || true)
    CLANGXX=$(command -v clang++ || true)
    if [[ -z "$CLANG" || -z "$CLANGXX" ]]; then
      echo "build: clang/clang++ not found (run scripts/setup.sh)" >&2
      exit 1
    fi
    ARGS=(
      -DCMAKE_BUILD_TYPE=Debug
      "-DCMAKE_C_COMPILER=$CLANG" "-DCMAKE_CXX_COMPILER=$CLANGXX"
      "-DCMAKE_C_FLAGS_DEBUG=-O1 -g"
      "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g"
      "-DCMAKE_CXX_FLAGS=-fsanitize=fuzzer-no-link"
      -DCODEMODE_SANITIZE=ON -DCODEMODE_FUZZ=ON
      -DCODEMODE_BENCH=OFF  # timings under ASan mean nothing; saves build time
    )
    ;;
  *)
    echo "usage: scripts/build.sh [release|debug|asan]" >&2
    exit 2
    ;;
esac

echo "build: $MODE in ${DIR#"$ROOT"/} (-j$JOBS)"
cmake -S "$ROOT" -B "$DIR" -G Ninja "${ARGS[@]}" "${EXTRA[@]}"
KEEP_GOING=()
[[ "${CODEMODE_KEEP_GOING:-0}" == 1 ]] && KEEP_GOING=(-- -k 0)
cmake --build "$DIR" -j "$JOBS" "${KEEP_GOING[@]}"
