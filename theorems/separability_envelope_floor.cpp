// What the upper envelope of Theorem 2 of arXiv 2508.17821 can be (an extension; notation of
// theorems/separability.hpp): every term of (1/N) sum_{k in I} exp(-(xi_k - r)_+^2 / (2 M^2)) is
// above e^{-1/2} ~ 0.607, so the envelope never "decays rapidly", as the paper says it does.
// Proof: xi_k^2 = M^2 A_k^2 - (delta^2/2)(A_k^2 - Q_k) <= M^2 A_k^2, since A_k^2 - Q_k =
// sum_{j != l in I\k} alpha_j alpha_l >= 0; and A_k = sum_{j in I\k} alpha_j <= 1 - alpha_k < 1
// (softmax weights are positive). So 0 <= (xi_k - r)_+ <= xi_k < M for r > 0, M > 0, and the
// exponent is above -1/2. The infimum e^{-1/2} over admissible inputs is not attained; it is
// approached by two selected tokens of norm M with weights near 1 and near 0 and a tiny given r,
// which the suite includes (family "near-infimum").
#include <cmath>

#include "models/random/requested_shape.hpp"
#include "models/random/vector_cases.hpp"
#include "theorems/separability_inputs.hpp"
#include "theorems/theorem_registration.hpp"

namespace nb::theorems {

struct SeparabilityEnvelopeFloor {
  static TheoremInfo info() {
    return {.id = "separability-envelope-floor",
            .title = "The Theorem 2 upper envelope stays above exp(-1/2)",
            .source = "arXiv 2508.17821, beside Theorem 2 (upper bound): its envelope cannot decay",
            .fidelity = Fidelity::Extension,
            .expect = Expect::Holds,
            .statement = R"(\min_{i\in I_N}\exp\!\Big(-\frac{(\xi_i-r)_+^2}{2M^2}\Big)>e^{-1/2},\ \text{so}\ \frac1N\sum_{i\in I_N}\exp\!\Big(-\frac{(\xi_i-r)_+^2}{2M^2}\Big)>e^{-1/2})",
            .summary = "every term exp(-(xi_i - r)_+^2 / (2 M^2)) of the envelope is > e^{-1/2}",
            .assumptions = [] {
              std::vector<std::string> a = separability_assumptions();
              a.push_back("M > 0 (some x_i != 0)");
              return a;
            }(),
            .inputs = {"logits", "T", "vectors", "N"},
            .reads = separability_reads(),
            .shapes = random::kTokenCaseShapes};
  }

  // The Theorem 2 suite (random::separability_cases), with case i % 4 == 2 replaced by one near
  // the infimum: L = 3 sphere vectors of radius 2^-4 .. 2^4 in d in [1, 8], logits (g, 0, -g) with
  // g in [8, 32] at T = 1, N = 2 and r = radius * 2^-30.
  static std::vector<Case> suite(const SuiteRequest& r) {
    std::vector<Case> cases = random::separability_cases(r, info().id);
    for (std::size_t i = 2; i < cases.size(); i += 4) {
      if (random::RequestedShape(r, i).requested()) continue;  // its L, N and T are fixed
      random::Rng rng = random::rng_for(r.seed, std::string(info().id) + "/near-infimum", i);
      const std::size_t d = random::uniform_index(rng, 1, 8);
      const double radius = std::ldexp(1.0, static_cast<int>(random::uniform_index(rng, 0, 8)) - 4);
      const double g = static_cast<double>(random::uniform_index(rng, 8, 32));
      Case c;
      c.numbers["logits"] = ExactTensor::vector({g, 0, -g});
      c.numbers["T"] = ExactTensor::literal("1");
      c.numbers["vectors"] = ExactTensor(3, d, random::sphere_rows(rng, 3, d, radius));
      c.numbers["r"] = ExactTensor::scalar(std::ldexp(radius, -30));
      c.integers["N"] = 2;
      c.label = "near-infimum L=3 d=" + std::to_string(d) + " N=2 g=" + std::to_string(static_cast<int>(g));
      c.provenance = {{"source", "random"}, {"generator", "near-infimum"}, {"seed", std::to_string(r.seed)},
                      {"index", std::to_string(i)}};
      cases[i] = std::move(c);
    }
    return cases;
  }

  static void check_assumptions(const Case& c) {
    check_separability_input(c);
    const ExactTensor& x = c.number("vectors");
    for (std::size_t k = 0; k < x.size(); ++k)
      if (x.exact(k) != 0) return;
    throw InputError("every x_i is 0, so M = 0 and the envelope's exponents are 0/0");
  }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    using std::exp;
    const SeparabilityTerms<R> t = separability_terms<R>(c);
    Sides<R> s;
    s.claim("min_i exp(-(xi_i - r)_+^2 / (2 M^2)) > e^{-1/2}", t.lowest_term, Relation::Greater,
            R(exp(R(-1) / R(2))));
    s.quantity("envelope", t.envelope);
    s.quantity("M", t.M);
    s.quantity("r", t.r);
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(SeparabilityEnvelopeFloor)
