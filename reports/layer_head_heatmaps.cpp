#include "reports/layer_head_heatmaps.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "reports/decimal_text.hpp"
#include "reports/figure_axes.hpp"
#include "reports/latex_escape.hpp"
#include "verify/results/slack_order.hpp"
#include "verify/results/tightness_ratio.hpp"

namespace nb::reports {
namespace {

using LayerHead = std::pair<std::size_t, std::size_t>;

std::optional<std::size_t> index_in(const std::map<std::string, std::string>& provenance, const char* key) {
  const auto it = provenance.find(key);
  if (it == provenance.end() || it->second.empty() || it->second.size() > 6 ||
      it->second.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  return std::stoul(it->second);
}

// The cases of `t` at each (layer, head), and the numbers of layers and heads the axes span.
struct CasesByHead {
  std::map<LayerHead, std::vector<const CaseOutcome*>> cases;
  std::size_t total = 0, layers = 0, heads = 0;
  std::size_t single_key = 0;  // cases of row 0 left out
};

CasesByHead cases_by_head(const TheoremResult& t) {
  CasesByHead c;
  for (const CaseOutcome& o : t.outcomes) {
    const auto layer = index_in(o.provenance, "layer"), head = index_in(o.provenance, "head");
    if (!layer || !head) continue;
    // Row 0 of causal attention has one key, whose weight is 1 whatever the logits: its slack says
    // nothing about the head, and being the smallest it would colour every cell.
    if (index_in(o.provenance, "row") == std::optional<std::size_t>(0)) {
      ++c.single_key;
      continue;
    }
    ++c.total;
    c.layers = std::max(c.layers, *layer + 1);
    c.heads = std::max(c.heads, *head + 1);
    c.cases[{*layer, *head}].push_back(&o);
  }
  return c;
}

// " (and N cases at row 0 left out: ...)" for the captions, "" when none was.
std::string single_key_words(const CasesByHead& by_head) {
  return by_head.single_key == 0 ? ""
                                 : " (and " + count_text(by_head.single_key, "case at row 0", "cases at row 0") +
                                       " left out: a single key, whose weight is 1)";
}

// A layer x head figure of `cells` with a colour scale over `colour` (log10 values).
Figure heat_figure(const TheoremResult& t, const std::string& kind, const CasesByHead& by_head, HeatMap h,
                   FigureText title, RichText caption) {
  for (auto& tick : h.colour.ticks) tick.label = number_label(fixed_text(tick.at, 0));
  Figure f;
  f.name = kind + "-" + t.info.id;
  f.theorem_id = t.info.id;
  f.title = {t.info.id + ": " + title.unicode, latex_escape(t.info.id) + ": " + title.latex};
  f.caption = std::move(caption);
  f.x = index_axis({"head", "head"}, by_head.heads);
  f.y = index_axis({"layer", "layer"}, by_head.layers);
  f.plot = std::move(h);
  return f;
}

}  // namespace

std::optional<Figure> smallest_slack_heatmap(const TheoremResult& t, const RunSettingsRecord&) {
  const CasesByHead by_head = cases_by_head(t);
  if (by_head.cases.empty()) return std::nullopt;
  // The case of smallest relative slack at each (layer, head).
  std::map<LayerHead, const CaseOutcome*> smallest;
  for (const auto& [at, cases] : by_head.cases)
    smallest[at] = *std::min_element(cases.begin(), cases.end(), [](const CaseOutcome* a, const CaseOutcome* b) {
      return slack_order(a->relative_slack) < slack_order(b->relative_slack);
    });
  std::vector<double> logs;
  for (const auto& [at, o] : smallest)
    if (const auto v = log10_of_positive_midpoint(o->relative_slack)) logs.push_back(*v);
  HeatMap h;
  h.colour = logs.empty() ? decade_axis({"", ""}, -1, 0)
                          : decade_axis({"log₁₀(smallest relative slack)", "$\\log_{10}$(smallest relative slack)"},
                                        *std::min_element(logs.begin(), logs.end()),
                                        *std::max_element(logs.begin(), logs.end()));
  h.off_scale = {{kViolatedColour, "violated"}, {kUndecidedColour, "zero/undecided"}};
  for (const auto& [at, o] : smallest) {
    HeatCell c{at.first, at.second, kUndecidedColour, "zero or undecided"};
    if (o->verdict == Verdict::Violated || o->verdict == Verdict::ViolatedStatistical) {
      c.colour = kViolatedColour;
      c.note = "violated";
    } else if (const auto v = log10_of_positive_midpoint(o->relative_slack)) {
      c.colour = scale_colour((*v - h.colour.lo) / (h.colour.hi - h.colour.lo));
      c.note = "log10 " + fixed_text(*v, 2);
    }
    h.cells.push_back(std::move(c));
  }
  return heat_figure(t, "heatmap", by_head, std::move(h),
                     {"smallest slack per layer and head", "smallest slack per layer and head"},
                     {plain("Smallest relative slack of "), code(t.info.id),
                      plain(" at each layer and head, over " + count_text(by_head.total, "case", "cases") +
                            single_key_words(by_head) + ": colour is log10 of its midpoint (scale beside the map); red: a violated case; "
                            "grey: zero or undecided slack; blank: no case.")});
}

std::optional<Figure> ratio_heatmap(const TheoremResult& t, const RunSettingsRecord&) {
  const CasesByHead by_head = cases_by_head(t);
  if (by_head.cases.empty()) return std::nullopt;
  // The medians of the looseness block (source_looseness.hpp), from the same function.
  std::map<LayerHead, double> medians;
  for (const auto& [at, cases] : by_head.cases)
    if (const auto spread = log10_ratio_spread(cases)) medians[at] = spread->median;
  std::vector<double> all;
  for (const auto& [at, m] : medians) all.push_back(m);
  constexpr double kMaxDecades = 12;  // of the colour scale; lower medians are drawn at its bottom
  ClampedRange range = decade_range(all, kMaxDecades);
  HeatMap h;
  h.colour = decade_axis({"log₁₀(median value/bound)", "$\\log_{10}$(median value/bound)"}, range.lo, range.hi);
  h.off_scale = {{kUndecidedColour, "no ratio"}};
  for (const auto& [at, cases] : by_head.cases) {
    HeatCell c{at.first, at.second, kUndecidedColour, "no certified inequality with positive value and bound"};
    if (const auto m = medians.find(at); m != medians.end()) {
      c.colour = scale_colour((range.place(m->second) - h.colour.lo) / (h.colour.hi - h.colour.lo));
      c.note = "median log10(value/bound) " + fixed_text(m->second, 2) + " over " +
               count_text(cases.size(), "case", "cases");
    }
    h.cells.push_back(std::move(c));
  }
  std::string after = " at each layer and head (bound/value where the claim is a lower bound), over " +
                      count_text(by_head.total, "case", "cases") + single_key_words(by_head) +
                      ": colour is log10 of the median (scale beside the map); 0 is a bound attained, −k a bound "
                      "k decades looser than the value (vacuous), above 0 a bound that fails; grey: no certified "
                      "inequality case with a positive value and bound; blank: no case.";
  if (range.below)
    after += " " + count_text(range.below, "head", "heads") + " with a median below " +
             setting_text(std::pow(10.0, range.lo)) + " drawn at the bottom of the scale.";
  return heat_figure(t, "ratio", by_head, std::move(h),
                     {"median value/bound per layer and head", "median value/bound per layer and head"},
                     {plain("Median of value/bound of "), code(t.info.id), plain(after)});
}

}  // namespace nb::reports
