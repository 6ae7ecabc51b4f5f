#pragma once
// slack_of (verify/engine/slack.hpp) of a slack enclosure found otherwise than as slack_value(claim).
#include "verify/engine/slack.hpp"

namespace nb {

// As slack_of(claim), with `slack` an enclosure of the claim's slack obtained otherwise (narrower
// than slack_value(claim): the mean-value form, verify/prove/box_statement.cpp); the relative
// slack divides it by the claim's |bound|. For R = Interval, DoubleInterval or ArbInterval (the
// second arithmetic of recheck, verify/prove/leaf_in_arb.hpp).
template <class R>
SlackEnclosure slack_of(const Claim<R>& claim, const R& slack);

}  // namespace nb
