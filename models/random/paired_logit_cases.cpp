#include "models/random/paired_logit_cases.hpp"

#include <string>
#include <utility>

#include "models/random/logit_cases.hpp"
#include "models/random/random_inputs.hpp"

namespace nb::random {
namespace {

Case paired_logits_case(const SuiteRequest& r, std::string_view theorem_id, std::size_t i) {
  Rng rng = rng_for(r.seed, std::string(theorem_id) + "/paired", i);
  const std::size_t pairs = uniform_index(rng, 1, 3);
  std::vector<double> l;
  for (double v : gaussian(rng, pairs, 2)) l.insert(l.end(), {v, v});
  for (std::size_t k = l.size(); k > 1; --k) std::swap(l[k - 1], l[uniform_index(rng, 0, k - 1)]);
  const std::string T = temperature_literal(rng);
  Case c;
  c.numbers["logits"] = ExactTensor::vector(l);
  c.numbers["T"] = ExactTensor::literal(T);
  c.label = "paired L=" + std::to_string(l.size()) + " T=" + T;
  c.provenance = {{"source", "random"}, {"generator", "paired"}, {"seed", std::to_string(r.seed)},
                  {"index", std::to_string(i)}};
  return c;
}

}  // namespace

std::vector<Case> paired_logit_cases(const SuiteRequest& request, std::string_view theorem_id, std::size_t max_L) {
  std::vector<Case> cases = logit_cases(request, theorem_id, max_L);
  for (std::size_t i = 3; i < cases.size(); i += 8) cases[i] = paired_logits_case(request, theorem_id, i);
  return cases;
}

}  // namespace nb::random
