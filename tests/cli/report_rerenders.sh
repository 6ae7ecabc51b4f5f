#!/usr/bin/env bash
# report_rerenders.sh NORMBOUND SECTION KEY COMMAND ARGS...: `normbound COMMAND ARGS --report A`
# writes a report whose report.md has the heading SECTION and whose results.json has the key KEY;
# `normbound report A/results.json --out B` renders every file of it again byte for byte
# (docs/cli.md), that section included.
set -eu
nb=$1 section=$2 key=$3
shift 3
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
status=0
"$nb" "$@" --report "$scratch/a" --no-timestamp >/dev/null || status=$?
[ "$status" -le 2 ] || { echo "FAIL: $1 exited $status"; exit 1; }
grep -qx "## $section" "$scratch/a/report.md" || { echo "FAIL: no section '$section' in report.md"; exit 1; }
grep -q "^  \"$key\": " "$scratch/a/results.json" || { echo "FAIL: no key '$key' in results.json"; exit 1; }
"$nb" report "$scratch/a/results.json" --out "$scratch/b" --no-timestamp >/dev/null
diff -r "$scratch/a" "$scratch/b"
echo "re-rendered byte for byte: $(ls "$scratch/b" | wc -l) files"
