#!/usr/bin/env bash
# Compares the verdicts of topn-distance-random and topn-distance-random-rate between two builds,
# case by case: their suites (three seeds) and, when NORMBOUND_GPT2_DIR is set, rows of the
# gpt2-positions probe at L = 1024 (the model-scale cases). Where the old build decided a case
# (any verdict but TIGHT, INCONCLUSIVE and UNDECIDED (statistical)) the new build must give the
# same verdict; prints every difference and each run's CPU time, and exits 1 on a difference.
#
# Usage (from anywhere): bench/topn_random_verdicts.sh OLD_BUILD [NEW_BUILD] [OUT_DIR]
#   NORMBOUND_GPT2_DIR       a GPT-2 checkpoint (a partial one with the attention-side weights works)
#   NORMBOUND_BENCH_ROWS     rows per head on the probe (default 4)
#   NORMBOUND_BENCH_LAYERS, NORMBOUND_BENCH_HEADS  the probe's heads (default 0,11 and 0,7)
# The old build's results are kept in OUT_DIR (default out/topn-random-verdicts) and reused
# when present, so that its slow probe run is paid once.
set -euo pipefail
cd "$(dirname "$0")/.."
old=${1:?usage: bench/topn_random_verdicts.sh OLD_BUILD [NEW_BUILD] [OUT_DIR]}
new=${2:-build}
out=${3:-out/topn-random-verdicts}
mkdir -p "$out"
theorems=(topn-distance-random topn-distance-random-rate)
runs=("suite-seed1:--seed 1" "suite-seed2:--seed 2" "suite-seed2508178:--seed 2508178")
if [[ -n "${NORMBOUND_GPT2_DIR:-}" ]]; then
  runs+=("gpt2-positions:--source gpt2-positions:$NORMBOUND_GPT2_DIR --rows ${NORMBOUND_BENCH_ROWS:-4} --layers ${NORMBOUND_BENCH_LAYERS:-0,11} --heads ${NORMBOUND_BENCH_HEADS:-0,7}")
fi
for run in "${runs[@]}"; do
  name=${run%%:*}
  read -r -a options <<<"${run#*:}"
  for side in old new; do
    build=$old
    [[ $side == new ]] && build=$new
    results="$out/$side-$name.json"
    [[ $side == old && -s $results ]] && continue
    # Exit status 2 (TIGHT) and 1 (unexpected) still write results; the comparison judges them.
    bench/time_command.py "$side $name" "$build/normbound" check "${theorems[@]}" "${options[@]}" --threads 1 \
      --no-timestamp --json "$results" | tee -a "$out/times.tsv" || true
    [[ -s $results ]] || { echo "$side $name: no results written" >&2; exit 70; }
  done
done
python3 - "$out" "${runs[@]%%:*}" <<'PY'
import json, sys
out, names = sys.argv[1], sys.argv[2:]
undecided = {"tight", "inconclusive", "undecided_statistical"}
differences = compared = 0
for name in names:
    old, new = (json.load(open(f"{out}/{side}-{name}.json")) for side in ("old", "new"))
    for t_old, t_new in zip(old["theorems"], new["theorems"]):
        assert t_old["id"] == t_new["id"], (t_old["id"], t_new["id"])
        counts = {}
        for a, b in zip(t_old["outcomes"], t_new["outcomes"]):
            assert a["label"] == b["label"], (a["label"], b["label"])
            key = (a["verdict"], b["verdict"])
            counts[key] = counts.get(key, 0) + 1
            if a["verdict"] in undecided:
                continue
            compared += 1
            if a["verdict"] != b["verdict"]:
                differences += 1
                print(f"DIFFERENT {name} {t_old['id']} case {a['index']} ({a['label']}): old {a['verdict']}, new {b['verdict']}")
        summary = ", ".join(f"{n} {o} -> {w}" for (o, w), n in sorted(counts.items()))
        print(f"{name} {t_old['id']}: {summary}")
print(f"{compared} decided cases compared, {differences} different")
sys.exit(1 if differences else 0)
PY
