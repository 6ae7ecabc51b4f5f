#include "verify/engine/case_names.hpp"

#include <algorithm>
#include <map>

#include "verify/io/errors.hpp"

namespace nb {
namespace {

std::string listing(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& name : names) s += (s.empty() ? "" : ", ") + name;
  return s;
}

std::string what_is_read(const CaseNames& reads) {
  std::string s;
  for (const auto& [kind, names] : {std::pair{"numbers", &reads.numbers}, std::pair{"integers", &reads.integers},
                                    std::pair{"options", &reads.options}})
    if (!names->empty()) s += std::string(s.empty() ? "" : "; ") + kind + " " + listing(*names);
  return s.empty() ? "nothing" : s;
}

// Throws for the first key of `given` that `declared` does not name.
template <class Value>
void check_kind(const std::map<std::string, Value>& given, const std::vector<std::string>& declared, const char* kind,
                const Case& c, const CaseNames& reads, const std::string& theorem_id) {
  for (const auto& [name, value] : given)
    if (std::find(declared.begin(), declared.end(), name) == declared.end())
      throw InputError("case '" + c.label + "' has the " + kind + " '" + name + "', which " + theorem_id +
                       " does not read (it reads " + what_is_read(reads) + ")");
}

}  // namespace

void check_case_names(const Case& c, const CaseNames& reads, const std::string& theorem_id) {
  check_kind(c.numbers, reads.numbers, "number", c, reads, theorem_id);
  check_kind(c.integers, reads.integers, "integer", c, reads, theorem_id);
  check_kind(c.options, reads.options, "option", c, reads, theorem_id);
}

}  // namespace nb
