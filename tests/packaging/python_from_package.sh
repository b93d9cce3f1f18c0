#!/usr/bin/env bash
# The Python module as the Debian package installs it imports and runs on its own: the package
# extracted into a temporary root (dpkg-deb -x), Debian's python3 given that root's module path
# only (after `apt install` it is on python3's path), away from the build and source trees.
# usage: python_from_package.sh PACKAGE_DIR [--pack BUILD_DIR]   (--pack: pack it first, CPack)
set -euo pipefail
dir="$1"
fail() { echo "FAIL: $*" >&2; exit 1; }
if [[ "${2:-}" == "--pack" ]]; then
  rm -rf "$dir"
  cpack --config "$3/CPackConfig.cmake" -B "$dir" >/dev/null
fi
debs=("$dir"/multibody-workbench_*.deb)
[[ ${#debs[@]} -eq 1 && -f "${debs[0]}" ]] || fail "expected one package in $dir, found: ${debs[*]}"
root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
dpkg-deb -x "${debs[0]}" "$root"
modules="$root/usr/lib/python3/dist-packages"
ls "$modules"/mbw.cpython-*.so >/dev/null || fail "the package has no module in /usr/lib/python3/dist-packages"
dpkg-deb -f "${debs[0]}" Recommends | grep -q python3-numpy || fail "the package does not recommend python3-numpy"
cd "$root"
env -i PATH=/usr/bin:/bin HOME="$root" PYTHONPATH="$modules" /usr/bin/python3 - "$root" <<'PY' || fail "import mbw"
import sys
import mbw
root = sys.argv[1]
assert mbw.__file__.startswith(root), mbw.__file__
r = mbw.run("double-pendulum", integrator="rn4", t_end=0.2, rtol=1e-6, atol=1e-6)
assert r.status == "completed" and r.t[-1] == 0.2
print(f"mbw {mbw.__version__} from {mbw.__file__}: {r}")
PY
echo "the package's Python module imports and runs on its own: OK"
