#include "models/random/key_query_cases.hpp"

#include <cmath>
#include <string>

#include "models/random/random_inputs.hpp"
#include "models/random/requested_shape.hpp"

namespace nb::random {

std::vector<Case> key_query_cases(const SuiteRequest& request, std::string_view theorem_id) {
  static const char* const kFamilies[] = {"gaussian", "sphere", "zero-query", "aligned"};
  std::vector<Case> cases;
  for (std::size_t i = 0; i < request.count; ++i) {
    Rng rng = rng_for(request.seed, theorem_id, i);
    const RequestedShape want(request, i);
    const std::size_t L = want.L(log_uniform_size(rng, 1, 4096));
    const std::size_t d = want.d(log_uniform_size(rng, 1, 64));
    const double scale = std::ldexp(1.0, static_cast<int>(uniform_index(rng, 0, 5)) - 4);
    const std::string T = want.T(temperature_literal(rng));
    std::vector<double> q = gaussian(rng, d, scale), keys;
    const char* family = kFamilies[i % 4];
    switch (i % 4) {
      case 0: keys = gaussian(rng, L * d, scale); break;
      case 1: keys = sphere_rows(rng, L, d, scale); break;
      case 2:
        q.assign(d, 0.0);
        keys = gaussian(rng, L * d, scale);
        break;
      case 3:
        for (std::size_t k = 0; k < L; ++k) {
          const double m = uniform(rng, -1, 1);
          for (std::size_t j = 0; j < d; ++j) keys.push_back(m * q[j]);
        }
        break;
    }
    Case c;
    c.label = std::string(family) + " L=" + std::to_string(L) + " d=" + std::to_string(d) + " T=" + T;
    c.numbers["query"] = ExactTensor::vector(q);
    c.numbers["keys"] = ExactTensor(L, d, keys);
    c.numbers["T"] = ExactTensor::literal(T);
    c.provenance = {{"source", "random"}, {"generator", family}, {"seed", std::to_string(request.seed)},
                    {"index", std::to_string(i)}};
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace nb::random
