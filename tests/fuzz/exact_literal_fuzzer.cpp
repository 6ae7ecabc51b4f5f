// ExactTensor::literal on any text: a tensor or InputError. An accepted literal converts to
// double, to an interval and to a fraction, and reads back from its JSON form unchanged. The fast
// path of binary64 literals decides only text the exact reader reads, to its rounding and
// exactness.
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

#include "tests/fuzz/fuzz_input.hpp"
#include "verify/numbers/binary64_literal.hpp"
#include "verify/io/errors.hpp"
#include "verify/numbers/exact.hpp"
#include "verify/numbers/number_literal.hpp"

namespace {

void require_fast_path_agrees(const std::string& text) {
  const std::optional<nb::Binary64Literal> fast = nb::read_binary64_literal(text);
  if (!fast) return;
  nb::Rational q;
  try {
    q = nb::read_number_literal(text, "fuzz input");
  } catch (const nb::InputError&) {
    std::abort();
  }
  const double nearest = nb::rational_to<double>(q);
  const bool exact = std::isfinite(nearest) && nb::Rational(nearest) == q;
  if (std::bit_cast<std::uint64_t>(nearest) != std::bit_cast<std::uint64_t>(fast->nearest) || exact != fast->exact)
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(nb::fuzz::text_of(data, size));
  require_fast_path_agrees(text);
  try {
    const nb::ExactTensor t = nb::ExactTensor::literal(text);
    (void)t.entry<double>(0);
    (void)t.entry<nb::Interval>(0);
    (void)t.fraction<double>(0);
    if (nb::ExactTensor::from_json(t.to_json(), "round trip") != t) std::abort();
  } catch (const nb::InputError&) {
  }
  return 0;
}
