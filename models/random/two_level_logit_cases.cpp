#include "models/random/two_level_logit_cases.hpp"

#include <string>

#include "models/random/logit_cases.hpp"
#include "models/random/random_inputs.hpp"
#include "models/random/requested_shape.hpp"

namespace nb::random {

std::vector<Case> two_level_logit_cases(const SuiteRequest& request, std::string_view theorem_id) {
  std::vector<Case> cases = logit_cases(request, theorem_id, 64);
  for (std::size_t i = 3; i < cases.size(); i += 4) {
    Rng rng = rng_for(request.seed, std::string(theorem_id) + "/two-level", i);
    const RequestedShape want(request, i);
    const std::size_t L = want.L(log_uniform_size(rng, 2, 64));
    const double g = static_cast<double>(uniform_index(rng, 1, 8));
    const std::string T = want.T(temperature_literal(rng));
    std::vector<double> l(L, 0.0);
    l[uniform_index(rng, 0, L - 1)] = g;
    Case c;
    c.numbers["logits"] = ExactTensor::vector(l);
    c.numbers["T"] = ExactTensor::literal(T);
    c.label = "two-level L=" + std::to_string(L) + " g=" + std::to_string(static_cast<int>(g)) + " T=" + T;
    c.provenance = {{"source", "random"}, {"generator", "two-level"}, {"seed", std::to_string(request.seed)},
                    {"index", std::to_string(i)}};
    cases[i] = std::move(c);
  }
  return cases;
}

}  // namespace nb::random
