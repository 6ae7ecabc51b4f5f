#!/usr/bin/env bash
# special_outputs.sh NORMBOUND FIXTURE_RESULTS: outputs go only where the command line puts them.
# In a scratch directory: --json through a symbolic link writes the link's target and keeps the
# link; --json into a FIFO writes through it and leaves a FIFO; a symlinked report directory stays
# a link across two reports; a directory without normbound's manifest keeps every file byte for
# byte, with and without --force; a --json under /proc cannot be created (73). Prints one line per
# check and "special outputs: N passed, M failed"; exits 1 on any failure.
set -u
nb=$1 fixture=$2
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch" || exit 2
source "$here/checks.sh"
run_within_a_minute() {  # as run, stopped after 60 s (exit 124) should normbound wait forever
  local expected=$1
  shift
  timeout 60 "$nb" "$@" >run.log 2>&1
  local status=$?
  [ "$status" -eq "$expected" ] || { echo "  exit $status, expected $expected: normbound $*"; cat run.log; return 1; }
}

mkdir real
echo old >real/results.json
ln -s real/results.json link.json
check "--json through a symlink exits 0" run 0 report "$fixture" --out link.json
check "the symlink stays a symlink" test -L link.json
check "its target holds the results" grep -q '"theorems"' real/results.json

mkfifo pipe.json
timeout 20 cat pipe.json >from-pipe.json &  # bounded: a FIFO replaced by a file has no writer
reader=$!
sleep 1  # the reader opens the FIFO first: normbound refuses one that no process reads
check "--json into a FIFO exits 0" run 0 report "$fixture" --out pipe.json
wait "$reader"
check "the FIFO stays a FIFO" test -p pipe.json
check "the reader got the results" grep -q '"theorems"' from-pipe.json

mkdir real-report
ln -s real-report linked-report
check "a report into a symlinked directory exits 0" run 0 report "$fixture" --out linked-report
check "a second report into it exits 0" run 0 report "$fixture" --out linked-report
check "the report directory stays a symlink" test -L linked-report
check "the report is in the link's target" test -s real-report/report.md

mkdir users
echo "the user's report" >users/report.md
echo "the user's figure" >users/figure.svg
check "a directory without manifest is refused (64)" run 64 report "$fixture" --out users
check "and with --force too, report.md being the user's (64)" run 64 report "$fixture" --out users --force
check "the user's report.md is intact" test "$(cat users/report.md)" = "the user's report"
check "the user's figure is intact" test "$(cat users/figure.svg)" = "the user's figure"
check "nothing was added to it" test "$(ls -A users | wc -l)" -eq 2

# A FIFO without a reader is refused at once (its open once waited for a reader forever), for
# --json and --certificate alike; `timeout` bounds the old behaviour.
mkfifo unread.json
check "--json into a FIFO without a reader cannot be created (73)" run_within_a_minute 73 report "$fixture" --out unread.json
check "and says so" grep -q "FIFO that no process reads" run.log
check "--certificate into a FIFO without a reader cannot be created (73)" \
  run_within_a_minute 73 prove softmax-jacobian-spectral-sharp --size L=2 --max-boxes 4 --certificate unread.json
check "--json of prove into a FIFO without a reader cannot be created (73)" \
  run_within_a_minute 73 prove softmax-jacobian-spectral-sharp --size L=2 --max-boxes 4 --json unread.json
check "the FIFO stays a FIFO, unread" test -p unread.json

check "--json under /proc cannot be created (73)" run 73 report "$fixture" --out /proc/normbound-test.json
check "--json naming a directory cannot be created (73)" run 73 check softmax-jacobian-entry --cases 2 --json real
echo "special outputs: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
