#pragma once
// ForwardHooks that keep a copy of everything the pass reports (for tests and short inputs:
// memory grows as n_layer * n_head * T^2).
#include <optional>
#include <vector>

#include "models/gpt2/forward_hooks.hpp"

namespace nb::gpt2 {

template <class T>
struct HeadRecord {
  Matrix<T> q, k, v, logits, attention;
};

template <class T>
struct LayerRecord {
  Matrix<T> input;
  Matrix<T> ln_1;
  std::vector<HeadRecord<T>> heads;  // index = head number
};

template <class T>
class ActivationRecorder final : public ForwardHooks<T> {
 public:
  // Index = layer number; layers the pass did not reach are absent.
  std::vector<LayerRecord<T>> layers;
  std::optional<Matrix<T>> ln_f_output;  // set by a full pass

  void layer_input(int layer, const Matrix<T>& x) override { record(layer).input = x; }
  void ln_1_output(int layer, const Matrix<T>& x) override { record(layer).ln_1 = x; }
  void head(const HeadActivations<T>& a) override {
    auto& heads = record(a.layer).heads;
    if (heads.size() <= static_cast<std::size_t>(a.head)) heads.resize(static_cast<std::size_t>(a.head) + 1);
    heads[static_cast<std::size_t>(a.head)] = {a.q, a.k, a.v, a.logits, a.attention};
  }
  void final_output(const Matrix<T>& x) override { ln_f_output = x; }

 private:
  LayerRecord<T>& record(int layer) {
    if (layers.size() <= static_cast<std::size_t>(layer)) layers.resize(static_cast<std::size_t>(layer) + 1);
    return layers[static_cast<std::size_t>(layer)];
  }
};

}  // namespace nb::gpt2
