#!/usr/bin/env bash
# Fuzzes the readers of user files with libFuzzer for SECONDS in all (default 60, shared evenly by
# the targets), from the sanitizer build (scripts/sanitizer-tests.sh builds it): the scene reader
# (seeds from scenes/, dictionary tests/fuzz/scene.dict), the study-file reader (seeds from
# scenes/studies/, dictionary tests/fuzz/study.dict) and, when the workbench is built, its scene
# document (seeds from scenes/) and session reader (seed: a valid session the build writes,
# build-asan/tests/fuzz/seeds/session_fuzzer/), each also from its regression corpus; new inputs go
# to build-asan/fuzz/TARGET/corpus (kept between runs). Prints each target's executions
# and coverage. A crash, a sanitizer report, an exception other than a SceneError or a hang (an
# input over 10 s) fails, leaving the input in build-asan/fuzz/TARGET/artifacts/: fix the bug,
# then add the input to tests/fuzz/regressions/TARGET/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${MBW_ASAN_BUILD_DIR:-$root/build-asan}"
seconds="${1:-60}"
source "$root/tests/sanitizers/environment.sh"

# fuzz TARGET SEEDS DICTIONARY SECONDS: one target's bounded run and its summary line
fuzz() {
  local target="$1" seeds="$2" dict="$3" budget="$4"
  local work="$build/fuzz/$target" status=0
  mkdir -p "$work/corpus" "$work/artifacts"
  local log="$work/fuzz.log"
  "$build/tests/fuzz/$target" "$work/corpus" "$seeds" "$root/tests/fuzz/regressions/$target" \
    ${dict:+-dict="$dict"} -max_total_time="$budget" -timeout=10 -rss_limit_mb=2048 \
    -max_len=32768 -artifact_prefix="$work/artifacts/" -print_final_stats=1 >"$log" 2>&1 || status=$?

  grep -E "INFO: Loaded|INITED|DONE|stat::number_of_executed_units|stat::peak_rss_mb" "$log" || true
  local edges final
  edges="$(grep -oE 'Loaded 1 modules +\(([0-9]+) inline 8-bit counters' "$log" | grep -oE '[0-9]+ inline' | grep -oE '[0-9]+' || true)"
  final="$(grep -E '#[0-9]+[[:space:]]+DONE' "$log" | tail -1 || true)"
  if [[ -n "$final" && -n "$edges" ]]; then
    local cov runs
    cov="$(sed -E 's/.* cov: ([0-9]+).*/\1/' <<<"$final")"
    runs="$(sed -E 's/^#([0-9]+).*/\1/' <<<"$final")"
    echo "fuzz: $target, ${budget} s: ${runs} executions, ${cov} of ${edges} instrumented edges covered ($(awk -v c="$cov" -v e="$edges" 'BEGIN{printf "%.1f", 100*c/e}') %), corpus in $work/corpus"
  fi
  if ((status != 0)); then
    tail -60 "$log"
    echo "fuzz: $target FAILED (exit $status); the input is in $work/artifacts/" >&2
    return "$status"
  fi
}

workbench=0
[[ -x "$build/tests/fuzz/session_fuzzer" ]] && workbench=1
share=$(( (seconds + 1) / (2 + 2 * workbench) ))
fuzz scene_fuzzer "$root/scenes" "$root/tests/fuzz/scene.dict" "$share"
fuzz study_fuzzer "$root/scenes/studies" "$root/tests/fuzz/study.dict" "$share"
if ((workbench)); then
  fuzz scene_document_fuzzer "$root/scenes" "$root/tests/fuzz/scene.dict" "$share"
  fuzz session_fuzzer "$build/tests/fuzz/seeds/session_fuzzer" "" "$share"
fi
