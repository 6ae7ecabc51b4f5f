#include "reports/figure_axes.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "reports/decimal_text.hpp"

namespace nb::reports {

FigureText decade_label(double t) {
  static const char* const kSuperscript[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
  const long k = std::lround(t);
  std::string digits = std::to_string(k < 0 ? -k : k), unicode = k < 0 ? "⁻" : "";
  for (char d : digits) unicode += kSuperscript[d - '0'];
  return {"10" + unicode, "$10^{" + std::to_string(k) + "}$"};
}

FigureText number_label(const std::string& text) {
  return {text[0] == '-' ? "−" + text.substr(1) : text, "$" + text + "$"};
}

double nice_step(double lo, double hi, std::size_t max_ticks) {
  const double raw = std::max(hi - lo, 1e-9) / static_cast<double>(std::max<std::size_t>(max_ticks - 1, 1));
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0})
    if (m * magnitude >= raw * (1 - 1e-12)) return m * magnitude;
  return 10 * magnitude;
}

std::vector<double> multiples_in(double step, double lo, double hi) {
  std::vector<double> at;
  for (double k = std::ceil(lo / step - 1e-9); k * step <= hi + 1e-9 * step; ++k) at.push_back(k * step + 0.0);
  return at;
}

std::vector<Tick> nice_ticks(double lo, double hi, std::size_t max_ticks, bool integers, bool decades) {
  double step = nice_step(lo, hi, max_ticks);
  if (integers) step = std::max(step, 1.0);
  int decimals = 0;  // the fewest that print every multiple of the step exactly
  while (decimals < 6 && std::abs(step * std::pow(10.0, decimals) - std::round(step * std::pow(10.0, decimals))) > 1e-9)
    ++decimals;
  std::vector<Tick> ticks;
  for (double at : multiples_in(step, lo, hi))
    ticks.push_back({at, decades ? decade_label(at) : number_label(fixed_text(at, decimals))});
  return ticks;
}

Axis decade_axis(FigureText label, double lo, double hi) {
  Axis a{std::move(label), std::floor(lo) + 0.0, std::ceil(hi) + 0.0, {}};  // + 0.0 turns -0 into 0
  if (a.hi - a.lo < 1) a.hi = a.lo + 1;
  a.ticks = nice_ticks(a.lo, a.hi, 8, true, true);
  return a;
}

Axis index_axis(FigureText label, std::size_t n) {
  Axis a{std::move(label), -0.5, static_cast<double>(n) - 0.5, {}};
  // At most 7 labels: a heat map beside another is half a line wide, where 12 labels of heads
  // 0..11 would run together; more heads than that are labelled every 2, 5, 10 ...
  a.ticks = nice_ticks(0, static_cast<double>(n - 1), 7, true, false);
  return a;
}

double ClampedRange::place(double v) {
  if (v < lo) {
    ++below;
    return lo;
  }
  if (v > hi) {
    ++above;
    return hi;
  }
  return v;
}

ClampedRange decade_range(const std::vector<double>& logs, double max_decades, bool keep_bottom) {
  if (logs.empty()) return {0, 1};
  ClampedRange r{std::floor(*std::min_element(logs.begin(), logs.end())) + 0.0,
                 std::ceil(*std::max_element(logs.begin(), logs.end())) + 0.0};
  if (r.hi - r.lo < 1) r.hi = r.lo + 1;
  if (r.hi - r.lo > max_decades) {
    if (keep_bottom) {
      r.hi = r.lo + max_decades;
    } else {
      r.lo = r.hi - max_decades;
    }
  }
  return r;
}

Rgb scale_colour(double fraction) {
  const double p = std::clamp(fraction, 0.0, 1.0) * static_cast<double>(kColourScale.size() - 1);
  const std::size_t i = std::min(static_cast<std::size_t>(p), kColourScale.size() - 2);
  const double w = p - static_cast<double>(i);
  Rgb c{};
  for (std::size_t k = 0; k < 3; ++k)
    c[k] = static_cast<std::uint8_t>(std::lround((1 - w) * kColourScale[i][k] + w * kColourScale[i + 1][k]));
  return c;
}

const EnclosureText* quantity_of(const CaseOutcome& o, const std::string& name) {
  for (const auto& [n, e] : o.quantities)
    if (n == name) return &e;
  return nullptr;
}

double jitter(std::size_t index) {
  const std::uint64_t h = (static_cast<std::uint64_t>(index) + 1) * 0x9E3779B97F4A7C15ULL;
  return (static_cast<double>(h >> 40) / static_cast<double>(1ULL << 24) - 0.5) * 0.6;
}

}  // namespace nb::reports
