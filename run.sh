#!/usr/bin/env bash
# Installs what is missing, builds, and runs the main job: every theorem on its default random
# suite, with the verdict table on stdout and a report directory in out/report (report.md with SVG
# figures, report.tex, results.json, counterexample case files); prints its path and how to put
# normbound on PATH (the commands the check prints call it by name). Exits with the
# check's status (docs/cli.md: exit status): 2 with the default seed, whose suites leave 3 cases TIGHT
# (undecided), 0 when every case is decided.
set -euo pipefail
cd "$(dirname "$0")"
source scripts/setup.sh
install_packages "${NORMBOUND_PACKAGES[@]}"
build_normbound
mkdir -p out
status=0
./build/normbound check --all --report out/report "$@" || status=$?
echo "report: $(pwd)/out/report"
# The replay commands it printed call the binary `normbound`.
echo "to run the commands it prints, put normbound on your PATH:"
echo "  export PATH=\"$(pwd)/build:\$PATH\"    (or: cmake --install build --prefix PREFIX, then PREFIX/bin)"
exit "$status"
