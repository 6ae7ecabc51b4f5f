#!/bin/sh
# check_all_seeds.sh NORMBOUND LIMIT SEED...: runs `normbound check --all --cases 30 --seed SEED
# --threads 2` for each seed and fails unless each ends, within LIMIT seconds of wall-clock time,
# with a verdict status, 0, 1 or 2 (no crash, no internal error, no hang; 1, an unexpected outcome,
# is a finding about the cases, e.g. an expected violation not among 30 of them). LIMIT is a bound that
# catches a run without end (seed 5 ran for more than 10 minutes before exact decisions got a
# time limit), not a speed target: the runs take seconds. Prints one line per seed.
nb=$1
limit=$2
shift 2
failed=0
for seed in "$@"; do
  start=$(date +%s)
  timeout -k 10 "$limit" "$nb" check --all --cases 30 --seed "$seed" --threads 2 > /dev/null 2>&1
  status=$?
  seconds=$(( $(date +%s) - start ))
  case $status in
    0|1|2) echo "seed $seed: exit $status after $seconds s" ;;
    124|137) echo "seed $seed: FAILED: still running after $limit s"; failed=1 ;;
    *) echo "seed $seed: FAILED: exit $status after $seconds s"; failed=1 ;;
  esac
done
[ "$failed" -eq 0 ] && echo "every seed ended in time"
exit "$failed"
