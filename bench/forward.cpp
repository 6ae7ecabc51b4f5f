// Tokens per second of the float32 GPT-2 forward pass (models/gpt2/forward.hpp) on a randomly
// initialised model of GPT-2 small's shape (12 layers, 12 heads, n_embd 768, vocabulary 50257)
// over 1024 tokens, using every OpenMP thread (OMP_NUM_THREADS to change; each OpenBLAS product
// call runs on one of them, so OPENBLAS_NUM_THREADS changes nothing). The weights' values do not
// affect the speed; they are uniform in [-0.035, 0.035] (standard deviation 0.02, as GPT-2's
// initialisation), LayerNorm weights 1 and biases 0.
#include <benchmark/benchmark.h>
#include <omp.h>

#include <random>

#include "models/gpt2/forward.hpp"

namespace {

using nb::gpt2::Gpt2Model;
using nb::gpt2::Matrix;
using nb::gpt2::RowVector;

constexpr float kScale = 0.035f;

Matrix<float> random_matrix(Eigen::Index rows, Eigen::Index cols) { return Matrix<float>::Random(rows, cols) * kScale; }

nb::gpt2::AffineWeights<float> random_affine(Eigen::Index in, Eigen::Index out) {
  return {random_matrix(in, out), RowVector<float>::Random(out) * kScale};
}

nb::gpt2::LayerNormWeights<float> unit_layer_norm(Eigen::Index width) {
  return {RowVector<float>::Ones(width), RowVector<float>::Zero(width)};
}

Gpt2Model<float> random_gpt2_small() {
  Gpt2Model<float> model;
  model.source = "random GPT-2 small";
  model.config = {12, 12, 768, 1024, 50257, 3072, 1e-5};
  const Eigen::Index c = 768;
  model.wte = random_matrix(50257, c);
  model.wpe = random_matrix(1024, c);
  for (int l = 0; l < 12; ++l) {
    model.blocks.push_back(nb::gpt2::BlockWeights<float>{unit_layer_norm(c), random_affine(c, 3 * c), random_affine(c, c),
                                                         unit_layer_norm(c), random_affine(c, 4 * c), random_affine(4 * c, c)});
  }
  model.ln_f = unit_layer_norm(c);
  return model;
}

void forward_tokens_per_second(benchmark::State& state) {
  static const Gpt2Model<float> model = random_gpt2_small();
  const auto length = static_cast<std::size_t>(state.range(0));
  std::mt19937 rng(1);
  std::vector<int> ids(length);
  for (auto& id : ids) id = static_cast<int>(rng() % 50257);
  nb::gpt2::ForwardHooks<float> nothing;
  for (auto _ : state) {
    const auto output = nb::gpt2::forward_tokens(model, std::span<const int>(ids), nothing);
    benchmark::DoNotOptimize(output.data());
  }
  state.counters["tokens_per_second"] =
      benchmark::Counter(static_cast<double>(length), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["threads"] = omp_get_max_threads();
}

// Real time: the pass runs on several threads, so the main thread's CPU time is not its cost.
// One pass per repetition; compare_forward.sh takes the best repetition, as forward_torch.py does.
BENCHMARK(forward_tokens_per_second)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1)->Repetitions(4);

}  // namespace

BENCHMARK_MAIN();
