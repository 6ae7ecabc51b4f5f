#include "verify/prove/statement_text.hpp"

#include <sstream>

#include "verify/engine/sides.hpp"

namespace nb::prove {
namespace {

// The exact literal, followed by its value to 6 significant digits where the literal is not a
// plain decimal (1/3, 0x1.8p-60): an end a reader can compare at a glance.
std::string readable_end(const Rational& q) {
  const std::string exact = rational_literal(q);
  if (exact.find_first_of("/xX") == std::string::npos) return exact;
  std::ostringstream decimal;
  decimal.precision(6);
  decimal << Rational(q).convert_to<double>();
  return exact + " (" + decimal.str() + ")";
}

std::string readable_interval(const Box& box, std::size_t k) {
  return "[" + readable_end(box.lo[k]) + ", " + readable_end(box.hi[k]) + "]";
}

}  // namespace

std::string claim_line(const formula::TheoremSpec& spec, std::size_t k) {
  const formula::ClaimSpec& c = spec.claims[k];
  return "claim " + std::to_string(k + 1) + ": " + c.value.text + " " +
         (c.relation == Relation::Equal ? "==" : relation_symbol(c.relation)) + " " + c.bound.text;
}

std::string sizes_text(const Region& region) {
  std::string sizes;
  for (const auto& [name, size] : region.sizes) sizes += (sizes.empty() ? "" : ", ") + name + " = " + std::to_string(size);
  return sizes.empty() ? "none" : sizes;
}

std::string region_text(const Region& region, const Box& box) {
  std::string text;
  for (std::size_t k = 0; k < region.coordinates.size();) {
    const std::string& input = region.coordinates[k].input;
    std::size_t end = k;
    bool shared = true;
    while (end < region.coordinates.size() && region.coordinates[end].input == input) {
      shared = shared && box.lo[end] == box.lo[k] && box.hi[end] == box.hi[k];
      ++end;
    }
    text += text.empty() ? "" : "; ";
    if (shared)
      text += input + " in " + readable_interval(box, k) + (end - k > 1 ? " (each of " + std::to_string(end - k) + " entries)" : "");
    else
      for (std::size_t e = k; e < end; ++e) text += (e > k ? ", " : "") + region.coordinates[e].label + " in " + readable_interval(box, e);
    k = end;
  }
  return text;
}

}  // namespace nb::prove
