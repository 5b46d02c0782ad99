#!/usr/bin/env bash
# Installs the Debian packages the workbench needs, only when one is missing (apt-get update first, once).
# postgresql depends on postgresql-15, which holds the server scripts/with-postgres.sh starts and the pgbench that
# bench/pg_claim compares the store with (/usr/lib/postgresql/15/bin/pgbench).
set -euo pipefail
packages=(cmake ninja-build g++ make pkg-config qt6-base-dev qt6-charts-dev qt6-svg-dev libgl-dev
          libpq-dev libssl-dev libabsl-dev postgresql postgresql-contrib clang libclang-rt-14-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing missing packages: ${missing[*]}"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
