#include "reports/case_text.hpp"

#include <array>

#include "reports/decimal_text.hpp"

namespace nb::reports {
namespace {

// How a binary64 entry is printed: exactly (decimal or hex), or in decimal for a reader.
enum class Binary64Text { Exact, Decimal };

// The text of entry i; `rounded` is set when it is not the entry exactly.
std::string entry_text(const ExactTensor& t, std::size_t i, Binary64Text style, bool& rounded) {
  if (!t.is_dyadic(i)) return t.text(i);
  if (style == Binary64Text::Exact) return exact_decimal_or_hex(t.approx(i));
  bool exact = true;
  std::string text = readable_decimal(t.approx(i), &exact);
  rounded = rounded || !exact;
  return text;
}

std::string shape_text(const ExactTensor& t) {
  return t.is_vector() ? std::to_string(t.rows()) : std::to_string(t.rows()) + " x " + std::to_string(t.cols());
}

// Scalars as their value, vectors as (a, b, ...), matrices as [(row), (row), ...].
std::string tensor_text(const ExactTensor& t, Binary64Text style, bool& rounded) {
  if (t.size() == 1) return entry_text(t, 0, style, rounded);
  std::string s = t.is_vector() ? "" : "[";
  for (std::size_t r = 0; r < t.rows(); ++r) {
    s += r ? (t.is_vector() ? ", " : "), (") : (t.is_vector() ? "(" : "(");
    for (std::size_t c = 0; c < t.cols(); ++c) s += (c ? ", " : "") + entry_text(t, r * t.cols() + c, style, rounded);
  }
  return s + (t.is_vector() ? ")" : ")]");
}

std::vector<std::pair<std::string, std::string>> inputs(const Case& c, std::size_t max_entries,
                                                        const std::string& too_long, Binary64Text style = Binary64Text::Exact,
                                                        bool* rounded = nullptr) {
  bool any_rounded = false;
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [name, t] : c.numbers)
    out.emplace_back(name, t.size() <= max_entries ? tensor_text(t, style, any_rounded) : shape_text(t) + too_long);
  for (const auto& [name, value] : c.integers) out.emplace_back(name, std::to_string(value));
  for (const auto& [name, value] : c.options) out.emplace_back(name, value);
  if (rounded) *rounded = any_rounded;
  return out;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> exact_inputs(const Case& c, std::size_t max_entries,
                                                              const std::string& too_long) {
  return inputs(c, max_entries, too_long);
}

std::vector<std::pair<std::string, std::string>> decimal_inputs(const Case& c, bool& rounded, std::size_t max_entries,
                                                                const std::string& too_long) {
  return inputs(c, max_entries, too_long, Binary64Text::Decimal, &rounded);
}

std::string decimal_input_lines(const Case& c, const std::string& indent, std::size_t max_entries,
                                const std::string& too_long) {
  bool rounded = false;
  std::string lines;
  for (const auto& [name, text] : decimal_inputs(c, rounded, max_entries, too_long))
    lines += indent + name + " = " + text + "\n";
  if (rounded) lines += indent + "(decimals: the shortest that read back to the binary64 values)\n";
  return lines;
}

std::string input_summary(const Case& c) {
  std::string s;
  for (const auto& [name, text] : inputs(c, 4, " values")) s += (s.empty() ? "" : ", ") + name + " = " + text;
  return s;
}

std::string location_text(const std::map<std::string, std::string>& provenance) {
  // The keys sources use to say where in a model or file a case was taken.
  static constexpr std::array<const char*, 6> kLocating{"file", "prompt", "layer", "head", "row", "token"};
  std::string s;
  for (const char* key : kLocating)
    if (auto it = provenance.find(key); it != provenance.end())
      s += (s.empty() ? "" : ", ") + std::string(key) + " " + it->second;
  return s;
}

}  // namespace nb::reports
