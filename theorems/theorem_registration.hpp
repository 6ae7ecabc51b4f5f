#pragma once
// NORMBOUND_DEFINE_THEOREM(Name), at the end of a theorem file, defines the factory that
// theorems/registry.cpp calls for the line NORMBOUND_THEOREM(Name) of theorems/theorem_list.hpp.
#include <memory>

#include "verify/engine/theorem.hpp"

#define NORMBOUND_DEFINE_THEOREM(Name)                                      \
  namespace nb::theorems {                                                  \
  std::unique_ptr<Theorem> make_##Name() {                                  \
    return std::make_unique<TheoremModel<Name>>();                          \
  }                                                                         \
  }
