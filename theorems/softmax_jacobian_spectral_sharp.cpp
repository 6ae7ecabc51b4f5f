// The sharp spectral bounds beside Corollary 3 (an extension of the paper):
//   ||J||_2 <= 1/(2T)            for unit u, u^T (diag a - a a^T) u = Var_a(u) <= (max u - min u)^2/4
//                                <= 1/2 (Popoviciu), equality at L = 2, l = (0, 0);
//   ||J||_2 <= max_i alpha_i / T  diag a - a a^T is positive semidefinite and below diag a.
#include "models/random/logit_cases.hpp"
#include "theorems/softmax_inputs.hpp"
#include "theorems/theorem_registration.hpp"
#include "verify/kernels/softmax.hpp"
#include "verify/kernels/softmax_jacobian_norm.hpp"

namespace nb::theorems {

struct SoftmaxJacobianSpectralSharp {
  static TheoremInfo info() {
    return {.id = "softmax-jacobian-spectral-sharp",
            .title = "Softmax Jacobian spectral norm, sharp bounds",
            .source = "arXiv 2508.17821, beside Corollary 3 (Popoviciu's variance inequality)",
            .fidelity = Fidelity::Extension,
            .expect = Expect::Holds,
            .statement = R"(\left\|\nabla_\ell \alpha\right\|_2 \le \frac{1}{2T}\quad\text{and}\quad \left\|\nabla_\ell \alpha\right\|_2 \le \frac{\max_i \alpha_i}{T})",
            .summary = "||J||_2 <= 1/(2T) and ||J||_2 <= max_i a_i / T",
            .assumptions = {"T > 0", "L >= 1"},
            .inputs = {"logits", "T"},
            .reads = {.numbers = {"logits", "T"}},
            .search = {.inputs = {{"logits"}}},
            .shapes = random::kLogitCaseShapes.also_in_default_suite()};
  }

  static std::vector<Case> suite(const SuiteRequest& r) {
    return random::logit_cases(r, info().id, 64);
  }

  static void check_assumptions(const Case& c) { check_logits_and_temperature(c); }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    const auto [logits, T] = softmax_input<R>(c);
    const Vector<R> alpha = softmax(logits, T);
    const R norm = softmax_jacobian_norm(alpha, T, c.number("logits"));
    R alpha_max = alpha[0];
    for (Eigen::Index i = 1; i < alpha.size(); ++i) alpha_max = max_of(alpha_max, alpha[i]);
    Sides<R> s;
    s.claim("||J||_2 <= 1/(2T)", norm, Relation::LessEqual, R(1) / (R(2) * T));
    s.claim("||J||_2 <= max_i alpha_i / T", norm, Relation::LessEqual, alpha_max / T);
    s.quantity("||J||_2", norm);
    s.quantity("max_i alpha_i", alpha_max);
    s.quantity("T", T);  // the reports plot ||J||_2 T against T
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(SoftmaxJacobianSpectralSharp)
