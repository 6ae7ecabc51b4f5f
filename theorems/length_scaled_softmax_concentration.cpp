// Length-scaled softmax keeps its focus (an extension beside Lemma 1 and Corollary 1 of arXiv
// 2508.17821; Nakanishi, "Scalable-Softmax is superior for attention", 2025, arXiv 2501.19399,
// after Chiang and Cholak, "Overcoming a theoretical limitation of self-attention", ACL 2022,
// who scale logits by log L). With the logits multiplied by s log L (s > 0), alpha =
// softmax(s log L * l), and the top gap g = max_i l_i - (the largest of the other logits) >= 0:
//   max_i alpha_i >= 1 / (1 + (L - 1) L^{-s g}).
// Proof: alpha_m = 1 / (1 + sum_{j != m} e^{s log L (l_j - l_m)}) for the top logit l_m, and
// l_j - l_m <= -g for j != m, so each term is at most e^{-s g log L} = L^{-s g}. Equality iff every
// other logit is l_m - g (one logit above L - 1 tied ones, or all tied: g = 0, both sides 1/L).
// For s g > 1 the bound tends to 1 as L -> infinity: the top weight does not fade like 1/L. This is
// why Lemma 1 needs a normalizer F that does not depend on L: here F(x) = e^{s log L x} = L^{s x},
// and its ratio max F / min F over the logits grows with L.
#include <cmath>

#include "models/random/random_inputs.hpp"
#include "models/random/requested_shape.hpp"
#include "theorems/distinct_logits.hpp"
#include "theorems/positive_scalar.hpp"
#include "theorems/theorem_registration.hpp"

namespace nb::theorems {

struct LengthScaledSoftmaxConcentration {
  static TheoremInfo info() {
    return {.id = "length-scaled-softmax-concentration",
            .title = "Length-scaled softmax: the top weight stays away from 0 as L grows (Scalable-Softmax)",
            .source = "arXiv 2508.17821, beside Lemma 1 (F independent of L); Nakanishi 2025 (arXiv 2501.19399), Chiang & Cholak 2022",
            .fidelity = Fidelity::Extension,
            .expect = Expect::Holds,
            .statement = R"(\max_i\alpha_i\ge\frac{1}{1+(L-1)L^{-sg}},\quad \alpha=\mathrm{softmax}(s\log L\cdot\ell),\ g=\ell_{(1)}-\ell_{(2)})",
            .summary = "max_i a_i >= 1/(1 + (L-1) L^{-s g}) for a = softmax(s log L * l), g the top gap",
            .assumptions = {"s > 0", "L >= 1 (at L = 1 both sides are 1)"},
            .reads = {.numbers = {"logits", "s"}},
            .search = {.inputs = {{"logits"}}},
            .shapes = {.L = true, .in_default_suite = true}};
  }

  // L log-uniform in [2, 1024], s in {1/2, 1, 2}; by i % 4: one logit g above L - 1 zeros
  // (equality), Gaussian logits, one logit 0 above L - 1 uniform in [-4, -g) (a gap above g), all
  // logits tied (g = 0, equality at 1/L). g in {1/4, 1/2, 1, 2}. A requested shape sets L (there
  // is no T: the scale s log L takes its place).
  static std::vector<Case> suite(const SuiteRequest& r) {
    static const char* const kShapes[] = {"two-level", "gaussian", "gap", "ties"};
    static const double kScales[] = {0.5, 1, 2};
    std::vector<Case> cases;
    for (std::size_t i = 0; i < r.count; ++i) {
      random::Rng rng = random::rng_for(r.seed, info().id, i);
      const std::size_t L = random::RequestedShape(r, i).L(random::log_uniform_size(rng, 2, 1024));
      const double s = kScales[random::uniform_index(rng, 0, 2)];
      const double g = std::ldexp(1.0, static_cast<int>(random::uniform_index(rng, 0, 3)) - 2);
      const int shape = static_cast<int>(i % 4);
      std::vector<double> l(L, 0.0);
      if (shape == 1) l = random::gaussian(rng, L, 1);
      if (shape == 2)
        for (double& x : l) x = random::uniform(rng, -4, -g);
      if (shape == 0 || shape == 2) l[random::uniform_index(rng, 0, L - 1)] = shape == 0 ? g : 0;
      Case c;
      c.numbers["logits"] = ExactTensor::vector(l);
      c.numbers["s"] = ExactTensor::scalar(s);
      c.label = std::string(kShapes[shape]) + " L=" + std::to_string(L) + " s=" + exact_decimal_or_hex(s) +
                (shape == 0 ? " g=" + exact_decimal_or_hex(g) : shape == 2 ? " g>" + exact_decimal_or_hex(g) : "");
      c.provenance = {{"source", "random"}, {"generator", kShapes[shape]}, {"seed", std::to_string(r.seed)},
                      {"index", std::to_string(i)}};
      cases.push_back(std::move(c));
    }
    return cases;
  }

  static void check_assumptions(const Case& c) {
    const ExactTensor& l = c.number("logits");
    if (l.size() == 0 || !l.is_vector()) throw InputError("logits must be a non-empty vector");
    positive_scalar(c, "s", "scale s");
  }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    using std::log;
    const DistinctLogits d = distinct_logits(c.number("logits"));
    const R L = R(static_cast<long>(d.length));
    const R scale = c.number("s").entry<R>(0) * log(L);  // s log L
    const R top = R(1) / exponential_sum(d, scale);
    // L - 1 others at l_m - g: g is the gap to the second distinct value, or 0 when the top is tied.
    const bool unique_top = d.counts[0] == 1 && d.shifted.size() > 1;
    const R below = unique_top ? shifted_exponential(d, 1, scale) : R(1);  // L^{-s g}
    Sides<R> s;
    s.claim("max_i alpha_i >= 1 / (1 + (L - 1) L^{-s g})", top, Relation::GreaterEqual,
            R(1) / (R(1) + (L - R(1)) * below));
    s.quantity("max_i alpha_i", top);
    s.quantity("L max_i alpha_i", R(L * top));
    s.quantity("g", unique_top ? rational_to<R>(Rational(-d.shifted[1])) : R(0));
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(LengthScaledSoftmaxConcentration)
