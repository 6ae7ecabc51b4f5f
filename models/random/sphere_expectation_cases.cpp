#include "models/random/sphere_expectation_cases.hpp"

#include <cmath>
#include <string>

#include "models/random/random_inputs.hpp"

namespace nb::random {

std::vector<Case> sphere_expectation_cases(const SuiteRequest& request, std::string_view theorem_id) {
  std::vector<Case> cases;
  for (std::size_t i = 0; i < request.count; ++i) {
    Rng rng = rng_for(request.seed, theorem_id, i);
    const bool high_dimension = i == 0;
    const std::size_t L = high_dimension ? 16 : uniform_index(rng, 3, 16);
    const std::size_t N = high_dimension ? 15 : uniform_index(rng, 2, L - 1);
    const std::size_t d = high_dimension ? 192 : log_uniform_size(rng, 1, 16);
    const auto shape =
        high_dimension ? LogitShape::Ties : static_cast<LogitShape>(uniform_index(rng, 0, kLogitShapeCount - 1));
    const std::string T = high_dimension ? "1" : temperature_literal(rng);
    const double radius = std::ldexp(1.0, static_cast<int>(uniform_index(rng, 0, 5)) - 2);
    std::vector<double> drawn = logits(rng, shape, L);
    if (high_dimension) drawn.assign(L, 0.0);
    Case c;
    c.theorem = std::string(theorem_id);
    c.numbers["logits"] = ExactTensor::vector(drawn);
    c.numbers["T"] = ExactTensor::literal(T);
    c.numbers["radius"] = ExactTensor::scalar(radius);
    c.integers = {{"N", static_cast<std::int64_t>(N)},
                  {"dimension", static_cast<std::int64_t>(d)},
                  {"samples", high_dimension ? 4000 : 600},
                  {"sample_seed", static_cast<std::int64_t>(rng() >> 1)}};
    c.label = std::string(logit_shape_name(shape)) + " L=" + std::to_string(L) + " d=" + std::to_string(d) +
              " N=" + std::to_string(N) + " T=" + T;
    c.provenance = {{"source", "random"},
                    {"generator", "sphere draws per evaluation"},
                    {"logits", logit_shape_name(shape)},
                    {"seed", std::to_string(request.seed)},
                    {"index", std::to_string(i)}};
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace nb::random
