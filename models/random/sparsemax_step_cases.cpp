#include "models/random/sparsemax_step_cases.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "models/random/random_inputs.hpp"
#include "models/random/requested_shape.hpp"
#include "verify/numbers/exact.hpp"

namespace nb::random {

std::vector<Case> sparsemax_step_cases(const SuiteRequest& r, std::string_view theorem_id) {
  static const char* const kShapes[] = {"tangent", "gaussian", "spread", "ties"};
  static const char* const kSteps[] = {"1/1000", "1/10", "1", "10"};
  std::vector<Case> cases;
  for (std::size_t i = 0; i < r.count; ++i) {
    Rng rng = rng_for(r.seed, theorem_id, i);
    const int shape = static_cast<int>(i % 4);
    const std::size_t L = RequestedShape(r, i).L(i == 0 ? 2 : log_uniform_size(rng, 2, 32));
    const double scale = std::ldexp(1.0, static_cast<int>(uniform_index(rng, 0, 6)) - 3);
    std::vector<double> z = gaussian(rng, L, scale), v(L, 0.0);
    if (i == 0 || shape == 3) z.assign(L, 0.0);
    if (shape == 2) z[uniform_index(rng, 0, L - 1)] += 16 * scale;
    std::string eps = kSteps[uniform_index(rng, 0, 3)];
    if (shape == 1 || shape == 2) {
      v = gaussian(rng, L, 1);
    } else {
      // Two entries of the support (found in binary64: a wrong guess only loses the equality).
      std::vector<std::size_t> order(L);
      std::iota(order.begin(), order.end(), std::size_t{0});
      std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return z[a] > z[b]; });
      double sum = 0, tau = 0;
      std::size_t support = 0;
      for (std::size_t k = 0; k < L; ++k) {
        sum += z[order[k]];
        if (1 + static_cast<double>(k + 1) * z[order[k]] > sum) {
          support = k + 1;
          tau = (sum - 1) / static_cast<double>(k + 1);
        }
      }
      const std::size_t a = order[0], b = order[support > 1 ? uniform_index(rng, 1, support - 1) : 1];
      v[a] = 1;
      v[b] = -1;
      // eps a power of 2 below a quarter of the smallest positive weight, so that S is kept.
      const double smallest = std::max(z[order[support - 1]] - tau, 0x1p-60);
      eps = exact_decimal_or_hex(i == 0 ? 0.25 : std::ldexp(1.0, std::ilogb(smallest) - 2));
    }
    Case c;
    c.numbers["logits"] = ExactTensor::vector(z);
    c.numbers["direction"] = ExactTensor::vector(v);
    c.numbers["epsilon"] = ExactTensor::literal(eps);
    c.label = std::string(kShapes[shape]) + " L=" + std::to_string(L) + " eps=" + eps;
    c.provenance = {{"source", "random"}, {"generator", kShapes[shape]}, {"seed", std::to_string(r.seed)},
                    {"index", std::to_string(i)}};
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace nb::random
