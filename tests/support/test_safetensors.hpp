#pragma once
// Builds safetensors files byte by byte for tests, well-formed or deliberately broken.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace nb::test {

struct TestTensor {
  std::string name;
  std::string dtype;
  std::vector<std::uint64_t> shape;
  std::vector<std::byte> data;
};

// F32 tensor data from values (little-endian).
std::vector<std::byte> f32_bytes(const std::vector<float>& values);

// The JSON header a correct writer produces for `tensors` laid out back to back in order.
std::string header_for(const std::vector<TestTensor>& tensors);

// 8-byte little-endian `header_length`, then `header`, then `data` (no consistency enforced).
std::vector<std::byte> safetensors_bytes(std::uint64_t header_length, const std::string& header,
                                         const std::vector<std::byte>& data);

// A well-formed file holding `tensors` in order.
std::vector<std::byte> safetensors_bytes(const std::vector<TestTensor>& tensors);

void write_bytes(const std::filesystem::path& path, const std::vector<std::byte>& bytes);

}  // namespace nb::test
