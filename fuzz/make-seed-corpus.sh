#!/usr/bin/env bash
# Collects a seed corpus for fuzz_js_compile: every JavaScript program of the repository's tests, examples
# and benchmarks (generated hostile sources excluded: they are megabytes).
#   fuzz/make-seed-corpus.sh OUT_DIR
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${1:?usage: make-seed-corpus.sh OUT_DIR}
mkdir -p "$OUT"
n=0
shopt -s nullglob
for f in "$ROOT"/tests/corpus/js/*/programs/*.js "$ROOT"/tests/hostile/*.js "$ROOT"/examples/*/*.js \
         "$ROOT"/bench/programs/*.js; do
  case "$f" in *.gen.js) continue ;; esac
  rel=${f#"$ROOT"/}
  cp "$f" "$OUT/${rel//\//_}"
  n=$((n + 1))
done
echo "seed corpus: $n programs in $OUT"
