#include "verify/reproduce/random_gpt2.hpp"

#include <charconv>
#include <cmath>
#include <sstream>

#include <boost/random/normal_distribution.hpp>

#include "models/random/random_inputs.hpp"
#include "verify/io/errors.hpp"

namespace nb::reproduce {
namespace {

int positive_value(const std::string& key, const std::string& text, int max) {
  int value = 0;
  const auto [stop, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || stop != text.data() + text.size() || value < 1 || value > max)
    throw UsageError("random-gpt2: " + key + " must be an integer from 1 to " + std::to_string(max) + " (got '" +
                     text + "')");
  return value;
}

template <class M>
void fill_normal(M& m, random::Rng& rng, double sigma) {
  boost::random::normal_distribution<double> normal(0.0, sigma);
  for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = static_cast<float>(normal(rng));
}

}  // namespace

RandomGpt2Shape parse_random_gpt2_shape(const std::string& spec) {
  RandomGpt2Shape shape;
  std::stringstream items(spec);
  std::string item;
  while (std::getline(items, item, ',')) {
    if (item.empty()) continue;
    const auto eq = item.find('=');
    const std::string key = item.substr(0, eq), value = eq == std::string::npos ? "" : item.substr(eq + 1);
    if (key == "layers") shape.layers = positive_value(key, value, 1024);
    else if (key == "heads") shape.heads = positive_value(key, value, 1024);
    else if (key == "embd") shape.embd = positive_value(key, value, 1 << 16);
    else if (key == "positions") shape.positions = positive_value(key, value, 4096);
    else throw UsageError("random-gpt2: unknown key '" + key + "' (expected layers, heads, embd, positions)");
  }
  if (shape.embd % shape.heads != 0)
    throw UsageError("random-gpt2: embd (" + std::to_string(shape.embd) + ") must be a multiple of heads (" +
                     std::to_string(shape.heads) + ")");
  // At most 2^12 2^16 + 3 2^32 + 5 2^16 floats: no overflow.
  const auto embd = static_cast<std::uint64_t>(shape.embd);
  const std::uint64_t bytes =
      sizeof(float) * (static_cast<std::uint64_t>(shape.positions) * embd + 3 * embd * embd + 5 * embd);
  if (bytes > kMaxRandomGpt2WeightBytes)
    throw UsageError("random-gpt2: the weights of one layer of embd " + std::to_string(shape.embd) + " and " +
                     std::to_string(shape.positions) + " positions would take " + std::to_string(bytes) +
                     " bytes, more than the limit of " + std::to_string(kMaxRandomGpt2WeightBytes) +
                     " (1 GiB); use a smaller embd or fewer positions");
  return shape;
}

gpt2::Gpt2Model<float> random_gpt2_model(const RandomGpt2Shape& shape, std::uint64_t seed, int layer) {
  if (layer < 0 || layer >= shape.layers)
    throw UsageError("random-gpt2: layer " + std::to_string(layer) + " requested, the model has " +
                     std::to_string(shape.layers));
  gpt2::Gpt2Model<float> model;
  model.source = "random-gpt2 (seed " + std::to_string(seed) + ")";
  model.config = {shape.layers, shape.heads, shape.embd, shape.positions, 1, 4 * shape.embd, 1e-5};
  model.attention_inputs_only = true;
  random::Rng positions_rng = random::rng_for(seed, "random-gpt2", 0);
  model.wpe.resize(shape.positions, shape.embd);
  fill_normal(model.wpe, positions_rng, 1.0);
  model.blocks.resize(static_cast<std::size_t>(shape.layers));
  gpt2::BlockWeights<float>& block = model.blocks[static_cast<std::size_t>(layer)].emplace();
  block.ln_1.weight = gpt2::RowVector<float>::Ones(shape.embd);
  block.ln_1.bias = gpt2::RowVector<float>::Zero(shape.embd);
  block.c_attn.weight.resize(shape.embd, 3 * shape.embd);
  random::Rng layer_rng = random::rng_for(seed, "random-gpt2-layer", static_cast<std::uint64_t>(layer));
  fill_normal(block.c_attn.weight, layer_rng, std::sqrt(2.0 / shape.embd));
  block.c_attn.bias = gpt2::RowVector<float>::Zero(3 * shape.embd);
  for (const auto& t : gpt2::expected_tensors(model.config))
    if (t.name != "wpe.weight" && t.name.find("ln_1") == std::string::npos && t.name.find("c_attn") == std::string::npos)
      model.missing.insert(t.name);
  return model;
}

}  // namespace nb::reproduce
