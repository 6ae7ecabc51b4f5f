// Region proofs (`normbound prove`) against naive interval propagation: for each statement below,
// the boxes evaluated, the wall time and the outcome with the residual fraction of the region's
// volume, for
//   naive  the widest side cut (relative to the region), the engine's softmax for points, plain
//          interval propagation of every formula (the natural form);
//   prove  what `normbound prove` does: the measured cut, softmax over a box as its range, the
//          softmax Jacobian's norm in its centred form, and the mean-value form and monotonicity
//          test where the formulas have derivatives.
// The same box limit for both, so that a method that decides more within it shows a smaller
// residual, and one that decides everything shows fewer boxes. One thread (the tree does not
// depend on the thread count; the time does). The statements: the three of the proofs' reference
// (Corollary 3 as printed, refuted; the sharp spectral bound, claim 1; Corollary 1's weight
// bounds, equal at q = 0), two theorem files, and claim 1 written with 1/(2T) apart from the norm.
//
//   bench_region_proofs [--specs DIR] [--max-boxes N] [--only TEXT]
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "theorems/file_theorem.hpp"
#include "verify/prove/counterexample.hpp"
#include "verify/prove/region_proof.hpp"

namespace {

using namespace nb;
using namespace nb::prove;

struct Statement {
  std::string name, file;
  std::vector<std::string> sizes, regions;
  std::vector<std::size_t> claims;
};

struct Method {
  std::string name;
  ChooseCut cut;
  BoxKernels kernels;
  BoxForms forms;
};

struct Run {
  ProofOutcome outcome;
  std::size_t boxes;
  double seconds, residual;
};

Run run(const Statement& s, const Method& m, std::size_t max_boxes) {
  const formula::TheoremSpec spec = theorems::read_theorem_file_spec(s.file);
  const std::unique_ptr<Theorem> theorem = theorems::make_file_theorem(spec);
  const Region region = make_region(spec, s.sizes, s.regions, true);
  const BoxStatement statement(spec, region, s.claims, m.kernels, {}, m.forms);
  ProofSettings settings;
  settings.max_boxes = max_boxes;
  settings.cut = m.cut;
  const auto start = std::chrono::steady_clock::now();
  const RegionProof proof = prove_region(statement, spec, region, settings, [&](const Case& c) -> std::optional<Case> {
    if (engine_outcome(*theorem, c, false).verdict == Verdict::Violated) return c;
    return std::nullopt;
  });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return {proof.outcome, proof.boxes, seconds,
          proof.region_volume > 0 ? Rational(proof.residual_volume / proof.region_volume).convert_to<double>() : 0.0};
}

std::string outcome_text(const Run& r) {
  char residual[32];
  std::snprintf(residual, sizeof residual, " (%.3g%% left)", 100 * r.residual);
  return std::string(proof_outcome_name(r.outcome)) + (r.outcome == ProofOutcome::Undecided ? residual : "");
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Region proofs against naive interval propagation"};
  std::string specs = NORMBOUND_SPECS_DIR, only;
  std::size_t max_boxes = 200000;
  app.add_option("--specs", specs, "The theorem files' directory");
  app.add_option("--max-boxes", max_boxes, "Box limit of every run")->capture_default_str();
  app.add_option("--only", only, "Only the statements whose name contains this");
  CLI11_PARSE(app, argc, argv);

  const std::vector<Statement> statements = {
      {"Corollary 3 as printed, L=2", specs + "/softmax-jacobian-spectral-as-printed.toml", {"L=2"},
       {"logits=[-1,1]", "T=[1,1]"}, {}},
      {"sharp spectral claim 1 (T ||J|| <= 1/2), L=3", specs + "/softmax-jacobian-spectral-sharp.toml",
       {"L=3"}, {"logits=[-2,2]", "T=[1/2,2]"}, {0}},
      {"Corollary 1 weight bounds, L=2 d=1", specs + "/softmax-weight-bounds.toml", {"L=2", "d=1"},
       {"query=[-1,1]", "keys=[1/2,2]", "T=[1,1]"}, {}},
      // On [-1/4, 1/4]^3 no weight reaches 1/2, where an entry's bound is attained.
      {"file: Jacobian entries <= 1/(4T), L=3", specs + "/softmax-jacobian-entry.toml", {"L=3"},
       {"logits=[-1/4,1/4]", "T=[1,2]"}, {}},
      {"file: Jacobian saturation, L=3", specs + "/softmax-jacobian-saturation.toml", {"L=3"},
       {"logits=[-1,1]", "T=[1,2]"}, {}},
      // Claim 1 with its bound 1/(2T) apart from the norm, as a user might first write it.
      {"file: ||J|| <= 1/(2T), L=3", NORMBOUND_PROVE_TEST_DATA "/jacobian-norm-below-half-over-t.toml", {"L=3"},
       {"logits=[-1,1]", "T=[1,2]"}, {}},
  };
  const std::vector<Method> methods = {{"naive", ChooseCut::Widest, BoxKernels::Engine, BoxForms::Natural},
                                       {"prove", ChooseCut::Measured, BoxKernels::Range, BoxForms::MeanValue}};
  std::cout << "| statement | method | outcome | boxes | seconds |\n|---|---|---|---:|---:|\n";
  for (const Statement& s : statements) {
    if (!only.empty() && s.name.find(only) == std::string::npos) continue;
    for (const Method& m : methods) {
      const Run r = run(s, m, max_boxes);
      char seconds[32];
      std::snprintf(seconds, sizeof seconds, "%.3g", r.seconds);
      std::cout << "| " << s.name << " | " << m.name << " | " << outcome_text(r) << " | " << r.boxes << " | " << seconds
                << " |" << std::endl;
    }
  }
  std::cout << "\nBox limit " << max_boxes << ", one thread.\n";
  return 0;
}
