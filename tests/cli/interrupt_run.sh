#!/usr/bin/env bash
# interrupt_run.sh [--after-output TEXT] SIGNAL COMMAND...: runs COMMAND in a fresh scratch
# directory ("@DIR@" in it is replaced by that directory) with its output going to a file, not a
# terminal, sends it SIGNAL (INT, TERM or USR1) once a report staging directory (.NAME.tmp-PID) has
# appeared there (or, with --after-output, once its output holds TEXT), and prints what it printed,
# "exit=<status>", what the command left ("left: none" or the paths) and the "partial" field of
# each JSON file it left, in its directories too ("partial: <why>" or "partial: absent"; for results
# holding every outcome, "outcomes: K of N decided, each case once"): for the tests that an
# interrupted run removes its unfinished output, or keeps what it decided.
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
find "$scratch" -name '*.json' | sort | while read -r json; do
  python3 - "$json" <<'PY'
import json, re, sys
results = json.load(open(sys.argv[1]))
partial = results.get("partial", "absent")
print("partial:", partial)
# Every outcome written (no "kept"): as many as the cases decided, each of its own case.
decided = re.search(r"after ([0-9]+) of [0-9]+ cases", partial)
theorems = results.get("theorems", [])
if decided and theorems and not any("kept" in t for t in theorems):
    outcomes = sum(len(t["outcomes"]) for t in theorems)
    distinct = all(len({o["index"] for o in t["outcomes"]}) == len(t["outcomes"]) for t in theorems)
    print(f"outcomes: {outcomes} of {decided.group(1)} decided,", "each case once" if distinct else "a case twice")
PY
done
