#include "models/random/coverage_cases.hpp"

#include <string>

#include <boost/multiprecision/cpp_int.hpp>

#include "models/random/random_inputs.hpp"

namespace nb::random {

std::vector<Case> coverage_cases(const SuiteRequest& r, std::string_view theorem_id) {
  using boost::multiprecision::cpp_int;
  std::vector<Case> cases;
  auto make = [&](const std::string& p, std::int64_t H, const char* coverage, const std::string& target) {
    Case c;
    c.numbers["p"] = ExactTensor::literal(p);
    c.integers["H"] = H;
    c.label = "p=" + p + " H=" + std::to_string(H);
    if (coverage) {
      c.numbers["coverage"] = ExactTensor::literal(coverage);
      c.label += " coverage=" + std::string(coverage);
    }
    if (!target.empty()) {
      c.numbers["target"] = ExactTensor::literal(target);
      c.label += " minimal for q=" + target;
    }
    c.provenance = {{"source", cases.size() < 4 ? "paper" : "random"}, {"seed", std::to_string(r.seed)},
                    {"index", std::to_string(cases.size())}};
    cases.push_back(std::move(c));
  };
  if (r.count > 0) make("0.8", 2, "0.96", "");
  if (r.count > 1) make("0.8", 3, "0.992", "");
  if (r.count > 2) make("0.8", 3, nullptr, "0.99");
  if (r.count > 3) make("1/2", 2, nullptr, "3/4");
  for (std::size_t i = cases.size(); i < r.count; ++i) {
    Rng rng = rng_for(r.seed, theorem_id, i);
    const std::size_t d = uniform_index(rng, 2, 20), n = uniform_index(rng, 1, d - 1);
    const std::size_t b = uniform_index(rng, 2, 1000), a = uniform_index(rng, 1, b - 1);
    // coverage >= q  <=>  (1 - p)^H <= 1 - q  <=>  b (d - n)^H <= (b - a) d^H
    std::int64_t H = 1;
    cpp_int miss = d - n, all = d;
    while (b * miss > (b - a) * all) {
      miss *= d - n;
      all *= d;
      ++H;
    }
    make(std::to_string(n) + "/" + std::to_string(d), H, nullptr, std::to_string(a) + "/" + std::to_string(b));
  }
  return cases;
}

}  // namespace nb::random
