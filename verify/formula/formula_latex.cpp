#include "verify/formula/formula_latex.hpp"

#include <set>

#include "verify/formula/vocabulary/expectations_latex.hpp"
#include "verify/formula/vocabulary/sphere_expectations.hpp"
#include "verify/formula/vocabulary/index_sets_latex.hpp"
#include "verify/formula/vocabulary/vocabulary.hpp"

namespace nb::formula {
namespace {

// How tightly a node binds: a child of a tighter operator that binds more loosely is parenthesized.
int binding(const Node& n) {
  switch (n.kind) {
    case Node::Kind::Add:
    case Node::Kind::Subtract: return 1;
    case Node::Kind::Multiply:
    case Node::Kind::Negate: return 2;
    case Node::Kind::Power: return 3;
    case Node::Kind::Compare: return 0;
    default: return 4;  // numbers, names, entries, calls, fractions
  }
}

// Text set upright: '_' escaped.
std::string upright(const std::string& text) {
  std::string s;
  for (char c : text) s += c == '_' ? std::string("\\_") : std::string(1, c);
  return s;
}

std::string name(const std::string& n) {
  static const std::set<std::string> greek = {"alpha", "beta",  "gamma", "delta", "epsilon", "zeta", "eta",
                                              "theta", "iota",  "kappa", "lambda", "mu",     "nu",   "xi",
                                              "pi",    "rho",   "sigma", "tau",   "phi",     "chi",  "psi",
                                              "omega", "Gamma", "Delta", "Theta", "Lambda",  "Xi",   "Pi",
                                              "Sigma", "Phi",   "Psi",   "Omega"};
  if (greek.contains(n)) return "\\" + n;
  return n.size() == 1 ? n : "\\mathrm{" + upright(n) + "}";
}

std::string tex(const Node& n);

// `child` as an operand of an operator that binds with strength `level`.
std::string operand(const Node& child, int level) {
  return binding(child) < level ? "\\left(" + tex(child) + "\\right)" : tex(child);
}

std::vector<std::string> texts(const Node& n) {
  std::vector<std::string> out;
  for (const Node& a : n.args) out.push_back(tex(a));
  return out;
}

std::string arguments(const Node& n) {
  std::string s;
  for (const Node& a : n.args) s += (s.empty() ? "" : ", ") + tex(a);
  return s;
}

// v_{i}, and K_{i, j} for an entry of a matrix (not K_{i}_{j}, which LaTeX refuses).
std::string entry(const Node& n) {
  const Node& base = n.args[0];
  if (base.kind == Node::Kind::Index)
    return operand(base.args[0], 4) + "_{" + tex(base.args[1]) + ", " + tex(n.args[1]) + "}";
  return operand(base, 4) + "_{" + tex(n.args[1]) + "}";
}

std::string call(const Node& n) {
  const std::string& f = n.text;
  if (const std::optional<std::string> s = index_set_latex(n, tex, operand, name)) return *s;
  if (const std::optional<std::string> s = expectation_latex(n, tex, name)) return *s;
  if (const std::optional<std::string> s = sphere_expectation_latex(n, tex, name)) return *s;
  const bool index_form = n.args.size() == 2 && n.args[0].kind == Node::Kind::Name;
  if (f == "sum" && index_form) return "\\sum_{" + name(n.args[0].text) + "} " + operand(n.args[1], 2);
  if ((f == "max" || f == "min") && index_form && n.args[0].text.size() == 1)
    return "\\" + f + "_{" + name(n.args[0].text) + "} " + operand(n.args[1], 2);
  if (f == "vec" && index_form) return "\\left(" + tex(n.args[1]) + "\\right)_{" + name(n.args[0].text) + "}";
  if (n.args.size() == 1) {
    const std::string x = tex(n.args[0]);
    if (f == "sqrt") return "\\sqrt{" + x + "}";
    if (f == "abs") return "\\left|" + x + "\\right|";
    if (f == "norm") return "\\left\\lVert " + x + "\\right\\rVert";
    if (f == "spectral_norm") return "\\left\\lVert " + x + "\\right\\rVert_2";
    if (f == "frobenius_norm") return "\\left\\lVert " + x + "\\right\\rVert_F";
    if (f == "exp" || f == "log") return "\\" + f + "\\left(" + x + "\\right)";
  }
  if (f == "delta" && n.args.size() == 2) return "\\delta_{" + tex(n.args[0]) + tex(n.args[1]) + "}";
  if (f == "indicator" && n.args.size() == 1) return "\\mathbf{1}\\left[" + tex(n.args[0]) + "\\right]";
  if (f == "count" && index_form) return "\\#\\left\\{" + name(n.args[0].text) + " : " + tex(n.args[1]) + "\\right\\}";
  if (const VocabularyEntry* v = vocabulary_entry(f); v && n.args.size() == v->arity) return v->latex(texts(n));
  if (f == "softmax_jacobian") return "J_{\\mathrm{softmax}}\\left(" + arguments(n) + "\\right)";
  if (f == "dot") return "\\left\\langle " + arguments(n) + "\\right\\rangle";
  if (f == "max" || f == "min") return "\\" + f + "\\left(" + arguments(n) + "\\right)";
  return "\\operatorname{" + upright(f) + "}\\left(" + arguments(n) + "\\right)";
}

std::string tex(const Node& n) {
  switch (n.kind) {
    case Node::Kind::Number: return n.text;
    case Node::Kind::Name: return name(n.text);
    case Node::Kind::Negate: return "-" + operand(n.args[0], 2);
    case Node::Kind::Add: return tex(n.args[0]) + " + " + operand(n.args[1], 1);
    case Node::Kind::Subtract: return tex(n.args[0]) + " - " + operand(n.args[1], 2);
    case Node::Kind::Multiply: return operand(n.args[0], 2) + " \\, " + operand(n.args[1], 3);
    case Node::Kind::Divide: return "\\frac{" + tex(n.args[0]) + "}{" + tex(n.args[1]) + "}";
    case Node::Kind::Power: return "{" + operand(n.args[0], 4) + "}^{" + tex(n.args[1]) + "}";
    case Node::Kind::Index: return entry(n);
    case Node::Kind::Call: return call(n);
    case Node::Kind::Compare: {
      const std::string& r = n.text;
      const std::string tex_relation = r == "<=" ? "\\le" : r == ">=" ? "\\ge" : r == "==" ? "=" : r == "!=" ? "\\ne" : r;
      return tex(n.args[0]) + " " + tex_relation + " " + tex(n.args[1]);
    }
  }
  return "";
}

}  // namespace

std::string latex(const Formula& f) { return tex(f.root); }

std::string latex_name(const std::string& n) { return name(n); }

}  // namespace nb::formula
