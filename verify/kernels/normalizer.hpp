#pragma once
// The general attention normalizer of arXiv 2508.17821, eq. (3): alpha_i = F(l_i) / S with
// S = sum_j F(l_j), for the kernels F below, written once for double, Mpfr and Interval.
//
// Every kernel is smooth, positive and strictly increasing on its domain; Lemma 1 relies on the
// last property to certify max/min of F over [-a, a] as F(a) and F(-a):
//   softmax   F(l) = exp(l/T),               T > 0: F' = exp(l/T)/T > 0.           Domain R.
//   softplus  F(l) = log(1 + exp(l/T)),      T > 0: F' = 1/(T (1 + exp(-l/T))) > 0 (the logistic
//             function over T); F > 0 because exp > 0.                           Domain R.
//   tanh      F(l) = 1 + tanh(l/T) + c,      T > 0, c > 0: F' = 1/(T cosh^2(l/T)) > 0; F > c
//             because tanh > -1.                                                  Domain R.
//   square    F(l) = (l + s)^2,              s > 0: F' = 2 (l + s) > 0 and F > 0.  Domain l > -s.
// The square kernel is the paper-style polynomial (l - min + c)^2 with the minimum fixed in
// advance: on a logit range [-a, a], s = a + c (c > 0) gives (l + a + c)^2, which does not
// depend on L as Lemma 1 requires.
#include <string>

#include "verify/io/errors.hpp"
#include "verify/numbers/numbers.hpp"
#include "verify/kernels/softmax.hpp"

namespace nb {

enum class NormalizerKind { Softmax, Softplus, Tanh, Square };
inline constexpr int kNormalizerKindCount = 4;

// "softmax", "softplus", "tanh", "square": the value of a case's option "normalizer".
inline const char* normalizer_name(NormalizerKind kind) {
  switch (kind) {
    case NormalizerKind::Softmax: return "softmax";
    case NormalizerKind::Softplus: return "softplus";
    case NormalizerKind::Tanh: return "tanh";
    case NormalizerKind::Square: return "square";
  }
  return "?";
}

// The kind named `name`; throws InputError listing the names when there is none.
inline NormalizerKind normalizer_kind(const std::string& name) {
  for (int k = 0; k < kNormalizerKindCount; ++k)
    if (name == normalizer_name(static_cast<NormalizerKind>(k))) return static_cast<NormalizerKind>(k);
  throw InputError("unknown normalizer '" + name + "' (expected softmax, softplus, tanh or square)");
}

// A kernel F with its parameters. Fields a kind does not use are ignored. The caller guarantees
// the parameter conditions above and that every logit passed in lies in the domain.
template <class R>
struct Normalizer {
  NormalizerKind kind = NormalizerKind::Softmax;
  R T = R(1);  // temperature: softmax, softplus, tanh
  R c = R(1);  // offset: tanh
  R s = R(1);  // shift: square

  // F(l). For Interval an enclosure of F(x) for every x in l and parameters in their enclosures.
  R value(const R& l) const {
    using std::exp;
    using std::log1p;
    switch (kind) {
      case NormalizerKind::Softmax: return exp(l / T);
      case NormalizerKind::Softplus: return log1p(exp(l / T));
      // 1 + tanh(x) = 2 / (1 + e^{-2x}): no cancellation where tanh(x) is close to -1.
      case NormalizerKind::Tanh: return R(2) / (R(1) + exp(R(-2) * l / T)) + c;
      case NormalizerKind::Square: break;
    }
    const R x = l + s;
    return x * x;
  }

  // F'(l), with the same enclosure guarantee.
  R derivative(const R& l) const {
    using std::cosh;
    using std::exp;
    switch (kind) {
      case NormalizerKind::Softmax: return exp(l / T) / T;
      case NormalizerKind::Softplus: return R(1) / (T * (R(1) + exp(-l / T)));
      case NormalizerKind::Tanh: {
        const R ch = cosh(l / T);
        return R(1) / (T * ch * ch);
      }
      case NormalizerKind::Square: break;
    }
    return R(2) * (l + s);
  }
};

// The weights alpha_i = F(l_i) / S. Softmax goes through verify/kernels/softmax.hpp's shift-stable
// softmax (no overflow for points, tight ties for intervals). For Interval an enclosure.
template <class R>
Vector<R> normalizer_weights(const Normalizer<R>& F, const Vector<R>& logits) {
  if (F.kind == NormalizerKind::Softmax) return softmax(logits, F.T);
  Vector<R> alpha(logits.size());
  R sum = R(0);
  for (Eigen::Index i = 0; i < logits.size(); ++i) {
    alpha[i] = F.value(logits[i]);
    sum += alpha[i];
  }
  for (Eigen::Index i = 0; i < logits.size(); ++i) alpha[i] /= sum;
  return alpha;
}

// The slopes beta_i = F'(l_i) / S. For softmax F' = F/T, so beta = alpha/T, again shift-stable.
// For Interval an enclosure.
template <class R>
Vector<R> normalizer_slopes(const Normalizer<R>& F, const Vector<R>& logits) {
  if (F.kind == NormalizerKind::Softmax) return Vector<R>(softmax(logits, F.T) / F.T);
  Vector<R> beta(logits.size());
  R sum = R(0);
  for (Eigen::Index i = 0; i < logits.size(); ++i) {
    beta[i] = F.derivative(logits[i]);
    sum += F.value(logits[i]);
  }
  for (Eigen::Index i = 0; i < logits.size(); ++i) beta[i] /= sum;
  return beta;
}

// The Jacobian d alpha / d l = diag(F')/S - F F'^T / S^2 = diag(beta) - alpha beta^T: entry
// (i, j) is d alpha_i / d l_j. Not symmetric in general; for softmax it is
// (diag(alpha) - alpha alpha^T) / T, softmax_jacobian's matrix. For Interval an enclosure.
template <class R>
Matrix<R> normalizer_jacobian(const Vector<R>& alpha, const Vector<R>& beta) {
  const Eigen::Index L = alpha.size();
  Matrix<R> J(L, L);
  for (Eigen::Index i = 0; i < L; ++i)
    for (Eigen::Index j = 0; j < L; ++j) J(i, j) = (i == j ? beta[i] : R(0)) - alpha[i] * beta[j];
  return J;
}

}  // namespace nb
