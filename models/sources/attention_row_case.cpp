#include "models/sources/attention_row_case.hpp"

#include <memory>
#include <sstream>
#include <vector>

#include "verify/io/errors.hpp"

namespace nb::sources {

ExactTensor leading_rows(const gpt2::Matrix<float>& m, int last) {
  const auto rows = static_cast<std::size_t>(last + 1), cols = static_cast<std::size_t>(m.cols());
  std::vector<double> values;
  values.reserve(rows * cols);
  for (int r = 0; r <= last; ++r)
    for (Eigen::Index c = 0; c < m.cols(); ++c) values.push_back(static_cast<double>(m(r, c)));
  return ExactTensor(rows, cols, std::move(values));
}

ExactTensor row_logits(const gpt2::Matrix<float>& q, const gpt2::Matrix<float>& k, int t) {
  std::vector<double> logits;
  logits.reserve(static_cast<std::size_t>(t + 1));
  for (int s = 0; s <= t; ++s)
    logits.push_back(q.row(t).cast<double>().dot(k.row(s).cast<double>()));
  return ExactTensor::vector(std::move(logits));
}

void set_row_identity(Case& c, int layer, int head, int t) {
  // A stream, not "literal" + std::string: GCC 12 warns falsely (-Wrestrict) on the latter here.
  std::ostringstream label;
  label << 'L' << layer << " H" << head << " row " << t;
  c.label = label.str();
  c.provenance["layer"] = std::to_string(layer);
  c.provenance["head"] = std::to_string(head);
  c.provenance["row"] = std::to_string(t);
}

Case attention_row_case(int layer, int head, int t, const gpt2::Matrix<float>& q, const gpt2::Matrix<float>& k,
                        const gpt2::Matrix<float>& v, const ExactTensor& temperature,
                        const gpt2::Matrix<float>& vectors) {
  Case c;
  set_row_identity(c, layer, head, t);
  // ExactTensor refuses NaN and infinities (finite weights can still overflow float32 in the
  // forward pass); the message then says where.
  auto set = [&](const char* name, auto make) {
    try {
      c.numbers[name] = make();
    } catch (const InputError& e) {
      throw InputError("layer " + std::to_string(layer) + ", head " + std::to_string(head) + ", row " +
                       std::to_string(t) + ": '" + name + "': " + e.what() +
                       " (the forward pass overflowed float32 on this input)");
    }
  };
  set("logits", [&] { return row_logits(q, k, t); });
  c.numbers["T"] = temperature;
  set("query", [&] { return ExactTensor::vector(std::vector<double>(q.row(t).begin(), q.row(t).end())); });
  set("keys", [&] { return leading_rows(k, t); });
  set("values", [&] { return leading_rows(v, t); });
  set("vectors", [&] { return leading_rows(vectors, t); });
  return c;
}

CaseList attention_row_cases(std::vector<HeadMatrices> heads, std::vector<int> rows, ExactTensor temperature) {
  const std::size_t count = heads.size() * rows.size();
  return CaseList(count, [heads = std::make_shared<const std::vector<HeadMatrices>>(std::move(heads)),
                          rows = std::make_shared<const std::vector<int>>(std::move(rows)),
                          temperature = std::make_shared<const ExactTensor>(std::move(temperature))](std::size_t i) {
    const HeadMatrices& h = (*heads)[i / rows->size()];
    return attention_row_case(h.layer, h.head, (*rows)[i % rows->size()], *h.q, *h.k, *h.v, *temperature, *h.vectors);
  });
}

}  // namespace nb::sources
