#include "verify/cli/reproduce_command.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <optional>
#include <set>
#include <sstream>

#include <unistd.h>

#include "verify/reproduce/reproduction.hpp"
#include "verify/reproduce/reproduction_report.hpp"
#include "verify/reproduce/verdict_flips.hpp"
#include "verify/cli/check_table.hpp"
#include "verify/cli/command_line.hpp"
#include "verify/cli/count_option.hpp"
#include "verify/cli/exact_time_limit_option.hpp"
#include "verify/cli/input_sources.hpp"
#include "verify/cli/interrupt_signals.hpp"
#include "verify/cli/outputs_apart.hpp"
#include "verify/cli/run_outputs.hpp"
#include "verify/cli/terminal_style.hpp"
#include "verify/cli/terminal_text.hpp"
#include "verify/cli/wrapped_text.hpp"
#include "verify/cli/worker_threads.hpp"
#include "verify/io/errors.hpp"
#include "verify/io/recorded_path.hpp"
#include "verify/results/version.hpp"

namespace nb::cli {
namespace {

constexpr std::uint64_t kMaxWindows = 1000, kMaxSamples = 100000;

void validate(const ReproduceOptions& o) {
  validate_exact_time_limit(o.exact_time_limit);
  if (o.all && !o.experiments.empty()) throw UsageError("give experiments or --all, not both");
  for (std::size_t L : o.sweep.grid_L)
    if (L < 2) throw UsageError("--grid-L values must be at least 2 (got " + std::to_string(L) + ")");
  for (std::size_t N : o.sweep.grid_N)
    if (N < 1) throw UsageError("--grid-N values must be at least 1");
  for (double T : o.sweep.grid_T)
    if (!(T > 0) || !std::isfinite(T)) throw UsageError("--grid-T values must be finite and > 0");
  for (const std::string& scale : o.sweep.logit_scales)
    if (scale != "scaled" && scale != "raw") throw UsageError("--fig4-logits takes scaled and/or raw (got '" + scale + "')");
  if (o.sweep.logit_scales.empty()) throw UsageError("--fig4-logits needs scaled, raw or both");
  if (o.normalizers.empty()) throw UsageError("--normalizer needs a name or all");
  for (double e : o.sweep.grid_eps)
    if (!(e > 0) || !std::isfinite(e)) throw UsageError("--grid-eps values must be finite and > 0");
}

// How many leading columns of `t` name its rows: the fewest that tell every row apart (L for
// Fig. 2a's table, L and N for Fig. 2b's, which has one L), else the first alone.
std::size_t naming_columns(const reproduce::ResultTable& t) {
  for (std::size_t k = 1; k < t.columns.size(); ++k) {
    std::set<std::vector<std::string>> names;
    for (const auto& row : t.rows) names.emplace(row.begin(), row.begin() + static_cast<std::ptrdiff_t>(k));
    if (names.size() == t.rows.size()) return k;
  }
  return 1;
}

// The aggregate table as aligned text, numbers to 6 significant digits (the files keep every
// digit). A table wider than `width` is printed in blocks of columns that fit, one below the
// other, each beginning with the columns that name the rows (naming_columns).
void print_table(const reproduce::ResultTable& t, std::ostream& out, std::optional<std::size_t> width) {
  if (t.columns.empty()) return;
  std::vector<std::vector<std::string>> cells{t.columns};
  for (const auto& row : t.rows) {
    cells.push_back(row);
    for (std::string& cell : cells.back()) {
      char* end = nullptr;
      const double v = std::strtod(cell.c_str(), &end);
      if (end && *end == '\0' && !cell.empty() && cell.find_first_not_of("0123456789") != std::string::npos) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.6g", v);
        cell = buffer;
      }
      cell = terminal_safe(cell);
    }
  }
  std::vector<std::size_t> widths(t.columns.size());
  for (const auto& row : cells)
    for (std::size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], columns(row[c]));
  const auto block = [&](const std::vector<std::size_t>& shown) {
    for (const auto& row : cells) {
      out << " ";
      for (const std::size_t c : shown) out << " " << std::string(widths[c] - columns(row[c]), ' ') << row[c];
      out << "\n";
    }
  };
  // Each block: a space, then each column after a space of its own.
  const std::size_t naming = naming_columns(t);
  std::vector<std::size_t> names;
  std::size_t names_width = 1;
  for (std::size_t c = 0; c < naming; ++c) {
    names.push_back(c);
    names_width += 1 + widths[c];
  }
  std::vector<std::size_t> shown = names;
  std::size_t used = names_width;
  for (std::size_t c = naming; c < widths.size(); ++c) {
    if (width && shown.size() > naming && used + 1 + widths[c] > *width) {
      block(shown);
      out << "\n";
      shown = names;
      used = names_width;
    }
    shown.push_back(c);
    used += 1 + widths[c];
  }
  block(shown);
}

// The normalizers named (or all), softmax first as the paper's reference, each once.
std::vector<kernels::AttentionNormalizer> normalizers_named(const std::vector<std::string>& names) {
  std::vector<kernels::AttentionNormalizer> chosen{kernels::AttentionNormalizer::Softmax};
  for (const std::string& name : names)
    for (kernels::AttentionNormalizer n :
         name == "all" ? kernels::attention_normalizers() : std::vector{kernels::attention_normalizer(name)})
      if (std::find(chosen.begin(), chosen.end(), n) == chosen.end()) chosen.push_back(n);
  return chosen;
}

}  // namespace

CLI::App* add_reproduce_command(CLI::App& app, ReproduceOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "reproduce",
      "Reproduce the experiments of arXiv 2508.17821 (Section 3: Algorithms 1-5, Figs. 2-4) and check its claims E1-E6.\n"
      "Experiments: fig2a (Alg. 1), fig2b (Alg. 2), fig2c (Alg. 3), fig3 (Alg. 4), fig4 (Alg. 5).\n"
      "Examples:\n"
      "  normbound reproduce --all --source gpt2-positions:DIR --report out/reproduce\n"
      "  normbound reproduce fig4 --source attention-dump:prompt0.json\n"
      "  normbound reproduce fig2a fig2b --source random-gpt2:layers=1,heads=2,embd=16,positions=64");
  cmd->add_option("experiments", o.experiments, "Experiments to run: fig2a, fig2b, fig2c, fig3, fig4");
  cmd->add_flag("--all", o.all, "Run all five experiments");
  o.heads.source.spec = "";
  cmd->add_option("--source", o.heads.source.spec,
                  "hf:DIR with --text (a Hugging Face Llama, Mistral or GPT-2 directory on text windows), "
                  "gpt2-positions:DIR (the position-embedding probe), gpt2:DIR with --text (text windows), "
                  "attention-dump:PATH (logits only: fig4), random-gpt2[:layers=L,heads=H,embd=E,positions=P] "
                  "(seeded random weights; default GPT-2 small's shape)")
      ->required();
  cmd->add_option("--text", o.heads.source.text_file, "Text file for --source hf:DIR or gpt2:DIR");
  cmd->add_option("--text-string", o.heads.source.text_string, "Text for --source hf:DIR or gpt2:DIR");
  add_count_option(*cmd, "--windows", o.windows, 1, kMaxWindows,
                   "hf:DIR, gpt2:DIR: consecutive windows of --max-tokens tokens taken from the text");
  cmd->add_option("--vectors", o.heads.source.vectors,
                  "What plays x_i: values, keys, queries or hidden (the layer's input)")
      ->capture_default_str();
  cmd->add_option("--layers", o.heads.source.layers, "Layers to use (default all)")->delimiter(',');
  cmd->add_option("--heads", o.heads.source.heads, "Heads to use (default all)")->delimiter(',');
  cmd->add_option("--max-tokens", o.heads.source.max_tokens, "Tokens (positions) per window")->capture_default_str();
  cmd->add_option("--rows", o.sweep.rows, "Query rows per head and grid point: all, or K evenly spaced")
      ->capture_default_str();
  cmd->add_option("--certified-rows", o.certified_rows,
                  "Rows the per-row theorems are checked certified on: last (the last row of each head and grid "
                  "point) or sweep (every row of the sweep at every grid point, in bounded memory)")
      ->check(CLI::IsMember({"last", "sweep"}))
      ->capture_default_str();
  add_count_option(*cmd, "--samples", o.samples, 2, kMaxSamples,
                   "Random subsets (permutations) per row for the sampled expectation models");
  add_count_option(*cmd, "--seed", o.sweep.seed, 0, std::numeric_limits<std::uint64_t>::max(),
                   "Seed of every random draw (printed; same seed, same results whatever --threads)");
  cmd->add_option("--threads", o.threads, "Worker threads (0: one per hardware thread)")->capture_default_str();
  cmd->add_option("--grid-L", o.sweep.grid_L, "Lengths L of Algorithms 1 and 3 (defaults 32,64,...,1024 / 64,128,...,1024; Alg. 2: the largest)")->delimiter(',');
  cmd->add_option("--grid-N", o.sweep.grid_N,
                  "Sizes N (Alg. 1: the first; Alg. 2, 3, 4: the grid; defaults 5 / 1,5,10,20,100 / 1,2,3,4,6,...,96,128 / 2,4,...,64)")
      ->delimiter(',');
  cmd->add_option("--grid-T", o.sweep.grid_T, "Temperatures of Algorithm 5 (default 10^(-2+k/4), k = 0..16)")
      ->delimiter(',');
  cmd->add_option("--grid-eps", o.sweep.grid_eps, "Step sizes of Algorithm 5 (default 1e-3,1e-1,10)")->delimiter(',');
  cmd->add_option("--fig4-logits", o.sweep.logit_scales,
                  "Logits of Algorithm 5: scaled (q.k/sqrt(d), the model's), raw (q.k) or scaled,raw")
      ->delimiter(',')
      ->capture_default_str();
  cmd->add_option("--normalizer", o.normalizers,
                  "Attention normalizers: softmax (the paper's), sparsemax, entmax15, sigmoid, ssmax, a list or all; "
                  "softmax always runs as the reference, and the report compares them")
      ->delimiter(',')
      ->capture_default_str();
  o.compare_seed_given = false;
  add_count_option(*cmd, "--compare-seed", o.compare_seed, 0, std::numeric_limits<std::uint64_t>::max(),
                   "Run again with this seed (random-gpt2: other weights too); a claim whose verdict differs is FRAGILE")
      ->each([&o](const std::string&) { o.compare_seed_given = true; });
  cmd->add_option("--compare-source", o.compare_source,
                  "Run again on this source (e.g. random-gpt2 beside gpt2-positions:DIR); a claim whose verdict differs "
                  "is FRAGILE");
  cmd->add_option("--compare-text", o.compare_text,
                  "Run again on this text (e.g. TinyStories beside War and Peace through the same hf:DIR, or through "
                  "--compare-source); a claim whose verdict differs is FRAGILE");
  cmd->add_option("--json", o.json,
                  "Write the whole reproduction as JSON to this file ('-': to stdout, the text then going to stderr)");
  cmd->add_option("--report", o.report_dir,
                  "Write a directory: report.md (claims, runtimes, SVG figures), pgfplots .tex figures, CSV tables, "
                  "reproduction.json and results.json (the certified checks)");
  cmd->add_flag("--force", o.force,
                "Let --report write into a directory holding files normbound did not write (as check --force)");
  add_exact_time_limit_option(*cmd, o.exact_time_limit);
  cmd->add_flag("--wide", o.wide,
                "Print tables and lines as long as they come, however narrow the terminal (as check --wide)");
  cmd->add_flag("--no-timestamp", o.no_timestamp,
                "Record no timestamp and no runtimes (the files of a run are then byte-identical; the terminal "
                "still shows the runtimes)");
  return cmd;
}

int run_reproduce(const ReproduceOptions& o, int argc, char** argv, std::ostream& stdout_stream, std::ostream& stderr_stream,
                  const RankWorld& ranks) {
  validate(o);
  RunOutputs outputs(o.json, stdout_stream, stderr_stream, ranks.leads(), o.wide);
  std::ostream& err = outputs.err();
  const TerminalStyle& style = outputs.style();
  const TerminalStyle progress_style = terminal_style_of(STDERR_FILENO, o.wide);
  // The text, fitted to the terminal a piece at a time (styled); the progress lines are fitted to
  // standard error's.
  std::ostringstream out;
  const auto show = [&] {
    outputs.out() << styled(out.str(), style);
    out.str("");
  };
  reproduce::ReproductionRequest request;
  request.heads = o.heads;
  request.heads.windows = static_cast<int>(o.windows);
  request.heads.seed = o.sweep.seed;
  request.sweep = o.sweep;
  request.sweep.certify_every_row = o.certified_rows == "sweep";
  request.sweep.samples = o.samples;
  request.sweep.threads = worker_threads(o.threads, err);
  request.sweep.ranks = &ranks;
  request.experiments = o.all ? reproduce::experiment_ids() : o.experiments;
  request.normalizers = normalizers_named(o.normalizers);
  request.certified.threads = request.sweep.threads;
  request.certified.seed = o.sweep.seed;
  request.certified.exact_time_limit = o.exact_time_limit;
  request.record.command_line = command_line(argc, argv);
  request.record.timestamp = timestamp(o.no_timestamp);
  request.record.source = recorded_spec(o.heads.source.spec);

  std::vector<NamedPath> inputs{{"--text", o.heads.source.text_file}, {"--compare-text", o.compare_text}};
  for (const auto& [option, spec] : {std::pair{"--source", o.heads.source.spec}, std::pair{"--compare-source", o.compare_source}})
    if (const auto source = source_input(option, spec)) inputs.push_back(*source);
  refuse_outputs_onto_inputs({{"--json", o.json}}, {{"--report", o.report_dir}}, inputs);

  outputs.stage_report(o.report_dir, o.force);

  out << "normbound " << kVersion << " reproduce: seed " << o.sweep.seed << ", " << request.sweep.threads
      << " thread(s)" << (ranks.size() > 1 ? " on each of " + std::to_string(ranks.size()) + " MPI ranks" : "")
      << ", rows per head " << o.sweep.rows << ", " << o.samples << " samples per row\n";
  show();
  // The first SIGINT, SIGTERM or SIGUSR1 (the one mpirun forwards to every rank) stops the sweep
  // after the head under evaluation and keeps what the heads seen decided. The ranks of an MPI job
  // feed the same heads in step and must stop at the same one: before each head every rank takes
  // rank 0's answer, whenever the signal reached each.
  std::optional<StopOnSignal> stop_on_signal(std::in_place, ranks.leads(), "the head");
  request.stop = [&ranks] { return ranks.share_from_lead(StopOnSignal::stop_requested()); };
  reproduce::Reproduction r = reproduce::reproduce(request, [&](const std::string& line) {
    err << styled("reproduce: " + line + "\n", progress_style) << std::flush;
  });
  r.runtimes_recorded = !o.no_timestamp;
  std::string stopped = r.partial;
  if (stopped.empty() && (o.compare_seed_given || !o.compare_source.empty() || !o.compare_text.empty())) {
    reproduce::ReproductionRequest again = request;
    if (o.compare_seed_given) again.heads.seed = again.sweep.seed = again.certified.seed = o.compare_seed;
    if (!o.compare_source.empty()) again.heads.source.spec = o.compare_source;
    if (!o.compare_text.empty()) {
      again.heads.source.text_file = o.compare_text;
      again.heads.source.text_string.clear();
    } else if (!reproduce::takes_text(again.heads.source.spec)) {
      // A second source without text (the probe, a random model, dumps) reads no --text or --windows.
      again.heads.source.text_file.clear();
      again.heads.source.text_string.clear();
      again.heads.windows = 1;
    }
    const reproduce::Reproduction other = reproduce::reproduce(again, [&](const std::string& line) {
      err << styled("reproduce (second run): " + line + "\n", progress_style) << std::flush;
    });
    if (!ranks.leads()) return 0;  // its rows and cases are in rank 0's reproduction
    // Each run named by its source kind, its text file's name (two texts through one model) and its seed.
    const auto label = [](const reproduce::Reproduction& run, const reproduce::ReproductionRequest& req) {
      const std::string& text = req.heads.source.text_file;
      return run.source.kind + (text.empty() ? "" : " on " + std::filesystem::path(text).filename().string()) + " seed " +
             std::to_string(req.sweep.seed);
    };
    if (!other.partial.empty()) {
      // The first run is whole: its claims stand, but none is compared.
      stopped = other.partial + " in the second run";
      out << "second run: " << other.source.description << ": " << stopped << "; no claim compared\n";
    } else {
      const std::size_t flips = reproduce::mark_flips(r, other, label(r, request), label(other, again));
      out << "second run: " << other.source.description << ", seed " << again.sweep.seed << ": " << flips
          << " claim(s) differ and now read FRAGILE\n";
    }
  }
  stop_on_signal.reset();  // a signal while the files are written ends the run, writing nothing
  if (!ranks.leads()) return 0;
  if (!r.partial.empty())
    out << "PARTIAL RESULTS: " << r.partial << "; what follows covers the heads seen, and the claims are not judged\n";
  out << "source: " << r.source.description << " (" << r.heads << " heads)\n";
  for (const auto& e : r.experiments) {
    const auto& x = e.outcome;
    out << "\n== " << x.id << ": " << x.title << "\n";
    if (!x.testable) {
      out << x.why_not << "\n";
      continue;
    }
    out << "method: " << x.method << "\n";
    show();
    print_table(x.aggregate, outputs.out(), style.width);
  }
  if (r.comparison) {
    out << "\n== Normalizers compared (Algorithms 1, 4, 5; the paper studies softmax only)\n";
    show();
    print_table(r.comparison->table, outputs.out(), style.width);
  }
  out << "\nClaims (arXiv 2508.17821, Section 3):\n";
  if (!r.partial.empty()) out << "  not judged: the run stopped before its last head\n";
  for (const auto& c : reproduce::all_claims(r))
    out << "  " << c.id << ": " << reproduce::claim_verdict_text(c.verdict) << " - " << c.criterion << "; measured "
        << c.measured << (c.basis.empty() ? "" : " [" + c.basis + "]") << "\n";
  out << "\nRuntimes (wall) beside the paper's Table 1 (M1 Pro):\n";
  for (const auto& e : r.experiments) {
    char line[160];
    std::snprintf(line, sizeof line, "  %-6s sweep %8.1f s, certified checks %8.1f s   (paper: %s)\n", e.outcome.id.c_str(),
                  e.seconds, e.certified_seconds, e.outcome.paper_runtime.c_str());
    out << line;
  }
  char model_line[96];
  std::snprintf(model_line, sizeof model_line, "  source (model passes, dumps) %.1f s\n", r.model_seconds);
  out << model_line;
  if (!r.certified.theorems.empty()) out << "\nCertified checks of the per-row theorems inside the sweeps:\n";
  show();
  if (!r.certified.theorems.empty()) print_verdict_table(r.certified, outputs.out(), style);
  if (outputs.saves_json()) outputs.write_json(reproduce::reproduction_json(r).dump(1) + "\n", "reproduction");
  if (outputs.report()) outputs.write_report(reproduce::reproduction_files(r));
  if (!stopped.empty()) {
    const int status = StopOnSignal::exit_status(stopped);
    return outputs.exit_with(status, stopped + "; the results are partial");
  }
  const int status = exit_status(r.certified);
  return outputs.exit_with(status, exit_status_meaning(status));
}

}  // namespace nb::cli
