#include "verify/formula/formula_cost.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "verify/formula/vocabulary/expectations.hpp"
#include "verify/formula/vocabulary/sphere_expectations.hpp"
#include "verify/formula/vocabulary/vocabulary.hpp"

namespace nb::formula {
namespace {

// The largest rows and columns a value may have (1 x 1: a scalar).
struct Extent {
  double rows = 1, cols = 1;
  double entries() const { return rows * cols; }
};

Extent widest(const Extent& a, const Extent& b) { return {std::max(a.rows, b.rows), std::max(a.cols, b.cols)}; }

// The work of an exact product of |e| factors (or of e^|c|): |e| log2 |e|, at least 1.
double power_work(double e) {
  e = std::abs(e);
  return e > 2 ? e * std::log2(e) : 2;
}

std::string operations(double cost) {
  std::ostringstream s;
  s.precision(3);
  s << cost;
  return s.str();
}

class CostEstimate {
 public:
  CostEstimate(const TheoremSpec& spec) {
    const auto largest = [&](const std::string& size) -> double {
      if (!size.empty() && std::isdigit(static_cast<unsigned char>(size[0]))) return std::stod(size);
      for (const InputSpec& in : spec.inputs)
        if (in.name == size) return std::floor(in.draw_high);
      return 1;
    };
    for (const InputSpec& in : spec.inputs) {
      if (in.kind == InputSpec::Kind::Vector) names_[in.name] = {largest(in.length), 1};
      else if (in.kind == InputSpec::Kind::Matrix) names_[in.name] = {largest(in.rows), largest(in.cols)};
      else names_[in.name] = {};
      if (in.kind == InputSpec::Kind::Length) high_ends_[in.name] = std::floor(in.draw_high);
    }
  }

  // Adds `f`'s cost to the total; binds `name` (if any) to its value's extent.
  void add(const Formula& f, const std::string& name = "") {
    f_ = &f;
    const Extent e = estimate(f.root);
    if (!name.empty()) names_[name] = e;
  }

  // Binds `name` to `f`, a definition local to a draw (it reads an expectation's random matrix):
  // its cost is counted where a body reads it, as the compiler computes it there, once per draw.
  void add_draw_local(const Formula& f, const std::string& name) { locals_[name] = &f; }

  double total() const { return total_; }

 private:
  // The extent of n's value, its cost added to total_, which is checked at each node: the error
  // names the innermost node that passes the limit.
  Extent estimate(const Node& n) {
    const double before = total_;
    const Extent e = extent_and_cost(n);
    if (total_ > kMaxFormulaCost) too_costly(n, total_ - before);
    return e;
  }

  [[noreturn]] void too_costly(const Node& n, double cost) const {
    throw FormulaError("evaluating this costs about " + operations(cost) +
                           " operations at the high ends of the lengths (the theorem's formulas up to here: " +
                           operations(total_) + "), more than normbound's limit of " + operations(kMaxFormulaCost) +
                           " (docs/limits.md); give the lengths smaller ranges, nest fewer sums or use smaller "
                           "constant exponents",
                       f_->text, n.position, f_->origin);
  }

  Extent extent_and_cost(const Node& n) {
    switch (n.kind) {
      case Node::Kind::Number: total_ += 1; return {};
      case Node::Kind::Name: {
        total_ += 1;
        if (indices_.contains(n.text)) return {};
        if (const auto local = locals_.find(n.text); local != locals_.end()) {
          const Formula* f = f_;
          f_ = local->second;
          const Extent e = estimate(local->second->root);
          f_ = f;
          return e;
        }
        const auto found = names_.find(n.text);
        return found == names_.end() ? Extent{} : found->second;
      }
      case Node::Kind::Negate:
      case Node::Kind::Add:
      case Node::Kind::Subtract:
      case Node::Kind::Multiply:
      case Node::Kind::Divide:
      case Node::Kind::Compare: {
        Extent e;
        for (const Node& a : n.args) e = widest(e, estimate(a));
        total_ += e.entries();
        return e;
      }
      case Node::Kind::Power: {
        const Extent base = estimate(n.args[0]);
        estimate(n.args[1]);
        const std::optional<double> e = constant(n.args[1]);
        total_ += base.entries() * (e ? power_work(*e) : 4);
        return base;
      }
      case Node::Kind::Index: {
        const Extent base = estimate(n.args[0]);
        estimate(n.args[1]);
        return base.cols > 1 ? Extent{base.cols, 1} : Extent{};
      }
      case Node::Kind::Call: return call(n);
    }
    return {};
  }

  Extent call(const Node& n) {
    const std::string& f = n.text;
    const bool over_a_set = n.args.size() == 3 && f != "vec";  // op(i, S, e): S computed once
    const bool index_form = (f == "sum" || f == "vec" || f == "max" || f == "min" || f == "count") &&
                            (n.args.size() == 2 || over_a_set) && n.args[0].kind == Node::Kind::Name &&
                            !names_.contains(n.args[0].text) && !indices_.contains(n.args[0].text);
    if (index_form) {
      const std::string& var = n.args[0].text;
      double length = range(var, n.args.back());
      if (over_a_set) length = std::max(length, estimate(n.args[1]).rows);
      indices_.insert(var);
      // The body's cost once, then its cost on each further entry.
      estimate(n.args.back());
      total_ += (length - 1) * cost_per_entry(n.args.back(), var) + length;
      indices_.erase(var);
      return f == "vec" ? Extent{length, 1} : Extent{};
    }
    if (f == "expectation" && n.args.size() >= 3) return expectation(n);
    std::vector<Extent> args;
    for (const Node& a : n.args) args.push_back(estimate(a));
    const Extent first = args.empty() ? Extent{} : args[0];
    if (const VocabularyEntry* v = vocabulary_entry(f)) return vocabulary_cost(*v, args);
    if (f == "delta" || f == "max" || f == "min" || f == "indicator" || f == "where") {
      total_ += 1;
      return {};
    }
    if (f == "dot" || f == "norm" || f == "frobenius_norm") {
      total_ += 2 * first.entries();
      return {};
    }
    if (const std::optional<Extent> e = index_set_cost(f, first, args)) return *e;
    if (f == "largest") {
      total_ += first.entries() * std::log2(first.entries() + 1);
      return {};
    }
    if (f == "softmax_jacobian") {
      total_ += first.rows * first.rows;
      return {first.rows, first.rows};
    }
    if (f == "spectral_norm") {
      total_ += first.rows * first.cols * std::min(first.rows, first.cols);
      return {};
    }
    if (f == "exp" && !n.args.empty())
      if (const std::optional<double> c = constant(n.args[0])) total_ += first.entries() * power_work(*c);
    total_ += 4 * first.entries();
    return first;  // exp, log, log1p, sqrt, abs, softmax, sum_of_others (and unknown names, refused later)
  }

  // expectation(S, subset(L, N), e[, low, high[, draws]]): e's cost once per subset it is evaluated on, L
  // and N at the high ends of their ranges (a length's, or a constant's value).
  Extent expectation(const Node& n) {
    const auto high_end = [&](const Node& x) {
      if (const std::optional<double> c = constant(x)) return *c;
      const auto found = x.kind == Node::Kind::Name ? high_ends_.find(x.text) : high_ends_.end();
      return found == high_ends_.end() ? 1.0 : found->second;
    };
    const Node& law = n.args[1];
    if (over_a_sphere(n)) return sphere_expectation(n, high_end);
    const double L = law.args.size() == 2 ? high_end(law.args[0]) : 1;
    const double N = law.args.size() == 2 ? high_end(law.args[1]) : 1;
    for (std::size_t k = 1; k < n.args.size(); ++k)
      if (k != 2) estimate(n.args[k]);
    const double before = total_;
    estimate(n.args[2]);
    total_ += (expectation_evaluations(L, N, n.args.size() >= 5) - 1) * cost_per_entry(n.args[2], n.args[0].text) + L;
    if (total_ > kMaxFormulaCost) too_costly(n, total_ - before);
    return {};
  }

  // expectation(X, sphere(L, d, radius), e, low, high, draws): e's cost once per draw of the first
  // look, X an L x d matrix, L, d and draws at the high ends of their ranges.
  template <class HighEnd>
  Extent sphere_expectation(const Node& n, const HighEnd& high_end) {
    const Node& law = n.args[1];
    const double L = law.args.size() == 3 ? high_end(law.args[0]) : 1, d = law.args.size() == 3 ? high_end(law.args[1]) : 1;
    const double draws = n.args.size() == 6 ? high_end(n.args[5]) : 1;
    for (std::size_t k = 1; k < n.args.size(); ++k)
      if (k != 2) estimate(n.args[k]);
    const double before = total_;
    names_[n.args[0].text] = Extent{L, d};
    estimate(n.args[2]);
    total_ += (draws - 1) * cost_per_entry(n.args[2], n.args[0].text) + draws * L * d;
    names_.erase(n.args[0].text);
    if (total_ > kMaxFormulaCost) too_costly(n, total_ - before);
    return {};
  }

  // The cost of `body` on each entry of a loop over `var` after the first: the compiler computes
  // a subexpression that reads neither var nor a variable bound inside the body around it once
  // per run of the loop (verify/formula/formula_program.hpp), so such a subtree counts as a name.
  double cost_per_entry(const Node& body, const std::string& var) {
    std::set<std::string> bound{var};
    visit(body, [&](const Node& x) {
      if (const std::string* b = binder(x)) bound.insert(*b);
    });
    const std::map<std::string, Extent> names = names_;
    std::size_t kept = 0;
    const std::function<Node(const Node&)> varying = [&](const Node& x) -> Node {
      if (!reads(x, bound) && !x.args.empty()) {
        const std::string name = "\x01" + std::to_string(kept++);  // no name a file can write
        names_[name] = shape(x);
        return Node{Node::Kind::Name, name, {}, x.position};
      }
      Node out{x.kind, x.text, {}, x.position, x.height};
      for (const Node& a : x.args) out.args.push_back(varying(a));
      return out;
    };
    const Node per_entry = varying(body);
    const double before = total_;
    const Formula* f = f_;
    estimate(per_entry);
    const double cost = total_ - before;
    total_ = before;
    f_ = f;
    names_ = names;
    return cost;
  }

  // The variable `n` binds: of an index form (sum, vec, max, min, count) or an expectation.
  static const std::string* binder(const Node& n) {
    const bool binds = n.kind == Node::Kind::Call && n.args.size() >= 2 && n.args[0].kind == Node::Kind::Name &&
                       (n.text == "sum" || n.text == "vec" || n.text == "max" || n.text == "min" ||
                        n.text == "count" || n.text == "expectation");
    return binds ? &n.args[0].text : nullptr;
  }

  // Whether `n` reads one of `vars` that it does not bind itself (a draw-local definition: where
  // its formula does).
  bool reads(const Node& n, const std::set<std::string>& vars) const {
    if (n.kind == Node::Kind::Name) {
      const auto local = locals_.find(n.text);
      return vars.contains(n.text) || (local != locals_.end() && reads(local->second->root, vars));
    }
    if (const std::string* b = binder(n); b && vars.contains(*b)) {
      std::set<std::string> free = vars;
      free.erase(*b);
      return std::any_of(n.args.begin() + 1, n.args.end(), [&](const Node& a) { return reads(a, free); });
    }
    return std::any_of(n.args.begin(), n.args.end(), [&](const Node& a) { return reads(a, vars); });
  }

  // A vocabulary function's cost from its arguments' extents, and its value's extent.
  Extent vocabulary_cost(const VocabularyEntry& v, const std::vector<Extent>& args) {
    std::vector<std::pair<double, double>> extents;
    std::vector<Shape> shapes;
    std::vector<Size> sizes;
    for (const Extent& a : args) {
      extents.emplace_back(a.rows, a.cols);
      shapes.push_back(a.cols > 1 ? Shape::Matrix : a.rows > 1 ? Shape::Vector : Shape::Scalar);
      sizes.push_back(Size{std::to_string(static_cast<long long>(a.rows)), std::to_string(static_cast<long long>(a.cols))});
    }
    total_ += v.cost(extents);
    if (args.size() != v.arity) return {};
    try {
      const auto result = v.result(shapes, sizes);
      return {std::stod(result.second.rows), std::stod(result.second.cols)};
    } catch (const std::exception&) {
      return {};  // a misuse, reported when the formula is compiled
    }
  }

  // The most entries index `var` runs over in `body`: the largest extent of what it indexes.
  double range(const std::string& var, const Node& body) {
    double length = 1;
    visit(body, [&](const Node& n) {
      if (n.kind != Node::Kind::Index || n.args[1].kind != Node::Kind::Name || n.args[1].text != var) return;
      const Node& base = n.args[0];
      // K[r][var]: var runs over K's columns.
      const Extent e = base.kind == Node::Kind::Index ? Extent{shape(base.args[0]).cols, 1} : shape(base);
      length = std::max(length, e.rows);
    });
    return length;
  }

  // n's extent alone (its cost not counted).
  Extent shape(const Node& n) {
    const double before = total_;
    const Formula* f = f_;
    Extent e;
    try {
      e = extent_and_cost(n);
    } catch (const FormulaError&) {
      e = {};  // reported where it is counted
    }
    total_ = before;
    f_ = f;
    return e;
  }

  template <class Visit>
  static void visit(const Node& n, const Visit& v) {
    v(n);
    for (const Node& a : n.args) visit(a, v);
  }

  // The value of `n` when it holds no name (a constant: 2^31, -3e9), as a double; infinite where it
  // overflows.
  static std::optional<double> constant(const Node& n) {
    std::vector<double> a;
    for (const Node& arg : n.args) {
      const std::optional<double> x = constant(arg);
      if (!x) return std::nullopt;
      a.push_back(*x);
    }
    switch (n.kind) {
      case Node::Kind::Number: return std::strtod(n.text.c_str(), nullptr);
      case Node::Kind::Negate: return -a[0];
      case Node::Kind::Add: return a[0] + a[1];
      case Node::Kind::Subtract: return a[0] - a[1];
      case Node::Kind::Multiply: return a[0] * a[1];
      case Node::Kind::Divide: return a[0] / a[1];
      case Node::Kind::Power: return std::pow(a[0], a[1]);
      default: return std::nullopt;
    }
  }

  // top, left_out and argmax compare pairs of entries (L^2 where enclosures are ordered), sort
  // sorts, concat copies; null for other names.
  std::optional<Extent> index_set_cost(const std::string& f, const Extent& first, const std::vector<Extent>& args) {
    if (f == "top" || f == "left_out" || f == "argmax") {
      total_ += first.rows * first.rows;
      return f == "argmax" ? Extent{} : Extent{first.rows, 1};
    }
    if (f == "sort") {
      total_ += first.rows * std::log2(first.rows + 1);
      return first;
    }
    if (f == "concat" && args.size() == 2) {
      total_ += first.rows + args[1].rows;
      return Extent{first.rows + args[1].rows, 1};
    }
    return std::nullopt;
  }

  std::map<std::string, Extent> names_;
  std::map<std::string, const Formula*> locals_;  // the draw-local definitions
  std::map<std::string, double> high_ends_;  // of the lengths
  std::set<std::string> indices_;
  const Formula* f_ = nullptr;
  double total_ = 0;
};

}  // namespace

double check_formula_costs(const TheoremSpec& spec) {
  CostEstimate cost(spec);
  std::vector<const Formula*> formulas;
  for (const std::vector<ClaimSpec>* relations : {&spec.claims, &spec.assumptions})
    for (const ClaimSpec& c : *relations) formulas.insert(formulas.end(), {&c.value, &c.bound});
  for (const QuantitySpec& q : spec.quantities) formulas.push_back(&q.value);
  std::set<std::string> draw_local = sphere_draw_variables(spec.definitions, formulas);
  for (const auto& [name, f] : spec.definitions)
    if (reads_a_name(f.root, draw_local)) {
      cost.add_draw_local(f, name);
      draw_local.insert(name);
    } else {
      cost.add(f, name);
    }
  for (const std::vector<ClaimSpec>* relations : {&spec.claims, &spec.assumptions})
    for (const ClaimSpec& c : *relations) {
      cost.add(c.value);
      cost.add(c.bound);
    }
  return cost.total();
}

}  // namespace nb::formula
