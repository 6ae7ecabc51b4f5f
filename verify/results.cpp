#include "verify/results.hpp"

#include <algorithm>

namespace nb {
namespace {

std::size_t count_of(const VerdictCounts& c, Verdict v) { return c[static_cast<int>(v)]; }

bool is_certified_verdict(Verdict v) { return !is_statistical(v) && v != Verdict::Inconclusive; }

nlohmann::json enclosure_json(const EnclosureText& e) { return nlohmann::json::array({e.lo, e.hi}); }

nlohmann::json outcome_json(const CaseOutcome& o) {
  nlohmann::json q = nlohmann::json::object();
  for (const auto& [name, e] : o.quantities) q[name] = enclosure_json(e);
  return {{"index", o.index},
          {"label", o.label},
          {"size", o.size},
          {"verdict", verdict_key(o.verdict)},
          {"claim", o.claim},
          {"relation", relation_symbol(o.relation)},
          {"value", enclosure_json(o.value)},
          {"bound", enclosure_json(o.bound)},
          {"slack", enclosure_json(o.slack)},
          {"relative_slack", enclosure_json(o.relative_slack)},
          {"relative_is_absolute", o.relative_is_absolute},
          {"precision_bits", o.precision_bits},
          {"quantities", q},
          {"provenance", o.provenance}};
}

nlohmann::json flagged_json(const FlaggedCase& f) {
  return {{"outcome", outcome_json(f.outcome)},
          {"case", case_to_json(f.input)},
          {"case_file", f.case_file},
          {"replay", f.replay}};
}

}  // namespace

bool expectation_met(Expect expect, const VerdictCounts& counts) {
  const std::size_t violated =
      count_of(counts, Verdict::Violated) + count_of(counts, Verdict::ViolatedStatistical);
  return expect == Expect::Holds ? violated == 0 : violated > 0;
}

TheoremResult summarize(const TheoremInfo& info, const std::vector<Case>& cases,
                        std::vector<CaseOutcome> outcomes, std::size_t max_violations) {
  TheoremResult r;
  r.info = info;
  for (const auto& o : outcomes) ++r.counts[static_cast<int>(o.verdict)];
  r.expected = expectation_met(info.expect, r.counts);
  const std::size_t violated =
      count_of(r.counts, Verdict::Violated) + count_of(r.counts, Verdict::ViolatedStatistical);
  if (info.expect == Expect::Holds)
    r.expectation = violated == 0 ? "holds on every case, as expected"
                                  : "UNEXPECTED: violated on " + std::to_string(violated) + " case(s)";
  else
    r.expectation = violated > 0 ? "VIOLATED (expected): " + std::to_string(violated) + " counterexample(s)"
                                 : "UNEXPECTED: expected a violation, none found in " +
                                       std::to_string(outcomes.size()) + " case(s)";

  std::vector<std::size_t> violating, certified;
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    if (outcomes[i].verdict == Verdict::Violated) violating.push_back(i);
    if (is_certified_verdict(outcomes[i].verdict)) certified.push_back(i);
  }
  auto smaller = [&](std::size_t a, std::size_t b) { return outcomes[a].size < outcomes[b].size; };
  std::stable_sort(violating.begin(), violating.end(), smaller);
  r.violations_total = violating.size();
  for (std::size_t k = 0; k < violating.size() && k < max_violations; ++k)
    r.violations.push_back({outcomes[violating[k]], cases[violating[k]], "", ""});
  auto tighter = [&](std::size_t a, std::size_t b) {
    return outcomes[a].relative_slack.approx < outcomes[b].relative_slack.approx;
  };
  if (!certified.empty()) {
    const std::size_t w = *std::min_element(certified.begin(), certified.end(), tighter);
    r.worst_case = FlaggedCase{outcomes[w], cases[w], "", ""};
  }
  r.outcomes = std::move(outcomes);
  return r;
}

int exit_status(const RunResults& results) {
  bool unexpected = false, undecided = false;
  for (const auto& t : results.theorems) {
    unexpected = unexpected || !t.expected;
    undecided = undecided || count_of(t.counts, Verdict::Inconclusive) > 0 ||
                count_of(t.counts, Verdict::UndecidedStatistical) > 0;
  }
  return unexpected ? 1 : undecided ? 2 : 0;
}

nlohmann::json results_to_json(const RunResults& results) {
  nlohmann::json theorems = nlohmann::json::array();
  for (const auto& t : results.theorems) {
    nlohmann::json counts = nlohmann::json::object();
    for (int v = 0; v < 8; ++v) counts[verdict_key(static_cast<Verdict>(v))] = t.counts[v];
    nlohmann::json violations = nlohmann::json::array();
    for (const auto& f : t.violations) violations.push_back(flagged_json(f));
    nlohmann::json outcomes = nlohmann::json::array();
    for (const auto& o : t.outcomes) outcomes.push_back(outcome_json(o));
    theorems.push_back({{"id", t.info.id},
                        {"title", t.info.title},
                        {"source", t.info.source},
                        {"fidelity", fidelity_name(t.info.fidelity)},
                        {"expect", expect_name(t.info.expect)},
                        {"statement", t.info.statement},
                        {"summary", t.info.summary},
                        {"assumptions", t.info.assumptions},
                        {"cases", t.outcomes.size()},
                        {"counts", counts},
                        {"expected", t.expected},
                        {"expectation", t.expectation},
                        {"worst_case", t.worst_case ? flagged_json(*t.worst_case) : nlohmann::json()},
                        {"violations", violations},
                        {"violations_total", t.violations_total},
                        {"outcomes", outcomes}});
  }
  const auto& s = results.settings;
  return {{"schema_version", kResultsSchemaVersion},
          {"version", results.version},
          {"commit", results.commit},
          {"command_line", results.command_line},
          {"timestamp", results.timestamp},
          {"seed", std::to_string(s.seed)},
          {"precision", {{"initial_bits", s.precision}, {"max_bits", s.max_precision}}},
          {"settings",
           {{"near_tight", s.near_tight},
            {"confidence", s.confidence},
            {"threads", s.threads},
            {"cases_per_theorem", s.cases_per_theorem},
            {"source", s.source}}},
          {"exit_status", exit_status(results)},
          {"theorems", theorems}};
}

}  // namespace nb
