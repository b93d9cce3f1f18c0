#!/usr/bin/env bash
# The desktop entry passes Debian's validator (no error, no warning; hints are shown) and starts the
# workbench with the application icon. Its categories are Education;Science (two main categories,
# which the validator hints at): gnome-menus (GNOME Flashback, MATE) files a program under
# Education > Science only when it has both, and LXDE's menu has Education but no Science.
# usage: check_desktop_entry.sh FILE APP_ID
set -euo pipefail
file="$1" id="$2"
messages="$(desktop-file-validate "$file" 2>&1)" || { echo "FAIL: desktop-file-validate: $messages" >&2; exit 1; }
problems="$(grep -v ': hint: ' <<<"$messages" || true)"
[[ -z "$problems" ]] || { echo "FAIL: desktop-file-validate: $problems" >&2; exit 1; }
[[ -z "$messages" ]] || echo "$messages"
grep -qx 'Exec=mbw %f' "$file" || { echo "FAIL: the entry does not start mbw" >&2; exit 1; }
grep -qx "Icon=$id" "$file" || { echo "FAIL: the entry's icon is not $id" >&2; exit 1; }
echo "desktop-file-validate $(basename "$file"): no errors, no warnings"
