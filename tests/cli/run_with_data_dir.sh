#!/usr/bin/env bash
# run_with_data_dir.sh VARIABLE CODE COMMAND...: run_expecting_exit.sh CODE COMMAND... with every
# "@DIR@" in COMMAND replaced by the value of the environment variable VARIABLE, read when the
# test runs (as the GoogleTests read theirs). Without VARIABLE it exits 77, which the tests using
# it declare as their SKIP_RETURN_CODE.
set -u
variable=$1
shift
directory=${!variable:-}
if [ -z "$directory" ]; then
  echo "$variable is not set: skipped"
  exit 77
fi
arguments=()
for argument in "$@"; do arguments+=("${argument//@DIR@/$directory}"); done
exec "$(dirname "$0")/run_expecting_exit.sh" "${arguments[@]}"
