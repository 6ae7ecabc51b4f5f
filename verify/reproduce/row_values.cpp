#include "verify/reproduce/row_values.hpp"

#include <stdexcept>
#include <string>

#include "verify/distributed/every_rank_evaluation.hpp"
#include "verify/engine/process_bytes.hpp"

namespace nb::reproduce {

std::vector<std::vector<double>> row_values(const SweepSettings& s, std::size_t units,
                                            const std::function<std::vector<double>(std::size_t)>& value) {
  std::vector<std::vector<double>> values(units);
  const auto fill = [&](std::size_t begin, std::size_t end) {
#pragma omp parallel for schedule(dynamic) num_threads(s.threads)
    for (std::size_t k = begin; k < end; ++k) values[k] = value(k);
  };
  if (!s.ranks || s.ranks->size() == 1) {
    fill(0, units);
    return values;
  }
  const std::string bytes = evaluate_for_every_rank(*s.ranks, units, [&](std::size_t begin, std::size_t end) {
    fill(begin, end);
    ByteWriter w;
    for (std::size_t k = begin; k < end; ++k) {
      w.integer(values[k].size());
      for (double x : values[k]) w.real(x);
    }
    return w.bytes();
  });
  ByteReader r(bytes);
  for (std::vector<double>& v : values) {
    v.resize(r.integer());
    for (double& x : v) x = r.real();
  }
  if (!r.at_end()) throw std::logic_error("the ranks sent more row values than the rows asked for");
  return values;
}

}  // namespace nb::reproduce
