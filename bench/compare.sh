#!/usr/bin/env bash
# Cross-engine benchmark: runs each bench/programs/*.js under codemode, `node --jitless` and (if on PATH)
# QuickJS `qjs`, N times each (default 5), and prints the median wall time per engine and the ratio
# codemode / node-jitless. Each run is a whole process (start-up included, as a host would see it).
# Results are checked too: every engine must return the same value as node.
#
#   bench/compare.sh [--runs N] [--codemode BIN] [PROGRAM.js ...]
#
# codemode runs `codemode run PROG --tools bench/noop-manifest.json`; node and qjs run the same file
# wrapped in an async function with a `tools` stub whose functions return Promise.resolve(input).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUNS=5
CODEMODE=$ROOT/build/codemode
PROGRAMS=()
while (($#)); do
  case "$1" in
    --runs) RUNS=$2; shift 2 ;;
    --codemode) CODEMODE=$2; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) PROGRAMS+=("$1"); shift ;;
  esac
done
((${#PROGRAMS[@]})) || PROGRAMS=("$ROOT"/bench/programs/*.js)
MANIFEST=$ROOT/bench/noop-manifest.json
QJS=$(command -v qjs || true)
HAVE_CM=1
if [[ ! -x "$CODEMODE" ]]; then
  echo "note: $CODEMODE not built; codemode column skipped (scripts/build.sh release)" >&2
  HAVE_CM=0
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
    if (kind === "codemode") { if (!x.ok) process.exit(1); x = x.value; }
    const y = JSON.parse(fs.readFileSync(b, "utf8"));
    process.exit(JSON.stringify(x) === JSON.stringify(y) ? 0 : 1);
  ' "$1" "$2" "$3" 2>/dev/null
}

FAILURES=()
printf '%-18s %12s %14s %10s %10s\n' program codemode_ms node_jitless_ms qjs_ms cm/node
for prog in "${PROGRAMS[@]}"; do
  name=$(basename "$prog" .js)
  wrap "$prog" "$TMP/$name.wrapped.js"
  node_ms=$(time_runs "$TMP/node.out" node --jitless --no-warnings "$TMP/$name.wrapped.js")
  cm_ms=-
  ratio=-
  if ((HAVE_CM)); then
    # The fan-out makes 200 calls: above the default maxToolCalls (128).
    cm_ms=$(time_runs "$TMP/cm.out" "$CODEMODE" run "$prog" --tools "$MANIFEST" --max-tool-calls 1000)
    if [[ "$cm_ms" == fail ]]; then
      FAILURES+=("$name: $(node -e 'try { const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(r.error.kind + ": " + r.error.message); } catch { console.log("no Result on stdout"); }' "$TMP/cm.out")")
    fi
    if [[ "$cm_ms" != fail && "$node_ms" != fail ]]; then
      same_value "$TMP/cm.out" "$TMP/node.out" codemode || cm_ms="$cm_ms(wrong)"
      [[ "$cm_ms" =~ ^[0-9]+$ ]] && ratio=$(awk -v a="$cm_ms" -v b="$node_ms" 'BEGIN {printf "%.2f", a / b}')
    fi
  fi
  qjs_ms=-
  if [[ -n "$QJS" ]]; then
    qjs_ms=$(time_runs "$TMP/qjs.out" "$QJS" "$TMP/$name.wrapped.js")
    if [[ "$qjs_ms" != fail && "$node_ms" != fail ]]; then
      same_value "$TMP/qjs.out" "$TMP/node.out" qjs || qjs_ms="$qjs_ms(wrong)"
    fi
  fi
  printf '%-18s %12s %14s %10s %10s\n' "$name" "$cm_ms" "$node_ms" "$qjs_ms" "$ratio"
done
echo "median of $RUNS runs, wall time per process in ms; (wrong) = value differs from node's"
for f in "${FAILURES[@]}"; do echo "codemode failed: $f"; done
