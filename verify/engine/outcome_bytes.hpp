#pragma once
// A case's outcome as exact bytes (verify/engine/process_bytes.hpp), for an MPI rank that hands
// its cases' outcomes to rank 0: every field travels bit for bit, the doubles near enclosures'
// midpoints too, so that rank 0 holds the very outcomes a one-process run computes (results
// JSON rounds those doubles and sorts the quantities by name).
#include "verify/engine/outcome.hpp"
#include "verify/engine/process_bytes.hpp"

namespace nb {

void write_outcome(ByteWriter& w, const CaseOutcome& o);

// What write_outcome wrote; throws std::logic_error when the bytes hold no outcome.
CaseOutcome read_outcome(ByteReader& r);

}  // namespace nb
