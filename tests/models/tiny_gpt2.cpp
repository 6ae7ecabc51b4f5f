#include "tiny_gpt2.hpp"

#include "models/gpt2/safetensors.hpp"
#include "tests/support/test_safetensors.hpp"

namespace nb::test {

void write_tiny_variant(const std::filesystem::path& directory, const TensorRename& rename) {
  std::filesystem::copy_file(tiny_gpt2_dir() / "config.json", directory / "config.json",
                             std::filesystem::copy_options::overwrite_existing);
  const auto file = gpt2::SafetensorsFile::read(tiny_gpt2_dir() / "model.safetensors");
  std::vector<TestTensor> tensors;
  for (const auto& entry : file.tensors()) {
    const auto name = rename(entry.name);
    if (!name) continue;
    if (entry.dtype == gpt2::Dtype::BOOL) {
      tensors.push_back({*name, "BOOL", entry.shape, std::vector<std::byte>(entry.element_count(), std::byte{1})});
    } else {
      tensors.push_back({*name, "F32", entry.shape, f32_bytes(file.values<float>(entry))});
    }
  }
  write_bytes(directory / "model.safetensors", safetensors_bytes(tensors));
}

}  // namespace nb::test
