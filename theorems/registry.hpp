#pragma once
// All registered theorems (theorems/theorem_list.hpp), by id.
#include <memory>
#include <string>
#include <vector>

#include "verify/engine/theorem.hpp"

namespace nb::theorems {

// Every registered theorem, in list order. Ids are unique (checked on first use).
const std::vector<std::unique_ptr<Theorem>>& all();

// Adds `theorem` (one stated in a theorem file: theorems/file_theorem.hpp) after the others, for
// the rest of the process. Call it before any theorem is evaluated; a fresh child of exact
// decisions must add the same theorems (verify/cli/theorem_files.hpp). Throws InputError when its
// id is taken.
void add(std::unique_ptr<Theorem> theorem);

// The theorem with this id, or nullptr.
const Theorem* find(const std::string& id);

// Up to `count` registered ids closest to `id` (edit distance, then order), for "did you mean".
std::vector<std::string> closest_ids(const std::string& id, std::size_t count = 3);

}  // namespace nb::theorems
