// The reading under which Corollary 3's 1/(4T) is right (an extension): every entry of the
// softmax Jacobian is at most 1/(4T) in magnitude, since alpha_i (1 - alpha_i) <= 1/4 and
// alpha_i alpha_j <= 1/4. Equality: L = 2, l = (0, 0) (both entries of each row).
#include "models/random/logit_cases.hpp"
#include "theorems/softmax_inputs.hpp"
#include "theorems/theorem_registration.hpp"
#include "verify/kernels/softmax.hpp"

namespace nb::theorems {

struct SoftmaxJacobianEntry {
  static TheoremInfo info() {
    return {.id = "softmax-jacobian-entry",
            .title = "Softmax Jacobian entries are at most 1/(4T)",
            .source = "arXiv 2508.17821, Corollary 3 (entrywise reading)",
            .fidelity = Fidelity::Extension,
            .expect = Expect::Holds,
            .statement = R"(\max_{i,j}\left|(\nabla_\ell \alpha)_{ij}\right| \le \frac{1}{4T})",
            .summary = "max_ij |J_ij| <= 1/(4T)",
            .assumptions = {"T > 0", "L >= 1"},
            .inputs = {"logits", "T"},
            .reads = {.numbers = {"logits", "T"}},
            .search = {.inputs = {{"logits"}}},
            .shapes = random::kLogitCaseShapes.also_in_default_suite()};
  }

  static std::vector<Case> suite(const SuiteRequest& r) { return random::logit_cases(r, info().id, 4096); }

  static void check_assumptions(const Case& c) { check_logits_and_temperature(c); }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    const auto [logits, T] = softmax_input<R>(c);
    const Vector<R> alpha = softmax(logits, T);
    // The largest entry is on the diagonal or is the product of the two largest weights. For
    // intervals, take the two weights with the largest upper ends: their product's enclosure has
    // upper end >= any pair's, and lower end <= the true maximum, so it encloses the maximum.
    R entry = alpha[0] * (R(1) - alpha[0]);
    for (Eigen::Index i = 1; i < alpha.size(); ++i) entry = max_of(entry, alpha[i] * (R(1) - alpha[i]));
    if (alpha.size() > 1) {
      Eigen::Index first = 0, second = 1;
      if (upper_end_of(alpha[1]) > upper_end_of(alpha[0])) std::swap(first, second);
      for (Eigen::Index i = 2; i < alpha.size(); ++i) {
        if (upper_end_of(alpha[i]) > upper_end_of(alpha[first])) {
          second = first;
          first = i;
        } else if (upper_end_of(alpha[i]) > upper_end_of(alpha[second])) {
          second = i;
        }
      }
      entry = max_of(entry, alpha[first] * alpha[second]);
    }
    entry /= T;
    Sides<R> s;
    s.claim("max_ij |J_ij| <= 1/(4T)", entry, Relation::LessEqual, R(1) / (R(4) * T));
    s.quantity("max_ij |J_ij|", entry);
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(SoftmaxJacobianEntry)
