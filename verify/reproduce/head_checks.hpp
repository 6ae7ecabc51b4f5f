#pragma once
// The certified checks of an experiment's rows, decided head by head as the heads stream past:
// a row's case (its logits and its keys' vectors) is built when the run asks for it, a chunk at a
// time (CaseList, verify/results/run.hpp), and none outlives its head, so the cases held do not
// grow with the rows. What is kept per theorem are bounded results (OutcomeKeeper: counts, per
// head summaries, the flagged and tightest cases, exact medians over every row) and, in full, only
// the cases they show (the worst case and the first violations), so that memory does not grow with
// the rows and the results are those of one bounded run over all the rows.
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "verify/reproduce/experiment.hpp"
#include "verify/results/outcome_keeper.hpp"

namespace nb::reproduce {

class HeadChecks {
 public:
  explicit HeadChecks(const SweepSettings& settings) : s_(settings) {}

  // Decides now `count` cases of theorem `id`, case i being build(i) (called from several threads,
  // a chunk at a time), after those already checked for `id`. On an MPI job every rank calls it
  // alike; the cases are dealt over the ranks and rank 0 keeps the outcomes.
  void check(const std::string& id, std::size_t count, const std::function<Case(std::size_t)>& build);

  // Per theorem, in the order first checked: its bounded results over all its cases (origin
  // External) and the spread of their tightness ratios. Empty on ranks other than 0.
  std::vector<CertifiedRows> results() const;

  double seconds() const { return seconds_; }  // wall time spent in check
  std::size_t cases() const { return cases_; }  // cases checked

 private:
  struct Tally {
    const Theorem* theorem = nullptr;
    OutcomeKeeper keeper;              // every case checked, index = position
    std::map<std::size_t, Case> shown;  // by position: the cases keeper.result shows in full
  };
  Tally& tally(const std::string& id);
  SweepSettings s_;
  std::vector<std::pair<std::string, Tally>> tallies_;
  double seconds_ = 0;
  std::size_t cases_ = 0;
};

}  // namespace nb::reproduce
