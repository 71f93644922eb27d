#!/usr/bin/env bash
# Cross-engine benchmark: runs each bench/programs/*.js under codemode, `node --jitless` and (if on PATH)
# QuickJS `qjs`, N times each (default 5), and prints the median wall time per engine and the ratio
# codemode / node-jitless. Then the Lua side: each bench/programs-lua/*.lua under codemode and `lua5.4`
# (bench/lua/run-lua54.lua gives lua5.4 the same no-op tool), ratio codemode / lua5.4. Each run is a whole
# process (start-up included, as a host would see it). Results are checked too: every engine must return
# the same value as node (JS) or lua5.4 (Lua; object keys compared unordered).
#
#   bench/compare.sh [--runs N] [--codemode BIN] [--runner BIN] [--cat] [--js|--lua] [PROGRAM.js|.lua ...]
#
# codemode column: `codemode_bench_run PROG` (--runner; default bench/codemode_bench_run in the build
# dir of --codemode), whose tools.noop.ping is in-process and completes with its input at once, like
# node's stub. Without that binary: `codemode run PROG --tools bench/noop-manifest.json` (noted).
# --cat adds the column cm_cat_ms: `codemode run` with the manifest's /bin/cat command tool (process
# spawn per call). node and qjs run the file wrapped in an async function with a `tools` stub whose
# functions return Promise.resolve(input).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUNS=5
CODEMODE=$ROOT/build/codemode
RUNNER=
WITH_CAT=0
SIDES="js lua"
PROGRAMS=()
while (($#)); do
  case "$1" in
    --runs) RUNS=$2; shift 2 ;;
    --codemode) CODEMODE=$2; shift 2 ;;
    --runner) RUNNER=$2; shift 2 ;;
    --cat) WITH_CAT=1; shift ;;
    --js) SIDES=js; shift ;;
    --lua) SIDES=lua; shift ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) PROGRAMS+=("$1"); shift ;;
  esac
done
JS_PROGRAMS=()
LUA_PROGRAMS=()
for p in "${PROGRAMS[@]}"; do
  if [[ "$p" == *.lua ]]; then LUA_PROGRAMS+=("$p"); else JS_PROGRAMS+=("$p"); fi
done
if ((${#PROGRAMS[@]} == 0)); then
  [[ " $SIDES " == *" js "* ]] && JS_PROGRAMS=("$ROOT"/bench/programs/*.js)
  [[ " $SIDES " == *" lua "* ]] && LUA_PROGRAMS=("$ROOT"/bench/programs-lua/*.lua)
fi
LUA=$(command -v lua5.4 || true)
MANIFEST=$ROOT/bench/noop-manifest.json
QJS=$(command -v qjs || true)
[[ -n "$RUNNER" ]] || RUNNER=$(dirname "$CODEMODE")/bench/codemode_bench_run
HAVE_CLI=1
if [[ ! -x "$CODEMODE" ]]; then
  HAVE_CLI=0
  ((WITH_CAT)) && echo "note: $CODEMODE not built; cm_cat_ms column skipped" >&2
  WITH_CAT=0
fi
# The codemode column's command (the program path is appended).
if [[ -x "$RUNNER" ]]; then
  CM_CMD=("$RUNNER" --max-tool-calls 1000)
  CM_HOW="$RUNNER (in-process noop.ping)"
elif ((HAVE_CLI)); then
  CM_CMD=("$CODEMODE" run --tools "$ROOT/bench/noop-manifest.json" --max-tool-calls 1000)
  CM_HOW="$CODEMODE run --tools noop-manifest.json (/bin/cat per tool call: $RUNNER not built)"
  echo "note: $RUNNER not built; the codemode column uses the CLI with /bin/cat tools" >&2
else
  CM_CMD=()
  echo "note: neither $RUNNER nor $CODEMODE built; codemode column skipped (scripts/build.sh release)" >&2
fi

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

now_ns() { date +%s%N; }

# median of the numbers on stdin
median() { sort -n | awk '{a[NR]=$1} END {if (NR==0) print "-"; else if (NR%2) print a[(NR+1)/2]; else print int((a[NR/2]+a[NR/2+1])/2)}'; }

# time_runs OUTFILE CMD... : runs CMD $RUNS times, prints the median ms; CMD's stdout of the last run in OUTFILE.
# Prints "fail" if any run exits non-zero.
time_runs() {
  local out=$1; shift
  local times=() s e
  for ((k = 0; k < RUNS; k++)); do
    s=$(now_ns)
    if ! "$@" >"$out" 2>"$out.err"; then
      echo fail
      return
    fi
    e=$(now_ns)
    times+=($(((e - s) / 1000000)))
  done
  printf '%s\n' "${times[@]}" | median
}

wrap() { # PROGRAM OUT: the program body inside an async function, printing its value as JSON
  {
    echo 'const tools = { noop: { ping: (x) => Promise.resolve(x === undefined ? {} : x) } };'
    echo '(async () => {'
    cat "$1"
    echo '})().then((v) => console.log(JSON.stringify(v === undefined ? null : v)), (e) => { console.log("error: " + e); throw e; });'
  } >"$2"
}

# same_value ENGINE_OUT NODE_OUT KIND: compares the value JSON (codemode: the Result's value)
same_value() {
  node -e '
    const fs = require("fs");
    const [a, b, kind] = process.argv.slice(1);
    let x = JSON.parse(fs.readFileSync(a, "utf8"));
    if (kind === "codemode" || kind === "codemode-lua") { if (!x.ok) process.exit(1); x = x.value; }
    let y = JSON.parse(fs.readFileSync(b, "utf8"));
    // Lua tables have no key order: compare objects with sorted keys.
    const sorted = (v) => Array.isArray(v) ? v.map(sorted) : v && typeof v === "object"
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])])) : v;
    if (kind === "codemode-lua") { x = sorted(x); y = sorted(y); }
    process.exit(JSON.stringify(x) === JSON.stringify(y) ? 0 : 1);
  ' "$1" "$2" "$3" 2>/dev/null
}

# cm_failure NAME OUT: why a codemode run failed, from its Result on stdout.
cm_failure() {
  echo "$1: $(node -e 'try { const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(r.error.kind + ": " + r.error.message); } catch { console.log("no Result on stdout"); }' "$2")"
}

# checked_cm NAME OUT MS REF_MS [REF_OUT KIND]: sets CHECKED to MS, or MS(wrong) when the Result's value
# differs from the reference engine's (node by default); a failed run is added to FAILURES.
checked_cm() {
  CHECKED=$3
  if [[ "$CHECKED" == fail ]]; then
    FAILURES+=("$(cm_failure "$1" "$2")")
  elif [[ "$4" != fail ]]; then
    same_value "$2" "${5:-$TMP/node.out}" "${6:-codemode}" || CHECKED="$CHECKED(wrong)"
  fi
}

FAILURES=()
if ((${#JS_PROGRAMS[@]})); then
if ((WITH_CAT)); then
  printf '%-18s %12s %14s %10s %10s %10s\n' program codemode_ms node_jitless_ms qjs_ms cm/node cm_cat_ms
else
  printf '%-18s %12s %14s %10s %10s\n' program codemode_ms node_jitless_ms qjs_ms cm/node
fi
for prog in "${JS_PROGRAMS[@]}"; do
  name=$(basename "$prog" .js)
  wrap "$prog" "$TMP/$name.wrapped.js"
  node_ms=$(time_runs "$TMP/node.out" node --jitless --no-warnings "$TMP/$name.wrapped.js")
  cm_ms=-
  ratio=-
  if ((${#CM_CMD[@]})); then
    # The fan-out makes 200 calls: above the default maxToolCalls (128).
    cm_ms=$(time_runs "$TMP/cm.out" "${CM_CMD[@]}" "$prog")
    checked_cm "$name" "$TMP/cm.out" "$cm_ms" "$node_ms"
    cm_ms=$CHECKED
    [[ "$cm_ms" =~ ^[0-9]+$ && "$node_ms" =~ ^[0-9]+$ ]] &&
      ratio=$(awk -v a="$cm_ms" -v b="$node_ms" 'BEGIN {printf "%.2f", a / b}')
  fi
  cat_ms=-
  if ((WITH_CAT)); then
    cat_ms=$(time_runs "$TMP/cat.out" "$CODEMODE" run "$prog" --tools "$MANIFEST" --max-tool-calls 1000)
    checked_cm "$name (cat)" "$TMP/cat.out" "$cat_ms" "$node_ms"
    cat_ms=$CHECKED
  fi
  qjs_ms=-
  if [[ -n "$QJS" ]]; then
    qjs_ms=$(time_runs "$TMP/qjs.out" "$QJS" "$TMP/$name.wrapped.js")
    if [[ "$qjs_ms" != fail && "$node_ms" != fail ]]; then
      same_value "$TMP/qjs.out" "$TMP/node.out" qjs || qjs_ms="$qjs_ms(wrong)"
    fi
  fi
  if ((WITH_CAT)); then
    printf '%-18s %12s %14s %10s %10s %10s\n' "$name" "$cm_ms" "$node_ms" "$qjs_ms" "$ratio" "$cat_ms"
  else
    printf '%-18s %12s %14s %10s %10s\n' "$name" "$cm_ms" "$node_ms" "$qjs_ms" "$ratio"
  fi
done
echo "median of $RUNS runs, wall time per process in ms; (wrong) = value differs from node's"
[[ -n "${CM_HOW:-}" ]] && echo "codemode: $CM_HOW"
((WITH_CAT)) && echo "cm_cat_ms: $CODEMODE run --tools bench/noop-manifest.json (/bin/cat per tool call)"
fi

# ------------------------------------------------------------------------------------------- Lua side
if ((${#LUA_PROGRAMS[@]})); then
  ((${#JS_PROGRAMS[@]})) && echo
  [[ -n "$LUA" ]] || echo "note: lua5.4 not on PATH; lua54_ms column skipped (scripts/setup.sh installs it)" >&2
  printf '%-20s %12s %10s %10s\n' lua_program codemode_ms lua54_ms cm/lua
  for prog in "${LUA_PROGRAMS[@]}"; do
    name=$(basename "$prog" .lua)
    lua_ms=fail
    [[ -n "$LUA" ]] && lua_ms=$(time_runs "$TMP/lua.out" "$LUA" "$ROOT/bench/lua/run-lua54.lua" "$prog")
    cm_ms=-
    ratio=-
    if ((${#CM_CMD[@]})); then
      cm_ms=$(time_runs "$TMP/cm.out" "${CM_CMD[@]}" "$prog")
      checked_cm "$name" "$TMP/cm.out" "$cm_ms" "$lua_ms" "$TMP/lua.out" codemode-lua
      cm_ms=$CHECKED
      [[ "$cm_ms" =~ ^[0-9]+$ && "$lua_ms" =~ ^[0-9]+$ ]] &&
        ratio=$(awk -v a="$cm_ms" -v b="$lua_ms" 'BEGIN {printf "%.2f", a / b}')
    fi
    printf '%-20s %12s %10s %10s\n' "$name" "$cm_ms" "$lua_ms" "$ratio"
  done
  echo "median of $RUNS runs, wall time per process in ms; (wrong) = value differs from lua5.4's"
fi
for f in "${FAILURES[@]}"; do echo "codemode failed: $f"; done
