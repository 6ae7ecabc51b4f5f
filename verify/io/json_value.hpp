#pragma once
// One interface over the JSON documents normbound reads inputs from: nlohmann's (every JSON input)
// and simdjson's (case files, verify/io/simdjson_value.hpp). The readers of cases and exact tensors
// are written once against it, so that both documents give the same values and the same messages.
// NlohmannValue below is the reference: the other implementation behaves as it does, including
// on duplicate keys (the last one counts) and the order of an object's members (sorted by key).
#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace nb {

// A JSON value: its type, its content (each accessor only for a value of that type) and, for
// containers, their members or elements.
template <class V>
concept JsonValue = requires(const V v, std::string_view key) {
  { v.is_object() } -> std::same_as<bool>;
  { v.is_array() } -> std::same_as<bool>;
  { v.is_string() } -> std::same_as<bool>;
  { v.is_number() } -> std::same_as<bool>;
  { v.is_integer() } -> std::same_as<bool>;   // an integer in the int64 or uint64 range
  { v.is_unsigned() } -> std::same_as<bool>;  // an integer >= 0 in the uint64 range
  { v.type_name() } -> std::same_as<const char*>;  // "object", "array", "string", "number", "boolean", "null"
  { v.string() } -> std::same_as<std::string_view>;
  { v.int64() } -> std::same_as<std::int64_t>;    // is_integer() and within int64
  { v.uint64() } -> std::same_as<std::uint64_t>;  // is_unsigned()
  { v.number() } -> std::same_as<double>;          // is_number(), rounded
  { v.dump() } -> std::same_as<std::string>;       // the value as compact JSON text
  { v.find(key) } -> std::same_as<std::optional<V>>;  // of an object: the member's value; else nothing
  { v.size() } -> std::same_as<std::size_t>;          // of an array or object
};

// A value of nlohmann's document (which must outlive it).
class NlohmannValue {
 public:
  explicit NlohmannValue(const nlohmann::json& j) : j_(&j) {}
  bool is_object() const { return j_->is_object(); }
  bool is_array() const { return j_->is_array(); }
  bool is_string() const { return j_->is_string(); }
  bool is_number() const { return j_->is_number(); }
  bool is_integer() const { return j_->is_number_integer(); }
  bool is_unsigned() const { return j_->is_number_unsigned(); }
  const char* type_name() const { return j_->type_name(); }
  std::string_view string() const { return j_->get_ref<const std::string&>(); }
  std::int64_t int64() const { return j_->get<std::int64_t>(); }
  std::uint64_t uint64() const { return j_->get<std::uint64_t>(); }
  double number() const { return j_->get<double>(); }
  std::string dump() const { return j_->dump(); }
  std::optional<NlohmannValue> find(std::string_view key) const {
    const auto it = j_->find(key);
    if (it == j_->end()) return std::nullopt;
    return NlohmannValue(*it);
  }
  std::size_t size() const { return j_->size(); }
  // f(NlohmannValue) for each element of an array, in order.
  template <class F>
  void for_each_element(F f) const {
    for (const auto& e : *j_) f(NlohmannValue(e));
  }
  // f(std::string_view key, NlohmannValue) for each member of an object, sorted by key.
  template <class F>
  void for_each_member(F f) const {
    for (const auto& [key, value] : j_->items()) f(std::string_view(key), NlohmannValue(value));
  }

 private:
  const nlohmann::json* j_;
};

}  // namespace nb
