#!/usr/bin/env bash
# Installs the Debian packages normbound needs (when missing), then configures and builds
# in build/ (Release, -j2). Sourced by run.sh, test.sh and tests/fuzz/run.sh so all do the same
# set-up.
set -euo pipefail

# Build and test dependencies (the first group is the fixed core: Boost 1.81 for the
# per-thread precision of Boost.Multiprecision; installing it replaces Boost 1.74's libboost-dev,
# which conflicts with it; PCRE2 gives the GPT-2
# pre-tokenizer its Unicode classes; Google Benchmark drives bench/; libssl's libcrypto computes
# the SHA-256 of input files recorded in results; OpenBLAS does the GPT-2 forward pass's matrix
# products, with kernels chosen for the CPU at run time, so portable builds get AVX2/AVX-512;
# Calcium, on FLINT and Arb, decides exact equality of TIGHT cases; Debian's libcalcium-dev
# headers include Antic's, which it does not depend on; NLopt's derivative-free optimizers drive
# `normbound search`; simdjson parses case files, tens of thousands of numbers, several times
# faster than nlohmann's DOM parser; toml++ reads theorem files, with the line and column of
# every value for error messages; Open MPI, C API and mpirun, lets `mpirun -np K normbound ...`
# spread work units over processes).
NORMBOUND_PACKAGES=(
  build-essential cmake pkg-config
  libboost1.81-dev libgmp-dev libmpfr-dev libmpfi-dev
  libeigen3-dev libgtest-dev libgmock-dev libcli11-dev nlohmann-json3-dev
  libpcre2-dev libbenchmark-dev libssl-dev libopenblas-dev
  libcalcium-dev libantic-dev libflint-dev libflint-arb-dev libnlopt-dev libsimdjson-dev
  libtomlplusplus-dev libopenmpi-dev openmpi-bin
)

# Needed only by tests: pdflatex with the packages report.tex uses (amsmath, geometry, longtable,
# graphicx: latex-base; booktabs, caption: latex-recommended; pgfplots: pictures), and
# pdftotext to check what the PDF shows; for the checking build (build_checking below), clang
# with its sanitizer and libFuzzer runtimes (libclang-rt-14-dev, only recommended by clang) and
# its OpenMP (libomp-14-dev, for models/gpt2); NumPy for Debian's /usr/bin/python3, the independent
# computation the reproduce tests compare with (tests/reproduce/check_reproduction.py); script
# (bsdutils), which runs normbound on a pseudo-terminal for the tests of what a terminal shows.
NORMBOUND_TEST_PACKAGES=(texlive-latex-base texlive-latex-recommended texlive-pictures poppler-utils
  clang libclang-rt-14-dev libomp-14-dev python3-numpy bsdutils)

# Needed only by bench/compare_certified.sh, which installs them: the peers of the certified
# benchmark, mpmath (with NumPy for its binary64 screens) for Debian's /usr/bin/python3 (the C
# program's Arb is a build dependency above, through Calcium).
NORMBOUND_BENCH_PACKAGES=(python3-mpmath python3-numpy)
# Needed only by bench/compare_forward_llama.sh, which installs it: PyTorch for Debian's
# /usr/bin/python3, the peer of the Llama forward pass (about 1 GB with its dependencies, so kept
# apart from the peers above).
NORMBOUND_BENCH_TORCH_PACKAGES=(python3-torch)

missing_packages() {
  local p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || printf '%s\n' "$p"
  done
}

# install_packages PKG...: installs the missing ones as root, or prints the exact command and fails.
install_packages() {
  local missing
  [ "$#" -eq 0 ] && return 0
  mapfile -t missing < <(missing_packages "$@")
  [ "${#missing[@]}" -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "normbound: missing Debian packages. Install them with:" >&2
    echo "  sudo apt-get install -y ${missing[*]}" >&2
    return 1
  fi
  echo "normbound: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# ccache, when the machine has it, only speeds up rebuilds; a fresh machine builds without it.
compiler_launcher_flag() {
  command -v ccache >/dev/null 2>&1 && echo "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"
  return 0
}

build_normbound() {
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release $(compiler_launcher_flag) >/dev/null
  cmake --build build -j2
}

# The checking build in build-checking/: clang with AddressSanitizer and UBSan (every report fatal)
# and libFuzzer's instrumentation, for the sanitizer tests of test.sh and the harnesses of
# tests/fuzz. -O0 with line tables only: reports name files and lines, and the build costs about
# three quarters of -O1's CPU time (918 against 1227 s) for about 20 s more of tests; the numerics
# it runs but does not check (theorems, random suites, the spectral norm) are compiled at -O1
# without instrumentation (CMakeLists.txt), and one test's Eigen products at -O1 instrumented.
# Builds TARGET... (default: all; bench/ and the theorem tests are not part of it).
build_checking() {
  cmake -S . -B build-checking -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O0 -gline-tables-only" -DNORMBOUND_FUZZ=ON $(compiler_launcher_flag) >/dev/null
  cmake --build build-checking -j2 ${1:+--target} "$@"
}

# Every sanitizer report fails the program that gets it (exit 86 for ASan, so that no test
# expecting exit 1 mistakes one for its outcome), with a stack trace.
export ASAN_OPTIONS="${ASAN_OPTIONS:-exitcode=86:detect_leaks=1:strict_string_checks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
