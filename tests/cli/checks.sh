# checks.sh, sourced by the shell tests of tests/cli (after `nb` names normbound and the working
# directory is the test's scratch directory): check counts its conditions into `passed` and
# `failed`; run runs normbound into run.log and compares its exit status.
passed=0 failed=0
check() {  # check DESCRIPTION CONDITION...
  local what=$1
  shift
  if "$@"; then passed=$((passed + 1)); echo "ok: $what"; else failed=$((failed + 1)); echo "FAILED: $what"; fi
}
run() {  # run EXPECTED_STATUS ARGS...: normbound's output goes to run.log
  local expected=$1
  shift
  "$nb" "$@" >run.log 2>&1
  local status=$?
  [ "$status" -eq "$expected" ] || { echo "  exit $status, expected $expected: normbound $*"; cat run.log; return 1; }
}
