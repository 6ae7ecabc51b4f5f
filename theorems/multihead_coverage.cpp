// Section 4 of arXiv 2508.17821, as printed (and heuristic in its premise: the heads are assumed
// independent): if each of H heads separates a token with probability p, independently, then
//   coverage(p, H) = P(some head separates) = 1 - (1 - p)^H,
// so p = 0.8 gives 0.96 for H = 2 and 0.992 for H = 3, and the minimal H with coverage >= 0.99
// is ceil(log 0.01 / log 0.2) = 3.
// What is checked, given independence: (i) inclusion-exclusion over the H events,
// sum_{k=1}^{H} (-1)^{k+1} C(H, k) p^k, equals 1 - (1 - p)^H; (ii) a stated coverage value;
// (iii) H is minimal for a target q: coverage(p, H) >= q > coverage(p, H - 1), and
// H - 1 < log(1 - q) / log(1 - p) <= H.
// Exactness: with p = n/d and q = a/b in lowest terms, every claim of (i)-(iii) but the logarithms
// is a difference of integers over a positive integer, e.g.
//   coverage(p, H) - q = (b (d^H - (d - n)^H) - a d^H) / (b d^H),
// computed in R from the integers (ExactTensor::fraction). Interval arithmetic is then exact once
// the precision covers the integers' bit length (Ziv escalation gets there), so an exactly zero
// difference is the point [0, 0] and a Relation::Equal claim is certified (the engine reports a
// certified equality as NEAR-TIGHT: its slack is 0), not merely TIGHT; the paper's 0.96 and 0.992
// are not dyadic, and comparing the quotients would never be better than TIGHT. The
// logarithmic claims are strict except when (1 - p)^H = 1 - q exactly, where x = H and "x <= H" can
// only be TIGHT (the suite's case 3, p = 1/2, q = 3/4, H = 2, shows it).
#include <boost/multiprecision/cpp_int.hpp>

#include "models/random/random_inputs.hpp"
#include "theorems/theorem_registration.hpp"
#include "verify/io/errors.hpp"
#include "verify/numbers/readable_decimal.hpp"

namespace nb::theorems {

struct MultiheadCoverage {
  // A limit on what a case file may ask for: the evaluation takes O(H) operations on integers
  // of O(H log d) bits.
  static constexpr std::int64_t kMaxHeads = 100000;

  static TheoremInfo info() {
    return {.id = "multihead-coverage",
            .title = "Multi-head coverage 1 - (1 - p)^H under independent heads (Section 4)",
            .source = "arXiv 2508.17821, Section 4",
            .fidelity = Fidelity::Verbatim,
            .expect = Expect::Holds,
            .statement = R"(\mathrm{cov}(p, H) = 1 - (1 - p)^H;\quad \mathrm{cov}(0.8, 2) = 0.96,\ \mathrm{cov}(0.8, 3) = 0.992,\ \min\{H : \mathrm{cov}(0.8, H) \ge 0.99\} = \left\lceil \frac{\log 0.01}{\log 0.2} \right\rceil = 3)",
            .summary = "cov(p,H) = 1-(1-p)^H (= inclusion-exclusion); cov(0.8,2) = 0.96, cov(0.8,3) = 0.992; min H for 0.99 is 3",
            .assumptions = {"heads separate independently, each with probability p (the paper's premise)",
                            "0 < p < 1, H >= 1", "target (if given) 0 < q < 1"},
            .reads = {.numbers = {"p", "coverage", "target"}, .integers = {"H"}},
            .search = {.inputs = {{"p"}}},
            .shapes = {.why = "its inputs p and H have no length, width or temperature"}};
  }

  // Cases 0-2 are the paper's: p = 0.8 with H = 2, coverage 0.96; H = 3, coverage 0.992; H = 3
  // minimal for q = 0.99. Case 3: p = 1/2, q = 3/4, H = 2, where (1 - p)^H = 1 - q exactly.
  // Then p = n/d with d in [2, 20], n in [1, d - 1], q = a/b with b in [2, 1000], a in [1, b - 1],
  // and H the minimal one, found exactly in integers: H <= 135 since p >= 1/20, q <= 999/1000.
  static std::vector<Case> suite(const SuiteRequest& r) {
    using boost::multiprecision::cpp_int;
    std::vector<Case> cases;
    auto make = [&](std::string p, std::int64_t H, const char* coverage, std::string target) {
      Case c;
      c.numbers["p"] = ExactTensor::literal(p);
      c.integers["H"] = H;
      c.label = "p=" + p + " H=" + std::to_string(H);
      if (coverage) {
        c.numbers["coverage"] = ExactTensor::literal(coverage);
        c.label += " coverage=" + std::string(coverage);
      }
      if (!target.empty()) {
        c.numbers["target"] = ExactTensor::literal(target);
        c.label += " minimal for q=" + target;
      }
      c.provenance = {{"source", cases.size() < 4 ? "paper" : "random"}, {"seed", std::to_string(r.seed)},
                      {"index", std::to_string(cases.size())}};
      cases.push_back(std::move(c));
    };
    if (r.count > 0) make("0.8", 2, "0.96", "");
    if (r.count > 1) make("0.8", 3, "0.992", "");
    if (r.count > 2) make("0.8", 3, nullptr, "0.99");
    if (r.count > 3) make("1/2", 2, nullptr, "3/4");
    for (std::size_t i = cases.size(); i < r.count; ++i) {
      random::Rng rng = random::rng_for(r.seed, info().id, i);
      const std::size_t d = random::uniform_index(rng, 2, 20), n = random::uniform_index(rng, 1, d - 1);
      const std::size_t b = random::uniform_index(rng, 2, 1000), a = random::uniform_index(rng, 1, b - 1);
      // coverage >= q  <=>  (1 - p)^H <= 1 - q  <=>  b (d - n)^H <= (b - a) d^H
      std::int64_t H = 1;
      cpp_int miss = d - n, all = d;
      while (b * miss > (b - a) * all) {
        miss *= d - n;
        all *= d;
        ++H;
      }
      make(std::to_string(n) + "/" + std::to_string(d), H, nullptr, std::to_string(a) + "/" + std::to_string(b));
    }
    return cases;
  }

  static void check_assumptions(const Case& c) {
    auto check_probability = [&](const char* name) {
      const ExactTensor& x = c.number(name);
      if (x.size() != 1) throw InputError(std::string(name) + " must be a scalar");
      const Rational v = x.exact(0);
      if (v <= 0 || v >= 1)
        throw InputError(std::string(name) + " must lie in (0, 1) (got " + decimal_text(x, 0) + ")");
    };
    check_probability("p");
    if (c.numbers.count("target") != 0) check_probability("target");
    if (c.numbers.count("coverage") != 0 && c.number("coverage").size() != 1)
      throw InputError("coverage must be a scalar");
    const std::int64_t H = c.integer("H");
    if (H < 1) throw InputError("H must be >= 1");
    if (H > kMaxHeads)
      throw InputError("H = " + std::to_string(H) + " is beyond the limit of " + std::to_string(kMaxHeads) + " heads");
  }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    using std::log;
    const auto [n, d] = c.number("p").fraction<R>(0);
    const std::int64_t H = c.integer("H");
    // d^k and (d - n)^k for k = 0..H, and C(H, k) n^k d^(H-k): integers, exact at enough precision.
    std::vector<R> d_power{R(1)}, miss_power{R(1)};
    for (std::int64_t k = 1; k <= H; ++k) {
      d_power.push_back(R(d_power.back() * d));
      miss_power.push_back(R(miss_power.back() * R(d - n)));
    }
    auto covered = [&](std::int64_t h) { return R(d_power[h] - miss_power[h]); };  // d^h coverage(p, h)
    R inclusion_exclusion = R(0), binomial = R(1), n_power = R(1);
    for (std::int64_t k = 1; k <= H; ++k) {
      binomial = binomial * R(H - k + 1) / R(k);  // C(H, k): an integer, exact when it fits
      n_power *= n;
      const R term = binomial * n_power * d_power[H - k];
      inclusion_exclusion += k % 2 == 1 ? term : R(-term);
    }
    // coverage(p, h) - a/b as (b covered(h) - a d^h) / (b d^h).
    auto coverage_minus = [&](const char* name, std::int64_t h) {
      const auto [a, b] = c.number(name).fraction<R>(0);
      return R((b * covered(h) - a * d_power[h]) / (b * d_power[h]));
    };
    Sides<R> s;  // the paper's claims first: among equally tight claims the first one is reported
    if (c.numbers.count("coverage") != 0)
      s.claim("1 - (1-p)^H - coverage = 0", coverage_minus("coverage", H), Relation::Equal, R(0));
    if (c.numbers.count("target") != 0) {
      const auto [a, b] = c.number("target").fraction<R>(0);
      s.claim("1 - (1-p)^H - q >= 0", coverage_minus("target", H), Relation::GreaterEqual, R(0));
      s.claim("1 - (1-p)^(H-1) - q < 0", coverage_minus("target", H - 1), Relation::Less, R(0));
      const R x = (log(R(b - a)) - log(b)) / (log(R(d - n)) - log(d));  // log(1 - q) / log(1 - p)
      s.claim("log(1-q)/log(1-p) > H - 1", x, Relation::Greater, R(H - 1));
      s.claim("log(1-q)/log(1-p) <= H", x, Relation::LessEqual, R(H));
      s.quantity("log(1-q)/log(1-p)", x);
    }
    s.claim("inclusion-exclusion - (1 - (1-p)^H) = 0", R((inclusion_exclusion - covered(H)) / d_power[H]),
            Relation::Equal, R(0));
    s.quantity("1 - (1-p)^H", R(covered(H) / d_power[H]));
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(MultiheadCoverage)
