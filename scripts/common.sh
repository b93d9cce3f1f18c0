# Shared by run-main.sh and run-tests.sh: install what is missing, configure once, build.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${MBW_BUILD_DIR:-$root/build}"

"$root/packaging/install-deps.sh"

if [[ ! -f "$build/CMakeCache.txt" ]]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
fi
cmake --build "$build" -j2
