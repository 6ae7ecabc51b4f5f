#include "tests/support/test_safetensors.hpp"

#include <cstring>
#include <fstream>

#include <nlohmann/json.hpp>

namespace nb::test {

std::vector<std::byte> f32_bytes(const std::vector<float>& values) {
  std::vector<std::byte> bytes(values.size() * 4);
  std::memcpy(bytes.data(), values.data(), bytes.size());  // the test hosts are little-endian x86-64
  return bytes;
}

std::string header_for(const std::vector<TestTensor>& tensors) {
  nlohmann::ordered_json header = nlohmann::ordered_json::object();
  std::uint64_t offset = 0;
  for (const auto& t : tensors) {
    header[t.name] = {{"dtype", t.dtype}, {"shape", t.shape}, {"data_offsets", {offset, offset + t.data.size()}}};
    offset += t.data.size();
  }
  return header.dump();
}

std::vector<std::byte> safetensors_bytes(std::uint64_t header_length, const std::string& header,
                                         const std::vector<std::byte>& data) {
  std::vector<std::byte> bytes(8);
  for (int i = 0; i < 8; ++i) bytes[static_cast<std::size_t>(i)] = static_cast<std::byte>((header_length >> (8 * i)) & 0xFF);
  for (const char c : header) bytes.push_back(static_cast<std::byte>(c));
  bytes.insert(bytes.end(), data.begin(), data.end());
  return bytes;
}

std::vector<std::byte> safetensors_bytes(const std::vector<TestTensor>& tensors) {
  std::vector<std::byte> data;
  for (const auto& t : tensors) data.insert(data.end(), t.data.begin(), t.data.end());
  const auto header = header_for(tensors);
  return safetensors_bytes(header.size(), header, data);
}

void write_bytes(const std::filesystem::path& path, const std::vector<std::byte>& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace nb::test
