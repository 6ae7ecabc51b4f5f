#include "verify/results/outcome_keeper.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>

#include "verify/engine/outcome_bytes.hpp"
#include "verify/results/slack_order.hpp"
#include "verify/results/source_looseness.hpp"
#include "verify/results/tightness_ratio.hpp"

namespace nb {
namespace {

// Orders by (value, index) with NaN after every number, so that the smallest is the first in case
// order among equals, as a scan in case order finds it.
bool before(double a, std::size_t ia, double b, std::size_t ib) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) == std::isnan(b) ? ia < ib : std::isnan(b);
  return a < b || (a == b && ia < ib);
}

// Keeps at most `limit` entries of `kept`, the smallest keys.
template <class Key>
void trim(std::map<Key, CaseOutcome>& kept, std::size_t limit) {
  while (kept.size() > limit) kept.erase(std::prev(kept.end()));
}

// The cases of `counts` with a certified verdict (is_certified_verdict).
std::size_t certified_in(const VerdictCounts& counts) {
  std::size_t n = 0;
  for (int v = 0; v < kVerdictCount; ++v)
    if (is_certified_verdict(static_cast<Verdict>(v))) n += counts[v];
  return n;
}

void write_summary(ByteWriter& w, const HeadSummary& s) {
  w.integer(static_cast<std::uint64_t>(static_cast<std::int64_t>(s.layer)));
  w.integer(static_cast<std::uint64_t>(static_cast<std::int64_t>(s.head)));
  w.integer(s.cases);
  for (std::size_t n : s.counts) w.integer(n);
  w.real(s.min_slack);
  w.real(s.min_relative_slack);
  w.integer(s.tightest_index);
}

HeadSummary read_summary(ByteReader& r) {
  HeadSummary s;
  s.layer = static_cast<int>(static_cast<std::int64_t>(r.integer()));
  s.head = static_cast<int>(static_cast<std::int64_t>(r.integer()));
  s.cases = r.integer();
  for (std::size_t& n : s.counts) n = r.integer();
  s.min_slack = r.real();
  s.min_relative_slack = r.real();
  s.tightest_index = r.integer();
  return s;
}

}  // namespace

bool is_flagged_outcome(const CaseOutcome& o) {
  const bool holds = o.verdict == Verdict::Proven || o.verdict == Verdict::NearTight || o.verdict == Verdict::HoldsStatistical;
  const auto nan_end = [](const EnclosureText& e) { return e.lo == "nan" || e.hi == "nan"; };
  return !holds || nan_end(o.slack) || nan_end(o.relative_slack);
}

void OutcomeKeeper::add_to_head(Head& head, const CaseOutcome& o) {
  HeadSummary& s = head.summary;
  ++s.cases;
  ++s.counts[static_cast<int>(o.verdict)];
  if (is_certified_verdict(o.verdict)) {
    s.min_slack = std::min(s.min_slack, o.slack.approx);
    if (certified_in(s.counts) == 1 || before(o.relative_slack.approx, o.index, s.min_relative_slack, s.tightest_index)) {
      s.min_relative_slack = o.relative_slack.approx;
      s.tightest_index = o.index;
    }
  }
  if (const auto ratio = log10_tightness_ratio(o)) medians_.add(head.ratios, *ratio);
  const bool holds = o.verdict == Verdict::Proven || o.verdict == Verdict::NearTight;
  if (holds && !std::isnan(o.relative_slack.approx)) {
    head.tightest.emplace(std::make_pair(o.relative_slack.approx, o.index), o);
    trim(head.tightest, kKeptTightestPerHead);
  }
}

void OutcomeKeeper::keep_worst(const CaseOutcome& o) {
  if (!is_certified_verdict(o.verdict)) return;
  if (!worst_ || before(o.relative_slack.approx, o.index, worst_->relative_slack.approx, worst_->index)) worst_ = o;
}

void OutcomeKeeper::keep_violation(const CaseOutcome& o) {
  if (o.verdict != Verdict::Violated) return;
  ++violations_total_;
  violations_.emplace(std::make_pair(o.size, o.index), o);
  trim(violations_, kKeptViolations);
}

void OutcomeKeeper::keep_flagged(const CaseOutcome& o) {
  if (!is_flagged_outcome(o)) return;
  ++flagged_;
  flagged_kept_.emplace(o.index, o);
  trim(flagged_kept_, kKeptFlaggedCases);
}

OutcomeKeeper::Head& OutcomeKeeper::head_of(const std::pair<int, int>& key) {
  const auto [at, added] = heads_.try_emplace(key);
  if (added) {
    at->second.summary.layer = key.first;
    at->second.summary.head = key.second;
    at->second.ratios = static_cast<std::uint32_t>(heads_.size());  // 1, 2, ...: group 0 is the relative slacks'
  }
  return at->second;
}

void OutcomeKeeper::add(const CaseOutcome& o) {
  ++cases_;
  ++counts_[static_cast<int>(o.verdict)];
  add_to_head(head_of(layer_and_head(o)), o);
  if (o.verdict == Verdict::Proven || o.verdict == Verdict::NearTight)
    if (const auto log10 = log10_of_positive_midpoint(o.relative_slack)) medians_.add(kRelativeSlacks, *log10);
  keep_worst(o);
  keep_violation(o);
  keep_flagged(o);
}

void OutcomeKeeper::merge(const OutcomeKeeper& other) {
  cases_ += other.cases_;
  flagged_ += other.flagged_;
  violations_total_ += other.violations_total_;
  for (int v = 0; v < kVerdictCount; ++v) counts_[v] += other.counts_[v];
  std::vector<std::uint32_t> group_here(other.heads_.size() + 1, kRelativeSlacks);
  for (const auto& [key, theirs] : other.heads_) {
    const bool added = !heads_.contains(key);
    Head& here = head_of(key);
    group_here.at(theirs.ratios) = here.ratios;
    if (added) {
      here.summary = theirs.summary;
      here.tightest = theirs.tightest;
      continue;
    }
    HeadSummary& s = here.summary;
    const HeadSummary& t = theirs.summary;
    if (certified_in(t.counts) > 0 &&
        (certified_in(s.counts) == 0 || before(t.min_relative_slack, t.tightest_index, s.min_relative_slack, s.tightest_index))) {
      s.min_relative_slack = t.min_relative_slack;
      s.tightest_index = t.tightest_index;
    }
    s.min_slack = std::min(s.min_slack, t.min_slack);
    s.cases += t.cases;
    for (int v = 0; v < kVerdictCount; ++v) s.counts[v] += t.counts[v];
    here.tightest.insert(theirs.tightest.begin(), theirs.tightest.end());
    trim(here.tightest, kKeptTightestPerHead);
  }
  medians_.add_all(other.medians_, group_here);
  flagged_kept_.insert(other.flagged_kept_.begin(), other.flagged_kept_.end());
  trim(flagged_kept_, kKeptFlaggedCases);
  violations_.insert(other.violations_.begin(), other.violations_.end());
  trim(violations_, kKeptViolations);
  if (other.worst_) keep_worst(*other.worst_);
}

void OutcomeKeeper::write(ByteWriter& w) const {
  w.integer(cases_);
  w.integer(flagged_);
  w.integer(violations_total_);
  for (std::size_t n : counts_) w.integer(n);
  w.integer(heads_.size());
  for (const auto& [key, head] : heads_) {
    write_summary(w, head.summary);
    w.integer(head.ratios);
    w.integer(head.tightest.size());
    for (const auto& [order, o] : head.tightest) write_outcome(w, o);
  }
  medians_.write(w);
  w.integer(flagged_kept_.size());
  for (const auto& [index, o] : flagged_kept_) write_outcome(w, o);
  w.integer(violations_.size());
  for (const auto& [order, o] : violations_) write_outcome(w, o);
  w.integer(worst_.has_value());
  if (worst_) write_outcome(w, *worst_);
}

OutcomeKeeper OutcomeKeeper::read(ByteReader& r) {
  OutcomeKeeper k;
  k.cases_ = r.integer();
  k.flagged_ = r.integer();
  k.violations_total_ = r.integer();
  for (std::size_t& n : k.counts_) n = r.integer();
  for (std::uint64_t h = r.integer(); h > 0; --h) {
    Head head;
    head.summary = read_summary(r);
    head.ratios = static_cast<std::uint32_t>(r.integer());
    for (std::uint64_t n = r.integer(); n > 0; --n) {
      CaseOutcome o = read_outcome(r);
      head.tightest.emplace(std::make_pair(o.relative_slack.approx, o.index), std::move(o));
    }
    k.heads_.emplace(std::make_pair(head.summary.layer, head.summary.head), std::move(head));
  }
  k.medians_ = SpooledMedians::read(r);
  for (std::uint64_t n = r.integer(); n > 0; --n) {
    CaseOutcome o = read_outcome(r);
    k.flagged_kept_.emplace(o.index, std::move(o));
  }
  for (std::uint64_t n = r.integer(); n > 0; --n) {
    CaseOutcome o = read_outcome(r);
    k.violations_.emplace(std::make_pair(o.size, o.index), std::move(o));
  }
  if (r.integer() != 0) k.worst_ = read_outcome(r);
  return k;
}

TheoremResult OutcomeKeeper::result(const TheoremInfo& info, const std::function<Case(std::size_t)>& case_at,
                                    CaseOrigin origin) const {
  TheoremResult t;
  t.info = info;
  t.counts = counts_;
  t.cases = cases_;
  t.expected = expectation_met(info.expect, counts_, origin);
  t.expectation = expectation_words(info.expect, counts_, cases_, t.expected);
  t.violations_total = violations_total_;
  for (const auto& [order, o] : violations_) t.violations.push_back({o, case_at(o.index), "", ""});
  if (worst_) t.worst_case = FlaggedCase{*worst_, case_at(worst_->index), "", ""};

  std::map<std::size_t, const CaseOutcome*> kept;  // by index, each case once
  for (const auto& [index, o] : flagged_kept_) kept.emplace(index, &o);
  for (const auto& [order, o] : violations_) kept.emplace(o.index, &o);
  if (worst_) kept.emplace(worst_->index, &*worst_);
  // One pass of medians_ for the relative slacks' median and each head's ratios.
  std::vector<std::vector<std::uint32_t>> selections{{kRelativeSlacks}};
  for (const auto& [key, head] : heads_) selections.push_back({head.ratios});
  const std::vector<std::optional<Log10RatioSpread>> spreads = medians_.spreads(selections);
  KeptOutcomes summary;
  summary.flagged = flagged_;
  summary.flagged_kept = flagged_kept_.size();
  if (spreads.front()) {
    summary.median_cases = spreads.front()->cases;
    summary.median_log10_relative_slack = spreads.front()->median;
  }
  std::map<std::pair<int, int>, Log10RatioSpread> ratios;
  std::size_t selection = 1;
  for (const auto& [key, head] : heads_) {
    summary.heads.push_back(head.summary);
    for (const auto& [order, o] : head.tightest) kept.emplace(o.index, &o);
    if (const auto& spread = spreads[selection++]) ratios.emplace(key, *spread);
  }
  summary.looseness = looseness_of_spreads(info.id, ratios);
  for (const auto& [index, o] : kept) t.outcomes.push_back(*o);
  t.kept = std::move(summary);
  return t;
}

std::vector<std::size_t> OutcomeKeeper::cases_shown() const {
  std::vector<std::size_t> shown;
  for (const auto& [order, o] : violations_) shown.push_back(o.index);
  if (worst_) shown.push_back(worst_->index);
  return shown;
}

std::optional<Log10RatioSpread> OutcomeKeeper::ratio_spread() const {
  std::vector<std::uint32_t> every_head;
  for (const auto& [key, head] : heads_) every_head.push_back(head.ratios);
  return medians_.spreads({every_head}).front();
}

}  // namespace nb
