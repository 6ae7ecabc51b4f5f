#pragma once
// A JsonValue (verify/io/json_value.hpp) of simdjson's document: case files hold tens of thousands of
// numbers, which simdjson parses several times faster than nlohmann's DOM parser.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include <simdjson.h>

namespace nb {

// A value of a parsed simdjson document (whose parser must outlive it). Behaves as NlohmannValue:
// duplicate keys leave the last member, members are visited sorted by key, and a non-negative
// integer is unsigned (simdjson itself types every integer within int64 as int64).
class SimdjsonValue {
 public:
  explicit SimdjsonValue(simdjson::dom::element e) : e_(e) {}
  bool is_object() const { return e_.type() == simdjson::dom::element_type::OBJECT; }
  bool is_array() const { return e_.type() == simdjson::dom::element_type::ARRAY; }
  bool is_string() const { return e_.type() == simdjson::dom::element_type::STRING; }
  bool is_number() const { return is_integer() || e_.type() == simdjson::dom::element_type::DOUBLE; }
  bool is_integer() const {
    return e_.type() == simdjson::dom::element_type::INT64 || e_.type() == simdjson::dom::element_type::UINT64;
  }
  bool is_unsigned() const {
    return e_.type() == simdjson::dom::element_type::UINT64 ||
           (e_.type() == simdjson::dom::element_type::INT64 && std::int64_t(e_.get_int64()) >= 0);
  }
  const char* type_name() const;
  std::string_view string() const { return std::string_view(e_.get_string()); }
  std::int64_t int64() const {
    return e_.type() == simdjson::dom::element_type::UINT64 ? static_cast<std::int64_t>(std::uint64_t(e_.get_uint64()))
                                                            : std::int64_t(e_.get_int64());
  }
  std::uint64_t uint64() const {
    return e_.type() == simdjson::dom::element_type::INT64 ? static_cast<std::uint64_t>(std::int64_t(e_.get_int64()))
                                                           : std::uint64_t(e_.get_uint64());
  }
  double number() const;
  std::string dump() const { return simdjson::minify(e_); }
  std::optional<SimdjsonValue> find(std::string_view key) const;
  std::size_t size() const;
  // f(SimdjsonValue) for each element of an array, in order.
  template <class F>
  void for_each_element(F f) const {
    for (simdjson::dom::element e : simdjson::dom::array(e_)) f(SimdjsonValue(e));
  }
  // f(std::string_view key, SimdjsonValue) for each member of an object, sorted by key, the last
  // of equal keys.
  template <class F>
  void for_each_member(F f) const {
    std::map<std::string_view, simdjson::dom::element> members;
    for (simdjson::dom::key_value_pair m : simdjson::dom::object(e_)) members.insert_or_assign(m.key, m.value);
    for (const auto& [key, value] : members) f(key, SimdjsonValue(value));
  }

 private:
  simdjson::dom::element e_;
};

}  // namespace nb
