// The upper envelope of Theorem 2 of arXiv 2508.17821 (heuristic), taken as a deterministic
// statement about one configuration, in the notation of theorems/separability.hpp:
//   N_s / N <= (1/N) sum_{i in I_N} exp(-(xi_i - r)^2 / (2 M^2))   for r < xi_i.
// The paper derives it from Hoeffding's inequality for ||s - alpha_i x_i|| in [0, 2M]; it is not a
// theorem, and random configurations violate it: a selected token can lie inside the ball B_r(s)
// (it is counted) while r < xi_i, where its term is below 1. Tokens with r >= xi_i are outside
// the stated range; they get the term 1 (exp of max(xi_i - r, 0) = 0), the largest value any
// reading could give them, so a violation found here violates the envelope on the tokens it
// speaks about. The quantity "premise tokens" counts the tokens with r < xi_i.
#include "models/random/vector_cases.hpp"
#include "theorems/separability_inputs.hpp"
#include "theorems/theorem_registration.hpp"

namespace nb::theorems {

struct SeparabilityUpperEnvelope {
  static TheoremInfo info() {
    return {.id = "separability-upper-envelope",
            .title = "Separable fraction of the top-N tokens, upper envelope (Theorem 2)",
            .source = "arXiv 2508.17821, Theorem 2 (upper bound), per configuration",
            .fidelity = Fidelity::Heuristic,
            .expect = Expect::Violated,
            .statement = R"(\frac{N_s}{N}\le\frac1N\sum_{i\in I_N}\exp\!\Big(-\frac{(\xi_i-r)^2}{2M^2}\Big)\quad (r<\xi_i;\ \text{term }1\text{ where }r\ge\xi_i))",
            .summary = "N_s/N <= (1/N) sum_i exp(-(xi_i - r)^2 / (2 M^2)) for r < xi_i",
            .assumptions = separability_assumptions(),
            .inputs = {"logits", "T", "vectors", "N"},
            .reads = separability_reads(),
            .shapes = random::kTokenCaseShapes};
  }

  static std::vector<Case> suite(const SuiteRequest& r) { return random::separability_cases(r, info().id); }

  static void check_assumptions(const Case& c) { check_separability_input(c); }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    const SeparabilityTerms<R> t = separability_terms<R>(c);
    const R N = R(c.integer("N"));
    Sides<R> s;
    s.claim("N_s / N <= (1/N) sum_i exp(-(xi_i - r)^2 / (2 M^2))", t.separated / N, Relation::LessEqual, t.envelope);
    s.quantity("N_s", t.separated);
    s.quantity("premise tokens (r < xi_i)", t.premise_tokens);
    s.quantity("M", t.M);
    s.quantity("delta", t.delta);
    s.quantity("r", t.r);
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(SeparabilityUpperEnvelope)
