#include "reports/json_report.hpp"

#include <cstdio>

#include "reports/case_text.hpp"
#include "reports/svg_plot.hpp"

namespace nb::reports {
namespace {

using nlohmann::json;

json indices(const std::vector<const CaseOutcome*>& cases) {
  json a = json::array();
  for (const CaseOutcome* o : cases) a.push_back(o->index);
  return a;
}

json theorem_json(const TheoremReport& r) {
  const Tightness& k = r.tightness;
  const FlaggedCases& f = r.flagged;
  json violations = json::array();
  for (const FlaggedCase* v : f.violations) violations.push_back(v->outcome.index);
  json j = {{"id", r.result->info.id},
            {"smallest_relative_slack", nullptr},
            {"worst_case_index", nullptr},
            {"worst_case_inputs", nullptr},
            {"median_log10_relative_slack", nullptr},
            {"median_cases", k.median_cases},
            {"flagged",
             {{"violations", violations},
              {"violations_total", f.violations_total},
              {"violated_statistical", indices(f.statistical_violations)},
              {"tightest", indices(f.tightest)},
              {"tight_total", f.tight_total},
              {"undecided", indices(f.undecided)}}}};
  if (k.worst_case) {
    const CaseOutcome& o = k.worst_case->outcome;
    j["smallest_relative_slack"] = json::array({o.relative_slack.lo, o.relative_slack.hi});
    j["worst_case_index"] = o.index;
    j["worst_case_inputs"] = input_summary(k.worst_case->input);
  }
  if (k.median_log10_relative_slack) j["median_log10_relative_slack"] = *k.median_log10_relative_slack;
  return j;
}

json axis_json(const Axis& a) {
  json ticks = json::array();
  for (const Tick& t : a.ticks) ticks.push_back({{"at", t.at}, {"label", t.label.unicode}});
  return {{"label", a.label.unicode}, {"lo", a.lo}, {"hi", a.hi}, {"ticks", ticks}};
}

std::string hex_colour(const Rgb& c) {
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "#%02x%02x%02x", c[0], c[1], c[2]);
  return buffer;
}

json points_json(const std::vector<ScatterPoint>& points) {
  json j = json::array();
  for (const ScatterPoint& p : points) j.push_back({{"x", p.x}, {"y", p.y}});
  return j;
}

void plot_json(json& j, const Scatter& s) {
  j["kind"] = "scatter";
  j["series"] = json::array();
  for (const ScatterSeries& series : s.series)
    j["series"].push_back({{"label", series.label.unicode},
                           {"colour", hex_colour(series.colour)},
                           {"mark", series.mark == Mark::Ring ? "ring" : "dot"},
                           {"points", points_json(series.points)}});
  j["lines"] = json::array();
  for (const ReferenceLine& l : s.lines)
    j["lines"].push_back({{"axis", l.vertical ? "x" : "y"}, {"at", l.at}, {"label", l.label.unicode}});
  j["curves"] = json::array();
  for (const Curve& c : s.curves)
    j["curves"].push_back({{"label", c.label.unicode},
                           {"colour", hex_colour(c.colour)},
                           {"dashed", c.dashed},
                           {"points", points_json(c.points)}});
}
void plot_json(json& j, const HeatMap& h) {
  j["kind"] = "heatmap";
  j["colour_axis"] = axis_json(h.colour);
  j["cells"] = json::array();
  for (const HeatCell& c : h.cells)
    j["cells"].push_back({{"layer", c.row}, {"head", c.col}, {"colour", hex_colour(c.colour)}, {"note", c.note}});
}

json figure_json(const Figure& f) {
  json j = {{"name", f.name},
            {"file", svg_file_name(f)},
            {"theorem", f.theorem_id},
            {"title", f.title.unicode},
            {"caption", plain_text(f.caption)},
            {"x", axis_json(f.x)},
            {"y", axis_json(f.y)}};
  std::visit([&](const auto& p) { plot_json(j, p); }, f.plot);
  return j;
}

}  // namespace

json json_report(const ReportContent& content) {
  json header = json::array(), theorems = json::array(), figures = json::array(), findings = json::array();
  for (const HeaderRow& h : content.header) header.push_back({{"key", h.key}, {"value", plain_text(h.value)}});
  for (const TheoremReport& r : content.theorems) theorems.push_back(theorem_json(r));
  for (const Figure& f : content.figures) figures.push_back(figure_json(f));
  for (const RichText& f : content.findings) findings.push_back(plain_text(f));
  json j = results_to_json(*content.results);
  j["report"] = {{"top", content.options.top},
                 {"header", header},
                 {"theorems", theorems},
                 {"figures", figures},
                 {"findings", findings}};
  return j;
}

std::string json_report_text(const ReportContent& content) {
  return json_report(content).dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace nb::reports
