#pragma once
// The compiler's side of expectations over a random subset (verify/formula/vocabulary/
// expectations.hpp): expectation(S, subset(L, N), e[, low, high[, draws]]). Included at the end of
// formula_program.hpp; its compiler (C, Program<R>::Compiler) befriends this class.
//
// S is compiled as a loop whose variable is a set: a vector slot that each subset overwrites, so
// that the compiler's loop machinery keeps what e computes without reading S (a norm of the
// inputs, a definition) once per evaluation of the expectation, not once per subset.
//
// Enumeration groups equal tokens where e is shown symmetric in them (subset_symmetry.hpp): the
// names e reads at its tokens (the leaves) are compiled outside S's loop, and each enumeration
// evaluates e once per choice of how many tokens each class of equal tokens gives
// (subset_grouping.hpp).
//
// Linearity (sampled expectations only). A body summing over the complement of S,
// e = sum(i, 1 - S, f(i, S)), is sampled as
//   E_S[sum_{i not in S} f(i, S)] = (L - N) E_{(i, S')}[f(i, S')],
// (i, S') uniform over the pairs of a token and an N-subset of the others: each of the
// C(L, N) (L - N) pairs with i not in S is one term of one subset, so the two means are the same
// number exactly. A pair is drawn as a uniformly random (N+1)-subset with one member, uniform,
// as i (or an (L-N)-subset, the complement of S', with one member as i, when that is smaller),
// and a draw evaluates f once, reading S' only through its sums, not the L - N terms of e: O(N d)
// for Theorem 1's distance where e costs O(L d). The draws X = (L - N) f(i, S') are i.i.d. with
// mean E[e], so Hoeffding's and the empirical Bernstein interval (verify/kernels/statistics.hpp)
// hold for their sample mean at the stated level provided every X lies in [low, high]: with this
// form the file's range bounds (L - N) f(i, S) for every i not in S (Theorem 1's (L - N) A_{N+1}
// does: ||y_i - s_S|| <= ||y_i|| + sum_{j in S} ||y_j||), and a draw certainly outside it leaves
// the value undefined as for the whole body. Enumeration keeps e whole (the same operations).
#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/random/mersenne_twister.hpp>

#include "verify/formula/formula_program.hpp"
#include "verify/formula/vocabulary/expectations.hpp"
#include "verify/formula/vocabulary/subset_grouping.hpp"
#include "verify/formula/vocabulary/subset_symmetry.hpp"
#include "verify/kernels/filtered_row_distance.hpp"
#include "verify/kernels/statistics.hpp"
#include "verify/kernels/top_n.hpp"
#include "verify/kernels/uniform_index.hpp"

namespace nb::formula {

template <class R, class C>
struct ExpectationCalls {
  using E = Expr<R>;

  // The call n when it is an expectation, else null.
  static ExprPtr<R> call(C& c, const Node& n) {
    if (n.text != "expectation") return nullptr;
    if (n.args.size() != 3 && n.args.size() != 5 && n.args.size() != 6)
      c.fail(n, "expectation takes 3 arguments, expectation(S, subset(L, N), e), or 5, with the range low, high "
                "of e that sampling needs, or 6, with the number of draws at the first look, not " +
                    std::to_string(n.args.size()));
    const Node& var = n.args[0];
    if (!c.new_name(var))
      c.fail(var, "the first argument of expectation must be a new name: the random set that e reads");
    const Node& law = n.args[1];
    if (law.kind != Node::Kind::Call || law.text != "subset" || law.args.size() != 2)
      c.fail(law, "the random set's law must be subset(L, N): a uniformly random N-subset of {0, ..., L-1}");
    const ExprPtr<R> length = c.of_shape(law.args[0], Shape::Scalar), size = c.of_shape(law.args[1], Shape::Scalar);
    const bool ranged = n.args.size() >= 5;
    const ExprPtr<R> low = ranged ? c.of_shape(n.args[3], Shape::Scalar) : nullptr;
    const ExprPtr<R> high = ranged ? c.of_shape(n.args[4], Shape::Scalar) : nullptr;
    const ExprPtr<R> draws = n.args.size() == 6 ? c.of_shape(n.args[5], Shape::Scalar) : nullptr;
    // A sampled expectation inside a loop would be drawn once per entry: the union bound over
    // the file's expectations (expectations.hpp) would not hold.
    const bool in_a_loop = !c.loops_.empty();
    const std::size_t depth = c.loops_.size();
    const std::size_t slot = c.p_.slot(Shape::Vector);
    const std::shared_ptr<const TokenLeaves<R>> leaves = token_leaves(c, n.args[2], var.text);
    auto set = std::make_shared<E>(E{Shape::Vector, law.args[0].kind == Node::Kind::Name ? law.args[0].text : "", "1"});
    set->stored = true;
    set->loops.set(depth);
    set->vector = [slot](Frame<R>& fr) -> const Vector<R>& { return fr.vectors[slot]; };
    set->members = [slot](Frame<R>& fr) -> const std::vector<std::size_t>& { return fr.expectations.members[slot]; };
    c.loops_.push_back(typename C::Loop{var.text, c.p_.counters_++, {}, {}, {}, set});  // a counter it never moves
    const ExprPtr<R> body = c.of_shape(n.args[2], Shape::Scalar);
    const std::shared_ptr<const Term> term = ranged ? term_over_complement(c, n.args[2], var.text) : nullptr;
    const std::vector<std::size_t> memos = std::move(c.loops_.back().memos);
    c.loops_.pop_back();
    auto e = std::make_shared<E>();
    e->loops = body->loops | length->loops | size->loops;
    e->loops.reset(depth);
    if (ranged) e->loops |= low->loops | high->loops;
    if (draws) e->loops |= draws->loops;
    if (term) {
      e->loops |= term->f->loops;
      e->loops.reset(depth);
      e->loops.reset(depth + 1);
    }
    const Formula* f = &c.f_;
    const Node *at = &n, *length_at = &law.args[0], *size_at = &law.args[1], *draws_at = draws ? &n.args[5] : nullptr;
    e->scalar = [memos, length, size, low, high, draws, ranged, in_a_loop, slot, body, term, leaves, f, at, length_at,
                 size_at, draws_at](Frame<R>& fr) -> R {
      for (const std::size_t m : memos) fr.ready[m] = 0;
      const std::optional<std::size_t> L = IndexSetCalls<R, C>::integer_argument(
          length->scalar(fr), 1, std::numeric_limits<std::uint32_t>::max(), "the L of subset(L, N)", length_at, f);
      if (!L) return unknown_of<R>("the L of subset(L, N) is undecided");
      const std::optional<std::size_t> N =
          IndexSetCalls<R, C>::integer_argument(size->scalar(fr), 0, *L, "the N of subset(L, N)", size_at, f);
      if (!N) return unknown_of<R>("the N of subset(L, N) is undecided");
      Vector<R>& members = fr.vectors[slot];
      members = Vector<R>::Constant(static_cast<Eigen::Index>(*L), R(0));
      if (fr.expectations.members.size() <= slot) fr.expectations.members.resize(slot + 1);
      std::vector<std::size_t>& listed = fr.expectations.members[slot];
      const std::uint64_t count = binomial(*L, *N);
      if (count <= kMaxEnumeratedSubsets) return enumerated(fr, members, listed, *L, *N, count, body, leaves.get());
      const std::string place = " at column " + std::to_string(at->position + 1) + " of '" + f->text + "'";
      if (!ranged)
        throw OutsideDomain("C(" + std::to_string(*L) + ", " + std::to_string(*N) + ") subsets are more than the " +
                            std::to_string(kMaxEnumeratedSubsets) + " enumerated, and the expectation" + place +
                            " gives no range low, high of its values to sample it");
      if (in_a_loop)
        throw OutsideDomain("the expectation" + place + " would be sampled once per entry of an enclosing sum, max, "
                            "min or vec, beyond the confidence level the file's statistical claims share");
      std::size_t first = kSampledDraws;
      if (draws) {
        const std::optional<std::size_t> given = IndexSetCalls<R, C>::integer_argument(
            draws->scalar(fr), 2, kMaxSampledDraws, "the number of draws of the expectation", draws_at, f);
        if (!given) return unknown_of<R>("the number of draws of the expectation is undecided");
        first = *given;
      }
      return sampled(fr, members, listed, *L, *N, body, term.get(), low->scalar(fr), high->scalar(fr), first, place,
                     f);
    };
    return e;
  }

 private:
  // f(i, S) of a body sum(i, 1 - S, f), compiled with i as a loop of its own whose counter the
  // sampler sets: the values it remembers (those reading S, not i) and the extents of what i indexes.
  using Extents = std::vector<std::pair<const Node*, std::function<std::size_t(Frame<R>&)>>>;
  // f = norm(u - vec(k, sum(j, S, w))), u a vector reading i and w a scalar reading j and k, neither
  // reading S: a distance from a row to a sum of rows, drawn by the filter of
  // verify/kernels/filtered_row_distance.hpp on tables of u (for every i) and w (for every j, k)
  // computed once per evaluation of the expectation, not once per draw.
  struct RowDistance {
    ExprPtr<R> u, w;
    std::size_t j_counter, k_counter;
    std::vector<std::size_t> i_memos, j_memos, k_memos;
    Extents j_extents, k_extents;
  };
  struct Term {
    ExprPtr<R> f;
    std::size_t counter;
    std::vector<std::size_t> memos;
    Extents extents;
    std::string var;
    std::shared_ptr<const RowDistance> rows;  // null: f is no such distance
  };

  // The term of `body` when it is sum(i, 1 - S, f) with S the expectation's set `set`, else null.
  // Compiled after the whole body, which has reported any mistake of the file.
  static std::shared_ptr<const Term> term_over_complement(C& c, const Node& body, const std::string& set) {
    if constexpr (is_gradient_v<R>) {
      return nullptr;  // derivatives have no sampled value
    } else {
      if (body.kind != Node::Kind::Call || body.text != "sum" || body.args.size() != 3) return nullptr;
      const Node& over = body.args[1];
      if (over.kind != Node::Kind::Subtract || over.args[0].kind != Node::Kind::Number || over.args[0].text != "1" ||
          over.args[1].kind != Node::Kind::Name || over.args[1].text != set)
        return nullptr;
      auto t = std::make_shared<Term>();
      t->counter = c.p_.counters_++;
      t->var = body.args[0].text;
      c.loops_.push_back(typename C::Loop{t->var, t->counter, {}, {}, {}});
      t->f = c.of_shape(body.args[2], Shape::Scalar);
      t->memos = std::move(c.loops_.back().memos);
      t->extents = std::move(c.loops_.back().extents);
      c.loops_.pop_back();
      t->rows = row_distance(c, body.args[2], set, *t);
      return t;
    }
  }

  // The distance form of the term t's f (above), else null.
  static std::shared_ptr<const RowDistance> row_distance(C& c, const Node& f, const std::string& set, const Term& t) {
    if (f.kind != Node::Kind::Call || f.text != "norm" || f.args.size() != 1 ||
        f.args[0].kind != Node::Kind::Subtract)
      return nullptr;
    const Node& rows_sum = f.args[0].args[1];
    if (rows_sum.kind != Node::Kind::Call || rows_sum.text != "vec" || rows_sum.args.size() != 2) return nullptr;
    const Node& over_set = rows_sum.args[1];
    if (over_set.kind != Node::Kind::Call || over_set.text != "sum" || over_set.args.size() != 3 ||
        over_set.args[1].kind != Node::Kind::Name || over_set.args[1].text != set)
      return nullptr;
    // u and w are compiled again with loops of their own: neither may name S, nor w the term's i.
    const Node& w_node = over_set.args[2];
    if (mentions(f.args[0].args[0], set) || mentions(w_node, set) || mentions(w_node, t.var)) return nullptr;
    const std::size_t set_depth = c.loops_.size() - 1;
    auto rd = std::make_shared<RowDistance>();
    c.loops_.push_back(typename C::Loop{t.var, t.counter, {}, {}, {}});
    rd->u = c.of_shape(f.args[0].args[0], Shape::Vector);
    rd->i_memos = std::move(c.loops_.back().memos);
    c.loops_.pop_back();
    rd->j_counter = c.p_.counters_++;
    rd->k_counter = c.p_.counters_++;
    c.loops_.push_back(typename C::Loop{over_set.args[0].text, rd->j_counter, {}, {}, {}});
    c.loops_.push_back(typename C::Loop{rows_sum.args[0].text, rd->k_counter, {}, {}, {}});
    rd->w = c.of_shape(w_node, Shape::Scalar);
    rd->k_memos = std::move(c.loops_.back().memos);
    rd->k_extents = std::move(c.loops_.back().extents);
    c.loops_.pop_back();
    rd->j_memos = std::move(c.loops_.back().memos);
    rd->j_extents = std::move(c.loops_.back().extents);
    c.loops_.pop_back();
    if (rd->u->loops.test(set_depth) || rd->w->loops.test(set_depth) || rd->j_extents.empty() ||
        rd->k_extents.empty())
      return nullptr;
    return rd;
  }

  // Whether the tree `n` holds the name `name`.
  static bool mentions(const Node& n, const std::string& name) {
    if (n.kind == Node::Kind::Name && n.text == name) return true;
    for (const Node& a : n.args)
      if (mentions(a, name)) return true;
    return false;
  }

  // The ends of x as binary64 numbers, rounded outward (a point type's value at both ends).
  static std::pair<double, double> double_ends(const R& x) {
    if constexpr (std::is_same_v<R, DoubleInterval>) {
      return {x.lower(), x.upper()};
    } else if constexpr (std::is_same_v<R, Interval>) {
      const Mpfr lo = lower_end_of(x), hi = upper_end_of(x);
      return {mpfr_get_d(lo.backend().data(), MPFR_RNDD), mpfr_get_d(hi.backend().data(), MPFR_RNDU)};
    } else {
      const double v = static_cast<double>(x);
      return {v, v};
    }
  }

  // The tables of the distance form at the frame's inputs, u's rows for i < L and w's for j < L,
  // or false where they cannot be made (a length that differs, an end that is not finite): the
  // draws are then evaluated whole.
  static bool tabulate(Frame<R>& fr, const Term& t, const RowDistance& rd, std::size_t L, BallRows& u, BallRows& w) {
    std::vector<double> lo, hi;
    for (const std::size_t m : rd.i_memos) fr.ready[m] = 0;
    for (std::size_t i = 0; i < L; ++i) {
      fr.counters[t.counter] = static_cast<std::int64_t>(i);
      const Vector<R>& row = rd.u->vector(fr);
      if (i == 0) u = BallRows(static_cast<std::size_t>(row.size()));
      if (static_cast<std::size_t>(row.size()) != u.cols()) return false;
      lo.resize(u.cols());
      hi.resize(u.cols());
      for (std::size_t k = 0; k < u.cols(); ++k) std::tie(lo[k], hi[k]) = double_ends(row[static_cast<Eigen::Index>(k)]);
      if (!u.add_row(lo, hi)) return false;
    }
    const std::size_t K = u.cols();
    for (const auto& extent : rd.j_extents)
      if (extent.second(fr) != L) return false;
    for (const auto& extent : rd.k_extents)
      if (extent.second(fr) != K) return false;
    w = BallRows(K);
    for (const std::size_t m : rd.j_memos) fr.ready[m] = 0;
    for (std::size_t j = 0; j < L; ++j) {
      fr.counters[rd.j_counter] = static_cast<std::int64_t>(j);
      for (const std::size_t m : rd.k_memos) fr.ready[m] = 0;
      for (std::size_t k = 0; k < K; ++k) {
        fr.counters[rd.k_counter] = static_cast<std::int64_t>(k);
        std::tie(lo[k], hi[k]) = double_ends(rd.w->scalar(fr));
      }
      if (!w.add_row(lo, hi)) return false;
    }
    return true;
  }

  // The mean of the body over the `count` N-subsets of {0, ..., L-1}, in lexicographic order.
  // The leaves of the body when it is shown symmetric in the tokens (subset_symmetry.hpp) and R's
  // enumeration may group them, compiled outside the random set's loop; else null.
  static std::shared_ptr<const TokenLeaves<R>> token_leaves(C& c, const Node& body, const std::string& set) {
    if constexpr (!groups_tokens_v<R>) {
      return nullptr;
    } else {
      std::vector<std::string> bound;
      for (const auto& loop : c.loops_) bound.push_back(loop.var);
      const SubsetSymmetry symmetry =
          subset_symmetry(body, set, [&c](const std::string& name) { return c.names_a_value(name); }, bound);
      if (!symmetry.failure.empty()) return nullptr;
      auto leaves = std::make_shared<TokenLeaves<R>>();
      for (const Node* leaf : symmetry.leaves) leaves->leaves.push_back(c.compile(*leaf));
      leaves->weight_of = symmetry.weight_of;
      return leaves;
    }
  }

  // The mean of the body over the `count` N-subsets of {0, ..., L-1}: over the choices of how
  // many tokens each class of equal tokens gives (subset_grouping.hpp) where `leaves` shows the
  // body symmetric, the tokens fall into fewer than L classes and the choices are fewer than the
  // subsets (and not so many classes that walking them costs more than the subsets' lists);
  // else subset by subset.
  static R enumerated(Frame<R>& fr, Vector<R>& members, std::vector<std::size_t>& listed, std::size_t L,
                      std::size_t N, std::uint64_t count, const ExprPtr<R>& body, const TokenLeaves<R>* leaves) {
    if constexpr (groups_tokens_v<R>) {
      if (leaves) {
        const std::vector<std::vector<std::size_t>> classes = token_classes(fr, *leaves, L);
        if (!classes.empty() && classes.size() < L) {
          const std::uint64_t choices = class_choices(classes, L, N, count);
          if (choices < count && choices * classes.size() <= count * (N + 1)) {
            fr.expectations.enumerated += choices;
            return grouped_subset_sum(fr, members, listed, N, classes, body) / R(count);
          }
        }
      }
    }
    fr.expectations.enumerated += count;
    std::vector<std::size_t> subset(N);
    for (std::size_t k = 0; k < N; ++k) subset[k] = k;
    R total = R(0);
    while (true) {
      for (const std::size_t j : subset) members[static_cast<Eigen::Index>(j)] = R(1);
      listed = subset;
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
  // fr.expectations.draws(first) draws, each in [low, high] as the file states: a draw certainly outside
  // it shows the range to be no bound, and the value is then undefined (the case INCONCLUSIVE with
  // that reason) rather than an interval built on it. Without a term, a draw is the body at a
  // subset (the smaller of the subset and its complement is drawn, Floyd's algorithm:
  // O(min(N, L - N)) per draw besides the body); with one, (L - N) f(i, S') at a pair (the
  // linearity form above: the smaller of S' with i and the complement of S' is drawn, i uniform
  // among its members).
  static R sampled(Frame<R>& fr, Vector<R>& members, std::vector<std::size_t>& listed, std::size_t L, std::size_t N,
                   const ExprPtr<R>& body, const Term* term, const R& low, const R& high, std::size_t first,
                   const std::string& place, const Formula* f) {
    constexpr bool has_statistics = std::is_same_v<R, double> || std::is_same_v<R, Mpfr> ||
                                    std::is_same_v<R, DoubleInterval> || std::is_same_v<R, Interval>;
    if constexpr (!has_statistics) {  // the exact tier, derivatives, the prove tier's Arb balls
      return unknown_of<R>("a sampled expectation has no exact value");
    } else {
      ExpectationDraws& run = fr.expectations;
      run.sampled = true;
      const std::size_t taken = term ? N + 1 : N;  // S, or S' with i
      const bool complement = L - N < taken;
      const std::size_t drawn_count = complement ? L - N : taken;
      if (complement) members = Vector<R>::Constant(static_cast<Eigen::Index>(L), R(1));
      const R in = R(complement ? 0 : 1), out = R(complement ? 1 : 0), left_out = R(L - N);
      // The draws of MPFI are made in binary64 intervals: their enclosures, some 2^-50 wide, are
      // nothing beside a confidence interval, which precision cannot narrow.
      using Draw = std::conditional_t<std::is_same_v<R, Interval>, DoubleInterval, R>;
      const auto as_draw = [](const R& x) -> Draw {
        if constexpr (std::is_same_v<R, Draw>) {
          return x;
        } else {
          const auto [lo, hi] = double_ends(x);
          return enclosure_of_doubles<DoubleInterval>(lo, hi);
        }
      };
      const Draw low_end = as_draw(low), high_end = as_draw(high), times = Draw(L - N);
      // The distance form drawn by the filter, on tables made once (none: every draw whole).
      BallRows u_rows, w_rows;
      const bool filtered = term && term->rows && tabulate(fr, *term, *term->rows, L, u_rows, w_rows);
      constexpr bool point = std::is_same_v<R, double> || std::is_same_v<R, Mpfr>;
      FilterScratch scratch;
      boost::random::mt19937_64 rng(run.seed);
      // The same draws of the engine as boost::random's distributions made (uniform_index.hpp).
      const RandomDistinctIndices pick(L, drawn_count);
      const UniformIndex member(drawn_count - 1);
      std::vector<char> marks(L, 0), flags(L, 0);
      std::vector<std::size_t> drawn;
      // The interval tiers keep the draws' ends in plain arrays, their rounding bounded once per
      // look (statistics.hpp); the point tiers the values.
      using Samples = std::conditional_t<std::is_same_v<Draw, DoubleInterval>, SampleEnclosures, std::vector<Draw>>;
      Samples values;
      const std::size_t draws = run.draws(first);
      values.reserve(draws);
      for (std::size_t k = 0; k < draws; ++k) {
        pick(rng, marks, drawn);
        // i is a member of what is drawn: of S' with i, or of the complement of S' (which holds i).
        const std::size_t i = term ? drawn[member(rng)] : L;
        list_members(drawn, i, complement, flags, listed);
        std::optional<FilteredDistance> near;
        if (filtered) near = filtered_row_distance(u_rows, i, w_rows, listed, scratch, point);
        Draw value;
        if (near) {
          if constexpr (point) value = Draw(times * Draw(near->lower));
          // times * [lower, upper] as operator* makes it (times is the point L - N, the filter's
          // interval never one), without the call.
          else value = DoubleInterval::times_point(DoubleInterval::from_ends(near->lower, near->upper), times.lower());
        } else {
          for (const std::size_t j : drawn)
            if (j != i || complement) members[static_cast<Eigen::Index>(j)] = in;
          value = as_draw(term ? R(left_out * term_at(fr, *term, i, L, f)) : body->scalar(fr));
          for (const std::size_t j : drawn) members[static_cast<Eigen::Index>(j)] = out;
        }
        if (decide_comparison(value, low_end, 0) == Decision::True ||
            decide_comparison(value, high_end, 2) == Decision::True)
          throw OutsideDomain("a draw of the expectation" + place + " lies outside the range low, high it states for " +
                              (term ? "(L - N) times a term of its sum over the complement" : "its values"));
        if constexpr (std::is_same_v<Samples, SampleEnclosures>) values.add(value.lower(), value.upper());
        else values.push_back(std::move(value));
      }
      const Draw interval = mean_confidence_interval(values, as_draw(R(high - low)), run.level_of_each());
      if constexpr (std::is_same_v<R, Draw>) return interval;
      else return enclosure_of_doubles<R>(interval.lower(), interval.upper());
    }
  }

  // `listed` := the members of a draw's set S (or S'), increasing: the drawn indices but i, or the
  // indices not drawn (`flags`, L zeros, marks the drawn ones meanwhile).
  static void list_members(const std::vector<std::size_t>& drawn, std::size_t i, bool complement,
                           std::vector<char>& flags, std::vector<std::size_t>& listed) {
    listed.clear();
    if (complement) {
      for (const std::size_t j : drawn) flags[j] = 1;
      for (std::size_t j = 0; j < flags.size(); ++j)
        if (!flags[j]) listed.push_back(j);
      for (const std::size_t j : drawn) flags[j] = 0;
      return;
    }
    // Insertion in order: a handful of members, where std::sort's moves are library calls.
    for (const std::size_t j : drawn) {
      if (j == i) continue;
      listed.push_back(j);
      for (std::size_t at = listed.size() - 1; at > 0 && listed[at - 1] > j; --at) std::swap(listed[at - 1], listed[at]);
    }
  }

  // f(i, S) at the set in the frame: its remembered values forgotten, what i indexes checked to
  // have the random set's length (as the whole sum checks its extents).
  static R term_at(Frame<R>& fr, const Term& t, std::size_t i, std::size_t L, const Formula* f) {
    for (const std::size_t m : t.memos) fr.ready[m] = 0;
    for (const auto& extent : t.extents)
      if (const std::size_t length = extent.second(fr); length != L)
        throw FormulaError(t.var + " runs over vectors of lengths " + std::to_string(L) + " and " + std::to_string(length),
                           f->text, extent.first->position, f->origin);
    fr.counters[t.counter] = static_cast<std::int64_t>(i);
    return t.f->scalar(fr);
  }
};

}  // namespace nb::formula
