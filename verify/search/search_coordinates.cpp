#include "verify/search/search_coordinates.hpp"

#include <algorithm>
#include <cmath>

#include "verify/io/errors.hpp"

namespace nb::search {

SearchCoordinates::SearchCoordinates(const SearchSpace& space, Case start)
    : inputs_(space.inputs), start_(std::move(start)) {
  if (inputs_.empty())
    for (const auto& [name, tensor] : start_.numbers) inputs_.push_back({name, SearchDomain::Real});
  for (const SearchInput& in : inputs_) dimension_ += start_.number(in.number).size();
}

std::vector<double> SearchCoordinates::start() const {
  std::vector<double> x;
  x.reserve(dimension_);
  for (const SearchInput& in : inputs_) {
    const ExactTensor& t = start_.number(in.number);
    for (std::size_t i = 0; i < t.size(); ++i)
      x.push_back(in.domain == SearchDomain::Positive ? std::log(t.approx(i)) : t.approx(i));
  }
  return x;
}

Case SearchCoordinates::at(const std::vector<double>& x) const {
  Case c = start_;
  std::size_t k = 0;
  for (const SearchInput& in : inputs_) {
    const ExactTensor& t = start_.number(in.number);
    std::vector<double> values(x.begin() + static_cast<std::ptrdiff_t>(k),
                               x.begin() + static_cast<std::ptrdiff_t>(k + t.size()));
    k += t.size();
    if (in.domain == SearchDomain::Positive)
      for (double& v : values) v = std::exp(v);
    for (double& v : values) v = std::clamp(v, in.low, in.high);
    if (in.domain == SearchDomain::RowsOnSphere) {
      // Each row is scaled back to the norm of the start's row; a zero row keeps the start's.
      for (std::size_t r = 0; r < t.rows(); ++r) {
        double norm = 0, start_norm = 0;
        for (std::size_t j = 0; j < t.cols(); ++j) {
          norm += values[r * t.cols() + j] * values[r * t.cols() + j];
          start_norm += t.approx(r * t.cols() + j) * t.approx(r * t.cols() + j);
        }
        for (std::size_t j = 0; j < t.cols(); ++j)
          values[r * t.cols() + j] = norm > 0 ? values[r * t.cols() + j] * std::sqrt(start_norm / norm)
                                              : t.approx(r * t.cols() + j);
      }
    }
    c.numbers[in.number] = ExactTensor(t.rows(), t.cols(), std::move(values));
  }
  return c;
}

}  // namespace nb::search
