#!/usr/bin/env bash
# Builds the Debian package (`make package`): a build in its own folder with exactly Debian's flags, as a Debian
# package build would (CMAKE_BUILD_TYPE=None and dpkg-buildflags: -O2, -fstack-protector-strong, _FORTIFY_SOURCE,
# relro, bindnow, PIE), no tests, then CPack's DEB
# generator, whose dpkg-shlibdeps names the runtime libraries the binary links. Prints the .deb's path last.
# usage: scripts/package.sh [BUILD_FOLDER [JOBS]]
set -euo pipefail
build=${1:-build-package}
jobs=${2:-$(nproc)}
cd "$(dirname "$0")/.."

# dpkg-dev: dpkg-shlibdeps and dpkg-buildflags; file: CPack's DEB generator finds the ELF files with it.
missing=()
for p in dpkg-dev file; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing missing packages: ${missing[*]}"
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

export DEB_BUILD_MAINT_OPTIONS=hardening=+all
CXXFLAGS="$(dpkg-buildflags --get CXXFLAGS) $(dpkg-buildflags --get CPPFLAGS)" \
LDFLAGS="$(dpkg-buildflags --get LDFLAGS)" \
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=None -DBUILD_TESTING=OFF \
        -DCMAKE_SKIP_INSTALL_ALL_DEPENDENCY=ON ${CMAKE_FLAGS:-}
cmake --build "$build" -j "$jobs" --target idempotency-workbench iw-install-files
rm -f "$build"/idempotency-workbench_*.deb
# Only what is installed is built above, not the benchmarks: CMAKE_SKIP_INSTALL_ALL_DEPENDENCY keeps CPack's
# install step from building `all` first.
(cd "$build" && cpack -G DEB)
ls "$PWD/$build"/idempotency-workbench_*.deb
