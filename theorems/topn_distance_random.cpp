// Theorem 1 of arXiv 2508.17821 for a random set (reconstructed: the printed formula is not
// available). I is uniform over the C(L, N) N-subsets, the weights alpha = softmax(l/T) fixed,
// y_i = alpha_i x_i, mu_i = (1/(L-1)) sum_{j != i} y_j, S_i^2 = (1/(L-2)) sum_{j != i} ||y_j - mu_i||^2:
//   E[d~] = M + eps,  M = ((L-N)/L) sum_i ||y_i - (N/(L-1)) sum_{j != i} y_j||_2,
//   0 <= eps <= ((L-N)/L) sum_i sqrt(N (L-1-N)/(L-1) S_i^2).
// Proof: P(i not in I) = (L-N)/L, and given i not in I, s_I is the sum S_i of N of the other
// L - 1 vectors drawn without replacement, E[S_i] = N mu_i. So
//   E[d~] = ((L-N)/L) sum_i E||y_i - S_i||.
// Jensen (the norm is convex) gives E||y_i - S_i|| >= ||y_i - E S_i||, i.e. eps >= 0; and
// E||Z|| - ||E Z|| <= E||Z - E Z|| <= sqrt(tr Cov Z) with tr Cov S_i = N (L-1-N)/(L-1) S_i^2, the
// variance of a sum of N draws without replacement from L - 1 vectors (finite-population
// correction), gives the cap.
// E[d~] is computed exactly by enumerating the subsets when C(L, N) <= 200000 (certified claims);
// otherwise it is estimated from random subsets (integer "samples" of them if the case has it,
// else 64000; random_set_expectation in theorems/topn_distance.hpp) as a confidence interval at
// the run's confidence level (verify/kernels/statistics.hpp), and the claims are statistical. A
// draw is a subset with one left-out token (O(N d) operations, not a subset's O(L d)), and the
// sampled path's cap is computed about the mean of the y_i (O(L d), not O(L^2 d)), so that model
// rows of a thousand tokens stay affordable.
#include "models/random/random_set_cases.hpp"
#include "theorems/theorem_registration.hpp"
#include "theorems/topn_distance.hpp"

namespace nb::theorems {

struct TopnDistanceRandom {
  static TheoremInfo info() {
    return {.id = "topn-distance-random",
            .title = "Expected top-N distance for a uniformly random set (Theorem 1)",
            .source = "arXiv 2508.17821, Theorem 1 (random I_N, uniform over the N-subsets)",
            .fidelity = Fidelity::Reconstructed,
            .expect = Expect::Holds,
            .statement = R"(\mathbb E[\tilde d]=\frac{L-N}{L}\sum_{i=1}^{L}\Big\|\alpha_ix_i-\frac{N}{L-1}\sum_{j\ne i}\alpha_jx_j\Big\|_2+\varepsilon,\quad 0\le\varepsilon\le\frac{L-N}{L}\sum_{i=1}^{L}\sqrt{N\tfrac{L-1-N}{L-1}S_i^2})",
            .summary = "E[d~] = M + eps with 0 <= eps <= ((L-N)/L) sum_i sqrt(N (L-1-N)/(L-1) S_i^2)",
            .assumptions = random_set_assumptions(),
            .inputs = {"logits", "T", "vectors", "N"},
            .reads = random_set_reads(),
            .shapes = {.L = true, .d = true, .N = true, .T = true, .max_L = 64, .why = kSampledSubsetsCost}};
  }

  // models/random/random_set_cases.hpp
  static std::vector<Case> suite(const SuiteRequest& r) { return random::random_set_cases(r, info().id, true); }

  static void check_assumptions(const Case& c) {
    check_token_input(c, 2, true);
    check_sampled_subsets(c);
  }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext& ctx) {
    const TokenInput<R> in = token_input<R>(c);
    const std::size_t N = static_cast<std::size_t>(c.integer("N"));
    const R main = random_set_main_sum(in.y, N);
    const RandomSetExpectation<R> expected = random_set_expectation(c, in, N, ctx);
    const bool enumerated = expected.evidence == Evidence::Certified;
    const R cap = enumerated ? random_set_jensen_cap(in.y, N) : random_set_jensen_cap_by_centering(in.y, N);
    const R eps = expected.value - main;
    Sides<R> s;
    s.claim("eps = E[d~] - M >= 0", eps, Relation::GreaterEqual, R(0), expected.evidence);
    s.claim("eps <= ((L-N)/L) sum_i sqrt(N (L-1-N)/(L-1) S_i^2)", eps, Relation::LessEqual, cap, expected.evidence);
    s.quantity(expected.name(), expected.value);
    s.quantity("M", main);
    s.quantity("eps", eps);
    s.quantity("cap", cap);
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(TopnDistanceRandom)
