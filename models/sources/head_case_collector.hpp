#pragma once
// The hooks of a model's forward pass (GPT-2 or Llama-family: both report gpt2::HeadActivations)
// that turn the selected heads' query rows into cases.
#include <set>
#include <string>
#include <vector>

#include "models/gpt2/forward_hooks.hpp"
#include "models/sources/attention_row_case.hpp"

namespace nb::sources {

// Turns the selected heads' activations into cases as the pass reports them. `vectors` (checked:
// hidden, values, keys or queries) names what becomes each case's "vectors".
class HeadCaseCollector final : public gpt2::ForwardHooks<float> {
 public:
  HeadCaseCollector(const std::vector<int>& layers, const std::vector<int>& heads, std::vector<int> rows,
                ExactTensor temperature, std::string vectors)
      : layers_(layers.begin(), layers.end()), heads_(heads.begin(), heads.end()), rows_(std::move(rows)),
        temperature_(std::move(temperature)), vectors_(std::move(vectors)) {}

  std::vector<Case> cases;

  void layer_input(int layer, const gpt2::Matrix<float>& x) override {
    // Kept only when asked for: a copy of the residual stream per selected layer.
    if (vectors_ == "hidden" && layers_.count(layer)) hidden_ = x;
  }
  void head(const gpt2::HeadActivations<float>& a) override {
    if (!layers_.count(a.layer) || !heads_.count(a.head)) return;
    const gpt2::Matrix<float>& x = vectors_ == "hidden" ? hidden_
                                   : vectors_ == "keys"  ? a.k
                                   : vectors_ == "queries" ? a.q
                                                           : a.v;
    for (int t : rows_) cases.push_back(attention_row_case(a.layer, a.head, t, a.q, a.k, a.v, temperature_, x));
  }

 private:
  std::set<int> layers_, heads_;
  std::vector<int> rows_;
  ExactTensor temperature_;
  std::string vectors_;
  gpt2::Matrix<float> hidden_;
};

}  // namespace nb::sources
