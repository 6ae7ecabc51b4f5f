#pragma once
// "Did you mean": the candidates closest to a mistyped name (a theorem id, a subcommand).
#include <cstddef>
#include <string>
#include <vector>

namespace nb {

// Up to `count` of `candidates` closest to `name`: those containing it first, then by edit
// (Levenshtein) distance; ties keep the candidates' order.
std::vector<std::string> closest_names(const std::string& name, const std::vector<std::string>& candidates,
                                       std::size_t count = 3);

}  // namespace nb
