// Corollary 3 of arXiv 2508.17821 as printed:  ||d alpha / d l||_2 <= min{1/(4T), sqrt 2}.
// As a spectral-norm bound it is false: at L = 2, l = (0, 0), J = [[1,-1],[-1,1]]/(4T) has
// ||J||_2 = 1/(2T) > 1/(4T) for every T > 0. The suite must find this by itself (case 0 is that
// witness; ties and top ties give many more).
#include "models/random/logit_cases.hpp"
#include "theorems/softmax_inputs.hpp"
#include "theorems/theorem_registration.hpp"
#include "verify/kernels/softmax.hpp"
#include "verify/kernels/softmax_jacobian_norm.hpp"

namespace nb::theorems {

struct SoftmaxJacobianSpectralAsPrinted {
  static TheoremInfo info() {
    return {.id = "softmax-jacobian-spectral-as-printed",
            .title = "Softmax Jacobian spectral norm, as printed (Corollary 3)",
            .source = "arXiv 2508.17821, Corollary 3 (and the dashed curve of Fig. 4)",
            .fidelity = Fidelity::Verbatim,
            .expect = Expect::Violated,
            .statement = R"(\left\|\nabla_\ell \alpha\right\|_2 \le \min\left\{\frac{1}{4T}, \sqrt{2}\right\},\quad \alpha = \mathrm{softmax}(\ell/T))",
            .summary = "||J||_2 <= min{1/(4T), sqrt(2)} for J = (diag a - a a^T)/T",
            .assumptions = {"T > 0", "L >= 1"},
            .corrected_by = "softmax-jacobian-spectral-sharp",
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
    using std::sqrt;
    const auto [logits, T] = softmax_input<R>(c);
    const R norm = softmax_jacobian_norm(softmax(logits, T), T, c.number("logits"));
    Sides<R> s;
    s.claim("||J||_2 <= min{1/(4T), sqrt 2}", norm, Relation::LessEqual,
            min_of(R(1) / (R(4) * T), sqrt(R(2))));
    s.quantity("||J||_2", norm);
    s.quantity("||J||_2 * T", norm * T);
    s.quantity("T", T);  // the reports plot ||J||_2 T against T
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(SoftmaxJacobianSpectralAsPrinted)
