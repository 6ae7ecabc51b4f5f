#include "verify/formula/theorem_spec.hpp"
#include "verify/formula/permutation_invariance.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>
#include <set>

#include <toml++/toml.h>

#include <nlohmann/json.hpp>

#include "verify/formula/formula_cost.hpp"
#include "verify/formula/theorem_spec_nesting.hpp"
#include "verify/formula/vocabulary/vocabulary.hpp"
#include "verify/numbers/exact.hpp"
#include "verify/numbers/number_literal.hpp"

namespace nb::formula {
namespace {

// The largest number a matrix's rows or cols may be (a length input's range bounds it otherwise).
constexpr std::int64_t kMaxFixedDimension = 4096;
// The longest length and the most entries of a vector or matrix at the high ends of its lengths:
// no theorem file asks for unbounded memory (docs/limits.md).
constexpr std::int64_t kMaxLength = std::int64_t{1} << 20;
constexpr std::int64_t kMaxEntries = std::int64_t{1} << 24;

// The entries of `table` in the order they are written (toml++ keeps a table sorted by key, but
// definitions build on those before them).
std::vector<std::pair<std::string, const toml::node*>> in_file_order(const toml::table& table) {
  std::vector<std::pair<std::string, const toml::node*>> entries;
  for (const auto& [key, value] : table) entries.emplace_back(std::string(key.str()), &value);
  std::stable_sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
    const toml::source_position &x = a.second->source().begin, &y = b.second->source().begin;
    return x.line != y.line ? x.line < y.line : x.column < y.column;
  });
  return entries;
}

// "FILE:LINE:COLUMN" of a value (just FILE when toml++ knows no place).
std::string place(const std::string& file, const toml::source_region& where) {
  if (where.begin.line == 0) return file;
  return file + ":" + std::to_string(where.begin.line) + ":" + std::to_string(where.begin.column);
}

class SpecReader {
 public:
  SpecReader(const toml::table& root, const std::string& file) : root_(root), file_(file) {}

  TheoremSpec read() {
    TheoremSpec s;
    known(root_, {"id", "title", "source", "fidelity", "expect", "statement", "corrected_by", "inputs", "define",
                  "claim", "assume", "quantity", "witness", "suite"},
          "");
    s.info.id = theorem_id("id");
    s.info.title = text(root_, "title");
    s.info.source = text(root_, "source");
    s.info.fidelity = choice<Fidelity>(root_, "fidelity", {"verbatim", "reconstructed", "heuristic", "extension"},
                             {Fidelity::Verbatim, Fidelity::Reconstructed, Fidelity::Heuristic, Fidelity::Extension});
    s.info.expect = choice<Expect>(root_, "expect", {"holds", "violated"}, {Expect::Holds, Expect::Violated});
    if (root_.contains("statement")) s.info.statement = text(root_, "statement");
    if (root_.contains("corrected_by")) s.info.corrected_by = theorem_id("corrected_by");
    s.inputs = inputs();
    for (const InputSpec& in : s.inputs) names_.insert(in.name);
    s.definitions = definitions();
    s.claims = relations("claim", true);
    s.assumptions = relations("assume", false);
    s.quantities = quantities();
    s.witnesses = witnesses(s.inputs);
    s.suite = suite();
    return s;
  }

 private:
  [[noreturn]] void fail(const toml::node& at, const std::string& what) const {
    throw InputError(place(file_, at.source()) + ": " + what);
  }

  // Refuses keys of `table` that are not `allowed` (a misspelt key would otherwise be ignored).
  void known(const toml::table& table, const std::set<std::string>& allowed, const std::string& in) const {
    for (const auto& [key, value] : table)
      if (!allowed.contains(std::string(key.str()))) {
        std::string list;
        for (const std::string& a : allowed) list += (list.empty() ? "" : ", ") + a;
        fail(value, "unknown key '" + std::string(key.str()) + "'" + in + " (known: " + list + ")");
      }
  }

  // The theorem id under `key`, which must be kebab-case.
  std::string theorem_id(const std::string& key) const {
    const std::string id = text(root_, key);
    if (id.empty() || id.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") != std::string::npos ||
        id.front() == '-' || id.back() == '-')
      fail(*root_.get(key), key + " must be kebab-case (lower-case letters, digits and '-'), not \"" + id + "\"");
    return id;
  }

  const toml::node& required(const toml::table& table, const std::string& key, const toml::node& owner) const {
    const toml::node* n = table.get(key);
    if (!n) fail(owner, "missing key '" + key + "'");
    return *n;
  }

  std::string text(const toml::table& table, const std::string& key) const {
    const toml::node& n = required(table, key, table);
    if (!n.is_string()) fail(n, "'" + key + "' must be a string");
    return std::string(*n.value<std::string_view>());
  }

  template <class T>
  T choice(const toml::table& table, const std::string& key, const std::vector<std::string>& names,
           const std::vector<T>& values) const {
    const std::string v = text(table, key);
    for (std::size_t i = 0; i < names.size(); ++i)
      if (v == names[i]) return values[i];
    std::string list;
    for (const std::string& n : names) list += (list.empty() ? "" : " | ") + n;
    fail(*table.get(key), "'" + key + "' must be one of " + list + ", not \"" + v + "\"");
  }

  bool flag(const toml::table& table, const std::string& key) const {
    const toml::node* n = table.get(key);
    if (!n) return false;
    if (!n->is_boolean()) fail(*n, "'" + key + "' must be true or false");
    return *n->value<bool>();
  }

  // A range end (or what `what` names, `the` in messages about its text) as an exact literal.
  std::string literal(const toml::node& n, const std::string& what = "a range end", const std::string& the = "") const {
    std::string text;
    if (const auto i = n.value_exact<std::int64_t>()) text = std::to_string(*i);
    else if (const auto d = n.value_exact<double>()) {
      char buffer[64];
      const auto end = std::to_chars(buffer, buffer + sizeof buffer, *d).ptr;
      text.assign(buffer, end);
      if (text.find_first_of("ni") != std::string::npos) fail(n, what + " must be finite");
    } else if (n.is_string()) text = std::string(*n.value<std::string_view>());
    else fail(n, what + " must be a number or a string holding a number (\"1/3\")");
    try {
      read_number_literal(text, the.empty() ? "the range end '" + text + "'" : the);
    } catch (const InputError& e) {
      fail(n, e.what());
    }
    return text;
  }

  std::vector<InputSpec> inputs() {
    const toml::node& node = required(root_, "inputs", root_);
    const toml::table* table = node.as_table();
    if (!table || table->empty()) fail(node, "[inputs] must be a table of at least one input");
    std::vector<InputSpec> out;
    for (const auto& [key, node_of] : in_file_order(*table)) {
      const toml::node& value = *node_of;
      InputSpec in;
      in.name = key;
      const toml::table* t = value.as_table();
      if (!t) fail(value, "input '" + in.name + "' must be a table: { kind = \"scalar\", range = [lo, hi] }");
      if (t->contains("kind") && text(*t, "kind") == "choice") {
        out.push_back(choice_input(in.name, *t));
        continue;
      }
      known(*t, {"kind", "length", "rows", "cols", "range", "values", "integer", "positive", "from", "unbounded",
                 "permutable", "default"},
            " in input '" + in.name + "'");
      in.kind = choice<InputSpec::Kind>(
          *t, "kind", {"scalar", "length", "vector", "matrix", "choice"},
          {InputSpec::Kind::Scalar, InputSpec::Kind::Length, InputSpec::Kind::Vector, InputSpec::Kind::Matrix,
           InputSpec::Kind::Scalar});
      if (in.kind == InputSpec::Kind::Vector) in.length = text(*t, "length");
      if (in.kind == InputSpec::Kind::Matrix) {
        in.rows = dimension(*t, "rows", value);
        in.cols = dimension(*t, "cols", value);
      }
      in.integer = flag(*t, "integer") || in.kind == InputSpec::Kind::Length;
      if (const toml::node* listed = t->get("values")) {
        choices(in, *listed, t->contains("range"));
      } else {
        const toml::node& range = required(*t, "range", value);
        const toml::array* ends = range.as_array();
        if (!ends || ends->size() != 2) fail(range, "range must be [low, high]");
        in.low = literal(*ends->get(0));
        in.high = literal(*ends->get(1));
        if (read_number_literal(in.low, "") > read_number_literal(in.high, ""))
          fail(range, "range [" + in.low + ", " + in.high + "] is empty");
        drawn_inside(in, range);
      }
      in.positive = flag(*t, "positive");
      read_from(in, *t);
      in.unbounded = flag(*t, "unbounded");
      in.permutable = flag(*t, "permutable");
      if (in.permutable && in.kind != InputSpec::Kind::Vector) fail(*t, "permutable = true is for a vector input");
      read_default(in, *t);
      out.push_back(std::move(in));
    }
    // A size names a length input (a matrix's size may be a number instead, which dimension()
    // checked; a vector's length is a name only).
    const auto sized_by_length = [&](const InputSpec& in, const std::string& size, const std::string& what) {
      if (what == "matrix" && !size.empty() && std::isdigit(static_cast<unsigned char>(size[0]))) return;
      const auto sizes = std::find_if(out.begin(), out.end(), [&](const InputSpec& o) { return o.name == size; });
      if (sizes == out.end() || sizes->kind != InputSpec::Kind::Length)
        fail(*table->get(in.name), what + " '" + in.name + "' has " + (what == "vector" ? "length" : "size") + " '" +
                                       size + "', which is not an input of kind \"length\"");
    };
    for (const InputSpec& in : out) {
      if (in.kind == InputSpec::Kind::Vector) sized_by_length(in, in.length, "vector");
      if (in.kind == InputSpec::Kind::Matrix) {
        sized_by_length(in, in.rows, "matrix");
        sized_by_length(in, in.cols, "matrix");
      }
    }
    for (const InputSpec& in : out)
      if (in.kind == InputSpec::Kind::Length && read_number_literal(in.low, "") < Rational(1))
        fail(*table->get(in.name), "length '" + in.name + "' must be at least 1 in all its range");
    for (const InputSpec& in : out)
      if (in.kind == InputSpec::Kind::Length && read_number_literal(in.high, "") > Rational(kMaxLength))
        fail(*table->get(in.name),
             "length '" + in.name + "' must be at most " + std::to_string(kMaxLength) + " in all its range");
    // The largest a size takes: a number, or the high end of a length (an integer, at most kMaxLength).
    const auto largest = [&](const std::string& size) {
      if (std::isdigit(static_cast<unsigned char>(size[0]))) return std::stoll(size);
      const auto length = std::find_if(out.begin(), out.end(), [&](const InputSpec& o) { return o.name == size; });
      return static_cast<long long>(std::floor(length->draw_high));
    };
    for (const InputSpec& in : out) {
      if (in.kind != InputSpec::Kind::Vector && in.kind != InputSpec::Kind::Matrix) continue;
      const long long rows = largest(in.kind == InputSpec::Kind::Vector ? in.length : in.rows);
      const long long cols = in.kind == InputSpec::Kind::Vector ? 1 : largest(in.cols);
      if (rows * cols > kMaxEntries)
        fail(*table->get(in.name), "'" + in.name + "' has up to " + std::to_string(rows * cols) +
                                       " entries at the high ends of its lengths; at most " +
                                       std::to_string(kMaxEntries));
    }
    return out;
  }

  // A choice input `name` (table `t`): `values`, a list of words the vocabulary knows (a normalizer
  // kernel), each taken as its code; a scalar integer input whose values are those codes.
  InputSpec choice_input(const std::string& name, const toml::table& t) const {
    known(t, {"kind", "values"}, " in choice input '" + name + "'");
    InputSpec in;
    in.name = name;
    in.integer = true;
    const toml::node& listed = required(t, "values", t);
    const toml::array* list = listed.as_array();
    if (!list || list->empty()) fail(listed, "a choice's values must be a list of at least one word: [\"softmax\", \"tanh\"]");
    const std::vector<std::string>& words = choice_words();
    for (const toml::node& v : *list) {
      const std::optional<std::string_view> word = v.value<std::string_view>();
      const auto known_word = word ? std::find(words.begin(), words.end(), std::string(*word)) : words.end();
      if (known_word == words.end()) {
        std::string names;
        for (const std::string& w : words) names += (names.empty() ? "" : ", ") + w;
        fail(v, "a value of choice '" + name + "' must be one of the words " + names);
      }
      if (std::find(in.words.begin(), in.words.end(), *known_word) != in.words.end())
        fail(v, "the choice '" + name + "' lists '" + *known_word + "' twice");
      in.words.push_back(*known_word);
      in.values.push_back(std::to_string(known_word - words.begin()));
    }
    const auto [low, high] = std::minmax_element(in.values.begin(), in.values.end(),
                                                 [](const std::string& a, const std::string& b) { return std::stoi(a) < std::stoi(b); });
    in.low = *low;
    in.high = *high;
    in.draw_low = std::stod(in.low);
    in.draw_high = std::stod(in.high);
    return in;
  }

  // The optional `from` of input `in`: the model source's number it reads (a length is read off the
  // vectors it sizes instead).
  void read_from(InputSpec& in, const toml::table& t) const {
    if (!t.contains("from")) return;
    // What model sources provide (models/sources/load_source.hpp).
    static const std::vector<std::string> kSourceNumbers = {"logits", "T", "query", "keys", "values", "vectors"};
    if (in.kind == InputSpec::Kind::Length)
      fail(*t.get("from"), "length '" + in.name + "' takes no 'from': on a source it is read off the inputs it sizes");
    in.from = choice<std::string>(t, "from", kSourceNumbers, kSourceNumbers);
  }

  // The optional `default` of input `in`: the exact literal that a case without the input takes (a
  // scalar only, inside its range or among its values), so that a source or a generator that does
  // not give it still feeds the file.
  void read_default(InputSpec& in, const toml::table& t) const {
    const toml::node* given = t.get("default");
    if (!given) return;
    if (in.kind != InputSpec::Kind::Scalar) fail(*given, "only a scalar input takes a default, not '" + in.name + "'");
    in.fallback = literal(*given);
    const Rational q = read_number_literal(in.fallback, "");
    const bool listed = std::any_of(in.values.begin(), in.values.end(),
                                    [&](const std::string& v) { return read_number_literal(v, "") == q; });
    if (in.values.empty() ? q < read_number_literal(in.low, "") || q > read_number_literal(in.high, "") : !listed)
      fail(*given, "the default " + in.fallback + " of '" + in.name + "' is outside its " +
                       (in.values.empty() ? "range [" + in.low + ", " + in.high + "]" : std::string("values")));
  }

  // The `values` of a scalar or length input `in` (`listed`), with its range ends, the smallest and
  // the largest of them. A value need not be a double: a case holds it exactly.
  void choices(InputSpec& in, const toml::node& listed, bool with_range) const {
    if (with_range) fail(listed, "input '" + in.name + "' has a range or values, not both");
    if (in.kind == InputSpec::Kind::Vector || in.kind == InputSpec::Kind::Matrix)
      fail(listed, "values are for scalar and length inputs, not for '" + in.name + "'");
    const toml::array* list = listed.as_array();
    if (!list || list->empty()) fail(listed, "values must be a list of at least one number: [a, b, ...]");
    Rational low, high;
    for (const toml::node& v : *list) {
      in.values.push_back(literal(v));
      const Rational q = read_number_literal(in.values.back(), "");
      if (in.integer && denominator(q) != 1) fail(v, "value " + in.values.back() + " of '" + in.name + "' is no integer");
      if (in.values.size() == 1 || q < low) {
        low = q;
        in.low = in.values.back();
      }
      if (in.values.size() == 1 || q > high) {
        high = q;
        in.high = in.values.back();
      }
    }
    in.draw_low = ExactTensor::literal(in.low).approx(0);
    in.draw_high = ExactTensor::literal(in.high).approx(0);
  }

  // Sets where the suite draws `in`: the doubles nearest to its range inside it (0.1 rounds to a
  // double above 1/10). Fails where the range holds no double, or no integer for an integer input.
  void drawn_inside(InputSpec& in, const toml::node& range) const {
    const auto nearest = [&](const std::string& end, double towards) {
      const double x = ExactTensor::literal(end).approx(0);
      if (!std::isfinite(x)) fail(range, "range end " + end + " is beyond binary64's range");
      const Rational exact = read_number_literal(end, "");
      return (towards > 0 ? Rational(x) < exact : Rational(x) > exact) ? std::nextafter(x, towards) : x;
    };
    in.draw_low = nearest(in.low, HUGE_VAL);
    in.draw_high = nearest(in.high, -HUGE_VAL);
    if (in.draw_low > in.draw_high)
      fail(range, "range [" + in.low + ", " + in.high + "] holds no binary64 number for the suite to draw");
    if (in.integer && std::ceil(in.draw_low) > std::floor(in.draw_high))
      fail(range, "range [" + in.low + ", " + in.high + "] holds no integer");
  }

  // A matrix's `rows` or `cols`: the name of a length input, or a positive integer (as its digits).
  std::string dimension(const toml::table& table, const std::string& key, const toml::node& owner) const {
    const toml::node& n = required(table, key, owner);
    if (n.is_string()) {
      std::string name(*n.value<std::string_view>());
      if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0])))
        fail(n, "'" + key + "' names a length input; a number is written without quotes (" + key + " = 3)");
      return name;
    }
    const auto count = n.value_exact<std::int64_t>();
    if (!count || *count < 1 || *count > kMaxFixedDimension)
      fail(n, "'" + key + "' must name a length input or be an integer in [1, " + std::to_string(kMaxFixedDimension) +
                  "]");
    return std::to_string(*count);
  }

  Formula formula(const toml::node& n, const std::string& what) const {
    if (!n.is_string()) fail(n, what + " must be a string holding a formula");
    return parse_formula(std::string(*n.value<std::string_view>()), place(file_, n.source()));
  }

  std::vector<std::pair<std::string, Formula>> definitions() {
    std::vector<std::pair<std::string, Formula>> out;
    const toml::node* node = root_.get("define");
    if (!node) return out;
    const toml::table* table = node->as_table();
    if (!table) fail(*node, "[define] must be a table of name = \"formula\"");
    for (const auto& [name, node_of] : in_file_order(*table)) {
      const toml::node& value = *node_of;
      if (names_.contains(name)) fail(value, "'" + name + "' is defined twice (an input or a definition)");
      out.emplace_back(name, formula(value, "definition '" + name + "'"));
      names_.insert(name);
    }
    return out;
  }

  // The [[claim]] or [[assume]] tables (`key`), each a value, a relation and a bound; at least one
  // where `required`.
  std::vector<ClaimSpec> relations(const std::string& key, bool at_least_one) const {
    std::vector<ClaimSpec> out;
    const toml::node* node = at_least_one ? &required(root_, key, root_) : root_.get(key);
    if (!node) return out;
    const toml::array* list = node->as_array();
    if (!list || (at_least_one && list->empty()) || !list->is_array_of_tables())
      fail(*node, std::string(key == "claim" ? "claims" : "assumptions") + " are written [[" + key +
                      "]] with value, relation and bound" + (at_least_one ? "; at least one" : ""));
    for (const toml::node& entry : *list) {
      const toml::table& t = *entry.as_table();
      if (key == "claim") known(t, {"value", "relation", "bound", "for_every"}, " in [[claim]]");
      else known(t, {"value", "relation", "bound"}, " in [[" + key + "]]");
      ClaimSpec c;
      c.value = formula(required(t, "value", entry), "value");
      c.relation = choice<Relation>(t, "relation", {"<=", "<", ">=", ">", "=="},
                          {Relation::LessEqual, Relation::Less, Relation::GreaterEqual, Relation::Greater,
                           Relation::Equal});
      c.bound = formula(required(t, "bound", entry), "bound");
      if (const toml::node* every = t.get("for_every")) c = for_every(*every, std::move(c), out.size());
      out.push_back(std::move(c));
    }
    return out;
  }

  // A per-index claim, `for_every = "i"`: value R bound for every i, where value and bound may read
  // the index variable i (its range: the lengths of what it indexes). It is the claim over the worst
  // i, the greatest value - bound for <= and < (least for >= and >; greatest |value - bound| for
  // ==), against 0, so that its verdict is the worst verdict over i; and a quantity names that i
  // (argmax, an interval of indices where the enclosures leave it undecided).
  ClaimSpec for_every(const toml::node& every, ClaimSpec c, std::size_t claim) const {
    const std::optional<std::string_view> var = every.value<std::string_view>();
    const std::string i(var ? *var : "");
    if (i.empty() || !(std::isalpha(static_cast<unsigned char>(i[0])) || i[0] == '_') ||
        i.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != std::string::npos ||
        names_.contains(i))
      fail(every, "for_every must name a new index variable (a name that is no input or definition), not '" + i + "'");
    const std::string difference = "(" + c.value.text + ") - (" + c.bound.text + ")";
    const bool below = c.relation == Relation::LessEqual || c.relation == Relation::Less;
    const bool equal = c.relation == Relation::Equal;
    const std::string worst = equal ? "abs(" + difference + ")" : below ? difference : "-(" + difference + ")";
    const std::string at = place(file_, every.source());
    ClaimSpec out;
    out.relation = c.relation;
    out.value = parse_formula((below || equal ? "max(" : "min(") + i + ", " + (equal ? worst : difference) + ")", at);
    out.bound = parse_formula("0", at);
    every_quantities_.push_back(
        {"worst " + i + " of claim " + std::to_string(claim + 1), parse_formula("argmax(vec(" + i + ", " + worst + "))", at)});
    return out;
  }

  // The [[quantity]] tables, each a name and a value formula (after the worst indices of the
  // per-index claims).
  std::vector<QuantitySpec> quantities() const {
    std::vector<QuantitySpec> out = every_quantities_;
    const toml::node* node = root_.get("quantity");
    if (!node) return out;
    const toml::array* list = node->as_array();
    if (!list || !list->is_array_of_tables()) fail(*node, "quantities are written [[quantity]] with name and value");
    std::set<std::string> names;
    for (const toml::node& entry : *list) {
      const toml::table& t = *entry.as_table();
      known(t, {"name", "value"}, " in [[quantity]]");
      QuantitySpec q{text(t, "name"), formula(required(t, "value", entry), "value")};
      if (q.name.empty() || !names.insert(q.name).second)
        fail(*t.get("name"), "quantity name \"" + q.name + "\" is empty or given twice");
      out.push_back(std::move(q));
    }
    return out;
  }

  // One input of a witness, as a case holds it: a length as an integer, a scalar as one literal, a
  // vector as a list of them, a matrix as a list of rows.
  void witness_input(const InputSpec& in, const toml::node& n, Case& c) const {
    const std::string what = "an entry of '" + in.name + "'", the = "the witness's '" + in.name + "'";
    if (in.is_choice()) {
      const std::optional<std::string_view> word = n.value<std::string_view>();
      if (!word || std::find(in.words.begin(), in.words.end(), std::string(*word)) == in.words.end())
        fail(n, "the choice '" + in.name + "' must be one of its values, as a string");
      c.options[in.name] = std::string(*word);
      return;
    }
    if (in.kind == InputSpec::Kind::Length) {
      const auto size = n.value_exact<std::int64_t>();
      if (!size) fail(n, "length '" + in.name + "' must be an integer");
      c.integers[in.name] = *size;
      return;
    }
    if (in.kind == InputSpec::Kind::Scalar) {
      c.numbers[in.name] = ExactTensor::literal(literal(n, what, the));
      return;
    }
    nlohmann::json values = nlohmann::json::array();
    std::size_t rows = 0, cols = 0;
    const toml::array* list = n.as_array();
    if (!list) fail(n, "'" + in.name + "' must be a list (" + (in.kind == InputSpec::Kind::Vector ? "[1, 2]" : "[[1, 2], [3, 4]]") + ")");
    for (const toml::node& entry : *list) {
      if (in.kind == InputSpec::Kind::Vector) {
        values.push_back(literal(entry, what, the));
        continue;
      }
      const toml::array* row = entry.as_array();
      if (!row || (rows > 0 && row->size() != cols)) fail(entry, "each row of '" + in.name + "' must be a list of one length");
      cols = row->size();
      for (const toml::node& x : *row) values.push_back(literal(x, what, the));
      ++rows;
    }
    const nlohmann::json shape = in.kind == InputSpec::Kind::Vector ? nlohmann::json::array({values.size()})
                                                                     : nlohmann::json::array({rows, cols});
    try {
      c.numbers[in.name] = ExactTensor::from_json({{"shape", shape}, {"values", values}}, in.name);
    } catch (const InputError& e) {
      fail(n, e.what());
    }
  }

  // The [[witness]] tables: a label and `inputs`, a value for every input that is not a length
  // (lengths may be given, or are read off the inputs they size).
  std::vector<WitnessSpec> witnesses(const std::vector<InputSpec>& inputs) const {
    std::vector<WitnessSpec> out;
    const toml::node* node = root_.get("witness");
    if (!node) return out;
    const toml::array* list = node->as_array();
    if (!list || !list->is_array_of_tables())
      fail(*node, "witnesses are written [[witness]] with label and inputs = { name = value, ... }");
    for (const toml::node& entry : *list) {
      const toml::table& t = *entry.as_table();
      known(t, {"label", "inputs"}, " in [[witness]]");
      WitnessSpec w{place(file_, entry.source()), {}};
      w.input.label = text(t, "label");
      w.input.provenance = {{"source", "witness"}};
      const toml::node& given = required(t, "inputs", entry);
      const toml::table* values = given.as_table();
      if (!values) fail(given, "a witness's inputs are a table { name = value, ... }");
      for (const auto& [key, value] : *values) {
        const std::string name(key.str());  // a structured binding, which clang's lambdas cannot capture
        const auto in = std::find_if(inputs.begin(), inputs.end(), [&](const InputSpec& i) { return i.name == name; });
        if (in == inputs.end()) fail(value, "the witness gives '" + name + "', which is not an input");
        witness_input(*in, value, w.input);
      }
      for (const InputSpec& in : inputs)
        if (in.kind != InputSpec::Kind::Length && in.fallback.empty() && !values->contains(in.name))
          fail(given, "the witness gives no value of '" + in.name + "'");
      out.push_back(std::move(w));
    }
    return out;
  }

  // The [suite] table: a structured generator, the longest L it draws, the paper regime's shapes.
  SuiteSpec suite() const {
    SuiteSpec out;
    const toml::node* node = root_.get("suite");
    if (!node) return out;
    const toml::table* t = node->as_table();
    if (!t) fail(*node, "[suite] must be a table (generator, max_L, min_N, paper_regime, regime_max_L, regime_why, sources)");
    known(*t, {"generator", "max_L", "min_N", "paper_regime", "regime_max_L", "regime_why", "sources"}, " in [suite]");
    out.place = place(file_, node->source());
    if (t->contains("generator"))
      out.generator = choice<SuiteSpec::Generator>(
          *t, "generator",
          {"shapes", "logit-cases", "finite-difference-cases", "fixed-set-cases", "two-level-logit-cases",
           "logit-pair-cases", "key-query-cases", "bounded-logit-sweeps", "length-scaled-cases",
           "paired-logit-cases", "sparsemax-step-cases", "scaled-token-cases", "separability-cases",
           "separability-near-infimum-cases", "full-selection-cases", "random-set-cases", "random-rate-cases",
           "every-size-cases",
           "coverage-cases", "normalizer-cases", "normalizer-range-cases",
           "sphere-expectation-cases"},
          {SuiteSpec::Generator::Shapes, SuiteSpec::Generator::LogitCases, SuiteSpec::Generator::FiniteDifferenceCases,
           SuiteSpec::Generator::FixedSetCases, SuiteSpec::Generator::TwoLevelLogitCases,
           SuiteSpec::Generator::LogitPairCases, SuiteSpec::Generator::KeyQueryCases,
           SuiteSpec::Generator::BoundedLogitSweeps, SuiteSpec::Generator::LengthScaledCases,
           SuiteSpec::Generator::PairedLogitCases, SuiteSpec::Generator::SparsemaxStepCases,
           SuiteSpec::Generator::ScaledTokenCases, SuiteSpec::Generator::SeparabilityCases,
           SuiteSpec::Generator::SeparabilityNearInfimumCases, SuiteSpec::Generator::FullSelectionCases,
           SuiteSpec::Generator::RandomSetCases, SuiteSpec::Generator::RandomRateCases,
           SuiteSpec::Generator::EverySizeCases,
           SuiteSpec::Generator::CoverageCases, SuiteSpec::Generator::NormalizerCases,
           SuiteSpec::Generator::NormalizerRangeCases, SuiteSpec::Generator::SphereExpectationCases});
    if (const toml::node* max_L = t->get("max_L")) {
      const auto n = max_L->value_exact<std::int64_t>();
      if (!n || *n < 2 || *n > kMaxLength)
        fail(*max_L, "max_L must be an integer in [2, " + std::to_string(kMaxLength) + "]");
      out.max_L = static_cast<std::size_t>(*n);
    }
    if (const toml::node* min_N = t->get("min_N")) {
      const auto n = min_N->value_exact<std::int64_t>();
      if (!n || *n < 1 || *n > 7) fail(*min_N, "min_N must be an integer in [1, 7]");
      if (out.generator != SuiteSpec::Generator::SeparabilityCases &&
          out.generator != SuiteSpec::Generator::SeparabilityNearInfimumCases)
        fail(*min_N, "min_N is for the separability generators");
      out.min_N = static_cast<std::size_t>(*n);
    }
    out.paper_regime = flag(*t, "paper_regime");
    if (const toml::node* max_L = t->get("regime_max_L")) {
      const auto n = max_L->value_exact<std::int64_t>();
      if (!n || *n < 1 || *n > kMaxLength)
        fail(*max_L, "regime_max_L must be an integer in [1, " + std::to_string(kMaxLength) + "]");
      if (!t->contains("regime_why")) fail(*max_L, "regime_max_L needs regime_why, the reason shown with it");
      out.regime_max_L = static_cast<std::size_t>(*n);
    }
    if (t->contains("regime_why")) out.regime_why = text(*t, "regime_why");
    out.sources = !t->contains("sources") || flag(*t, "sources");
    return out;
  }

  const toml::table& root_;
  const std::string& file_;
  std::set<std::string> names_;
  mutable std::vector<QuantitySpec> every_quantities_;  // of the per-index claims (for_every)
};

}  // namespace

TheoremSpec read_theorem_spec(const std::string& text, const std::string& file) {
  check_theorem_file_nesting(text, file);
  toml::table root;
  try {
    root = toml::parse(text, file);
  } catch (const toml::parse_error& e) {
    throw InputError(place(file, e.source()) + ": " + std::string(e.description()));
  }
  TheoremSpec spec = SpecReader(root, file).read();
  check_formula_costs(spec);
  check_declared_permutable_inputs(spec);
  return spec;
}

std::pair<std::size_t, std::size_t> dimensions(const InputSpec& in, const std::map<std::string, std::int64_t>& lengths) {
  const auto size = [&](const std::string& s) {
    return static_cast<std::size_t>(std::isdigit(static_cast<unsigned char>(s[0])) ? std::stoll(s) : lengths.at(s));
  };
  if (in.kind == InputSpec::Kind::Vector) return {size(in.length), 1};
  if (in.kind == InputSpec::Kind::Matrix) return {size(in.rows), size(in.cols)};
  return {1, 1};
}

}  // namespace nb::formula
