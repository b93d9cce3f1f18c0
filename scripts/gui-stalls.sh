#!/usr/bin/env bash
# The GUI thread's stalls, two builds side by side (a benchmark-style command, not part of the test
# run; docs/performance.md#under-load): the scripted squeezer run (lms3) of each workbench in turn,
# N times, each with settings and session files of its own (no last session reopened), under Xvfb.
# Prints the load and the responsiveness monitor's figures per run, then per build the longest
# stall and the 99th percentile of the ticks' stalls over its runs: min-max (median).
#
#   scripts/gui-stalls.sh [--load K] [--sessions] [--t-end T] BEFORE_MBW AFTER_MBW [N]
#
#   --load K      K busy loops run beside the workbench for the measurement (stopped at the end)
#   --sessions    the loops, the X server and the workbench each in a session of its own, as on a
#                 desktop a build started from a terminal, the display server and an application
#                 are (Linux then shares the cores between the sessions first, and the threads of
#                 a session within its share); without it all share one session and the GUI
#                 thread competes with each loop on equal terms
#   --t-end T     the run's end time (default 0.05 s: about a second of a run in the window)
set -euo pipefail
load=0
sessions=0
t_end=0.05
while [[ $# -gt 0 && "$1" == --* ]]; do
  case "$1" in
    --load) load="$2"; shift 2 ;;
    --sessions) sessions=1; shift ;;
    --t-end) t_end="$2"; shift 2 ;;
    *) echo "gui-stalls.sh: unknown option $1 (see the comment at the top of the script)" >&2; exit 2 ;;
  esac
done
if [[ $# -lt 2 ]]; then
  echo "usage: scripts/gui-stalls.sh [--load K] [--sessions] [--t-end T] BEFORE_MBW AFTER_MBW [N]" >&2
  exit 2
fi
before="$1"
after="$2"
runs="${3:-3}"

# the busy loops (and with --sessions the X server), stopped however the script ends
background=()
stop_background() { [[ ${#background[@]} -eq 0 ]] || kill "${background[@]}" 2>/dev/null || true; }
trap stop_background EXIT
for _ in $(seq 1 "$load"); do
  if [[ $sessions -eq 1 ]]; then setsid sh -c 'while :; do :; done' & else sh -c 'while :; do :; done' & fi
  background+=("$!")
done
if [[ $sessions -eq 1 ]]; then
  display=":$((100 + RANDOM % 800))"
  setsid Xvfb "$display" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
  background+=("$!")
fi
[[ ${#background[@]} -eq 0 ]] || sleep 1

# one scripted run of a workbench: its monitor's line
measure() {
  local bin="$1" home="$2"
  local args=(andrews-squeezer --integrator lms3 --t-end "$t_end" --run --screenshot "$home/window.png")
  if [[ $sessions -eq 1 ]]; then
    XDG_CONFIG_HOME="$home" XDG_DATA_HOME="$home" DISPLAY="$display" setsid "$bin" "${args[@]}" 2>/dev/null </dev/null
  else
    XDG_CONFIG_HOME="$home" XDG_DATA_HOME="$home" xvfb-run -a -s "-screen 0 1600x1000x24" "$bin" "${args[@]}" 2>/dev/null
  fi
}

results="$(mktemp)"
for i in $(seq 1 "$runs"); do
  for bin in "$before" "$after"; do
    home="$(mktemp -d)"
    line="$(measure "$bin" "$home" | grep "GUI thread" || true)"
    echo "$bin (load $(cut -d' ' -f1 /proc/loadavg)): ${line:-no report}"
    longest="$(sed -n 's/.*longest stall \([0-9.]*\) ms.*/\1/p' <<<"$line")"
    p99="$(sed -n 's/.*99 % of ticks within \([0-9.]*\) ms.*/\1/p' <<<"$line")"
    [[ -z "$longest" ]] || echo "$bin ${longest} ${p99:-nan}" >>"$results"
    rm -rf "$home"
  done
done

# per build: min-max (median) of the longest stall and of the 99th percentile
for bin in "$before" "$after"; do
  awk -v bin="$bin" '
    function summary(a, n,   i, j, t, median) {
      for (i = 2; i <= n; ++i) for (j = i; j > 1 && a[j - 1] > a[j]; --j) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
      median = n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
      return sprintf("%g-%g (%g) ms", a[1], a[n], median)
    }
    $1 == bin { ++n; longest[n] = $2; if ($3 != "nan") p99[++m] = $3 }
    END {
      if (n) printf "%s, %d runs: longest stall %s; 99 %% of ticks within %s\n", bin, n, summary(longest, n),
                    m ? summary(p99, m) : "(not reported by this build)"
    }
  ' "$results"
done
rm -f "$results"
