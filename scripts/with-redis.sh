#!/usr/bin/env bash
# Runs a command beside throwaway Redis servers (docs/manual/stores.md), as scripts/with-postgres.sh does for PostgreSQL, which
# calls this script: a primary and a replica of it (`replicaof`, for the failover test) on private loopback ports, in a
# temporary folder, as the redis user when we are root, with nothing persisted; an ACL user allowed only read
# commands (+@read) for the read-only tests. It exports IW_REDIS_URL, IW_REDIS_REPLICA_URL and IW_REDIS_READONLY_URL
# for the command, and stops both servers by their PIDs and removes the folder whatever happened. Without
# redis-server the command runs alone (the Redis tests skip, naming the variable they miss).
set -u
server=$(command -v redis-server || ls /usr/bin/redis-server 2>/dev/null)
if [ -z "$server" ]; then
  echo "with-redis: redis-server is not installed; the Redis tests skip" >&2
  exec "$@"
fi
dir=$(mktemp -d /tmp/iw-redis.XXXXXX)
as_redis=()
if [ "$(id -u)" -eq 0 ] && id redis >/dev/null 2>&1; then
  chown redis: "$dir"
  as_redis=(runuser -u redis --)
fi
port=$(( 20000 + RANDOM % 18000 ))
replica_port=$(( port + 1 ))

stop() {
  local pidfile pid
  for pidfile in "$dir"/*.pid; do
    [ -f "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    kill "$pid" 2>/dev/null
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null
  done
  rm -rf "$dir"
}
trap stop EXIT

start() { # NAME PORT [more configuration…]
  local name=$1 p=$2
  shift 2
  "${as_redis[@]}" "$server" --bind 127.0.0.1 --port "$p" --dir "$dir" --dbfilename "$name.rdb" --save "" \
    --appendonly no --daemonize yes --pidfile "$dir/$name.pid" --logfile "$dir/$name.log" \
    --user iwread on '>iw-read-only' '~*' '+@read' '+@connection' --user default on nopass '~*' '&*' '+@all' \
    "$@" >"$dir/$name.out" 2>&1 || { cat "$dir/$name.out" "$dir/$name.log" >&2 2>/dev/null; return 1; }
  for _ in $(seq 50); do # until it answers (at most 5 s)
    [ "$(redis-cli -h 127.0.0.1 -p "$p" ping 2>/dev/null)" = PONG ] && return 0
    sleep 0.1
  done
  return 1
}

if start primary "$port"; then
  export IW_REDIS_URL="redis://127.0.0.1:$port/0"
  export IW_REDIS_READONLY_URL="redis://iwread:iw-read-only@127.0.0.1:$port/0"
  if start replica "$replica_port" --replicaof 127.0.0.1 "$port"; then
    export IW_REDIS_REPLICA_URL="redis://127.0.0.1:$replica_port/0"
  else
    echo "with-redis: the replica did not start; the failover test is left out" >&2
  fi
else
  echo "with-redis: redis-server did not start; the Redis tests skip" >&2
fi

"$@"
