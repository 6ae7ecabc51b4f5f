// The envelope of Section 3.3 / Fig. 4 of arXiv 2508.17821 as printed (the dashed curve, also
// Corollary 3): for a unit vector v,
//   g(T, eps) = ||softmax((l + eps v)/T) - softmax(l/T)||_2 / eps <= min{1/(4T), sqrt 2}.
// It is false, in both terms (shown here, against Section 3.3 and Corollary 3): g approaches 1/(2T), not 1/(4T),
// along v = (e_1 - e_2)/sqrt 2 at l = (0, 0); and sqrt 2 caps ||Delta alpha||, not a quotient by
// eps, so g exceeds sqrt 2 for small T. Case 0 of the suite is the paper's setting T = 0.01,
// eps = 10^-3 at l = (0, 0): g = 49.9 > min{25, sqrt 2}. The default suite finds it by itself
// (case 0, and ties with pair directions at many T): expect violated.
#include "models/random/finite_difference_cases.hpp"
#include "theorems/finite_difference.hpp"
#include "theorems/theorem_registration.hpp"

namespace nb::theorems {

struct FiniteDifferenceSensitivityAsPrinted {
  static TheoremInfo info() {
    return {.id = "finite-difference-sensitivity-as-printed",
            .title = "Finite-difference sensitivity of softmax, as printed (Fig. 4)",
            .source = "arXiv 2508.17821, Section 3.3 and Fig. 4 (dashed curve)",
            .fidelity = Fidelity::Verbatim,
            .expect = Expect::Violated,
            .statement = kFiniteDifferenceDefinition + R"( \le \min\left\{\frac{1}{4T}, \sqrt{2}\right\},\quad \|v\|_2 = 1)",
            .summary = "g(T, eps) = ||sm((l + eps v)/T) - sm(l/T)||/eps <= min{1/(4T), sqrt 2}, ||v|| = 1",
            .assumptions = kFiniteDifferenceAssumptions,
            .corrected_by = "finite-difference-sensitivity",
            .reads = kFiniteDifferenceReads,
            .shapes = random::kLogitCaseShapes.also_in_default_suite()};
  }

  static std::vector<Case> suite(const SuiteRequest& r) {
    return random::finite_difference_cases(r, info().id, 4096);
  }

  static void check_assumptions(const Case& c) { check_finite_difference_inputs(c); }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    return finite_difference_claim<R>(c, "g <= min{1/(4T), sqrt 2}", [](const R& /*eps*/, const R& T) {
      using std::sqrt;
      return min_of(R(1) / (R(4) * T), R(sqrt(R(2))));
    });
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(FiniteDifferenceSensitivityAsPrinted)
