# Claims with no value at some points (docs/guarantees.md, "Partial operations"): each file of
# data/domains states a claim that holds wherever it is defined. A case where an operation's
# argument is outside its domain is INCONCLUSIVE with the reason (exit 2), never PROVEN, VIOLATED or
# EQUAL, in every tier: the binary64 and MPFI tiers (log 0, sqrt(-2)) and the exact one (a divisor
# that is exactly 0 only exact arithmetic shows). A region that reaches such a point is never
# PROVEN ON REGION.
set(DOMAINS ${CMAKE_CURRENT_SOURCE_DIR}/data/domains)
normbound_cli_test(undefined_sqrt_on_its_suite 2
  "sqrt-times-sqrt-nonnegative +20 .*INCONCLUSIVE because a claim has no value there \\(undefined\\)\n  case [0-9]+ \\([^)]*\\): INCONCLUSIVE, undefined: outside the domain of sqrt at column 1 of 'sqrt\\(x\\) \\* sqrt\\(x\\)': its argument is not >= 0.*exit=2"
  check --theorem-file ${DOMAINS}/sqrt-times-sqrt-nonnegative.toml --cases 20 --threads 2)
# A case of THEOREM's file (case file CASE) is INCONCLUSIVE, undefined for REASON (a regex).
function(undefined_case_test theorem case_file reason)
  normbound_cli_test(undefined_${case_file} 2 "INCONCLUSIVE, undefined: ${reason}.*exit=2"
    check --theorem-file ${DOMAINS}/${theorem}.toml --case ${DOMAINS}/${case_file}.json)
endfunction()
undefined_case_test(sqrt-times-sqrt-is-x sqrt-times-sqrt-is-x-at-minus-2 "outside the domain of sqrt at column 1")
undefined_case_test(log-at-most-five log-at-most-five-at-0
  "outside the domain of log at column 1 of 'log\\(x\\)': its argument is not > 0")
undefined_case_test(exp-of-log-at-least-one exp-of-log-at-least-one-at-0 "outside the domain of log at column 5")
undefined_case_test(abs-log-at-most-four abs-log-at-most-four-at-minus-2 "outside the domain of log at column 5")
undefined_case_test(inverse-of-exact-zero inverse-of-exact-zero-at-third
  "outside the domain of a division at column 1 of '1 / abs\\(sqrt\\(x\\^2\\) - x\\)': its argument is not != 0")
# The same case saved as results: the reason is in the JSON, and the run ends without exit 70.
normbound_cli_test(undefined_reason_in_results 2 "exit=2"
  check --theorem-file ${DOMAINS}/sqrt-times-sqrt-is-x.toml --case ${DOMAINS}/sqrt-times-sqrt-is-x-at-minus-2.json
  --json undefined-results.json)
add_test(NAME cli_undefined_reason_in_results_json COMMAND /usr/bin/python3 -c
  "import json; o = json.load(open('undefined-results.json'))['theorems'][0]['outcomes'][0]; print(o['verdict'], o['exact']); assert o['verdict'] == 'inconclusive' and o['exact'].startswith('undefined: outside the domain of sqrt')"
  WORKING_DIRECTORY ${WORK})
set_tests_properties(cli_undefined_reason_in_results_json PROPERTIES DEPENDS cli_undefined_reason_in_results)
# The report says it too: the undecided table marks such cases undefined, its caption gives a reason.
normbound_cli_test(undefined_reason_in_report 2 "exit=2"
  check --theorem-file ${DOMAINS}/sqrt-times-sqrt-nonnegative.toml --cases 20 --report undefined-report)
add_test(NAME cli_undefined_reason_in_report_md COMMAND /usr/bin/python3 -c
  "import re; t = open('undefined-report/report.md').read(); assert re.search(r'9 of them have no value there \\(case 0: undefined: outside the domain of sqrt', t), t; assert '| INCONCLUSIVE | undefined |' in t"
  WORKING_DIRECTORY ${WORK})
set_tests_properties(cli_undefined_reason_in_report_md PROPERTIES DEPENDS cli_undefined_reason_in_report)
# prove: 1/x, log x and x log x are undefined at x = 0, an end of the region: boxes reaching 0 are
# split and left residual (UNDECIDED, exit 2), never proved.
foreach(theorem inverse-at-least-one log-at-most-zero x-log-x-at-most-zero)
  normbound_cli_test(undefined_prove_${theorem} 2 "UNDECIDED.*exit=2"
    prove --theorem-file ${DOMAINS}/${theorem}.toml --region x=[0,1] --max-boxes 400 --threads 2)
endforeach()
