#pragma once
#include <string>

#include "verify/engine/theorem.hpp"

namespace nb::cli {

// The registered theorem `id`; throws UsageError listing the closest ids when there is none.
const Theorem& theorem_or_usage_error(const std::string& id);

}  // namespace nb::cli
