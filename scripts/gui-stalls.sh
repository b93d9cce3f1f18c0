#!/usr/bin/env bash
# The GUI thread's longest stall, two builds side by side (a benchmark-style command, not part of
# the test run; docs/performance.md#under-load): the scripted squeezer run (lms3, 0.05 s) of each
# workbench in turn, N times, each with settings and session files of its own (no last session
# reopened), under Xvfb. Prints the load and the responsiveness monitor's line per run. Load the
# machine first to measure under load, e.g. two `sh -c 'while :; do :; done' &` loops.
#   scripts/gui-stalls.sh BEFORE_MBW AFTER_MBW [N]
set -euo pipefail
before="$1"
after="$2"
runs="${3:-3}"
for i in $(seq 1 "$runs"); do
  for bin in "$before" "$after"; do
    home="$(mktemp -d)"
    load="$(cut -d' ' -f1 /proc/loadavg)"
    line="$(XDG_CONFIG_HOME="$home" XDG_DATA_HOME="$home" xvfb-run -a -s "-screen 0 1600x1000x24" \
      "$bin" andrews-squeezer --integrator lms3 --t-end 0.05 --run --screenshot "$home/window.png" 2>/dev/null |
      grep "GUI thread" || true)"
    echo "$bin (load $load): ${line:-no report}"
    rm -rf "$home"
  done
done
