#include "models/llama/model.hpp"

#include "verify/io/errors.hpp"

namespace nb::llama {
namespace {

std::string layer_prefix(int layer) { return "model.layers." + std::to_string(layer) + "."; }

const char* const kAttention[] = {"self_attn.q_proj", "self_attn.k_proj", "self_attn.v_proj", "self_attn.o_proj"};
const char* const kMlp[] = {"mlp.gate_proj", "mlp.up_proj", "mlp.down_proj"};

// A linear layer of `in` inputs and `out` outputs, transposed into gpt2::AffineWeights.
template <class T>
gpt2::AffineWeights<T> linear(const Checkpoint& checkpoint, const std::string& name, int in, int out, bool bias) {
  const auto u = [](int n) { return static_cast<std::uint64_t>(n); };
  gpt2::AffineWeights<T> a{checkpoint.matrix<T>(name + ".weight", u(out), u(in)).transpose(), RowVector<T>::Zero(out)};
  if (bias) a.bias = checkpoint.vector<T>(name + ".bias", u(out));
  return a;
}

}  // namespace

std::vector<std::string> tensor_names(const LlamaConfig& config) {
  std::vector<std::string> names{"model.embed_tokens.weight"};
  for (int l = 0; l < config.num_hidden_layers; ++l) {
    const std::string prefix = layer_prefix(l);
    names.push_back(prefix + "input_layernorm.weight");
    for (const char* p : kAttention) {
      names.push_back(prefix + p + ".weight");
      if (config.attention_bias) names.push_back(prefix + p + ".bias");
    }
    names.push_back(prefix + "post_attention_layernorm.weight");
    for (const char* p : kMlp) {
      names.push_back(prefix + p + ".weight");
      if (config.mlp_bias) names.push_back(prefix + p + ".bias");
    }
  }
  names.push_back("model.norm.weight");
  return names;
}

template <class T>
LlamaModel<T> load_model(const std::filesystem::path& directory) {
  auto config = read_config(directory / "config.json");
  auto checkpoint = Checkpoint::open(directory);
  std::size_t missing = 0;
  std::string first_missing;
  for (const auto& name : tensor_names(config)) {
    if (checkpoint.has(name)) continue;
    if (missing++ == 0) first_missing = name;
  }
  if (missing > 0)
    throw InputError(directory.string() + ": the checkpoint lacks the tensor '" + first_missing + "'" +
                     (missing > 1 ? " and " + std::to_string(missing - 1) + " more the forward pass needs" : ""));
  const auto u = [](int n) { return static_cast<std::uint64_t>(n); };
  auto embed = checkpoint.template matrix<T>("model.embed_tokens.weight", u(config.vocab_size), u(config.hidden_size));
  auto norm = checkpoint.template vector<T>("model.norm.weight", u(config.hidden_size));
  return LlamaModel<T>{directory.string(), std::move(config), std::move(checkpoint), std::move(embed), std::move(norm)};
}

template <class T>
LayerWeights<T> load_layer(const LlamaModel<T>& model, int layer) {
  const auto& c = model.config;
  if (layer < 0 || layer >= c.num_hidden_layers)
    throw UsageError("load_layer: layer " + std::to_string(layer) + " of " + model.source + " does not exist (the model has " +
                     std::to_string(c.num_hidden_layers) + " layers)");
  const std::string prefix = layer_prefix(layer);
  const auto& ck = model.checkpoint;
  const int h = c.hidden_size, q = c.num_attention_heads * c.head_dim, kv = c.num_key_value_heads * c.head_dim;
  const auto hidden = static_cast<std::uint64_t>(h);
  return LayerWeights<T>{
      ck.template vector<T>(prefix + "input_layernorm.weight", hidden),
      ck.template vector<T>(prefix + "post_attention_layernorm.weight", hidden),
      linear<T>(ck, prefix + kAttention[0], h, q, c.attention_bias),
      linear<T>(ck, prefix + kAttention[1], h, kv, c.attention_bias),
      linear<T>(ck, prefix + kAttention[2], h, kv, c.attention_bias),
      linear<T>(ck, prefix + kAttention[3], q, h, c.attention_bias),
      linear<T>(ck, prefix + kMlp[0], h, c.intermediate_size, c.mlp_bias),
      linear<T>(ck, prefix + kMlp[1], h, c.intermediate_size, c.mlp_bias),
      linear<T>(ck, prefix + kMlp[2], c.intermediate_size, h, c.mlp_bias),
  };
}

template LlamaModel<float> load_model<float>(const std::filesystem::path&);
template LlamaModel<double> load_model<double>(const std::filesystem::path&);
template LayerWeights<float> load_layer<float>(const LlamaModel<float>&, int);
template LayerWeights<double> load_layer<double>(const LlamaModel<double>&, int);

}  // namespace nb::llama
