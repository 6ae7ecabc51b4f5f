#pragma once
// The compiler's side of the index-set vocabulary (verify/formula/vocabulary/index_sets.hpp):
// top(v, N), left_out(v, N), argmax(v), sort(v), concat(u, v), and the reductions over the members
// of a set, sum(i, S, e), max(i, S, e), min(i, S, e), count(i, S, c). Included at the end of
// formula_program.hpp; its compiler (C, Program<R>::Compiler) befriends this class.
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "verify/formula/formula_program.hpp"
#include "verify/formula/vocabulary/index_sets.hpp"

namespace nb::formula {

template <class R, class C>
struct IndexSetCalls {
  using E = Expr<R>;

  // The call n when it names a function of this vocabulary, else null.
  static ExprPtr<R> call(C& c, const Node& n) {
    const std::string& f = n.text;
    if (f == "top" || f == "left_out") return top(c, n, f == "left_out");
    if (f == "argmax") return argmax(c, n);
    if (f == "sort") return sort(c, n);
    if (f == "concat") return concat(c, n);
    return nullptr;
  }

  // An integer argument (N of top, k of largest) at a case: its value where it is certainly one
  // integer in [low, high]; none where the enclosure does not decide it (the caller's value is then
  // unknown); a FormulaError where it certainly is no such integer (the file's mistake).
  static std::optional<std::size_t> integer_argument(const R& x, std::size_t low, std::size_t high, const char* what,
                                                     const Node* at, const Formula* f) {
    const std::optional<std::int64_t> k = integer_value(x);
    const auto refuse = [&](const std::string& why) { throw FormulaError(std::string(what) + " " + why, f->text, at->position, f->origin); };
    if (!k) {
      if constexpr (std::is_floating_point_v<R> || std::is_same_v<R, Mpfr>) {
        if (x == x) refuse("is " + std::to_string(end_as_double(x)) + ", not an integer");
      } else if constexpr (is_interval_v<R>) {
        using std::ceil;
        using std::floor;
        if (ceil(lower_end_of(x)) > floor(upper_end_of(x))) refuse("is no integer (it lies strictly between two)");
      }
      return std::nullopt;
    }
    if (*k < static_cast<std::int64_t>(low) || *k > static_cast<std::int64_t>(high))
      refuse("is " + std::to_string(*k) + ", outside [" + std::to_string(low) + ", " + std::to_string(high) + "]");
    return static_cast<std::size_t>(*k);
  }

  // The exact vector whose order v has at a case, or null: an input whose exact value the caller
  // passed, that input times or over a scalar certainly > 0, or softmax of such a vector (softmax
  // is increasing in each logit).
  static const ExactTensor* exact_order(const E& v, Frame<R>& fr) {
    const bool weights = v.weights_of_input >= 0;
    const int input = weights ? v.weights_of_input : v.exact_input;
    const ExprPtr<R>& scale = weights ? v.weights_scale : v.scale;
    if (input < 0) return nullptr;
    const ExactTensor* exact = fr.exact[static_cast<std::size_t>(input)];
    if (!exact || !exact->is_vector()) return nullptr;
    if (scale && !C::certainly_positive(scale->scalar(fr))) return nullptr;
    return exact;
  }

  // The members of `set` at a case, or none where one is undecided; a FormulaError at `at` where
  // the vector is no set.
  static std::optional<std::vector<std::size_t>> members(const Vector<R>& set, const Node* at, const Formula* f) {
    try {
      return members_of(set);
    } catch (const std::invalid_argument& e) {
      throw FormulaError(std::string("this vector is no index set: ") + e.what(), f->text, at->position, f->origin);
    }
  }

  // sum/max/min/count(i, S, e): `start` checks the loop's extents (S's length among them) and
  // forgets its remembered values; the body is evaluated on S's members only. An undecided member
  // leaves the value unknown; max and min over an empty set have none (OutsideDomain).
  static std::function<R(Frame<R>&)> over_members(ExprPtr<R> set, ExprPtr<R> body,
                                                  std::function<std::size_t(Frame<R>&)> start, std::size_t counter,
                                                  int op, const Node* at, const Formula* f) {
    return [set, body, start, counter, op, at, f](Frame<R>& fr) -> R {
      start(fr);
      // A random set lists its members; another set is scanned.
      const std::optional<std::vector<std::size_t>> scanned =
          set->members ? std::nullopt : members(set->vector(fr), at, f);
      if (!set->members && !scanned)
        return unknown_of<R>("a member of the set at column " + std::to_string(at->position + 1) + " of '" + f->text + "' is undecided");
      const std::vector<std::size_t>* in = set->members ? &set->members(fr) : &*scanned;
      if (in->empty()) {
        if (op == 0) return R(0);
        throw OutsideDomain(std::string(op == 1 ? "max" : "min") + " over the empty set at column " +
                            std::to_string(at->position + 1) + " of '" + f->text + "'");
      }
      std::vector<R> terms;
      R out = R(0);
      for (std::size_t k = 0; k < in->size(); ++k) {
        fr.counters[counter] = static_cast<std::int64_t>((*in)[k]);
        const R term = body->scalar(fr);
        if constexpr (is_exact_number_v<R>)  // ordered as a whole, as the plain max and min are
          if (op != 0) {
            terms.push_back(term);
            continue;
          }
        out = k == 0 ? term : op == 0 ? R(out + term) : op == 1 ? max_of(out, term) : min_of(out, term);
      }
      if constexpr (is_exact_number_v<R>)
        if (op != 0) {
          const std::span<const R> all(terms.data(), terms.size());
          return op == 1 ? max_of(all) : min_of(all);
        }
      return out;
    };
  }

  // top(v, N): the indicator vector of the N largest entries of v; left_out(v, N): of the others.
  static ExprPtr<R> top(C& c, const Node& n, bool complement) {
    c.arity(n, 2);
    const ExprPtr<R> v = c.of_shape(n.args[0], Shape::Vector);
    const ExprPtr<R> count = c.of_shape(n.args[1], Shape::Scalar);
    const Node* at = &n.args[1];
    const Formula* f = &c.f_;
    return c.vector_of(v->loops | count->loops, v->rows, [v, count, at, f, complement](Frame<R>& fr) {
      const Vector<R>& values = v->vector(fr);
      const auto L = static_cast<std::size_t>(values.size());
      const std::optional<std::size_t> N = integer_argument(count->scalar(fr), 0, L, "the N of top(v, N)", at, f);
      Vector<R> set(values.size());
      if (!N) {
        for (Eigen::Index i = 0; i < set.size(); ++i) set[i] = undecided_member<R>();
        return set;
      }
      const ExactTensor* exact = exact_order(*v, fr);
      set = exact && exact->size() == L ? top_set_of_exact<R>(*exact, *N) : top_set(values, *N);
      if (complement)
        for (Eigen::Index i = 0; i < set.size(); ++i) set[i] = R(R(1) - set[i]);
      return set;
    });
  }

  static ExprPtr<R> argmax(C& c, const Node& n) {
    c.arity(n, 1);
    const ExprPtr<R> v = c.of_shape(n.args[0], Shape::Vector);
    return c.scalar_of(v, [v](Frame<R>& fr) -> R {
      const Vector<R>& values = v->vector(fr);
      const ExactTensor* exact = exact_order(*v, fr);
      if (exact && exact->size() == static_cast<std::size_t>(values.size())) return R(descending_order(*exact)[0]);
      return index_of_largest(top_set(values, 1));
    });
  }

  static ExprPtr<R> sort(C& c, const Node& n) {
    c.arity(n, 1);
    if constexpr (is_gradient_v<R>) {
      c.no_derivative_kernel(n, "sort");
    } else {
      const ExprPtr<R> v = c.of_shape(n.args[0], Shape::Vector);
      // The entries themselves are the input's only where v is the input (not scaled).
      const int input = v->scale ? -1 : v->exact_input;
      return c.vector_of(v->loops, v->rows, [v, input](Frame<R>& fr) {
        const ExactTensor* exact = input >= 0 ? fr.exact[static_cast<std::size_t>(input)] : nullptr;
        if (exact && exact->is_vector()) return sorted_exact<R>(*exact);
        return sorted(v->vector(fr));
      });
    }
  }

  static ExprPtr<R> concat(C& c, const Node& n) {
    c.arity(n, 2);
    const ExprPtr<R> u = c.of_shape(n.args[0], Shape::Vector), v = c.of_shape(n.args[1], Shape::Vector);
    // A length known before a case only where both are numbers.
    const std::string rows =
        C::is_number(u->rows) && C::is_number(v->rows) ? std::to_string(std::stoll(u->rows) + std::stoll(v->rows)) : "";
    return c.vector_of(u->loops | v->loops, rows, [u, v](Frame<R>& fr) {
      const Vector<R>& x = u->vector(fr);
      return concatenated(x, v->vector(fr));
    });
  }
};

}  // namespace nb::formula
