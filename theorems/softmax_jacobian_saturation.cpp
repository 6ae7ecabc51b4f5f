// Saturation of the softmax Jacobian (an extension beside Corollary 3 of arXiv 2508.17821): for
// J = (diag a - a a^T)/T,
//   ||J||_2 <= (1 - ||alpha||_2^2) / T <= 2 (1 - max_i alpha_i) / T.
// Proof: T J is symmetric positive semidefinite (u^T T J u is the variance of u under alpha), so
// its largest eigenvalue is at most its trace, sum_i alpha_i - sum_i alpha_i^2 = 1 - ||alpha||^2.
// And 1 - ||alpha||^2 = (1 - alpha_m)(1 + alpha_m) - sum_{i != m} alpha_i^2 <= 2 (1 - alpha_m) for
// the top weight alpha_m. Equality in the first at L = 2, where T J has rank one (every L = 2
// case of the suite); in the second at alpha = (1, 0, ...) only, a limit.
// This is what is true of "smaller T inflates the gradient like 1/T" for one input: 1/T grows, but
// 1 - ||alpha||^2 -> 0 as T -> 0 whenever the top logit is unique, and ||J||_2 -> 0 with it
// (softmax-jacobian-temperature-inflation is the prose read literally).
#include "models/random/logit_cases.hpp"
#include "theorems/softmax_inputs.hpp"
#include "theorems/theorem_registration.hpp"
#include "verify/kernels/softmax.hpp"
#include "verify/kernels/softmax_jacobian_norm.hpp"
#include "verify/kernels/top_n.hpp"

namespace nb::theorems {

struct SoftmaxJacobianSaturation {
  static TheoremInfo info() {
    return {.id = "softmax-jacobian-saturation",
            .title = "Softmax Jacobian spectral norm vanishes as the weights saturate",
            .source = "arXiv 2508.17821, beside Corollary 3 (trace bound of a PSD matrix)",
            .fidelity = Fidelity::Extension,
            .expect = Expect::Holds,
            .statement = R"(\left\|\nabla_\ell \alpha\right\|_2 \le \frac{1-\|\alpha\|_2^2}{T} \le \frac{2(1-\max_i\alpha_i)}{T})",
            .summary = "||J||_2 <= (1 - ||a||_2^2)/T <= 2 (1 - max_i a_i)/T",
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
    const Vector<R> alpha = softmax(logits, T);
    const R norm = softmax_jacobian_norm(alpha, T, c.number("logits"));
    const Vector<R> others = weights_of_the_others(alpha);  // 1 - alpha_i
    R trace = R(0);  // sum_i alpha_i (1 - alpha_i) = 1 - ||alpha||^2
    for (Eigen::Index i = 0; i < alpha.size(); ++i) trace += alpha[i] * others[i];
    const R saturation = trace / T;
    const R rest_of_top = others[static_cast<Eigen::Index>(top_n(c.number("logits"), 1).selected[0])];
    Sides<R> s;
    s.claim("||J||_2 <= (1 - ||alpha||^2)/T", norm, Relation::LessEqual, saturation);
    s.claim("(1 - ||alpha||^2)/T <= 2 (1 - max_i alpha_i)/T", saturation, Relation::LessEqual,
            R(2) * rest_of_top / T);
    s.quantity("||J||_2", norm);
    s.quantity("1 - ||alpha||_2^2", trace);
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(SoftmaxJacobianSaturation)
