#pragma once
// The LaTeX of the index-set vocabulary (verify/formula/vocabulary/index_sets.hpp), for
// formula_latex.cpp: top(v, N) is top_N(v), left_out(v, N) its complement with a bar,
// argmax(v) arg max(v), and a reduction over a set's members sum(i, S, e) is \sum_{i \in S} e.
#include <functional>
#include <optional>
#include <string>

#include "verify/formula/formula.hpp"

namespace nb::formula {

// The LaTeX of n when it is a call of this vocabulary, else none. `tex` renders a node, `operand`
// a node as the operand of an operator binding at a level (2: a product's), `name` an index variable.
inline std::optional<std::string> index_set_latex(const Node& n, const std::function<std::string(const Node&)>& tex,
                                                  const std::function<std::string(const Node&, int)>& operand,
                                                  const std::function<std::string(const std::string&)>& name) {
  const std::string& f = n.text;
  if ((f == "top" || f == "left_out") && n.args.size() == 2) {
    const std::string set = "\\operatorname{top}_{" + tex(n.args[1]) + "}\\left(" + tex(n.args[0]) + "\\right)";
    return f == "top" ? set : "\\overline{" + set + "}";
  }
  if (f == "argmax" && n.args.size() == 1) return "\\operatorname{arg\\,max}\\left(" + tex(n.args[0]) + "\\right)";
  const bool over_a_set = n.args.size() == 3 && n.args[0].kind == Node::Kind::Name;
  if (!over_a_set) return std::nullopt;
  const std::string member = name(n.args[0].text) + " \\in " + tex(n.args[1]);
  if (f == "sum") return "\\sum_{" + member + "} " + operand(n.args[2], 2);
  if (f == "max" || f == "min") return "\\" + f + "_{" + member + "} " + operand(n.args[2], 2);
  if (f == "count") return "\\#\\left\\{" + member + " : " + tex(n.args[2]) + "\\right\\}";
  return std::nullopt;
}

}  // namespace nb::formula
