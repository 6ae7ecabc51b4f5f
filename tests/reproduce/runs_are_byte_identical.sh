#!/usr/bin/env bash
# runs_are_byte_identical.sh NORMBOUND ARGUMENTS...: runs `normbound reproduce ARGUMENTS
# --no-timestamp --report report --json reproduction.json` twice, each in a scratch directory of its
# own (so that the recorded command lines are the same), and compares every file written. Exits 1
# and names the files that differ unless all are byte-identical.
set -u
nb=$1
shift
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for run in first second; do
  mkdir "$scratch/$run"
  if ! (cd "$scratch/$run" && "$nb" reproduce "$@" --no-timestamp --report report --json reproduction.json >/dev/null 2>&1); then
    echo "the $run run failed"
    exit 1
  fi
done
count=$(cd "$scratch/first" && find . -type f | wc -l)
if diff -r "$scratch/first" "$scratch/second"; then
  echo "byte-identical: $count files"
else
  exit 1
fi
