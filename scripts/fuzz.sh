#!/usr/bin/env bash
# Fuzzes the scene reader for SECONDS (default 60) with libFuzzer, from the sanitizer build
# (scripts/sanitizer-tests.sh builds it): seeds from scenes/ and the regression corpus, the JSON
# dictionary tests/fuzz/scene.dict; new inputs go to build-asan/fuzz/corpus (kept between runs).
# Prints the executions and the coverage. A crash, a sanitizer report, an exception other than a
# SceneError or a hang (an input over 10 s) fails, leaving the input in build-asan/fuzz/artifacts/:
# fix the bug, then add the input to tests/fuzz/regressions/scene_fuzzer/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${MBW_ASAN_BUILD_DIR:-$root/build-asan}"
seconds="${1:-60}"
work="$build/fuzz"
mkdir -p "$work/corpus" "$work/artifacts"
source "$root/tests/sanitizers/environment.sh"

log="$work/scene_fuzzer.log"
status=0
"$build/tests/fuzz/scene_fuzzer" "$work/corpus" "$root/scenes" "$root/tests/fuzz/regressions/scene_fuzzer" \
  -dict="$root/tests/fuzz/scene.dict" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -max_len=32768 -artifact_prefix="$work/artifacts/" -print_final_stats=1 >"$log" 2>&1 || status=$?

grep -E "INFO: Loaded|INITED|DONE|stat::number_of_executed_units|stat::peak_rss_mb" "$log" || true
edges="$(grep -oE 'Loaded 1 modules +\(([0-9]+) inline 8-bit counters' "$log" | grep -oE '[0-9]+ inline' | grep -oE '[0-9]+' || true)"
final="$(grep -E '#[0-9]+[[:space:]]+DONE' "$log" | tail -1 || true)"
if [[ -n "$final" && -n "$edges" ]]; then
  cov="$(sed -E 's/.* cov: ([0-9]+).*/\1/' <<<"$final")"
  runs="$(sed -E 's/^#([0-9]+).*/\1/' <<<"$final")"
  echo "fuzz: scene reader, ${seconds} s: ${runs} executions, ${cov} of ${edges} instrumented edges covered ($(awk -v c="$cov" -v e="$edges" 'BEGIN{printf "%.1f", 100*c/e}') %), corpus in $work/corpus"
fi
if ((status != 0)); then
  tail -60 "$log"
  echo "fuzz: FAILED (exit $status); the input is in $work/artifacts/" >&2
  exit "$status"
fi
