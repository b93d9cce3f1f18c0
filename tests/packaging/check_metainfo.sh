#!/usr/bin/env bash
# The AppStream metadata passes appstreamcli (offline, pedantic) and its newest release is the
# project's version.
# usage: check_metainfo.sh FILE VERSION
set -euo pipefail
file="$1" version="$2"
appstreamcli validate --no-net --pedantic "$file"
newest="$(grep -o -m1 '<release version="[^"]*"' "$file" | cut -d'"' -f2)"
[[ "$newest" == "$version" ]] || { echo "FAIL: newest release $newest, the project is at $version: add a <release>" >&2; exit 1; }
