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

// The most bytes the weights drawn at once may take: one layer's (float32 wpe, ln_1 and c_attn:
// positions embd + 3 embd^2 + 5 embd floats): GPT-2 small's shape 10 MB, GPT-2 XL's 37 MB,
// embd = 65536 4 GB.
inline constexpr std::uint64_t kMaxRandomGpt2WeightBytes = std::uint64_t{1} << 30;

// Parses the part after "random-gpt2:" ("" = defaults). Throws UsageError naming the key for an
// unknown key, a value that is not a positive integer up to 4096 (positions), 65536 (embd) or 1024
// (others), embd not a multiple of heads, or one layer's weights beyond kMaxRandomGpt2WeightBytes.
RandomGpt2Shape parse_random_gpt2_shape(const std::string& spec);

// The model with wpe and the attention inputs of `layer` only (the positions pass of one layer;
// the other blocks are empty, as load_positions_model leaves unrequested layers): wpe ~ N(0, 1),
// ln_1 weight 1 and bias 0, c_attn ~ N(0, 2/embd) and bias 0, so that the scaled logits
// q.k/sqrt(head_dim) have a standard deviation of about 2 at any width (GPT-2's initialisation,
// N(0, 0.02^2), would give nearly uniform attention). wpe and each layer come from random::rng_for
// streams of their own (Boost.Random's normal distribution), so a layer's weights depend on
// (shape, seed, layer) alone: the same whichever layers are drawn, in whatever order, on whichever
// rank, and a model of any depth is drawn one layer at a time. The model lists every other GPT-2
// tensor as missing, as a partial checkpoint does. Throws UsageError for a layer outside the shape.
gpt2::Gpt2Model<float> random_gpt2_model(const RandomGpt2Shape& shape, std::uint64_t seed, int layer);

}  // namespace nb::reproduce
