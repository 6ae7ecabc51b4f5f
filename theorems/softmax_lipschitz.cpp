// Section 2.3 of arXiv 2508.17821 (an extension: the paper gives an example, not a bound): two
// logit vectors at distance sqrt(5) eps, the top two entries swapped, give weight vectors that
// differ by O(eps/T). The checkable form, for alpha^(k) = softmax(l^(k) / T):
//   ||alpha^(1) - alpha^(2)||_2 <= min{ ||l^(1) - l^(2)||_2 / (2T), sqrt 2 }.
// Proof: by the mean-value inequality along the segment from l^(1) to l^(2),
// ||alpha^(1) - alpha^(2)|| <= sup ||J||_2 ||l^(1) - l^(2)|| with ||J||_2 <= 1/(2T)
// (softmax-jacobian-spectral-sharp); and any two points p, q of the simplex have
// ||p - q||_2^2 <= ||p - q||_1 ||p - q||_inf <= 2 * 1.
// Neither term is attained (softmax never reaches a vertex; the mean-value step is strict for
// l^(1) != l^(2)), but both are approached: small steps along e_a - e_b at ties, and two distant
// vertices.
// The swap example, reconstructed: l^(1) = (c + eps, c, ...), l^(2) = (c - eps, c + eps, ...),
// the rest equal, so l^(1) - l^(2) = (2 eps, -eps, 0, ...) has norm sqrt(5) eps. A case gives it
// with the number "epsilon" besides the two vectors, and reports ||alpha^(1) - alpha^(2)|| / (eps/T)
// (about 3 sqrt(2) / 4 = 1.06 for L = 2 and small eps/T).
#include <algorithm>
#include <cmath>

#include "models/random/random_inputs.hpp"
#include "models/random/requested_shape.hpp"
#include "theorems/positive_scalar.hpp"
#include "theorems/theorem_registration.hpp"
#include "verify/kernels/euclidean_norm.hpp"
#include "verify/kernels/shifted_logits.hpp"
#include "verify/kernels/softmax.hpp"

namespace nb::theorems {

struct SoftmaxLipschitz {
  static TheoremInfo info() {
    return {.id = "softmax-lipschitz",
            .title = "Softmax is 1/(2T)-Lipschitz and moves at most sqrt 2 (Section 2.3)",
            .source = "arXiv 2508.17821, Section 2.3 (swap example)",
            .fidelity = Fidelity::Extension,
            .expect = Expect::Holds,
            .statement = R"(\left\|\mathrm{softmax}(\ell^{(1)}/T) - \mathrm{softmax}(\ell^{(2)}/T)\right\|_2 \le \min\left\{\frac{\|\ell^{(1)} - \ell^{(2)}\|_2}{2T}, \sqrt{2}\right\})",
            .summary = "||sm(l1/T) - sm(l2/T)||_2 <= min{||l1 - l2||_2/(2T), sqrt 2}",
            .assumptions = {"T > 0", "l1, l2 of the same length L >= 1",
                            "with epsilon: l1 = (c + eps, c, r), l2 = (c - eps, c + eps, r) exactly"},
            .reads = {.numbers = {"logits1", "logits2", "T", "epsilon"}},
            .shapes = {.L = true, .T = true, .in_default_suite = true}};
  }

  // Families by i % 4 (L in 2..8 when i / 4 is even, log-uniform in [2, 4096] when odd; the rest
  // of the logits from the shared shapes):
  //   swap      the paper's example, c an integer in [-8, 8], eps = 2^k, k in [-30, 4];
  //   jitter    l2 = l1 + a Gaussian step of scale 2^k, k in [-30, 4];
  //   edge      l2 = l1 + delta (e_a - e_b), delta = 2^k, k in [-30, 4] (the Lipschitz-extremal
  //             direction when l1 ties a and b);
  //   vertices  l2 = l1, then 2^k, k in [1, 10], added to l1 at a and to l2 at b (the sqrt 2 cap).
  static std::vector<Case> suite(const SuiteRequest& r) {
    static const char* const kFamilies[] = {"swap", "jitter", "edge", "vertices"};
    std::vector<Case> cases;
    for (std::size_t i = 0; i < r.count; ++i) {
      random::Rng rng = random::rng_for(r.seed, info().id, i);
      const random::RequestedShape want(r, i);
      const std::size_t L =
          want.L(i / 4 % 2 == 0 ? random::uniform_index(rng, 2, 8) : random::log_uniform_size(rng, 2, 4096));
      const auto shape = static_cast<random::LogitShape>(random::uniform_index(rng, 0, random::kLogitShapeCount - 1));
      const std::string T = want.T(random::temperature_literal(rng));
      auto power = [&](int lo, int hi) { return std::ldexp(1.0, static_cast<int>(random::uniform_index(rng, 0, hi - lo)) + lo); };
      const std::size_t a = random::uniform_index(rng, 0, L - 1), b = (a + 1 + random::uniform_index(rng, 0, L - 2)) % L;
      std::vector<double> l1 = random::logits(rng, shape, L), l2;
      Case c;
      switch (i % 4) {
        case 0: {  // l1 - l2 = (2 eps, -eps, 0, ...): c +- eps is exact (|c| <= 8, eps >= 2^-30)
          const double top = std::round(random::uniform(rng, -8, 8)), eps = power(-30, 4);
          if (L > 2) {  // the rest moved below c
            const double rest_top = *std::max_element(l1.begin() + 2, l1.end()), gap = power(-2, 6);
            for (std::size_t k = 2; k < L; ++k) l1[k] += top - rest_top - gap;
          }
          l1[0] = top + eps;
          l1[1] = top;
          l2 = l1;
          l2[0] = top - eps;
          l2[1] = top + eps;
          c.numbers["epsilon"] = ExactTensor::scalar(eps);
          break;
        }
        case 1: {
          const std::vector<double> step = random::gaussian(rng, L, power(-30, 4));
          for (std::size_t k = 0; k < L; ++k) l2.push_back(l1[k] + step[k]);
          break;
        }
        case 2: {
          const double delta = power(-30, 4);
          l2 = l1;
          l2[a] += delta;
          l2[b] -= delta;
          break;
        }
        case 3: {
          l2 = l1;
          const double lift = power(1, 10);
          l1[a] += lift;
          l2[b] += lift;
          break;
        }
      }
      c.numbers["logits1"] = ExactTensor::vector(l1);
      c.numbers["logits2"] = ExactTensor::vector(l2);
      c.numbers["T"] = ExactTensor::literal(T);
      c.label = std::string(kFamilies[i % 4]) + " " + random::logit_shape_name(shape) + " L=" + std::to_string(L) + " T=" + T;
      c.provenance = {{"source", "random"}, {"generator", kFamilies[i % 4]}, {"shape", random::logit_shape_name(shape)},
                      {"seed", std::to_string(r.seed)}, {"index", std::to_string(i)}};
      cases.push_back(std::move(c));
    }
    return cases;
  }

  static void check_assumptions(const Case& c) {
    const ExactTensor &l1 = c.number("logits1"), &l2 = c.number("logits2");
    if (l1.size() == 0 || !l1.is_vector() || !l2.is_vector() || l2.size() != l1.size())
      throw InputError("logits1 and logits2 must be non-empty vectors of the same length");
    positive_scalar(c, "T");
    if (c.numbers.count("epsilon") == 0) return;
    // The swap example, checked exactly (in rationals): l1 = (c + eps, c, r), l2 = (c - eps, c + eps, r).
    const Rational eps = positive_scalar(c, "epsilon");
    if (l1.size() < 2) throw InputError("the swap example needs L >= 2");
    const Rational top = l1.exact(1);
    bool swap = l1.exact(0) == top + eps && l2.exact(0) == top - eps && l2.exact(1) == top + eps;
    for (std::size_t k = 2; swap && k < l1.size(); ++k) swap = l1.exact(k) == l2.exact(k);
    if (!swap) throw InputError("with epsilon the logits must be the swap example (c + eps, c, r), (c - eps, c + eps, r)");
  }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    using std::sqrt;
    const ExactTensor &l1 = c.number("logits1"), &l2 = c.number("logits2");
    const R T = c.number("T").entry<R>(0);
    // Each softmax on its logits shifted by their exact maximum, the step from exact differences.
    const R moved = euclidean_norm(softmax(logits_minus_maximum<R>(l1), T) - softmax(logits_minus_maximum<R>(l2), T));
    Vector<R> difference(static_cast<Eigen::Index>(l1.size()));
    bool differ = false;
    for (std::size_t k = 0; k < l1.size(); ++k) {
      const Rational d = l1.exact(k) - l2.exact(k);
      differ = differ || d != 0;
      difference[static_cast<Eigen::Index>(k)] = rational_to<R>(d);
    }
    const R step = euclidean_norm(difference);
    Sides<R> s;
    s.claim("||Delta alpha||_2 <= min{||Delta l||_2/(2T), sqrt 2}", moved, Relation::LessEqual,
            min_of(step / (R(2) * T), R(sqrt(R(2)))));
    s.quantity("||Delta alpha||_2", moved);
    s.quantity("||Delta l||_2", step);
    // The ratios are reported only where their denominators are non-zero: the inputs differ as
    // exact values, respectively epsilon > 0 (checked).
    if (differ) s.quantity("||Delta alpha||_2 T / ||Delta l||_2", R(moved * T / step));
    if (c.numbers.count("epsilon") != 0)
      s.quantity("||Delta alpha||_2 / (eps/T)", R(moved * T / c.number("epsilon").entry<R>(0)));
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(SoftmaxLipschitz)
