#!/bin/sh
# terminal_of_80_columns.sh NORMBOUND: runs `normbound check --all` on a pseudo-terminal of 80
# columns (script(1); COLUMNS=80, as a terminal of that width sets it) and fails when any line the
# terminal shows is wider than 80 columns: every stretch between a newline and a carriage return
# (each redraw of the progress line is one), its colour and erase sequences taken out. Then checks
# that verdict words are coloured on the terminal, and neither with NO_COLOR nor into a pipe.
set -u
nb=$1
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
# --cases 40 keeps the run past the progress line's quiet first second on two threads.
COLUMNS=80 script -qfec "'$nb' check --all --cases 40 --threads 2" "$work/typescript" >/dev/null 2>&1
status=$?
# 2: a case of softmax-lipschitz's suite stays TIGHT at the precision cap.
[ "$status" -eq 0 ] || [ "$status" -eq 2 ] || { echo "check --all on a terminal exited $status"; cat "$work/typescript"; exit 1; }
# Lines as the terminal shows them: split at CR and LF, SGR and erase-in-line sequences removed,
# without the lines script(1) adds to its log.
LC_ALL=C.UTF-8 tr '\r' '\n' < "$work/typescript" | sed 's/\x1b\[[0-9;]*[mK]//g' |
  grep -v '^Script \(started\|done\) on ' > "$work/shown"
widest=$(LC_ALL=C.UTF-8 wc -L < "$work/shown")  # columns, not bytes (mawk's length counts bytes)
echo "widest line: $widest columns"
if [ "$widest" -gt 80 ]; then
  grep -E '.{81}' "$work/shown" | head -20
  exit 1
fi
grep -q 'cases decided' "$work/shown" || { echo "no progress line shown"; exit 1; }
grep -q 'elapsed' "$work/shown" || { echo "the progress line shows no elapsed time"; exit 1; }
grep -q "$(printf '\033')\[31mVIOLATED" "$work/typescript" || { echo "VIOLATED is not red on a terminal"; exit 1; }
NO_COLOR=1 COLUMNS=80 script -qfec "'$nb' check softmax-jacobian-spectral-as-printed --cases 5" "$work/no-color" >/dev/null 2>&1
if grep -q "$(printf '\033')\[[0-9;]*m" "$work/no-color"; then echo "colour despite NO_COLOR"; exit 1; fi
"$nb" check softmax-jacobian-spectral-as-printed --cases 5 > "$work/piped" 2>&1
if grep -q "$(printf '\033')" "$work/piped"; then echo "escape sequences in a pipe"; exit 1; fi
echo "terminal of 80 columns: ok"
