#!/usr/bin/env bash
# readme_theorem_file.sh NORMBOUND README: the theorem file README.md shows (its first ```toml
# block), saved as a file, is checked as the README says: no case violated, ties EQUAL (exact),
# exit 0. Run without the theorem folder, which holds a file of the same id.
set -u
nb=$1 readme=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
awk '/^```toml$/ { inside = 1; next } inside && /^```$/ { exit } inside { print }' "$readme" >"$scratch/entropy.toml"
if [ ! -s "$scratch/entropy.toml" ]; then
  echo "README.md shows no theorem file"
  exit 1
fi
NORMBOUND_THEOREM_DIR= "$nb" check --theorem-file "$scratch/entropy.toml" --threads 2 --cases 20
