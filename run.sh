#!/usr/bin/env bash
# Installs what is missing, builds, and runs the main job: every theorem on its default random
# suite, with the verdict table on stdout and the complete results in out/.
set -euo pipefail
cd "$(dirname "$0")"
source scripts/setup.sh
install_packages "${NORMBOUND_PACKAGES[@]}"
build_normbound
mkdir -p out
status=0
./build/normbound check --all --json out/results.json --cases-dir out/cases "$@" || status=$?
echo "results: $(pwd)/out/results.json"
exit "$status"
