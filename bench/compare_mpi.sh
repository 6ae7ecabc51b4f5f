#!/usr/bin/env bash
# What MPI costs and gives `normbound check`, `reproduce` or `prove` (COMMAND) on one machine:
#   start-up      normbound --version, the whole start of a process (libmpi's load included;
#                 a run outside mpirun makes no MPI call), median of 20, and its share of `one`
#   one           normbound COMMAND ARGS --threads 2             (one process, 2 threads)
#   2 ranks x 1   mpirun -np 2 normbound COMMAND ARGS --threads 1 (the same 2 threads in 2 processes)
#   2 ranks x 2   mpirun -np 2 normbound COMMAND ARGS --threads 2 (each rank one thread per core)
# in interleaved rounds; prints the medians (wall seconds) and each ratio to `one`. COMMAND
# defaults to check, whose ARGS default to --all; reproduce's to --all on a random model of
# 2 layers x 4 heads (256 positions); prove's to a proof of 13207 boxes (||J||_2 <= 1/(2T) at L = 4). Other load on the machine inflates the times; the load average is
# printed before and after.
#
# Usage (from anywhere): bench/compare_mpi.sh [BUILD_DIR [COMMAND [ARGS...]]]   BUILD_DIR defaults to build
#   NORMBOUND_BENCH_ROUNDS  interleaved rounds (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
shift || true
command=${1:-check}
shift || true
args=("$@")
case $command in
  check)
    [ "${#args[@]}" -eq 0 ] && args=(--all)
    options=(--no-timestamp) ;;
  reproduce)
    [ "${#args[@]}" -eq 0 ] && args=(--all --source "random-gpt2:layers=2,heads=4,embd=64,positions=256")
    options=(--no-timestamp) ;;
  prove)
    [ "${#args[@]}" -eq 0 ] && args=(--theorem-file tests/prove/data/jacobian-norm-below-half-over-t.toml --size L=4
                                    --region 'logits=[-1/2,1/2]' --region 'T=[1,2]')
    options=() ;;
  *) echo "compare_mpi.sh: COMMAND is check, reproduce or prove, not '$command'" >&2; exit 1 ;;
esac
rounds=${NORMBOUND_BENCH_ROUNDS:-3}
nb=$build/normbound
[ -x "$nb" ] || { echo "compare_mpi.sh: no $nb (build it first)" >&2; exit 1; }
command -v mpirun >/dev/null || { echo "compare_mpi.sh: mpirun not found (Debian: openmpi-bin)" >&2; exit 1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
timed() { bench/time_command.py "$@" >>"$work/times.tsv"; }

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for _ in $(seq 20); do timed start-up "$nb" --version; done
for _ in $(seq "$rounds"); do
  timed one "$nb" "$command" "${args[@]}" --threads 2 --json "$work/one.json" "${options[@]}"
  timed "2 ranks x 1" mpirun --oversubscribe -np 2 "$nb" "$command" "${args[@]}" --threads 1 --json "$work/r1.json" "${options[@]}"
  timed "2 ranks x 2" mpirun --oversubscribe -np 2 "$nb" "$command" "${args[@]}" --threads 2 --json "$work/r2.json" "${options[@]}"
done
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$work/times.tsv" "$command ${args[*]}" <<'PY'
import statistics, sys
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1])]
wall = {}
for label, w, _user, _sys, status in rows:
    if status not in ("0", "1", "2"):
        sys.exit(f"compare_mpi.sh: '{label}' exited {status}")
    wall.setdefault(label, []).append(float(w))
med = {label: statistics.median(ws) for label, ws in wall.items()}
print(f"{sys.argv[2]}: median wall seconds of {len(wall['one'])} round(s)")
print(f"  start-up      {med['start-up'] * 1000:8.1f} ms  ({med['start-up'] / med['one']:.2%} of one)")
for label in ("one", "2 ranks x 1", "2 ranks x 2"):
    print(f"  {label:12s}  {med[label]:8.2f} s   ratio to one {med[label] / med['one']:.3f}")
PY
