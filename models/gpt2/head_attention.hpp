#pragma once
// One attention head's causal attention from its q, k and v, shared by the forward passes.
#include <algorithm>
#include <cmath>

#include "models/gpt2/causal_softmax.hpp"
#include "models/gpt2/matrix_products.hpp"
#include "models/gpt2/model.hpp"
#include "models/gpt2/row_blocks.hpp"

namespace nb::gpt2 {

// One head's causal attention. Query rows are taken in blocks of kRowBlock, and a block of
// queries t in [first, first + count) is multiplied only with keys s < first + count (llm.c's
// loop over s <= t, blocked so that matrix products do the work): about half the products of the
// full T x T matrices. Entries s > t are then masked. The matrices are reused from layer to
// layer, so that the large T x T ones are not allocated (and their pages faulted in) anew.
template <class T>
struct HeadState {
  Matrix<T> q, k, v, logits, attention, output;

  void attend() {
    const Eigen::Index length = q.rows();
    const T scale = std::sqrt(static_cast<T>(q.cols()));
    logits.resize(length, length);
    for (Eigen::Index first = 0; first < length; first += kRowBlock) {
      const Eigen::Index count = std::min(kRowBlock, length - first);
      auto block = logits.block(first, 0, count, first + count);
      multiply<T>(q.middleRows(first, count), k.topRows(first + count), true, block);
      block /= scale;  // a separate division, as Hugging Face's q k^T / sqrt(d)
    }
    apply_causal_mask(logits);  // sets everything above the diagonal, computed or not
    causal_softmax(logits, attention);
    output.resize(length, v.cols());
    for (Eigen::Index first = 0; first < length; first += kRowBlock) {
      const Eigen::Index count = std::min(kRowBlock, length - first);
      multiply<T>(attention.block(first, 0, count, first + count), v.topRows(first + count), false,
                  output.middleRows(first, count));
    }
  }
};

}  // namespace nb::gpt2
