#!/usr/bin/env bash
# Installs the Debian 12 packages that `make run`, `make test`, `make test-sanitize`, `make test-tsan`, `make fuzz`,
# `make fuzz-replay`, `make bench`, `make format-check` and `make tidy` need, only when one is missing (one
# `apt-get update` first). Installs with --no-install-recommends, so everything a target needs is named here: a
# Recommends is never relied on.
# `scripts/fresh-machine-check` (or ../shared/tools/fresh-machine-check) proves the list on a new Debian 12 root.
set -euo pipefail
packages=(
  # the build: CMake generating Ninja files, the compiler, pkg-config for libpq's and Abseil's flags
  cmake ninja-build g++ make pkg-config
  # a compiler cache shared by the build folders (CMakeLists.txt uses it when present)
  ccache
  # Qt 6.4: Core/Gui/Widgets/Test (qt6-base-dev, which pulls the offscreen and xcb platform plugins the tests and
  # the window use), Charts for the review's charts, Svg for the timeline's SVG export
  qt6-base-dev qt6-charts-dev qt6-svg-dev
  # the GUI's languages (docs/glossary.md): lupdate and lrelease (qt6-l10n-tools), Qt6LinguistTools' CMake functions
  # (qt6-tools-dev), and Qt's own Russian and Ukrainian texts for its standard buttons and dialogs
  qt6-l10n-tools qt6-tools-dev qt6-translations-l10n
  # Qt6Charts' CMake package requires Qt6OpenGL's; libqt6opengl6-dev is only a Recommends of qt6-base-dev
  libqt6opengl6-dev libgl-dev
  # Qt6Gui's CMake package looks for xkbcommon; without it `make run` still builds but warns
  libxkbcommon-dev
  # the xcb platform plugin loads libxcb-cursor at start-up on Debian 12 (a window under X needs it)
  libxcb-cursor0
  # a font that renders every glyph the GUI draws (✕ ⚠ ▶ → …); fontconfig finds it
  fonts-dejavu-core fontconfig
  # the PostgreSQL store (libpq) and SHA-256 (OpenSSL's libcrypto), Abseil's flat hash tables
  libpq-dev libssl-dev libabsl-dev
  # the Redis store and the live keyspace (docs/manual/stores.md): hiredis, Debian's C client; redis-server started on loopback by
  # `make test` (scripts/with-redis.sh) with a replica for the failover test, and redis-tools' redis-cli and
  # redis-benchmark (bench/redis_claim's baseline)
  libhiredis-dev redis-server redis-tools
  # the MySQL store and the live view on a MySQL table (docs/manual/stores.md): MariaDB Connector/C (libmariadb-dev), Debian's C
  # client of MariaDB and MySQL; mariadb-server started on loopback by `make test` (scripts/with-mysql.sh), whose
  # mariadb client sets it up
  libmariadb-dev mariadb-server mariadb-client
  # the throwaway cluster of `make test` (postgresql depends on postgresql-15: initdb, pg_ctl, and the pgbench
  # that bench/pg_claim compares the store with)
  postgresql
  # the connection paths production has, on loopback in `make test` (scripts/with-postgres.sh): pgbouncer in session
  # and transaction pooling, and the openssl command that makes the test CA and the server's TLS certificate
  pgbouncer openssl
  # serve's tests send real HTTP with curl, and with Node.js clients (fetch, and the Stripe SDK from npm)
  curl nodejs npm
  # The real Python client of the serve tests (tests/python): requests with urllib3's Retry, as people run it.
  python3-requests
  # bench/serve_throughput drives serve with wrk (HTTP load on loopback, a Lua script for a fresh key per request)
  wrk
  # tst_install validates what `cmake --install` puts on a machine: the desktop entry, the AppStream metainfo and
  # the man page (make package and make package-check install their own tools, dpkg-dev and lintian, when missing)
  desktop-file-utils appstream man-db
  # reconstruct (docs/reference/reconstruct.md): gzip-compressed evidence through zlib, and JSON lines through simdjson, which parses an
  # access log at hundreds of MB/s where the project's exact JSON reader (core/canonical) does not keep up
  zlib1g-dev libsimdjson-dev
  # the evidence fixtures of `make test` are made by real tools on loopback: nginx writing an escape=json access log
  # in front of serve, and headless Chromium saving a HAR of its requests
  nginx chromium
  # `make fuzz` / `make fuzz-replay`: libFuzzer harnesses need clang and its sanitizer runtimes
  clang libclang-rt-14-dev
  # `make format-check` (CI) and `make format`: clang-format with the committed .clang-format; `make tidy`:
  # clang-tidy with the committed .clang-tidy and its run-clang-tidy driver (Debian's LLVM 14, as clang above)
  clang-format clang-tidy
)
missing=()
for p in "${packages[@]}"; do
  # A machine whose Node.js came from elsewhere (NodeSource's nodejs ships its own npm, which Debian's npm package
  # conflicts with) already has what the tests run: count the commands, not the package names.
  case "$p" in nodejs) command -v node >/dev/null && continue ;; npm) command -v npm >/dev/null && continue ;; esac
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing missing packages: ${missing[*]}"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
