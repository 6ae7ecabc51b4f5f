// Bounded logits give weights of order 1/L, uniformly in L (an extension: the L-sweep form of
// Corollary 1 of arXiv 2508.17821; Hahn, "Theoretical limitations of self-attention in neural
// sequence models", TACL 2020, whose argument is that with bounded logits each token's weight, and
// so its influence on the output, is O(1/L)). For logits in [-B, B], T > 0, f = e^{-2B/T}:
//   L max_i alpha_i <= L / (1 + (L - 1) f) <= 1/f = e^{2B/T},
//   L min_i alpha_i >= L f / (f + L - 1)   >= f   = e^{-2B/T}.
// Proof: alpha_m = 1 / sum_j e^{(l_j - l_m)/T} for the top logit l_m, and every l_j - l_m >= -2B,
// so the sum is at least 1 + (L - 1) f; for the lowest logit l_k the same sum has every
// l_j - l_k <= 2B, so it is at most 1 + (L - 1)/f. The outer forms: L f <= 1 + (L - 1) f and
// L f <= f + L - 1, both since f <= 1.
// Equality in the first (sharp) forms at every L: one logit at B and the L - 1 others at -B
// (upper), one at -B and the others at B (lower); in the outer forms only at B = 0 (all weights
// 1/L). For B > 0 the outer forms are the suprema over L, approached at the rate
// (1/f - 1)/(1/f + L - 1): e^{2B/T} is the best constant uniform in L, which is the checkable
// content of "O(1/L)". The suite sweeps L = 2, 4, ..., 1024 at fixed (B, T).
#include <cmath>

#include "models/random/random_inputs.hpp"
#include "models/random/requested_shape.hpp"
#include "theorems/distinct_logits.hpp"
#include "theorems/positive_scalar.hpp"
#include "theorems/softmax_inputs.hpp"
#include "theorems/theorem_registration.hpp"

namespace nb::theorems {

struct SoftmaxBoundedLogitsSweep {
  static TheoremInfo info() {
    return {.id = "softmax-bounded-logits-sweep",
            .title = "With logits in [-B, B], L times the top weight stays below exp(2B/T) as L grows (Hahn 2020)",
            .source = "arXiv 2508.17821, Corollary 1 as an L-sweep; Hahn 2020 (TACL), bounded logits give O(1/L) weights",
            .fidelity = Fidelity::Extension,
            .expect = Expect::Holds,
            .statement = R"(L\max_i\alpha_i\le\frac{L}{1+(L-1)e^{-2B/T}}\le e^{2B/T},\quad L\min_i\alpha_i\ge\frac{L\,e^{-2B/T}}{e^{-2B/T}+L-1}\ge e^{-2B/T},\quad |\ell_i|\le B)",
            .summary = "L max_i a_i <= L/(1 + (L-1) e^{-2B/T}) <= e^{2B/T} and L min_i a_i >= e^{-2B/T} for |l_i| <= B, every L",
            .assumptions = {"T > 0", "B >= 0", "|l_i| <= B for every i", "L >= 1"},
            .reads = {.numbers = {"logits", "T", "B"}},
            .search = {.inputs = {{"logits"}}},
            .shapes = {.L = true, .T = true, .in_default_suite = true}};
  }

  // Sweeps of ten cases, L = 2, 4, ..., 1024 at one (B, T) drawn per sweep; by sweep % 4: one
  // logit at B and the rest at -B (the upper sharp form attained), one at -B and the rest at B
  // (the lower one attained), logits uniform in [-B, B], and all logits 0 with B = 0 (every form
  // attained). A requested shape (SuiteRequest::shapes) sets L and T.
  static std::vector<Case> suite(const SuiteRequest& r) {
    static const char* const kShapes[] = {"top", "bottom", "uniform", "zero"};
    static const double kBounds[] = {0.125, 0.5, 1, 2, 4};
    static const char* const kTemperatures[] = {"1/4", "1", "2", "8"};
    std::vector<Case> cases;
    for (std::size_t i = 0; i < r.count; ++i) {
      const random::RequestedShape want(r, i);
      const std::size_t sweep = i / 10, L = want.L(std::size_t{2} << (i % 10));
      random::Rng per_sweep = random::rng_for(r.seed, std::string(info().id) + "/sweep", sweep);
      const int shape = static_cast<int>(sweep % 4);
      const double B = shape == 3 ? 0 : kBounds[random::uniform_index(per_sweep, 0, 4)];
      const std::string T = want.T(kTemperatures[random::uniform_index(per_sweep, 0, 3)]);
      random::Rng rng = random::rng_for(r.seed, info().id, i);
      std::vector<double> l(L, shape == 0 ? -B : B);
      if (shape == 3) l.assign(L, 0);
      if (shape < 2) l[random::uniform_index(rng, 0, L - 1)] = -l[0];
      if (shape == 2)
        for (double& x : l) x = random::uniform(rng, -B, B);
      Case c;
      c.numbers["logits"] = ExactTensor::vector(l);
      c.numbers["T"] = ExactTensor::literal(T);
      c.numbers["B"] = ExactTensor::scalar(B);
      c.label = std::string(kShapes[shape]) + " L=" + std::to_string(L) + " B=" + exact_decimal_or_hex(B) + " T=" + T;
      c.provenance = {{"source", "random"}, {"generator", kShapes[shape]}, {"seed", std::to_string(r.seed)},
                      {"index", std::to_string(i)}};
      cases.push_back(std::move(c));
    }
    return cases;
  }

  static void check_assumptions(const Case& c) {
    check_logits_and_temperature(c);
    const ExactTensor& B = c.number("B");
    if (B.size() != 1) throw InputError("B must be a scalar");
    const Rational bound = B.exact(0);
    if (bound < 0) throw InputError("B must be >= 0 (got " + B.text(0) + ")");
    const ExactTensor& l = c.number("logits");
    for (std::size_t i = 0; i < l.size(); ++i)
      if (abs(l.exact(i)) > bound)
        throw InputError("logit " + std::to_string(i) + " = " + l.text(i) + " is outside [-B, B], B = " + B.text(0));
  }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    using std::exp;
    const DistinctLogits d = distinct_logits(c.number("logits"));
    const R T = c.number("T").entry<R>(0), B = c.number("B").entry<R>(0);
    const R inverse_T = R(1) / T, L = R(static_cast<long>(d.length));
    const R sum = exponential_sum(d, inverse_T);  // 1 / max_i alpha_i
    const R top = L / sum;
    const R bottom = L * shifted_exponential(d, d.shifted.size() - 1, inverse_T) / sum;
    const R f = exp(R(-2) * B * inverse_T);  // e^{-2B/T}, in the form the sum takes at +-B
    Sides<R> s;
    s.claim("L max_i alpha_i <= L / (1 + (L - 1) e^{-2B/T})", top, Relation::LessEqual, L / (R(1) + (L - R(1)) * f));
    s.claim("L max_i alpha_i <= e^{2B/T}", top, Relation::LessEqual, R(1) / f);
    s.claim("L min_i alpha_i >= L e^{-2B/T} / (e^{-2B/T} + L - 1)", bottom, Relation::GreaterEqual,
            L * f / (f + L - R(1)));
    s.claim("L min_i alpha_i >= e^{-2B/T}", bottom, Relation::GreaterEqual, f);
    s.quantity("L max_i alpha_i", top);
    s.quantity("L min_i alpha_i", bottom);
    s.quantity("e^{2B/T}", R(R(1) / f));
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(SoftmaxBoundedLogitsSweep)
