#include "models/gpt2/model.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <string_view>

#include "models/gpt2/finite_weights.hpp"
#include "verify/io/errors.hpp"

namespace nb::gpt2 {
namespace {

constexpr std::string_view kPrefix = "transformer.";

// Buffers and tied weights that checkpoints carry but the forward pass never reads: the causal
// mask buffers (the mask is applied by construction) and lm_head (tied to wte, and the pass
// stops at ln_f).
bool is_skipped(std::string_view name) {
  if (name == "lm_head.weight") return true;
  // h.<layer>.attn.bias or h.<layer>.attn.masked_bias
  if (!name.starts_with("h.")) return false;
  name.remove_prefix(2);
  const auto digits = name.find_first_not_of("0123456789");
  if (digits == 0 || digits == std::string_view::npos) return false;
  name.remove_prefix(digits);
  return name == ".attn.bias" || name == ".attn.masked_bias";
}

// wpe and the attention inputs of `layers`: what the positions path reads.
std::vector<std::string> attention_input_names(const std::vector<int>& layers) {
  std::vector<std::string> names{"wpe.weight"};
  for (int l : layers) {
    const auto block = block_tensor_names(l, BlockPart::attention_input);
    names.insert(names.end(), block.begin(), block.end());
  }
  return names;
}

template <class T>
class WeightsReader {
 public:
  WeightsReader(const SafetensorsFile& file, std::map<std::string, const TensorEntry*> entries)
      : file_(file), entries_(std::move(entries)) {}

  std::optional<Matrix<T>> matrix(const std::string& name) const {
    const auto it = entries_.find(name);
    if (it == entries_.end()) return std::nullopt;
    const auto& shape = it->second->shape;
    Matrix<T> m(static_cast<Eigen::Index>(shape[0]), static_cast<Eigen::Index>(shape[1]));
    file_.read_values<T>(*it->second, std::span<T>(m.data(), static_cast<std::size_t>(m.size())));
    require_finite<T>(file_, name, std::span<const T>(m.data(), static_cast<std::size_t>(m.size())),
                      static_cast<std::size_t>(m.cols()));
    return m;
  }

  std::optional<RowVector<T>> vector(const std::string& name) const {
    const auto it = entries_.find(name);
    if (it == entries_.end()) return std::nullopt;
    RowVector<T> v(static_cast<Eigen::Index>(it->second->shape[0]));
    file_.read_values<T>(*it->second, std::span<T>(v.data(), static_cast<std::size_t>(v.size())));
    require_finite<T>(file_, name, std::span<const T>(v.data(), static_cast<std::size_t>(v.size())), 1);
    return v;
  }

  std::optional<AffineWeights<T>> affine(const std::string& prefix) const {
    auto weight = matrix(prefix + ".weight");
    auto bias = vector(prefix + ".bias");
    if (!weight || !bias) return std::nullopt;
    return AffineWeights<T>{std::move(*weight), std::move(*bias)};
  }

  std::optional<LayerNormWeights<T>> layer_norm(const std::string& prefix) const {
    auto weight = vector(prefix + ".weight");
    auto bias = vector(prefix + ".bias");
    if (!weight || !bias) return std::nullopt;
    return LayerNormWeights<T>{std::move(*weight), std::move(*bias)};
  }

 private:
  const SafetensorsFile& file_;
  std::map<std::string, const TensorEntry*> entries_;
};

// The checkpoint's GPT-2 tensors by canonical name, after the checks every load makes of the
// header before any value is read: each tensor is a GPT-2 tensor of `config` (or skipped), appears
// once, and has the expected shape.
std::map<std::string, const TensorEntry*> checked_tensors(const Gpt2Config& config, const SafetensorsFile& file) {
  std::map<std::string, std::vector<std::uint64_t>> expected;
  for (auto& tensor : expected_tensors(config)) expected.emplace(std::move(tensor.name), std::move(tensor.shape));

  std::map<std::string, const TensorEntry*> found;
  for (const auto& entry : file.tensors()) {
    const std::string name = entry.name.starts_with(kPrefix) ? entry.name.substr(kPrefix.size()) : entry.name;
    if (is_skipped(name)) continue;
    const auto shape = expected.find(name);
    if (shape == expected.end()) {
      throw InputError(file.source() + ": tensor '" + entry.name + "' is not a GPT-2 tensor of a model with n_layer = " +
                       std::to_string(config.n_layer));
    }
    if (!found.emplace(name, &entry).second) {
      throw InputError(file.source() + ": tensor '" + name + "' appears twice (with and without the 'transformer.' prefix)");
    }
    if (entry.shape != shape->second) {
      throw InputError(file.source() + ": tensor '" + entry.name + "' has shape " + shape_text(entry.shape) +
                       ", the config needs " + shape_text(shape->second));
    }
  }
  return found;
}

// A model of `config` from `file` without weights (no layer loaded yet), its `missing` set from
// `found` (checked_tensors).
template <class T>
Gpt2Model<T> model_without_weights(const Gpt2Config& config, const SafetensorsFile& file,
                                   const std::map<std::string, const TensorEntry*>& found) {
  Gpt2Model<T> model;
  model.source = file.source();
  model.config = config;
  model.blocks.resize(static_cast<std::size_t>(config.n_layer));
  for (const auto& tensor : expected_tensors(config)) {
    if (!found.count(tensor.name)) model.missing.insert(tensor.name);
  }
  return model;
}

}  // namespace

std::vector<ExpectedTensor> expected_tensors(const Gpt2Config& config) {
  const auto c = static_cast<std::uint64_t>(config.n_embd);
  const auto inner = static_cast<std::uint64_t>(config.n_inner);
  std::vector<ExpectedTensor> tensors{
      {"wte.weight", {static_cast<std::uint64_t>(config.vocab_size), c}},
      {"wpe.weight", {static_cast<std::uint64_t>(config.n_positions), c}},
  };
  for (int l = 0; l < config.n_layer; ++l) {
    const std::string layer = "h." + std::to_string(l) + ".";
    const std::vector<ExpectedTensor> block{
        {layer + "ln_1.weight", {c}},           {layer + "ln_1.bias", {c}},
        {layer + "attn.c_attn.weight", {c, 3 * c}}, {layer + "attn.c_attn.bias", {3 * c}},
        {layer + "attn.c_proj.weight", {c, c}}, {layer + "attn.c_proj.bias", {c}},
        {layer + "ln_2.weight", {c}},           {layer + "ln_2.bias", {c}},
        {layer + "mlp.c_fc.weight", {c, inner}}, {layer + "mlp.c_fc.bias", {inner}},
        {layer + "mlp.c_proj.weight", {inner, c}}, {layer + "mlp.c_proj.bias", {c}},
    };
    tensors.insert(tensors.end(), block.begin(), block.end());
  }
  tensors.push_back({"ln_f.weight", {c}});
  tensors.push_back({"ln_f.bias", {c}});
  return tensors;
}

std::vector<std::string> block_tensor_names(int layer, BlockPart part) {
  const std::string prefix = "h." + std::to_string(layer) + ".";
  const std::vector<const char*> attention_input{"ln_1.weight", "ln_1.bias", "attn.c_attn.weight", "attn.c_attn.bias"};
  const std::vector<const char*> rest{"attn.c_proj.weight", "attn.c_proj.bias", "ln_2.weight",       "ln_2.bias",
                                      "mlp.c_fc.weight",    "mlp.c_fc.bias",    "mlp.c_proj.weight", "mlp.c_proj.bias"};
  std::vector<std::string> names;
  for (const char* name : part == BlockPart::attention_input ? attention_input : rest) names.push_back(prefix + name);
  return names;
}

void require_tensors(const std::set<std::string>& missing, const std::vector<std::string>& needed,
                     const std::string& source, const std::string& purpose) {
  std::vector<std::string> absent;
  std::copy_if(needed.begin(), needed.end(), std::back_inserter(absent), [&](const std::string& n) { return missing.count(n) > 0; });
  if (absent.empty()) return;
  constexpr std::size_t kListed = 16;
  std::string list;
  for (std::size_t i = 0; i < std::min(absent.size(), kListed); ++i) list += (i ? ", " : "") + absent[i];
  if (absent.size() > kListed) list += ", ...";
  throw InputError(source + " lacks the tensors " + purpose + " needs: " + list + " (" + std::to_string(absent.size()) +
                   " in all)");
}

template <class T>
const BlockWeights<T>& loaded_block(const Gpt2Model<T>& model, int layer, const std::string& purpose) {
  if (layer < 0 || layer >= static_cast<int>(model.blocks.size()) || !model.blocks[static_cast<std::size_t>(layer)]) {
    throw UsageError(purpose + ": layer " + std::to_string(layer) + " of " + model.source +
                     (layer < 0 || layer >= model.config.n_layer
                          ? " does not exist (the model has " + std::to_string(model.config.n_layer) + " layers)"
                          : " was not loaded"));
  }
  return *model.blocks[static_cast<std::size_t>(layer)];
}

template <class T>
Gpt2Model<T> load_model(const Gpt2Config& config, const SafetensorsFile& file) {
  auto found = checked_tensors(config, file);
  auto model = model_without_weights<T>(config, file, found);
  std::vector<int> every_layer(static_cast<std::size_t>(config.n_layer));
  std::iota(every_layer.begin(), every_layer.end(), 0);
  require_tensors(model.missing, attention_input_names(every_layer), file.source(), "the attention inputs of every layer");

  const WeightsReader<T> reader(file, std::move(found));
  model.wte = reader.matrix("wte.weight");
  model.wpe = *reader.matrix("wpe.weight");
  for (int l = 0; l < config.n_layer; ++l) {
    const std::string layer = "h." + std::to_string(l) + ".";
    model.blocks[static_cast<std::size_t>(l)] = BlockWeights<T>{
        *reader.layer_norm(layer + "ln_1"),
        *reader.affine(layer + "attn.c_attn"),
        reader.affine(layer + "attn.c_proj"),
        reader.layer_norm(layer + "ln_2"),
        reader.affine(layer + "mlp.c_fc"),
        reader.affine(layer + "mlp.c_proj"),
    };
  }
  model.ln_f = reader.layer_norm("ln_f");
  return model;
}

template <class T>
Gpt2Model<T> load_positions_model(const Gpt2Config& config, const SafetensorsFile& file, const std::vector<int>& layers) {
  for (int l : layers) {
    if (l < 0 || l >= config.n_layer) {
      throw UsageError("load_positions_model: layer " + std::to_string(l) + " is outside the model's " +
                       std::to_string(config.n_layer) + " layers");
    }
  }
  auto found = checked_tensors(config, file);
  auto model = model_without_weights<T>(config, file, found);
  model.attention_inputs_only = true;
  require_tensors(model.missing, attention_input_names(layers), file.source(),
                  "the positions path of the requested layers");

  const WeightsReader<T> reader(file, std::move(found));
  model.wpe = *reader.matrix("wpe.weight");
  for (int l : layers) {
    const std::string layer = "h." + std::to_string(l) + ".";
    model.blocks[static_cast<std::size_t>(l)] =
        BlockWeights<T>{*reader.layer_norm(layer + "ln_1"), *reader.affine(layer + "attn.c_attn")};
  }
  return model;
}

template <class T>
Gpt2Model<T> load_model_directory(const std::filesystem::path& directory) {
  const auto config = read_config(directory / "config.json");
  const auto file = SafetensorsFile::read(directory / "model.safetensors");
  return load_model<T>(config, file);
}

int head_column(const Gpt2Config& config, Projection projection, int head) {
  return static_cast<int>(projection) * config.n_embd + head * config.head_dim();
}

template <class T>
HeadProjection<T> head_projection(const Gpt2Model<T>& model, int layer, int head, Projection projection) {
  const auto& config = model.config;
  if (layer < 0 || layer >= config.n_layer || head < 0 || head >= config.n_head) {
    throw UsageError("head_projection: layer " + std::to_string(layer) + ", head " + std::to_string(head) +
                     " is outside the model's " + std::to_string(config.n_layer) + " layers x " +
                     std::to_string(config.n_head) + " heads");
  }
  const auto& c_attn = loaded_block(model, layer, "head_projection").c_attn;
  const int column = head_column(config, projection, head);
  return {c_attn.weight.middleCols(column, config.head_dim()), c_attn.bias.segment(column, config.head_dim())};
}

template Gpt2Model<float> load_model<float>(const Gpt2Config&, const SafetensorsFile&);
template Gpt2Model<double> load_model<double>(const Gpt2Config&, const SafetensorsFile&);
template const BlockWeights<float>& loaded_block<float>(const Gpt2Model<float>&, int, const std::string&);
template const BlockWeights<double>& loaded_block<double>(const Gpt2Model<double>&, int, const std::string&);
template Gpt2Model<float> load_positions_model<float>(const Gpt2Config&, const SafetensorsFile&, const std::vector<int>&);
template Gpt2Model<double> load_positions_model<double>(const Gpt2Config&, const SafetensorsFile&, const std::vector<int>&);
template Gpt2Model<float> load_model_directory<float>(const std::filesystem::path&);
template Gpt2Model<double> load_model_directory<double>(const std::filesystem::path&);
template HeadProjection<float> head_projection<float>(const Gpt2Model<float>&, int, int, Projection);
template HeadProjection<double> head_projection<double>(const Gpt2Model<double>&, int, int, Projection);

}  // namespace nb::gpt2
