#include "theorems/file_port.hpp"

#include <algorithm>

namespace nb::theorems {

Case port_case(const formula::TheoremSpec& port, Case c) {
  c.theorem = port.info.id;
  std::erase_if(c.numbers, [&](const auto& number) {
    return std::none_of(port.inputs.begin(), port.inputs.end(),
                        [&](const formula::InputSpec& in) { return in.name == number.first; });
  });
  drop_undeclared_integers(port, c);
  return c;
}

void drop_undeclared_integers(const formula::TheoremSpec& spec, Case& c) {
  std::erase_if(c.integers, [&](const auto& integer) {
    return std::none_of(spec.inputs.begin(), spec.inputs.end(),
                        [&](const formula::InputSpec& in) { return in.name == integer.first; });
  });
}

}  // namespace nb::theorems
