#!/usr/bin/env bash
# Runs the libFuzzer harnesses built in BUILD (see tests/fuzz/CMakeLists.txt).
#   run.sh BUILD fuzz [SECONDS] [NAME...]  fuzz each harness for SECONDS (default 60), at the lowest priority
#   run.sh BUILD replay [NAME...]          run the seed corpora and regression inputs once, no fuzzing
# New inputs go to BUILD/corpus/NAME (never into the repository), crashes to BUILD/artifacts/NAME/. Prints one
# summary line per harness: executions, coverage, corpus size, and the crash file if there was one.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$1
mode=$2
shift 2
seconds=60
if [ "$mode" = fuzz ] && [ $# -gt 0 ] && [[ $1 =~ ^[0-9]+$ ]]; then
  seconds=$1
  shift
fi
if [ $# -gt 0 ]; then
  names=("$@")
else
  mapfile -t names < "$build/harnesses.txt"
fi

seeds() { # the read-only corpus folders of harness $1
  local dirs=("$here/corpus/$1")
  [ -d "$here/regressions/$1" ] && dirs+=("$here/regressions/$1")
  case $1 in
    scenario | simulation) dirs+=("$root/resources/scenarios" "$root/tests/data/scenarios") ;;
    mapping) [ -d "$root/resources/mappings" ] && dirs+=("$root/resources/mappings") ;;
  esac
  printf '%s\n' "${dirs[@]}"
}
dict() {
  case $1 in
    json | fingerprint) echo "-dict=$here/json.dict" ;;
    served) echo "-dict=$here/served.dict" ;;
    scenario | simulation) echo "-dict=$here/scenario.dict" ;;
    *) [ -f "$here/$1.dict" ] && echo "-dict=$here/$1.dict" ;;
  esac
}

status=0
for name in "${names[@]}"; do
  exe="$build/fuzz_$name"
  if [ ! -x "$exe" ]; then
    echo "fuzz: no harness $exe" >&2
    status=1
    continue
  fi
  mapfile -t dirs < <(seeds "$name")
  log="$build/logs/$name-$mode.log"
  mkdir -p "$build/logs" "$build/artifacts/$name" "$build/corpus/$name"
  common=(-timeout=10 -rss_limit_mb=2048 -print_final_stats=1 "-artifact_prefix=$build/artifacts/$name/")
  # The served service: a body of at most 64 KiB (its own bound), 5 s and 1 GiB each, so a slow or greedy path
  # (a quadratic form reader, a payload kept many times over) is a finding, not just a slow run.
  [ "$name" = served ] && common=(-timeout=5 -rss_limit_mb=1024 -max_len=65537 -print_final_stats=1
    "-artifact_prefix=$build/artifacts/$name/")
  start=$(date +%s)
  if [ "$mode" = replay ]; then
    "$exe" "${common[@]}" -runs=0 "${dirs[@]}" >"$log" 2>&1
  else
    # shellcheck disable=SC2046
    nice -n 19 "$exe" "${common[@]}" $(dict "$name") -max_total_time="$seconds" \
      "$build/corpus/$name" "${dirs[@]}" >"$log" 2>&1
  fi
  rc=$?
  elapsed=$(( $(date +%s) - start ))
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  last=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  corp=$(sed -n 's/.* corp: \([0-9]*\/[0-9a-zA-Z]*\).*/\1/p' <<<"$last")
  if [ $rc -eq 0 ]; then
    echo "fuzz_$name: $mode ok in ${elapsed}s: ${execs:-?} executions, cov ${cov:-?}, ft ${ft:-?}, corpus ${corp:-?}"
  else
    status=1
    artifact=$(grep -o "Test unit written to [^ ]*" "$log" | tail -n 1 | sed 's/Test unit written to //')
    echo "fuzz_$name: $mode FAILED (exit $rc) after ${elapsed}s${artifact:+; input: $artifact}; log: $log" >&2
    grep -E 'ERROR|invariant failed|SUMMARY|runtime error' "$log" | head -n 5 >&2
  fi
done
exit $status
