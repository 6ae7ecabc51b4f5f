#pragma once
// A theorem file's formulas compiled, once, into a closure tree for one number type R (double,
// Mpfr, DoubleInterval, Interval, ExactReal, the prove Gradient): what the evaluation of a case
// runs. Compiling resolves every name to a slot of a frame, every index variable to a loop
// counter, every function to its kernel and every shape (scalar, vector, matrix) once, so that
// evaluating compares no string and looks nothing up in a map. What the formulas mean is stated
// in verify/formula/formula_evaluation.hpp; this file is how.
//
// Beyond its shape, a compiled value carries the structure a kernel needs, whether it is written
// inline or named in [define] (naming a subexpression never changes a value):
//   - an input whose exact value the caller passes, or such an input divided by a scalar: largest
//     and the softmax Jacobian's spectral norm decide ties on the exact value;
//   - softmax of such a vector (or softmax_jacobian of it) takes one exponential per distinct exact
//     value of the input, not one per entry (verify/kernels/softmax_of_distinct.hpp), and its
//     weights are kept per class: max(i, a[i]) and min(i, a[i]) read one class's weight, and the L
//     entries are spread only where a formula reads the whole vector (Frame::Weights);
//   - a row of a matrix, m[i], is read in place by dot and norm, not copied;
//   - a vector over a scalar: softmax(l / T) is computed as softmax(l, T) where T > 0;
//   - softmax_jacobian(l, T): spectral_norm of it is the Jacobian's own kernel, whose inputs are l
//     and T (the matrix itself is not built when nothing reads its entries).
// A definition is computed where it is first read (so a Jacobian named only for its norm costs no
// L^2 matrix); one no formula reads is computed when the evaluation starts, so that where it has
// no value the evaluation fails as it would have.
// Inside sum/max/min/vec(i, e), a subexpression of e that does not read i (a vector to index, a
// norm, a definition-like factor) is computed at its first use on each entry of the loop it does
// read and kept for the rest of it: sum(i, a[i] * max(j, a[j])) costs 2L, not L^2.
#include <algorithm>
#include <bitset>
#include <cctype>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "verify/formula/formula.hpp"
#include "verify/formula/formula_value.hpp"
#include "verify/formula/partial_operation.hpp"
#include "verify/formula/vocabulary/expectations.hpp"
#include "verify/formula/vocabulary/sphere_expectations.hpp"
#include "verify/formula/vocabulary/index_sets.hpp"
#include "verify/kernels/distinct_entries.hpp"
#include "verify/formula/vocabulary/vocabulary.hpp"
#include "verify/kernels/kth_largest.hpp"
#include "verify/kernels/softmax.hpp"
#include "verify/kernels/softmax_jacobian_norm.hpp"
#include "verify/kernels/softmax_of_distinct.hpp"
#include "verify/kernels/softmax_jacobian_norm_over_box.hpp"
#include "verify/kernels/softmax_over_box.hpp"
#include "verify/kernels/spectral_norm.hpp"
#include "verify/numbers/exact.hpp"
#include "verify/numbers/is_gradient.hpp"
#include "verify/numbers/numbers.hpp"

namespace nb::formula {

// What a comparison of enclosures decides: true or false for every point of them, or neither.
enum class Decision { False, True, Undecided };

// x relation y (0 <, 1 <=, 2 >, 3 >=, 4 ==, 5 !=) for every point of the enclosures x and y,
// decided on their ends (an interval type; double and Mpfr are points), by Calcium on the sign of
// y - x (ExactReal), on the values over the box (a gradient); NaN or an unknown operand: undecided.
template <class R>
Decision decide_comparison(const R& x, const R& y, int relation) {
  if constexpr (is_gradient_v<R>) {
    return decide_comparison(x.value, y.value, relation);
  } else if constexpr (is_exact_number_v<R>) {
    if (!x.is_number() || !y.is_number()) return Decision::Undecided;
    const ExactSign s = sign_of(ExactReal(y - x));
    if (s == ExactSign::Unknown) return Decision::Undecided;
    const bool less = s == ExactSign::Positive, equal = s == ExactSign::Zero;
    const bool holds = relation == 0   ? less
                       : relation == 1 ? less || equal
                       : relation == 2 ? !less && !equal
                       : relation == 3 ? !less
                       : relation == 4 ? equal
                                       : !equal;
    return holds ? Decision::True : Decision::False;
  } else {
    const auto xl = lower_end_of(x), xh = upper_end_of(x), yl = lower_end_of(y), yh = upper_end_of(y);
    if (!(xl == xl) || !(xh == xh) || !(yl == yl) || !(yh == yh)) return Decision::Undecided;
    const auto of = [](bool certainly, bool certainly_not) {
      return certainly ? Decision::True : certainly_not ? Decision::False : Decision::Undecided;
    };
    const bool same_point = xl == xh && yl == yh && xl == yl, apart = xh < yl || yh < xl;
    switch (relation) {
      case 0: return of(xh < yl, xl >= yh);
      case 1: return of(xh <= yl, xl > yh);
      case 2: return of(xl > yh, xh <= yl);
      case 3: return of(xl >= yh, xh < yl);
      case 4: return of(same_point, apart);
      default: return of(apart, same_point);
    }
  }
}

// The storage of one evaluation: slots of each shape (inputs, definitions, literals, and the
// results of computed vectors and matrices, one each), whether each remembered value is computed,
// the loop counters, the exact values of the inputs (null: not passed) and, once asked for, the
// classes of equal entries of each exact vector input.
template <class R>
struct Frame {
  std::vector<R> scalars;
  std::vector<Vector<R>> vectors;
  std::vector<Matrix<R>> matrices;
  std::vector<char> ready;
  std::vector<std::int64_t> counters;
  std::vector<const ExactTensor*> exact;
  std::vector<std::optional<DistinctEntries>> distinct;
  ExpectationDraws expectations;  // what sampled expectations need (vocabulary/expectations.hpp)
  // What an expectation over a sphere threw in a draw loop that another's reading started (else null).
  std::vector<std::exception_ptr> failures;
  SharedWork shared_work;         // what vocabulary calls on the same arguments share (vocabulary_function.hpp)

  // Softmax weights computed in this run, each of the value of a compiled vector that reads no
  // loop counter (its address: one value per run) at a temperature (an enclosure), with the
  // unscaled norm of their Jacobian once asked for: a claim and a quantity, or two claims, that
  // take softmax of the same vector at the same temperature (T * 1 is T) compute it once.
  // Where the vector's entries repeat the classes of equal entries of an exact input, the weights
  // are kept per class (one number each), and the L entries are spread from them only when a
  // formula reads the whole vector: the largest and smallest weight read one class's.
  struct Weights {
    const void* of;
    R T;
    const DistinctEntries* classes = nullptr;  // non-null: the weights are of_class's, per class
    std::vector<R> of_class;
    Vector<R> alpha;                 // every entry's weight (where classes, once spread)
    std::optional<R> jacobian_norm;  // ||diag(alpha) - alpha alpha^T||_2

    std::size_t size() const { return classes ? classes->class_of.size() : static_cast<std::size_t>(alpha.size()); }
    const R& at(std::size_t i) const { return classes ? of_class[classes->class_of[i]] : alpha[static_cast<Eigen::Index>(i)]; }
    const Vector<R>& all() {
      if (classes && static_cast<std::size_t>(alpha.size()) != classes->class_of.size())
        alpha = spread_over_classes(of_class, *classes);
      return alpha;
    }
  };
  std::deque<Weights> weights;  // a deque: a reference to an entry outlives later entries

  // The classes of equal entries of input `input`'s exact value, or null where it is not an
  // exact vector (or input < 0).
  const DistinctEntries* distinct_of(int input) {
    if (input < 0) return nullptr;
    const auto k = static_cast<std::size_t>(input);
    if (!exact[k] || !exact[k]->is_vector()) return nullptr;
    if (!distinct[k]) distinct[k] = distinct_entries(*exact[k]);
    return &*distinct[k];
  }
};

template <class R>
struct Expr;
template <class R>
using ExprPtr = std::shared_ptr<const Expr<R>>;

// A compiled formula or subformula: its shape, the code that computes it (the one of its shape),
// the loops whose counters it reads, and its structure (above).
template <class R>
struct Expr {
  Shape shape = Shape::Scalar;
  std::string rows = "1", cols = "1";  // for messages: a number, a length's name, or "" (unknown)
  std::function<R(Frame<R>&)> scalar;
  std::function<const Vector<R>&(Frame<R>&)> vector;
  std::function<const Matrix<R>&(Frame<R>&)> matrix;
  std::bitset<kMaxFormulaHeight> loops;  // bit d: reads the counter of the loop at depth d
  bool stored = false;                   // reads a slot: nothing to save by remembering it
  // The value is input exact_input, or, with `scale`, that input times or over the scalar scale:
  // ordered as the input's exact value where scale > 0.
  int exact_input = -1;
  ExprPtr<R> scale;
  // The value is softmax of such a vector: its largest (smallest) weight is at the largest
  // (smallest) entry of input weights_of_input, where weights_scale (if any) is > 0.
  int weights_of_input = -1;
  ExprPtr<R> weights_scale;
  // The value is softmax weights: those kept in the run (Frame::Weights), or null where they are
  // not kept (the number type's enclosures do not compare, or the logits read a loop counter).
  std::function<typename Frame<R>::Weights*(Frame<R>&)> kept_weights;
  ExprPtr<R> jacobian_logits, jacobian_T;  // the value is softmax_jacobian(these)
  // The value is the vector numerator over the scalar divisor (divisor: its value once checked
  // not to be 0, as the division checks it): softmax of it, where the divisor is certainly > 0,
  // shifts the logits before dividing (verify/kernels/softmax.hpp), as softmax(l, T) does, so
  // the top term stays exp(0) = 1.
  ExprPtr<R> numerator, divisor;
  // The value is row row(frame).second of the matrix row(frame).first (m[i]): dot and norm read
  // its entries in place, not through a copy of the row.
  std::function<std::pair<const Matrix<R>*, Eigen::Index>(Frame<R>&)> row;
  // The value is a random set (an expectation's variable, vocabulary/expectation_calls.hpp): its
  // members in increasing order, which a sum over the set reads instead of scanning the vector.
  std::function<const std::vector<std::size_t>&(Frame<R>&)> members;
};

// The inputs a program reads: each name with its shape and, for messages, its rows and columns.
struct ProgramInput {
  std::string name;
  Shape shape = Shape::Scalar;
  std::string rows = "1", cols = "1";
};

// A call of a function that has no derivative kernel, met compiling for the prove gradients
// (R = Gradient<I>, verify/prove/gradient_number.hpp): the one mark of such a function, whichever
// it is (largest, sort, spectral_norm, a vocabulary function without one), so that `prove` can
// fall back to the natural form by asking the compiler rather than a list of names.
struct NoDerivativeKernel : FormulaError {
  using FormulaError::FormulaError;
};

// How a program evaluates: refusing divisors that may be 0 (binary64 intervals over the declared
// ranges), and over boxes of inputs (the kernels whose enclosure is the range over the box).
struct ProgramOptions {
  bool refuse_zero_divisors = false;
  bool over_box = false;
};

template <class R>
class Run;

template <class R, class C>
struct IndexSetCalls;  // verify/formula/vocabulary/index_set_calls.hpp
template <class R, class C>
struct ExpectationCalls;  // verify/formula/vocabulary/expectation_calls.hpp
template <class R, class C>
struct SphereExpectationCalls;  // verify/formula/vocabulary/sphere_expectation_calls.hpp
template <class R, class C>
struct PairDistanceScreen;  // verify/formula/pair_distance_screen.hpp
template <class R>
struct SphereDrawGroup;  // verify/formula/vocabulary/sphere_expectation_calls.hpp
template <class R, class C>
struct LargestRowNormCalls;  // verify/formula/vocabulary/largest_row_norm_calls.hpp

// Definitions (name, formula; each may read the inputs and the definitions before it) and
// formulas compiled for R. Throws FormulaError at the first node that names something unknown,
// has the wrong shape (where `scalars`, a formula that is not a scalar) or lengths that certainly
// differ.
template <class R>
class Program {
 public:
  Program(std::vector<ProgramInput> inputs, const std::vector<std::pair<std::string, Formula>>& definitions,
          const std::vector<const Formula*>& formulas, bool scalars, ProgramOptions options = {});
  std::size_t size() const { return formulas_.size(); }

 private:
  friend class Run<R>;
  template <class, class>
  friend struct ExpectationCalls;
  template <class, class>
  friend struct SphereExpectationCalls;
  class Compiler;
  struct Named {
    std::string name;
    ExprPtr<R> read;
    bool read_by_a_formula = false;
    int definition = -1;  // its place among the definitions, or -1 for an input
    // A definition that reads the random matrix of an expectation over a sphere: compiled where
    // an expectation's body names it, once per draw loop (sphere_expectation_calls.hpp); read is null.
    const Formula* draw_local = nullptr;
  };
  struct Slot {
    Shape shape;
    std::size_t at;
  };

  std::size_t slot(Shape s) { return s == Shape::Scalar ? scalars_++ : s == Shape::Vector ? vectors_++ : matrices_++; }

  std::vector<std::unique_ptr<const Formula>> texts_;  // the formulas the codes point into
  std::vector<std::unique_ptr<const Node>> rewritten_;  // the reductions' rewritten bodies (loop_lemmas)
  std::vector<ProgramInput> inputs_;
  std::vector<Slot> input_slots_;
  std::vector<Named> names_;
  std::vector<std::pair<std::size_t, ExactTensor>> literals_;  // scalar slot, the literal
  std::vector<ExprPtr<R>> definitions_, formulas_;
  std::vector<std::size_t> unread_definitions_;
  std::size_t scalars_ = 0, vectors_ = 0, matrices_ = 0, memos_ = 0, counters_ = 0, failures_ = 0;
  std::vector<std::shared_ptr<SphereDrawGroup<R>>> draw_groups_;
  ProgramOptions options_;
};

// One evaluation of a program: the inputs bound (in the program's order, each of its declared
// shape), the exact values of those the caller has (else null), the definitions read nowhere
// computed unless `compute_unread` is false (a check of some of the formulas, a case's
// assumptions, which the evaluation of the case follows). value(k) is formula k's value; the
// definitions are computed once per run.
template <class R>
class Run {
 public:
  Run(const Program<R>& program, std::vector<Value<R>> inputs, std::vector<const ExactTensor*> exact,
      bool compute_unread = true);
  Value<R> value(std::size_t k);
  R scalar(std::size_t k) { return program_.formulas_[k]->scalar(frame_); }
  ExpectationDraws& expectations() { return frame_.expectations; }
  // Computes every definition (in order), so that one without a value throws here.
  void define_all();

 private:
  const Program<R>& program_;
  Frame<R> frame_;
};

// ---------------------------------------------------------------------------------------------

template <class R>
class Program<R>::Compiler {
  template <class, class>
  friend struct IndexSetCalls;
  template <class, class>
  friend struct ExpectationCalls;
  template <class, class>
  friend struct SphereExpectationCalls;
  template <class, class>
  friend struct PairDistanceScreen;
  template <class, class>
  friend struct LargestRowNormCalls;

 public:
  Compiler(Program& p, const Formula& f) : p_(p), f_(f) {}

  ExprPtr<R> compile(const Node& n) {
    ExprPtr<R> e = node(n);
    return remembered(std::move(e));
  }

  [[noreturn]] void fail(const Node& n, const std::string& what) const {
    throw FormulaError(what, f_.text, n.position, f_.origin);
  }

  // The call n of `function`, compiled for the prove gradients, which it has no kernel for.
  [[noreturn]] void no_derivative_kernel(const Node& n, const std::string& function) const {
    throw NoDerivativeKernel(function + " has no derivative kernel", f_.text, n.position, f_.origin);
  }

  static std::string shape_text(const Expr<R>& e) {
    if (e.shape == Shape::Scalar) return "a scalar";
    if (e.shape == Shape::Vector) return e.rows.empty() ? "a vector" : "a vector of length " + e.rows;
    return e.rows.empty() || e.cols.empty() ? "a matrix" : "a " + e.rows + " x " + e.cols + " matrix";
  }

  ExprPtr<R> of_shape(const Node& n, Shape s) {
    ExprPtr<R> e = compile(n);
    if (e->shape != s)
      fail(n, std::string("a ") + (s == Shape::Scalar ? "scalar" : s == Shape::Vector ? "vector" : "matrix") +
                  " is needed here, not " + shape_text(*e));
    return e;
  }

 private:
  using E = Expr<R>;
  using Code = std::function<R(Frame<R>&)>;
  using IndexCode = std::function<std::int64_t(const Frame<R>&)>;

  // An index loop being compiled: its variable, where its counter is, the extents of what its
  // variable indexes (checked equal when the loop starts) and the values it remembers.
  struct Loop {
    std::string var;
    std::size_t counter;
    std::vector<std::pair<const Node*, std::function<std::size_t(Frame<R>&)>>> extents;
    std::vector<std::string> lengths;  // of the extents, as far as known before a case
    std::vector<std::size_t> memos;
    ExprPtr<R> set;  // the value of a random set's variable (an expectation's), which is no index
  };

  // A value computed once per entry of the outermost loop whose counter it reads (see the top):
  // every non-stored subexpression of a loop's body that does not read that loop's counter.
  ExprPtr<R> remembered(ExprPtr<R> e) {
    if (e->stored || loops_.empty()) return e;
    int deepest = -1;
    for (std::size_t d = 0; d < loops_.size(); ++d)
      if (e->loops.test(d)) deepest = static_cast<int>(d);
    if (deepest == static_cast<int>(loops_.size()) - 1) return e;
    const std::size_t memo = p_.memos_++;
    loops_[static_cast<std::size_t>(deepest + 1)].memos.push_back(memo);
    return memo_of(std::move(e), memo);
  }

  // e's value kept in a slot of its own once memo is set. It is computed where it is first needed,
  // possibly inside a claim's loops: every loop has a counter of its own, so that moves none of theirs.
  ExprPtr<R> memo_of(ExprPtr<R> e, std::size_t memo) {
    auto out = std::make_shared<E>(*e);
    out->stored = true;
    out->row = nullptr;  // read from the slot: an in-place read would compute the matrix again
    const std::size_t at = p_.slot(e->shape);
    if (e->shape == Shape::Scalar)
      out->scalar = [e, memo, at](Frame<R>& f) -> R {
        if (!f.ready[memo]) {
          f.scalars[at] = e->scalar(f);
          f.ready[memo] = 1;
        }
        return f.scalars[at];
      };
    else if (e->shape == Shape::Vector)
      out->vector = [e, memo, at](Frame<R>& f) -> const Vector<R>& {
        if (!f.ready[memo]) {
          f.vectors[at] = e->vector(f);
          f.ready[memo] = 1;
        }
        return f.vectors[at];
      };
    else
      out->matrix = [e, memo, at](Frame<R>& f) -> const Matrix<R>& {
        if (!f.ready[memo]) {
          f.matrices[at] = e->matrix(f);
          f.ready[memo] = 1;
        }
        return f.matrices[at];
      };
    return out;
  }

 public:
  ExprPtr<R> remembered_definition(ExprPtr<R> e) { return memo_of(std::move(e), p_.memos_++); }

 private:
  ExprPtr<R> node(const Node& n) {
    using K = Node::Kind;
    switch (n.kind) {
      case K::Number: return number(n);
      case K::Name: return name(n);
      case K::Negate: return map(compile(n.args[0]), [](const R& x) { return R(-x); });
      case K::Add: return combine(n, [](const R& x, const R& y) { return R(x + y); });
      case K::Subtract: return combine(n, [](const R& x, const R& y) { return R(x - y); });
      case K::Multiply: return multiply(n);
      case K::Divide: return divide(n);
      case K::Power: return power(n);
      case K::Index: return entry(n);
      case K::Call: return call(n);
      case K::Compare:
        fail(n, "a comparison is a condition: it has a value only inside indicator(...), count(i, ...) or where(...)");
    }
    fail(n, "unknown node");
  }

  ExprPtr<R> number(const Node& n) {
    const std::size_t at = p_.slot(Shape::Scalar);
    p_.literals_.emplace_back(at, ExactTensor::literal(n.text));
    auto e = std::make_shared<E>();
    e->stored = true;
    e->scalar = [at](Frame<R>& f) { return f.scalars[at]; };
    return e;
  }

  ExprPtr<R> name(const Node& n) {
    for (std::size_t d = loops_.size(); d-- > 0;)
      if (loops_[d].var == n.text) {
        if (loops_[d].set) return loops_[d].set;
        auto e = std::make_shared<E>();
        e->loops.set(d);
        e->stored = true;
        const std::size_t counter = loops_[d].counter;
        e->scalar = [counter](Frame<R>& f) { return R(f.counters[counter]); };
        return e;
      }
    for (Named& named : p_.names_)
      if (named.name == n.text) {
        named.read_by_a_formula = true;
        if (named.draw_local) return SphereExpectationCalls<R, Compiler>::draw_local(*this, n, named);
        return named.read;
      }
    std::vector<std::string> names;
    for (const Named& named : p_.names_) names.push_back(named.name);
    std::sort(names.begin(), names.end());
    std::string known;
    for (const std::string& name : names) known += (known.empty() ? "" : ", ") + name;
    fail(n, "unknown name '" + n.text + "' (known: " + (known.empty() ? "none" : known) + ")");
  }

  // Where a partial operation is and what it is: apply(x) is applied where x is certainly in domain
  // `d` (partial_operation.hpp). The OutsideDomain message names `what`, the column and the
  // formula (not its file: it goes into results, which hold no machine paths); where the program
  // refuses divisors that may be 0 (the declared ranges), an argument certainly outside the domain
  // for every input is the file's mistake.
  struct Partial {
    const Node* at;
    const Formula* f;
    Domain d;
    const char* what;
    bool refuse;
    template <class Apply>
    R operator()(const R& x, Apply apply) const {
      const auto place = [&] {
        return std::string(what) + " at column " + std::to_string(at->position + 1) + " of '" + f->text + "'";
      };
      try {
        return partial(x, d, place, apply);
      } catch (const OutsideDomain& e) {
        if (refuse)
          throw FormulaError(std::string(e.what()) + " for any input in the declared ranges", f->text, at->position,
                             f->origin);
        throw;
      }
    }
  };
  Partial partial_at(const Node& n, Domain d, const char* what) const {
    return Partial{&n, &f_, d, what, p_.options_.refuse_zero_divisors};
  }

  // op of every entry of e's value (of a scalar, of itself).
  template <class Op>
  ExprPtr<R> map(ExprPtr<R> x, Op op) {
    auto e = std::make_shared<E>(E{x->shape, x->rows, x->cols});
    e->loops = x->loops;
    if (x->shape == Shape::Scalar) {
      e->scalar = [x, op](Frame<R>& f) { return R(op(x->scalar(f))); };
    } else if (x->shape == Shape::Vector) {
      const std::size_t at = p_.slot(Shape::Vector);
      e->vector = [x, op, at](Frame<R>& f) -> const Vector<R>& {
        const Vector<R>& v = x->vector(f);
        Vector<R>& out = f.vectors[at];
        out.resize(v.size());
        for (Eigen::Index k = 0; k < v.size(); ++k) out[k] = op(v[k]);
        return out;
      };
    } else {
      const std::size_t at = p_.slot(Shape::Matrix);
      e->matrix = [x, op, at](Frame<R>& f) -> const Matrix<R>& {
        const Matrix<R>& m = x->matrix(f);
        Matrix<R>& out = f.matrices[at];
        out.resize(m.rows(), m.cols());
        for (Eigen::Index k = 0; k < m.size(); ++k) out(k) = op(m(k));
        return out;
      };
    }
    return e;
  }

  // Throws at `divisor` if an entry of its value `x` may be 0 (an enclosure holding 0, or
  // unknown): where the program refuses such divisors, for binary64 intervals.
  static void refuse_zero(const Node* divisor, const Formula* f, const R& x) {
    if constexpr (std::is_same_v<R, DoubleInterval>) {
      if (lower_end_of(x) > 0 || upper_end_of(x) < 0) return;
      std::ostringstream range;
      range << "[" << lower_end_of(x) << ", " << upper_end_of(x) << "]";
      throw FormulaError("this divisor may be 0 for inputs in their declared ranges (it lies in " + range.str() +
                             "): state what keeps it away from 0 (positive = true on an input, a range without 0, or an [[assume]])",
                         f->text, divisor->position, f->origin);
    }
  }

  ExprPtr<R> divide(const Node& n) {
    const Partial nonzero = partial_at(n, Domain::NonZero, "a division");
    const Node* divisor = &n.args[1];
    const Formula* f = &f_;
    const bool refuse = p_.options_.refuse_zero_divisors;
    const ExprPtr<R> a = compile(n.args[0]), b = compile(n.args[1]);
    ExprPtr<R> e = combine(n, a, b, [nonzero, divisor, f, refuse](const R& x, const R& y) -> R {
      if (refuse) refuse_zero(divisor, f, y);
      return nonzero(y, [&](const R& d) { return R(x / d); });
    });
    if (a->shape == Shape::Vector && b->shape == Shape::Scalar) {
      auto quotient = std::make_shared<E>(*e);
      quotient->numerator = a;
      quotient->divisor = scalar_of(b, [b, nonzero, divisor, f, refuse](Frame<R>& fr) -> R {
        const R y = b->scalar(fr);
        if (refuse) refuse_zero(divisor, f, y);
        return nonzero(y, [](const R& d) { return d; });
      });
      e = std::move(quotient);
    }
    return scaled(std::move(e), a, b);
  }

  // e = v / s or v * s (or s * v) for v an input with an exact value and a scalar s: ordered as v
  // is where s > 0.
  static ExprPtr<R> scaled(ExprPtr<R> e, const ExprPtr<R>& v, const ExprPtr<R>& s) {
    if (e->shape != Shape::Vector || v->exact_input < 0 || v->scale || s->shape != Shape::Scalar) return e;
    auto ordered = std::make_shared<E>(*e);
    ordered->exact_input = v->exact_input;
    ordered->scale = s;
    return ordered;
  }

  ExprPtr<R> multiply(const Node& n) {
    const ExprPtr<R> a = compile(n.args[0]), b = compile(n.args[1]);
    const auto times = [](const R& x, const R& y) { return R(x * y); };
    // s (v / t) as v (s / t): one division and L products, not L divisions and L products (the
    // same real number; t is the quotient's divisor, already checked as the division checks it).
    const ExprPtr<R>& s = a->shape == Shape::Scalar ? a : b;
    const ExprPtr<R>& quotient = a->shape == Shape::Scalar ? b : a;
    if (s->shape == Shape::Scalar && quotient->numerator) {
      const ExprPtr<R> ratio = combine(n, s, quotient->divisor, [](const R& x, const R& t) { return R(x / t); });
      return combine(n, quotient->numerator, ratio, times);
    }
    ExprPtr<R> e = combine(n, a, b, times);
    return a->shape == Shape::Scalar ? scaled(std::move(e), b, a) : scaled(std::move(e), a, b);
  }

  // op entry by entry of two values of one shape, or of a scalar and each entry of the other.
  template <class Op>
  ExprPtr<R> combine(const Node& n, Op op) {
    ExprPtr<R> a = compile(n.args[0]);  // in the order written: which mismatch a message names
    return combine(n, std::move(a), compile(n.args[1]), op);
  }
  template <class Op>
  ExprPtr<R> combine(const Node& n, ExprPtr<R> a, ExprPtr<R> b, Op op) {
    if (a->shape == Shape::Scalar && b->shape == Shape::Scalar) {
      auto e = std::make_shared<E>();
      e->loops = a->loops | b->loops;
      e->scalar = [a, b, op](Frame<R>& f) {
        const R x = a->scalar(f);
        return R(op(x, b->scalar(f)));
      };
      return e;
    }
    if (a->shape == Shape::Scalar) return with_scalar(b, a, [op](const R& e, const R& s) { return op(s, e); });
    if (b->shape == Shape::Scalar) return with_scalar(a, b, op);
    const auto certainly_differ = [](const std::string& x, const std::string& y) {
      return is_number(x) && is_number(y) && x != y;
    };
    if (a->shape != b->shape || certainly_differ(a->rows, b->rows) || certainly_differ(a->cols, b->cols))
      fail(n, "the operands are " + shape_text(*a) + " and " + shape_text(*b));
    auto e = std::make_shared<E>(E{a->shape, a->rows, a->cols});
    e->loops = a->loops | b->loops;
    const Node* at_node = &n;
    const Formula* f = &f_;
    const auto mismatch = [at_node, f](const std::string& x, const std::string& y) {
      throw FormulaError("the operands are " + x + " and " + y, f->text, at_node->position, f->origin);
    };
    if (a->shape == Shape::Vector) {
      const std::size_t at = p_.slot(Shape::Vector);
      e->vector = [a, b, op, at, mismatch](Frame<R>& f) -> const Vector<R>& {
        const Vector<R>& x = a->vector(f);
        const Vector<R>& y = b->vector(f);
        if (x.size() != y.size()) mismatch(shape_of(Value<R>(x)), shape_of(Value<R>(y)));
        Vector<R>& out = f.vectors[at];
        out.resize(x.size());
        for (Eigen::Index k = 0; k < x.size(); ++k) out[k] = op(x[k], y[k]);
        return out;
      };
    } else {
      const std::size_t at = p_.slot(Shape::Matrix);
      e->matrix = [a, b, op, at, mismatch](Frame<R>& f) -> const Matrix<R>& {
        const Matrix<R>& x = a->matrix(f);
        const Matrix<R>& y = b->matrix(f);
        if (x.rows() != y.rows() || x.cols() != y.cols()) mismatch(shape_of(Value<R>(x)), shape_of(Value<R>(y)));
        Matrix<R>& out = f.matrices[at];
        out.resize(x.rows(), x.cols());
        for (Eigen::Index k = 0; k < x.size(); ++k) out(k) = op(x(k), y(k));
        return out;
      };
    }
    return e;
  }

  // op(entry, s) for each entry of a vector or matrix and a scalar s (computed first).
  template <class Op>
  ExprPtr<R> with_scalar(ExprPtr<R> v, ExprPtr<R> s, Op op) {
    auto e = std::make_shared<E>(E{v->shape, v->rows, v->cols});
    e->loops = v->loops | s->loops;
    if (v->shape == Shape::Vector) {
      const std::size_t at = p_.slot(Shape::Vector);
      e->vector = [v, s, op, at](Frame<R>& f) -> const Vector<R>& {
        const R y = s->scalar(f);
        const Vector<R>& x = v->vector(f);
        Vector<R>& out = f.vectors[at];
        out.resize(x.size());
        for (Eigen::Index k = 0; k < x.size(); ++k) out[k] = op(x[k], y);
        return out;
      };
    } else {
      const std::size_t at = p_.slot(Shape::Matrix);
      e->matrix = [v, s, op, at](Frame<R>& f) -> const Matrix<R>& {
        const R y = s->scalar(f);
        const Matrix<R>& x = v->matrix(f);
        Matrix<R>& out = f.matrices[at];
        out.resize(x.rows(), x.cols());
        for (Eigen::Index k = 0; k < x.size(); ++k) out(k) = op(x(k), y);
        return out;
      };
    }
    return e;
  }

  // The value of a literal that is an integer up to 10^9 (2, 2.0, 1e2), else none: such an exponent
  // is repeated products, which, unlike exp(y log x), are defined for x < 0.
  static std::optional<std::int64_t> integer_literal(const Node& n) {
    if (n.kind != Node::Kind::Number) return std::nullopt;
    const Rational q = ExactTensor::literal(n.text).exact(0);
    if (denominator(q) != 1 || q > Rational(1000000000)) return std::nullopt;
    return static_cast<std::int64_t>(numerator(q).template convert_to<long long>());
  }

  ExprPtr<R> power(const Node& n) {
    const Node& e = n.args[1];
    const bool negative = e.kind == Node::Kind::Negate;
    const Node& magnitude = negative ? e.args[0] : e;
    if (const std::optional<std::int64_t> exponent = integer_literal(magnitude)) {
      const std::int64_t k = *exponent;
      const Partial inverse = partial_at(n, Domain::NonZero, "a negative power");
      const Node* at = &n;
      const Formula* f = &f_;
      const bool refuse = p_.options_.refuse_zero_divisors;
      return map(compile(n.args[0]), [k, negative, inverse, at, f, refuse](const R& x) -> R {
        using std::abs;
        // x^0 is 1 only where x has a value: an unknown x (an operation that may be undefined on
        // the box) leaves it unknown, which the products below do for every other exponent.
        if (k == 0 && is_unknown_value(x)) return x;
        // An even power of an interval around 0 is >= 0: from |x|, not from x (x * x of [-1, 2] is [-2, 4]).
        R base = k % 2 == 0 ? R(abs(x)) : x;
        R p = R(1);
        // By squaring: x^999999999 takes 60 products, not a billion.
        for (std::int64_t left = k; left > 0; left /= 2) {
          if (left % 2 == 1) p *= base;
          if (left > 1) base *= base;
        }
        if (k % 2 == 0) p = at_least_zero(p);
        if (!negative) return p;
        if (refuse) refuse_zero(at, f, p);  // x^-k is 1 / x^k
        return inverse(p, [](const R& d) { return R(R(1) / d); });
      });
    }
    const ExprPtr<R> y = of_shape(e, Shape::Scalar);
    const ExprPtr<R> x = compile(n.args[0]);
    const Partial positive = partial_at(n, Domain::Positive, "a power exp(y log x)");
    // y first, then x, as the entries are mapped.
    auto out = std::make_shared<E>(E{x->shape, x->rows, x->cols});
    out->loops = x->loops | y->loops;
    const auto raise = [positive](const R& x, const R& y) -> R {
      return positive(x, [&](const R& b) {
        using std::exp;
        using std::log;
        return R(exp(y * log(b)));
      });
    };
    if (x->shape == Shape::Scalar) {
      out->scalar = [x, y, raise](Frame<R>& f) {
        const R p = y->scalar(f);
        return raise(x->scalar(f), p);
      };
      return out;
    }
    const std::size_t at = p_.slot(x->shape);
    if (x->shape == Shape::Vector)
      out->vector = [x, y, raise, at](Frame<R>& f) -> const Vector<R>& {
        const R p = y->scalar(f);
        const Vector<R>& v = x->vector(f);
        Vector<R>& o = f.vectors[at];
        o.resize(v.size());
        for (Eigen::Index k = 0; k < v.size(); ++k) o[k] = raise(v[k], p);
        return o;
      };
    else
      out->matrix = [x, y, raise, at](Frame<R>& f) -> const Matrix<R>& {
        const R p = y->scalar(f);
        const Matrix<R>& m = x->matrix(f);
        Matrix<R>& o = f.matrices[at];
        o.resize(m.rows(), m.cols());
        for (Eigen::Index k = 0; k < m.size(); ++k) o(k) = raise(m(k), p);
        return o;
      };
    return out;
  }

  // --- indices -------------------------------------------------------------------------------

  // The loop whose variable `n` names, innermost first, or -1.
  int loop_of(const Node& n) const {
    if (n.kind != Node::Kind::Name) return -1;
    for (std::size_t d = loops_.size(); d-- > 0;)
      if (loops_[d].var == n.text) return static_cast<int>(d);
    return -1;
  }

  // Whether `n` is a name that nothing binds yet: neither an enclosing loop's variable nor a value
  // of the program (an input or a definition), so that a call may bind it (sum(i, e), the random
  // set of an expectation).
  bool new_name(const Node& n) const { return n.kind == Node::Kind::Name && loop_of(n) < 0 && !names_a_value(n.text); }

  // Whether `name` is a value of the program: an input or a definition.
  bool names_a_value(const std::string& name) const {
    return std::any_of(p_.names_.begin(), p_.names_.end(), [&](const Named& named) { return named.name == name; });
  }

  // An index: the variable of an enclosing loop, an integer literal, or a sum or difference of
  // them (v[0], v[i + 1], K[i][j - 1]).
  IndexCode index_code(const Node& n, std::bitset<kMaxFormulaHeight>& loops) const {
    if (const int d = loop_of(n); d >= 0 && !loops_[static_cast<std::size_t>(d)].set) {
      loops.set(static_cast<std::size_t>(d));
      const std::size_t counter = loops_[static_cast<std::size_t>(d)].counter;
      return [counter](const Frame<R>& f) { return f.counters[counter]; };
    }
    if (n.kind == Node::Kind::Number && n.text.find_first_not_of("0123456789") == std::string::npos &&
        n.text.size() <= 9) {
      const std::int64_t k = std::stoll(n.text);
      return [k](const Frame<R>&) { return k; };
    }
    if (n.kind == Node::Kind::Add || n.kind == Node::Kind::Subtract) {
      const IndexCode a = index_code(n.args[0], loops), b = index_code(n.args[1], loops);
      if (n.kind == Node::Kind::Add) return [a, b](const Frame<R>& f) { return a(f) + b(f); };
      return [a, b](const Frame<R>& f) { return a(f) - b(f); };
    }
    fail(n, "an index must be the variable of an enclosing sum, max, min or vec, an integer (at most 9 digits), "
            "or a sum or difference of them");
  }

  // Registers `extent` as a length the loop of index `index` (if a plain loop variable) runs over.
  // Lengths that are numbers and differ fail here; the others are compared when the loop starts.
  void runs_over(const Node& index, const Node& indexed, const std::bitset<kMaxFormulaHeight>& base_loops,
                 const std::string& length, std::function<std::size_t(Frame<R>&)> extent) {
    const int d = loop_of(index);
    if (d < 0 || !registers_extents_) return;
    if (base_loops.test(static_cast<std::size_t>(d)))
      fail(indexed, "the length " + index.text + " runs over depends on " + index.text);
    Loop& loop = loops_[static_cast<std::size_t>(d)];
    for (const std::string& other : loop.lengths)
      if (is_number(other) && is_number(length) && other != length)
        fail(indexed, index.text + " runs over vectors of lengths " + other + " and " + length);
    loop.extents.emplace_back(&indexed, std::move(extent));
    loop.lengths.push_back(length);
  }

  static bool is_number(const std::string& length) {
    return !length.empty() && std::isdigit(static_cast<unsigned char>(length[0]));
  }

  // Throws at `n` unless 0 <= i < extent.
  static void within(const Node* n, const Formula* f, std::int64_t i, std::size_t extent, const char* of) {
    if (i >= 0 && static_cast<std::size_t>(i) < extent) return;
    const std::string index = n->args[1].kind == Node::Kind::Name ? n->args[1].text + " = " : "";
    throw FormulaError("index " + index + std::to_string(i) + " is outside the " + of + " " +
                           std::to_string(extent),
                       f->text, n->position, f->origin);
  }

  ExprPtr<R> entry(const Node& n) {
    const Node& base = n.args[0];
    const Formula* f = &f_;
    const Node* at = &n;
    // K[r][i] read in place, not through a copy of row r.
    if (base.kind == Node::Kind::Index) {
      ExprPtr<R> m = compile(base.args[0]);
      if (m->shape == Shape::Matrix) {
        auto e = std::make_shared<E>();
        const IndexCode r = index_code(base.args[1], e->loops);
        const IndexCode i = index_code(n.args[1], e->loops);
        // The columns first: K[i][i] runs over K's columns and rows, in that order.
        runs_over(n.args[1], base, m->loops, m->cols,
                  [m](Frame<R>& fr) { return static_cast<std::size_t>(m->matrix(fr).cols()); });
        runs_over(base.args[1], base.args[0], m->loops, m->rows,
                  [m](Frame<R>& fr) { return static_cast<std::size_t>(m->matrix(fr).rows()); });
        e->loops |= m->loops;
        const Node* row_at = &base;
        e->scalar = [m, r, i, f, at, row_at](Frame<R>& fr) -> R {
          const Matrix<R>& x = m->matrix(fr);
          const std::int64_t row = r(fr), col = i(fr);
          within(row_at, f, row, static_cast<std::size_t>(x.rows()), "matrix's rows");
          within(at, f, col, static_cast<std::size_t>(x.cols()), "matrix's columns");
          return x(static_cast<Eigen::Index>(row), static_cast<Eigen::Index>(col));
        };
        return e;
      }
    }
    ExprPtr<R> v = compile(base);
    if (v->shape == Shape::Scalar) fail(base, "a vector or a matrix is needed here, not a scalar");
    auto e = std::make_shared<E>();
    const IndexCode i = index_code(n.args[1], e->loops);
    e->loops |= v->loops;
    if (v->shape == Shape::Vector) {
      runs_over(n.args[1], base, v->loops, v->rows,
                [v](Frame<R>& fr) { return static_cast<std::size_t>(v->vector(fr).size()); });
      e->scalar = [v, i, f, at](Frame<R>& fr) -> R {
        const Vector<R>& x = v->vector(fr);
        const std::int64_t k = i(fr);
        within(at, f, k, static_cast<std::size_t>(x.size()), "vector's length");
        return x[static_cast<Eigen::Index>(k)];
      };
      return e;
    }
    runs_over(n.args[1], base, v->loops, v->rows,
              [v](Frame<R>& fr) { return static_cast<std::size_t>(v->matrix(fr).rows()); });
    e->shape = Shape::Vector;
    e->rows = v->cols;
    const std::size_t slot = p_.slot(Shape::Vector);
    e->row = [v, i, f, at](Frame<R>& fr) -> std::pair<const Matrix<R>*, Eigen::Index> {
      const Matrix<R>& x = v->matrix(fr);
      const std::int64_t k = i(fr);
      within(at, f, k, static_cast<std::size_t>(x.rows()), "matrix's rows");
      return {&x, static_cast<Eigen::Index>(k)};
    };
    e->vector = [row = e->row, slot](Frame<R>& fr) -> const Vector<R>& {
      const auto [x, k] = row(fr);
      return fr.vectors[slot] = x->row(k).transpose();
    };
    return e;
  }

  // --- conditions ----------------------------------------------------------------------------

  using Condition = std::function<Decision(Frame<R>&)>;

  // The comparison `n` (a Compare node) of two scalars: decided on the enclosures' ends (an
  // interval type, the value of a gradient), on the points (double, Mpfr), or by Calcium on the
  // sign of the difference (ExactReal); an unknown operand leaves it undecided.
  Condition condition(const Node& n, std::bitset<kMaxFormulaHeight>& loops) {
    if (n.kind != Node::Kind::Compare)
      fail(n, "a condition is needed here: a comparison such as a < b (<, <=, >, >=, ==, !=)");
    const ExprPtr<R> a = of_shape(n.args[0], Shape::Scalar), b = of_shape(n.args[1], Shape::Scalar);
    loops |= a->loops | b->loops;
    const std::string r = n.text;
    // x < y (strict) or x <= y for every point: on the ends, lo(x) and hi(x) against lo(y), hi(y).
    const int relation = r == "<" ? 0 : r == "<=" ? 1 : r == ">" ? 2 : r == ">=" ? 3 : r == "==" ? 4 : 5;
    return [a, b, relation](Frame<R>& f) -> Decision {
      const R x = a->scalar(f);
      const R y = b->scalar(f);
      return decide_comparison(x, y, relation);
    };
  }

  // The value of an undecided indicator: [0, 1] for an interval type, else unknown.
  static R undecided_value(const std::string& what) {
    if constexpr (is_interval_v<R>) return between(decltype(lower_end_of(R()))(0), decltype(lower_end_of(R()))(1));
    else if constexpr (is_exact_number_v<R>) return R::unknown("Calcium could not decide " + what);
    else if constexpr (is_gradient_v<R>) return unknown_like(R(0));
    else return not_a_number<R>();
  }

  // indicator(c): 1 where c holds, 0 where it does not, [0, 1] where the enclosures do not decide.
  ExprPtr<R> indicator(const Node& c) {
    auto e = std::make_shared<E>();
    const Condition holds = condition(c, e->loops);
    const Formula* f = &f_;
    const Node* at = &c;
    e->scalar = [holds, f, at](Frame<R>& fr) -> R {
      switch (holds(fr)) {
        case Decision::True: return R(1);
        case Decision::False: return R(0);
        case Decision::Undecided: break;
      }
      return undecided_value(comparison_words(f, at));
    };
    return e;
  }

  // What an undecided comparison is named by: "the comparison at column C of 'FORMULA'".
  static std::string comparison_words(const Formula* f, const Node* at) {
    return "the comparison at column " + std::to_string(at->position + 1) + " of '" + f->text + "'";
  }

  // where(c, a, b) where the enclosures do not decide c: the hull of a and b for an interval type,
  // else unknown naming the comparison (f and at are read only then).
  static R undecided_where(const R& x, const R& y, [[maybe_unused]] const Formula* f, [[maybe_unused]] const Node* at) {
    if constexpr (is_interval_v<R>) {
      if (is_unknown_value(x) || is_unknown_value(y)) return not_a_number<R>();
      const auto lo = lower_end_of(x) < lower_end_of(y) ? lower_end_of(x) : lower_end_of(y);
      const auto hi = upper_end_of(x) > upper_end_of(y) ? upper_end_of(x) : upper_end_of(y);
      return between(lo, hi);
    } else {
      return undecided_value(comparison_words(f, at));
    }
  }

  // where(c, a, b): a where c holds, b where it does not (only that one computed), and where the
  // enclosures do not decide, the hull of both for an interval type (else unknown).
  ExprPtr<R> where(const Node& n) {
    arity(n, 3);
    auto e = std::make_shared<E>();
    const Condition holds = condition(n.args[0], e->loops);
    const ExprPtr<R> a = of_shape(n.args[1], Shape::Scalar), b = of_shape(n.args[2], Shape::Scalar);
    e->loops |= a->loops | b->loops;
    const Formula* f = &f_;
    const Node* at = &n.args[0];
    e->scalar = [holds, a, b, f, at](Frame<R>& fr) -> R {
      switch (holds(fr)) {
        case Decision::True: return a->scalar(fr);
        case Decision::False: return b->scalar(fr);
        case Decision::Undecided: break;
      }
      return undecided_where(a->scalar(fr), b->scalar(fr), f, at);
    };
    return e;
  }

  // --- calls ---------------------------------------------------------------------------------

  void arity(const Node& n, std::size_t count) const {
    if (n.args.size() != count)
      fail(n, n.text + " takes " + std::to_string(count) + " argument" + (count == 1 ? "" : "s") + ", not " +
                  std::to_string(n.args.size()));
  }

  // sum/max/min/vec(i, e) when the first argument names no value: an index form.
  bool index_form(const Node& n) const {
    const bool over_a_set = n.args.size() == 3 && n.text != "vec";  // op(i, S, e)
    return (n.args.size() == 2 || over_a_set) && new_name(n.args[0]);
  }

  // max(i, a[i]) and min(i, a[i]) of softmax weights a of an input with an exact value (see
  // Expr::weights_of_input): the weight at the input's largest (smallest) exact entry, which
  // softmax's monotonicity makes the largest (smallest) weight; L comparisons of exact numbers
  // (or of rationals) are not made. Null where the form does not apply.
  ExprPtr<R> extreme_weight(const Node& n) {
    const Node& body = n.args[1];
    if ((n.text != "max" && n.text != "min") || body.kind != Node::Kind::Index || body.args[1].kind != Node::Kind::Name ||
        body.args[1].text != n.args[0].text || body.args[0].kind != Node::Kind::Name || loop_of(body.args[0]) >= 0)
      return nullptr;
    const auto named = std::find_if(p_.names_.begin(), p_.names_.end(),
                                    [&](const Named& x) { return x.name == body.args[0].text; });
    if (named == p_.names_.end() || !named->read || named->read->weights_of_input < 0) return nullptr;
    named->read_by_a_formula = true;
    const ExprPtr<R> a = named->read;
    const int input = a->weights_of_input;
    const ExprPtr<R> scale = a->weights_scale;
    const bool largest = n.text == "max";
    const ExprPtr<R> fallback = reduce(n, false);
    auto e = std::make_shared<E>();
    e->loops = fallback->loops;
    e->scalar = [a, input, scale, largest, fallback](Frame<R>& fr) -> R {
      const ExactTensor* exact = fr.exact[static_cast<std::size_t>(input)];
      if (!exact || !exact->is_vector() || (scale && !certainly_positive(scale->scalar(fr)))) return fallback->scalar(fr);
      // The run's kept weights where they are kept (one class's weight, no vector of L), else the vector.
      typename Frame<R>::Weights* kept = a->kept_weights ? a->kept_weights(fr) : nullptr;
      const Vector<R>* weights = kept ? nullptr : &a->vector(fr);
      if ((kept ? kept->size() : static_cast<std::size_t>(weights->size())) != exact->size()) return fallback->scalar(fr);
      // Where the weights are per class, one entry of each class is compared (K, not L).
      const std::vector<std::size_t>* firsts = kept && kept->classes ? &kept->classes->first : nullptr;
      const std::size_t count = firsts ? firsts->size() : exact->size();
      const auto entry = [firsts](std::size_t k) { return firsts ? (*firsts)[k] : k; };
      std::size_t at = entry(0);
      if (exact->all_dyadic()) {  // the doubles are the exact values
        for (std::size_t k = 1; k < count; ++k)
          if (const std::size_t i = entry(k); largest ? exact->approx(i) > exact->approx(at) : exact->approx(i) < exact->approx(at)) at = i;
      } else {
        Rational best = exact->exact(at);
        for (std::size_t k = 1; k < count; ++k) {
          const std::size_t i = entry(k);
          const Rational x = exact->exact(i);
          if (largest ? x > best : x < best) {
            best = x;
            at = i;
          }
        }
      }
      return kept ? kept->at(at) : (*weights)[static_cast<Eigen::Index>(at)];
    };
    return e;
  }

  // --- loop lemmas --------------------------------------------------------------------------
  // A reduction op(j, b) (sum, max, min) whose body b reads the loop's counter only in part is
  // computed in O(L), not O(L) per entry of an enclosing loop, by identities that hold for every
  // real value of the operands (so each evaluation encloses the same number; interval widths may
  // differ, never the value):
  //   factor:  op(j, |A B_j|) = |A| op(j, |B_j|);  sum(j, A B_j) = A sum(j, B_j);
  //            sum(j, (A B_j)^k) = A^k sum(j, B_j^k)  (k an integer literal >= 1)
  //            where A does not read j (|A| >= 0 commutes with max and min);
  //   delta:   op(j, b(j, delta(i, j))) = op(op over j != i of b(j, 0), b(i, 1))  for i the
  //            counter of an enclosing loop, where b(j, 0) does not read i: the terms b(j, 0) and
  //            op over all of them but one (prefix and suffix, no difference) are computed once
  //            per run of the loop of i, not once per i.
  // They apply to the formulas as written and to the parts of them that read j, which are inline
  // (a definition reads no loop counter): naming a subexpression that does not read j gives the
  // same rewriting.

  // Whether the tree `n` names `var` (as a value, an index or a loop variable).
  static bool mentions(const Node& n, const std::string& var) {
    if (n.kind == Node::Kind::Name && n.text == var) return true;
    return std::any_of(n.args.begin(), n.args.end(), [&](const Node& a) { return mentions(a, var); });
  }

  // Whether `n` holds a reduction (an index form: its loop variable would have to be followed).
  bool holds_a_loop(const Node& n) const {
    if (n.kind == Node::Kind::Call && (n.text == "sum" || n.text == "vec" || n.text == "max" || n.text == "min" || n.text == "count") &&
        n.args.size() == 2 && n.args[0].kind == Node::Kind::Name)
      return true;
    return std::any_of(n.args.begin(), n.args.end(), [&](const Node& a) { return holds_a_loop(a); });
  }

  const Node& keep(Node n) {
    p_.rewritten_.push_back(std::make_unique<const Node>(std::move(n)));
    return *p_.rewritten_.back();
  }
  static Node call_of(const std::string& f, std::vector<Node> args, std::size_t position) {
    return Node{Node::Kind::Call, f, std::move(args), position};
  }
  static Node name_of(const std::string& name, std::size_t position) { return Node{Node::Kind::Name, name, {}, position}; }

  // The factor lemma on op(j, b) (see above), or null.
  ExprPtr<R> factored(const Node& n) {
    const std::string& op = n.text;
    const std::string& j = n.args[0].text;
    const Node& b = n.args[1];
    const std::size_t at = b.position;
    const bool abs_form = b.kind == Node::Kind::Call && b.text == "abs" && b.args.size() == 1 &&
                          b.args[0].kind == Node::Kind::Multiply;
    const bool power_form = op == "sum" && b.kind == Node::Kind::Power && b.args[0].kind == Node::Kind::Multiply &&
                            integer_literal(b.args[1]).value_or(0) >= 1;
    const bool product_form = op == "sum" && b.kind == Node::Kind::Multiply;
    if (!abs_form && !power_form && !product_form) return nullptr;
    const Node& product = abs_form ? b.args[0] : power_form ? b.args[0] : b;
    for (int side = 0; side < 2; ++side) {
      const Node& A = product.args[side];
      const Node& B = product.args[1 - side];
      if (mentions(A, j) || !mentions(B, j) || compile(A)->shape != Shape::Scalar) continue;
      Node factor = A, term = B;
      if (abs_form) {
        factor = call_of("abs", {A}, A.position);
        term = call_of("abs", {B}, B.position);
      } else if (power_form) {
        factor = Node{Node::Kind::Power, "", {A, b.args[1]}, A.position};
        term = Node{Node::Kind::Power, "", {B, b.args[1]}, B.position};
      }
      Node rewritten{Node::Kind::Multiply, "", {std::move(factor), call_of(op, {n.args[0], std::move(term)}, n.position)}, at};
      return compile(keep(std::move(rewritten)));
    }
    return nullptr;
  }

  // The variable i of every delta(i, j) and delta(j, i) in `n`, if there is one and only one and it
  // is an enclosing loop's (not j); else "".
  std::string delta_partner(const Node& n, const std::string& j) const {
    std::string partner;
    bool unique = true;
    const std::function<void(const Node&)> visit = [&](const Node& x) {
      if (x.kind == Node::Kind::Call && x.text == "delta" && x.args.size() == 2 && mentions(x, j)) {
        const Node& other = x.args[0].kind == Node::Kind::Name && x.args[0].text == j ? x.args[1] : x.args[0];
        const Node& self = &other == &x.args[0] ? x.args[1] : x.args[0];
        if (self.kind != Node::Kind::Name || self.text != j || other.kind != Node::Kind::Name || other.text == j ||
            loop_of(other) < 0 || (!partner.empty() && partner != other.text))
          unique = false;
        else
          partner = other.text;
        return;
      }
      for (const Node& a : x.args) visit(a);
    };
    visit(n);
    return unique ? partner : "";
  }

  // n with every delta(i, j) and delta(j, i) replaced by the literal `value`, and, where
  // `rename`, the name j by i.
  static Node substituted(const Node& n, const std::string& i, const std::string& j, const char* value, bool rename) {
    if (n.kind == Node::Kind::Call && n.text == "delta" && n.args.size() == 2 && mentions(n, i) && mentions(n, j))
      return Node{Node::Kind::Number, value, {}, n.position};
    if (rename && n.kind == Node::Kind::Name && n.text == j) return name_of(i, n.position);
    Node out{n.kind, n.text, {}, n.position, n.height};
    for (const Node& a : n.args) out.args.push_back(substituted(a, i, j, value, rename));
    return out;
  }

  // op of each entry's others: out[k] = op of the entries of v but v[k] (prefix and suffix, no
  // difference); for one entry, 0 (never read).
  static Vector<R> others_of(const Vector<R>& v, int op) {
    const Eigen::Index L = v.size();
    Vector<R> out(L);
    if (L < 2) {
      if (L == 1) out[0] = R(0);
      return out;
    }
    const auto join = [op](const R& x, const R& y) { return op == 0 ? R(x + y) : op == 1 ? R(max_of(x, y)) : R(min_of(x, y)); };
    Vector<R> suffix(L);  // suffix[k]: op of v[k + 1 ..], for k < L - 1
    suffix[L - 2] = v[L - 1];
    for (Eigen::Index k = L - 2; k-- > 0;) suffix[k] = join(v[k + 1], suffix[k + 1]);
    out[0] = suffix[0];
    R prefix = v[0];
    for (Eigen::Index k = 1; k < L; ++k) {
      out[k] = k + 1 < L ? join(prefix, suffix[k]) : prefix;
      if (k + 1 < L) prefix = join(prefix, v[k]);
    }
    return out;
  }

  // The delta lemma on op(j, b) (see above), or null.
  ExprPtr<R> delta_split(const Node& n, int op) {
    const std::string& j = n.args[0].text;
    const Node& b = n.args[1];
    if (holds_a_loop(b)) return nullptr;
    const std::string i = delta_partner(b, j);
    if (i.empty()) return nullptr;
    Node unpaired = substituted(b, i, j, "0", false);
    if (mentions(unpaired, i)) return nullptr;
    const ExprPtr<R> terms = compile(keep(call_of("vec", {n.args[0], std::move(unpaired)}, n.position)));
    // b(i, 1) is read only at i < the length j runs over: it adds no length to i's loop.
    const bool registering = registers_extents_;
    registers_extents_ = false;
    const ExprPtr<R> paired = of_shape(keep(substituted(b, i, j, "1", true)), Shape::Scalar);
    registers_extents_ = registering;
    auto others = std::make_shared<E>(E{Shape::Vector, terms->rows, "1"});
    others->loops = terms->loops;
    const std::size_t slot = p_.slot(Shape::Vector);
    others->vector = [terms, op, slot](Frame<R>& fr) -> const Vector<R>& {
      return fr.vectors[slot] = others_of(terms->vector(fr), op);
    };
    const ExprPtr<R> but_one = remembered(std::move(others));
    const ExprPtr<R> direct = reduce(n, false);  // over no j: the direct form's message
    const int d = loop_of(name_of(i, 0));
    const std::size_t counter = loops_[static_cast<std::size_t>(d)].counter;
    auto e = std::make_shared<E>();
    e->loops = terms->loops | paired->loops;
    e->loops.set(static_cast<std::size_t>(d));
    e->scalar = [terms, but_one, paired, direct, counter, op](Frame<R>& fr) -> R {
      const Vector<R>& all = terms->vector(fr);
      if (all.size() == 0) return direct->scalar(fr);
      const Vector<R>& rest = but_one->vector(fr);
      const auto join = [op](const R& x, const R& y) { return op == 0 ? R(x + y) : op == 1 ? R(max_of(x, y)) : R(min_of(x, y)); };
      const std::int64_t k = fr.counters[counter];
      if (k >= static_cast<std::int64_t>(all.size()))  // no j is i: every delta is 0
        return all.size() == 1 ? all[0] : join(rest[0], all[0]);
      const R own = paired->scalar(fr);
      return all.size() == 1 ? own : join(rest[static_cast<Eigen::Index>(k)], own);
    };
    return e;
  }

  ExprPtr<R> reduce(const Node& n, bool lemmas = true) {
    if (lemmas && n.args.size() == 2)
      if (ExprPtr<R> e = extreme_weight(n)) return e;
    if (lemmas)
      if (ExprPtr<R> e = LargestRowNormCalls<R, Compiler>::call(*this, n)) return e;
    // The loop lemmas (above); not for derivatives (the prove tier's own forms), and max and min
    // of exact numbers are ordered as a whole (below), not pairwise.
    if constexpr (!is_gradient_v<R>)
      if (lemmas && (n.text == "sum" || n.text == "max" || n.text == "min")) {
        if (ExprPtr<R> e = factored(n)) return e;
        if (n.text != "sum" && !p_.options_.over_box)
          if (ExprPtr<R> e = PairDistanceScreen<R, Compiler>::call(*this, n)) return e;
        const int op = n.text == "sum" ? 0 : n.text == "max" ? 1 : 2;
        if (op == 0 || !is_exact_number_v<R>)
          if (ExprPtr<R> e = delta_split(n, op)) return e;
      }
    const std::size_t depth = loops_.size();
    // A counter of its own, not one per depth: a definition first read inside a loop is computed
    // there, and its own loops at the same depth must not move the enclosing loop's counter.
    const std::size_t counter = p_.counters_++;
    // op(i, S, e): i runs over the members of the set S (vocabulary/index_set_calls.hpp), which
    // cannot read i.
    const ExprPtr<R> set = n.args.size() == 3 ? of_shape(n.args[1], Shape::Vector) : nullptr;
    loops_.push_back(Loop{n.args[0].text, counter, {}, {}, {}});
    if (set) {
      loops_.back().extents.emplace_back(&n.args[1], [set](Frame<R>& fr) { return static_cast<std::size_t>(set->vector(fr).size()); });
      loops_.back().lengths.push_back(set->rows);
    }
    // count(i, c) is the sum of indicator(c).
    const ExprPtr<R> body = n.text == "count" ? indicator(n.args.back()) : of_shape(n.args.back(), Shape::Scalar);
    Loop loop = std::move(loops_.back());
    loops_.pop_back();
    if (loop.extents.empty()) fail(n, loop.var + " indexes no vector in " + n.text + "(" + loop.var + ", ...)");
    const std::string first_length = loop.lengths[0];
    auto e = std::make_shared<E>();
    e->loops = body->loops;
    e->loops.reset(depth);
    const Formula* f = &f_;
    const std::string var = loop.var;
    // The length the loop runs over, every extent agreeing; its remembered values forgotten.
    const auto start = [loop = std::move(loop), f, var](Frame<R>& fr) -> std::size_t {
      for (const std::size_t m : loop.memos) fr.ready[m] = 0;
      std::size_t length = 0;
      for (std::size_t k = 0; k < loop.extents.size(); ++k) {
        const std::size_t len = loop.extents[k].second(fr);
        if (k > 0 && len != length)
          throw FormulaError(var + " runs over vectors of lengths " + std::to_string(length) + " and " +
                                 std::to_string(len),
                             f->text, loop.extents[k].first->position, f->origin);
        length = len;
      }
      return length;
    };
    const std::string& kind = n.text;
    if (kind == "vec") {
      e->shape = Shape::Vector;
      e->rows = first_length;
      const std::size_t slot = p_.slot(Shape::Vector);
      e->vector = [body, start, counter, slot](Frame<R>& fr) -> const Vector<R>& {
        const std::size_t len = start(fr);
        Vector<R> terms(static_cast<Eigen::Index>(len));
        for (std::size_t k = 0; k < len; ++k) {
          fr.counters[counter] = static_cast<std::int64_t>(k);
          terms[static_cast<Eigen::Index>(k)] = body->scalar(fr);
        }
        return fr.vectors[slot] = std::move(terms);
      };
      return e;
    }
    const int op = kind == "sum" || kind == "count" ? 0 : kind == "max" ? 1 : 2;
    if (set) {
      e->loops |= set->loops;
      e->scalar = IndexSetCalls<R, Compiler>::over_members(set, body, start, counter, op, &n.args[1], f);
      return e;
    }
    e->scalar = [body, start, counter, op](Frame<R>& fr) -> R {
      const std::size_t len = start(fr);
      if constexpr (is_exact_number_v<R>)  // ordered as a whole: a pair Calcium cannot order need not end it
        if (op != 0) {
          std::vector<R> terms;
          for (std::size_t k = 0; k < len; ++k) {
            fr.counters[counter] = static_cast<std::int64_t>(k);
            terms.push_back(body->scalar(fr));
          }
          const std::span<const R> all(terms.data(), terms.size());
          return op == 1 ? max_of(all) : min_of(all);
        }
      fr.counters[counter] = 0;
      R out = body->scalar(fr);
      for (std::size_t k = 1; k < len; ++k) {
        fr.counters[counter] = static_cast<std::int64_t>(k);
        const R term = body->scalar(fr);
        out = op == 0 ? R(out + term) : op == 1 ? max_of(out, term) : min_of(out, term);
      }
      return out;
    };
    return e;
  }

  ExprPtr<R> scalar_of(ExprPtr<R> x, std::function<R(Frame<R>&)> code) {
    auto e = std::make_shared<E>();
    e->loops = x->loops;
    e->scalar = std::move(code);
    return e;
  }

  ExprPtr<R> vector_of(std::bitset<kMaxFormulaHeight> loops, std::string rows,
                       std::function<Vector<R>(Frame<R>&)> code) {
    auto e = std::make_shared<E>(E{Shape::Vector, std::move(rows), "1"});
    e->loops = loops;
    const std::size_t slot = p_.slot(Shape::Vector);
    e->vector = [code = std::move(code), slot](Frame<R>& f) -> const Vector<R>& { return f.vectors[slot] = code(f); };
    return e;
  }

  // softmax(l / T): over a box of inputs in the form whose enclosure is the weights' range
  // (verify/kernels/softmax_over_box.hpp); else, where l's entries repeat the classes of equal
  // entries `classes` of an exact input it is an entrywise image of (Expr::exact_input), one
  // exponential per class; else the engine's.
  // For derivatives (R a Gradient) the engine's form, differentiated (verify/prove/gradient_number.hpp).
  static Vector<R> weights(const Vector<R>& l, const R& T, bool over_box, const DistinctEntries* classes) {
    if constexpr (is_gradient_v<R>) return softmax(l, T);
    else {
      if (over_box) return softmax_over_box(l, T);
      if (repeats_classes(l, classes)) return softmax_of_distinct(l, T, *classes);
      return softmax(l, T);
    }
  }
  // Whether the logits l are taken one per class of `classes` (fewer classes than entries).
  static bool repeats_classes(const Vector<R>& l, const DistinctEntries* classes) {
    return classes && classes->class_of.size() == static_cast<std::size_t>(l.size()) &&
           classes->first.size() < classes->class_of.size();
  }

  // Whether two enclosures are the same (the same ends; equal points): what a kernel computes
  // from one it computes from the other. Never for exact numbers and derivatives (not compared).
  static bool same_enclosure(const R& x, const R& y) {
    if constexpr (is_interval_v<R>) return lower_end_of(x) == lower_end_of(y) && upper_end_of(x) == upper_end_of(y);
    else if constexpr (std::is_same_v<R, double> || std::is_same_v<R, Mpfr>) return x == y;
    else return false;
  }

  // The weights softmax(v / T) (as weights() computes them) kept in the run where v reads no loop
  // counter and R's enclosures compare (Frame::Weights): computed once per run for each T. Null
  // where they are not kept. `classes`: those of the exact input v is an entrywise image of, if any.
  static typename Frame<R>::Weights* kept_weights(Frame<R>& fr, const ExprPtr<R>& v, const R& T, bool over_box,
                                                  const DistinctEntries* classes) {
    if constexpr (!is_interval_v<R> && !std::is_same_v<R, double> && !std::is_same_v<R, Mpfr>) {
      return nullptr;
    } else {
      if (v->loops.any()) return nullptr;
      for (typename Frame<R>::Weights& w : fr.weights)
        if (w.of == v.get() && same_enclosure(w.T, T)) return &w;
      // Kept once computed: one that throws (no value) is not kept.
      typename Frame<R>::Weights w{v.get(), T};
      const Vector<R>& l = v->vector(fr);
      if (!over_box && repeats_classes(l, classes)) {
        w.classes = classes;
        w.of_class = softmax_of_classes(class_logits(l, *classes), T, classes->count);
      } else {
        w.alpha = weights(l, T, over_box, classes);
      }
      return &fr.weights.emplace_back(std::move(w));
    }
  }
  // The weights softmax(v / T): the run's kept ones, else computed into `out`.
  static const Vector<R>& weights_of(Frame<R>& fr, const ExprPtr<R>& v, const R& T, bool over_box,
                                     const DistinctEntries* classes, Vector<R>& out) {
    if (auto* kept = kept_weights(fr, v, T, over_box, classes)) return kept->all();
    return out = weights(v->vector(fr), T, over_box, classes);
  }

  // use(the entries of vector v): the matrix's row in place where v is a row (Expr::row), else v's value.
  template <class Use>
  static R with_entries(Frame<R>& fr, const ExprPtr<R>& v, const Use& use) {
    if (v->row) {
      const auto [x, k] = v->row(fr);
      return use(x->row(k));
    }
    return use(v->vector(fr));
  }

  // sqrt(sum of squares) of the entries; for gradients the norm's own derivative (gradient_number.hpp:
  // sqrt's is unbounded at 0, where the norm is Lipschitz). For intervals squares of |x|, so that
  // an entry around 0 adds a square >= 0 (x * x of [-1, 2] is [-2, 4]), and the sum clamped at 0
  // (at_least_zero).
  template <class Entries>
  static R euclidean_norm(const Entries& entries) {
    using std::abs;
    using std::sqrt;
    if constexpr (is_gradient_v<R>) {
      return norm_of_entries(entries);
    } else {
      R s = R(0);
      for (Eigen::Index k = 0; k < entries.size(); ++k) {
        const R m = is_interval_v<R> ? R(abs(entries(k))) : entries(k);
        s += m * m;
      }
      return R(sqrt(at_least_zero(s)));
    }
  }

  // x, an enclosure of a number >= 0 (a sum of squares, an even power), with its lower end raised
  // to 0 for intervals: Arb's balls multiply as midpoint and radius, so the product of two balls
  // reaching 0 reaches below 0 ([0, 2] is 1 +- 1, its square 1 +- 3), of which sqrt is unknown.
  // (Binary64 and MPFI products of intervals >= 0 are >= 0.)
  static R at_least_zero(const R& x) {
    if constexpr (is_interval_v<R>) return max_of(x, R(0));
    else return x;
  }

  static bool certainly_positive(const R& x) {
    if constexpr (is_exact_number_v<R>) return sign_of(x) == ExactSign::Positive;
    else if constexpr (is_gradient_v<R>) return lower_end_of(x.value) > 0;
    else return lower_end_of(x) > 0;
  }

  ExprPtr<R> call(const Node& n) {
    using std::abs;
    using std::exp;
    using std::log;
    using std::log1p;
    using std::sqrt;
    const std::string& f = n.text;
    if ((f == "sum" || f == "vec" || f == "max" || f == "min" || f == "count") && index_form(n)) return reduce(n);
    if (f == "count") fail(n, "count(i, c) needs a new index variable as its first argument");
    if (f == "indicator") {
      arity(n, 1);
      return indicator(n.args[0]);
    }
    if (f == "where") return where(n);
    if (const VocabularyEntry* v = vocabulary_entry(f)) return vocabulary_call(n, *v);
    if (f == "sum" || f == "vec") fail(n, f + "(i, e) needs a new index variable as its first argument");
    if (f == "max" || f == "min") {
      arity(n, 2);
      const ExprPtr<R> x = of_shape(n.args[0], Shape::Scalar), y = of_shape(n.args[1], Shape::Scalar);
      auto e = std::make_shared<E>();
      e->loops = x->loops | y->loops;
      if (f == "max")
        e->scalar = [x, y](Frame<R>& fr) {
          const R a = x->scalar(fr);
          return R(max_of(a, y->scalar(fr)));
        };
      else
        e->scalar = [x, y](Frame<R>& fr) {
          const R a = x->scalar(fr);
          return R(min_of(a, y->scalar(fr)));
        };
      return e;
    }
    if (f == "delta") {  // Kronecker's delta of two index variables
      arity(n, 2);
      auto e = std::make_shared<E>();
      for (const Node& a : n.args)
        if (loop_of(a) < 0) fail(a, "an index must be the variable of an enclosing sum, max, min or vec");
      const std::size_t i = loops_[static_cast<std::size_t>(loop_of(n.args[0]))].counter;
      const std::size_t j = loops_[static_cast<std::size_t>(loop_of(n.args[1]))].counter;
      e->loops.set(static_cast<std::size_t>(loop_of(n.args[0])));
      e->loops.set(static_cast<std::size_t>(loop_of(n.args[1])));
      e->scalar = [i, j](Frame<R>& fr) { return R(fr.counters[i] == fr.counters[j] ? 1 : 0); };
      return e;
    }
    if (f == "dot") {
      arity(n, 2);
      const ExprPtr<R> u = of_shape(n.args[0], Shape::Vector), v = of_shape(n.args[1], Shape::Vector);
      const Node* at = &n;
      const Formula* text = &f_;
      return scalar_of(u, [u, v, at, text](Frame<R>& fr) -> R {
        return with_entries(fr, u, [&](const auto& x) {
          return with_entries(fr, v, [&](const auto& y) {
            if (x.size() != y.size())
              throw FormulaError("dot of vectors of lengths " + std::to_string(x.size()) + " and " + std::to_string(y.size()),
                                 text->text, at->position, text->origin);
            R s = R(0);
            for (Eigen::Index i = 0; i < x.size(); ++i) s += x(i) * y(i);
            return s;
          });
        });
      });
    }
    if (f == "largest") {
      arity(n, 2);
      if constexpr (is_gradient_v<R>) no_derivative_kernel(n, "largest");
      else return largest(n);
    }
    if (f == "softmax_jacobian") {
      arity(n, 2);
      const ExprPtr<R> l = of_shape(n.args[0], Shape::Vector);
      const ExprPtr<R> T = of_shape(n.args[1], Shape::Scalar);
      const Partial nonzero = partial_at(n.args[1], Domain::NonZero, "softmax_jacobian's divisor T");
      const bool over_box = p_.options_.over_box;
      auto e = std::make_shared<E>(E{Shape::Matrix, l->rows, l->rows});
      e->loops = l->loops | T->loops;
      e->jacobian_logits = l;
      e->jacobian_T = T;
      const std::size_t slot = p_.slot(Shape::Matrix);
      const int input = l->exact_input;
      e->matrix = [l, T, nonzero, over_box, input, slot](Frame<R>& fr) -> const Matrix<R>& {
        const R t = nonzero(T->scalar(fr), [](const R& x) { return x; });
        Vector<R> unkept;
        return fr.matrices[slot] = nb::softmax_jacobian(weights_of(fr, l, t, over_box, fr.distinct_of(input), unkept), t);
      };
      return e;
    }
    if (ExprPtr<R> e = IndexSetCalls<R, Compiler>::call(*this, n)) return e;
    if (over_a_sphere(n)) return SphereExpectationCalls<R, Compiler>::call(*this, n);
    if (ExprPtr<R> e = ExpectationCalls<R, Compiler>::call(*this, n)) return e;
    arity(n, 1);
    if (f == "norm") {
      const ExprPtr<R> v = of_shape(n.args[0], Shape::Vector);
      return scalar_of(v, [v](Frame<R>& fr) { return with_entries(fr, v, [](const auto& x) { return euclidean_norm(x); }); });
    }
    if (f == "softmax") {
      const ExprPtr<R> v = of_shape(n.args[0], Shape::Vector);
      const bool over_box = p_.options_.over_box;
      const ExprPtr<R> numerator = is_gradient_v<R> || over_box ? nullptr : v->numerator, divisor = v->divisor;
      // softmax(l / T) as softmax(l, T), for T > 0: the logits and the temperature.
      const auto form = [v, numerator, divisor](Frame<R>& fr) -> std::pair<ExprPtr<R>, R> {
        if (numerator) {
          const R t = divisor->scalar(fr);
          if (certainly_positive(t)) return {numerator, t};
        }
        return {v, R(1)};
      };
      auto e = std::make_shared<E>(E{Shape::Vector, v->rows, "1"});
      e->loops = v->loops;
      e->kept_weights = [form, over_box](Frame<R>& fr) {
        const auto [l, t] = form(fr);
        return kept_weights(fr, l, t, over_box, fr.distinct_of(l->exact_input));
      };
      const std::size_t slot = p_.slot(Shape::Vector);
      e->vector = [form, over_box, slot](Frame<R>& fr) -> const Vector<R>& {
        const auto [l, t] = form(fr);
        return weights_of(fr, l, t, over_box, fr.distinct_of(l->exact_input), fr.vectors[slot]);
      };
      if (v->exact_input >= 0) {
        e->weights_of_input = v->exact_input;
        e->weights_scale = v->scale;
      }
      return e;
    }
    if (f == "sum_of_others") {
      const ExprPtr<R> v = of_shape(n.args[0], Shape::Vector);
      return vector_of(v->loops, v->rows, [v](Frame<R>& fr) { return weights_of_the_others(v->vector(fr)); });
    }
    if (f == "frobenius_norm") {
      const ExprPtr<R> m = of_shape(n.args[0], Shape::Matrix);
      return scalar_of(m, [m](Frame<R>& fr) { return euclidean_norm(m->matrix(fr)); });
    }
    if (f == "spectral_norm") {
      if constexpr (is_gradient_v<R>) no_derivative_kernel(n, "spectral_norm");
      else return spectral(n);
    }
    if (f == "exp") return map(compile(n.args[0]), [](const R& x) { return R(exp(x)); });
    if (f == "log") {
      const Partial p = partial_at(n, Domain::Positive, "log");
      return map(compile(n.args[0]), [p](const R& x) { return p(x, [](const R& a) { return R(log(a)); }); });
    }
    if (f == "log1p") {
      const Partial p = partial_at(n, Domain::AboveMinusOne, "log1p");
      return map(compile(n.args[0]), [p](const R& x) { return p(x, [](const R& a) { return R(log1p(a)); }); });
    }
    if (f == "sqrt") {
      const Partial p = partial_at(n, Domain::NonNegative, "sqrt");
      return map(compile(n.args[0]), [p](const R& x) { return p(x, [](const R& a) { return R(sqrt(a)); }); });
    }
    if (f == "abs") return map(compile(n.args[0]), [](const R& x) { return R(abs(x)); });
    std::string vocabulary;
    for (const std::string& name : vocabulary_names()) vocabulary += ", " + name;
    fail(n, "unknown function '" + f +
                "' (known: abs, count, delta, dot, exp, frobenius_norm, indicator, largest, log, log1p, max, min, norm, "
                "softmax, softmax_jacobian, spectral_norm, sqrt, sum, sum_of_others, vec, where; argmax, concat, expectation, left_out, sort, "
                "top" + vocabulary + ")");
  }

  // A call of a vocabulary function (verify/formula/vocabulary/): its value's shape and size from
  // its entry, its kernel run on the evaluated arguments. A misuse the sizes show and an argument
  // certainly outside the function's domain are reported at the call (where the program refuses
  // divisors that may be 0, the declared ranges, the latter is the file's mistake).
  ExprPtr<R> vocabulary_call(const Node& n, const VocabularyEntry& v) {
    arity(n, v.arity);
    std::vector<ExprPtr<R>> args;
    std::vector<Shape> shapes;
    std::vector<Size> sizes;
    for (const Node& a : n.args) {
      args.push_back(compile(a));
      shapes.push_back(args.back()->shape);
      sizes.push_back(Size{args.back()->rows, args.back()->cols});
    }
    std::pair<Shape, Size> result;
    try {
      result = v.result(shapes, sizes);
    } catch (const VocabularyMisuse& e) {
      fail(n, e.what());
    }
    const VocabularyKernel<R> kernel = vocabulary_kernel<R>(v.name);
    if (!kernel) no_derivative_kernel(n, v.name);
    auto e = std::make_shared<E>(E{result.first, result.second.rows, result.second.cols});
    for (const ExprPtr<R>& a : args) e->loops |= a->loops;
    const Formula* text = &f_;
    const Node* at = &n;
    const bool refuse = p_.options_.refuse_zero_divisors;
    // A loop over draws of a random matrix (sphere_expectation_calls.hpp) starts each draw's shared
    // work afresh, so calls reading the draw share within it.
    std::bitset<kMaxFormulaHeight> draws;
    for (std::size_t d = 0; d < loops_.size(); ++d)
      if (loops_[d].set && loops_[d].set->shape == Shape::Matrix) draws.set(d);
    const bool share = v.shares_work && (e->loops & ~draws).none();
    const auto run = [args, kernel, text, at, refuse, share](Frame<R>& fr) -> Value<R> {
      std::vector<R> scalars(args.size());
      std::vector<Operand<R>> operands(args.size());
      for (std::size_t k = 0; k < args.size(); ++k) {
        if (args[k]->shape == Shape::Scalar) {
          scalars[k] = args[k]->scalar(fr);
          operands[k].scalar = &scalars[k];
        } else if (args[k]->shape == Shape::Vector) {
          operands[k].vector = &args[k]->vector(fr);
        } else {
          operands[k].matrix = &args[k]->matrix(fr);
        }
        if (args[k]->exact_input >= 0 && !args[k]->scale) operands[k].exact = fr.exact[static_cast<std::size_t>(args[k]->exact_input)];
        if (share) operands[k].shared = &fr.shared_work;
      }
      try {
        return kernel(std::span<const Operand<R>>(operands.data(), operands.size()));
      } catch (const VocabularyMisuse& m) {
        throw FormulaError(m.what(), text->text, at->position, text->origin);
      } catch (const OutsideDomain& o) {
        const std::string place = " (" + at->text + " at column " + std::to_string(at->position + 1) + " of '" + text->text + "')";
        if (refuse)
          throw FormulaError(std::string(o.what()) + " for any input in the declared ranges", text->text, at->position,
                             text->origin);
        throw OutsideDomain(o.what() + place);
      }
    };
    if (e->shape == Shape::Scalar) {
      e->scalar = [run](Frame<R>& fr) { return std::get<R>(run(fr)); };
    } else if (e->shape == Shape::Vector) {
      const std::size_t slot = p_.slot(Shape::Vector);
      e->vector = [run, slot](Frame<R>& fr) -> const Vector<R>& { return fr.vectors[slot] = std::get<Vector<R>>(run(fr)); };
    } else {
      const std::size_t slot = p_.slot(Shape::Matrix);
      e->matrix = [run, slot](Frame<R>& fr) -> const Matrix<R>& { return fr.matrices[slot] = std::get<Matrix<R>>(run(fr)); };
    }
    return e;
  }

  // largest(v, k): on the exact value of an input v where the caller passes it, else on v's entries.
  // k is any integer formula (a literal is checked here, others at each case).
  ExprPtr<R> largest(const Node& n) {
    const Node& k_node = n.args[1];
    if (k_node.kind == Node::Kind::Number && (k_node.text.find_first_not_of("0123456789") != std::string::npos ||
                                              k_node.text.size() > 9 || std::stoll(k_node.text) < 1))
      fail(k_node, "the k of largest(v, k) must be an integer of at least 1");
    const ExprPtr<R> v = of_shape(n.args[0], Shape::Vector);
    const ExprPtr<R> k_value = of_shape(k_node, Shape::Scalar);
    const int input = v->scale ? -1 : v->exact_input;
    const Node* at = &k_node;
    const Formula* f = &f_;
    auto e = std::make_shared<E>();
    e->loops = v->loops | k_value->loops;
    e->scalar = [v, k_value, input, at, f](Frame<R>& fr) -> R {
      const ExactTensor* exact = input >= 0 ? fr.exact[static_cast<std::size_t>(input)] : nullptr;
      if (exact && !exact->is_vector()) exact = nullptr;
      const std::size_t length = exact ? exact->size() : static_cast<std::size_t>(v->vector(fr).size());
      const std::optional<std::size_t> k =
          IndexSetCalls<R, Compiler>::integer_argument(k_value->scalar(fr), 1, length, "the k of largest(v, k)", at, f);
      if (!k) return unknown_of<R>("the k of largest(v, k) is undecided");
      return exact ? kth_largest<R>(*exact, *k) : kth_largest(v->vector(fr), *k);
    };
    return e;
  }

  // spectral_norm(m): by the softmax Jacobian's kernel where m is softmax_jacobian(l, T) (inline
  // or named) of logits l with an exact ordering (an input whose exact value is passed, or such
  // an input divided by a scalar certainly > 0) and T certainly > 0 (its ties are decided on the
  // exact value and its order of weights is that of l); over a box by the box kernel; else by the
  // general kernel.
  ExprPtr<R> spectral(const Node& n) {
    const ExprPtr<R> m = of_shape(n.args[0], Shape::Matrix);
    const ExprPtr<R> logits = m->jacobian_logits, T = m->jacobian_T;
    if (!logits) return scalar_of(m, [m](Frame<R>& fr) { return R(spectral_norm(m->matrix(fr))); });
    if constexpr (is_interval_v<R>)
      if (p_.options_.over_box)
        return scalar_of(m, [logits, T](Frame<R>& fr) -> R {
          const Vector<R>& l = logits->vector(fr);
          return softmax_jacobian_norm_over_box(l, T->scalar(fr));
        });
    const int input = logits->exact_input;
    const ExprPtr<R> scale = logits->scale;
    const ExprPtr<R> numerator = logits->numerator, divisor = logits->divisor;
    return scalar_of(m, [m, logits, T, input, scale, numerator, divisor](Frame<R>& fr) -> R {
      const ExactTensor* exact = input >= 0 ? fr.exact[static_cast<std::size_t>(input)] : nullptr;
      if (exact && exact->is_vector() && (!scale || certainly_positive(scale->scalar(fr)))) {
        const R t = T->scalar(fr);
        if (certainly_positive(t)) {
          // The weights of softmax_jacobian(v / s, t) are softmax(v, s t), shifted before dividing
          // (softmax(l / T) above); the kernel's last step divides by t, so ||J||_2 is the norm at
          // t = 1 over t, that norm kept with the weights it is of (two claims on one Jacobian
          // at different temperatures, spectral_norm(softmax_jacobian(l / T, 1)) and
          // spectral_norm(softmax_jacobian(l, T)), compute it once).
          const ExprPtr<R>& v = numerator ? numerator : logits;
          const R tau = numerator ? R(divisor->scalar(fr) * t) : t;
          const DistinctEntries* classes = fr.distinct_of(input);
          if (auto* kept = kept_weights(fr, v, tau, false, classes)) {
            if (!kept->jacobian_norm) kept->jacobian_norm = softmax_jacobian_norm(kept->all(), R(1), *exact);
            return R(*kept->jacobian_norm / t);
          }
          return softmax_jacobian_norm(weights(v->vector(fr), tau, false, classes), t, *exact);
        }
      }
      return R(spectral_norm(m->matrix(fr)));
    });
  }

  Program& p_;
  const Formula& f_;
  std::vector<Loop> loops_;
  bool registers_extents_ = true;  // whether an index adds the length it reads to its loop's
};

// ---------------------------------------------------------------------------------------------

template <class R>
Program<R>::Program(std::vector<ProgramInput> inputs, const std::vector<std::pair<std::string, Formula>>& definitions,
                    const std::vector<const Formula*>& formulas, bool scalars, ProgramOptions options)
    : inputs_(std::move(inputs)), options_(options) {
  for (std::size_t k = 0; k < inputs_.size(); ++k) {
    const ProgramInput& in = inputs_[k];
    const Slot s{in.shape, slot(in.shape)};
    input_slots_.push_back(s);
    auto e = std::make_shared<Expr<R>>();
    e->shape = in.shape;
    e->rows = in.rows;
    e->cols = in.cols;
    e->stored = true;
    e->exact_input = static_cast<int>(k);
    const std::size_t at = s.at;
    if (in.shape == Shape::Scalar) e->scalar = [at](Frame<R>& f) { return f.scalars[at]; };
    else if (in.shape == Shape::Vector) e->vector = [at](Frame<R>& f) -> const Vector<R>& { return f.vectors[at]; };
    else e->matrix = [at](Frame<R>& f) -> const Matrix<R>& { return f.matrices[at]; };
    names_.push_back(Named{in.name, std::move(e)});
  }
  // Definitions reading a draw's rows (directly or through another) wait for the body that names them.
  std::set<std::string> draw_local = sphere_draw_variables(definitions, formulas);
  for (const ProgramInput& in : inputs_) draw_local.erase(in.name);
  for (const auto& [name, f] : definitions) {
    texts_.push_back(std::make_unique<const Formula>(f));
    if (reads_a_name(f.root, draw_local)) {
      names_.push_back(Named{name, nullptr, false, -1, texts_.back().get()});
      draw_local.insert(name);
      continue;
    }
    Compiler c(*this, *texts_.back());
    ExprPtr<R> value = c.compile(texts_.back()->root);
    definitions_.push_back(value);
    names_.push_back(Named{name, c.remembered_definition(std::move(value)), false, static_cast<int>(definitions_.size() - 1)});
    definitions_.back() = names_.back().read;
  }
  // A formula written twice (a claim's value and a quantity) is computed once per run: its
  // first compilation, remembered.
  std::map<std::string, std::size_t> first_of_text;
  for (const Formula* f : formulas) {
    texts_.push_back(std::make_unique<const Formula>(*f));
    Compiler c(*this, *texts_.back());
    const auto [first, is_new] = first_of_text.emplace(f->text, formulas_.size());
    if (!is_new) {
      ExprPtr<R>& kept = formulas_[first->second];
      if (!kept->stored) kept = c.remembered_definition(std::move(kept));
      formulas_.push_back(kept);
      continue;
    }
    formulas_.push_back(scalars ? c.of_shape(texts_.back()->root, Shape::Scalar) : c.compile(texts_.back()->root));
  }
  for (const Named& named : names_)
    if (named.definition >= 0 && !named.read_by_a_formula) unread_definitions_.push_back(static_cast<std::size_t>(named.definition));
}

template <class R>
Run<R>::Run(const Program<R>& program, std::vector<Value<R>> inputs, std::vector<const ExactTensor*> exact,
            bool compute_unread)
    : program_(program) {
  Frame<R>& f = frame_;
  f.scalars.resize(program.scalars_);
  f.vectors.resize(program.vectors_);
  f.matrices.resize(program.matrices_);
  f.ready.assign(program.memos_, 0);
  f.counters.assign(program.counters_, 0);
  f.failures.resize(program.failures_);
  f.exact = std::move(exact);
  f.exact.resize(program.inputs_.size(), nullptr);
  f.distinct.resize(program.inputs_.size());
  for (const auto& [at, literal] : program.literals_) {
    if constexpr (is_gradient_v<R>)  // a constant: its value's number type, no derivatives
      f.scalars[at] = R(literal.template entry<typename R::Number>(0));
    else
      f.scalars[at] = literal.template entry<R>(0);
  }
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    const auto& s = program.input_slots_[k];
    if (s.shape == Shape::Scalar) f.scalars[s.at] = std::move(std::get<R>(inputs[k]));
    else if (s.shape == Shape::Vector) f.vectors[s.at] = std::move(std::get<Vector<R>>(inputs[k]));
    else f.matrices[s.at] = std::move(std::get<Matrix<R>>(inputs[k]));
  }
  if (!compute_unread) return;
  for (const std::size_t d : program.unread_definitions_) {
    const Expr<R>& e = *program.definitions_[d];
    if (e.shape == Shape::Scalar) e.scalar(f);
    else if (e.shape == Shape::Vector) e.vector(f);
    else e.matrix(f);
  }
}

template <class R>
Value<R> Run<R>::value(std::size_t k) {
  const Expr<R>& e = *program_.formulas_[k];
  if (e.shape == Shape::Scalar) return e.scalar(frame_);
  if (e.shape == Shape::Vector) return e.vector(frame_);
  return e.matrix(frame_);
}

template <class R>
void Run<R>::define_all() {
  for (const ExprPtr<R>& d : program_.definitions_) {
    if (d->shape == Shape::Scalar) d->scalar(frame_);
    else if (d->shape == Shape::Vector) d->vector(frame_);
    else d->matrix(frame_);
  }
}

}  // namespace nb::formula

#include "verify/formula/vocabulary/index_set_calls.hpp"
#include "verify/formula/vocabulary/expectation_calls.hpp"
#include "verify/formula/vocabulary/sphere_expectation_calls.hpp"
#include "verify/formula/pair_distance_screen.hpp"
#include "verify/formula/vocabulary/largest_row_norm_calls.hpp"
