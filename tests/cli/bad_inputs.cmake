# The bad-input table: each row an input that once crashed, hung, printed an unclear
# message, changed a value silently or left partial output, with the exit status and message it
# must give now. Generated inputs come from write_bad_inputs (fixture bad_inputs); @DIR@ is a
# scratch directory (run_in_scratch_directory.sh). docs/limits.md lists the limits tested here.
set(BAD ${WORK}/bad-inputs)
add_executable(write_bad_inputs write_bad_inputs.cpp)
target_link_libraries(write_bad_inputs PRIVATE normbound_test_safetensors normbound_verify)
add_test(NAME cli_write_bad_inputs COMMAND write_bad_inputs ${PROJECT_SOURCE_DIR}/tests/reports/data/fixture-results.json ${BAD})
set_tests_properties(cli_write_bad_inputs PROPERTIES FIXTURES_SETUP bad_inputs LABELS errors)
set(FIXTURE_RESULTS ${PROJECT_SOURCE_DIR}/tests/reports/data/fixture-results.json)
set(SCRATCH ${CMAKE_CURRENT_SOURCE_DIR}/run_in_scratch_directory.sh)

# name, expected exit status, regular expression of the output, arguments of normbound...
function(bad_input_test name status regex)
  normbound_cli_test(${name} ${status} "${regex}" ${ARGN})
  set_tests_properties(cli_${name} PROPERTIES FIXTURES_REQUIRED bad_inputs LABELS errors)
endfunction()

# name, scratch directory kind, exit status, regular expression, arguments of normbound...
function(scratch_test name kind status regex)
  add_test(NAME cli_${name} COMMAND ${SCRATCH} ${kind} ${status} ${NB} ${ARGN} WORKING_DIRECTORY ${WORK})
  set_tests_properties(cli_${name} PROPERTIES PASS_REGULAR_EXPRESSION "${regex}" SKIP_RETURN_CODE 77 LABELS errors)
endfunction()

# JSON nested 300,000 levels deep, in every kind of JSON input (recursive dump() and copies overflowed the stack).
set(DEEP "JSON nested deeper than 256 levels at byte [0-9]+")
bad_input_test(deep_json_case_file 65 "bad input: case file '[^\n]*deep-case\\.json': ${DEEP}.*exit=65"
  check --case ${BAD}/deep-case.json)
bad_input_test(deep_json_file_source 65 "bad input: [^\n]*deep-file-source\\.json: ${DEEP}.*exit=65"
  check softmax-jacobian-entry --source file:${BAD}/deep-file-source.json)
bad_input_test(deep_json_attention_dump 65 "bad input: [^\n]*deep-dump\\.json: ${DEEP}.*exit=65"
  check softmax-jacobian-entry --source attention-dump:${BAD}/deep-dump.json)
bad_input_test(deep_json_config 65 "bad input: [^\n]*deep-config/config\\.json: ${DEEP}.*exit=65"
  check softmax-jacobian-entry --source gpt2-positions:${BAD}/deep-config)
bad_input_test(deep_json_safetensors_header 65 "bad input: [^\n]*deep-header/model\\.safetensors: header: ${DEEP}.*exit=65"
  check softmax-jacobian-entry --source gpt2-positions:${BAD}/deep-header)
bad_input_test(deep_json_results 65 "bad input: results file '[^\n]*deep-results\\.json': ${DEEP}.*exit=65"
  report ${BAD}/deep-results.json --out deep-results.md)

# Checkpoints: 2^24 layers (the expected tensor list alone exhausted memory), NaN weights and
# activations that overflow float32 (both once "NaN or infinite input value", nothing located).
bad_input_test(config_layer_limit 65 "'n_layer' is 16777216, above normbound's limit of 1024 layers.*exit=65"
  check softmax-jacobian-entry --source gpt2-positions:${BAD}/many-layers)
set_tests_properties(cli_config_layer_limit PROPERTIES TIMEOUT 60)
bad_input_test(nan_weight_located 65 "nan-weight/model\\.safetensors: tensor 'h\\.0\\.ln_1\\.weight' holds NaN at \\[1\\].*exit=65"
  check softmax-jacobian-entry --source gpt2-positions:${BAD}/nan-weight)
bad_input_test(overflow_located 65 "layer 0, head 0, row [01]: '[a-z]+': .*overflowed float32.*exit=65"
  check softmax-jacobian-entry --source gpt2-positions:${BAD}/overflowing-weights --rows all)

# Text from input files reaches the terminal escaped (a label once recoloured it; an id retitled it).
string(ASCII 27 ESC)
bad_input_test(label_escaped 0 "case 0 \\(\\\\x1b\\[31mred\\\\x1b\\[0m\\\\x0dspoofed\\).*exit=0"
  check softmax-jacobian-spectral-as-printed --case ${BAD}/escape-label.json --cases-dir cases-escape)
bad_input_test(theorem_id_escaped 64 "unknown theorem id '\\\\x1b\\]0.retitled\\\\x07'.*exit=64"
  check --case ${BAD}/escape-theorem.json)
set_tests_properties(cli_label_escaped cli_theorem_id_escaped PROPERTIES FAIL_REGULAR_EXPRESSION "${ESC}")

# A results file claiming a certified verdict on a NaN enclosure (once rendered as NEAR-TIGHT).
bad_input_test(results_nan_near_tight 65
  "theorems\\[[0-9]+\\]\\.outcomes\\[[0-9]+\\]\\.slack: is \\[nan, nan\\], which decides no sign, but the verdict is \"near_tight\".*exit=65"
  report ${BAD}/nan-near-tight-results.json --out nan-results.md)

# Output is all or nothing: a full disk, a read-only or unwritable directory, a file in the way,
# missing parents of a failed report, and Ctrl-C leave no partial output.
scratch_test(report_command_full_disk full:24576 74 "write failed: [^\n]*: No space left on device.*exit=74.*left in scratch directory: none"
  report ${FIXTURE_RESULTS} --out @DIR@/report.md)
scratch_test(check_report_full_disk full:24576 74 "write failed: [^\n]*: No space left on device.*exit=74.*left in scratch directory: none"
  check softmax-jacobian-spectral-as-printed softmax-jacobian-entry --cases 20 --report @DIR@/report)
scratch_test(failed_report_creates_no_parents plain 65 "bad input: .*exit=65.*left in scratch directory: none"
  check softmax-jacobian-entry --source file:/nonexistent.json --report @DIR@/a/b/report)
foreach(signal INT TERM)
  if(signal STREQUAL INT)
    set(status 130)
  else()
    set(status 143)
  endif()
  add_test(NAME cli_sig${signal}_removes_staging
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/interrupt_run.sh ${signal} ${NB} check --all --cases 100000 --report @DIR@/report
    WORKING_DIRECTORY ${WORK})
  set_tests_properties(cli_sig${signal}_removes_staging PROPERTIES LABELS errors
    PASS_REGULAR_EXPRESSION "unfinished output removed.*exit=${status} left: none")
endforeach()

# Integer options out of range (CLI11 once turned -1 into 2^64 - 1 and saturated 2^64 silently).
bad_input_test(cases_negative 64 "--cases must be an integer from 1 to 1000000 \\(got '-1'\\); a suite is held in memory.*exit=64"
  check --all --cases -1)
bad_input_test(cases_above_limit 64 "--cases must be an integer from 1 to 1000000 \\(got '18446744073709551616'\\).*exit=64"
  check --all --cases 18446744073709551616)
bad_input_test(cases_zero 64 "--cases must be an integer from 1 to 1000000 \\(got '0'\\).*exit=64" check --all --cases 0)
bad_input_test(seed_negative 64 "--seed must be an integer from 0 to 18446744073709551615 \\(got '-1'\\).*exit=64"
  check --all --seed -1)
bad_input_test(seed_beyond_64_bits 64 "--seed must be an integer from 0 to 18446744073709551615 \\(got '18446744073709551616'\\).*exit=64"
  check --all --seed 18446744073709551616)
bad_input_test(top_negative 64 "--top must be an integer from 0 to 1000000 \\(got '-1'\\).*exit=64"
  report ${FIXTURE_RESULTS} --out top.md --top -1)

# Theorem files nested 50,000 levels deep (toml++ overflowed the stack: SIGSEGV), each way TOML
# nests, through list, check and prove; in the theorem folder, which every command reads; and as a
# certificate's theorem text. Each is refused before it is parsed, located in the file.
set(NESTED "nested deeper than 64 levels")
foreach(kind table-header dotted-key inline-table array array-of-tables)
  bad_input_test(deep_toml_${kind} 65 "bad input: [^\n]*deep-${kind}\\.toml:1:[0-9]+: ${NESTED}.*exit=65"
    check --theorem-file ${BAD}/deep-${kind}.toml)
endforeach()
bad_input_test(deep_toml_list 65 "bad input: [^\n]*deep-dotted-key\\.toml:1:[0-9]+: ${NESTED}.*exit=65"
  list --theorem-file ${BAD}/deep-dotted-key.toml)
bad_input_test(deep_toml_prove 65 "bad input: [^\n]*deep-array-of-tables\\.toml:1:[0-9]+: ${NESTED}.*exit=65"
  prove --theorem-file ${BAD}/deep-array-of-tables.toml)
foreach(command list check)
  set(args ${command})
  if(command STREQUAL check)
    list(APPEND args softmax-jacobian-entry --cases 2)
  endif()
  add_test(NAME cli_deep_toml_in_folder_${command}
    COMMAND ${RUN} 65 ${CMAKE_COMMAND} -E env NORMBOUND_THEOREM_DIR=${BAD}/deep-folder ${NB} ${args}
    WORKING_DIRECTORY ${WORK})
  set_tests_properties(cli_deep_toml_in_folder_${command} PROPERTIES FIXTURES_REQUIRED bad_inputs LABELS errors
    PASS_REGULAR_EXPRESSION "bad input: [^\n]*deep-folder/deep\\.toml:1:[0-9]+: ${NESTED}.*exit=65")
endforeach()
bad_input_test(deep_toml_certificate 65 "bad input: [^\n]*deep\\.toml:1:[0-9]+: ${NESTED}.*exit=65"
  recheck ${BAD}/deep-theorem.cert.json)

# Formulas whose cost nothing bounded: sums of 2^40 terms at the largest accepted length (ran on), a
# power of 10^8 factors (each case's exact decision ran to its limits). Refused when the file is read.
set(COSTLY "evaluating this costs about [0-9.e+]+ operations at the high ends of the lengths")
bad_input_test(nested_sums_cost 65 "bad input: [^\n]*nested-sums\\.toml:[0-9]+:[0-9]+: ${COSTLY}.*\\(column 1\\).*exit=65"
  check --theorem-file ${BAD}/nested-sums.toml)
bad_input_test(huge_power_cost 65 "bad input: [^\n]*huge-power\\.toml:[0-9]+:[0-9]+: ${COSTLY}.*exit=65"
  check --theorem-file ${BAD}/huge-power.toml)
bad_input_test(huge_power_literal_cost 65 "bad input: [^\n]*huge-power-literal\\.toml:[0-9]+:[0-9]+: ${COSTLY}.*exit=65"
  prove --theorem-file ${BAD}/huge-power-literal.toml)

# Values beyond MPFR's exponent range decided exactly (an exact decision's answer once held bytes
# its parent could not read: exit 70): EQUAL at every case, and PROVEN.
bad_input_test(beyond_mpfr_equal 0 "beyond-mpfr-equal .*holds on every case.*exit=0"
  check --theorem-file ${BAD}/beyond-mpfr-equal.toml --cases 2)
bad_input_test(beyond_mpfr_twice 0 "beyond-mpfr-twice .*holds on every case.*exit=0"
  check --theorem-file ${BAD}/beyond-mpfr-twice.toml --cases 2)

# 200,000 claims: beyond the size of a theorem file (`list` wrapped its summary in O(n^2): past a
# minute). 20,000 claims within it: listed under a time bound far above the linear time.
bad_input_test(many_claims 65 "bad input: [^\n]*many-claims\\.toml: [0-9]+ bytes; a theorem file holds at most 1048576.*exit=65"
  list --theorem-file ${BAD}/many-claims.toml)
bad_input_test(list_20000_claims 0 "claims-20000 .*exit=0" list --theorem-file ${BAD}/20000-claims.toml)
set_tests_properties(cli_list_20000_claims PROPERTIES TIMEOUT 60)

# A certificate of 300 MB is refused by its size before it is read (1 GB ended in std::bad_alloc, abort).
bad_input_test(huge_certificate 65 "bad input: cannot read certificate [^\n]*huge\\.cert\\.json: larger than normbound's limit of 268435456 bytes.*exit=65"
  recheck ${BAD}/huge.cert.json)

# --time-limit is a finite number of seconds in [0.001, 1e6] (NaN passed CLI11's range check, and
# made the deadline never come).
foreach(value nan inf -1 0 1e999)
  string(REPLACE "-" "minus" name ${value})
  bad_input_test(prove_time_limit_${name} 64 "--time-limit: must be a number of seconds from 0.001 to 1e\\+06, not ${value}.*exit=64"
    prove softmax-jacobian-spectral-sharp --time-limit ${value})
  bad_input_test(recheck_time_limit_${name} 64 "--time-limit: must be a number of seconds from 0.001 to 1e\\+06, not ${value}.*exit=64"
    recheck no.cert.json --time-limit ${value})
endforeach()

# Memory running out while a large input is read, with the address space capped: exit 71 with the
# message, never abort() (a std::bad_alloc that left a worker thread).
add_test(NAME cli_out_of_memory_runs COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/out_of_memory_runs.sh ${NB} WORKING_DIRECTORY ${WORK})
set_tests_properties(cli_out_of_memory_runs PROPERTIES LABELS errors SKIP_RETURN_CODE 77 TIMEOUT 900
  PASS_REGULAR_EXPRESSION "out of memory: 5 passed, 0 failed")

# --time-limit bounds prove and recheck even inside one long piece of work (prove ran 11 s at
# --time-limit 2, recheck 18 s at --time-limit 1).
add_test(NAME cli_time_limits COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/time_limits.sh ${NB} WORKING_DIRECTORY ${WORK})
set_tests_properties(cli_time_limits PROPERTIES LABELS errors TIMEOUT 180
  PASS_REGULAR_EXPRESSION "time limits: 8 passed, 0 failed")
