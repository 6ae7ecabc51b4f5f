#!/usr/bin/env bash
# The certified-check benchmark: what a certified check costs. On the same inputs (written once as
# exact hex floats by bench_certified --write-inputs) it times, in interleaved rounds
# (normbound, mpmath, Arb, normbound, mpmath, Arb, ...; within normbound double, certified, ...):
#   double     the theorem's templated evaluation in binary64 (bench_certified)
#   certified  normbound's check of the case: nb::evaluate_cases, one thread, default settings
#   mpmath     the same formulas in mpmath at 128 bits, uncertified (certified_mpmath.py)
#   Arb        the same formulas in Arb's ball arithmetic at 128 bits, certified (certified_arb.c)
# (the peers evaluate the Jacobian workloads twice: with the bisection as a user would write it,
# and with normbound's algorithm, the secular root located in binary64; one table row each)
# and prints one table of medians (CPU time per evaluation) with the ratios, then the wall and CPU
# time of `normbound check --all` (default settings, 2 threads) and of separability-lower on one
# GPT-2 row of 1024 tokens (when NORMBOUND_GPT2_DIR is set), beside the issue's targets. Last, it
# checks that the peers' claims agree with normbound's (certified_table.py), and exits 1 if not.
#
# Usage (from anywhere): bench/compare_certified.sh [BUILD_DIR]      BUILD_DIR defaults to build
#   NORMBOUND_BENCH_ROUNDS       interleaved rounds (default 5); medians are printed
#   NORMBOUND_BENCH_SEED         seed of the workloads' inputs (default 2508178, printed)
#   NORMBOUND_BENCH_MIN_SECONDS  CPU seconds each timed run lasts at least (default 0.2)
#   NORMBOUND_BENCH_ONLY         time only workloads whose name contains this text (and skip the
#                                whole-command timings)
#   NORMBOUND_GPT2_DIR           GPT-2 directory for the 1024-token row (skipped when unset)
# Installs the peers' Debian packages (NORMBOUND_BENCH_PACKAGES in scripts/setup.sh) when missing,
# configures BUILD_DIR (Release) and builds what it runs. Other load on the machine inflates the
# times; the load average is printed before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
# Every timed program runs its work on one thread, and times are CPU times of the whole process:
# OpenBLAS's pthreads build starts a pool of threads when it loads, which spin for about 0.1 s
# before they sleep, CPU time charged to the process's first timed run. One thread, no pool.
export OPENBLAS_NUM_THREADS=1
source scripts/setup.sh
install_packages "${NORMBOUND_PACKAGES[@]}" "${NORMBOUND_BENCH_PACKAGES[@]}"
build=${1:-build}
rounds=${NORMBOUND_BENCH_ROUNDS:-5}
seed=${NORMBOUND_BENCH_SEED:-2508178}
min_seconds=${NORMBOUND_BENCH_MIN_SECONDS:-0.2}
only=()
[ -n "${NORMBOUND_BENCH_ONLY:-}" ] && only=(--only "$NORMBOUND_BENCH_ONLY")

cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release $(compiler_launcher_flag) >/dev/null
cmake --build "$build" -j2 --target normbound bench_certified bench_certified_arb >/dev/null

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$build/bench/bench_certified" --seed "$seed" --write-inputs "$work/inputs.txt" >/dev/null
echo "commit $(git rev-parse --short=12 HEAD)$(git diff --quiet HEAD -- . 2>/dev/null || echo ' (modified)'), $(nproc) CPUs"
echo "load before: $(uptime)"

for round in $(seq "$rounds"); do
  echo "round $round of $rounds ..." >&2
  claims=()  # normbound's enclosures of the claims, for the self-check: once
  [ "$round" = 1 ] && claims=(--claims)
  "$build/bench/bench_certified" --inputs "$work/inputs.txt" --rounds 1 --min-seconds "$min_seconds" \
    "${only[@]}" --json "${claims[@]}" >"$work/normbound-$round.json"
  /usr/bin/python3 bench/certified_mpmath.py "$work/inputs.txt" --min-seconds "$min_seconds" \
    "${only[@]}" >"$work/mpmath-$round.json"
  "$build/bench/bench_certified_arb" "$work/inputs.txt" --min-seconds "$min_seconds" \
    "${only[@]}" >"$work/arb-$round.json"
done

# time_command LABEL COMMAND...: appends "LABEL wall user sys status" to commands.tsv
# (bench/time_command.py).
time_command() { /usr/bin/python3 bench/time_command.py "$@" >>"$work/commands.tsv"; }

if [ -z "${NORMBOUND_BENCH_ONLY:-}" ]; then
  # check exits 2 when statistical cases stay UNDECIDED; the table reports other statuses.
  for round in $(seq "$rounds"); do
    echo "check --all, run $round of $rounds ..." >&2
    time_command "check --all" "$build/normbound" check --all --threads 2 --cases-dir "$work/cases"
  done
  if [ -n "${NORMBOUND_GPT2_DIR:-}" ]; then
    for round in $(seq "$rounds"); do
      time_command "separability-lower, GPT-2 row of 1024" "$build/normbound" check separability-lower \
        --source "gpt2-positions:$NORMBOUND_GPT2_DIR" --layers 0 --heads 0 --rows last --max-tokens 1024 \
        --threads 1 --cases-dir "$work/cases"
    done
  fi
fi
echo "load after:  $(uptime)"
echo

status=0
/usr/bin/python3 bench/certified_table.py "$work" || status=$?
if [ -z "${NORMBOUND_GPT2_DIR:-}" ] && [ -z "${NORMBOUND_BENCH_ONLY:-}" ]; then
  echo "(the GPT-2 row was not timed: set NORMBOUND_GPT2_DIR to a GPT-2 directory)"
fi
exit "$status"
