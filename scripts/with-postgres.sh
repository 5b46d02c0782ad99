#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster: initdb in a temporary folder (as the postgres user when
# we are root, because the server refuses root), a Unix socket in that folder and a private port, the PG*
# variables exported for the command, and the cluster stopped and removed whatever happened.
set -u
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bindir" ]; then
  echo "with-postgres: no PostgreSQL server found under /usr/lib/postgresql" >&2
  exit 1
fi
dir=$(mktemp -d /tmp/iw-pg.XXXXXX)
as_pg=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres: "$dir"
  as_pg=(runuser -u postgres --)
fi
port=$(( 40000 + RANDOM % 20000 ))

stop() {
  "${as_pg[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1
  rm -rf "$dir"
}
trap stop EXIT

"${as_pg[@]}" "$bindir/initdb" -D "$dir/data" -A trust -U postgres --no-sync >"$dir/initdb.log" 2>&1 || {
  cat "$dir/initdb.log" >&2; exit 1; }
"${as_pg[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null || {
  cat "$dir/server.log" >&2; exit 1; }

export PGHOST="$dir" PGPORT="$port" PGUSER=postgres PGDATABASE=postgres
# For the fault tests, which stop and restart this very cluster.
export IW_PG_BINDIR="$bindir" IW_PG_DATA="$dir/data" IW_PG_LOG="$dir/server.log" IW_PG_AS_POSTGRES="${#as_pg[@]}"
"$@"
