#!/usr/bin/env bash
# Sets up, builds and runs the whole test suite (GUI tests under a virtual display when there is
# no display). Then the sanitizer stage (scripts/sanitizer-tests.sh): the tests again under
# AddressSanitizer and UndefinedBehaviorSanitizer, the fuzz regression corpus and a bounded fuzz
# run. It always runs in CI (CI=true); a developer asks for it with MBW_SANITIZER_TESTS=1.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
source "$root/scripts/virtual-display.sh"
(cd "$build" && "${runner[@]}" ctest --output-on-failure -j2 --timeout 600)
if [[ "${CI:-}" == "true" || "${MBW_SANITIZER_TESTS:-0}" == "1" ]]; then
  "$root/scripts/sanitizer-tests.sh"
fi
