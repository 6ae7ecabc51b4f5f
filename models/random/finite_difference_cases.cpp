#include "models/random/finite_difference_cases.hpp"

#include <algorithm>
#include <string>

#include "models/random/logit_cases.hpp"
#include "models/random/random_inputs.hpp"
#include "models/random/requested_shape.hpp"

namespace nb::random {

std::vector<Case> finite_difference_cases(const SuiteRequest& request, std::string_view theorem_id,
                                          std::size_t max_L) {
  static const char* const kEpsilons[] = {"0.001", "0.1", "10"};
  static const char* const kTemperatures[] = {"0.01", "0.02", "0.05", "0.1", "0.2", "0.5", "1",
                                              "2",    "5",    "10",   "20",  "50",  "100"};
  static const char* const kDirections[] = {"gaussian", "pair", "top-pair"};
  std::vector<Case> cases = logit_cases(request, theorem_id, max_L);
  // A stream of its own, so that the logits are exactly logit_cases' ones.
  const std::string stream = std::string(theorem_id) + "/finite-difference";
  for (std::size_t i = 0; i < cases.size(); ++i) {
    Case& c = cases[i];
    Rng rng = rng_for(request.seed, stream, i);
    const ExactTensor& logits = c.number("logits");
    const std::size_t L = logits.size();
    const RequestedShape want(request, i);
    std::string eps = kEpsilons[uniform_index(rng, 0, 2)], T = want.T(kTemperatures[uniform_index(rng, 0, 12)]);
    const std::size_t kind = i == 0 ? 1 : i % 3;
    std::vector<double> v(L, 0.0);
    std::size_t a = uniform_index(rng, 0, L - 1), b = (a + 1 + uniform_index(rng, 0, L - 2)) % L;
    if (kind == 2) {  // the two largest logits (binary64 values, so the order is exact)
      std::vector<std::size_t> order(L);
      for (std::size_t k = 0; k < L; ++k) order[k] = k;
      std::partial_sort(order.begin(), order.begin() + 2, order.end(),
                        [&](std::size_t x, std::size_t y) { return logits.approx(x) > logits.approx(y); });
      a = order[0];
      b = order[1];
    }
    if (i == 0) {
      a = 0;
      b = 1;
      eps = "0.001";
      T = want.T("0.01");
    }
    if (kind == 0) {
      v = gaussian(rng, L, 1.0);
    } else {
      v[a] = 1;
      v[b] = -1;
    }
    c.numbers["direction"] = ExactTensor::vector(v);
    c.numbers["epsilon"] = ExactTensor::literal(eps);
    c.numbers["T"] = ExactTensor::literal(T);
    c.label = c.provenance.at("shape") + " L=" + std::to_string(L) + " v=" + kDirections[kind] + " eps=" + eps +
              " T=" + T;
    c.provenance["direction"] = kDirections[kind];
  }
  return cases;
}

}  // namespace nb::random
