#include "verify/search/local_minimizer.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <memory>

#include <nlopt.h>

namespace nb::search {
namespace {

struct Tracked {
  const Objective* f = nullptr;
  nlopt_opt opt = nullptr;
  Minimum best;
  std::exception_ptr error;
};

double tracked_objective(unsigned n, const double* x, double*, void* data) {
  auto& t = *static_cast<Tracked*>(data);
  const std::vector<double> point(x, x + n);
  double value = std::numeric_limits<double>::infinity();
  try {
    value = (*t.f)(point);
  } catch (...) {
    // NLopt is a C library, which C++ exceptions must not unwind: stop it, rethrow afterwards.
    t.error = std::current_exception();
    nlopt_force_stop(t.opt);
    return value;
  }
  if (std::isnan(value)) value = std::numeric_limits<double>::infinity();
  ++t.best.evaluations;
  if (t.best.x.empty() || value < t.best.value) {
    t.best.value = value;
    t.best.x = point;
  }
  return value;
}

}  // namespace

Minimum minimize_locally(const Objective& f, const std::vector<double>& x0, std::size_t budget) {
  Tracked t;
  t.f = &f;
  t.best.value = std::numeric_limits<double>::infinity();
  tracked_objective(static_cast<unsigned>(x0.size()), x0.data(), nullptr, &t);
  if (t.error) std::rethrow_exception(t.error);
  if (x0.empty() || budget <= 1) return t.best;

  const std::unique_ptr<nlopt_opt_s, decltype(&nlopt_destroy)> opt(
      nlopt_create(NLOPT_LN_SBPLX, static_cast<unsigned>(x0.size())), &nlopt_destroy);
  t.opt = opt.get();
  nlopt_set_min_objective(t.opt, &tracked_objective, &t);
  nlopt_set_maxeval(t.opt, static_cast<int>(std::min<std::size_t>(budget - 1, std::numeric_limits<int>::max())));
  std::vector<double> step(x0.size());
  for (std::size_t i = 0; i < x0.size(); ++i) step[i] = std::max(std::fabs(x0[i]) / 2, 0.5);
  nlopt_set_initial_step(t.opt, step.data());
  // Stop only on the budget or a converged simplex, not on a small improvement: near a tie the
  // objective improves by little and that is where the sharp cases are.
  nlopt_set_xtol_rel(t.opt, 1e-15);
  std::vector<double> x = x0;
  double value = 0;
  nlopt_optimize(t.opt, x.data(), &value);  // the result code adds nothing to the tracked best
  if (t.error) std::rethrow_exception(t.error);
  return t.best;
}

}  // namespace nb::search
