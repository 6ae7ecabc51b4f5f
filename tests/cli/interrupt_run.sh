#!/usr/bin/env bash
# interrupt_run.sh SIGNAL COMMAND...: runs COMMAND in a fresh scratch directory ("@DIR@" in it is
# replaced by that directory), sends it SIGNAL (INT or TERM) once a report staging directory
# (.NAME.tmp-PID) has appeared there, and prints "exit=<status>" and what the command left
# ("left: none" or the paths), for the test that an interrupted run removes its unfinished output.
set -u
signal=$1
shift
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
arguments=()
for argument in "$@"; do arguments+=("${argument//@DIR@/$scratch}"); done
# A background job of a non-interactive shell ignores SIGINT; job control (-m) keeps the default.
set -m
"${arguments[@]}" >"$scratch.out" 2>&1 &
pid=$!
for _ in $(seq 600); do
  compgen -G "$scratch/.*.tmp-*" >/dev/null && break
  sleep 0.05
done
sleep 0.5  # well into the run
kill -s "$signal" "$pid"
wait "$pid"
status=$?
cat "$scratch.out"
rm -f "$scratch.out"
left=$(cd "$scratch" && find . -mindepth 1 | sort | tr '\n' ' ')
echo "exit=$status left: ${left:-none}"
