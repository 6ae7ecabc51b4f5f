// A reading of Corollary 2(ii) of arXiv 2508.17821 and of Fig. 2b ("as N -> L the expectation
// goes to 0"; "beyond N = 20 the distance plateaus") as monotonicity (heuristic, expected to be
// violated): for fixed weights and vectors, E[d~] over a uniformly random N-subset is
// non-increasing in N. It is false in general: with L equal weights and identical vectors y,
// d~ = (L - N)(N - 1) ||y|| for every subset, which grows from N = 1 to N = 2 whenever L >= 3.
// Only the endpoint, E[d~] = 0 at N = L, is a theorem (topn-distance-full-selection). Every E[d~]
// is computed exactly by enumerating the 2^L subsets.
#include "models/random/random_set_cases.hpp"
#include "theorems/theorem_registration.hpp"
#include "theorems/topn_distance.hpp"

namespace nb::theorems {

struct TopnDistanceRandomMonotone {
  // A limit on what a case file may ask for: 2^16 = 65,536 subsets, about L d operations each.
  static constexpr std::size_t kMaxTokens = 16;

  static TheoremInfo info() {
    return {.id = "topn-distance-random-monotone",
            .title = "Expected top-N distance decreases in N (reading of Corollary 2(ii))",
            .source = "arXiv 2508.17821, Corollary 2(ii) and Fig. 2b, read as monotone decrease",
            .fidelity = Fidelity::Heuristic,
            .expect = Expect::Violated,
            .statement = R"(\mathbb E_{|I|=N+1}[\tilde d]\le\mathbb E_{|I|=N}[\tilde d],\quad 1\le N<L,\ I\ \text{uniform over the subsets of its size})",
            .summary = "E[d~] over random N-subsets is non-increasing in N",
            .assumptions = {"T > 0", "2 <= L <= 16", "I uniform over the N-subsets; weights fixed"},
            // No model inputs: every E[d~] enumerates all 2^L subsets, out of reach for model rows.
            .inputs = {},
            .reads = {.numbers = {"logits", "T", "vectors"}},
            .shapes = {.why = "it enumerates all 2^L subsets of a row for every N (L <= 16)"}};
  }

  // models/random/random_set_cases.hpp
  static std::vector<Case> suite(const SuiteRequest& r) { return random::every_size_cases(r, info().id); }

  static void check_assumptions(const Case& c) {
    check_token_input(c, 2, false);
    const std::size_t L = c.number("logits").size();
    if (L > kMaxTokens)
      throw InputError("L = " + std::to_string(L) + " is beyond the limit of " + std::to_string(kMaxTokens) +
                       " tokens (every E[d~] enumerates all 2^L subsets)");
  }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    const TokenInput<R> in = token_input<R>(c);
    const std::size_t L = static_cast<std::size_t>(in.y.rows());
    const EqualTokenClasses classes = equal_token_classes(c);
    std::vector<R> expected;
    for (std::size_t N = 1; N <= L; ++N) expected.push_back(expected_distance_by_enumeration(in.y, classes, N));
    Sides<R> s;
    for (std::size_t N = 1; N < L; ++N)
      s.claim("E[d~] at N = " + std::to_string(N + 1) + " <= E[d~] at N = " + std::to_string(N), expected[N],
              Relation::LessEqual, expected[N - 1]);
    for (std::size_t N = 1; N <= L; ++N) s.quantity("E[d~] at N = " + std::to_string(N), expected[N - 1]);
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(TopnDistanceRandomMonotone)
