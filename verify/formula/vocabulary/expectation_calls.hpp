#pragma once
// The compiler's side of expectations over a random subset (verify/formula/vocabulary/
// expectations.hpp): expectation(S, subset(L, N), e[, low, high]). Included at the end of
// formula_program.hpp; its compiler (C, Program<R>::Compiler) befriends this class.
//
// S is compiled as a loop whose variable is a set: a vector slot that each subset overwrites, so
// that the compiler's loop machinery keeps what e computes without reading S (a norm of the
// inputs, a definition) once per evaluation of the expectation, not once per subset.
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include <boost/random/mersenne_twister.hpp>

#include "verify/formula/formula_program.hpp"
#include "verify/formula/vocabulary/expectations.hpp"
#include "verify/kernels/statistics.hpp"
#include "verify/kernels/top_n.hpp"

namespace nb::formula {

template <class R, class C>
struct ExpectationCalls {
  using E = Expr<R>;

  // The call n when it is an expectation, else null.
  static ExprPtr<R> call(C& c, const Node& n) {
    if (n.text != "expectation") return nullptr;
    if (n.args.size() != 3 && n.args.size() != 5)
      c.fail(n, "expectation takes 3 arguments, expectation(S, subset(L, N), e), or 5, with the range low, high "
                "of e that sampling needs, not " + std::to_string(n.args.size()));
    const Node& var = n.args[0];
    if (var.kind != Node::Kind::Name || c.loop_of(var) >= 0 || named(c, var.text))
      c.fail(var, "the first argument of expectation must be a new name: the random set that e reads");
    const Node& law = n.args[1];
    if (law.kind != Node::Kind::Call || law.text != "subset" || law.args.size() != 2)
      c.fail(law, "the random set's law must be subset(L, N): a uniformly random N-subset of {0, ..., L-1}");
    const ExprPtr<R> length = c.of_shape(law.args[0], Shape::Scalar), size = c.of_shape(law.args[1], Shape::Scalar);
    const bool ranged = n.args.size() == 5;
    const ExprPtr<R> low = ranged ? c.of_shape(n.args[3], Shape::Scalar) : nullptr;
    const ExprPtr<R> high = ranged ? c.of_shape(n.args[4], Shape::Scalar) : nullptr;
    // A sampled expectation inside a loop would be drawn once per entry: the union bound over
    // the file's expectations (expectations.hpp) would not hold.
    const bool in_a_loop = !c.loops_.empty();
    const std::size_t depth = c.loops_.size();
    const std::size_t slot = c.p_.slot(Shape::Vector);
    auto set = std::make_shared<E>(E{Shape::Vector, law.args[0].kind == Node::Kind::Name ? law.args[0].text : "", "1"});
    set->stored = true;
    set->loops.set(depth);
    set->vector = [slot](Frame<R>& fr) -> const Vector<R>& { return fr.vectors[slot]; };
    c.loops_.push_back(typename C::Loop{var.text, c.p_.counters_++, {}, {}, {}, set});  // a counter it never moves
    const ExprPtr<R> body = c.of_shape(n.args[2], Shape::Scalar);
    const std::vector<std::size_t> memos = std::move(c.loops_.back().memos);
    c.loops_.pop_back();
    auto e = std::make_shared<E>();
    e->loops = body->loops | length->loops | size->loops;
    e->loops.reset(depth);
    if (ranged) e->loops |= low->loops | high->loops;
    const Formula* f = &c.f_;
    const Node *at = &n, *length_at = &law.args[0], *size_at = &law.args[1];
    e->scalar = [memos, length, size, low, high, ranged, in_a_loop, slot, body, f, at, length_at,
                 size_at](Frame<R>& fr) -> R {
      for (const std::size_t m : memos) fr.ready[m] = 0;
      const std::optional<std::size_t> L = IndexSetCalls<R, C>::integer_argument(
          length->scalar(fr), 1, std::numeric_limits<std::uint32_t>::max(), "the L of subset(L, N)", length_at, f);
      if (!L) return unknown_of<R>("the L of subset(L, N) is undecided");
      const std::optional<std::size_t> N =
          IndexSetCalls<R, C>::integer_argument(size->scalar(fr), 0, *L, "the N of subset(L, N)", size_at, f);
      if (!N) return unknown_of<R>("the N of subset(L, N) is undecided");
      Vector<R>& members = fr.vectors[slot];
      members = Vector<R>::Constant(static_cast<Eigen::Index>(*L), R(0));
      const std::uint64_t count = binomial(*L, *N);
      if (count <= kMaxEnumeratedSubsets) return enumerated(fr, members, *L, *N, count, body);
      const std::string place = " at column " + std::to_string(at->position + 1) + " of '" + f->text + "'";
      if (!ranged)
        throw OutsideDomain("C(" + std::to_string(*L) + ", " + std::to_string(*N) + ") subsets are more than the " +
                            std::to_string(kMaxEnumeratedSubsets) + " enumerated, and the expectation" + place +
                            " gives no range low, high of its values to sample it");
      if (in_a_loop)
        throw OutsideDomain("the expectation" + place + " would be sampled once per entry of an enclosing sum, max, "
                            "min or vec, beyond the confidence level the file's statistical claims share");
      return sampled(fr, members, *L, *N, body, low->scalar(fr), high->scalar(fr), place);
    };
    return e;
  }

 private:
  static bool named(const C& c, const std::string& name) {
    for (const auto& x : c.p_.names_)
      if (x.name == name) return true;
    return false;
  }

  // The mean of the body over the `count` N-subsets of {0, ..., L-1}, in lexicographic order.
  static R enumerated(Frame<R>& fr, Vector<R>& members, std::size_t L, std::size_t N, std::uint64_t count,
                      const ExprPtr<R>& body) {
    std::vector<std::size_t> subset(N);
    for (std::size_t k = 0; k < N; ++k) subset[k] = k;
    R total = R(0);
    while (true) {
      for (const std::size_t j : subset) members[static_cast<Eigen::Index>(j)] = R(1);
      total += body->scalar(fr);
      for (const std::size_t j : subset) members[static_cast<Eigen::Index>(j)] = R(0);
      std::size_t k = N;  // the rightmost index that can still move
      while (k > 0 && subset[k - 1] == L - N + (k - 1)) --k;
      if (k == 0) break;
      ++subset[k - 1];
      for (std::size_t j = k; j < N; ++j) subset[j] = subset[j - 1] + 1;
    }
    return total / R(count);
  }

  // A confidence interval for the mean of the body over a uniformly random N-subset, from
  // fr.expectations.draws() draws (the smaller of the subset and its complement is drawn, Floyd's
  // algorithm: O(min(N, L - N)) per draw besides the body), each in [low, high] as the file states:
  // a draw certainly outside it shows the range to be no bound of the body, and the value is then
  // undefined (the case INCONCLUSIVE with that reason) rather than an interval built on it.
  static R sampled(Frame<R>& fr, Vector<R>& members, std::size_t L, std::size_t N, const ExprPtr<R>& body,
                   const R& low, const R& high, const std::string& place) {
    constexpr bool has_statistics = std::is_same_v<R, double> || std::is_same_v<R, Mpfr> ||
                                    std::is_same_v<R, DoubleInterval> || std::is_same_v<R, Interval>;
    if constexpr (!has_statistics) {  // the exact tier, derivatives, the prove tier's Arb balls
      return unknown_of<R>("a sampled expectation has no exact value");
    } else {
      ExpectationDraws& run = fr.expectations;
      run.sampled = true;
      const bool complement = L - N < N;
      const std::size_t drawn_count = complement ? L - N : N;
      if (complement) members = Vector<R>::Constant(static_cast<Eigen::Index>(L), R(1));
      const R in = R(complement ? 0 : 1), out = R(complement ? 1 : 0);
      boost::random::mt19937_64 rng(run.seed);
      std::vector<char> marks(L, 0);
      std::vector<std::size_t> drawn;
      std::vector<R> values;
      const std::size_t draws = run.draws();
      values.reserve(draws);
      for (std::size_t k = 0; k < draws; ++k) {
        random_distinct_indices(rng, L, drawn_count, marks, drawn);
        for (const std::size_t j : drawn) members[static_cast<Eigen::Index>(j)] = in;
        R value = body->scalar(fr);
        for (const std::size_t j : drawn) members[static_cast<Eigen::Index>(j)] = out;
        if (decide_comparison(value, low, 0) == Decision::True || decide_comparison(value, high, 2) == Decision::True)
          throw OutsideDomain("a draw of the expectation" + place +
                              " lies outside the range low, high it states for its values");
        values.push_back(std::move(value));
      }
      return mean_confidence_interval(values, R(high - low), run.level_of_each());
    }
  }
};

}  // namespace nb::formula
