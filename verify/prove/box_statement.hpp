#pragma once
// A theorem file's statement evaluated on a box of inputs (verify/prove/region.hpp): its
// definitions and claims in interval arithmetic with every input bound to the enclosure of its
// box, so that each claim's slack enclosure holds the slack at every point of the box.
#include <cstddef>
#include <vector>

#include "verify/formula/theorem_spec.hpp"
#include "verify/prove/region.hpp"
#include "verify/slack.hpp"
#include "verify/verdict.hpp"

namespace nb::prove {

// What one evaluation says of a whole box.
enum class BoxStatus {
  Holds,               // every claim certainly holds at every point (every assumption too)
  Fails,               // some claim certainly fails at every point, where the assumptions hold
  OutsideAssumptions,  // some assumption certainly fails at every point: nothing to prove there
  Undecided,           // none of these: a smaller box, or more precision, may decide
};

const char* box_status_key(BoxStatus s);  // "holds", "fails", "outside-assumptions", "undecided"

struct BoxVerdict {
  BoxStatus status = BoxStatus::Undecided;
  std::vector<SlackEnclosure> slacks;  // of the claims evaluated (none when outside the assumptions)
  // The sum of the widths of the slack enclosures of the claims not yet certain to hold, in
  // binary64 (+inf when one is unknown): how far the box is from deciding, to steer splitting.
  double undecided_width = 0;
};

// Which softmax an evaluation uses: the form whose enclosure is the weights' range over the box
// (verify/softmax_over_box.hpp), or the engine's form for points (naive propagation on a box).
enum class BoxKernels { Range, Engine };

class BoxStatement {
 public:
  // `claims`: the positions of the claims of `spec` to prove (empty: all). The spec and region
  // must outlive the statement.
  BoxStatement(const formula::TheoremSpec& spec, const Region& region, std::vector<std::size_t> claims,
               BoxKernels kernels, VerdictPolicy policy = {});

  // The verdict on `box` in binary64 intervals (R = DoubleInterval) or in MPFI at `bits` (R =
  // Interval; sets the calling thread's working precision). The `positive` inputs are assumptions
  // decided exactly on the box's rational ends; each [[assume]] as a claim is, on the box.
  template <class R>
  BoxVerdict evaluate(const Box& box, unsigned bits = 53) const;

  const std::vector<std::size_t>& claims() const { return claims_; }
  BoxKernels kernels() const { return kernels_; }

 private:
  const formula::TheoremSpec& spec_;
  const Region& region_;
  std::vector<std::size_t> claims_;
  BoxKernels kernels_;
  VerdictPolicy policy_;
};

}  // namespace nb::prove
