#!/usr/bin/env bash
# ports_agree_on_rows.sh NORMBOUND SPECS SOURCE [OPTION...]: each theorem file
# SPECS/<id>-as-formula.toml (a built-in theorem restated as formulas) checked on the rows of
# SOURCE (with the source OPTIONs) beside the built-in <id>: their rows of the verdict table
# (cases, verdict counts, min relative slack, outcome) must be the same. A port whose inputs the
# source does not provide, or whose built-in runs on no source, is skipped. Exits 1 on any
# difference, or when nothing was compared.
set -u
nb=$1 specs=$2 source=$3
shift 3
failures=0 compared=0
for spec in "$specs"/*-as-formula.toml; do
  port=$(basename "$spec" .toml)
  built_in=${port%-as-formula}
  output=$("$nb" check "$built_in" "$port" --source "$source" --threads 2 "$@" 2>&1)
  if grep -qE "which the source does not provide|runs only on its own suites" <<<"$output"; then
    echo "skipped: $port (the source does not provide its inputs, or the built-in takes no source)"
    continue
  fi
  row_of() { grep -E "^$1 +[0-9]" <<<"$output" | sed -E "s/^$1 +//"; }
  expected=$(row_of "$built_in") got=$(row_of "$port")
  compared=$((compared + 1))
  if [ -z "$expected" ] || [ "$expected" != "$got" ]; then
    echo "DIFFERENT: $built_in: $expected"
    echo "           $port: $got"
    tail -3 <<<"$output"
    failures=$((failures + 1))
  else
    echo "same: $port: $got"
  fi
done
echo "ports on the source's rows: $compared compared, $failures different"
[ "$compared" -gt 0 ] && [ "$failures" -eq 0 ]
