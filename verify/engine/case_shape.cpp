#include "verify/engine/case_shape.hpp"

#include <sstream>

#include "verify/io/errors.hpp"

namespace nb {
namespace {

std::size_t extent(const std::string& part, const std::string& value) {
  if (value.empty() || value.size() > 9 || value.find_first_not_of("0123456789") != std::string::npos ||
      std::stoul(value) == 0)
    throw UsageError("--shape " + part + ": expected a positive integer of at most 9 digits");
  return std::stoul(value);
}

}  // namespace

CaseShape parse_case_shape(const std::string& text) {
  CaseShape s;
  std::stringstream parts(text);
  std::string part;
  while (std::getline(parts, part, ',')) {
    const std::size_t eq = part.find('=');
    if (eq == std::string::npos) throw UsageError("--shape '" + part + "': expected NAME=VALUE (L, d, N or T)");
    const std::string name = part.substr(0, eq), value = part.substr(eq + 1);
    if (name == "L") s.L = extent(part, value);
    else if (name == "d") s.d = extent(part, value);
    else if (name == "N") s.N = extent(part, value);
    else if (name == "T") {
      try {
        if (ExactTensor::literal(value).exact(0) <= 0) throw UsageError("--shape " + part + ": T must be > 0");
      } catch (const InputError& e) {
        throw UsageError("--shape " + part + ": " + e.what());
      }
      s.T = value;
    } else {
      throw UsageError("--shape '" + part + "': unknown name '" + name + "' (L, d, N or T)");
    }
  }
  return s;
}

CaseShape shape_of(const Case& c) {
  CaseShape s;
  const auto has = [&](const char* name) { return c.numbers.contains(name); };
  if (has("logits")) s.L = c.number("logits").size();
  else if (has("keys")) s.L = c.number("keys").rows();
  else if (has("vectors")) s.L = c.number("vectors").rows();
  else if (has("logits1")) s.L = c.number("logits1").size();
  else if (c.integers.contains("L")) s.L = static_cast<std::size_t>(c.integer("L"));  // a theorem file's length
  if (has("vectors")) s.d = c.number("vectors").cols();
  else if (has("keys")) s.d = c.number("keys").cols();
  else if (c.integers.contains("d")) s.d = static_cast<std::size_t>(c.integer("d"));
  if (c.integers.contains("N")) s.N = static_cast<std::size_t>(c.integer("N"));
  return s;
}

bool has_shape(const Case& c, const CaseShape& wanted) {
  const CaseShape s = shape_of(c);
  return (!wanted.L || s.L == wanted.L) && (!wanted.d || s.d == wanted.d) && (!wanted.N || s.N == wanted.N);
}

std::string shape_text(const CaseShape& s) {
  std::string t;
  const auto add = [&](const std::string& part) { t += (t.empty() ? "" : ", ") + part; };
  if (s.L) add("L=" + std::to_string(*s.L));
  if (s.d) add("d=" + std::to_string(*s.d));
  if (s.N) add("N=" + std::to_string(*s.N));
  if (s.T) add("T=" + *s.T);
  return t;
}

}  // namespace nb
