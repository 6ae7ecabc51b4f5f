#pragma once
// The LaTeX of an expectation over a random subset (verify/formula/vocabulary/expectations.hpp),
// for formula_latex.cpp: expectation(S, subset(L, N), e) is E_{S ⊆ [L], |S| = N}[e], as a paper
// writes the mean over a uniformly random N-subset; the range of a sampled one and its number of
// draws are no part of the statement's mathematics (they are what sampling needs), so they are left out.
#include <functional>
#include <optional>
#include <string>

#include "verify/formula/formula.hpp"

namespace nb::formula {

// The LaTeX of n when it is an expectation, else none. `tex` renders a node, `name` a variable.
inline std::optional<std::string> expectation_latex(const Node& n, const std::function<std::string(const Node&)>& tex,
                                                    const std::function<std::string(const std::string&)>& name) {
  if (n.text != "expectation" || (n.args.size() != 3 && n.args.size() != 5 && n.args.size() != 6) || n.args[0].kind != Node::Kind::Name)
    return std::nullopt;
  const Node& law = n.args[1];
  if (law.kind != Node::Kind::Call || law.text != "subset" || law.args.size() != 2) return std::nullopt;
  return "\\mathbb{E}_{" + name(n.args[0].text) + " \\subseteq [" + tex(law.args[0]) + "],\\, |" +
         name(n.args[0].text) + "| = " + tex(law.args[1]) + "}\\left[" + tex(n.args[2]) + "\\right]";
}

}  // namespace nb::formula
