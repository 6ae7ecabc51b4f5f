#pragma once
// OpenBLAS calls on the calling thread, whichever OpenBLAS build Debian loaded (the
// libopenblas.so.0 alternative). Callers parallelise themselves (the engine's workers, the
// forward pass's OpenMP loops), and OpenBLAS's own threading may round differently for different
// thread counts, so:
//   pthreads build    set to one thread for the whole process at the first call;
//   OpenMP build      single-threaded inside the callers' OpenMP parallel regions by itself
//                     (openblas_set_num_threads would set OpenMP's thread count there, the
//                     callers' too);
//   sequential build  shares its work buffers between calls without a lock (concurrent calls
//                     give wrong products), so its calls are taken one at a time.
#include <mutex>

namespace nb {

// Construct one around each OpenBLAS call (it holds the lock that the sequential build needs).
class OpenBlasCall {
 public:
  OpenBlasCall();

 private:
  std::unique_lock<std::mutex> lock_;
};

}  // namespace nb
