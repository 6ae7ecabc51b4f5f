// Cost of the minimum-distance screen (min_distance_candidates, verify/kernels/pair_distances.hpp) and of
// a whole separability-lower case as L grows, on the rows it meets:
//   gaussian      the separability-lower workload's token vectors (bench/certified_workloads.hpp):
//                 N(0, 1) entries, d = 64
//   sphere        uniform directions on the unit sphere of R^64, the suite's Theorem 2 family
//   gpt2-values,  the values (keys) of the last row of gpt2-positions's heads, layer by layer and
//   gpt2-keys     head by head (1024 rows of d = 64 each), the first L of them; registered when
//                 NORMBOUND_GPT2_DIR names a GPT-2 checkpoint (complete or attention-side only)
//   case          normbound's certified check of the gaussian separability-lower case
//                 (nb::evaluate_cases, default settings, one thread)
// at L = 1024, 2048, ..., 16384. Google Benchmark's options apply (--benchmark_filter,
// --benchmark_format=json, --benchmark_repetitions); bench/min_distance_screen_exponents.py
// prints the times and the exponent log(t(16384) / t(1024)) / log(16) per kind.
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "bench/certified_workloads.hpp"
#include "models/random/random_inputs.hpp"
#include "models/sources/load_source.hpp"
#include "theorems/registry.hpp"
#include "verify/engine/engine.hpp"
#include "verify/kernels/pair_distances.hpp"

namespace {

constexpr std::uint64_t kSeed = 2508178;  // bench_certified's default seed
constexpr std::size_t kWidth = 64;

std::vector<std::size_t> lengths() { return {1024, 2048, 4096, 8192, 16384}; }

// The rows of what `vectors` names in the last row of every head of layers 0 and 1 of
// gpt2-positions:dir, concatenated in the source's order (layer, head): 24576 rows of d = 64.
std::vector<double> gpt2_rows(const std::string& dir, const std::string& vectors) {
  nb::sources::SourceRequest request;
  request.spec = "gpt2-positions:" + dir;
  request.vectors = vectors;
  request.layers = {0, 1};
  std::vector<double> rows;
  for (const nb::Case& c : nb::sources::load_source(request).cases) {
    const nb::ExactTensor& v = c.number("vectors");
    for (std::size_t i = 0; i < v.size(); ++i) rows.push_back(v.approx(i));
  }
  return rows;
}

void register_screen(const std::string& kind, const std::vector<double>& rows) {
  for (std::size_t L : lengths()) {
    if (rows.size() < L * kWidth) continue;
    const nb::ExactTensor X(L, kWidth, std::vector<double>(rows.begin(), rows.begin() + static_cast<std::ptrdiff_t>(L * kWidth)));
    benchmark::RegisterBenchmark(("screen/" + kind + "/" + std::to_string(L)).c_str(),
                                 [X](benchmark::State& state) {
                                   std::size_t candidates = 0;
                                   for (auto _ : state) candidates = nb::min_distance_candidates(X).size();
                                   state.counters["candidates"] = static_cast<double>(candidates);
                                 })
        ->Unit(benchmark::kMillisecond);
  }
}

void register_case(std::size_t L) {
  const nb::bench::Workload w = nb::bench::token_workload(kSeed, "separability-lower", L);
  benchmark::RegisterBenchmark(("case/separability-lower/" + std::to_string(L)).c_str(),
                               [w](benchmark::State& state) {
                                 const nb::Theorem& theorem = *nb::theorems::find(w.theorem);
                                 const nb::CheckSettings settings;
                                 nb::set_working_precision(settings.precision);
                                 for (auto _ : state)
                                   benchmark::DoNotOptimize(nb::evaluate_cases(theorem, {w.input}, settings));
                               })
      ->Unit(benchmark::kMillisecond);
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t largest = lengths().back();
  {
    const nb::bench::Workload w = nb::bench::token_workload(kSeed, "separability-lower", largest);
    const nb::ExactTensor& vectors = w.input.number("vectors");
    std::vector<double> rows(vectors.size());
    for (std::size_t i = 0; i < rows.size(); ++i) rows[i] = vectors.approx(i);
    register_screen("gaussian", rows);
  }
  nb::random::Rng rng = nb::random::rng_for(kSeed, "sphere", largest);
  register_screen("sphere", nb::random::sphere_rows(rng, largest, kWidth, 1.0));
  if (const char* dir = std::getenv("NORMBOUND_GPT2_DIR")) {
    register_screen("gpt2-values", gpt2_rows(dir, "values"));
    register_screen("gpt2-keys", gpt2_rows(dir, "keys"));
  }
  for (std::size_t L : lengths()) register_case(L);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
