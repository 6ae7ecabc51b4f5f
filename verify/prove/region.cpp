#include "verify/prove/region.hpp"
#include "verify/prove/ordered_cone.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

#include "verify/formula/vocabulary/vocabulary.hpp"
#include "verify/io/errors.hpp"
#include "verify/numbers/exact.hpp"
#include "verify/numbers/number_literal.hpp"

namespace nb::prove {
namespace {

using formula::dimensions;
using formula::InputSpec;
using Kind = InputSpec::Kind;

constexpr std::int64_t kMaxSize = std::int64_t{1} << 20;  // as a theorem file's lengths

// "NAME=REST" split at the first '='; throws UsageError quoting `option` when there is none.
std::pair<std::string, std::string> name_and_value(const std::string& text, const std::string& option) {
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    throw UsageError(option + " " + text + ": expected NAME=" + (option == "--size" ? "N" : "[LO,HI]"));
  return {text.substr(0, eq), text.substr(eq + 1)};
}

const InputSpec* input_named(const formula::TheoremSpec& spec, const std::string& name) {
  for (const InputSpec& in : spec.inputs)
    if (in.name == name) return &in;
  return nullptr;
}

std::string names_of(const formula::TheoremSpec& spec, bool lengths) {
  std::string names;
  for (const InputSpec& in : spec.inputs)
    if ((in.kind == Kind::Length) == lengths) names += (names.empty() ? "" : ", ") + in.name;
  return names.empty() ? "none" : names;
}

// "softmax, tanh": the words of a choice input.
std::string words_of(const InputSpec& in) {
  std::string words;
  for (const std::string& w : in.words) words += (words.empty() ? "" : ", ") + w;
  return words;
}

// The code of a choice's word (its index among the vocabulary's choice words), or -1.
Rational code_of(const std::string& word) {
  const std::vector<std::string>& words = formula::choice_words();
  const auto at = std::find(words.begin(), words.end(), word);
  return at == words.end() ? Rational(-1) : Rational(at - words.begin());
}

// The single value an input's range or values allow, if there is one.
std::optional<std::string> only_value(const InputSpec& in) {
  if (in.values.size() == 1) return in.values[0];
  if (in.values.empty() && read_number_literal(in.low, "") == read_number_literal(in.high, "")) return in.low;
  return std::nullopt;
}

}  // namespace

Region make_region(const formula::TheoremSpec& spec, const std::vector<std::string>& sizes,
                   const std::vector<std::string>& intervals, bool declared_ranges) {
  Region region;
  for (const std::string& s : sizes) {
    const auto [name, value] = name_and_value(s, "--size");
    const InputSpec* in = input_named(spec, name);
    if (!in || in->kind != Kind::Length)
      throw UsageError("--size " + s + ": " + spec.info.id + " has no length '" + name + "' (its lengths: " +
                       names_of(spec, true) + ")");
    if (value.empty() || value.size() > 7 || value.find_first_not_of("0123456789") != std::string::npos ||
        std::stoll(value) < 1 || std::stoll(value) > kMaxSize)
      throw UsageError("--size " + s + ": a length is an integer from 1 to " + std::to_string(kMaxSize));
    if (!region.sizes.emplace(name, std::stoll(value)).second) throw UsageError("--size " + name + " is given twice");
  }
  for (const InputSpec& in : spec.inputs) {
    if (in.kind != Kind::Length || region.sizes.contains(in.name)) continue;
    const std::optional<std::string> only = only_value(in);
    if (!only) throw UsageError("give the length " + in.name + " with --size " + in.name + "=N");
    region.sizes[in.name] = static_cast<std::int64_t>(read_number_literal(*only, "").convert_to<double>());
  }

  std::map<std::string, std::pair<Rational, Rational>> given;
  // Entries given one by one (NAME[i], NAME[i][j]): (input, "[i]" or "[i][j]") -> interval.
  std::map<std::pair<std::string, std::string>, std::pair<Rational, Rational>> entries;
  for (const std::string& r : intervals) {
    // Plain variables, not a structured binding: the lambda below captures the name.
    std::pair<std::string, std::string> parts = name_and_value(r, "--region");
    std::string name = std::move(parts.first);
    const std::string value = std::move(parts.second);
    std::string index;
    if (const std::size_t bracket = name.find('['); bracket != std::string::npos) {
      index = name.substr(bracket);
      name.resize(bracket);
    }
    const InputSpec* in = input_named(spec, name);
    if (!in || in->kind == Kind::Length)
      throw UsageError("--region " + r + ": " + spec.info.id + " has no input '" + name + "' that takes an interval (its inputs: " +
                       names_of(spec, false) + ")");
    if (in->is_choice()) {  // NAME=WORD: the choice at one of its words
      const auto word = std::find(in->words.begin(), in->words.end(), value);
      if (word == in->words.end() || !index.empty())
        throw UsageError("--region " + r + ": " + name + " is a choice: give " + name + "=WORD, WORD one of " +
                         words_of(*in));
      const Rational code = read_number_literal(in->values[static_cast<std::size_t>(word - in->words.begin())], "");
      if (!given.emplace(name, std::make_pair(code, code)).second) throw UsageError("--region " + name + " is given twice");
      continue;
    }
    const std::size_t comma = value.find(',');
    if (value.size() < 5 || value.front() != '[' || value.back() != ']' || comma == std::string::npos)
      throw UsageError("--region " + r + ": expected " + name + "=[LO,HI] with exact literals, e.g. [-1,1] or [1/2,2]");
    const auto end = [&](std::string text) {
      text.erase(std::remove(text.begin(), text.end(), ' '), text.end());
      try {
        return read_number_literal(text, "--region " + name);
      } catch (const InputError& e) {
        throw UsageError(e.what());
      }
    };
    const Rational lo = end(value.substr(1, comma - 1)), hi = end(value.substr(comma + 1, value.size() - comma - 2));
    if (lo > hi) throw UsageError("--region " + r + ": the low end exceeds the high end");
    if (!index.empty()) {
      if (!entries.emplace(std::make_pair(name, index), std::make_pair(lo, hi)).second)
        throw UsageError("--region " + name + index + " is given twice");
    } else if (!given.emplace(name, std::make_pair(lo, hi)).second) {
      throw UsageError("--region " + name + " is given twice");
    }
  }

  std::string missing;
  for (const InputSpec& in : spec.inputs) {
    if (in.kind == Kind::Length) continue;
    std::optional<std::pair<Rational, Rational>> range;
    if (const auto g = given.find(in.name); g != given.end()) {
      range = g->second;
      if (!in.values.empty() &&
          (range->first != range->second || std::none_of(in.values.begin(), in.values.end(), [&](const std::string& v) {
             return read_number_literal(v, "") == range->first;
           })))
        throw UsageError("--region " + in.name + ": " + in.name + " takes one of its values, as [v,v]");
    } else if (const std::optional<std::string> only = only_value(in)) {
      range = {read_number_literal(*only, ""), read_number_literal(*only, "")};
    } else if (declared_ranges && in.values.empty()) {
      range = {read_number_literal(in.low, ""), read_number_literal(in.high, "")};
    }
    const auto [rows, cols] = dimensions(in, region.sizes);
    if (rows * cols > kMaxRegionCoordinates || region.coordinates.size() + rows * cols > kMaxRegionCoordinates)
      throw UsageError("the region has more than " + std::to_string(kMaxRegionCoordinates) +
                       " coordinates (every entry of every input is one): give smaller sizes");
    for (std::size_t k = 0; k < rows * cols; ++k) {
      std::string label = in.name;
      if (in.kind == Kind::Vector) label += "[" + std::to_string(k) + "]";
      if (in.kind == Kind::Matrix) label += "[" + std::to_string(k / cols) + "][" + std::to_string(k % cols) + "]";
      const auto entry = entries.find({in.name, label.substr(in.name.size())});
      if (entry == entries.end() && !range) {
        // A choice is fixed to one word, not given an interval: a proof is for one kernel.
        if (in.is_choice())
          throw UsageError("give --region " + in.name + "=WORD, WORD one of " + words_of(in) + " (" + in.name +
                           " is a choice: a proof is for one of its words)");
        missing += (missing.empty() ? "" : ", ") + label;
        continue;
      }
      const std::pair<Rational, Rational> side = entry == entries.end() ? *range : entry->second;
      if (entry != entries.end()) entries.erase(entry);
      region.coordinates.push_back({in.name, k, label});
      region.box.lo.push_back(side.first);
      region.box.hi.push_back(side.second);
    }
  }
  if (!entries.empty())
    throw UsageError("--region " + entries.begin()->first.first + entries.begin()->first.second +
                     ": the input has no such entry at these sizes (a vector's entries are NAME[0] ..., a matrix's NAME[0][0] ...)");
  if (!missing.empty()) throw UsageError("give --region NAME=[LO,HI] for " + missing);
  return region;
}

std::string rational_literal(const Rational& q) {
  const double x = q.convert_to<double>();
  if (std::isfinite(x) && Rational(x) == q) return exact_decimal_or_hex(x);
  return numerator(q).str() + "/" + denominator(q).str();
}

std::string interval_text(const Box& box, std::size_t k) {
  return "[" + rational_literal(box.lo[k]) + ", " + rational_literal(box.hi[k]) + "]";
}

Case point_case(const formula::TheoremSpec& spec, const Region& region, const std::vector<Rational>& coordinates) {
  std::vector<Rational> point = coordinates;
  cone_entries(region, point);  // an ordered cone's coordinates to its input's entries
  Case c;
  c.theorem = spec.info.id;
  c.integers = region.sizes;
  std::size_t k = 0;
  for (const InputSpec& in : spec.inputs) {
    if (in.kind == Kind::Length) continue;
    if (in.is_choice()) {
      c.options[in.name] = formula::choice_words().at(static_cast<std::size_t>(point[k++].convert_to<double>()));
      continue;
    }
    const auto [rows, cols] = dimensions(in, region.sizes);
    nlohmann::json values = nlohmann::json::array();
    for (std::size_t e = 0; e < rows * cols; ++e) values.push_back(rational_literal(point[k++]));
    const nlohmann::json tensor =
        in.kind == Kind::Scalar   ? values[0]
        : in.kind == Kind::Vector ? nlohmann::json{{"shape", {rows}}, {"values", values}}
                                  : nlohmann::json{{"shape", {rows, cols}}, {"values", values}};
    c.numbers[in.name] = ExactTensor::from_json(tensor, in.name);
  }
  return c;
}

bool case_in_box(const Case& c, const Region& region, const Box& box) {
  if (c.integers != region.sizes) return false;
  for (std::size_t k = 0; k < region.coordinates.size(); ++k) {
    const Coordinate& at = region.coordinates[k];
    if (const auto option = c.options.find(at.input); option != c.options.end()) {
      if (code_of(option->second) < box.lo[k] || code_of(option->second) > box.hi[k]) return false;
      continue;
    }
    const auto number = c.numbers.find(at.input);
    if (number == c.numbers.end() || at.entry >= number->second.size()) return false;
    const Rational x = number->second.exact(at.entry);
    if (x < box.lo[k] || x > box.hi[k]) return false;
  }
  return true;
}

std::vector<Rational> midpoint(const Box& box) {
  std::vector<Rational> m(box.lo.size());
  for (std::size_t k = 0; k < m.size(); ++k) m[k] = (box.lo[k] + box.hi[k]) / 2;
  return m;
}

Rational volume(const Box& box, const Region& region) {
  Rational v = 1;
  for (std::size_t k = 0; k < box.lo.size(); ++k)
    if (region.box.hi[k] > region.box.lo[k]) v *= box.hi[k] - box.lo[k];
  return v;
}

}  // namespace nb::prove
