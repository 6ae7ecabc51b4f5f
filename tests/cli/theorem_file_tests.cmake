# add_theorem_file_tests(FOLDER): one test per theorem file of FOLDER, which checks it as its
# `expect` says (no VIOLATED case where it holds, a certified one where it is violated) and exits 0,
# but for the files named in `undecided` below, whose suite holds a case no precision decides and
# which must then exit 2 (still never 1): softmax-lipschitz's vertices at T = 1/10, whose slack is
# below e^-1000.
# The folder is globbed again at every build, so that a file copied in is a test at the next
# ctest run with no other change (tests/cli/theorem_file_tests_follow_the_folder.sh tests this).
function(add_theorem_file_tests folder)
  file(GLOB specs CONFIGURE_DEPENDS ${folder}/*.toml)
  set(undecided softmax-lipschitz)
  foreach(spec ${specs})
    get_filename_component(spec_name ${spec} NAME_WE)
    set(status 0)
    if(spec_name IN_LIST undecided)
      set(status 2)
    endif()
    normbound_cli_test(theorem_file_${spec_name} ${status} "== 1 theorem, [0-9]+ cases: 1 as expected[ ,=].*exit=${status} "
      check --theorem-file ${spec} --threads 2 --cases 40)
  endforeach()
endfunction()
