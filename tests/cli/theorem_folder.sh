#!/usr/bin/env bash
# theorem_folder.sh NORMBOUND SPECS: the theorem folder ($NORMBOUND_THEOREM_DIR) as a user meets
# it. A file copied into the folder is listed, checked by --all and by its id, searched, and
# accepted again by --theorem-file; another file with its id, a bad file in the folder, a file
# whose corrected_by names no theorem and a folder that does not exist are refused with the place
# to look. Prints what failed; exits 1 then.
set -u
nb=$1 specs=$2
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
export NORMBOUND_THEOREM_DIR=$folder/theorems
mkdir "$NORMBOUND_THEOREM_DIR"
source "$(dirname "$0")/expect_exit_and_output.sh"

# An empty folder lists no theorem, under the header.
expect 0 '^id +fidelity +expect' "$nb" list
expect 0 'none: the theorem folder holds no theorem files' "$nb" list
if "$nb" list | grep -q '^softmax-entropy-log-l '; then
  echo "FAILED: the empty folder lists softmax-entropy-log-l"
  failures=$((failures + 1))
fi
cp "$specs/softmax-entropy-log-l.toml" "$NORMBOUND_THEOREM_DIR/"
expect 0 '^softmax-entropy-log-l +extension +holds' "$nb" list
expect 0 '^softmax-entropy-log-l +5 ' "$nb" check --all --cases 5 --threads 2
expect 0 'EQUAL \(exact\): bound attained' "$nb" check softmax-entropy-log-l --cases 10 --threads 2
expect 0 'softmax-entropy-log-l +10 ' "$nb" check --theorem-file "$NORMBOUND_THEOREM_DIR/softmax-entropy-log-l.toml" \
  --cases 10 --threads 2
expect 0 'softmax-entropy-log-l' "$nb" search softmax-entropy-log-l --budget 200 --threads 2
cp "$specs/softmax-entropy-log-l.toml" "$folder/copy.toml"
expect 65 "theorem id 'softmax-entropy-log-l' of '.*copy.toml' is taken by softmax-entropy-log-l.toml in the theorem folder" \
  "$nb" check --theorem-file "$folder/copy.toml"
printf 'id = "broken"\ntitle = 3\n' >"$NORMBOUND_THEOREM_DIR/broken.toml"
expect 65 'broken.toml:2:[0-9]+' "$nb" list
rm "$NORMBOUND_THEOREM_DIR/broken.toml"
sed -e 's/^id = .*/id = "corrected-by-nothing"/' -e '/^expect/a corrected_by = "no-such-theorem"' \
  "$specs/softmax-entropy-log-l.toml" >"$NORMBOUND_THEOREM_DIR/corrected.toml"
expect 65 "corrected.toml: corrected_by names 'no-such-theorem', which is no registered theorem" "$nb" list
rm "$NORMBOUND_THEOREM_DIR/corrected.toml"
NORMBOUND_THEOREM_DIR=$folder/none expect 65 "NORMBOUND_THEOREM_DIR names '.*none', which is not a folder" "$nb" list
NORMBOUND_THEOREM_DIR= expect 64 "unknown theorem id 'softmax-entropy-log-l'|softmax-entropy-log-l" \
  "$nb" check softmax-entropy-log-l

echo "theorem folder: $failures failure(s)"
[ "$failures" -eq 0 ]
