// "Smaller T inflates the gradient like 1/T" (arXiv 2508.17821, abstract and the discussion of
// Corollary 3 and Fig. 4), read literally for one input (heuristic): halving T at least doubles
// the spectral norm of J = (diag a - a a^T)/T,
//   ||J(l, T/2)||_2 >= 2 ||J(l, T)||_2.
// It holds with equality at tied logits (alpha = 1/L at every T, ||J||_2 = 1/(L T)), and it is
// false whenever the top logit is unique and T is small: then ||J(l, T)||_2 <= (1 - ||alpha||^2)/T
// -> 0 as T -> 0 (softmax-jacobian-saturation). What is true is that the supremum over logits,
// 1/(2T) (softmax-jacobian-spectral-sharp), scales like 1/T. The default suite finds certified
// witnesses (spread logits at small T), so the reading is expected to be violated.
#include "models/random/logit_cases.hpp"
#include "theorems/softmax_inputs.hpp"
#include "theorems/theorem_registration.hpp"
#include "verify/kernels/softmax.hpp"
#include "verify/kernels/softmax_jacobian_norm.hpp"

namespace nb::theorems {

struct SoftmaxJacobianTemperatureInflation {
  static TheoremInfo info() {
    return {.id = "softmax-jacobian-temperature-inflation",
            .title = "Halving T doubles the softmax Jacobian's norm ('grows like 1/T'), per input",
            .source = "arXiv 2508.17821, abstract and discussion of Corollary 3 and Fig. 4 (growth like 1/T)",
            .fidelity = Fidelity::Heuristic,
            .expect = Expect::Violated,
            .statement = R"(\left\|\nabla_\ell \alpha\right\|_2\Big|_{T/2} \ge 2\left\|\nabla_\ell \alpha\right\|_2\Big|_{T})",
            .summary = "||J(l, T/2)||_2 >= 2 ||J(l, T)||_2 (per-input reading of 'grows like 1/T')",
            .assumptions = {"T > 0", "L >= 1"},
            .inputs = {"logits", "T"},
            .reads = {.numbers = {"logits", "T"}},
            .search = {.inputs = {{"logits"}}},
            .shapes = random::kLogitCaseShapes.also_in_default_suite()};
  }

  static std::vector<Case> suite(const SuiteRequest& r) { return random::logit_cases(r, info().id, 64); }

  static void check_assumptions(const Case& c) { check_logits_and_temperature(c); }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    const auto [logits, T] = softmax_input<R>(c);
    const R half_T = T / R(2);
    const R at_T = softmax_jacobian_norm(softmax(logits, T), T, c.number("logits"));
    const R at_half_T = softmax_jacobian_norm(softmax(logits, half_T), half_T, c.number("logits"));
    Sides<R> s;
    s.claim("||J(T/2)||_2 >= 2 ||J(T)||_2", at_half_T, Relation::GreaterEqual, R(2) * at_T);
    s.quantity("||J(T)||_2", at_T);
    s.quantity("||J(T/2)||_2", at_half_T);
    s.quantity("T", T);  // the reports plot ||J||_2 T against T
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(SoftmaxJacobianTemperatureInflation)
