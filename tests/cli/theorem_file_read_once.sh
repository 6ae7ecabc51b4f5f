#!/usr/bin/env bash
# theorem_file_read_once.sh NORMBOUND: a run evaluates the theorem file's text as it read it, once.
# The run pauses after reading (NORMBOUND_TEST_PAUSE_AFTER_READING), the file's [define] is
# changed so that the claim fails, and the run goes on: x*3 <= 1 at x = 1/3 is TIGHT in MPFI and
# decided by the exact tier, whose child process must hold the text read, not the file's new one.
# results.json records the SHA-256 of the text read.
set -eu
nb=$1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cat >"$scratch/third.toml" <<'TOML'
id = "third-times-three"
title = "A third times three is at most one"
source = "test"
fidelity = "extension"
expect = "holds"

[inputs]
x = { kind = "scalar", range = [0, 1] }

[define]
y = "x * 3"

[[claim]]
value = "y"
relation = "<="
bound = "1"
TOML
cat >"$scratch/third.json" <<'JSON'
{"format": "normbound-case", "version": 1,
 "case": {"theorem": "third-times-three", "label": "x = 1/3", "numbers": {"x": "1/3"}}}
JSON
read_sha=$(sha256sum "$scratch/third.toml" | cut -d' ' -f1)
status=0
NORMBOUND_THEOREM_DIR= NORMBOUND_TEST_PAUSE_AFTER_READING="$scratch/paused" \
  "$nb" check --theorem-file "$scratch/third.toml" --case "$scratch/third.json" --threads 1 \
  --json "$scratch/results.json" >"$scratch/out" 2>&1 &
pid=$!
for _ in $(seq 1200); do
  [ -e "$scratch/paused" ] && break
  sleep 0.05
done
[ -e "$scratch/paused" ] || { echo "the run never paused after reading"; kill "$pid"; exit 1; }
sed -i 's/^y = "x \* 3"$/y = "x * 3 + x"/' "$scratch/third.toml"
grep -q 'x \* 3 + x' "$scratch/third.toml"
rm "$scratch/paused"
wait "$pid" || status=$?
cat "$scratch/out"
echo "exit=$status"
[ "$status" = 0 ] || { echo "FAIL: the edited file was evaluated (exit $status)"; exit 1; }
grep -q 'EQUAL' "$scratch/out" || { echo "FAIL: no EQUAL (exact) verdict"; exit 1; }
python3 - "$scratch/results.json" "$read_sha" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))
files = [s for s in results["sources"] if s["kind"] == "theorem-file"]
assert len(files) == 1, files
assert files[0]["sha256"] == sys.argv[2], (files[0]["sha256"], sys.argv[2])
assert files[0]["parameters"] == {"theorem": "third-times-three"}, files[0]
print("theorem-file source:", files[0]["location"], files[0]["sha256"])
PY
echo "PASS"
