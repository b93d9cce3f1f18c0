#!/usr/bin/env bash
# Applies the project's C++ format (.clang-format) to every tracked C++ file, or to the files named.
# The test format_check (tests/format/format_check.sh) fails on a file this would change.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
if [ $# -gt 0 ]; then
  clang-format -i "$@"
else
  git ls-files -z '*.cpp' '*.h' | xargs -0 clang-format -i
fi
