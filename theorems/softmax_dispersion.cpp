// Softmax must disperse (an extension beside Corollary 1 of arXiv 2508.17821, after Velickovic,
// Perivolaropoulos, Barbero and Pascanu, "softmax is not enough (for sharp out-of-distribution)",
// 2024, arXiv 2410.01104, its dispersion theorem): with the logit spread delta = max_i l_i - min_i l_i,
//   max_i alpha_i <= e^{delta/T} / (e^{delta/T} + L - 1) = 1 / (1 + (L - 1) e^{-delta/T}).
// Proof: for the top logit l_m, alpha_m = 1 / (1 + sum_{j != m} e^{(l_j - l_m)/T}) and every
// l_j - l_m >= -delta. Equality iff every other logit equals min l (two values: one top logit and
// L - 1 equal ones, or all tied). For a fixed delta/T the bound goes to 0 as L -> infinity (no
// token can keep a weight of order 1), and it is sharper than Corollary 1's e^{2 Delta/T}/L:
// delta <= 2 Delta and e^{delta/T} + L - 1 >= L.
#include <cmath>

#include "models/random/logit_cases.hpp"
#include "models/random/random_inputs.hpp"
#include "models/random/requested_shape.hpp"
#include "theorems/softmax_inputs.hpp"
#include "theorems/theorem_registration.hpp"
#include "verify/kernels/softmax.hpp"

namespace nb::theorems {

struct SoftmaxDispersion {
  static TheoremInfo info() {
    return {.id = "softmax-dispersion",
            .title = "Softmax must disperse: the top weight is bounded by the logit spread and L",
            .source = "arXiv 2508.17821, beside Corollary 1; Velickovic et al. 2024 (arXiv 2410.01104), its dispersion theorem",
            .fidelity = Fidelity::Extension,
            .expect = Expect::Holds,
            .statement = R"(\max_i\alpha_i\le\frac{e^{\delta/T}}{e^{\delta/T}+L-1},\quad \delta=\max_i\ell_i-\min_i\ell_i)",
            .summary = "max_i a_i <= e^{delta/T} / (e^{delta/T} + L - 1), delta = max l - min l",
            .assumptions = {"T > 0", "L >= 1"},
            .inputs = {"logits", "T"},
            .reads = {.numbers = {"logits", "T"}},
            .search = {.inputs = {{"logits"}}},
            .shapes = random::kLogitCaseShapes.also_in_default_suite()};
  }

  // The softmax logit suite (random::logit_cases), with case i % 4 == 3 replaced by the equality
  // case: one logit g (an integer in [1, 8]) above L - 1 zeros, L log-uniform in [2, 64].
  static std::vector<Case> suite(const SuiteRequest& r) {
    std::vector<Case> cases = random::logit_cases(r, info().id, 64);
    for (std::size_t i = 3; i < cases.size(); i += 4) {
      random::Rng rng = random::rng_for(r.seed, std::string(info().id) + "/two-level", i);
      const random::RequestedShape want(r, i);
      const std::size_t L = want.L(random::log_uniform_size(rng, 2, 64));
      const double g = static_cast<double>(random::uniform_index(rng, 1, 8));
      const std::string T = want.T(random::temperature_literal(rng));
      std::vector<double> l(L, 0.0);
      l[random::uniform_index(rng, 0, L - 1)] = g;
      Case c;
      c.numbers["logits"] = ExactTensor::vector(l);
      c.numbers["T"] = ExactTensor::literal(T);
      c.label = "two-level L=" + std::to_string(L) + " g=" + std::to_string(static_cast<int>(g)) + " T=" + T;
      c.provenance = {{"source", "random"}, {"generator", "two-level"}, {"seed", std::to_string(r.seed)},
                      {"index", std::to_string(i)}};
      cases[i] = std::move(c);
    }
    return cases;
  }

  static void check_assumptions(const Case& c) { check_logits_and_temperature(c); }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    using std::exp;
    const auto [logits, T] = softmax_input<R>(c);  // shifted: the top logit is exactly 0
    const Vector<R> alpha = softmax(logits, T);
    R alpha_max = alpha[0], lowest = logits[0];
    for (Eigen::Index i = 1; i < alpha.size(); ++i) {
      alpha_max = max_of(alpha_max, alpha[i]);
      lowest = min_of(lowest, logits[i]);
    }
    const R spread = -lowest;  // delta
    const R bound = R(1) / (R(1) + R(alpha.size() - 1) * exp(lowest / T));
    Sides<R> s;
    s.claim("max_i alpha_i <= e^{delta/T} / (e^{delta/T} + L - 1)", alpha_max, Relation::LessEqual, bound);
    s.quantity("delta", spread);
    s.quantity("max_i alpha_i", alpha_max);
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(SoftmaxDispersion)
