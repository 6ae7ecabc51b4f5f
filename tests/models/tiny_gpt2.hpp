#pragma once
// The committed tiny random GPT-2 fixture (tests/models/data/tiny-gpt2, written by
// models/gpt2/fixture/make_tiny_gpt2.py) and variants of it written to scratch directories.
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "models/gpt2/model.hpp"

namespace nb::test {

inline std::filesystem::path tiny_gpt2_dir() { return NORMBOUND_TINY_GPT2_DIR; }

// Decides a fixture tensor's fate in a variant: std::nullopt drops it, a name keeps it under that name.
using TensorRename = std::function<std::optional<std::string>(const std::string& name)>;

// Writes config.json and model.safetensors of a variant of the fixture into `directory`: every
// tensor passes through `rename`; kept floating-point tensors are stored as F32 (exact, since the
// fixture's F16/BF16/F32 values are all floats), other tensors unchanged.
void write_tiny_variant(const std::filesystem::path& directory, const TensorRename& rename);

}  // namespace nb::test
