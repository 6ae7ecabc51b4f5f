#include "models/gpt2/safetensors.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <tuple>
#include <utility>

#include <nlohmann/json.hpp>

#include "models/files/array_size.hpp"
#include "models/files/little_endian.hpp"
#include "models/gpt2/half_precision.hpp"
#include "verify/io/errors.hpp"
#include "verify/io/json_document.hpp"

namespace nb::gpt2 {
namespace {

using nlohmann::json;

// The safetensors reference implementation refuses headers above 100 MB; so does normbound.
constexpr std::uint64_t kMaxHeaderLength = 100'000'000;

struct DtypeInfo {
  Dtype dtype;
  std::string_view name;
  std::size_t size;
};

constexpr std::array<DtypeInfo, 13> kDtypes{{
    {Dtype::BOOL, "BOOL", 1}, {Dtype::U8, "U8", 1},     {Dtype::I8, "I8", 1},
    {Dtype::I16, "I16", 2},   {Dtype::U16, "U16", 2},   {Dtype::F16, "F16", 2},
    {Dtype::BF16, "BF16", 2}, {Dtype::I32, "I32", 4},   {Dtype::U32, "U32", 4},
    {Dtype::F32, "F32", 4},   {Dtype::F64, "F64", 8},   {Dtype::I64, "I64", 8},
    {Dtype::U64, "U64", 8},
}};

const DtypeInfo& info(Dtype dtype) {
  return *std::find_if(kDtypes.begin(), kDtypes.end(), [&](const DtypeInfo& d) { return d.dtype == dtype; });
}

// Reports the first repeated key of any JSON object while the header is parsed (nlohmann::json
// would otherwise silently keep the last value, hiding a malformed header).
class DuplicateKeyCheck {
 public:
  explicit DuplicateKeyCheck(const std::string& source) : source_(source) {}

  bool operator()(int, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start: open_.emplace_back(); break;
      case json::parse_event_t::object_end: open_.pop_back(); break;
      case json::parse_event_t::key: {
        auto key = parsed.get<std::string>();
        if (!open_.back().insert(key).second) {
          throw InputError(source_ + ": header repeats the key '" + key + "' (duplicate names are not allowed)");
        }
        break;
      }
      default: break;
    }
    return true;
  }

 private:
  const std::string& source_;
  std::vector<std::set<std::string>> open_;
};

class HeaderValidator {
 public:
  HeaderValidator(const std::string& source, std::uint64_t data_size) : source_(source), data_size_(data_size) {}

  TensorEntry tensor(const std::string& name, const json& entry) const {
    if (!entry.is_object()) fail(name, "entry is not a JSON object");
    for (const auto& [key, value] : entry.items()) {
      if (key != "dtype" && key != "shape" && key != "data_offsets") fail(name, "entry has the unexpected field '" + key + "'");
    }
    TensorEntry tensor{name, dtype(name, entry), shape(name, entry), 0, 0};
    const auto offsets = entry.find("data_offsets");
    if (offsets == entry.end() || !offsets->is_array() || offsets->size() != 2 || !(*offsets)[0].is_number_unsigned() ||
        !(*offsets)[1].is_number_unsigned()) {
      fail(name, "data_offsets is not a pair of non-negative integers");
    }
    tensor.begin = (*offsets)[0].get<std::uint64_t>();
    tensor.end = (*offsets)[1].get<std::uint64_t>();
    if (tensor.begin > tensor.end) {
      fail(name, "data_offsets [" + std::to_string(tensor.begin) + ", " + std::to_string(tensor.end) + "] run backwards");
    }
    if (tensor.end > data_size_) {
      fail(name, "data_offsets end " + std::to_string(tensor.end) + " is out of bounds of the " +
                     std::to_string(data_size_) + "-byte data section");
    }
    const auto bytes = files::array_byte_count(tensor.shape, dtype_size(tensor.dtype));
    if (!bytes) {
      fail(name, "shape " + shape_text(tensor.shape) + " x " + std::to_string(dtype_size(tensor.dtype)) +
                     " bytes overflows 64 bits");
    }
    if (*bytes != tensor.end - tensor.begin) {
      fail(name, "shape " + shape_text(tensor.shape) + " of dtype " + std::string(dtype_name(tensor.dtype)) +
                     " needs " + std::to_string(*bytes) + " bytes but data_offsets span " +
                     std::to_string(tensor.end - tensor.begin));
    }
    return tensor;
  }

  // Requires the tensors, sorted by offset, to tile the data section exactly.
  void layout(std::vector<TensorEntry>& tensors) const {
    std::sort(tensors.begin(), tensors.end(), [](const TensorEntry& a, const TensorEntry& b) {
      return std::tie(a.begin, a.end, a.name) < std::tie(b.begin, b.end, b.name);
    });
    std::uint64_t covered = 0;
    const TensorEntry* previous = nullptr;
    for (const auto& tensor : tensors) {
      if (tensor.begin < covered) {
        fail(tensor.name, "data_offsets [" + std::to_string(tensor.begin) + ", " + std::to_string(tensor.end) +
                              "] overlap tensor '" + previous->name + "' ending at " + std::to_string(covered));
      }
      if (tensor.begin > covered) {
        fail(tensor.name, "data_offsets begin " + std::to_string(tensor.begin) + " leaves a gap after byte " +
                              std::to_string(covered) + " (tensors must be contiguous)");
      }
      covered = tensor.end;
      previous = &tensor;
    }
    if (covered != data_size_) {
      throw InputError(source_ + ": the data section has " + std::to_string(data_size_ - covered) +
                       " bytes after the last tensor that no tensor covers");
    }
  }

 private:
  [[noreturn]] void fail(const std::string& name, const std::string& rule) const {
    throw InputError(source_ + ": tensor '" + name + "': " + rule);
  }

  Dtype dtype(const std::string& name, const json& entry) const {
    const auto it = entry.find("dtype");
    if (it == entry.end() || !it->is_string()) fail(name, "dtype is missing or not a string");
    const auto text = it->get<std::string>();
    for (const auto& d : kDtypes) {
      if (d.name == text) return d.dtype;
    }
    fail(name, "unknown dtype '" + text + "'");
  }

  std::vector<std::uint64_t> shape(const std::string& name, const json& entry) const {
    const auto it = entry.find("shape");
    if (it == entry.end() || !it->is_array()) fail(name, "shape is missing or not an array");
    std::vector<std::uint64_t> shape;
    for (const auto& extent : *it) {
      if (!extent.is_number_unsigned()) fail(name, "shape holds " + extent.dump() + ", not a non-negative integer");
      shape.push_back(extent.get<std::uint64_t>());
    }
    return shape;
  }

  const std::string& source_;
  std::uint64_t data_size_;
};

}  // namespace

std::string shape_text(const std::vector<std::uint64_t>& shape) {
  std::string text = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + "]";
}

std::string_view dtype_name(Dtype dtype) { return info(dtype).name; }

std::size_t dtype_size(Dtype dtype) { return info(dtype).size; }

std::size_t TensorEntry::element_count() const { return static_cast<std::size_t>((end - begin) / dtype_size(dtype)); }

SafetensorsFile SafetensorsFile::read(const std::filesystem::path& path) {
  SafetensorsFile file;
  file.source_ = path.string();
  file.file_ = std::make_shared<const files::FileRanges>(path);
  file.read_header(file.file_->size());
  return file;
}

SafetensorsFile SafetensorsFile::parse(std::vector<std::byte> bytes, std::string source) {
  SafetensorsFile file;
  file.source_ = std::move(source);
  file.bytes_ = std::move(bytes);
  file.read_header(file.bytes_.size());
  return file;
}

void SafetensorsFile::read_bytes(std::uint64_t offset, std::span<std::byte> out) const {
  if (file_) {
    file_->read(offset, out);
  } else {
    std::copy_n(bytes_.begin() + static_cast<std::ptrdiff_t>(offset), out.size(), out.begin());
  }
}

void SafetensorsFile::read_header(std::uint64_t size) {
  const std::string& name = source_;
  if (size < 8) {
    throw InputError(name + ": file is " + std::to_string(size) + " bytes, too short for the 8-byte header length (truncated?)");
  }
  std::array<std::byte, 8> length_bytes;
  read_bytes(0, length_bytes);
  const auto header_length = files::load_little_endian<std::uint64_t>(length_bytes.data());
  if (header_length > kMaxHeaderLength) {
    throw InputError(name + ": header length " + std::to_string(header_length) + " exceeds the 100,000,000-byte limit");
  }
  if (header_length > size - 8) {
    throw InputError(name + ": header length " + std::to_string(header_length) + " runs past the end of the " +
                     std::to_string(size) + "-byte file (truncated?)");
  }
  std::string header_text(static_cast<std::size_t>(header_length), '\0');
  read_bytes(8, std::as_writable_bytes(std::span<char>(header_text)));
  const json header = parse_json(header_text, name + ": header", DuplicateKeyCheck(name));
  if (!header.is_object()) throw InputError(name + ": header is not a JSON object");

  data_start_ = 8 + header_length;
  const HeaderValidator validator(name, size - data_start_);
  for (const auto& [key, value] : header.items()) {
    if (key == "__metadata__") {
      if (!value.is_object()) throw InputError(name + ": __metadata__ is not a JSON object");
      for (const auto& [meta_key, meta_value] : value.items()) {
        if (!meta_value.is_string()) throw InputError(name + ": __metadata__ value of '" + meta_key + "' is not a string");
        metadata_.emplace(meta_key, meta_value.get<std::string>());
      }
      continue;
    }
    tensors_.push_back(validator.tensor(key, value));
  }
  validator.layout(tensors_);
}

const TensorEntry* SafetensorsFile::find(std::string_view name) const {
  const auto it = std::find_if(tensors_.begin(), tensors_.end(), [&](const TensorEntry& t) { return t.name == name; });
  return it == tensors_.end() ? nullptr : &*it;
}

template <class T>
void SafetensorsFile::read_values(const TensorEntry& tensor, std::span<T> out) const {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>);
  if (out.size() != tensor.element_count()) {
    throw UsageError(source_ + ": tensor '" + tensor.name + "' has " + std::to_string(tensor.element_count()) +
                     " elements, the destination holds " + std::to_string(out.size()));
  }
  // Read and converted a chunk at a time: no copy of the whole tensor's bytes is kept.
  auto convert = [&](auto decode, std::size_t stride) {
    constexpr std::size_t kChunk = 1 << 16;  // elements
    std::vector<std::byte> chunk(std::min(out.size(), kChunk) * stride);
    for (std::size_t first = 0; first < out.size(); first += kChunk) {
      const std::size_t count = std::min(kChunk, out.size() - first);
      read_bytes(data_start_ + tensor.begin + first * stride, std::span<std::byte>(chunk.data(), count * stride));
      for (std::size_t i = 0; i < count; ++i) out[first + i] = static_cast<T>(decode(chunk.data() + stride * i));
    }
  };
  using files::load_little_endian;
  switch (tensor.dtype) {
    case Dtype::F16: convert([](const std::byte* p) { return half_to_float(load_little_endian<std::uint16_t>(p)); }, 2); break;
    case Dtype::BF16: convert([](const std::byte* p) { return bfloat16_to_float(load_little_endian<std::uint16_t>(p)); }, 2); break;
    case Dtype::F32: convert([](const std::byte* p) { return load_little_endian<float>(p); }, 4); break;
    case Dtype::F64: convert([](const std::byte* p) { return load_little_endian<double>(p); }, 8); break;
    default:
      throw InputError(source_ + ": tensor '" + tensor.name + "' has dtype " + std::string(dtype_name(tensor.dtype)) +
                       ", not a floating-point type");
  }
}

template <class T>
std::vector<T> SafetensorsFile::values(const TensorEntry& tensor) const {
  std::vector<T> out(tensor.element_count());
  read_values<T>(tensor, out);
  return out;
}

template void SafetensorsFile::read_values<float>(const TensorEntry&, std::span<float>) const;
template void SafetensorsFile::read_values<double>(const TensorEntry&, std::span<double>) const;
template std::vector<float> SafetensorsFile::values<float>(const TensorEntry&) const;
template std::vector<double> SafetensorsFile::values<double>(const TensorEntry&) const;

}  // namespace nb::gpt2
