#!/usr/bin/env bash
# The Debian package holds exactly what the install rules say, with the right modes and owners,
# binaries without a run path into the build tree, man pages that render without warnings, and
# control data a user and apt can rely on.
# usage: check_package_contents.sh PACKAGE_DIR SOURCE_DIR APP_ID VERSION "ICON_SIZES"
set -euo pipefail
dir="$1" src="$2" id="$3" version="$4" sizes="$5"
fail() { echo "FAIL: $*" >&2; exit 1; }
debs=("$dir"/multibody-workbench_*.deb)
[[ ${#debs[@]} -eq 1 && -f "${debs[0]}" ]] || fail "expected one package in $dir, found: ${debs[*]}"
deb="${debs[0]}"
echo "package: $deb ($(stat -c %s "$deb") bytes)"

# control data
field() { dpkg-deb -f "$deb" "$1"; }
[[ "$(field Package)" == multibody-workbench ]] || fail "Package: $(field Package)"
[[ "$(field Version)" == "$version" ]] || fail "Version: $(field Version), the project's is $version"
[[ "$(field Section)" == science ]] || fail "Section: $(field Section)"
[[ "$(field Architecture)" == "$(dpkg --print-architecture)" ]] || fail "Architecture: $(field Architecture)"
depends="$(field Depends)"
echo "Depends: $depends"
for needed in 'libc6 (>=' 'libqt6widgets6 (>=' 'libqt6svg6' 'libsundials' 'libvtk9'; do
  [[ "$depends" == *"$needed"* ]] || fail "Depends lacks $needed (dpkg-shlibdeps, or the SVG icon plugin)"
done
[[ -n "$(field Description)" ]] || fail "no Description"

# the files: exactly the install rules' list
expected() {
  echo /usr/bin/mbw
  echo /usr/bin/mbw-cli
  echo "/usr/share/applications/$id.desktop"
  echo "/usr/share/metainfo/$id.metainfo.xml"
  echo "/usr/share/icons/hicolor/scalable/apps/$id.svg"
  for s in $sizes; do echo "/usr/share/icons/hicolor/${s}x${s}/apps/$id.png"; done
  echo /usr/share/man/man1/mbw.1.gz
  echo /usr/share/man/man1/mbw-cli.1.gz
  echo /usr/share/doc/multibody-workbench/README.md
  (cd "$src" && find docs -name '*.md' -o -name '*.png') | sed 's|^|/usr/share/doc/multibody-workbench/|'
  (cd "$src/scenes" && ls -- *.json) | sed 's|^|/usr/share/multibody-workbench/scenes/|'
  (cd "$src/scenes/studies" && ls -- *.json) | sed 's|^|/usr/share/multibody-workbench/studies/|'
  # the Python module (built when Python 3 and pybind11 were found) and its examples
  if [[ -n "$python_module" ]]; then
    echo "$python_module"
    (cd "$src/examples/python" && ls -- *.py) | sed 's|^|/usr/share/doc/multibody-workbench/examples/python/|'
  fi
}
listing="$(dpkg-deb -c "$deb")"
actual="$(awk '$1 !~ /^d/ {print $6}' <<<"$listing" | sed 's|^\./|/|' | sort)"
python_module="$(grep -E '^/usr/lib/python3/dist-packages/mbw\.cpython-[^/]*\.so$' <<<"$actual" || true)"
if ! diff <(expected | sort) <(echo "$actual") >/tmp/mbw-package-diff.$$; then
  echo "the package's files differ from the install rules' (< missing, > unexpected):" >&2
  cat /tmp/mbw-package-diff.$$ >&2; rm -f /tmp/mbw-package-diff.$$; exit 1
fi
rm -f /tmp/mbw-package-diff.$$
echo "files: $(wc -l <<<"$actual"), as the install rules say"

# modes and owners: programs 755, everything else 644, all root's
while read -r mode owner _ _ _ path; do
  [[ "$owner" == root/root ]] || fail "$path belongs to $owner"
  case "$mode" in
    d*) [[ "$mode" == drwxr-xr-x ]] || fail "directory $path has mode $mode" ;;
    *) if [[ "$path" == ./usr/bin/* ]]; then want=-rwxr-xr-x; else want=-rw-r--r--; fi
       [[ "$mode" == "$want" ]] || fail "$path has mode $mode, expected $want" ;;
  esac
done <<<"$listing"

# the binaries find their libraries in the system only, and the man pages render cleanly
root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
dpkg-deb -x "$deb" "$root"
for program in mbw mbw-cli; do
  if readelf -d "$root/usr/bin/$program" | grep -E 'R(UN)?PATH'; then fail "$program has a run path"; fi
done
for page in "$root"/usr/share/man/man1/*.1.gz; do
  warnings="$(LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z "$page" 2>&1 >/dev/null)"
  [[ -z "$warnings" ]] || fail "$(basename "$page"): $warnings"
done
echo "package contents: OK"
