#!/usr/bin/env bash
# time_limits.sh NORMBOUND: --time-limit bounds the whole run even where one piece of work takes
# longer than the limit. prove on a theorem whose every box costs seconds (a triple sum of
# exponentials over 96 entries, with derivatives, which no loop lemma shortens) ran 11 s at
# --time-limit 2; recheck of a certificate whose leaf is recorded at 65,536 bits ran 18 s at
# --time-limit 1. Each must now stop at its limit (prove a tenth
# later, at least 1 s) with exit 2 and a message saying so; ctest's TIMEOUT bounds the runs, and no
# timing is asserted. Prints one line per check and "time limits: N passed, M failed".
set -u
nb=$1
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch" || exit 2
source "$here/checks.sh"

cat >triple-sum.toml <<'TOML'
id = "triple-sum"
title = "A triple sum"
source = "a test of time limits"
fidelity = "extension"
expect = "holds"

[inputs]
x = { kind = "vector", length = "L", range = [-1, 1] }
L = { kind = "length", range = [1, 256] }

[[claim]]
value = "sum(i, sum(j, sum(k, exp(x[i] * x[j] * x[k]))))"
relation = "<="
bound = "BOUND"
TOML
sed 's/BOUND/1e6/' triple-sum.toml >undecided.toml  # the sum spans [L^3/e, L^3 e]: every wave is cut
sed 's/BOUND/1e9/' triple-sum.toml >holds.toml     # the first box proves it

check "prove stops at its time limit inside a box's evaluation (exit 2)" \
  run 2 prove --theorem-file undecided.toml --size L=96 --time-limit 2 --certificate never.json
check "and says so" grep -q "the time limit of 2 s came within work that cannot be cut short" run.log
check "and writes no certificate" test ! -e never.json

check "prove writes a certificate of one leaf" run 0 prove --theorem-file holds.toml --size L=96 --certificate holds.json
# Its leaf recorded at 65,536 bits: evaluated afresh at that precision, it takes far longer than 1 s.
sed -E 's/"tier": *"binary64"/"tier": "mpfi"/; s/"bits": *[0-9]+/"bits": 65536/' holds.json >slow.json
check "the leaf is at 65536 bits" grep -q '"bits": *65536' slow.json
check "recheck stops at its time limit inside a leaf's evaluation (exit 2)" run 2 recheck slow.json --time-limit 1
check "and says so" grep -q "recheck UNFINISHED: slow.json" run.log
check "naming the limit" grep -q "the time limit of 1 s came before the recheck ended" run.log
echo "time limits: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
