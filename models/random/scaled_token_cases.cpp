#include "models/random/scaled_token_cases.hpp"

#include <cmath>
#include <string>

#include "models/random/random_inputs.hpp"

namespace nb::random {

std::vector<Case> scaled_token_cases(const SuiteRequest& r, std::string_view theorem_id) {
  static const char* const kConstants[] = {"1", "100", "10000", "1000000"};
  std::vector<Case> cases;
  for (std::size_t i = 0; i < r.count; ++i) {
    const std::size_t sweep = i / 12;
    const int k = static_cast<int>(i % 12);
    Rng rng = rng_for(r.seed, std::string(theorem_id) + "/sweep", sweep);
    const std::size_t N = uniform_index(rng, 2, 8);
    std::vector<double> x = gaussian(rng, N, 1);
    x[0] = 0;
    for (double& t : x) t = std::ldexp(t, k);
    const std::string C = kConstants[sweep % 4];
    Case c;
    c.numbers["tokens"] = ExactTensor::vector(x);
    c.numbers["C"] = ExactTensor::literal(C);
    c.label = "N=" + std::to_string(N) + " c=2^" + std::to_string(k) + " C=" + C;
    c.provenance = {{"source", "random"}, {"generator", "scaled-tokens"}, {"seed", std::to_string(r.seed)},
                    {"index", std::to_string(i)}};
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace nb::random
