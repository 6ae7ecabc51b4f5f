// Evaluations per second of `normbound search` per theorem: its binary64 objective
// (search_objective: assumptions checked, Theorem::evaluate_double, the smallest relative slack)
// and its certification of one case (nb::run, one thread, default settings), each on the start
// of the search's first restart (suite case 1 of seed 2508178). CPU time, repeated until each
// measurement has used --min-seconds.
//
//   bench_search_rates [--min-seconds X] [--only ID]...
#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "bench/cpu_time.hpp"
#include "verify/search/theorem_search.hpp"
#include "theorems/registry.hpp"
#include "verify/results/run.hpp"

namespace {

// Calls per CPU second of `f`, repeated until `min_seconds` of CPU time were used.
double rate(const std::function<void()>& f, double min_seconds) {
  return 1 / nb::bench::seconds_per_evaluation(min_seconds, f);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Evaluations per second of normbound search's binary64 objective and of its certification"};
  double min_seconds = 0.3;
  std::vector<std::string> only;
  app.add_option("--min-seconds", min_seconds, "CPU time per measurement")->capture_default_str();
  app.add_option("--only", only, "Theorem ids to measure (default: every searchable theorem)");
  CLI11_PARSE(app, argc, argv);

  std::printf("%-44s %10s %16s %16s %8s\n", "theorem", "entries", "binary64 eval/s", "certified/s", "ratio");
  for (const auto& theorem : nb::theorems::all()) {
    const std::string& id = theorem->info().id;
    if (!nb::search::why_not_searchable(*theorem).empty()) continue;
    if (!only.empty() && std::find(only.begin(), only.end(), id) == only.end()) continue;
    const nb::Case c = theorem->suite({2508178, 2}).at(1);
    const nb::EvalContext ctx{};
    const double objective = rate([&] { (void)nb::search::search_objective(*theorem, c, ctx); }, min_seconds);
    nb::RunPlan plan;
    plan.theorems.push_back({theorem.get(), {c}, nb::CaseOrigin::SuiteOrSaved});
    const double certified = rate([&] { (void)nb::run(plan); }, min_seconds);
    std::printf("%-44s %10zu %16.0f %16.1f %8.1f\n", id.c_str(), c.size(), objective, certified, objective / certified);
  }
  return 0;
}
