// The Eigen forward pass against PyTorch's, on the tiny random GPT-2 fixture. The golden
// activations were computed by PyTorch in float64 from exactly the stored weights
// (models/gpt2/fixture/make_tiny_gpt2.py), so they are free of float32 rounding.
#include "models/gpt2/forward.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>
#include <random>

#include "models/files/json_file.hpp"
#include "models/files/npy.hpp"
#include "models/gpt2/activation_recorder.hpp"
#include "record_value.hpp"
#include "tests/support/scratch_directory.hpp"
#include "tiny_gpt2.hpp"
#include "verify/io/errors.hpp"

namespace nb::gpt2 {
namespace {

using test::tiny_gpt2_dir;

// Error measure: max over entries of |actual - golden| / (1 + |golden|), i.e. absolute error for
// entries below 1 in magnitude and relative error above. Masked logits (-inf in the golden data)
// must be exactly -inf.
//
// Tolerances. Double: the C++ pass and PyTorch's float64 pass differ only in summation order and
// libm rounding, O(n 2^-53) per dot product of n <= 256 terms; the observed error is ~6e-15, and
// 1e-12 leaves a ~150x margin while staying far below the effect of any formula slip (unbiased
// variance, epsilon outside the square root, erf instead of tanh GELU: >= 1e-6), so the double
// test pins the formulas. Float: the same code in float32 accumulates 2^-24 ~ 6e-8 per operation
// over dot products of up to 256 terms, amplified by LayerNorm's 1/std and softmax's exp; the
// observed error through two layers is ~2.7e-6, and 2e-5 leaves a ~7x margin, so the float test
// checks the float32 instantiation without being sensitive to harmless reordering.
constexpr double kDoubleTolerance = 1e-12;
constexpr double kFloatTolerance = 2e-5;

Matrix<double> golden(const std::string& path, const std::string& name) {
  const auto array = files::read_npy(tiny_gpt2_dir() / "golden" / path / (name + ".npy"));
  EXPECT_EQ(array.shape.size(), 2u) << name;
  Matrix<double> m(static_cast<Eigen::Index>(array.shape[0]), static_cast<Eigen::Index>(array.shape[1]));
  std::copy(array.values.begin(), array.values.end(), m.data());
  return m;
}

template <class T>
double scaled_error(const Matrix<T>& actual, const Matrix<double>& expected, const std::string& what) {
  EXPECT_EQ(actual.rows(), expected.rows()) << what;
  EXPECT_EQ(actual.cols(), expected.cols()) << what;
  if (actual.rows() != expected.rows() || actual.cols() != expected.cols()) return INFINITY;
  double worst = 0;
  for (Eigen::Index i = 0; i < expected.rows(); ++i) {
    for (Eigen::Index j = 0; j < expected.cols(); ++j) {
      const double e = expected(i, j), a = static_cast<double>(actual(i, j));
      if (std::isinf(e)) {
        EXPECT_EQ(a, e) << what << " (" << i << ", " << j << ")";
        continue;
      }
      worst = std::max(worst, std::abs(a - e) / (1 + std::abs(e)));
    }
  }
  return worst;
}

// Heads side by side (q, k, v: [T, n_head * d], as c_attn lays them out) or stacked (logits,
// attention: [n_head * T, T]), the layouts of the golden files.
template <class T>
Matrix<T> joined(const LayerRecord<T>& layer, Matrix<T> HeadRecord<T>::*field, bool side_by_side) {
  const auto& first = layer.heads.front().*field;
  const auto n = static_cast<Eigen::Index>(layer.heads.size());
  Matrix<T> m(side_by_side ? first.rows() : n * first.rows(), side_by_side ? n * first.cols() : first.cols());
  for (Eigen::Index h = 0; h < n; ++h) {
    const auto& part = layer.heads[static_cast<std::size_t>(h)].*field;
    if (side_by_side) m.middleCols(h * part.cols(), part.cols()) = part;
    else m.middleRows(h * part.rows(), part.rows()) = part;
  }
  return m;
}

// Compares every recorded attention-side tensor of every layer with the golden files in `path`
// and returns the largest scaled error.
template <class T>
double attention_side_error(const ActivationRecorder<T>& recorder, const std::string& path, bool with_input) {
  double worst = 0;
  EXPECT_EQ(recorder.layers.size(), 2u);
  for (std::size_t l = 0; l < recorder.layers.size(); ++l) {
    const auto& layer = recorder.layers[l];
    const std::string prefix = "layer" + std::to_string(l) + "_";
    EXPECT_EQ(layer.heads.size(), 4u);
    if (with_input) worst = std::max(worst, scaled_error(layer.input, golden(path, prefix + "input"), prefix + "input"));
    worst = std::max(worst, scaled_error(layer.ln_1, golden(path, prefix + "ln_1"), prefix + "ln_1"));
    worst = std::max(worst, scaled_error(joined(layer, &HeadRecord<T>::q, true), golden(path, prefix + "q"), prefix + "q"));
    worst = std::max(worst, scaled_error(joined(layer, &HeadRecord<T>::k, true), golden(path, prefix + "k"), prefix + "k"));
    worst = std::max(worst, scaled_error(joined(layer, &HeadRecord<T>::v, true), golden(path, prefix + "v"), prefix + "v"));
    worst = std::max(worst, scaled_error(joined(layer, &HeadRecord<T>::logits, false), golden(path, prefix + "logits"),
                                         prefix + "logits"));
    worst = std::max(worst, scaled_error(joined(layer, &HeadRecord<T>::attention, false),
                                         golden(path, prefix + "attention"), prefix + "attention"));
  }
  return worst;
}

std::vector<int> golden_token_ids() {
  return files::read_json_file(tiny_gpt2_dir() / "golden" / "inputs.json").at("token_ids").get<std::vector<int>>();
}

int golden_positions() {
  return files::read_json_file(tiny_gpt2_dir() / "golden" / "inputs.json").at("positions").get<int>();
}

template <class T>
double token_path_error() {
  const auto model = load_model_directory<T>(tiny_gpt2_dir());
  ActivationRecorder<T> recorder;
  const auto output = forward_tokens(model, std::span<const int>(golden_token_ids()), recorder);
  double worst = attention_side_error(recorder, "tokens", true);
  EXPECT_TRUE(recorder.ln_f_output.has_value());
  EXPECT_EQ(*recorder.ln_f_output, output);
  return std::max(worst, scaled_error(output, golden("tokens", "ln_f"), "ln_f"));
}

template <class T>
double positions_path_error(const Gpt2Model<T>& model) {
  ActivationRecorder<T> recorder;
  forward_positions(model, golden_positions(), recorder);
  for (const auto& layer : recorder.layers) EXPECT_EQ(layer.input, model.wpe.topRows(golden_positions()));
  return attention_side_error(recorder, "positions", false);
}

TEST(Forward, TokenPathMatchesPyTorchInDouble) {
  const double error = token_path_error<double>();
  test::record_value("max_scaled_error", error);
  EXPECT_LE(error, kDoubleTolerance);
}

TEST(Forward, TokenPathMatchesPyTorchInFloat) {
  const double error = token_path_error<float>();
  test::record_value("max_scaled_error", error);
  EXPECT_LE(error, kFloatTolerance);
}

TEST(Forward, PositionsPathMatchesPyTorch) {
  const double double_error = positions_path_error(load_model_directory<double>(tiny_gpt2_dir()));
  const double float_error = positions_path_error(load_model_directory<float>(tiny_gpt2_dir()));
  test::record_value("max_scaled_error_double", double_error);
  test::record_value("max_scaled_error_float", float_error);
  EXPECT_LE(double_error, kDoubleTolerance);
  EXPECT_LE(float_error, kFloatTolerance);
}

TEST(Forward, HiddenPathRunsCompleteBlocksBetweenLayers) {
  // Feeding the golden embeddings through forward_hidden must reproduce layer 1's golden input,
  // which depends on layer 0's attention output projection and MLP.
  const auto model = load_model_directory<double>(tiny_gpt2_dir());
  const Matrix<double> input = golden("tokens", "layer0_input");
  ActivationRecorder<double> recorder;
  forward_hidden(model, input, 2, recorder);
  EXPECT_FALSE(recorder.ln_f_output.has_value());
  EXPECT_LE(attention_side_error(recorder, "tokens", true), kDoubleTolerance);
}

TEST(Forward, PartialCheckpointSupportsPositionsAndOneLayerOnly) {
  const test::ScratchDirectory dir;
  test::write_tiny_variant(dir.path(), [](const std::string& name) -> std::optional<std::string> {
    for (const char* absent : {"wte.", ".mlp.", ".attn.c_proj.", ".ln_2."}) {
      if (name.find(absent) != std::string::npos) return std::nullopt;
    }
    return name;
  });
  const auto model = load_model_directory<double>(dir.path());
  EXPECT_LE(positions_path_error(model), kDoubleTolerance);

  ActivationRecorder<double> one_layer;
  forward_hidden(model, golden("tokens", "layer0_input"), 1, one_layer);
  ASSERT_EQ(one_layer.layers.size(), 1u);
  EXPECT_LE(scaled_error(one_layer.layers[0].heads[3].attention, golden("tokens", "layer0_attention").bottomRows(11),
                         "layer0 head 3 attention"),
            kDoubleTolerance);

  ForwardHooks<double> nothing;
  try {
    forward_tokens(model, std::span<const int>(golden_token_ids()), nothing);
    ADD_FAILURE() << "ran a token forward pass without wte";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("needs: wte.weight, h.0.attn.c_proj.weight"), std::string::npos) << e.what();
  }
  try {
    forward_hidden(model, golden("tokens", "layer0_input"), 2, nothing);
    ADD_FAILURE() << "ran layer 1 without layer 0's MLP";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("needs: h.0.attn.c_proj.weight"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("h.0.mlp.c_proj.bias"), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find("h.1."), std::string::npos) << e.what();
  }
}

TEST(Forward, ResultsDoNotDependOnTheThreadCount) {
  // 600 rows span ten row blocks and two row tiles of the products, so one and two threads
  // split the work differently.
  const std::uint64_t seed = 77;
  SCOPED_TRACE("seed " + std::to_string(seed));
  const auto model = load_model_directory<float>(tiny_gpt2_dir());
  std::mt19937_64 rng(seed);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  Matrix<float> input(600, 64);
  for (Eigen::Index i = 0; i < input.size(); ++i) input.data()[i] = normal(rng);
  const int threads_before = omp_get_max_threads();
  ActivationRecorder<float> serial, parallel;
  omp_set_num_threads(1);
  forward_hidden(model, input, 2, serial);
  omp_set_num_threads(2);
  forward_hidden(model, input, 2, parallel);
  omp_set_num_threads(threads_before);
  for (std::size_t l = 0; l < 2; ++l) {
    EXPECT_EQ(serial.layers[l].input, parallel.layers[l].input);
    for (std::size_t h = 0; h < 4; ++h) EXPECT_EQ(serial.layers[l].heads[h].attention, parallel.layers[l].heads[h].attention);
  }
}

// Records which layer_input, ln_1_output and head hooks the pass called, in order.
class CallLog final : public ForwardHooks<float> {
 public:
  std::vector<std::string> calls;
  void layer_input(int layer, const Matrix<float>&) override { calls.push_back("input " + std::to_string(layer)); }
  void ln_1_output(int layer, const Matrix<float>&) override { calls.push_back("ln_1 " + std::to_string(layer)); }
  void head(const HeadActivations<float>& a) override {
    calls.push_back("head " + std::to_string(a.layer) + " " + std::to_string(a.head));
  }
};

TEST(Forward, PositionsPathOfSomeHeadsReportsThemBitwiseAsTheFullPass) {
  constexpr int kPositions = 40;
  const auto full_model = load_model_directory<float>(tiny_gpt2_dir());
  const auto model = load_positions_model<float>(full_model.config,
                                                 SafetensorsFile::read(tiny_gpt2_dir() / "model.safetensors"), {1});
  ActivationRecorder<float> everything, some;
  forward_positions(full_model, kPositions, everything);
  const HeadSelection selection({1}, {3, 0, 3});  // any order, repeats count once
  forward_positions(model, kPositions, selection, some);
  ASSERT_EQ(some.layers.size(), 2u);
  EXPECT_EQ(some.layers[1].ln_1, everything.layers[1].ln_1);
  for (std::size_t h : {0u, 3u}) {
    const auto& a = some.layers[1].heads.at(h);
    const auto& b = everything.layers[1].heads.at(h);
    EXPECT_EQ(a.q, b.q) << "head " << h;
    EXPECT_EQ(a.k, b.k) << "head " << h;
    EXPECT_EQ(a.v, b.v) << "head " << h;
    EXPECT_EQ(a.logits, b.logits) << "head " << h;
    EXPECT_EQ(a.attention, b.attention) << "head " << h;
  }
  CallLog log;
  forward_positions(model, kPositions, selection, log);
  EXPECT_EQ(log.calls, (std::vector<std::string>{"input 1", "ln_1 1", "head 1 0", "head 1 3"}));
  ActivationRecorder<float> without_attention;
  forward_positions(model, kPositions, HeadSelection({1}, {3}, false), without_attention);
  const auto& a = without_attention.layers.at(1).heads.at(3);
  const auto& b = everything.layers[1].heads.at(3);
  EXPECT_EQ(a.q, b.q);
  EXPECT_EQ(a.k, b.k);
  EXPECT_EQ(a.v, b.v);
  EXPECT_EQ(a.logits.size(), 0);
  EXPECT_EQ(a.attention.size(), 0);
}

TEST(Forward, PositionsModelRunsOnlyThePositionsPathOfItsLayers) {
  const auto config = read_config(tiny_gpt2_dir() / "config.json");
  const auto model = load_positions_model<float>(config, SafetensorsFile::read(tiny_gpt2_dir() / "model.safetensors"), {0});
  ForwardHooks<float> nothing;
  EXPECT_THROW(forward_positions(model, 8, nothing), UsageError);  // layer 1 was not loaded
  EXPECT_THROW(forward_positions(model, 8, HeadSelection({0}, {4}), nothing), UsageError);  // no head 4
  forward_positions(model, 8, HeadSelection({0}, {0, 1, 2, 3}), nothing);
  const std::vector<int> ids{1, 2, 3};
  EXPECT_THROW(forward_tokens(model, std::span<const int>(ids), nothing), UsageError);
  const Matrix<float> input = Matrix<float>::Zero(3, 64);
  EXPECT_THROW(forward_hidden(model, input, 1, nothing), UsageError);
}

TEST(Forward, RejectsImpossibleInputs) {
  const auto model = load_model_directory<float>(tiny_gpt2_dir());
  ForwardHooks<float> nothing;
  const std::vector<int> out_of_vocabulary{1, 1000}, negative{-1}, empty{};
  const std::vector<int> too_long(65, 1);
  EXPECT_THROW(forward_tokens(model, std::span<const int>(out_of_vocabulary), nothing), InputError);
  EXPECT_THROW(forward_tokens(model, std::span<const int>(negative), nothing), InputError);
  EXPECT_THROW(forward_tokens(model, std::span<const int>(empty), nothing), InputError);
  EXPECT_THROW(forward_tokens(model, std::span<const int>(too_long), nothing), InputError);
  EXPECT_THROW(forward_positions(model, 0, nothing), UsageError);
  EXPECT_THROW(forward_positions(model, 65, nothing), UsageError);
  const Matrix<float> input = Matrix<float>::Zero(3, 64), narrow = Matrix<float>::Zero(3, 63);
  EXPECT_THROW(forward_hidden(model, input, 0, nothing), UsageError);
  EXPECT_THROW(forward_hidden(model, input, 3, nothing), UsageError);
  EXPECT_THROW(forward_hidden(model, narrow, 1, nothing), UsageError);
}

}  // namespace
}  // namespace nb::gpt2
