#include "models/random/bounded_logit_sweeps.hpp"

#include <string>

#include "models/random/random_inputs.hpp"
#include "models/random/requested_shape.hpp"
#include "verify/numbers/exact.hpp"

namespace nb::random {

std::vector<Case> bounded_logit_sweeps(const SuiteRequest& request, std::string_view theorem_id) {
  static const char* const kShapes[] = {"top", "bottom", "uniform", "zero"};
  static const double kBounds[] = {0.125, 0.5, 1, 2, 4};
  static const char* const kTemperatures[] = {"1/4", "1", "2", "8"};
  std::vector<Case> cases;
  for (std::size_t i = 0; i < request.count; ++i) {
    const RequestedShape want(request, i);
    const std::size_t sweep = i / 10, L = want.L(std::size_t{2} << (i % 10));
    Rng per_sweep = rng_for(request.seed, std::string(theorem_id) + "/sweep", sweep);
    const int shape = static_cast<int>(sweep % 4);
    const double B = shape == 3 ? 0 : kBounds[uniform_index(per_sweep, 0, 4)];
    const std::string T = want.T(kTemperatures[uniform_index(per_sweep, 0, 3)]);
    Rng rng = rng_for(request.seed, theorem_id, i);
    std::vector<double> l(L, shape == 0 ? -B : B);
    if (shape == 3) l.assign(L, 0);
    if (shape < 2) l[uniform_index(rng, 0, L - 1)] = -l[0];
    if (shape == 2)
      for (double& x : l) x = uniform(rng, -B, B);
    Case c;
    c.numbers["logits"] = ExactTensor::vector(l);
    c.numbers["T"] = ExactTensor::literal(T);
    c.numbers["B"] = ExactTensor::scalar(B);
    c.label = std::string(kShapes[shape]) + " L=" + std::to_string(L) + " B=" + exact_decimal_or_hex(B) + " T=" + T;
    c.provenance = {{"source", "random"}, {"generator", kShapes[shape]}, {"seed", std::to_string(request.seed)},
                    {"index", std::to_string(i)}};
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace nb::random
