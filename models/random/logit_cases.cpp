#include "models/random/logit_cases.hpp"

#include "models/random/random_inputs.hpp"
#include "models/random/requested_shape.hpp"

namespace nb::random {

std::vector<Case> logit_cases(const SuiteRequest& request, std::string_view theorem_id, std::size_t max_L) {
  std::vector<Case> cases;
  cases.reserve(request.count);
  for (std::size_t i = 0; i < request.count; ++i) {
    Rng rng = rng_for(request.seed, theorem_id, i);
    const auto shape = i == 0 ? LogitShape::Ties : static_cast<LogitShape>(i % kLogitShapeCount);
    const RequestedShape want(request, i);
    const std::size_t L = want.L(i % 2 == 0 ? uniform_index(rng, 2, 8) : log_uniform_size(rng, 2, max_L));
    Case c;
    std::string T = want.T(temperature_literal(rng));
    std::vector<double> l = logits(rng, shape, L);
    if (i == 0) {
      l.assign(want.L(2), 0.0);
      T = want.T("1");
    }
    c.numbers["logits"] = ExactTensor::vector(l);
    c.numbers["T"] = ExactTensor::literal(T);
    c.label = std::string(logit_shape_name(shape)) + " L=" +
              std::to_string(l.size()) + " T=" + T;
    c.provenance = {{"source", "random"},
                    {"generator", "logit_cases"},
                    {"shape", logit_shape_name(shape)},
                    {"seed", std::to_string(request.seed)},
                    {"index", std::to_string(i)}};
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace nb::random
