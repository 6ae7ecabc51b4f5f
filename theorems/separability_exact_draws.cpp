#include "theorems/separability_exact_draws.hpp"

#include <stdexcept>

#include <nlohmann/json.hpp>

#include "theorems/token_inputs.hpp"
#include "verify/engine/exact_decision.hpp"
#include "verify/engine/exact_decision_in_child.hpp"
#include "verify/kernels/gram_matrix.hpp"
#include "verify/engine/process_bytes.hpp"

namespace nb::theorems {
namespace {

bool single_value(const Interval& x) { return lower_end_of(x) == upper_end_of(x); }

// The answer's second integer when the child's evaluation found a bug (else the number decided).
constexpr std::uint64_t kBug = ~std::uint64_t{0};

}  // namespace

ExactTensor sphere_draw(random::Rng& rng, const Case& c) {
  const std::size_t L = c.numbers.at("logits").size(), d = static_cast<std::size_t>(c.integer("dimension"));
  return ExactTensor(L, d, random::sphere_rows(rng, L, d, c.number("radius").approx(0)));
}

void ExactSeparabilityDraws::note(std::size_t k, const SeparabilityTerms<Interval>& terms) {
  if (budget_.units > 0 && !single_value(terms.separated)) noted_.push_back({k, terms.separated, terms.envelope});
}

std::vector<DrawCounts> ExactSeparabilityDraws::decide() {
  if (noted_.empty()) return {};
  ByteWriter request;
  request.text(case_to_json(case_).dump());
  request.integer(seed_);
  request.integer(budget_.units);
  request.integer(budget_.generators);
  request.integer(Mpfr::thread_default_precision());
  request.integer(Interval::thread_default_precision());
  request.integer(noted_.size());
  for (const DrawCounts& n : noted_) {
    request.integer(n.draw);
    request.interval(n.separated);
    request.interval(n.envelope);
  }
  const std::optional<std::string> answer = run_exact_task_within(time_limit_, kSeparabilityDrawTask, request.bytes());
  if (!answer) return {};  // over the time limit, stalled, out of memory
  ByteReader r(*answer);
  const std::uint64_t decided = r.integer();
  if (decided == kBug) throw std::logic_error(r.text());
  noted_.resize(decided);
  for (DrawCounts& n : noted_) {
    n.separated = r.interval();
    n.envelope = r.interval();
  }
  return std::move(noted_);
}

std::string decide_separability_draws(const std::string& input) {
  ByteReader r(input);
  const Case c = case_from_json(nlohmann::json::parse(r.text()));
  random::Rng rng(r.integer());
  ExactBudget budget;
  budget.units = r.integer();
  budget.generators = static_cast<unsigned>(r.integer());
  Mpfr::thread_default_precision(static_cast<unsigned>(r.integer()));
  Interval::thread_default_precision(static_cast<unsigned>(r.integer()));
  const Selection I = top_n_selection(c);
  ByteWriter narrowed;
  std::uint64_t decided = 0;
  ExactScope scope(budget);  // outlives every number made in it
  try {
    const auto [logits, T] = softmax_input<ExactReal>(c);
    const Vector<ExactReal> alpha = softmax(logits, T);
    std::size_t drawn = 0;
    for (std::uint64_t n = r.integer(); decided < n; ++decided) {
      const std::size_t k = r.integer();
      const Interval separated = r.interval(), envelope = r.interval();
      ExactTensor x = sphere_draw(rng, c);
      for (; drawn < k; ++drawn) x = sphere_draw(rng, c);
      ++drawn;
      const SeparabilityTerms<ExactReal> exact =
          separability_terms(alpha, x, binary64_gram_rows<ExactReal>(x, I.selected), I, std::optional<ExactReal>());
      narrowed.interval(narrowed_to_exact(separated, exact.separated, "N_s of a draw"));
      narrowed.interval(narrowed_to_exact(envelope, exact.envelope, "the envelope of a draw"));
    }
  } catch (const NoExactForm&) {
    // The draws decided so far stand; the rest keep their intervals.
  } catch (const std::logic_error& e) {
    ByteWriter bug;
    bug.integer(kBug);
    bug.text(e.what());
    return bug.bytes();
  }
  ByteWriter answer;
  answer.integer(decided);
  return answer.bytes() + narrowed.bytes();
}

}  // namespace nb::theorems
