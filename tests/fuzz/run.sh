#!/usr/bin/env bash
# tests/fuzz/run.sh SECONDS: builds the libFuzzer harnesses of tests/fuzz in the checking build
# (build-checking/: clang, AddressSanitizer + UBSan + libFuzzer; scripts/setup.sh) and runs each
# for SECONDS, two at a time, starting from its seed corpus tests/fuzz/corpus/NAME (inputs found
# are kept in build-checking/fuzz-corpus/NAME). Fails if any harness crashes, gets a sanitizer
# report or an exception other than the reader's InputError, or spends more than 10 s on one
# input (-timeout=10); reproducers are left in build-checking/fuzz-crashes/. Prints executions
# and coverage per harness.
set -euo pipefail
seconds=${1:?usage: tests/fuzz/run.sh SECONDS}
cd "$(dirname "$0")/../.."
source scripts/setup.sh
build_checking fuzzers >/dev/null
root=$(pwd)/build-checking
mkdir -p "$root/fuzz-corpus" "$root/fuzz-crashes" "$root/fuzz-logs"

# run_harness NAME: one harness for SECONDS; its log and exit status in fuzz-logs/NAME.{log,status}.
run_harness() {
  local name=$1 status=0
  mkdir -p "$root/fuzz-corpus/$name"
  "$root/fuzz/${name}_fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="$root/fuzz-crashes/$name-" \
    "$root/fuzz-corpus/$name" "tests/fuzz/corpus/$name" >"$root/fuzz-logs/$name.log" 2>&1 || status=$?
  echo "$status" >"$root/fuzz-logs/$name.status"
}

names=()
for harness in "$root"/fuzz/*_fuzzer; do names+=("$(basename "$harness" _fuzzer)"); done
pids=()
for name in "${names[@]}"; do
  run_harness "$name" &
  pids+=($!)
  if [ "${#pids[@]}" -ge 2 ]; then wait "${pids[0]}" || true; pids=("${pids[@]:1}"); fi
done
wait || true

failed=0
printf '%-16s %12s %8s %8s %8s  %s\n' harness executions cov ft corpus result
for name in "${names[@]}"; do
  log="$root/fuzz-logs/$name.log"
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  # The last status line: "#N  DONE  cov: C ft: F corp: K/..." (or pulse/NEW lines before a crash).
  status_line=$(grep -E '^#[0-9]+' "$log" | tail -1)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$status_line")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$status_line")
  corpus=$(sed -n 's/.* corp: \([0-9]*\).*/\1/p' <<<"$status_line")
  if [ "$(cat "$root/fuzz-logs/$name.status")" -eq 0 ]; then
    result=ok
  else
    result="FAILED (see $log)"
    failed=1
  fi
  printf '%-16s %12s %8s %8s %8s  %s\n' "$name" "${executions:-?}" "${cov:-?}" "${ft:-?}" "${corpus:-?}" "$result"
done
if [ "$failed" -ne 0 ]; then
  for name in "${names[@]}"; do
    [ "$(cat "$root/fuzz-logs/$name.status")" -eq 0 ] && continue
    echo "---- $name:"
    grep -E -A30 'ERROR: |runtime error:|deadly signal|timeout|uncaught' "$root/fuzz-logs/$name.log" | head -60
  done
  exit 1
fi
