// Lemma 2 of arXiv 2508.17821, reconstructed (the printed formula is not available): for
// alpha_i = F(l_i) / S, S = sum_j F(l_j), with F smooth and positive,
//   grad alpha = diag(F') / S - F F'^T / S^2                       (entry (i, j) = d alpha_i / d l_j)
//   ||grad alpha||_2 <= max_i |F'(l_i)| / S + ||F||_2 ||F'||_2 / S^2                       (1)
//                    <= (1/L) (max_i |F'(l_i)| / min_j F(l_j) + ||F||_2 ||F'||_2 / (L min_j F(l_j)^2)).  (2)
// Proof: (1) is the triangle inequality, with ||diag(F')||_2 = max_i |F'_i| and the rank-one
// ||F F'^T||_2 = ||F||_2 ||F'||_2; (2) follows from S >= L min_j F(l_j) > 0.
// Equality in (2) when all F(l_j) are equal (ties); (1) is strict for L >= 2.
// Evaluation: every term is homogeneous of degree 0 in (F, F', S), so it is computed from
// alpha = F/S and beta = F'/S (e.g. max|F'|/min F = max|beta|/min alpha), which softmax gets
// without overflow; the values are exactly the paper's.
#include "models/random/normalizer_cases.hpp"
#include "theorems/normalizer_inputs.hpp"
#include "theorems/theorem_registration.hpp"
#include "verify/kernels/euclidean_norm.hpp"
#include "verify/kernels/spectral_norm.hpp"

namespace nb::theorems {

struct NormalizerJacobianBound {
  static TheoremInfo info() {
    return {.id = "normalizer-jacobian-bound",
            .title = "Jacobian of a general normalizer (Lemma 2, reconstructed)",
            .source = "arXiv 2508.17821, Lemma 2",
            .fidelity = Fidelity::Reconstructed,
            .expect = Expect::Holds,
            .statement = R"(\|\nabla_\ell\alpha\|_2 \le \frac{\max_i|F'(\ell_i)|}{S} + \frac{\|F\|_2\|F'\|_2}{S^2} \le \frac{1}{L}\Big(\frac{\max_i|F'(\ell_i)|}{\min_j F(\ell_j)} + \frac{\|F\|_2\|F'\|_2}{L\min_j F(\ell_j)^2}\Big),\quad \nabla_\ell\alpha = \frac{\operatorname{diag}(F')}{S} - \frac{F F'^\top}{S^2})",
            .summary = "||J||_2 <= max|F'|/S + ||F|| ||F'||/S^2 <= (max|F'|/min F + ||F|| ||F'||/(L min F^2))/L",
            .assumptions = {"F is one of softmax, softplus, tanh, square (verify/kernels/normalizer.hpp)",
                            "every logit in F's domain (square: l_i > -s)", "L >= 1"},
            .reads = normalizer_reads({"logits"}),
            .shapes = {.L = true, .T = true, .max_L = 128, .why = "above 128 columns its general spectral norm has only a cheap certified bound, which may leave verdicts INCONCLUSIVE", .in_default_suite = true}};
  }

  // L <= 64: the certified spectral norm costs O(L^3) interval operations.
  static std::vector<Case> suite(const SuiteRequest& r) {
    return random::normalizer_logit_cases(r, info().id, 64);
  }

  static void check_assumptions(const Case& c) {
    const ExactTensor& l = c.number("logits");
    if (l.size() == 0 || !l.is_vector()) throw InputError("logits must be a non-empty vector");
    check_normalizer(c);
    for (std::size_t i = 0; i < l.size(); ++i)
      check_in_domain(c, l.exact(i), "logit " + std::to_string(i));
  }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    using std::abs;
    const Vector<R> logits = c.number("logits").to_vector<R>();
    const Normalizer<R> F = normalizer_of<R>(c);
    const R L = R(logits.size());
    const Vector<R> alpha = normalizer_weights(F, logits), beta = normalizer_slopes(F, logits);
    const R norm = spectral_norm(normalizer_jacobian(alpha, beta));
    R max_slope = abs(beta[0]), min_weight = alpha[0];  // max|F'|/S and min F/S
    for (Eigen::Index i = 1; i < alpha.size(); ++i) {
      max_slope = max_of(max_slope, R(abs(beta[i])));
      min_weight = min_of(min_weight, alpha[i]);
    }
    const R product_term = euclidean_norm(alpha) * euclidean_norm(beta);  // ||F|| ||F'|| / S^2
    const R middle = max_slope + product_term;
    const R right = (max_slope / min_weight + product_term / (L * min_weight * min_weight)) / L;
    Sides<R> s;
    s.claim("||J||_2 <= max|F'|/S + ||F|| ||F'||/S^2", norm, Relation::LessEqual, middle);
    s.claim("max|F'|/S + ||F|| ||F'||/S^2 <= (max|F'|/min F + ||F|| ||F'||/(L min F^2))/L", middle,
            Relation::LessEqual, right);
    s.quantity("||J||_2", norm);
    s.quantity("L min_j F / S", R(L * min_weight));
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(NormalizerJacobianBound)
