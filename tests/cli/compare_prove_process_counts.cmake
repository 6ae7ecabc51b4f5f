# Runs `prove` in one process and on 2 MPI ranks (mpirun) and requires the same proof: the same
# exit status, the same certificate byte for byte (every cut, leaf, tier and precision) and the
# same JSON but for the seconds, for a proof of many leaves, a refuted statement (VIOLATED at the
# same certified counterexample) and a proof the box limit stops (UNDECIDED, its last wave empty).
# The 2-rank runs print their outcome once (rank 1 prints nothing). Without mpirun on the PATH the
# test is skipped.
find_program(MPIRUN mpirun)
if(NOT MPIRUN)
  message(STATUS "mpirun not found: skipped")
  return()
endif()
get_filename_component(over_t ${CMAKE_CURRENT_LIST_DIR}/../prove/data/jacobian-norm-below-half-over-t.toml ABSOLUTE)
get_filename_component(through_t ${CMAKE_CURRENT_LIST_DIR}/../prove/data/top-weight-bound-through-t.toml ABSOLUTE)

# Runs `normbound ARGN --json FILE --certificate FILE` in one process and on 2 ranks, and fails
# unless both exit `expected_status` with the same JSON (seconds aside) and certificate, and the
# 2-rank run prints the limits line and `outcome` once. Sets `json` to the JSON.
function(expect_same_proof name expected_status outcome)
  foreach(k 1 2)
    set(command ${NB} ${ARGN} --json ${WORK}/${name}-${k}.json --certificate ${WORK}/${name}-${k}.cert.json)
    if(k EQUAL 2)
      set(command ${MPIRUN} --allow-run-as-root --oversubscribe -np 2 ${command})
    endif()
    file(REMOVE ${WORK}/${name}-${k}.json ${WORK}/${name}-${k}.cert.json)
    execute_process(COMMAND ${command} RESULT_VARIABLE status_${k} OUTPUT_VARIABLE out_${k} ERROR_VARIABLE err)
    if(NOT status_${k} EQUAL expected_status OR NOT EXISTS ${WORK}/${name}-${k}.cert.json)
      message(FATAL_ERROR "${name}: exit ${status_${k}} (${expected_status} expected) in run ${k} of 2: ${err}")
    endif()
    file(READ ${WORK}/${name}-${k}.cert.json cert_${k})
    file(READ ${WORK}/${name}-${k}.json json_${k})
    string(JSON json_${k} REMOVE "${json_${k}}" seconds)  # the one field that may differ
  endforeach()
  if(NOT cert_1 STREQUAL cert_2)
    message(FATAL_ERROR "${name}: the certificates differ between one process and 2 MPI ranks")
  endif()
  if(NOT json_1 STREQUAL json_2)
    message(FATAL_ERROR "${name}: the JSON differs between one process and 2 MPI ranks")
  endif()
  foreach(line " thread\\(s\\) on each of 2 MPI ranks\n" "\n${outcome}")  # of the limits line, and the outcome
    string(REGEX MATCHALL "${line}" found "${out_2}")
    list(LENGTH found n)
    if(NOT n EQUAL 1)
      message(FATAL_ERROR "${name}: '${line}' printed ${n} times on 2 ranks, not once:\n${out_2}")
    endif()
  endforeach()
  set(json "${json_1}" PARENT_SCOPE)
endfunction()

expect_same_proof(prove-many-leaves 0 "PROVEN ON REGION" prove --theorem-file ${over_t} --size L=3
                  --region logits=[-1/2,1/2] --region T=[1,2] --threads 2)
string(JSON leaves GET "${json}" leaves proven)
if(leaves LESS 100)
  message(FATAL_ERROR "prove-many-leaves: ${leaves} proven leaves, not the hundreds expected")
endif()
expect_same_proof(prove-violated 0 "VIOLATED" prove softmax-jacobian-spectral-as-printed --size L=2
                  --region logits=[-1,1] --region T=[1,1] --threads 2)
string(JSON witness TYPE "${json}" witness)
if(NOT witness STREQUAL "OBJECT")
  message(FATAL_ERROR "prove-violated: no counterexample in the JSON")
endif()
expect_same_proof(prove-box-limit 2 "UNDECIDED" prove --theorem-file ${through_t} --size L=3
                  --region logits=[-2,2] --region T=[1/2,2] --max-boxes 40 --threads 2)
message(STATUS "identical proofs in one process and on 2 MPI ranks")
