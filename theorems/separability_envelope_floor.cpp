// What the upper envelope of Theorem 2 of arXiv 2508.17821 can be (an extension; notation of
// theorems/separability.hpp): every term of (1/N) sum_{k in I} exp(-(xi_k - r)_+^2 / (2 M^2)) is
// above e^{-1/2} ~ 0.607, so the envelope never "decays rapidly", as the paper says it does.
// Proof: xi_k^2 = M^2 A_k^2 - (delta^2/2)(A_k^2 - Q_k) <= M^2 A_k^2, since A_k^2 - Q_k =
// sum_{j != l in I\k} alpha_j alpha_l >= 0; and A_k = sum_{j in I\k} alpha_j <= 1 - alpha_k < 1
// (softmax weights are positive). So 0 <= (xi_k - r)_+ <= xi_k < M for r > 0, M > 0, and the
// exponent is above -1/2. The infimum e^{-1/2} over admissible inputs is not attained; it is
// approached by two selected tokens of norm M with weights near 1 and near 0 and a tiny given r,
// which the suite includes (family "near-infimum").
#include <cmath>

#include "models/random/vector_cases.hpp"
#include "theorems/separability_inputs.hpp"
#include "theorems/theorem_registration.hpp"

namespace nb::theorems {

struct SeparabilityEnvelopeFloor {
  static TheoremInfo info() {
    return {.id = "separability-envelope-floor",
            .title = "The Theorem 2 upper envelope stays above exp(-1/2)",
            .source = "arXiv 2508.17821, beside Theorem 2 (upper bound): its envelope cannot decay",
            .fidelity = Fidelity::Extension,
            .expect = Expect::Holds,
            .statement = R"(\min_{i\in I_N}\exp\!\Big(-\frac{(\xi_i-r)_+^2}{2M^2}\Big)>e^{-1/2},\ \text{so}\ \frac1N\sum_{i\in I_N}\exp\!\Big(-\frac{(\xi_i-r)_+^2}{2M^2}\Big)>e^{-1/2})",
            .summary = "every term exp(-(xi_i - r)_+^2 / (2 M^2)) of the envelope is > e^{-1/2}",
            .assumptions = [] {
              std::vector<std::string> a = separability_assumptions();
              a.push_back("M > 0 (some x_i != 0)");
              return a;
            }(),
            .inputs = {"logits", "T", "vectors", "N"},
            .reads = separability_reads(),
            .shapes = random::kTokenCaseShapes};
  }

  static std::vector<Case> suite(const SuiteRequest& r) {
    return random::separability_near_infimum_cases(r, info().id);
  }

  static void check_assumptions(const Case& c) {
    check_separability_input(c);
    const ExactTensor& x = c.number("vectors");
    for (std::size_t k = 0; k < x.size(); ++k)
      if (x.exact(k) != 0) return;
    throw InputError("every x_i is 0, so M = 0 and the envelope's exponents are 0/0");
  }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    using std::exp;
    const SeparabilityTerms<R> t = separability_terms<R>(c);
    Sides<R> s;
    s.claim("min_i exp(-(xi_i - r)_+^2 / (2 M^2)) > e^{-1/2}", t.lowest_term, Relation::Greater,
            R(exp(R(-1) / R(2))));
    s.quantity("envelope", t.envelope);
    s.quantity("M", t.M);
    s.quantity("r", t.r);
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(SeparabilityEnvelopeFloor)
