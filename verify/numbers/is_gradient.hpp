#pragma once
// Whether a number type R carries first derivatives along with its value
// (verify/prove/gradient_number.hpp specializes it): the formula evaluator then uses, for softmax,
// the engine's form differentiated, and refuses the kernels that have no derivative.
namespace nb {

template <class R>
inline constexpr bool is_gradient_v = false;

}  // namespace nb
