#!/usr/bin/env bash
# Demo: installs what is missing, builds the release tree and runs the package-audit example
# (examples/packages/) through the codemode CLI against this machine's real package database.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
PROGRAM=examples/packages/build-deps-audit.js
MANIFEST=examples/packages/manifest.json

scripts/setup.sh
scripts/build.sh release

echo
echo "\$ build/codemode run $PROGRAM --tools $MANIFEST"
if [[ ! -x build/codemode ]]; then
  echo "demo: build/codemode does not exist yet (the engine's CLI is still being written)." >&2
  echo "demo: for reference, the Result the program must give, computed by Node.js (examples/run-with-node.js):" >&2
  node examples/run-with-node.js "$PROGRAM" >&2 || true
  exit 1
fi
status=0
out=$(build/codemode run "$PROGRAM" --tools "$MANIFEST") || status=$?
# Pretty-print the Result when it is JSON; otherwise show it as it is.
printf '%s\n' "$out" | node -e '
  const t = require("fs").readFileSync(0, "utf8");
  try { console.log(JSON.stringify(JSON.parse(t), null, 2)); } catch { process.stdout.write(t); }'
exit "$status"
