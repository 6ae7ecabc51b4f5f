#include "verify/formula/permutation_invariance.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "verify/io/errors.hpp"

namespace nb::formula {
namespace {

// How a value changes when the entries of the input permute by P.
enum class Sym {
  Scalar,  // not at all (a scalar, or a scalar inside reductions that reads no entry by position)
  Fixed,   // not at all, a vector or matrix (another input, sort of the input)
  Vector,  // its entries permute by P
  Matrix,  // it becomes P M P^T
};

struct Kind {
  Sym sym = Sym::Scalar;
  std::string at;              // a scalar inside a reduction: entry `at` (an index variable) of a Vector
  std::set<std::string> vars;  // index variables it reads as positions, not through a Vector's entry
};

// Thrown at the first subexpression that is not shown invariant.
struct NotShown {
  const Node* node;
  std::string why;
};

bool one_of(const std::string& s, std::initializer_list<const char*> names) {
  return std::any_of(names.begin(), names.end(), [&](const char* n) { return s == n; });
}

class Analysis {
 public:
  Analysis(const TheoremSpec& spec, std::string input) : spec_(spec), input_(std::move(input)) {}

  // The kind of `f`'s value, or NotShown.
  Kind of(const Node& n) { return kind(n); }

  const TheoremSpec& spec() const { return spec_; }
  const std::string& input() const { return input_; }

  // The definition named `name`, analysed once; null for no definition.
  const Kind* definition(const std::string& name) {
    if (const auto k = definitions_.find(name); k != definitions_.end()) return &k->second;
    for (const auto& [def, f] : spec_.definitions)
      if (def == name) {
        current_ = &f;
        return &(definitions_[name] = kind(f.root));
      }
    return nullptr;
  }

  const Formula* current_ = nullptr;  // the formula being read, for the message

 private:
  bool reads_input(const Kind& k) const { return k.sym == Sym::Vector || k.sym == Sym::Matrix || !k.at.empty(); }

  // Elementwise combination of a and b (arithmetic, comparisons, two-scalar max and min).
  Kind combine(const Node& n, const Kind& a, const Kind& b) const {
    Kind out;
    if (!a.at.empty() && !b.at.empty() && a.at != b.at)
      throw NotShown{&n, "combines entries of two index variables of a vector that permutes with " + input_};
    out.at = a.at.empty() ? b.at : a.at;
    out.vars = a.vars;
    out.vars.insert(b.vars.begin(), b.vars.end());
    if (!out.at.empty() && out.vars.contains(out.at))
      throw NotShown{&n, "uses the index variable " + out.at + " as a position beside an entry of a vector that permutes with " + input_};
    const auto both = [&](Sym s) { return a.sym == s || b.sym == s; };
    if (both(Sym::Vector) && both(Sym::Matrix)) throw NotShown{&n, "combines a vector and a matrix that permute with " + input_};
    if ((both(Sym::Vector) || both(Sym::Matrix)) && both(Sym::Fixed))
      throw NotShown{&n, "combines, entry by entry, a value that permutes with " + input_ + " and one that does not"};
    if ((both(Sym::Vector) || both(Sym::Matrix)) && (!a.at.empty() || !b.at.empty() || !out.vars.empty()))
      throw NotShown{&n, "combines a whole vector that permutes with " + input_ + " with one entry"};
    out.sym = both(Sym::Matrix) ? Sym::Matrix : both(Sym::Vector) ? Sym::Vector : both(Sym::Fixed) ? Sym::Fixed : Sym::Scalar;
    return out;
  }

  Kind all_of(const Node& n, std::size_t from = 0) {
    Kind k;
    for (std::size_t i = from; i < n.args.size(); ++i) k = combine(n, k, kind(n.args[i]));
    return k;
  }

  bool is_index_variable(const std::string& name) const { return std::find(loops_.begin(), loops_.end(), name) != loops_.end(); }
  bool is_known_name(const std::string& name) const {
    for (const InputSpec& in : spec_.inputs)
      if (in.name == name) return true;
    for (const auto& [def, f] : spec_.definitions)
      if (def == name) return true;
    return false;
  }

  // sum, max, min, count, vec over the index variable args[0] (no set).
  Kind reduction(const Node& n) {
    const std::string& i = n.args[0].text;
    loops_.push_back(i);
    Kind body = kind(n.args[1]);
    loops_.pop_back();
    if (body.sym != Sym::Scalar) throw NotShown{&n, "reduces a vector or matrix value"};
    if (n.text == "vec") {
      body.vars.erase(i);
      if (body.at == i && body.vars.empty()) return Kind{Sym::Vector, "", {}};
      if (body.at.empty() && body.vars.empty()) return Kind{Sym::Fixed, "", {}};
      throw NotShown{&n, "builds a vector whose entries are not those of one that permutes with " + input_};
    }
    if (body.at == i) body.at.clear();
    body.vars.erase(i);
    return body;
  }

  Kind call(const Node& n) {
    const std::string& f = n.text;
    const bool index_form = !n.args.empty() && n.args[0].kind == Node::Kind::Name && !is_known_name(n.args[0].text) &&
                            !is_index_variable(n.args[0].text);
    if (one_of(f, {"sum", "max", "min", "count", "vec"}) && index_form) {
      if (n.args.size() != 2) {
        const Kind k = all_of(n, 1);
        if (reads_input(k)) throw NotShown{&n, "reduces over a set, in the set's index order, values that permute with " + input_};
        return Kind{Sym::Scalar, "", {}};
      }
      return reduction(n);
    }
    if (f == "delta") return Kind{Sym::Scalar, "", {n.args[0].text, n.args[1].text}};
    if (one_of(f, {"exp", "log", "log1p", "sqrt", "abs", "sigmoid", "min", "max", "indicator", "where"})) return all_of(n);
    std::vector<Kind> args;
    for (const Node& a : n.args) args.push_back(kind(a));
    const auto plain = [&](std::size_t k) { return args[k].sym == Sym::Scalar && args[k].at.empty() && args[k].vars.empty(); };
    const bool any_reads = std::any_of(args.begin(), args.end(), [&](const Kind& k) { return reads_input(k); });
    if (!any_reads) {  // no argument permutes: neither does the value
      Kind k;
      for (const Kind& a : args) k.vars.insert(a.vars.begin(), a.vars.end());
      k.sym = std::any_of(args.begin(), args.end(), [](const Kind& a) { return a.sym != Sym::Scalar; }) ? Sym::Fixed : Sym::Scalar;
      // A vector or matrix made of scalars (a vocabulary function of scalars) is taken as Fixed: it
      // is never combined with a permuting vector without failing, so no wrong "invariant".
      return k;
    }
    const bool first_vector = args[0].sym == Sym::Vector;
    const bool rest_plain = [&] {
      for (std::size_t k = 1; k < args.size(); ++k)
        if (!plain(k)) return false;
      return true;
    }();
    if (first_vector && rest_plain) {
      if (one_of(f, {"softmax", "sum_of_others", "sparsemax", "entmax15", "ssmax"})) return Kind{Sym::Vector, "", {}};
      if (one_of(f, {"softmax_jacobian", "sparsemax_jacobian", "entmax15_jacobian"})) return Kind{Sym::Matrix, "", {}};
      if (one_of(f, {"norm", "largest"})) return Kind{Sym::Scalar, "", {}};
      if (f == "sort") return Kind{Sym::Fixed, "", {}};
    }
    if (f == "dot" && args.size() == 2 && args[0].sym == Sym::Vector && args[1].sym == Sym::Vector) return Kind{};
    if (args.size() == 1 && args[0].sym == Sym::Matrix) {
      if (one_of(f, {"spectral_norm", "frobenius_norm", "trace", "eigmax", "eigmin"})) return Kind{};
      if (f == "transpose") return args[0];
    }
    throw NotShown{&n, f + "(...) of a value that permutes with " + input_ + " is not known to commute with permutations"};
  }

  Kind kind(const Node& n) {
    switch (n.kind) {
      case Node::Kind::Number: return Kind{};
      case Node::Kind::Name: {
        if (is_index_variable(n.text)) return Kind{Sym::Scalar, "", {n.text}};
        if (n.text == input_) return Kind{Sym::Vector, "", {}};
        for (const InputSpec& in : spec_.inputs)
          if (in.name == n.text)
            return Kind{in.kind == InputSpec::Kind::Vector || in.kind == InputSpec::Kind::Matrix ? Sym::Fixed : Sym::Scalar, "", {}};
        const Formula* reading = current_;
        const Kind* d = definition(n.text);
        current_ = reading;
        return d ? *d : Kind{};
      }
      case Node::Kind::Negate: return kind(n.args[0]);
      case Node::Kind::Add:
      case Node::Kind::Subtract:
      case Node::Kind::Multiply:
      case Node::Kind::Divide:
      case Node::Kind::Power:
      case Node::Kind::Compare: return all_of(n);
      case Node::Kind::Index: {
        const Kind base = kind(n.args[0]);
        const Node& index = n.args[1];
        const bool by_variable = index.kind == Node::Kind::Name && is_index_variable(index.text);
        if (base.sym == Sym::Vector && by_variable && base.at.empty() && base.vars.empty())
          return Kind{Sym::Scalar, index.text, {}};
        if (reads_input(base)) throw NotShown{&n, "reads an entry by its position from a value that permutes with " + input_};
        // An entry of another vector input, or of a matrix's row: a scalar; a matrix's row: a vector.
        const Node& of = n.args[0];
        bool entry = of.kind == Node::Kind::Index;
        for (const InputSpec& in : spec_.inputs)
          entry = entry || (of.kind == Node::Kind::Name && in.name == of.text && in.kind == InputSpec::Kind::Vector);
        Kind out = combine(n, Kind{Sym::Scalar, "", base.vars}, kind(index));
        out.sym = entry ? Sym::Scalar : Sym::Fixed;
        return out;
      }
      case Node::Kind::Call: return call(n);
    }
    return Kind{};
  }

  const TheoremSpec& spec_;
  std::string input_;
  std::vector<std::string> loops_;
  std::map<std::string, Kind> definitions_;
};

}  // namespace

std::string permutation_invariance_failure(const TheoremSpec& spec, const std::string& input,
                                           const std::vector<std::size_t>& claims) {
  Analysis a(spec, input);
  std::vector<const Formula*> formulas;
  for (std::size_t k = 0; k < spec.claims.size(); ++k)
    if (claims.empty() || std::find(claims.begin(), claims.end(), k) != claims.end()) {
      formulas.push_back(&spec.claims[k].value);
      formulas.push_back(&spec.claims[k].bound);
    }
  for (const ClaimSpec& c : spec.assumptions) {
    formulas.push_back(&c.value);
    formulas.push_back(&c.bound);
  }
  for (const Formula* f : formulas) {
    try {
      a.current_ = f;
      const Kind k = a.of(f->root);
      if (k.sym != Sym::Scalar || !k.at.empty() || !k.vars.empty())
        throw NotShown{&f->root, "is not a scalar that forgets the order of " + input + "'s entries"};
    } catch (const NotShown& e) {
      const Formula& where = *a.current_;
      return FormulaError("not shown invariant under permutations of the entries of " + input +
                              ": the subexpression marked below " + e.why,
                          where.text, e.node->position, where.origin)
          .what();
    }
  }
  return "";
}

void check_declared_permutable_inputs(const TheoremSpec& spec) {
  for (const InputSpec& in : spec.inputs)
    if (in.permutable)
      if (const std::string why = permutation_invariance_failure(spec, in.name); !why.empty())
        throw InputError(why + "\n  (" + in.name + " declares permutable = true; the declaration is checked, not trusted)");
}

}  // namespace nb::formula
