// Lemma 1 of arXiv 2508.17821, in its printed form with reconstructed constants: for a kernel F
// that does not depend on L and logits l_i in [-a, a], the weights alpha_i = F(l_i) / S,
// S = sum_j F(l_j), satisfy
//   C_1 / L <= alpha_i <= C_2 / L,   C_2 = max_{[-a,a]} F / min_{[-a,a]} F,  C_1 = 1 / C_2.
// The paper prints only the form (C_1, C_2 independent of L); the constants are ours.
// Proof: every F(l_j) lies in [min F, max F], so S in [L min F, L max F] and
// alpha_i = F(l_i)/S in [min F / (L max F), max F / (L min F)].
// Certified max/min: every kernel of verify/kernels/normalizer.hpp is strictly increasing on its domain
// (softmax: F' = F/T > 0; softplus: F' = logistic/T > 0; tanh: F' = sech^2/T > 0; square
// (l + s)^2 with s > a: F' = 2(l + s) > 0 on [-a, a]), so max F = F(a) and min F = F(-a).
// Equality: a = 0 (all weights 1/L and C_1 = C_2 = 1).
#include "models/random/normalizer_cases.hpp"
#include "theorems/normalizer_inputs.hpp"
#include "theorems/theorem_registration.hpp"
#include "verify/numbers/readable_decimal.hpp"

namespace nb::theorems {

struct NormalizerWeightBounds {
  static TheoremInfo info() {
    return {.id = "normalizer-weight-bounds",
            .title = "Normalized weights are of order 1/L (Lemma 1, reconstructed constants)",
            .source = "arXiv 2508.17821, Lemma 1",
            .fidelity = Fidelity::Reconstructed,
            .expect = Expect::Holds,
            .statement = R"(\frac{C_1}{L} \le \alpha_i = \frac{F(\ell_i)}{\sum_j F(\ell_j)} \le \frac{C_2}{L},\quad C_2 = \frac{\max_{[-a,a]} F}{\min_{[-a,a]} F},\ C_1 = \frac{1}{C_2},\quad \ell_i \in [-a, a])",
            .summary = "C1/L <= a_i <= C2/L, C2 = max F / min F on [-a,a], C1 = 1/C2 (constants reconstructed)",
            .assumptions = {"F is one of softmax, softplus, tanh, square (verify/kernels/normalizer.hpp), independent of L",
                            "a >= 0 and every logit l_i in [-a, a]", "square kernel: s > a", "L >= 1"},
            .reads = normalizer_reads({"logits", "a"}),
            .shapes = random::kLogitCaseShapes.also_in_default_suite()};
  }

  // The shared normalizer suite (L up to 10^5) with a = max_i |l_i|, the smallest admissible
  // range; case 0 (l = (0, 0), a = 0) is the equality case.
  static std::vector<Case> suite(const SuiteRequest& r) {
    std::vector<Case> cases = random::normalizer_logit_cases(r, info().id, 100000);
    for (Case& c : cases) {
      const double a = random::largest_magnitude(c.number("logits"));
      c.numbers["a"] = ExactTensor::scalar(a);
      c.label += " a=max|l_i|";
    }
    return cases;
  }

  static void check_assumptions(const Case& c) {
    const ExactTensor& l = c.number("logits");
    if (l.size() == 0 || !l.is_vector()) throw InputError("logits must be a non-empty vector");
    check_normalizer(c);
    if (c.number("a").size() != 1) throw InputError("a must be a scalar");
    // Exactly, in rationals: a = max_i |l_i| is the natural choice and sits on the boundary.
    const Rational a = c.number("a").exact(0);
    if (a < 0) throw InputError("a must be >= 0");
    check_in_domain(c, Rational(-a), "-a");
    for (std::size_t i = 0; i < l.size(); ++i)
      if (abs(l.exact(i)) > a) throw InputError("logit " + std::to_string(i) + " = " + decimal_text(l, i) + " is outside [-a, a]");
  }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    const Vector<R> logits = c.number("logits").to_vector<R>();
    const Normalizer<R> F = normalizer_of<R>(c);
    const R a = c.number("a").entry<R>(0);
    const Eigen::Index L = logits.size();
    const Vector<R> alpha = normalizer_weights(F, logits);
    R lo = alpha[0], hi = alpha[0];
    for (Eigen::Index i = 1; i < L; ++i) {
      lo = min_of(lo, alpha[i]);
      hi = max_of(hi, alpha[i]);
    }
    const R F_max = F.value(a), F_min = F.value(R(-a));  // F is increasing (see the top)
    const R C2 = F_max / F_min, C1 = F_min / F_max;
    Sides<R> s;
    s.claim("min_i alpha_i >= C_1 / L", lo, Relation::GreaterEqual, C1 / R(L));
    s.claim("max_i alpha_i <= C_2 / L", hi, Relation::LessEqual, C2 / R(L));
    s.quantity("C_2", C2);
    s.quantity("L min_i alpha_i", R(lo * R(L)));
    s.quantity("L max_i alpha_i", R(hi * R(L)));
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(NormalizerWeightBounds)
