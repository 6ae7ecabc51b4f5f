# On 2 MPI ranks, rank 0 fails before dealing any work (its --report location is under a file):
# the job must end (not hang) with exit 73 and rank 0's message, and leave no --json file.
find_program(MPIRUN mpirun)
if(NOT MPIRUN)
  message(STATUS "mpirun not found: skipped")
  return()
endif()
file(WRITE ${WORK}/failed-rank-file "")
# check deals cases, reproduce each head's rows: both end when rank 0 fails before dealing.
foreach(run "check;softmax-weight-bounds;--cases;5"
            "reproduce;fig4;--source;random-gpt2:layers=1,heads=2,embd=16,positions=32")
  file(REMOVE ${WORK}/failed-rank.json)
  execute_process(COMMAND ${MPIRUN} --allow-run-as-root --oversubscribe -np 2 ${NB} ${run}
                          --json ${WORK}/failed-rank.json --report ${WORK}/failed-rank-file/report
                  RESULT_VARIABLE status ERROR_VARIABLE err OUTPUT_QUIET TIMEOUT 60)
  if(NOT status EQUAL 73)
    message(FATAL_ERROR "${run}: exit ${status}, expected 73: ${err}")
  endif()
  if(NOT err MATCHES "cannot create output")
    message(FATAL_ERROR "${run}: rank 0's message is missing: ${err}")
  endif()
  if(EXISTS ${WORK}/failed-rank.json)
    message(FATAL_ERROR "${run}: a failed job wrote ${WORK}/failed-rank.json")
  endif()
endforeach()
message(STATUS "the job ended with exit 73 and wrote nothing")
