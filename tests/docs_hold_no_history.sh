#!/usr/bin/env bash
# docs_hold_no_history.sh ROOT: the user documentation (README.md and docs/*.md) says what normbound
# does and why, not its history: no issue numbers ("issue 13", "#13") and no commit hashes (7 to
# 40 hex digits with at least one letter and one digit). Prints each offending line and
# "documentation history: N lines"; exits 1 if there are any.
set -u
root=$1
found=$(grep -nHE -i 'issue #?[0-9]|(^|[^&[:alnum:]])#[0-9]+\b' "$root/README.md" "$root"/docs/*.md
  grep -nHoE '\b[0-9a-f]{7,40}\b' "$root/README.md" "$root"/docs/*.md | grep -E ':[0-9a-f]*[a-f][0-9a-f]*$' |
    grep -E ':[0-9a-f]*[0-9][0-9a-f]*$')
count=$(printf '%s' "$found" | grep -c . || true)
[ -n "$found" ] && printf '%s\n' "$found"
echo "documentation history: $count lines"
[ "$count" -eq 0 ]
