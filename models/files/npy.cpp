#include "models/files/npy.hpp"

#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

#include "models/files/array_size.hpp"
#include "models/files/file_bytes.hpp"
#include "models/files/little_endian.hpp"
#include "verify/io/errors.hpp"

namespace nb::files {
namespace {

[[noreturn]] void fail(const std::string& name, const std::string& rule) { throw InputError(name + ": " + rule); }

// The three fields of a .npy header, as NumPy writes them.
struct NpyHeader {
  std::string descr;
  bool fortran_order = false;
  std::vector<std::uint64_t> shape;
};

// Parses the Python dict literal of a .npy header. NumPy writes it with repr(), so only quoted
// strings, True/False and tuples of non-negative integers can occur; anything else is malformed.
class HeaderParser {
 public:
  HeaderParser(std::string_view text, const std::string& name) : text_(text), name_(name) {}

  NpyHeader parse() {
    NpyHeader header;
    bool seen_descr = false, seen_order = false, seen_shape = false;
    expect('{');
    while (true) {
      skip_space();
      if (peek() == '}') break;
      const std::string key = parse_string();
      expect(':');
      skip_space();
      auto mark_seen = [&](bool& seen) {
        if (seen) fail(name_, "header repeats the key '" + key + "'");
        seen = true;
      };
      if (key == "descr") {
        mark_seen(seen_descr);
        header.descr = parse_string();
      } else if (key == "fortran_order") {
        mark_seen(seen_order);
        header.fortran_order = parse_bool();
      } else if (key == "shape") {
        mark_seen(seen_shape);
        header.shape = parse_shape();
      } else {
        fail(name_, "header has the unexpected key '" + key + "'");
      }
      skip_space();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() != '}') fail(name_, "header dictionary expects ',' or '}' at offset " + std::to_string(pos_));
    }
    ++pos_;
    skip_space();
    if (pos_ != text_.size()) fail(name_, "header has text after the dictionary");
    if (!seen_descr || !seen_order || !seen_shape) {
      fail(name_, "header lacks one of the keys 'descr', 'fortran_order', 'shape'");
    }
    return header;
  }

 private:
  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }

  void skip_space() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' || text_[pos_] == '\t')) ++pos_;
  }

  void expect(char c) {
    skip_space();
    if (peek() != c) fail(name_, std::string("header expects '") + c + "' at offset " + std::to_string(pos_));
    ++pos_;
  }

  std::string parse_string() {
    const char quote = peek();
    if (quote != '\'' && quote != '"') fail(name_, "header expects a quoted string at offset " + std::to_string(pos_));
    const auto end = text_.find(quote, pos_ + 1);
    if (end == std::string_view::npos) fail(name_, "header has an unterminated string");
    std::string value(text_.substr(pos_ + 1, end - pos_ - 1));
    if (value.find('\\') != std::string::npos) fail(name_, "header string contains an escape sequence");
    pos_ = end + 1;
    return value;
  }

  bool parse_bool() {
    for (const auto& [word, value] : {std::pair{std::string_view("True"), true}, std::pair{std::string_view("False"), false}}) {
      if (text_.substr(pos_, word.size()) == word) {
        pos_ += word.size();
        return value;
      }
    }
    fail(name_, "header value of 'fortran_order' is not True or False");
  }

  std::vector<std::uint64_t> parse_shape() {
    std::vector<std::uint64_t> shape;
    expect('(');
    while (true) {
      skip_space();
      if (peek() == ')') break;
      shape.push_back(parse_extent());
      skip_space();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() != ')') fail(name_, "header shape expects ',' or ')' at offset " + std::to_string(pos_));
    }
    ++pos_;
    return shape;
  }

  std::uint64_t parse_extent() {
    if (peek() < '0' || peek() > '9') fail(name_, "header shape holds a non-integer extent at offset " + std::to_string(pos_));
    std::uint64_t value = 0;
    while (peek() >= '0' && peek() <= '9') {
      const auto digit = static_cast<std::uint64_t>(peek() - '0');
      if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) fail(name_, "header shape extent overflows 64 bits");
      value = value * 10 + digit;
      ++pos_;
    }
    return value;
  }

  std::string_view text_;
  const std::string& name_;
  std::size_t pos_ = 0;
};

constexpr std::string_view kMagic = "\x93NUMPY";

}  // namespace

NpyArray parse_npy(std::span<const std::byte> bytes, const std::string& name) {
  if (bytes.size() < kMagic.size() + 2 ||
      std::string_view(reinterpret_cast<const char*>(bytes.data()), kMagic.size()) != kMagic) {
    fail(name, "not a .npy file (missing the \\x93NUMPY magic string)");
  }
  const auto major = static_cast<unsigned>(bytes[6]);
  const auto minor = static_cast<unsigned>(bytes[7]);
  if (major < 1 || major > 3 || minor != 0) {
    fail(name, "unsupported .npy format version " + std::to_string(major) + "." + std::to_string(minor) +
         " (1.0, 2.0 and 3.0 are supported)");
  }
  // Version 1.0 stores the header length in 2 bytes, later versions in 4.
  const std::size_t length_size = major == 1 ? 2 : 4;
  const std::size_t prefix = kMagic.size() + 2 + length_size;
  if (bytes.size() < prefix) fail(name, "file ends inside the header length field");
  const std::uint64_t header_length = major == 1 ? load_little_endian<std::uint16_t>(&bytes[8])
                                                 : load_little_endian<std::uint32_t>(&bytes[8]);
  if (header_length > bytes.size() - prefix) {
    fail(name, "header length " + std::to_string(header_length) + " runs past the end of the " +
         std::to_string(bytes.size()) + "-byte file");
  }
  const std::string_view header_text(reinterpret_cast<const char*>(bytes.data()) + prefix, header_length);
  const NpyHeader header = HeaderParser(header_text, name).parse();

  std::size_t item_size = 0;
  if (header.descr == "<f4") item_size = 4;
  else if (header.descr == "<f8") item_size = 8;
  else fail(name, "dtype '" + header.descr + "' is not little-endian float32 ('<f4') or float64 ('<f8')");
  if (header.fortran_order) fail(name, "fortran_order is True; only C-order arrays are supported");
  if (header.shape.size() != 1 && header.shape.size() != 2) {
    fail(name, "array has " + std::to_string(header.shape.size()) + " axes; only 1-D and 2-D arrays are supported");
  }
  const std::uint64_t data_size = bytes.size() - prefix - header_length;
  const auto needed = array_byte_count(header.shape, item_size);
  if (!needed) fail(name, "shape x item size overflows 64 bits");
  if (*needed != data_size) {
    fail(name, "shape needs " + std::to_string(*needed) + " data bytes but the file holds " + std::to_string(data_size));
  }

  NpyArray array;
  array.shape.assign(header.shape.begin(), header.shape.end());
  const std::size_t count = static_cast<std::size_t>(*needed / item_size);
  array.values.resize(count);
  const std::byte* data = bytes.data() + prefix + header_length;
  for (std::size_t i = 0; i < count; ++i) {
    array.values[i] = item_size == 4 ? static_cast<double>(load_little_endian<float>(data + 4 * i))
                                     : load_little_endian<double>(data + 8 * i);
  }
  return array;
}

NpyArray read_npy(const std::filesystem::path& path) {
  const auto bytes = read_file_bytes(path);
  return parse_npy(bytes, path.string());
}

}  // namespace nb::files
