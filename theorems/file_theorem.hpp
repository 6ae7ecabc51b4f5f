#pragma once
// A theorem stated in a text file (verify/formula/theorem_spec.hpp) as a Theorem like the built-in
// ones: the same tiers (binary64 intervals, MPFI with escalation, exact decisions of TIGHT
// claims, double and MPFR for search) evaluate its formulas, and its suite draws cases in the
// declared ranges.
//
// The suite: case i draws every length uniformly in its range, then one of five shapes for all
// matrices, vectors and scalars (by i mod 5): uniform in the range; ties (every entry of a vector
// or matrix one drawn value); near-ties (ties, one entry moved by a relative 2^-40 towards the
// inside of the range); the range's ends (each entry low or high); uniform with scalars
// log-uniform where the range is positive and spans more than a factor 100. Every value lies in
// its range (ends that are no double, 0.1, are drawn as the nearest double inside). Integer
// inputs are drawn as integers; an input with values takes one of them exactly (the smallest or
// the largest for the range's ends). Case i depends only on (seed, id, i).
//
// Assumptions checked on every case: each input present with its shape (a scalar, a vector as
// long as its length input says, a matrix of the rows and columns it declares, a length an
// integer of at least 1; a length the case leaves out is read off the first input it sizes, so
// that a model source's rows, which have none, are cases), `positive` inputs > 0 (exactly), an
// input with values holding one of them (exactly), and each [[assume]] relation certainly true on
// the case's enclosures (binary64 intervals, then MPFI at the working precision; one they cannot
// decide refuses the case). Outside the declared ranges a case is still evaluated: the ranges say where the suite
// draws, not where the statement holds.
#include <memory>
#include <string>

#include "verify/formula/theorem_spec.hpp"
#include "verify/engine/theorem.hpp"

namespace nb::theorems {

// The theorem `spec` states. Throws FormulaError (located in the file) when a formula does not fit
// its inputs' shapes or names something unknown: every claim is evaluated once in binary64 on the
// case with each input at the low end of its range.
std::unique_ptr<Theorem> make_file_theorem(formula::TheoremSpec spec);

// The statement in the file at `path` (read_theorem_spec on its text). Throws InputError naming
// the file, line and column of the first mistake.
formula::TheoremSpec read_theorem_file_spec(const std::string& path);

// The theorem stated in the file at `path` (read_theorem_file_spec, then make_file_theorem).
std::unique_ptr<Theorem> read_theorem_file(const std::string& path);

// The name of the exact evaluation of a sphere expectation's undecided draws as a task of the
// children of exact evaluations (verify/formula/vocabulary/sphere_expectations.hpp;
// theorems/registry.cpp adds it), and that task: on the bytes a file theorem's MPFI evaluation
// sends (its id, the case, the exact budget, the precisions, the draws and their enclosures), the
// enclosures of the first draws decided, narrowed to their exact values.
inline const std::string kSphereDrawTask = "sphere-expectation-draws";
std::string decide_sphere_draws(const std::string& input);

}  // namespace nb::theorems
