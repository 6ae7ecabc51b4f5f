#pragma once
// Reads the fields of a model's config.json (a JSON object) with messages naming the source, the
// key and the value it holds.
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "verify/io/errors.hpp"

namespace nb::files {

class ConfigReader {
 public:
  // Bounds every extent so that products of two of them fit comfortably in 64-bit indices.
  static constexpr std::int64_t kMaxExtent = std::int64_t{1} << 24;

  // Throws nb::InputError naming `source` unless `json` is an object. Both must outlive the reader.
  ConfigReader(const nlohmann::json& json, const std::string& source) : json_(json), source_(source) {
    if (!json_.is_object()) fail("config is not a JSON object");
  }

  [[noreturn]] void fail(const std::string& rule) const { throw InputError(source_ + ": " + rule); }

  // Whether `key` is present and not null.
  bool has(const char* key) const { return json_.contains(key) && !json_.at(key).is_null(); }

  // The value of `key` (present: check with has).
  const nlohmann::json& at(const char* key) const { return json_.at(key); }

  // The integer `key`, in [1, kMaxExtent]; fails if it is missing or anything else.
  int extent(const char* key) const {
    if (!json_.contains(key)) fail(std::string("missing key '") + key + "'");
    const auto& value = json_.at(key);
    if (!value.is_number_integer() || value.get<std::int64_t>() < 1 || value.get<std::int64_t>() > kMaxExtent) {
      fail(std::string("'") + key + "' is " + value.dump() + ", not an integer in [1, 2^24]");
    }
    return static_cast<int>(value.get<std::int64_t>());
  }

  // The layer count `key`: an extent of at most kMaxLayers. Layers are the one extent that costs
  // work before any tensor is read (the expected tensor names are listed first); GPT-2 has 12 to
  // 48 layers, Llama 2 70B 80.
  static constexpr std::int64_t kMaxLayers = 1024;
  int layers(const char* key) const {
    const int count = extent(key);
    if (count > kMaxLayers)
      fail(std::string("'") + key + "' is " + std::to_string(count) + ", above normbound's limit of " +
           std::to_string(kMaxLayers) + " layers (kMaxLayers in models/files/config_reader.hpp)");
    return count;
  }

  // The finite number `key` > 0; `fallback` when it is missing or null (fails if there is none).
  double positive(const char* key, std::optional<double> fallback = std::nullopt) const {
    if (!has(key)) {
      if (!fallback) fail(std::string("missing key '") + key + "'");
      return *fallback;
    }
    const auto& value = json_.at(key);
    if (!value.is_number() || !std::isfinite(value.get<double>()) || value.get<double>() <= 0) {
      fail(std::string("'") + key + "' is " + value.dump() + ", not a finite number > 0");
    }
    return value.get<double>();
  }

  // The boolean `key`; false when it is missing or null.
  bool flag(const char* key) const {
    if (!has(key)) return false;
    if (!json_.at(key).is_boolean()) fail(std::string("'") + key + "' is " + json_.at(key).dump() + ", not true or false");
    return json_.at(key).get<bool>();
  }

  // Fails unless `key` is missing or equals `implemented`, the one value the reader's computation
  // implements (`what` names that computation in the message).
  void require_value(const char* key, const nlohmann::json& implemented, const std::string& what) const {
    if (json_.contains(key) && json_.at(key) != implemented) {
      fail(std::string("'") + key + "' is " + json_.at(key).dump() + "; normbound implements " + what + " " +
           implemented.dump() + " only");
    }
  }

 private:
  const nlohmann::json& json_;
  const std::string& source_;
};

}  // namespace nb::files
