#include "models/random/logit_pair_cases.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "models/random/random_inputs.hpp"
#include "models/random/requested_shape.hpp"

namespace nb::random {

std::vector<Case> logit_pair_cases(const SuiteRequest& request, std::string_view theorem_id) {
  static const char* const kFamilies[] = {"swap", "jitter", "edge", "vertices"};
  std::vector<Case> cases;
  for (std::size_t i = 0; i < request.count; ++i) {
    Rng rng = rng_for(request.seed, theorem_id, i);
    const RequestedShape want(request, i);
    const std::size_t L = want.L(i / 4 % 2 == 0 ? uniform_index(rng, 2, 8) : log_uniform_size(rng, 2, 4096));
    const auto shape = static_cast<LogitShape>(uniform_index(rng, 0, kLogitShapeCount - 1));
    const std::string T = want.T(temperature_literal(rng));
    const auto power = [&rng](int lo, int hi) {
      return std::ldexp(1.0, static_cast<int>(uniform_index(rng, 0, hi - lo)) + lo);
    };
    const std::size_t a = uniform_index(rng, 0, L - 1), b = (a + 1 + uniform_index(rng, 0, L - 2)) % L;
    std::vector<double> l1 = logits(rng, shape, L), l2;
    switch (i % 4) {
      case 0: {  // l1 - l2 = (2 eps, -eps, 0, ...): c +- eps is exact (|c| <= 8, eps >= 2^-30)
        const double top = std::round(uniform(rng, -8, 8)), eps = power(-30, 4);
        if (L > 2) {  // the rest moved below c
          const double rest_top = *std::max_element(l1.begin() + 2, l1.end()), gap = power(-2, 6);
          for (std::size_t k = 2; k < L; ++k) l1[k] += top - rest_top - gap;
        }
        l1[0] = top + eps;
        l1[1] = top;
        l2 = l1;
        l2[0] = top - eps;
        l2[1] = top + eps;
        break;
      }
      case 1: {
        const std::vector<double> step = gaussian(rng, L, power(-30, 4));
        for (std::size_t k = 0; k < L; ++k) l2.push_back(l1[k] + step[k]);
        break;
      }
      case 2: {
        const double delta = power(-30, 4);
        l2 = l1;
        l2[a] += delta;
        l2[b] -= delta;
        break;
      }
      case 3: {
        l2 = l1;
        const double lift = power(1, 10);
        l1[a] += lift;
        l2[b] += lift;
        break;
      }
    }
    Case c;
    c.numbers["logits1"] = ExactTensor::vector(l1);
    c.numbers["logits2"] = ExactTensor::vector(l2);
    c.numbers["T"] = ExactTensor::literal(T);
    c.label = std::string(kFamilies[i % 4]) + " " + logit_shape_name(shape) + " L=" + std::to_string(L) + " T=" + T;
    c.provenance = {{"source", "random"}, {"generator", kFamilies[i % 4]}, {"shape", logit_shape_name(shape)},
                    {"seed", std::to_string(request.seed)}, {"index", std::to_string(i)}};
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace nb::random
