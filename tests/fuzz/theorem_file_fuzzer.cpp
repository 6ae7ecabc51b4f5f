// A theorem file's text on any bytes: read_theorem_spec and make_file_theorem give a theorem or
// an InputError (a mistake located in the file), and an accepted theorem's first suite case is
// checked and evaluated in binary64 intervals. Files whose lengths or fixed sizes may exceed 64
// are read but not evaluated (tests/fuzz/small_theorem.hpp).
#include <cstdint>
#include <string>

#include "tests/fuzz/fuzz_input.hpp"
#include "tests/fuzz/small_theorem.hpp"
#include "theorems/file_theorem.hpp"
#include "verify/io/errors.hpp"
#include "verify/formula/theorem_spec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const nb::formula::TheoremSpec spec = nb::formula::read_theorem_spec(std::string(nb::fuzz::text_of(data, size)), "fuzz.toml");
    if (!nb::fuzz::small_theorem(spec)) return 0;
    const std::unique_ptr<nb::Theorem> theorem = nb::theorems::make_file_theorem(spec);
    for (const nb::Case& c : theorem->suite({.seed = 1, .count = 1})) {
      theorem->check_assumptions(c);
      theorem->evaluate_fast(c, {});
    }
  } catch (const nb::InputError&) {
  }
  return 0;
}
