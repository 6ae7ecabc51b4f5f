#!/usr/bin/env bash
# From the file to the verdict: what `normbound check` costs per case end to end, beside the
# evaluation alone and the mpmath peer, on Corollary 1 (arXiv 2508.17821, Section 3;
# softmax-weight-bounds) at 256 bits:
#   10 case files at L = 256, d = 64 (hex floats, as normbound saves cases), and
#   a file source of 1024 keys x 64 and one query (JSON decimal numbers, as Python writes them),
# all written by bench_input_path --write. Timed, in interleaved rounds (CPU time, user + system,
# of the whole process, and wall time):
#   check 1     normbound check --case case-0.json
#   check 50    normbound check --case case-0.json ... case-9.json, five times over (50 cases)
#   source      normbound check softmax-weight-bounds --source file:keys-1024.json
# all with --threads 1 (the in-process evaluation is one thread). A case's end-to-end cost is
# (check 50 - check 1) / 49, the start-up (process, registry, results and report of one run)
# check 1 less one case; the file source's cost is its command less that start-up. Beside them: the in-process evaluation of the same cases and the plain-double floor
# (bench_input_path --evaluate: nb::evaluate_cases and Theorem::evaluate_double, reading not timed)
# and the mpmath peer (bench/input_path_mpmath.py: in process, number conversion and evaluation;
# end to end, also reading and parsing the file). Prints one table of medians with the ratios to
# the floor and the targets: end to end <= 3x in process, >= 100x faster than mpmath in process
# (its conversion counted, its parsing not).
#
# Usage (from anywhere): bench/compare_input_path.sh [BUILD_DIR]     BUILD_DIR defaults to build
#   NORMBOUND_BENCH_ROUNDS  interleaved rounds of the commands (default 7); medians are printed
#   NORMBOUND_BENCH_SEED    seed of the inputs (default 2508178)
# Installs the peers' Debian packages (NORMBOUND_BENCH_PACKAGES in scripts/setup.sh) when missing,
# configures BUILD_DIR (Release) and builds what it runs. Other load on the machine inflates the
# times; the load average is printed before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
export OPENBLAS_NUM_THREADS=1  # see compare_certified.sh: no thread pool spinning in timed runs
source scripts/setup.sh
install_packages "${NORMBOUND_PACKAGES[@]}" "${NORMBOUND_BENCH_PACKAGES[@]}"
build=${1:-build}
rounds=${NORMBOUND_BENCH_ROUNDS:-7}
seed=${NORMBOUND_BENCH_SEED:-2508178}
bits=256

cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release $(compiler_launcher_flag) >/dev/null
cmake --build "$build" -j2 --target normbound bench_input_path >/dev/null

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$build/bench/bench_input_path" --write "$work" --seed "$seed"
cases=()
for k in $(seq 0 49); do cases+=(--case "$work/case-$((k % 10)).json"); done
echo "commit $(git rev-parse --short=12 HEAD)$(git diff --quiet HEAD -- . 2>/dev/null || echo ' (modified)'), $(nproc) CPUs, seed $seed, $bits bits"
echo "load before: $(uptime)"

# time_command LABEL COMMAND...: appends "LABEL wall user sys status" to commands.tsv
# (bench/time_command.py).
time_command() { /usr/bin/python3 bench/time_command.py "$@" >>"$work/commands.tsv"; }
check=("$build/normbound" check --precision "$bits" --no-timestamp --threads 1)
for round in $(seq "$rounds"); do
  echo "round $round of $rounds ..." >&2
  time_command "check 1" "${check[@]}" --case "$work/case-0.json"
  time_command "check 50" "${check[@]}" "${cases[@]}"
  time_command "source" "${check[@]}" softmax-weight-bounds --source "file:$work/keys-1024.json"
done
files=("$work"/case-*.json "$work/keys-1024.json")
"$build/bench/bench_input_path" --evaluate --precision "$bits" "${files[@]}" >"$work/in-process.json"
/usr/bin/python3 bench/input_path_mpmath.py --precision "$bits" "${files[@]}" >"$work/mpmath.json"
echo "load after: $(uptime)"

/usr/bin/python3 - "$work" <<'PY'
import json, statistics, sys
work = sys.argv[1]
rows = [line.rstrip("\n").split("\t") for line in open(f"{work}/commands.tsv")]
bad = [r for r in rows if r[4] != "0"]
if bad:
    sys.exit(f"a command exited with status {bad[0][4]}: {bad[0][0]}")
def median(label, seconds_of):
    return statistics.median(seconds_of(r) for r in rows if r[0] == label)
def wall(r):
    return float(r[1])
def cpu(r):
    return float(r[2]) + float(r[3])
in_process, mpmath = json.load(open(f"{work}/in-process.json")), json.load(open(f"{work}/mpmath.json"))
case_names = [k for k in in_process if k.startswith("case-")]
def unit(s):
    return f"{s * 1e3:.2f} ms" if s >= 1e-3 else f"{s * 1e6:.0f} us"
print()
print("| command | wall | CPU |")
print("|---|---|---|")
for label in ("check 1", "check 50", "source"):
    print(f"| {label} | {unit(median(label, wall))} | {unit(median(label, cpu))} |")
print()
print("CPU time per case (the file source: per source); 'in process' leaves the reading out, 'end to end'"
      " counts it (normbound: through the CLI, start-up subtracted; mpmath: reading and parsing the file in"
      " the program); x floor = the time over the plain-double floor's")
print()
print("| input | double floor | normbound in process | normbound end to end | mpmath in process | mpmath end to end"
      " | normbound x floor (in process, end to end) | mpmath x floor (in process, end to end)"
      " | end to end / in process (target <= 3) | mpmath in process / normbound end to end (target >= 100) |")
print("|---|---|---|---|---|---|---|---|---|---|")
per_case = (median("check 50", cpu) - median("check 1", cpu)) / 49
startup = median("check 1", cpu) - per_case
source = median("source", cpu) - startup
def of(times, files, key):
    return statistics.median(times[f][key] for f in files)
entries = [("Corollary 1 case file, L = 256, d = 64", per_case, case_names),
           ("file source, 1024 keys x 64, one query", source, ["keys-1024.json"])]
for name, end_to_end, files in entries:
    floor, alone = of(in_process, files, "double"), of(in_process, files, "certified")
    peer, peer_end = of(mpmath, files, "in_process"), of(mpmath, files, "end_to_end")
    print(f"| {name} | {unit(floor)} | {unit(alone)} | {unit(end_to_end)} | {unit(peer)} | {unit(peer_end)}"
          f" | {alone / floor:.3g}, {end_to_end / floor:.3g} | {peer / floor:.3g}, {peer_end / floor:.3g}"
          f" | {end_to_end / alone:.3g} | {peer / end_to_end:.3g} |")
print(f"\nstart-up (check 1 less one case): {unit(startup)} CPU")
PY
