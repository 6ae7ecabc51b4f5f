#!/usr/bin/env bash
# Peak memory and time of `check` over a model source's rows, at each --rows given: by default
#   normbound check softmax-weight-bounds softmax-jacobian-spectral-sharp
#     --source gpt2-positions:GPT2_DIR --threads 2 --rows R
# for R = 16 and all (147,456 rows of GPT-2 small: 12 layers x 12 heads x 1024 positions). Prints
# per R the cases, wall and CPU seconds and the peak resident set size (GNU time). Memory should
# not grow with the rows: the cases are built and decided a chunk at a time and folded into bounded
# results as they are decided; at most 32 bytes per case stay (the run's list of case references,
# and the doubles of the looseness and tightness medians).
#
# Usage (from anywhere): bench/source_rows_memory.sh GPT2_DIR [BUILD_DIR [ROWS...]]
set -euo pipefail
cd "$(dirname "$0")/.."
gpt2=${1:?usage: bench/source_rows_memory.sh GPT2_DIR [BUILD_DIR [ROWS...]]}
build=${2:-build}
shift 2 || shift $#
rows=("$@")
[ "${#rows[@]}" -gt 0 ] || rows=(16 all)
nb=$build/normbound
[ -x "$nb" ] || { echo "source_rows_memory.sh: no $nb (build it first)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "source_rows_memory.sh: needs GNU time (Debian: time)" >&2; exit 1; }
printf '%-8s %10s %10s %10s %14s\n' rows cases wall_s cpu_s peak_rss_MB
for r in "${rows[@]}"; do
  log=$(mktemp)
  /usr/bin/time -f 'TIME %e %U %S %M' "$nb" check softmax-weight-bounds softmax-jacobian-spectral-sharp \
    --source "gpt2-positions:$gpt2" --threads 2 --rows "$r" >"$log" 2>&1 || true
  read -r _ wall user sys rss < <(grep '^TIME' "$log")
  cases=$(grep -oE '== [0-9]+ theorems, [0-9]+ cases' "$log" | grep -oE '[0-9]+ cases' | cut -d' ' -f1)
  awk -v r="$r" -v c="${cases:-?}" -v w="$wall" -v u="$user" -v s="$sys" -v m="$rss" \
    'BEGIN { printf "%-8s %10s %10.1f %10.1f %14.0f\n", r, c, w, u + s, m / 1024 }'
  rm -f "$log"
done
