#!/bin/bash
# Builds, bundles, installs and runs Lookahead's Flatpak without Flathub, against
# a runtime made from Debian 12's packages (org.lookahead.Platform//12 and
# org.lookahead.Sdk//12), then checks under Xvfb that the window appears and that
# lookahead-cli works inside the sandbox.
#
#   sudo build-aux/flatpak-local-check.sh
#
# It takes about 6-10 minutes on 2 cores and about 1.5 GB of disk (in $WORK,
# default /tmp/lookahead-flatpak-check); CI does not run it. Run as root it
# installs what it needs with apt (debootstrap, flatpak, flatpak-builder and the
# tools it runs on the host: elfutils' eu-strip and eu-elfcompress, binutils,
# patch, xz and zstd; Xvfb, xdotool, ImageMagick); otherwise those must be
# installed. It uses the user
# installation of flatpak ($HOME/.local/share/flatpak) and removes what it
# installed there when it ends (KEEP=1 keeps the runtime and the app installed).
# A runtime built by an earlier run in $WORK is used again (FRESH=1 rebuilds it).
#
# The app is built from the working tree (tracked and untracked files that git
# does not ignore), copied to $WORK/src, with the manifest
# flatpak/io.github.lookahead.Lookahead.json changed to use the Debian runtime:
# runtime/sdk org.lookahead.Platform/org.lookahead.Sdk version 12, and without
# the gsl and nlopt modules (Debian's libgsl and libnlopt are in the runtime).
#
# Writes the screenshot of the window to $WORK/screenshot.png. Exits 0 when
# every check passes.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
srcdir=$(cd "$here/.." && pwd)
WORK=${WORK:-/tmp/lookahead-flatpak-check}
APP_ID=io.github.lookahead.Lookahead
RT_BRANCH=12
RT_REMOTE=lookahead-localrt
BOARD="2 2 0 4/0 0 8 0/0 0 0 0/0 0 0 2"
EXPECTED_MOVE=left   # lookahead-cli analyze --board "$BOARD" --depth 3, as outside the sandbox
# The same with the shipped network (data/networks/default.lhnet, installed
# in /app/share/lookahead/networks): --evaluator ntuple --weights it.
NETWORK=/app/share/lookahead/networks/default.lhnet
EXPECTED_NETWORK_MOVE=down

start=$(date +%s)
step() { printf '\n==> [%4ss] %s\n' "$(($(date +%s) - start))" "$*"; }
fail() { printf '\nFAIL: %s\n' "$*" >&2; exit 1; }

mkdir -p "$WORK"
cd "$WORK"

# ---------------------------------------------------------------- packages
step "Host packages"
# flatpak-builder only recommends the host tools it runs: without elfutils it
# stops in the app's module ("Failed to execute child process “eu-strip”"),
# and the packages below install without recommendations, so they are named.
needed="debootstrap flatpak flatpak-builder elfutils binutils patch xz-utils zstd"
needed="$needed xvfb xauth xdotool imagemagick git python3"
missing=""
for p in $needed; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing="$missing $p"
done
if [ -n "$missing" ]; then
  if [ "$(id -u)" -ne 0 ]; then
    fail "missing packages:$missing (run as root to install them with apt)"
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  # shellcheck disable=SC2086
  apt-get install -y -q --no-install-recommends $missing
fi
flatpak --version
flatpak-builder --version

# ---------------------------------------------------------------- runtime
mirror=$(sed -n 's/^URIs: *\([^ ]*debian\)\/\?$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n1)
mirror=${mirror:-http://deb.debian.org/debian}
ROOT="$WORK/root"
if [ "${FRESH:-0}" = 1 ]; then
  rm -rf "$ROOT" "$WORK/sdk" "$WORK/rt-repo"
fi

if [ ! -e "$ROOT/.lookahead-done" ]; then
  step "debootstrap bookworm into $ROOT from $mirror"
  [ "$(id -u)" -eq 0 ] || fail "debootstrap and chroot need root"
  rm -rf "$ROOT"
  include=libgtk-4-dev,libadwaita-1-dev,meson,ninja-build,gcc,pkg-config,gettext
  include=$include,libjson-glib-dev,libgsl-dev,libnlopt-dev,desktop-file-utils,appstream
  include=$include,appstream-util,librsvg2-common,libxml2-utils,libglib2.0-bin
  if ! debootstrap --variant=minbase --include="$include" bookworm "$ROOT" "$mirror" \
       > "$WORK/debootstrap.log" 2>&1; then
    # dconf-service's configuration wants a D-Bus session bus: finish by hand.
    echo "debootstrap exited non-zero (tail of $WORK/debootstrap.log):"
    tail -n 5 "$WORK/debootstrap.log"
    echo "finishing with apt-get install -f in the chroot"
    chroot "$ROOT" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q -f \
      > "$WORK/apt-fix.log" 2>&1 || { tail -n 20 "$WORK/apt-fix.log"; fail "apt-get install -f in $ROOT"; }
  fi
  chroot "$ROOT" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q dbus-x11 > "$WORK/apt-dbus-x11.log" 2>&1
  chroot "$ROOT" env DEBIAN_FRONTEND=noninteractive apt-get clean
  touch "$ROOT/.lookahead-done"
else
  step "Using the Debian tree in $ROOT from an earlier run"
fi

if [ ! -e "$WORK/rt-repo/.lookahead-done" ]; then
  step "Exporting org.lookahead.Sdk//$RT_BRANCH and org.lookahead.Platform//$RT_BRANCH"
  rm -rf "$WORK/sdk" "$WORK/rt-repo"
  mkdir -p "$WORK/sdk"
  cp -a "$ROOT/usr" "$WORK/sdk/usr"
  cp -a "$ROOT/etc" "$WORK/sdk/usr/etc"
  for name in org.lookahead.Sdk org.lookahead.Platform; do
    cat > "$WORK/sdk/metadata" <<EOF
[Runtime]
name=$name
runtime=org.lookahead.Platform/x86_64/$RT_BRANCH
sdk=org.lookahead.Sdk/x86_64/$RT_BRANCH
EOF
    flatpak build-export --runtime --files=usr "$WORK/rt-repo" "$WORK/sdk" "$RT_BRANCH" | tail -n 3
  done
  flatpak build-update-repo "$WORK/rt-repo"
  rm -rf "$WORK/sdk"
  touch "$WORK/rt-repo/.lookahead-done"
fi

cleanup() {
  status=$?
  if [ -n "${xvfb_pid:-}" ]; then kill "$xvfb_pid" 2>/dev/null || true; fi
  if [ "${KEEP:-0}" != 1 ]; then
    echo
    echo "==> Removing what this check installed (KEEP=1 keeps it)"
    flatpak --user uninstall -y --noninteractive "$APP_ID" > /dev/null 2>&1 || true
    flatpak --user uninstall -y --noninteractive "org.lookahead.Sdk//$RT_BRANCH" \
      "org.lookahead.Platform//$RT_BRANCH" > /dev/null 2>&1 || true
    flatpak --user remote-delete --force "$RT_REMOTE" > /dev/null 2>&1 || true
    flatpak --user remote-delete --force lookahead-origin > /dev/null 2>&1 || true
  fi
  exit $status
}
trap cleanup EXIT

step "Installing the runtime (user installation)"
flatpak --user remote-add --if-not-exists --no-gpg-verify "$RT_REMOTE" "file://$WORK/rt-repo"
flatpak --user install -y --noninteractive "$RT_REMOTE" \
  "org.lookahead.Sdk//$RT_BRANCH" "org.lookahead.Platform//$RT_BRANCH"

# ---------------------------------------------------------------- app
step "Copying the working tree to $WORK/src"
rm -rf "$WORK/src"
mkdir -p "$WORK/src"
(cd "$srcdir" && git ls-files -z --cached --others --exclude-standard \
   | while IFS= read -r -d '' f; do if [ -e "$f" ]; then printf '%s\0' "$f"; fi; done \
   | tar --null -T - -cf -) | tar -C "$WORK/src" -xf -
echo "$(find "$WORK/src" -type f | wc -l) files"

step "Manifest for the Debian runtime"
manifest="$WORK/$APP_ID.json"
python3 - "$srcdir/flatpak/$APP_ID.json" "$manifest" "$WORK/src" "$RT_BRANCH" <<'EOF'
import json, sys
src, dst, tree, branch = sys.argv[1:]
m = json.load(open(src))
m["runtime"] = "org.lookahead.Platform"
m["sdk"] = "org.lookahead.Sdk"
m["runtime-version"] = branch
m["modules"] = [mod for mod in m["modules"] if mod["name"] not in ("gsl", "nlopt")]
for mod in m["modules"]:
    for s in mod.get("sources", []):
        if s.get("type") == "dir":
            s["path"] = tree
json.dump(m, open(dst, "w"), indent=4)
print("runtime", m["runtime"] + "//" + branch, "modules", [mod["name"] for mod in m["modules"]])
EOF

step "flatpak-builder"
rm -rf "$WORK/apprepo"
flatpak-builder --user --force-clean --disable-rofiles-fuse --repo="$WORK/apprepo" \
  "$WORK/builddir" "$manifest" > "$WORK/flatpak-builder.log" 2>&1 \
  || { tail -n 40 "$WORK/flatpak-builder.log"; fail "flatpak-builder (log: $WORK/flatpak-builder.log)"; }
grep -E '^(Starting|Running: meson|Committing|Exporting|Pruning)|appstream' "$WORK/flatpak-builder.log" | head -n 20 || true

step "Bundle and install"
flatpak build-bundle "$WORK/apprepo" "$WORK/lookahead.flatpak" "$APP_ID"
ls -l "$WORK/lookahead.flatpak"
flatpak --user install -y --noninteractive --bundle "$WORK/lookahead.flatpak"
flatpak --user info "$APP_ID" | sed -n '1,12p'
files=$(flatpak --user info --show-location "$APP_ID")/files
# flatpak-builder before 1.4 (Debian 12 has 1.2) renames the metainfo to
# share/appdata/$APP_ID.appdata.xml; later ones keep share/metainfo.
for f in bin/lookahead bin/lookahead-cli share/applications/$APP_ID.desktop \
         "share/metainfo/$APP_ID.metainfo.xml|share/appdata/$APP_ID.appdata.xml" \
         share/app-info/xmls/$APP_ID.xml.gz \
         share/icons/hicolor/scalable/apps/$APP_ID.svg \
         share/lookahead/networks/default.lhnet; do
  found=""
  for g in ${f//|/ }; do [ -e "$files/$g" ] && found=$g && break; done
  if [ -n "$found" ]; then echo "present: $found"; else fail "not in the app: $f"; fi
done

# ---------------------------------------------------------------- checks
step "lookahead-cli inside the sandbox"
out=$(flatpak run --command=lookahead-cli "$APP_ID" analyze --board "$BOARD" --depth 3 2>&1) \
  || { echo "$out"; fail "lookahead-cli exited non-zero"; }
echo "$out"
echo "$out" | grep -Eq "^Move: +$EXPECTED_MOVE\$" \
  || fail "lookahead-cli analyze did not choose '$EXPECTED_MOVE'"
echo "OK: lookahead-cli analyze chose $EXPECTED_MOVE"
out=$(flatpak run --command=lookahead-cli "$APP_ID" analyze --board "$BOARD" --depth 3 \
        --evaluator ntuple --weights "$NETWORK" 2>&1) \
  || { echo "$out"; fail "lookahead-cli with the shipped network exited non-zero"; }
echo "$out" | grep -Eq "^Move: +$EXPECTED_NETWORK_MOVE\$" \
  || { echo "$out"; fail "lookahead-cli with the shipped network did not choose '$EXPECTED_NETWORK_MOVE'"; }
echo "OK: with the shipped network, lookahead-cli analyze chose $EXPECTED_NETWORK_MOVE"

step "The window under Xvfb"
disp=99
while [ -e "/tmp/.X11-unix/X$disp" ] || [ -e "/tmp/.X$disp-lock" ]; do disp=$((disp + 1)); done
Xvfb ":$disp" -screen 0 1280x900x24 -nolisten tcp > "$WORK/xvfb.log" 2>&1 &
xvfb_pid=$!
export DISPLAY=":$disp"
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$disp" ] && break; sleep 0.1; done
# No session bus here: GTK's accessibility layer would print GLib-GIO-CRITICAL
# lines inside the sandbox, so it is turned off (they come from this setup).
flatpak run --env=GTK_A11Y=none "$APP_ID" > "$WORK/app.log" 2>&1 &
app_pid=$!
if ! wid=$(timeout 60 xdotool search --sync --onlyvisible --name '^Lookahead$' | head -n1); then
  cat "$WORK/app.log"
  fail "no window named Lookahead within 60 s"
fi
echo "window $wid: '$(xdotool getwindowname "$wid")', $(xdotool getwindowgeometry "$wid" | sed -n 's/.*Geometry: //p')"
sleep 3   # let the first frames and the AI panel settle
import -window root "$WORK/screenshot.png"
colours=$(convert "$WORK/screenshot.png" -format '%k' info:)
echo "screenshot: $WORK/screenshot.png ($(identify -format '%wx%h' "$WORK/screenshot.png"), $colours colours)"
[ "$colours" -gt 16 ] || fail "the screenshot is (nearly) blank"
kill -0 "$app_pid" 2>/dev/null || fail "the app exited"
flatpak kill "$APP_ID" 2>/dev/null || kill "$app_pid" 2>/dev/null || true
wait "$app_pid" 2>/dev/null || true
if [ -s "$WORK/app.log" ]; then
  echo "app output:"; sed 's/^/  /' "$WORK/app.log"
fi

step "All checks passed"
