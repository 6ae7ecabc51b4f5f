#!/bin/sh
# colour_through_mpirun.sh NORMBOUND: under `mpirun -np 2` a rank's standard output is a
# pseudo-terminal of mpirun's, whatever mpirun's own output is. Checks that what the user sees
# decides: no escape sequence and no wrapping in a file that mpirun's output goes to (the same
# lines as one process writes there), verdict words coloured when mpirun's output is a terminal
# (script(1)), and none there with NO_COLOR.
set -u
nb=$1
command -v mpirun >/dev/null || { echo "mpirun not found: skipped"; exit 0; }
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
esc=$(printf '\033')
# Violations whose replay commands are longer than 80 columns: a rank that took its pty for a
# terminal would break them at 80.
run="check softmax-jacobian-spectral-as-printed --cases 5 --no-timestamp"
mpi="mpirun --allow-run-as-root --oversubscribe -np 2"
unset COLUMNS
$mpi "$nb" $run > "$work/file" 2>/dev/null
if grep -q "$esc" "$work/file"; then echo "escape sequences in mpirun's output file:"; cat -v "$work/file"; exit 1; fi
"$nb" $run > "$work/one-process" 2>/dev/null
# The header (the first line) names the ranks; every other line is one process's.
if ! sed 1d "$work/one-process" | diff - "$work/file" | grep '^[<>]' | grep -v '^> normbound .* MPI ranks$' > "$work/differ"; then :; fi
if [ -s "$work/differ" ]; then echo "lines differ from one process's in a file:"; cat "$work/differ"; exit 1; fi
script -qfec "$mpi '$nb' $run" "$work/terminal" >/dev/null 2>&1
grep -q "$esc\[31mVIOLATED" "$work/terminal" || { echo "VIOLATED is not red on mpirun's terminal:"; cat -v "$work/terminal"; exit 1; }
NO_COLOR=1 script -qfec "$mpi '$nb' $run" "$work/no-color" >/dev/null 2>&1
if grep -q "$esc\[[0-9;]*m" "$work/no-color"; then echo "colour on mpirun's terminal despite NO_COLOR"; exit 1; fi
echo "colour and width through mpirun: ok"
