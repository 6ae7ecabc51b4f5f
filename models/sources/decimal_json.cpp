#include "models/sources/decimal_json.hpp"

#include <string_view>
#include <vector>

#include "verify/io/errors.hpp"
#include "verify/io/input_file.hpp"
#include "verify/io/json_document.hpp"

namespace nb::sources {

namespace {

using json = nlohmann::json;

// A SAX handler building the document like nlohmann's DOM parser, except for number_float.
class DecimalTextBuilder {
 public:
  DecimalTextBuilder(std::string source) : source_(std::move(source)) {}
  json document;

  bool null() { return add(nullptr); }
  bool boolean(bool b) { return add(b); }
  bool number_integer(json::number_integer_t n) { return add(n); }
  bool number_unsigned(json::number_unsigned_t n) { return add(n); }
  bool number_float(json::number_float_t, const json::string_t& text) { return add(text); }
  bool string(json::string_t& s) { return add(s); }
  bool binary(json::binary_t& b) { return add(json::binary(b)); }
  bool start_object(std::size_t) { return open(json::object()); }
  bool key(json::string_t& k) { key_ = k; return true; }
  bool end_object() { open_.pop_back(); return true; }
  bool start_array(std::size_t) { return open(json::array()); }
  bool end_array() { open_.pop_back(); return true; }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e) {
    throw InputError(source_ + ": not valid JSON at byte " + std::to_string(position) + ": " + e.what());
  }

 private:
  // Places `value` where the innermost open container expects it; returns where it went.
  json* place(json value) {
    if (open_.empty()) return &(document = std::move(value));
    json& parent = *open_.back();
    if (parent.is_array()) {
      parent.push_back(std::move(value));
      return &parent.back();
    }
    return &(parent[key_] = std::move(value));
  }
  bool add(json value) { place(std::move(value)); return true; }
  // Containers already open never grow while a child is open, so the pointers stay valid.
  bool open(json container) { open_.push_back(place(std::move(container))); return true; }

  std::string source_;
  std::vector<json*> open_;
  std::string key_;
};

}  // namespace

nlohmann::json read_decimal_json(const std::filesystem::path& path, std::string& sha256) {
  const std::string text = read_input_file(path, sha256);
  require_json_depth(text, path.string());
  DecimalTextBuilder builder(path.string());
  json::sax_parse(text, &builder);
  return std::move(builder.document);
}

}  // namespace nb::sources
