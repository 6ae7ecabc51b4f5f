#include "verify/cli/theorem_lookup.hpp"

#include "theorems/registry.hpp"
#include "verify/io/errors.hpp"

namespace nb::cli {

const Theorem& theorem_or_usage_error(const std::string& id) {
  if (const Theorem* t = theorems::find(id)) return *t;
  std::string hint;
  for (const auto& c : theorems::closest_ids(id)) hint += (hint.empty() ? "" : ", ") + c;
  throw UsageError("unknown theorem id '" + id + "'; closest: " + hint + " ('normbound list' shows all)");
}

}  // namespace nb::cli
