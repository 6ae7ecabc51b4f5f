#pragma once
// A wave's box results as exact bytes (verify/engine/process_bytes.hpp), for the MPI ranks of a
// region proof: every rank builds the tree and the next wave from rank 0's shared bytes, so each
// field must read back exactly (the slack end with its precision and every bit, the candidate's
// rationals whole), or the ranks' trees could part.
#include <optional>

#include "verify/engine/process_bytes.hpp"
#include "verify/prove/box_result.hpp"

namespace nb::prove {

// An empty `result` is a box not reached before the deadline.
void write_box_result(ByteWriter& w, const std::optional<BoxResult>& result);

// What write_box_result wrote; throws std::logic_error when the bytes hold no box result.
std::optional<BoxResult> read_box_result(ByteReader& r);

}  // namespace nb::prove
