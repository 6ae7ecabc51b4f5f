// case_from_json on any JSON document: a case or InputError; a case reads back to itself.
#include <cstdlib>

#include "tests/fuzz/fuzz_input.hpp"
#include "verify/engine/case.hpp"
#include "verify/io/errors.hpp"
#include "verify/io/json_document.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const nb::Case c = nb::case_from_json(nb::parse_json(nb::fuzz::text_of(data, size), "fuzz input"));
    if (nb::case_from_json(nb::case_to_json(c)) != c) std::abort();  // case files replay bit for bit
  } catch (const nb::InputError&) {
  }
  return 0;
}
