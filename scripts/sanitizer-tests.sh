#!/usr/bin/env bash
# The sanitizer stage of the test run (docs/reliability.md): builds the engine, mbw-cli, the
# workbench's figures, file readers and common utilities, their tests and the fuzz targets
# (MBW_ASAN_WORKBENCH=ON adds the workbench's panels, 3D view and program with their Qt tests;
# MBW_ASAN_GUI=OFF leaves every Qt part out; not the Python module, which an uninstrumented
# interpreter cannot load, its engine being tested here) with
# AddressSanitizer and UndefinedBehaviorSanitizer (clang, assertions on, -O1) in build-asan/, runs
# the tests under them but the long integrations (CTest label `slow`, each marked with its reason in
# tests/CMakeLists.txt; the Release stage runs them), the fuzz regression corpus among them, then
# fuzzes the readers for MBW_FUZZ_SECONDS (default 60; 0 skips the fuzzing). Any sanitizer report
# fails. No precompiled headers here: clang is given the header by its absolute path, so in a clone
# at another path every test source missed the compiler cache (docs/reliability.md, "CI time").
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${MBW_ASAN_BUILD_DIR:-$root/build-asan}"

"$root/packaging/install-deps.sh"
if [[ ! -f "$build/CMakeCache.txt" ]]; then
  CC=clang CXX=clang++ cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1" \
    -DMBW_SANITIZE=address,undefined -DMBW_BUILD_FUZZERS=ON "-DMBW_BUILD_GUI=${MBW_ASAN_GUI:-ON}" \
    "-DMBW_BUILD_WORKBENCH=${MBW_ASAN_WORKBENCH:-OFF}" \
    -DMBW_BUILD_BENCHMARKS=OFF -DMBW_BUILD_PYTHON=OFF -DMBW_PRECOMPILED_HEADERS=OFF
fi
# the sanitizers' options from here on: the build itself runs the instrumented mbw-cli (man page)
source "$root/tests/sanitizers/environment.sh"
cmake --build "$build" -j2

source "$root/scripts/virtual-display.sh"
(cd "$build" && "${runner[@]}" ctest --output-on-failure -j2 --timeout 900 --label-exclude slow)
seconds="${MBW_FUZZ_SECONDS:-60}"
if ((seconds > 0)); then
  MBW_ASAN_BUILD_DIR="$build" "$root/scripts/fuzz.sh" "$seconds"
fi
