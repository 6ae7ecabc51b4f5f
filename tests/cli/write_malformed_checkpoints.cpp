// write_malformed_checkpoints CONFIG OUT: writes OUT/<rule>/ for each safetensors rule below, a
// checkpoint directory holding a copy of CONFIG as config.json and a model.safetensors that breaks
// that rule, for the CLI tests that a broken checkpoint is bad input (exit 65), never a crash.
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/test_safetensors.hpp"

namespace {

using nb::test::f32_bytes;
using nb::test::safetensors_bytes;
using nb::test::TestTensor;

// Two tensors that lie back to back in a well-formed file.
std::vector<TestTensor> valid_tensors() {
  return {{"wpe.weight", "F32", {2, 2}, f32_bytes({1, 2, 3, 4})}, {"h.0.ln_1.weight", "F32", {2}, f32_bytes({5, 6})}};
}

std::vector<std::byte> truncated() {
  auto bytes = safetensors_bytes(valid_tensors());
  bytes.resize(bytes.size() - 3);  // cut inside the last tensor's data
  return bytes;
}

std::vector<std::byte> bad_header_length() {
  const auto header = nb::test::header_for(valid_tensors());
  return safetensors_bytes(std::uint64_t{1} << 62, header, {});
}

std::vector<std::byte> overlapping_offsets() {
  const std::string header = R"({"wpe.weight":{"dtype":"F32","shape":[2,2],"data_offsets":[0,16]},)"
                             R"("h.0.ln_1.weight":{"dtype":"F32","shape":[2],"data_offsets":[8,16]}})";
  return safetensors_bytes(header.size(), header, std::vector<std::byte>(16));
}

// header_for takes the offsets from the data, so a shape that disagrees with it stays in the header.
std::vector<std::byte> wrong_dtype_size() {
  return safetensors_bytes({{"wpe.weight", "F32", {2, 3}, f32_bytes({1, 2, 3, 4})}});
}

std::vector<std::byte> huge_shape() {
  return safetensors_bytes({{"wpe.weight", "F32", {std::uint64_t{1} << 32, std::uint64_t{1} << 32}, f32_bytes({1})}});
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: write_malformed_checkpoints CONFIG OUT\n";
    return 64;
  }
  const std::filesystem::path config = argv[1], out = argv[2];
  const std::vector<std::pair<std::string, std::vector<std::byte>>> checkpoints{
      {"truncated", truncated()},
      {"bad-header-length", bad_header_length()},
      {"overlapping-offsets", overlapping_offsets()},
      {"wrong-dtype-size", wrong_dtype_size()},
      {"huge-shape", huge_shape()},
  };
  std::filesystem::remove_all(out);
  for (const auto& [rule, bytes] : checkpoints) {
    const auto directory = out / rule;
    std::filesystem::create_directories(directory);
    std::filesystem::copy_file(config, directory / "config.json");
    nb::test::write_bytes(directory / "model.safetensors", bytes);
  }
  std::cout << "wrote " << checkpoints.size() << " malformed checkpoints to " << out.string() << "\n";
  return 0;
}
