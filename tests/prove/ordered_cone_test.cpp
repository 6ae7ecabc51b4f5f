// The symmetry reduction of a region proof (verify/prove/ordered_cone.hpp): the cone's
// coordinates of the sharp spectral bound's logits, the entries they stand for, the boxes left out
// as outside the region, and the conditions that refuse a reduction.
#include "verify/prove/ordered_cone.hpp"

#include <gtest/gtest.h>

#include "theorems/file_theorem.hpp"
#include "verify/io/errors.hpp"

namespace nb::prove {
namespace ordered_cone_test {

const formula::TheoremSpec& sharp() {
  static const formula::TheoremSpec spec =
      theorems::read_theorem_file_spec(std::string(NORMBOUND_SPECS_DIR) + "/softmax-jacobian-spectral-sharp.toml");
  return spec;
}

TEST(OrderedCone, TheSharpBoundIsProvedOnItsLogitsCone) {
  const Region region = make_region(sharp(), {"L=3"}, {"logits=[-2,2]", "T=[1/2,2]"}, false);
  const std::optional<Region> cone = ordered_cone_region(sharp(), region, {});
  ASSERT_TRUE(cone.has_value());
  EXPECT_EQ(cone->cone->input, "logits");
  EXPECT_EQ(cone->coordinates[0].label, "logits[0] (the largest)");
  EXPECT_EQ(cone->coordinates[2].label, "logits[1] - logits[2]");
  EXPECT_EQ(cone->box.lo[1], Rational(0));
  EXPECT_EQ(cone->box.hi[1], Rational(4));
  EXPECT_EQ(cone->box.lo[0], Rational(-2));
  EXPECT_EQ(cone->box.hi[3], Rational(2));  // T untouched
  // t = 1, d = (1/2, 3/4): logits (1, 1/2, -1/4), in decreasing order.
  std::vector<Rational> point = {Rational(1), Rational(1, 2), Rational(3, 4), Rational(1)};
  cone_entries(*cone, point);
  EXPECT_EQ(point, (std::vector<Rational>{Rational(1), Rational(1, 2), Rational(-1, 4), Rational(1)}));
}

TEST(OrderedCone, LeavesOutOnlyBoxesWhollyBeyondTheLowestEntry) {
  const Region region = make_region(sharp(), {"L=3"}, {"logits=[-2,2]", "T=[1/2,2]"}, false);
  const Region cone = *ordered_cone_region(sharp(), region, {});
  Box box = cone.box;
  EXPECT_FALSE(outside_cone_region(cone, box));
  box.hi[0] = Rational(0);  // t <= 0, d_1 + d_2 >= 2 + 1/1000: l_2 < -2 everywhere
  box.lo[1] = Rational(1);
  box.lo[2] = Rational(1001, 1000);
  EXPECT_TRUE(outside_cone_region(cone, box));
  box.lo[2] = Rational(1);  // l_2 = -2 at one corner: a point of the region
  EXPECT_FALSE(outside_cone_region(cone, box));
}

TEST(OrderedCone, RefusesEntriesOfDifferentIntervals) {
  const Region region = make_region(sharp(), {"L=3"}, {"logits=[-2,2]", "logits[2]=[-1,2]", "T=[1/2,2]"}, false);
  EXPECT_FALSE(ordered_cone_region(sharp(), region, {}).has_value());
  EXPECT_THROW(ordered_cone_region_of(sharp(), region, {}, "logits"), InputError);
  EXPECT_THROW(ordered_cone_region_of(sharp(), region, {}, "T"), InputError);
}

}  // namespace ordered_cone_test
}  // namespace nb::prove
