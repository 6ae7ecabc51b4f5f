# Outputs go only where the command line puts them, nothing of the user's is lost, and a write
# that fails is never exit 0 (docs/guarantees.md). Unit tests: tests/verify/atomic_file_test.cpp,
# tests/reports/report_output_test.cpp.

# A results file naming a case file outside its report ("cases/../../escaped.json") is refused
# before anything is written.
scratch_test(report_case_file_escaping plain 65
  "case_file \"cases/\\.\\./\\.\\./escaped\\.json\" is not one plain file name in cases/.*exit=65.*left in scratch directory: none"
  report ${BAD}/escaping-case-file-results.json --out @DIR@/a/report)
set_tests_properties(cli_report_case_file_escaping PROPERTIES FIXTURES_REQUIRED bad_inputs)

# Symbolic links, FIFOs, symlinked report directories, manifest-less directories, /proc.
add_test(NAME cli_special_outputs COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/special_outputs.sh ${NB} ${FIXTURE_RESULTS})
set_tests_properties(cli_special_outputs PROPERTIES LABELS errors TIMEOUT 120
  PASS_REGULAR_EXPRESSION "special outputs: [1-9][0-9]* passed, 0 failed")

# Lost standard output: exit 74, not 0.
foreach(command "list" "check softmax-jacobian-entry --cases 2 --json -")
  string(REGEX REPLACE "[^a-z]+" "_" name "${command}")
  add_test(NAME cli_stdout_full_${name} COMMAND ${RUN} 74 sh -c "\"$0\" ${command} > /dev/full" ${NB})
  set_tests_properties(cli_stdout_full_${name} PROPERTIES LABELS errors
    PASS_REGULAR_EXPRESSION "normbound: write failed: standard output: .*exit=74")
endforeach()

# The user's environment is not an internal error: 73 for an output that cannot be created, 65 for
# an input that is no regular file.
scratch_test(cases_dir_unwritable unwritable 73 "cannot create output: [^\n]*Permission denied.*exit=73.*left in scratch directory: none"
  check softmax-jacobian-spectral-as-printed --cases 3 --cases-dir @DIR@/cases)
bad_input_test(case_file_device 65 "bad input: cannot read case file /dev/zero: is a character device, expected a file.*exit=65"
  check --case /dev/zero)
bad_input_test(text_file_directory 65 "bad input: cannot read text file [^\n]*: is a directory, expected a file.*exit=65"
  check softmax-jacobian-entry --source gpt2:${PROJECT_SOURCE_DIR}/tests/models/data/tiny-gpt2 --text ${CMAKE_CURRENT_SOURCE_DIR})
bad_input_test(reproduce_force_without_report 64 "--force applies to --report DIR only.*exit=64"
  reproduce fig4 --source random-gpt2:layers=1,heads=1,embd=8,positions=16 --force)
