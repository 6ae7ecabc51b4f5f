#pragma once
// Which layers, heads and query rows of a model become cases.
#include <string>
#include <vector>

namespace nb::sources {

// `requested` (empty = all of 0..count-1) after checking each entry is in [0, count).
// Throws UsageError naming `what` ("layer", "head") and the valid range otherwise.
std::vector<int> select_indices(const std::vector<int>& requested, int count, const std::string& what);

// Throws UsageError unless `rows` is "last", "all" or a positive decimal integer.
void check_row_spec(const std::string& rows);

// The query rows of a sequence of `length` >= 1 rows that `rows` (checked) names, ascending:
// "last" -> {length-1}; "all" -> 0..length-1; K -> K rows evenly spaced ending at length-1
// (row (i+1)*length/K - 1 for i < K), or all rows when K >= length.
std::vector<int> select_rows(const std::string& rows, int length);

// `rows` (checked) in words for descriptions: "last row", "all rows", "K rows per head".
std::string rows_phrase(const std::string& rows);

// Throws UsageError unless `vectors` is hidden, values, keys or queries.
void check_vectors(const std::string& vectors);

}  // namespace nb::sources
