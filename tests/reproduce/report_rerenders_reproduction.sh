#!/usr/bin/env bash
# report_rerenders_reproduction.sh NORMBOUND ARGUMENTS...: runs `normbound reproduce ARGUMENTS
# --report report` (runtimes and timestamp recorded), then `normbound report
# report/reproduction.json --out rebuilt`, and compares every file of the two directories: the
# report re-rendered from the saved reproduction and its results is the run's, byte for byte.
set -u
nb=$1
shift
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch" || exit 1
"$nb" reproduce "$@" --report report > run.txt 2>&1
status=$?
# 1 and 2 are outcomes of the certified checks (unexpected, undecided), not failures of the run.
[ "$status" -le 2 ] || { echo "reproduce exited $status"; cat run.txt; exit 1; }
"$nb" report report/reproduction.json --out rebuilt || { echo "report exited $?"; exit 1; }
count=$(cd report && find . -type f | wc -l)
if diff -r report rebuilt; then
  echo "re-rendered byte for byte: $count files"
else
  exit 1
fi
