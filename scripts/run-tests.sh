#!/usr/bin/env bash
# Sets up, builds and runs the whole test suite (GUI tests under a virtual display when there is
# no display).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$build"
runner=()
if [[ -z "${DISPLAY:-}" && -z "${WAYLAND_DISPLAY:-}" ]] && command -v xvfb-run >/dev/null; then
  runner=(xvfb-run -a -s "-screen 0 1600x1000x24")
fi
"${runner[@]}" ctest --output-on-failure -j2 --timeout 600
