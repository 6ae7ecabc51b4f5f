#include "verify/reproduce/head_rows.hpp"

#include <algorithm>

#include "models/gpt2/matrix_products.hpp"
#include "models/sources/selection.hpp"

namespace nb::reproduce {

std::vector<int> sweep_rows(const std::string& rows, int L, int min_keys) {
  std::vector<int> picked;
  if (L < 1) return picked;
  for (int t : sources::select_rows(rows, L))
    if (t + 1 > min_keys) picked.push_back(t);
  return picked;
}

Case head_row_case(const AttentionHead& head, int t, const std::string& theorem) {
  Case c;
  c.theorem = theorem;
  const auto n = static_cast<std::size_t>(t) + 1;
  c.numbers["logits"] = ExactTensor::vector(std::vector<double>(head.raw_logits.row(t).data(), head.raw_logits.row(t).data() + n));
  c.numbers["T"] = ExactTensor::scalar(head.T);
  if (head.vectors.size() > 0) {
    const auto d = static_cast<std::size_t>(head.vectors.cols());
    c.numbers["vectors"] = ExactTensor(n, d, std::vector<double>(head.vectors.data(), head.vectors.data() + n * d));
  }
  c.label = "W" + std::to_string(head.window) + " L" + std::to_string(head.layer) + " H" + std::to_string(head.head) +
            " row " + std::to_string(t);
  c.provenance["window"] = std::to_string(head.window);
  c.provenance["layer"] = std::to_string(head.layer);
  c.provenance["head"] = std::to_string(head.head);
  c.provenance["row"] = std::to_string(t);
  return c;
}

std::vector<double> scaled_logits(const AttentionHead& head, int t) {
  std::vector<double> l(static_cast<std::size_t>(t) + 1);
  for (int s = 0; s <= t; ++s) l[static_cast<std::size_t>(s)] = head.raw_logits(t, s) / head.T;
  return l;
}

DoubleMatrix vector_gram(const AttentionHead& head) {
  DoubleMatrix G(head.vectors.rows(), head.vectors.rows());
  gpt2::multiply<double>(head.vectors, head.vectors, true, G);
  // Exactly symmetric, so that a column may be read as the row it equals: the product's two
  // triangles are the same dot products but need not be rounded alike by every blocking.
  for (Eigen::Index i = 0; i < G.rows(); ++i)
    for (Eigen::Index j = 0; j < i; ++j) G(i, j) = G(j, i);
  return G;
}

random::Rng row_rng(std::uint64_t seed, const std::string& experiment, const AttentionHead& head, int t,
                    std::size_t draw) {
  // Fields of 10, 12, 12, 20 and 10 bits: distinct for every window, layer, head, row and draw
  // within the limits of a GPT-2 pass (1024 positions, 2^12 layers and heads).
  std::size_t index = static_cast<std::size_t>(head.window);
  index = (index << 12) | static_cast<std::size_t>(head.layer);
  index = (index << 12) | static_cast<std::size_t>(head.head);
  index = (index << 20) | static_cast<std::size_t>(t);
  index = (index << 10) | (draw & 1023u);
  return random::rng_for(seed, experiment, index);
}

}  // namespace nb::reproduce
