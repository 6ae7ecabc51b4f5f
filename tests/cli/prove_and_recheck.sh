#!/usr/bin/env bash
# prove_and_recheck.sh NORMBOUND: `normbound prove` and `recheck` as a user meets them. The printed
# spectral bound is refuted at a counterexample that check --case confirms; the sharp one's first
# claim is proved on a region in one box and its certificate rechecks; a proof of many leaves
# rechecks (not within a millisecond: exit 2) and a tampered copy does not; a box limit leaves
# both sharp claims UNDECIDED (exit 2); mistakes are usage errors (64), a file that is no certificate a
# data error (65). Prints what failed; exits 1 then.
set -u
nb=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
source "$(dirname "$0")/expect_exit_and_output.sh"

printed=softmax-jacobian-spectral-as-printed
expect 0 '^VIOLATED: a counterexample in the region, certified by the engine' \
  "$nb" prove $printed --size L=2 --region 'logits=[-1,1]' --region 'T=[1,1]' --cases-dir "$dir"
case_file=$dir/$printed-as-formula-prove-counterexample.json
expect 0 'VIOLATED' "$nb" check --case "$case_file"

sharp=softmax-jacobian-spectral-sharp
# Claim 1 (T ||J||_2 <= 1/2 in the port) on the whole region at once, by Gershgorin's discs.
expect 0 '^PROVEN ON REGION: every claim holds at every point of the region' \
  "$nb" prove $sharp --size L=3 --region 'logits=[-2,2]' --region 'T=[1/2,2]' --claim 1 --threads 2 \
  --certificate "$dir/sharp.json"
expect 0 '^recheck passed: .*PROVEN ON REGION; 1 leaves cover the region' "$nb" recheck "$dir/sharp.json"
# The same bound with 1/(2T) apart from the norm needs many leaves; a recheck within a
# millisecond does not finish them.
over_t=$(dirname "$0")/../prove/data/jacobian-norm-below-half-over-t.toml
expect 0 '^PROVEN ON REGION' "$nb" prove --theorem-file "$over_t" --size L=3 --region 'logits=[-1/2,1/2]' \
  --region 'T=[1,2]' --threads 2 --certificate "$dir/over-t.json"
expect 2 '^recheck UNFINISHED: .*' "$nb" recheck "$dir/over-t.json" --time-limit 0.001
# A leaf widened below the region: the recheck names it.
python3 - "$dir/over-t.json" "$dir/tampered.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
j["leaves"][1]["box"][0][0] = "-1"
json.dump(j, open(sys.argv[2], "w"))
PY
expect 1 'leaf 1 records the box logits\[0\] in \[-1, ' "$nb" recheck "$dir/tampered.json"

expect 2 '^UNDECIDED: stopped by the box limit' \
  "$nb" prove $sharp --size L=3 --region 'logits=[-2,2]' --region 'T=[1/2,2]' --max-boxes 40
# Equal at q = 0, proved up to it by monotonicity onto the face q = 0 (docs/prove.md).
expect 0 '^PROVEN ON REGION' \
  "$nb" prove softmax-weight-bounds --size L=2 --size d=1 --region 'query=[-1,1]' --region 'keys=[1/2,2]' \
  --region 'T=[1,1]' --max-boxes 20000
# --json - puts the JSON alone on stdout.
if ! "$nb" prove $printed --size L=2 --region 'logits=[-1,1]' --region 'T=[1,1]' --json - 2>/dev/null |
  python3 -c 'import json, sys; j = json.load(sys.stdin); sys.exit(0 if j["outcome"] == "violated" and j["witness"] else 1)'; then
  echo "FAILED: prove --json - does not print the outcome as JSON"
  failures=$((failures + 1))
fi

expect 64 'give a theorem id or --theorem-file FILE' "$nb" prove
expect 64 'stated in C\+\+ only' "$nb" prove topn-distance-fixed --size L=3
expect 64 "has no input 'q'" "$nb" prove $sharp --size L=3 --region 'q=[0,1]'
expect 64 'give --region NAME=\[LO,HI\] for logits\[0\], logits\[1\], logits\[2\], T' "$nb" prove $sharp --size L=3
expect 64 'give the length L with --size L=N' "$nb" prove $sharp --region 'logits=[0,1]' --region 'T=[1,1]'
echo '{"format": "normbound-case"}' >"$dir/not.json"
expect 65 'not a region certificate' "$nb" recheck "$dir/not.json"
expect 65 'cannot read certificate' "$nb" recheck "$dir/missing.json"
echo "prove and recheck: $failures failure(s)"
[ "$failures" -eq 0 ]
