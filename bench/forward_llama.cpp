// Tokens per second of the float32 Llama-family forward pass (models/llama/forward.hpp) of the
// Hugging Face directory NORMBOUND_LLAMA_DIR over 512 tokens (or the model's context, if shorter),
// every layer read from the checkpoint as the pass reaches it, as a source does. The token ids are
// drawn uniformly from the vocabulary with a fixed seed (the speed does not depend on them), as
// forward_llama_torch.py draws its own. Without the variable the benchmark is skipped.
#include <benchmark/benchmark.h>
#include <omp.h>

#include <algorithm>
#include <cstdlib>
#include <random>

#include "models/llama/forward.hpp"

namespace {

void llama_forward_tokens_per_second(benchmark::State& state) {
  const char* directory = std::getenv("NORMBOUND_LLAMA_DIR");
  if (!directory) {
    state.SkipWithError("set NORMBOUND_LLAMA_DIR to a Hugging Face Llama-family directory");
    return;
  }
  static const nb::llama::LlamaModel<float> model = nb::llama::load_model<float>(directory);
  const auto length =
      static_cast<std::size_t>(std::min<std::int64_t>(state.range(0), model.config.max_position_embeddings));
  std::mt19937 rng(1);
  std::vector<int> ids(length);
  for (auto& id : ids) id = static_cast<int>(rng() % static_cast<unsigned>(model.config.vocab_size));
  nb::gpt2::ForwardHooks<float> nothing;
  for (auto _ : state) {
    const auto output = nb::llama::forward_tokens(model, std::span<const int>(ids), nothing);
    benchmark::DoNotOptimize(output.data());
  }
  state.counters["tokens_per_second"] =
      benchmark::Counter(static_cast<double>(length), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["threads"] = omp_get_max_threads();
}

// Real time, one pass per repetition (as bench_forward): compare_forward_llama.sh takes the best.
BENCHMARK(llama_forward_tokens_per_second)->Arg(512)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1)->Repetitions(6);

}  // namespace

BENCHMARK_MAIN();
