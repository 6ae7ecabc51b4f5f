#include "models/llama/checkpoint.hpp"

#include <set>

#include "models/files/json_file.hpp"
#include "models/gpt2/finite_weights.hpp"
#include "verify/io/errors.hpp"

namespace nb::llama {
namespace {

namespace fs = std::filesystem;

constexpr const char* kSingle = "model.safetensors";
constexpr const char* kIndex = "model.safetensors.index.json";

// The shard file of each tensor in an index's weight_map, its names checked to be plain file
// names in the directory (an index must not lead the reader elsewhere).
std::map<std::string, std::string> weight_map(const fs::path& index_path) {
  const auto index = files::read_json_file(index_path);
  const std::string source = index_path.string();
  if (!index.is_object() || !index.contains("weight_map") || !index.at("weight_map").is_object())
    throw InputError(source + ": 'weight_map' is missing or not an object");
  std::map<std::string, std::string> map;
  for (const auto& [tensor, shard] : index.at("weight_map").items()) {
    if (!shard.is_string()) throw InputError(source + ": weight_map of '" + tensor + "' is " + shard.dump() + ", not a file name");
    const auto name = shard.get<std::string>();
    if (name.empty() || name.find('/') != std::string::npos || name.find('\\') != std::string::npos || name == "." || name == "..")
      throw InputError(source + ": weight_map of '" + tensor + "' is \"" + name + "\", not a file name in the model directory");
    map.emplace(tensor, name);
  }
  if (map.empty()) throw InputError(source + ": 'weight_map' lists no tensors");
  return map;
}

}  // namespace

Checkpoint Checkpoint::open(const fs::path& directory) {
  Checkpoint checkpoint;
  checkpoint.source_ = directory.string();
  if (fs::exists(directory / kSingle) || !fs::exists(directory / kIndex)) {
    if (!fs::exists(directory / kSingle))
      throw InputError(directory.string() + " has neither " + kSingle + " nor " + kIndex);
    checkpoint.files_ = {(directory / kSingle).string()};
    checkpoint.shards_.push_back(gpt2::SafetensorsFile::read(directory / kSingle));
    for (const auto& entry : checkpoint.shards_.front().tensors())
      checkpoint.located_.emplace(entry.name, Located{&checkpoint.shards_.front(), &entry});
    return checkpoint;
  }
  const auto map = weight_map(directory / kIndex);
  checkpoint.files_ = {(directory / kIndex).string()};
  std::map<std::string, std::size_t> shard_of_file;
  for (const auto& [tensor, file] : map) {
    if (shard_of_file.emplace(file, shard_of_file.size()).second) checkpoint.files_.push_back((directory / file).string());
  }
  // Every shard is read before any tensor is located: the vector's storage is then final.
  checkpoint.shards_.reserve(shard_of_file.size());
  std::vector<std::string> by_index(shard_of_file.size());
  for (const auto& [file, i] : shard_of_file) by_index[i] = file;
  for (const auto& file : by_index) checkpoint.shards_.push_back(gpt2::SafetensorsFile::read(directory / file));
  for (const auto& [file, i] : shard_of_file) {
    const auto& shard = checkpoint.shards_[i];
    for (const auto& entry : shard.tensors()) {
      const auto mapped = map.find(entry.name);
      if (mapped == map.end() || mapped->second != file)
        throw InputError(shard.source() + ": tensor '" + entry.name + "' is " +
                         (mapped == map.end() ? "not in the weight_map of " + std::string(kIndex)
                                              : "mapped to " + mapped->second + " by " + std::string(kIndex)));
      checkpoint.located_.emplace(entry.name, Located{&shard, &entry});
    }
  }
  for (const auto& [tensor, file] : map) {
    if (!checkpoint.located_.count(tensor))
      throw InputError((directory / file).string() + " lacks the tensor '" + tensor + "' that " + kIndex + " maps to it");
  }
  return checkpoint;
}

const Checkpoint::Located& Checkpoint::locate(const std::string& name) const {
  const auto it = located_.find(name);
  if (it == located_.end())
    throw InputError(source_ + ": the checkpoint lacks the tensor '" + name + "'");
  return it->second;
}

template <class T>
gpt2::Matrix<T> Checkpoint::matrix(const std::string& name, std::uint64_t rows, std::uint64_t cols) const {
  const Located& at = locate(name);
  const std::vector<std::uint64_t> expected = rows == 1 && at.entry->shape.size() == 1 ? std::vector<std::uint64_t>{cols}
                                                                                        : std::vector<std::uint64_t>{rows, cols};
  if (at.entry->shape != expected)
    throw InputError(at.file->source() + ": tensor '" + name + "' has shape " + gpt2::shape_text(at.entry->shape) +
                     ", the config needs " + gpt2::shape_text(expected));
  gpt2::Matrix<T> m(static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols));
  const std::span<T> values(m.data(), static_cast<std::size_t>(m.size()));
  at.file->read_values<T>(*at.entry, values);
  gpt2::require_finite<T>(*at.file, name, values, static_cast<std::size_t>(cols));
  return m;
}

template <class T>
gpt2::RowVector<T> Checkpoint::vector(const std::string& name, std::uint64_t size) const {
  return matrix<T>(name, 1, size);
}

template gpt2::Matrix<float> Checkpoint::matrix<float>(const std::string&, std::uint64_t, std::uint64_t) const;
template gpt2::Matrix<double> Checkpoint::matrix<double>(const std::string&, std::uint64_t, std::uint64_t) const;
template gpt2::RowVector<float> Checkpoint::vector<float>(const std::string&, std::uint64_t) const;
template gpt2::RowVector<double> Checkpoint::vector<double>(const std::string&, std::uint64_t) const;

}  // namespace nb::llama
