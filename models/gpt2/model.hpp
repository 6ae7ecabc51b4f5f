#pragma once
// GPT-2 weights by Hugging Face tensor name, checked against the config, in Eigen matrices of
// scalar T (float for the model's own precision, double for a rounding-free reference).
// Conv1D layout as in the checkpoints: weight [in, out], y = x W + b.
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "models/gpt2/config.hpp"
#include "models/gpt2/safetensors.hpp"

namespace nb::gpt2 {

// Activations and weights: one row per token (activations) or per input feature (weights).
template <class T>
using Matrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <class T>
using RowVector = Eigen::Matrix<T, 1, Eigen::Dynamic>;

template <class T>
struct LayerNormWeights {
  RowVector<T> weight;
  RowVector<T> bias;
};

// A Conv1D (affine) layer: y = x * weight + bias, weight [in, out].
template <class T>
struct AffineWeights {
  Matrix<T> weight;
  RowVector<T> bias;
};

template <class T>
struct BlockWeights {
  LayerNormWeights<T> ln_1;
  AffineWeights<T> c_attn;  // [n_embd, 3 n_embd]: query | key | value blocks
  // Absent in a partial checkpoint (the attention input side alone).
  std::optional<AffineWeights<T>> c_proj;
  std::optional<LayerNormWeights<T>> ln_2;
  std::optional<AffineWeights<T>> mlp_c_fc;
  std::optional<AffineWeights<T>> mlp_c_proj;
};

template <class T>
struct Gpt2Model {
  std::string source;  // the checkpoint the weights came from, for messages
  Gpt2Config config;
  std::optional<Matrix<T>> wte;  // [vocab_size, n_embd]; absent in a partial checkpoint
  Matrix<T> wpe;                 // [n_positions, n_embd]
  // Index = layer; std::nullopt for a layer that was not loaded (see load_positions_model).
  std::vector<std::optional<BlockWeights<T>>> blocks;
  std::optional<LayerNormWeights<T>> ln_f;
  // Canonical names (no "transformer." prefix) of the GPT-2 tensors the checkpoint lacks.
  std::set<std::string> missing;
  // Set by load_positions_model: only wpe and the attention inputs of the loaded layers were read,
  // whatever else the checkpoint holds, so forward_tokens and forward_hidden refuse the model.
  bool attention_inputs_only = false;
};

// The weights of layer `layer`. Throws nb::UsageError naming `purpose` if the model has no such
// layer or did not load it.
template <class T>
const BlockWeights<T>& loaded_block(const Gpt2Model<T>& model, int layer, const std::string& purpose);

// The canonical Hugging Face names and shapes of every GPT-2 tensor for `config`, in checkpoint
// order: wte, wpe, per layer (ln_1, attn.c_attn, attn.c_proj, ln_2, mlp.c_fc, mlp.c_proj; weight
// before bias), ln_f.
struct ExpectedTensor {
  std::string name;
  std::vector<std::uint64_t> shape;
};
std::vector<ExpectedTensor> expected_tensors(const Gpt2Config& config);

// The parts of a transformer block, for stating which tensors an operation needs.
enum class BlockPart {
  attention_input,  // ln_1, attn.c_attn
  rest,             // attn.c_proj, ln_2, mlp.c_fc, mlp.c_proj
};

// Canonical names of `part`'s tensors in layer `layer` ("h.<layer>.ln_1.weight", ...), weight
// before bias, in checkpoint order.
std::vector<std::string> block_tensor_names(int layer, BlockPart part);

// Throws nb::InputError if any name in `needed` is in `missing`: "<source> lacks the tensors
// <purpose> needs: <names in the order of needed> (<count> in all)"; lists at most 16 names.
void require_tensors(const std::set<std::string>& missing, const std::vector<std::string>& needed,
                     const std::string& source, const std::string& purpose);

// Builds a model from a validated config and safetensors file. Tensor names may carry the
// "transformer." prefix; the attention-mask buffers h.N.attn.bias and h.N.attn.masked_bias and
// the tied output projection lm_head.weight are skipped. Guarantees on success: every tensor
// present has the shape expected_tensors gives; wpe and every layer's ln_1 and attn.c_attn are
// present; every other absent tensor is listed in `missing` (a tensor is loaded only with its
// partner: an AffineWeights or LayerNormWeights is set only if both weight and bias exist).
// Values convert as SafetensorsFile::read_values does. Throws nb::InputError naming the tensor if
// a name is not a GPT-2 tensor for this config, appears twice (with and without the prefix), has
// the wrong shape or a non-float dtype, or if an attention-input tensor is missing (all such
// names listed).
template <class T>
Gpt2Model<T> load_model(const Gpt2Config& config, const SafetensorsFile& file);

// Loads only what forward_positions needs for `layers` (any order; each in [0, n_layer)): wpe and
// those layers' ln_1 and attn.c_attn, so only their bytes are read from a file opened with
// SafetensorsFile::read. The result is what load_model gives, except: the other blocks are
// std::nullopt; in the loaded ones only ln_1 and c_attn are set; wte and ln_f are not set; and
// attention_inputs_only is true. `missing` still lists what the checkpoint lacks, and every
// header entry is validated as load_model does. Throws as load_model does, except that only the
// attention inputs of `layers` must be present and finite; nb::UsageError if a layer is out of range.
template <class T>
Gpt2Model<T> load_positions_model(const Gpt2Config& config, const SafetensorsFile& file, const std::vector<int>& layers);

// Loads `directory`/config.json and `directory`/model.safetensors (see load_model).
template <class T>
Gpt2Model<T> load_model_directory(const std::filesystem::path& directory);

// The three blocks of c_attn's output axis.
enum class Projection { query = 0, key = 1, value = 2 };

// First column of head `head`'s slice of `projection` in c_attn's output axis:
// projection * n_embd + head * head_dim (the slice is head_dim columns wide).
int head_column(const Gpt2Config& config, Projection projection, int head);

// One head's projection: x -> x * weight + bias with weight [n_embd, head_dim].
template <class T>
struct HeadProjection {
  Matrix<T> weight;
  RowVector<T> bias;
};

// Copies head `head`'s query, key or value projection out of layer `layer`'s c_attn.
// Throws nb::UsageError if `layer` or `head` is out of range or the layer was not loaded.
template <class T>
HeadProjection<T> head_projection(const Gpt2Model<T>& model, int layer, int head, Projection projection);

}  // namespace nb::gpt2
