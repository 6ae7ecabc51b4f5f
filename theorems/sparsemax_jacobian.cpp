// Sparsemax's Jacobian is a projection (an extension, in contrast to Lemma 2 of arXiv 2508.17821,
// whose Jacobian bound grows with the normalizer's slope and shrinks only like 1/L; Martins and
// Astudillo, "From softmax to sparsemax", ICML 2016, its Jacobian). sparsemax(z) is the Euclidean
// projection of z onto the probability simplex: p_i = max(z_i - tau, 0), with the support
// S = {i : z_i > tau} and the threshold tau = (sum_{i in S} z_i - 1)/|S|, where |S| is the largest
// k with 1 + k z_(k) > z_(1) + ... + z_(k) (z sorted in decreasing order). For rational z, tau
// and p are rational, so every quantity below is exact: the evaluation decides S in rationals
// and computes in the number type from there. Claims, for a direction v and eps > 0:
//   ||J v||_2 <= ||v||_2,   J = diag(s) - s s^T / |S| (s the indicator of S),
//   ||sparsemax(z + eps v) - sparsemax(z)||_2 <= eps ||v||_2,
// both squared in the evaluation (no square roots: rational values). J is the derivative of
// sparsemax wherever S is locally constant. Proof: J is symmetric and J^2 = J (on S it is
// I - 1 1^T/|S|, the orthogonal projection onto the vectors of zero sum), so its eigenvalues are
// 0 and 1 and ||J||_2 = 1 when |S| >= 2 (0 when |S| = 1), whatever L, the scale of z or a
// temperature dividing it: no 1/T and no L in the bound, unlike softmax's 1/(2T). The second is
// the non-expansiveness of a projection onto a convex set. Equality in both when v is supported
// on S with zero sum there and z + eps v keeps the support (then the step moves p by exactly
// eps v): the suite's tangent and tied cases (case 0: z = (0, 0), v = (1, -1), eps = 1/4).
#include <algorithm>
#include <cmath>

#include "models/random/random_inputs.hpp"
#include "models/random/requested_shape.hpp"
#include "theorems/positive_scalar.hpp"
#include "theorems/theorem_registration.hpp"

namespace nb::theorems {

struct SparsemaxJacobian {
  static TheoremInfo info() {
    return {.id = "sparsemax-jacobian",
            .title = "Sparsemax: its Jacobian is a projection (norm <= 1) and it is 1-Lipschitz, exactly",
            .source = "arXiv 2508.17821, in contrast to Lemma 2; Martins & Astudillo 2016 (ICML), sparsemax and its Jacobian",
            .fidelity = Fidelity::Extension,
            .expect = Expect::Holds,
            .statement = R"(\|Jv\|_2\le\|v\|_2,\ J=\mathrm{diag}(s)-\frac{ss^\top}{|S|}\ (\|J\|_2\le1),\quad \|\mathrm{sparsemax}(z+\varepsilon v)-\mathrm{sparsemax}(z)\|_2\le\varepsilon\|v\|_2)",
            .summary = "||J v|| <= ||v|| for J = diag(s) - s s^T/|S| (||J||_2 <= 1), ||sparsemax(z + eps v) - sparsemax(z)|| <= eps ||v||",
            .assumptions = {"eps > 0", "v a vector of z's length", "L >= 1"},
            .reads = {.numbers = {"logits", "direction", "epsilon"}},
            .search = {.inputs = {{"logits"}, {"direction"}}},
            .shapes = {.L = true, .in_default_suite = true}};
  }

  // L log-uniform in [2, 32], z Gaussian with a scale log-uniform in [1/8, 8]; by i % 4: v = e_a -
  // e_b inside the support and eps below every p_i (equality), a Gaussian v with eps in {1/1000,
  // 1/10, 1, 10} (the support may change), one logit far above the rest (|S| = 1, J = 0), all z tied
  // with v = e_a - e_b (equality at p = 1/L). Case 0 is z = (0, 0), v = (1, -1), eps = 1/4. A
  // requested shape sets L (sparsemax has no temperature).
  static std::vector<Case> suite(const SuiteRequest& r) {
    static const char* const kShapes[] = {"tangent", "gaussian", "spread", "ties"};
    static const char* const kSteps[] = {"1/1000", "1/10", "1", "10"};
    std::vector<Case> cases;
    for (std::size_t i = 0; i < r.count; ++i) {
      random::Rng rng = random::rng_for(r.seed, info().id, i);
      const int shape = static_cast<int>(i % 4);
      const std::size_t L = random::RequestedShape(r, i).L(i == 0 ? 2 : random::log_uniform_size(rng, 2, 32));
      const double scale = std::ldexp(1.0, static_cast<int>(random::uniform_index(rng, 0, 6)) - 3);
      std::vector<double> z = random::gaussian(rng, L, scale), v(L, 0.0);
      if (i == 0 || shape == 3) z.assign(L, 0.0);
      if (shape == 2) z[random::uniform_index(rng, 0, L - 1)] += 16 * scale;
      std::string eps = kSteps[random::uniform_index(rng, 0, 3)];
      if (shape == 1 || shape == 2) {
        v = random::gaussian(rng, L, 1);
      } else {
        // Two entries of the support (found in double: a wrong guess only loses the equality).
        std::vector<std::size_t> order(L);
        for (std::size_t k = 0; k < L; ++k) order[k] = k;
        std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return z[a] > z[b]; });
        double sum = 0, tau = 0;
        std::size_t support = 0;
        for (std::size_t k = 0; k < L; ++k) {
          sum += z[order[k]];
          if (1 + static_cast<double>(k + 1) * z[order[k]] > sum) {
            support = k + 1;
            tau = (sum - 1) / static_cast<double>(k + 1);
          }
        }
        const std::size_t a = order[0], b = order[support > 1 ? random::uniform_index(rng, 1, support - 1) : 1];
        v[a] = 1;
        v[b] = -1;
        // eps a power of 2 below a quarter of the smallest positive p_i, so that S is kept.
        const double smallest = std::max(z[order[support - 1]] - tau, 0x1p-60);
        eps = exact_decimal_or_hex(i == 0 ? 0.25 : std::ldexp(1.0, std::ilogb(smallest) - 2));
      }
      Case c;
      c.numbers["logits"] = ExactTensor::vector(z);
      c.numbers["direction"] = ExactTensor::vector(v);
      c.numbers["epsilon"] = ExactTensor::literal(eps);
      c.label = std::string(kShapes[shape]) + " L=" + std::to_string(L) + " eps=" + eps;
      c.provenance = {{"source", "random"}, {"generator", kShapes[shape]}, {"seed", std::to_string(r.seed)},
                      {"index", std::to_string(i)}};
      cases.push_back(std::move(c));
    }
    return cases;
  }

  static void check_assumptions(const Case& c) {
    const ExactTensor &z = c.number("logits"), &v = c.number("direction");
    if (z.size() == 0 || !z.is_vector()) throw InputError("logits must be a non-empty vector");
    if (!v.is_vector() || v.size() != z.size()) throw InputError("direction must be a vector of the logits' length");
    positive_scalar(c, "epsilon");
  }

  // The support S of sparsemax(z), decided in exact rationals.
  static std::vector<bool> support_of(const std::vector<Rational>& z) {
    std::vector<Rational> sorted = z;
    std::sort(sorted.begin(), sorted.end(), std::greater<>());
    Rational sum = 0, tau = 0;
    for (std::size_t k = 0; k < sorted.size(); ++k) {
      sum += sorted[k];
      const Rational size = static_cast<long>(k + 1);
      if (1 + size * sorted[k] > sum) tau = Rational((sum - 1) / size);
    }
    std::vector<bool> in(z.size());
    for (std::size_t i = 0; i < z.size(); ++i) in[i] = z[i] > tau;
    return in;
  }

  // sparsemax(z) in R, from its exact support.
  template <class R>
  static Vector<R> sparsemax(const std::vector<Rational>& z) {
    const std::vector<bool> in = support_of(z);
    R sum = R(0);
    long size = 0;
    for (std::size_t i = 0; i < z.size(); ++i)
      if (in[i]) {
        sum += rational_to<R>(z[i]);
        ++size;
      }
    const R tau = (sum - R(1)) / R(size);
    Vector<R> p = Vector<R>::Constant(static_cast<Eigen::Index>(z.size()), R(0));
    for (std::size_t i = 0; i < z.size(); ++i)
      if (in[i]) p[static_cast<Eigen::Index>(i)] = rational_to<R>(z[i]) - tau;
    return p;
  }

  // sum_i x_i^2, each square taken of |x_i| (an interval's x * x does not know both factors agree).
  template <class R>
  static R squared_norm(const Vector<R>& x) {
    using std::abs;
    R sum = R(0);
    for (Eigen::Index i = 0; i < x.size(); ++i) sum += abs(x[i]) * abs(x[i]);
    return sum;
  }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    const ExactTensor &exact_z = c.number("logits"), &exact_v = c.number("direction");
    const Rational eps = c.number("epsilon").exact(0);
    const std::size_t L = exact_z.size();
    std::vector<Rational> z(L), stepped(L);
    for (std::size_t i = 0; i < L; ++i) {
      z[i] = exact_z.exact(i);
      stepped[i] = Rational(z[i] + eps * exact_v.exact(i));
    }
    const std::vector<bool> in = support_of(z);
    const Vector<R> v = exact_v.to_vector<R>();
    // J v = v - mean_S(v) on S, 0 elsewhere.
    R mean = R(0);
    long size = 0;
    for (std::size_t i = 0; i < L; ++i)
      if (in[i]) {
        mean += v[static_cast<Eigen::Index>(i)];
        ++size;
      }
    mean /= R(size);
    Vector<R> jv = Vector<R>::Constant(static_cast<Eigen::Index>(L), R(0));
    for (std::size_t i = 0; i < L; ++i)
      if (in[i]) jv[static_cast<Eigen::Index>(i)] = v[static_cast<Eigen::Index>(i)] - mean;
    const R eps_r = rational_to<R>(eps), v_squared = squared_norm(v);
    const Vector<R> moved = sparsemax<R>(stepped) - sparsemax<R>(z);
    Sides<R> s;
    s.claim("||J v||^2 <= ||v||^2 (||J||_2 <= 1)", squared_norm(jv), Relation::LessEqual, v_squared);
    s.claim("||sparsemax(z + eps v) - sparsemax(z)||^2 <= eps^2 ||v||^2", squared_norm(moved), Relation::LessEqual,
            R(eps_r * eps_r * v_squared));
    s.quantity("|S|", R(size));
    s.quantity("||J||_2", R(size >= 2 ? 1 : 0));
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(SparsemaxJacobian)
