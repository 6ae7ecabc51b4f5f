#pragma once
// Llama-family model directories written by tests: copies of a real one in another dtype or
// sharded, and a tiny synthetic model to break one field at a time.
#include <filesystem>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

namespace nb::test {

// Rewrites `from`/model.safetensors (F32) into `to` with every value passed through `round`
// (float -> float) and stored as `dtype` ("F32" or "BF16"), in `shards` files with a
// model.safetensors.index.json when shards > 1; copies config.json, tokenizer.json and
// tokenizer_config.json.
void write_llama_copy(const std::filesystem::path& from, const std::filesystem::path& to, const std::string& dtype,
                      int shards, const std::function<float(float)>& round = {});

// float -> the nearest bfloat16 (ties to even), as a float.
float round_to_bfloat16(float x);

// A tiny Llama directory in `to` (2 layers, 4 query heads over 2 key/value heads of width 4,
// hidden 16, SwiGLU 24, vocabulary: <unk>, <s>, </s>, the 256 byte tokens, "▁", "a", "b", "▁a",
// "ab" with merges "▁ a", "a b"), seeded weights. `edit_config` and `edit_tokenizer` may change
// config.json and tokenizer.json before they are written; tensors named in `drop` are left out
// and `dtype_of` (tensor name -> dtype) stores a tensor as another dtype (bytes of that size).
struct TinyLlamaEdits {
  std::function<void(nlohmann::json&)> edit_config = [](nlohmann::json&) {};
  std::function<void(nlohmann::json&)> edit_tokenizer = [](nlohmann::json&) {};
  std::string drop;
  std::string i32_tensor;  // stored as I32 instead of F32
};
void write_tiny_llama(const std::filesystem::path& to, const TinyLlamaEdits& edits = {});

}  // namespace nb::test
