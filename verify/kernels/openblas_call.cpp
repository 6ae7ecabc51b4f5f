#include "verify/kernels/openblas_call.hpp"

#include <cblas.h>

namespace nb {
namespace {

// Whether the calls must be taken one at a time; readies the pthreads build at the first call.
bool one_call_at_a_time() {
  static const bool sequential = [] {
    const int build = openblas_get_parallel();
    if (build == OPENBLAS_THREAD) openblas_set_num_threads(1);
    return build == OPENBLAS_SEQUENTIAL;
  }();
  return sequential;
}

std::mutex sequential_openblas;

}  // namespace

OpenBlasCall::OpenBlasCall() : lock_(sequential_openblas, std::defer_lock) {
  if (one_call_at_a_time()) lock_.lock();
}

}  // namespace nb
