#!/usr/bin/env bash
# Sets up, builds and runs the main job: the workbench on the default scene when a display is
# available, otherwise a headless run of that scene writing out/<scene>.csv and out/<scene>.png.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
scene="${1:-double-pendulum}"
gui="$build/app/gui/mbw"
if [[ -x "$gui" && ( -n "${DISPLAY:-}" || -n "${WAYLAND_DISPLAY:-}" ) ]]; then
  exec "$gui" "$scene"
fi
mkdir -p "$root/out"
exec "$build/app/cli/mbw-cli" run "$scene" -o "$root/out/$scene.csv" --plot "$root/out/$scene.png"
