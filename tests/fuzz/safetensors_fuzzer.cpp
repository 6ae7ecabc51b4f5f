// SafetensorsFile::parse on any bytes: a validated file whose floating-point tensors can all be
// read, or InputError.
#include <vector>

#include "models/gpt2/safetensors.hpp"
#include "verify/io/errors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto* bytes = reinterpret_cast<const std::byte*>(data);
  try {
    const auto file = nb::gpt2::SafetensorsFile::parse(std::vector<std::byte>(bytes, bytes + size), "fuzz.safetensors");
    for (const auto& tensor : file.tensors()) {
      try {
        (void)file.values<double>(tensor);
      } catch (const nb::InputError&) {  // not a floating-point dtype
      }
    }
  } catch (const nb::InputError&) {
  }
  return 0;
}
