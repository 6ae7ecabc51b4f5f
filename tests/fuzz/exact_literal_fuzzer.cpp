// ExactTensor::literal on any text: a tensor or InputError. An accepted literal converts to
// double, to an interval and to a fraction, and reads back from its JSON form unchanged.
#include <cstdlib>
#include <string>

#include "tests/fuzz/fuzz_input.hpp"
#include "verify/errors.hpp"
#include "verify/exact.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const nb::ExactTensor t = nb::ExactTensor::literal(std::string(nb::fuzz::text_of(data, size)));
    (void)t.entry<double>(0);
    (void)t.entry<nb::Interval>(0);
    (void)t.fraction<double>(0);
    if (nb::ExactTensor::from_json(t.to_json(), "round trip") != t) std::abort();
  } catch (const nb::InputError&) {
  }
  return 0;
}
