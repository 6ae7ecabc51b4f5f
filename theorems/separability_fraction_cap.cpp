// A reading of the prose of arXiv 2508.17821 (abstract and the discussion of Theorem 2: only about
// 80% of the top-N tokens can be distinguished) as a hard limit (heuristic), in the notation of
// theorems/separability.hpp:
//   N_s / N <= 4/5   for N >= 2.
// Nothing in Theorem 2 caps N_s/N below 1: when the top-N weights are spread and the tokens left
// out sit far from s, every ||s - alpha_i x_i|| is below r and N_s = N. The default suite finds
// such configurations (certified, since N_s is a count decided in interval arithmetic), so this
// reading is expected to be violated; the 80% describes the paper's experiments, not a bound.
// At N = 1, N_s/N is 0 or 1 and a violation says nothing about "about 80%", so the default suite
// draws N >= 2; cases with N = 1 (from --top-n 1 on a model source) are accepted and judged alike.
#include "models/random/vector_cases.hpp"
#include "theorems/separability_inputs.hpp"
#include "theorems/theorem_registration.hpp"

namespace nb::theorems {

struct SeparabilityFractionCap {
  static TheoremInfo info() {
    return {.id = "separability-fraction-cap",
            .title = "At most about 80% of the top-N tokens are separable, read as a hard limit",
            .source = "arXiv 2508.17821, abstract and discussion of Theorem 2 (about 80% separable)",
            .fidelity = Fidelity::Heuristic,
            .expect = Expect::Violated,
            .statement = R"(\frac{N_s}{N}\le\frac45)",
            .summary = "N_s/N <= 4/5 ('at most about 80% can be distinguished'; suite: N >= 2)",
            .assumptions = separability_assumptions(),
            .inputs = {"logits", "T", "vectors", "N"},
            .reads = separability_reads(),
            .shapes = random::kTokenCaseShapes};
  }

  static std::vector<Case> suite(const SuiteRequest& r) { return random::separability_cases(r, info().id, 2); }

  static void check_assumptions(const Case& c) { check_separability_input(c); }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    const SeparabilityTerms<R> t = separability_terms<R>(c);
    Sides<R> s;
    s.claim("N_s / N <= 4/5", t.separated / R(c.integer("N")), Relation::LessEqual, R(4) / R(5));
    s.quantity("N_s", t.separated);
    s.quantity("r", t.r);
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(SeparabilityFractionCap)
