#pragma once
// A GPT-2-shaped model with seeded random weights: the null model of a reproduction (structure
// of the pass without anything learned) and the fast input of the tests. Only the attention-input
// tensors are drawn (wpe, ln_1, c_attn), which is what the positions pass reads.
#include <cstdint>
#include <string>

#include "models/gpt2/model.hpp"

namespace nb::reproduce {

// The shape of a random model, from "random-gpt2" or "random-gpt2:layers=2,heads=2,embd=16,positions=64".
struct RandomGpt2Shape {
  int layers = 12, heads = 12, embd = 768, positions = 1024;  // GPT-2 small by default
};

// The most bytes the drawn weights of a random model may take (float32 wpe, ln_1 and c_attn:
// positions embd + layers (3 embd^2 + 5 embd) floats): GPT-2 small's take 88 MB, GPT-2 XL's
// shape 1.6 GB, embd = 65536 with 12 layers 51 GB.
inline constexpr std::uint64_t kMaxRandomGpt2WeightBytes = std::uint64_t{1} << 30;

// Parses the part after "random-gpt2:" ("" = defaults). Throws UsageError naming the key for an
// unknown key, a value that is not a positive integer up to 4096 (positions), 65536 (embd) or 1024
// (others), embd not a multiple of heads, or weights beyond kMaxRandomGpt2WeightBytes.
RandomGpt2Shape parse_random_gpt2_shape(const std::string& spec);

// wpe ~ N(0, 1), ln_1 weight 1 and bias 0, c_attn ~ N(0, 2/embd) and bias 0, so that the
// scaled logits q.k/sqrt(head_dim) have a standard deviation of about 2 at any width (GPT-2's
// initialisation, N(0, 0.02^2), would give nearly uniform attention). Deterministic in
// (shape, seed): Boost.Random's normal distribution on random::rng_for streams. The model lists
// every other GPT-2 tensor as missing, as a partial checkpoint does.
gpt2::Gpt2Model<float> random_gpt2_model(const RandomGpt2Shape& shape, std::uint64_t seed);

}  // namespace nb::reproduce
