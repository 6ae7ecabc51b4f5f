#include "models/random/normalizer_cases.hpp"

#include <cmath>
#include <string>

#include "models/random/logit_cases.hpp"
#include "models/random/random_inputs.hpp"
#include "verify/kernels/normalizer.hpp"

namespace nb::random {

double largest_magnitude(const ExactTensor& logits) {
  double m = 0;
  for (std::size_t i = 0; i < logits.size(); ++i) m = std::max(m, std::fabs(logits.approx(i)));
  return m;
}

std::vector<Case> normalizer_logit_cases(const SuiteRequest& request, std::string_view theorem_id,
                                         std::size_t max_L) {
  std::vector<Case> cases = logit_cases(request, theorem_id, max_L);
  // A stream of its own, so that the logits are exactly logit_cases' ones.
  const std::string stream = std::string(theorem_id) + "/normalizer";
  for (std::size_t i = 0; i < cases.size(); ++i) {
    Case& c = cases[i];
    Rng rng = rng_for(request.seed, stream, i);
    const auto kind = static_cast<NormalizerKind>(i / 2 % kNormalizerKindCount);
    const int k = static_cast<int>(uniform_index(rng, 0, 10)) - 8;
    const double power = std::ldexp(1.0, k);
    std::string parameters;
    if (kind == NormalizerKind::Square) {
      c.numbers.erase("T");
      const double s = largest_magnitude(c.number("logits")) + power;
      c.numbers["s"] = ExactTensor::scalar(s);
      parameters = " s=max|l_i|+2^" + std::to_string(k);
    } else {
      const ExactTensor& T = c.number("T");
      parameters = " T=" + (T.is_dyadic(0) ? exact_decimal_or_hex(T.approx(0)) : T.text(0));
      if (kind == NormalizerKind::Tanh) {
        c.numbers["c"] = ExactTensor::scalar(power);
        parameters += " c=2^" + std::to_string(k);
      }
    }
    c.options["normalizer"] = normalizer_name(kind);
    c.provenance["normalizer"] = normalizer_name(kind);
    c.label = c.provenance.at("shape") + " L=" + std::to_string(c.number("logits").size()) + " " +
              normalizer_name(kind) + parameters;
  }
  return cases;
}

std::vector<Case> normalizer_range_cases(const SuiteRequest& request, std::string_view theorem_id, std::size_t max_L) {
  std::vector<Case> cases = normalizer_logit_cases(request, theorem_id, max_L);
  for (Case& c : cases) {
    c.numbers["a"] = ExactTensor::scalar(largest_magnitude(c.number("logits")));
    c.label += " a=max|l_i|";
  }
  return cases;
}

}  // namespace nb::random
