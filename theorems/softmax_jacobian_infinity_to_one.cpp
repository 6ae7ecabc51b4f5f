// The infinity-to-one norm of the softmax Jacobian J = (diag a - a a^T)/T (an extension beside
// Corollary 3 of arXiv 2508.17821; the norm of the l_inf -> l_1 Lipschitz bound of softmax):
//   ||J||_{inf->1} = (1 - min_s (s^T alpha)^2) / T <= 2 (1 - ||alpha||_2^2) / T  and  <= 1/T,
// the minimum over the sign vectors s in {-1, 1}^L.
// Proof of the exact value: ||J||_{inf->1} = max_{s, t in {-1,1}^L} s^T J t (a convex function of
// x in the cube is largest at a vertex, and ||y||_1 = max_s s^T y). T J is symmetric positive
// semidefinite, so s^T J t <= sqrt(s^T J s t^T J t) <= max(s^T J s, t^T J t): the maximum is at
// s = t, where T s^T J s = sum_i alpha_i s_i^2 - (s^T alpha)^2 = 1 - (s^T alpha)^2. The bounds:
// 1/T drops (s^T alpha)^2 >= 0; 2 (1 - ||alpha||^2)/T is sum_ij |J_ij| (diagonal alpha_i (1 -
// alpha_i), off-diagonal alpha_i alpha_j), which bounds s^T J t term by term.
// Equality: in 2 (1 - ||alpha||^2)/T at L = 2 (J has rank one), in 1/T iff some s has
// s^T alpha = 0. For rational logits that happens iff every distinct logit value occurs an even
// number of times: s^T e^{l/T} = sum_v (sum_{i: l_i = v} s_i) e^{v/T}, and by the
// Lindemann-Weierstrass theorem exponentials of distinct rationals are linearly independent over
// the algebraic numbers, so every inner sum of signs must vanish. (L = 2 at equal logits is the witness
// of the issue; the suite draws such pairings.)
// Evaluated without cancellation: with A = {i : s_i = +1}, 1 - (s^T alpha)^2 = 4 alpha(A) alpha(A^c)
// (as alpha(A) + alpha(A^c) = 1), so ||J||_{inf->1} = 4 max_A e(A) e(A^c) / (T e(all)^2) on the
// unnormalized weights e_i = e^{l_i/T}, where both sums have positive terms (1 - m^2 at m near 1,
// a saturated softmax, would leave only rounding error). The 2^(L-1) sets A containing the first token
// are enumerated, each summed afresh; L is limited to kMaxLength.
#include <cmath>

#include "models/random/logit_cases.hpp"
#include "models/random/random_inputs.hpp"
#include "theorems/softmax_inputs.hpp"
#include "theorems/theorem_registration.hpp"
#include "verify/kernels/softmax.hpp"

namespace nb::theorems {

struct SoftmaxJacobianInfinityToOne {
  // 2^15 sets of up to 16 terms each, in every tier of the Ziv ladder.
  static constexpr std::size_t kMaxLength = 16;

  static TheoremInfo info() {
    return {.id = "softmax-jacobian-infinity-to-one",
            .title = "Softmax Jacobian infinity-to-one norm is at most 1/T",
            .source = "arXiv 2508.17821, beside Corollary 3 (the l_inf -> l_1 operator norm, exact by sign enumeration)",
            .fidelity = Fidelity::Extension,
            .expect = Expect::Holds,
            .statement = R"(\|\nabla_\ell\alpha\|_{\infty\to1}=\frac{1-\min_{s\in\{\pm1\}^L}(s^\top\alpha)^2}{T}\le\frac{2(1-\|\alpha\|_2^2)}{T},\quad \|\nabla_\ell\alpha\|_{\infty\to1}\le\frac1T)",
            .summary = "||J||_{inf->1} = (1 - min_s (s^T a)^2)/T <= 2 (1 - ||a||_2^2)/T and <= 1/T",
            .assumptions = {"T > 0", "1 <= L <= 16 (2^(L-1) sign vectors are enumerated)"},
            .reads = {.numbers = {"logits", "T"}},
            .search = {.inputs = {{"logits"}}},
            .shapes = {.why = "it enumerates the 2^(L-1) sign vectors of its l_inf -> l_1 norm (L <= 16)"}};
  }

  // The softmax logit suite (random::logit_cases, L up to 12), with case i % 8 == 3 replaced by
  // paired logits (equality in 1/T).
  static std::vector<Case> suite(const SuiteRequest& r) {
    std::vector<Case> cases = random::logit_cases({r.seed, r.count}, info().id, 12);
    for (std::size_t i = 3; i < cases.size(); i += 8) cases[i] = paired_logits_case(r, i);
    return cases;
  }

  // L logits at L/2 distinct Gaussian values (L/2 in [1, 3]), each taken twice, in random order:
  // ||J||_{inf->1} = 1/T exactly (the pairing above).
  static Case paired_logits_case(const SuiteRequest& r, std::size_t i) {
    random::Rng rng = random::rng_for(r.seed, std::string(info().id) + "/paired", i);
    const std::size_t pairs = random::uniform_index(rng, 1, 3);
    std::vector<double> l;
    for (double v : random::gaussian(rng, pairs, 2)) l.insert(l.end(), {v, v});
    for (std::size_t k = l.size(); k > 1; --k) std::swap(l[k - 1], l[random::uniform_index(rng, 0, k - 1)]);
    const std::string T = random::temperature_literal(rng);
    Case c;
    c.numbers["logits"] = ExactTensor::vector(l);
    c.numbers["T"] = ExactTensor::literal(T);
    c.label = "paired L=" + std::to_string(l.size()) + " T=" + T;
    c.provenance = {{"source", "random"}, {"generator", "paired"}, {"seed", std::to_string(r.seed)},
                    {"index", std::to_string(i)}};
    return c;
  }

  static void check_assumptions(const Case& c) {
    check_logits_and_temperature(c);
    const std::size_t L = c.number("logits").size();
    if (L > kMaxLength)
      throw InputError("L = " + std::to_string(L) + " logits exceed the limit of " + std::to_string(kMaxLength) +
                       " (2^(L-1) sign vectors are enumerated)");
  }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    using std::exp;
    const auto [logits, T] = softmax_input<R>(c);  // shifted: the top logit is exactly 0
    const Eigen::Index L = logits.size();
    Vector<R> e(L);
    R total = R(0);
    for (Eigen::Index i = 0; i < L; ++i) {
      e[i] = exp(logits[i] / T);
      total += e[i];
    }
    // max_A e(A) e(A^c) over the sets A that contain token 0 (s_0 = +1 by the symmetry s -> -s).
    R best = R(0);
    for (std::size_t set = 0; set < (std::size_t{1} << (L - 1)); ++set) {
      R in = e[0], out = R(0);
      for (Eigen::Index i = 1; i < L; ++i) ((set >> (i - 1)) & 1 ? in : out) += e[i];
      best = max_of(best, R(in * out));
    }
    const R norm = R(4) * best / (total * total * T);
    const Vector<R> alpha = e / total;
    const Vector<R> others = weights_of_the_others(alpha);
    R spread = R(0);  // 1 - ||alpha||^2 = sum_i alpha_i (1 - alpha_i)
    for (Eigen::Index i = 0; i < L; ++i) spread += alpha[i] * others[i];
    Sides<R> s;
    s.claim("||J||_{inf->1} <= 2 (1 - ||alpha||^2)/T", norm, Relation::LessEqual, R(2) * spread / T);
    s.claim("||J||_{inf->1} <= 1/T", norm, Relation::LessEqual, R(1) / T);
    s.quantity("||J||_{inf->1}", norm);
    s.quantity("T ||J||_{inf->1} = 1 - min_s (s^T alpha)^2", R(norm * T));
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(SoftmaxJacobianInfinityToOne)
