#include "models/gpt2/attention_dump.hpp"

#include <cmath>
#include <cstdint>

#include "models/files/json_file.hpp"
#include "verify/io/errors.hpp"

namespace nb::gpt2 {
namespace {

using nlohmann::json;

class DumpReader {
 public:
  DumpReader(const json& document, const std::string& source) : json_(document), source_(source) {
    if (!json_.is_object()) fail("dump is not a JSON object");
  }

  [[noreturn]] void fail(const std::string& rule) const { throw InputError(source_ + ": " + rule); }

  const json& field(const char* key) const {
    if (!json_.contains(key)) fail(std::string("missing field '") + key + "'");
    return json_.at(key);
  }

  int positive_int(const char* key) const {
    const auto& value = field(key);
    if (!value.is_number_integer() || value.get<std::int64_t>() < 1 || value.get<std::int64_t>() > (1 << 20)) {
      fail(std::string("'") + key + "' is " + value.dump() + ", not a positive integer");
    }
    return static_cast<int>(value.get<std::int64_t>());
  }

  // Reads field `key` as n_layer x n_head matrices of T x T finite numbers.
  std::vector<Matrix<double>> tensor(const char* key, int n_layer, int n_head, int length) const {
    const auto& layers = field(key);
    expect_array(layers, n_layer, key);
    std::vector<Matrix<double>> matrices;
    for (int l = 0; l < n_layer; ++l) {
      const auto& heads = layers[static_cast<std::size_t>(l)];
      const std::string at = std::string(key) + "[" + std::to_string(l) + "]";
      expect_array(heads, n_head, at);
      for (int h = 0; h < n_head; ++h) {
        const auto& rows = heads[static_cast<std::size_t>(h)];
        const std::string head_at = at + "[" + std::to_string(h) + "]";
        expect_array(rows, length, head_at);
        Matrix<double> m(length, length);
        for (int t = 0; t < length; ++t) {
          const auto& row = rows[static_cast<std::size_t>(t)];
          const std::string row_at = head_at + "[" + std::to_string(t) + "]";
          expect_array(row, length, row_at);
          for (int s = 0; s < length; ++s) {
            const auto& value = row[static_cast<std::size_t>(s)];
            if (!value.is_number() || !std::isfinite(value.get<double>())) {
              fail(row_at + "[" + std::to_string(s) + "] is " + value.dump() + ", not a finite number");
            }
            m(t, s) = value.get<double>();
          }
        }
        matrices.push_back(std::move(m));
      }
    }
    return matrices;
  }

 private:
  void expect_array(const json& value, int size, const std::string& at) const {
    if (!value.is_array() || value.size() != static_cast<std::size_t>(size)) {
      fail("'" + at + "' is not an array of " + std::to_string(size) + " entries");
    }
  }

  const json& json_;
  const std::string& source_;
};

}  // namespace

AttentionDump parse_attention_dump(const nlohmann::json& json, const std::string& source) {
  const DumpReader reader(json, source);
  AttentionDump dump;
  if (!reader.field("prompt").is_string()) reader.fail("'prompt' is not a string");
  dump.prompt = reader.field("prompt").get<std::string>();
  const auto& tokens = reader.field("tokens");
  const auto& ids = reader.field("token_ids");
  if (!tokens.is_array() || tokens.empty() || !ids.is_array() || ids.size() != tokens.size()) {
    reader.fail("'tokens' and 'token_ids' are not non-empty arrays of the same length");
  }
  for (std::size_t t = 0; t < tokens.size(); ++t) {
    if (!tokens[t].is_string()) reader.fail("tokens[" + std::to_string(t) + "] is not a string");
    if (!ids[t].is_number_integer() || ids[t].get<std::int64_t>() < 0 || ids[t].get<std::int64_t>() > INT32_MAX) {
      reader.fail("token_ids[" + std::to_string(t) + "] is not a non-negative integer");
    }
    dump.tokens.push_back(tokens[t].get<std::string>());
    dump.token_ids.push_back(static_cast<int>(ids[t].get<std::int64_t>()));
  }
  dump.n_layer = reader.positive_int("n_layer");
  dump.n_head = reader.positive_int("n_head");
  dump.head_dim = reader.positive_int("head_dim");
  const auto& scale = reader.field("logit_scale");
  if (!scale.is_number() || !std::isfinite(scale.get<double>()) || scale.get<double>() <= 0) {
    reader.fail("'logit_scale' is " + scale.dump() + ", not a finite number > 0");
  }
  dump.logit_scale = scale.get<double>();
  dump.qk_dot = reader.tensor("qk_dot", dump.n_layer, dump.n_head, dump.length());
  dump.attention = reader.tensor("attention", dump.n_layer, dump.n_head, dump.length());
  return dump;
}

AttentionDump read_attention_dump(const std::filesystem::path& path) {
  return parse_attention_dump(files::read_json_file(path), path.string());
}

}  // namespace nb::gpt2
