#!/usr/bin/env bash
# Peak memory of `inspect --redis` against the number of keys it scans (issue 45: "SCAN over 10 million keys stays
# within bounded memory"). Starts a throwaway redis-server on a private loopback port (in a temporary folder, as the
# redis user when we are root, nothing persisted), loads keys written as the Powertools Redis layer writes them with
# `redis-cli --pipe` up to each count, runs the inspection over all of them and reads its peak RSS with
# /usr/bin/time; stops the server by its PID and removes the folder whatever happened.
#
#   scripts/redis-scan-memory.sh BUILD/app/idempotency-workbench [COUNT...]     (default counts: 1000 1000000 10000000)
#
# Prints a line per count and, last, one JSON object. Needs about 1.5 GB of memory for Redis at 10 million keys.
set -u -o pipefail
cli=${1:?usage: $0 BUILD/app/idempotency-workbench [COUNT...]}
shift
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(1000 1000000 10000000)
server=$(command -v redis-server) || { echo "redis-scan-memory: redis-server is not installed" >&2; exit 2; }
dir=$(mktemp -d /tmp/iw-redis-scan.XXXXXX)
as_redis=()
if [ "$(id -u)" -eq 0 ] && id redis >/dev/null 2>&1; then
  chown redis: "$dir"
  as_redis=(runuser -u redis --)
fi
port=$(( 20000 + RANDOM % 18000 ))
stop() {
  if [ -f "$dir/scan.pid" ]; then
    pid=$(cat "$dir/scan.pid")
    kill "$pid" 2>/dev/null
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null
  fi
  rm -rf "$dir"
}
trap stop EXIT
"${as_redis[@]}" "$server" --bind 127.0.0.1 --port "$port" --dir "$dir" --save "" --appendonly no --daemonize yes \
  --pidfile "$dir/scan.pid" --logfile "$dir/scan.log" >/dev/null || exit 3
for _ in $(seq 50); do [ "$(redis-cli -p "$port" ping 2>/dev/null)" = PONG ] && break; sleep 0.1; done
url="redis://127.0.0.1:$port/0"

loaded=0
json="{\"bench\": \"redis_scan_memory\", \"runs\": ["
first=1
now=$(date +%s)
for n in "${counts[@]}"; do
  # The keys loaded so far stay; only the ones up to n are added: one in 50 in progress, the rest completed, each
  # with its own payload hash, all expiring in an hour.
  awk -v from="$loaded" -v to="$n" -v until=$((now + 3600)) 'BEGIN {
    for (i = from; i < to; i++) {
      key = "iwbench:orders.create#" i
      if (i % 50 == 0) v = "{\"status\":\"INPROGRESS\",\"expiration\":" until ",\"in_progress_expiration\":" (until * 1000) "}"
      else v = "{\"status\":\"COMPLETED\",\"expiration\":" until ",\"data\":\"{\\\"ok\\\":1}\",\"validation\":\"h" i "\"}"
      printf "*5\r\n$3\r\nSET\r\n$%d\r\n%s\r\n$%d\r\n%s\r\n$2\r\nPX\r\n$7\r\n3600000\r\n", length(key), key, length(v), v
    }
  }' | redis-cli -p "$port" --pipe >/dev/null || exit 3
  loaded=$n
  redis_mb=$(redis-cli -p "$port" info memory | awk -F: '/^used_memory:/ { printf "%.0f", $2 / 1048576 }')
  start=$(date +%s.%N)
  out=$(/usr/bin/time -f "%M" -o "$dir/rss" "$cli" inspect --redis "$url" --match 'iwbench:*' --limit 100 \
    --deadline 1d --json) || { echo "redis-scan-memory: inspect failed at $n keys" >&2; exit 3; }
  seconds=$(echo "$(date +%s.%N) - $start" | bc)
  rss_kb=$(tail -1 "$dir/rss")
  total=$(printf '%s' "$out" | grep -o '"total": *[0-9]*' | head -1 | grep -o '[0-9]*$')
  scanned=$(printf '%s' "$out" | grep -o '"keys_scanned": *[0-9]*' | head -1 | grep -o '[0-9]*$')
  printf '%9d keys: inspect peak RSS %6.1f MiB, %7.1f s, %s records, %s keys scanned (Redis holds %s MiB)\n' \
    "$n" "$(echo "$rss_kb / 1024" | bc -l)" "$seconds" "$total" "$scanned" "$redis_mb"
  [ $first -eq 1 ] || json+=", "
  first=0
  json+="{\"keys\": $n, \"peak_rss_kib\": $rss_kb, \"seconds\": $(printf '%.1f' "$seconds"), \"records\": $total, \"keys_scanned\": $scanned, \"redis_used_mib\": $redis_mb}"
done
echo "$json]}"
