// write_bad_inputs FIXTURE_RESULTS OUT: writes into OUT the generated inputs of the bad-input table
// (tests/cli/bad_inputs.cmake) that are too large or too binary to commit: JSON nested 300,000
// levels deep in every kind of JSON input, checkpoints with too many layers, NaN weights or
// weights that overflow the forward pass, case files whose text would drive a terminal, a
// results file claiming a certified verdict on a NaN enclosure, and one naming a case file outside
// its report.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/test_safetensors.hpp"
#include "verify/io/sha256.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using nb::test::f32_bytes;

// "[[[...0...]]]" nested `depth` levels: parsers that build documents iteratively take it, but
// recursive dump() or copies of it overflow the stack.
std::string deeply_nested(std::size_t depth) { return std::string(depth, '[') + "0" + std::string(depth, ']'); }
const std::string kDeep = deeply_nested(300'000);

void write_text(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

// A GPT-2 of 1 layer, 1 head, width 2, 2 positions: config.json and the attention inputs that
// gpt2-positions reads (wpe, ln_1, c_attn), `ln_1_weight` and `c_attn_weight` as given.
void write_tiny_checkpoint(const fs::path& dir, int n_layer, std::vector<float> ln_1_weight,
                           std::vector<float> c_attn_weight) {
  write_text(dir / "config.json", json{{"n_layer", n_layer}, {"n_head", 1}, {"n_embd", 2}, {"n_positions", 2},
                                       {"vocab_size", 4}, {"layer_norm_epsilon", 1e-5}}
                                      .dump());
  nb::test::write_bytes(dir / "model.safetensors",
                        nb::test::safetensors_bytes({
                            {"wpe.weight", "F32", {2, 2}, f32_bytes({0.5f, -1, 2, 0.25f})},
                            {"h.0.ln_1.weight", "F32", {2}, f32_bytes(ln_1_weight)},
                            {"h.0.ln_1.bias", "F32", {2}, f32_bytes({0, 0})},
                            {"h.0.attn.c_attn.weight", "F32", {2, 6}, f32_bytes(c_attn_weight)},
                            {"h.0.attn.c_attn.bias", "F32", {6}, f32_bytes({0, 0, 0, 0, 0, 0})},
                        }));
}

json witness_case(const std::string& theorem, const std::string& label) {
  return {{"format", "normbound-case"},
          {"version", 1},
          {"case",
           {{"theorem", theorem},
            {"label", label},
            {"numbers", {{"logits", {{"shape", {2}}, {"values", {"0", "0"}}}}, {"T", "1"}}}}}};
}

// The fixture results with the first NEAR-TIGHT outcome's enclosures replaced by [nan, nan].
json results_with_nan_near_tight(const fs::path& fixture) {
  json results = json::parse(std::ifstream(fixture));
  for (json& theorem : results["theorems"])
    for (json& outcome : theorem["outcomes"])
      if (outcome["verdict"] == "near_tight") {
        outcome["slack"] = outcome["relative_slack"] = {"nan", "nan"};
        return results;
      }
  throw std::runtime_error(fixture.string() + " has no near_tight outcome");
}

// The fixture with its first counterexample's case file named "cases/../../escaped.json": a report
// rebuilt from it once wrote that file outside its directory.
json results_with_escaping_case_file(const fs::path& fixture) {
  json results = json::parse(std::ifstream(fixture));
  for (json& theorem : results["theorems"])
    for (json& violation : theorem["violations"]) {
      violation["case_file"] = "cases/../../escaped.json";
      return results;
    }
  throw std::runtime_error(fixture.string() + " has no counterexample");
}

// A theorem file of one scalar input x in [1/2, 2] (or the `inputs` given) and `claims` [[claim]]
// tables `value <= bound`.
std::string theorem_file(const std::string& id, const std::string& inputs, const std::string& value,
                         const std::string& bound, std::size_t claims = 1) {
  std::string text = "id = \"" + id + "\"\ntitle = \"t\"\nsource = \"s\"\nfidelity = \"extension\"\n" +
                     "expect = \"holds\"\n\n[inputs]\n" + inputs + "\n";
  for (std::size_t k = 0; k < claims; ++k)
    text += "[[claim]]\nvalue = \"" + value + "\"\nrelation = \"<=\"\nbound = \"" + bound + "\"\n";
  return text;
}
const std::string kScalarX = "x = { kind = \"scalar\", range = [\"1/2\", 2] }\n";

// `count` keys a.a.a...: the depth toml++ once recursed to without a bound.
std::string dotted(std::size_t count) {
  std::string keys = "a";
  for (std::size_t k = 1; k < count; ++k) keys += ".a";
  return keys;
}

std::string repeated(const std::string& piece, std::size_t count) {
  std::string text;
  for (std::size_t k = 0; k < count; ++k) text += piece;
  return text;
}

// A region certificate whose embedded theorem text is `text` (its SHA-256 recorded right).
std::string certificate_of(const std::string& text) {
  nb::Sha256 hash;
  hash.update(text.data(), text.size());
  return json{{"format", "normbound-region-certificate"},
              {"version", 1},
              {"theorem", {{"id", "deep"}, {"file", "deep.toml"}, {"text", text}, {"sha256", hash.hex_digest()}}}}
      .dump();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: write_bad_inputs FIXTURE_RESULTS OUT\n";
    return 64;
  }
  const fs::path fixture = argv[1], out = argv[2];
  fs::remove_all(out);
  fs::create_directories(out);
  const std::vector<float> ones{1, 1}, c_attn{1, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 1};

  // JSON nested 300,000 levels deep where each reader would quote or copy it.
  write_text(out / "deep-case.json",
             R"({"format": "normbound-case", "version": 1, "case": {"theorem": "softmax-jacobian-entry", )"
             R"("numbers": {"T": "1"}, "integers": {"N": )" + kDeep + "}}}");
  write_text(out / "deep-file-source.json", R"({"T": "1", "logits": )" + kDeep + "}");
  write_text(out / "deep-dump.json", R"({"prompt": "x", "tokens": ["x"], "token_ids": [0], "n_layer": )" + kDeep + "}");
  write_text(out / "deep-results.json", R"({"schema_version": )" + kDeep + "}");
  write_tiny_checkpoint(out / "deep-config", 1, ones, c_attn);
  write_text(out / "deep-config/config.json", R"({"n_layer": )" + kDeep + "}");
  write_tiny_checkpoint(out / "deep-header", 1, ones, c_attn);
  const std::string header = R"({"wpe.weight": {"dtype": "F32", "shape": )" + kDeep + R"(, "data_offsets": [0, 0]}})";
  nb::test::write_bytes(out / "deep-header/model.safetensors", nb::test::safetensors_bytes(header.size(), header, {}));

  // Checkpoints: 2^24 layers in config.json; a NaN weight; weights whose products overflow float32.
  write_tiny_checkpoint(out / "many-layers", 1 << 24, ones, c_attn);
  write_tiny_checkpoint(out / "nan-weight", 1, {1, std::numeric_limits<float>::quiet_NaN()}, c_attn);
  write_tiny_checkpoint(out / "overflowing-weights", 1, {3e38f, 3e38f}, {2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0});

  // Text that would drive a terminal: a label that recolours it, a theorem id that retitles it.
  write_text(out / "escape-label.json",
             witness_case("softmax-jacobian-spectral-as-printed", "\x1b[31mred\x1b[0m\rspoofed").dump());
  write_text(out / "escape-theorem.json", witness_case("\x1b]0;retitled\x07", "x").dump());

  // Theorem files nested 50,000 levels deep, each way TOML nests (toml++ overflowed the stack on
  // them), in a theorem folder and inside a certificate; a formula costing 2^40 terms, one with a
  // power of 10^8 factors; 200,000 claims, and 20,000 (within the size limit) for `list`.
  constexpr std::size_t kDeepToml = 50'000;
  const std::string deep_header = "[" + dotted(kDeepToml) + "]\n";
  write_text(out / "deep-table-header.toml", deep_header);
  write_text(out / "deep-dotted-key.toml", dotted(kDeepToml) + " = 1\n");
  write_text(out / "deep-inline-table.toml", "x = " + repeated("{a = ", kDeepToml) + "1" + repeated("}", kDeepToml) + "\n");
  write_text(out / "deep-array.toml", "x = " + repeated("[", kDeepToml) + repeated("]", kDeepToml) + "\n");
  write_text(out / "deep-array-of-tables.toml", "[[" + dotted(kDeepToml) + "]]\n");
  write_text(out / "deep-folder/deep.toml", deep_header);
  write_text(out / "deep-theorem.cert.json", certificate_of(deep_header));
  write_text(out / "nested-sums.toml",
             theorem_file("nested-sums",
                          "x = { kind = \"vector\", length = \"L\", range = [-1, 1] }\n"
                          "L = { kind = \"length\", range = [1, 1048576] }\n",
                          "sum(i, sum(j, x[i] * x[j]))", "1048576"));
  write_text(out / "huge-power.toml", theorem_file("huge-power", kScalarX, "x^(10^8)", "2"));
  write_text(out / "huge-power-literal.toml", theorem_file("huge-power-literal", kScalarX, "x^100000000", "2"));
  // exp(exp(x)) at x >= 21 is beyond MPFR's exponents; its exact value came back from an exact
  // decision's child in bytes that could not be read (exit 70).
  const std::string beyond_mpfr = "x = { kind = \"scalar\", range = [21, 22] }\n";
  write_text(out / "beyond-mpfr-equal.toml", theorem_file("beyond-mpfr-equal", beyond_mpfr, "exp(exp(x))", "exp(exp(x))"));
  write_text(out / "beyond-mpfr-twice.toml", theorem_file("beyond-mpfr-twice", beyond_mpfr, "exp(exp(x))", "2 * exp(exp(x))"));
  write_text(out / "many-claims.toml", theorem_file("many-claims", kScalarX, "x", "2", 200'000));
  write_text(out / "20000-claims.toml", theorem_file("claims-20000", kScalarX, "x", "2", 20'000));
  // A certificate of 300 MB (sparse: no disk used), beyond the limit on certificates.
  write_text(out / "huge.cert.json", "");
  fs::resize_file(out / "huge.cert.json", 300'000'000);

  write_text(out / "nan-near-tight-results.json", results_with_nan_near_tight(fixture).dump(1));
  write_text(out / "escaping-case-file-results.json", results_with_escaping_case_file(fixture).dump(1));
  std::cout << "wrote the bad inputs to " << out.string() << "\n";
  return 0;
}
