// The registered theorems, one line each, in the order `normbound list` shows them.
// Adding a theorem: write theorems/<id>.cpp ending in NORMBOUND_DEFINE_THEOREM(Name), then add
// NORMBOUND_THEOREM(Name) here. (No include guard: registry.cpp includes this list twice.)
NORMBOUND_THEOREM(NormalizerWeightBounds)
NORMBOUND_THEOREM(NormalizerJacobianBound)
NORMBOUND_THEOREM(SeparabilityLower)
NORMBOUND_THEOREM(SeparabilityUpperEnvelope)
NORMBOUND_THEOREM(SeparabilityUpperEnvelopeExpectation)
NORMBOUND_THEOREM(SeparabilityEnvelopeFloor)
NORMBOUND_THEOREM(SeparabilityFractionCap)
NORMBOUND_THEOREM(MultiheadCoverage)
