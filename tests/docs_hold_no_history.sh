#!/usr/bin/env bash
# docs_hold_no_history.sh ROOT: the user documentation (README.md and docs/*.md) says what normbound
# does and why, not its history: no issue numbers ("issue 13", "#13") and no commit hashes (7 to
# 40 hex digits with at least one letter and one digit). The code, its comments and what it prints
# cite the paper, not the project's issues: no "issue 13" in the sources and scripts either. Prints
# each offending line and "documentation history: N lines"; exits 1 if there are any.
set -u
root=$1
found=$(grep -nHE -i 'issue #?[0-9]|(^|[^&[:alnum:]])#[0-9]+\b' "$root/README.md" "$root"/docs/*.md
  grep -nHoE '\b[0-9a-f]{7,40}\b' "$root/README.md" "$root"/docs/*.md | grep -E ':[0-9a-f]*[a-f][0-9a-f]*$' |
    grep -E ':[0-9a-f]*[0-9][0-9a-f]*$'
  grep -rnHE -i 'issue #?[0-9]' --include='*.cpp' --include='*.hpp' --include='*.c' --include='*.py' \
    --include='*.sh' --include='*.cmake' --include='CMakeLists.txt' --include='*.in' \
    "$root"/verify "$root"/theorems "$root"/models "$root"/reports "$root"/tests "$root"/bench "$root"/scripts \
    "$root"/CMakeLists.txt "$root"/run.sh "$root"/test.sh "$root"/.ci | grep -v '/docs_hold_no_history.sh:')
count=$(printf '%s' "$found" | grep -c . || true)
[ -n "$found" ] && printf '%s\n' "$found"
echo "documentation history: $count lines"
[ "$count" -eq 0 ]
