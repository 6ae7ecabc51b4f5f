// The finite-difference sensitivity of Section 3.3 of arXiv 2508.17821 (Algorithm 5), with its
// valid envelope (an extension; the printed curve is finite-difference-sensitivity-as-printed):
// for a unit vector v and eps > 0,
//   g(T, eps) = ||softmax((l + eps v)/T) - softmax(l/T)||_2 / eps <= min{1/(2T), sqrt(2)/eps}.
// Proof: softmax-lipschitz with ||l^(1) - l^(2)||_2 = eps gives ||Delta alpha|| <= min{eps/(2T),
// sqrt 2}; divide by eps. Averages over rows and maxima over heads (Algorithm 5) keep the bound.
// Approached, never attained: l = (0, 0), v = (e_1 - e_2)/sqrt 2, eps/T -> 0 gives g -> 1/(2T).
#include "models/random/finite_difference_cases.hpp"
#include "theorems/finite_difference.hpp"
#include "theorems/theorem_registration.hpp"

namespace nb::theorems {

struct FiniteDifferenceSensitivity {
  static TheoremInfo info() {
    return {.id = "finite-difference-sensitivity",
            .title = "Finite-difference sensitivity of softmax, valid envelope (Section 3.3)",
            .source = "arXiv 2508.17821, Section 3.3 (Algorithm 5, Fig. 4)",
            .fidelity = Fidelity::Extension,
            .expect = Expect::Holds,
            .statement = kFiniteDifferenceDefinition + R"( \le \min\left\{\frac{1}{2T}, \frac{\sqrt{2}}{\varepsilon}\right\},\quad \|v\|_2 = 1)",
            .summary = "g(T, eps) = ||sm((l + eps v)/T) - sm(l/T)||/eps <= min{1/(2T), sqrt(2)/eps}, ||v|| = 1",
            .assumptions = kFiniteDifferenceAssumptions,
            .reads = kFiniteDifferenceReads,
            .shapes = random::kLogitCaseShapes.also_in_default_suite()};
  }

  static std::vector<Case> suite(const SuiteRequest& r) {
    return random::finite_difference_cases(r, info().id, 4096);
  }

  static void check_assumptions(const Case& c) { check_finite_difference_inputs(c); }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    return finite_difference_claim<R>(c, "g <= min{1/(2T), sqrt(2)/eps}", [](const R& eps, const R& T) {
      using std::sqrt;
      return min_of(R(1) / (R(2) * T), R(sqrt(R(2)) / eps));
    });
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(FiniteDifferenceSensitivity)
