#!/usr/bin/env bash
# llama_rows_cost.sh NORMBOUND LLAMA_DIR TEXT K1 K2 [ID...]: what each theorem costs per row of the
# Llama-family model on a 512-token window of TEXT, one thread: for every theorem that takes the
# source's rows (or the IDs given), `check ID --source hf:LLAMA_DIR --text TEXT --max-tokens 512
# --rows K` at K = K1 and K = K2 (K evenly spaced rows of every head), its CPU time (user +
# system) and peak resident set (GNU time), and its CPU per case from the difference of the two,
# which cancels start-up, reading the model and its forward pass. Prints a tab-separated table:
# id, cases at K1 and K2, CPU seconds at K1 and K2, peak RSS (MB) at K1 and K2, ms of CPU per case.
set -eu
if [ $# -lt 5 ]; then
  echo "usage: $0 NORMBOUND LLAMA_DIR TEXT K1 K2 [ID...]" >&2
  exit 64
fi
nb=$1 dir=$2 text=$3 k1=$4 k2=$5
shift 5
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
source_args=(--source "hf:$dir" --text "$text" --max-tokens 512 --threads 1)
ids=("$@")
if [ ${#ids[@]} -eq 0 ]; then
  "$nb" check --all "${source_args[@]}" --rows 1 --layers 0 --heads 0 --json "$scratch/ids.json" >/dev/null 2>&1 || true
  mapfile -t ids < <(python3 -c 'import json, sys
for t in json.load(open(sys.argv[1]))["theorems"]: print(t["id"])' "$scratch/ids.json")
fi
# measure ID K: prints "cases cpu_seconds rss_mb".
measure() {
  /usr/bin/time -o "$scratch/time" -f "%U %S %M" "$nb" check "$1" "${source_args[@]}" --rows "$2" \
    --json "$scratch/r.json" >/dev/null 2>&1 || true
  python3 - "$scratch/time" "$scratch/r.json" <<'EOF'
import json, sys
user, system, rss_kb = open(sys.argv[1]).read().split()[-3:]
cases = json.load(open(sys.argv[2]))["theorems"][0]["cases"]
print(cases, float(user) + float(system), int(rss_kb) / 1024)
EOF
}
printf 'id\tcases K1\tcases K2\tCPU s K1\tCPU s K2\tRSS MB K1\tRSS MB K2\tms per case\n'
for id in "${ids[@]}"; do
  read -r c1 t1 m1 < <(measure "$id" "$k1")
  read -r c2 t2 m2 < <(measure "$id" "$k2")
  python3 -c 'import sys
id, c1, c2, t1, t2, m1, m2 = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), *map(float, sys.argv[4:])
per = 1000 * (t2 - t1) / (c2 - c1) if c2 > c1 else float("nan")
print(f"{id}\t{c1}\t{c2}\t{t1:.2f}\t{t2:.2f}\t{m1:.0f}\t{m2:.0f}\t{per:.3g}")' "$id" "$c1" "$c2" "$t1" "$t2" "$m1" "$m2"
done
