#!/bin/sh
# search_reproduce_fit_80_columns.sh NORMBOUND TINY_GPT2: runs on a pseudo-terminal of 80 columns
# (script(1); COLUMNS=80) a search with a report (counterexamples, replay commands, "written to"
# lines; the report directory's name is as long as lets its case files' paths fit a line of their
# own), a reproduce on a small random model with a report (its wide tables in blocks of columns,
# each beginning with the columns that name the rows), and a check on the tiny GPT-2's rows
# (its looseness lines), and fails when any line the terminal shows is wider than 80 columns
# (each stretch between line feeds and carriage returns, colour and erase sequences taken out).
# Then checks that a replay command broken over lines still runs in a shell, and that --wide
# keeps the verdict table one line per theorem.
set -u
nb=$1
tiny=$2
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
on_terminal() {  # on_terminal LOG COMMAND...: the command's text as a terminal of 80 columns shows it
  log=$1
  shift
  COLUMNS=80 script -qfec "$*" "$log.typescript" >/dev/null 2>&1
  status=$?
  LC_ALL=C.UTF-8 tr '\r' '\n' < "$log.typescript" | sed 's/\x1b\[[0-9;]*[mK]//g' |
    grep -v '^Script \(started\|done\) on ' > "$log"
  return $status
}
# The as-printed Corollary 3 fails: exit 1 is its expected counterexample, as check reports it.
on_terminal search.txt "'$nb' search softmax-jacobian-spectral-as-printed --budget 300 --report sreport --json search-results-with-a-long-name.json"
[ $? -le 2 ] || { echo "search exited $status"; cat search.txt; exit 1; }
on_terminal reproduce.txt "'$nb' reproduce --all --source random-gpt2:layers=1,heads=2,embd=16,positions=32 --seed 3 --grid-L 8,16,32 --grid-N 1,2,4,8 --threads 2 --report reproduce-report"
[ $? -le 2 ] || { echo "reproduce exited $status"; cat reproduce.txt; exit 1; }
on_terminal check.txt "'$nb' check softmax-weight-bounds separability-upper-envelope topn-distance-fixed --source gpt2-positions:'$tiny' --rows all --threads 2"
[ $? -le 2 ] || { echo "check --source exited $status"; cat check.txt; exit 1; }
for log in search.txt reproduce.txt check.txt; do
  widest=$(LC_ALL=C.UTF-8 wc -L < "$log")  # columns, not bytes
  echo "$log: widest line $widest columns"
  if [ "$widest" -gt 80 ]; then
    grep -E '.{81}' "$log" | head -20
    exit 1
  fi
done
grep -q 'vacuous on this input' check.txt || { echo "the --source check shows no looseness line"; exit 1; }
grep -q 'results written to' search.txt || { echo "search shows no 'written to' line"; exit 1; }
grep -q 'Certified checks of the per-row theorems' reproduce.txt || { echo "reproduce shows no verdict table"; exit 1; }
# Fig. 2b's table (one L, a row per N) in blocks of columns: each block begins with L and N, which
# name its rows, not with L alone.
sed -n '/^== fig2b/,/^== fig2c/p' reproduce.txt | grep -Eq '^ +L +N +mean_uniform-subset-main-sum' ||
  { echo "a later block of Fig. 2b's table does not begin with L and N:"; sed -n '/^== fig2b/,/^== fig2c/p' reproduce.txt; exit 1; }
# The replay command as shown, its continuation lines joined by the shell, replays the case.
replay=$(sed -n '/^  replay  /,/[^\\]$/p' search.txt | sed 's/^  replay  //')
[ -n "$replay" ] || { echo "search shows no replay command"; exit 1; }
echo "$replay" | grep -q '\\$' || { echo "the replay command was not broken over lines:"; echo "$replay"; exit 1; }
printf '%s\n' "$replay" | sed "s|normbound |'$nb' |" > replay.sh
sh replay.sh > replayed.txt 2>&1
grep -q 'VIOLATED' replayed.txt || { echo "the broken replay command does not replay:"; cat replay.sh replayed.txt; exit 1; }
# --wide: one line per theorem, wider than the terminal.
on_terminal wide.txt "'$nb' search softmax-jacobian-spectral-as-printed --budget 300 --wide"
[ "$(LC_ALL=C.UTF-8 wc -L < wide.txt)" -gt 80 ] || { echo "--wide did not keep the table's lines whole"; exit 1; }
echo "search, reproduce and check --source fit 80 columns"
