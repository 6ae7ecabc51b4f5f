#!/usr/bin/env bash
# json_to_stdout.sh NORMBOUND ARGS...: `normbound ARGS --json -` writes one JSON document and
# nothing else to stdout (its text goes to stderr), so that it can be piped; the document's
# first keys are printed.
set -u
nb=$1
shift
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
status=0
"$nb" "$@" --json - >"$scratch/out" 2>"$scratch/err" || status=$?
[ "$status" -le 2 ] || { echo "FAIL: exit $status"; cat "$scratch/err"; exit 1; }
python3 -c 'import json, sys; j = json.load(open(sys.argv[1])); print("JSON on stdout:", ", ".join(sorted(j)[:4]))' \
  "$scratch/out" || { echo "FAIL: stdout is not one JSON document"; head -c 300 "$scratch/out"; exit 1; }
grep -q "exit status" "$scratch/err" || { echo "FAIL: the text did not go to stderr"; exit 1; }
echo PASS
