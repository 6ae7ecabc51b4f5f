#include "verify/prove/shared_kernels.hpp"

#include <set>

namespace nb::prove {
namespace {

enum class Kernel { MeanValueForm, SoftmaxOverBox, Softmax, JacobianNormOverBox, SpectralNorm, Largest, SumOfOthers, TopWeightGap };

const char* kernel_name(Kernel k) {
  switch (k) {
    case Kernel::MeanValueForm: return "the mean-value form and monotonicity test (verify/prove/gradient_number.hpp)";
    case Kernel::SoftmaxOverBox: return "softmax over a box (verify/kernels/softmax_over_box.hpp)";
    case Kernel::Softmax: return "the engine's softmax (verify/kernels/softmax.hpp)";
    case Kernel::JacobianNormOverBox:
      return "the softmax Jacobian's norm over a box (verify/kernels/softmax_jacobian_norm_over_box.hpp)";
    case Kernel::SpectralNorm: return "the general spectral norm (verify/kernels/spectral_norm.hpp)";
    case Kernel::Largest: return "largest (verify/kernels/kth_largest.hpp)";
    case Kernel::SumOfOthers: return "sum_of_others (verify/kernels/softmax.hpp)";
    case Kernel::TopWeightGap:
      return "the top weight's gap to the softmax Jacobian's norm, a joint slack (verify/kernels/top_weight_downdate_gap.hpp)";
  }
  return "";
}

// The kernels `n` calls over a box, as formula_evaluation.hpp's evaluate_over_box dispatches them
// (with Range kernels: spectral_norm(softmax_jacobian(l, T)) is the Jacobian's kernel, whose
// softmax_jacobian argument is not evaluated as a matrix).
void collect(const formula::Node& n, BoxKernels kernels, std::set<Kernel>& found) {
  if (n.kind == formula::Node::Kind::Call) {
    const bool jacobian_norm = kernels == BoxKernels::Range && n.text == "spectral_norm" && n.args.size() == 1 &&
                               n.args[0].kind == formula::Node::Kind::Call && n.args[0].text == "softmax_jacobian" &&
                               n.args[0].args.size() == 2;
    if (jacobian_norm) {
      found.insert(Kernel::JacobianNormOverBox);
      for (const formula::Node& a : n.args[0].args) collect(a, kernels, found);
      return;
    }
    if (n.text == "softmax" || n.text == "softmax_jacobian")
      found.insert(kernels == BoxKernels::Range ? Kernel::SoftmaxOverBox : Kernel::Softmax);
    if (n.text == "spectral_norm") found.insert(Kernel::SpectralNorm);
    if (n.text == "largest") found.insert(Kernel::Largest);
    if (n.text == "sum_of_others") found.insert(Kernel::SumOfOthers);
  }
  for (const formula::Node& a : n.args) collect(a, kernels, found);
}

}  // namespace

std::vector<std::string> shared_kernels(const formula::TheoremSpec& spec, const std::vector<std::size_t>& claims,
                                        BoxKernels kernels, bool derivatives) {
  std::set<Kernel> found;
  if (derivatives) found.insert(Kernel::MeanValueForm);
  // The derivatives are taken of the engine's kernels (formula_evaluation.hpp).
  std::vector<BoxKernels> evaluations = {kernels};
  if (derivatives) evaluations.push_back(BoxKernels::Engine);
  for (BoxKernels e : evaluations) {
    for (const auto& [name, f] : spec.definitions) collect(f.root, e, found);
    for (std::size_t k : claims) {
      collect(spec.claims[k].value.root, e, found);
      collect(spec.claims[k].bound.root, e, found);
    }
  }
  if (!joint_slacks(spec, claims, kernels).empty()) found.insert({Kernel::TopWeightGap, Kernel::SoftmaxOverBox});
  std::vector<std::string> names;
  for (Kernel k : found) names.push_back(kernel_name(k));
  return names;
}

}  // namespace nb::prove
