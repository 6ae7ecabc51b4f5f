#include "theorems/file_port.hpp"

#include <algorithm>

namespace nb::theorems {

Case port_case(const formula::TheoremSpec& port, Case c) {
  c.theorem = port.info.id;
  std::erase_if(c.numbers, [&](const auto& number) {
    return std::none_of(port.inputs.begin(), port.inputs.end(),
                        [&](const formula::InputSpec& in) { return in.name == number.first; });
  });
  std::erase_if(c.integers, [&](const auto& integer) {  // a built-in's sample_seed, say
    return std::none_of(port.inputs.begin(), port.inputs.end(),
                        [&](const formula::InputSpec& in) { return in.name == integer.first; });
  });
  return c;
}

}  // namespace nb::theorems
