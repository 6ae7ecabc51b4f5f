#include "verify/engine/case.hpp"

#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "verify/io/atomic_file.hpp"
#include "verify/io/errors.hpp"
#include "verify/io/input_file.hpp"
#include "verify/io/json_document.hpp"
#include "verify/io/json_value.hpp"
#include "verify/io/simdjson_value.hpp"

namespace nb {
namespace {

const std::string kCaseFormat = "normbound-case";

template <JsonValue V>
V required_field(const V& j, const std::string& field) {
  const std::optional<V> value = j.find(field);
  if (!value) throw InputError("a case needs the field '" + field + "'");
  return *value;
}

template <JsonValue V>
const V& object_from(const V& value, const std::string& field) {
  if (!value.is_object())
    throw InputError("case field '" + field + "' must be an object, not a JSON " + value.type_name());
  return value;
}

// f(key, value) for each member of the optional object field (none when it is absent).
template <JsonValue V, class F>
void for_each_optional_member(const V& j, const std::string& field, F f) {
  if (const std::optional<V> value = j.find(field)) object_from(*value, field).for_each_member(f);
}

template <JsonValue V>
std::string string_from(const V& value, const std::string& what) {
  if (!value.is_string()) throw InputError(what + " must be a string, not a JSON " + value.type_name());
  return std::string(value.string());
}

// Only JSON integers: nlohmann would otherwise truncate 2.5 to 2, convert true to 1 and wrap
// integers past 2^63 - 1.
template <JsonValue V>
std::int64_t integer_from(const V& value, const std::string& what) {
  constexpr auto kMax = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  const bool fits = value.is_unsigned() ? value.uint64() <= kMax : value.is_integer();
  if (!fits) throw InputError(what + " is " + value.dump() + ", not an integer in the 64-bit signed range");
  return value.int64();
}

template <JsonValue V>
Case case_from(const V& j) {
  if (!j.is_object()) throw InputError("a case must be a JSON object");
  Case c;
  c.theorem = string_from(required_field(j, "theorem"), "case field 'theorem'");
  if (const std::optional<V> label = j.find("label")) c.label = string_from(*label, "case field 'label'");
  object_from(required_field(j, "numbers"), "numbers").for_each_member([&](std::string_view name, const V& t) {
    c.numbers.emplace(std::string(name), ExactTensor::from_json_value(t, "case input '" + std::string(name) + "'"));
  });
  for_each_optional_member(j, "integers", [&](std::string_view name, const V& value) {
    c.integers.emplace(std::string(name), integer_from(value, "case integer '" + std::string(name) + "'"));
  });
  for_each_optional_member(j, "options", [&](std::string_view name, const V& value) {
    c.options.emplace(std::string(name), string_from(value, "case option '" + std::string(name) + "'"));
  });
  for_each_optional_member(j, "provenance", [&](std::string_view name, const V& value) {
    c.provenance.emplace(std::string(name), string_from(value, "case provenance '" + std::string(name) + "'"));
  });
  return c;
}

// The case of a case file's document {"format": "normbound-case", "version": 1, "case": {...}}.
template <JsonValue V>
Case case_file_from(const V& j, const std::string& path) {
  // Fields compared by value, whatever their JSON type.
  const std::optional<V> format = j.find("format"), version = j.find("version"), c = j.find("case");
  if (!j.is_object() || !format || !format->is_string() || format->string() != kCaseFormat || !c)
    throw InputError("case file '" + path + "' is not a normbound case (expected \"format\": \"normbound-case\")");
  if (!version || !version->is_number() || version->number() != 1)
    throw InputError("case file '" + path + "' has an unsupported version (this normbound reads version 1)");
  try {
    return case_from(*c);
  } catch (const InputError& e) {
    throw InputError("case file '" + path + "': " + e.what());
  }
}

// The case of a case file's bytes.
Case case_of_file_text(const std::string& text, const std::string& path) {
  // simdjson parses a case file's tens of thousands of strings several times faster than
  // nlohmann's DOM parser. A document it refuses goes to nlohmann's parser, which reads it as
  // before or refuses it naming the position and the reason. simdjson's own depth limit, half of
  // kMaxJsonDepth, stands in for require_json_depth's pass over the text (a case nests four
  // levels): a deeper document goes to parse_json, which applies the limit.
  // One parser per thread, reused: a parser's buffers sized for a case file cost more page faults
  // than the parse when allocated for each of many files.
  thread_local simdjson::dom::parser parser;
  simdjson::dom::element root;
  const bool ready = (parser.capacity() >= text.size() && parser.max_depth() == kMaxJsonDepth / 2) ||
                     parser.allocate(text.size(), kMaxJsonDepth / 2) == simdjson::SUCCESS;
  if (ready && parser.parse(text).get(root) == simdjson::SUCCESS)
    return case_file_from(SimdjsonValue(root), path);
  return case_file_from(NlohmannValue(parse_json(text, "case file '" + path + "'")), path);
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

Case case_from_json(const nlohmann::json& j) { return case_from(NlohmannValue(j)); }

std::string case_file_text(const Case& c) {
  const nlohmann::json j = {{"format", "normbound-case"}, {"version", 1}, {"case", case_to_json(c)}};
  return j.dump(2) + "\n";
}

void write_case_file(const Case& c, const std::string& path) { write_file_atomically(path, case_file_text(c)); }

Case read_case_file(const std::string& path) { return case_of_file_text(read_input_file(path, "case file"), path); }

Case read_case_file(const std::string& path, std::string& sha256) {
  return case_of_file_text(read_input_file(path, "case file", sha256), path);
}

}  // namespace nb
