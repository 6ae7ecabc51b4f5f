// A rate for Corollary 2(ii) of arXiv 2508.17821 (an extension: the paper says only that the
// expected distance vanishes as N -> L; at N = L it is an empty sum, topn-distance-full-selection).
// I uniform over the C(L, N) N-subsets, weights alpha = softmax(l/T) fixed, y_i = alpha_i x_i,
// d~(I) = sum_{i not in I} ||y_i - s_I||, s_I = sum_{j in I} y_j:
//   E[d~] <= ((L-N)(N+1)/L) sum_j alpha_j ||x_j||_2 <= (N+1) max_j ||x_j||_2.
// Proof: E[d~] = sum_i P(i not in I) E[||y_i - s_I|| | i not in I] with P(i not in I) = (L-N)/L.
// By the triangle inequality ||y_i - s_I|| <= ||y_i|| + sum_{j in I} ||y_j||, and given i not in I
// each j != i is in I with probability N/(L-1), so
//   E[d~] <= ((L-N)/L) sum_i (||y_i|| + (N/(L-1)) sum_{j != i} ||y_j||)
//          = ((L-N)/L) (A + N A) = ((L-N)(N+1)/L) A,   A = sum_j ||y_j|| = sum_j alpha_j ||x_j||.
// A <= max_j ||x_j|| (the weights sum to 1) and L - N <= L give the second form, which does not
// grow with L: the expected distance of this model cannot grow about linearly in L.
// Equality in the first: exactly one x_k != 0 (the family `lone`; then d~ = (L-N) ||y_k|| when
// k is in I, ||y_k|| otherwise, and E[d~] = (N/L)(L-N) ||y_k|| + ((L-N)/L) ||y_k||), an
// antipodal pair at L = 2, N = 1, and N = L (both sides 0).
// E[d~] is enumerated or sampled as in topn-distance-random (random_set_expectation,
// theorems/topn_distance.hpp): certified claims when C(L, N) <= 200000, statistical otherwise.
#include "models/random/random_set_cases.hpp"
#include "theorems/theorem_registration.hpp"
#include "theorems/topn_distance.hpp"

namespace nb::theorems {

struct TopnDistanceRandomRate {
  static TheoremInfo info() {
    return {.id = "topn-distance-random-rate",
            .title = "Rate at which the expected top-N distance vanishes as N -> L (Corollary 2(ii))",
            .source = "arXiv 2508.17821, beside Corollary 2(ii) (a rate for E[d~] -> 0 as N -> L, derived here)",
            .fidelity = Fidelity::Extension,
            .expect = Expect::Holds,
            .statement = R"(\mathbb E[\tilde d]\le\frac{(L-N)(N+1)}{L}\sum_{j=1}^{L}\alpha_j\|x_j\|_2\le(N+1)\max_j\|x_j\|_2)",
            .summary = "E[d~] <= ((L-N)(N+1)/L) sum_j a_j ||x_j|| <= (N+1) max_j ||x_j||",
            .assumptions = random_set_assumptions(),
            .inputs = {"logits", "T", "vectors", "N"},
            .reads = random_set_reads(),
            .shapes = {.L = true, .d = true, .N = true, .T = true, .max_L = 64, .why = kSampledSubsetsCost}};
  }

  // models/random/random_set_cases.hpp
  static std::vector<Case> suite(const SuiteRequest& r) { return random::random_rate_cases(r, info().id, true); }

  static void check_assumptions(const Case& c) {
    check_token_input(c, 2, true);
    check_sampled_subsets(c);
  }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext& ctx) {
    const TokenInput<R> in = token_input<R>(c);
    const std::size_t L = static_cast<std::size_t>(in.y.rows()), N = static_cast<std::size_t>(c.integer("N"));
    const RandomSetExpectation<R> expected = random_set_expectation(c, in, N, ctx);
    // A as sum_j ||y_j||, the norms the enumeration takes too, so that equal sides meet closely.
    R weighted_norms = R(0), largest_norm = euclidean_norm(in.x.row(0));
    for (Eigen::Index j = 0; j < in.y.rows(); ++j) {
      weighted_norms += euclidean_norm(in.y.row(j));
      largest_norm = max_of(largest_norm, euclidean_norm(in.x.row(j)));
    }
    const R rate = R(L - N) * R(N + 1) / R(L) * weighted_norms;
    Sides<R> s;
    s.claim("E[d~] <= ((L-N)(N+1)/L) sum_j alpha_j ||x_j||", expected.value, Relation::LessEqual, rate,
            expected.evidence);
    s.claim("E[d~] <= (N+1) max_j ||x_j||", expected.value, Relation::LessEqual, R(N + 1) * largest_norm,
            expected.evidence);
    s.quantity(expected.name(), expected.value);
    s.quantity("sum_j alpha_j ||x_j||", weighted_norms);
    s.quantity("max_j ||x_j||", largest_norm);
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(TopnDistanceRandomRate)
