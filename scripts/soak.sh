#!/usr/bin/env bash
# Soak test (a benchmark-style command, not part of the default test run; docs/reliability.md):
# one million steps of the double pendulum and 10 000 steps of the vehicle, every step recorded
# and streamed to CSV, resident memory sampled every 0.2 s. Prints each run's peak RSS and its
# growth from the first to the last third of the run, and fails when the growth exceeds
# MBW_SOAK_GROWTH_KB (default 2048 KiB): memory must not depend on the number of steps.
# Needs a built mbw-cli (scripts/run-tests.sh or run-main.sh builds it); the CSVs go to
# build/soak/ and are removed afterwards unless MBW_SOAK_KEEP=1.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${MBW_BUILD_DIR:-$root/build}"
cli="$build/app/cli/mbw-cli"
out="$build/soak"
limit="${MBW_SOAK_GROWTH_KB:-2048}"
mkdir -p "$out"
failed=0

# soak NAME ARGS...: runs mbw-cli with ARGS, sampling VmRSS (KiB) of the process
soak() {
  local name="$1"
  shift
  local samples="$out/$name.rss" csv="$out/$name.csv"
  : >"$samples"
  local start=$SECONDS
  "$cli" "$@" -o "$csv" >"$out/$name.log" 2>&1 &
  local pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    awk '/^VmRSS:/ {print $2}' "/proc/$pid/status" 2>/dev/null >>"$samples" || true
    sleep 0.2
  done
  local status=0
  wait "$pid" || status=$?
  local seconds=$((SECONDS - start))
  # peak, and the growth between the largest RSS of the first and of the last third of the run
  read -r n peak first last < <(awk '{v[NR] = $1} END {
      n = NR; peak = 0; a = 0; b = 0
      for (i = 1; i <= n; i++) { if (v[i] > peak) peak = v[i] }
      for (i = 1; i <= int(n / 3); i++) if (v[i] > a) a = v[i]
      for (i = n - int(n / 3) + 1; i <= n; i++) if (v[i] > b) b = v[i]
      print n, peak, a, b }' "$samples")
  local rows
  rows=$(grep -cv '^#' "$csv" || true)
  local growth=$((last - first))
  awk -v name="$name" -v st="$status" -v s="$seconds" -v rows="$((rows - 1))" -v size="$(du -h "$csv" | cut -f1)" \
    -v n="$n" -v peak="$peak" -v a="$first" -v b="$last" -v g="$growth" 'BEGIN {
      printf "%-16s exit %d, %d s, %d CSV rows (%s), %d RSS samples: peak %.1f MiB, first third %.1f MiB, last third %.1f MiB, growth %d KiB\n",
        name, st, s, rows, size, n, peak / 1024, a / 1024, b / 1024, g }'
  grep -E '^(status|steps|CPU time)' "$out/$name.log" | sed 's/^/                 /'
  if ((status != 0 || n < 6 || growth > limit)); then
    echo "soak: $name FAILED (exit $status, growth $growth KiB > $limit KiB or too few samples)" >&2
    failed=1
  fi
  [[ "${MBW_SOAK_KEEP:-0}" == "1" ]] || rm -f "$csv"
}

soak double-pendulum run double-pendulum --step 1e-3 --t-end 1000
soak hmmwv-bump run hmmwv-bump --fixed-step --step 5e-4 --t-end 5
exit "$failed"
