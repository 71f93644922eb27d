#!/bin/sh
# Command tool system.arch: ignores its input (stdin), prints the dpkg architecture and Debian release.
cat >/dev/null
arch=$(dpkg --print-architecture) || { echo "dpkg --print-architecture failed" >&2; exit 1; }
release=$(cat /etc/debian_version 2>/dev/null || echo unknown)
printf '{"architecture":"%s","debianVersion":"%s"}\n' "$arch" "$release"
