// The upper envelope of Theorem 2 of arXiv 2508.17821 (heuristic) in its expectation form,
// under Assumption 1 (x_1..x_L i.i.d. uniform on the sphere of radius M), weights fixed:
//   E[N_s / N] <= E[(1/N) sum_{i in I_N} exp(-(xi_i - r)^2 / (2 M^2))],
// with, in every draw, delta the draw's minimum separation and r = min_{i not in I_N}
// ||s - alpha_i x_i|| (the paper's Algorithm 4), and the term 1 for tokens with r >= xi_i (as in
// separability-upper-envelope). The claim is the sign of E[D], D = N_s/N - envelope, estimated
// from `samples` draws (seed: theorems/sampling_seed.hpp) as a confidence interval at the run's
// confidence level (verify/kernels/statistics.hpp), each draw's D evaluated in interval arithmetic, and
// in MPFI a draw whose N_s intervals cannot decide (a distance exactly equal to r, as with tied
// weights in d = 1) once more exactly (theorems/separability_exact_draws.hpp).
// D lies in [-1, 1 - e^{-1/2}]: 0 <= max(xi_i - r, 0) <= xi_i <= M (the weights in xi_i sum to
// at most 1), so every envelope term is in [e^{-1/2}, 1].
// The draws are Gaussian directions scaled to the radius in binary64 (random::sphere_rows), so
// within a few ulps of the sphere; M and delta are recomputed from each draw, its inner products
// enclosed from binary64 dot products (verify/kernels/gram_matrix.hpp: precision cannot decide a
// statistical claim, so there is no point in computing them in R).
// What the suite finds (seed 2508178, 200 cases): for d <= 16 the envelope holds in expectation
// (183 cases; estimates of E[D] from -0.75 to -0.01; 16 cases undecided, estimates within 0.2 of
// 0, mostly N = 2), and at d = 192 it fails: almost every selected token is counted (N_s = N)
// while r < xi_i pulls the envelope to about 0.98, E[D] in [0.0028, 0.021]. An exploration in
// binary64 found E[D] > 0 for d >= 128 whenever N is close to L (L in [6, 32]), by at most ~0.015.
#include <limits>
#include <type_traits>

#include "models/random/vector_cases.hpp"
#include "theorems/sampling_seed.hpp"
#include "theorems/separability.hpp"
#include "theorems/separability_exact_draws.hpp"
#include "theorems/token_inputs.hpp"
#include "theorems/theorem_registration.hpp"
#include "verify/kernels/statistics.hpp"
#include "verify/numbers/readable_decimal.hpp"

namespace nb::theorems {

struct SeparabilityUpperEnvelopeExpectation {
  // Limits on what a case file may ask for: each draw costs O(L^2 d) operations.
  static constexpr std::int64_t kMaxDimension = 4096;
  static constexpr std::int64_t kMaxSamples = 100000;

  static TheoremInfo info() {
    return {.id = "separability-upper-envelope-expectation",
            .title = "Separable fraction, upper envelope in expectation over the sphere (Theorem 2)",
            .source = "arXiv 2508.17821, Theorem 2 (upper bound) under Assumptions 1-2",
            .fidelity = Fidelity::Heuristic,
            .expect = Expect::Violated,
            .statement = R"(\mathbb E\Big[\frac{N_s}{N}\Big]\le\mathbb E\Big[\frac1N\sum_{i\in I_N}\exp\!\Big(-\frac{\max(\xi_i-r,0)^2}{2M^2}\Big)\Big],\quad x_i\overset{\text{iid}}{\sim}\mathrm{Unif}(S^{d-1}(M)))",
            .summary = "E[N_s/N] <= E[(1/N) sum_i exp(-(xi_i - r)^2/(2M^2))], x_i uniform on the sphere",
            .assumptions = {"T > 0", "1 <= N < L", "x_i i.i.d. uniform on S^{d-1}(M), d >= 1",
                            "delta and r recomputed in every draw (Algorithm 4)"},
            .reads = {.numbers = {"logits", "T", "radius"}, .integers = {"N", "dimension", "samples", "sample_seed"}},
            .search = {.not_searchable = "its value is a sampled expectation: an optimizer would fit the sampling noise of the binary64 estimate"},
            .shapes = {.why = "each evaluation draws 600 configurations of L vectors on the sphere in R^d and computes the separable fraction of each, O(L^2 d) operations per draw, and draws twice as many while the statistical verdict is undecided"}};
  }

  static std::vector<Case> suite(const SuiteRequest& r);

  static void check_assumptions(const Case& c) {
    check_logits_and_temperature(c);
    const std::int64_t L = static_cast<std::int64_t>(c.number("logits").size());
    if (c.integer("N") < 1 || c.integer("N") >= L) throw InputError("needs 1 <= N < L");
    if (c.integer("dimension") < 1) throw InputError("dimension must be >= 1");
    if (c.integer("dimension") > kMaxDimension)
      throw InputError("dimension = " + std::to_string(c.integer("dimension")) + " is beyond the limit of " +
                       std::to_string(kMaxDimension) + " dimensions of the sphere draws");
    if (c.integer("samples") < 2) throw InputError("samples must be >= 2");
    if (c.integer("samples") > kMaxSamples)
      throw InputError("samples = " + std::to_string(c.integer("samples")) + " is beyond the limit of " +
                       std::to_string(kMaxSamples) + " sphere draws");
    positive_scalar(c, "radius");
    // The draws are scaled in binary64 (random::sphere_rows).
    const double radius = c.number("radius").approx(0);
    if (!(radius >= std::numeric_limits<double>::min() && radius <= std::numeric_limits<double>::max()))
      throw InputError("radius must round to a normal binary64 value (got " + decimal_text(c.number("radius"), 0) + ")");
  }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext& ctx) {
    using std::exp;
    const auto [logits, T] = softmax_input<R>(c);
    const Vector<R> alpha = softmax(logits, T);
    const Selection I = top_n_selection(c);
    const R N = R(I.selected.size());
    const std::uint64_t seed = sampling_seed(c, ctx);
    random::Rng rng(seed);
    const std::size_t samples = ctx.samples(static_cast<std::size_t>(c.integer("samples")));
    std::vector<R> separated, envelope;
    ExactSeparabilityDraws exact_draws(c, ctx, seed);
    for (std::size_t k = 0; k < samples; ++k) {
      const ExactTensor x = sphere_draw(rng, c);
      const SeparabilityTerms<R> t =
          separability_terms(alpha, x, binary64_gram_rows<R>(x, I.selected), I, std::optional<R>());
      if constexpr (std::is_same_v<R, Interval>) exact_draws.note(k, t);
      separated.push_back(t.separated);
      envelope.push_back(t.envelope);
    }
    if constexpr (std::is_same_v<R, Interval>)
      for (const DrawCounts& n : exact_draws.decide()) {
        separated[n.draw] = n.separated;
        envelope[n.draw] = n.envelope;
      }
    std::vector<R> excess, fraction;
    for (std::size_t k = 0; k < samples; ++k) {
      fraction.push_back(separated[k] / N);
      excess.push_back(fraction.back() - envelope[k]);
    }
    const R excess_range = R(2) - exp(R(-1) / R(2));
    Sides<R> s;
    s.claim("E[N_s/N - (1/N) sum_i exp(-(xi_i - r)^2/(2M^2))] <= 0",
            mean_confidence_interval(excess, excess_range, ctx.confidence), Relation::LessEqual, R(0),
            Evidence::Statistical);
    s.quantity("E[N_s/N]", mean_confidence_interval(fraction, R(1), ctx.confidence));
    s.quantity("E[envelope]", mean_confidence_interval(envelope, R(1), ctx.confidence));
    return s;
  }
};

// Case 0: the high-dimensional family where the envelope fails, d = 192, L = 16, N = 15, tied
// logits (alpha = 1/16 exactly), 4000 draws (E[D] is near 0.013, and the interval must be
// narrower than that). Other cases: L in [3, 16], N uniform in [2, L - 1], d log-uniform in
// [1, 16], random logit shapes and temperatures, 600 draws. Radius 2^-2 .. 2^3 (N_s and the
// envelope do not depend on it).
std::vector<Case> SeparabilityUpperEnvelopeExpectation::suite(const SuiteRequest& r) {
  std::vector<Case> cases;
  for (std::size_t i = 0; i < r.count; ++i) {
    random::Rng rng = random::rng_for(r.seed, info().id, i);
    const bool high_dimension = i == 0;
    const std::size_t L = high_dimension ? 16 : random::uniform_index(rng, 3, 16);
    const std::size_t N = high_dimension ? 15 : random::uniform_index(rng, 2, L - 1);
    const std::size_t d = high_dimension ? 192 : random::log_uniform_size(rng, 1, 16);
    const auto shape = high_dimension ? random::LogitShape::Ties
                                      : static_cast<random::LogitShape>(
                                            random::uniform_index(rng, 0, random::kLogitShapeCount - 1));
    const std::string T = high_dimension ? "1" : random::temperature_literal(rng);
    const double radius = std::ldexp(1.0, static_cast<int>(random::uniform_index(rng, 0, 5)) - 2);
    std::vector<double> logits = random::logits(rng, shape, L);
    if (high_dimension) logits.assign(L, 0.0);
    Case c;
    c.numbers["logits"] = ExactTensor::vector(logits);
    c.numbers["T"] = ExactTensor::literal(T);
    c.numbers["radius"] = ExactTensor::scalar(radius);
    c.integers = {{"N", static_cast<std::int64_t>(N)},
                  {"dimension", static_cast<std::int64_t>(d)},
                  {"samples", high_dimension ? 4000 : 600},
                  {"sample_seed", static_cast<std::int64_t>(rng() >> 1)}};
    c.label = std::string(random::logit_shape_name(shape)) + " L=" + std::to_string(L) + " d=" + std::to_string(d) +
              " N=" + std::to_string(N) + " T=" + T;
    c.provenance = {{"source", "random"},
                    {"generator", "sphere draws per evaluation"},
                    {"logits", random::logit_shape_name(shape)},
                    {"seed", std::to_string(r.seed)},
                    {"index", std::to_string(i)}};
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(SeparabilityUpperEnvelopeExpectation)
