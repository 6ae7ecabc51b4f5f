// BoxStatement's mean-value form and monotonicity test (BoxForms::MeanValue) on theorem files of
// theorems: enclosures that hold the slack at sampled points of random boxes, narrower than
// the natural form's on small boxes, with lower ends at least the natural form's.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "verify/io/errors.hpp"
#include "verify/numbers/double_interval.hpp"
#include "verify/formula/theorem_spec.hpp"
#include "verify/prove/box_statement.hpp"
#include "verify/prove/region.hpp"
#include "verify/prove/sampled_expectations.hpp"

namespace nb::prove {
namespace {

formula::TheoremSpec spec_file(const std::string& name) {
  const std::string path = std::string(NORMBOUND_SPECS_DIR) + "/" + name;
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return formula::read_theorem_spec(text.str(), path);
}

// A number of [lo, hi] at a random multiple of (hi - lo) / 1024.
Rational sample(const Rational& lo, const Rational& hi, std::mt19937& rng) {
  return lo + (hi - lo) * Rational(static_cast<long>(rng() % 1025)) / Rational(1024);
}

// A box of side `side` (a rational) around a random point of `centers` (per coordinate; a fixed
// coordinate stays fixed).
Box random_box(const Box& centers, const Rational& side, std::mt19937& rng) {
  Box b = centers;
  for (std::size_t k = 0; k < b.lo.size(); ++k) {
    if (centers.lo[k] == centers.hi[k]) continue;
    const Rational c = sample(centers.lo[k], centers.hi[k], rng);
    b.lo[k] = c - side / 2;
    b.hi[k] = c + side / 2;
  }
  return b;
}

struct SpecCase {
  const char* file;
  std::vector<std::string> sizes, regions;  // the region, as `normbound prove` takes it
  std::vector<std::string> centers;         // where the boxes' centres are drawn (near the tight points)
  // The least median ratio of widths, natural / mean-value, at side 2^-6 on the boxes the natural
  // form leaves undecided. Those of the weight bounds hold q = 0, where both claims have kinks
  // (|q| in Delta, and the min/max of weights that tie there): the generalized gradients there
  // are as wide as the slope, so the mean-value form is of first order, as the natural form is
  // (measured: 1.11); none is asserted. The entropy's claim is smooth.
  double min_ratio;
};

const SpecCase kCases[] = {
    {"softmax-weight-bounds.toml",
     {"L=2", "d=1"},
     {"query=[-1,1]", "keys=[1/2,2]", "T=[1,1]"},
     {"query=[-1/32,1/32]", "keys=[1/2,2]", "T=[1,1]"},
     0},
    {"softmax-entropy-log-l.toml", {"L=3"}, {"l=[-1,1]", "T=[1,1]"}, {"l=[-1/32,1/32]", "T=[1,1]"}, 4},
};

// For each case: boxes of sides 2^-2 .. 2^-8 around random centres; at 20 points of each, the
// slack (the natural form on the point) must meet both forms' enclosures of the box, and the
// mean-value enclosure must lie inside the natural one, and its lower end must be raised on some
// (the monotonicity test or the mean-value form). The median ratio of widths natural /
// mean-value at side 2^-6 over the claims the natural form leaves undecided must be at least the
// case's min_ratio.
TEST(MeanValueForm, EnclosesSampledSlacksAndNarrowsSmallBoxes) {
  const unsigned seed = 12345;
  std::printf("seed %u\n", seed);
  std::mt19937 rng(seed);
  for (const SpecCase& c : kCases) {
    const formula::TheoremSpec spec = spec_file(c.file);
    const Region region = make_region(spec, c.sizes, c.regions, true);
    const Box centers = make_region(spec, c.sizes, c.centers, true).box;
    const BoxStatement natural(spec, region, {}, BoxKernels::Range, {}, BoxForms::Natural);
    const BoxStatement mean_value(spec, region, {}, BoxKernels::Range, {}, BoxForms::MeanValue);
    ASSERT_TRUE(mean_value.uses_derivatives()) << c.file;
    std::vector<double> ratios;
    int raised = 0;
    for (int exponent = 2; exponent <= 8; ++exponent) {
      const Rational side = Rational(1) / Rational(1L << exponent);
      for (int t = 0; t < 25; ++t) {
        const Box box = random_box(centers, side, rng);
        const BoxVerdict n = natural.evaluate<DoubleInterval>(box);
        const BoxVerdict m = mean_value.evaluate<DoubleInterval>(box);
        ASSERT_EQ(n.slacks.size(), m.slacks.size());
        for (std::size_t j = 0; j < n.slacks.size(); ++j) {
          const SlackEnclosure &ns = n.slacks[j], &ms = m.slacks[j];
          ASSERT_TRUE(ms.known) << c.file << " claim " << j + 1;
          EXPECT_GE(ms.lo, ns.lo);
          EXPECT_LE(ms.hi, ns.hi);
          if (ms.lo > ns.lo) ++raised;
          if (exponent == 6 && !(ns.lo >= 0))  // undecided by the natural form: tightened
            ratios.push_back(Mpfr(ns.hi - ns.lo).convert_to<double>() / Mpfr(ms.hi - ms.lo).convert_to<double>());
        }
        for (int s = 0; s < 20; ++s) {
          Box point = box;
          for (std::size_t k = 0; k < box.lo.size(); ++k) point.lo[k] = point.hi[k] = sample(box.lo[k], box.hi[k], rng);
          const BoxVerdict p = natural.evaluate<DoubleInterval>(point);
          for (std::size_t j = 0; j < p.slacks.size(); ++j) {
            // The exact slack lies in the point's enclosure and in the box's: they meet.
            EXPECT_LE(p.slacks[j].lo, m.slacks[j].hi) << c.file << " claim " << j + 1 << " side 2^-" << exponent;
            EXPECT_GE(p.slacks[j].hi, m.slacks[j].lo) << c.file << " claim " << j + 1 << " side 2^-" << exponent;
          }
        }
      }
    }
    ASSERT_GE(ratios.size(), 10u) << c.file;
    std::sort(ratios.begin(), ratios.end());
    const double median = ratios[ratios.size() / 2];
    std::printf("%s: width natural / mean-value at side 2^-6, median of %zu: %.3g; lower ends raised on %d\n",
                c.file, ratios.size(), median, raised);
    EXPECT_GE(median, c.min_ratio) << c.file;
    EXPECT_GT(raised, 0) << c.file;
  }
}

// The same soundness check in MPFI at 128 bits on boxes of side 2^-4.
TEST(MeanValueForm, EnclosesSampledSlacksInMpfi) {
  const unsigned seed = 99;
  std::printf("seed %u\n", seed);
  std::mt19937 rng(seed);
  for (const SpecCase& c : kCases) {
    const formula::TheoremSpec spec = spec_file(c.file);
    const Region region = make_region(spec, c.sizes, c.regions, true);
    const BoxStatement natural(spec, region, {}, BoxKernels::Range, {}, BoxForms::Natural);
    const BoxStatement mean_value(spec, region, {}, BoxKernels::Range, {}, BoxForms::MeanValue);
    for (int t = 0; t < 20; ++t) {
      const Box box = random_box(region.box, Rational(1) / Rational(16), rng);
      const BoxVerdict m = mean_value.evaluate<Interval>(box, 128);
      for (int s = 0; s < 10; ++s) {
        Box point = box;
        for (std::size_t k = 0; k < box.lo.size(); ++k) point.lo[k] = point.hi[k] = sample(box.lo[k], box.hi[k], rng);
        const BoxVerdict p = natural.evaluate<Interval>(point, 128);
        for (std::size_t j = 0; j < p.slacks.size(); ++j) {
          EXPECT_LE(p.slacks[j].lo, m.slacks[j].hi) << c.file << " claim " << j + 1;
          EXPECT_GE(p.slacks[j].hi, m.slacks[j].lo) << c.file << " claim " << j + 1;
        }
      }
    }
  }
}

// Every theorem file of theorems with derivatives, at lengths 2 (or their range's nearest
// end) on its declared ranges: on 30 random boxes of a sixteenth of each range, the slack at 10
// sampled points meets the box's enclosure in the mean-value forms (narrower than the natural
// form's on at least 20 of them). Boxes and points outside the
// assumptions, and slacks the natural form cannot enclose at a point, are skipped.
// Whether `prove` refuses `spec` on `region` for a sampled expectation (sampled_expectations.hpp).
bool holds_a_sampled_expectation(const formula::TheoremSpec& spec, const Region& region) {
  try {
    refuse_sampled_expectations(spec, region.sizes);
    return false;
  } catch (const UsageError&) {
    return true;
  }
}

TEST(MeanValueForm, EnclosesSampledSlacksOnEveryDifferentiableSpec) {
  const unsigned seed = 4242;
  std::printf("seed %u\n", seed);
  std::mt19937 rng(seed);
  int files = 0, compared = 0, narrowed = 0;
  for (const auto& entry : std::filesystem::directory_iterator(NORMBOUND_SPECS_DIR)) {
    if (entry.path().extension() != ".toml") continue;
    const formula::TheoremSpec spec = spec_file(entry.path().filename().string());
    std::vector<std::string> sizes, choices;  // a choice is fixed to its first word
    for (const formula::InputSpec& in : spec.inputs)
      if (in.kind == formula::InputSpec::Kind::Length) {
        const long low = in.values.empty() ? std::stol(in.low) : std::stol(in.values[0]);
        const long high = in.values.empty() ? std::stol(in.high) : low;
        sizes.push_back(in.name + "=" + std::to_string(std::min(std::max(low, 2L), high)));
      } else if (in.is_choice()) {
        choices.push_back(in.name + "=" + in.words[0]);
      }
    const Region region = make_region(spec, sizes, choices, true);
    if (holds_a_sampled_expectation(spec, region)) continue;  // no box decides it: refused
    const BoxStatement natural(spec, region, {}, BoxKernels::Range, {}, BoxForms::Natural);
    const BoxStatement mean_value(spec, region, {}, BoxKernels::Range, {}, BoxForms::MeanValue);
    if (!mean_value.uses_derivatives()) continue;
    ++files;
    for (int t = 0; t < 30; ++t) {
      Box box = region.box;
      for (std::size_t k = 0; k < box.lo.size(); ++k) {
        const Rational side = (region.box.hi[k] - region.box.lo[k]) / 16;
        box.lo[k] = sample(region.box.lo[k], region.box.hi[k] - side, rng);
        box.hi[k] = box.lo[k] + side;
      }
      const BoxVerdict m = mean_value.evaluate<DoubleInterval>(box);
      if (m.status == BoxStatus::OutsideAssumptions) continue;
      const BoxVerdict n = natural.evaluate<DoubleInterval>(box);
      for (std::size_t j = 0; j < m.slacks.size(); ++j)
        narrowed += m.slacks[j].known && (m.slacks[j].lo > n.slacks[j].lo || m.slacks[j].hi < n.slacks[j].hi);
      for (int s = 0; s < 10; ++s) {
        Box point = box;
        for (std::size_t k = 0; k < box.lo.size(); ++k) point.lo[k] = point.hi[k] = sample(box.lo[k], box.hi[k], rng);
        const BoxVerdict p = natural.evaluate<DoubleInterval>(point);
        if (p.status == BoxStatus::OutsideAssumptions) continue;
        for (std::size_t j = 0; j < p.slacks.size(); ++j) {
          if (!p.slacks[j].known || !m.slacks[j].known) continue;
          EXPECT_LE(p.slacks[j].lo, m.slacks[j].hi) << spec.info.id << " claim " << j + 1;
          EXPECT_GE(p.slacks[j].hi, m.slacks[j].lo) << spec.info.id << " claim " << j + 1;
          ++compared;
        }
      }
    }
  }
  std::printf("%d files with derivatives, %d slacks compared, %d box enclosures narrowed\n", files, compared, narrowed);
  EXPECT_GE(files, 5);
  EXPECT_GE(compared, 1000);
  EXPECT_GE(narrowed, 20);
}

// A file that uses a kernel without derivatives is evaluated in the natural form alone.
TEST(MeanValueForm, KernelsWithoutDerivativesFallBack) {
  const formula::TheoremSpec spec = spec_file("softmax-jacobian-spectral-sharp.toml");
  const Region region = make_region(spec, {"L=2"}, {}, true);
  const BoxStatement s(spec, region, {}, BoxKernels::Range, {}, BoxForms::MeanValue);
  EXPECT_FALSE(s.uses_derivatives());
}

}  // namespace
}  // namespace nb::prove
