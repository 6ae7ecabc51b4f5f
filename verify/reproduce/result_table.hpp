#pragma once
// A tidy table of an experiment's numbers (one observation per row), written as CSV (RFC 4180)
// and as JSON. Numbers are stored as the shortest text that reads back to the same binary64.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace nb::reproduce {

struct ResultTable {
  std::vector<std::string> columns;
  std::vector<std::vector<std::string>> rows;  // each as wide as columns

  // Appends a row; throws std::logic_error if its width is not the columns'.
  void add(std::vector<std::string> row);
};

// The shortest decimal that reads back to `value` ("nan", "inf", "-inf" for those).
std::string number_text(double value);

// A grid as "v1,v2,...", each value to 3 significant digits (for claims' evidence; the tables keep every digit).
std::string grid_text(const std::vector<double>& values);
std::string grid_text(const std::vector<std::size_t>& values);

// RFC 4180: header line, then the rows; a field with a comma, quote or newline is quoted.
std::string table_csv(const ResultTable& table);

// A Markdown table, cells escaped.
std::string table_markdown(const ResultTable& table);

// {"columns": [...], "rows": [[...], ...]}
nlohmann::json table_json(const ResultTable& table);
// The table table_json wrote; throws InputError for a row not as wide as the columns.
ResultTable table_from_json(const nlohmann::json& j);

}  // namespace nb::reproduce
