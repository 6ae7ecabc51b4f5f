#!/usr/bin/env bash
# source_report_rerenders.sh NORMBOUND SOURCE: `check --all --source SOURCE --report A` writes a
# report with its looseness section; `normbound report A/results.json --out B` renders every file
# of it again byte for byte (docs/cli.md), looseness included.
set -eu
nb=$1 source=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
status=0
"$nb" check --all --source "$source" --text-string "The keeper counts the stairs." --threads 2 \
  --report "$scratch/a" --no-timestamp >/dev/null || status=$?
[ "$status" -le 2 ] || { echo "FAIL: check exited $status"; exit 1; }
grep -q '^## Looseness on this input' "$scratch/a/report.md" || { echo "FAIL: no looseness section"; exit 1; }
grep -q '"looseness"' "$scratch/a/results.json" || { echo "FAIL: no looseness in results.json"; exit 1; }
"$nb" report "$scratch/a/results.json" --out "$scratch/b" --no-timestamp >/dev/null
diff -r "$scratch/a" "$scratch/b"
echo "re-rendered byte for byte: $(ls "$scratch/b" | wc -l) files"
