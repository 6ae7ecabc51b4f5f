#include "verify/case.hpp"

#include <fstream>

#include "verify/atomic_file.hpp"
#include "verify/errors.hpp"

namespace nb {

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
  try {
    c.theorem = j.at("theorem").get<std::string>();
    c.label = j.value("label", std::string());
    for (const auto& [name, t] : j.at("numbers").items())
      c.numbers.emplace(name, ExactTensor::from_json(t, "case input '" + name + "'"));
    if (j.contains("integers")) c.integers = j["integers"].get<std::map<std::string, std::int64_t>>();
    if (j.contains("options")) c.options = j["options"].get<std::map<std::string, std::string>>();
    if (j.contains("provenance")) c.provenance = j["provenance"].get<std::map<std::string, std::string>>();
  } catch (const nlohmann::json::exception& e) {
    throw InputError(std::string("malformed case: ") + e.what());
  }
  return c;
}

void write_case_file(const Case& c, const std::string& path) {
  const nlohmann::json j = {{"format", "normbound-case"}, {"version", 1}, {"case", case_to_json(c)}};
  write_file_atomically(path, j.dump(2) + "\n");
}

Case read_case_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError("cannot read case file '" + path + "'");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw InputError("case file '" + path + "' is not JSON: " + e.what());
  }
  if (!j.is_object() || j.value("format", "") != "normbound-case" || !j.contains("case"))
    throw InputError("case file '" + path + "' is not a normbound case (expected \"format\": \"normbound-case\")");
  if (j.value("version", 0) != 1)
    throw InputError("case file '" + path + "' has an unsupported version (this normbound reads version 1)");
  return case_from_json(j["case"]);
}

}  // namespace nb
