// The registered theorems, one line each (`normbound list` shows them in the paper's order).
// Adding a theorem: write theorems/<id>.cpp ending in NORMBOUND_DEFINE_THEOREM(Name), then add
// NORMBOUND_THEOREM(Name) here. (No include guard: registry.cpp includes this list twice.)
