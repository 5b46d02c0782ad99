#!/usr/bin/env bash
# Runs every benchmark executable in the given folder; each prints its figures, the last line as JSON (docs/benchmarks.md).
set -u
dir=${1:-build-release/bench}
status=0
for b in "$dir"/*; do
  [ -x "$b" ] && [ -f "$b" ] || continue
  echo "== $(basename "$b")"
  "$b" || status=1
done
exit $status
