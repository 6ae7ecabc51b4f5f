#pragma once
// The largest (smallest) distance between rows of an input matrix over two index sets,
//   max(j, S, max(i, T, norm(X[i] - X[j])))   (min likewise; either set may be left out: every row),
// compiled as the kernels of verify/kernels/pair_distances.hpp compute it: the pairs are screened
// in binary64 on X's exact value, with a rigorous bound on the screen's rounding, and the compiled
// distance is evaluated only on the pairs whose distance can still be the extreme (for the
// maximum, those whose upper bound reaches the largest lower bound: the pair that attains it is
// among them, ties included). The value is the same number as the double loop's, at every tier;
// the loop runs L |S| norms in R where the screen leaves a few. Included at the end of
// formula_program.hpp; its compiler (C, Program<R>::Compiler) befriends this class.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "verify/formula/formula_program.hpp"
#include "verify/kernels/pair_distances.hpp"

namespace nb::formula {

template <class R, class C>
struct PairDistanceScreen {
  using E = Expr<R>;

  // The reduction n (a max or min in index form) compiled with the screen where it has the shape
  // above, X is an input (or a name of one) whose exact value the case may pass, and R is a tier
  // the screen serves; else null. Not for derivatives and boxes of inputs (the caller's part).
  static ExprPtr<R> call(C& c, const Node& n) {
    if (n.args[0].kind != Node::Kind::Name) return nullptr;
    const std::string& j = n.args[0].text;
    const Node& inner = n.args.back();
    if (inner.kind != Node::Kind::Call || inner.text != n.text || (inner.args.size() != 2 && inner.args.size() != 3) ||
        inner.args[0].kind != Node::Kind::Name || inner.args[0].text == j || !c.index_form(inner))
      return nullptr;
    const std::string& i = inner.args[0].text;
    const Node& norm = inner.args.back();
    if (norm.kind != Node::Kind::Call || norm.text != "norm" || norm.args.size() != 1 ||
        norm.args[0].kind != Node::Kind::Subtract)
      return nullptr;
    const Node& first = norm.args[0].args[0];
    const Node& second = norm.args[0].args[1];
    const auto row_of = [](const Node& x, const std::string& var) {
      return x.kind == Node::Kind::Index && x.args[0].kind == Node::Kind::Name && x.args[1].kind == Node::Kind::Name &&
             x.args[1].text == var;
    };
    const bool i_first = row_of(first, i) && row_of(second, j);
    if (!i_first && !(row_of(first, j) && row_of(second, i))) return nullptr;
    const std::string& matrix = first.args[0].text;
    if (second.args[0].text != matrix || matrix == i || matrix == j || c.loop_of(first.args[0]) >= 0) return nullptr;
    // The sets are those of the loops as written: S cannot read j, T neither i nor j.
    const Node* outer_set = n.args.size() == 3 ? &n.args[1] : nullptr;
    const Node* inner_set = inner.args.size() == 3 ? &inner.args[1] : nullptr;
    if ((outer_set && C::mentions(*outer_set, j)) || (inner_set && (C::mentions(*inner_set, i) || C::mentions(*inner_set, j))))
      return nullptr;
    const ExprPtr<R> x = c.compile(first.args[0]);
    if (x->shape != Shape::Matrix || x->exact_input < 0 || x->scale) return nullptr;
    const ExprPtr<R> over_j = outer_set ? c.of_shape(*outer_set, Shape::Vector) : nullptr;
    const ExprPtr<R> over_i = inner_set ? c.of_shape(*inner_set, Shape::Vector) : nullptr;
    if ((over_j && over_j->members) || (over_i && over_i->members)) return nullptr;  // a random set: not screened
    // The double loop as written: where the screen does not apply at a case (no exact value, an
    // undecided member, an empty set, lengths that differ), it is the value and its messages.
    const ExprPtr<R> direct = c.reduce(n, false);
    auto e = std::make_shared<E>();
    e->loops = direct->loops;
    const bool maximum = n.text == "max";
    const auto input = static_cast<std::size_t>(x->exact_input);
    const Formula* f = &c.f_;
    e->scalar = [x, over_j, over_i, direct, maximum, i_first, input, outer_set, inner_set, f](Frame<R>& fr) -> R {
      const ExactTensor* exact = fr.exact[input];
      const Matrix<R>& m = x->matrix(fr);
      const auto L = static_cast<std::size_t>(m.rows());
      if (!exact || exact->rows() != L || exact->cols() != static_cast<std::size_t>(m.cols()))
        return direct->scalar(fr);
      const std::optional<std::vector<std::size_t>> js = members_or_all(fr, over_j, L, outer_set, f);
      const std::optional<std::vector<std::size_t>> is = members_or_all(fr, over_i, L, inner_set, f);
      if (!js || !is || js->empty() || is->empty()) return direct->scalar(fr);
      const std::vector<RowPair> pairs = maximum ? max_distance_candidates(*exact, *js, *is) : min_candidates(*exact, *js, *is);
      std::vector<R> distances;
      distances.reserve(pairs.size());
      Vector<R> difference(m.cols());
      for (const auto& [row_j, row_i] : pairs) {
        const auto a = static_cast<Eigen::Index>(i_first ? row_i : row_j), b = static_cast<Eigen::Index>(i_first ? row_j : row_i);
        for (Eigen::Index k = 0; k < m.cols(); ++k) difference[k] = R(m(a, k) - m(b, k));
        distances.push_back(C::euclidean_norm(difference));
      }
      if constexpr (is_exact_number_v<R>) {  // ordered as a whole, as the double loop orders them
        const std::span<const R> all(distances.data(), distances.size());
        return maximum ? max_of(all) : min_of(all);
      } else {
        R out = distances[0];
        for (std::size_t k = 1; k < distances.size(); ++k) out = maximum ? max_of(out, distances[k]) : min_of(out, distances[k]);
        return out;
      }
    };
    return e;
  }

  // The members of `set` (every row where there is none), or none where the screen does not apply:
  // a member undecided, or a set whose length is not the matrix's rows (the double loop's message).
  static std::optional<std::vector<std::size_t>> members_or_all(Frame<R>& fr, const ExprPtr<R>& set, std::size_t L,
                                                                const Node* at, const Formula* f) {
    if (!set) {
      std::vector<std::size_t> all(L);
      for (std::size_t k = 0; k < L; ++k) all[k] = k;
      return all;
    }
    const Vector<R>& v = set->vector(fr);
    if (static_cast<std::size_t>(v.size()) != L) return std::nullopt;
    return IndexSetCalls<R, C>::members(v, at, f);
  }

  // The direct screen's candidates for the minimum over A x B.
  static std::vector<RowPair> min_candidates(const ExactTensor& X, const std::vector<std::size_t>& A,
                                             const std::vector<std::size_t>& B) {
    std::vector<RowPair> pairs;
    pairs.reserve(A.size() * B.size());
    for (const std::size_t a : A)
      for (const std::size_t b : B) pairs.emplace_back(a, b);
    return min_distance_candidates_among(X, pairs);
  }
};

}  // namespace nb::formula
