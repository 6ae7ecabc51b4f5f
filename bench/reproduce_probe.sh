#!/usr/bin/env bash
# Times `normbound reproduce --all` on the position-embedding probe of a GPT-2 checkpoint at the
# paper's grids (L up to 1024, all 144 heads; the target: the five experiments in under
# 10 minutes on 2 cores) and prints the wall time per experiment beside the paper's Table 1
# (arXiv 2508.17821, Section 3: 24 min, 37 min, 17 h 4 min, 7 min, 1 min on an M1 Pro).
#
# Usage (from anywhere): bench/reproduce_probe.sh [BUILD_DIR] [REPORT_DIR]
#   NORMBOUND_GPT2_DIR   the checkpoint (a partial one with only the attention-side weights works)
#   NORMBOUND_BENCH_THREADS  worker threads (default 2)
# The run's report (claims table, CSVs, figures) is left in REPORT_DIR (default
# out/reproduce-probe). Wall-clock: run on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
report=${2:-out/reproduce-probe}
: "${NORMBOUND_GPT2_DIR:?set NORMBOUND_GPT2_DIR to a GPT-2 checkpoint directory}"
threads=${NORMBOUND_BENCH_THREADS:-2}
start=$(date +%s)
"$build/normbound" reproduce --all --source "gpt2-positions:$NORMBOUND_GPT2_DIR" --threads "$threads" \
  --report "$report" | sed -n '/^Runtimes/,/^$/p'
echo "whole command: $(( $(date +%s) - start )) s wall on $threads thread(s); report in $report"
