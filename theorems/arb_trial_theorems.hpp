#pragma once
// The theorem structs (those still stated in C++) that the Arb trial (bench/arb_vs_mpfi.cpp and its test)
// evaluates in ArbInterval, compiled from their own files with their registration left out: the
// registry's Theorem interface knows only the engine's number types, and the factories that
// NORMBOUND_DEFINE_THEOREM defines are normbound_theorems' already. The structs are the same
// tokens as in the library (one definition), so evaluate<Interval> here is the engine's.
#include "verify/numbers/arb_numbers.hpp"  // first: the theorem templates ask is_interval_v<R>

#include "theorems/theorem_registration.hpp"

#pragma push_macro("NORMBOUND_DEFINE_THEOREM")
#undef NORMBOUND_DEFINE_THEOREM
#define NORMBOUND_DEFINE_THEOREM(Name)
#pragma pop_macro("NORMBOUND_DEFINE_THEOREM")
