#include "verify/case.hpp"

#include <limits>
#include <string>

#include "verify/atomic_file.hpp"
#include "verify/errors.hpp"
#include "verify/input_file.hpp"
#include "verify/json_document.hpp"

namespace nb {
namespace {

using nlohmann::json;

const json& required_field(const json& j, const std::string& field) {
  const auto it = j.find(field);
  if (it == j.end()) throw InputError("a case needs the field '" + field + "'");
  return *it;
}

const json& object_from(const json& value, const std::string& field) {
  if (!value.is_object())
    throw InputError("case field '" + field + "' must be an object, not a JSON " + value.type_name());
  return value;
}

// An absent optional field reads as an empty object.
const json& optional_object(const json& j, const std::string& field) {
  static const json empty = json::object();
  return j.contains(field) ? object_from(j[field], field) : empty;
}

std::string string_from(const json& value, const std::string& what) {
  if (!value.is_string()) throw InputError(what + " must be a string, not a JSON " + value.type_name());
  return value.get<std::string>();
}

// Only JSON integers: nlohmann would otherwise truncate 2.5 to 2, convert true to 1 and wrap
// integers past 2^63 - 1.
std::int64_t integer_from(const json& value, const std::string& what) {
  constexpr auto kMax = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  const bool fits = value.is_number_unsigned() ? value.get<std::uint64_t>() <= kMax : value.is_number_integer();
  if (!fits) throw InputError(what + " is " + value.dump() + ", not an integer in the 64-bit signed range");
  return value.get<std::int64_t>();
}

}  // namespace

const ExactTensor& Case::number(const std::string& name) const {
  auto it = numbers.find(name);
  if (it == numbers.end()) throw InputError("case '" + label + "' has no input '" + name + "'");
  return it->second;
}

std::int64_t Case::integer(const std::string& name) const {
  auto it = integers.find(name);
  if (it == integers.end()) throw InputError("case '" + label + "' has no integer '" + name + "'");
  return it->second;
}

const std::string& Case::option(const std::string& name) const {
  auto it = options.find(name);
  if (it == options.end()) throw InputError("case '" + label + "' has no option '" + name + "'");
  return it->second;
}

std::size_t Case::size() const {
  std::size_t n = integers.size();
  for (const auto& [name, t] : numbers) n += t.size();
  return n;
}

nlohmann::json case_to_json(const Case& c) {
  nlohmann::json numbers = nlohmann::json::object();
  for (const auto& [name, t] : c.numbers) numbers[name] = t.to_json();
  return {{"theorem", c.theorem},   {"label", c.label},     {"numbers", numbers},
          {"integers", c.integers}, {"options", c.options}, {"provenance", c.provenance}};
}

Case case_from_json(const nlohmann::json& j) {
  if (!j.is_object()) throw InputError("a case must be a JSON object");
  Case c;
  c.theorem = string_from(required_field(j, "theorem"), "case field 'theorem'");
  if (j.contains("label")) c.label = string_from(j["label"], "case field 'label'");
  for (const auto& [name, t] : object_from(required_field(j, "numbers"), "numbers").items())
    c.numbers.emplace(name, ExactTensor::from_json(t, "case input '" + name + "'"));
  for (const auto& [name, value] : optional_object(j, "integers").items())
    c.integers.emplace(name, integer_from(value, "case integer '" + name + "'"));
  for (const auto& [name, value] : optional_object(j, "options").items())
    c.options.emplace(name, string_from(value, "case option '" + name + "'"));
  for (const auto& [name, value] : optional_object(j, "provenance").items())
    c.provenance.emplace(name, string_from(value, "case provenance '" + name + "'"));
  return c;
}

std::string case_file_text(const Case& c) {
  const nlohmann::json j = {{"format", "normbound-case"}, {"version", 1}, {"case", case_to_json(c)}};
  return j.dump(2) + "\n";
}

void write_case_file(const Case& c, const std::string& path) { write_file_atomically(path, case_file_text(c)); }

Case read_case_file(const std::string& path) {
  const std::string text = read_input_file(path, "case file");
  nlohmann::json j;
  try {
    j = parse_json(text, "case file '" + path + "'");
  } catch (const nlohmann::json::exception& e) {
    throw InputError("case file '" + path + "' is not JSON: " + e.what());
  }
  // Fields compared by value, never read with json::value (which throws on another JSON type).
  if (!j.is_object() || !j.contains("format") || j["format"] != "normbound-case" || !j.contains("case"))
    throw InputError("case file '" + path + "' is not a normbound case (expected \"format\": \"normbound-case\")");
  if (!j.contains("version") || j["version"] != 1)
    throw InputError("case file '" + path + "' has an unsupported version (this normbound reads version 1)");
  try {
    return case_from_json(j["case"]);
  } catch (const InputError& e) {
    throw InputError("case file '" + path + "': " + e.what());
  }
}

}  // namespace nb
