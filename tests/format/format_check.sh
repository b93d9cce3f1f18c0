#!/usr/bin/env bash
# Checks that every tracked C++ file of the source tree SOURCE_DIR is in the project's format
# (.clang-format): lists the files clang-format would change and fails if there is one.
# scripts/format.sh applies the format.
set -euo pipefail
root="${1:?usage: format_check.sh SOURCE_DIR}"
cd "$root"
command -v clang-format >/dev/null || { echo "clang-format is not installed"; exit 1; }

# the tracked files, or every C++ file of the tree outside build directories when it is no checkout
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -d '' files < <(git ls-files -z '*.cpp' '*.h')
else
  mapfile -d '' files < <(find app engine ui python tests \( -name '*.cpp' -o -name '*.h' \) -print0)
fi

# each file clang-format would change, with the first lines it would change
unformatted=0
for f in "${files[@]}"; do
  [ -f "$f" ] || continue
  if ! clang-format --dry-run --Werror "$f" >/dev/null 2>&1; then
    echo "not formatted: $f"
    clang-format "$f" | diff -u "$f" - | sed -n '3,12p'
    unformatted=$((unformatted + 1))
  fi
done
echo "${#files[@]} files checked, $unformatted not formatted (scripts/format.sh formats them)"
[ "$unformatted" -eq 0 ]
