#!/usr/bin/env bash
# Packs the already built binaries into the Debian package (CPack, nothing is rebuilt).
# usage: build_package.sh BUILD_DIR OUTPUT_DIR
set -euo pipefail
build="$1" out="$2"
rm -rf "$out"
cpack --config "$build/CPackConfig.cmake" -B "$out"
ls -l "$out"/*.deb
