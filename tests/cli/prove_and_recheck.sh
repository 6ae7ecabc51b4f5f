#!/usr/bin/env bash
# prove_and_recheck.sh NORMBOUND: `normbound prove` and `recheck` as a user meets them. The printed
# spectral bound is refuted at a counterexample that check --case confirms; the sharp one's first
# claim is proved on a region in one box and its certificate rechecks, printing what it proves; a
# certificate whose statement was edited (hash recomputed), one for a smaller region under a larger
# demand, and one edited to refute another claim are refused; a proof of many leaves rechecks (not
# within a millisecond: exit 2) and a tampered copy does not; both sharp claims are proved on
# regions containing ties (the second by its joint slack), and a certificate with a forged
# reduction, joint slack or leaf fails; a box limit leaves a statement stuck at a tie UNDECIDED
# (exit 2), saying where it is stuck; mistakes are usage errors (64), a file that is no certificate a
# data error (65). Prints what failed; exits 1 then.
set -u
nb=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
source "$(dirname "$0")/expect_exit_and_output.sh"

printed=softmax-jacobian-spectral-as-printed
expect 0 '^VIOLATED: a counterexample in the region, certified by the engine' \
  "$nb" prove $printed --size L=2 --region 'logits=[-1,1]' --region 'T=[1,1]' --cases-dir "$dir"
case_file=$dir/$printed-prove-counterexample.json
expect 0 'VIOLATED' "$nb" check --case "$case_file"

sharp=softmax-jacobian-spectral-sharp
# Claim 1 (T ||J||_2 <= 1/2 in the port) on the whole region at once, by Gershgorin's discs.
expect 0 '^PROVEN ON REGION: every claim holds at every point of the region' \
  "$nb" prove $sharp --size L=3 --region 'logits=[-2,2]' --region 'T=[1/2,2]' --claim 1 --threads 2 \
  --certificate "$dir/sharp.json"
expect 0 "PROVEN ON REGION: 1 leaves cover the ordered cone's coordinate box .*evaluated in its recorded arithmetic and again in another" \
  "$nb" recheck "$dir/sharp.json"
# recheck says what it verified: the statement's SHA-256 (compared with the theorem folder's file of
# that id), the claims, the sizes and the region.
expect 0 'statement SHA-256: [0-9a-f]{64}, the text of the theorem folder' "$nb" recheck "$dir/sharp.json"
expect 0 'claim 1: spectral_norm\(softmax_jacobian\(logits / T, 1\)\) <= 1 / 2' "$nb" recheck "$dir/sharp.json"
expect 0 'region: logits in \[-2, 2\] \(each of 3 entries\); T in \[0\.5, 2\]' "$nb" recheck "$dir/sharp.json"

# Forgery: the embedded statement edited (claim 1's bound weakened to 1, still provable on these
# leaves) and its SHA-256 recomputed. Refused against the folder's file, or --against FILE, with a
# hash that differs from the genuine certificate's.
python3 - "$dir/sharp.json" "$dir/edited.json" <<'PY'
import hashlib, json, sys
j = json.load(open(sys.argv[1]))
text = j["theorem"]["text"].replace('bound = "1 / 2"', 'bound = "1"', 1)
assert text != j["theorem"]["text"]
j["theorem"]["text"] = text
j["theorem"]["sha256"] = hashlib.sha256(text.encode()).hexdigest()
json.dump(j, open(sys.argv[2], "w"))
PY
expect 1 '^recheck REFUSED: ' "$nb" recheck "$dir/edited.json"
expect 1 "statement \(SHA-256 [0-9a-f]{64}\) is not the text of the theorem folder's softmax-jacobian-spectral-sharp" \
  "$nb" recheck "$dir/edited.json"
expect 1 'is not the text of .*softmax-jacobian-spectral-sharp.toml' "$nb" recheck "$dir/edited.json" \
  --against "$(dirname "$0")/../../theorems/softmax-jacobian-spectral-sharp.toml"
genuine_hash=$("$nb" recheck "$dir/sharp.json" | sed -n 's/^  statement SHA-256: \([0-9a-f]*\).*/\1/p')
edited_hash=$("$nb" recheck "$dir/edited.json" | sed -n 's/^  statement SHA-256: \([0-9a-f]*\).*/\1/p')
if [ -z "$genuine_hash" ] || [ "$genuine_hash" = "$edited_hash" ]; then
  echo "FAILED: recheck prints the statement's SHA-256 '$genuine_hash', then '$edited_hash' for the edited one"
  failures=$((failures + 1))
fi

# Forgery: a genuine certificate for a smaller region is printed with its region, and refused
# where a larger region, another claim or other sizes are demanded.
expect 0 '^PROVEN ON REGION' "$nb" prove $sharp --size L=3 --region 'logits=[-1,1]' --region 'T=[1,2]' --claim 1 \
  --certificate "$dir/smaller.json"
expect 0 'region: logits in \[-1, 1\] \(each of 3 entries\); T in \[1, 2\]' "$nb" recheck "$dir/smaller.json"
expect 0 '^recheck passed' "$nb" recheck "$dir/smaller.json" --region 'logits=[-1,1]' --region 'T=[3/2,2]' --claim 1 --size L=3
expect 1 'not what was demanded: the certificate covers logits\[0\] in \[-1, 1\], not the demanded \[-2, 2\]' \
  "$nb" recheck "$dir/smaller.json" --region 'logits=[-2,2]' --region 'T=[1/2,2]'
expect 1 'not what was demanded: the certificate is not about claim 2' "$nb" recheck "$dir/smaller.json" --claim 2
expect 1 'not what was demanded: the certificate is at the sizes L = 3, not at the demanded L=4' \
  "$nb" recheck "$dir/smaller.json" --size L=4
expect 64 "has no input 'q'" "$nb" recheck "$dir/smaller.json" --region 'q=[0,1]'
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
expect 1 'leaf 1 records the box logits\[0\] (\(the largest\) )?in \[-1, ' "$nb" recheck "$dir/tampered.json"

# A proof about claim 1 alone presents a counterexample to claim 1 (0 is simpler, but violates
# claim 2 alone), and a certificate edited to say it refutes claim 3, which holds on the whole
# region, is refused.
apart=$(dirname "$0")/../prove/data/two-claims-apart.toml
expect 1 "^VIOLATED: .* on 'x <= 3/4'\)" "$nb" prove --theorem-file "$apart" --claim 1 --cases-dir "$dir" \
  --certificate "$dir/apart.json"
if ! python3 -c 'import json, sys; from fractions import Fraction as F
x = json.load(open(sys.argv[1]))["case"]["numbers"]["x"]
x = F(float.fromhex(x)) if "x" in x else F(x)
sys.exit(0 if x > F(3, 4) else 1)' "$dir/two-claims-apart-prove-counterexample.json"; then
  echo "FAILED: prove --claim 1 saved a counterexample that does not violate claim 1"
  failures=$((failures + 1))
fi
expect 0 'VIOLATED: the counterexample certified again' "$nb" recheck "$dir/apart.json" --against "$apart"
python3 - "$dir/apart.json" "$dir/other-claim.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
j["claims"] = [3]
json.dump(j, open(sys.argv[2], "w"))
PY
expect 1 'not certified VIOLATED for claim 3' "$nb" recheck "$dir/other-claim.json"
expect 1 'refutes claim 1, which is not among the demanded claims' "$nb" recheck "$dir/apart.json" --claim 2

# Both claims on regions containing ties: the second's slack, 0 wherever the two top logits tie,
# enclosed as one quantity (verify/kernels/top_weight_downdate_gap.hpp). The certificate records
# the joint slack and the reduction, and recheck verifies both; forged, they fail.
expect 0 "claim 2's slack also enclosed as one quantity: top-weight-over-jacobian-norm" \
  "$nb" prove $sharp --size L=3 --region 'logits=[-2,2]' --region 'T=[1/2,2]' --threads 2 --certificate "$dir/both.json"
expect 0 '^  PROVEN ON REGION: [0-9]+ leaves cover the ordered cone' "$nb" recheck "$dir/both.json"
expect 0 'slack enclosed jointly \(checked on the formulas\): claim 2: top-weight-over-jacobian-norm' \
  "$nb" recheck "$dir/both.json" --claim 2 --region 'logits=[-2,2]' --region 'T=[1/2,2]'
expect 0 '^PROVEN ON REGION' "$nb" prove $sharp --size L=4 --region 'logits=[-1,1]' --region 'T=[1/2,2]' --threads 2
python3 - "$dir/both.json" "$dir" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
forged = dict(j, joint_slacks=[{"claim": 1, "kernel": "top-weight-over-jacobian-norm"}])
json.dump(forged, open(sys.argv[2] + "/forged-joint.json", "w"))
forged = dict(j)
del forged["joint_slacks"]
json.dump(forged, open(sys.argv[2] + "/no-joint.json", "w"))
forged = dict(j)
del forged["reduction"]
json.dump(forged, open(sys.argv[2] + "/no-cone.json", "w"))
forged = json.loads(json.dumps(j))
forged["leaves"][0]["box"][3] = ["1/4", forged["leaves"][0]["box"][3][1]]
json.dump(forged, open(sys.argv[2] + "/forged-leaf.json", "w"))
PY
expect 1 'the joint slacks recorded \(claim 1: top-weight-over-jacobian-norm\) are not those of the statement.s claims \(claim 2: top-weight-over-jacobian-norm\)' \
  "$nb" recheck "$dir/forged-joint.json"
expect 1 'the joint slacks recorded \(none\) are not those' "$nb" recheck "$dir/no-joint.json"
expect 1 'cuts .* not inside|where the cuts give' "$nb" recheck "$dir/no-cone.json"
expect 1 'leaf 0 records the box' "$nb" recheck "$dir/forged-leaf.json"

# The same second claim multiplied through by T is not the joint slack's form: its norm and top
# weight are enclosed apart, and boxes meeting the tie stay undecided.
through_t=$(dirname "$0")/../prove/data/top-weight-bound-through-t.toml
expect 2 '^UNDECIDED: stopped by the box limit' \
  "$nb" prove --theorem-file "$through_t" --size L=3 --region 'logits=[-2,2]' --region 'T=[1/2,2]' --max-boxes 40
# An undecided run says why: the set the residual boxes pile up next to (the tie where the top
# weight bound is attained; q = 0 where every weight is 1/L), the hull in decimals, and the
# residual slack for what it is.
expect 2 'where it is stuck: every residual box meets, or lies within its width of, the set where logits\[0\] = logits\[1\]' \
  "$nb" prove --theorem-file "$through_t" --size L=2 --region 'logits=[-2,2]' --region 'T=[1/2,2]' --max-boxes 3000 --no-reduction
# On the ordered cone the tie is the face logits[0] - logits[1] = 0.
expect 2 'where it is stuck: [0-9]+ of the [0-9]+ residual boxes meet, or lie within their width of, the set where logits\[0\] = logits\[1\]' \
  "$nb" prove --theorem-file "$through_t" --size L=2 --region 'logits=[-2,2]' --region 'T=[1/2,2]' --max-boxes 3000
expect 2 'the residual boxes lie in query\[0\] in \[-0\.0625, 0\.0625\]; query\[1\] in \[-0\.0625, 0\.0625\]' \
  "$nb" prove softmax-weight-bounds --size L=2 --size d=2 --region 'query=[-1,1]' --region 'keys=[1/2,2]' \
  --region 'T=[1,1]' --max-boxes 3000
expect 2 'set where query\[0\] = 0, and where query\[1\] = 0' \
  "$nb" prove softmax-weight-bounds --size L=2 --size d=2 --region 'query=[-1,1]' --region 'keys=[1/2,2]' \
  --region 'T=[1,1]' --max-boxes 3000
expect 2 'enclosed over a residual box: -[0-9.e-]+ \(an enclosure over a whole box, .*no counterexample' \
  "$nb" prove --theorem-file "$through_t" --size L=2 --region 'logits=[-2,2]' --region 'T=[1/2,2]' --max-boxes 3000
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

# The symmetry reduction: a statement invariant under permuting the logits is proved on their
# ordered cone, and its certificate rechecks the reduction's conditions; a reduction written into
# the certificate of a statement that is not invariant is refused, naming the subexpression; so is a
# file declaring permutable = true for such a vector.
cat >"$dir/first.toml" <<'TOML'
id = "first-weight-at-most-one"
title = "The first softmax weight is at most 1"
source = "a test"
fidelity = "extension"
expect = "holds"

[inputs]
logits = { kind = "vector", length = "L", range = [-1, 1] }
L = { kind = "length", range = [2, 8] }

[[claim]]
value = "softmax(logits)[0]"
relation = "<="
bound = "1"
TOML
expect 0 '^PROVEN ON REGION' "$nb" prove --theorem-file "$dir/first.toml" --size L=3 --certificate "$dir/first.json"
python3 - "$dir/first.json" "$dir/forged-reduction.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
j["reduction"] = {"ordered_cone": "logits"}
json.dump(j, open(sys.argv[2], "w"))
PY
expect 1 'the reduction to the ordered cone does not hold: .*not shown invariant under permutations of the entries of logits' \
  "$nb" recheck "$dir/forged-reduction.json"
expect 1 '^  softmax\(logits\)\[0\]$' "$nb" recheck "$dir/forged-reduction.json"
sed 's/range = \[-1, 1\] }/range = [-1, 1], permutable = true }/' "$dir/first.toml" >"$dir/declared.toml"
expect 65 'logits declares permutable = true; the declaration is checked, not trusted' \
  "$nb" prove --theorem-file "$dir/declared.toml" --size L=3
expect 65 'reads an entry by its position from a value that permutes with logits' \
  "$nb" check --theorem-file "$dir/declared.toml" --cases 1
expect 0 'reduction: the statement is invariant under permutations of logits' \
  "$nb" prove --theorem-file "$over_t" --size L=3 --region 'logits=[-1/4,1/4]' \
  --region 'T=[1,2]' --threads 2 --certificate "$dir/cone.json"
expect 0 'proved on the ordered cone of logits' "$nb" recheck "$dir/cone.json" --threads 2
python3 - "$dir/cone.json" "$dir/no-reduction.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
del j["reduction"]
json.dump(j, open(sys.argv[2], "w"))
PY
expect 1 'cuts .* not inside|where the cuts give' "$nb" recheck "$dir/no-reduction.json"

expect 64 'give a theorem id or --theorem-file FILE' "$nb" prove
expect 64 "no theorem 'normalizer-weight-bound'" "$nb" prove normalizer-weight-bound --size L=3
expect 64 "has no input 'q'" "$nb" prove $sharp --size L=3 --region 'q=[0,1]'
expect 64 'give the length L with --size L=N' "$nb" prove $sharp --region 'logits=[0,1]' --region 'T=[1,1]'
echo '{"format": "normbound-case"}' >"$dir/not.json"
expect 65 'not a region certificate' "$nb" recheck "$dir/not.json"
expect 65 'cannot read certificate' "$nb" recheck "$dir/missing.json"
echo "prove and recheck: $failures failure(s)"
[ "$failures" -eq 0 ]
