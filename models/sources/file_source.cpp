#include "models/sources/file_source.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <optional>

#include "models/files/npy.hpp"
#include "models/sources/decimal_json.hpp"
#include "verify/io/errors.hpp"

namespace nb::sources {

namespace {

using json = nlohmann::json;

// A JSON array of equally long arrays as an exact tensor (one row: a vector; else a matrix).
ExactTensor exact_rows(const json& rows, const std::string& name, bool as_vector) {
  if (!rows.is_array() || rows.empty()) throw InputError(name + " must be a non-empty array of arrays");
  std::size_t width = 0;
  json values = json::array();
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const json& row = rows[r];
    if (!row.is_array() || row.empty())
      throw InputError(name + "[" + std::to_string(r) + "] must be a non-empty array of numbers");
    if (r == 0) width = row.size();
    if (row.size() != width)
      throw InputError(name + "[" + std::to_string(r) + "] has " + std::to_string(row.size()) +
                       " entries, row 0 has " + std::to_string(width));
    for (const json& e : row) values.push_back(e);
  }
  const json shape = as_vector ? json::array({width}) : json::array({rows.size(), width});
  return ExactTensor::from_json(json{{"shape", shape}, {"values", values}}, name);
}

// Binary64 dot products of the nearest doubles of query and each key row (rounded).
ExactTensor approximate_logits(const ExactTensor& query, const ExactTensor& keys) {
  std::vector<double> logits(keys.rows(), 0.0);
  for (std::size_t s = 0; s < keys.rows(); ++s)
    for (std::size_t j = 0; j < keys.cols(); ++j) logits[s] += query.approx(j) * keys.approx(s * keys.cols() + j);
  return ExactTensor::vector(std::move(logits));
}

// Case r of a file, labelled "<what> <r>" (what: "row", "query").
Case numbered_case(const char* what, std::size_t r) {
  Case c;
  c.label = std::string(what) + " " + std::to_string(r);
  c.provenance["row"] = std::to_string(r);
  return c;
}

ModelCases logits_rows_cases(const json& doc, const ExactTensor& temperature, const std::string& path) {
  const json& rows = doc["logits"];
  if (!rows.is_array() || rows.empty()) throw InputError(path + ": 'logits' must be a non-empty array of rows");
  ModelCases result;
  std::vector<Case> cases;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    Case c = numbered_case("row", r);
    c.numbers["logits"] = exact_rows(json::array({rows[r]}), path + ": logits[" + std::to_string(r) + "]", true);
    c.numbers["T"] = temperature;
    cases.push_back(std::move(c));
  }
  hold_cases(result, std::move(cases));
  result.provided = {"T", "logits"};
  return result;
}

// The x_i that `vectors` names among a queries file's arrays, or nothing: "hidden" is never in a
// file, "values" only when given, "queries" only when there is one per key.
std::optional<ExactTensor> chosen_vectors(const std::string& vectors, const ExactTensor& queries,
                                          const ExactTensor& keys, const std::optional<ExactTensor>& values) {
  if (vectors == "keys") return keys;
  if (vectors == "values") return values;
  if (vectors == "queries" && queries.rows() == keys.rows()) return queries;
  return std::nullopt;
}

ModelCases query_key_cases(const json& doc, const ExactTensor& temperature, const std::string& path,
                           const std::string& vectors) {
  if (!doc.contains("keys")) throw InputError(path + ": 'queries' needs 'keys'");
  const ExactTensor queries = exact_rows(doc["queries"], path + ": queries", false);
  const ExactTensor keys = exact_rows(doc["keys"], path + ": keys", false);
  if (keys.cols() != queries.cols())
    throw InputError(path + ": keys have " + std::to_string(keys.cols()) + " columns, queries " +
                     std::to_string(queries.cols()));
  std::optional<ExactTensor> values;
  if (doc.contains("values")) {
    values = exact_rows(doc["values"], path + ": values", false);
    if (values->rows() != keys.rows())
      throw InputError(path + ": values have " + std::to_string(values->rows()) + " rows, keys " +
                       std::to_string(keys.rows()));
  }
  const std::optional<ExactTensor> x = chosen_vectors(vectors, queries, keys, values);
  const json query_rows = doc["queries"];
  ModelCases result;
  std::vector<Case> cases;
  for (std::size_t r = 0; r < queries.rows(); ++r) {
    Case c = numbered_case("query", r);
    c.numbers["query"] = exact_rows(json::array({query_rows[r]}), path + ": queries[" + std::to_string(r) + "]", true);
    c.numbers["keys"] = keys;
    if (values) c.numbers["values"] = *values;
    c.numbers["logits"] = approximate_logits(c.numbers["query"], keys);
    c.numbers["T"] = temperature;
    if (x) c.numbers["vectors"] = *x;
    cases.push_back(std::move(c));
  }
  hold_cases(result, std::move(cases));
  result.provided = {"T", "keys", "logits", "query"};
  if (values) result.provided.push_back("values");
  if (x) result.provided.push_back("vectors");
  return result;
}

ModelCases json_cases(const std::string& path, const std::string& vectors) {
  std::string sha256;
  const json doc = read_decimal_json(path, sha256);
  if (!doc.is_object() || !doc.contains("T"))
    throw InputError(path + ": expected an object with 'T' and either 'logits' or 'queries' and 'keys'");
  const ExactTensor temperature = ExactTensor::from_json(doc["T"], path + ": T");
  ModelCases result;
  if (doc.contains("logits")) result = logits_rows_cases(doc, temperature, path);
  else if (doc.contains("queries")) result = query_key_cases(doc, temperature, path, vectors);
  else throw InputError(path + ": expected 'logits' or 'queries' and 'keys'");
  result.input_sha256[path] = sha256;
  return result;
}

ModelCases npy_cases(const std::string& path, const std::string& temperature_text) {
  ExactTensor temperature;
  try {
    temperature = ExactTensor::literal(temperature_text);
  } catch (const InputError& e) {
    throw UsageError(std::string("temperature: ") + e.what());
  }
  const files::NpyArray array = files::read_npy(path);
  const std::size_t width = array.shape.back(), rows = array.shape.size() == 2 ? array.shape[0] : 1;
  if (width == 0 || rows == 0) throw InputError(path + ": a logits array needs at least one row and column");
  ModelCases result;
  std::vector<Case> cases;
  for (std::size_t r = 0; r < rows; ++r) {
    const auto begin = array.values.begin() + static_cast<std::ptrdiff_t>(r * width);
    std::vector<double> logits(begin, begin + static_cast<std::ptrdiff_t>(width));
    for (std::size_t i = 0; i < width; ++i)
      if (!std::isfinite(logits[i]))
        throw InputError(path + ": logits[" + std::to_string(r) + "][" + std::to_string(i) + "] is not finite");
    Case c = numbered_case("row", r);
    c.numbers["logits"] = ExactTensor::vector(std::move(logits));
    c.numbers["T"] = temperature;
    cases.push_back(std::move(c));
  }
  hold_cases(result, std::move(cases));
  result.provided = {"T", "logits"};
  return result;
}

}  // namespace

ModelCases load_file_source(const SourceRequest& request, const SourceSpec& spec) {
  const bool npy = std::filesystem::path(spec.path).extension() == ".npy";
  ModelCases result = npy ? npy_cases(spec.path, request.temperature) : json_cases(spec.path, request.vectors);
  result.cases = result.cases.adjusted([path = spec.path, vectors = request.vectors](Case& c) {
    c.provenance["file"] = path;
    c.provenance["vectors"] = vectors;
  });
  result.input_files = {spec.path};
  const bool has_vectors =
      std::find(result.provided.begin(), result.provided.end(), "vectors") != result.provided.end();
  result.description = std::to_string(result.cases.size()) + " rows, " +
                       (has_vectors ? "x_i = " + request.vectors : "no x_i (" + request.vectors + " not in the file)");
  return result;
}

}  // namespace nb::sources
