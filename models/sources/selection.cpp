#include "models/sources/selection.hpp"

#include <algorithm>
#include <charconv>

#include "verify/io/errors.hpp"

namespace nb::sources {

std::vector<int> select_indices(const std::vector<int>& requested, int count, const std::string& what) {
  if (requested.empty()) {
    std::vector<int> all(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) all[static_cast<std::size_t>(i)] = i;
    return all;
  }
  for (int i : requested)
    if (i < 0 || i >= count)
      throw UsageError(what + " " + std::to_string(i) + " is out of range: the model has " + what + "s 0.." +
                       std::to_string(count - 1));
  return requested;
}

namespace {
// K of a "K" row spec, or 0 when `rows` is not a positive decimal integer.
long row_count(const std::string& rows) {
  long k = 0;
  const auto [end, error] = std::from_chars(rows.data(), rows.data() + rows.size(), k);
  return error == std::errc() && end == rows.data() + rows.size() && k > 0 ? k : 0;
}
}  // namespace

void check_row_spec(const std::string& rows) {
  if (rows != "last" && rows != "all" && row_count(rows) == 0)
    throw UsageError("rows '" + rows + "' is not 'last', 'all' or a positive number of rows");
}

std::vector<int> select_rows(const std::string& rows, int length) {
  if (rows == "last") return {length - 1};
  const long k = rows == "all" ? length : std::min<long>(row_count(rows), length);
  std::vector<int> selected;
  for (long i = 0; i < k; ++i) selected.push_back(static_cast<int>((i + 1) * length / k - 1));
  return selected;
}

void check_vectors(const std::string& vectors) {
  if (vectors != "hidden" && vectors != "values" && vectors != "keys" && vectors != "queries")
    throw UsageError("vectors '" + vectors + "' is not one of hidden, values, keys, queries");
}

std::string rows_phrase(const std::string& rows) {
  return rows == "last" ? "last row" : rows == "all" ? "all rows" : rows + " rows per head";
}

}  // namespace nb::sources
