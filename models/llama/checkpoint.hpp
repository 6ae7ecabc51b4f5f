#pragma once
// The safetensors weights of a Hugging Face model directory: one model.safetensors, or shards
// listed by model.safetensors.index.json. Headers are read when the checkpoint is opened; a
// tensor's bytes only when it is asked for, so a pass that needs one layer reads that layer.
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "models/gpt2/model.hpp"
#include "models/gpt2/safetensors.hpp"

namespace nb::llama {

class Checkpoint {
 public:
  // Opens `directory`/model.safetensors if it exists, else `directory`/model.safetensors.index.json
  // and every shard its weight_map names. Guarantees on success: every header is valid (see
  // gpt2::SafetensorsFile::read); with an index, weight_map is an object of shard file names (plain
  // names inside `directory`), every tensor it maps is in that shard and every shard tensor is
  // mapped to its own shard. Throws nb::InputError naming the file and the rule otherwise, or
  // naming both files when neither exists.
  static Checkpoint open(const std::filesystem::path& directory);

  // Moves keep the shards' storage (the located tensors point into it); copies would not.
  Checkpoint(Checkpoint&&) = default;
  Checkpoint& operator=(Checkpoint&&) = default;
  Checkpoint(const Checkpoint&) = delete;
  Checkpoint& operator=(const Checkpoint&) = delete;

  // The file(s) read, for messages and for the caller to hash.
  const std::vector<std::string>& files() const { return files_; }

  // Whether the checkpoint holds a tensor called `name`.
  bool has(const std::string& name) const { return located_.count(name) > 0; }

  // The tensor `name` as a rows x cols matrix (a 1-D tensor is one row), converted to T as
  // gpt2::SafetensorsFile::read_values does. Throws nb::InputError naming the file and tensor if
  // it is missing, its shape is not [rows, cols] ([cols] when rows is 1 and the tensor is 1-D),
  // its dtype is not F16, BF16, F32 or F64, or a value is not finite.
  template <class T>
  gpt2::Matrix<T> matrix(const std::string& name, std::uint64_t rows, std::uint64_t cols) const;

  // The 1-D tensor `name` of `size` elements (see matrix).
  template <class T>
  gpt2::RowVector<T> vector(const std::string& name, std::uint64_t size) const;

 private:
  Checkpoint() = default;
  struct Located {
    const gpt2::SafetensorsFile* file;
    const gpt2::TensorEntry* entry;
  };
  const Located& locate(const std::string& name) const;

  std::string source_;  // the directory, for messages
  std::vector<std::string> files_;
  std::vector<gpt2::SafetensorsFile> shards_;
  std::map<std::string, Located> located_;
};

}  // namespace nb::llama
