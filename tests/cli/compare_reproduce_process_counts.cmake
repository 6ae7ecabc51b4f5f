# Runs `reproduce --all` on a small random model (with a second normalizer and a second seed, so
# that every experiment, the comparison and the certified checks run) in one process and on 2 and
# on 4 MPI ranks (mpirun; with more than 2, a rank done with one exchange could run ahead into the
# next while rank 0 still deals the first), each in a directory of its own with the same relative output
# names, and requires the same exit status and byte-identical files: the JSON and every file of
# the report. Without mpirun on the PATH the test is skipped.
find_program(MPIRUN mpirun)
if(NOT MPIRUN)
  message(STATUS "mpirun not found: skipped")
  return()
endif()
set(args reproduce --all --source random-gpt2:layers=2,heads=2,embd=32,positions=128 --rows 8 --samples 8
    --normalizer softmax sparsemax --compare-seed 5 --threads 1 --json reproduction.json --report report --no-timestamp)
foreach(k 1 2 4)
  set(dir ${WORK}/reproduce-processes-${k})
  file(REMOVE_RECURSE ${dir})
  file(MAKE_DIRECTORY ${dir})
  if(k EQUAL 1)
    set(command ${NB} ${args})
  else()
    set(command ${MPIRUN} --allow-run-as-root --oversubscribe -np ${k} ${NB} ${args})
  endif()
  execute_process(COMMAND ${command} WORKING_DIRECTORY ${dir} RESULT_VARIABLE status_${k} OUTPUT_QUIET
                  ERROR_VARIABLE err_${k} TIMEOUT 300)
  if(NOT EXISTS ${dir}/reproduction.json OR NOT EXISTS ${dir}/report/report.md)
    message(FATAL_ERROR "no reproduction from ${k} process(es) (exit ${status_${k}}): ${err_${k}}")
  endif()
  file(GLOB_RECURSE files_${k} RELATIVE ${dir} ${dir}/*)
  list(SORT files_${k})
endforeach()
foreach(k 2 4)
  if(NOT status_1 EQUAL status_${k})
    message(FATAL_ERROR "exit status ${status_1} in one process, ${status_${k}} on ${k} ranks")
  endif()
  if(NOT files_1 STREQUAL files_${k})
    message(FATAL_ERROR "different files: one process wrote ${files_1}; ${k} ranks wrote ${files_${k}}")
  endif()
  foreach(f ${files_1})
    execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${WORK}/reproduce-processes-1/${f}
                            ${WORK}/reproduce-processes-${k}/${f} RESULT_VARIABLE differs)
    if(differs)
      message(FATAL_ERROR "${f} differs between one process and ${k} MPI ranks")
    endif()
  endforeach()
endforeach()
list(LENGTH files_1 count)
message(STATUS "reproduce: ${count} files identical in one process and on 2 and 4 MPI ranks")
