#include "theorems/file_port.hpp"

#include <algorithm>
#include <cctype>

namespace nb::theorems {

Case port_case(const formula::TheoremSpec& port, Case c) {
  c.theorem = port.info.id;
  std::erase_if(c.numbers, [&](const auto& number) {
    return std::none_of(port.inputs.begin(), port.inputs.end(),
                        [&](const formula::InputSpec& in) { return in.name == number.first; });
  });
  // A matrix's rows or columns may be a number rather than a length input: nothing to set.
  const auto set_length = [&](const std::string& length, std::size_t size) {
    if (!std::isdigit(static_cast<unsigned char>(length[0]))) c.integers[length] = static_cast<std::int64_t>(size);
  };
  for (const formula::InputSpec& in : port.inputs) {
    if (in.kind == formula::InputSpec::Kind::Vector) set_length(in.length, c.number(in.name).size());
    if (in.kind == formula::InputSpec::Kind::Matrix) {
      set_length(in.rows, c.number(in.name).rows());
      set_length(in.cols, c.number(in.name).cols());
    }
  }
  return c;
}

}  // namespace nb::theorems
