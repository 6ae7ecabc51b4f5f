#include "verify/results/results.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>

#include "verify/io/errors.hpp"
#include "verify/io/input_file.hpp"
#include "verify/io/json_document.hpp"
#include "verify/results/source_looseness.hpp"

namespace nb {
namespace {

std::size_t count_of(const VerdictCounts& c, Verdict v) { return c[static_cast<int>(v)]; }

nlohmann::json enclosure_json(const EnclosureText& e) { return nlohmann::json::array({e.lo, e.hi}); }

}  // namespace

bool is_certified_verdict(Verdict v) {
  return !is_statistical(v) && v != Verdict::Inconclusive && v != Verdict::Refused;
}

nlohmann::json outcome_to_json(const CaseOutcome& o) {
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
          {"sample_doublings", o.sample_doublings},
          {"exact", o.exact},
          {"quantities", q},
          {"provenance", o.provenance}};
}

namespace {

// A number the results describe that may be infinite (no case): null then.
nlohmann::json finite_or_null(double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(); }

// "refused" only where some case was (results without refused cases read as they did before it).
nlohmann::json verdict_counts_json(const VerdictCounts& c) {
  nlohmann::json counts = nlohmann::json::object();
  for (int v = 0; v < kVerdictCount; ++v)
    if (static_cast<Verdict>(v) != Verdict::Refused || c[v] > 0) counts[verdict_key(static_cast<Verdict>(v))] = c[v];
  return counts;
}

nlohmann::json search_json(const SearchRecord& record) {
  nlohmann::json theorems = nlohmann::json::array();
  for (const SearchedTheoremRecord& t : record.theorems) {
    nlohmann::json restarts = nlohmann::json::array();
    for (const SearchRestartRecord& r : t.restarts)
      restarts.push_back({{"start", r.start},
                          {"start_ratio", finite_or_null(r.start_ratio)},
                          {"best_ratio", finite_or_null(r.best_ratio)},
                          {"claim", r.claim},
                          {"evaluations", r.evaluations}});
    theorems.push_back({{"id", t.id},
                        {"evaluations", t.evaluations},
                        {"frontier",
                         {{"kind", t.frontier_kind},
                          {"text", t.frontier_text},
                          {"search_ratio", finite_or_null(t.search_ratio)},
                          {"suite_ratio", finite_or_null(t.suite_ratio)},
                          {"witness", t.witness}}},
                        {"restarts", restarts},
                        {"shrink",
                         {{"violation", t.violation},
                          {"shown_first", t.shown_first},
                          {"steps", t.shrink_steps},
                          {"attempts", t.shrink_attempts}}}});
  }
  return {{"budget", record.budget}, {"seed", std::to_string(record.seed)}, {"theorems", theorems}};
}

nlohmann::json kept_json(const KeptOutcomes& k) {
  nlohmann::json heads = nlohmann::json::array();
  for (const HeadSummary& h : k.heads)
    heads.push_back({{"layer", h.layer},
                     {"head", h.head},
                     {"cases", h.cases},
                     {"counts", verdict_counts_json(h.counts)},
                     {"min_slack", finite_or_null(h.min_slack)},
                     {"min_relative_slack", finite_or_null(h.min_relative_slack)},
                     {"tightest_index", h.tightest_index}});
  return {{"flagged", k.flagged},
          {"flagged_kept", k.flagged_kept},
          {"median_cases", k.median_cases},
          {"median_log10_relative_slack",
           k.median_log10_relative_slack ? nlohmann::json(*k.median_log10_relative_slack) : nlohmann::json()},
          {"first_flagged_kept", kKeptFlaggedCases},
          {"tightest_per_head", kKeptTightestPerHead},
          {"heads", heads}};
}

nlohmann::json flagged_json(const FlaggedCase& f) {
  return {{"outcome", outcome_to_json(f.outcome)},
          {"case", case_to_json(f.input)},
          {"case_file", f.case_file},
          {"replay", f.replay}};
}

}  // namespace

bool expectation_met(Expect expect, const VerdictCounts& counts, CaseOrigin origin) {
  const std::size_t violated =
      count_of(counts, Verdict::Violated) + count_of(counts, Verdict::ViolatedStatistical);
  if (expect == Expect::Holds) return violated == 0;
  return violated > 0 || origin == CaseOrigin::External;
}

bool is_undecided(Verdict v) {
  return v == Verdict::Tight || v == Verdict::Inconclusive || v == Verdict::UndecidedStatistical;
}

std::size_t undecided_count(const VerdictCounts& counts) {
  std::size_t n = 0;
  for (int v = 0; v < kVerdictCount; ++v)
    if (is_undecided(static_cast<Verdict>(v))) n += counts[v];
  return n;
}

std::string undecided_text(const VerdictCounts& counts) {
  std::string s;
  for (Verdict v : {Verdict::Tight, Verdict::Inconclusive, Verdict::UndecidedStatistical})
    if (const std::size_t n = count_of(counts, v))
      s += (s.empty() ? "" : ", ") + std::to_string(n) + " " + verdict_name(v);
  return s;
}

std::string expectation_words(Expect expect, const VerdictCounts& counts, std::size_t cases, bool expected) {
  const std::size_t certified_violations = count_of(counts, Verdict::Violated),
                    statistical_violations = count_of(counts, Verdict::ViolatedStatistical);
  const std::size_t violated = certified_violations + statistical_violations;
  // The cases left undecided, and those refused (outside the statement's assumptions), are counted
  // in every outcome: "holds" only where it was decided.
  const std::size_t refused = count_of(counts, Verdict::Refused);
  const std::size_t open = undecided_count(counts) + refused;
  std::string open_text = undecided_text(counts);
  if (refused) open_text += (open_text.empty() ? "" : ", ") + std::to_string(refused) + " REFUSED";
  const std::string also_undecided = open ? "; " + open_text : "";
  if (expect == Expect::Holds && violated == 0)
    return open == 0 ? "holds on every case, as expected"
                     : "holds on " + std::to_string(cases - open) + " of " + std::to_string(cases) + ", " + open_text;
  if (expect == Expect::Holds) return "UNEXPECTED: violated on " + std::to_string(violated) + " case(s)" + also_undecided;
  if (violated > 0)
    // A statistical violation is a confidence interval on the wrong side, not a counterexample.
    return "VIOLATED (expected): " +
           (certified_violations ? std::to_string(certified_violations) + " counterexample(s)" : "") +
           (certified_violations && statistical_violations ? ", " : "") +
           (statistical_violations ? std::to_string(statistical_violations) + " statistical violation(s)" : "") +
           also_undecided;
  // No violation of a statement expected to fail: expected only on cases from outside its suite.
  if (expected)
    return "no counterexample in these " + std::to_string(cases) + " case(s) (false in general: its suite has witnesses)" +
           also_undecided;
  return "UNEXPECTED: expected a violation, none found in " + std::to_string(cases) + " case(s)" + also_undecided;
}

TheoremResult summarize(const TheoremInfo& info, const std::vector<Case>& cases, std::vector<CaseOutcome> outcomes,
                        CaseOrigin origin, std::size_t max_violations) {
  return summarize(info, [&](std::size_t i) { return cases[i]; }, std::move(outcomes), origin, max_violations);
}

TheoremResult summarize(const TheoremInfo& info, const std::function<Case(std::size_t)>& case_at,
                        std::vector<CaseOutcome> outcomes, CaseOrigin origin, std::size_t max_violations) {
  TheoremResult r;
  r.info = info;
  for (const auto& o : outcomes) ++r.counts[static_cast<int>(o.verdict)];
  r.expected = expectation_met(info.expect, r.counts, origin);
  r.cases = outcomes.size();
  r.expectation = expectation_words(info.expect, r.counts, r.cases, r.expected);

  std::vector<std::size_t> violating, certified;
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    if (outcomes[i].verdict == Verdict::Violated) violating.push_back(i);
    if (is_certified_verdict(outcomes[i].verdict)) certified.push_back(i);
  }
  auto smaller = [&](std::size_t a, std::size_t b) { return outcomes[a].size < outcomes[b].size; };
  std::stable_sort(violating.begin(), violating.end(), smaller);
  r.violations_total = violating.size();
  for (std::size_t k = 0; k < violating.size() && k < max_violations; ++k)
    r.violations.push_back({outcomes[violating[k]], case_at(violating[k]), "", ""});
  auto tighter = [&](std::size_t a, std::size_t b) {
    return outcomes[a].relative_slack.approx < outcomes[b].relative_slack.approx;
  };
  if (!certified.empty()) {
    const std::size_t w = *std::min_element(certified.begin(), certified.end(), tighter);
    r.worst_case = FlaggedCase{outcomes[w], case_at(w), "", ""};
  }
  r.outcomes = std::move(outcomes);
  return r;
}

int exit_status(const RunResults& results) {
  bool unexpected = false, undecided = false;
  for (const auto& t : results.theorems) {
    unexpected = unexpected || !t.expected;
    undecided = undecided || undecided_count(t.counts) > 0;
  }
  return unexpected ? 1 : undecided ? 2 : 0;
}

const char* exit_status_meaning(int status) {
  switch (status) {
    case 0: return "every outcome as expected";
    case 1: return "an UNEXPECTED outcome";
    case 2: return "TIGHT, INCONCLUSIVE or UNDECIDED (statistical) cases remain";
  }
  return "unknown status";
}

nlohmann::json results_to_json(const RunResults& results) {
  nlohmann::json theorems = nlohmann::json::array();
  for (const auto& t : results.theorems) {
    const nlohmann::json counts = verdict_counts_json(t.counts);
    nlohmann::json violations = nlohmann::json::array();
    for (const auto& f : t.violations) violations.push_back(flagged_json(f));
    nlohmann::json outcomes = nlohmann::json::array();
    for (const auto& o : t.outcomes) outcomes.push_back(outcome_to_json(o));
    theorems.push_back({{"id", t.info.id},
                        {"title", t.info.title},
                        {"source", t.info.source},
                        {"fidelity", fidelity_name(t.info.fidelity)},
                        {"expect", expect_name(t.info.expect)},
                        {"statement", t.info.statement},
                        {"summary", t.info.summary},
                        {"assumptions", t.info.assumptions},
                        {"corrected_by", t.info.corrected_by},
                        {"cases", t.cases},
                        {"counts", counts},
                        {"expected", t.expected},
                        {"expectation", t.expectation},
                        {"worst_case", t.worst_case ? flagged_json(*t.worst_case) : nlohmann::json()},
                        {"violations", violations},
                        {"violations_total", t.violations_total},
                        {"outcomes", outcomes}});
    if (t.kept) theorems.back()["kept"] = kept_json(*t.kept);
    if (!t.info.definitions.empty()) {
      nlohmann::json& definitions = theorems.back()["definitions"] = nlohmann::json::array();
      for (const auto& [name, formula] : t.info.definitions) definitions.push_back({{"name", name}, {"formula", formula}});
    }
  }
  nlohmann::json sources = nlohmann::json::array();
  for (const auto& src : results.sources)
    sources.push_back({{"kind", src.kind},
                       {"location", src.location},
                       {"sha256", src.sha256},
                       {"parameters", src.parameters}});
  const auto& s = results.settings;
  nlohmann::json j = {{"schema_version", kResultsSchemaVersion},
          {"version", results.version},
          {"commit", results.commit},
          {"command_line", results.command_line},
          {"timestamp", results.timestamp},
          {"seed", std::to_string(s.seed)},
          {"precision", {{"binary64_tier", s.binary64_tier}, {"initial_bits", s.precision}, {"max_bits", s.max_precision}}},
          {"settings",
           {{"near_tight", s.near_tight},
            {"confidence", s.confidence},
            {"max_sample_doublings", s.max_sample_doublings},
            {"threads", s.threads},
            {"cases_per_theorem", s.cases_per_theorem},
            {"source", s.source},
            {"exact_budget", s.exact_budget},
            {"exact_time_limit", s.exact_time_limit}}},
          {"sources", sources},
          {"exit_status", exit_status(results)},
          {"theorems", theorems}};
  if (!results.looseness.empty()) j["looseness"] = looseness_json(results.looseness);
  if (!results.partial.empty()) j["partial"] = results.partial;
  if (results.search) j["search"] = search_json(*results.search);
  return j;
}

// ---- reading results back --------------------------------------------------------------------
namespace {

// A JSON value and the path that names it in error messages ("theorems[1].outcomes[4].slack").
class Field {
 public:
  Field(const nlohmann::json& value, std::string path) : value_(value), path_(std::move(path)) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw InputError("results: " + (path_.empty() ? std::string("top level") : path_) + ": " + what);
  }
  const nlohmann::json& json() const { return value_; }
  const std::string& path() const { return path_; }

  Field at(const char* key) const {
    if (!value_.is_object()) fail("expected an object");
    auto it = value_.find(key);
    if (it == value_.end()) fail(std::string("missing field \"") + key + "\"");
    return Field(*it, path_.empty() ? key : path_ + "." + key);
  }
  std::vector<Field> items() const {
    if (!value_.is_array()) fail("expected an array");
    std::vector<Field> out;
    for (std::size_t i = 0; i < value_.size(); ++i) out.emplace_back(value_[i], path_ + "[" + std::to_string(i) + "]");
    return out;
  }
  std::string text() const {
    if (!value_.is_string()) fail("expected a string");
    return value_.get<std::string>();
  }
  bool boolean() const {
    if (!value_.is_boolean()) fail("expected true or false");
    return value_.get<bool>();
  }
  std::uint64_t count() const {
    if (!value_.is_number_unsigned() && !(value_.is_number_integer() && value_.get<std::int64_t>() >= 0))
      fail("expected a non-negative integer");
    return value_.get<std::uint64_t>();
  }
  unsigned bits() const {
    const std::uint64_t n = count();
    if (n > (1u << 20)) fail("precision out of range");
    return static_cast<unsigned>(n);
  }
  unsigned doublings() const {
    const std::uint64_t n = count();
    if (n > kMaxSampleDoublings) fail("sample doublings out of range (at most " + std::to_string(kMaxSampleDoublings) + ")");
    return static_cast<unsigned>(n);
  }
  double real() const {
    if (!value_.is_number()) fail("expected a number");
    return value_.get<double>();
  }
  std::map<std::string, std::string> string_map() const {
    if (!value_.is_object()) fail("expected an object of strings");
    std::map<std::string, std::string> out;
    for (const auto& [k, v] : value_.items()) out[k] = Field(v, path_ + "." + k).text();
    return out;
  }
  // convert(*this), with an InputError it throws restated at this field's path.
  template <class Convert>
  auto converted(Convert convert) const {
    try {
      return convert(*this);
    } catch (const InputError& e) {
      fail(e.what());
    }
  }
  std::vector<std::string> strings() const {
    std::vector<std::string> out;
    for (const Field& f : items()) out.push_back(f.text());
    return out;
  }

 private:
  const nlohmann::json& value_;
  std::string path_;
};

// What decimal_down/decimal_up print: "nan", "inf", "-inf" or [-]digits[.digits][e[+|-]digits].
bool is_decimal_text(const std::string& s) {
  if (s == "nan" || s == "inf" || s == "-inf") return true;
  std::size_t i = s.size() > 0 && s[0] == '-' ? 1 : 0, digits = 0;
  const auto digit_run = [&] {
    std::size_t n = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i, ++n;
    return n;
  };
  digits += digit_run();
  if (i < s.size() && s[i] == '.') ++i, digits += digit_run();
  if (digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (digit_run() == 0) return false;
  }
  return i == s.size();
}

// Whether an enclosure can stand beside a certified verdict: no NaN end (unknown), and an infinite
// end (the overflow of a valid enclosure) only opposite an end that decides the sign: [x, inf]
// with x >= 0, [-inf, x] with x <= 0 (x may be "0", otherwise its sign is its first character).
bool decides_a_sign(const EnclosureText& e) {
  if (e.lo == "nan" || e.hi == "nan") return false;
  if (e.hi == "inf") return e.lo[0] != '-';
  if (e.lo == "-inf") return e.hi[0] == '-' || e.hi == "0";
  return true;
}

EnclosureText enclosure_from(const Field& f) {
  const std::vector<Field> ends = f.items();
  if (ends.size() != 2) f.fail("expected [lo, hi], two decimal strings");
  EnclosureText e{ends[0].text(), ends[1].text(), 0.0};
  if (!is_decimal_text(e.lo) || !is_decimal_text(e.hi)) f.fail("expected [lo, hi], two decimal strings");
  e.approx = (std::strtod(e.lo.c_str(), nullptr) + std::strtod(e.hi.c_str(), nullptr)) / 2;
  return e;
}

// The enum value whose name `name_of` gives is `text`; fails naming the accepted names otherwise.
template <class Enum, std::size_t N>
Enum enum_from(const Field& f, const std::array<Enum, N>& values, const char* (*name_of)(Enum)) {
  const std::string text = f.text();
  std::string accepted;
  for (Enum v : values) {
    if (text == name_of(v)) return v;
    accepted += (accepted.empty() ? "" : ", ") + std::string(name_of(v));
  }
  f.fail("unknown value \"" + text + "\" (expected one of " + accepted + ")");
}

CaseOutcome outcome_from(const Field& f) {
  CaseOutcome o;
  o.index = f.at("index").count();
  o.label = f.at("label").text();
  o.size = f.at("size").count();
  o.verdict = f.at("verdict").converted([](const Field& v) { return verdict_from_key(v.text()); });
  o.claim = f.at("claim").text();
  o.relation = enum_from(f.at("relation"),
                         std::array{Relation::LessEqual, Relation::Less, Relation::GreaterEqual,
                                    Relation::Greater, Relation::Equal},
                         relation_symbol);
  o.value = enclosure_from(f.at("value"));
  o.bound = enclosure_from(f.at("bound"));
  o.slack = enclosure_from(f.at("slack"));
  o.relative_slack = enclosure_from(f.at("relative_slack"));
  // Certified verdicts come only from enclosures whose ends are numbers, an infinite one only
  // opposite an end that decides the sign (NaN means unknown): one beside another enclosure marks
  // a damaged file, which a report would otherwise show as decided.
  const std::pair<const char*, const EnclosureText*> decided[] = {{"slack", &o.slack},
                                                                    {"relative_slack", &o.relative_slack}};
  for (const auto& [name, e] : decided)
    if (is_certified_verdict(o.verdict) && !decides_a_sign(*e))
      f.at(name).fail("is [" + e->lo + ", " + e->hi + "], which decides no sign, but the verdict is \"" +
                      verdict_key(o.verdict) + "\" (a NaN end, or an infinite end opposite an end of the other sign, " +
                      "is only ever INCONCLUSIVE)");
  o.relative_is_absolute = f.at("relative_is_absolute").boolean();
  o.precision_bits = f.at("precision_bits").bits();
  o.sample_doublings = f.at("sample_doublings").doublings();
  o.exact = f.at("exact").text();
  const Field quantities = f.at("quantities");
  if (!quantities.json().is_object()) quantities.fail("expected an object of enclosures");
  for (const auto& [name, q] : quantities.json().items())
    o.quantities.emplace_back(name, enclosure_from(Field(q, quantities.path() + "." + name)));
  o.provenance = f.at("provenance").string_map();
  return o;
}

FlaggedCase flagged_from(const Field& f) {
  FlaggedCase c;
  c.outcome = outcome_from(f.at("outcome"));
  c.input = f.at("case").converted([](const Field& input) { return case_from_json(input.json()); });
  c.case_file = f.at("case_file").text();
  c.replay = f.at("replay").text();
  return c;
}

// Theorem ids name files of a report, so only the kebab-case the registry uses is accepted.
std::string theorem_id_from(const Field& f) {
  const std::string id = f.text();
  const bool kebab = !id.empty() && std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
  if (!kebab) f.fail("theorem id \"" + id + "\" is not kebab-case ([a-z0-9-]+)");
  return id;
}

// "refused" may be absent (verdict_counts_json): none then.
VerdictCounts verdict_counts_from(const Field& f) {
  VerdictCounts c{};
  for (int v = 0; v < kVerdictCount; ++v)
    if (static_cast<Verdict>(v) != Verdict::Refused || (f.json().is_object() && f.json().contains(verdict_key(Verdict::Refused))))
      c[v] = f.at(verdict_key(static_cast<Verdict>(v))).count();
  return c;
}

// A number written by finite_or_null: infinite when null.
double finite_or_infinity(const Field& f) {
  return f.json().is_null() ? std::numeric_limits<double>::infinity() : f.real();
}

int layer_or_head_from(const Field& f) {
  if (!f.json().is_number_integer() || f.json().get<long long>() < -1 || f.json().get<long long>() > 1 << 20)
    f.fail("expected -1 (none) or a layer or head number");
  return static_cast<int>(f.json().get<long long>());
}

KeptOutcomes kept_from(const Field& f) {
  KeptOutcomes k;
  k.flagged = f.at("flagged").count();
  k.flagged_kept = f.at("flagged_kept").count();
  if (k.flagged_kept > k.flagged || k.flagged_kept > kKeptFlaggedCases)
    f.at("flagged_kept").fail("is more than the flagged cases or than " + std::to_string(kKeptFlaggedCases));
  k.median_cases = f.at("median_cases").count();
  if (const Field median = f.at("median_log10_relative_slack"); !median.json().is_null())
    k.median_log10_relative_slack = median.real();
  if ((k.median_cases > 0) != k.median_log10_relative_slack.has_value())
    f.at("median_cases").fail("a median needs cases, and cases a median");
  for (const Field& h : f.at("heads").items()) {
    HeadSummary s;
    s.layer = layer_or_head_from(h.at("layer"));
    s.head = layer_or_head_from(h.at("head"));
    s.cases = h.at("cases").count();
    s.counts = verdict_counts_from(h.at("counts"));
    std::size_t total = 0;
    for (std::size_t n : s.counts) total += n;
    if (total != s.cases) h.at("counts").fail("do not add up to the head's cases");
    s.min_slack = finite_or_infinity(h.at("min_slack"));
    s.min_relative_slack = finite_or_infinity(h.at("min_relative_slack"));
    s.tightest_index = h.at("tightest_index").count();
    k.heads.push_back(s);
  }
  return k;
}

// Bounded results add up: the heads' counts to the theorem's, the counts to its cases, and the
// kept outcomes are distinct cases of it in case order, below its cases unless the results are
// partial (then the cases decided need not be the first: MPI ranks stop in their own chunks).
void check_kept(const Field& f, const TheoremResult& t, bool partial) {
  VerdictCounts heads{};
  std::size_t cases = 0;
  for (const HeadSummary& h : t.kept->heads)
    for (int v = 0; v < kVerdictCount; ++v) heads[v] += h.counts[v];
  for (int v = 0; v < kVerdictCount; ++v) cases += t.counts[v];
  if (cases != t.cases) f.at("counts").fail("do not add up to the cases");
  if (heads != t.counts) f.at("kept").at("heads").fail("their counts do not add up to the theorem's");
  for (std::size_t i = 0; i < t.outcomes.size(); ++i)
    if ((!partial && t.outcomes[i].index >= t.cases) || (i > 0 && t.outcomes[i].index <= t.outcomes[i - 1].index))
      f.at("outcomes").fail("kept outcomes must be distinct cases in case order, below the cases");
}

// The looseness of one theorem as looseness_json writes it.
TheoremLooseness looseness_from(const Field& f) {
  TheoremLooseness l;
  l.id = f.at("id").text();
  l.cases = f.at("cases").count();
  l.max_ratio = f.at("max_ratio").real();
  l.max_log10_ratio = std::log10(l.max_ratio);
  l.vacuous = f.at("vacuous").boolean();
  for (const Field& g : f.at("groups").items())
    l.groups.push_back({g.at("layer").text(), g.at("head").text(), g.at("cases").count(), g.at("min").real(),
                        g.at("median").real(), g.at("max").real()});
  return l;
}

TheoremResult theorem_from(const Field& f, bool partial) {
  TheoremResult t;
  t.info.id = theorem_id_from(f.at("id"));
  t.info.title = f.at("title").text();
  t.info.source = f.at("source").text();
  t.info.fidelity = enum_from(
      f.at("fidelity"),
      std::array{Fidelity::Verbatim, Fidelity::Reconstructed, Fidelity::Heuristic, Fidelity::Extension},
      fidelity_name);
  t.info.expect = enum_from(f.at("expect"), std::array{Expect::Holds, Expect::Violated}, expect_name);
  t.info.statement = f.at("statement").text();
  t.info.summary = f.at("summary").text();
  t.info.assumptions = f.at("assumptions").strings();
  // Optional: results written before the field existed have none.
  if (f.json().is_object() && f.json().contains("corrected_by")) t.info.corrected_by = f.at("corrected_by").text();
  if (f.json().is_object() && f.json().contains("definitions"))
    for (const Field& d : f.at("definitions").items()) t.info.definitions.emplace_back(d.at("name").text(), d.at("formula").text());
  for (const Field& o : f.at("outcomes").items()) t.outcomes.push_back(outcome_from(o));
  t.cases = f.at("cases").count();
  if (f.json().is_object() && f.json().contains("kept")) t.kept = kept_from(f.at("kept"));
  if (!t.kept && t.cases != t.outcomes.size()) f.at("cases").fail("differs from the number of outcomes");

  const Field counts = f.at("counts");
  VerdictCounts recounted{};
  for (const auto& o : t.outcomes) ++recounted[static_cast<int>(o.verdict)];
  t.counts = verdict_counts_from(counts);
  for (int v = 0; v < kVerdictCount; ++v) {
    const auto fail = [&](const std::string& why) {
      if (counts.json().is_object() && counts.json().contains(verdict_key(static_cast<Verdict>(v))))
        counts.at(verdict_key(static_cast<Verdict>(v))).fail(why);
      counts.fail(std::string("\"") + verdict_key(static_cast<Verdict>(v)) + "\" (absent: 0) " + why);
    };
    if (!t.kept && t.counts[v] != recounted[v]) fail("disagrees with the verdicts of the outcomes");
    if (t.kept && t.counts[v] < recounted[v]) fail("is smaller than the kept outcomes with this verdict");
  }
  if (t.kept) check_kept(f, t, partial);
  t.expected = f.at("expected").boolean();
  t.expectation = f.at("expectation").text();
  if (t.expectation != expectation_words(t.info.expect, t.counts, t.cases, t.expected))
    f.at("expectation").fail("\"" + t.expectation + "\" disagrees with the counts (\"" +
                             expectation_words(t.info.expect, t.counts, t.cases, t.expected) + "\")");
  const Field worst = f.at("worst_case");
  if (!worst.json().is_null()) t.worst_case = flagged_from(worst);
  for (const Field& v : f.at("violations").items()) t.violations.push_back(flagged_from(v));
  t.violations_total = f.at("violations_total").count();
  if (t.violations_total < t.violations.size()) f.at("violations_total").fail("smaller than the violations listed");
  return t;
}

// A 64-bit seed, written as a decimal string.
std::uint64_t seed_from(const Field& f) {
  const std::string text = f.text();
  char* end = nullptr;
  errno = 0;
  const std::uint64_t seed = std::strtoull(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || errno == ERANGE || !std::isdigit(static_cast<unsigned char>(text[0])))
    f.fail("expected a decimal 64-bit unsigned integer as a string");
  return seed;
}

// A search ratio as search_json writes it: NaN when null (none was finite).
double ratio_from(const Field& f) {
  return f.json().is_null() ? std::numeric_limits<double>::quiet_NaN() : f.real();
}

// The search block of a search run, whose theorems are `theorems` in order.
SearchRecord search_from(const Field& f, const std::vector<TheoremResult>& theorems) {
  SearchRecord record;
  record.budget = f.at("budget").count();
  record.seed = seed_from(f.at("seed"));
  const std::vector<Field> searched = f.at("theorems").items();
  if (searched.size() != theorems.size()) f.at("theorems").fail("must name the results' theorems, in order");
  for (std::size_t i = 0; i < searched.size(); ++i) {
    const Field& s = searched[i];
    SearchedTheoremRecord& t = record.theorems.emplace_back();
    t.id = s.at("id").text();
    if (t.id != theorems[i].info.id) s.at("id").fail("must be \"" + theorems[i].info.id + "\", the results' theorem " + std::to_string(i));
    if (theorems[i].outcomes.empty()) s.fail("the searched theorem has no certified case to show first");
    t.evaluations = s.at("evaluations").count();
    const Field frontier = s.at("frontier");
    t.frontier_kind = frontier.at("kind").text();
    if (t.frontier_kind != "violated" && t.frontier_kind != "sharp" && t.frontier_kind != "approached" &&
        t.frontier_kind != "loose")
      frontier.at("kind").fail("unknown value \"" + t.frontier_kind + "\" (expected violated, sharp, approached or loose)");
    t.frontier_text = frontier.at("text").text();
    t.search_ratio = ratio_from(frontier.at("search_ratio"));
    t.suite_ratio = ratio_from(frontier.at("suite_ratio"));
    t.witness = frontier.at("witness").text();
    for (const Field& r : s.at("restarts").items())
      t.restarts.push_back({r.at("start").text(), ratio_from(r.at("start_ratio")), ratio_from(r.at("best_ratio")),
                            r.at("claim").text(), r.at("evaluations").count()});
    const Field shrink = s.at("shrink");
    t.violation = shrink.at("violation").boolean();
    t.shown_first = shrink.at("shown_first").boolean();
    t.shrink_steps = shrink.at("steps").count();
    t.shrink_attempts = shrink.at("attempts").count();
  }
  return record;
}

InputSource source_from(const Field& f) {
  return {f.at("kind").text(), f.at("location").text(), f.at("sha256").text(),
          f.at("parameters").string_map()};
}

}  // namespace

RunResults results_from_json(const nlohmann::json& j) {
  const Field root(j, "");
  const Field version = root.at("schema_version");
  if (!version.json().is_number_integer() || version.json().get<long long>() != kResultsSchemaVersion)
    version.fail("unsupported schema_version " + version.json().dump() + " (this normbound reads version " +
                 std::to_string(kResultsSchemaVersion) + ")");
  RunResults r;
  r.version = root.at("version").text();
  r.commit = root.at("commit").text();
  r.command_line = root.at("command_line").text();
  r.timestamp = root.at("timestamp").text();
  r.settings.seed = seed_from(root.at("seed"));
  const Field precision = root.at("precision");
  r.settings.binary64_tier = precision.at("binary64_tier").boolean();
  r.settings.precision = precision.at("initial_bits").bits();
  r.settings.max_precision = precision.at("max_bits").bits();
  const Field settings = root.at("settings");
  r.settings.near_tight = settings.at("near_tight").real();
  r.settings.confidence = settings.at("confidence").real();
  r.settings.max_sample_doublings = settings.at("max_sample_doublings").doublings();
  r.settings.threads = static_cast<unsigned>(settings.at("threads").count());
  r.settings.cases_per_theorem = settings.at("cases_per_theorem").count();
  r.settings.source = settings.at("source").text();
  r.settings.exact_budget = settings.at("exact_budget").count();
  r.settings.exact_time_limit = settings.at("exact_time_limit").real();
  for (const Field& s : root.at("sources").items()) r.sources.push_back(source_from(s));
  if (j.is_object() && j.contains("partial")) {
    r.partial = root.at("partial").text();
    if (r.partial.empty()) root.at("partial").fail("says why the run is partial, when present");
  }
  std::vector<std::string> ids;
  for (const Field& t : root.at("theorems").items()) {
    r.theorems.push_back(theorem_from(t, !r.partial.empty()));
    if (std::find(ids.begin(), ids.end(), r.theorems.back().info.id) != ids.end())
      t.at("id").fail("theorem \"" + r.theorems.back().info.id + "\" appears twice");
    ids.push_back(r.theorems.back().info.id);
  }
  if (j.is_object() && j.contains("search")) r.search = search_from(root.at("search"), r.theorems);
  // The looseness is a function of the outcomes: recomputed, and the file's must be the same.
  // Bounded results kept no outcomes to recompute it from: their theorems' looseness is the file's.
  if (j.is_object() && j.contains("looseness")) {
    const Field looseness = root.at("looseness");
    for (const Field& l : looseness.at("theorems").items())
      for (TheoremResult& t : r.theorems)
        if (t.kept && t.info.id == l.at("id").text()) t.kept->looseness = looseness_from(l);
    try {
      r.looseness = looseness_of(r);
    } catch (const std::logic_error&) {  // std::stoi of a layer or head that is no number
      looseness.fail("the outcomes' layers and heads are not all numbers");
    }
    if (r.looseness.empty() || looseness_json(r.looseness).dump() != looseness.json().dump())
      looseness.fail("disagrees with the outcomes");
  }
  return r;
}

namespace {

// A message of the results check of a slice (check_results), naming theorem 0 and outcome k of the
// slice, with the places they have in the run: theorem `theorem`, outcome `first` + k.
std::string located_in_run(const std::string& message, std::size_t theorem, std::size_t first) {
  const std::string slice_theorem = "theorems[0]", outcomes = ".outcomes[";
  const std::size_t at = message.find(slice_theorem);
  if (at == std::string::npos) return message;
  std::string located = message.substr(0, at) + "theorems[" + std::to_string(theorem) + "]";
  std::size_t rest = at + slice_theorem.size();
  if (message.compare(rest, outcomes.size(), outcomes) == 0) {
    const std::size_t digits = rest + outcomes.size(), close = message.find(']', digits);
    if (close != std::string::npos && close > digits &&
        message.find_first_not_of("0123456789", digits) == close) {
      located += outcomes + std::to_string(first + std::stoull(message.substr(digits, close - digits)));
      rest = close;
    }
  }
  return located + message.substr(rest);
}

}  // namespace

RunResults results_as_saved(const RunResults& results) {
  try {
    return results_from_json(results_to_json(results));
  } catch (const InputError& e) {
    throw std::logic_error(std::string("normbound's own results fail its results check: ") + e.what());
  }
}

void check_results(const RunResults& results) {
  // Checked a slice of outcomes at a time, so that the check of a run over a model's every row
  // does not hold all its outcomes twice more as JSON. Each slice is checked as results of its own
  // (its counts and expectation recounted), the first with the theorem's flagged cases; the
  // theorem's counts and expectation are checked against all its outcomes here.
  constexpr std::size_t kSlice = 4096;
  // The run's record without its theorems; the looseness, derived from all the outcomes, is left
  // out (a slice would disagree with it).
  RunResults piece{results.version, results.commit,  results.command_line, results.timestamp,
                   results.settings, results.sources, {},                   {},
                   results.partial};
  results_as_saved(piece);
  // Checks `part` (of theorem `index`, its outcomes from `first` on) as the results' one theorem,
  // without the flagged cases' inputs.
  const auto check_part = [&](TheoremResult part, std::size_t index, std::size_t first) {
    if (part.worst_case) part.worst_case->input = Case{};
    for (FlaggedCase& v : part.violations) v.input = Case{};
    piece.theorems = {std::move(part)};
    try {
      results_as_saved(piece);
    } catch (const std::logic_error& e) {
      throw std::logic_error(located_in_run(e.what(), index, first));
    }
  };
  for (std::size_t index = 0; index < results.theorems.size(); ++index) {
    const TheoremResult& t = results.theorems[index];
    if (t.kept) {  // bounded results: few outcomes, checked whole (their counts against the kept ones)
      check_part(t, index, 0);
      continue;
    }
    for (std::size_t begin = 0; begin == 0 || begin < t.outcomes.size(); begin += kSlice) {
      TheoremResult slice;
      slice.info = t.info;
      slice.expected = t.expected;
      slice.outcomes.assign(t.outcomes.begin() + static_cast<std::ptrdiff_t>(begin),
                            t.outcomes.begin() + static_cast<std::ptrdiff_t>(std::min(t.outcomes.size(), begin + kSlice)));
      for (const CaseOutcome& o : slice.outcomes) ++slice.counts[static_cast<int>(o.verdict)];
      slice.cases = slice.outcomes.size();
      slice.expectation = expectation_words(t.info.expect, slice.counts, slice.cases, t.expected);
      slice.violations_total = t.violations_total;
      if (begin == 0) {
        slice.worst_case = t.worst_case;
        slice.violations = t.violations;
      }
      check_part(std::move(slice), index, begin);
    }
    VerdictCounts recounted{};
    for (const CaseOutcome& o : t.outcomes) ++recounted[static_cast<int>(o.verdict)];
    if (recounted != t.counts || t.cases != t.outcomes.size() ||
        t.expectation != expectation_words(t.info.expect, t.counts, t.cases, t.expected))
      throw std::logic_error("normbound's own results fail its results check: results: theorems[" +
                             std::to_string(index) + "]: the counts or expectation disagree with the outcomes");
  }
}

RunResults read_results_file(const std::string& path) {
  const std::string text = read_input_file(path, "results file");
  const nlohmann::json j = parse_json(text, "results file '" + path + "'");
  try {
    return results_from_json(j);
  } catch (const InputError& e) {
    throw InputError("results file '" + path + "': " + e.what());
  }
}

}  // namespace nb
