// ExactTensor::from_json on any JSON document: a tensor or InputError; it reads back unchanged.
#include <cstdlib>

#include "tests/fuzz/fuzz_input.hpp"
#include "verify/io/errors.hpp"
#include "verify/numbers/exact.hpp"
#include "verify/io/json_document.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const nb::ExactTensor t =
        nb::ExactTensor::from_json(nb::parse_json(nb::fuzz::text_of(data, size), "fuzz input"), "fuzz input");
    if (t.size() > 0) (void)t.entry<double>(0);
    if (nb::ExactTensor::from_json(t.to_json(), "round trip") != t) std::abort();
  } catch (const nb::InputError&) {
  }
  return 0;
}
