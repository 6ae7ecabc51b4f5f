#include "llama_directory.hpp"

#include <bit>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>

#include "models/gpt2/safetensors.hpp"
#include "models/llama/config.hpp"
#include "models/llama/model.hpp"
#include "tests/support/test_safetensors.hpp"

namespace nb::test {
namespace fs = std::filesystem;

float round_to_bfloat16(float x) {
  const auto bits = std::bit_cast<std::uint32_t>(x);
  const std::uint32_t rounded = (bits + 0x7FFFu + ((bits >> 16) & 1u)) & 0xFFFF0000u;
  return std::bit_cast<float>(rounded);
}

namespace {

std::vector<std::byte> bytes_of(const std::vector<float>& values, const std::string& dtype) {
  if (dtype == "F32") return f32_bytes(values);
  std::vector<std::byte> bytes;
  for (const float v : values) {
    const auto bits = std::bit_cast<std::uint32_t>(round_to_bfloat16(v)) >> 16;
    bytes.push_back(static_cast<std::byte>(bits & 0xFF));
    bytes.push_back(static_cast<std::byte>(bits >> 8));
  }
  return bytes;
}

void write_json(const fs::path& path, const nlohmann::json& json) { std::ofstream(path) << json.dump(1); }

// Writes `tensors` as one file or as `shards` files with an index.
void write_checkpoint(const fs::path& to, const std::vector<TestTensor>& tensors, int shards) {
  if (shards == 1) {
    write_bytes(to / "model.safetensors", safetensors_bytes(tensors));
    return;
  }
  nlohmann::json index = {{"metadata", {{"total_size", 0}}}, {"weight_map", nlohmann::json::object()}};
  for (int s = 0; s < shards; ++s) {
    const std::string name = "model-0000" + std::to_string(s + 1) + "-of-0000" + std::to_string(shards) + ".safetensors";
    std::vector<TestTensor> part;
    for (std::size_t i = static_cast<std::size_t>(s); i < tensors.size(); i += static_cast<std::size_t>(shards)) {
      part.push_back(tensors[i]);
      index["weight_map"][tensors[i].name] = name;
    }
    write_bytes(to / name, safetensors_bytes(part));
  }
  write_json(to / "model.safetensors.index.json", index);
}

}  // namespace

void write_llama_copy(const fs::path& from, const fs::path& to, const std::string& dtype, int shards,
                      const std::function<float(float)>& round) {
  fs::create_directories(to);
  for (const char* file : {"config.json", "tokenizer.json", "tokenizer_config.json"})
    fs::copy_file(from / file, to / file, fs::copy_options::overwrite_existing);
  const auto source = gpt2::SafetensorsFile::read(from / "model.safetensors");
  std::vector<TestTensor> tensors;
  for (const auto& entry : source.tensors()) {
    auto values = source.values<float>(entry);
    if (round) for (float& v : values) v = round(v);
    tensors.push_back({entry.name, dtype, entry.shape, bytes_of(values, dtype)});
  }
  write_checkpoint(to, tensors, shards);
}

void write_tiny_llama(const fs::path& to, const TinyLlamaEdits& edits) {
  fs::create_directories(to);
  nlohmann::json config = {{"model_type", "llama"},         {"hidden_size", 16},          {"num_hidden_layers", 2},
                           {"num_attention_heads", 4},      {"num_key_value_heads", 2},   {"intermediate_size", 24},
                           {"vocab_size", 264},             {"max_position_embeddings", 32}, {"rms_norm_eps", 1e-5},
                           {"rope_theta", 10000.0},         {"rope_scaling", nullptr},    {"hidden_act", "silu"},
                           {"tie_word_embeddings", true}};
  edits.edit_config(config);
  write_json(to / "config.json", config);

  const std::string space = "\xE2\x96\x81";
  nlohmann::json vocab = {{"<unk>", 0}, {"<s>", 1}, {"</s>", 2}};
  for (int b = 0; b < 256; ++b) {
    char name[8];
    std::snprintf(name, sizeof name, "<0x%02X>", b);
    vocab[name] = 3 + b;
  }
  vocab[space] = 259;
  vocab["a"] = 260;
  vocab["b"] = 261;
  vocab[space + "a"] = 262;
  vocab["ab"] = 263;
  nlohmann::json added = nlohmann::json::array();
  for (const auto& [content, id] : {std::pair{"<unk>", 0}, std::pair{"<s>", 1}, std::pair{"</s>", 2}})
    added.push_back({{"id", id}, {"content", content}, {"single_word", false}, {"lstrip", false}, {"rstrip", false},
                     {"normalized", false}, {"special", true}});
  nlohmann::json tokenizer = {
      {"version", "1.0"},
      {"added_tokens", added},
      {"normalizer",
       {{"type", "Sequence"},
        {"normalizers",
         {{{"type", "Prepend"}, {"prepend", space}}, {{"type", "Replace"}, {"pattern", {{"String", " "}}}, {"content", space}}}}}},
      {"pre_tokenizer", nullptr},
      {"model",
       {{"type", "BPE"}, {"dropout", nullptr}, {"unk_token", "<unk>"}, {"fuse_unk", true}, {"byte_fallback", true},
        {"vocab", vocab}, {"merges", {space + " a", "a b"}}}}};
  edits.edit_tokenizer(tokenizer);
  write_json(to / "tokenizer.json", tokenizer);
  write_json(to / "tokenizer_config.json", {{"add_bos_token", true}, {"add_eos_token", false}, {"bos_token", "<s>"}});

  // The shapes of the unedited config: a refused config is refused before any tensor is read.
  llama::LlamaConfig shape_config = llama::parse_config(
      {{"model_type", "llama"}, {"hidden_size", 16}, {"num_hidden_layers", 2}, {"num_attention_heads", 4},
       {"num_key_value_heads", 2}, {"intermediate_size", 24}, {"vocab_size", 264}, {"max_position_embeddings", 32},
       {"rms_norm_eps", 1e-5}},
      "tiny");
  std::mt19937 random(7);
  std::normal_distribution<float> normal(0.0f, 0.3f);
  std::vector<TestTensor> tensors;
  for (const auto& name : llama::tensor_names(shape_config)) {
    if (name == edits.drop) continue;
    std::vector<std::uint64_t> shape;
    const auto u = [](int n) { return static_cast<std::uint64_t>(n); };
    const int q = 16, kv = 8, h = 16, m = 24;
    if (name.ends_with("layernorm.weight") || name == "model.norm.weight") shape = {u(h)};
    else if (name == "model.embed_tokens.weight") shape = {264, u(h)};
    else if (name.ends_with("q_proj.weight")) shape = {u(q), u(h)};
    else if (name.ends_with("k_proj.weight") || name.ends_with("v_proj.weight")) shape = {u(kv), u(h)};
    else if (name.ends_with("o_proj.weight")) shape = {u(h), u(q)};
    else if (name.ends_with("gate_proj.weight") || name.ends_with("up_proj.weight")) shape = {u(m), u(h)};
    else shape = {u(h), u(m)};
    std::size_t count = 1;
    for (auto e : shape) count *= e;
    std::vector<float> values(count);
    for (float& v : values) v = normal(random) + (shape.size() == 1 ? 1.0f : 0.0f);
    const std::string dtype = name == edits.i32_tensor ? "I32" : "F32";
    tensors.push_back({name, dtype, shape, f32_bytes(values)});
  }
  write_checkpoint(to, tensors, 1);
}

}  // namespace nb::test
