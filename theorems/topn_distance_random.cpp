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
#include "models/random/requested_shape.hpp"
#include "models/random/vector_cases.hpp"
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

  // Cases i % 10 == 9: Gaussian vectors, tied or near-tied logits, L in [24, 32], N in [7, L/2],
  // d in [1, 4] (C(L, N) > 200000: sampled). Others: enumerated, L in [2, 12],
  // N = selection_size(L), d log-uniform in [1, 16], vector families cycled.
  static std::vector<Case> suite(const SuiteRequest& r) {
    std::vector<Case> cases;
    for (std::size_t i = 0; i < r.count; ++i) {
      random::Rng rng = random::rng_for(r.seed, info().id, i);
      const bool sampled = i % 10 == 9;
      const random::RequestedShape want(r, i);
      const std::size_t L =
          want.L(sampled ? random::uniform_index(rng, 24, 32) : random::uniform_index(rng, 2, 12));
      random::TokenShape shape = random::random_token_shape(
          rng, sampled ? random::VectorFamily::Gaussian : random::cycled_family(i), L, sampled ? 4 : 16);
      shape.d = want.d(shape.d);
      shape.T = want.T(shape.T);
      shape.N = want.N(sampled ? random::uniform_index(rng, 7, L / 2) : random::selection_size(rng, L));
      // Sampled cases get weights of comparable size: there eps is a sizeable part of E[d~]. With
      // one dominant weight (spread logits, or a small T) S_i is nearly linear in one vector, eps
      // is tiny and no affordable sample decides its sign.
      if (sampled) shape.logits = i % 20 == 9 ? random::LogitShape::Ties : random::LogitShape::NearTies;
      Case c = random::token_case(rng, shape, r.seed, i);
      c.integers["sample_seed"] = static_cast<std::int64_t>(rng() >> 1);
      cases.push_back(std::move(c));
    }
    return cases;
  }

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
