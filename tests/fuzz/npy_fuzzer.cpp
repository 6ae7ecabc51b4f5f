// parse_npy on any bytes: an array whose value count matches its shape, or InputError.
#include <cstdlib>
#include <functional>
#include <numeric>

#include "models/files/npy.hpp"
#include "verify/io/errors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const nb::files::NpyArray a = nb::files::parse_npy({reinterpret_cast<const std::byte*>(data), size}, "fuzz.npy");
    const std::size_t count =
        std::accumulate(a.shape.begin(), a.shape.end(), std::size_t{1}, std::multiplies<std::size_t>());
    if (count != a.values.size()) std::abort();
  } catch (const nb::InputError&) {
  }
  return 0;
}
