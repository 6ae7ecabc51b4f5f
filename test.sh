#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (CTest). Tests that need the GPT-2 data
# read NORMBOUND_GPT2_DIR and NORMBOUND_ATTENTION_DUMPS from the environment and skip without them.
set -euo pipefail
cd "$(dirname "$0")"
source scripts/setup.sh
install_packages "${NORMBOUND_PACKAGES[@]}" "${NORMBOUND_TEST_PACKAGES[@]}"
build_normbound
ctest --test-dir build --output-on-failure -j2
