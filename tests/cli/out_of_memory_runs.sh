#!/usr/bin/env bash
# out_of_memory_runs.sh NORMBOUND: each reader of a large input, run with its address space capped
# (ulimit -v) below what the input asks for, ends with exit 71 and normbound's out-of-memory
# message: recheck of a certificate, report of a results file, check --case, and the file: and
# attention-dump: sources (a std::bad_alloc in a worker thread once ended in abort(), exit 134).
# Each input is a valid JSON document of about 60 MB (within every size limit) that the reader
# holds in memory before it can judge it. Prints one line per run and "out of memory: N passed,
# M failed"; exits 1 on any failure. Skipped (77) where the cap cannot be set low enough for the
# run to start (sanitizers reserve terabytes of address space).
set -u
nb=$1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch" || exit 2
cap_kib=${NORMBOUND_OOM_CAP_KIB:-600000}
# The cap must leave room for normbound to start: `list` within it, else skip.
if ! (ulimit -v "$cap_kib" && "$nb" list >/dev/null 2>&1); then
  echo "normbound does not start within $cap_kib KiB of address space: skipped"
  exit 77
fi

# A JSON array of 30 million zeros, inside `prefix` ... `suffix`.
big() {
  local prefix=$1 suffix=$2
  printf '%s[' "$prefix"
  yes '0,' | head -n 30000000 | tr -d '\n'
  printf '0]%s' "$suffix"
}
big '{"format": "normbound-region-certificate", "version": 1, "padding": ' '}' >certificate.json
big '{"schema_version": ' '}' >results.json
big '{"format": "normbound-case", "version": 1, "case": {"theorem": "softmax-jacobian-entry", "numbers": {"T": "1"}, "padding": ' '}}' >case.json
big '{"T": "1", "logits": ' '}' >source.json
big '{"prompt": "x", "tokens": ["x"], "token_ids": ' '}' >dump.json

passed=0 failed=0
expect_out_of_memory() {  # expect_out_of_memory DESCRIPTION ARGS...
  local what=$1
  shift
  (ulimit -v "$cap_kib" && timeout 300 "$nb" "$@") >run.log 2>&1
  local status=$?
  if [ "$status" -eq 71 ] && grep -q "normbound: out of memory" run.log; then
    passed=$((passed + 1))
    echo "ok: $what: exit 71"
  else
    failed=$((failed + 1))
    echo "FAILED: $what: exit $status, expected 71 and the out-of-memory message"
    tail -5 run.log
  fi
}
expect_out_of_memory "recheck of a large certificate" recheck certificate.json
expect_out_of_memory "report of a large results file" report results.json --out report.md
expect_out_of_memory "check --case of a large case file" check --case case.json
expect_out_of_memory "a large file: source" check softmax-jacobian-entry --source file:source.json
expect_out_of_memory "a large attention dump" check softmax-jacobian-entry --source attention-dump:dump.json
echo "out of memory: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
