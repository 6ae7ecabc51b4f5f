#include "models/random/length_scaled_cases.hpp"

#include <cmath>
#include <string>

#include "models/random/random_inputs.hpp"
#include "models/random/requested_shape.hpp"
#include "verify/numbers/exact.hpp"

namespace nb::random {

std::vector<Case> length_scaled_cases(const SuiteRequest& request, std::string_view theorem_id) {
  static const char* const kShapes[] = {"two-level", "gaussian", "gap", "ties"};
  static const double kScales[] = {0.5, 1, 2};
  std::vector<Case> cases;
  for (std::size_t i = 0; i < request.count; ++i) {
    Rng rng = rng_for(request.seed, theorem_id, i);
    const std::size_t L = RequestedShape(request, i).L(log_uniform_size(rng, 2, 1024));
    const double s = kScales[uniform_index(rng, 0, 2)];
    const double g = std::ldexp(1.0, static_cast<int>(uniform_index(rng, 0, 3)) - 2);
    const int shape = static_cast<int>(i % 4);
    std::vector<double> l(L, 0.0);
    if (shape == 1) l = gaussian(rng, L, 1);
    if (shape == 2)
      for (double& x : l) x = uniform(rng, -4, -g);
    if (shape == 0 || shape == 2) l[uniform_index(rng, 0, L - 1)] = shape == 0 ? g : 0;
    Case c;
    c.numbers["logits"] = ExactTensor::vector(l);
    c.numbers["s"] = ExactTensor::scalar(s);
    c.label = std::string(kShapes[shape]) + " L=" + std::to_string(L) + " s=" + exact_decimal_or_hex(s) +
              (shape == 0 ? " g=" + exact_decimal_or_hex(g) : shape == 2 ? " g>" + exact_decimal_or_hex(g) : "");
    c.provenance = {{"source", "random"}, {"generator", kShapes[shape]}, {"seed", std::to_string(request.seed)},
                    {"index", std::to_string(i)}};
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace nb::random
