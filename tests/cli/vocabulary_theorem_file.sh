#!/usr/bin/env bash
# vocabulary_theorem_file.sh NORMBOUND THEOREM_FILE GPT2_DIR: a theorem file using an eigenvalue,
# a matrix product, a transpose, sparsemax and a count (tests/cli/data/sparsemax-rayleigh.toml) is
# checked on its suite (every claim holds; sparsemax's weights sum to 1 EQUAL (exact)), proved on
# a region (its first claim), and run on GPT-2 rows. Prints what failed;
# exits 1 then.
set -u
nb=$1 file=$2 gpt2=$3
source "$(dirname "$0")/expect_exit_and_output.sh"
export NORMBOUND_THEOREM_DIR=

expect 0 'sparsemax-rayleigh .*holds on every case, as expected' \
  "$nb" check --theorem-file "$file" --cases 30 --threads 2
expect 0 'ties .*: sum\(i, p\[i\]\) == 1' "$nb" check --theorem-file "$file" --cases 10 --threads 2
expect 0 '^PROVEN ON REGION: every claim holds at every point of the region' \
  "$nb" prove --theorem-file "$file" --size L=2 --size d=2 --region 'logits=[0,1/4]' --region 'keys=[1/2,1]' \
  --claim 1 --threads 2
expect 0 'sparsemax-rayleigh .*holds on every case, as expected' \
  "$nb" check --theorem-file "$file" --source "gpt2-positions:$gpt2" --rows 4 --threads 2
exit $((failures > 0))
