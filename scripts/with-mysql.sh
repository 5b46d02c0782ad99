#!/usr/bin/env bash
# Runs a command beside a throwaway MariaDB server (docs/manual/stores.md), as scripts/with-postgres.sh does for PostgreSQL, which
# calls this script: mariadbd on a private loopback port, its data directory in a temporary folder, as the mysql user
# when we are root, with a database `iw` for the store and a user allowed only SELECT on it (for the read-only
# tests). The store's user may also see other sessions' transactions (PROCESS: information_schema.INNODB_TRX, where
# the store watches a claim reach another transaction's lock). It exports IW_MYSQL_CONNINFO,
# IW_MYSQL_READONLY_CONNINFO and IW_MYSQL_ADMIN_CONNINFO (root over the socket, for tests that make the server
# read-only or give it a table of another shape) for the command, and stops the server by its PID and removes the
# folder whatever happened. Without mariadbd the command runs alone (the MySQL tests skip, naming
# the variable they miss).
set -u
server=$(command -v mariadbd || ls /usr/sbin/mariadbd 2>/dev/null)
install_db=$(command -v mariadb-install-db || ls /usr/bin/mariadb-install-db 2>/dev/null)
if [ -z "$server" ] || [ -z "$install_db" ]; then
  echo "with-mysql: mariadbd is not installed; the MySQL tests skip" >&2
  exec "$@"
fi
dir=$(mktemp -d /tmp/iw-mysql.XXXXXX)
as_mysql=()
user_option=()
if [ "$(id -u)" -eq 0 ] && id mysql >/dev/null 2>&1; then
  chown mysql: "$dir"
  as_mysql=(runuser -u mysql --)
  user_option=(--user=mysql)
fi
port=$(( 20000 + RANDOM % 18000 ))
socket="$dir/mysqld.sock"

stop() {
  local pid
  if [ -f "$dir/mysqld.pid" ]; then
    pid=$(cat "$dir/mysqld.pid")
    kill "$pid" 2>/dev/null
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null
  fi
  rm -rf "$dir"
}
trap stop EXIT

started=false
if "${as_mysql[@]}" "$install_db" --no-defaults "${user_option[@]}" --datadir="$dir/data" --auth-root-authentication-method=normal \
    --skip-test-db >"$dir/install.log" 2>&1; then
  "${as_mysql[@]}" "$server" --no-defaults "${user_option[@]}" --datadir="$dir/data" --bind-address=127.0.0.1 \
    --port="$port" --socket="$socket" --pid-file="$dir/mysqld.pid" --log-error="$dir/mysqld.err" \
    --skip-name-resolve --innodb-buffer-pool-size=32M --innodb-log-file-size=16M --max-connections=300 \
    --skip-log-bin >"$dir/mysqld.out" 2>&1 &
  for _ in $(seq 150); do # until it answers (at most 15 s)
    if mariadb --no-defaults --socket="$socket" -uroot -e 'SELECT 1' >/dev/null 2>&1; then
      started=true
      break
    fi
    sleep 0.1
  done
fi
if $started; then
  mariadb --no-defaults --socket="$socket" -uroot <<'SQL'
CREATE DATABASE iw;
CREATE USER 'iw'@'127.0.0.1' IDENTIFIED BY 'iw-store';
GRANT ALL ON iw.* TO 'iw'@'127.0.0.1';
GRANT PROCESS ON *.* TO 'iw'@'127.0.0.1';
CREATE USER 'iwread'@'127.0.0.1' IDENTIFIED BY 'iw-read-only';
GRANT SELECT ON iw.* TO 'iwread'@'127.0.0.1';
SQL
  export IW_MYSQL_CONNINFO="host=127.0.0.1 port=$port user=iw password=iw-store dbname=iw"
  export IW_MYSQL_READONLY_CONNINFO="host=127.0.0.1 port=$port user=iwread password=iw-read-only dbname=iw"
  export IW_MYSQL_SOCKET="$socket"
  export IW_MYSQL_ADMIN_CONNINFO="socket=$socket user=root dbname=iw"
else
  echo "with-mysql: mariadbd did not start; the MySQL tests skip" >&2
  cat "$dir/install.log" "$dir/mysqld.err" >&2 2>/dev/null
fi

"$@"
