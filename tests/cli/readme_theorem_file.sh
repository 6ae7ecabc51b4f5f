#!/usr/bin/env bash
# readme_theorem_file.sh NORMBOUND README [ARGS...]: the theorem file README.md shows (its first
# ```toml block), saved as a file, is checked as the README says: no case violated, ties EQUAL
# (exact), exit 0; on its suite of 20 cases, or with ARGS (a --source) in place of "--cases 20".
# Run without the theorem folder, which holds a file of the same id.
set -u
nb=$1 readme=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
awk '/^```toml$/ { inside = 1; next } inside && /^```$/ { exit } inside { print }' "$readme" >"$scratch/entropy.toml"
if [ ! -s "$scratch/entropy.toml" ]; then
  echo "README.md shows no theorem file"
  exit 1
fi
shift 2
[ $# -gt 0 ] || set -- --cases 20
NORMBOUND_THEOREM_DIR= "$nb" check --theorem-file "$scratch/entropy.toml" --threads 2 "$@"
