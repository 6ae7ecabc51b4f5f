#!/usr/bin/env bash
# interrupt_run.sh [--after-output TEXT] SIGNAL COMMAND...: runs COMMAND in a fresh scratch
# directory ("@DIR@" in it is replaced by that directory) with its output going to a file, not a
# terminal, sends it SIGNAL (INT or TERM) once a report staging directory (.NAME.tmp-PID) has
# appeared there (or, with --after-output, once its output holds TEXT), and prints what it printed,
# "exit=<status>", what the command left ("left: none" or the paths) and the "partial" field of
# each JSON file it left ("partial: <why>" or "partial: absent"): for the tests that an interrupted
# run removes its unfinished output, or keeps what it decided.
set -u
after_output=
if [ "$1" = --after-output ]; then
  after_output=$2
  shift 2
fi
signal=$1
shift
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
arguments=()
for argument in "$@"; do arguments+=("${argument//@DIR@/$scratch}"); done
# A background job of a non-interactive shell ignores SIGINT; job control (-m) keeps the default.
set -m
"${arguments[@]}" >"$scratch.out" 2>&1 </dev/null &
pid=$!
for _ in $(seq 1200); do
  if [ -n "$after_output" ]; then
    grep -qF -- "$after_output" "$scratch.out" && break
  else
    compgen -G "$scratch/.*.tmp-*" >/dev/null && break
  fi
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.05
done
[ -n "$after_output" ] || sleep 0.5  # well into the run
kill -s "$signal" "$pid"
wait "$pid"
status=$?
cat "$scratch.out"
rm -f "$scratch.out"
left=$(cd "$scratch" && find . -mindepth 1 | sort | tr '\n' ' ')
echo "exit=$status left: ${left:-none}"
for json in "$scratch"/*.json; do
  [ -e "$json" ] || continue
  python3 -c 'import json, sys; print("partial:", json.load(open(sys.argv[1])).get("partial", "absent"))' "$json"
done
