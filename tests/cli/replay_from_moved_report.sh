#!/usr/bin/env bash
# replay_from_moved_report.sh NORMBOUND THEOREM_FILE: checks a theorem file expected to be violated
# with --report, moves the report elsewhere, removes the file it was read from, and runs every
# replay command the report prints from the moved copy: each must run (exit 0, the violation
# expected). Run without the theorem folder, which may hold a file of the same id.
set -u
nb=$1 theorem=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/launch" "$scratch/elsewhere"
cp "$theorem" "$scratch/launch/statement.toml"
cd "$scratch/launch" || exit 1
export NORMBOUND_THEOREM_DIR=
"$nb" check --theorem-file statement.toml --threads 2 --cases 10 --report report --no-timestamp >/dev/null 2>&1
status=$?
if [ "$status" -ne 0 ]; then
  echo "check --report ended with exit $status"
  exit 1
fi
mv report "$scratch/elsewhere/moved"
rm statement.toml
cd "$scratch/elsewhere/moved" || exit 1
replays=$(grep -o 'normbound check [^`]* --case [^`]*' report.md | sort -u)
if [ -z "$replays" ]; then
  echo "the report prints no replay command"
  exit 1
fi
count=0
while IFS= read -r replay; do
  count=$((count + 1))
  # shellcheck disable=SC2086
  "$nb" ${replay#normbound } --threads 2 >/dev/null 2>&1
  status=$?
  if [ "$status" -ne 0 ]; then
    echo "from the moved report, '$replay' ended with exit $status"
    exit 1
  fi
done <<<"$replays"
echo "$count replay command(s) ran from the moved report"
