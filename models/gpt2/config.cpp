#include "models/gpt2/config.hpp"

#include <cmath>
#include <cstdint>

#include "models/files/json_file.hpp"
#include "verify/io/errors.hpp"

namespace nb::gpt2 {
namespace {

// Bounds every extent so that products of two of them fit comfortably in 64-bit indices.
constexpr std::int64_t kMaxExtent = std::int64_t{1} << 24;
// Layers are the one extent that costs work before any tensor is read (the expected tensor names,
// 12 per layer, are listed first). GPT-2 has 12 to 48 layers.
constexpr std::int64_t kMaxLayers = 1024;

class ConfigReader {
 public:
  ConfigReader(const nlohmann::json& json, const std::string& source) : json_(json), source_(source) {
    if (!json_.is_object()) fail("config is not a JSON object");
  }

  [[noreturn]] void fail(const std::string& rule) const { throw InputError(source_ + ": " + rule); }

  bool has(const char* key) const { return json_.contains(key) && !json_.at(key).is_null(); }

  int extent(const char* key) const {
    if (!json_.contains(key)) fail(std::string("missing key '") + key + "'");
    const auto& value = json_.at(key);
    if (!value.is_number_integer() || value.get<std::int64_t>() < 1 || value.get<std::int64_t>() > kMaxExtent) {
      fail(std::string("'") + key + "' is " + value.dump() + ", not an integer in [1, 2^24]");
    }
    return static_cast<int>(value.get<std::int64_t>());
  }

  void require_value(const char* key, const nlohmann::json& gpt2_value) const {
    if (json_.contains(key) && json_.at(key) != gpt2_value) {
      fail(std::string("'") + key + "' is " + json_.at(key).dump() + "; normbound implements GPT-2's " +
           gpt2_value.dump() + " only");
    }
  }

  double epsilon() const {
    if (!json_.contains("layer_norm_epsilon")) fail("missing key 'layer_norm_epsilon'");
    const auto& value = json_.at("layer_norm_epsilon");
    if (!value.is_number() || !std::isfinite(value.get<double>()) || value.get<double>() <= 0) {
      fail("'layer_norm_epsilon' is " + value.dump() + ", not a finite number > 0");
    }
    return value.get<double>();
  }

 private:
  const nlohmann::json& json_;
  const std::string& source_;
};

}  // namespace

Gpt2Config parse_config(const nlohmann::json& json, const std::string& source) {
  const ConfigReader reader(json, source);
  Gpt2Config config{};
  config.n_layer = reader.extent("n_layer");
  if (config.n_layer > kMaxLayers)
    reader.fail("'n_layer' is " + std::to_string(config.n_layer) + ", above normbound's limit of " +
                std::to_string(kMaxLayers) + " layers (kMaxLayers in models/gpt2/config.cpp)");
  config.n_head = reader.extent("n_head");
  config.n_embd = reader.extent("n_embd");
  config.vocab_size = reader.extent("vocab_size");
  if (config.n_embd % config.n_head != 0) {
    reader.fail("n_head = " + std::to_string(config.n_head) + " does not divide n_embd = " + std::to_string(config.n_embd));
  }
  // Older configs name the context length n_ctx; newer ones n_positions (often both, equal).
  const bool has_positions = reader.has("n_positions"), has_ctx = reader.has("n_ctx");
  if (!has_positions && !has_ctx) reader.fail("missing key 'n_positions' (or 'n_ctx')");
  config.n_positions = reader.extent(has_positions ? "n_positions" : "n_ctx");
  if (has_positions && has_ctx && reader.extent("n_ctx") != config.n_positions) {
    reader.fail("'n_positions' and 'n_ctx' disagree");
  }
  config.n_inner = reader.has("n_inner") ? reader.extent("n_inner") : 4 * config.n_embd;
  config.layer_norm_epsilon = reader.epsilon();
  reader.require_value("activation_function", "gelu_new");
  reader.require_value("scale_attn_weights", true);
  reader.require_value("scale_attn_by_inverse_layer_idx", false);
  return config;
}

Gpt2Config read_config(const std::filesystem::path& path) {
  return parse_config(files::read_json_file(path), path.string());
}

}  // namespace nb::gpt2
