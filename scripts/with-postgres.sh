#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster: initdb in a temporary folder (as the postgres user when
# we are root, because the server refuses root), a Unix socket in that folder and a private port, the PG*
# variables exported for the command, and everything stopped and removed whatever happened.
#
# Beside the trusted Unix socket the existing tests use, the cluster has the connection paths production has
# (docs/manual/live-tables.md), all on loopback and all made here: TLS with a test CA and a certificate for localhost made with the
# openssl CLI, a role that logs in over TCP with a scram-sha-256 password, a streaming hot-standby replica made
# with pg_basebackup -R on another port, and Debian's pgbouncer in session and in transaction pooling on two more
# ports, plus a third pgbouncer in transaction pooling configured as production runs it (no reset between
# transactions) whose database iw_shared has one server connection for every client, so a client that changed that
# connection's state harms the next one. A part whose program is missing (openssl, pgbouncer) is left out with a line
# on stderr; the tests that need it skip, naming the variable they miss.
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
replica_port=$(( port + 1 ))
bouncer_session_port=$(( port + 2 ))
bouncer_tx_port=$(( port + 3 ))
bouncer_shared_port=$(( port + 4 ))

stop() {
  local pidfile
  for pidfile in "$dir"/pgbouncer-*.pid; do
    [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null
  done
  [ -d "$dir/replica" ] && "${as_pg[@]}" "$bindir/pg_ctl" -D "$dir/replica" -m immediate -w stop >/dev/null 2>&1
  "${as_pg[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1
  rm -rf "$dir"
}
trap stop EXIT

"${as_pg[@]}" "$bindir/initdb" -D "$dir/data" -A trust -U postgres --no-sync >"$dir/initdb.log" 2>&1 || {
  cat "$dir/initdb.log" >&2; exit 1; }

# TLS: a CA of our own and a server certificate for localhost signed by it, valid for a day (not for 127.0.0.1,
# so verify-full to that address is the "wrong host name" of the tests).
tls=""
if command -v openssl >/dev/null; then
  mkdir -p "$dir/tls"
  if (
    cd "$dir/tls" &&
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 \
      -subj "/CN=Idempotency Workbench test CA" -keyout ca.key -out ca.crt &&
    openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj "/CN=localhost" \
      -keyout server.key -out server.csr &&
    printf 'subjectAltName=DNS:localhost\n' >server.ext &&
    openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 1 \
      -extfile server.ext -out server.crt &&
    # A second CA that signed nothing: the "wrong CA" of the tests.
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 \
      -subj "/CN=Some other CA" -keyout other-ca.key -out other-ca.crt
  ) >"$dir/tls.log" 2>&1; then
    chmod 600 "$dir/tls/server.key"
    [ ${#as_pg[@]} -gt 0 ] && chown -R postgres: "$dir/tls"
    tls="-c ssl=on -c ssl_cert_file=$dir/tls/server.crt -c ssl_key_file=$dir/tls/server.key"
  else
    echo "with-postgres: openssl could not make the test certificates; TLS is left out" >&2
    cat "$dir/tls.log" >&2
  fi
else
  echo "with-postgres: openssl is not installed; TLS is left out" >&2
fi

# The Unix socket stays trusted for every test; over TCP the SCRAM role needs its password, and the postgres role
# keeps trust on loopback (the existing tests and pgbouncer use it).
cat >"$dir/data/pg_hba.conf" <<'EOF'
local   all          all                      trust
local   replication  all                      trust
host    all          iw_scram  127.0.0.1/32   scram-sha-256
host    all          all       127.0.0.1/32   trust
host    replication  all       127.0.0.1/32   trust
EOF

"${as_pg[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200 $tls" start >/dev/null || {
  cat "$dir/server.log" >&2; exit 1; }

export PGHOST="$dir" PGPORT="$port" PGUSER=postgres PGDATABASE=postgres
# For the fault tests, which stop and restart this very cluster.
export IW_PG_BINDIR="$bindir" IW_PG_DATA="$dir/data" IW_PG_LOG="$dir/server.log" IW_PG_AS_POSTGRES="${#as_pg[@]}"
export IW_PG_DIR="$dir"

# SCRAM: a role with a password made now, allowed what the store needs (a schema of its own) and nothing more.
scram_password="iw-$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')"
if "${as_pg[@]}" "$bindir/psql" -X -q -h "$dir" -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 >/dev/null <<EOF
SET password_encryption = 'scram-sha-256';
CREATE ROLE iw_scram LOGIN PASSWORD '$scram_password';
GRANT CREATE ON DATABASE postgres TO iw_scram;
EOF
then
  export IW_PG_SCRAM_USER=iw_scram IW_PG_SCRAM_PASSWORD="$scram_password"
else
  echo "with-postgres: could not create the SCRAM role; SCRAM is left out" >&2
fi
if [ -n "$tls" ]; then
  export IW_PG_TLS_HOST=localhost IW_PG_TLS_PORT="$port" IW_PG_CA="$dir/tls/ca.crt" \
    IW_PG_OTHER_CA="$dir/tls/other-ca.crt"
fi

# The hot standby: a base backup streaming from the primary, started read-only on the next port.
if "${as_pg[@]}" "$bindir/pg_basebackup" -h "$dir" -p "$port" -U postgres -D "$dir/replica" -R -X stream --no-sync \
    -c fast >"$dir/basebackup.log" 2>&1 &&
  "${as_pg[@]}" "$bindir/pg_ctl" -D "$dir/replica" -l "$dir/replica.log" -w \
    -o "-p $replica_port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200 -c hot_standby=on" \
    start >/dev/null; then
  export IW_PG_REPLICA_PORT="$replica_port" IW_PG_REPLICA_DATA="$dir/replica" IW_PG_REPLICA_LOG="$dir/replica.log"
else
  echo "with-postgres: the hot-standby replica did not start; it is left out" >&2
  cat "$dir/basebackup.log" "$dir/replica.log" >&2 2>/dev/null
fi

# pgbouncer, once per pooling mode, in front of the primary's socket. In transaction pooling every server
# connection is reset (DISCARD ALL) when a transaction gives it back: a client that leaned on a named prepared
# statement or a SET outliving its transaction fails here every time, not only when it happens to change
# connections.
start_pgbouncer() { # name mode port reset_always [database line]
  local name=$1 mode=$2 listen=$3 reset_always=$4 shared=${5:-} ini="$dir/pgbouncer-$1.ini"
  # auth_type trust still needs the user names: the postgres role, the SCRAM role, and the two client names the
  # shared pool's tests log in with (the pool connects to the server as postgres for both).
  printf '"postgres" ""\n"iw_scram" ""\n"iw_oncall" ""\n"iw_app" ""\n' >"$dir/pgbouncer-users.txt"
  cat >"$ini" <<EOF
[databases]
$shared
* = host=$dir port=$port
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $listen
unix_socket_dir =
auth_type = trust
auth_file = $dir/pgbouncer-users.txt
pool_mode = $mode
server_reset_query = DISCARD ALL
server_reset_query_always = $reset_always
max_client_conn = 300
default_pool_size = 40
pidfile = $dir/pgbouncer-$name.pid
logfile = $dir/pgbouncer-$name.log
EOF
  [ ${#as_pg[@]} -gt 0 ] && chown postgres: "$ini" "$dir/pgbouncer-users.txt"
  local user=()
  [ ${#as_pg[@]} -gt 0 ] && user=(-u postgres)
  touch "$dir/pgbouncer-$name.log"
  [ ${#as_pg[@]} -gt 0 ] && chown postgres: "$dir/pgbouncer-$name.log"
  pgbouncer -d "${user[@]}" "$ini" >"$dir/pgbouncer-$name.out" 2>&1 || { cat "$dir/pgbouncer-$name.out" >&2; return 1; }
  for _ in $(seq 50); do # until it accepts connections (at most 5 s)
    "$bindir/pg_isready" -q -h 127.0.0.1 -p "$listen" -U postgres -d postgres && return 0
    sleep 0.1
  done
  return 1
}
pgbouncer_bin=$(command -v pgbouncer || ls /usr/sbin/pgbouncer 2>/dev/null)
if [ -n "$pgbouncer_bin" ]; then
  PATH="$PATH:$(dirname "$pgbouncer_bin")"
  if start_pgbouncer session session "$bouncer_session_port" 0; then
    export IW_PGBOUNCER_SESSION_PORT="$bouncer_session_port"
  else
    echo "with-postgres: pgbouncer (session pooling) did not start; it is left out" >&2
    cat "$dir/pgbouncer-session.log" >&2 2>/dev/null
  fi
  if start_pgbouncer transaction transaction "$bouncer_tx_port" 1; then
    export IW_PGBOUNCER_TX_PORT="$bouncer_tx_port" IW_PGBOUNCER_TX_INI="$dir/pgbouncer-transaction.ini"
  else
    echo "with-postgres: pgbouncer (transaction pooling) did not start; it is left out" >&2
    cat "$dir/pgbouncer-transaction.log" >&2 2>/dev/null
  fi
  # As production runs transaction pooling: pgbouncer's default is no reset query between transactions, so what
  # one client leaves on a server connection (a SET, a prepared statement) is there for the next. iw_shared forces
  # one server role and one server connection for every client of it.
  if start_pgbouncer shared transaction "$bouncer_shared_port" 0 \
      "iw_shared = host=$dir port=$port dbname=postgres user=postgres pool_size=1"; then
    export IW_PGBOUNCER_SHARED_PORT="$bouncer_shared_port" IW_PGBOUNCER_SHARED_INI="$dir/pgbouncer-shared.ini"
  else
    echo "with-postgres: pgbouncer (the shared transaction pool) did not start; it is left out" >&2
    cat "$dir/pgbouncer-shared.log" >&2 2>/dev/null
  fi
  export IW_PGBOUNCER_BIN="$pgbouncer_bin"
else
  echo "with-postgres: pgbouncer is not installed; pooling is left out" >&2
fi

# Redis and MariaDB beside PostgreSQL (docs/manual/stores.md): scripts/with-redis.sh and scripts/with-mysql.sh start their
# servers, run the command and stop them.
"$(dirname "$0")/with-redis.sh" "$(dirname "$0")/with-mysql.sh" "$@"
