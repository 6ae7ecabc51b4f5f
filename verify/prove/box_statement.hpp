#pragma once
// A theorem file's statement evaluated on a box of inputs (verify/prove/region.hpp): its
// definitions and claims in interval arithmetic with every input bound to the enclosure of its
// box, so that each claim's slack enclosure holds the slack at every point of the box.
#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "verify/formula/joint_slack.hpp"
#include "verify/formula/theorem_spec.hpp"
#include "verify/prove/region.hpp"
#include "verify/engine/slack.hpp"
#include "verify/engine/verdict.hpp"

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
// (verify/kernels/softmax_over_box.hpp), or the engine's form for points (naive propagation on a box).
enum class BoxKernels { Range, Engine };

// Which enclosures of a claim's slack an evaluation takes.
//   Natural    the slack evaluated on the box's enclosures (interval propagation), whose width
//              shrinks linearly with the box and grows with every repeated input (dependency).
//   MeanValue  for a claim the natural form does not show to hold, also the mean-value form
//              slack(c) + sum_k g_k (x_k - c_k) (c the box's midpoint, g enclosures of the slack's
//              first derivatives over the box, by forward-mode differentiation of the formulas,
//              verify/prove/gradient_number.hpp), whose overestimate shrinks quadratically, and
//              the monotonicity test: where a derivative has a certain sign, the slack's minimum
//              lies on one face of the box, whose evaluation bounds the slack from below. The
//              slack enclosure is the intersection of them all. A theorem file whose claims or
//              definitions call a function that has no derivative kernel (largest, sort,
//              spectral_norm, vocabulary functions such as sparsemax: whatever the compiler does not
//              differentiate, formula::NoDerivativeKernel) is evaluated in the natural form alone.
// With either, a claim that has a joint slack (verify/formula/joint_slack.hpp) also takes its
// kernel's enclosure (with BoxKernels::Range).
enum class BoxForms { Natural, MeanValue };

const char* box_forms_key(BoxForms f);  // "natural", "mean-value"

// The joint slacks (verify/formula/joint_slack.hpp) an evaluation with `kernels` takes for the
// claims at positions `claims` of `spec` (all of them when empty): (position, joint slack), in the
// order of `claims`. None with BoxKernels::Engine (naive propagation).
std::vector<std::pair<std::size_t, formula::JointSlack>> joint_slacks(const formula::TheoremSpec& spec,
                                                                     const std::vector<std::size_t>& claims,
                                                                     BoxKernels kernels);

class BoxStatement {
 public:
  // `claims`: the positions of the claims of `spec` to prove (empty: all). The spec and region
  // must outlive the statement. Throws UsageError where `spec` holds an expectation sampled at the
  // region's sizes (verify/prove/sampled_expectations.hpp), which no box decides.
  BoxStatement(const formula::TheoremSpec& spec, const Region& region, std::vector<std::size_t> claims,
               BoxKernels kernels, VerdictPolicy policy = {}, BoxForms forms = BoxForms::MeanValue);

  // The verdict on `box` in binary64 intervals (R = DoubleInterval), in MPFI at `bits` (R =
  // Interval) or in Arb balls at `bits` (R = ArbInterval, recheck's second arithmetic); sets the
  // calling thread's working precisions. The `positive` inputs are assumptions
  // decided exactly on the box's rational ends; each [[assume]] as a claim is, on the box.
  template <class R>
  BoxVerdict evaluate(const Box& box, unsigned bits = 53) const;

  const std::vector<std::size_t>& claims() const { return claims_; }
  BoxKernels kernels() const { return kernels_; }
  BoxForms forms() const { return forms_; }
  // Whether the mean-value form and the monotonicity test apply: BoxForms::MeanValue, and every
  // definition and claim has derivatives.
  bool uses_derivatives() const { return forms_ == BoxForms::MeanValue && differentiable_; }

 private:
  const formula::TheoremSpec& spec_;
  const Region& region_;
  std::vector<std::size_t> claims_;
  BoxKernels kernels_;
  VerdictPolicy policy_;
  BoxForms forms_;
  bool differentiable_ = false;
  std::vector<std::optional<formula::JointSlack>> joint_;  // per claim of spec_ (BoxKernels::Range only)

  // The slacks of the claims at positions `which` (of spec_.claims) on `box`, in the natural form.
  template <class R>
  std::vector<R> natural_slacks(const Box& box, const std::vector<std::size_t>& which) const;
  // Narrows slacks[j], the natural enclosure of the slack of claim claims_[j] on `box`, for each j
  // with tighten[j], by the mean-value form and the monotonicity test (BoxForms::MeanValue).
  template <class R>
  void tighten(const Box& box, const std::vector<bool>& tighten, std::vector<R>& slacks) const;
};

}  // namespace nb::prove
