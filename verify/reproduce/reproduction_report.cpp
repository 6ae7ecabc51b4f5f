#include "verify/reproduce/reproduction_report.hpp"

#include <cstdio>

#include "reports/sweep_figure_json.hpp"
#include "reports/sweep_figure_pgfplots.hpp"
#include "reports/sweep_figure_svg.hpp"
#include "verify/io/errors.hpp"
#include "verify/io/recorded_path.hpp"
#include "verify/results/results.hpp"

namespace nb::reproduce {
namespace {

std::string seconds_text(double s) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f s", s);
  return buffer;
}

nlohmann::json verdict_counts_json(const RunResults& certified) {
  nlohmann::json j = nlohmann::json::array();
  for (const TheoremResult& t : certified.theorems) {
    RunResults one;
    one.theorems = {t};
    const nlohmann::json full = results_to_json(one);
    j.push_back({{"theorem", t.info.id}, {"counts", full["theorems"][0]["counts"]}});
  }
  return j;
}

std::vector<std::string> recorded_files(const std::vector<std::string>& files) {
  std::vector<std::string> recorded;
  for (const std::string& f : files) recorded.push_back(recorded_path(f));
  return recorded;
}

// A runtime in seconds for reproduction.json: null where runtimes are not recorded.
nlohmann::json runtime_json(const Reproduction& r, double seconds) {
  return r.runtimes_recorded ? nlohmann::json(seconds) : nlohmann::json(nullptr);
}

nlohmann::json figures_json(const std::vector<SweepFigure>& figures) {
  nlohmann::json j = nlohmann::json::array();
  for (const SweepFigure& f : figures) j.push_back(reports::sweep_figure_json(f));
  return j;
}

std::vector<SweepFigure> figures_from_json(const nlohmann::json& j) {
  std::vector<SweepFigure> figures;
  for (const nlohmann::json& f : j) figures.push_back(reports::sweep_figure_from_json(f));
  return figures;
}

// A runtime reproduction_json wrote: null (not recorded) reads as 0.
double runtime_from_json(const nlohmann::json& j) { return j.is_null() ? 0 : j.get<double>(); }

// The figure's SVG and pgfplots files, and its SVG shown in the report.
void add_figure(const SweepFigure& f, std::vector<reports::ReportFile>& files, std::string& md) {
  files.push_back({f.name + ".svg", reports::sweep_figure_svg(f)});
  files.push_back({f.name + ".tex", reports::sweep_figure_pgfplots(f)});
  md += "![" + f.title + "](" + f.name + ".svg)\n\n";
}

}  // namespace

std::vector<Claim> all_claims(const Reproduction& r) {
  std::vector<Claim> claims;
  for (const auto& e : r.experiments) claims.insert(claims.end(), e.outcome.claims.begin(), e.outcome.claims.end());
  return claims;
}

nlohmann::json reproduction_json(const Reproduction& r) {
  nlohmann::json j{{"format", "normbound-reproduction"},
                   {"version", kReproductionJsonVersion},
                   {"source", {{"kind", r.source.kind}, {"description", r.source.description}, {"stand_in", r.source.stand_in},
                               {"files", recorded_files(r.source.input_files)}}},
                   {"heads", r.heads},
                   {"model_seconds", runtime_json(r, r.model_seconds)},
                   {"experiments", nlohmann::json::array()},
                   {"certified", verdict_counts_json(r.certified)}};
  if (r.comparison) {
    j["normalizers"] = table_json(r.comparison->table);
    j["normalizer_figures"] = figures_json(r.comparison->figures);
  }
  if (!r.partial.empty()) j["partial"] = r.partial;
  for (const auto& e : r.experiments) {
    const ExperimentOutcome& o = e.outcome;
    j["experiments"].push_back({{"id", o.id},
                                {"title", o.title},
                                {"method", o.method},
                                {"testable", o.testable},
                                {"why_not", o.why_not},
                                {"seconds", runtime_json(r, e.seconds)},
                                {"certified_seconds", runtime_json(r, e.certified_seconds)},
                                {"paper_runtime", o.paper_runtime},
                                {"per_head", table_json(o.per_head)},
                                {"aggregate", table_json(o.aggregate)},
                                {"claims", claims_json(o.claims)},
                                {"figures", figures_json(o.figures)}});
  }
  return j;
}

Reproduction reproduction_from_json(const nlohmann::json& j, RunResults certified) {
  try {
    if (j.at("format") != "normbound-reproduction" || j.at("version") != kReproductionJsonVersion)
      throw InputError("not a reproduction of version " + std::to_string(kReproductionJsonVersion) + " (format " +
                       j.at("format").dump() + ", version " + j.at("version").dump() + ")");
    Reproduction r;
    const nlohmann::json& source = j.at("source");
    r.source.kind = source.at("kind").get<std::string>();
    r.source.description = source.at("description").get<std::string>();
    r.source.stand_in = source.at("stand_in").get<std::string>();
    r.source.input_files = source.at("files").get<std::vector<std::string>>();
    r.heads = j.at("heads").get<std::size_t>();
    r.runtimes_recorded = !j.at("model_seconds").is_null();
    r.model_seconds = runtime_from_json(j.at("model_seconds"));
    for (const nlohmann::json& e : j.at("experiments")) {
      TimedOutcome t;
      ExperimentOutcome& o = t.outcome;
      o.id = e.at("id").get<std::string>();
      o.title = e.at("title").get<std::string>();
      o.method = e.at("method").get<std::string>();
      o.testable = e.at("testable").get<bool>();
      o.why_not = e.at("why_not").get<std::string>();
      t.seconds = runtime_from_json(e.at("seconds"));
      t.certified_seconds = runtime_from_json(e.at("certified_seconds"));
      o.paper_runtime = e.at("paper_runtime").get<std::string>();
      o.per_head = table_from_json(e.at("per_head"));
      o.aggregate = table_from_json(e.at("aggregate"));
      o.claims = claims_from_json(e.at("claims"));
      o.figures = figures_from_json(e.at("figures"));
      r.experiments.push_back(std::move(t));
    }
    if (j.contains("normalizers"))
      r.comparison = NormalizerComparison{table_from_json(j.at("normalizers")), figures_from_json(j.at("normalizer_figures"))};
    if (j.contains("partial")) r.partial = j.at("partial").get<std::string>();
    r.certified = std::move(certified);
    if (verdict_counts_json(r.certified) != j.at("certified"))
      throw InputError("its certified verdict counts are not those of the results given with it");
    return r;
  } catch (const nlohmann::json::exception& e) {
    throw InputError(e.what());
  }
}

std::string runtime_markdown(const Reproduction& r) {
  if (!r.runtimes_recorded) return "Not recorded (`--no-timestamp`: the files of a run are byte-identical).\n";
  std::string s = "| experiment | sweep | certified checks | paper (Table 1, M1 Pro) |\n|---|---|---|---|\n";
  for (const auto& e : r.experiments)
    s += "| " + e.outcome.id + " | " + seconds_text(e.seconds) + " | " + seconds_text(e.certified_seconds) + " | " +
         e.outcome.paper_runtime + " |\n";
  s += "| (source: model passes, dumps) | " + seconds_text(r.model_seconds) + " | | |\n";
  return s;
}

std::vector<reports::ReportFile> reproduction_files(const Reproduction& r) {
  std::vector<reports::ReportFile> files;
  std::string md = "# Reproduction of arXiv 2508.17821, Section 3 (Algorithms 1-5)\n\nSource: " + r.source.description +
                   " (" + std::to_string(r.heads) + " heads)" +
                   (r.source.stand_in.empty() ? "" : ": a " + r.source.stand_in + " (see docs/reproduction.md)") +
                   ".\n\n## Claims\n\n" +
                   (r.partial.empty() ? claims_markdown(all_claims(r))
                                      : "Not judged: the run was " + r.partial + ", and the claims need every head. "
                                        "The tables and certified checks below are those of the heads seen.\n") +
                   "\n## Runtimes\n\n" + runtime_markdown(r) + "\n";
  if (r.comparison) {
    md += "## Normalizers compared\n\nThe paper studies softmax only. Each normalizer below ran Algorithms 1-5 on the "
          "same heads, rows and random draws; its own sections follow the softmax ones. Table: "
          "[normalizers.csv](normalizers.csv).\n\n" + table_markdown(r.comparison->table) + "\n";
    files.push_back({"normalizers.csv", table_csv(r.comparison->table)});
    for (const SweepFigure& f : r.comparison->figures) add_figure(f, files, md);
  }
  for (const auto& e : r.experiments) {
    const ExperimentOutcome& o = e.outcome;
    md += "## " + o.title + "\n\n";
    if (!o.testable) {
      md += o.why_not + ".\n\n";
      continue;
    }
    md += "Method: " + o.method + ".\n\nTables: [" + o.id + ".csv](" + o.id + ".csv) (per head), [" + o.id +
          "-curves.csv](" + o.id + "-curves.csv) (aggregates).\n\n";
    files.push_back({o.id + ".csv", table_csv(o.per_head)});
    files.push_back({o.id + "-curves.csv", table_csv(o.aggregate)});
    for (const SweepFigure& f : o.figures) add_figure(f, files, md);
  }
  files.push_back({"reproduction.json", reproduction_json(r).dump(1) + "\n"});
  files.push_back({"results.json", results_to_json(r.certified).dump(1) + "\n"});
  files.push_back({"report.md", md});
  return files;
}

}  // namespace nb::reproduce
