#include "verify/reproduce/attention_heads.hpp"

#include <algorithm>
#include <filesystem>
#include <set>
#include <span>

#include "models/gpt2/attention_dump.hpp"
#include "models/gpt2/forward.hpp"
#include "models/gpt2/matrix_products.hpp"
#include "models/gpt2/tokenizer.hpp"
#include "models/llama/forward.hpp"
#include "models/llama/tokenizer.hpp"
#include "models/sources/attention_dump_source.hpp"
#include "models/sources/gpt2_source.hpp"
#include "models/sources/selection.hpp"
#include "models/sources/source_spec.hpp"
#include "verify/reproduce/random_gpt2.hpp"
#include "verify/io/errors.hpp"
#include "verify/io/recorded_path.hpp"

namespace nb::reproduce {
namespace {

namespace fs = std::filesystem;

constexpr const char* kRandomKind = "random-gpt2";

std::string random_shape_text(const std::string& spec) {
  return spec.size() > std::string(kRandomKind).size() ? spec.substr(std::string(kRandomKind).size() + 1) : "";
}

// Hands each selected head of a model pass to `visit` as an AttentionHead. Reads q, k, v and the
// layer input only (not the model's float32 logits and attention), so positions passes for it
// skip those.
class HeadForwarder final : public gpt2::ForwardHooks<float> {
 public:
  // `total_heads`: the heads of every pass of the source (AttentionHead::total_heads).
  HeadForwarder(int window, const std::vector<int>& layers, const std::vector<int>& heads, double T,
                std::string vectors, const std::function<void(const AttentionHead&)>& visit, std::size_t total_heads)
      : window_(window), layers_(layers.begin(), layers.end()), heads_(heads.begin(), heads.end()), T_(T),
        vectors_(std::move(vectors)), visit_(visit), total_heads_(total_heads) {}

  void layer_input(int layer, const gpt2::Matrix<float>& x) override {
    if (vectors_ == "hidden" && layers_.count(layer)) hidden_ = x;
  }
  void head(const gpt2::HeadActivations<float>& a) override {
    if (!layers_.count(a.layer) || !heads_.count(a.head)) return;
    AttentionHead h;
    h.window = window_;
    h.layer = a.layer;
    h.head = a.head;
    h.T = T_;
    h.total_heads = total_heads_;
    // q.k of the exact float32 vectors in binary64, as the theorem cases of --source have them.
    const gpt2::Matrix<double> q = a.q.cast<double>(), k = a.k.cast<double>();
    h.raw_logits.resize(q.rows(), q.rows());
    gpt2::multiply<double>(q, k, true, h.raw_logits);
    const gpt2::Matrix<float>& x = vectors_ == "hidden" ? hidden_
                                   : vectors_ == "keys"  ? a.k
                                   : vectors_ == "queries" ? a.q
                                                           : a.v;
    h.vectors = x.cast<double>();
    visit_(h);
  }

 private:
  int window_;
  std::set<int> layers_, heads_;
  double T_;
  std::string vectors_;
  const std::function<void(const AttentionHead&)>& visit_;
  std::size_t total_heads_;
  gpt2::Matrix<float> hidden_;
};

int positions_of(const sources::SourceRequest& r, int n_positions) {
  return static_cast<int>(std::min<std::size_t>(r.max_tokens, static_cast<std::size_t>(n_positions)));
}

void check_request(const HeadRequest& request) {
  if (request.source.max_tokens == 0) throw UsageError("--max-tokens must be at least 1");
  if (request.windows < 1) throw UsageError("--windows must be at least 1");
  sources::check_vectors(request.source.vectors);
  const bool text = !request.source.text_file.empty() || !request.source.text_string.empty();
  if (text && !takes_text(request.source.spec))
    throw UsageError("--text and --text-string are for --source hf:DIR or gpt2:DIR only");
  if (request.windows != 1 && !takes_text(request.source.spec))
    throw UsageError("--windows is for --source hf:DIR or gpt2:DIR with a text only");
}

// The token windows of a text request: up to `windows` consecutive slices of `cap` tokens of `ids`.
std::vector<std::vector<int>> text_windows(const HeadRequest& request, const std::vector<int>& ids, int cap) {
  if (ids.empty()) throw InputError("the text of source '" + request.source.spec + "' has no tokens");
  std::vector<std::vector<int>> windows;
  for (std::size_t start = 0; start < ids.size() && static_cast<int>(windows.size()) < request.windows;
       start += static_cast<std::size_t>(cap))
    windows.emplace_back(ids.begin() + static_cast<std::ptrdiff_t>(start),
                         ids.begin() + static_cast<std::ptrdiff_t>(std::min(ids.size(), start + static_cast<std::size_t>(cap))));
  return windows;
}

// Whether the hf:DIR or gpt2:DIR `spec` names a Llama-family directory.
bool is_llama_family(const sources::SourceSpec& spec) {
  return spec.kind == sources::SourceKind::hf_text && llama::read_model_type(fs::path(spec.path) / "config.json") != "gpt2";
}

// The heads of a Llama-family model on the request's text windows.
void for_each_llama_head(const HeadRequest& request, const fs::path& directory,
                         const std::function<void(const AttentionHead&)>& visit) {
  const sources::SourceRequest& r = request.source;
  const auto model = llama::load_model<float>(directory);
  const auto& config = model.config;
  const auto layers = sources::select_indices(r.layers, config.num_hidden_layers, "layer");
  const auto heads = sources::select_indices(r.heads, config.num_attention_heads, "head");
  const double T = sources::model_temperature(config.head_dim).approx(0);
  const auto ids = llama::LlamaTokenizer::load_directory(directory).encode(sources::read_text(r));
  const auto windows = text_windows(request, ids, positions_of(r, config.max_position_embeddings));
  const int depth = *std::max_element(layers.begin(), layers.end()) + 1;
  for (std::size_t w = 0; w < windows.size(); ++w) {
    HeadForwarder forwarder(static_cast<int>(w), layers, heads, T, r.vectors, visit,
                            windows.size() * layers.size() * heads.size());
    llama::forward_tokens(model, std::span<const int>(windows[w]), depth, forwarder);
  }
}

}  // namespace

bool is_random_gpt2(const std::string& spec) {
  return spec == kRandomKind || spec.starts_with(std::string(kRandomKind) + ":");
}

bool takes_text(const std::string& spec) {
  if (is_random_gpt2(spec)) return false;
  const auto kind = sources::parse_source_spec(spec).kind;
  return kind == sources::SourceKind::gpt2_text || kind == sources::SourceKind::hf_text;
}

HeadSourceInfo describe_heads(const HeadRequest& request) {
  check_request(request);
  const sources::SourceRequest& r = request.source;
  HeadSourceInfo info;
  if (is_random_gpt2(r.spec)) {
    const RandomGpt2Shape shape = parse_random_gpt2_shape(random_shape_text(r.spec));
    info.kind = kRandomKind;
    info.has_vectors = true;
    info.description = recorded_spec(r.spec) + " (random weights, seed " + std::to_string(request.seed) + ": " +
                       std::to_string(shape.layers) + " layers x " + std::to_string(shape.heads) + " heads, n_embd " +
                       std::to_string(shape.embd) + ", " + std::to_string(std::min<std::size_t>(r.max_tokens, shape.positions)) +
                       " positions through ln_1 and c_attn), x_i = " + r.vectors;
    info.stand_in = "stand-in for the paper's text input: random weights, a null model";
    return info;
  }
  const sources::SourceSpec spec = sources::parse_source_spec(r.spec);
  switch (spec.kind) {
    case sources::SourceKind::gpt2_positions:
      info.kind = "gpt2-positions";
      info.has_vectors = true;
      info.description = recorded_spec(r.spec) + " (the position-embedding probe, not text: wpe pushed through each layer's ln_1 and "
                                  "c_attn), x_i = " + r.vectors;
      info.stand_in = "stand-in for the paper's text input: position embeddings only, no tokens";
      info.input_files = {(fs::path(spec.path) / "config.json").string(), (fs::path(spec.path) / "model.safetensors").string()};
      return info;
    case sources::SourceKind::hf_text:
    case sources::SourceKind::gpt2_text: {
      if (r.text_file.empty() == r.text_string.empty())
        throw UsageError("source '" + r.spec + "' needs exactly one of --text and --text-string");
      const bool llama_family = is_llama_family(spec);
      const fs::path config = fs::path(spec.path) / "config.json";
      // The window is --max-tokens cut at the model's context, as for_each_head cuts it.
      const int window = positions_of(r, llama_family ? llama::read_config(config).max_position_embeddings
                                                      : gpt2::read_config(config).n_positions);
      info.kind = llama_family ? "llama" : "gpt2";
      info.has_vectors = true;
      info.description = recorded_spec(r.spec) + " on " + (r.text_file.empty() ? "a text string" : "'" + recorded_path(r.text_file) + "'") + ", up to " +
                         std::to_string(request.windows) + " window(s) of " + std::to_string(window) +
                         " tokens, x_i = " + r.vectors;
      info.input_files = {(fs::path(spec.path) / "config.json").string()};
      if (llama_family) {
        const auto checkpoint = llama::Checkpoint::open(spec.path);
        info.input_files.insert(info.input_files.end(), checkpoint.files().begin(), checkpoint.files().end());
        info.input_files.push_back((fs::path(spec.path) / "tokenizer.json").string());
      } else {
        info.input_files.push_back((fs::path(spec.path) / "model.safetensors").string());
      }
      if (!r.text_file.empty()) info.input_files.push_back(r.text_file);
      return info;
    }
    case sources::SourceKind::attention_dump:
      info.kind = "attention-dump";
      info.has_vectors = false;
      for (const auto& f : sources::dump_files(spec.path)) info.input_files.push_back(f.string());
      info.description = recorded_spec(r.spec) + " (" + std::to_string(info.input_files.size()) +
                         " recorded dump(s): logits only, one window per dump)";
      return info;
    case sources::SourceKind::file:
      break;
  }
  throw UsageError("reproduce takes --source hf:DIR, gpt2:DIR, gpt2-positions:DIR, attention-dump:PATH or random-gpt2[:SHAPE] "
                   "(got '" + r.spec + "')");
}

void for_each_head(const HeadRequest& request, const std::function<void(const AttentionHead&)>& visit) {
  const HeadSourceInfo info = describe_heads(request);
  const sources::SourceRequest& r = request.source;
  if (info.kind == "attention-dump") {
    int window = 0;
    for (const std::string& file : info.input_files) {
      const gpt2::AttentionDump dump = gpt2::read_attention_dump(file);
      const double T = sources::dump_temperature(dump.logit_scale, file).approx(0);
      const int L = std::min(dump.length(), static_cast<int>(std::min<std::size_t>(r.max_tokens, 1u << 20)));
      for (int layer : sources::select_indices(r.layers, dump.n_layer, "layer"))
        for (int head : sources::select_indices(r.heads, dump.n_head, "head")) {
          AttentionHead h;
          h.window = window;
          h.layer = layer;
          h.head = head;
          h.T = T;
          h.raw_logits = dump.qk(layer, head).topLeftCorner(L, L);
          visit(h);
        }
      ++window;
    }
    return;
  }
  if (info.kind == kRandomKind) {
    // One layer drawn at a time: memory holds wpe and one layer's weights, whatever the depth.
    const RandomGpt2Shape shape = parse_random_gpt2_shape(random_shape_text(r.spec));
    const auto heads = sources::select_indices(r.heads, shape.heads, "head");
    const double T = sources::model_temperature(shape.embd / shape.heads).approx(0);
    const auto layers = sources::select_indices(r.layers, shape.layers, "layer");
    for (int layer : layers) {
      const auto model = random_gpt2_model(shape, request.seed, layer);
      HeadForwarder forwarder(0, {layer}, heads, T, r.vectors, visit, layers.size() * heads.size());
      gpt2::forward_positions(model, positions_of(r, shape.positions), gpt2::HeadSelection({layer}, heads, false),
                              forwarder);
    }
    return;
  }
  const fs::path directory = sources::parse_source_spec(r.spec).path;
  if (info.kind == "llama") return for_each_llama_head(request, directory, visit);
  const auto config = gpt2::read_config(directory / "config.json");
  const auto layers = sources::select_indices(r.layers, config.n_layer, "layer");
  const auto heads = sources::select_indices(r.heads, config.n_head, "head");
  const double T = sources::model_temperature(config.head_dim()).approx(0);
  const int cap = positions_of(r, config.n_positions);
  const auto weights = gpt2::SafetensorsFile::read(directory / "model.safetensors");
  if (info.kind == "gpt2-positions") {
    const auto model = gpt2::load_positions_model<float>(config, weights, layers);
    HeadForwarder forwarder(0, layers, heads, T, r.vectors, visit, layers.size() * heads.size());
    gpt2::forward_positions(model, cap, gpt2::HeadSelection(layers, heads, false), forwarder);
    return;
  }
  const auto model = gpt2::load_model<float>(config, weights);
  const auto windows =
      text_windows(request, gpt2::Gpt2Tokenizer::load_directory(directory).encode(sources::read_text(r)), cap);
  for (std::size_t w = 0; w < windows.size(); ++w) {
    HeadForwarder forwarder(static_cast<int>(w), layers, heads, T, r.vectors, visit,
                            windows.size() * layers.size() * heads.size());
    gpt2::forward_tokens(model, std::span<const int>(windows[w]), forwarder);
  }
}

}  // namespace nb::reproduce
