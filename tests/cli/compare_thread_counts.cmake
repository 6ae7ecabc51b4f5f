# Runs the same check with 1 and 2 threads and requires identical per-case results.
foreach(t 1 2)
  execute_process(COMMAND ${NB} check softmax-jacobian-spectral-sharp softmax-weight-bounds topn-distance-fixed --cases 10 --seed 3 --threads ${t} --json ${WORK}/threads-${t}.json
                          --cases-dir ${WORK}/threads-cases-${t}
                  RESULT_VARIABLE status OUTPUT_QUIET)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "normbound check exited ${status} with --threads ${t}")
  endif()
  file(READ ${WORK}/threads-${t}.json json_${t})
  string(JSON theorems_${t} GET "${json_${t}}" theorems)
endforeach()
if(NOT theorems_1 STREQUAL theorems_2)
  string(REPLACE "threads-cases-1" "threads-cases-2" theorems_1 "${theorems_1}")
  if(NOT theorems_1 STREQUAL theorems_2)
    message(FATAL_ERROR "results differ between --threads 1 and --threads 2")
  endif()
endif()
message(STATUS "identical results with 1 and 2 threads")
