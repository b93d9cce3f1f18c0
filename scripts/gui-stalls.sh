#!/usr/bin/env bash
# The GUI thread's stalls, two builds side by side (a benchmark-style command, not part of the test
# run; docs/performance.md#under-load): the scripted squeezer run (lms3) of each workbench in turn,
# N times, each with settings and session files of its own (no last session reopened), under Xvfb.
# Prints the load and the responsiveness monitor's figures per run, then per build the longest
# stall and the 99th percentile of the ticks' stalls over its runs: min-max (median).
#
#   scripts/gui-stalls.sh [--load K] [--own-session] [--t-end T] BEFORE_MBW AFTER_MBW [N]
#
#   --load K        K busy loops run beside the workbench for the measurement (stopped at the end)
#   --own-session   the loops in a session of their own, as a build started from a terminal is
#                   beside an application started from the desktop (Linux then shares the cores
#                   between the two sessions first); without it they share the workbench's
#                   session and compete thread by thread with the GUI thread: the worse case
#   --t-end T       the run's end time (default 0.05 s: about a second of a run in the window)
set -euo pipefail
load=0
own_session=0
t_end=0.05
while [[ $# -gt 0 && "$1" == --* ]]; do
  case "$1" in
    --load) load="$2"; shift 2 ;;
    --own-session) own_session=1; shift ;;
    --t-end) t_end="$2"; shift 2 ;;
    *) echo "gui-stalls.sh: unknown option $1 (see the comment at the top of the script)" >&2; exit 2 ;;
  esac
done
if [[ $# -lt 2 ]]; then
  echo "usage: scripts/gui-stalls.sh [--load K] [--own-session] [--t-end T] BEFORE_MBW AFTER_MBW [N]" >&2
  exit 2
fi
before="$1"
after="$2"
runs="${3:-3}"

# the busy loops, stopped however the script ends
loops=()
stop_loops() { [[ ${#loops[@]} -eq 0 ]] || kill "${loops[@]}" 2>/dev/null || true; }
trap stop_loops EXIT
for _ in $(seq 1 "$load"); do
  if [[ $own_session -eq 1 ]]; then setsid sh -c 'while :; do :; done' & else sh -c 'while :; do :; done' & fi
  loops+=("$!")
done
[[ $load -eq 0 ]] || sleep 1

results="$(mktemp)"
for i in $(seq 1 "$runs"); do
  for bin in "$before" "$after"; do
    home="$(mktemp -d)"
    line="$(XDG_CONFIG_HOME="$home" XDG_DATA_HOME="$home" xvfb-run -a -s "-screen 0 1600x1000x24" \
      "$bin" andrews-squeezer --integrator lms3 --t-end "$t_end" --run --screenshot "$home/window.png" 2>/dev/null |
      grep "GUI thread" || true)"
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
