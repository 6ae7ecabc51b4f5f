#pragma once
// Reader for the safetensors format (Hugging Face): an 8-byte little-endian header length N, N
// bytes of JSON header mapping tensor names to {dtype, shape, data_offsets}, then the data section.
// The header is validated against the file's size before any tensor is exposed; a tensor's bytes
// are read only when its values are asked for, so a reader that needs one layer of a checkpoint
// reads that layer's bytes and no others.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "models/files/file_ranges.hpp"

namespace nb::gpt2 {

// The element types of the safetensors format that normbound recognises.
enum class Dtype { BOOL, U8, I8, I16, U16, F16, BF16, I32, U32, F32, F64, I64, U64 };

// The format's name of `dtype` ("F32", "BF16", ...).
std::string_view dtype_name(Dtype dtype);

// Bytes per element of `dtype`.
std::size_t dtype_size(Dtype dtype);

// A shape as text for messages: "[768, 2304]" ("[]" for a scalar).
std::string shape_text(const std::vector<std::uint64_t>& shape);

// One tensor's header entry, after validation.
struct TensorEntry {
  std::string name;
  Dtype dtype;
  std::vector<std::uint64_t> shape;  // empty for a scalar
  std::uint64_t begin;               // byte offsets into the data section, [begin, end)
  std::uint64_t end;

  // Number of elements (product of shape; 1 for a scalar). Fits in size_t: validated against the data size.
  std::size_t element_count() const;
};

class SafetensorsFile {
 public:
  // Opens the file at `path` and reads and validates its header (as parse does, against the
  // file's size); the data section is read tensor by tensor by read_values. Errors name the path.
  static SafetensorsFile read(const std::filesystem::path& path);

  // Validates `bytes` as a complete safetensors file; `source` names it in error messages.
  // Guarantees on success: the header length is at most 100,000,000 and lies inside the file; the
  // header is a JSON object without duplicate keys at any level; `__metadata__`, if present, maps
  // strings to strings; every other key is a tensor whose entry has exactly the fields dtype (a
  // known Dtype), shape (non-negative integers) and data_offsets ([begin, end], begin <= end);
  // shape product x dtype size (overflow-checked) equals end - begin; the tensors, ordered by
  // offset, cover the data section exactly: no overlap, no gap, nothing past its end.
  // Throws nb::InputError naming `source`, the tensor (if any) and the rule broken otherwise.
  static SafetensorsFile parse(std::vector<std::byte> bytes, std::string source);

  // The name the file was read under (path or test label).
  const std::string& source() const { return source_; }

  // All tensors, ordered by data offset.
  const std::vector<TensorEntry>& tensors() const { return tensors_; }

  // The tensor called `name`, or nullptr if the file has none.
  const TensorEntry* find(std::string_view name) const;

  // The `__metadata__` map (empty if the header has none).
  const std::map<std::string, std::string>& metadata() const { return metadata_; }

  // Writes the values of `tensor` (an entry of this file) into `out`, in row-major order.
  // T is float or double. Guarantees: F16, BF16 and F32 convert exactly to either type; F64
  // converts exactly to double and rounds to nearest (ties to even) when T is float.
  // Throws nb::InputError naming the tensor if its dtype is not a floating-point type, or naming
  // the file if it was read from a file that now ends before the tensor (truncated after read);
  // nb::UsageError if out.size() differs from tensor.element_count().
  template <class T>
  void read_values(const TensorEntry& tensor, std::span<T> out) const;

  // The values of `tensor` as a new vector (see read_values).
  template <class T>
  std::vector<T> values(const TensorEntry& tensor) const;

 private:
  SafetensorsFile() = default;

  // Validates the header (the rules of parse) of a file of `size` bytes.
  void read_header(std::uint64_t size);

  // Fills `out` with the file's bytes at [offset, offset + out.size()), a range inside the file.
  void read_bytes(std::uint64_t offset, std::span<std::byte> out) const;

  std::string source_;
  // The bytes come from one of these: the whole file in memory (parse) or the open file (read).
  std::vector<std::byte> bytes_;
  std::shared_ptr<const files::FileRanges> file_;
  std::uint64_t data_start_ = 0;  // offset of the data section in the file
  std::vector<TensorEntry> tensors_;
  std::map<std::string, std::string> metadata_;
};

}  // namespace nb::gpt2
