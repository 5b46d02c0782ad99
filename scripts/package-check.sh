#!/usr/bin/env bash
# `make package-check`: the Debian package built by `make package`, checked the way a user meets it.
#  1. lintian reports no error; desktop-file-validate, appstreamcli validate --no-net and man's warnings are clean
#     on the files inside the .deb.
#  2. In a second, minimal Debian 12 root (debootstrap --variant=minbase, nothing of the build installed) the .deb
#     installs with apt, which must find every runtime dependency from the package's Depends alone;
#     `idempotency-workbench --version` prints the version; `run` of an installed preset passes --check; the GUI
#     starts under Xvfb on that preset and a screenshot is taken (copied to BUILD_FOLDER/package-check-shot.png);
#     then `apt-get purge --autoremove` removes the package and what it pulled in, and the root's file list is
#     compared with the one taken before the install: nothing may be left, nothing may be missing.
# Runs as root (debootstrap, chroot, mount). usage: scripts/package-check.sh [BUILD_FOLDER]
set -euo pipefail
build=${1:-build-package}
cd "$(dirname "$0")/.."
[ "$(id -u)" -eq 0 ] || { echo "package-check: run as root (it makes a Debian root with debootstrap)"; exit 2; }
debs=("$build"/idempotency-workbench_*.deb)
[ -f "${debs[0]}" ] || { echo "package-check: no $build/idempotency-workbench_*.deb; run make package first"; exit 2; }
deb=$(readlink -f "${debs[0]}")
version=$(dpkg-deb -f "$deb" Version)
echo "package-check: $deb (version $version)"

# The checkers, installed here only when missing (they are not the project's build dependencies).
need=(lintian desktop-file-utils appstream man-db debootstrap)
missing=()
for p in "${need[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing missing packages: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

step() { echo; echo "== $*"; }
fail() { echo "package-check: FAILED: $*"; exit 1; }

step "the package's control fields"
dpkg-deb -f "$deb" Package Version Architecture Depends Section Installed-Size
dpkg-deb -c "$deb" | awk '{print $6}'

step "lintian"
# Every tag is printed (warnings and infos explained in docs/manual/installing.md); an error fails the check.
lintian --info --display-info --fail-on error "$deb" || fail "lintian reports an error"

step "desktop entry, AppStream metainfo, man page (from inside the .deb)"
x=$(mktemp -d)
dpkg-deb -x "$deb" "$x"
out=$(desktop-file-validate "$x"/usr/share/applications/*.desktop 2>&1) || fail "desktop-file-validate: $out"
[ -z "$out" ] || fail "desktop-file-validate: $out"
echo "desktop-file-validate: clean"
appstreamcli validate --no-net "$x"/usr/share/metainfo/*.metainfo.xml || fail "appstreamcli validate"
warn=$(LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z \
         "$x"/usr/share/man/man1/idempotency-workbench.1.gz 2>&1 >/dev/null) || fail "man: $warn"
[ -z "$warn" ] || fail "man --warnings: $warn"
echo "man --warnings: clean"
rm -rf "$x"

step "a minimal Debian 12 root for the install"
root=$(mktemp -d /var/tmp/iw-package-root.XXXXXX)
chmod 755 "$root"  # apt's _apt user downloads into it
xvfb_pid=""
gui_pid=""
cleanup() {
  for p in $gui_pid $xvfb_pid; do kill "$p" 2>/dev/null || true; done
  for m in dev/pts dev proc; do umount -l "$root/$m" 2>/dev/null || true; done
  if grep -q " $root/" /proc/mounts; then echo "mounts remain under $root; not removing it"
  else rm -rf --one-file-system "$root"; fi
  rm -f "$root".{before,after,diff,ours,pkgs-before}
}
trap cleanup EXIT
mirror=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
for try in 1 2 3; do
  debootstrap --variant=minbase bookworm "$root" "${mirror:-http://deb.debian.org/debian}" >"$root.debootstrap.log" 2>&1 \
    && break
  [ $try = 3 ] && { tail -5 "$root.debootstrap.log"; fail "debootstrap failed three times"; }
  rm -rf --one-file-system "$root"; mkdir -p "$root"; sleep 10
done
rm -f "$root.debootstrap.log"
# The same apt sources as this machine (bookworm, -updates, -security): the versions dpkg-shlibdeps saw.
if [ -f /etc/apt/sources.list.d/debian.sources ]; then
  cp /etc/apt/sources.list.d/debian.sources "$root/etc/apt/sources.list.d/"; rm -f "$root/etc/apt/sources.list"
fi
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
mount -t proc proc "$root/proc"; mount --bind /dev "$root/dev"; mount --bind /dev/pts "$root/dev/pts"
in_root() { chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
              DEBIAN_FRONTEND=noninteractive "$@"; }
in_root apt-get update -qq
# The tools of this check (an X server, a screenshot, a window lister) go in before the first file list.
in_root apt-get install -y -qq --no-install-recommends xvfb imagemagick x11-utils >/dev/null

# The root's files, without what changes on its own (logs, apt's caches, /tmp, the user's home, kernel folders).
file_list() {
  (cd "$root" && find . -xdev \( -path ./proc -o -path ./sys -o -path ./dev -o -path ./run -o -path ./tmp \
      -o -path ./root -o -path ./var/log -o -path ./var/cache -o -path ./var/lib/apt/lists -o -path ./var/tmp \) \
      -prune -o -print | sort)
}
packages() { in_root dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' | awk '$1 == "ii" {print $2}' | sort; }
file_list >"$root.before"
packages >"$root.pkgs-before"

step "apt-get install ./$(basename "$deb")"
cp "$deb" "$root/tmp/"
in_root apt-get install -y --no-install-recommends "/tmp/$(basename "$deb")" | tail -3
in_root dpkg-query -W -f='${Status} ${Version}\n' idempotency-workbench | grep -q "install ok installed $version" \
  || fail "the package is not installed"
echo "apt installed, for the package's Depends (and theirs):"
packages | comm -13 "$root.pkgs-before" - | grep -vx idempotency-workbench | tr '\n' ' '; echo
in_root dpkg-query -L idempotency-workbench >"$root.ours"

step "idempotency-workbench --version"
got=$(in_root idempotency-workbench --version)
echo "$got"
[ "$got" = "idempotency-workbench ${version%%-*}" ] || fail "--version printed \"$got\""

step "run an installed preset with --check"
preset=/usr/share/idempotency-workbench/scenarios/double-submit.json
in_root sh -c "cd / && idempotency-workbench run $preset --check --report /tmp/report.json" \
  || fail "run $preset --check"
[ -s "$root/tmp/report.json" ] || fail "run wrote no report"
n=$(ls "$root"/usr/share/idempotency-workbench/scenarios/*.json | wc -l)
echo "$n presets installed; every one passes --check:"
for f in "$root"/usr/share/idempotency-workbench/scenarios/*.json; do
  in_root idempotency-workbench run "/usr/share/idempotency-workbench/scenarios/$(basename "$f")" --check \
    --report /dev/null 2>/dev/null || fail "run $(basename "$f") --check"
done
echo "ok"

step "the GUI under Xvfb"
chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/bin:/bin LANG=C.UTF-8 \
  Xvfb :42 -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
for _ in $(seq 50); do [ -S "$root/tmp/.X11-unix/X42" ] && break; sleep 0.2; done
[ -S "$root/tmp/.X11-unix/X42" ] || fail "Xvfb did not start"
chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/bin:/bin LANG=C.UTF-8 DISPLAY=:42 \
  idempotency-workbench "$preset" >"$root/tmp/gui.log" 2>&1 &
gui_pid=$!
shown=""
for _ in $(seq 60); do
  kill -0 $gui_pid 2>/dev/null || break
  if in_root env DISPLAY=:42 xwininfo -root -tree 2>/dev/null | grep -q '"Idempotency Workbench'; then
    shown=1; break
  fi
  sleep 0.5
done
[ -n "$shown" ] || fail "no window within 30 s: $(cat "$root/tmp/gui.log")"
sleep 3  # let the window paint
in_root env DISPLAY=:42 import -window root /tmp/shot.png
in_root env DISPLAY=:42 xwininfo -root -tree | grep '"Idempotency Workbench' | head -3
kill -0 $gui_pid 2>/dev/null || fail "the GUI exited: $(cat "$root/tmp/gui.log")"
kill $gui_pid; wait $gui_pid 2>/dev/null || true
kill $xvfb_pid; wait $xvfb_pid 2>/dev/null || true
gui_pid=""; xvfb_pid=""
cp "$root/tmp/shot.png" "$build/package-check-shot.png"
echo "screenshot: $PWD/$build/package-check-shot.png ($(stat -c %s "$build/package-check-shot.png") bytes)"
[ -s "$root/tmp/gui.log" ] && { echo "the GUI said:"; cat "$root/tmp/gui.log"; }

step "apt-get purge --autoremove idempotency-workbench"
in_root apt-get purge -y --autoremove idempotency-workbench | tail -3
# The package's own files and folders: every one that was not there before the install is gone.
left=""
while read -r f; do
  [ "$f" = "/." ] && continue
  # A folder such as /usr/share/mime/packages is shared with the packages that stay; the package's own are named
  # after it.
  [ -d "$root$f" ] && [ "${f#*idempotency-workbench}" = "$f" ] && continue
  [ -e "$root$f" ] && ! grep -qxF ".$f" "$root.before" && left="$left $f"
done <"$root.ours"
[ -z "$left" ] || fail "the purge left the package's own files:$left"
[ -z "$(ls "$root"/var/lib/dpkg/info/idempotency-workbench.* 2>/dev/null)" ] || fail "dpkg still lists the package"
echo "the package's $(wc -l <"$root.ours") files and folders: gone"
# --autoremove keeps a dependency that something installed before still recommends (apt's RecommendsImportant),
# e.g. shared-mime-info, which libglib2.0-0 (an X server dependency) recommends. It came with this install, so
# it goes too; then the root must be exactly as before.
kept=$(packages | comm -13 "$root.pkgs-before" - | tr '\n' ' ')
if [ -n "${kept// /}" ]; then
  echo "apt kept, as Recommends of packages that were there before: $kept— purging them too"
  in_root apt-get purge -y $kept | tail -1
fi
file_list >"$root.after"
if ! diff "$root.before" "$root.after" >"$root.diff"; then
  echo "the root differs from before the install:"; cat "$root.diff"
  rm -f "$root".{before,after,diff,ours,pkgs-before}
  fail "the purge left files behind or removed some"
fi
echo "nothing left: $(wc -l <"$root.before") paths before the install, the same after the purge"
rm -f "$root".{before,after,diff,ours,pkgs-before}
echo
echo "package-check: OK"
