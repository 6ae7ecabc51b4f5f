#include "verify/reproduce/reproduction.hpp"

#include <algorithm>
#include <chrono>
#include <memory>

#include "verify/reproduce/certified_findings.hpp"
#include "verify/reproduce/distance_sweep.hpp"
#include "verify/reproduce/normalized_rows.hpp"
#include "verify/reproduce/critical_n_search.hpp"
#include "verify/reproduce/separability_sweep.hpp"
#include "verify/reproduce/sensitivity_sweep.hpp"
#include "verify/io/errors.hpp"

namespace nb::reproduce {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::unique_ptr<Experiment> make_experiment(const std::string& id, const SweepSettings& s) {
  if (id == "fig2a") return distance_against_length(s);
  if (id == "fig2b") return distance_against_selection(s);
  if (id == "fig2c") return critical_n_search(s);
  if (id == "fig3") return separability_sweep(s);
  return sensitivity_sweep(s);
}

// Algorithms 1-4 read the token vectors x_i; Algorithm 5 only the logits.
bool needs_vectors(const std::string& id) { return id != "fig4"; }

// Each normalizer other than softmax says in the claims table, with its first experiment, that
// the paper's claims are not its own.
void add_normalizer_claims(Reproduction& r) {
  for (kernels::AttentionNormalizer n : r.normalizers) {
    if (n == kernels::AttentionNormalizer::Softmax) continue;
    const auto first = std::find_if(r.experiments.begin(), r.experiments.end(), [&](const TimedOutcome& e) {
      return e.outcome.id.ends_with(std::string("-") + kernels::attention_normalizer_name(n));
    });
    if (first != r.experiments.end()) first->outcome.claims.insert(first->outcome.claims.begin(), normalizer_claim(n));
  }
}

}  // namespace

const std::vector<std::string>& experiment_ids() {
  static const std::vector<std::string> ids{"fig2a", "fig2b", "fig2c", "fig3", "fig4"};
  return ids;
}

Reproduction reproduce(const ReproductionRequest& request, const std::function<void(const std::string&)>& progress) {
  const auto& known = experiment_ids();
  for (const auto& id : request.experiments)
    if (std::find(known.begin(), known.end(), id) == known.end())
      throw UsageError("unknown experiment '" + id + "' (expected fig2a, fig2b, fig2c, fig3, fig4 or --all)");
  if (request.experiments.empty()) throw UsageError("name experiments (fig2a, fig2b, fig2c, fig3, fig4) or --all");
  if (request.normalizers.empty() || request.normalizers.front() != kernels::AttentionNormalizer::Softmax)
    throw UsageError("the normalizers of a reproduction start with softmax, the paper's");

  Reproduction result;
  result.source = describe_heads(request.heads);
  result.normalizers = request.normalizers;
  struct Running {
    std::string id;
    std::unique_ptr<Experiment> experiment;
    bool fed;
    double seconds = 0;
  };
  std::vector<Running> running;
  for (kernels::AttentionNormalizer n : request.normalizers) {
    SweepSettings settings = request.sweep;
    settings.normalizer = n;
    settings.certified = request.certified;
    for (const auto& id : known)
      if (std::find(request.experiments.begin(), request.experiments.end(), id) != request.experiments.end())
        running.push_back({normalized_id(id, n), make_experiment(id, settings), result.source.has_vectors || !needs_vectors(id)});
  }

  const auto start = Clock::now();
  auto layer_start = Clock::now();
  int last_window = -1, last_layer = -1;
  std::size_t layer_heads = 0;
  std::size_t total_heads = 0;
  const auto report_layer = [&] {
    if (!progress || last_layer < 0) return;
    // The time left at the mean time per head so far (heads of one source cost alike: same length, same grids).
    const double elapsed = seconds_since(start);
    const std::string left =
        total_heads > result.heads
            ? "; " + std::to_string(result.heads) + " of " + std::to_string(total_heads) + " heads, about " +
                  std::to_string(static_cast<long long>(elapsed / static_cast<double>(result.heads) *
                                                        static_cast<double>(total_heads - result.heads))) + " s left"
            : "";
    progress("window " + std::to_string(last_window) + ", layer " + std::to_string(last_layer) + ": " +
             std::to_string(layer_heads) + " heads done (" + std::to_string(seconds_since(layer_start)) + " s" + left + ")");
  };
  // Thrown from a head's visit to leave the model's passes when the run is asked to stop: they
  // call it from the thread that started them, and give no other way out.
  struct StoppedBetweenHeads {};
  try {
    for_each_head(request.heads, [&](const AttentionHead& head) {
      if (result.heads > 0 && request.stop) {
        result.partial = request.stop();
        if (!result.partial.empty()) throw StoppedBetweenHeads{};
      }
      if (head.window != last_window || head.layer != last_layer) {
        report_layer();
        last_window = head.window;
        last_layer = head.layer;
        layer_heads = 0;
        layer_start = Clock::now();
      }
      ++layer_heads;
      ++result.heads;
      total_heads = head.total_heads;
      for (Running& r : running)
        if (r.fed) {
          const auto t0 = Clock::now();
          r.experiment->add_head(head);
          r.seconds += seconds_since(t0);
        }
    });
  } catch (const StoppedBetweenHeads&) {
    result.partial += " after " + std::to_string(result.heads) +
                      (total_heads > result.heads ? " of " + std::to_string(total_heads) : std::string()) + " heads";
  }
  report_layer();
  double experiments_seconds = 0;
  for (const Running& r : running) experiments_seconds += r.seconds;
  result.model_seconds = std::max(0.0, seconds_since(start) - experiments_seconds);

  RunPlan plan;
  plan.settings = request.certified;
  plan.record = request.record;
  result.certified = run(plan);  // the run's record; each experiment's checks are appended below
  result.certified.partial = result.partial;
  for (Running& r : running) {
    const auto t0 = Clock::now();
    TimedOutcome timed{r.experiment->finish(), 0, 0};
    timed.seconds = r.seconds + seconds_since(t0);
    if (!r.fed) {
      timed.outcome.testable = false;
      timed.outcome.why_not = "not testable on this source: " + result.source.kind +
                              " gives logits only, and this algorithm reads the token vectors x_i";
      for (Claim& c : timed.outcome.claims) {
        c.verdict = ClaimVerdict::NotTestable;
        c.measured = "-";
        c.basis = timed.outcome.why_not;
      }
    }
    const std::string source = "source " + result.source.kind +
                               (result.source.stand_in.empty() ? "" : " (" + result.source.stand_in + ")");
    for (Claim& c : timed.outcome.claims)
      c.evidence = source + (timed.outcome.evidence.empty() || !r.fed ? "" : "; " + timed.outcome.evidence);
    // Certified checks, made head by head inside the sweep (their time counted apart from it).
    timed.certified_seconds = timed.outcome.certified_seconds;
    timed.seconds -= timed.certified_seconds;
    if (!timed.outcome.certified.empty()) {
      std::vector<CertifiedRows> checked = std::move(timed.outcome.certified);
      timed.outcome.certified.clear();
      for (CertifiedRows& t : checked) t.result.info.id = r.id + "-" + t.result.info.id;  // kebab-case, as results files require
      for (Claim& c : certified_findings(checked)) {
        c.evidence = source + "; rows of " + r.id +
                     (request.sweep.certify_every_row
                          ? ": every row of the sweep at every grid point"
                          : ": the last of each head and grid point (Corollary 3 as printed: every row of the sweep, at "
                            "the model's T)");
        timed.outcome.claims.push_back(std::move(c));
      }
      for (CertifiedRows& t : checked) result.certified.theorems.push_back(std::move(t.result));
    }
    if (!result.partial.empty()) timed.outcome.claims.clear();
    result.experiments.push_back(std::move(timed));
  }
  if (request.normalizers.size() > 1) {
    std::vector<ExperimentOutcome> outcomes;
    for (const TimedOutcome& e : result.experiments) outcomes.push_back(e.outcome);
    result.comparison = compare_normalizers(outcomes, request.normalizers);
    if (result.partial.empty()) add_normalizer_claims(result);
  }
  return result;
}

}  // namespace nb::reproduce
