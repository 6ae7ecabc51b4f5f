#include "verify/io/simdjson_value.hpp"

namespace nb {

const char* SimdjsonValue::type_name() const {
  switch (e_.type()) {
    case simdjson::dom::element_type::ARRAY: return "array";
    case simdjson::dom::element_type::OBJECT: return "object";
    case simdjson::dom::element_type::INT64:
    case simdjson::dom::element_type::UINT64:
    case simdjson::dom::element_type::DOUBLE: return "number";
    case simdjson::dom::element_type::STRING: return "string";
    case simdjson::dom::element_type::BOOL: return "boolean";
    case simdjson::dom::element_type::NULL_VALUE: return "null";
  }
  return "unknown";
}

double SimdjsonValue::number() const {
  switch (e_.type()) {
    case simdjson::dom::element_type::INT64: return static_cast<double>(std::int64_t(e_.get_int64()));
    case simdjson::dom::element_type::UINT64: return static_cast<double>(std::uint64_t(e_.get_uint64()));
    default: return double(e_.get_double());
  }
}

std::optional<SimdjsonValue> SimdjsonValue::find(std::string_view key) const {
  std::optional<SimdjsonValue> found;
  if (!is_object()) return found;
  for (simdjson::dom::key_value_pair m : simdjson::dom::object(e_))
    if (m.key == key) found = SimdjsonValue(m.value);  // the last of equal keys, as nlohmann keeps
  return found;
}

std::size_t SimdjsonValue::size() const {
  if (is_array()) return simdjson::dom::array(e_).size();
  return simdjson::dom::object(e_).size();
}

}  // namespace nb
