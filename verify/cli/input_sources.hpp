#pragma once
// The input sources a check run records in its results: the random suites' generator parameters
// and each replayed case file with its SHA-256, so a report can say where every case came from.
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "verify/engine/case.hpp"
#include "verify/results/results.hpp"

namespace nb::cli {

// Adds the generators named in the cases' provenance ("generator") to `generators`.
void collect_generators(const std::vector<Case>& cases, std::set<std::string>& generators);

// The random suites of a run: seed, cases per theorem, and the generators (comma-separated).
InputSource random_suite_source(std::uint64_t seed, std::size_t cases_per_theorem,
                                const std::set<std::string>& generators);

// A replayed case file with the SHA-256 of its bytes as read (`sha256`, lower-case hex).
InputSource case_file_source(const std::string& path, const std::string& sha256);

// Lower-case hex SHA-256 of the file's bytes. Throws InputError naming `path` if it cannot be read.
std::string file_sha256(const std::string& path);

}  // namespace nb::cli
