// The Frobenius norm of the softmax Jacobian J = (diag a - a a^T)/T (an extension beside
// Corollary 3 of arXiv 2508.17821):
//   ||J||_F <= sqrt(p (1 - p)) / T <= 1/(2T),   p = ||alpha||_2^2.
// Proof: T^2 ||J||_F^2 = sum_i alpha_i^2 (1 - alpha_i)^2 + sum_{i != j} alpha_i^2 alpha_j^2
//   = p - 2 sum_i alpha_i^3 + p^2, and by Cauchy-Schwarz
//   p^2 = (sum_i alpha_i^{1/2} alpha_i^{3/2})^2 <= (sum_i alpha_i)(sum_i alpha_i^3) = sum_i alpha_i^3,
// so T^2 ||J||_F^2 <= p - p^2 = p (1 - p) <= 1/4. Equality in the first step iff the alpha_i are
// equal (Cauchy-Schwarz with every alpha_i > 0): tied logits, any L; in the second iff p = 1/2,
// which equal weights reach only at L = 2. So ||J||_F = 1/(2T) exactly at L = 2, l = (0, 0) (case
// 0 of the suite), the maximum a random search over the simplex also finds.
#include <cmath>

#include "models/random/logit_cases.hpp"
#include "theorems/softmax_inputs.hpp"
#include "theorems/theorem_registration.hpp"
#include "verify/kernels/softmax.hpp"

namespace nb::theorems {

struct SoftmaxJacobianFrobenius {
  static TheoremInfo info() {
    return {.id = "softmax-jacobian-frobenius",
            .title = "Softmax Jacobian Frobenius norm is at most 1/(2T)",
            .source = "arXiv 2508.17821, beside Corollary 3 (Cauchy-Schwarz on the weights)",
            .fidelity = Fidelity::Extension,
            .expect = Expect::Holds,
            .statement = R"(\left\|\nabla_\ell \alpha\right\|_F \le \frac{\sqrt{\|\alpha\|_2^2(1-\|\alpha\|_2^2)}}{T} \le \frac{1}{2T})",
            .summary = "||J||_F <= sqrt(p (1 - p))/T <= 1/(2T), p = ||a||_2^2",
            .assumptions = {"T > 0", "L >= 1"},
            .inputs = {"logits", "T"},
            .reads = {.numbers = {"logits", "T"}},
            .search = {.inputs = {{"logits"}}},
            .shapes = random::kLogitCaseShapes};
  }

  static std::vector<Case> suite(const SuiteRequest& r) { return random::logit_cases(r, info().id, 64); }

  static void check_assumptions(const Case& c) { check_logits_and_temperature(c); }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    using std::sqrt;
    const auto [logits, T] = softmax_input<R>(c);
    const Vector<R> alpha = softmax(logits, T);
    const Vector<R> others = weights_of_the_others(alpha);  // 1 - alpha_i, without cancellation
    // ||T J||_F^2 entry by entry, from the definition; p (1 - p) with 1 - p = sum_i alpha_i (1 - alpha_i).
    R squares = R(0), p = R(0), one_minus_p = R(0);
    for (Eigen::Index i = 0; i < alpha.size(); ++i) {
      p += alpha[i] * alpha[i];
      one_minus_p += alpha[i] * others[i];
      for (Eigen::Index j = 0; j < alpha.size(); ++j) {
        const R entry = i == j ? alpha[i] * others[i] : alpha[i] * alpha[j];
        squares += entry * entry;
      }
    }
    const R frobenius = sqrt(squares) / T;
    const R middle = sqrt(p * one_minus_p) / T;
    Sides<R> s;
    s.claim("||J||_F <= sqrt(p (1 - p))/T", frobenius, Relation::LessEqual, middle);
    s.claim("sqrt(p (1 - p))/T <= 1/(2T)", middle, Relation::LessEqual, R(1) / (R(2) * T));
    s.quantity("||J||_F", frobenius);
    s.quantity("p = ||alpha||_2^2", p);
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(SoftmaxJacobianFrobenius)
