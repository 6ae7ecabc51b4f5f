#pragma once
// The compiler's side of expectations over a sphere (verify/formula/vocabulary/
// sphere_expectations.hpp): expectation(X, sphere(L, d, radius), e, low, high, draws). Included at
// the end of formula_program.hpp; its compiler (C, Program<R>::Compiler) befriends this class.
//
// X is compiled as a loop whose variable is a matrix: a matrix slot that each draw overwrites, its
// exact value (the binary64 rows as drawn) in the frame's exact slot one past the inputs, so that
// kernels screening on an input's exact value (separation) do the same on a draw; what e computes
// without reading X is computed once per evaluation of the expectation, not once per draw.
//
// Expectations that draw alike (the same variable, law and first draws, none inside a loop: a
// claim's and its quantities') form one SphereDrawGroup: one loop draws each configuration once
// and evaluates every member's body on it, each member's draws and statistics kept apart. Every
// member alone would draw the same rows (one generator from the run's seed), so its value is the
// one it has alone. A definition reading X (Program::Named::draw_local) is compiled once per group
// where a body first names it, and computed once per draw for all the group's bodies.
#include <cstdint>
#include <exception>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include <boost/random/mersenne_twister.hpp>

#include "verify/engine/exact_decision.hpp"
#include "verify/formula/formula_program.hpp"
#include "verify/formula/vocabulary/expectations.hpp"
#include "verify/formula/vocabulary/sphere_expectations.hpp"
#include "verify/kernels/sphere_rows.hpp"
#include "verify/kernels/statistics.hpp"

namespace nb::formula {

// The expectations over a sphere sharing one draw loop (above), and what each draw shares.
template <class R>
struct SphereDrawGroup {
  struct Member {
    ExprPtr<R> body, low, high;
    std::vector<std::size_t> memos;  // what its body computes without reading X, once per evaluation
    std::size_t result = 0;          // the scalar slot of its value
    std::size_t failure = 0;         // its entry of Frame::failures
    std::string place;               // " at column C of 'FORMULA'"
  };
  std::string var;
  const Node* law = nullptr;    // sphere(L, d, radius)
  const Node* draws = nullptr;  // the first look's draws
  bool in_a_loop = false;       // never shared: it has no value (sampled once per entry)
  ExprPtr<R> x;                 // the draw's rows
  ExprPtr<R> radius;            // of the first member's law (the same formula as every member's)
  std::size_t slot = 0, exact_at = 0;
  std::size_t drawn = 0;                // the memo set once the loop ran in this evaluation
  std::vector<std::size_t> per_draw;    // the memos of the draw-local definitions
  std::vector<std::pair<std::string, ExprPtr<R>>> locals;  // the draw-local definitions compiled
  std::vector<Member> members;
};

template <class R, class C>
struct SphereExpectationCalls {
  using E = Expr<R>;
  using Group = SphereDrawGroup<R>;

  // The call n, an expectation over a sphere (over_a_sphere(n)).
  static ExprPtr<R> call(C& c, const Node& n) {
    if (n.args.size() != 6)
      c.fail(n, "an expectation over a sphere takes 6 arguments, expectation(X, sphere(L, d, radius), e, low, high, "
                "draws): the range low, high of e and the draws of the first look, which sampling needs, not " +
                    std::to_string(n.args.size()));
    const Node& var = n.args[0];
    if (!c.new_name(var))
      c.fail(var, "the first argument of expectation must be a new name: the random matrix that e reads");
    const Node& law = n.args[1];
    if (law.args.size() != 3)
      c.fail(law, "the law must be sphere(L, d, radius): L rows i.i.d. uniform on the sphere of that radius in R^d");
    const ExprPtr<R> length = c.of_shape(law.args[0], Shape::Scalar);
    const ExprPtr<R> dimension = c.of_shape(law.args[1], Shape::Scalar);
    const ExprPtr<R> radius = c.of_shape(law.args[2], Shape::Scalar);
    const ExprPtr<R> low = c.of_shape(n.args[3], Shape::Scalar), high = c.of_shape(n.args[4], Shape::Scalar);
    const ExprPtr<R> draws = c.of_shape(n.args[5], Shape::Scalar);
    // Sampled inside a loop, it would be drawn once per entry, beyond the union bound (expectations.hpp).
    const bool in_a_loop = !c.loops_.empty();
    const std::size_t depth = c.loops_.size();
    const std::shared_ptr<Group> group = group_of(c, n, radius, in_a_loop);
    c.loops_.push_back(typename C::Loop{var.text, c.p_.counters_++, {}, {}, {}, group->x});  // a counter it never moves
    const ExprPtr<R> body = c.of_shape(n.args[2], Shape::Scalar);
    const std::string place = " at column " + std::to_string(n.position + 1) + " of '" + c.f_.text + "'";
    group->members.push_back(typename Group::Member{body, low, high, std::move(c.loops_.back().memos),
                                                    c.p_.slot(Shape::Scalar), c.p_.failures_++, place});
    c.loops_.pop_back();
    const std::size_t member = group->members.size() - 1;
    auto e = std::make_shared<E>();
    e->loops = body->loops | length->loops | dimension->loops | radius->loops | low->loops | high->loops | draws->loops;
    e->loops.reset(depth);
    const Formula* f = &c.f_;
    const Node* at = &n;
    e->scalar = [length, dimension, draws, group, member, f, at](Frame<R>& fr) -> R {
      const typename Group::Member& m = group->members[member];
      const Node& law = at->args[1];
      const std::optional<std::size_t> L = IndexSetCalls<R, C>::integer_argument(
          length->scalar(fr), 1, std::numeric_limits<std::uint32_t>::max(), "the L of sphere(L, d, radius)",
          &law.args[0], f);
      const std::optional<std::size_t> d = IndexSetCalls<R, C>::integer_argument(
          dimension->scalar(fr), 1, std::numeric_limits<std::uint32_t>::max(), "the d of sphere(L, d, radius)",
          &law.args[1], f);
      const std::optional<std::size_t> first = IndexSetCalls<R, C>::integer_argument(
          draws->scalar(fr), 2, kMaxSphereDraws, "the draws of the expectation", &at->args[5], f);
      if (!L || !d || !first) return unknown_of<R>("the L, d or draws of an expectation over a sphere is undecided");
      if (group->in_a_loop)
        throw OutsideDomain("the expectation" + m.place + " would be sampled once per entry of an enclosing sum, max, "
                            "min or vec, beyond the confidence level the file's statistical claims share");
      constexpr bool has_statistics = std::is_same_v<R, double> || std::is_same_v<R, Mpfr> ||
                                      std::is_same_v<R, DoubleInterval> || std::is_same_v<R, Interval>;
      if constexpr (std::is_same_v<R, ExactReal>) {
        if (ExactSphereDraws::Request* q = fr.expectations.exact_draws.answering;
            q && q->place == m.place && !q->answered)
          evaluate_exactly(fr, *q, *L, *d, *group, m);
        return unknown_of<R>("a sampled expectation has no exact value");
      } else if constexpr (!has_statistics) {  // derivatives, the prove tier's Arb balls
        return unknown_of<R>("a sampled expectation has no exact value");
      } else {
        if (!fr.ready[group->drawn]) {
          sampled(fr, *L, *d, *first, *group);
          fr.ready[group->drawn] = 1;
        }
        if (fr.failures[m.failure]) std::rethrow_exception(fr.failures[m.failure]);
        return fr.scalars[m.result];
      }
    };
    return e;
  }

  // The name n of a definition reading a draw's rows (Program::Named::draw_local), inside the body
  // of an expectation over a sphere: its value once per draw, the same for every body of the group.
  template <class Named>
  static ExprPtr<R> draw_local(C& c, const Node& n, const Named& named) {
    int at = -1;
    for (std::size_t d = c.loops_.size(); d-- > 0 && at < 0;)
      if (c.loops_[d].set && c.loops_[d].set->shape == Shape::Matrix) at = static_cast<int>(d);
    if (at < 0)
      c.fail(n, "'" + n.text + "' reads the random matrix of an expectation over a sphere: it has a value only "
                "inside the body of such an expectation");
    const auto depth = static_cast<std::size_t>(at);
    Group* group = nullptr;
    for (const auto& g : c.p_.draw_groups_)
      if (g->x == c.loops_[depth].set) group = g.get();
    for (const auto& [name, value] : group->locals)
      if (name == n.text) return value;
    // Compiled in the draw loop's scope: the definition reads the draw's variable and no index
    // of a loop around the expectation.
    C local(c.p_, *named.draw_local);
    for (std::size_t d = 0; d <= depth; ++d) {
      local.loops_.push_back(c.loops_[d]);
      local.loops_.back().memos.clear();
      if (d < depth) local.loops_.back().var.clear();
    }
    ExprPtr<R> value = local.compile(named.draw_local->root);
    for (std::size_t d = 0; d <= depth; ++d)
      c.loops_[d].memos.insert(c.loops_[d].memos.end(), local.loops_[d].memos.begin(), local.loops_[d].memos.end());
    const std::size_t memo = c.p_.memos_++;
    group->per_draw.push_back(memo);
    ExprPtr<R> kept = c.memo_of(std::move(value), memo);
    group->locals.emplace_back(n.text, kept);
    return kept;
  }

 private:
  static bool same_tree(const Node& a, const Node& b) {
    if (a.kind != b.kind || a.text != b.text || a.args.size() != b.args.size()) return false;
    for (std::size_t k = 0; k < a.args.size(); ++k)
      if (!same_tree(a.args[k], b.args[k])) return false;
    return true;
  }

  // The group the expectation n joins: one drawing alike, or a new one (with its own matrix slot;
  // X's exact value in the frame's exact slot one past the inputs).
  static std::shared_ptr<Group> group_of(C& c, const Node& n, const ExprPtr<R>& radius, bool in_a_loop) {
    if (!in_a_loop)
      for (const auto& g : c.p_.draw_groups_)
        if (!g->in_a_loop && g->var == n.args[0].text && same_tree(*g->law, n.args[1]) &&
            same_tree(*g->draws, n.args[5]))
          return g;
    auto g = std::make_shared<Group>();
    g->var = n.args[0].text;
    g->law = &n.args[1];
    g->draws = &n.args[5];
    g->in_a_loop = in_a_loop;
    g->radius = radius;
    g->slot = c.p_.slot(Shape::Matrix);
    g->exact_at = c.p_.inputs_.size();
    g->drawn = c.p_.memos_++;
    const auto size_text = [](const Node& x) {
      return x.kind == Node::Kind::Name || x.kind == Node::Kind::Number ? x.text : std::string();
    };
    auto x = std::make_shared<E>(E{Shape::Matrix, size_text(n.args[1].args[0]), size_text(n.args[1].args[1])});
    x->stored = true;
    x->loops.set(c.loops_.size());
    x->exact_input = static_cast<int>(g->exact_at);
    const std::size_t slot = g->slot;
    x->matrix = [slot](Frame<R>& fr) -> const Matrix<R>& { return fr.matrices[slot]; };
    g->x = x;
    c.p_.draw_groups_.push_back(g);
    return g;
  }

  // Each member's confidence interval for the mean of its body over `first` << doublings draws of
  // X (in its slot), each draw in the member's [low, high] as the file states (a draw certainly
  // outside it leaves the member's value undefined); what a member throws is kept for its reading.
  static void sampled(Frame<R>& fr, std::size_t L, std::size_t d, std::size_t first, const Group& g) {
    const std::size_t n = g.members.size();
    std::vector<R> low(n), high(n);
    for (std::size_t j = 0; j < n; ++j) {
      const typename Group::Member& m = g.members[j];
      for (const std::size_t memo : m.memos) fr.ready[memo] = 0;
      fr.failures[m.failure] = nullptr;
    }
    double r = 0;
    std::exception_ptr no_radius;
    try {
      r = end_as_double(midpoint_of(g.radius->scalar(fr)));
    } catch (...) {
      no_radius = std::current_exception();
    }
    const bool normal = r >= std::numeric_limits<double>::min() && r <= std::numeric_limits<double>::max();
    for (std::size_t j = 0; j < n; ++j) try {
        const typename Group::Member& m = g.members[j];
        if (no_radius) std::rethrow_exception(no_radius);
        low[j] = m.low->scalar(fr);
        high[j] = m.high->scalar(fr);
        if (!normal)
          throw OutsideDomain("the radius of the sphere" + m.place + " is " + std::to_string(r) +
                              ": the rows are drawn in binary64, at a radius > 0 that rounds to a normal value");
      } catch (...) {
        fr.failures[g.members[j].failure] = std::current_exception();
      }
    ExpectationDraws& run = fr.expectations;
    run.sampled = true;
    if (fr.exact.size() <= g.exact_at) {
      fr.exact.resize(g.exact_at + 1, nullptr);
      fr.distinct.resize(g.exact_at + 1);
    }
    boost::random::mt19937_64 rng(run.seed);
    const std::size_t count = first << run.doublings;
    std::vector<std::vector<R>> values(n);
    for (auto& v : values) v.reserve(count);
    struct Forget {  // the draw's exact value, once the loop is left whatever the way
      const ExactTensor*& at;
      ~Forget() { at = nullptr; }
    } forget{fr.exact[g.exact_at]};
    const auto live = [&] {
      for (const auto& m : g.members)
        if (!fr.failures[m.failure]) return true;
      return false;
    };
    for (std::size_t k = 0; k < count && live(); ++k) {
      const ExactTensor drawn(L, d, sphere_rows(rng, L, d, r));
      fr.matrices[g.slot] = drawn.template to_matrix<R>();
      forget.at = &drawn;
      fr.shared_work = SharedWork();  // what the last draw's calls shared is of other rows
      for (const std::size_t memo : g.per_draw) fr.ready[memo] = 0;
      for (std::size_t j = 0; j < n; ++j) {
        const typename Group::Member& m = g.members[j];
        if (fr.failures[m.failure]) continue;
        try {
          R value = m.body->scalar(fr);
          if (decide_comparison(value, low[j], 0) == Decision::True ||
              decide_comparison(value, high[j], 2) == Decision::True)
            throw OutsideDomain("a draw of the expectation" + m.place + " lies outside the range low, high it states");
          values[j].push_back(std::move(value));
        } catch (...) {
          fr.failures[m.failure] = std::current_exception();
        }
      }
      forget.at = nullptr;
    }
    for (std::size_t j = 0; j < n; ++j) {
      const typename Group::Member& m = g.members[j];
      if (fr.failures[m.failure]) continue;
      try {
        if constexpr (std::is_same_v<R, Interval>)
          if (run.exact_draws.decide) narrow_undecided(run, values[j], m.place, r);
        fr.scalars[m.result] = mean_confidence_interval(values[j], R(high[j] - low[j]), run.level_of_each());
      } catch (...) {
        fr.failures[m.failure] = std::current_exception();
      }
    }
  }

  // The MPFI draws of one member whose enclosure is wider than 2^-(p/2) narrowed to their exact
  // values by the run's exact evaluations (where it makes them), the radius the rows were drawn at.
  static void narrow_undecided(ExpectationDraws& run, std::vector<R>& values, const std::string& place, double r) {
    ExactSphereDraws::Request q{.place = place, .radius = r};
    const Mpfr most = Mpfr(ldexp(Mpfr(1), -static_cast<int>(working_precision() / 2)));
    for (std::size_t k = 0; k < values.size(); ++k)
      if (!(upper_end_of(values[k]) - lower_end_of(values[k]) <= most)) {
        q.draws.push_back(k);
        q.values.push_back(values[k]);
      }
    if (q.draws.empty()) return;
    const std::vector<Interval> narrowed = run.exact_draws.decide(q);
    for (std::size_t j = 0; j < narrowed.size() && j < q.draws.size(); ++j) values[q.draws[j]] = narrowed[j];
  }

  // The child's side: member m's body at the draws q names (the same rows, replayed from the
  // seed), evaluated exactly, each enclosure narrowed to its exact value, up to the first that has
  // none (an undecidable comparison, the budget).
  static void evaluate_exactly(Frame<R>& fr, ExactSphereDraws::Request& q, std::size_t L, std::size_t d,
                               const Group& g, const typename Group::Member& m) {
    q.answered = true;
    for (const std::size_t memo : m.memos) fr.ready[memo] = 0;
    if (fr.exact.size() <= g.exact_at) {
      fr.exact.resize(g.exact_at + 1, nullptr);
      fr.distinct.resize(g.exact_at + 1);
    }
    struct Forget {
      const ExactTensor*& at;
      ~Forget() { at = nullptr; }
    } forget{fr.exact[g.exact_at]};
    boost::random::mt19937_64 rng(fr.expectations.seed);
    std::size_t drawn = 0;
    try {
      for (std::size_t j = 0; j < q.draws.size(); ++j) {
        std::vector<double> rows;
        for (; drawn <= q.draws[j]; ++drawn) rows = sphere_rows(rng, L, d, q.radius);
        const ExactTensor x(L, d, std::move(rows));
        fr.matrices[g.slot] = x.template to_matrix<R>();
        forget.at = &x;
        fr.shared_work = SharedWork();
        for (const std::size_t memo : g.per_draw) fr.ready[memo] = 0;
        const R value = m.body->scalar(fr);
        forget.at = nullptr;
        if (!value.is_number()) return;
        q.narrowed.push_back(narrowed_to_exact(q.values[j], value, "a draw of the expectation" + q.place));
      }
    } catch (const NoExactForm&) {
      // The draws decided so far stand; the rest keep their intervals.
    } catch (const OutsideDomain&) {
    }
  }
};

}  // namespace nb::formula
