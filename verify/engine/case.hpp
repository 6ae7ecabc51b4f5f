#pragma once
// A case: the complete, exact input of one evaluation of one theorem, plus where it came from.
// It serializes to JSON and back bit-for-bit; a saved case file is what "replay" means.
#include <cstdint>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "verify/numbers/exact.hpp"

namespace nb {

struct Case {
  std::string theorem;  // id of the theorem the case is for
  std::string label;    // short human description, e.g. "ties L=2 T=1"
  std::map<std::string, ExactTensor> numbers;     // named exact inputs (scalars, vectors, matrices)
  std::map<std::string, std::int64_t> integers;   // named integer parameters (N, ...)
  std::map<std::string, std::string> options;     // named discrete choices (normalizer, ...)
  std::map<std::string, std::string> provenance;  // source, seed, generator, layer, head, row, file hash

  // Accessors throw InputError naming the case and the missing input.
  const ExactTensor& number(const std::string& name) const;
  std::int64_t integer(const std::string& name) const;
  const std::string& option(const std::string& name) const;

  // Total count of exact entries: what "smallest counterexample" minimizes.
  std::size_t size() const;

  bool operator==(const Case& other) const = default;
};

nlohmann::json case_to_json(const Case& c);
// Throws InputError naming the field when `j` is not a case as case_to_json writes it.
Case case_from_json(const nlohmann::json& j);

// A case file: {"format": "normbound-case", "version": 1, "case": {...}}.
std::string case_file_text(const Case& c);
void write_case_file(const Case& c, const std::string& path);
Case read_case_file(const std::string& path);
// read_case_file, and the lower-case hex SHA-256 of the bytes it read into `sha256` (results
// record it), computed as they are read.
Case read_case_file(const std::string& path, std::string& sha256);

}  // namespace nb
