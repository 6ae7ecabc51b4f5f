#!/usr/bin/env bash
# output_onto_input.sh NORMBOUND CASE.json THEOREM.toml RESULTS.json: an output that is one of the run's inputs
# (the same file, through another path, a symbolic or a hard link, or inside a report directory
# that the run replaces) is refused with exit 64, naming the output's option and the input,
# before anything runs; the input is left byte for byte as it was.
set -u
nb=$1 case_file=$2 theorem_file=$3 results_file=$4
scratch=$(mktemp -d)
trap 'rm -rf "$scratch" "$scratch.before"' EXIT
failures=0
# The inputs, made afresh for each run.
setup() {
  rm -rf "${scratch:?}"/* && cd "$scratch"
  cp "$case_file" c.json && cp "$theorem_file" v.toml && cp "$results_file" results-in.json
  mkdir -p sub r/cases && ln -s c.json link.json && ln c.json hard.json && cp "$case_file" r/cases/c.json
  printf 'cases/c.json\n' >r/.normbound-files  # an earlier report's case file
  cd - >/dev/null
}
# refused EXPECTED-REGEX INPUT-FILE ARGUMENTS...: runs normbound in the scratch directory.
refused() {
  local regex=$1 input=$2
  shift 2
  setup
  cp "$input" "$scratch.before"
  output=$(cd "$scratch" && "$nb" "$@" 2>&1)
  status=$?
  if [ "$status" != 64 ] || ! grep -Eq -e "$regex" <<<"$output" || ! cmp -s "$scratch.before" "$input"; then
    echo "FAIL: normbound $* -> exit $status: $output"
    cmp -s "$scratch.before" "$input" || echo "  and $input was changed"
    failures=$((failures + 1))
  else
    echo "refused: normbound $*"
  fi
}
refused '--certificate v.toml is the input --theorem-file v.toml' "$scratch/v.toml" \
  prove --theorem-file v.toml --certificate v.toml
refused '--json v.toml is the input --theorem-file v.toml' "$scratch/v.toml" prove --theorem-file v.toml --json v.toml
refused '--json v.toml is the input --theorem-file v.toml' "$scratch/v.toml" check --theorem-file v.toml --json v.toml
refused '--json v.toml is the input --theorem-file v.toml' "$scratch/v.toml" \
  search softmax-jacobian-entry --theorem-file v.toml --json v.toml
refused '--json c.json is the input --case c.json' "$scratch/c.json" check --case c.json --json c.json
refused '--json sub/../c.json is the input --case c.json' "$scratch/c.json" check --case c.json --json sub/../c.json
refused '--json link.json is the input --case c.json' "$scratch/c.json" check --case c.json --json link.json
refused '--json c.json is the input --case hard.json' "$scratch/c.json" check --case hard.json --json c.json
refused '--report r holds the input --case r/cases/c.json' "$scratch/r/cases/c.json" check --case r/cases/c.json --report r
refused '--out results-in.json is the input RESULTS results-in.json' "$scratch/results-in.json" \
  report results-in.json --out results-in.json
# Model sources and texts are inputs too.
refused '--json c.json is the input --source c.json' "$scratch/c.json" \
  check softmax-weight-bounds --source attention-dump:c.json --json c.json
refused '--json c.json is the input --source c.json' "$scratch/c.json" \
  reproduce fig4 --source attention-dump:c.json --json c.json
refused '--json link.json is the input --compare-source c.json' "$scratch/c.json" \
  reproduce fig4 --source random-gpt2 --compare-source attention-dump:c.json --json link.json
refused '--report r holds the input --text r/cases/c.json' "$scratch/r/cases/c.json" \
  reproduce fig4 --source gpt2:sub --text r/cases/c.json --report r
# An output beside the inputs is written.
setup
output=$(cd "$scratch" && "$nb" check --case c.json --json results.json 2>&1)
[ $? = 0 ] || { echo "FAIL: a separate output was refused: $output"; failures=$((failures + 1)); }
echo "$failures failed"
[ "$failures" = 0 ]
