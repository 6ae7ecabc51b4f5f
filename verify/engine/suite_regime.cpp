#include "verify/engine/suite_regime.hpp"

#include "verify/io/errors.hpp"

namespace nb {

const SuiteRegime& paper_regime() {
  static const SuiteRegime regime{
      "paper",
      "GPT-2's regime, as in arXiv 2508.17821, Section 3: d = 64, T = 8 = sqrt(64), L = 64, 256, 1024",
      {{.L = 64, .d = 64, .T = "8"}, {.L = 256, .d = 64, .T = "8"}, {.L = 1024, .d = 64, .T = "8"}}};
  return regime;
}

const SuiteRegime& regime_named(const std::string& name) {
  if (name == paper_regime().name) return paper_regime();
  throw UsageError("unknown regime '" + name + "' (there is: " + paper_regime().name + ")");
}

RegimeShapes regime_shapes(const TheoremInfo& info, const SuiteRegime& regime) {
  const SuiteShapes& takes = info.shapes;
  RegimeShapes out;
  if (!takes.any()) {
    out.note = "not run, because " + (takes.why.empty() ? "its suite takes no shape" : takes.why);
    return out;
  }
  std::size_t left_out = 0;
  for (const CaseShape& s : regime.shapes) {
    if (takes.max_L > 0 && s.L && *s.L > takes.max_L) {
      ++left_out;
      continue;
    }
    out.shapes.push_back({.L = takes.L ? s.L : std::nullopt,
                          .d = takes.d ? s.d : std::nullopt,
                          .N = takes.N ? s.N : std::nullopt,
                          .T = takes.T ? s.T : std::nullopt});
  }
  if (out.shapes.empty())
    out.note = "not run, because its cases are limited to L <= " + std::to_string(takes.max_L) + ": " + takes.why;
  else if (left_out > 0)
    out.note = "L <= " + std::to_string(takes.max_L) + " only, because " + takes.why;
  return out;
}

std::string regime_summary(const TheoremInfo& info, const SuiteRegime& regime) {
  const RegimeShapes r = regime_shapes(info, regime);
  std::string text;
  for (const CaseShape& s : r.shapes) text += (text.empty() ? "" : "; ") + shape_text(s);
  if (text.empty()) return r.note;
  return r.note.empty() ? text : text + " (" + r.note + ")";
}

std::vector<Case> regime_cases(const Theorem& theorem, const SuiteRegime& regime, std::uint64_t seed,
                               std::size_t count) {
  const RegimeShapes shapes = regime_shapes(theorem.info(), regime);
  if (shapes.shapes.empty()) return {};
  std::vector<Case> cases = theorem.suite({seed, count, shapes.shapes});
  for (Case& c : cases) {
    c.provenance["regime"] = regime.name;
    c.label += " [" + regime.name + " regime]";
  }
  return cases;
}

}  // namespace nb
