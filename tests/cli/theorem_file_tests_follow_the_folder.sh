#!/usr/bin/env bash
# theorem_file_tests_follow_the_folder.sh RULES SPEC: a file copied into a theorem folder is a ctest
# test at the next run of the test list, with no other change. Configures a scratch project that
# makes its tests with RULES (tests/cli/theorem_file_tests.cmake) from an empty folder, copies SPEC
# in, builds (which globs the folder again) and lists the tests. Exits 1 unless the file's test
# appears, and only then.
set -eu
rules=$1 spec=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/project" "$scratch/project/specs"
cat >"$scratch/project/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.20)
project(theorem_file_tests NONE)
enable_testing()
function(normbound_cli_test name status regex)
  add_test(NAME cli_\${name} COMMAND true)
endfunction()
include($rules)
add_theorem_file_tests(\${PROJECT_SOURCE_DIR}/specs)
CMAKE
name=$(basename "$spec" .toml)
cmake -S "$scratch/project" -B "$scratch/build" >/dev/null 2>&1
before=$(ctest --test-dir "$scratch/build" -N)
cp "$spec" "$scratch/project/specs/"
cmake --build "$scratch/build" >/dev/null 2>&1
after=$(ctest --test-dir "$scratch/build" -N)
echo "$after"
if grep -q "cli_theorem_file_$name\$" <<<"$before"; then echo "listed before the file was copied in"; exit 1; fi
if ! grep -q "cli_theorem_file_$name\$" <<<"$after"; then echo "not listed after the file was copied in"; exit 1; fi
echo "cli_theorem_file_$name appeared"
