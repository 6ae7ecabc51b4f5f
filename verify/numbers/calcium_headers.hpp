#pragma once
// Calcium's headers, made valid C++. Their inline functions assign the void* of flint_malloc and
// flint_realloc to typed pointers, which C allows and C++ does not (GCC accepts it only with
// -fpermissive, which would also hide errors in our own code; clang not at all). While the
// headers are read, both calls return an UntypedAllocation, which converts to any object pointer
// as C does. Only verify/numbers/exact_real.cpp includes this.
#include <cstddef>

#include <arb.h>
#include <flint/flint.h>

namespace nb::calcium_headers {
struct UntypedAllocation {
  void* pointer;
  template <class T>
  operator T*() const {
    return static_cast<T*>(pointer);
  }
};
}  // namespace nb::calcium_headers

#define flint_malloc(size) (::nb::calcium_headers::UntypedAllocation{(flint_malloc)(size)})
#define flint_realloc(ptr, size) (::nb::calcium_headers::UntypedAllocation{(flint_realloc)((ptr), (size))})
#include <calcium/ca.h>
#undef flint_malloc
#undef flint_realloc
