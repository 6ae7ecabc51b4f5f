#include "verify/reproduce/result_table.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "reports/markdown_text.hpp"
#include "reports/shortest_number_text.hpp"
#include "verify/io/errors.hpp"

namespace nb::reproduce {

void ResultTable::add(std::vector<std::string> row) {
  if (row.size() != columns.size())
    throw std::logic_error("result table row of " + std::to_string(row.size()) + " fields for " +
                           std::to_string(columns.size()) + " columns");
  rows.push_back(std::move(row));
}

std::string number_text(double value) { return reports::shortest_number_text(value); }

std::string grid_text(const std::vector<double>& values) {
  std::string s;
  for (double v : values) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3g", v);
    s += (s.empty() ? "" : ",") + std::string(buffer);
  }
  return s;
}

std::string grid_text(const std::vector<std::size_t>& values) {
  return grid_text(std::vector<double>(values.begin(), values.end()));
}

namespace {

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string csv_line(const std::vector<std::string>& fields) {
  std::string line;
  for (std::size_t i = 0; i < fields.size(); ++i) line += (i ? "," : "") + csv_field(fields[i]);
  return line + "\n";
}

}  // namespace

std::string table_csv(const ResultTable& table) {
  std::string s = csv_line(table.columns);
  for (const auto& row : table.rows) s += csv_line(row);
  return s;
}

std::string table_markdown(const ResultTable& table) {
  const auto line = [](const std::vector<std::string>& cells) {
    std::string s = "|";
    for (const std::string& cell : cells) s += " " + reports::markdown_escape(cell) + " |";
    return s + "\n";
  };
  std::string s = line(table.columns) + "|";
  for (std::size_t c = 0; c < table.columns.size(); ++c) s += "---|";
  s += "\n";
  for (const auto& row : table.rows) s += line(row);
  return s;
}

nlohmann::json table_json(const ResultTable& table) { return {{"columns", table.columns}, {"rows", table.rows}}; }

ResultTable table_from_json(const nlohmann::json& j) {
  ResultTable table{j.at("columns").get<std::vector<std::string>>(), {}};
  for (const nlohmann::json& row : j.at("rows")) {
    if (row.size() != table.columns.size())
      throw InputError("a row of " + std::to_string(row.size()) + " fields in a table of " +
                       std::to_string(table.columns.size()) + " columns");
    table.rows.push_back(row.get<std::vector<std::string>>());
  }
  return table;
}

}  // namespace nb::reproduce
