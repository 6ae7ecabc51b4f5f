# Sourced by the CLI test scripts that run many commands and report every failure, not the first:
# `expect STATUS PATTERN COMMAND...` runs COMMAND and counts a failure in $failures (set to 0 here)
# unless it exits STATUS and its output matches PATTERN (grep -E); a failure prints the command,
# its status and the end of its output.
failures=0
expect() {
  local status=$1 pattern=$2
  shift 2
  local output code
  output=$("$@" 2>&1)
  code=$?
  if [ "$code" -ne "$status" ] || ! grep -qE -- "$pattern" <<<"$output"; then
    echo "FAILED: $* (exit $code, expected $status and /$pattern/):"
    echo "$output" | tail -8
    failures=$((failures + 1))
  fi
}
