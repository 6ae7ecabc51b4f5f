#include "verify/prove/region_proof.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <span>
#include <stdexcept>
#include <thread>

#include "verify/distributed/every_rank_evaluation.hpp"
#include "verify/prove/box_result_bytes.hpp"

namespace nb::prove {
namespace {

using Clock = std::chrono::steady_clock;

// Whether side k of `box` may be cut again: longer than 2^kSmallestSideExponent of its scale.
bool cuttable(const Box& box, std::size_t k) {
  const Rational width = box.hi[k] - box.lo[k];
  if (width <= 0) return false;
  Rational scale = abs((box.lo[k] + box.hi[k]) / 2);
  if (scale < 1) scale = 1;
  return width > scale * Rational(1) / Rational(Integer(1) << -kSmallestSideExponent);
}

// The lowest slack end of the claims not certain to hold (NaN when unknown).
Mpfr lowest_slack(const BoxVerdict& v) {
  Mpfr lo = std::numeric_limits<double>::infinity();
  for (const SlackEnclosure& s : v.slacks) {
    if (!s.known) return not_a_number<Mpfr>();
    if (s.lo < lo) lo = s.lo;
  }
  return lo;
}

BoxVerdict evaluate_at(const BoxStatement& statement, const Box& box, Tier tier, unsigned bits) {
  return tier == Tier::Binary64 ? statement.evaluate<DoubleInterval>(box) : statement.evaluate<Interval>(box, bits);
}

class Prover {
 public:
  Prover(const BoxStatement& statement, const Region& region, const ProofSettings& settings)
      : statement_(statement), region_(region), settings_(settings) {}

  BoxResult evaluate(const Box& box) const {
    BoxResult r;
    BoxVerdict v = statement_.evaluate<DoubleInterval>(box);
    bool small = true;
    for (std::size_t k = 0; k < box.lo.size(); ++k) small = small && !cuttable(box, k);
    for (unsigned bits = 128; v.status == BoxStatus::Undecided && small && bits <= settings_.max_precision; bits *= 2) {
      v = statement_.evaluate<Interval>(box, bits);
      r.tier = Tier::Mpfi;
      r.bits = bits;
    }
    r.status = v.status;
    r.slack_lo = lowest_slack(v);
    if (v.status == BoxStatus::Fails) r.candidate = midpoint(box);
    if (v.status != BoxStatus::Undecided) return r;
    const std::vector<Rational> mid = midpoint(box);
    if (statement_.evaluate<DoubleInterval>(Box{mid, mid}).status == BoxStatus::Fails) r.candidate = mid;
    r.cut = choose_cut(box, v);
    return r;
  }

 private:
  int choose_cut(const Box& box, const BoxVerdict& v) const {
    std::vector<std::size_t> sides;
    for (std::size_t k = 0; k < box.lo.size(); ++k)
      if (cuttable(box, k)) sides.push_back(k);
    if (sides.empty()) return -1;
    // Relative to the region's side, so that T in [1/2, 2] and logits in [-8, 8] weigh alike.
    const auto relative_width = [&](std::size_t k) {
      return Rational((box.hi[k] - box.lo[k]) / (region_.box.hi[k] - region_.box.lo[k])).convert_to<double>();
    };
    std::size_t best = sides[0];
    for (std::size_t k : sides)
      if (relative_width(k) > relative_width(best)) best = k;
    if (settings_.cut == ChooseCut::Widest || sides.size() > kMeasuredCoordinates || !std::isfinite(v.undecided_width))
      return static_cast<int>(best);
    // The cut whose halves leave the least undecided width in total (a half that decides leaves
    // none), among the sides at least 1/16 as wide (relative to the region) as the widest: a side
    // the measure favours is not cut down alone.
    const double widest = relative_width(best);
    double narrowest = std::numeric_limits<double>::infinity();
    for (std::size_t k : sides) {
      if (relative_width(k) * 16 < widest) continue;
      Box low = box, high = box;
      low.hi[k] = high.lo[k] = (box.lo[k] + box.hi[k]) / 2;
      const double width = statement_.evaluate<DoubleInterval>(low).undecided_width +
                           statement_.evaluate<DoubleInterval>(high).undecided_width;
      if (width < narrowest) {
        narrowest = width;
        best = k;
      }
    }
    return static_cast<int>(best);
  }

  const BoxStatement& statement_;
  const Region& region_;
  const ProofSettings& settings_;
};

// Evaluates boxes[i] for every i on `threads` threads; entries not reached before `deadline`
// stay empty.
std::vector<std::optional<BoxResult>> evaluate_wave(const Prover& prover, std::span<const Box> boxes, unsigned threads,
                                                    Clock::time_point deadline) {
  std::vector<std::optional<BoxResult>> results(boxes.size());
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    for (std::size_t i; (i = next++) < boxes.size();) {
      if (Clock::now() > deadline) return;
      results[i] = prover.evaluate(boxes[i]);
    }
  };
  std::vector<std::thread> pool;
  const unsigned n = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(boxes.size())));
  for (unsigned t = 1; t < n; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  return results;
}

// Whether a proof runs on the several ranks of an MPI job.
bool on_ranks(const RankWorld* ranks) { return ranks && ranks->size() > 1; }

// evaluate_wave over the ranks of settings.ranks (this process alone when there are none): each
// rank evaluates the chunks of boxes it is dealt, and every rank decodes the same gathered bytes,
// so that every rank builds the same tree and the same next wave (a box one rank's clock left
// unevaluated is unevaluated on all).
std::vector<std::optional<BoxResult>> evaluate_wave_on_ranks(const Prover& prover, const std::vector<Box>& boxes,
                                                             const ProofSettings& settings, Clock::time_point deadline) {
  if (!on_ranks(settings.ranks)) return evaluate_wave(prover, boxes, settings.threads, deadline);
  const std::string bytes = evaluate_for_every_rank(*settings.ranks, boxes.size(), [&](std::size_t begin, std::size_t end) {
    ByteWriter w;
    for (const std::optional<BoxResult>& r :
         evaluate_wave(prover, std::span<const Box>(boxes).subspan(begin, end - begin), settings.threads, deadline))
      write_box_result(w, r);
    return w.bytes();
  });
  ByteReader r(bytes);
  std::vector<std::optional<BoxResult>> results(boxes.size());
  for (std::optional<BoxResult>& result : results) result = read_box_result(r);
  if (!r.at_end()) throw std::logic_error("a wave's bytes hold more than its box results");
  return results;
}

// The counterexample `certify` makes of `candidate`, on every rank alike: the engine (which may
// start exact evaluations in child processes under time limits, whose outcome the ranks could
// disagree on) runs on rank 0 alone, which tells the others whether it certified one. `violated`
// is what rank 0 found; the witness is rank 0's only.
std::optional<Case> certified(const CertifyFn& certify, const Case& candidate, const RankWorld* ranks, bool& violated) {
  std::optional<Case> witness;
  if (!on_ranks(ranks) || ranks->leads()) witness = certify(candidate);
  violated = on_ranks(ranks) ? ranks->share_from_lead(witness ? "1" : "0") == "1" : witness.has_value();
  return witness;
}

}  // namespace

const char* leaf_status_key(LeafStatus s) {
  return s == LeafStatus::Proven ? "proven" : s == LeafStatus::OutsideAssumptions ? "outside-assumptions" : "residual";
}

const char* proof_outcome_name(ProofOutcome o) {
  return o == ProofOutcome::ProvenOnRegion ? "PROVEN ON REGION" : o == ProofOutcome::Violated ? "VIOLATED" : "UNDECIDED";
}

const char* proof_outcome_key(ProofOutcome o) {
  return o == ProofOutcome::ProvenOnRegion ? "proven_on_region" : o == ProofOutcome::Violated ? "violated" : "undecided";
}

BoxStatus recheck_box(const BoxStatement& statement, const Box& box, Tier tier, unsigned bits) {
  return evaluate_at(statement, box, tier, bits).status;
}

RegionProof prove_region(const BoxStatement& statement, const formula::TheoremSpec& spec, const Region& region,
                         const ProofSettings& settings, const CertifyFn& certify) {
  const Clock::time_point start = Clock::now();
  const Clock::time_point deadline =
      start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(settings.time_limit));
  const Prover prover(statement, region, settings);
  RegionProof proof;
  proof.region_volume = volume(region.box, region);
  proof.nodes.push_back({});
  // The open boxes of this wave: (node, box), and the lowest slack end their parents' evaluation
  // gave (NaN for the region), a lower bound of the slack over them too.
  std::vector<std::pair<std::size_t, Box>> open = {{0, region.box}};
  std::vector<Mpfr> open_slack = {not_a_number<Mpfr>()};
  // A leaf; `r` null for a box a limit left unevaluated, whose slack bound is its parent's.
  const auto leaf = [&](std::size_t node, Box box, LeafStatus status, const BoxResult* r, const Mpfr& parent_slack) {
    ProofLeaf l{std::move(box), status};
    if (r) {
      l.tier = r->tier;
      l.bits = r->bits;
      l.slack_lo = r->slack_lo;
    } else {
      l.slack_lo = parent_slack;
      l.evaluated = false;
    }
    const Rational v = volume(l.box, region);
    if (status == LeafStatus::Residual) proof.residual_volume += v;
    if (status == LeafStatus::OutsideAssumptions) proof.outside_volume += v;
    proof.nodes[node].leaf = proof.leaves.size();
    proof.leaves.push_back(std::move(l));
  };
  const auto seconds = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  while (!open.empty()) {
    const std::size_t budget = settings.max_boxes > proof.boxes ? settings.max_boxes - proof.boxes : 0;
    const std::size_t taken = std::min(budget, open.size());
    std::vector<Box> boxes;
    for (std::size_t i = 0; i < taken; ++i) boxes.push_back(open[i].second);
    const std::vector<std::optional<BoxResult>> results = evaluate_wave_on_ranks(prover, boxes, settings, deadline);
    std::vector<std::pair<std::size_t, Box>> next;
    std::vector<Mpfr> parent_slack;  // of next's boxes' parents
    for (std::size_t i = 0; i < open.size(); ++i) {
      auto& [node, box] = open[i];
      if (i >= taken || !results[i]) {
        if (proof.stopped_by.empty()) proof.stopped_by = i >= taken ? "box limit" : "time limit";
        leaf(node, std::move(box), LeafStatus::Residual, nullptr, open_slack[i]);
        continue;
      }
      const BoxResult& r = *results[i];
      ++proof.boxes;
      if (r.candidate && certify) {
        bool violated = false;
        proof.witness = certified(certify, point_case(spec, region, *r.candidate), settings.ranks, violated);
        if (violated) {
          proof.outcome = ProofOutcome::Violated;
          proof.seconds = seconds();
          return proof;
        }
      }
      if (r.status == BoxStatus::Holds) leaf(node, std::move(box), LeafStatus::Proven, &r, r.slack_lo);
      else if (r.status == BoxStatus::OutsideAssumptions) leaf(node, std::move(box), LeafStatus::OutsideAssumptions, &r, r.slack_lo);
      else if (r.status == BoxStatus::Fails || r.cut < 0) {
        // A box failing everywhere whose midpoint the engine did not certify (a tie only exact
        // arithmetic decides) is left undecided, as one too small to cut.
        if (proof.stopped_by.empty() && r.status == BoxStatus::Undecided) proof.stopped_by = "smallest boxes";
        leaf(node, std::move(box), LeafStatus::Residual, &r, r.slack_lo);
      } else {
        const auto k = static_cast<std::size_t>(r.cut);
        ProofNode& n = proof.nodes[node];
        n.coordinate = r.cut;
        n.at = (box.lo[k] + box.hi[k]) / 2;
        n.low = proof.nodes.size();
        n.high = n.low + 1;
        Box low = box, high = std::move(box);
        low.hi[k] = high.lo[k] = n.at;
        const std::size_t low_node = n.low;
        proof.nodes.push_back({});
        proof.nodes.push_back({});
        next.emplace_back(low_node, std::move(low));
        next.emplace_back(low_node + 1, std::move(high));
        parent_slack.push_back(r.slack_lo);
        parent_slack.push_back(r.slack_lo);
      }
    }
    // The next wave in the order of its parents' lowest slack ends, highest first (an unknown one
    // last): when a limit cuts a wave, the boxes left unevaluated are those nearest to failing,
    // where the proof is stuck, rather than any. A stable order of the slacks alone: the same
    // whatever the threads.
    std::vector<std::size_t> order(next.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      if (isnan(parent_slack[b])) return !isnan(parent_slack[a]);
      return !isnan(parent_slack[a]) && parent_slack[a] > parent_slack[b];
    });
    open.clear();
    open_slack.clear();
    for (std::size_t i : order) {
      open.push_back(std::move(next[i]));
      open_slack.push_back(parent_slack[i]);
    }
    if (settings.progress) {
      Rational undecided = proof.residual_volume;
      for (const auto& [node, box] : open) undecided += volume(box, region);
      settings.progress({proof.boxes, open.size(),
                         proof.region_volume > 0 ? Rational(undecided / proof.region_volume).convert_to<double>() : 0.0,
                         seconds()});
    }
  }
  proof.outcome = proof.residual_volume == 0 && std::none_of(proof.leaves.begin(), proof.leaves.end(), [](const ProofLeaf& l) {
                    return l.status == LeafStatus::Residual;
                  })
                      ? ProofOutcome::ProvenOnRegion
                      : ProofOutcome::Undecided;
  proof.seconds = seconds();
  return proof;
}

}  // namespace nb::prove
