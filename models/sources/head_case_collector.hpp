#pragma once
// The hooks of a model's forward pass (GPT-2 or Llama-family: both report gpt2::HeadActivations)
// that keep the selected heads' activations, shared by the cases of their rows.
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "models/gpt2/forward_hooks.hpp"
#include "models/sources/attention_row_case.hpp"
#include "models/sources/load_source.hpp"

namespace nb::sources {

// Keeps the selected heads' activations as the pass reports them. `vectors` (checked: hidden,
// values, keys or queries) names what becomes each case's "vectors".
class HeadCollector final : public gpt2::ForwardHooks<float> {
 public:
  HeadCollector(const std::vector<int>& layers, const std::vector<int>& heads, std::string vectors)
      : layers_(layers.begin(), layers.end()), heads_(heads.begin(), heads.end()), vectors_(std::move(vectors)) {}

  std::vector<HeadMatrices> heads;

  void layer_input(int layer, const gpt2::Matrix<float>& x) override {
    // Kept only when asked for: a copy of the residual stream per selected layer, shared by its heads.
    if (vectors_ == "hidden" && layers_.count(layer)) hidden_ = std::make_shared<const gpt2::Matrix<float>>(x);
  }
  void head(const gpt2::HeadActivations<float>& a) override {
    if (!layers_.count(a.layer) || !heads_.count(a.head)) return;
    HeadMatrices h{a.layer, a.head, std::make_shared<const gpt2::Matrix<float>>(a.q),
                   std::make_shared<const gpt2::Matrix<float>>(a.k), std::make_shared<const gpt2::Matrix<float>>(a.v),
                   nullptr};
    h.vectors = vectors_ == "hidden" ? hidden_ : vectors_ == "keys" ? h.k : vectors_ == "queries" ? h.q : h.v;
    heads.push_back(std::move(h));
  }

 private:
  std::set<int> layers_, heads_;
  std::string vectors_;
  std::shared_ptr<const gpt2::Matrix<float>> hidden_;
};

// Sets `result.cases` and `result.row_lengths` to the rows `rows` of every collected head, each
// case built when asked (attention_row_cases) with provenance "tokens", "vectors" and, when not
// empty, "file".
inline void set_head_row_cases(ModelCases& result, HeadCollector& collector, const std::vector<int>& rows,
                               const ExactTensor& temperature, int tokens, const std::string& vectors,
                               const std::string& file) {
  result.row_lengths.clear();
  for (std::size_t h = 0; h < collector.heads.size(); ++h)
    for (int t : rows) result.row_lengths.push_back(static_cast<std::size_t>(t) + 1);
  result.cases = attention_row_cases(std::move(collector.heads), rows, temperature)
                     .adjusted([file, tokens = std::to_string(tokens), vectors](Case& c) {
                       if (!file.empty()) c.provenance["file"] = file;
                       c.provenance["tokens"] = tokens;
                       c.provenance["vectors"] = vectors;
                     });
}

}  // namespace nb::sources
