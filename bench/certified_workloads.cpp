#include "bench/certified_workloads.hpp"

#include "models/random/random_inputs.hpp"

namespace nb::bench {
namespace {

constexpr std::size_t kWidth = 64;        // d, the width of a GPT-2 head
constexpr double kLogitSpread = 8;        // standard deviation of the logits, as q.k below
constexpr std::size_t kTopN = 5;          // N of Algorithm 1 of the paper (check --top-n's default)
constexpr double kTemperature = 8;        // sqrt(d_head) of GPT-2, a binary64 value as every input

Workload make(std::uint64_t seed, const std::string& theorem, const std::string& shape) {
  Workload w{theorem, shape, {}};
  w.input.theorem = theorem;
  w.input.label = "bench " + shape;
  w.input.numbers["T"] = ExactTensor::scalar(kTemperature);
  w.input.provenance = {{"source", "bench"}, {"seed", std::to_string(seed)}};
  return w;
}

random::Rng rng_of(std::uint64_t seed, const Workload& w) { return random::rng_for(seed, workload_name(w), 0); }

Workload weight_bounds(std::uint64_t seed, std::size_t L) {
  Workload w = make(seed, "softmax-weight-bounds", "L=" + std::to_string(L) + ",d=" + std::to_string(kWidth));
  random::Rng rng = rng_of(seed, w);
  w.input.numbers["query"] = ExactTensor::vector(random::gaussian(rng, kWidth, 1));
  w.input.numbers["keys"] = ExactTensor(L, kWidth, random::gaussian(rng, L * kWidth, 1));
  return w;
}

Workload jacobian(std::uint64_t seed, std::size_t L) {
  Workload w = make(seed, "softmax-jacobian-spectral-sharp", "L=" + std::to_string(L));
  random::Rng rng = rng_of(seed, w);
  w.input.numbers["logits"] = ExactTensor::vector(random::gaussian(rng, L, kLogitSpread));
  return w;
}

}  // namespace

Workload token_workload(std::uint64_t seed, const std::string& theorem, std::size_t L) {
  Workload w = make(seed, theorem,
                    "L=" + std::to_string(L) + ",d=" + std::to_string(kWidth) + ",N=" + std::to_string(kTopN));
  random::Rng rng = rng_of(seed, w);
  w.input.numbers["logits"] = ExactTensor::vector(random::gaussian(rng, L, kLogitSpread));
  w.input.numbers["vectors"] = ExactTensor(L, kWidth, random::gaussian(rng, L * kWidth, 1));
  w.input.integers["N"] = static_cast<std::int64_t>(kTopN);
  return w;
}

std::vector<Workload> certified_workloads(std::uint64_t seed) {
  return {weight_bounds(seed, 256),
          jacobian(seed, 8),
          jacobian(seed, 64),
          jacobian(seed, 512),
          token_workload(seed, "topn-distance-fixed", 256),
          token_workload(seed, "separability-lower", 1024)};
}

}  // namespace nb::bench
