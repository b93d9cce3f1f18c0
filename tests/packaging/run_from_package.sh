#!/usr/bin/env bash
# The programs as the package installs them run on their own: extracted into a temporary root
# (dpkg-deb -x), away from the build and source trees, with only that root and the system on
# PATH. With --screenshot FILE (needs an X display with GLX) the workbench also opens a scene,
# runs it and saves its window.
# usage: run_from_package.sh PACKAGE_DIR VERSION [--screenshot FILE]
set -euo pipefail
dir="$1" version="$2" screenshot="${4:-}"
fail() { echo "FAIL: $*" >&2; exit 1; }
debs=("$dir"/multibody-workbench_*.deb)
[[ ${#debs[@]} -eq 1 && -f "${debs[0]}" ]] || fail "expected one package in $dir, found: ${debs[*]}"
root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
dpkg-deb -x "${debs[0]}" "$root"
cd "$root"
export PATH="$root/usr/bin:/usr/bin:/bin" HOME="$root/home" XDG_CONFIG_HOME="$root/home/.config"
mkdir -p "$HOME"
[[ "$(command -v mbw-cli)" == "$root/usr/bin/mbw-cli" ]] || fail "mbw-cli is not the package's"

if [[ -z "$screenshot" ]]; then
  [[ "$(mbw-cli --version)" == "mbw-cli $version" ]] || fail "mbw-cli --version: $(mbw-cli --version)"
  list="$(mbw-cli list)" || fail "mbw-cli list: exit status $?"
  grep -q '^ *double-pendulum ' <<<"$list" || fail "mbw-cli list does not name double-pendulum"
  mbw-cli run double-pendulum -o dp.csv || fail "mbw-cli run double-pendulum: exit status $?"
  grep -q '^# status: completed' dp.csv || fail "the run's CSV does not say completed"
  echo "dp.csv: $(grep -vc '^#' dp.csv) lines"
  [[ "$(QT_QPA_PLATFORM=offscreen mbw --version)" == "mbw $version" ]] || fail "mbw --version"
  help="$(QT_QPA_PLATFORM=offscreen mbw --help)" || fail "mbw --help: exit status $?"
  grep -q -- '--screenshot' <<<"$help" || fail "mbw --help does not offer --screenshot"
else
  [[ -n "${DISPLAY:-}" ]] || fail "the screenshot needs an X display (run under xvfb-run)"
  QT_QPA_PLATFORM=xcb mbw double-pendulum --t-end 1 --run --screenshot "$screenshot" --size 1280x800 \
    || fail "mbw double-pendulum --run --screenshot: exit status $?"
  [[ $(stat -c %s "$screenshot") -gt 20000 ]] || fail "the screenshot is nearly empty"
fi
echo "the package's programs run on their own: OK"
