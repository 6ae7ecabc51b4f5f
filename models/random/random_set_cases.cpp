#include "models/random/random_set_cases.hpp"

#include "models/random/random_inputs.hpp"
#include "models/random/requested_shape.hpp"
#include "models/random/vector_cases.hpp"

namespace nb::random {

std::vector<Case> full_selection_cases(const SuiteRequest& r, std::string_view theorem_id) {
  std::vector<Case> cases;
  for (std::size_t i = 0; i < r.count; ++i) {
    Rng rng = rng_for(r.seed, theorem_id, i);
    const RequestedShape want(r, i);
    const std::size_t L = want.L(log_uniform_size(rng, 2, 1024));
    TokenShape shape = random_token_shape(rng, cycled_family(i), L, L > 256 ? 16 : 64);
    shape.d = want.d(shape.d);
    shape.T = want.T(shape.T);
    shape.N = L;
    cases.push_back(token_case(rng, shape, r.seed, i));
  }
  return cases;
}

std::vector<Case> random_set_cases(const SuiteRequest& r, std::string_view theorem_id, bool sample_seeds) {
  std::vector<Case> cases;
  for (std::size_t i = 0; i < r.count; ++i) {
    Rng rng = rng_for(r.seed, theorem_id, i);
    const bool sampled = i % 10 == 9;
    const RequestedShape want(r, i);
    const std::size_t L = want.L(sampled ? uniform_index(rng, 24, 32) : uniform_index(rng, 2, 12));
    TokenShape shape = random_token_shape(rng, sampled ? VectorFamily::Gaussian : cycled_family(i), L, sampled ? 4 : 16);
    shape.d = want.d(shape.d);
    shape.T = want.T(shape.T);
    shape.N = want.N(sampled ? uniform_index(rng, 7, L / 2) : selection_size(rng, L));
    // Sampled cases get weights of comparable size: there eps is a sizeable part of E[d~]. With
    // one dominant weight (spread logits, or a small T) S_i is nearly linear in one vector, eps
    // is tiny and no affordable sample decides its sign.
    if (sampled) shape.logits = i % 20 == 9 ? LogitShape::Ties : LogitShape::NearTies;
    Case c = token_case(rng, shape, r.seed, i);
    const std::int64_t seed = static_cast<std::int64_t>(rng() >> 1);
    if (sample_seeds) c.integers["sample_seed"] = seed;
    cases.push_back(std::move(c));
  }
  return cases;
}

std::vector<Case> random_rate_cases(const SuiteRequest& r, std::string_view theorem_id, bool sample_seeds) {
  std::vector<Case> cases;
  for (std::size_t i = 0; i < r.count; ++i) {
    Rng rng = rng_for(r.seed, theorem_id, i);
    const bool sampled = i % 10 == 9, pair = i % 10 == 1;
    const VectorFamily family = sampled        ? VectorFamily::Gaussian
                                : pair         ? VectorFamily::Antipodal
                                : i % 5 == 0   ? VectorFamily::Lone
                                               : cycled_family(i);
    const RequestedShape want(r, i);
    const std::size_t L = want.L(sampled ? uniform_index(rng, 24, 40) : pair ? 2 : uniform_index(rng, 2, 12));
    TokenShape shape = random_token_shape(rng, family, L, sampled ? 4 : 16);
    shape.d = want.d(shape.d);
    shape.T = want.T(shape.T);
    shape.N = want.N(sampled ? uniform_index(rng, 7, L / 2) : pair ? 1 : selection_size(rng, L));
    // Sampled cases get weights of comparable size: one dominant weight makes the tokens act as
    // one non-zero vector, where the bound is attained and no confidence interval decides it.
    if (sampled) shape.logits = LogitShape::NearTies;
    Case c = token_case(rng, shape, r.seed, i);
    if (sampled && sample_seeds) c.integers["sample_seed"] = static_cast<std::int64_t>(rng() >> 1);
    cases.push_back(std::move(c));
  }
  return cases;
}

std::vector<Case> every_size_cases(const SuiteRequest& r, std::string_view theorem_id) {
  std::vector<Case> cases;
  for (std::size_t i = 0; i < r.count; ++i) {
    Rng rng = rng_for(r.seed, theorem_id, i);
    TokenShape shape = random_token_shape(rng, cycled_family(i), uniform_index(rng, 2, 10), 16);
    shape.N = 0;  // every N is evaluated
    cases.push_back(token_case(rng, shape, r.seed, i));
  }
  return cases;
}

}  // namespace nb::random
