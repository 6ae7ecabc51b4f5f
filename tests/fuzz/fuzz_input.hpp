#pragma once
// What every harness shares: the fuzzer's bytes as text, and the one outcome an input may have
// besides success. A reader may refuse an input only with nb::InputError (or UsageError where its
// contract says so); any other exception escapes to libFuzzer, which reports it as a crash, as it
// does sanitizer reports, stack overflows and (with -timeout) hangs.
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace nb::fuzz {

inline std::string_view text_of(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace nb::fuzz
