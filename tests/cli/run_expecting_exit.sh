#!/bin/sh
# run_expecting_exit.sh CODE COMMAND...: runs COMMAND, prints its output and then
# "exit=<status> expected=<CODE>"; fails unless the status is CODE. CTest's
# PASS_REGULAR_EXPRESSION ignores the exit status, so the golden tests match on this line too.
expected=$1
shift
"$@" 2>&1
status=$?
echo "exit=$status expected=$expected"
[ "$status" -eq "$expected" ]
