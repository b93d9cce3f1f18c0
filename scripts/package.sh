#!/usr/bin/env bash
# Builds the Debian package in one command: installs what is missing, builds (reusing build/ when
# it is there), and packs the binaries with CPack into out/multibody-workbench_VERSION_ARCH.deb.
# Install it with: sudo apt install ./out/multibody-workbench_*.deb
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
rm -rf "$build/package"
cpack --config "$build/CPackConfig.cmake" -B "$build/package"
mkdir -p "$root/out"
rm -f "$root"/out/multibody-workbench_*.deb
cp "$build"/package/multibody-workbench_*.deb "$root/out/"
deb="$(cd "$root" && ls out/multibody-workbench_*.deb)"
echo "package: $deb ($(du -h "$root/$deb" | cut -f1))"
echo "install: sudo apt install ./$deb"
