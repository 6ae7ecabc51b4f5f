#pragma once
// The compiler's side of expectations over a sphere (verify/formula/vocabulary/
// sphere_expectations.hpp): expectation(X, sphere(L, d, radius), e, low, high, draws). Included at
// the end of formula_program.hpp; its compiler (C, Program<R>::Compiler) befriends this class.
//
// X is compiled as a loop whose variable is a matrix: a matrix slot that each draw overwrites, its
// exact value (the binary64 rows as drawn) in the frame's exact slot one past the inputs, so that
// kernels screening on an input's exact value (separation) do the same on a draw; what e computes
// without reading X is computed once per evaluation of the expectation, not once per draw.
#include <cstdint>
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

template <class R, class C>
struct SphereExpectationCalls {
  using E = Expr<R>;

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
    const std::size_t slot = c.p_.slot(Shape::Matrix);
    const std::size_t exact_at = c.p_.inputs_.size();
    const auto size_text = [](const Node& x) {
      return x.kind == Node::Kind::Name || x.kind == Node::Kind::Number ? x.text : std::string();
    };
    auto x = std::make_shared<E>(E{Shape::Matrix, size_text(law.args[0]), size_text(law.args[1])});
    x->stored = true;
    x->loops.set(depth);
    x->exact_input = static_cast<int>(exact_at);
    x->matrix = [slot](Frame<R>& fr) -> const Matrix<R>& { return fr.matrices[slot]; };
    c.loops_.push_back(typename C::Loop{var.text, c.p_.counters_++, {}, {}, {}, x});  // a counter it never moves
    const ExprPtr<R> body = c.of_shape(n.args[2], Shape::Scalar);
    const std::vector<std::size_t> memos = std::move(c.loops_.back().memos);
    c.loops_.pop_back();
    auto e = std::make_shared<E>();
    e->loops = body->loops | length->loops | dimension->loops | radius->loops | low->loops | high->loops | draws->loops;
    e->loops.reset(depth);
    const Formula* f = &c.f_;
    const Node* at = &n;
    e->scalar = [memos, length, dimension, radius, low, high, draws, body, in_a_loop, slot, exact_at, f,
                 at](Frame<R>& fr) -> R {
      for (const std::size_t m : memos) fr.ready[m] = 0;
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
      const std::string place = " at column " + std::to_string(at->position + 1) + " of '" + f->text + "'";
      if (in_a_loop)
        throw OutsideDomain("the expectation" + place + " would be sampled once per entry of an enclosing sum, max, "
                            "min or vec, beyond the confidence level the file's statistical claims share");
      return sampled(fr, *L, *d, *radius, *first, body, *low, *high, slot, exact_at, place);
    };
    return e;
  }

 private:
  // A confidence interval for the mean of the body over `first` << doublings draws of X, each
  // in [low, high] as the file states (a draw certainly outside it leaves the value undefined).
  // The exact tier answers the child's request, if it has one, with the radius the rows were drawn at.
  static R sampled(Frame<R>& fr, std::size_t L, std::size_t d, const E& radius_of, std::size_t first,
                   const ExprPtr<R>& body, const E& low_of, const E& high_of, std::size_t slot, std::size_t exact_at,
                   const std::string& place) {
    constexpr bool has_statistics = std::is_same_v<R, double> || std::is_same_v<R, Mpfr> ||
                                    std::is_same_v<R, DoubleInterval> || std::is_same_v<R, Interval>;
    if constexpr (std::is_same_v<R, ExactReal>) {
      if (ExactSphereDraws::Request* q = fr.expectations.exact_draws.answering; q && q->place == place && !q->answered)
        evaluate_exactly(fr, *q, L, d, body, slot, exact_at);
      return unknown_of<R>("a sampled expectation has no exact value");
    } else if constexpr (!has_statistics) {  // derivatives, the prove tier's Arb balls
      return unknown_of<R>("a sampled expectation has no exact value");
    } else {
      const R radius = radius_of.scalar(fr), low = low_of.scalar(fr), high = high_of.scalar(fr);
      const double r = end_as_double(midpoint_of(radius));
      if (!(r >= std::numeric_limits<double>::min() && r <= std::numeric_limits<double>::max()))
        throw OutsideDomain("the radius of the sphere" + place + " is " + std::to_string(r) +
                            ": the rows are drawn in binary64, at a radius > 0 that rounds to a normal value");
      ExpectationDraws& run = fr.expectations;
      run.sampled = true;
      if (fr.exact.size() <= exact_at) {
        fr.exact.resize(exact_at + 1, nullptr);
        fr.distinct.resize(exact_at + 1);
      }
      boost::random::mt19937_64 rng(run.seed);
      const std::size_t count = first << run.doublings;
      std::vector<R> values;
      values.reserve(count);
      struct Forget {  // the draw's exact value, once the loop is left whatever the way
        const ExactTensor*& at;
        ~Forget() { at = nullptr; }
      } forget{fr.exact[exact_at]};
      for (std::size_t k = 0; k < count; ++k) {
        const ExactTensor drawn(L, d, sphere_rows(rng, L, d, r));
        fr.matrices[slot] = drawn.template to_matrix<R>();
        forget.at = &drawn;
        fr.shared_work = SharedWork();  // what the last draw's calls shared is of other rows
        R value = body->scalar(fr);
        forget.at = nullptr;
        if (decide_comparison(value, low, 0) == Decision::True || decide_comparison(value, high, 2) == Decision::True)
          throw OutsideDomain("a draw of the expectation" + place + " lies outside the range low, high it states");
        values.push_back(std::move(value));
      }
      if constexpr (std::is_same_v<R, Interval>)
        if (run.exact_draws.decide) {
          ExactSphereDraws::Request q{.place = place, .radius = r};
          const Mpfr most = Mpfr(ldexp(Mpfr(1), -static_cast<int>(working_precision() / 2)));
          for (std::size_t k = 0; k < values.size(); ++k)
            if (!(upper_end_of(values[k]) - lower_end_of(values[k]) <= most)) {
              q.draws.push_back(k);
              q.values.push_back(values[k]);
            }
          if (!q.draws.empty()) {
            const std::vector<Interval> narrowed = run.exact_draws.decide(q);
            for (std::size_t j = 0; j < narrowed.size() && j < q.draws.size(); ++j) values[q.draws[j]] = narrowed[j];
          }
        }
      return mean_confidence_interval(values, R(high - low), run.level_of_each());
    }
  }

  // The child's side: the body at the draws q names (the same rows, replayed from the seed),
  // evaluated exactly, each enclosure narrowed to its exact value, up to the first that has none
  // (an undecidable comparison, the budget).
  static void evaluate_exactly(Frame<R>& fr, ExactSphereDraws::Request& q, std::size_t L, std::size_t d,
                               const ExprPtr<R>& body, std::size_t slot, std::size_t exact_at) {
    q.answered = true;
    if (fr.exact.size() <= exact_at) {
      fr.exact.resize(exact_at + 1, nullptr);
      fr.distinct.resize(exact_at + 1);
    }
    struct Forget {
      const ExactTensor*& at;
      ~Forget() { at = nullptr; }
    } forget{fr.exact[exact_at]};
    boost::random::mt19937_64 rng(fr.expectations.seed);
    std::size_t drawn = 0;
    try {
      for (std::size_t j = 0; j < q.draws.size(); ++j) {
        std::vector<double> rows;
        for (; drawn <= q.draws[j]; ++drawn) rows = sphere_rows(rng, L, d, q.radius);
        const ExactTensor x(L, d, std::move(rows));
        fr.matrices[slot] = x.template to_matrix<R>();
        forget.at = &x;
        fr.shared_work = SharedWork();
        const R value = body->scalar(fr);
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
