# add_theorem_file_tests(FOLDER): one test per theorem file of FOLDER, which checks it as its
# `expect` says (no VIOLATED case where it holds, a certified one where it is violated): exit 0, or
# 2 where its suite holds a case no precision decides (softmax-lipschitz's vertices at T = 1/10,
# whose slack is below e^-1000), never 1.
# The folder is globbed again at every build, so that a file copied in is a test at the next
# ctest run with no other change (tests/cli/theorem_file_tests_follow_the_folder.sh tests this).
function(add_theorem_file_tests folder)
  file(GLOB specs CONFIGURE_DEPENDS ${folder}/*.toml)
  foreach(spec ${specs})
    get_filename_component(spec_name ${spec} NAME_WE)
    normbound_cli_test(theorem_file_${spec_name} 0 "== 1 theorem, [0-9]+ cases: 1 as expected[ ,=].*exit=[02] "
      check --theorem-file ${spec} --threads 2 --cases 40)
  endforeach()
endfunction()
