# Runs `reproduce --all` on a small random model (with a second normalizer and a second seed, so
# that every experiment, the comparison and the certified checks run) in one process and on 2 MPI
# ranks (mpirun), each in a directory of its own with the same relative output names, and requires
# the same exit status and byte-identical files: the JSON and every file of the report. Without
# mpirun on the PATH the test is skipped.
find_program(MPIRUN mpirun)
if(NOT MPIRUN)
  message(STATUS "mpirun not found: skipped")
  return()
endif()
set(args reproduce --all --source random-gpt2:layers=2,heads=2,embd=32,positions=128 --rows 8 --samples 8
    --normalizer softmax sparsemax --compare-seed 5 --threads 1 --json reproduction.json --report report --no-timestamp)
foreach(k 1 2)
  set(dir ${WORK}/reproduce-processes-${k})
  file(REMOVE_RECURSE ${dir})
  file(MAKE_DIRECTORY ${dir})
  if(k EQUAL 1)
    set(command ${NB} ${args})
  else()
    set(command ${MPIRUN} --allow-run-as-root --oversubscribe -np 2 ${NB} ${args})
  endif()
  execute_process(COMMAND ${command} WORKING_DIRECTORY ${dir} RESULT_VARIABLE status_${k} OUTPUT_QUIET
                  ERROR_VARIABLE err_${k} TIMEOUT 300)
  if(NOT EXISTS ${dir}/reproduction.json OR NOT EXISTS ${dir}/report/report.md)
    message(FATAL_ERROR "no reproduction from ${k} process(es) (exit ${status_${k}}): ${err_${k}}")
  endif()
  file(GLOB_RECURSE files_${k} RELATIVE ${dir} ${dir}/*)
  list(SORT files_${k})
endforeach()
if(NOT status_1 EQUAL status_2)
  message(FATAL_ERROR "exit status ${status_1} in one process, ${status_2} on 2 ranks")
endif()
if(NOT files_1 STREQUAL files_2)
  message(FATAL_ERROR "different files: one process wrote ${files_1}; 2 ranks wrote ${files_2}")
endif()
foreach(f ${files_1})
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${WORK}/reproduce-processes-1/${f}
                          ${WORK}/reproduce-processes-2/${f} RESULT_VARIABLE differs)
  if(differs)
    message(FATAL_ERROR "${f} differs between one process and 2 MPI ranks")
  endif()
endforeach()
list(LENGTH files_1 count)
message(STATUS "reproduce: ${count} files identical in one process and on 2 MPI ranks")
