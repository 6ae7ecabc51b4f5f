#pragma once
// `normbound prove`: a theorem file's statement proved for every input of a region, by branch and
// bound on boxes (verify/prove/region_proof.hpp), or refuted by a certified counterexample.
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "models/sources/load_source.hpp"
#include "verify/distributed/rank_world.hpp"

namespace nb::cli {

struct ProveOptions {
  std::string id;
  std::string theorem_file;
  std::vector<std::string> sizes;    // NAME=N
  std::vector<std::string> regions;  // NAME=[LO,HI]
  std::vector<std::uint64_t> claims; // 1-based; empty: all
  std::uint64_t max_boxes = 200000;
  double time_limit = 600;
  unsigned threads = 0;
  std::string certificate;
  std::string json;
  std::string cases_dir;
  std::string forms = "mean-value";  // natural | mean-value (prove::BoxForms)
  bool no_reduction = false;        // prove on the whole region, not on an ordered cone (prove/ordered_cone.hpp)
  // --source SPEC --radius R: the neighbourhood of every selected row of a model source
  // (verify/cli/prove_rows.hpp); spec "random" (the default): none, the region.
  sources::SourceRequest source;
  std::vector<std::size_t> top_n{5};
  std::string radius;  // an exact literal >= 0
};

CLI::App* add_prove_command(CLI::App& app, ProveOptions& options);

// Proves, prints the outcome (and the progress on stderr when it is a terminal), writes the
// certificate, the JSON and the counterexample's case file where asked. Returns 0 when the outcome
// is what the theorem expects (PROVEN ON REGION for `holds`, VIOLATED for `violated`), 1 for the
// other certain outcome, 2 when UNDECIDED; throws UsageError / InputError / OutputError. In an
// MPI job (`ranks` of more than one) every rank builds the same proof, evaluating the boxes it is
// dealt (verify/prove/region_proof.hpp); rank 0 alone prints and writes, the others return 0.
int run_prove(const ProveOptions& options, std::ostream& out, const RankWorld& ranks);

// The head of prove's JSON, on a region or on a source's rows: "format" (`format`), "version",
// "theorem" (`id`), "file" (the theorem file as named) and "claims" (the 1-based numbers of the
// 0-based `claims`).
nlohmann::json prove_json_head(const std::string& format, const std::string& id, const std::string& file,
                               const std::vector<std::size_t>& claims);

}  // namespace nb::cli
