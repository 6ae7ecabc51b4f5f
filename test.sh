#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (CTest); then the checking build
# (build-checking/: clang, AddressSanitizer + UBSan, libFuzzer) runs the tests of input handling
# (unit tests of verify, models, reports, sources and the formula parser, and the CLI error paths;
# not the pdflatex runs of Latex.*, whose report writing the CheckReport tests already run under
# the sanitizers) and every fuzzing harness for 20 s; last, the binary64 tier's kernels are fuzzed
# against MPFI (tests/verify/binary64_differential.cpp). `./test.sh --fast` stops after the first ctest, for
# local iteration; CI (.ci/run) runs all of it. Tests that need the GPT-2 data read
# NORMBOUND_GPT2_DIR and NORMBOUND_ATTENTION_DUMPS (the Llama tests NORMBOUND_LLAMA_DIR, those on
# the paper's text also NORMBOUND_TEXT_DIR) from the environment and skip without them.
# No test runs longer than 10 minutes (--timeout; a test's own TIMEOUT property takes precedence):
# a hang fails its test instead of the whole run.
set -euo pipefail
cd "$(dirname "$0")"
fast=0
if [ "${1:-}" = "--fast" ]; then fast=1; fi
source scripts/setup.sh
install_packages "${NORMBOUND_PACKAGES[@]}" "${NORMBOUND_TEST_PACKAGES[@]}"
build_normbound
ctest --test-dir build --output-on-failure -j2 --timeout 600
# The partial operations' domains in every tier against an independent MPFR evaluation
# (tests/formula/partial_operations_differential.cpp, a fixed seed): prints checks and failures.
build/tests/formula/partial_operations_differential
[ "$fast" -eq 1 ] && exit 0
build_checking
ctest --test-dir build-checking --output-on-failure -j2 --timeout 600 -L 'verify|models|reports|sources|errors|formula' \
  -E '^Latex\.'
tests/fuzz/run.sh 20
# Differential fuzzing of the binary64 tier's kernels against MPFI (the Release build, about a
# minute, a fresh seed each run): prints checks and failures per kernel, and the seed that replays.
build/tests/verify/binary64_differential --scale 2
