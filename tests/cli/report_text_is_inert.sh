#!/usr/bin/env bash
# report_text_is_inert.sh NORMBOUND: text from a theorem file and a case file (a statement with
# \input, \write18, \catcode and TeX's ^^ notation; a title and a case label with ESC and CSI)
# reaches report.md and report.tex only as inert text: no such command, no control character.
set -eu
nb=$1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cat >"$scratch/injected.toml" <<'TOML'
id = "injected-statement"
title = "Injected \u001b[31mtitle\u009b2J"
source = "test"
fidelity = "extension"
expect = "holds"
statement = '''x \le 1 \input{/etc/hostname} \immediate\write18{touch pwned} \catcode`\^^5c=12 ^^5cinput{x} % }'''

[inputs]
x = { kind = "scalar", range = [0, 1] }

[[claim]]
value = "x"
relation = "<="
bound = "1"
TOML
printf '{"format": "normbound-case", "version": 1, "case": {"theorem": "injected-statement", "label": "label \\u001b]0;owned\\u0007 \\u009b31m", "numbers": {"x": "1/2"}}}\n' \
  >"$scratch/case.json"
status=0
NORMBOUND_THEOREM_DIR= "$nb" check --theorem-file "$scratch/injected.toml" --case "$scratch/case.json" \
  --report "$scratch/report" --no-timestamp >/dev/null || status=$?
[ "$status" = 0 ] || { echo "FAIL: check exited $status"; exit 1; }
failures=0
for file in report.md report.tex; do
  for command in '\input{' '\write18' '\immediate' '\catcode' '^^5c'; do
    if grep -qF "$command" "$scratch/report/$file"; then
      echo "FAIL: $file holds $command: $(grep -F "$command" "$scratch/report/$file" | head -1)"
      failures=$((failures + 1))
    fi
  done
  if LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" "$scratch/report/$file" ||
     LC_ALL=C grep -q "$(printf '\302[\200-\237]')" "$scratch/report/$file"; then
    echo "FAIL: $file holds a control character"
    failures=$((failures + 1))
  fi
done
grep -qF '\backslash\mathtt{input}' "$scratch/report/report.tex" || { echo "FAIL: the statement is not shown"; failures=$((failures + 1)); }
echo "$failures failed"
[ "$failures" = 0 ]
