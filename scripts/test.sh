#!/usr/bin/env bash
# The whole test suite, as CI runs it:
#   1. scripts/setup.sh (packages)
#   2. release build (build/) + ctest: unit tests, corpus, hostile programs, examples, harness self-checks
#   3. the same ctest again in roundtrip mode (CODEMODE_ROUNDTRIP=1: every run is saved to bytes and restored
#      into a fresh VM at every host call and every 97 steps, and must give the same Results)
#   4. ASan+UBSan build (build-asan/) + the same ctest with any sanitizer report fatal
#   5. short libFuzzer runs of build-asan/fuzz_js_compile (seeded from the repository's programs) and of
#      build-asan/fuzz_snapshot_reader (seeded from the golden snapshots) and of build-asan/fuzz_lua_parse
#      (seeded from the Lua corpus)
# Keeps going after a failure so one run reports everything; exits non-zero if anything failed.
# The last line is always `N passed, N failed` (ctest tests of both builds + the fuzz run; a step that
# could not run, such as a failed build, counts as one failure).
#
# Environment: CODEMODE_JOBS (build/ctest parallelism, default 2), CODEMODE_FUZZ_SECONDS (default 30),
# CODEMODE_TEST_ASAN=0 skips steps 3-4 (local use; CI runs everything).
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
export CODEMODE_JOBS=${CODEMODE_JOBS:-2}
FUZZ_SECONDS=${CODEMODE_FUZZ_SECONDS:-30}
PASSED=0
FAILED=0
NOTES=()
START=$(date +%s)

section() { printf '\n==== %s (%ds) ====\n' "$*" $(($(date +%s) - START)); }
failed_step() { FAILED=$((FAILED + 1)); NOTES+=("FAILED: $1"); echo "test.sh: FAILED: $1"; }
note() { NOTES+=("note: $1"); echo "test.sh: $1"; }

# run_ctest BUILD_DIR LABEL [CTEST ARGS...]: runs ctest there and adds its counts to PASSED/FAILED.
run_ctest() {
  local dir=$1 label=$2 log rc summary total nfail
  shift 2
  log=$(mktemp)
  (cd "$dir" && ctest --output-on-failure -j "$CODEMODE_JOBS" "$@") 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  summary=$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -n 1)
  if [[ -n "$summary" ]]; then
    total=$(sed -E 's/.* out of ([0-9]+).*/\1/' <<<"$summary")
    nfail=$(sed -E 's/.*passed, ([0-9]+) tests? failed.*/\1/' <<<"$summary")
    PASSED=$((PASSED + total - nfail))
    FAILED=$((FAILED + nfail))
    ((nfail)) && NOTES+=("FAILED: $nfail of $total ctest tests in $label (see the list above)")
    ((rc != 0 && nfail == 0)) && failed_step "ctest in $label exited with $rc"
  elif grep -q 'No tests were found' "$log"; then
    note "no ctest tests registered in $label"
    ((rc != 0)) && failed_step "ctest in $label exited with $rc"
  else
    failed_step "ctest in $label printed no summary (exit $rc)"
  fi
  rm -f "$log"
}

section setup
scripts/setup.sh || failed_step "scripts/setup.sh"

# A build error is one failure; whatever did build is still tested (ninja -k 0), so one broken file
# does not hide the state of everything else.
export CODEMODE_KEEP_GOING=1

section "release build"
scripts/build.sh release || failed_step "release build"
if [[ -f build/CTestTestfile.cmake ]]; then
  [[ -x build/codemode ]] || note "build/codemode does not exist: corpus, hostile and example tests are not registered"
  section "release ctest"
  run_ctest build release
  # Harness-only checks (the oracle's own expectations, the runner's self-test, node running the
  # examples) do not run the engine, so they are not repeated.
  section "release ctest, roundtrip mode"
  CODEMODE_ROUNDTRIP=1 run_ctest build release-roundtrip -E '^(corpus\.oracle\.|corpus\.runner\.selftest|examples\.node)'
fi

if [[ "${CODEMODE_TEST_ASAN:-1}" == 0 ]]; then
  note "ASan/UBSan build and fuzz run skipped (CODEMODE_TEST_ASAN=0)"
else
  section "ASan/UBSan build"
  scripts/build.sh asan || failed_step "ASan/UBSan build"
  if [[ -f build-asan/CTestTestfile.cmake ]]; then
    # Any sanitizer report fails: the process exits with 86, and the corpus runner also scans stderr.
    export ASAN_OPTIONS=halt_on_error=1:detect_leaks=1:exitcode=86:strict_string_checks=1:check_initialization_order=1:strict_init_order=1
    export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:exitcode=86
    section "ASan/UBSan ctest"
    run_ctest build-asan asan

    section "fuzz smoke"
    if [[ -x build-asan/fuzz_js_compile ]]; then
      seeds=$(mktemp -d)
      work=$(mktemp -d)
      mkdir -p build-asan/fuzz-artifacts
      fuzz/make-seed-corpus.sh "$seeds"
      if build-asan/fuzz_js_compile -max_total_time="$FUZZ_SECONDS" -timeout=10 -rss_limit_mb=2048 \
          -max_len=65536 -dict=fuzz/js.dict -artifact_prefix=build-asan/fuzz-artifacts/ -print_final_stats=1 \
          "$work" "$seeds" </dev/null; then
        PASSED=$((PASSED + 1))
      else
        failed_step "fuzz_js_compile found a problem (input saved in build-asan/fuzz-artifacts/)"
      fi
      rm -rf "$seeds" "$work"
    else
      note "fuzz smoke skipped: build-asan/fuzz_js_compile is not built"
    fi
    if [[ -x build-asan/fuzz_snapshot_reader ]]; then
      seeds=$(mktemp -d)
      work=$(mktemp -d)
      mkdir -p build-asan/fuzz-artifacts
      cp tests/snapshot/golden/*.snap "$seeds"/
      if build-asan/fuzz_snapshot_reader -max_total_time="$FUZZ_SECONDS" -timeout=10 -rss_limit_mb=2048 \
          -artifact_prefix=build-asan/fuzz-artifacts/snapshot- -print_final_stats=1 "$work" "$seeds" </dev/null; then
        PASSED=$((PASSED + 1))
      else
        failed_step "fuzz_snapshot_reader found a problem (input saved in build-asan/fuzz-artifacts/)"
      fi
      rm -rf "$seeds" "$work"
    else
      note "snapshot fuzz smoke skipped: build-asan/fuzz_snapshot_reader is not built"
    fi
    if [[ -x build-asan/fuzz_lua_parse ]]; then
      seeds=$(mktemp -d)
      work=$(mktemp -d)
      mkdir -p build-asan/fuzz-artifacts
      cp tests/corpus/lua/programs/*.lua "$seeds"/
      if build-asan/fuzz_lua_parse -max_total_time="$FUZZ_SECONDS" -timeout=10 -rss_limit_mb=2048 \
          -max_len=65536 -dict=fuzz/lua.dict -artifact_prefix=build-asan/fuzz-artifacts/lua- \
          -print_final_stats=1 "$work" "$seeds" </dev/null; then
        PASSED=$((PASSED + 1))
      else
        failed_step "fuzz_lua_parse found a problem (input saved in build-asan/fuzz-artifacts/)"
      fi
      rm -rf "$seeds" "$work"
    else
      note "Lua parser fuzz smoke skipped: build-asan/fuzz_lua_parse is not built"
    fi
  fi
fi

section summary
for n in "${NOTES[@]}"; do echo "$n"; done
echo "total time $(($(date +%s) - START)) s"
echo "$PASSED passed, $FAILED failed"
((FAILED == 0))
