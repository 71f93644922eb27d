#!/usr/bin/env bash
# Differential test: every tests/lua/*.lua (tool-free) runs under codemode and under lua5.4; the
# printed lines (codemode's Result logs, lua5.4's stdout) must be identical.
# lua5.4 runs with TZ=UTC, the time zone a codemode run has by default (os.date).
#   tests/lua/diff.sh CODEMODE_BINARY [NAME-FILTER]
set -u
here="$(cd "$(dirname "$0")" && pwd)"
bin="${1:?usage: diff.sh CODEMODE_BINARY [FILTER]}"
filter="${2:-}"
if ! command -v lua5.4 >/dev/null; then echo "lua5.4 not installed: skipped"; exit 0; fi
pass=0; fail=0
for prog in "$here"/*.lua; do
  name="$(basename "$prog" .lua)"
  [ "$name" = run54 ] && continue
  [ -n "$filter" ] && [[ "$name" != *"$filter"* ]] && continue
  want="$(TZ=UTC lua5.4 "$here/run54.lua" "$prog" 2>&1)"
  got="$("$bin" run --lang lua "$prog" | node -e '
    let s = ""; process.stdin.on("data", (c) => (s += c)).on("end", () => {
      const r = JSON.parse(s);
      const lines = r.logs || [];
      if (!r.ok) lines.push("ERROR " + r.error.kind + ": " + r.error.message);
      process.stdout.write(lines.join("\n"));
    });')"
  if [ "$want" == "$got" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $name"
    diff <(echo "$want") <(echo "$got") | head -20
  fi
done
echo "lua diff: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
