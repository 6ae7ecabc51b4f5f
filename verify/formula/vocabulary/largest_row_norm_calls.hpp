#pragma once
// The compiler's form for the largest row norm of the random matrix X of an expectation over a
// sphere, max(i, norm(X[i])) (Theorem 2's M = max_i ||x_i||), in binary64 intervals: each row's squared norm one binary64 dot product
// enclosed with its rounding error bound where the row's entries are points (squared_norm,
// verify/kernels/dot_product.hpp; the Gram rows of distances_to_sum are taken the same way), the
// largest of them, then one square root, instead of an interval square and sum per entry and a
// square root per row: M at about the cost of one Gram row per draw. Contract: the value encloses max_i ||X_i|| for every point of X's enclosure (each
// squared norm is enclosed; max and sqrt are monotone). A draw's value is statistical, so the
// enclosure's width (about 2^-52 relative, where the interval sum of squares of points may stay a
// point) decides nothing; a matrix input keeps the general reduction, whose points let the binary64
// tier decide equalities (verify/kernels/euclidean_norm.hpp). Other number types and other forms
// take the general reduction too. Included at the end of formula_program.hpp; the
// compiler (C, Program<R>::Compiler) befriends this class.
#include <type_traits>

#include "verify/formula/formula_program.hpp"
#include "verify/kernels/dot_product.hpp"

namespace nb::formula {

template <class R, class C>
struct LargestRowNormCalls {
  // The form for the index form n (max(i, e) with i a new name), or null where n is not
  // max(i, norm(X[i])) with X the variable of an expectation over a sphere, or R not DoubleInterval.
  static ExprPtr<R> call(C& c, const Node& n) {
    if constexpr (!std::is_same_v<R, DoubleInterval>) {
      return nullptr;
    } else {
      if (n.text != "max" || n.args.size() != 2) return nullptr;
      const Node& i = n.args[0];
      const Node& body = n.args[1];
      if (body.kind != Node::Kind::Call || body.text != "norm" || body.args.size() != 1) return nullptr;
      const Node& row = body.args[0];
      if (row.kind != Node::Kind::Index || row.args[1].kind != Node::Kind::Name || row.args[1].text != i.text)
        return nullptr;
      const Node& base = row.args[0];
      const int draw = c.loop_of(base);
      if (draw < 0) return nullptr;
      const ExprPtr<R> x = c.loops_[static_cast<std::size_t>(draw)].set;
      if (!x || x->shape != Shape::Matrix) return nullptr;
      const ExprPtr<R> general = c.reduce(n, false);  // of no rows: its error
      auto e = std::make_shared<Expr<R>>();
      e->loops = x->loops | general->loops;
      e->scalar = [x, general](Frame<R>& fr) -> R {
        const Matrix<R>& m = x->matrix(fr);
        if (m.rows() == 0) return general->scalar(fr);
        R most = squared_norm(m.row(0));
        for (Eigen::Index k = 1; k < m.rows(); ++k) most = max_of(most, squared_norm(m.row(k)));
        using std::sqrt;
        return sqrt(max_of(most, R(0)));
      };
      return e;
    }
  }
};

}  // namespace nb::formula
